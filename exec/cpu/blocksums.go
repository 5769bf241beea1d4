package cpu

import "zincc/internal/ggml"

// The exact integer parts of the matvec of a quantised x (matvec_q8.go):
// per 32-element block the dot of weight codes with q8 activation codes,
// per K-quant super-block the eight scaled lane sums. They are integers
// without overflow, so every way of forming them gives the same values:
// on amd64 with AVX-512 (F, BW, VL, VNNI, VBMI, BITALG) in AVX-512
// assembly (blocksums_avx512_amd64.s, on x prepared once per call:
// blocksums_avx512.go; the single-row q5_0, q4_1 and q5_1 sums with AVX2),
// else with AVX2 (blocksums_amd64.s); elsewhere, for the tails and under
// ZINCC_CPU_PORTABLE=1 in the Go below. The float32 combination that
// follows (matvec_q8.go) is Go on the portable path; the K-quants' runs in
// the same assembly loop as their lane sums (dotQ*KAVX512, dotQ*KAVX2),
// the 32-element formats' with AVX-512 in the same loop as their block
// sums, four rows at a time (dot4Q*AVX512), and with AVX2 q4_0's,
// q8_0's and q5_0's in comb4*AVX2, each the Go code's operations in its
// order, so the same bits (a NaN row is recomputed in Go, whose instruction
// order decides its payload).
//
// Each blockSums* sets out[b] for the len(out) blocks of w and xq (q8_0
// blocks of 34 bytes), and d[b] to block b's f16 scale d as a float32; the
// assembly kernels take the blocks eight at a time, the Go code the rest.
// yw, where taken, is x as prepX prepared it for the selected path
// (AVX-512 layout, or pure Go's SWAR words), or nil.

// scalesGo sets d[b] to the f16 at the start of block b (bb bytes) of w.
func scalesGo(w []byte, bb int, d []float32) {
	for b := range d {
		d[b] = h16(w, b*bb)
	}
}

func blockSumsQ4_0(w, xq []byte, out []int32, d []float32, yw []uint64) {
	if yw != nil && !useAVX512 {
		swarSums4(w, 18, yw, out, 8)
		scalesGo(w, 18, d[:len(out)])
		return
	}
	if n := len(out) &^ 7; yw != nil && useAVX512 && n > 0 {
		_, _, _, _ = w[n*18-1], yw[n*xp32Words-1], d[n-1], out[n-1]
		sumsQ4_0AVX512(&w[0], &xpBytes(yw)[0], n, &out[0], &d[0])
		w, xq, out, d = w[n*18:], xq[n*34:], out[n:], d[n:]
	} else if useAVX2 && n > 0 {
		_, _, _ = w[n*18-1], xq[n*34-1], d[n-1]
		sumsQ4_0AVX2(&w[0], &xq[0], n, &out[0], &d[0])
		w, xq, out, d = w[n*18:], xq[n*34:], out[n:], d[n:]
	}
	sumsQ4_0Go(w, xq, out)
	scalesGo(w, 18, d[:len(out)])
}

func blockSumsQ4_1(w, xq []byte, out []int32, d []float32, yw []uint64) {
	if yw != nil && !useAVX512 {
		swarSums4(w, 20, yw, out, 0)
		scalesGo(w, 20, d[:len(out)])
		return
	}
	if n := len(out) &^ 7; useAVX2 && n > 0 {
		_, _, _ = w[n*20-1], xq[n*34-1], d[n-1]
		sumsQ4_1AVX2(&w[0], &xq[0], n, &out[0], &d[0])
		w, xq, out, d = w[n*20:], xq[n*34:], out[n:], d[n:]
	}
	sumsQ4_1Go(w, xq, out)
	scalesGo(w, 20, d[:len(out)])
}

func blockSumsQ5_0(w, xq []byte, out []int32, d []float32) {
	if n := len(out) &^ 7; useAVX2 && n > 0 {
		_, _, _ = w[n*22-1], xq[n*34-1], d[n-1]
		sumsQ5_0AVX2(&w[0], &xq[0], n, &out[0], &d[0])
		w, xq, out, d = w[n*22:], xq[n*34:], out[n:], d[n:]
	}
	sumsQ5Go(w, xq, out, 22, 16)
	scalesGo(w, 22, d[:len(out)])
}

func blockSumsQ5_1(w, xq []byte, out []int32, d []float32) {
	if n := len(out) &^ 7; useAVX2 && n > 0 {
		_, _, _ = w[n*24-1], xq[n*34-1], d[n-1]
		sumsQ5_1AVX2(&w[0], &xq[0], n, &out[0], &d[0])
		w, xq, out, d = w[n*24:], xq[n*34:], out[n:], d[n:]
	}
	sumsQ5Go(w, xq, out, 24, 0)
	scalesGo(w, 24, d[:len(out)])
}

func blockSumsQ8_0(w, xq []byte, out []int32, d []float32, yw []uint64) {
	if n := len(out) &^ 7; yw != nil && useAVX512 && n > 0 {
		_, _, _, _ = w[n*34-1], yw[n*xp32Words-1], d[n-1], out[n-1]
		sumsQ8_0AVX512(&w[0], &xpBytes(yw)[0], n, &out[0], &d[0])
		w, xq, out, d = w[n*34:], xq[n*34:], out[n:], d[n:]
	} else if useAVX2 && n > 0 {
		_, _, _ = w[n*34-1], xq[n*34-1], d[n-1]
		sumsQ8_0AVX2(&w[0], &xq[0], n, &out[0], &d[0])
		w, xq, out, d = w[n*34:], xq[n*34:], out[n:], d[n:]
	}
	sumsQ8_0Go(w, xq, out)
	scalesGo(w, 34, d[:len(out)])
}

// laneSumsQ45K sets, for each super-block k of w (q4_K, or q5_K if
// five), out[9k+l] = Σ_j sc_j·Σ_{e ≡ l mod 8} c_e·y_e over its sub-blocks j
// (l < 8) and out[9k+8] = S = Σ_j m_j·(bsums_2j + bsums_2j+1), sc_j and m_j
// its 6-bit scales and mins.
//
// xp is x prepared for the AVX-512 kernels (prepXK), or nil.
func laneSumsQ45K(w, xq []byte, xp []uint64, five bool, out []int32) {
	n := len(out) / 9
	if xp != nil && useAVX512 && n > 0 {
		_, _ = xpBytes(xp)[n*xpK45Bytes-1], out[9*n-1]
		if five {
			_ = w[n*ggml.Q5_KBlockBytes-1]
			lanesQ5KAVX512(&w[0], &xpBytes(xp)[0], n, &out[0])
		} else {
			_ = w[n*ggml.Q4_KBlockBytes-1]
			lanesQ4KAVX512(&w[0], &xpBytes(xp)[0], n, &out[0])
		}
		return
	}
	if useAVX2 && n > 0 {
		_, _ = xq[n*ggml.Q8_KBlockBytes-1], out[9*n-1]
		if five {
			_ = w[n*ggml.Q5_KBlockBytes-1]
			lanesQ5KAVX2(&w[0], &xq[0], n, &out[0])
		} else {
			_ = w[n*ggml.Q4_KBlockBytes-1]
			lanesQ4KAVX2(&w[0], &xq[0], n, &out[0])
		}
		return
	}
	lanesQ45KGo(w, xq, five, out)
}

// laneSumsQ6K sets out[8k+l] = Σ_{e ≡ l mod 8} scales[e/16]·(c_e − 32)·y_e
// for each super-block k of w (q6_K); xp as laneSumsQ45K's.
func laneSumsQ6K(w, xq []byte, xp []uint64, out []int32) {
	n := len(out) / 8
	if xp != nil && useAVX512 && n > 0 {
		_, _, _ = w[n*ggml.Q6_KBlockBytes-1], xpBytes(xp)[n*xpK6Bytes-1], out[8*n-1]
		lanesQ6KAVX512(&w[0], &xpBytes(xp)[0], n, &out[0])
		return
	}
	if useAVX2 && n > 0 {
		_, _ = w[n*ggml.Q6_KBlockBytes-1], xq[n*ggml.Q8_KBlockBytes-1]
		lanesQ6KAVX2(&w[0], &xq[0], n, &out[0])
		return
	}
	lanesQ6KGo(w, xq, out)
}

func sumsQ4_0Go(w, xq []byte, out []int32) {
	for b := range out {
		q := (*[16]byte)(w[b*18+2 : b*18+18])
		y := (*[32]byte)(xq[b*34+2 : b*34+34])
		var s0, s1 int32
		for j := 0; j < 16; j += 2 {
			s0 += (int32(q[j]&15)-8)*int32(int8(y[j])) + (int32(q[j+1]&15)-8)*int32(int8(y[j+1]))
			s1 += (int32(q[j]>>4)-8)*int32(int8(y[j+16])) + (int32(q[j+1]>>4)-8)*int32(int8(y[j+17]))
		}
		out[b] = s0 + s1
	}
}

func sumsQ4_1Go(w, xq []byte, out []int32) {
	for b := range out {
		q := (*[16]byte)(w[b*20+4 : b*20+20])
		y := (*[32]byte)(xq[b*34+2 : b*34+34])
		var s0, s1 int32
		for j := 0; j < 16; j += 2 {
			s0 += int32(q[j]&15)*int32(int8(y[j])) + int32(q[j+1]&15)*int32(int8(y[j+1]))
			s1 += int32(q[j]>>4)*int32(int8(y[j+16])) + int32(q[j+1]>>4)*int32(int8(y[j+17]))
		}
		out[b] = s0 + s1
	}
}

// sumsQ5Go is the block sums of q5_0 (bb 22, codes offset by 16) and q5_1
// (bb 24, no offset): qh at bb−20, qs at bb−16.
func sumsQ5Go(w, xq []byte, out []int32, bb int, off int32) {
	for b := range out {
		wb := w[b*bb : b*bb+bb]
		qh := u32At(wb[bb-20:])
		q := (*[16]byte)(wb[bb-16:])
		y := (*[32]byte)(xq[b*34+2 : b*34+34])
		var s0, s1 int32
		for j := 0; j < 16; j++ {
			c0 := int32(q[j]&15) | int32((qh>>j)&1)<<4
			c1 := int32(q[j]>>4) | int32((qh>>(j+16))&1)<<4
			s0 += (c0 - off) * int32(int8(y[j]))
			s1 += (c1 - off) * int32(int8(y[j+16]))
		}
		out[b] = s0 + s1
	}
}

func sumsQ8_0Go(w, xq []byte, out []int32) {
	for b := range out {
		q := (*[32]byte)(w[b*34+2 : b*34+34])
		y := (*[32]byte)(xq[b*34+2 : b*34+34])
		var s0, s1, s2, s3 int32
		for j := 0; j < 32; j += 4 {
			s0 += int32(int8(q[j])) * int32(int8(y[j]))
			s1 += int32(int8(q[j+1])) * int32(int8(y[j+1]))
			s2 += int32(int8(q[j+2])) * int32(int8(y[j+2]))
			s3 += int32(int8(q[j+3])) * int32(int8(y[j+3]))
		}
		out[b] = s0 + s1 + s2 + s3
	}
}

func lanesQ45KGo(w, xq []byte, five bool, out []int32) {
	bb := ggml.Q4_KBlockBytes
	if five {
		bb = ggml.Q5_KBlockBytes
	}
	for k := 0; k < len(out)/9; k++ {
		wb := w[k*bb : (k+1)*bb]
		xb := xq[k*ggml.Q8_KBlockBytes : (k+1)*ggml.Q8_KBlockBytes]
		y := (*[256]byte)(xb[4:260])
		a := (*[9]int32)(out[9*k : 9*k+9])
		*a = [9]int32{}
		var qs *[128]byte
		var qh *[32]byte
		if five {
			qh, qs = (*[32]byte)(wb[16:48]), (*[128]byte)(wb[48:176])
		} else {
			qs = (*[128]byte)(wb[16:144])
		}
		for j := 0; j < 8; j++ {
			c := j / 2
			sc, m := ggml.ScaleMinK4(j, wb[4:16])
			var t [8]int32
			if five {
				t = lanes45(qs[32*c:32*c+32], qh[:], y[32*j:32*j+32], uint(4*(j&1)), uint(j))
			} else {
				t = lanes4(qs[32*c:32*c+32], y[32*j:32*j+32], uint(4*(j&1)))
			}
			for l := range t {
				a[l] += int32(sc) * t[l]
			}
			a[8] += (bsum(xb, 2*j) + bsum(xb, 2*j+1)) * int32(m)
		}
	}
}

// lanes4 is lanes45 without fifth bits (q4_K).
func lanes4(qb, yb []byte, sh uint) [8]int32 {
	q, y := (*[32]byte)(qb), (*[32]byte)(yb)
	var t0, t1, t2, t3, t4, t5, t6, t7 int32
	for l := 0; l < 32; l += 8 {
		t0 += int32(q[l+0]>>sh&15) * int32(int8(y[l+0]))
		t1 += int32(q[l+1]>>sh&15) * int32(int8(y[l+1]))
		t2 += int32(q[l+2]>>sh&15) * int32(int8(y[l+2]))
		t3 += int32(q[l+3]>>sh&15) * int32(int8(y[l+3]))
		t4 += int32(q[l+4]>>sh&15) * int32(int8(y[l+4]))
		t5 += int32(q[l+5]>>sh&15) * int32(int8(y[l+5]))
		t6 += int32(q[l+6]>>sh&15) * int32(int8(y[l+6]))
		t7 += int32(q[l+7]>>sh&15) * int32(int8(y[l+7]))
	}
	return [8]int32{t0, t1, t2, t3, t4, t5, t6, t7}
}

func lanesQ6KGo(w, xq []byte, out []int32) {
	const bb = ggml.Q6_KBlockBytes
	for k := 0; k < len(out)/8; k++ {
		wb := w[k*bb : (k+1)*bb]
		y := (*[256]byte)(xq[k*ggml.Q8_KBlockBytes+4 : k*ggml.Q8_KBlockBytes+260])
		sc := (*[16]byte)(wb[192:208])
		a := (*[8]int32)(out[8*k : 8*k+8])
		*a = [8]int32{}
		for n := 0; n < 2; n++ {
			ql, qh := (*[64]byte)(wb[64*n:64*n+64]), (*[32]byte)(wb[128+32*n:128+32*n+32])
			for i := 0; i < 4; i++ {
				sh, hs := uint(4*(i>>1)), uint(2*i)
				lo := (*[32]byte)(ql[32*(i&1) : 32*(i&1)+32])
				for g := 0; g < 2; g++ {
					t := lanes6(lo[16*g:16*g+16], qh[16*g:16*g+16], y[128*n+32*i+16*g:128*n+32*i+16*g+16], sh, hs)
					s := int32(int8(sc[8*n+2*i+g]))
					for l := range a {
						a[l] += s * t[l]
					}
				}
			}
		}
	}
}

// lanes6 returns the eight lane sums Σ_{l ≡ k mod 8} (code_l − 32)·y_l of
// 16 q6_K elements: codes the nibbles of lo at bit sh with the two bits of
// qh at bit hs above them.
func lanes6(lob, qhb, yb []byte, sh, hs uint) [8]int32 {
	lo, qh, y := (*[16]byte)(lob), (*[16]byte)(qhb), (*[16]byte)(yb)
	var t [8]int32
	for l := 0; l < 16; l += 8 {
		t[0] += (int32(lo[l+0]>>sh&15|(qh[l+0]>>hs&3)<<4) - 32) * int32(int8(y[l+0]))
		t[1] += (int32(lo[l+1]>>sh&15|(qh[l+1]>>hs&3)<<4) - 32) * int32(int8(y[l+1]))
		t[2] += (int32(lo[l+2]>>sh&15|(qh[l+2]>>hs&3)<<4) - 32) * int32(int8(y[l+2]))
		t[3] += (int32(lo[l+3]>>sh&15|(qh[l+3]>>hs&3)<<4) - 32) * int32(int8(y[l+3]))
		t[4] += (int32(lo[l+4]>>sh&15|(qh[l+4]>>hs&3)<<4) - 32) * int32(int8(y[l+4]))
		t[5] += (int32(lo[l+5]>>sh&15|(qh[l+5]>>hs&3)<<4) - 32) * int32(int8(y[l+5]))
		t[6] += (int32(lo[l+6]>>sh&15|(qh[l+6]>>hs&3)<<4) - 32) * int32(int8(y[l+6]))
		t[7] += (int32(lo[l+7]>>sh&15|(qh[l+7]>>hs&3)<<4) - 32) * int32(int8(y[l+7]))
	}
	return t
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

// The pure-Go q4_0 and q4_1 block sums multiply four codes by four
// activations with one 64-bit multiplication: with C = Σ_i c_i·2^(16i) and
// Y = Σ_m y_(3−m)·2^(16m) (signed coefficients), coefficient 3 of C·Y is
// Σ_i c_i·y_i. Summed over the four words of a 16-element half block,
// |coefficient 3| ≤ 16·15·128 < 2^15 (16·8·128 = 2^14 for q4_0's c − 8)
// and the lower coefficients' part is below 2^47 in magnitude, so
// (acc + 2^47) >> 48 (arithmetic) recovers it exactly mod 2^64: the same
// integer as the plain loop (tested against it and the AVX2 kernels).

// swarY sets yw[8b+t] to the Y word of elements 4t..4t+3 of q8_0 block b
// of xq.
func swarY(yw []uint64, xq []byte) {
	for b := 0; b < len(yw)/8; b++ {
		y := (*[32]byte)(xq[b*34+2 : b*34+34])
		ws := (*[8]uint64)(yw[8*b : 8*b+8])
		for t := range ws {
			ws[t] = uint64(int64(int8(y[4*t+3])) + int64(int8(y[4*t+2]))<<16 +
				int64(int8(y[4*t+1]))<<32 + int64(int8(y[4*t]))<<48)
		}
	}
}

// swarSums4 sets out[b] for the q4_0 (off 8) or q4_1 (off 0) blocks of w
// (bb bytes, codes at bb−16) with yw's words.
func swarSums4(w []byte, bb int, yw []uint64, out []int32, off uint64) {
	const lanes = 0x000F000F000F000F
	offs := off * 0x0001000100010001
	for b := range out {
		q := w[b*bb+bb-16 : b*bb+bb]
		ys := (*[8]uint64)(yw[8*b : 8*b+8])
		var lo, hi uint64
		for t := 0; t < 4; t++ {
			u := uint64(q[4*t]) | uint64(q[4*t+1])<<16 | uint64(q[4*t+2])<<32 | uint64(q[4*t+3])<<48
			lo += (u&lanes - offs) * ys[t]
			hi += (u>>4&lanes - offs) * ys[t+4]
		}
		out[b] = int32(int64(lo+1<<47)>>48) + int32(int64(hi+1<<47)>>48)
	}
}
