package cpu

import "golang.org/x/sys/cpu"

// useAVX512 selects the AVX-512 (VNNI) block sums
// (blocksums_avx512_amd64.s) over the AVX2 ones: the CPU has AVX-512 F,
// BW, VL, VNNI, VBMI (VPERMB, VPERMT2B) and BITALG (VPSHUFBITQMB) and the AVX2 path is selected
// (so ZINCC_CPU_PORTABLE=1 turns both off). Tests set it false to run the
// AVX2 kernels on a machine that has both; all three paths give the same
// integers, hence the same bits.
var useAVX512 = useAVX2 && cpu.X86.HasAVX512F && cpu.X86.HasAVX512BW && cpu.X86.HasAVX512VL &&
	cpu.X86.HasAVX512VNNI && cpu.X86.HasAVX512VBMI && cpu.X86.HasAVX512BITALG

// The AVX-512 kernels, reading x prepared by prepX32 (sums*) or prepXK
// (lanes*, dot*) at xp. sums*: out[b] and d[b] for n blocks (a positive
// multiple of 8) of w, as the AVX2 sums*. lanes*: the lane sums of n
// super-blocks, as laneSumsQ45K and laneSumsQ6K. dot*: the lane sums and
// the float32 combination of n super-blocks (n > 0), as the AVX2 dot*:
// st[0..7] are sums_0..sums_7 and st[8] acc, updated in place.

//go:noescape
func sumsQ4_0AVX512(w, xp *byte, n int, out *int32, d *float32)

//go:noescape
func sumsQ8_0AVX512(w, xp *byte, n int, out *int32, d *float32)

//go:noescape
func lanesQ4KAVX512(w, xp *byte, n int, out *int32)

//go:noescape
func lanesQ5KAVX512(w, xp *byte, n int, out *int32)

//go:noescape
func lanesQ6KAVX512(w, xp *byte, n int, out *int32)

//go:noescape
func dotQ4KAVX512(w, xp *byte, n int, st *[9]float32)

//go:noescape
func dotQ5KAVX512(w, xp *byte, n int, st *[9]float32)

//go:noescape
func dotQ6KAVX512(w, xp *byte, n int, st *[9]float32)

// dot4Q4_0AVX512, dot4Q8_0AVX512, dot4Q5_0AVX512, dot4Q4_1AVX512 and
// dot4Q5_1AVX512 run dot4Q8 over the first n blocks (a
// positive multiple of 8) of the four rows at w + k·rb: acc[k] is row k's
// accumulator, updated in place.
//
//go:noescape
func dot4Q4_0AVX512(w *byte, rb int, xp *byte, n int, acc *[4]float32)

//go:noescape
func dot4Q8_0AVX512(w *byte, rb int, xp *byte, n int, acc *[4]float32)

//go:noescape
func dot4Q5_0AVX512(w *byte, rb int, xp *byte, n int, acc *[4]float32)

//go:noescape
func dot4Q4_1AVX512(w *byte, rb int, xp *byte, n int, acc *[4]float32)

//go:noescape
func dot4Q5_1AVX512(w *byte, rb int, xp *byte, n int, acc *[4]float32)
