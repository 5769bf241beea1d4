package passes

import "zincc/ir"

// FuseAttentionQuantize replaces a quantize to q8_0 or q8_K whose x is an
// attention that nothing else reads (not another node, not an output) by
// one attention_quantize of the attention's operands, where the quantize
// stood, and drops the attention: on gfx1201 the split attention's last
// workgroup of a head stores the q8_0 blocks itself
// (zincc_attention_fused_q8_0_*), or, for q8_K, the last head of a block
// to be merged quantises the block (zincc_attention_fused_q8_K_*), one
// dispatch and one barrier fewer; on the cpu tier the same numbers
// (exec/cpu.AttentionQuantize runs the two kernels). It fuses only when no
// node between the two writes the caches the attention reads, so the
// attention sees the same rows where it now stands, and only when every
// block of the format covers whole heads or lies within one
// (fusableBlocks: for q8_K, whole heads in a block or whole blocks in a head). The
// quantize keeps its result value, so its readers are unchanged. Run it
// after quantize-activations and cse.
func FuseAttentionQuantize(m *ir.Module) error {
	uses := m.Uses()
	index := make(map[*ir.Node]int, len(m.Nodes))
	for i, n := range m.Nodes {
		index[n] = i
	}
	drop := map[*ir.Node]bool{}
	for i, n := range m.Nodes {
		if n.Op != ir.OpQuantize {
			continue
		}
		format := n.Result.Type.DType
		y := n.Args[0]
		a := y.Def
		if y.Kind != ir.Result || a == nil || a.Op != ir.OpAttention || uses[y] != 1 || drop[a] ||
			!fusableBlocks(format, a.Args[0].Type.Elems(), a.Int("heads")) ||
			writesBetween(m.Nodes[index[a]+1:i], a.Args[1], a.Args[2]) {
			continue
		}
		attrs := append([]ir.Attr(nil), a.Attrs...)
		n.Op = ir.OpAttentionQuantize
		n.Args = append([]*ir.Value(nil), a.Args...)
		n.Attrs = append(attrs, ir.Attr{Name: "format", Value: ir.EnumValue(format.String())})
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

// fusableBlocks reports whether attention_quantize takes format for an
// attention of elems values in heads heads. q8_0: always (its 32-value
// blocks lie within the heads of every split attention kernel, and the
// other lowering quantises the whole result). q8_K: every 256-value block
// either holds whole heads (the head size divides 256) or lies within one
// head (the head size a multiple of 256), so that the block is quantised
// once the heads it covers are merged.
func fusableBlocks(format ir.DType, elems, heads int) bool {
	switch format {
	case ir.Q8_0:
		return true
	case ir.Q8_K:
		if heads < 1 || elems%heads != 0 {
			return false
		}
		b, hd := format.BlockElems(), elems/heads
		return elems%b == 0 && (b%hd == 0 || hd%b == 0)
	}
	return false
}
