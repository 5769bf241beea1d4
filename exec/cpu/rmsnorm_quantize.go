package cpu

import (
	"fmt"
	"math"

	"zincc/internal/ggml"
	"zincc/ir"
)

// RMSNormQuantize is the rms_norm_quantize op: RMSNorm of x (one head)
// followed by Quantize of the result to dt, the very numbers the two ops
// compute on this tier one after the other (so the fusion changes no
// result of the cpu tier). scratch holds the normalised vector (len(x)).
func RMSNormQuantize(dst []byte, x, w []float32, eps float32, dt ir.DType, scratch []float32) error {
	if len(w) != len(x) {
		return sizeError("rms_norm_quantize", "x has %d values, the weight %d", len(x), len(w))
	}
	if err := RMSNorm(scratch, x, w, eps); err != nil {
		return err
	}
	return Quantize(dst, scratch, dt)
}

// CheckRMSNormQuantize is rms_norm_quantize's oracle: another tier's q8_0
// blocks got of rms_norm(x, w) held to CheckNormQuantized with the
// rms_norm rule's bound on each element.
func CheckRMSNormQuantize(got []byte, x, w []float32, eps float32) error {
	y, bound, err := normBounds(x, w, eps)
	if err != nil {
		return err
	}
	return CheckNormQuantized(got, y, bound)
}

// normBounds is y = rms_norm(x, w) and, element by element, the bound
// rms_norm_quantize's rule admits around it.
func normBounds(x, w []float32, eps float32) ([]float32, []float64, error) {
	y, bound := make([]float32, len(x)), make([]float64, len(x))
	if err := RMSNorm(y, x, w, eps); err != nil {
		return nil, nil, err
	}
	n, err := RMSNormScale(bound, x, w, eps)
	if err != nil {
		return nil, nil, err
	}
	rule := rules[ir.OpRMSNormQuantize.Name]
	for i, s := range bound {
		bound[i] = rule.Bound(s, n)
	}
	return y, bound, nil
}

// CheckNormQuantized holds another tier's q8_0 blocks got to the
// quantisation of some y' within bound of the reference y (the rms_norm
// rule's bound, element by element): docs/numerics.md, "rms_norm_quantize".
// ggml's q8_0 quantiser is monotonic in each input once the block's amax
// is fixed, and d = amax/127 and id = 1/d are monotonic in amax, so over
// the box y'_i in [y_i − b_i, y_i + b_i]:
//   - amax' lies in [A_lo, A_hi], A_lo = max_i dist(0, [lo_i, hi_i]),
//     A_hi = max_i max(|lo_i|, |hi_i|);
//   - the stored f16(d) lies in [f16(A_lo/127), f16(A_hi/127)];
//   - each code lies in [round(min v), round(max v)] over the corners v of
//     y'_i·id with id in [127/A_hi, 127/A_lo].
//
// Every bound is widened by an ulp where float32 rounding could cross it.
// A block whose reference holds a NaN or an infinity must match the
// reference's bytes (CheckQuantized), as quantize's own rule says.
func CheckNormQuantized(got []byte, y []float32, bound []float64) error {
	const bb, be = 34, 32
	if len(got) != len(y)/be*bb || len(y)%be != 0 || len(bound) != len(y) {
		return fmt.Errorf("rms_norm_quantize: %d bytes for %d values", len(got), len(y))
	}
	for b := 0; b < len(y)/be; b++ {
		g, yb, bd := got[b*bb:(b+1)*bb], y[b*be:(b+1)*be], bound[b*be:(b+1)*be]
		if nonFinite, err := checkNonFiniteBlock(g, yb, ir.Q8_0, b); err != nil {
			return err
		} else if nonFinite {
			continue
		}
		var aLo, aHi float64
		for i, v := range yb {
			lo, hi := float64(v)-bd[i], float64(v)+bd[i]
			if lo > 0 {
				aLo = max(aLo, lo)
			} else if hi < 0 {
				aLo = max(aLo, -hi)
			}
			aHi = max(aHi, math.Abs(lo), math.Abs(hi))
		}
		// d = amax/127 in float32, then f16: widened by an ulp each way.
		dLo := math.Nextafter32(float32(aLo)/127, 0)
		dHi := math.Nextafter32(float32(aHi)/127, float32(math.Inf(1)))
		gd := ggml.F16ToF32(uint16(g[0]) | uint16(g[1])<<8)
		if !(gd >= ggml.F16ToF32(ggml.F32ToF16(dLo))-f16Ulp(dLo) && gd <= ggml.F16ToF32(ggml.F32ToF16(dHi))+f16Ulp(dHi)) {
			return fmt.Errorf("rms_norm_quantize: block %d (elements %d..%d): scale %g outside [%g, %g]", b, b*be, b*be+be-1, gd, dLo, dHi)
		}
		idLo, idHi := 1/float64(dHi), math.Inf(1)
		if dLo > 0 {
			idHi = 1 / float64(dLo)
		}
		for i, v := range yb {
			q := int(int8(g[2+i]))
			if gd == 0 {
				if q != 0 {
					return fmt.Errorf("rms_norm_quantize: element %d: code %d with a zero scale", b*be+i, q)
				}
				continue
			}
			lo, hi := float64(v)-bd[i], float64(v)+bd[i]
			vmin, vmax := math.Inf(1), math.Inf(-1)
			for _, c := range [4]float64{lo * idLo, lo * idHi, hi * idLo, hi * idHi} {
				if math.IsNaN(c) { // 0·inf: the code of an exact 0 is 0
					c = 0
				}
				vmin, vmax = min(vmin, c), max(vmax, c)
			}
			slack := 1e-5 * (1 + max(math.Abs(vmin), math.Abs(vmax)))
			if float64(q) < vmin-0.5-slack || float64(q) > vmax+0.5+slack {
				return fmt.Errorf("rms_norm_quantize: element %d: code %d outside [%.3f, %.3f] (y %g ± %g)", b*be+i, q, vmin, vmax, v, bd[i])
			}
		}
	}
	return nil
}

// f16Ulp is the spacing of f16 values near |v| (at least the smallest
// subnormal's).
func f16Ulp(v float32) float32 {
	e := math.Ilogb(math.Abs(float64(v)))
	return float32(math.Ldexp(1, max(e, -14)-10))
}

// checkNonFiniteBlock reports whether the reference block yb holds a NaN
// or an infinity; if so, another tier's block g must be the reference's
// own bytes (quantize's rule), else the error says which block differs.
// Finite blocks are left to the caller's interval rule.
func checkNonFiniteBlock(g []byte, yb []float32, dt ir.DType, b int) (bool, error) {
	finite := true
	for _, v := range yb {
		if math.IsNaN(float64(v)) || math.IsInf(float64(v), 0) {
			finite = false
		}
	}
	if finite {
		return false, nil
	}
	want := make([]byte, len(g))
	if err := Quantize(want, yb, dt); err != nil {
		return true, err
	}
	if err := CheckQuantized(g, want, dt); err != nil {
		return true, fmt.Errorf("rms_norm_quantize: block %d (non-finite reference): %w", b, err)
	}
	return true, nil
}
