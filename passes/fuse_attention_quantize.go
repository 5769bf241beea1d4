package passes

import "zincc/ir"

// FuseAttentionQuantize replaces a quantize to q8_0 whose x is an
// attention that nothing else reads (not another node, not an output) by
// one attention_quantize of the attention's operands, where the quantize
// stood, and drops the attention: on gfx1201 the split attention's
// combine stores the q8_0 blocks itself (zincc_attention_combine_q8_0),
// one dispatch and one barrier fewer; on the cpu tier the same numbers
// (exec/cpu.AttentionQuantize runs the two kernels). It fuses only when no
// node between the two writes the caches the attention reads, so the
// attention sees the same rows where it now stands. q8_K blocks (256
// values) would span heads, which the per-head combine cannot quantise:
// they are left alone. The quantize keeps its result value, so its
// readers are unchanged. Run it after quantize-activations and cse.
func FuseAttentionQuantize(m *ir.Module) error {
	uses := m.Uses()
	index := make(map[*ir.Node]int, len(m.Nodes))
	for i, n := range m.Nodes {
		index[n] = i
	}
	drop := map[*ir.Node]bool{}
	for i, n := range m.Nodes {
		if n.Op != ir.OpQuantize || n.Result.Type.DType != ir.Q8_0 {
			continue
		}
		y := n.Args[0]
		a := y.Def
		if y.Kind != ir.Result || a == nil || a.Op != ir.OpAttention || uses[y] != 1 || drop[a] ||
			writesBetween(m.Nodes[index[a]+1:i], a.Args[1], a.Args[2]) {
			continue
		}
		attrs := append([]ir.Attr(nil), a.Attrs...)
		n.Op = ir.OpAttentionQuantize
		n.Args = append([]*ir.Value(nil), a.Args...)
		n.Attrs = append(attrs, ir.Attr{Name: "format", Value: ir.EnumValue("q8_0")})
		drop[a] = true
	}
	dropNodes(m, drop)
	return nil
}

// writesBetween reports whether any of nodes updates one of the states.
func writesBetween(nodes []*ir.Node, states ...*ir.Value) bool {
	for _, n := range nodes {
		for j, x := range n.Args {
			if !n.Op.WritesOperand(j) {
				continue
			}
			for _, s := range states {
				if x == s {
					return true
				}
			}
		}
	}
	return false
}
