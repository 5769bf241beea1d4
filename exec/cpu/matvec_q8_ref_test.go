package cpu

// Frozen copies of the first MatVecQ8 kernels (commit 0f47728), the
// yardstick the fast block sums (pure Go and AVX2) are held to bit for bit:
// the split of the work changed, the integers and the float32 order did not.

import "zincc/internal/ggml"

func refDotQ4_0Q8(w, xq []byte) float32 {
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

func refDotQ8_0Q8(w, xq []byte) float32 {
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
func refQ5Dot(qh uint32, q *[16]byte, y *[32]byte, off int32) int32 {
	var s0, s1 int32
	for j := 0; j < 16; j++ {
		c0 := int32(q[j]&15) | int32((qh>>j)&1)<<4
		c1 := int32(q[j]>>4) | int32((qh>>(j+16))&1)<<4
		s0 += (c0 - off) * int32(int8(y[j]))
		s1 += (c1 - off) * int32(int8(y[j+16]))
	}
	return s0 + s1
}

func refDotQ5_0Q8(w, xq []byte) float32 {
	var acc float32
	for b := 0; b < len(w)/22; b++ {
		wb, xb := w[b*22:b*22+22], xq[b*34:b*34+34]
		s := refQ5Dot(u32At(wb[2:]), (*[16]byte)(wb[6:22]), (*[32]byte)(xb[2:34]), 16)
		acc += float32(float32(f16At(wb)*f16At(xb)) * float32(s))
	}
	return acc
}

func refDotQ4_1Q8(w, xq []byte, xs []float64) float32 {
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

func refDotQ5_1Q8(w, xq []byte, xs []float64) float32 {
	var acc float32
	for b := 0; b < len(w)/24; b++ {
		wb, xb := w[b*24:b*24+24], xq[b*34:b*34+34]
		s := refQ5Dot(u32At(wb[4:]), (*[16]byte)(wb[8:24]), (*[32]byte)(xb[2:34]), 0)
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

func refDotQ45KQ8K(w, xq []byte, five bool) float32 {
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
			qh = &refNoHighBits
		}
		var mins int32
		var a [8]int32
		for c := 0; c < 4; c++ {
			for h := 0; h < 2; h++ {
				j := 2*c + h
				s, m := ggml.ScaleMinK4(j, sc)
				mins += (bsum(xb, 2*j) + bsum(xb, 2*j+1)) * int32(m)
				t := refLanes45(qs[32*c:32*c+32], qh[:], y[32*j:32*j+32], uint(4*h), uint(j))
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

// refNoHighBits stands for the qh of a q4_K block: no fifth bits.
var refNoHighBits [32]byte

func refDotQ6KQ8K(w, xq []byte) float32 {
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

// refLanes45 returns the eight lane sums Σ_{l ≡ k mod 8} code_l·y_l of one
// q4_K/q5_K sub-block: codes the nibbles of q at bit sh with bit hb of qh
// as the fifth bit.
func refLanes45(qb, qhb, yb []byte, sh, hb uint) [8]int32 {
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
