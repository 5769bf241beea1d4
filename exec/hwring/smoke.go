package hwring

import (
	"zincc/ir"
	"zincc/lower/gfx1201"
	"zincc/pm4"
)

// SmokeModule returns the graph the probes run:
//
//	graph @smoke {
//	  input  %x : u32
//	  %y = copy %x
//	  output %y
//	}
func SmokeModule() *ir.Module {
	x := &ir.Value{Name: "x", Kind: ir.Input, Type: ir.Scalar(ir.U32)}
	n := &ir.Node{Op: ir.OpCopy, Args: []*ir.Value{x}}
	y := &ir.Value{Name: "y", Kind: ir.Result, Type: ir.Scalar(ir.U32), Def: n}
	n.Result = y
	return &ir.Module{Name: "smoke", Decls: []*ir.Value{x}, Nodes: []*ir.Node{n}, Outputs: []ir.Output{{Value: y}}}
}

// Smoke buffer layout: everything at offset 0 of its buffer.
const (
	smokeVA   = 0x100000000 // lowering-time VAs; rings rebase them
	smokeSize = PageSize
)

// SmokeExecutable returns a hand-written gfx1201 lowering of SmokeModule
// that needs no shader: a WRITE_DATA puts the patched input word where %y
// lives in the arena, and the RELEASE_MEM end-of-pipe fence follows. Run
// on a ring, it proves that the queue executes packets, that the GPU
// writes memory the CPU reads back, that per-step patching works and that
// fences retire. Each call builds a fresh copy.
func SmokeExecutable() *gfx1201.Executable {
	m := SmokeModule()
	m.Number()
	e := &gfx1201.Executable{Module: m}
	for i := range e.Buffers {
		e.Buffers[i] = gfx1201.Buffer{VA: smokeVA + uint64(i)*0x10000000, Size: smokeSize}
	}
	e.Buffers[gfx1201.BufCode].ReadOnly = true
	e.Buffers[gfx1201.BufWeights].ReadOnly = true
	e.Buffers[gfx1201.BufArena].Used = 4
	e.Buffers[gfx1201.BufFence].Used = 8
	y := m.Outputs[0].Value
	e.SetPlacement(y, gfx1201.Placement{Buffer: gfx1201.BufArena, Offset: 0, Bytes: 4})

	buf := make([]uint32, 32)
	b := pm4.NewBuilder(buf)
	arena := e.VA(e.Values[y.ID])
	at := b.Written()
	_ = b.WriteData(pm4.WriteData{DstSel: pm4.WriteDstMemory, WrConfirm: true, Addr: arena, Data: []uint32{0}})
	e.Patches = append(e.Patches, gfx1201.Patch{Input: 0, Dword: at + pm4.PosWriteDataData})
	e.Relocs = append(e.Relocs,
		gfx1201.Reloc{Dword: uint32(at + pm4.PosWriteDataAddr), Kind: gfx1201.RelocAddr64, Buffer: gfx1201.BufArena})
	at = b.Written()
	_ = b.Fence64(e.Buffers[gfx1201.BufFence].VA, 0)
	e.FenceDword = at + pm4.PosReleaseMemData
	e.Relocs = append(e.Relocs,
		gfx1201.Reloc{Dword: uint32(at + pm4.PosReleaseMemAddr), Kind: gfx1201.RelocAddr64, Buffer: gfx1201.BufFence})
	_ = b.PadTo(gfx1201.IBAlignDwords)
	if b.Err() != nil {
		panic("hwring: smoke IB does not build: " + b.Err().Error()) // fixed packets into a fixed buffer
	}
	e.IB = append([]uint32(nil), b.Words()...)
	return e
}
