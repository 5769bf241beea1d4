package fake

import (
	"zincc/ir"
	"zincc/lower/gfx1201"
	"zincc/pm4"
)

// StepExecutable returns a hand-written gfx1201 lowering, for ring tests,
// of
//
//	graph @steps {
//	  input %x   : u32
//	  input %pos : u32
//	  state %s   : u32[2]
//	  %y = copy %x
//	  output %y
//	}
//
// with an extra effect no IR op has: every step also stores [x, pos] into
// %s, so a test sees state written on the GPU and kept across steps. The
// IB is WRITE_DATA packets and the RELEASE_MEM fence only (PacketExecutor
// runs it); the buffers sit at lowering-time VAs a ring must rebase.
func StepExecutable() *gfx1201.Executable {
	x := &ir.Value{Name: "x", Kind: ir.Input, Type: ir.Scalar(ir.U32)}
	pos := &ir.Value{Name: "pos", Kind: ir.Input, Type: ir.Scalar(ir.U32)}
	s := &ir.Value{Name: "s", Kind: ir.State, Type: ir.Tensor(ir.U32, 2)}
	n := &ir.Node{Op: ir.OpCopy, Args: []*ir.Value{x}}
	y := &ir.Value{Name: "y", Kind: ir.Result, Type: ir.Scalar(ir.U32), Def: n}
	n.Result = y
	m := &ir.Module{Name: "steps", Decls: []*ir.Value{x, pos, s}, Nodes: []*ir.Node{n}, Outputs: []ir.Output{{Value: y}}}

	e := &gfx1201.Executable{Module: m, Values: map[*ir.Value]gfx1201.Placement{}}
	for i := range e.Buffers {
		e.Buffers[i] = gfx1201.Buffer{VA: 0x200000000 + uint64(i)<<24, Size: 4096}
	}
	e.Buffers[gfx1201.BufCode].ReadOnly = true
	e.Buffers[gfx1201.BufWeights].ReadOnly = true
	e.Values[y] = gfx1201.Placement{Buffer: gfx1201.BufArena, Offset: 64, Bytes: 4}
	e.Values[s] = gfx1201.Placement{Buffer: gfx1201.BufState, Offset: 128, Bytes: 8}
	const fenceOff = 16

	buf := make([]uint32, 64)
	b := pm4.NewBuilder(buf)
	addr := func(at int, buffer int, off uint64) {
		e.Relocs = append(e.Relocs,
			gfx1201.Reloc{Dword: at + pm4.PosWriteDataAddr, Kind: gfx1201.RelocLo32, Buffer: buffer, Offset: off},
			gfx1201.Reloc{Dword: at + pm4.PosWriteDataAddr + 1, Kind: gfx1201.RelocHi32, Buffer: buffer, Offset: off})
	}
	at := b.Written()
	_ = b.WriteData(pm4.WriteData{DstSel: pm4.WriteDstMemory, WrConfirm: true, Addr: e.VA(e.Values[y]), Data: []uint32{0}})
	addr(at, gfx1201.BufArena, 64)
	e.Patches = append(e.Patches, gfx1201.Patch{Input: 0, Dword: at + pm4.PosWriteDataData})
	at = b.Written()
	_ = b.WriteData(pm4.WriteData{DstSel: pm4.WriteDstMemory, WrConfirm: true, Addr: e.VA(e.Values[s]), Data: []uint32{0, 0}})
	addr(at, gfx1201.BufState, 128)
	e.Patches = append(e.Patches, gfx1201.Patch{Input: 0, Dword: at + pm4.PosWriteDataData},
		gfx1201.Patch{Input: 1, Dword: at + pm4.PosWriteDataData + 1})
	at = b.Written()
	_ = b.Fence64(e.Buffers[gfx1201.BufFence].VA+fenceOff, 0)
	e.FenceDword = at + pm4.PosReleaseMemData
	e.Relocs = append(e.Relocs,
		gfx1201.Reloc{Dword: at + pm4.PosReleaseMemAddr, Kind: gfx1201.RelocLo32, Buffer: gfx1201.BufFence, Offset: fenceOff},
		gfx1201.Reloc{Dword: at + pm4.PosReleaseMemAddr + 1, Kind: gfx1201.RelocHi32, Buffer: gfx1201.BufFence, Offset: fenceOff})
	_ = b.PadTo(gfx1201.IBAlignDwords)
	e.IB = append([]uint32(nil), b.Words()...)
	return e
}
