package sim

import "zincc/isa"

// Dual-issue (VOPD) instructions run as their two VALU operations, X
// then Y, each with the semantics of the VOP1/VOP2 instruction it names
// (v_dual_add_f32 is v_add_f32, v_dual_cndmask_b32 reads vcc_lo, ...).
// Both operations of a pair read their sources before either writes: LLVM
// pairs, for example, "v_dual_cndmask_b32 v9, ... :: v_dual_add_nc_u32
// v18, v9, v20" where Y must see v9's old value. The emulator runs X,
// then Y with X's destination holding its old value again, then puts X's
// result back (the two destinations always differ: one is even, the
// other odd).

// vopdEquivalent maps each v_dual_* operation to its single-issue form.
var vopdEquivalent = map[string]string{
	"v_dual_fmac_f32": "v_fmac_f32", "v_dual_fmaak_f32": "v_fmaak_f32", "v_dual_fmamk_f32": "v_fmamk_f32",
	"v_dual_mul_f32": "v_mul_f32", "v_dual_add_f32": "v_add_f32", "v_dual_sub_f32": "v_sub_f32",
	"v_dual_subrev_f32": "v_subrev_f32", "v_dual_mul_dx9_zero_f32": "v_mul_dx9_zero_f32",
	"v_dual_mov_b32": "v_mov_b32", "v_dual_cndmask_b32": "v_cndmask_b32",
	"v_dual_max_num_f32": "v_max_num_f32", "v_dual_min_num_f32": "v_min_num_f32",
	"v_dual_add_nc_u32": "v_add_nc_u32", "v_dual_lshlrev_b32": "v_lshlrev_b32", "v_dual_and_b32": "v_and_b32",
}

func registerVOPD() {
	for dual := range vopdEquivalent {
		def(dual, &semantics{exec: xVOPD})
	}
}

// predecodeVOPD builds the two operations of a pair.
func predecodeVOPD(op isa.Inst, pc uint64, w64 bool) (*inst, string) {
	half := func(o isa.Op, dst isa.Operand, src [3]isa.Operand) (*inst, string) {
		name, ok := vopdEquivalent[o.String()]
		if !ok {
			return nil, "the interpreter has no semantics for " + o.String()
		}
		eq := opByName[name]
		enc := isa.VOP2
		if eq.Format() == isa.VOP1 {
			enc = isa.VOP1
		}
		sub := isa.Inst{Op: eq, Enc: enc, Size: op.Size, Dst: dst, Src: src}
		return predecode(sub, pc, w64)
	}
	x, msg := half(op.Op, op.Dst, op.Src)
	if msg != "" {
		return nil, msg
	}
	y, msg := half(op.Y.Op, op.Y.Dst, op.Y.Src)
	if msg != "" {
		return nil, msg
	}
	if x.dst.reg == y.dst.reg {
		return nil, "both operations write the same VGPR"
	}
	in := &inst{op: op, x: xVOPD, sem: semTable[op.Op], pc: pc, next: pc + uint64(op.Size), vector: true, dual: [2]*inst{x, y}}
	for _, s := range y.src {
		if s.kind == opVGPR && s.reg == x.dst.reg {
			in.x = xVOPDDependent
		}
	}
	in.vmax = max(x.vmax, y.vmax)
	return in, ""
}

func xVOPD(w *wave, in *inst) {
	x, y := in.dual[0], in.dual[1]
	x.x(w, x)
	if w.state == waveRunning {
		y.x(w, y)
	}
}

// xVOPDDependent runs a pair whose Y operation reads X's destination.
func xVOPDDependent(w *wave, in *inst) {
	x, y := in.dual[0], in.dual[1]
	row := w.row(x.dst.reg)
	var old, newX [64]uint32
	copy(old[:], row)
	x.x(w, x)
	if w.state != waveRunning {
		return
	}
	copy(newX[:], row)
	copy(row, old[:])
	y.x(w, y)
	copy(row, newX[:])
}
