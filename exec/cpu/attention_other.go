//go:build !amd64

package cpu

// Without amd64 assembly attention runs in Go (attention.go).
var useAttnAVX2 = false

func attnScoresF16AVX2(q *float64, k *byte, stride, rows, n int, scale float64, out *float32) {
	panic("unreachable")
}

func attnScoresF32AVX2(q *float64, k *byte, stride, rows, n int, scale float64, out *float32) {
	panic("unreachable")
}

func attnWeightedF16x32AVX2(e *float32, v *byte, stride, rows int, acc *[32]float64) {
	panic("unreachable")
}
func attnWeightedF16x16AVX2(e *float32, v *byte, stride, rows int, acc *[16]float64) {
	panic("unreachable")
}
func attnWeightedF16x4AVX2(e *float32, v *byte, stride, rows int, acc *[4]float64) {
	panic("unreachable")
}
func attnWeightedF32x32AVX2(e *float32, v *byte, stride, rows int, acc *[32]float64) {
	panic("unreachable")
}
func attnWeightedF32x16AVX2(e *float32, v *byte, stride, rows int, acc *[16]float64) {
	panic("unreachable")
}
func attnWeightedF32x4AVX2(e *float32, v *byte, stride, rows int, acc *[4]float64) {
	panic("unreachable")
}

func expScoresAVX2(s *float32, n int, m float64) (done int) { panic("unreachable") }

func expF64AVX2(x *float64, n int) { panic("unreachable") }

func attnScores4HF16AVX2(q *float64, k *byte, stride, rows, n int, scale float64, out *float32, outStride int) {
	panic("unreachable")
}

func attnScores4HF32AVX2(q *float64, k *byte, stride, rows, n int, scale float64, out *float32, outStride int) {
	panic("unreachable")
}
