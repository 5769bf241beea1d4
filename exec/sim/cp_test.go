package sim

import (
	"encoding/binary"
	"errors"
	"strings"
	"testing"

	"zincc/pm4"
)

const (
	fenceVA = 0x4_0000_0000
	midVA   = 0x5_0000_0000
	ibVA    = 0x6_0000_0000
)

// cpRig is a GPU with the copy kernel mapped and four buffers: in (read
// only, 256 floats), mid and out (read-write), fence.
type cpRig struct {
	g    *GPU
	buf  []uint32
	b    pm4.Builder
	init uint32
}

func newCPRig(t *testing.T, cfg Config) *cpRig {
	t.Helper()
	code, _ := llvmAssemble(t, copyKernel, false)
	g := New(cfg)
	must(t, g.MapBacking(testCodeVA, code, PermRX, "code"))
	must(t, g.Map(testInVA, 1024, PermRead, "in"))
	must(t, g.Map(midVA, 1024, PermRW, "mid"))
	must(t, g.Map(testOutVA, 1024, PermRW, "out"))
	must(t, g.Map(fenceVA, 64, PermRW, "fence"))
	must(t, g.Map(ibVA, 4096, PermRead, "ib"))
	in := make([]uint32, 256)
	for i := range in {
		in[i] = uint32(i*7 + 1)
	}
	must(t, g.Write(testInVA, le32s(in)))
	r := &cpRig{g: g, buf: make([]uint32, 1024)}
	r.b = pm4.NewBuilder(r.buf)
	r.init, _ = pm4.DispatchInitiator{ComputeShaderEn: true, ForceStartAt000: true, CSW32En: true}.Pack()
	r.b.SetProgram(testCodeVA)
	r.b.SetShReg(pm4.COMPUTE_PGM_RSRC1, 0x000F0000, 0x88)
	r.b.SetShReg(pm4.COMPUTE_NUM_THREAD_X, 64, 1, 1)
	return r
}

// copy appends a dispatch copying 256 dwords from src to dst.
func (r *cpRig) copy(src, dst uint64) {
	r.b.SetUserData64(0, src)
	r.b.SetUserData64(2, dst)
	r.b.Dispatch(4, 1, 1, r.init)
}

func (r *cpRig) run(t *testing.T) (Stats, error) {
	t.Helper()
	must(t, r.b.Err())
	return r.g.Execute(r.b.Words())
}

func (r *cpRig) dword(t *testing.T, va uint64) uint32 {
	var b [4]byte
	must(t, r.g.Read(va, b[:]))
	return binary.LittleEndian.Uint32(b[:])
}

func TestHazardMissingBarrier(t *testing.T) {
	r := newCPRig(t, Config{})
	r.copy(testInVA, midVA)
	r.copy(midVA, testOutVA) // reads mid, which dispatch 0 wrote: no barrier
	_, err := r.run(t)
	var h *HazardError
	if !errors.As(err, &h) {
		t.Fatalf("want a hazard, got %v", err)
	}
	if h.Earlier.Index != 0 || h.Later.Index != 1 || h.EarlierAccess != AccessWrite || h.LaterAccess != AccessRead {
		t.Errorf("hazard %+v", h)
	}
	// Both dispatches touch all of mid: 256 dwords.
	if h.Lo != midVA || h.Hi != midVA+1024 || h.Mapping != "mid" {
		t.Errorf("range [%#x, %#x) in %q", h.Lo, h.Hi, h.Mapping)
	}
	if !strings.Contains(h.Missing, "CS_PARTIAL_FLUSH followed by ACQUIRE_MEM") {
		t.Errorf("missing %q", h.Missing)
	}
	t.Log(err)
}

func TestHazardFlushWithoutInvalidate(t *testing.T) {
	r := newCPRig(t, Config{})
	r.copy(testInVA, midVA)
	r.b.CSPartialFlush()
	r.copy(midVA, testOutVA)
	_, err := r.run(t)
	var h *HazardError
	if !errors.As(err, &h) || !strings.HasPrefix(h.Missing, "ACQUIRE_MEM with GLV_INV") {
		t.Fatalf("want a hazard that asks for GLV_INV, got %v", err)
	}
}

func TestHazardBarrierOrders(t *testing.T) {
	r := newCPRig(t, Config{})
	r.copy(testInVA, midVA)
	r.b.CSPartialFlush()
	r.b.AcquireMemAll(pm4.GCR_GLV_INV | pm4.GCR_GLK_INV | pm4.GCR_GLI_INV_ALL)
	r.copy(midVA, testOutVA)
	r.b.Fence32(fenceVA, 1)
	st, err := r.run(t)
	if err != nil {
		t.Fatal(err)
	}
	if st.Dispatches != 2 || len(st.Warnings) != 0 {
		t.Errorf("stats %+v", st)
	}
	for i := 0; i < 256; i++ {
		if got := r.dword(t, testOutVA+uint64(4*i)); got != uint32(i*7+1) {
			t.Fatalf("out[%d] = %d", i, got)
		}
	}
}

func TestHazardWriteAfterRead(t *testing.T) {
	// Dispatch 1 overwrites mid, which dispatch 0 read: a partial flush
	// is enough (no cache invalidation is needed for a WAR).
	for _, flush := range []bool{false, true} {
		r := newCPRig(t, Config{})
		r.copy(testInVA, midVA)
		r.b.CSPartialFlush()
		r.b.AcquireMemAll(pm4.GCR_GLV_INV | pm4.GCR_GLK_INV)
		r.copy(midVA, testOutVA)
		if flush {
			r.b.CSPartialFlush()
		}
		r.copy(testInVA, midVA)
		_, err := r.run(t)
		var h *HazardError
		switch {
		case flush && err != nil:
			t.Errorf("with a flush: %v", err)
		case !flush && (!errors.As(err, &h) || h.LaterAccess != AccessWrite || h.EarlierAccess != AccessRead || h.Earlier.Index != 1 || h.Later.Index != 2):
			t.Errorf("without a flush: %v", err)
		}
	}
}

func TestHazardModes(t *testing.T) {
	r := newCPRig(t, Config{Hazards: HazardWarn})
	r.copy(testInVA, midVA)
	r.copy(midVA, testOutVA)
	st, err := r.run(t)
	if err != nil || len(st.Warnings) != 1 || st.Warnings[0].Later.Index != 1 {
		t.Fatalf("warn mode: %v %+v", err, st.Warnings)
	}
	// The emulator runs dispatches in order, so the data is right anyway.
	if got := r.dword(t, testOutVA+40); got != 71 {
		t.Errorf("out[10] = %d", got)
	}
	r = newCPRig(t, Config{Hazards: HazardOff})
	r.copy(testInVA, midVA)
	r.copy(midVA, testOutVA)
	if st, err := r.run(t); err != nil || len(st.Warnings) != 0 {
		t.Fatalf("off mode: %v %+v", err, st.Warnings)
	}
}

func TestHazardCPWrite(t *testing.T) {
	// WRITE_DATA does not wait for earlier waves.
	r := newCPRig(t, Config{})
	r.copy(testInVA, midVA)
	r.b.WriteData64(midVA+8, 5)
	_, err := r.run(t)
	var h *HazardError
	if !errors.As(err, &h) || h.Later.Index != -1 || h.Later.Packet != "WRITE_DATA" || h.Lo != midVA+8 || h.Hi != midVA+16 ||
		h.Missing != "EVENT_WRITE CS_PARTIAL_FLUSH" {
		t.Fatalf("want a WRITE_DATA hazard, got %v", err)
	}
	// After a partial flush the CP write is ordered.
	r = newCPRig(t, Config{})
	r.copy(testInVA, midVA)
	r.b.CSPartialFlush()
	r.b.WriteData64(midVA+8, 5)
	if _, err := r.run(t); err != nil {
		t.Fatal(err)
	}
	if r.dword(t, midVA+8) != 5 || r.dword(t, midVA+12) != 0 {
		t.Error("WRITE_DATA did not write")
	}
}

func TestReleaseMem(t *testing.T) {
	var ctx []uint32
	r := newCPRig(t, Config{Interrupt: func(id uint32) { ctx = append(ctx, id) }})
	r.b.ReleaseMem(pm4.ReleaseMem{Event: pm4.CACHE_FLUSH_AND_INV_TS_EVENT, EventIndex: pm4.EventIndexEndOfPipe,
		DataSel: pm4.DataSelValue64, IntSel: 2, Addr: fenceVA, Data: 0x1122334455667788, IntCtxID: 9})
	r.b.ReleaseMem(pm4.ReleaseMem{Event: pm4.CACHE_FLUSH_AND_INV_TS_EVENT, EventIndex: pm4.EventIndexEndOfPipe,
		DataSel: pm4.DataSelValue32, Addr: fenceVA + 16, Data: 0xaabbccdd_00000042})
	st, err := r.run(t)
	if err != nil {
		t.Fatal(err)
	}
	if r.dword(t, fenceVA) != 0x55667788 || r.dword(t, fenceVA+4) != 0x11223344 {
		t.Error("64-bit fence")
	}
	if r.dword(t, fenceVA+16) != 0x42 || r.dword(t, fenceVA+20) != 0 {
		t.Error("32-bit fence wrote more than 32 bits")
	}
	if st.Interrupts != 1 || len(ctx) != 1 || ctx[0] != 9 {
		t.Errorf("interrupts %d %v", st.Interrupts, ctx)
	}
	// A misaligned 64-bit fence is refused.
	r = newCPRig(t, Config{})
	r.b.Raw(uint32(pm4.Type3(pm4.OpReleaseMem, 6)), 0x514, 2<<29, lo32(fenceVA+4), uint32(fenceVA>>32), 1, 0, 0)
	_, err = r.run(t)
	var pe *PacketError
	if !errors.As(err, &pe) || pe.Name != "RELEASE_MEM" || !errors.Is(err, ErrBadPacket) {
		t.Fatalf("misaligned fence: %v", err)
	}
}

func TestWaitRegMem(t *testing.T) {
	r := newCPRig(t, Config{})
	r.b.WriteData64(fenceVA, 3)
	r.b.WaitMem(pm4.CompareGE, fenceVA, 3, 0xffffffff)
	r.b.WaitMem(pm4.CompareEQ, fenceVA, 4, 0xffffffff) // never true
	_, err := r.run(t)
	var h *HangError
	if !errors.As(err, &h) || h.Site.Packet != "WAIT_REG_MEM" || !strings.Contains(h.Reason, "holds 0x3") {
		t.Fatalf("want a hang at the second WAIT_REG_MEM, got %v", err)
	}
	// The rig's preamble is 13 dwords (SET_SH_REG of 2, 2 and 3 values),
	// WRITE_DATA of 2 dwords is 6, WAIT_REG_MEM is 7: 13+6+7 = 26.
	if h.Site.IBOffset != 26 {
		t.Errorf("hang at dword %d", h.Site.IBOffset)
	}
}

func TestCopyData(t *testing.T) {
	r := newCPRig(t, Config{})
	r.b.CopyData(pm4.CopyData{SrcSel: pm4.CopySrcImmediate, DstSel: pm4.CopyDstMemory, CountSel64: true, Src: 0x0000000900000008, Dst: fenceVA})
	r.b.CopyData32(fenceVA+4, fenceVA+16)
	r.b.CopyData(pm4.CopyData{SrcSel: pm4.CopySrcRegister, DstSel: pm4.CopyDstMemory, Src: uint64(pm4.COMPUTE_NUM_THREAD_X.Address()), Dst: fenceVA + 20})
	r.b.CopyData(pm4.CopyData{SrcSel: pm4.CopySrcMemory, DstSel: pm4.CopyDstRegister, Src: fenceVA, Dst: uint64(pm4.UserData(5).Address())})
	if _, err := r.run(t); err != nil {
		t.Fatal(err)
	}
	if r.dword(t, fenceVA) != 8 || r.dword(t, fenceVA+4) != 9 || r.dword(t, fenceVA+16) != 9 || r.dword(t, fenceVA+20) != 64 {
		t.Error("COPY_DATA results")
	}
	if r.g.SHReg(pm4.UserData(5)) != 8 {
		t.Error("COPY_DATA to a register")
	}
}

func TestIndirectBuffer(t *testing.T) {
	// The ring calls an IB in memory that copies, flushes and writes a fence.
	r := newCPRig(t, Config{})
	r.copy(testInVA, testOutVA)
	r.b.Fence32(fenceVA, 0x77)
	must(t, r.b.Err())
	sub := append([]uint32(nil), r.b.Words()...)
	must(t, r.g.Write(ibVA, le32s(sub)))
	ring := make([]uint32, 16)
	rb := pm4.NewBuilder(ring)
	rb.CallIB(ibVA, uint32(len(sub)))
	must(t, rb.Err())
	st, err := r.g.Execute(rb.Words())
	if err != nil {
		t.Fatal(err)
	}
	if r.dword(t, fenceVA) != 0x77 || r.dword(t, testOutVA+4) != 8 || st.Packets != 1+countPackets(t, sub) {
		t.Errorf("IB by address: fence %#x, out[1] %d, packets %d", r.dword(t, fenceVA), r.dword(t, testOutVA+4), st.Packets)
	}
	// ExecuteAt runs the same IB by address.
	must(t, r.g.Write(fenceVA, make([]byte, 4)))
	if _, err := r.g.ExecuteAt(ibVA, uint32(len(sub))); err != nil || r.dword(t, fenceVA) != 0x77 {
		t.Fatalf("ExecuteAt: %v", err)
	}
	// An IB that calls itself nests past the depth limit.
	self := make([]uint32, 4)
	sb := pm4.NewBuilder(self)
	sb.CallIB(ibVA+2048, 4)
	must(t, r.g.Write(ibVA+2048, le32s(sb.Words())))
	_, err = r.g.Execute(sb.Words())
	var pe *PacketError
	if !errors.As(err, &pe) || pe.Name != "INDIRECT_BUFFER" || !strings.Contains(pe.Detail, "nests deeper") || pe.IBAddr != ibVA+2048 {
		t.Fatalf("recursive IB: %v", err)
	}
	// A chained IB that chains to itself loops until the packet budget.
	chain := make([]uint32, 4)
	cb := pm4.NewBuilder(chain)
	cb.IndirectBuffer(pm4.IndirectBuffer{Addr: ibVA + 3072, SizeDwords: 4, Chain: true, Valid: true})
	must(t, r.g.Write(ibVA+3072, le32s(cb.Words())))
	r.g.cfg.MaxPackets = 1000
	_, err = r.g.Execute(cb.Words())
	var h *HangError
	if !errors.As(err, &h) || h.Budget != 1000 {
		t.Fatalf("chain loop: %v", err)
	}
	// An IB at an unmapped address faults.
	fb := pm4.NewBuilder(make([]uint32, 4))
	fb.CallIB(0x7_0000_0000, 16)
	_, err = r.g.Execute(fb.Words())
	var pf *PageFault
	if !errors.As(err, &pf) || pf.Addr != 0x7_0000_0000 || pf.Site.Packet != "INDIRECT_BUFFER" {
		t.Fatalf("IB fault: %v", err)
	}
}

func countPackets(t *testing.T, ib []uint32) int {
	p, err := pm4.Decode(ib)
	must(t, err)
	return len(p)
}

func TestUnsupportedPacket(t *testing.T) {
	r := newCPRig(t, Config{})
	r.b.Nop(2)
	r.b.Raw(uint32(pm4.Type3(pm4.OpSetUconfigReg, 1)), 0x100, 0)
	_, err := r.run(t)
	var pe *PacketError
	// 13 dwords of preamble and a 3-dword NOP come first.
	if !errors.As(err, &pe) || pe.Name != "SET_UCONFIG_REG" || pe.Offset != 16 || !errors.Is(err, ErrUnsupportedPacket) {
		t.Fatalf("got %v", err)
	}
	// A truncated packet is a decode error naming the packet.
	_, err = r.g.Execute([]uint32{uint32(pm4.Type3(pm4.OpDispatchDirect, 3)), 1, 1})
	if !errors.As(err, &pe) || pe.Name != "DISPATCH_DIRECT" || !errors.Is(err, ErrBadPacket) {
		t.Fatalf("truncated: %v", err)
	}
}

func TestDispatchIndirect(t *testing.T) {
	r := newCPRig(t, Config{})
	must(t, r.g.Write(fenceVA, le32s([]uint32{2, 1, 1})))
	r.b.SetUserData64(0, testInVA)
	r.b.SetUserData64(2, testOutVA)
	r.b.DispatchIndirect(pm4.DispatchIndirect{Addr: fenceVA, Initiator: r.init})
	st, err := r.run(t)
	if err != nil {
		t.Fatal(err)
	}
	// Two workgroups of 64 threads: dwords 0..127 copied, 128.. untouched.
	if st.Workgroups != 2 || r.dword(t, testOutVA+4*127) != 127*7+1 || r.dword(t, testOutVA+4*128) != 0 {
		t.Errorf("workgroups %d", st.Workgroups)
	}
}

func TestHangEndlessLoop(t *testing.T) {
	code, _ := llvmAssemble(t, `
.text
loop:
  s_add_co_u32 s4, s4, 1
  s_branch loop
  s_endpgm
`, false)
	g := New(Config{MaxInstructions: 10000})
	must(t, g.MapBacking(testCodeVA, code, PermRX, "code"))
	g.Label(testCodeVA, "spin")
	_, err := g.Dispatch(Launch{Entry: testCodeVA, Groups: [3]uint32{1, 1, 1}, Block: [3]uint32{32, 1, 1}, Wave32: true})
	var h *HangError
	if !errors.As(err, &h) || h.Budget != 10000 || h.Site.Wave != 0 || h.Site.KernelName != "spin" {
		t.Fatalf("want a hang, got %v", err)
	}
	if h.Site.PC != testCodeVA && h.Site.PC != testCodeVA+4 {
		t.Errorf("hang pc %#x", h.Site.PC)
	}
	t.Log(err)
}

func lo32(v uint64) uint32 { return uint32(v) }
