package pm4

import (
	"errors"
	"fmt"
)

// ErrOutOfSpace is returned when a packet does not fit in the rest of the
// builder's buffer. The buffer is left exactly as it was before the call.
var ErrOutOfSpace = errors.New("pm4: packet does not fit in the buffer")

// ErrInvalid is wrapped by every error about a field value that the packet
// cannot carry (too wide, misaligned, wrong count).
var ErrInvalid = errors.New("pm4: invalid packet field")

// Builder writes PM4 type-3 packets into a caller-owned []uint32. It never
// allocates and never grows the buffer.
//
// Each method writes one whole packet or nothing: it validates every field
// and checks the space first, so on error the buffer is unchanged. The
// first error is also kept (Err) and every later call returns it without
// writing, so a sequence of calls can be checked once at the end and the
// stream never has a hole in the middle. Reset or Grow clear it.
//
// Positions: Written is the cursor, the dword index the next packet's
// header will have. To patch a value later, read Written before the call and
// add the packet's Pos* constant (see PosSetShRegValues).
type Builder struct {
	buf []uint32
	n   int
	err error
}

// NewBuilder returns a builder that writes into buf from index 0.
func NewBuilder(buf []uint32) Builder { return Builder{buf: buf} }

// Reset moves the cursor back to 0 and clears a kept error. The buffer's
// contents are not cleared.
func (b *Builder) Reset() { b.n, b.err = 0, nil }

// Written is the number of dwords written: the cursor.
func (b *Builder) Written() int { return b.n }

// Words returns the dwords written so far; it shares the caller's buffer.
func (b *Builder) Words() []uint32 { return b.buf[:b.n] }

// Free is the number of dwords left in the buffer.
func (b *Builder) Free() int { return len(b.buf) - b.n }

// Err returns the first error any call returned since NewBuilder or Reset.
func (b *Builder) Err() error { return b.err }

// Grow continues in buf, which must hold at least Written dwords: it copies
// the dwords written so far to the front of buf and clears a kept
// ErrOutOfSpace (other kept errors stay). buf may be a longer slice of the
// current array; the copy onto itself is harmless.
func (b *Builder) Grow(buf []uint32) error {
	if len(buf) < b.n {
		return fmt.Errorf("%w: Grow: new buffer holds %d dwords, %d are written", ErrInvalid, len(buf), b.n)
	}
	copy(buf, b.buf[:b.n])
	b.buf = buf
	if errors.Is(b.err, ErrOutOfSpace) {
		b.err = nil
	}
	return nil
}

// fail keeps err as the builder's error (if it is the first) and returns it.
func (b *Builder) fail(err error) error {
	if b.err == nil {
		b.err = err
	}
	return err
}

// invalid reports a bad field of packet what.
func (b *Builder) invalid(format string, args ...any) error {
	return b.fail(fmt.Errorf("%w: "+format, append([]any{ErrInvalid}, args...)...))
}

// check validates v against f for packet what.
func (b *Builder) check(what string, f Field, v uint32) error {
	if !f.Fits(v) {
		return b.fail(fieldError(what, f, uint64(v)))
	}
	return nil
}

// alloc reserves n dwords at the cursor and advances it; callers validate
// everything before calling it so that nothing can fail after it. It and
// packet are small enough to inline: the failures are out of line.
func (b *Builder) alloc(n int) ([]uint32, error) {
	if b.err != nil || n > len(b.buf)-b.n {
		return nil, b.allocFailure()
	}
	w := b.buf[b.n : b.n+n : b.n+n]
	b.n += n
	return w, nil
}

// allocFailure is the error of an alloc that cannot proceed.
//
//go:noinline
func (b *Builder) allocFailure() error {
	if b.err != nil {
		return b.err
	}
	return b.fail(ErrOutOfSpace)
}

// packet starts a type-3 packet of op with body dwords after the header.
func (b *Builder) packet(op Opcode, body int) ([]uint32, error) {
	if b.err != nil || 1+body > len(b.buf)-b.n {
		return nil, b.allocFailure()
	}
	w := b.buf[b.n : b.n+1+body : b.n+1+body]
	b.n += 1 + body
	w[0] = uint32(3<<30 | (uint32(body-1)&0x3FFF)<<16 | uint32(op)<<8) // Type3
	return w, nil
}

// checkAlign reports an address that is not a multiple of align bytes.
func (b *Builder) checkAlign(what string, addr uint64, align uint64) error {
	if addr%align != 0 {
		return b.invalid("%s address %#x is not %d-byte aligned", what, addr, align)
	}
	return nil
}

// Raw writes words as they are; for packets this package does not model.
func (b *Builder) Raw(words ...uint32) error {
	w, err := b.alloc(len(words))
	if err != nil {
		return err
	}
	copy(w, words)
	return nil
}

// Nop writes a NOP followed by payload zero dwords (1+payload dwords in
// all). Payload 0 writes the header-only NOP 0xFFFF1000, because a COUNT of
// 0 would mean one payload dword; the most payload one NOP carries is
// MaxBody−1 (COUNT 0x3FFE), since COUNT 0x3FFF marks the header-only form.
func (b *Builder) Nop(payload int) error {
	if b.err != nil {
		return b.err
	}
	if payload < 0 || payload > MaxBody-1 {
		return b.invalid("NOP payload of %d dwords (0..%d)", payload, MaxBody-1)
	}
	w, err := b.alloc(1 + payload)
	if err != nil {
		return err
	}
	writeNop(w)
	return nil
}

// NopData writes a NOP carrying words as its payload (the CP skips them; a
// place for markers). No words gives the header-only NOP.
func (b *Builder) NopData(words ...uint32) error {
	if b.err != nil {
		return b.err
	}
	if len(words) > MaxBody-1 {
		return b.invalid("NOP payload of %d dwords (0..%d)", len(words), MaxBody-1)
	}
	w, err := b.alloc(1 + len(words))
	if err != nil {
		return err
	}
	writeNop(w)
	copy(w[1:], words)
	return nil
}

// writeNop fills w with one NOP packet spanning all of it (payload zeroed).
func writeNop(w []uint32) {
	if len(w) == 1 {
		w[0] = uint32(HeaderOnlyNOP)
		return
	}
	w[0] = uint32(Type3(OpNOP, uint32(len(w)-2)))
	clear(w[1:])
}

// PadTo writes NOPs until Written is a multiple of align dwords, using as
// few packets as possible: one NOP for up to MaxBody dwords of padding (a
// header-only NOP when one dword is missing). Alignment is counted from the
// start of the caller's buffer, so that buffer's GPU address must itself be
// aligned for the padding to mean anything.
func (b *Builder) PadTo(align int) error {
	if b.err != nil {
		return b.err
	}
	if align < 1 {
		return b.invalid("PadTo alignment %d (must be ≥ 1)", align)
	}
	k := (align - b.n%align) % align
	w, err := b.alloc(k)
	if err != nil {
		return err
	}
	for len(w) > 0 {
		c := min(len(w), MaxBody)
		writeNop(w[:c])
		w = w[c:]
	}
	return nil
}

// SetShReg writes values to consecutive SH registers starting at first
// (SET_SH_REG). Value i lands at Written()+PosSetShRegValues+i.
func (b *Builder) SetShReg(first Reg, values ...uint32) error {
	w, err := b.shRegSlots(first, len(values))
	if err != nil {
		return err
	}
	copy(w, values)
	return nil
}

// SetShRegSlots writes a SET_SH_REG of n consecutive registers from first
// and returns its n value dwords, zeroed, for the caller to fill: a
// lowering writes arguments straight into the stream instead of staging
// them. Nothing is written on error.
func (b *Builder) SetShRegSlots(first Reg, n int) ([]uint32, error) {
	v, err := b.shRegSlots(first, n)
	clear(v)
	return v, err
}

// shRegSlots is SetShRegSlots without clearing the values, for callers
// that write every one.
func (b *Builder) shRegSlots(first Reg, n int) ([]uint32, error) {
	if uint(n-1) >= MaxBody-1 || int(first)+n > SHRegWindow {
		return nil, b.shRegCountError(first, n)
	}
	w, err := b.packet(OpSetShReg, 1+n)
	if err != nil {
		return nil, err
	}
	w[1] = uint32(first)
	return w[2:], nil
}

// shRegCountError explains a SET_SH_REG that cannot carry n values at first.
func (b *Builder) shRegCountError(first Reg, n int) error {
	switch {
	case b.err != nil:
		return b.err
	case n <= 0:
		return b.invalid("SET_SH_REG with no values")
	case n > MaxBody-1:
		return b.invalid("SET_SH_REG with %d values (max %d)", n, MaxBody-1)
	}
	return b.invalid("SET_SH_REG of %d values at %#x runs past the SH window (%#x)", n, uint16(first), SHRegWindow)
}

// SetReg writes one SH register (a one-value SET_SH_REG).
func (b *Builder) SetReg(r Reg, v uint32) error {
	w, err := b.shRegSlots(r, 1)
	if err != nil {
		return err
	}
	w[0] = v
	return nil
}

// SetShRegIndex writes a SET_SH_REG with its INDEX and VMID_SHIFT fields.
func (b *Builder) SetShRegIndex(p SetShReg) error {
	if b.err != nil {
		return b.err
	}
	if err := b.check("SET_SH_REG", shRegVMIDShift, p.VMIDShift); err != nil {
		return err
	}
	if err := b.check("SET_SH_REG", shRegIndex, p.Index); err != nil {
		return err
	}
	w, err := b.shRegSlots(p.Reg, len(p.Values))
	if err != nil {
		return err
	}
	copy(w, p.Values)
	if p.VMIDShift|p.Index != 0 {
		b.buf[b.n-len(w)-1] |= shRegVMIDShift.Put(0, p.VMIDShift) | shRegIndex.Put(0, p.Index)
	}
	return nil
}

// SetUserData64 writes a 64-bit value (a pointer) into COMPUTE_USER_DATA_i
// (low half) and _i+1 (high half), which the kernel sees as s[i:i+1].
func (b *Builder) SetUserData64(i int, v uint64) error {
	if b.err != nil {
		return b.err
	}
	if i < 0 || i > NumUserData-2 {
		return b.invalid("SetUserData64 index %d (0..%d)", i, NumUserData-2)
	}
	return b.SetShReg(UserData(i), uint32(v), uint32(v>>32))
}

// SetProgram writes COMPUTE_PGM_LO/HI for a kernel entry point: LO = entry
// bits 39:8, HI = bits 47:40 (DATA [7:0]). The entry must be 256-byte
// aligned (gc_12_0_0_sh_mask.h, AMDGPUUsage).
func (b *Builder) SetProgram(entry uint64) error {
	if b.err != nil {
		return b.err
	}
	if err := b.checkAlign("COMPUTE_PGM", entry, 256); err != nil {
		return err
	}
	if entry>>48 != 0 {
		return b.invalid("program address %#x does not fit in 48 bits", entry)
	}
	return b.SetShReg(COMPUTE_PGM_LO, uint32(entry>>8), uint32(entry>>40))
}

// Dispatch writes DISPATCH_DIRECT for x×y×z workgroups.
func (b *Builder) Dispatch(x, y, z, initiator uint32) error {
	return b.DispatchDirect(DispatchDirect{DimX: x, DimY: y, DimZ: z, Initiator: initiator})
}

// DispatchDirect writes a DISPATCH_DIRECT packet.
func (b *Builder) DispatchDirect(p DispatchDirect) error {
	w, err := b.packet(OpDispatchDirect, bodyDispatchDirect)
	if err != nil {
		return err
	}
	w[1], w[2], w[3], w[4] = p.DimX, p.DimY, p.DimZ, p.Initiator
	return nil
}

// DispatchIndirect writes the compute-ring DISPATCH_INDIRECT; p.Addr must be
// dword aligned.
func (b *Builder) DispatchIndirect(p DispatchIndirect) error {
	if b.err != nil {
		return b.err
	}
	if err := b.checkAlign("DISPATCH_INDIRECT", p.Addr, 4); err != nil {
		return err
	}
	w, err := b.packet(OpDispatchIndirect, bodyDispatchIndirect)
	if err != nil {
		return err
	}
	w[1], w[2], w[3] = uint32(p.Addr), uint32(p.Addr>>32), p.Initiator
	return nil
}

// ReleaseMem writes a RELEASE_MEM packet. The address must be 4-byte
// aligned for 32-bit data and 8-byte aligned for 64-bit data (Linux
// gfx_v12_0.c ring_emit_fence).
func (b *Builder) ReleaseMem(p ReleaseMem) error {
	if b.err != nil {
		return b.err
	}
	if bad := p.GCR &^ releaseGCRMask; bad != 0 {
		return b.invalid("RELEASE_MEM cannot carry cache actions %s", bad)
	}
	for _, c := range [...]struct {
		f Field
		v uint32
	}{{relEventType, uint32(p.Event)}, {relEventIndex, p.EventIndex}, {relCachePolicy, p.CachePolicy},
		{relExecute, p.Execute}, {relDstSel, p.DstSel}, {relIntSel, p.IntSel}, {relDataSel, p.DataSel}} {
		if err := b.check("RELEASE_MEM", c.f, c.v); err != nil {
			return err
		}
	}
	switch p.DataSel {
	case DataSelValue32:
		if err := b.checkAlign("RELEASE_MEM", p.Addr, 4); err != nil {
			return err
		}
	case DataSelValue64, DataSelGPUClock, 4:
		if err := b.checkAlign("RELEASE_MEM", p.Addr, 8); err != nil {
			return err
		}
	}
	w, err := b.packet(OpReleaseMem, bodyReleaseMem)
	if err != nil {
		return err
	}
	dw1 := relEventType.Put(0, uint32(p.Event)) | relEventIndex.Put(0, p.EventIndex) |
		relCachePolicy.Put(0, p.CachePolicy) | relExecute.Put(0, p.Execute)
	for _, e := range gcrToRelease {
		dw1 |= e.rel.Put(0, e.gcr.Get(uint32(p.GCR)))
	}
	w[1] = dw1
	w[2] = relDstSel.Put(0, p.DstSel) | relIntSel.Put(0, p.IntSel) | relDataSel.Put(0, p.DataSel)
	w[3], w[4] = uint32(p.Addr), uint32(p.Addr>>32)
	w[5], w[6] = uint32(p.Data), uint32(p.Data>>32)
	w[7] = p.IntCtxID
	return nil
}

// fence is the end-of-pipe fence Linux writes on the gfx12 compute ring
// (gfx_v12_0.c ring_emit_fence): CACHE_FLUSH_AND_INV_TS_EVENT at
// EVENT_INDEX 5 with an L2 write-back, write bypassing the cache.
func fence(addr, v uint64, dataSel uint32) ReleaseMem {
	return ReleaseMem{Event: CACHE_FLUSH_AND_INV_TS_EVENT, EventIndex: EventIndexEndOfPipe,
		GCR: GCR_GL2_WB | GCR_SEQ_FORWARD, CachePolicy: 3, DataSel: dataSel, Addr: addr, Data: v}
}

// Fence32 writes a RELEASE_MEM that, once all earlier work and its memory
// writes are done and L2 is written back, stores v (32 bits) at addr. No
// interrupt.
func (b *Builder) Fence32(addr uint64, v uint32) error {
	return b.ReleaseMem(fence(addr, uint64(v), DataSelValue32))
}

// Fence64 is Fence32 for a 64-bit value; addr must be 8-byte aligned.
func (b *Builder) Fence64(addr uint64, v uint64) error {
	return b.ReleaseMem(fence(addr, v, DataSelValue64))
}

// AcquireMem writes an ACQUIRE_MEM packet.
func (b *Builder) AcquireMem(p AcquireMem) error {
	if b.err != nil {
		return b.err
	}
	for _, c := range [...]struct {
		f Field
		v uint32
	}{{acqCoherCntl, p.CoherCntl}, {acqEngineSel, p.EngineSel}, {acqPollInterval, p.PollInterval}} {
		if err := b.check("ACQUIRE_MEM", c.f, c.v); err != nil {
			return err
		}
	}
	if p.GCR&^gcrMask != 0 {
		return b.invalid("ACQUIRE_MEM GCR_CNTL %#x has bits above %d", uint32(p.GCR), gcrRangeIsPA.Hi)
	}
	w, err := b.packet(OpAcquireMem, bodyAcquireMem)
	if err != nil {
		return err
	}
	w[1] = p.CoherCntl | acqEngineSel.Put(0, p.EngineSel)
	w[2], w[3], w[4], w[5] = p.CoherSize, p.CoherSizeHi, p.CoherBase, p.CoherBaseHi
	w[6] = p.PollInterval
	w[7] = uint32(p.GCR)
	return nil
}

// AcquireMemAll writes an ACQUIRE_MEM over all of memory with the cache
// actions gcr, with the range and poll interval Linux uses on gfx12
// (gfx_v12_0.c emit_mem_sync: size 0xFFFFFFFF, size_hi 0x00FFFFFF, poll
// 0x0A). Between dependent dispatches mesa uses GCR_GLI_INV_ALL|GCR_GLK_INV|
// GCR_GLV_INV; the kernel's per-IB sync is 0xC3B1.
func (b *Builder) AcquireMemAll(gcr GCRCntl) error {
	return b.AcquireMem(AcquireMem{CoherSize: 0xFFFFFFFF, CoherSizeHi: 0x00FFFFFF, PollInterval: 0x0A, GCR: gcr})
}

// EventWrite writes an EVENT_WRITE packet (3 body dwords when p.HasAddr).
func (b *Builder) EventWrite(p EventWrite) error {
	if b.err != nil {
		return b.err
	}
	if err := b.check("EVENT_WRITE", evEventType, uint32(p.Event)); err != nil {
		return err
	}
	if err := b.check("EVENT_WRITE", evEventIndex, p.EventIndex); err != nil {
		return err
	}
	if !p.HasAddr && p.Addr != 0 {
		return b.invalid("EVENT_WRITE address %#x given without HasAddr", p.Addr)
	}
	body := 1
	if p.HasAddr {
		body = 3
	}
	w, err := b.packet(OpEventWrite, body)
	if err != nil {
		return err
	}
	w[1] = evEventType.Put(0, uint32(p.Event)) | evEventIndex.Put(0, p.EventIndex)
	if p.HasAddr {
		w[2], w[3] = uint32(p.Addr), uint32(p.Addr>>32)
	}
	return nil
}

// CSPartialFlush writes EVENT_WRITE CS_PARTIAL_FLUSH (EVENT_INDEX 4): wait
// until earlier compute waves have finished.
func (b *Builder) CSPartialFlush() error {
	return b.EventWrite(EventWrite{Event: CS_PARTIAL_FLUSH, EventIndex: EventIndexPartialFlush})
}

// WriteData writes a WRITE_DATA packet; memory destinations must be dword
// aligned.
func (b *Builder) WriteData(p WriteData) error {
	if b.err != nil {
		return b.err
	}
	for _, c := range [...]struct {
		f Field
		v uint32
	}{{wdDstSel, p.DstSel}, {wdCachePolicy, p.CachePolicy}, {wdEngineSel, p.EngineSel}} {
		if err := b.check("WRITE_DATA", c.f, c.v); err != nil {
			return err
		}
	}
	if len(p.Data) == 0 || len(p.Data) > MaxBody-3 {
		return b.invalid("WRITE_DATA with %d data dwords (1..%d)", len(p.Data), MaxBody-3)
	}
	if p.DstSel == WriteDstMemory || p.DstSel == WriteDstTCL2 {
		if err := b.checkAlign("WRITE_DATA", p.Addr, 4); err != nil {
			return err
		}
	}
	w, err := b.packet(OpWriteData, 3+len(p.Data))
	if err != nil {
		return err
	}
	w[1] = wdDstSel.Put(0, p.DstSel) | wdWrOneAddr.Flag(p.WrOneAddr) | wdWrConfirm.Flag(p.WrConfirm) |
		wdCachePolicy.Put(0, p.CachePolicy) | wdEngineSel.Put(0, p.EngineSel)
	w[2], w[3] = uint32(p.Addr), uint32(p.Addr>>32)
	copy(w[4:], p.Data)
	return nil
}

// WriteData64 writes v (low dword first) to memory at addr with WR_CONFIRM,
// the control word Linux uses for the KIQ fence on gfx12 (0x00100500).
func (b *Builder) WriteData64(addr uint64, v uint64) error {
	if b.err != nil {
		return b.err
	}
	if err := b.checkAlign("WRITE_DATA", addr, 4); err != nil {
		return err
	}
	w, err := b.packet(OpWriteData, 5)
	if err != nil {
		return err
	}
	w[1] = wdDstSel.Put(0, WriteDstMemory) | wdWrConfirm.Mask()
	w[2], w[3], w[4], w[5] = uint32(addr), uint32(addr>>32), uint32(v), uint32(v>>32)
	return nil
}

// CopyData writes a COPY_DATA packet; memory operands must be aligned to
// the copy size.
func (b *Builder) CopyData(p CopyData) error {
	if b.err != nil {
		return b.err
	}
	for _, c := range [...]struct {
		f Field
		v uint32
	}{{cdSrcSel, p.SrcSel}, {cdDstSel, p.DstSel}, {cdSrcCachePolicy, p.SrcCachePolicy},
		{cdDstCachePolicy, p.DstCachePolicy}} {
		if err := b.check("COPY_DATA", c.f, c.v); err != nil {
			return err
		}
	}
	align := uint64(4)
	if p.CountSel64 {
		align = 8
	}
	if p.SrcSel == CopySrcMemory || p.SrcSel == 2 {
		if err := b.checkAlign("COPY_DATA source", p.Src, align); err != nil {
			return err
		}
	}
	if p.DstSel == CopyDstMemory || p.DstSel == 2 {
		if err := b.checkAlign("COPY_DATA destination", p.Dst, align); err != nil {
			return err
		}
	}
	w, err := b.packet(OpCopyData, bodyCopyData)
	if err != nil {
		return err
	}
	w[1] = cdSrcSel.Put(0, p.SrcSel) | cdDstSel.Put(0, p.DstSel) | cdSrcCachePolicy.Put(0, p.SrcCachePolicy) |
		cdCountSel.Flag(p.CountSel64) | cdWrConfirm.Flag(p.WrConfirm) | cdDstCachePolicy.Put(0, p.DstCachePolicy) |
		cdPQExeStatus.Flag(p.PQExeStatus) | cdEnginePFP.Flag(p.EnginePFP)
	w[2], w[3] = uint32(p.Src), uint32(p.Src>>32)
	w[4], w[5] = uint32(p.Dst), uint32(p.Dst>>32)
	return nil
}

// CopyData32 copies one dword from memory at src to memory at dst with
// WR_CONFIRM (mesa's memory-to-memory form: SRC_SEL 1, DST_SEL 5).
func (b *Builder) CopyData32(src, dst uint64) error {
	return b.CopyData(CopyData{SrcSel: CopySrcMemory, DstSel: CopyDstMemory, WrConfirm: true, Src: src, Dst: dst})
}

// WaitRegMem writes a WAIT_REG_MEM packet; a memory poll address must be
// dword aligned.
func (b *Builder) WaitRegMem(p WaitRegMem) error {
	if b.err != nil {
		return b.err
	}
	for _, c := range [...]struct {
		f Field
		v uint32
	}{{wrmFunction, uint32(p.Function)}, {wrmMemSpace, p.MemSpace}, {wrmOperation, p.Operation},
		{wrmEngineSel, p.EngineSel}, {wrmCachePolicy, p.CachePolicy}, {wrmPollInterval, p.PollInterval}} {
		if err := b.check("WAIT_REG_MEM", c.f, c.v); err != nil {
			return err
		}
	}
	if p.MemSpace == 1 {
		if err := b.checkAlign("WAIT_REG_MEM", p.Addr, 4); err != nil {
			return err
		}
	}
	w, err := b.packet(OpWaitRegMem, bodyWaitRegMem)
	if err != nil {
		return err
	}
	w[1] = wrmFunction.Put(0, uint32(p.Function)) | wrmMemSpace.Put(0, p.MemSpace) |
		wrmOperation.Put(0, p.Operation) | wrmEngineSel.Put(0, p.EngineSel) | wrmCachePolicy.Put(0, p.CachePolicy)
	w[2], w[3] = uint32(p.Addr), uint32(p.Addr>>32)
	w[4], w[5] = p.Reference, p.Mask
	w[6] = p.PollInterval | wrmOptimizeACE.Flag(p.OptimizeACEOffload)
	return nil
}

// WaitMem waits until (the dword at addr & mask) fn ref holds, polling
// memory with POLL_INTERVAL 4, the value mesa and tinygrad use.
func (b *Builder) WaitMem(fn Compare, addr uint64, ref, mask uint32) error {
	return b.WaitRegMem(WaitRegMem{Function: fn, MemSpace: 1, Addr: addr, Reference: ref, Mask: mask, PollInterval: 4})
}

// IndirectBuffer writes an INDIRECT_BUFFER packet; p.Addr must be dword
// aligned (the low two bits of dword 1 are SWAP).
func (b *Builder) IndirectBuffer(p IndirectBuffer) error {
	if b.err != nil {
		return b.err
	}
	if err := b.checkAlign("INDIRECT_BUFFER", p.Addr, 4); err != nil {
		return err
	}
	for _, c := range [...]struct {
		f Field
		v uint32
	}{{ibSwap, p.Swap}, {ibSize, p.SizeDwords}, {ibVMID, p.VMID}, {ibCachePolicy, p.CachePolicy}} {
		if err := b.check("INDIRECT_BUFFER", c.f, c.v); err != nil {
			return err
		}
	}
	w, err := b.packet(OpIndirectBuffer, bodyIndirectBuffer)
	if err != nil {
		return err
	}
	w[1] = uint32(p.Addr) | p.Swap
	w[2] = uint32(p.Addr >> 32)
	w[3] = p.SizeDwords | ibChain.Flag(p.Chain) | ibPreEna.Flag(p.PreEna) | ibValid.Flag(p.Valid) |
		ibVMID.Put(0, p.VMID) | ibCachePolicy.Put(0, p.CachePolicy) | ibPriv.Flag(p.Priv) |
		ibInheritGFX.Flag(p.InheritVMIDGFX) | ibInheritCS.Flag(p.InheritVMIDCompute)
	return nil
}

// CallIB writes an INDIRECT_BUFFER that runs sizeDwords dwords at addr
// (VALID set, VMID 0), as tinygrad submits its command buffers.
func (b *Builder) CallIB(addr uint64, sizeDwords uint32) error {
	return b.IndirectBuffer(IndirectBuffer{Addr: addr, SizeDwords: sizeDwords, Valid: true})
}

// CallIBUserQueue writes the INDIRECT_BUFFER a compute user queue needs:
// VALID_COMPUTE (bit 23) and INHERIT_VMID_MQD_COMPUTE (bit 30), as mesa's
// and libdrm/IGT's user-queue submission set them (IGT
// lib/amdgpu/amd_ip_blocks.c user_queue_submit: "control |
// S_3F3_VALID_COMPUTE(1) | S_3F3_INHERIT_VMID_MQD_COMPUTE(1)"). Without bit
// 30 a kernel whose compute MQD sets PRIV_STATE/KMD_QUEUE fetches the IB
// through VMID 0.
func (b *Builder) CallIBUserQueue(addr uint64, sizeDwords uint32) error {
	return b.IndirectBuffer(IndirectBuffer{Addr: addr, SizeDwords: sizeDwords, Valid: true, InheritVMIDCompute: true})
}
