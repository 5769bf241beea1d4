package cpu

import (
	"encoding/binary"
	"math"

	"zincc/internal/ggml"
	"zincc/ir"
)

// A row whose sum is a NaN is recomputed here, in the kernels' order of
// operations but with every operation that can meet two NaNs written out,
// so that the NaN it ends in (sign and payload, which float32 keeps) is
// fixed by this file rather than by the order in which the compiler
// happened to give the operands to the processor: x86 returns the first
// source operand when both are NaNs. The precedence below is the one the
// kernels of commit 3d67d1f had when built by Go 1.26 for amd64, which
// TestMatVecMatchesFrozen holds MatVec to. Only NaN rows come here, so
// speed does not matter; values other than NaNs do not depend on operand
// order, and a row is a NaN here exactly when it is one in the kernels.

// dotNaN recomputes a row of dtype dt whose kernel sum s was a NaN. f32
// rows keep s: their kernel is the one they always had.
func dotNaN(dt ir.DType, w []byte, x []float64, s float64) float64 {
	switch dt {
	case ir.F16:
		return dotF16Special(w, x)
	case ir.Q4_0:
		return dotQ4_0NaN(w, x)
	case ir.Q8_0:
		return dotQ8_0NaN(w, x)
	case ir.BF16, ir.Q4_1, ir.Q5_0, ir.Q5_1, ir.Q4_K, ir.Q5_K, ir.Q6_K:
		return dotGGMLNaN(dt, w, x)
	}
	return s
}

// quiet sets a NaN's quiet bit, as arithmetic on a signalling NaN does.
func quiet(v float64) float64 { return math.Float64frombits(math.Float64bits(v) | 1<<51) }

// addFirst returns a+b; when a or b is a NaN, the first NaN of a, b,
// quieted.
func addFirst(a, b float64) float64 {
	switch {
	case a != a:
		return quiet(a)
	case b != b:
		return quiet(b)
	}
	return a + b
}

// mulFirst returns a·b; when a or b is a NaN, the first NaN of a, b,
// quieted.
func mulFirst(a, b float64) float64 {
	switch {
	case a != a:
		return quiet(a)
	case b != b:
		return quiet(b)
	}
	return a * b
}

// dotF16Special is dotF16 for rows holding an infinity or NaN weight, and
// for rows whose sum is a NaN: the same order of additions, with weights
// widened exactly by f16to64 and x unscaled for rows with infinite or NaN
// weights, scaled as in dotF16 for the others. xs is x·2^f16XScale.
func dotF16Special(w []byte, xs []float64) float64 {
	n := len(xs)
	w = w[:2*n]
	special := false
	for i := 0; i < n; i++ {
		special = special || binary.LittleEndian.Uint16(w[2*i:])&0x7C00 == 0x7C00
	}
	var a [4]float64
	for i := 0; i < n; i++ {
		k := i & 3
		if i >= n&^3 {
			k = 0
		}
		h := binary.LittleEndian.Uint16(w[2*i:])
		if special {
			a[k] = addFirst(mulFirst(f16to64(h), xs[i]*0x1p-895), a[k])
		} else {
			a[k] = addFirst(a[k], mulFirst(xs[i], f16Bits(uint64(h)<<48)))
		}
	}
	if special {
		return addFirst(addFirst(a[1], a[0]), addFirst(a[3], a[2]))
	}
	return addFirst(addFirst(a[3], a[2]), addFirst(a[0], a[1])) * 0x1p113
}

// dotQ4_0NaN is dotQ4_0 with NaN precedence written out.
func dotQ4_0NaN(w []byte, x []float64) float64 {
	const bb, be = ggml.Q4_0BlockBytes, ggml.BlockElems
	var acc float64
	for b := 0; b < len(x)/be; b++ {
		blk := w[b*bb : (b+1)*bb]
		xb := x[b*be : (b+1)*be]
		var slo, shi float64
		for k := range 16 {
			slo = addFirst(slo, mulFirst(xb[k], q4Lo[blk[2+k]]))
			shi = addFirst(shi, mulFirst(xb[16+k], q4Hi[blk[2+k]]))
		}
		acc = addFirst(acc, mulFirst(addFirst(slo, shi), blockScale(blk[0], blk[1])))
	}
	return acc
}

// dotQ8_0NaN is dotQ8_0 with NaN precedence written out.
func dotQ8_0NaN(w []byte, x []float64) float64 {
	const bb, be = ggml.Q8_0BlockBytes, ggml.BlockElems
	var acc float64
	for b := 0; b < len(x)/be; b++ {
		blk := w[b*bb : (b+1)*bb]
		xb := x[b*be : (b+1)*be]
		var s [4]float64
		for k := range 32 {
			s[k&3] = addFirst(s[k&3], mulFirst(xb[k], q8Val[blk[2+k]]))
		}
		sum := addFirst(addFirst(s[0], s[1]), addFirst(s[2], s[3]))
		acc = addFirst(acc, mulFirst(sum, blockScale(blk[0], blk[1])))
	}
	return acc
}
