//go:build !amd64

package cpu

// Without amd64 assembly the block sums run in Go (blocksums.go).
var useAVX2 = false

func sumsQ4_0AVX2(w, x *byte, n int, out *int32, d *float32) { panic("unreachable") }
func sumsQ4_1AVX2(w, x *byte, n int, out *int32, d *float32) { panic("unreachable") }
func sumsQ5_0AVX2(w, x *byte, n int, out *int32, d *float32) { panic("unreachable") }
func sumsQ5_1AVX2(w, x *byte, n int, out *int32, d *float32) { panic("unreachable") }
func sumsQ8_0AVX2(w, x *byte, n int, out *int32, d *float32) { panic("unreachable") }
func lanesQ4KAVX2(w, x *byte, n int, out *int32)             { panic("unreachable") }
func lanesQ5KAVX2(w, x *byte, n int, out *int32)             { panic("unreachable") }
func lanesQ6KAVX2(w, x *byte, n int, out *int32)             { panic("unreachable") }
func dotQ4KAVX2(w, x *byte, n int, st *[9]float32)           { panic("unreachable") }
func dotQ5KAVX2(w, x *byte, n int, st *[9]float32)           { panic("unreachable") }
func dotQ6KAVX2(w, x *byte, n int, st *[9]float32)           { panic("unreachable") }

func comb4Q4_0AVX2(s *int32, d, dx *float32, n int, acc *[4]float32) { panic("unreachable") }
func comb4Q8_0AVX2(s *int32, d, dx *float32, n int, acc *[4]float32) { panic("unreachable") }
func comb4Q5_0AVX2(s *int32, d, dx *float32, n int, acc *[4]float32) { panic("unreachable") }

func dotF16OctsAVX2(w *byte, xs *float64, n int, a *[4]float64) (or uint64) { panic("unreachable") }

func dotF16Octs4AVX2(w *byte, stride int, xs *float64, n int, a *[4][4]float64, or *[4]uint64) {
	panic("unreachable")
}

func dotF32x4AVX2(w *byte, stride int, xs *float64, n int, a *[4][4]float64)  { panic("unreachable") }
func dotBF16x4AVX2(w *byte, stride int, xs *float64, n int, a *[4][4]float64) { panic("unreachable") }

// Nor the AVX-512 ones (blocksums_avx512_amd64.s).
var useAVX512 = false

func sumsQ4_0AVX512(w, xp *byte, n int, out *int32, d *float32)        { panic("unreachable") }
func sumsQ8_0AVX512(w, xp *byte, n int, out *int32, d *float32)        { panic("unreachable") }
func lanesQ4KAVX512(w, xp *byte, n int, out *int32)                    { panic("unreachable") }
func lanesQ5KAVX512(w, xp *byte, n int, out *int32)                    { panic("unreachable") }
func lanesQ6KAVX512(w, xp *byte, n int, out *int32)                    { panic("unreachable") }
func dotQ4KAVX512(w, xp *byte, n int, st *[9]float32)                  { panic("unreachable") }
func dotQ5KAVX512(w, xp *byte, n int, st *[9]float32)                  { panic("unreachable") }
func dotQ6KAVX512(w, xp *byte, n int, st *[9]float32)                  { panic("unreachable") }
func dot4Q4_0AVX512(w *byte, rb int, xp *byte, n int, acc *[4]float32) { panic("unreachable") }
func dot4Q8_0AVX512(w *byte, rb int, xp *byte, n int, acc *[4]float32) { panic("unreachable") }
func dot4Q5_0AVX512(w *byte, rb int, xp *byte, n int, acc *[4]float32) { panic("unreachable") }
func dot4Q4_1AVX512(w *byte, rb int, xp *byte, n int, acc *[4]float32) { panic("unreachable") }
func dot4Q5_1AVX512(w *byte, rb int, xp *byte, n int, acc *[4]float32) { panic("unreachable") }
