package cpu

import (
	"os"

	"golang.org/x/sys/cpu"
)

// useAVX2 selects the AVX2 block sums (blocksums_amd64.s): the CPU has
// AVX2 and ZINCC_CPU_PORTABLE is not 1. Both paths give the same integers,
// hence the same bits (docs/numerics.md, "matvec of a quantised x").
var useAVX2 = cpu.X86.HasAVX2 && os.Getenv("ZINCC_CPU_PORTABLE") != "1"

// The AVX2 kernels. sums*: out[b] for n blocks (n a positive multiple of
// 8) of w and the q8_0 blocks x, and d[b] the block's f16 scale d widened. lanes*: the lane sums of n super-blocks
// of w and the q8_K blocks x (laneSumsQ45K, laneSumsQ6K).

//go:noescape
func sumsQ4_0AVX2(w, x *byte, n int, out *int32, d *float32)

//go:noescape
func sumsQ4_1AVX2(w, x *byte, n int, out *int32, d *float32)

//go:noescape
func sumsQ5_0AVX2(w, x *byte, n int, out *int32, d *float32)

//go:noescape
func sumsQ5_1AVX2(w, x *byte, n int, out *int32, d *float32)

//go:noescape
func sumsQ8_0AVX2(w, x *byte, n int, out *int32, d *float32)

//go:noescape
func lanesQ4KAVX2(w, x *byte, n int, out *int32)

//go:noescape
func lanesQ5KAVX2(w, x *byte, n int, out *int32)

//go:noescape
func lanesQ6KAVX2(w, x *byte, n int, out *int32)

// dotQ4KAVX2, dotQ5KAVX2 and dotQ6KAVX2 run the lane sums of n super-blocks
// (n > 0) and the float32 combination of dotQ45KQ8K and dotQ6KQ8K on
// them: st[0..7] are sums_0..sums_7 and st[8] acc, updated in place.
//
//go:noescape
func dotQ4KAVX2(w, x *byte, n int, st *[9]float32)

//go:noescape
func dotQ5KAVX2(w, x *byte, n int, st *[9]float32)

//go:noescape
func dotQ6KAVX2(w, x *byte, n int, st *[9]float32)

// comb4Q4_0AVX2, comb4Q8_0AVX2 and comb4Q5_0AVX2 run dot4Q8's float32
// combination over n blocks (a positive multiple of 8) of four rows: s and
// d at &q8Scratch.s[0][b0] and &q8Scratch.d[0][b0] (row k 2048 bytes on),
// dx the blocks' d_x; acc[k] is row k's accumulator, updated in place.
//
//go:noescape
func comb4Q4_0AVX2(s *int32, d, dx *float32, n int, acc *[4]float32)

//go:noescape
func comb4Q8_0AVX2(s *int32, d, dx *float32, n int, acc *[4]float32)

//go:noescape
func comb4Q5_0AVX2(s *int32, d, dx *float32, n int, acc *[4]float32)

// dotF16OctsAVX2 is dotF16Octs over n weights (a positive multiple of 8):
// the four float64 lanes of one YMM register are its four accumulators,
// each product exact (a binary16 weight times a float32 value), so the
// lanes round exactly as its scalar adds do.
//
//go:noescape
func dotF16OctsAVX2(w *byte, xs *float64, n int, a *[4]float64) (or uint64)

// dotF16Octs4AVX2 is dotF16OctsAVX2 for the four rows at w + k·stride
// (k < 4), with xs = x·2^-113 in place of x·2^895 (the weights are not
// folded: the products are the same numbers): a[k] and or[k] are row k's.
//
//go:noescape
func dotF16Octs4AVX2(w *byte, stride int, xs *float64, n int, a *[4][4]float64, or *[4]uint64)

// dotF32x4AVX2 and dotBF16x4AVX2 run dotF32's and dotBF16's main loop (four
// float64 accumulators, exact products) over n elements (a positive
// multiple of 4) of the four rows at w + k·stride; a[k] is row k's.
//
//go:noescape
func dotF32x4AVX2(w *byte, stride int, xs *float64, n int, a *[4][4]float64)

//go:noescape
func dotBF16x4AVX2(w *byte, stride int, xs *float64, n int, a *[4][4]float64)
