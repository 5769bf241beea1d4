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
	if want := ir.ActivationFormat(dt); xdt != want || !want.Quantized() {
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
	if n := xPrepWords(dt, cols); n > 0 {
		// x rearranged once per call for the selected kernels (prepX).
		var yw []uint64
		if pool == nil {
			yw = make([]uint64, n)
		} else {
			if cap(pool.yw) < n {
				pool.yw = make([]uint64, n)
			}
			yw = pool.yw[:n]
		}
		prepX(dt, yw, xq)
		job.yw = yw
	}
	if pool == nil {
		job.q8 = new(q8Scratch) // nil pool: the convenience path may allocate
		job.run()
	} else {
		pool.parallel(job)
	}
	return nil
}

// xPrepWords is the length of the x that prepX prepares for dt weights of
// cols columns on the selected path, 0 if that path reads x as it is: the
// AVX-512 kernels' layouts (prepX32, prepXK) for every format, and on the pure-Go path the SWAR words of q4_0 and q4_1
// (swarY: they multiply four codes by four activations at once).
func xPrepWords(dt ir.DType, cols int) int {
	switch {
	case useAVX512 && dt.BlockElems() == 32:
		return cols / 32 * xp32Words
	case useAVX512 && (dt == ir.Q4_K || dt == ir.Q5_K):
		return cols / 256 * xpK45Bytes / 8
	case useAVX512 && dt == ir.Q6_K:
		return cols / 256 * xpK6Bytes / 8
	case !useAVX2 && (dt == ir.Q4_0 || dt == ir.Q4_1):
		return cols / 4
	}
	return 0
}

// prepX sets yw (xPrepWords long) to x prepared for dt's kernels.
func prepX(dt ir.DType, yw []uint64, xq []byte) {
	switch {
	case useAVX512 && dt.BlockElems() == 32:
		prepX32(yw, xq)
	case useAVX512 && (dt == ir.Q4_K || dt == ir.Q5_K || dt == ir.Q6_K):
		prepXK(yw, xq, dt == ir.Q6_K)
	default:
		swarY(yw, xq)
	}
}

// q8Scratch is one goroutine's scratch for MatVecQ8: block sums and scales
// of up to four rows' chunks. It lives in the Pool (one per goroutine), so
// that a call neither allocates nor clears 20 KB of stack per row group.
type q8Scratch struct {
	s  [4][chunkBlocks]int32
	d  [4][chunkBlocks]float32
	dx [chunkBlocks]float32
	a  [9 * chunkSuper]int32
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

func f16At(b []byte) float32 { return f16Tab[uint16(b[0])|uint16(b[1])<<8] }

// h16 is f16At(b[o:]).
func h16(b []byte, o int) float32 { return f16Tab[uint16(b[o])|uint16(b[o+1])<<8] }

// f16Tab[h] is ggml.F16ToF32(h) (the same bits, NaNs included): one load
// instead of the conversion's branches in the matvec's per-block float32
// combination.
var f16Tab = func() *[1 << 16]float32 {
	var t [1 << 16]float32
	for h := range t {
		t[h] = ggml.F16ToF32(uint16(h))
	}
	return &t
}()

// runQ8 computes rows r0..r1-1 of a job with a quantised x: the
// 32-element formats four rows at a time (dot4Q8), the rest row by row.
func (j matvecJob) runQ8() {
	rb := j.rowBytes
	r := j.r0
	if j.dt == ir.Q4_0 || j.dt == ir.Q8_0 || j.dt == ir.Q5_0 || j.dt == ir.Q4_1 || j.dt == ir.Q5_1 {
		for ; r+4 <= j.r1; r += 4 {
			dot4Q8(j.q8, j.dt, j.w[r*rb:(r+4)*rb], rb, j.xq, j.xsum, j.yw, (*[4]float32)(j.dst[r:r+4]))
		}
	}
	for ; r < j.r1; r++ {
		row := j.w[r*rb : (r+1)*rb]
		var s float32
		switch j.dt {
		case ir.Q4_0:
			s = dotQ4_0Q8(j.q8, row, j.xq, j.yw)
		case ir.Q8_0:
			s = dotQ8_0Q8(j.q8, row, j.xq, j.yw)
		case ir.Q5_0:
			s = dotQ5_0Q8(j.q8, row, j.xq)
		case ir.Q4_1:
			s = dotQ4_1Q8(j.q8, row, j.xq, j.xsum, j.yw)
		case ir.Q5_1:
			s = dotQ5_1Q8(j.q8, row, j.xq, j.xsum)
		case ir.Q4_K:
			s = dotQ45KQ8K(j.q8, row, j.xq, j.yw, false)
		case ir.Q5_K:
			s = dotQ45KQ8K(j.q8, row, j.xq, j.yw, true)
		case ir.Q6_K:
			s = dotQ6KQ8K(j.q8, row, j.xq, j.yw)
		}
		j.dst[r] = s
	}
}

// blockSums sets out to the block sums of the dt blocks w with xq and d
// to their scales d; yw is x's swarY words for those blocks, or nil.
func blockSums(dt ir.DType, w, xq []byte, out []int32, d []float32, yw []uint64) {
	switch dt {
	case ir.Q4_0:
		blockSumsQ4_0(w, xq, out, d, yw)
	case ir.Q8_0:
		blockSumsQ8_0(w, xq, out, d, yw)
	case ir.Q5_0:
		blockSumsQ5_0(w, xq, out, d)
	case ir.Q4_1:
		blockSumsQ4_1(w, xq, out, d, yw)
	case ir.Q5_1:
		blockSumsQ5_1(w, xq, out, d)
	}
}

// dot4Q8 sets dst[k] to the dot of row k of the four rows w (rb bytes
// each, a 32-element format dt) with xq (yw: x as prepX prepared it, or
// nil): each row's value is exactly its
// dotQ*Q8's (the same block sums, the same float32 operations in the same
// order); only the four independent float32 chains are interleaved, so
// that their latencies overlap.
func dot4Q8(scr *q8Scratch, dt ir.DType, w []byte, rb int, xq []byte, xsum []float64, yw []uint64, dst *[4]float32) {
	if yw != nil && useAVX512 {
		dot4Q8Z(dt, w, rb, xq, xsum, yw, dst)
		if dst[0] == dst[0] && dst[1] == dst[1] && dst[2] == dst[2] && dst[3] == dst[3] {
			return
		}
		// A NaN's payload is the Go loop's (its instruction order).
		dot4Q8Comb(scr, dt, w, rb, xq, xsum, yw, dst, false)
		return
	}
	asm := useAVX2 && (dt == ir.Q4_0 || dt == ir.Q8_0 || dt == ir.Q5_0)
	dot4Q8Comb(scr, dt, w, rb, xq, xsum, yw, dst, asm)
	if asm && (dst[0] != dst[0] || dst[1] != dst[1] || dst[2] != dst[2] || dst[3] != dst[3]) {
		// A NaN's payload is the Go loop's (its instruction order).
		dot4Q8Comb(scr, dt, w, rb, xq, xsum, yw, dst, false)
	}
}

// dot4Q8Z is dot4Q8 with the AVX-512 kernels (dot4Q*AVX512: block sums and float32 combination in
// one loop, the Go code's operations in its order) on the blocks in whole
// groups of eight, the Go code on the rest, on x prepared by prepX32.
func dot4Q8Z(dt ir.DType, w []byte, rb int, xq []byte, xsum []float64, yw []uint64, dst *[4]float32) {
	bb := dt.BlockBytes()
	nb := rb / bb
	var acc [4]float32
	n8 := nb &^ 7
	if n8 > 0 {
		_, _ = w[3*rb+n8*bb-1], yw[n8*xp32Words-1]
		switch dt {
		case ir.Q4_0:
			dot4Q4_0AVX512(&w[0], rb, &xpBytes(yw)[0], n8, &acc)
		case ir.Q8_0:
			dot4Q8_0AVX512(&w[0], rb, &xpBytes(yw)[0], n8, &acc)
		case ir.Q5_0:
			dot4Q5_0AVX512(&w[0], rb, &xpBytes(yw)[0], n8, &acc)
		case ir.Q4_1:
			dot4Q4_1AVX512(&w[0], rb, &xpBytes(yw)[0], n8, &acc)
		default:
			dot4Q5_1AVX512(&w[0], rb, &xpBytes(yw)[0], n8, &acc)
		}
	}
	var s [1]int32
	for b := n8; b < nb; b++ {
		x, xb := h16(xq, b*34), xq[b*34:(b+1)*34]
		for k := range acc {
			wb := w[k*rb+b*bb : k*rb+(b+1)*bb]
			switch dt {
			case ir.Q4_0:
				sumsQ4_0Go(wb, xb, s[:])
				acc[k] += float32(float32(float32(s[0])*h16(wb, 0)) * x)
			case ir.Q8_0:
				sumsQ8_0Go(wb, xb, s[:])
				acc[k] += float32(float32(s[0]) * float32(h16(wb, 0)*x))
			case ir.Q5_0:
				sumsQ5Go(wb, xb, s[:], 22, 16)
				acc[k] += float32(float32(h16(wb, 0)*x) * float32(s[0]))
			default:
				if dt == ir.Q4_1 {
					sumsQ4_1Go(wb, xb, s[:])
				} else {
					sumsQ5Go(wb, xb, s[:], 24, 0)
				}
				t := float32(float32(h16(wb, 0)*x) * float32(s[0]))
				acc[k] += float32(t + float32(h16(wb, 2)*float32(xsum[b])))
			}
		}
	}
	*dst = acc
}

// The AVX2 combination (comb4*AVX2) finds row k's sums and scales
// 4·chunkBlocks bytes after row k−1's.
const _ = uint(chunkBlocks-512) + uint(512-chunkBlocks)

// dot4Q8Comb is dot4Q8, the float32 combination of q4_0, q8_0 and q5_0
// rows in AVX2 (comb4*AVX2: the same terms, added one at a time in block
// order) if asm, in Go otherwise.
func dot4Q8Comb(scr *q8Scratch, dt ir.DType, w []byte, rb int, xq []byte, xsum []float64, yw []uint64, dst *[4]float32, asm bool) {
	bb := dt.BlockBytes()
	nb := rb / bb
	s0, s1, s2, s3 := &scr.s[0], &scr.s[1], &scr.s[2], &scr.s[3]
	d0, d1, d2, d3 := &scr.d[0], &scr.d[1], &scr.d[2], &scr.d[3]
	var a0, a1, a2, a3 float32
	for b0 := 0; b0 < nb; b0 += chunkBlocks {
		n := min(chunkBlocks, nb-b0)
		xs := xq[b0*34 : (b0+n)*34]
		w0 := w[b0*bb : (b0+n)*bb]
		w1 := w[rb+b0*bb : rb+(b0+n)*bb]
		w2 := w[2*rb+b0*bb : 2*rb+(b0+n)*bb]
		w3 := w[3*rb+b0*bb : 3*rb+(b0+n)*bb]
		var ys []uint64
		if yw != nil {
			ys = yw[b0*8 : (b0+n)*8]
		}
		blockSums(dt, w0, xs, s0[:n], d0[:n], ys)
		blockSums(dt, w1, xs, s1[:n], d1[:n], ys)
		blockSums(dt, w2, xs, s2[:n], d2[:n], ys)
		blockSums(dt, w3, xs, s3[:n], d3[:n], ys)
		dx := scr.dx[:n]
		for i := range dx {
			dx[i] = h16(xs, i*34)
		}
		i0 := 0
		if m := n &^ 7; asm && m > 0 {
			acc := [4]float32{a0, a1, a2, a3}
			switch dt {
			case ir.Q4_0:
				comb4Q4_0AVX2(&s0[0], &d0[0], &dx[0], m, &acc)
			case ir.Q8_0:
				comb4Q8_0AVX2(&s0[0], &d0[0], &dx[0], m, &acc)
			case ir.Q5_0:
				comb4Q5_0AVX2(&s0[0], &d0[0], &dx[0], m, &acc)
			}
			a0, a1, a2, a3 = acc[0], acc[1], acc[2], acc[3]
			i0 = m
		}
		switch dt {
		case ir.Q4_0:
			for i := i0; i < n; i++ {
				x := dx[i]
				a0 += float32(float32(float32(s0[i])*d0[i]) * x)
				a1 += float32(float32(float32(s1[i])*d1[i]) * x)
				a2 += float32(float32(float32(s2[i])*d2[i]) * x)
				a3 += float32(float32(float32(s3[i])*d3[i]) * x)
			}
		case ir.Q8_0:
			for i := i0; i < n; i++ {
				x := dx[i]
				a0 += float32(float32(s0[i]) * float32(d0[i]*x))
				a1 += float32(float32(s1[i]) * float32(d1[i]*x))
				a2 += float32(float32(s2[i]) * float32(d2[i]*x))
				a3 += float32(float32(s3[i]) * float32(d3[i]*x))
			}
		case ir.Q5_0:
			for i := i0; i < n; i++ {
				x := dx[i]
				a0 += float32(float32(d0[i]*x) * float32(s0[i]))
				a1 += float32(float32(d1[i]*x) * float32(s1[i]))
				a2 += float32(float32(d2[i]*x) * float32(s2[i]))
				a3 += float32(float32(d3[i]*x) * float32(s3[i]))
			}
		case ir.Q4_1, ir.Q5_1:
			for i, x := range dx {
				sx, o := float32(xsum[b0+i]), i*bb
				a0 += float32(float32(float32(d0[i]*x)*float32(s0[i])) + float32(h16(w0, o+2)*sx))
				a1 += float32(float32(float32(d1[i]*x)*float32(s1[i])) + float32(h16(w1, o+2)*sx))
				a2 += float32(float32(float32(d2[i]*x)*float32(s2[i])) + float32(h16(w2, o+2)*sx))
				a3 += float32(float32(float32(d3[i]*x)*float32(s3[i])) + float32(h16(w3, o+2)*sx))
			}
		}
	}
	dst[0], dst[1], dst[2], dst[3] = a0, a1, a2, a3
}

// The 32-element formats. Per block the integer dot
// sumi = Σ_{j<32} c_j·y_j is exact (blockSums* in blocksums.go, in Go,
// AVX2 or AVX-512: the same integers); then, as ggml's generic kernels
// (ggml-cpu-quants.c at c392e50):
//
//	q4_0: acc += fl(fl(float(sumi)·d_w)·d_x)
//	q8_0: acc += fl(float(sumi)·fl(d_w·d_x))
//	q5_0: acc += fl(fl(d_w·d_x)·float(sumi))
//	q4_1, q5_1: acc += fl(fl(fl(d_w·d_x)·float(sumi)) + fl(m_w·s_x))
//
// with acc a float32 starting at 0 and every fl a float32 rounding. The
// block sums are formed chunkBlocks blocks at a time into an array on the
// stack; the float32 combination below runs block by block in order.

// chunkBlocks is how many 32-element blocks' sums one call of a block-sum
// kernel forms; chunkSuper the same for 256-element super-blocks. Rows of
// up to 16384 columns take one call each, so the kernels read the weights
// front to back (their prefetches run ahead in the same stream).
const (
	chunkBlocks = 512
	chunkSuper  = 64
)

func dotQ4_0Q8(scr *q8Scratch, w, xq []byte, yw []uint64) float32 {
	var acc float32
	s, d := &scr.s[0], &scr.d[0]
	nb := len(w) / 18
	for b0 := 0; b0 < nb; b0 += chunkBlocks {
		n := min(chunkBlocks, nb-b0)
		ws, xs := w[b0*18:(b0+n)*18], xq[b0*34:(b0+n)*34]
		var ys []uint64
		if yw != nil {
			ys = yw[b0*8 : (b0+n)*8]
		}
		blockSumsQ4_0(ws, xs, s[:n], d[:n], ys)
		for i, si := range s[:n] {
			acc += float32(float32(float32(si)*d[i]) * h16(xs, i*34))
		}
	}
	return acc
}

func dotQ8_0Q8(scr *q8Scratch, w, xq []byte, yw []uint64) float32 {
	var acc float32
	s, d := &scr.s[0], &scr.d[0]
	nb := len(w) / 34
	for b0 := 0; b0 < nb; b0 += chunkBlocks {
		n := min(chunkBlocks, nb-b0)
		ws, xs := w[b0*34:(b0+n)*34], xq[b0*34:(b0+n)*34]
		var ys []uint64
		if yw != nil {
			ys = yw[b0*8 : (b0+n)*8]
		}
		blockSumsQ8_0(ws, xs, s[:n], d[:n], ys)
		for i, si := range s[:n] {
			acc += float32(float32(si) * float32(d[i]*h16(xs, i*34)))
		}
	}
	return acc
}

func u32At(b []byte) uint32 {
	return uint32(b[0]) | uint32(b[1])<<8 | uint32(b[2])<<16 | uint32(b[3])<<24
}

func dotQ5_0Q8(scr *q8Scratch, w, xq []byte) float32 {
	var acc float32
	s, d := &scr.s[0], &scr.d[0]
	nb := len(w) / 22
	for b0 := 0; b0 < nb; b0 += chunkBlocks {
		n := min(chunkBlocks, nb-b0)
		ws, xs := w[b0*22:(b0+n)*22], xq[b0*34:(b0+n)*34]
		blockSumsQ5_0(ws, xs, s[:n], d[:n])
		for i, si := range s[:n] {
			acc += float32(float32(d[i]*h16(xs, i*34)) * float32(si))
		}
	}
	return acc
}

func dotQ4_1Q8(scr *q8Scratch, w, xq []byte, xsum []float64, yw []uint64) float32 {
	var acc float32
	s, d := &scr.s[0], &scr.d[0]
	nb := len(w) / 20
	for b0 := 0; b0 < nb; b0 += chunkBlocks {
		n := min(chunkBlocks, nb-b0)
		ws, xs := w[b0*20:(b0+n)*20], xq[b0*34:(b0+n)*34]
		var ys []uint64
		if yw != nil {
			ys = yw[b0*8 : (b0+n)*8]
		}
		blockSumsQ4_1(ws, xs, s[:n], d[:n], ys)
		for i, si := range s[:n] {
			t := float32(float32(d[i]*h16(xs, i*34)) * float32(si))
			m := float32(h16(ws, i*20+2) * float32(xsum[b0+i]))
			acc += float32(t + m)
		}
	}
	return acc
}

func dotQ5_1Q8(scr *q8Scratch, w, xq []byte, xsum []float64) float32 {
	var acc float32
	s, d := &scr.s[0], &scr.d[0]
	nb := len(w) / 24
	for b0 := 0; b0 < nb; b0 += chunkBlocks {
		n := min(chunkBlocks, nb-b0)
		ws, xs := w[b0*24:(b0+n)*24], xq[b0*34:(b0+n)*34]
		blockSumsQ5_1(ws, xs, s[:n], d[:n])
		for i, si := range s[:n] {
			t := float32(float32(d[i]*h16(xs, i*34)) * float32(si))
			m := float32(h16(ws, i*24+2) * float32(xsum[b0+i]))
			acc += float32(t + m)
		}
	}
	return acc
}

// The K-quants, as ggml's generic vec_dot_q{4,5,6}_K_q8_K: per
// super-block eight int32 lanes a_l = Σ_{e ≡ l mod 8} sc(e)·c_e·y_e (exact;
// laneSums* in blocksums.go, in Go, AVX2 or AVX-512), then
// sums_l += fl(fl(d_w·d_x)·float(a_l)) in eight float32 lanes kept across
// super-blocks, and for q4_K/q5_K acc −= fl(fl(dmin·d_x)·float(S)) with
// S = Σ_{k<16} bsums_k·m_{k/2} (exact). The result is
// acc + sums_0 + … + sums_7, added in that order. With AVX-512 or AVX2 one
// assembly call per row does both parts (dotQ4KAVX512, dotQ4KAVX2 etc.:
// the eight lanes are the eight float32 lanes of one register, each
// rounding as here).

func dotQ45KQ8K(scr *q8Scratch, w, xq []byte, xp []uint64, five bool) float32 {
	bb := ggml.Q4_KBlockBytes
	if five {
		bb = ggml.Q5_KBlockBytes
	}
	const xbb = ggml.Q8_KBlockBytes
	nb := len(w) / bb
	if xp != nil && useAVX512 && nb > 0 {
		// As the AVX2 loop below, on x prepared by prepXK.
		_, _ = w[nb*bb-1], xpBytes(xp)[nb*xpK45Bytes-1]
		var st [9]float32
		if five {
			dotQ5KAVX512(&w[0], &xpBytes(xp)[0], nb, &st)
		} else {
			dotQ4KAVX512(&w[0], &xpBytes(xp)[0], nb, &st)
		}
		if r := st[8] + st[0] + st[1] + st[2] + st[3] + st[4] + st[5] + st[6] + st[7]; r == r {
			return r
		}
	} else if useAVX2 && nb > 0 {
		// The lane sums and the float32 combination in one AVX2 loop: the
		// same operations on each lane, so the same bits; a NaN row is
		// recomputed below, where Go's instruction order decides its
		// payload.
		_, _ = w[nb*bb-1], xq[nb*xbb-1]
		var st [9]float32
		if five {
			dotQ5KAVX2(&w[0], &xq[0], nb, &st)
		} else {
			dotQ4KAVX2(&w[0], &xq[0], nb, &st)
		}
		if r := st[8] + st[0] + st[1] + st[2] + st[3] + st[4] + st[5] + st[6] + st[7]; r == r {
			return r
		}
	}
	// sums_0..sums_7 of the doc comment above.
	var s0, s1, s2, s3, s4, s5, s6, s7 float32
	var acc float32
	a := &scr.a
	for b0 := 0; b0 < nb; b0 += chunkSuper {
		n := min(chunkSuper, nb-b0)
		ws, xs := w[b0*bb:(b0+n)*bb], xq[b0*xbb:(b0+n)*xbb]
		var xps []uint64
		if xp != nil {
			xps = xp[b0*xpK45Bytes/8 : (b0+n)*xpK45Bytes/8]
		}
		laneSumsQ45K(ws, xs, xps, five, a[:9*n])
		for k := 0; k < n; k++ {
			ak := (*[9]int32)(a[9*k : 9*k+9])
			dx := f32At(xs[k*xbb:])
			d := float32(h16(ws, k*bb) * dx)
			s0 += float32(d * float32(ak[0]))
			s1 += float32(d * float32(ak[1]))
			s2 += float32(d * float32(ak[2]))
			s3 += float32(d * float32(ak[3]))
			s4 += float32(d * float32(ak[4]))
			s5 += float32(d * float32(ak[5]))
			s6 += float32(d * float32(ak[6]))
			s7 += float32(d * float32(ak[7]))
			dmin := float32(h16(ws, k*bb+2) * dx)
			acc -= float32(dmin * float32(ak[8]))
		}
	}
	return acc + s0 + s1 + s2 + s3 + s4 + s5 + s6 + s7
}

// bsum is q8_K bsums[k] of the block xb.
func bsum(xb []byte, k int) int32 {
	return int32(int16(uint16(xb[260+2*k]) | uint16(xb[261+2*k])<<8))
}

func dotQ6KQ8K(scr *q8Scratch, w, xq []byte, xp []uint64) float32 {
	const bb = ggml.Q6_KBlockBytes
	const xbb = ggml.Q8_KBlockBytes
	nb := len(w) / bb
	if xp != nil && useAVX512 && nb > 0 {
		// As the AVX2 loop below, on x prepared by prepXK.
		_, _ = w[nb*bb-1], xpBytes(xp)[nb*xpK6Bytes-1]
		var st [9]float32
		dotQ6KAVX512(&w[0], &xpBytes(xp)[0], nb, &st)
		if r := st[8] + st[0] + st[1] + st[2] + st[3] + st[4] + st[5] + st[6] + st[7]; r == r {
			return r
		}
	} else if useAVX2 && nb > 0 {
		// As dotQ45KQ8K's AVX2 loop (st[8] stays 0).
		_, _ = w[nb*bb-1], xq[nb*xbb-1]
		var st [9]float32
		dotQ6KAVX2(&w[0], &xq[0], nb, &st)
		if r := st[8] + st[0] + st[1] + st[2] + st[3] + st[4] + st[5] + st[6] + st[7]; r == r {
			return r
		}
	}
	var s0, s1, s2, s3, s4, s5, s6, s7 float32
	a := &scr.a
	for b0 := 0; b0 < nb; b0 += chunkSuper {
		n := min(chunkSuper, nb-b0)
		ws, xs := w[b0*bb:(b0+n)*bb], xq[b0*xbb:(b0+n)*xbb]
		var xps []uint64
		if xp != nil {
			xps = xp[b0*xpK6Bytes/8 : (b0+n)*xpK6Bytes/8]
		}
		laneSumsQ6K(ws, xs, xps, a[:8*n])
		for k := 0; k < n; k++ {
			ak := (*[8]int32)(a[8*k : 8*k+8])
			d := float32(h16(ws, k*bb+208) * f32At(xs[k*xbb:]))
			s0 += float32(d * float32(ak[0]))
			s1 += float32(d * float32(ak[1]))
			s2 += float32(d * float32(ak[2]))
			s3 += float32(d * float32(ak[3]))
			s4 += float32(d * float32(ak[4]))
			s5 += float32(d * float32(ak[5]))
			s6 += float32(d * float32(ak[6]))
			s7 += float32(d * float32(ak[7]))
		}
	}
	var acc float32
	return acc + s0 + s1 + s2 + s3 + s4 + s5 + s6 + s7
}
