package passes

import "zincc/ir"

// FuseSwiGLUQuantize replaces a quantize (to q8_0 or q8_K) whose x is a
// swiglu that nothing else reads (not another node, not an output) by one
// swiglu_quantize of the swiglu's gate and up, where the quantize stood,
// and drops the swiglu: one dispatch and one barrier fewer on gfx1201 (its
// zincc_swiglu_q8_0 and zincc_swiglu_q8_K store the bytes zincc_swiglu
// then zincc_quantize_q8_0 or _q8_K would), and on the cpu tier the same
// numbers (exec/cpu.SwiGLUQuantize runs the two kernels). The quantize
// keeps its result value, so its readers are unchanged. Run it after
// quantize-activations and cse (which leaves one quantize per x).
func FuseSwiGLUQuantize(m *ir.Module) error {
	uses := m.Uses()
	drop := map[*ir.Node]bool{}
	for _, n := range m.Nodes {
		if n.Op != ir.OpQuantize || (n.Result.Type.DType != ir.Q8_0 && n.Result.Type.DType != ir.Q8_K) {
			continue
		}
		y := n.Args[0]
		s := y.Def
		if y.Kind != ir.Result || s == nil || s.Op != ir.OpSwiGLU || uses[y] != 1 || drop[s] {
			continue
		}
		g, u := s.Args[0], s.Args[1]
		if len(g.Type.Shape) != 1 || len(u.Type.Shape) != 1 || u.Type.Shape[0] != g.Type.Shape[0] {
			continue
		}
		n.Op = ir.OpSwiGLUQuantize
		n.Args = []*ir.Value{g, u}
		n.Attrs = []ir.Attr{{Name: "format", Value: ir.EnumValue(n.Result.Type.DType.String())}}
		drop[s] = true
	}
	dropNodes(m, drop)
	return nil
}
