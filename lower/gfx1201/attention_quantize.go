package gfx1201

import "zincc/ir"

// attention_quantize (the fuse-attention-quantize pass) is lowered as
// attention is, with the quantisation to q8_0 in the second launch: where
// the split attention applies, the fused kernel's last workgroup of a head
// merges the partials and stores the blocks (zincc_attention_fused_q8_0_*,
// attention_fused.go: one launch, as attention's); elsewhere the attention kernel writes its f32
// result to the launch's scratch and zincc_quantize_q8_0_clear quantises
// it and leaves the scratch zero (isa/kernels/attention_quantize_abi.go).

var abiQuantizeQ8Clear = abi("zincc_quantize_q8_0_clear")

// attentionRule is attention's rule, taken at init: naming it in the rules
// table's initialiser through lowerAttentionQuantize would be a cycle.
var attentionRule rule

func init() { attentionRule = rules[ir.OpAttention] }

// lowerAttentionQuantize is attention_quantize's rule.
func lowerAttentionQuantize(n *ir.Node, l *launch) error {
	if err := attentionRule(n, l); err != nil {
		return err
	}
	if q := quantizedFused(l.kernel); q != nil {
		l.kernel = q // the same arguments; dst holds blocks (attention_fused.go)
		return nil
	}
	heads := n.Int("heads")
	hd := n.Args[0].Type.Elems() / heads
	for i := 0; i < l.nargs; i++ {
		if a := l.args[i]; a.kind == argAddr && a.id == int32(n.Result.ID) {
			l.args[i] = scratch() // the attention's f32 result
		}
	}
	l.size.N = hd // both launches are sized alike: Heads·N values
	l.next().set(abiQuantizeQ8Clear, l.size, scratch(), addrOf(n.Result), word(heads*hd/32))
	return nil
}
