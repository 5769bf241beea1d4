package cpu

import (
	"os"

	"golang.org/x/sys/cpu"
)

// useAttnAVX2 selects attention's AVX2 kernels (attention_amd64.s) for the
// score dots, the exponentials and the weighted sums of V: the CPU has
// AVX2, F16C and FMA (so math.Exp takes its FMA branch, which
// expScoresAVX2 follows) and ZINCC_CPU_PORTABLE is not 1. They give the Go path's bits
// (attention_simd.go says why).
var useAttnAVX2 = cpu.X86.HasAVX2 && cpu.X86.HasF16C && cpu.X86.HasFMA && os.Getenv("ZINCC_CPU_PORTABLE") != "1"

// The kernels: attnScores* compute rows scores of a head (n values a row,
// n a positive multiple of 4); attnWeighted*x* one pass of the weighted
// sum of V over 32, 16 or 4 output dims (rows > 0).

//go:noescape
func attnScoresF16AVX2(q *float64, k *byte, stride, rows, n int, scale float64, out *float32)

//go:noescape
func attnScoresF32AVX2(q *float64, k *byte, stride, rows, n int, scale float64, out *float32)

//go:noescape
func attnWeightedF16x32AVX2(e *float32, v *byte, stride, rows int, acc *[32]float64)

//go:noescape
func attnWeightedF16x16AVX2(e *float32, v *byte, stride, rows int, acc *[16]float64)

//go:noescape
func attnWeightedF16x4AVX2(e *float32, v *byte, stride, rows int, acc *[4]float64)

//go:noescape
func attnWeightedF32x32AVX2(e *float32, v *byte, stride, rows int, acc *[32]float64)

//go:noescape
func attnWeightedF32x16AVX2(e *float32, v *byte, stride, rows int, acc *[16]float64)

//go:noescape
func attnWeightedF32x4AVX2(e *float32, v *byte, stride, rows int, acc *[4]float64)

// expScoresAVX2 sets s[j] = float32(math.Exp(float64(s[j]) - m)) for j <
// n (a positive multiple of 4), stopping before the first group of four
// that holds an argument outside [-700, 700]; it returns how many it set.
//
//go:noescape
func expScoresAVX2(s *float32, n int, m float64) (done int)

// expF64AVX2 sets x[i] = math.Exp(x[i]) for i < n (a positive multiple of
// 4, each x[i] in [-700, 700]): expScoresAVX2's arithmetic without its
// float32 rounding, for the tests.
//
//go:noescape
func expF64AVX2(x *float64, n int)

// attnScores4HF16AVX2 and attnScores4HF32AVX2 are the score kernels for
// four query heads sharing a KV head: head i's widened query at q + i·n,
// its scores at out + i·outStride bytes.
//
//go:noescape
func attnScores4HF16AVX2(q *float64, k *byte, stride, rows, n int, scale float64, out *float32, outStride int)

//go:noescape
func attnScores4HF32AVX2(q *float64, k *byte, stride, rows, n int, scale float64, out *float32, outStride int)
