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
	Size                uint64 // bytes from Entry that are the kernel's: a self-contained range the lowering copies
	Rsrc1, Rsrc2, Rsrc3 uint32 // COMPUTE_PGM_RSRC1..3 as the descriptor holds them
	LDSBytes            uint32 // group_segment_fixed_size
	UserSGPRs           int    // RSRC2.USER_SGPR
	Wave32              bool
}

// Library is the kernel library the lowering draws on. The lowering
// copies each kernel it uses, Code()[Entry:Entry+Size], into the
// Executable's own code.
type Library interface {
	Code() []byte
	Kernel(name string) (KernelCode, error)
}

// Options tune the lowering.
type Options struct {
	// BaseVA is where the first buffer goes (default DefaultBaseVA).
	BaseVA uint64
	// Plan is the memory plan of the module, from passes.PlanMemory with an
	// alignment that is a multiple of 256 bytes; nil makes Lower plan. A
	// pipeline that has planned already (or benchmarks the two stages
	// apart) passes its plan here.
	Plan *passes.MemoryPlan
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
	plan := opts.Plan
	switch {
	case plan == nil:
		var err error
		// Values live as the folded dispatches read them (fold_x.go).
		if plan, err = passes.PlanMemoryJoined(m, valueAlign, foldJoins(m)); err != nil {
			return nil, err
		}
	case plan.Module != m:
		return nil, fmt.Errorf("gfx1201: the memory plan is of graph @%s, not of @%s", plan.Module.Name, m.Name)
	case plan.Align%valueAlign != 0:
		return nil, fmt.Errorf("gfx1201: the memory plan aligns values to %d bytes; the kernels need a multiple of %d", plan.Align, valueAlign)
	}
	if opts.BaseVA == 0 {
		opts.BaseVA = DefaultBaseVA
	}
	n := len(m.Nodes)
	l := &lowering{m: m, lib: lib, plan: plan, kernels: make([]*kernelInfo, len(kernels.ABIs)),
		inputs: make([]int32, len(m.Decls)),
		exe: &Executable{Module: m, Values: make([]Placement, len(plan.Slots)),
			Relocs: make([]Reloc, 0, 1+4*n), Dispatches: make([]Dispatch, 0, n)}}
	l.launch.spare = &l.then
	k := int32(0)
	for id, v := range m.Decls { // IDs: declarations come first
		if v.Kind == ir.Input {
			l.inputs[id] = k
			k++
		}
	}
	l.layout(opts.BaseVA)
	l.b = pm4.NewBuilder(make([]uint32, ibGuess(n)))
	if err := l.emit(); err != nil {
		return nil, err
	}
	code := &l.exe.Buffers[BufCode]
	code.Used = uint64(len(l.exe.Code))
	code.Size = alignUp(max(code.Used, 1), 4096)
	w := l.b.Words()
	if len(w) > pm4.MaxIBDwords {
		return nil, fmt.Errorf("gfx1201: graph @%s needs an IB of %d dwords for its %d dispatches; an INDIRECT_BUFFER holds at most %d (IB_SIZE is 20 bits)",
			m.Name, len(w), len(l.exe.Dispatches), pm4.MaxIBDwords)
	}
	l.exe.IB = w[:len(w):len(w)]
	return l.exe, nil
}

// The IB's size: the preamble takes preambleDwords, each dispatch at most
// dispatchDwords (a barrier 2 + 8, program 4, resources 4 + 3, thread
// counts 5, 16 user-data values 18, the dispatch 5), the end at most
// endDwords (fence 8, padding). Most dispatches repeat some registers and
// need no barrier, so the IB starts at ibGuess and grows when a dispatch
// might not fit.
const (
	preambleDwords = 8 + 8
	dispatchDwords = 49
	endDwords      = 8 + IBAlignDwords
)

func ibBound(n int) int { return preambleDwords + dispatchDwords*n + endDwords }

func ibGuess(n int) int { return preambleDwords + 30*n + endDwords }

// kernelInfo is what the lowering knows of one kernel it has used.
type kernelInfo struct {
	abi   *kernels.KernelABI
	code  KernelCode
	rsrc2 uint32 // with LDS_SIZE, which is the driver's to set
	sgprs int    // user SGPRs the arguments fill
}

type lowering struct {
	m       *ir.Module
	lib     Library
	plan    *passes.MemoryPlan
	exe     *Executable
	b       pm4.Builder
	kernels []*kernelInfo // by kernels.KernelABI.Index, as first used
	inputs  []int32       // by declaration ID: an input's index among the inputs
	// Byte ranges dispatched since the last barrier, for barrier planning.
	written, read rangeSet
	// Per-dispatch scratch, kept here so that it is not zeroed per call:
	// the placements of the pointer arguments and the ranges they read
	// and write (16 user SGPRs hold at most maxPtrArgs pointers).
	place  [maxArgs]Placement
	rd, wr [maxPtrArgs]span
	launch launch // the node being lowered
	then   launch // its second launch, if it has one (launch.then)
	// scratch is the arena's room for launches' KernelABI.Scratch: the
	// most any launch needs, after the values (zero until the first step,
	// and left zero by the kernels that use it).
	scratch Placement
	// The SH registers set so far in this IB that the lowering does not
	// repeat when they do not change: program, resources, thread counts.
	shadow struct {
		set                 bool
		pgm                 uint64
		rsrc1, rsrc2, rsrc3 uint32
		block               uint32
	}
}

// layout places the buffers and every value. The code buffer's room is
// the whole library's size (Lower sets the size it uses once the kernels
// are placed), so that the addresses of the other buffers do not depend on
// which kernels the graph uses.
func (l *lowering) layout(base uint64) {
	e := l.exe
	used := [NumBuffers]uint64{
		BufCode:    uint64(len(l.lib.Code())),
		BufWeights: l.plan.Size[passes.Weights],
		BufState:   l.plan.Size[passes.States],
		BufArena:   l.plan.Size[passes.Arena],
		BufFence:   8,
	}
	var need uint32
	for _, n := range l.m.Nodes {
		if r := ruleFor(n.Op); r != nil && r(n, &l.launch) == nil {
			for ln := &l.launch; ln != nil; ln = ln.then {
				if ln.kernel.Scratch != nil {
					need = max(need, ln.kernel.Scratch(ln.size))
				}
			}
		}
	}
	if need > 0 {
		off := alignUp(used[BufArena], valueAlign)
		l.scratch = Placement{Buffer: BufArena, Offset: off, Bytes: uint64(need)}
		used[BufArena] = off + uint64(need)
	}
	va := base
	for i := range e.Buffers {
		size := alignUp(max(used[i], 1), 4096)
		e.Buffers[i] = Buffer{VA: va, Size: size, Used: used[i], ReadOnly: i == BufCode || i == BufWeights}
		va = alignUp(va+size, bufferAlign) + bufferAlign
	}
	for id, s := range l.plan.Slots {
		e.Values[id] = placement(s)
	}
}

// regionBuffer is the Executable buffer of each memory-plan region.
var regionBuffer = [...]int{passes.Arena: BufArena, passes.Weights: BufWeights, passes.States: BufState, passes.NoRegion: NoBuffer}

func placement(s passes.Slot) Placement {
	return Placement{Buffer: regionBuffer[s.Region], Offset: s.Offset, Bytes: s.Bytes}
}

func alignUp(n, a uint64) uint64 { return (n + a - 1) / a * a }

// emit writes the whole IB.
func (l *lowering) emit() error {
	// Preamble: no resource limits, every CU of the first four shader
	// engines, no scratch; then make the CPU's uploads visible.
	l.b.SetShReg(pm4.COMPUTE_RESOURCE_LIMITS, 0, 0xFFFFFFFF, 0xFFFFFFFF, 0, 0xFFFFFFFF, 0xFFFFFFFF)
	l.b.AcquireMemAll(startGCR)
	var errs []error
	ln := &l.launch
	for i := 0; i < len(l.m.Nodes); i++ {
		n := l.m.Nodes[i]
		rule := ruleFor(n.Op)
		if rule == nil {
			errs = append(errs, fmt.Errorf("%v: gfx1201 has no lowering for %s", n.Pos, n.Op.Name))
			continue
		}
		var err error
		at := i
		if f := l.foldAt(i); f > 1 { // a producer of x folded into its matvecs (fold_x.go)
			l.lowerFold(l.m.Nodes[i:i+f], ln)
			i += f - 1
		} else if g := l.groupAt(i); g > 1 { // grouped matvecs (group.go)
			l.lowerGroup(l.m.Nodes[i:i+g], ln)
			i += g - 1
		} else {
			err = rule(n, ln)
		}
		for d := ln; err == nil && d != nil; d = d.then {
			err = l.dispatch(at, n, d)
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
	l.reloc(at+pm4.PosReleaseMemAddr, RelocAddr64, BufFence, 0)
	l.b.PadTo(IBAlignDwords)
	if err := l.b.Err(); err != nil {
		return fmt.Errorf("gfx1201: internal error writing the IB: %w", err)
	}
	return nil
}

func (l *lowering) reloc(dword int, kind RelocKind, buf int, off uint64) {
	l.exe.Relocs = append(l.exe.Relocs, Reloc{Dword: uint32(dword), Kind: kind, Buffer: uint8(buf), Offset: off})
}

// kernel returns what the lowering needs of a library kernel, checking the
// first time it is used that its descriptor agrees with its ABI.
func (l *lowering) kernel(n *ir.Node, abi *kernels.KernelABI) (*kernelInfo, error) {
	if k := l.kernels[abi.Index()]; k != nil {
		return k, nil
	}
	code, err := l.lib.Kernel(abi.Name)
	if err != nil {
		return nil, fmt.Errorf("%v: %s: %w", n.Pos, n.Op.Name, err)
	}
	if code.UserSGPRs != abi.UserSGPRs() || !code.Wave32 {
		return nil, fmt.Errorf("%v: kernel %s: its descriptor (%d user SGPRs, wave32 %v) disagrees with its ABI (%d, wave32)",
			n.Pos, abi.Name, code.UserSGPRs, code.Wave32, abi.UserSGPRs())
	}
	lib := l.lib.Code()
	if code.Size == 0 || code.Entry > uint64(len(lib)) || code.Size > uint64(len(lib))-code.Entry {
		return nil, fmt.Errorf("%v: kernel %s: the library puts it at [0x%x, 0x%x), outside its %d bytes of code",
			n.Pos, abi.Name, code.Entry, code.Entry+code.Size, len(lib))
	}
	// Copy the kernel to the next aligned place in the Executable's code.
	at := alignUp(uint64(len(l.exe.Code)), kernels.EntryAlign)
	l.exe.Code = append(l.exe.Code, make([]byte, at-uint64(len(l.exe.Code)))...)
	l.exe.Code = append(l.exe.Code, lib[code.Entry:code.Entry+code.Size]...)
	code.Entry = at
	k := &kernelInfo{abi: abi, code: code, rsrc2: kernels.WithLDS(code.Rsrc2, code.LDSBytes), sgprs: abi.UserSGPRs()}
	l.kernels[abi.Index()] = k
	return k, nil
}

// dispatch emits one kernel launch, with a barrier first if it depends on
// (or would overwrite what is read by) a dispatch since the last barrier.
func (l *lowering) dispatch(index int, n *ir.Node, ln *launch) error {
	k, err := l.kernel(n, ln.kernel)
	if err != nil {
		return err
	}
	abi := k.abi
	if ln.nargs != len(abi.Args) {
		return fmt.Errorf("%v: kernel %s takes %d arguments, the lowering passes %d", n.Pos, abi.Name, len(abi.Args), ln.nargs)
	}
	if l.b.Free() < dispatchDwords+endDwords {
		// Room for this dispatch at worst and the rest at the usual rate.
		left := len(l.m.Nodes) - index
		if err := l.b.Grow(make([]uint32, l.b.Written()+dispatchDwords+ibGuess(left))); err != nil {
			return fmt.Errorf("gfx1201: internal error growing the IB: %w", err)
		}
	}

	// Barrier planning over the byte ranges of the GPU buffers.
	place, rd, wr := &l.place, l.rd[:0], l.wr[:0]
	result := int32(-1)
	if n.Result != nil {
		result = int32(n.Result.ID)
	}
	for i := 0; i < ln.nargs; i++ {
		a := ln.args[i]
		if (abi.Args[i].Kind != kernels.ArgPtr && a.kind != argOffset) || a.kind == argNull {
			continue
		}
		p := Placement{Buffer: NoBuffer}
		switch a.kind {
		case argAddr, argOffset:
			p = l.exe.Values[a.id]
		case argScratch:
			// Read and written: launches that use it are ordered.
			p = l.scratch
			place[i] = p
			start := l.exe.VA(p)
			wr = append(wr, span{start, start + p.Bytes})
			continue
		}
		if p.Buffer == NoBuffer {
			v := l.m.ValueByID(int(a.id))
			return fmt.Errorf("%v: %s: %s %s has no memory on the GPU (only inputs passed as scalars do without)",
				n.Pos, n.Op.Name, v.Kind, v.Ref())
		}
		place[i] = p
		start := l.exe.VA(p)
		s := span{start, start + p.Bytes}
		if a.id == result || a.id == ln.state || writesID(n, a.id) {
			wr = append(wr, s)
		} else if p.Buffer != BufWeights { // nothing writes weights
			rd = append(rd, s)
		}
	}
	for _, id := range ln.also[:ln.nodes-1] { // a grouped matvec's later results
		p := l.exe.Values[id]
		start := l.exe.VA(p)
		wr = append(wr, span{start, start + p.Bytes})
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
		l.reloc(at+pm4.PosSetShRegValues, RelocPgm, BufCode, k.code.Entry)
	}
	rsrc2 := k.rsrc2
	if abi.ExtraLDS != nil { // LDS that grows with the launch (attention scores)
		lds := abi.LDSBytes(k.code.LDSBytes, ln.size)
		if lds > kernels.MaxLDS {
			return fmt.Errorf("%v: %s: kernel %s needs %d bytes of LDS for %+v; a workgroup has at most %d",
				n.Pos, n.Op.Name, abi.Name, lds, ln.size, kernels.MaxLDS)
		}
		rsrc2 = kernels.WithLDS(k.code.Rsrc2, lds)
	}
	if !sh.set || sh.rsrc1 != k.code.Rsrc1 || sh.rsrc2 != rsrc2 {
		l.b.SetShReg(pm4.COMPUTE_PGM_RSRC1, k.code.Rsrc1, rsrc2)
	}
	if !sh.set || sh.rsrc3 != k.code.Rsrc3 {
		l.b.SetReg(pm4.COMPUTE_PGM_RSRC3, k.code.Rsrc3)
	}
	if !sh.set || sh.block != abi.Block {
		l.b.SetShReg(pm4.COMPUTE_NUM_THREAD_X, abi.Block, 1, 1)
	}
	sh.set, sh.pgm, sh.rsrc1, sh.rsrc2, sh.rsrc3, sh.block = true, pgm, k.code.Rsrc1, rsrc2, k.code.Rsrc3, abi.Block

	// Arguments into the user SGPRs; addresses are relocated, inputs patched.
	at := l.b.Written() + pm4.PosSetShRegValues
	user, err := l.b.SetShRegSlots(pm4.COMPUTE_USER_DATA_0, k.sgprs)
	if err != nil {
		return fmt.Errorf("gfx1201: internal error writing the IB: %w", err)
	}
	w := 0
	for i := 0; i < ln.nargs; i++ {
		a := ln.args[i]
		switch {
		case a.kind == argNull:
			user[w], user[w+1] = 0, 0
			w += 2
		case abi.Args[i].Kind == kernels.ArgPtr:
			p := place[i]
			va := l.exe.VA(p)
			user[w], user[w+1] = uint32(va), uint32(va>>32)
			l.reloc(at+w, RelocAddr64, p.Buffer, p.Offset)
			w += 2
		case a.kind == argOffset:
			if user[w], err = l.offsetWord(a); err != nil {
				return fmt.Errorf("%v: %s: %w", n.Pos, n.Op.Name, err)
			}
			w++
		case a.kind == argInput:
			l.exe.Patches = append(l.exe.Patches, Patch{Input: int(l.inputs[a.id]), Dword: at + w})
			w++
		default:
			user[w] = a.word
			w++
		}
	}

	at = l.b.Written()
	l.b.Dispatch(abi.Groups(ln.size), 1, 1, initiator)
	l.exe.Dispatches = append(l.exe.Dispatches, Dispatch{Node: index, Nodes: ln.nodes, Kernel: abi.Index(), Entry: k.code.Entry, Dword: at, First: first})
	return nil
}
