package fake

import (
	"fmt"

	"zincc/ir"
	"zincc/isa"
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

	m.Number()
	e := &gfx1201.Executable{Module: m}
	for i := range e.Buffers {
		e.Buffers[i] = gfx1201.Buffer{VA: 0x200000000 + uint64(i)<<24, Size: 4096}
	}
	e.Buffers[gfx1201.BufCode].ReadOnly = true
	e.Buffers[gfx1201.BufWeights].ReadOnly = true
	e.SetPlacement(y, gfx1201.Placement{Buffer: gfx1201.BufArena, Offset: 64, Bytes: 4})
	e.SetPlacement(s, gfx1201.Placement{Buffer: gfx1201.BufState, Offset: 128, Bytes: 8})
	const fenceOff = 16

	buf := make([]uint32, 64)
	b := pm4.NewBuilder(buf)
	addr := func(at int, buffer int, off uint64) {
		e.Relocs = append(e.Relocs,
			gfx1201.Reloc{Dword: uint32(at + pm4.PosWriteDataAddr), Kind: gfx1201.RelocAddr64, Buffer: uint8(buffer), Offset: off})
	}
	at := b.Written()
	_ = b.WriteData(pm4.WriteData{DstSel: pm4.WriteDstMemory, WrConfirm: true, Addr: e.VA(e.Values[y.ID]), Data: []uint32{0}})
	addr(at, gfx1201.BufArena, 64)
	e.Patches = append(e.Patches, gfx1201.Patch{Input: 0, Dword: at + pm4.PosWriteDataData})
	at = b.Written()
	_ = b.WriteData(pm4.WriteData{DstSel: pm4.WriteDstMemory, WrConfirm: true, Addr: e.VA(e.Values[s.ID]), Data: []uint32{0, 0}})
	addr(at, gfx1201.BufState, 128)
	e.Patches = append(e.Patches, gfx1201.Patch{Input: 0, Dword: at + pm4.PosWriteDataData},
		gfx1201.Patch{Input: 1, Dword: at + pm4.PosWriteDataData + 1})
	at = b.Written()
	_ = b.Fence64(e.Buffers[gfx1201.BufFence].VA+fenceOff, 0)
	e.FenceDword = at + pm4.PosReleaseMemData
	e.Relocs = append(e.Relocs,
		gfx1201.Reloc{Dword: uint32(at + pm4.PosReleaseMemAddr), Kind: gfx1201.RelocAddr64, Buffer: gfx1201.BufFence, Offset: fenceOff})
	_ = b.PadTo(gfx1201.IBAlignDwords)
	e.IB = append([]uint32(nil), b.Words()...)
	return e
}

// copyKernel copies one dword per thread from s[0:1] to s[2:3], 64
// threads per workgroup, in wave32 (the worked example of
// shared/ref/rdna4-isa.md §7, which exec/sim's tests run too).
const copyKernel = `
.text
.p2align 8
copy_dwords:
  s_lshl_b32 s4, ttmp9, 6
  v_add_nc_u32 v1, s4, v0
  v_lshlrev_b32 v1, 2, v1
  global_load_b32 v2, v1, s[0:1]
  s_wait_loadcnt 0
  global_store_b32 v1, v2, s[2:3]
  s_nop 0
  s_sendmsg sendmsg(MSG_DEALLOC_VGPRS)
  s_endpgm
`

// DispatchExecutable returns a hand-written gfx1201 lowering, for ring
// tests, of
//
//	graph @copy {
//	  weight %w : f32[n] = random(seed = 1)
//	  %y = copy %w
//	  output %y
//	}
//
// (n a positive multiple of 64) that dispatches real machine code: a copy
// kernel assembled by package isa in the code buffer, its program address
// and the weights' and arena's addresses relocated, n/64 workgroups of 64
// threads, then the fence. It exercises what the write-only executables do
// not: an executable code mapping, uploaded weights, user SGPRs and a
// dispatch on the emulated GPU.
func DispatchExecutable(n int) (*gfx1201.Executable, error) {
	if n <= 0 || n%64 != 0 {
		return nil, fmt.Errorf("DispatchExecutable: %d elements is not a positive multiple of 64", n)
	}
	obj, err := isa.Assemble("copy.s", []byte(copyKernel))
	if err != nil {
		return nil, err
	}
	w := &ir.Value{Name: "w", Kind: ir.Weight, Type: ir.Tensor(ir.F32, n), Init: ir.Init{Kind: ir.InitRandom, Seed: 1, Scale: ir.DefaultRandomScale}}
	node := &ir.Node{Op: ir.OpCopy, Args: []*ir.Value{w}}
	y := &ir.Value{Name: "y", Kind: ir.Result, Type: w.Type, Def: node}
	node.Result = y
	m := &ir.Module{Name: "copy", Decls: []*ir.Value{w}, Nodes: []*ir.Node{node}, Outputs: []ir.Output{{Value: y}}}

	m.Number()
	e := &gfx1201.Executable{Module: m, Code: obj.Code}
	bytes := uint64(4 * n)
	size := (bytes + 4095) &^ 4095
	for i := range e.Buffers {
		e.Buffers[i] = gfx1201.Buffer{VA: 0x300000000 + uint64(i)<<28, Size: 4096}
	}
	e.Buffers[gfx1201.BufCode] = gfx1201.Buffer{VA: 0x300000000, Size: 4096, Used: uint64(len(obj.Code)), ReadOnly: true}
	e.Buffers[gfx1201.BufWeights] = gfx1201.Buffer{VA: 0x310000000, Size: size, Used: bytes, ReadOnly: true}
	e.Buffers[gfx1201.BufArena] = gfx1201.Buffer{VA: 0x330000000, Size: size, Used: bytes}
	e.SetPlacement(w, gfx1201.Placement{Buffer: gfx1201.BufWeights, Bytes: bytes})
	e.SetPlacement(y, gfx1201.Placement{Buffer: gfx1201.BufArena, Bytes: bytes})

	buf := make([]uint32, 128)
	b := pm4.NewBuilder(buf)
	reloc := func(dword int, kind gfx1201.RelocKind, buffer int) {
		e.Relocs = append(e.Relocs, gfx1201.Reloc{Dword: uint32(dword), Kind: kind, Buffer: uint8(buffer)})
	}
	at := b.Written()
	_ = b.SetProgram(e.Buffers[gfx1201.BufCode].VA + uint64(obj.Symbols["copy_dwords"]))
	reloc(at+pm4.PosSetShRegValues, gfx1201.RelocPgm, gfx1201.BufCode)
	// RSRC1: 8 VGPRs, f32 denormals kept (FLOAT_MODE 0xF0); RSRC2:
	// USER_SGPR 4, TGID_X_EN (the values exec/sim's copy test uses).
	rsrc1, _ := pm4.PgmRsrc1{FloatMode: 0xF0}.Pack()
	rsrc2, _ := pm4.PgmRsrc2{UserSGPR: 4, TGIDXEn: true}.Pack()
	_ = b.SetShReg(pm4.COMPUTE_PGM_RSRC1, rsrc1, rsrc2)
	_ = b.SetShReg(pm4.COMPUTE_NUM_THREAD_X, 64, 1, 1)
	for i, buffer := range []int{gfx1201.BufWeights, gfx1201.BufArena} {
		at = b.Written()
		_ = b.SetUserData64(2*i, e.Buffers[buffer].VA)
		reloc(at+pm4.PosSetShRegValues, gfx1201.RelocAddr64, buffer)
	}
	init, _ := pm4.DispatchInitiator{ComputeShaderEn: true, ForceStartAt000: true, CSW32En: true}.Pack()
	_ = b.Dispatch(uint32(n/64), 1, 1, init)
	at = b.Written()
	_ = b.Fence64(e.Buffers[gfx1201.BufFence].VA, 0)
	e.FenceDword = at + pm4.PosReleaseMemData
	reloc(at+pm4.PosReleaseMemAddr, gfx1201.RelocAddr64, gfx1201.BufFence)
	_ = b.PadTo(gfx1201.IBAlignDwords)
	if err := b.Err(); err != nil {
		return nil, err
	}
	e.IB = append([]uint32(nil), b.Words()...)
	return e, nil
}
