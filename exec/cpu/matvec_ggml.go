package cpu

import (
	"encoding/binary"
	"math"

	"zincc/internal/ggml"
)

// Kernels for the ggml formats beyond f32, f16, q4_0 and q8_0. Each forms
// exact float64 products of an integer code (or a bfloat16 weight) and x,
// sums them in a fixed order per block or sub-block, and scales the sums
// by the block's (exactly widened) scale, so the weights taking part are
// the exact values the blocks encode. The formats with a minimum (q4_1,
// q5_1, q4_K, q5_K) subtract or add min·Σx per 32 elements, with Σx taken
// from xsum, the per-32 sums of x that MatVec computes once per call.
// docs/numerics.md §2.1 states the orders.

// nibLo[c] and nibHi[c] are the unsigned low and high nibble of byte c;
// val64[q] is q and q5s[q] is q − 16, q6s[q] is q − 32, as float64.
var nibLo, nibHi, val64, q5s, q6s = func() (lo, hi [256]float64, v [64]float64, s5 [32]float64, s6 [64]float64) {
	for c := range 256 {
		lo[c], hi[c] = float64(c&0xF), float64(c>>4)
	}
	for q := range 64 {
		v[q], s6[q] = float64(q), float64(q-32)
	}
	for q := range 32 {
		s5[q] = float64(q - 16)
	}
	return
}()

// dotBF16 is dotF32 for bfloat16 weights: the same four accumulators and
// order; every product (8 by 24 significant bits) is exact.
func dotBF16(w []byte, x []float64) float64 {
	n := len(x)
	w = w[:2*n]
	var a0, a1, a2, a3 float64
	i := 0
	for ; i+4 <= n; i += 4 {
		ww := w[2*i : 2*i+8 : 2*i+8]
		xx := x[i : i+4 : i+4]
		a0 += bf16At(ww[0:]) * xx[0]
		a1 += bf16At(ww[2:]) * xx[1]
		a2 += bf16At(ww[4:]) * xx[2]
		a3 += bf16At(ww[6:]) * xx[3]
	}
	for ; i < n; i++ {
		a0 += bf16At(w[2*i:]) * x[i]
	}
	return (a0 + a1) + (a2 + a3)
}

func bf16At(b []byte) float64 {
	return float64(math.Float32frombits(uint32(binary.LittleEndian.Uint16(b)) << 16))
}

// dotQ4_1: per block, s = s_lo + s_hi as for q4_0 with unsigned codes,
// then acc += fl(d·s), then acc += fl(m·Σx_b).
func dotQ4_1(w []byte, x, xsum []float64) float64 {
	const bb, be = ggml.Q4_1BlockBytes, ggml.BlockElems
	xbs := groups[[be]float64](x)
	blks := groups[[bb]byte](w)[:len(xbs)]
	xsum = xsum[:len(xbs)]
	var acc float64
	for b := range xbs {
		blk, xb := &blks[b], &xbs[b]
		var lo, hi float64
		for k := 0; k < 16; k++ {
			c := blk[4+k]
			lo += nibLo[c] * xb[k]
			hi += nibHi[c] * xb[16+k]
		}
		acc += float64(blockScale(blk[0], blk[1]) * (lo + hi))
		acc += float64(blockScale(blk[2], blk[3]) * xsum[b])
	}
	return acc
}

// dotQ5_0: per block, s_lo = Σ (q_k − 16)·x_k and s_hi likewise for
// elements 16..31, each in k order, then acc += fl(d·(s_lo + s_hi)).
func dotQ5_0(w []byte, x []float64) float64 {
	const bb, be = ggml.Q5_0BlockBytes, ggml.BlockElems
	xbs := groups[[be]float64](x)
	blks := groups[[bb]byte](w)[:len(xbs)]
	var acc float64
	for b := range xbs {
		blk, xb := &blks[b], &xbs[b]
		qh := binary.LittleEndian.Uint32(blk[2:6])
		var lo, hi float64
		for k := 0; k < 16; k++ {
			c := blk[6+k]
			lo += q5s[c&0xF|byte(qh>>k&1)<<4] * xb[k]
			hi += q5s[c>>4|byte(qh>>(k+16)&1)<<4] * xb[16+k]
		}
		acc += float64(blockScale(blk[0], blk[1]) * (lo + hi))
	}
	return acc
}

// dotQ5_1 is dotQ4_1 with 5-bit codes.
func dotQ5_1(w []byte, x, xsum []float64) float64 {
	const bb, be = ggml.Q5_1BlockBytes, ggml.BlockElems
	xbs := groups[[be]float64](x)
	blks := groups[[bb]byte](w)[:len(xbs)]
	xsum = xsum[:len(xbs)]
	var acc float64
	for b := range xbs {
		blk, xb := &blks[b], &xbs[b]
		qh := binary.LittleEndian.Uint32(blk[4:8])
		var lo, hi float64
		for k := 0; k < 16; k++ {
			c := blk[8+k]
			lo += val64[c&0xF|byte(qh>>k&1)<<4] * xb[k]
			hi += val64[c>>4|byte(qh>>(k+16)&1)<<4] * xb[16+k]
		}
		acc += float64(blockScale(blk[0], blk[1]) * (lo + hi))
		acc += float64(blockScale(blk[2], blk[3]) * xsum[b])
	}
	return acc
}

// dotQ4_K: per super-block and chunk c (0..3), s_a = Σ_l q_lo·x_{64c+l}
// and s_b = Σ_l q_hi·x_{64c+32+l} in l order (sub-blocks 2c and 2c+1);
// then for each of the two in turn, acc += fl(d·sc_j·s_j) and
// acc −= fl(dmin·m_j·Σx_j) (d·sc_j and dmin·m_j are exact in float64).
func dotQ4_K(w []byte, x, xsum []float64) float64 {
	const bb, be = ggml.Q4_KBlockBytes, ggml.KBlockElems
	xbs := groups[[be]float64](x)
	blks := groups[[bb]byte](w)[:len(xbs)]
	xsum = xsum[:8*len(xbs)]
	var acc float64
	for b := range xbs {
		blk, xb := &blks[b], &xbs[b]
		d, dmin := blockScale(blk[0], blk[1]), blockScale(blk[2], blk[3])
		xs := xsum[8*b : 8*b+8 : 8*b+8]
		for c := 0; c < 4; c++ {
			qs := (*[32]byte)(blk[16+32*c : 48+32*c])
			xl := (*[64]float64)(xb[64*c : 64*c+64])
			var sa, sb float64
			for l := 0; l < 32; l++ {
				q := qs[l]
				sa += nibLo[q] * xl[l]
				sb += nibHi[q] * xl[32+l]
			}
			acc = kTerms(acc, blk[4:16], 2*c, d, dmin, sa, xs[2*c])
			acc = kTerms(acc, blk[4:16], 2*c+1, d, dmin, sb, xs[2*c+1])
		}
	}
	return acc
}

// kTerms adds sub-block j's two terms to acc: fl(d·sc_j·s), then −fl(dmin·m_j·Σx).
func kTerms(acc float64, scales []byte, j int, d, dmin, s, sx float64) float64 {
	sc, m := ggml.ScaleMinK4(j, scales)
	acc += float64(d * float64(sc) * s)
	acc -= float64(dmin * float64(m) * sx)
	return acc
}

// bit16lo[h] and bit16hi[h] are 16 times bit 0 and bit 1 of h (h < 4).
var bit16lo, bit16hi = [4]float64{0, 16, 0, 16}, [4]float64{0, 0, 16, 16}

// dotQ5_K is dotQ4_K with each code's fifth bit (bit j of qh[l] for
// sub-block j) added as 16.
func dotQ5_K(w []byte, x, xsum []float64) float64 {
	const bb, be = ggml.Q5_KBlockBytes, ggml.KBlockElems
	xbs := groups[[be]float64](x)
	blks := groups[[bb]byte](w)[:len(xbs)]
	xsum = xsum[:8*len(xbs)]
	var acc float64
	for b := range xbs {
		blk, xb := &blks[b], &xbs[b]
		d, dmin := blockScale(blk[0], blk[1]), blockScale(blk[2], blk[3])
		xs := xsum[8*b : 8*b+8 : 8*b+8]
		qh := (*[32]byte)(blk[16:48])
		for c := 0; c < 4; c++ {
			qs := (*[32]byte)(blk[48+32*c : 80+32*c])
			xl := (*[64]float64)(xb[64*c : 64*c+64])
			sh := uint(2 * c)
			var sa, sb float64
			for l := 0; l < 32; l++ {
				q, h := qs[l], qh[l]>>sh&3
				// nibble + 16·bit is an exact small integer.
				sa += (nibLo[q] + bit16lo[h]) * xl[l]
				sb += (nibHi[q] + bit16hi[h]) * xl[32+l]
			}
			acc = kTerms(acc, blk[4:16], 2*c, d, dmin, sa, xs[2*c])
			acc = kTerms(acc, blk[4:16], 2*c+1, d, dmin, sb, xs[2*c+1])
		}
	}
	return acc
}

// dotQ6_K: per super-block, 16 sub-block sums s_k = Σ (q − 32)·x over the
// elements 16k..16k+15 in element order, then acc += fl(d·sc_k·s_k) for
// k = 0..15 in order (d·sc_k exact in float64).
func dotQ6_K(w []byte, x []float64) float64 {
	const bb, be = ggml.Q6_KBlockBytes, ggml.KBlockElems
	xbs := groups[[be]float64](x)
	blks := groups[[bb]byte](w)[:len(xbs)]
	var acc float64
	for b := range xbs {
		blk, xb := &blks[b], &xbs[b]
		var s [16]float64
		for n := 0; n < 2; n++ {
			ql := (*[64]byte)(blk[64*n : 64*n+64])
			qh := (*[32]byte)(blk[128+32*n : 160+32*n])
			xh := (*[128]float64)(xb[128*n : 128*n+128])
			sk := (*[8]float64)(s[8*n : 8*n+8])
			for half := 0; half < 2; half++ { // l in 0..15, then 16..31
				var s0, s1, s2, s3 float64
				for l := 16 * half; l < 16*half+16; l++ {
					a, c, h := ql[l], ql[l+32], qh[l]
					s0 += q6s[a&0xF|h&3<<4] * xh[l]
					s1 += q6s[c&0xF|h&0xC<<2] * xh[l+32]
					s2 += q6s[a>>4|h&0x30] * xh[l+64]
					s3 += q6s[c>>4|h>>2&0x30] * xh[l+96]
				}
				sk[half], sk[2+half], sk[4+half], sk[6+half] = s0, s1, s2, s3
			}
		}
		d := blockScale(blk[208], blk[209])
		for k := 0; k < 16; k++ {
			acc += float64(d * float64(int8(blk[192+k])) * s[k])
		}
	}
	return acc
}

// sumX32 sets xsum[i] = Σ x[32i .. 32i+31], in index order.
func sumX32(xsum, x []float64) {
	xbs := groups[[32]float64](x)
	xsum = xsum[:len(xbs)]
	for i := range xbs {
		var s float64
		for _, v := range &xbs[i] {
			s += v
		}
		xsum[i] = s
	}
}
