package gfx1201

import (
	"fmt"

	"zincc/ir"
	"zincc/isa/kernels"
)

// attention_quantize (the fuse-attention-quantize pass) is lowered as
// attention is, with the quantisation to q8_0 or q8_K: where the split
// attention applies, the fused kernel's last workgroup of a head merges
// the partials and stores the blocks (zincc_attention_fused_q8_0_*; for
// q8_K, zincc_attention_fused_q8_K_*, whose last head of a block
// quantises it: attention_fused.go, one launch, as attention's); elsewhere
// the attention kernel writes its f32 result to the launch's scratch and a
// second launch (zincc_quantize_q8_0_clear or _q8_K_clear) quantises it
// and leaves the scratch zero (isa/kernels/attention_quantize_abi.go).

// quantizeClear is the second launch's kernel for each format, with the
// values in one of its blocks.
var quantizeClear = map[ir.DType]struct {
	kernel *kernels.KernelABI
	block  int
}{
	ir.Q8_0: {abi("zincc_quantize_q8_0_clear"), 32},
	ir.Q8_K: {abi("zincc_quantize_q8_K_clear"), 256},
}

// attentionRule is attention's rule, taken at init: naming it in the rules
// table's initialiser through lowerAttentionQuantize would be a cycle.
var attentionRule rule

func init() { attentionRule = rules[ir.OpAttention] }

// lowerAttentionQuantize is attention_quantize's rule.
func lowerAttentionQuantize(n *ir.Node, l *launch) error {
	if err := attentionRule(n, l); err != nil {
		return err
	}
	format := n.Result.Type.DType
	clear, ok := quantizeClear[format]
	if !ok {
		return fmt.Errorf("%v: attention_quantize to %v: the gfx1201 lowering takes q8_0 and q8_K", n.Pos, format)
	}
	if q := quantizedFused(l.kernel, format); q != nil {
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
	l.next().set(clear.kernel, l.size, scratch(), addrOf(n.Result), word(heads*hd/clear.block))
	return nil
}
