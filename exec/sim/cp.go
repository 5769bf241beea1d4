package sim

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"strings"

	"zincc/pm4"
)

// Execute runs one submission: the PM4 packets of ib, as the compute
// queue's command processor would, to completion. Dispatches run one after
// another, each to completion, so everything a packet waits for has
// already happened when the packet is reached. The hazard checker's window
// starts empty: a submission boundary counts as a full barrier.
//
// The returned Stats cover everything executed, including the work done
// before an error.
func (g *GPU) Execute(ib []uint32) (Stats, error) {
	var st Stats
	g.hz.clear()
	c := cp{g: g, st: &st}
	err := c.run(ib, 0, 0)
	return st, err
}

// ExecuteAt runs the submission of dwords dwords at GPU address va, the
// way a ring's INDIRECT_BUFFER packet hands the CP an IB by address.
func (g *GPU) ExecuteAt(va uint64, dwords uint32) (Stats, error) {
	var st Stats
	g.hz.clear()
	c := cp{g: g, st: &st}
	ib, err := c.fetchIB(va, dwords, Site{Dispatch: -1, Wave: -1, Lane: -1, Packet: "submission", IBOffset: -1, IBAddr: va})
	if err != nil {
		return st, err
	}
	err = c.run(ib, va, 0)
	return st, err
}

// cp is the command processor's state during one submission.
type cp struct {
	g  *GPU
	st *Stats
	// flushes and acquires since the previous dispatch (DispatchStats)
	flushes, acquires int
}

func (c *cp) fetchIB(va uint64, dwords uint32, site Site) ([]uint32, error) {
	if dwords == 0 {
		return nil, nil
	}
	b, f := c.g.mem.check(va, uint64(dwords)*4, AccessRead)
	if f != nil {
		f.Site = site
		return nil, f
	}
	ib := make([]uint32, dwords)
	for i := range ib {
		ib[i] = binary.LittleEndian.Uint32(b[4*i:])
	}
	return ib, nil
}

// run executes the packets of ib (at GPU address ibAddr, 0 when passed by
// value), nested depth INDIRECT_BUFFERs deep.
func (c *cp) run(ib []uint32, ibAddr uint64, depth int) error {
	r := pm4.NewReader(ib)
	for {
		p, err := r.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			var de *pm4.DecodeError
			if errors.As(err, &de) {
				return &PacketError{Name: pm4.Header(de.Header).Opcode().String(), Offset: de.Offset, IBAddr: ibAddr,
					Detail: de.Error(), sentinel: ErrBadPacket}
			}
			return &PacketError{Name: "?", Offset: r.Offset(), IBAddr: ibAddr, Detail: err.Error(), sentinel: ErrBadPacket}
		}
		c.st.Packets++
		site := Site{Dispatch: -1, Wave: -1, Lane: -1, Packet: p.Name(), IBOffset: p.Offset, IBAddr: ibAddr}
		if c.st.Packets > c.g.cfg.MaxPackets {
			return &HangError{Reason: "the submission executed more PM4 packets than the packet budget (an IB chain that loops?)",
				Budget: uint64(c.g.cfg.MaxPackets), Site: site}
		}
		if p.Header.Predicate() {
			return c.unsupported(p, ibAddr, "predicated packets (PREDICATE bit) are not modelled")
		}
		var next []uint32
		var nextAddr uint64
		chained := false
		switch p.Op() {
		case pm4.OpNOP:
		case pm4.OpSetShReg:
			s, _ := p.SetShReg()
			copy(c.g.sh[s.Reg:], s.Values)
		case pm4.OpDispatchDirect:
			d, _ := p.DispatchDirect()
			err = c.dispatch(p, ibAddr, site, [3]uint32{d.DimX, d.DimY, d.DimZ}, d.Initiator)
		case pm4.OpDispatchIndirect:
			err = c.dispatchIndirect(p, ibAddr, site)
		case pm4.OpReleaseMem:
			err = c.releaseMem(p, ibAddr, site)
		case pm4.OpAcquireMem:
			a, _ := p.AcquireMem()
			c.g.hz.acquire(a.GCR)
			c.acquires++
			if a.GCR&3 != 0 {
				c.g.InvalidateCode()
			}
		case pm4.OpEventWrite:
			e, _ := p.EventWrite()
			if strings.HasPrefix(e.Event.String(), "0x") {
				return c.bad(p, ibAddr, fmt.Sprintf("EVENT_WRITE of unknown event type %s", e.Event))
			}
			if e.Event == pm4.CS_PARTIAL_FLUSH {
				c.g.hz.partialFlush()
				c.flushes++
			}
		case pm4.OpWriteData:
			err = c.writeData(p, ibAddr, site)
		case pm4.OpCopyData:
			err = c.copyData(p, ibAddr, site)
		case pm4.OpWaitRegMem:
			err = c.waitRegMem(p, ibAddr, site)
		case pm4.OpDMAData:
			err = c.dmaData(p, ibAddr, site)
		case pm4.OpHDPFlush:
			// The emulator's memory is the CPU's: there is no Host Data
			// Path to flush.
		case pm4.OpIndirectBuffer:
			b, _ := p.IndirectBuffer()
			if !b.Valid {
				return c.bad(p, ibAddr, "INDIRECT_BUFFER without the VALID bit")
			}
			if depth+1 > c.g.cfg.MaxIBDepth {
				return c.bad(p, ibAddr, fmt.Sprintf("INDIRECT_BUFFER nests deeper than %d levels", c.g.cfg.MaxIBDepth))
			}
			sub, ferr := c.fetchIB(b.Addr, b.SizeDwords, site)
			if ferr != nil {
				return ferr
			}
			if b.Chain {
				// A chained IB replaces the rest of this one.
				next, nextAddr, chained = sub, b.Addr, true
				break
			}
			err = c.run(sub, b.Addr, depth+1)
		default:
			return c.unsupported(p, ibAddr, "the emulated compute queue executes NOP, SET_SH_REG, DISPATCH_DIRECT, "+
				"DISPATCH_INDIRECT, RELEASE_MEM, ACQUIRE_MEM, EVENT_WRITE, WRITE_DATA, COPY_DATA, WAIT_REG_MEM, DMA_DATA, HDP_FLUSH and INDIRECT_BUFFER")
		}
		if err != nil {
			return err
		}
		if chained {
			ib, ibAddr = next, nextAddr
			r = pm4.NewReader(ib)
		}
	}
}

// dmaData runs a DMA_DATA memory-to-memory copy (SRC_SEL and DST_SEL 0
// or 3, memory addresses, incrementing), the CP DMA an upload through a
// staging buffer uses (Linux nvd.h PACKET3_DMA_DATA). Every earlier
// dispatch has completed, so the copy happens now; CP_SYNC changes
// nothing here.
func (c *cp) dmaData(p pm4.Packet, ibAddr uint64, site Site) error {
	d, ok := p.DMAData()
	if !ok {
		return c.bad(p, ibAddr, fmt.Sprintf("DMA_DATA has %d body dwords, want 6", len(p.Body)))
	}
	if (d.SrcSel != pm4.DMASelAddr && d.SrcSel != pm4.DMASelL2) || (d.DstSel != pm4.DMASelAddr && d.DstSel != pm4.DMASelL2) ||
		d.SAS || d.DAS || d.SAIC || d.DAIC {
		return c.unsupported(p, ibAddr, "only memory-to-memory DMA_DATA (SRC_SEL/DST_SEL 0 or 3, no register or non-incrementing addresses) is modelled")
	}
	n := uint64(d.ByteCount)
	if n == 0 {
		return nil
	}
	src, err := c.cpAccess(d.Src, n, AccessRead, site)
	if err != nil {
		return err
	}
	dst, err := c.cpAccess(d.Dst, n, AccessWrite, site)
	if err != nil {
		return err
	}
	copy(dst, src)
	return nil
}

func (c *cp) unsupported(p pm4.Packet, ibAddr uint64, detail string) error {
	return &PacketError{Name: p.Name(), Offset: p.Offset, IBAddr: ibAddr, Detail: detail, sentinel: ErrUnsupportedPacket}
}

func (c *cp) bad(p pm4.Packet, ibAddr uint64, detail string) error {
	return &PacketError{Name: p.Name(), Offset: p.Offset, IBAddr: ibAddr, Detail: detail, sentinel: ErrBadPacket}
}

// cpAccess returns the bytes a CP packet reads or writes, after checking
// them against dispatches still in flight.
func (c *cp) cpAccess(addr, n uint64, access Access, site Site) ([]byte, error) {
	b, f := c.g.mem.check(addr, n, access)
	if f != nil {
		f.Site = site
		return nil, f
	}
	if c.g.hz.mode != HazardOff && len(c.g.hz.window) > 0 {
		var sets accessSets
		sets.record(access, addr, n)
		ref := DispatchRef{Index: -1, Packet: site.Packet, IBOffset: site.IBOffset, IBAddr: site.IBAddr}
		if h := c.g.hz.check(ref, &sets, true, &c.g.mem); h != nil {
			if err := c.hazard(h); err != nil {
				return nil, err
			}
		}
	}
	return b, nil
}

// hazard applies the hazard mode to a hazard: an error, or a warning.
func (c *cp) hazard(h *HazardError) error {
	if c.g.hz.mode == HazardStop {
		return h
	}
	if len(c.st.Warnings) < c.g.cfg.MaxWarnings {
		c.st.Warnings = append(c.st.Warnings, h)
	}
	return nil
}

func (c *cp) dispatchIndirect(p pm4.Packet, ibAddr uint64, site Site) error {
	d, _ := p.DispatchIndirect()
	b, err := c.cpAccess(d.Addr, 12, AccessRead, site)
	if err != nil {
		return err
	}
	dims := [3]uint32{binary.LittleEndian.Uint32(b), binary.LittleEndian.Uint32(b[4:]), binary.LittleEndian.Uint32(b[8:])}
	return c.dispatch(p, ibAddr, site, dims, d.Initiator)
}

// dispatch launches the kernel the SH registers describe, the way the
// CP's dispatch packets do.
func (c *cp) dispatch(p pm4.Packet, ibAddr uint64, site Site, dims [3]uint32, initiator uint32) error {
	g := c.g
	sh := &g.sh
	sh[pm4.COMPUTE_DIM_X], sh[pm4.COMPUTE_DIM_Y], sh[pm4.COMPUTE_DIM_Z] = dims[0], dims[1], dims[2]
	sh[pm4.COMPUTE_DISPATCH_INITIATOR] = initiator
	site.Dispatch = c.st.Dispatches
	init := pm4.UnpackDispatchInitiator(initiator)
	l := Launch{
		Entry:  (uint64(sh[pm4.COMPUTE_PGM_HI]&0xff)<<32 | uint64(sh[pm4.COMPUTE_PGM_LO])) << 8,
		Rsrc1:  sh[pm4.COMPUTE_PGM_RSRC1],
		Rsrc2:  sh[pm4.COMPUTE_PGM_RSRC2],
		Rsrc3:  sh[pm4.COMPUTE_PGM_RSRC3],
		Wave32: init.CSW32En,
	}
	site.Kernel = l.Entry
	site.KernelName = g.labels[l.Entry]
	if !init.ComputeShaderEn {
		return &LaunchError{Detail: "COMPUTE_DISPATCH_INITIATOR.COMPUTE_SHADER_EN is 0", Site: site}
	}
	if init.OrderedAppendEnbl {
		return &LaunchError{Detail: "ORDERED_APPEND_ENBL is not modelled", Site: site}
	}
	n := pm4.UnpackPgmRsrc2(l.Rsrc2).UserSGPR
	if n > pm4.NumUserData {
		return &LaunchError{Detail: fmt.Sprintf("RSRC2.USER_SGPR is %d; only %d COMPUTE_USER_DATA registers exist", n, pm4.NumUserData), Site: site}
	}
	l.UserSGPRs = sh[pm4.COMPUTE_USER_DATA_0 : pm4.COMPUTE_USER_DATA_0+pm4.Reg(n)]
	nt := [3]pm4.NumThread{
		pm4.UnpackNumThread(pm4.COMPUTE_NUM_THREAD_X, sh[pm4.COMPUTE_NUM_THREAD_X]),
		pm4.UnpackNumThread(pm4.COMPUTE_NUM_THREAD_Y, sh[pm4.COMPUTE_NUM_THREAD_Y]),
		pm4.UnpackNumThread(pm4.COMPUTE_NUM_THREAD_Z, sh[pm4.COMPUTE_NUM_THREAD_Z]),
	}
	var start [3]uint32
	if !init.ForceStartAt000 {
		start = [3]uint32{sh[pm4.COMPUTE_START_X], sh[pm4.COMPUTE_START_Y], sh[pm4.COMPUTE_START_Z]}
	}
	for i := 0; i < 3; i++ {
		l.Block[i] = nt[i].Full
		end := dims[i]
		if init.UseThreadDimensions {
			// DIM counts threads: round up to whole groups; with
			// PARTIAL_TG_EN the last group has NUM_THREAD_PARTIAL threads.
			if nt[i].Full == 0 {
				return &LaunchError{Detail: fmt.Sprintf("NUM_THREAD_%c is 0", 'X'+i), Site: site}
			}
			groups := (uint64(dims[i]) + uint64(nt[i].Full) - 1) / uint64(nt[i].Full)
			end = uint32(groups)
			if init.PartialTGEn && nt[i].Partial != 0 {
				l.LastBlock[i] = nt[i].Partial
			}
		}
		if end > start[i] {
			l.Groups[i] = end - start[i]
		}
	}
	l.Start = start
	ref := DispatchRef{Index: c.st.Dispatches, Packet: p.Name(), IBOffset: p.Offset, IBAddr: ibAddr, Kernel: l.Entry, KernelName: site.KernelName}
	return c.g.launch(&l, ref, site, c.st, c)
}

func (c *cp) releaseMem(p pm4.Packet, ibAddr uint64, site Site) error {
	m, _ := p.ReleaseMem()
	if m.DstSel > 1 {
		return c.unsupported(p, ibAddr, fmt.Sprintf("DST_SEL %d (queue write pointer) is not modelled; use 0 or 1 (memory)", m.DstSel))
	}
	if m.IntSel > 4 {
		return c.unsupported(p, ibAddr, fmt.Sprintf("INT_SEL %d (conditional interrupt) is not modelled", m.IntSel))
	}
	// Every earlier dispatch has run to completion, which is what an
	// end-of-pipe (or shader-done) event waits for, so the write happens now.
	var data uint64
	var n uint64
	switch m.DataSel {
	case pm4.DataSelNone:
	case pm4.DataSelValue32:
		data, n = m.Data&0xffffffff, 4
	case pm4.DataSelValue64:
		data, n = m.Data, 8
	case pm4.DataSelGPUClock:
		data, n = c.g.clock, 8
	default:
		return c.unsupported(p, ibAddr, fmt.Sprintf("DATA_SEL %d is not modelled (0 none, 1 32-bit, 2 64-bit, 3 GPU clock are)", m.DataSel))
	}
	if n > 0 {
		if m.Addr%n != 0 {
			return c.bad(p, ibAddr, fmt.Sprintf("address 0x%x is not %d-byte aligned", m.Addr, n))
		}
		b, f := c.g.mem.check(m.Addr, n, AccessWrite)
		if f != nil {
			f.Site = site
			return f
		}
		putLE(b, data)
	}
	if m.IntSel != 0 {
		c.st.Interrupts++
		if c.g.cfg.Interrupt != nil {
			c.g.cfg.Interrupt(m.IntCtxID)
		}
	}
	return nil
}

func putLE(b []byte, v uint64) {
	for i := range b {
		b[i] = byte(v >> (8 * i))
	}
}

// shIndex converts a memory-mapped register dword address into an SH
// register index, if it is one.
func shIndex(addr uint64) (int, bool) {
	if addr >= pm4.SHRegBase && addr < pm4.SHRegBase+pm4.SHRegWindow {
		return int(addr - pm4.SHRegBase), true
	}
	return 0, false
}

func (c *cp) writeData(p pm4.Packet, ibAddr uint64, site Site) error {
	w, _ := p.WriteData()
	if w.EngineSel != 0 {
		return c.unsupported(p, ibAddr, fmt.Sprintf("ENGINE_SEL %d: the compute queue has only the ME", w.EngineSel))
	}
	switch w.DstSel {
	case pm4.WriteDstRegister:
		for i, v := range w.Data {
			a := w.Addr
			if !w.WrOneAddr {
				a += uint64(i)
			}
			r, ok := shIndex(a)
			if !ok {
				return c.unsupported(p, ibAddr, fmt.Sprintf("register 0x%x is outside the SH window; only SH registers are modelled", a))
			}
			c.g.sh[r] = v
		}
		return nil
	case 1, pm4.WriteDstTCL2, pm4.WriteDstMemory:
		if w.Addr%4 != 0 {
			return c.bad(p, ibAddr, fmt.Sprintf("address 0x%x is not dword aligned", w.Addr))
		}
		n := uint64(4 * len(w.Data))
		if w.WrOneAddr {
			n = 4
		}
		b, err := c.cpAccess(w.Addr, n, AccessWrite, site)
		if err != nil {
			return err
		}
		for i, v := range w.Data {
			if w.WrOneAddr {
				binary.LittleEndian.PutUint32(b, v)
			} else {
				binary.LittleEndian.PutUint32(b[4*i:], v)
			}
		}
		return nil
	}
	return c.unsupported(p, ibAddr, fmt.Sprintf("DST_SEL %d is not modelled (0 register, 1/2/5 memory are)", w.DstSel))
}

func (c *cp) copyData(p pm4.Packet, ibAddr uint64, site Site) error {
	cd, _ := p.CopyData()
	if cd.EnginePFP {
		return c.unsupported(p, ibAddr, "ENGINE_SEL PFP: the compute queue has only the ME")
	}
	n := uint64(4)
	if cd.CountSel64 {
		n = 8
	}
	var v uint64
	switch cd.SrcSel {
	case pm4.CopySrcRegister:
		r, ok := shIndex(cd.Src)
		if !ok || (n == 8 && r+1 >= pm4.SHRegWindow) {
			return c.unsupported(p, ibAddr, fmt.Sprintf("source register 0x%x is outside the SH window", cd.Src))
		}
		v = uint64(c.g.sh[r])
		if n == 8 {
			v |= uint64(c.g.sh[r+1]) << 32
		}
	case pm4.CopySrcMemory, 2:
		if cd.Src%n != 0 {
			return c.bad(p, ibAddr, fmt.Sprintf("source 0x%x is not %d-byte aligned", cd.Src, n))
		}
		b, err := c.cpAccess(cd.Src, n, AccessRead, site)
		if err != nil {
			return err
		}
		for i := uint64(0); i < n; i++ {
			v |= uint64(b[i]) << (8 * i)
		}
	case pm4.CopySrcImmediate:
		v = cd.Src
		if n == 4 {
			v &= 0xffffffff
		}
	case 9:
		v = c.g.clock
		if n == 4 {
			v &= 0xffffffff
		}
	default:
		return c.unsupported(p, ibAddr, fmt.Sprintf("SRC_SEL %d is not modelled (0 register, 1/2 memory, 5 immediate, 9 GPU clock are)", cd.SrcSel))
	}
	switch cd.DstSel {
	case pm4.CopyDstRegister:
		r, ok := shIndex(cd.Dst)
		if !ok || (n == 8 && r+1 >= pm4.SHRegWindow) {
			return c.unsupported(p, ibAddr, fmt.Sprintf("destination register 0x%x is outside the SH window", cd.Dst))
		}
		c.g.sh[r] = uint32(v)
		if n == 8 {
			c.g.sh[r+1] = uint32(v >> 32)
		}
	case 2, pm4.CopyDstMemory:
		if cd.Dst%n != 0 {
			return c.bad(p, ibAddr, fmt.Sprintf("destination 0x%x is not %d-byte aligned", cd.Dst, n))
		}
		b, err := c.cpAccess(cd.Dst, n, AccessWrite, site)
		if err != nil {
			return err
		}
		putLE(b, v)
	default:
		return c.unsupported(p, ibAddr, fmt.Sprintf("DST_SEL %d is not modelled (0 register, 2/5 memory are)", cd.DstSel))
	}
	return nil
}

func (c *cp) waitRegMem(p pm4.Packet, ibAddr uint64, site Site) error {
	w, _ := p.WaitRegMem()
	if w.EngineSel != 0 {
		return c.unsupported(p, ibAddr, "ENGINE_SEL PFP: the compute queue has only the ME")
	}
	if w.Operation != 0 && w.Operation != 3 {
		return c.unsupported(p, ibAddr, fmt.Sprintf("OPERATION %d (write register then wait) is not modelled", w.Operation))
	}
	var v uint32
	where := ""
	switch w.MemSpace {
	case 0:
		r, ok := shIndex(w.Addr & 0xffff)
		if !ok {
			return c.unsupported(p, ibAddr, fmt.Sprintf("poll register 0x%x is outside the SH window", w.Addr&0xffff))
		}
		v = c.g.sh[r]
		where = fmt.Sprintf("register %s", pm4.Reg(r))
	case 1:
		if w.Addr%4 != 0 {
			return c.bad(p, ibAddr, fmt.Sprintf("poll address 0x%x is not dword aligned", w.Addr))
		}
		b, f := c.g.mem.check(w.Addr, 4, AccessRead)
		if f != nil {
			f.Site = site
			return f
		}
		v = binary.LittleEndian.Uint32(b)
		where = fmt.Sprintf("memory 0x%x", w.Addr)
	default:
		return c.unsupported(p, ibAddr, fmt.Sprintf("MEM_SPACE %d is not modelled", w.MemSpace))
	}
	x, ref := v&w.Mask, w.Reference
	var ok bool
	switch w.Function {
	case pm4.CompareAlways:
		ok = true
	case pm4.CompareLT:
		ok = x < ref
	case pm4.CompareLE:
		ok = x <= ref
	case pm4.CompareEQ:
		ok = x == ref
	case pm4.CompareNE:
		ok = x != ref
	case pm4.CompareGE:
		ok = x >= ref
	case pm4.CompareGT:
		ok = x > ref
	default:
		return c.bad(p, ibAddr, fmt.Sprintf("FUNCTION %d is not a comparison", w.Function))
	}
	if ok {
		return nil
	}
	return &HangError{Site: site, Reason: fmt.Sprintf(
		"WAIT_REG_MEM waits for (%s & 0x%x) %s 0x%x, but it holds 0x%x and nothing else runs on a single emulated queue to change it",
		where, w.Mask, compareText[w.Function], ref, v)}
}

var compareText = map[pm4.Compare]string{
	pm4.CompareAlways: "always", pm4.CompareLT: "<", pm4.CompareLE: "<=", pm4.CompareEQ: "==",
	pm4.CompareNE: "!=", pm4.CompareGE: ">=", pm4.CompareGT: ">",
}
