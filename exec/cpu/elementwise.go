package cpu

import "math"

// Add sets dst[i] = a[i] + b[i] (float32, correctly rounded: bit-exact on
// every IEEE tier). dst may alias a or b.
func Add(dst, a, b []float32) error {
	if err := sameLen("add", len(dst), "dst, a, b", len(a), len(b)); err != nil {
		return err
	}
	a, b = a[:len(dst)], b[:len(dst)]
	for i := range dst {
		dst[i] = a[i] + b[i]
	}
	return nil
}

// Mul sets dst[i] = a[i] * b[i] (float32, correctly rounded). dst may alias
// a or b.
func Mul(dst, a, b []float32) error {
	if err := sameLen("mul", len(dst), "dst, a, b", len(a), len(b)); err != nil {
		return err
	}
	a, b = a[:len(dst)], b[:len(dst)]
	for i := range dst {
		dst[i] = a[i] * b[i]
	}
	return nil
}

// Copy sets dst = x bit for bit.
func Copy(dst, x []float32) error {
	if err := sameLen("copy", len(dst), "dst, x", len(x)); err != nil {
		return err
	}
	copy(dst, x)
	return nil
}

// silu64 is x·sigmoid(x) = x / (1 + e^-x) in float64 (math.Exp). For
// x = -inf it is -inf/inf = NaN, as ggml's x/(1+expf(-x)) gives.
func silu64(x float64) float64 {
	return x / (1 + math.Exp(-x))
}

// SiLU sets dst[i] = x[i]·sigmoid(x[i]), evaluated in float64 and rounded
// once to float32. dst may alias x.
func SiLU(dst, x []float32) error {
	if err := sameLen("silu", len(dst), "dst, x", len(x)); err != nil {
		return err
	}
	x = x[:len(dst)]
	for i, v := range x {
		dst[i] = float32(silu64(float64(v)))
	}
	return nil
}

// SwiGLU sets dst[i] = silu(gate[i])·up[i], the whole expression in
// float64 and rounded once to float32. dst may alias gate or up.
func SwiGLU(dst, gate, up []float32) error {
	if err := sameLen("swiglu", len(dst), "dst, gate, up", len(gate), len(up)); err != nil {
		return err
	}
	gate, up = gate[:len(dst)], up[:len(dst)]
	for i := range dst {
		dst[i] = float32(silu64(float64(gate[i])) * float64(up[i]))
	}
	return nil
}
