package passes

import "zincc/ir"

// FuseNormQuantize replaces a quantize (to q8_0 or q8_K) whose x is an rms_norm of
// one head that nothing else reads (not another node, not an output) by
// one rms_norm_quantize of the rms_norm's operands, where the quantize
// stood, and drops the rms_norm: one dispatch and one barrier fewer on
// gfx1201 (its zincc_rms_norm_q8_0 and zincc_rms_norm_q8_K store the
// bytes zincc_rms_norm then zincc_quantize_q8_0 or _q8_K would), and on the cpu tier the same numbers
// (exec/cpu.RMSNormQuantize runs the two kernels). The quantize keeps its
// result value, so its readers are unchanged. Run it after
// quantize-activations and cse (which leaves one quantize per x).
func FuseNormQuantize(m *ir.Module) error {
	uses := m.Uses()
	drop := map[*ir.Node]bool{}
	for _, n := range m.Nodes {
		if n.Op != ir.OpQuantize || (n.Result.Type.DType != ir.Q8_0 && n.Result.Type.DType != ir.Q8_K) {
			continue
		}
		y := n.Args[0]
		r := y.Def
		if y.Kind != ir.Result || r == nil || r.Op != ir.OpRMSNorm || uses[y] != 1 || r.Int("heads") > 1 || drop[r] {
			continue
		}
		eps, ok := r.Attr("eps")
		if !ok {
			eps = ir.Attr{Name: "eps", Value: ir.FloatValue(1e-5)}
		}
		n.Op = ir.OpRMSNormQuantize
		n.Args = []*ir.Value{r.Args[0], r.Args[1]}
		n.Attrs = []ir.Attr{eps, {Name: "format", Value: ir.EnumValue(n.Result.Type.DType.String())}}
		drop[r] = true
	}
	dropNodes(m, drop)
	return nil
}
