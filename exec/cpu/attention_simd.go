package cpu

import (
	"math"

	"zincc/ir"
)

// attnSIMDMaxDim is the longest head the SIMD score kernels take (the
// widened query lives on the stack); longer heads run in Go.
const attnSIMDMaxDim = 256

// scoresSIMD is the Go score loop of attentionHeads in the AVX2 kernels,
// for heads of a multiple of 4 up to attnSIMDMaxDim values (else it returns
// false and does nothing). A float32 q_d times a binary16 or float32 k_jd
// is exact in float64, so the kernels' fused multiply-adds round as the Go
// loop's multiply then add, and their lanes are its four accumulators:
// every score that is not a NaN has the Go loop's bits. A NaN's payload
// depends on which NaN operand x86 picks, so NaN scores are recomputed in
// Go (rare: a NaN or an ∞·0 in q or K).
func scoresSIMD(scores, qh []float32, k []byte, dt ir.DType, rb, off int, scale float32, qw *[attnSIMDMaxDim]float64) bool {
	n := len(qh)
	if n%4 != 0 || n > len(qw) {
		return false
	}
	eb := 2
	if dt != ir.F16 {
		eb = 4
	}
	_ = k[(len(scores)-1)*rb+off+n*eb-1] // the kernels read no further
	for d, x := range qh {
		qw[d] = float64(x)
	}
	if dt == ir.F16 {
		attnScoresF16AVX2(&qw[0], &k[off], rb, len(scores), n, float64(scale), &scores[0])
	} else {
		attnScoresF32AVX2(&qw[0], &k[off], rb, len(scores), n, float64(scale), &scores[0])
	}
	for j, s := range scores {
		if s != s {
			scores[j] = scoreGo(qh, k, dt, rb, off, j, scale)
		}
	}
	return true
}

// scores4SIMD is scoresSIMD for the four query heads q4 (4·headDim values)
// that share the KV head at byte off, with attnScores4H*: head i's scores
// go to scores[i·rows:(i+1)·rows], rows = len(scores)/4.
func scores4SIMD(scores, q4 []float32, k []byte, dt ir.DType, rb, off int, scale float32, qw *[4 * attnSIMDMaxDim]float64) bool {
	n, rows := len(q4)/4, len(scores)/4
	if n%4 != 0 || n > attnSIMDMaxDim {
		return false
	}
	eb := 2
	if dt != ir.F16 {
		eb = 4
	}
	_ = k[(rows-1)*rb+off+n*eb-1] // the kernels read no further
	for d, x := range q4 {
		qw[d] = float64(x)
	}
	if dt == ir.F16 {
		attnScores4HF16AVX2(&qw[0], &k[off], rb, rows, n, float64(scale), &scores[0], 4*rows)
	} else {
		attnScores4HF32AVX2(&qw[0], &k[off], rb, rows, n, float64(scale), &scores[0], 4*rows)
	}
	for i := 0; i < 4; i++ {
		for j, s := range scores[i*rows : (i+1)*rows] {
			if s != s {
				scores[i*rows+j] = scoreGo(q4[i*n:(i+1)*n], k, dt, rb, off, j, scale)
			}
		}
	}
	return true
}

// weightedSIMD is weightedGo(out, e, v, dt, rb, off, sum, 0) with the sums
// Σ_j e_j·v_jd in the AVX2 kernels, 32, 16 or 4 dims at a time (each dim
// summed in j order, its products exact: the Go loop's bits), the last
// headDim mod 4 dims in Go. If any sum is a NaN (whose payload may be
// another NaN's than Go's) it returns false, and the caller runs the whole
// head in Go.
func weightedSIMD(out, e []float32, v []byte, dt ir.DType, rb, off int, sum float64) bool {
	n, rows := len(out), len(e)
	eb := 2
	if dt != ir.F16 {
		eb = 4
	}
	_ = v[(rows-1)*rb+off+n*eb-1] // the kernels read no further
	var acc [32]float64
	nan := false
	finish := func(d, w int) {
		for i, a := range acc[:w] {
			nan = nan || a != a
			out[d+i] = float32(a / sum)
		}
	}
	f16 := dt == ir.F16
	d := 0
	for ; d+32 <= n; d += 32 {
		if f16 {
			attnWeightedF16x32AVX2(&e[0], &v[off+d*eb], rb, rows, &acc)
		} else {
			attnWeightedF32x32AVX2(&e[0], &v[off+d*eb], rb, rows, &acc)
		}
		finish(d, 32)
	}
	if d+16 <= n {
		if f16 {
			attnWeightedF16x16AVX2(&e[0], &v[off+d*eb], rb, rows, (*[16]float64)(acc[:16]))
		} else {
			attnWeightedF32x16AVX2(&e[0], &v[off+d*eb], rb, rows, (*[16]float64)(acc[:16]))
		}
		finish(d, 16)
		d += 16
	}
	for ; d+4 <= n; d += 4 {
		if f16 {
			attnWeightedF16x4AVX2(&e[0], &v[off+d*eb], rb, rows, (*[4]float64)(acc[:4]))
		} else {
			attnWeightedF32x4AVX2(&e[0], &v[off+d*eb], rb, rows, (*[4]float64)(acc[:4]))
		}
		finish(d, 4)
	}
	if nan {
		return false
	}
	weightedGo(out, e, v, dt, rb, off, sum, d)
	return true
}

// expScoresSIMD sets each s_j to float32(math.Exp(float64(s_j) - m)) with
// expScoresAVX2, four at a time: math.Exp's own amd64 operations (the FMA
// branch, the one it takes on a CPU with AVX2 and FMA) lane for lane, so
// the same bits (TestExpScoresMatchesMathExp). Groups holding an argument
// outside [-700, 700], where math.Exp's special cases and denormal
// scaling live, and the last len mod 4 values call math.Exp.
func expScoresSIMD(scores []float32, m float64) {
	j, n := 0, len(scores)
	for j < n {
		if n-j >= 4 {
			j += expScoresAVX2(&scores[j], (n-j)&^3, m)
		}
		for end := min(j+4, n); j < end; j++ {
			scores[j] = float32(math.Exp(float64(scores[j]) - m))
		}
	}
}
