package gfx1201

import (
	"fmt"

	"zincc/ir"
	"zincc/isa/kernels"
)

// Executable is a decode step lowered for gfx1201: everything a ring needs
// to run it on a GPU (real or emulated) and nothing it must recompute per
// step. The IB refers to GPU virtual addresses chosen at lowering time
// (Buffer.VA); a ring that must place a buffer elsewhere rewrites the IB
// with Rebase.
type Executable struct {
	Module *ir.Module

	// IB is the indirect buffer: PM4 type-3 packets ending in one
	// RELEASE_MEM fence, padded to IBAlignDwords.
	IB []uint32
	// Code is the contents of the code buffer: the kernels the IB
	// dispatches and no others, each copied from the library to the next
	// 256-byte aligned offset in the order the IB first uses them, so
	// that a kernel the graph does not use never moves an address.
	Code []byte

	// Buffers lists the GPU memory the step uses, indexed by the Buf*
	// constants.
	Buffers [NumBuffers]Buffer
	// Values[id] is where the value with that ID (ir.Module.Number) lives.
	// Inputs live in the IB (see Patches): their Buffer is NoBuffer. Use
	// Placement to look a value up.
	Values []Placement

	// Patches name the IB dwords that hold per-step inputs, so that a step
	// costs a few dword writes (PatchInputs) instead of a new lowering.
	Patches []Patch
	// FenceDword is the IB index of the low 32 bits of the value RELEASE_MEM
	// writes at the fence address (the high 32 bits follow); rings write a
	// new sequence number there before each submission.
	FenceDword int
	// Relocs name every IB dword that holds (part of) a buffer address.
	Relocs []Reloc

	// Dispatches describe each DISPATCH_DIRECT, in IB order, for listings
	// and for the emulator's reports.
	Dispatches []Dispatch
}

// IBAlignDwords is the size multiple an IB is padded to (with NOPs), as
// Linux and mesa pad compute IBs.
const IBAlignDwords = 8

// The buffers of an Executable.
const (
	BufCode    = iota // kernel code: read-only, executable
	BufWeights        // every weight: read-only
	BufState          // every state (KV caches): read-write, persists across steps
	BufArena          // SSA values, placed by the memory plan: read-write
	BufFence          // the RELEASE_MEM target (8 bytes): read-write
	NumBuffers
)

var bufferNames = [NumBuffers]string{"code", "weights", "state", "arena", "fence"}

// BufferName names buffer index i ("code", "weights", ...).
func BufferName(i int) string {
	if i >= 0 && i < NumBuffers {
		return bufferNames[i]
	}
	return fmt.Sprintf("buffer%d", i)
}

// Buffer is one GPU memory allocation.
type Buffer struct {
	VA       uint64 // GPU virtual address chosen at lowering (a multiple of 4096)
	Size     uint64 // bytes (a multiple of 4096; may be more than Used)
	Used     uint64 // bytes the step actually touches
	ReadOnly bool   // the GPU never writes it
}

// Placement is where a value lives.
type Placement struct {
	Buffer int // an index into Executable.Buffers, or NoBuffer
	Offset uint64
	Bytes  uint64
}

// NoBuffer is the Buffer of a value without GPU memory (an input).
const NoBuffer = -1

// Placement returns where v lives, or false if v has no memory (an input)
// or is not a value of e.Module.
func (e *Executable) Placement(v *ir.Value) (Placement, bool) {
	if !e.Module.Holds(v) || v.ID >= len(e.Values) || e.Values[v.ID].Buffer == NoBuffer {
		return Placement{}, false
	}
	return e.Values[v.ID], true
}

// SetPlacement records where v, a value of the numbered e.Module, lives,
// growing Values as needed (new entries are NoBuffer); for executables
// built by hand (the lowering fills Values itself).
func (e *Executable) SetPlacement(v *ir.Value, p Placement) {
	for len(e.Values) <= v.ID {
		e.Values = append(e.Values, Placement{Buffer: NoBuffer})
	}
	e.Values[v.ID] = p
}

// VA returns the GPU virtual address of a placement in e.
func (e *Executable) VA(p Placement) uint64 { return e.Buffers[p.Buffer].VA + p.Offset }

// Patch says that the 32-bit word of module input Input (its index among
// the module's input declarations) goes into IB dword Dword.
type Patch struct {
	Input int
	Dword int
}

// RelocKind says how an address sits in the two IB dwords of a Reloc.
type RelocKind uint8

// The address forms found in an IB.
const (
	// RelocAddr64: bits 31:0 at Dword, bits 63:32 at Dword+1 (user data,
	// RELEASE_MEM, WRITE_DATA addresses).
	RelocAddr64 RelocKind = iota + 1
	// RelocPgm: bits 39:8 at Dword (COMPUTE_PGM_LO), bits 47:40 at
	// Dword+1 (COMPUTE_PGM_HI).
	RelocPgm
)

// Reloc says that IB dwords Dword and Dword+1 hold the address
// Buffers[Buffer].VA + Offset in the form Kind. It is 16 bytes and holds
// no pointers: a large IB has thousands.
type Reloc struct {
	Dword  uint32
	Kind   RelocKind
	Buffer uint8
	Offset uint64
}

// Dispatch describes one kernel launch in the IB. It holds indices, not
// pointers, so that a large IB's table costs the garbage collector nothing.
type Dispatch struct {
	Node   int    // the statement it implements: an index into Module.Nodes
	Nodes  int    // how many statements from Node on it implements: more than 1 for a grouped matvec (group.go)
	Kernel int    // the kernel: an index into kernels.ABIs (see KernelName)
	Entry  uint64 // the kernel's entry's offset in Code
	Dword  int    // IB index of the DISPATCH_DIRECT header
	First  int    // IB index of the first packet that belongs to it
}

// Last is the index of the last statement the dispatch implements
// (Node, or the last member of a grouped matvec).
func (d Dispatch) Last() int { return d.Node + max(d.Nodes, 1) - 1 }

// KernelName is the symbol name of the dispatched kernel.
func (d Dispatch) KernelName() string { return kernels.ABIs[d.Kernel].Name }

// PatchInputs writes one step's inputs (one word per module input, in
// declaration order) and the fence sequence number into ib, which must be
// e.IB or a copy of it. It does not allocate.
func (e *Executable) PatchInputs(ib []uint32, inputs []uint32, fence uint64) {
	for _, p := range e.Patches {
		ib[p.Dword] = inputs[p.Input]
	}
	ib[e.FenceDword] = uint32(fence)
	ib[e.FenceDword+1] = uint32(fence >> 32)
}

// Rebase rewrites every address in ib for buffers placed at vas instead of
// the VAs chosen at lowering, and records the new VAs in e.
func (e *Executable) Rebase(ib []uint32, vas [NumBuffers]uint64) {
	for _, r := range e.Relocs {
		a := vas[r.Buffer] + r.Offset
		switch r.Kind {
		case RelocAddr64:
			ib[r.Dword], ib[r.Dword+1] = uint32(a), uint32(a>>32)
		case RelocPgm:
			ib[r.Dword], ib[r.Dword+1] = uint32(a>>8), uint32(a>>40)&0xFF
		}
	}
	for i := range e.Buffers {
		e.Buffers[i].VA = vas[i]
	}
}
