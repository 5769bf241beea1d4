package pm4

import (
	"errors"
	"slices"
	"testing"
)

// builderCalls is one call of every Builder method that writes a packet.
var builderCalls = []struct {
	name string
	call func(b *Builder) error
}{
	{"Raw", func(b *Builder) error { return b.Raw(1, 2, 3) }},
	{"Nop0", func(b *Builder) error { return b.Nop(0) }},
	{"Nop", func(b *Builder) error { return b.Nop(5) }},
	{"NopData", func(b *Builder) error { return b.NopData(9, 8, 7) }},
	{"SetShReg", func(b *Builder) error { return b.SetShReg(COMPUTE_NUM_THREAD_X, 64, 1, 1) }},
	{"SetReg", func(b *Builder) error { return b.SetReg(COMPUTE_PGM_RSRC3, 0) }},
	{"SetShRegIndex", func(b *Builder) error {
		return b.SetShRegIndex(SetShReg{Reg: COMPUTE_USER_DATA_0, Index: 1, Values: []uint32{1, 2}})
	}},
	{"SetUserData64", func(b *Builder) error { return b.SetUserData64(0, 0x1234_5678_9ABC) }},
	{"SetProgram", func(b *Builder) error { return b.SetProgram(0x1_0000_0100) }},
	{"Dispatch", func(b *Builder) error { return b.Dispatch(1, 2, 3, 0x8005) }},
	{"DispatchIndirect", func(b *Builder) error { return b.DispatchIndirect(DispatchIndirect{Addr: 0x100, Initiator: 5}) }},
	{"Fence32", func(b *Builder) error { return b.Fence32(0x1000, 1) }},
	{"Fence64", func(b *Builder) error { return b.Fence64(0x1000, 1) }},
	{"ReleaseMem", func(b *Builder) error {
		return b.ReleaseMem(ReleaseMem{Event: CS_DONE, EventIndex: 6, IntSel: 1})
	}},
	{"AcquireMemAll", func(b *Builder) error { return b.AcquireMemAll(GCR_GLV_INV | GCR_GLK_INV | GCR_GLI_INV_ALL) }},
	{"AcquireMem", func(b *Builder) error { return b.AcquireMem(AcquireMem{EngineSel: 1, GCR: GCR_GL2_WB}) }},
	{"CSPartialFlush", func(b *Builder) error { return b.CSPartialFlush() }},
	{"EventWrite", func(b *Builder) error { return b.EventWrite(EventWrite{Event: 0x1e, HasAddr: true, Addr: 8}) }},
	{"WriteData", func(b *Builder) error {
		return b.WriteData(WriteData{DstSel: WriteDstMemory, Addr: 0x40, Data: []uint32{1, 2, 3}})
	}},
	{"WriteData64", func(b *Builder) error { return b.WriteData64(0x40, 7) }},
	{"CopyData", func(b *Builder) error {
		return b.CopyData(CopyData{SrcSel: CopySrcImmediate, DstSel: CopyDstMemory, Src: 5, Dst: 0x40})
	}},
	{"CopyData32", func(b *Builder) error { return b.CopyData32(0x40, 0x80) }},
	{"WaitRegMem", func(b *Builder) error { return b.WaitRegMem(WaitRegMem{Function: CompareNE, Addr: 0x10, Mask: 1}) }},
	{"WaitMem", func(b *Builder) error { return b.WaitMem(CompareEQ, 0x40, 1, 1) }},
	{"IndirectBuffer", func(b *Builder) error {
		return b.IndirectBuffer(IndirectBuffer{Addr: 0x1000, SizeDwords: 4, Chain: true})
	}},
	{"CallIB", func(b *Builder) error { return b.CallIB(0x1000, 16) }},
	{"PadTo", func(b *Builder) error { return b.PadTo(8) }},
}

const sentinel = 0xA5A5A5A5

func filled(n int) []uint32 {
	buf := make([]uint32, n)
	for i := range buf {
		buf[i] = sentinel
	}
	return buf
}

// TestOutOfSpaceLeavesBufferUnchanged gives every method every buffer size
// too small for its packet and checks that nothing was written.
func TestOutOfSpaceLeavesBufferUnchanged(t *testing.T) {
	const prefix = 3 // a written prefix, so that alignment-dependent PadTo has work to do
	for _, c := range builderCalls {
		ref := NewBuilder(make([]uint32, 64))
		_ = ref.Raw(0xC0011000, 0, 0)
		if err := c.call(&ref); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		size := ref.Written() - prefix
		for free := 0; free < size; free++ {
			buf := filled(prefix + free)
			b := NewBuilder(buf)
			_ = b.Raw(0xC0011000, 0, 0)
			before := slices.Clone(buf)
			err := c.call(&b)
			if !errors.Is(err, ErrOutOfSpace) {
				t.Fatalf("%s with %d free of %d needed: err = %v", c.name, free, size, err)
			}
			if b.Written() != prefix || !slices.Equal(buf, before) {
				t.Fatalf("%s with %d free: buffer changed: %08x", c.name, free, buf)
			}
			// The error is kept: a packet that would fit is refused too.
			if err := b.Raw(); !errors.Is(err, ErrOutOfSpace) || !errors.Is(b.Err(), ErrOutOfSpace) {
				t.Fatalf("%s: error not kept: %v / %v", c.name, err, b.Err())
			}
			// Grow moves to a bigger buffer and the call then writes what the
			// reference builder wrote.
			if err := b.Grow(make([]uint32, 64)); err != nil {
				t.Fatal(err)
			}
			if err := c.call(&b); err != nil {
				t.Fatalf("%s after Grow: %v", c.name, err)
			}
			if !slices.Equal(b.Words(), ref.Words()) {
				t.Fatalf("%s after Grow wrote %08x, want %08x", c.name, b.Words(), ref.Words())
			}
		}
	}
}

func TestInvalidFieldsAreRejectedWithoutWriting(t *testing.T) {
	bad := []struct {
		name string
		call func(b *Builder) error
	}{
		{"negative NOP", func(b *Builder) error { return b.Nop(-1) }},
		{"NOP too long", func(b *Builder) error { return b.Nop(MaxBody) }},
		{"NopData too long", func(b *Builder) error { return b.NopData(make([]uint32, MaxBody)...) }},
		{"PadTo 0", func(b *Builder) error { return b.PadTo(0) }},
		{"SET_SH_REG no values", func(b *Builder) error { return b.SetShReg(COMPUTE_PGM_LO) }},
		{"SET_SH_REG past window", func(b *Builder) error { return b.SetShReg(0x3FF, 1, 2) }},
		{"SetReg past window", func(b *Builder) error { return b.SetReg(0x400, 1) }},
		{"SET_SH_REG INDEX too wide", func(b *Builder) error {
			return b.SetShRegIndex(SetShReg{Reg: COMPUTE_PGM_LO, Index: 16, Values: []uint32{1}})
		}},
		{"SetUserData64 15", func(b *Builder) error { return b.SetUserData64(15, 1) }},
		{"SetUserData64 -1", func(b *Builder) error { return b.SetUserData64(-1, 1) }},
		{"program misaligned", func(b *Builder) error { return b.SetProgram(0x1080) }},
		{"program above 48 bits", func(b *Builder) error { return b.SetProgram(1 << 48) }},
		{"DISPATCH_INDIRECT misaligned", func(b *Builder) error { return b.DispatchIndirect(DispatchIndirect{Addr: 2}) }},
		{"Fence64 misaligned", func(b *Builder) error { return b.Fence64(0x1004, 1) }},
		{"Fence32 misaligned", func(b *Builder) error { return b.Fence32(0x1002, 1) }},
		{"RELEASE_MEM with GLK_INV", func(b *Builder) error { return b.ReleaseMem(ReleaseMem{GCR: GCR_GLK_INV}) }},
		{"RELEASE_MEM with GLI_INV", func(b *Builder) error { return b.ReleaseMem(ReleaseMem{GCR: GCR_GLI_INV_ALL}) }},
		{"RELEASE_MEM event too wide", func(b *Builder) error { return b.ReleaseMem(ReleaseMem{Event: 64}) }},
		{"RELEASE_MEM DATA_SEL too wide", func(b *Builder) error { return b.ReleaseMem(ReleaseMem{DataSel: 8}) }},
		{"ACQUIRE_MEM GCR above bit 18", func(b *Builder) error { return b.AcquireMemAll(1 << 19) }},
		{"ACQUIRE_MEM COHER_CNTL bit 31", func(b *Builder) error { return b.AcquireMem(AcquireMem{CoherCntl: 1 << 31}) }},
		{"EVENT_WRITE address without HasAddr", func(b *Builder) error { return b.EventWrite(EventWrite{Addr: 8}) }},
		{"EVENT_WRITE index too wide", func(b *Builder) error { return b.EventWrite(EventWrite{EventIndex: 16}) }},
		{"WRITE_DATA no data", func(b *Builder) error { return b.WriteData(WriteData{DstSel: WriteDstMemory}) }},
		{"WRITE_DATA misaligned", func(b *Builder) error {
			return b.WriteData(WriteData{DstSel: WriteDstMemory, Addr: 3, Data: []uint32{1}})
		}},
		{"WriteData64 misaligned", func(b *Builder) error { return b.WriteData64(2, 1) }},
		{"COPY_DATA 64-bit misaligned", func(b *Builder) error {
			return b.CopyData(CopyData{SrcSel: CopySrcMemory, DstSel: CopyDstMemory, CountSel64: true, Src: 4, Dst: 8})
		}},
		{"COPY_DATA SRC_SEL too wide", func(b *Builder) error { return b.CopyData(CopyData{SrcSel: 16}) }},
		{"WAIT_REG_MEM misaligned", func(b *Builder) error { return b.WaitMem(CompareEQ, 6, 0, 0) }},
		{"WAIT_REG_MEM function too wide", func(b *Builder) error { return b.WaitRegMem(WaitRegMem{Function: 8}) }},
		{"WAIT_REG_MEM poll too wide", func(b *Builder) error { return b.WaitRegMem(WaitRegMem{PollInterval: 1 << 16}) }},
		{"IB misaligned", func(b *Builder) error { return b.CallIB(0x1001, 4) }},
		{"IB too big", func(b *Builder) error { return b.CallIB(0x1000, 1<<20) }},
		{"IB VMID too wide", func(b *Builder) error { return b.IndirectBuffer(IndirectBuffer{VMID: 16}) }},
	}
	for _, c := range bad {
		buf := filled(MaxBody + 8)
		b := NewBuilder(buf)
		err := c.call(&b)
		if !errors.Is(err, ErrInvalid) {
			t.Errorf("%s: err = %v, want ErrInvalid", c.name, err)
			continue
		}
		if b.Written() != 0 || buf[0] != sentinel {
			t.Errorf("%s: wrote %d dwords", c.name, b.Written())
		}
		if err := b.Nop(0); !errors.Is(err, ErrInvalid) {
			t.Errorf("%s: later call returned %v, want the kept error", c.name, err)
		}
		b.Reset()
		if err := b.Nop(0); err != nil || b.Err() != nil {
			t.Errorf("%s: after Reset: %v", c.name, err)
		}
	}
}

func TestGrowNeedsRoomForWrittenDwords(t *testing.T) {
	b := NewBuilder(make([]uint32, 8))
	_ = b.Nop(3)
	if err := b.Grow(make([]uint32, 3)); !errors.Is(err, ErrInvalid) {
		t.Fatalf("Grow into 3 dwords with 4 written: %v", err)
	}
	if b.Written() != 4 || b.Free() != 4 {
		t.Fatalf("builder changed by a failed Grow: written %d free %d", b.Written(), b.Free())
	}
}

// TestPositionsLocateValues checks each Pos* constant: the value passed
// in lands at cursor-before-the-call + position.
func TestPositionsLocateValues(t *testing.T) {
	b := NewBuilder(make([]uint32, 256))
	_ = b.Nop(2) // start packets at a non-zero cursor
	type probe struct {
		name string
		pos  int
		want uint32
		emit func() error
	}
	probes := []probe{
		{"SET_SH_REG offset", PosSetShRegOffset, 0x240, func() error { return b.SetShReg(COMPUTE_USER_DATA_0, 11, 22) }},
		{"SET_SH_REG value 1", PosSetShRegValues + 1, 22, func() error { return b.SetShReg(COMPUTE_USER_DATA_0, 11, 22) }},
		{"DIM_Y", PosDispatchDimX + 1, 7, func() error { return b.Dispatch(6, 7, 8, 9) }},
		{"initiator", PosDispatchInitiator, 9, func() error { return b.Dispatch(6, 7, 8, 9) }},
		{"indirect addr", PosDispatchIndirectAddr + 1, 3, func() error {
			return b.DispatchIndirect(DispatchIndirect{Addr: 3 << 32, Initiator: 1})
		}},
		{"indirect initiator", PosDispatchIndirectInit, 0x8001, func() error {
			return b.DispatchIndirect(DispatchIndirect{Initiator: 0x8001})
		}},
		{"fence addr", PosReleaseMemAddr, 0x500, func() error { return b.Fence32(0x500, 1) }},
		{"fence data", PosReleaseMemData, 42, func() error { return b.Fence32(0x500, 42) }},
		{"write addr", PosWriteDataAddr, 0x600, func() error { return b.WriteData64(0x600, 5) }},
		{"write data hi", PosWriteDataData + 1, 6, func() error { return b.WriteData64(0x600, 6<<32|5) }},
		{"copy src", PosCopyDataSrc, 0x700, func() error { return b.CopyData32(0x700, 0x800) }},
		{"copy dst", PosCopyDataDst, 0x800, func() error { return b.CopyData32(0x700, 0x800) }},
		{"wait addr", PosWaitRegMemAddr, 0x900, func() error { return b.WaitMem(CompareGE, 0x900, 3, 0xFF) }},
		{"wait ref", PosWaitRegMemReference, 3, func() error { return b.WaitMem(CompareGE, 0x900, 3, 0xFF) }},
		{"ib addr", PosIndirectBufferAddr, 0xA00, func() error { return b.CallIB(0xA00, 4) }},
		{"ib control", PosIndirectBufferControl, 1<<23 | 4, func() error { return b.CallIB(0xA00, 4) }},
		{"event", PosEventWriteEvent, 0x407, func() error { return b.CSPartialFlush() }},
		{"gcr", PosAcquireMemGCR, uint32(GCR_GLV_INV), func() error { return b.AcquireMemAll(GCR_GLV_INV) }},
		{"nop payload", PosNopPayload, 0xBEEF, func() error { return b.NopData(0xBEEF) }},
	}
	for _, p := range probes {
		at := b.Written()
		if err := p.emit(); err != nil {
			t.Fatalf("%s: %v", p.name, err)
		}
		if got := b.Words()[at+p.pos]; got != p.want {
			t.Errorf("%s: ib[at+%d] = %#x, want %#x", p.name, p.pos, got, p.want)
		}
	}
}
