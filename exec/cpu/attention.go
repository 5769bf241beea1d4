package cpu

import (
	"encoding/binary"
	"math"

	"zincc/ir"
)

// Attention computes one query's attention over rows 0..pos (inclusive) of
// a K and a V state, each [ctx, kvHeads·headDim] of dtype f32 or f16. Query
// head h (q and dst hold heads·headDim values) reads KV head
// h / (heads/kvHeads), as llama.cpp groups heads. scratch needs room for
// pos+1 values.
//
// Numerics, per head: score_j = float32(scale·Σ_d q_d·k_jd) with the dot in
// float64 from exact products (four accumulators over d mod 4, then
// (a0+a1)+(a2+a3)), the product with scale in float64, one rounding to
// float32; m = max_j score_j; e_j = float32(exp(score_j - m)) (float64
// math.Exp); sum = Σ_j e_j in float64 in j order; out_d = float32(
// (Σ_j e_j·v_jd) / sum) with the weighted sum in float64 in j order. NaNs
// propagate as in Softmax.
func Attention(dst, q []float32, k, v []byte, dt ir.DType, pos, heads, kvHeads, headDim int, scale float32, scratch []float32) error {
	if heads <= 0 || kvHeads <= 0 || heads%kvHeads != 0 {
		return sizeError("attention", "%d query heads are not a multiple of %d KV heads", heads, kvHeads)
	}
	if headDim <= 0 || len(q) != heads*headDim || len(dst) != heads*headDim {
		return sizeError("attention", "q of %d and dst of %d values for %d heads of %d", len(q), len(dst), heads, headDim)
	}
	width := kvHeads * headDim
	ctx, rb, err := stateRows("attention", k, dt, width)
	if err != nil {
		return err
	}
	if len(v) != len(k) {
		return sizeError("attention", "K state of %d bytes and V state of %d", len(k), len(v))
	}
	if pos < 0 || pos >= ctx {
		return sizeError("attention", "position %d out of range [0, %d)", pos, ctx)
	}
	n := pos + 1
	if len(scratch) < n {
		return sizeError("attention", "scratch of %d values, need %d", len(scratch), n)
	}
	scores := scratch[:n]
	eb := rb / width
	group := heads / kvHeads
	for h := 0; h < heads; h++ {
		qh := q[h*headDim : (h+1)*headDim]
		off := (h / group) * headDim * eb // byte offset of the KV head in a row
		for j := range scores {
			kr := k[j*rb+off : j*rb+off+headDim*eb]
			var dot float64
			if dt == ir.F16 {
				dot = dotF32F16(qh, kr)
			} else {
				dot = dotF32F32(qh, kr)
			}
			scores[j] = float32(float64(scale) * dot)
		}
		m := float64(maxOf(scores))
		var sum float64
		for j, s := range scores {
			e := float32(math.Exp(float64(s) - m))
			scores[j] = e
			sum += float64(e)
		}
		out := dst[h*headDim : (h+1)*headDim]
		// Four output dims per pass over the rows (each still summed in
		// j order) so that a pass reads 4 adjacent values of every row.
		d := 0
		for ; d+4 <= headDim; d += 4 {
			var a0, a1, a2, a3 float64
			at := off + d*eb
			for j, e := range scores {
				row := v[j*rb+at : j*rb+at+4*eb]
				ew := float64(e)
				a0 += ew * stateValue(row, dt)
				a1 += ew * stateValue(row[eb:], dt)
				a2 += ew * stateValue(row[2*eb:], dt)
				a3 += ew * stateValue(row[3*eb:], dt)
			}
			out[d], out[d+1], out[d+2], out[d+3] = float32(a0/sum), float32(a1/sum), float32(a2/sum), float32(a3/sum)
		}
		for ; d < headDim; d++ {
			var acc float64
			at := off + d*eb
			for j, e := range scores {
				acc += float64(e) * stateValue(v[j*rb+at:], dt)
			}
			out[d] = float32(acc / sum)
		}
	}
	return nil
}

// stateValue reads one f32 or f16 state element, widened exactly.
func stateValue(b []byte, dt ir.DType) float64 {
	if dt == ir.F16 {
		return f16to64(binary.LittleEndian.Uint16(b))
	}
	return float64(math.Float32frombits(binary.LittleEndian.Uint32(b)))
}

// dotF32F32 is Σ q_d·k_d for float32 q and a little-endian float32 row,
// with dotF32's accumulator order.
func dotF32F32(q []float32, k []byte) float64 {
	n := len(q)
	k = k[:4*n]
	var a [4]float64
	for d, qv := range q {
		slot := d & 3
		if d >= n&^3 {
			slot = 0
		}
		a[slot] += float64(qv) * float64(math.Float32frombits(binary.LittleEndian.Uint32(k[4*d:])))
	}
	return (a[0] + a[1]) + (a[2] + a[3])
}

// dotF32F16 is dotF32F32 for a binary16 row.
func dotF32F16(q []float32, k []byte) float64 {
	n := len(q)
	k = k[:2*n]
	var a [4]float64
	for d, qv := range q {
		slot := d & 3
		if d >= n&^3 {
			slot = 0
		}
		a[slot] += float64(qv) * f16to64(binary.LittleEndian.Uint16(k[2*d:]))
	}
	return (a[0] + a[1]) + (a[2] + a[3])
}
