package cpu

import "zincc/internal/ggml"

// dotQ4_0 returns Σ_blocks fl(d_b·s_b) over a row of Q4_0 blocks, added to
// one float64 accumulator in block order, where s_b = s_lo + s_hi,
// s_lo = Σ_{k<16} (lo_k - 8)·x_k and s_hi = Σ_{k<16} (hi_k - 8)·x_{16+k},
// each summed in k order in float64 from exact products. fl(d_b·s_b) is
// rounded to float64 before it is added (no fused multiply-add).
//
// Each code is widened by one load from q4Lo or q4Hi, indexed by the whole
// byte (no mask, shift, subtraction or integer conversion), and the loop
// over a block's 16 code bytes is unrolled four times.
func dotQ4_0(w []byte, x []float64) float64 {
	const bb, be = ggml.Q4_0BlockBytes, ggml.BlockElems
	xbs := groups[[be]float64](x)
	blks := groups[[bb]byte](w)[:len(xbs)]
	var acc float64
	for b := range xbs {
		blk, xb := &blks[b], &xbs[b]
		var lo, hi float64
		// k < 13 in steps of 4 visits k = 0, 4, 8, 12 and lets the
		// compiler prove every index below in range.
		for k := 0; k < 13; k += 4 {
			c := blk[2+k]
			lo += q4Lo[c] * xb[k]
			hi += q4Hi[c] * xb[16+k]
			c = blk[3+k]
			lo += q4Lo[c] * xb[k+1]
			hi += q4Hi[c] * xb[17+k]
			c = blk[4+k]
			lo += q4Lo[c] * xb[k+2]
			hi += q4Hi[c] * xb[18+k]
			c = blk[5+k]
			lo += q4Lo[c] * xb[k+3]
			hi += q4Hi[c] * xb[19+k]
		}
		acc += float64(blockScale(blk[0], blk[1]) * (lo + hi))
	}
	return acc
}

// dotQ8_0 is dotQ4_0 for Q8_0 blocks, with s_b = (s0+s1)+(s2+s3) where s_m
// sums q_j·x_j over j ≡ m (mod 4) in j order. Codes are widened by a
// lookup in q8Val, and the loop over a block is unrolled eight times.
func dotQ8_0(w []byte, x []float64) float64 {
	const bb, be = ggml.Q8_0BlockBytes, ggml.BlockElems
	xbs := groups[[be]float64](x)
	blks := groups[[bb]byte](w)[:len(xbs)]
	var acc float64
	for b := range xbs {
		blk, xb := &blks[b], &xbs[b]
		var s0, s1, s2, s3 float64
		// k = 0, 8, 16, 24.
		for k := 0; k < 25; k += 8 {
			s0 += q8Val[blk[2+k]] * xb[k]
			s1 += q8Val[blk[3+k]] * xb[k+1]
			s2 += q8Val[blk[4+k]] * xb[k+2]
			s3 += q8Val[blk[5+k]] * xb[k+3]
			s0 += q8Val[blk[6+k]] * xb[k+4]
			s1 += q8Val[blk[7+k]] * xb[k+5]
			s2 += q8Val[blk[8+k]] * xb[k+6]
			s3 += q8Val[blk[9+k]] * xb[k+7]
		}
		acc += float64(blockScale(blk[0], blk[1]) * ((s0 + s1) + (s2 + s3)))
	}
	return acc
}

// blockScale widens a block's little-endian binary16 scale, bytes lo and
// hi, to float64.
func blockScale(lo, hi byte) float64 {
	return f16to64(uint16(lo) | uint16(hi)<<8)
}

// q4Lo[c] and q4Hi[c] are the low and high nibble of the byte c minus 8,
// the two Q4_0 codes a byte holds, as float64; q8Val[c] is c read as an
// int8, a Q8_0 code. Together 6 KiB: they stay in the L1 cache.
var q4Lo, q4Hi, q8Val = func() (lo, hi, q8 [256]float64) {
	for c := range 256 {
		lo[c] = float64(c&0xF - 8)
		hi[c] = float64(c>>4 - 8)
		q8[c] = float64(int8(c))
	}
	return
}()
