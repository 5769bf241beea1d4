package passes

import "zincc/ir"

// FuseMatVecAdd replaces an add one of whose operands is the result of a
// matvec of a quantised x (q8_0 or q8_K, the x quantize-activations
// makes) that nothing else reads (not another node, not an output) by one
// matvec_add of the matvec's weight and x and the add's other operand r,
// where the add stood, and drops the matvec: one dispatch and one barrier
// fewer on gfx1201 (its zincc_matvec_FMT_q8_add kernels add r to each row's
// sum before the store, the bytes zincc_matvec_FMT_q8 then zincc_add
// would store), and on the cpu tier the same numbers (exec/cpu.MatVecAdd
// runs MatVecQ8 then Add). Only the weight formats matvec_add takes
// (those with a matvec of a quantised x: q4_0, q4_1, q5_0, q5_1, q8_0,
// q4_K, q5_K, q6_K) are fused; a matvec of an f32 x stays as it is (an x
// that is a state, which no IR allows today as states are f32 or f16,
// would too: a write between the two could change it). The
// add keeps its result value, so its readers are unchanged.
func FuseMatVecAdd(m *ir.Module) error {
	uses := m.Uses()
	drop := map[*ir.Node]bool{}
	for _, n := range m.Nodes {
		if n.Op != ir.OpAdd || len(n.Args) != 2 || n.Result.Type.Rank() != 1 {
			continue
		}
		for k := range 2 {
			o, r := n.Args[k], n.Args[1-k]
			mv := o.Def
			if o.Kind != ir.Result || mv == nil || mv.Op != ir.OpMatVec || uses[o] != 1 || drop[mv] || !fusable(mv) {
				continue
			}
			n.Op = ir.OpMatVecAdd
			n.Args = []*ir.Value{mv.Args[0], mv.Args[1], r}
			n.Attrs = nil
			drop[mv] = true
			break
		}
	}
	dropNodes(m, drop)
	return nil
}

// fusable reports whether matvec mv may become part of a matvec_add.
func fusable(mv *ir.Node) bool {
	w, x := mv.Args[0], mv.Args[1]
	if x.Kind == ir.State || x.Type.DType == ir.F32 {
		return false
	}
	switch w.Type.DType {
	case ir.Q4_0, ir.Q4_1, ir.Q5_0, ir.Q5_1, ir.Q8_0, ir.Q4_K, ir.Q5_K, ir.Q6_K:
		return ir.ActivationFormat(w.Type.DType) == x.Type.DType
	}
	return false
}
