package cpu

import "zincc/ir"

// SwiGLUQuantize is the swiglu_quantize op: SwiGLU of gate and up
// followed by Quantize of the result to dt, the very numbers the two ops
// compute on this tier one after the other (so the fusion changes no
// result of the cpu tier). scratch holds the swiglu vector (len(gate)).
func SwiGLUQuantize(dst []byte, gate, up []float32, dt ir.DType, scratch []float32) error {
	if err := SwiGLU(scratch, gate, up); err != nil {
		return err
	}
	return Quantize(dst, scratch, dt)
}

// CheckSwiGLUQuantize is swiglu_quantize's oracle: another tier's q8_0
// or q8_K blocks got of swiglu(gate, up) held to CheckNormQuantized or
// CheckNormQuantizedK with the swiglu rule's bound on each element
// (docs/numerics.md, "swiglu_quantize").
func CheckSwiGLUQuantize(got []byte, gate, up []float32, dt ir.DType) error {
	if len(up) != len(gate) {
		return sizeError("swiglu_quantize", "gate has %d values, up %d", len(gate), len(up))
	}
	y, bound := make([]float32, len(gate)), make([]float64, len(gate))
	if err := SwiGLU(y, gate, up); err != nil {
		return err
	}
	n, err := SwiGLUScale(bound, gate, up)
	if err != nil {
		return err
	}
	rule := rules[ir.OpSwiGLUQuantize.Name]
	for i, s := range bound {
		bound[i] = rule.Bound(s, n)
	}
	if dt == ir.Q8_K {
		return CheckNormQuantizedK(got, y, bound)
	}
	return CheckNormQuantized(got, y, bound)
}
