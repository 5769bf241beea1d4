package cpu

import (
	"encoding/binary"
	"fmt"
	"math"

	"zincc/ir"
)

// CheckRMSNormQuantizeK is rms_norm_quantize's oracle for q8_K: another
// tier's q8_K blocks got of rms_norm(x, w) held to CheckNormQuantizedK
// with the rms_norm rule's bound on each element.
func CheckRMSNormQuantizeK(got []byte, x, w []float32, eps float32) error {
	y, bound, err := normBounds(x, w, eps)
	if err != nil {
		return err
	}
	return CheckNormQuantizedK(got, y, bound)
}

// CheckNormQuantizedK is CheckNormQuantized for ggml's q8_K quantiser
// (max = the y of largest |y|, iscale = −127/max, q = min(127,
// nearest_int(iscale·y)), d = 1/iscale, bsums the sums of 16 codes) over
// the box y'_i in [y_i − b_i, y_i + b_i] (docs/numerics.md,
// "rms_norm_quantize"):
//   - |max'| lies in [A_lo, A_hi] as for q8_0, so |d| lies in
//     [A_lo/127, A_hi/127] (widened by two float32 roundings);
//   - the sign of d is −sign(max'): some element must reach |y'| = A_lo
//     with that sign;
//   - given that sign s, each code lies in [min(127, round(min v)),
//     round(max v)] over the corners v of −s·y'_i·id with id in
//     [127/A_hi, 127/A_lo];
//   - the bsums are exactly the sums of the stored codes.
//
// A block whose reference may be all zeros may be 292 zero bytes; a block
// whose reference holds a NaN or an infinity must match the reference's
// bytes (CheckQuantized).
func CheckNormQuantizedK(got []byte, y []float32, bound []float64) error {
	const bb, be = 292, 256
	if len(got) != len(y)/be*bb || len(y)%be != 0 || len(bound) != len(y) {
		return fmt.Errorf("rms_norm_quantize: %d bytes for %d values", len(got), len(y))
	}
	for b := 0; b < len(y)/be; b++ {
		g, yb, bd := got[b*bb:(b+1)*bb], y[b*be:(b+1)*be], bound[b*be:(b+1)*be]
		if nonFinite, err := checkNonFiniteBlock(g, yb, ir.Q8_K, b); err != nil {
			return err
		} else if nonFinite {
			continue
		}
		// bsums first: they follow from the codes alone.
		for k := 0; k < 16; k++ {
			var sum int32
			for _, q := range g[4+16*k : 4+16*k+16] {
				sum += int32(int8(q))
			}
			if s := int16(binary.LittleEndian.Uint16(g[260+2*k:])); int32(s) != int32(int16(sum)) {
				return fmt.Errorf("rms_norm_quantize: block %d: bsum %d is %d, its codes sum to %d", b, k, s, sum)
			}
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
		gd := float64(math.Float32frombits(binary.LittleEndian.Uint32(g)))
		if gd == 0 {
			zero := true
			for _, c := range g {
				zero = zero && c == 0
			}
			if aLo == 0 && zero {
				continue
			}
			return fmt.Errorf("rms_norm_quantize: block %d (elements %d..%d): scale 0, largest |y| at least %g", b, b*be, b*be+be-1, aLo)
		}
		const widen = 1 + 0x1p-21 // −127/max then 1/iscale: two roundings, and then some
		if a := math.Abs(gd); !(a >= aLo/127/widen && a <= aHi/127*widen) {
			return fmt.Errorf("rms_norm_quantize: block %d (elements %d..%d): scale %g outside ±[%g, %g]", b, b*be, b*be+be-1, gd, aLo/127, aHi/127)
		}
		s := -math.Copysign(1, gd) // the sign of max
		reach := false
		for i, v := range yb {
			lo, hi := float64(v)-bd[i], float64(v)+bd[i]
			reach = reach || (s > 0 && hi >= aLo) || (s < 0 && -lo >= aLo)
		}
		if !reach {
			return fmt.Errorf("rms_norm_quantize: block %d: scale %g, but no element of sign %g reaches %g", b, gd, s, aLo)
		}
		idLo, idHi := 127/aHi/widen, math.Inf(1)
		if aLo > 0 {
			idHi = 127 / aLo * widen
		}
		for i, v := range yb {
			q := float64(int8(g[4+i]))
			lo, hi := -s*(float64(v)-bd[i]), -s*(float64(v)+bd[i])
			vmin, vmax := math.Inf(1), math.Inf(-1)
			for _, c := range [4]float64{lo * idLo, lo * idHi, hi * idLo, hi * idHi} {
				if math.IsNaN(c) { // 0·inf: the code of an exact 0 is 0
					c = 0
				}
				vmin, vmax = min(vmin, c), max(vmax, c)
			}
			slack := 1e-5 * (1 + max(math.Abs(vmin), math.Abs(vmax)))
			if q < min(127, vmin-0.5-slack) || q > vmax+0.5+slack {
				return fmt.Errorf("rms_norm_quantize: element %d: code %v outside [%.3f, %.3f] (y %g ± %g)", b*be+i, q, vmin, vmax, v, bd[i])
			}
		}
	}
	return nil
}
