package pm4

import (
	"encoding/binary"
	"errors"
	"io"
	"slices"
	"strings"
	"testing"

	"zincc/internal/israce"
)

func dwordsOf(data []byte) []uint32 {
	ib := make([]uint32, len(data)/4)
	for i := range ib {
		ib[i] = binary.LittleEndian.Uint32(data[4*i:])
	}
	return ib
}

// FuzzDecode feeds arbitrary dwords to the reader, Decode and the
// disassembler: no panic, every packet lies inside the buffer in order, errors
// are *DecodeErrors at the offset where reading stopped, and a bogus count
// never makes the reader allocate (the only allocation allowed is the error).
func FuzzDecode(f *testing.F) {
	b := NewBuilder(make([]uint32, 256))
	_ = emitDispatch(&b)
	_ = b.Fence64(0x1000, 1)
	_ = b.AcquireMemAll(GCR_GLV_INV)
	_ = b.WriteData64(0x10, 1)
	_ = b.CallIB(0x100, 4)
	_ = b.PadTo(64)
	var seed []byte
	for _, w := range b.Words() {
		seed = binary.LittleEndian.AppendUint32(seed, w)
	}
	f.Add(seed)
	f.Add([]byte{0x00, 0x10, 0xFE, 0xFF})                   // bogus count on a NOP
	f.Add([]byte{0x00, 0x76, 0xFF, 0xFF, 0xFF, 0x03, 0, 0}) // SET_SH_REG with COUNT 0x3FFF
	f.Add([]byte{0x00, 0x00, 0x00, 0x80})                   // type-2
	f.Fuzz(func(t *testing.T, data []byte) {
		ib := dwordsOf(data)
		r := NewReader(ib)
		next := 0
		var n int
		for {
			p, err := r.Next()
			if err == io.EOF {
				if next != len(ib) {
					t.Fatalf("EOF at %d of %d", next, len(ib))
				}
				break
			}
			if err != nil {
				var de *DecodeError
				if !errors.As(err, &de) || de.Offset != next || de.Header != ib[next] {
					t.Fatalf("error %v at reader offset %d", err, next)
				}
				break
			}
			if p.Offset != next || p.Len() < 1 || p.Offset+p.Len() > len(ib) {
				t.Fatalf("packet at %d len %d, expected at %d in %d", p.Offset, p.Len(), next, len(ib))
			}
			_ = Describe(p) // exercises every typed accessor on its packet
			next += p.Len()
			n++
		}
		pk, err := Decode(ib)
		if len(pk) != n || (err == nil) != (next == len(ib)) {
			t.Fatalf("Decode: %d packets, err %v; reader: %d packets, stopped at %d", len(pk), err, n, next)
		}
		var sb strings.Builder
		if derr := Disassemble(&sb, ib, Options{Comments: map[int]string{0: "c"}}); (derr == nil) != (err == nil) {
			t.Fatalf("Disassemble error %v, Decode error %v", derr, err)
		}
		allocs := testing.AllocsPerRun(1, func() {
			r := NewReader(ib)
			for {
				if _, err := r.Next(); err != nil {
					break
				}
			}
		})
		if allocs > 3 && !israce.Enabled { // the race detector's instrumentation allocates
			t.Fatalf("reader allocated %.0f times", allocs)
		}
	})
}

// FuzzParseIB feeds arbitrary bytes to the IB file reader: no panic;
// success means the dwords write back and read again unchanged.
func FuzzParseIB(f *testing.F) {
	f.Add([]byte("c0027600 0x20c 0x1000 0 # comment\nffff1000 // x\n"))
	f.Add([]byte{0x00, 0x76, 0x02, 0xC0})
	f.Add([]byte("0x"))
	f.Add([]byte("123456789"))
	f.Fuzz(func(t *testing.T, data []byte) {
		ib, format, err := ParseIB(data)
		if err != nil {
			if !errors.Is(err, ErrIBFile) {
				t.Fatalf("error %v does not wrap ErrIBFile", err)
			}
			return
		}
		if format == FormatBinary && len(ib)*4 != len(data) {
			t.Fatalf("binary: %d dwords from %d bytes", len(ib), len(data))
		}
		var sb strings.Builder
		if err := WriteHexIB(&sb, ib); err != nil {
			t.Fatal(err)
		}
		again, err := ParseHexIB([]byte(sb.String()))
		if err != nil || !slices.Equal(again, ib) {
			t.Fatalf("hex round trip: %v", err)
		}
	})
}
