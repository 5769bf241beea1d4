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

// Lower turns a verified module into an Executable for gfx1201.
func Lower(m *ir.Module, lib Library, opts Options) (*Executable, error) {
	if errs := ir.Verify(m); len(errs) > 0 {
		return nil, errs
	}
	plan, err := passes.PlanMemory(m, valueAlign)
	if err != nil {
		return nil, err
	}
	if opts.BaseVA == 0 {
		opts.BaseVA = DefaultBaseVA
	}
	l := &lowering{m: m, lib: lib, plan: plan, exe: &Executable{Module: m, Code: lib.Code(), Values: map[*ir.Value]Placement{}}}
	l.layout(opts.BaseVA)
	l.b = pm4.NewBuilder(make([]uint32, 64+40*len(m.Nodes)))
	if err := l.emit(); err != nil {
		return nil, err
	}
	l.exe.IB = append([]uint32(nil), l.b.Words()...)
	return l.exe, nil
}

type lowering struct {
	m    *ir.Module
	lib  Library
	plan *passes.MemoryPlan
	exe  *Executable
	b    pm4.Builder
	// Byte ranges dispatched since the last barrier, for barrier planning.
	written, read rangeSet
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
	region := map[passes.Region]int{passes.Arena: BufArena, passes.Weights: BufWeights, passes.States: BufState}
	for _, s := range l.plan.Slots {
		e.Values[s.Value] = Placement{Buffer: region[s.Region], Offset: s.Offset, Bytes: s.Bytes}
	}
}

func alignUp(n, a uint64) uint64 { return (n + a - 1) / a * a }

// emit writes the whole IB.
func (l *lowering) emit() error {
	inputs := map[*ir.Value]int{}
	for i, v := range l.m.DeclsOf(ir.Input) {
		inputs[v] = i
	}
	// Preamble: no resource limits, every CU of the first four shader
	// engines, no scratch; then make the CPU's uploads visible.
	if err := l.do(func() error {
		return l.b.SetShReg(pm4.COMPUTE_RESOURCE_LIMITS, 0, 0xFFFFFFFF, 0xFFFFFFFF, 0, 0xFFFFFFFF, 0xFFFFFFFF)
	}); err != nil {
		return err
	}
	if err := l.do(func() error { return l.b.AcquireMemAll(startGCR) }); err != nil {
		return err
	}
	var errs []error
	for _, n := range l.m.Nodes {
		rule, ok := rules[n.Op]
		if !ok {
			errs = append(errs, fmt.Errorf("%v: gfx1201 has no lowering for %s", n.Pos, n.Op.Name))
			continue
		}
		ln, err := rule(n)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if err := l.dispatch(n, ln, inputs); err != nil {
			errs = append(errs, err)
		}
	}
	if len(errs) > 0 {
		return errors.Join(errs...)
	}
	// One end-of-pipe fence: it waits for every dispatch and writes back L2.
	at := l.b.Written()
	fence := l.exe.VA(Placement{Buffer: BufFence})
	if err := l.do(func() error { return l.b.Fence64(fence, 0) }); err != nil {
		return err
	}
	l.exe.FenceDword = at + pm4.PosReleaseMemData
	l.reloc(at+pm4.PosReleaseMemAddr, RelocLo32, BufFence, 0)
	l.reloc(at+pm4.PosReleaseMemAddr+1, RelocHi32, BufFence, 0)
	return l.do(func() error { return l.b.PadTo(IBAlignDwords) })
}

// do runs one builder call, growing the IB when it is full.
func (l *lowering) do(write func() error) error {
	for {
		err := write()
		if !errors.Is(err, pm4.ErrOutOfSpace) {
			return err
		}
		if err := l.b.Grow(make([]uint32, 2*(l.b.Written()+l.b.Free())+64)); err != nil {
			return err
		}
	}
}

func (l *lowering) reloc(dword int, kind RelocKind, buf int, off uint64) {
	l.exe.Relocs = append(l.exe.Relocs, Reloc{Dword: dword, Kind: kind, Buffer: buf, Offset: off})
}

// dispatch emits one kernel launch, with a barrier first if it depends on
// (or would overwrite what is read by) a dispatch since the last barrier.
func (l *lowering) dispatch(n *ir.Node, ln launch, inputs map[*ir.Value]int) error {
	abi := kernels.LookupABI(ln.kernel)
	if abi == nil {
		return fmt.Errorf("%v: %s: the kernel library has no %s", n.Pos, n.Op.Name, ln.kernel)
	}
	code, err := l.lib.Kernel(ln.kernel)
	if err != nil {
		return fmt.Errorf("%v: %s: %w", n.Pos, n.Op.Name, err)
	}
	if code.UserSGPRs != abi.UserSGPRs() || !code.Wave32 {
		return fmt.Errorf("%v: kernel %s: its descriptor (%d user SGPRs, wave32 %v) disagrees with its ABI (%d, wave32)",
			n.Pos, ln.kernel, code.UserSGPRs, code.Wave32, abi.UserSGPRs())
	}
	if len(ln.args) != len(abi.Args) {
		return fmt.Errorf("%v: kernel %s takes %d arguments, the lowering passes %d", n.Pos, ln.kernel, len(abi.Args), len(ln.args))
	}
	writes := ln.writes
	if n.Result != nil {
		writes = append(writes, n.Result)
	}

	// Barrier planning over the byte ranges of the GPU buffers.
	var rd, wr []span
	for i, a := range ln.args {
		if abi.Args[i].Kind != kernels.ArgPtr {
			continue
		}
		s, err := l.span(n, a.addr)
		if err != nil {
			return err
		}
		if contains(writes, a.addr) {
			wr = append(wr, s)
		} else {
			rd = append(rd, s)
		}
	}
	first := l.b.Written()
	if l.written.overlapsAny(rd) || l.written.overlapsAny(wr) || l.read.overlapsAny(wr) {
		if err := l.do(l.b.CSPartialFlush); err != nil {
			return err
		}
		if err := l.do(func() error { return l.b.AcquireMemAll(barrierGCR) }); err != nil {
			return err
		}
		l.written.reset()
		l.read.reset()
	}
	for _, s := range rd {
		l.read.add(s)
	}
	for _, s := range wr {
		l.written.add(s)
	}

	// Program, resources, workgroup shape.
	at := l.b.Written()
	if err := l.do(func() error { return l.b.SetProgram(l.exe.Buffers[BufCode].VA + code.Entry) }); err != nil {
		return err
	}
	l.reloc(at+pm4.PosSetShRegValues, RelocPgmLo, BufCode, code.Entry)
	l.reloc(at+pm4.PosSetShRegValues+1, RelocPgmHi, BufCode, code.Entry)
	rsrc2 := code.Rsrc2 | (code.LDSBytes+511)/512<<15 // LDS_SIZE is the driver's to set
	if err := l.do(func() error { return l.b.SetShReg(pm4.COMPUTE_PGM_RSRC1, code.Rsrc1, rsrc2) }); err != nil {
		return err
	}
	if err := l.do(func() error { return l.b.SetReg(pm4.COMPUTE_PGM_RSRC3, code.Rsrc3) }); err != nil {
		return err
	}
	if err := l.do(func() error { return l.b.SetShReg(pm4.COMPUTE_NUM_THREAD_X, abi.Block, 1, 1) }); err != nil {
		return err
	}

	// Arguments into the user SGPRs.
	var user [pm4.NumUserData]uint32
	type fix struct {
		word int
		arg  argValue
		hi   bool
	}
	var fixes []fix
	k := 0
	for i, a := range ln.args {
		switch abi.Args[i].Kind {
		case kernels.ArgPtr:
			va := l.exe.VA(l.exe.Values[a.addr])
			user[k], user[k+1] = uint32(va), uint32(va>>32)
			fixes = append(fixes, fix{k, a, false}, fix{k + 1, a, true})
			k += 2
		default:
			if a.input != nil {
				fixes = append(fixes, fix{word: k, arg: a})
			} else {
				user[k] = a.word
			}
			k++
		}
	}
	at = l.b.Written()
	if err := l.do(func() error { return l.b.SetShReg(pm4.COMPUTE_USER_DATA_0, user[:k]...) }); err != nil {
		return err
	}
	for _, f := range fixes {
		dw := at + pm4.PosSetShRegValues + f.word
		if f.arg.input != nil {
			l.exe.Patches = append(l.exe.Patches, Patch{Input: inputs[f.arg.input], Dword: dw})
			continue
		}
		p := l.exe.Values[f.arg.addr]
		kind := RelocLo32
		if f.hi {
			kind = RelocHi32
		}
		l.reloc(dw, kind, p.Buffer, p.Offset)
	}

	groups := abi.Groups(ln.size)
	at = l.b.Written()
	if err := l.do(func() error { return l.b.Dispatch(groups, 1, 1, initiator) }); err != nil {
		return err
	}
	l.exe.Dispatches = append(l.exe.Dispatches, Dispatch{Node: n, Kernel: ln.kernel, Entry: code.Entry, Dword: at, First: first})
	return nil
}

// span is the byte range a value occupies in GPU memory.
func (l *lowering) span(n *ir.Node, v *ir.Value) (span, error) {
	p, ok := l.exe.Values[v]
	if !ok {
		return span{}, fmt.Errorf("%v: %s: %s %s has no memory on the GPU (only inputs passed as scalars do without)",
			n.Pos, n.Op.Name, v.Kind, v.Ref())
	}
	start := l.exe.VA(p)
	return span{start, start + p.Bytes}, nil
}

func contains(vs []*ir.Value, v *ir.Value) bool {
	for _, x := range vs {
		if x == v {
			return true
		}
	}
	return false
}
