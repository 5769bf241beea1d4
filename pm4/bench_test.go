package pm4

import (
	"io"
	"testing"
)

// BenchmarkEmitDispatch times one complete compute dispatch into a reused
// buffer: program address, RSRC1/2/3, workgroup size, four user-data
// dwords and DISPATCH_DIRECT (27 dwords). It must report 0 allocs/op.
func BenchmarkEmitDispatch(b *testing.B) {
	buf := make([]uint32, 64)
	bl := NewBuilder(buf)
	b.ReportAllocs()
	b.SetBytes(4 * 27)
	for b.Loop() {
		bl.Reset()
		if err := emitDispatch(&bl); err != nil {
			b.Fatal(err)
		}
	}
	if bl.Written() != 27 {
		b.Fatalf("dispatch is %d dwords, the benchmark assumes 27", bl.Written())
	}
}

// BenchmarkReadDispatch times the streaming reader over the same dispatch
// with typed access to every packet, as the emulator runs it.
func BenchmarkReadDispatch(b *testing.B) {
	bl := NewBuilder(make([]uint32, 64))
	_ = emitDispatch(&bl)
	ib := bl.Words()
	b.ReportAllocs()
	b.SetBytes(int64(4 * len(ib)))
	var sink uint32
	for b.Loop() {
		r := NewReader(ib)
		for {
			p, err := r.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
			switch p.Op() {
			case OpSetShReg:
				s, _ := p.SetShReg()
				sink += s.Values[0]
			case OpDispatchDirect:
				d, _ := p.DispatchDirect()
				sink += d.DimX
			}
		}
	}
	_ = sink
}
