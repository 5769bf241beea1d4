package pm4

import (
	"strings"
	"testing"
)

func TestCallIBUserQueueControlWord(t *testing.T) {
	b := NewBuilder(make([]uint32, 8))
	if err := b.CallIBUserQueue(0x1000, 0x40); err != nil {
		t.Fatal(err)
	}
	w := b.Words()
	// IGT user_queue_submit: control | S_3F3_VALID_COMPUTE(1) | S_3F3_INHERIT_VMID_MQD_COMPUTE(1).
	if want := uint32(0x40 | 1<<23 | 1<<30); w[PosIndirectBufferControl] != want {
		t.Fatalf("control dword %#x, want %#x", w[PosIndirectBufferControl], want)
	}
	rd := NewReader(w)
	p, err := rd.Next()
	if err != nil {
		t.Fatal(err)
	}
	ib, ok := p.IndirectBuffer()
	if !ok || !ib.InheritVMIDCompute || !ib.Valid || ib.InheritVMIDGFX || ib.SizeDwords != 0x40 {
		t.Fatalf("decoded %+v", ib)
	}
	if s := fieldsString(Describe(p)); !strings.Contains(s, "INHERIT_VMID_MQD_COMPUTE") {
		t.Errorf("listing %q does not name bit 30", s)
	}
	b.Reset()
	_ = b.CallIB(0x1000, 0x40)
	if got := b.Words()[PosIndirectBufferControl]; got&(1<<30) != 0 {
		t.Errorf("CallIB sets bit 30: %#x", got)
	}
}

func fieldsString(fs []FieldValue) string {
	var parts []string
	for _, f := range fs {
		parts = append(parts, f.String())
	}
	return strings.Join(parts, " ")
}

func TestDMADataRoundTrip(t *testing.T) {
	want := DMAData{EnginePFP: false, SrcCachePolicy: 1, DstSel: DMASelL2, DstCachePolicy: 3, SrcSel: DMASelL2, CPSync: true,
		Src: 0x1234_5678_9000, Dst: 0xABCD_0000_1000, ByteCount: MaxDMABytes, SAS: false, DAIC: true, RawWait: true}
	b := NewBuilder(make([]uint32, 16))
	if err := b.DMAData(want); err != nil {
		t.Fatal(err)
	}
	if h := b.Words()[0]; h != uint32(Type3(OpDMAData, 5)) {
		t.Fatalf("header %#x", h)
	}
	rd := NewReader(b.Words())
	p, err := rd.Next()
	if err != nil {
		t.Fatal(err)
	}
	got, ok := p.DMAData()
	if !ok || got != want {
		t.Fatalf("decoded %+v, want %+v", got, want)
	}
	if s := fieldsString(Describe(p)); !strings.Contains(s, "BYTE_COUNT") || !strings.Contains(s, "CP_SYNC") {
		t.Errorf("listing %q", s)
	}
	if err := b.DMAData(DMAData{ByteCount: MaxDMABytes + 1}); err == nil {
		t.Error("a byte count past 26 bits was accepted")
	}
}

func TestCopyMemoryChunks(t *testing.T) {
	b := NewBuilder(make([]uint32, 64))
	if err := b.CopyMemory(0x200000, 0x100000, 10000, 4096); err != nil {
		t.Fatal(err)
	}
	r := NewReader(b.Words())
	var total uint64
	var n int
	var last DMAData
	for {
		p, err := r.Next()
		if err != nil {
			break
		}
		d, ok := p.DMAData()
		if !ok {
			t.Fatalf("packet %s", p.Name())
		}
		if d.Src != 0x100000+total || d.Dst != 0x200000+total || (d.CPSync && total+uint64(d.ByteCount) != 10000) {
			t.Fatalf("chunk %d: %+v", n, d)
		}
		total += uint64(d.ByteCount)
		n++
		last = d
	}
	if total != 10000 || n != 3 || !last.CPSync {
		t.Fatalf("%d bytes in %d packets, last %+v", total, n, last)
	}
}

func TestHDPFlushPackets(t *testing.T) {
	b := NewBuilder(make([]uint32, 16))
	_ = b.HDPFlush()
	_ = b.HDPFlushWaitRegMem()
	_ = b.Nop(1)
	if b.Err() != nil {
		t.Fatal(b.Err())
	}
	r := NewReader(b.Words())
	for i, want := range []bool{true, true, false} {
		p, err := r.Next()
		if err != nil {
			t.Fatal(err)
		}
		if p.IsHDPFlush() != want {
			t.Errorf("packet %d (%s): IsHDPFlush %v", i, p.Name(), !want)
		}
	}
	if got := b.Words()[0]; got != 0xC0009500 {
		t.Errorf("HDP_FLUSH header %#x", got)
	}
}
