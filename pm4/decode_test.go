package pm4

import (
	"errors"
	"io"
	"strings"
	"testing"

	"zincc/internal/israce"
)

func TestDecodeErrorsNameTheOffset(t *testing.T) {
	cases := []struct {
		name   string
		ib     []uint32
		offset int
		before int // packets decoded before the error
		err    error
		text   string
	}{
		{"header truncated mid-packet", []uint32{0xFFFF1000, 0xC0031500, 1, 2}, 1, 1, ErrTruncated, "DISPATCH_DIRECT needs 4 body dwords, 2 remain"},
		{"bogus count runs past the end", []uint32{0xC0001000, 0, 0xFFFE7600, 0x240}, 2, 1, ErrTruncated, "needs 16383 body dwords, 1 remain"},
		{"type-0 header", []uint32{0x00000000}, 0, 0, ErrNotType3, "TYPE is 0"},
		{"type-2 filler", []uint32{0xFFFF1000, 0x80000000}, 1, 1, ErrNotType3, "TYPE is 2"},
		{"type-1 header", []uint32{0x40000000}, 0, 0, ErrNotType3, "TYPE is 1"},
		{"DISPATCH_DIRECT with 3 dwords", []uint32{0xC0021500, 1, 1, 1}, 0, 0, ErrBadLength, "has 3 body dwords, want 4"},
		{"GFX-ring DISPATCH_INDIRECT", []uint32{0xC0011600, 0, 1}, 0, 0, ErrBadLength, "GFX-ring form"},
		{"RELEASE_MEM too short", []uint32{0xC0054900, 0, 0, 0, 0, 0, 0}, 0, 0, ErrBadLength, "want 7"},
		{"gfx9 ACQUIRE_MEM", []uint32{0xC0055800, 0, 0, 0, 0, 0, 0}, 0, 0, ErrBadLength, "want 7"},
		{"EVENT_WRITE with 2 dwords", []uint32{0xC0014600, 0x407, 0}, 0, 0, ErrBadLength, "want 1 or 3"},
		{"WRITE_DATA without data", []uint32{0xC0023700, 0x500, 0, 0}, 0, 0, ErrBadLength, "WRITE_DATA has 3 body dwords"},
		{"COPY_DATA too long", []uint32{0xC0054000, 0, 0, 0, 0, 0, 0}, 0, 0, ErrBadLength, "want 5"},
		{"WAIT_REG_MEM too short", []uint32{0xC0043C00, 0, 0, 0, 0, 0}, 0, 0, ErrBadLength, "want 6"},
		{"INDIRECT_BUFFER too short", []uint32{0xC0013F00, 0, 0}, 0, 0, ErrBadLength, "want 3"},
		{"SET_SH_REG without values", []uint32{0xC0007600, 0x240}, 0, 0, ErrBadLength, "needs an offset and at least one value"},
		{"SET_SH_REG past the window", []uint32{0xC0027600, 0x3FF, 1, 2}, 0, 0, ErrBadField, "runs past the SH window"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			pk, err := Decode(c.ib)
			var de *DecodeError
			if !errors.As(err, &de) || !errors.Is(err, c.err) {
				t.Fatalf("err = %v, want a *DecodeError wrapping %v", err, c.err)
			}
			if de.Offset != c.offset || de.Header != c.ib[c.offset] {
				t.Errorf("offset %d header %08x, want %d %08x", de.Offset, de.Header, c.offset, c.ib[c.offset])
			}
			if !strings.Contains(err.Error(), c.text) {
				t.Errorf("message %q lacks %q", err.Error(), c.text)
			}
			if len(pk) != c.before {
				t.Errorf("%d packets before the error, want %d", len(pk), c.before)
			}
		})
	}
}

func TestDecodeErrorMessageHasDwordAndByteOffset(t *testing.T) {
	_, err := Decode([]uint32{0xFFFF1000, 0xFFFF1000, 0xFFFF1000, 0x12345678})
	want := "pm4: dword 0x0003 (byte 0xc): header 12345678: not a type-3 packet header: TYPE is 0"
	if err == nil || err.Error() != want {
		t.Fatalf("got %q\nwant %q", err, want)
	}
}

func TestReaderKeepsErrorAndSeekRecovers(t *testing.T) {
	ib := []uint32{0xFFFF1000, 0x80000000, 0xFFFF1000}
	r := NewReader(ib)
	if _, err := r.Next(); err != nil {
		t.Fatal(err)
	}
	_, err1 := r.Next()
	_, err2 := r.Next()
	if err1 == nil || err1 != err2 {
		t.Fatalf("errors %v / %v: want the same kept error", err1, err2)
	}
	if err := r.Seek(2); err != nil {
		t.Fatal(err)
	}
	if p, err := r.Next(); err != nil || p.Offset != 2 {
		t.Fatalf("after Seek: %+v %v", p, err)
	}
	if _, err := r.Next(); err != io.EOF {
		t.Fatalf("end: %v", err)
	}
	if err := r.Seek(4); err == nil {
		t.Fatal("Seek past the end accepted")
	}
}

func TestUnknownAndUntypedOpcodesDecodeRaw(t *testing.T) {
	ib := []uint32{
		0xC001FE00, 1, 2, // opcode 0xFE: no public name
		0xC0005000 | 4<<16, 1, 2, 3, 4, 5, // DMA_DATA (0x50), named but not typed
		0xC0017900, 0x40, 7, // SET_UCONFIG_REG
	}
	pk, err := Decode(ib)
	if err != nil {
		t.Fatal(err)
	}
	if len(pk) != 3 || pk[0].Name() != "UNKNOWN_0xFE" || pk[1].Name() != "DMA_DATA" || pk[2].Name() != "SET_UCONFIG_REG" {
		t.Fatalf("packets: %v", pk)
	}
	if len(pk[0].Body) != 2 || pk[0].Body[1] != 2 || pk[1].Len() != 6 {
		t.Fatalf("raw bodies: %v %v", pk[0].Body, pk[1].Body)
	}
	if Opcode(0xFE).Known() || !OpDispatchDirect.Known() {
		t.Error("Known")
	}
	if s := pk[0].String(); s != "UNKNOWN_0xFE  BODY=[0x00000001 0x00000002]" {
		t.Errorf("String() = %q", s)
	}
	if s := pk[2].String(); s != "SET_UCONFIG_REG  UCONFIG_0x0040=0x00000007" {
		t.Errorf("String() = %q", s)
	}
}

func TestTypedAccessorsRefuseOtherPackets(t *testing.T) {
	p := Packet{Header: Type3(OpDispatchDirect, 3), Body: []uint32{1, 2, 3, 4}}
	if _, ok := p.ReleaseMem(); ok {
		t.Error("ReleaseMem accepted a DISPATCH_DIRECT")
	}
	if _, ok := p.SetShReg(); ok {
		t.Error("SetShReg accepted a DISPATCH_DIRECT")
	}
	// A hand-made packet with the wrong body length is refused, not a panic.
	short := Packet{Header: Type3(OpReleaseMem, 1), Body: []uint32{1, 2}}
	for _, ok := range []bool{
		func() bool { _, ok := short.ReleaseMem(); return ok }(),
		func() bool {
			_, ok := (Packet{Header: Type3(OpAcquireMem, 0), Body: []uint32{1}}).AcquireMem()
			return ok
		}(),
		func() bool {
			_, ok := (Packet{Header: Type3(OpWriteData, 0), Body: []uint32{1}}).WriteData()
			return ok
		}(),
		func() bool { _, ok := (Packet{Header: Type3(OpIndirectBuffer, 0)}).IndirectBuffer(); return ok }(),
		func() bool { _, ok := (Packet{Header: Type3(OpWaitRegMem, 0)}).WaitRegMem(); return ok }(),
		func() bool { _, ok := (Packet{Header: Type3(OpCopyData, 0)}).CopyData(); return ok }(),
		func() bool { _, ok := (Packet{Header: Type3(OpEventWrite, 1)}).EventWrite(); return ok }(),
		func() bool { _, ok := (Packet{Header: Type3(OpDispatchIndirect, 0)}).DispatchIndirect(); return ok }(),
	} {
		if ok {
			t.Error("accessor accepted a malformed packet")
		}
	}
}

// TestLinuxStylePaddingDecodes decodes the NOP run Linux's
// gfx_v12_ring_insert_nop writes for 4 dwords: PACKET3(NOP, 2) and three
// ring nops 0xFFFF1000 that the first NOP swallows.
func TestLinuxStylePaddingDecodes(t *testing.T) {
	pk, err := Decode([]uint32{0xC0021000, 0xFFFF1000, 0xFFFF1000, 0xFFFF1000, 0xC0004600, 0x407})
	if err != nil {
		t.Fatal(err)
	}
	if len(pk) != 2 || pk[0].Len() != 4 || pk[1].Op() != OpEventWrite {
		t.Fatalf("packets %v", pk)
	}
}

func TestHeaderFields(t *testing.T) {
	h := Header(0xC0031502 | 1 | 4 | 0x80)
	if h.Type() != 3 || h.Count() != 3 || h.Opcode() != OpDispatchDirect || h.BodyLen() != 4 ||
		!h.Predicate() || !h.ShaderTypeCompute() || !h.ResetFilterCam() || h.ReservedBits() != 0x80 {
		t.Fatalf("fields of %08x wrong", uint32(h))
	}
	if HeaderOnlyNOP.BodyLen() != 0 {
		t.Fatal("header-only NOP has a body")
	}
	// COUNT 0x3FFF means a 0x4000-dword body for any opcode but NOP.
	if Type3(OpSetShReg, 0x3FFF).BodyLen() != MaxBody {
		t.Fatal("COUNT 0x3FFF")
	}
}

// TestReaderDoesNotAllocate runs the streaming reader over a dispatch
// sequence, and over a header with a bogus count, counting allocations.
func TestReaderDoesNotAllocate(t *testing.T) {
	buf := make([]uint32, 256)
	b := NewBuilder(buf)
	emitDispatch(&b)
	ib := b.Words()
	allocs := testing.AllocsPerRun(100, func() {
		r := NewReader(ib)
		for {
			p, err := r.Next()
			if err != nil {
				break
			}
			switch p.Op() {
			case OpSetShReg:
				s, _ := p.SetShReg()
				_ = s.Values[0]
			case OpDispatchDirect:
				d, _ := p.DispatchDirect()
				_ = d.DimX
			case OpReleaseMem:
				rm, _ := p.ReleaseMem()
				_ = rm.Addr
			}
		}
	})
	if allocs != 0 {
		t.Errorf("reading a dispatch allocated %.1f times", allocs)
	}
	bogus := []uint32{0xFFFE4900, 1, 2}
	allocs = testing.AllocsPerRun(100, func() {
		r := NewReader(bogus)
		_, _ = r.Next()
	})
	if allocs > 3 && !israce.Enabled { // the *DecodeError and its message, never the claimed 16383 dwords
		t.Errorf("a bogus count cost %.1f allocations", allocs)
	}
}
