package cpu

import (
	"fmt"

	"zincc/internal/ggml"
	"zincc/ir"
)

// MatVecQ8 computes dst = W·x for an activation x already quantised by
// quantize to xdt = ir.ActivationFormat(dt): q8_0 for q4_0, q4_1, q5_0,
// q5_1 and q8_0 weights, q8_K for q4_K, q5_K and q6_K. Each block's (or
// K-quant lane's) dot of weight codes with activation codes is an exact
// integer; the integers are scaled and summed in float32 in the order of
// ggml's generic (scalar) vec_dot_*_q8_* kernels, every operation rounded
// on its own (no fused multiply-add), so the result is the same on every
// machine and path (docs/numerics.md §2.1, "matvec of a quantised x").
// Rows are spread over pool as MatVec's; with a Pool a call allocates
// nothing.
func MatVecQ8(pool *Pool, dst []float32, w []byte, dt ir.DType, rows, cols int, xq []byte, xdt ir.DType) error {
	rb, err := matvecRowBytes(dt, cols)
	if err != nil {
		return err
	}
	if want := ir.ActivationFormat(dt); xdt != want || want == ir.InvalidDType {
		return fmt.Errorf("cpu: matvec of %v weights takes no %v x (want %v)", dt, xdt, want)
	}
	xb, err := xdt.RowBytes(cols)
	if err != nil {
		return fmt.Errorf("cpu: matvec: %w", err)
	}
	if rows < 0 || len(dst) != rows || len(xq) != xb || len(w) != rows*rb {
		return fmt.Errorf("cpu: matvec %v[%d, %d] × %v: got %d weight bytes (want %d), x of %d bytes (want %d), dst of %d",
			dt, rows, cols, xdt, len(w), rows*rb, len(xq), xb, len(dst))
	}
	job := matvecJob{dst: dst, w: w, dt: dt, cols: cols, rowBytes: rb, xq: xq, r0: 0, r1: rows}
	if hasMin(dt) && xdt == ir.Q8_0 {
		// q4_1, q5_1: the min term takes s_b = fl32(d_x·Σq) per block,
		// formed once per call.
		var xs []float64
		if pool == nil {
			xs = make([]float64, cols/32)
		} else {
			pool.mu.Lock()
			defer pool.mu.Unlock()
			xs = pool.scratch(cols / 32)
		}
		q8Sums(xs, xq)
		job.xsum = xs
	} else if pool != nil {
		pool.mu.Lock()
		defer pool.mu.Unlock()
	}
	if pool == nil {
		job.run()
	} else {
		pool.parallel(job)
	}
	return nil
}

// q8Sums sets s[b] = fl32(d_b·Σ_j q_bj) for each q8_0 block of xq (ggml's
// q8_1 s, kept in float32 rather than rounded to f16).
func q8Sums(s []float64, xq []byte) {
	for b := range s {
		blk := xq[b*34 : b*34+34]
		var sum int32
		for _, q := range blk[2:34] {
			sum += int32(int8(q))
		}
		s[b] = float64(float32(sum) * f16At(blk))
	}
}

func f16At(b []byte) float32 { return ggml.F16ToF32(uint16(b[0]) | uint16(b[1])<<8) }

// runQ8 computes rows r0..r1-1 of a job with a quantised x.
func (j matvecJob) runQ8() {
	rb := j.rowBytes
	for r := j.r0; r < j.r1; r++ {
		row := j.w[r*rb : (r+1)*rb]
		var s float32
		switch j.dt {
		case ir.Q4_0:
			s = dotQ4_0Q8(row, j.xq)
		case ir.Q8_0:
			s = dotQ8_0Q8(row, j.xq)
		case ir.Q5_0:
			s = dotQ5_0Q8(row, j.xq)
		case ir.Q4_1:
			s = dotQ4_1Q8(row, j.xq, j.xsum)
		case ir.Q5_1:
			s = dotQ5_1Q8(row, j.xq, j.xsum)
		case ir.Q4_K:
			s = dotQ45KQ8K(row, j.xq, false)
		case ir.Q5_K:
			s = dotQ45KQ8K(row, j.xq, true)
		case ir.Q6_K:
			s = dotQ6KQ8K(row, j.xq)
		}
		j.dst[r] = s
	}
}

// The 32-element formats. Per block the integer dot
// sumi = Σ_{j<16} c_j·y_j + Σ_{j<16} c_{j+16}·y_{j+16} is exact; then, as
// ggml's generic kernels (ggml-cpu-quants.c at c392e50):
//
//	q4_0: acc += fl(fl(float(sumi)·d_w)·d_x)
//	q8_0: acc += fl(float(sumi)·fl(d_w·d_x))
//	q5_0: acc += fl(fl(d_w·d_x)·float(sumi))
//	q4_1, q5_1: acc += fl(fl(fl(d_w·d_x)·float(sumi)) + fl(m_w·s_x))
//
// with acc a float32 starting at 0 and every fl a float32 rounding.

func dotQ4_0Q8(w, xq []byte) float32 {
	var acc float32
	for b := 0; b < len(w)/18; b++ {
		wb, xb := w[b*18:b*18+18], xq[b*34:b*34+34]
		y := (*[32]byte)(xb[2:34])
		q := (*[16]byte)(wb[2:18])
		var s0, s1 int32
		for j := 0; j < 16; j++ {
			s0 += (int32(q[j]&15) - 8) * int32(int8(y[j]))
			s1 += (int32(q[j]>>4) - 8) * int32(int8(y[j+16]))
		}
		acc += float32(float32(float32(s0+s1)*f16At(wb)) * f16At(xb))
	}
	return acc
}

func dotQ8_0Q8(w, xq []byte) float32 {
	var acc float32
	for b := 0; b < len(w)/34; b++ {
		wb, xb := w[b*34:b*34+34], xq[b*34:b*34+34]
		y := (*[32]byte)(xb[2:34])
		q := (*[32]byte)(wb[2:34])
		var s int32
		for j := 0; j < 32; j++ {
			s += int32(int8(q[j])) * int32(int8(y[j]))
		}
		acc += float32(float32(s) * float32(f16At(wb)*f16At(xb)))
	}
	return acc
}

// q5Codes returns the two 16-element halves' 5-bit codes' integer dots
// with y for a q5_0/q5_1 block's qh and qs, the codes offset by off.
func q5Dot(qh uint32, q *[16]byte, y *[32]byte, off int32) int32 {
	var s0, s1 int32
	for j := 0; j < 16; j++ {
		c0 := int32(q[j]&15) | int32((qh>>j)&1)<<4
		c1 := int32(q[j]>>4) | int32((qh>>(j+16))&1)<<4
		s0 += (c0 - off) * int32(int8(y[j]))
		s1 += (c1 - off) * int32(int8(y[j+16]))
	}
	return s0 + s1
}

func u32At(b []byte) uint32 {
	return uint32(b[0]) | uint32(b[1])<<8 | uint32(b[2])<<16 | uint32(b[3])<<24
}

func dotQ5_0Q8(w, xq []byte) float32 {
	var acc float32
	for b := 0; b < len(w)/22; b++ {
		wb, xb := w[b*22:b*22+22], xq[b*34:b*34+34]
		s := q5Dot(u32At(wb[2:]), (*[16]byte)(wb[6:22]), (*[32]byte)(xb[2:34]), 16)
		acc += float32(float32(f16At(wb)*f16At(xb)) * float32(s))
	}
	return acc
}

func dotQ4_1Q8(w, xq []byte, xs []float64) float32 {
	var acc float32
	for b := 0; b < len(w)/20; b++ {
		wb, xb := w[b*20:b*20+20], xq[b*34:b*34+34]
		y := (*[32]byte)(xb[2:34])
		q := (*[16]byte)(wb[4:20])
		var s0, s1 int32
		for j := 0; j < 16; j++ {
			s0 += int32(q[j]&15) * int32(int8(y[j]))
			s1 += int32(q[j]>>4) * int32(int8(y[j+16]))
		}
		t := float32(float32(f16At(wb)*f16At(xb)) * float32(s0+s1))
		m := float32(f16At(wb[2:]) * float32(xs[b]))
		acc += float32(t + m)
	}
	return acc
}

func dotQ5_1Q8(w, xq []byte, xs []float64) float32 {
	var acc float32
	for b := 0; b < len(w)/24; b++ {
		wb, xb := w[b*24:b*24+24], xq[b*34:b*34+34]
		s := q5Dot(u32At(wb[4:]), (*[16]byte)(wb[8:24]), (*[32]byte)(xb[2:34]), 0)
		t := float32(float32(f16At(wb)*f16At(xb)) * float32(s))
		m := float32(f16At(wb[2:]) * float32(xs[b]))
		acc += float32(t + m)
	}
	return acc
}

// The K-quants, as ggml's generic vec_dot_q{4,5,6}_K_q8_K: per
// super-block eight int32 lanes a_l = Σ_{e ≡ l mod 8} sc(e)·c_e·y_e (exact),
// then sums_l += fl(fl(d_w·d_x)·float(a_l)) in eight float32 lanes kept
// across super-blocks, and for q4_K/q5_K acc −= fl(fl(dmin·d_x)·float(S))
// with S = Σ_{k<16} bsums_k·m_{k/2} (exact). The result is
// acc + sums_0 + … + sums_7, added in that order.

func dotQ45KQ8K(w, xq []byte, five bool) float32 {
	bb := ggml.Q4_KBlockBytes
	if five {
		bb = ggml.Q5_KBlockBytes
	}
	var sums [8]float32
	var acc float32
	for b := 0; b < len(w)/bb; b++ {
		wb, xb := w[b*bb:(b+1)*bb], xq[b*ggml.Q8_KBlockBytes:(b+1)*ggml.Q8_KBlockBytes]
		y := (*[256]byte)(xb[4:260])
		sc := wb[4:16]
		qs := (*[128]byte)(wb[16:144])
		var qh *[32]byte
		if five {
			qh, qs = (*[32]byte)(wb[16:48]), (*[128]byte)(wb[48:176])
		} else {
			qh = &noHighBits
		}
		var mins int32
		var a [8]int32
		for c := 0; c < 4; c++ {
			for h := 0; h < 2; h++ {
				j := 2*c + h
				s, m := ggml.ScaleMinK4(j, sc)
				mins += (bsum(xb, 2*j) + bsum(xb, 2*j+1)) * int32(m)
				t := lanes45(qs[32*c:32*c+32], qh[:], y[32*j:32*j+32], uint(4*h), uint(j))
				for l := range a {
					a[l] += int32(s) * t[l]
				}
			}
		}
		dx := f32At(xb)
		d := float32(f16At(wb) * dx)
		for l := range sums {
			sums[l] += float32(d * float32(a[l]))
		}
		dmin := float32(f16At(wb[2:]) * dx)
		acc -= float32(dmin * float32(mins))
	}
	for _, s := range sums {
		acc += s
	}
	return acc
}

// noHighBits stands for the qh of a q4_K block: no fifth bits.
var noHighBits [32]byte

// bsum is q8_K bsums[k] of the block xb.
func bsum(xb []byte, k int) int32 {
	return int32(int16(uint16(xb[260+2*k]) | uint16(xb[261+2*k])<<8))
}

func dotQ6KQ8K(w, xq []byte) float32 {
	const bb = ggml.Q6_KBlockBytes
	var sums [8]float32
	for b := 0; b < len(w)/bb; b++ {
		wb, xb := w[b*bb:(b+1)*bb], xq[b*ggml.Q8_KBlockBytes:(b+1)*ggml.Q8_KBlockBytes]
		y := (*[256]byte)(xb[4:260])
		var a [8]int32
		for n := 0; n < 2; n++ {
			ql, qh := wb[64*n:64*n+64], wb[128+32*n:128+32*n+32]
			for i := 0; i < 4; i++ {
				var t [8]int32
				e0 := 128*n + 32*i
				for l := 0; l < 32; l++ {
					lo := ql[l+32*(i&1)]
					if i >= 2 {
						lo >>= 4
					}
					code := int32(lo&15) | int32(qh[l]>>(2*i)&3)<<4
					t[l&7] += (code - 32) * int32(int8(y[e0+l]))
					if l == 15 || l == 31 {
						s := int32(int8(wb[192+(e0+l)/16]))
						for k := range a {
							a[k] += s * t[k]
						}
						t = [8]int32{}
					}
				}
			}
		}
		d := float32(f16At(wb[208:]) * f32At(xb))
		for l := range sums {
			sums[l] += float32(d * float32(a[l]))
		}
	}
	var acc float32
	for _, s := range sums {
		acc += s
	}
	return acc
}

// lanes45 returns the eight lane sums Σ_{l ≡ k mod 8} code_l·y_l of one
// q4_K/q5_K sub-block: codes the nibbles of q at bit sh with bit hb of qh
// as the fifth bit.
func lanes45(qb, qhb, yb []byte, sh, hb uint) [8]int32 {
	q, qh, y := (*[32]byte)(qb), (*[32]byte)(qhb), (*[32]byte)(yb)
	var t0, t1, t2, t3, t4, t5, t6, t7 int32
	for l := 0; l < 32; l += 8 {
		t0 += (int32(q[l+0]>>sh)&15 | int32(qh[l+0]>>hb&1)<<4) * int32(int8(y[l+0]))
		t1 += (int32(q[l+1]>>sh)&15 | int32(qh[l+1]>>hb&1)<<4) * int32(int8(y[l+1]))
		t2 += (int32(q[l+2]>>sh)&15 | int32(qh[l+2]>>hb&1)<<4) * int32(int8(y[l+2]))
		t3 += (int32(q[l+3]>>sh)&15 | int32(qh[l+3]>>hb&1)<<4) * int32(int8(y[l+3]))
		t4 += (int32(q[l+4]>>sh)&15 | int32(qh[l+4]>>hb&1)<<4) * int32(int8(y[l+4]))
		t5 += (int32(q[l+5]>>sh)&15 | int32(qh[l+5]>>hb&1)<<4) * int32(int8(y[l+5]))
		t6 += (int32(q[l+6]>>sh)&15 | int32(qh[l+6]>>hb&1)<<4) * int32(int8(y[l+6]))
		t7 += (int32(q[l+7]>>sh)&15 | int32(qh[l+7]>>hb&1)<<4) * int32(int8(y[l+7]))
	}
	return [8]int32{t0, t1, t2, t3, t4, t5, t6, t7}
}
