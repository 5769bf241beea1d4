package cpu

import (
	"fmt"

	"zincc/ir"
)

// AttentionQuantize is the attention_quantize op: AttentionPool of q over
// the caches then Quantize of the result to format (q8_0 or q8_K), the
// very calls the two ops make on this tier one after the other (so
// fuse-attention-quantize changes no result of the cpu tier). y holds the
// attention (len(q)).
func AttentionQuantize(pool *Pool, dst []byte, q []float32, k, v []byte, dt ir.DType, pos, heads, kvHeads, headDim int, scale float32, format ir.DType, y []float32) error {
	if err := AttentionPool(pool, y, q, k, v, dt, pos, heads, kvHeads, headDim, scale); err != nil {
		return err
	}
	return Quantize(dst, y, format)
}

// checkBlocks is the oracle of blocks of some y' within a bound of y, per
// format: CheckNormQuantized for q8_0, CheckNormQuantizedK for q8_K.
var checkBlocks = map[ir.DType]func(got []byte, y []float32, bound []float64) error{
	ir.Q8_0: CheckNormQuantized,
	ir.Q8_K: CheckNormQuantizedK,
}

// CheckAttentionQuantize is attention_quantize's oracle: another tier's
// blocks (format q8_0 or q8_K) got of the attention held to
// CheckNormQuantized or CheckNormQuantizedK with the attention rule's
// bound on each element (docs/numerics.md, "attention_quantize").
func CheckAttentionQuantize(got []byte, q []float32, k, v []byte, dt ir.DType, pos, heads, kvHeads, headDim int, scale float32, format ir.DType) error {
	check, ok := checkBlocks[format]
	if !ok {
		return fmt.Errorf("attention_quantize: no oracle for format %v", format)
	}
	y, bound := make([]float32, len(q)), make([]float64, len(q))
	if err := Attention(y, q, k, v, dt, pos, heads, kvHeads, headDim, scale, make([]float32, pos+1)); err != nil {
		return err
	}
	n, err := AttentionScale(bound, q, k, v, dt, pos, heads, kvHeads, headDim, scale)
	if err != nil {
		return err
	}
	rule := rules[ir.OpAttentionQuantize.Name]
	for i, s := range bound {
		bound[i] = rule.Bound(s, n)
	}
	return check(got, y, bound)
}
