package cpu

import (
	"fmt"

	"zincc/internal/ggml"
	"zincc/ir"
)

// MatVecHalfX computes dst = W·x for f16 weights and an x that quantize
// rounded to f16, or bf16 weights and a bf16 x (ir.ActivationFormat), as
// ggml's mul_mat does with vec_dot_type F16 and BF16. x is widened to
// float32 once per call into xf (cols float32s of scratch; nil allocates),
// which is exact, and the product runs MatVecF32Acc: every product of two
// f16 values is exact in float32 (11 by 11 significant bits, exponents
// far inside float32's range), and so is every product of two bf16 values
// whose magnitude stays inside float32's normal range; so this is ggml's
// arithmetic on the same inputs up to the order of the float32 sum
// (docs/numerics.md §2.1.2, §2.1.3).
func MatVecHalfX(pool *Pool, dst []float32, w []byte, dt ir.DType, rows, cols int, xh []byte, xdt ir.DType, xf []float32) error {
	if want := ir.ActivationFormat(dt); xdt != want || (xdt != ir.F16 && xdt != ir.BF16) {
		return fmt.Errorf("cpu: matvec of %v weights takes no %v x (want %v)", dt, xdt, want)
	}
	if xf == nil {
		xf = make([]float32, cols)
	}
	if cols < 0 || len(xf) < cols {
		return fmt.Errorf("cpu: matvec %v[%d, %d] × %v: scratch of %d float32s", dt, rows, cols, xdt, len(xf))
	}
	if err := WidenHalf(xf[:cols], xh, xdt); err != nil {
		return fmt.Errorf("cpu: matvec %v[%d, %d] × %v: %w", dt, rows, cols, xdt, err)
	}
	return MatVecF32Acc(pool, dst, w, dt, rows, cols, xf[:cols])
}

// WidenHalf writes the float32 values of the little-endian f16 or bf16
// elements xh into dst; the conversion is exact (a NaN keeps its payload
// bits, as ggml's conversions keep them).
func WidenHalf(dst []float32, xh []byte, dt ir.DType) error {
	switch dt {
	case ir.F16:
		return ggml.F16ToF32Row(dst, xh)
	case ir.BF16:
		return ggml.BF16ToF32Row(dst, xh)
	}
	return fmt.Errorf("cpu: %v is not f16 or bf16", dt)
}
