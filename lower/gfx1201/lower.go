package gfx1201

import (
	"errors"
	"fmt"

	"zincc/ir"
	"zincc/isa/kernels"
	"zincc/passes"
	"zincc/pm4"
)

// KernelCode is what the lowering needs to know of one library kernel.
type KernelCode struct {
	Entry               uint64 // byte offset of the first instruction in the code blob (256-aligned)
	Rsrc1, Rsrc2, Rsrc3 uint32 // COMPUTE_PGM_RSRC1..3 as the descriptor holds them
	LDSBytes            uint32 // group_segment_fixed_size
	UserSGPRs           int    // RSRC2.USER_SGPR
	Wave32              bool
}

// Library is the kernel library the lowering draws on.
type Library interface {
	Code() []byte
	Kernel(name string) (KernelCode, error)
}

// Options tune the lowering.
type Options struct {
	// BaseVA is where the first buffer goes (default DefaultBaseVA).
	BaseVA uint64
}

// DefaultBaseVA is the GPU virtual address of the first buffer: above the
// low 4 GiB, inside the user part of the GPU's address space.
const DefaultBaseVA = 0x1_0000_0000

// Buffers are laid out BaseVA onwards, each starting on a 2 MiB boundary
// and followed by at least one unmapped 2 MiB gap, so that a kernel running
// off the end of a buffer faults instead of reading its neighbour.
const bufferAlign = 2 << 20

// Alignment of values inside a buffer.
const valueAlign = 256

// The barrier between dependent dispatches (../shared/ref/pm4-gfx12.md
// §6.5): wait for earlier waves, then invalidate the per-CU vector and
// scalar caches so the next dispatch reads what they wrote from L2.
const barrierGCR = pm4.GCR_GLV_INV | pm4.GCR_GLK_INV

// barrierPackets is the barrier as dwords, built once with the pm4
// builder: every barrier in every IB is these same words.
var barrierPackets = func() []uint32 {
	b := pm4.NewBuilder(make([]uint32, 16))
	b.CSPartialFlush()
	b.AcquireMemAll(barrierGCR)
	if b.Err() != nil {
		panic(b.Err())
	}
	return b.Words()
}()

// startGCR invalidates every per-CU cache once before the first dispatch:
// the CPU has just written code, weights and inputs.
const startGCR = pm4.GCR_GLI_INV_ALL | pm4.GCR_GLK_INV | pm4.GCR_GLV_INV

// The initiator of every dispatch: shader enabled, wave32, start at 0.
var initiator = mustPack(pm4.DispatchInitiator{ComputeShaderEn: true, ForceStartAt000: true, CSW32En: true}.Pack())

func mustPack(w uint32, err error) uint32 {
	if err != nil {
		panic(err)
	}
	return w
}

// Lower turns a module into an Executable for gfx1201. The module must
// have passed ir.Verify (the frontend and the pass manager see to that).
func Lower(m *ir.Module, lib Library, opts Options) (*Executable, error) {
	plan, err := passes.PlanMemory(m, valueAlign)
	if err != nil {
		return nil, err
	}
	if opts.BaseVA == 0 {
		opts.BaseVA = DefaultBaseVA
	}
	n := len(m.Nodes)
	l := &lowering{m: m, lib: lib, plan: plan, kernels: map[string]*kernelInfo{},
		inputs: map[*ir.Value]int{},
		exe: &Executable{Module: m, Code: lib.Code(), Values: make(map[*ir.Value]Placement, len(plan.Slots)),
			Relocs: make([]Reloc, 0, 2+8*n), Dispatches: make([]Dispatch, 0, n)}}
	for i, v := range m.DeclsOf(ir.Input) {
		l.inputs[v] = i
	}
	l.layout(opts.BaseVA)
	l.b = pm4.NewBuilder(make([]uint32, ibBound(n)))
	if err := l.emit(); err != nil {
		return nil, err
	}
	w := l.b.Words()
	l.exe.IB = w[:len(w):len(w)]
	return l.exe, nil
}

// ibBound is the most dwords an IB of n dispatches can take: the preamble,
// per dispatch a barrier (2 + 8), program (4), resources (4 + 3), thread
// counts (5), 16 user-data values (18) and the dispatch (5), then the fence
// (8) and padding.
func ibBound(n int) int { return 8 + 8 + 49*n + 8 + IBAlignDwords }

// kernelInfo is what the lowering knows of one kernel it has used.
type kernelInfo struct {
	abi   *kernels.KernelABI
	code  KernelCode
	rsrc2 uint32 // with LDS_SIZE, which is the driver's to set
}

type lowering struct {
	m       *ir.Module
	lib     Library
	plan    *passes.MemoryPlan
	exe     *Executable
	b       pm4.Builder
	kernels map[string]*kernelInfo
	last    *kernelInfo // the kernel of the previous dispatch
	inputs  map[*ir.Value]int
	// Byte ranges dispatched since the last barrier, for barrier planning.
	written, read rangeSet
	// The SH registers set so far in this IB that the lowering does not
	// repeat when they do not change: program, resources, thread counts.
	shadow struct {
		set                 bool
		pgm                 uint64
		rsrc1, rsrc2, rsrc3 uint32
		block               uint32
	}
}

// layout places the buffers and every value.
func (l *lowering) layout(base uint64) {
	e := l.exe
	used := [NumBuffers]uint64{
		BufCode:    uint64(len(e.Code)),
		BufWeights: l.plan.Size[passes.Weights],
		BufState:   l.plan.Size[passes.States],
		BufArena:   l.plan.Size[passes.Arena],
		BufFence:   8,
	}
	va := base
	for i := range e.Buffers {
		size := alignUp(max(used[i], 1), 4096)
		e.Buffers[i] = Buffer{VA: va, Size: size, Used: used[i], ReadOnly: i == BufCode || i == BufWeights}
		va = alignUp(va+size, bufferAlign) + bufferAlign
	}
	for _, s := range l.plan.Slots {
		e.Values[s.Value] = placement(s)
	}
}

// regionBuffer is the Executable buffer of each memory-plan region.
var regionBuffer = [...]int{passes.Arena: BufArena, passes.Weights: BufWeights, passes.States: BufState}

func placement(s passes.Slot) Placement {
	return Placement{Buffer: regionBuffer[s.Region], Offset: s.Offset, Bytes: s.Bytes}
}

// place is where v lives, from the memory plan (a slice lookup, where
// Executable.Values is a map).
func (l *lowering) place(v *ir.Value) (Placement, bool) {
	s, ok := l.plan.Slot(v)
	return placement(s), ok
}

func alignUp(n, a uint64) uint64 { return (n + a - 1) / a * a }

// emit writes the whole IB.
func (l *lowering) emit() error {
	// Preamble: no resource limits, every CU of the first four shader
	// engines, no scratch; then make the CPU's uploads visible.
	l.b.SetShReg(pm4.COMPUTE_RESOURCE_LIMITS, 0, 0xFFFFFFFF, 0xFFFFFFFF, 0, 0xFFFFFFFF, 0xFFFFFFFF)
	l.b.AcquireMemAll(startGCR)
	var errs []error
	for _, n := range l.m.Nodes {
		rule, ok := rules[n.Op]
		if !ok {
			errs = append(errs, fmt.Errorf("%v: gfx1201 has no lowering for %s", n.Pos, n.Op.Name))
			continue
		}
		ln, err := rule(n)
		if err == nil {
			err = l.dispatch(n, &ln)
		}
		if err != nil {
			errs = append(errs, err)
		}
	}
	if len(errs) > 0 {
		return errors.Join(errs...)
	}
	// One end-of-pipe fence: it waits for every dispatch and writes back L2.
	at := l.b.Written()
	l.b.Fence64(l.exe.VA(Placement{Buffer: BufFence}), 0)
	l.exe.FenceDword = at + pm4.PosReleaseMemData
	l.reloc(at+pm4.PosReleaseMemAddr, RelocLo32, BufFence, 0)
	l.reloc(at+pm4.PosReleaseMemAddr+1, RelocHi32, BufFence, 0)
	l.b.PadTo(IBAlignDwords)
	if err := l.b.Err(); err != nil {
		return fmt.Errorf("gfx1201: internal error writing the IB: %w", err)
	}
	return nil
}

func (l *lowering) reloc(dword int, kind RelocKind, buf int, off uint64) {
	l.exe.Relocs = append(l.exe.Relocs, Reloc{Dword: dword, Kind: kind, Buffer: buf, Offset: off})
}

// kernel returns what the lowering needs of a library kernel, checking the
// first time it is used that its descriptor agrees with its ABI.
func (l *lowering) kernel(n *ir.Node, name string) (*kernelInfo, error) {
	if l.last != nil && l.last.abi.Name == name {
		return l.last, nil
	}
	if k, ok := l.kernels[name]; ok {
		l.last = k
		return k, nil
	}
	abi := kernels.LookupABI(name)
	if abi == nil {
		return nil, fmt.Errorf("%v: %s: no kernel %q in the ABI table", n.Pos, n.Op.Name, name)
	}
	code, err := l.lib.Kernel(name)
	if err != nil {
		return nil, fmt.Errorf("%v: %s: %w", n.Pos, n.Op.Name, err)
	}
	if code.UserSGPRs != abi.UserSGPRs() || !code.Wave32 {
		return nil, fmt.Errorf("%v: kernel %s: its descriptor (%d user SGPRs, wave32 %v) disagrees with its ABI (%d, wave32)",
			n.Pos, name, code.UserSGPRs, code.Wave32, abi.UserSGPRs())
	}
	k := &kernelInfo{abi: abi, code: code, rsrc2: code.Rsrc2 | (code.LDSBytes+511)/512<<15}
	l.kernels[name] = k
	l.last = k
	return k, nil
}

// dispatch emits one kernel launch, with a barrier first if it depends on
// (or would overwrite what is read by) a dispatch since the last barrier.
func (l *lowering) dispatch(n *ir.Node, ln *launch) error {
	k, err := l.kernel(n, ln.kernel)
	if err != nil {
		return err
	}
	abi := k.abi
	if ln.nargs != len(abi.Args) {
		return fmt.Errorf("%v: kernel %s takes %d arguments, the lowering passes %d", n.Pos, ln.kernel, len(abi.Args), ln.nargs)
	}

	// Barrier planning over the byte ranges of the GPU buffers.
	var rdBuf, wrBuf [maxArgs]span
	var place [maxArgs]Placement
	rd, wr := rdBuf[:0], wrBuf[:0]
	for i := 0; i < ln.nargs; i++ {
		a := ln.args[i]
		if abi.Args[i].Kind != kernels.ArgPtr {
			continue
		}
		p, ok := l.place(a.addr)
		if !ok {
			return fmt.Errorf("%v: %s: %s %s has no memory on the GPU (only inputs passed as scalars do without)",
				n.Pos, n.Op.Name, a.addr.Kind, a.addr.Ref())
		}
		place[i] = p
		start := l.exe.VA(p)
		s := span{start, start + p.Bytes}
		if a.addr == n.Result || a.addr == ln.state {
			wr = append(wr, s)
		} else if a.addr.Kind != ir.Weight { // nothing writes weights
			rd = append(rd, s)
		}
	}
	first := l.b.Written()
	if l.written.overlapsAny(rd) || l.written.overlapsAny(wr) || l.read.overlapsAny(wr) {
		l.b.Raw(barrierPackets...)
		l.written.reset()
		l.read.reset()
	}
	for _, s := range rd {
		l.read.add(s)
	}
	for _, s := range wr {
		l.written.add(s)
	}

	// Program, resources and workgroup shape, where they change.
	sh := &l.shadow
	pgm := l.exe.Buffers[BufCode].VA + k.code.Entry
	if !sh.set || sh.pgm != pgm {
		at := l.b.Written()
		l.b.SetProgram(pgm)
		l.reloc(at+pm4.PosSetShRegValues, RelocPgmLo, BufCode, k.code.Entry)
		l.reloc(at+pm4.PosSetShRegValues+1, RelocPgmHi, BufCode, k.code.Entry)
	}
	if !sh.set || sh.rsrc1 != k.code.Rsrc1 || sh.rsrc2 != k.rsrc2 {
		l.b.SetShReg(pm4.COMPUTE_PGM_RSRC1, k.code.Rsrc1, k.rsrc2)
	}
	if !sh.set || sh.rsrc3 != k.code.Rsrc3 {
		l.b.SetReg(pm4.COMPUTE_PGM_RSRC3, k.code.Rsrc3)
	}
	if !sh.set || sh.block != abi.Block {
		l.b.SetShReg(pm4.COMPUTE_NUM_THREAD_X, abi.Block, 1, 1)
	}
	sh.set, sh.pgm, sh.rsrc1, sh.rsrc2, sh.rsrc3, sh.block = true, pgm, k.code.Rsrc1, k.rsrc2, k.code.Rsrc3, abi.Block

	// Arguments into the user SGPRs; addresses are relocated, inputs patched.
	var user [pm4.NumUserData]uint32
	at := l.b.Written() + pm4.PosSetShRegValues
	w := 0
	for i := 0; i < ln.nargs; i++ {
		a := ln.args[i]
		switch {
		case abi.Args[i].Kind == kernels.ArgPtr:
			p := place[i]
			va := l.exe.VA(p)
			user[w], user[w+1] = uint32(va), uint32(va>>32)
			l.reloc(at+w, RelocLo32, p.Buffer, p.Offset)
			l.reloc(at+w+1, RelocHi32, p.Buffer, p.Offset)
			w += 2
		case a.input != nil:
			l.exe.Patches = append(l.exe.Patches, Patch{Input: l.inputs[a.input], Dword: at + w})
			w++
		default:
			user[w] = a.word
			w++
		}
	}
	l.b.SetShReg(pm4.COMPUTE_USER_DATA_0, user[:w]...)

	at = l.b.Written()
	l.b.Dispatch(abi.Groups(ln.size), 1, 1, initiator)
	l.exe.Dispatches = append(l.exe.Dispatches, Dispatch{Node: n, Kernel: ln.kernel, Entry: k.code.Entry, Dword: at, First: first})
	return nil
}
