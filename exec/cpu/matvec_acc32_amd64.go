package cpu

import (
	"os"

	"golang.org/x/sys/cpu"
	"zincc/ir"
)

// acc32Kernels are the SIMD kernels of MatVecF32Acc for this CPU: AVX-512
// (four ZMM accumulators per row) where the CPU has AVX512F, else AVX2 and
// F16C (eight YMM accumulators), else none; none either when
// ZINCC_CPU_PORTABLE=1. All follow the same order, so all give the same
// bits as dotAcc32 (docs/numerics.md §2.1.2).
var acc32Kernels = acc32KernelsFor(cpu.X86.HasAVX512F, cpu.X86.HasAVX2 && cpu.X86.HasF16C,
	os.Getenv("ZINCC_CPU_PORTABLE") == "1")

// acc32KernelsFor picks the kernels for a CPU with or without AVX-512 and
// AVX2 with F16C.
func acc32KernelsFor(avx512, avx2, portable bool) map[ir.DType]acc32Kernel {
	switch {
	case portable:
		return nil
	case avx512 && avx2:
		return map[ir.DType]acc32Kernel{ir.F16: {f16RowsAVX512, f16LanesAVX512},
			ir.BF16: {bf16RowsAVX512, bf16LanesAVX512}, ir.F32: {f32RowsAVX512, f32LanesAVX512}}
	case avx2:
		return map[ir.DType]acc32Kernel{ir.F16: {f16RowsAVX2, f16LanesAVX2},
			ir.BF16: {bf16RowsAVX2, bf16LanesAVX2}, ir.F32: {f32RowsAVX2, f32LanesAVX2}}
	}
	return nil
}

// The kernels (matvec_acc32_amd64.s): *Rows computes `rows` rows of
// chunks·64 weights, one after the other from w, into dst[0..rows);
// *Lanes runs the first chunks·64 elements of one row and stores its 64
// lanes. chunks > 0, rows > 0.

//go:noescape
func f16RowsAVX2(w *byte, x *float32, chunks, rows int, dst *float32)

//go:noescape
func f16LanesAVX2(w *byte, x *float32, chunks int, acc *[acc32Lanes]float32)

//go:noescape
func f16RowsAVX512(w *byte, x *float32, chunks, rows int, dst *float32)

//go:noescape
func f16LanesAVX512(w *byte, x *float32, chunks int, acc *[acc32Lanes]float32)

//go:noescape
func bf16RowsAVX2(w *byte, x *float32, chunks, rows int, dst *float32)

//go:noescape
func bf16LanesAVX2(w *byte, x *float32, chunks int, acc *[acc32Lanes]float32)

//go:noescape
func bf16RowsAVX512(w *byte, x *float32, chunks, rows int, dst *float32)

//go:noescape
func bf16LanesAVX512(w *byte, x *float32, chunks int, acc *[acc32Lanes]float32)

//go:noescape
func f32RowsAVX2(w *byte, x *float32, chunks, rows int, dst *float32)

//go:noescape
func f32LanesAVX2(w *byte, x *float32, chunks int, acc *[acc32Lanes]float32)

//go:noescape
func f32RowsAVX512(w *byte, x *float32, chunks, rows int, dst *float32)

//go:noescape
func f32LanesAVX512(w *byte, x *float32, chunks int, acc *[acc32Lanes]float32)
