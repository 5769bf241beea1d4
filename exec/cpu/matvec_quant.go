package cpu

import "zincc/internal/ggml"

// quantGroup is the number of rows the block kernels run side by side:
// each pair of x blocks (512 bytes) is read from L2 once and then from L1
// for the other rows, instead of x (8 bytes per column, 32 KiB at 4096
// columns, the whole L1 data cache) streaming from L2 again for every row.
const quantGroup = 8

// dotQ4_0Rows sets sums[i] to the dot product of row i of w (rows of rb
// bytes, Q4_0 blocks) with x, for up to quantGroup rows. Each row's sum is
// Σ_blocks fl(d_b·s_b), added to one float64 accumulator in block order,
// where s_b = s_lo + s_hi, s_lo = Σ_{k<16} (lo_k - 8)·x_k and
// s_hi = Σ_{k<16} (hi_k - 8)·x_{16+k}, each summed in k order in float64
// from exact products. fl(d_b·s_b) is rounded to float64 before it is
// added (no fused multiply-add).
//
// Two blocks of a row are summed side by side: four independent chains of
// additions instead of two, each still in its own k order, so the
// processor overlaps their latencies. Each code is widened by a lookup in
// q4Lo or q4Hi, one load instead of a mask, a subtraction and a
// conversion. Rows are independent, so running them in a group changes
// no result.
func dotQ4_0Rows(sums []float64, w []byte, rb int, x []float64) {
	const bb, be = ggml.Q4_0BlockBytes, ggml.BlockElems
	nb := len(x) / be
	sums = sums[:min(len(sums), quantGroup)]
	for i := range sums {
		sums[i] = 0
	}
	b := 0
	for ; b+2 <= nb; b += 2 {
		x0 := (*[be]float64)(x[b*be:])
		x1 := (*[be]float64)(x[(b+1)*be:])
		for i := range sums {
			b0 := (*[2 * bb]byte)(w[i*rb+b*bb:])
			b1 := (*[bb]byte)(b0[bb:])
			var l0, h0, l1, h1 float64
			// k < 15 in steps of 2 visits k = 0, 2, ..., 14 and lets the
			// compiler prove k+1 < 16 (no bounds checks).
			for k := 0; k < 15; k += 2 {
				c0, c1 := b0[2+k], b1[2+k]
				l0 += q4Lo[c0] * x0[k]
				h0 += q4Hi[c0] * x0[16+k]
				l1 += q4Lo[c1] * x1[k]
				h1 += q4Hi[c1] * x1[16+k]
				c0, c1 = b0[3+k], b1[3+k]
				l0 += q4Lo[c0] * x0[k+1]
				h0 += q4Hi[c0] * x0[17+k]
				l1 += q4Lo[c1] * x1[k+1]
				h1 += q4Hi[c1] * x1[17+k]
			}
			acc := sums[i]
			acc += float64(blockScale(b0[0], b0[1]) * (l0 + h0))
			acc += float64(blockScale(b1[0], b1[1]) * (l1 + h1))
			sums[i] = acc
		}
	}
	if b < nb {
		x0 := (*[be]float64)(x[b*be:])
		for i := range sums {
			b0 := (*[bb]byte)(w[i*rb+b*bb:])
			var l0, h0 float64
			for k := 0; k < 16; k++ {
				c0 := b0[2+k]
				l0 += q4Lo[c0] * x0[k]
				h0 += q4Hi[c0] * x0[16+k]
			}
			sums[i] += float64(blockScale(b0[0], b0[1]) * (l0 + h0))
		}
	}
}

// dotQ8_0Rows is dotQ4_0Rows for Q8_0 blocks, with s_b = (s0+s1)+(s2+s3)
// where s_m sums q_j·x_j over j ≡ m (mod 4) in j order. Two blocks are
// summed side by side (eight chains), and codes are widened by a lookup
// in q8Val.
func dotQ8_0Rows(sums []float64, w []byte, rb int, x []float64) {
	const bb, be = ggml.Q8_0BlockBytes, ggml.BlockElems
	nb := len(x) / be
	sums = sums[:min(len(sums), quantGroup)]
	for i := range sums {
		sums[i] = 0
	}
	b := 0
	for ; b+2 <= nb; b += 2 {
		x0 := (*[be]float64)(x[b*be:])
		x1 := (*[be]float64)(x[(b+1)*be:])
		for i := range sums {
			b0 := (*[2 * bb]byte)(w[i*rb+b*bb:])
			b1 := (*[bb]byte)(b0[bb:])
			var s0, s1, s2, s3, t0, t1, t2, t3 float64
			// k < 29 in steps of 4: k = 0, 4, ..., 28, and k+3 < 32 is
			// provable.
			for k := 0; k < 29; k += 4 {
				s0 += q8Val[b0[2+k]] * x0[k]
				s1 += q8Val[b0[3+k]] * x0[k+1]
				s2 += q8Val[b0[4+k]] * x0[k+2]
				s3 += q8Val[b0[5+k]] * x0[k+3]
				t0 += q8Val[b1[2+k]] * x1[k]
				t1 += q8Val[b1[3+k]] * x1[k+1]
				t2 += q8Val[b1[4+k]] * x1[k+2]
				t3 += q8Val[b1[5+k]] * x1[k+3]
			}
			acc := sums[i]
			acc += float64(blockScale(b0[0], b0[1]) * ((s0 + s1) + (s2 + s3)))
			acc += float64(blockScale(b1[0], b1[1]) * ((t0 + t1) + (t2 + t3)))
			sums[i] = acc
		}
	}
	if b < nb {
		x0 := (*[be]float64)(x[b*be:])
		for i := range sums {
			b0 := (*[bb]byte)(w[i*rb+b*bb:])
			var s0, s1, s2, s3 float64
			for k := 0; k < 29; k += 4 {
				s0 += q8Val[b0[2+k]] * x0[k]
				s1 += q8Val[b0[3+k]] * x0[k+1]
				s2 += q8Val[b0[4+k]] * x0[k+2]
				s3 += q8Val[b0[5+k]] * x0[k+3]
			}
			sums[i] += float64(blockScale(b0[0], b0[1]) * ((s0 + s1) + (s2 + s3)))
		}
	}
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
