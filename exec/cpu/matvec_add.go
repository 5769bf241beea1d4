package cpu

import (
	"math"

	"zincc/ir"
)

// MatVecAdd is the matvec_add op: dst = r + W·x for an x quantised to
// xdt, computed as MatVecQ8 into scratch (len rows) and then Add, the
// very numbers the matvec and add ops compute on this tier one after the
// other (so the fuse-matvec-add pass changes no result of the cpu tier).
// scratch keeps r intact where dst and r share a buffer.
func MatVecAdd(pool *Pool, dst []float32, w []byte, dt ir.DType, rows, cols int, xq []byte, xdt ir.DType, r, scratch []float32) error {
	if len(r) != rows || len(scratch) != rows {
		return sizeError("matvec_add", "r has %d values and scratch %d for %d rows", len(r), len(scratch), rows)
	}
	if err := MatVecQ8(pool, scratch, w, dt, rows, cols, xq, xdt); err != nil {
		return err
	}
	return Add(dst, r, scratch)
}

// MatVecAddScale fills want with r + W·x (MatVecAdd) and scale with the
// matvec's scale Σ_j |w_ij·x_j| plus |r_i| (matvec_add's rule,
// docs/numerics.md); it returns the reduction length.
func MatVecAddScale(want []float32, scale []float64, w []byte, dt ir.DType, rows, cols int, xq []byte, xdt ir.DType, r []float32) (int, error) {
	if err := MatVecAdd(nil, want, w, dt, rows, cols, xq, xdt, r, make([]float32, rows)); err != nil {
		return 0, err
	}
	x := make([]float32, cols)
	if err := Dequantize(x, xq, xdt); err != nil {
		return 0, err
	}
	n, err := MatVecScale(scale, w, dt, rows, cols, x)
	if err != nil {
		return 0, err
	}
	for i, v := range r {
		scale[i] += math.Abs(float64(v))
	}
	return n, nil
}

// CheckMatVecAdd holds another tier's got = r + W·x to exec/cpu's under
// matvec_add's rule.
func CheckMatVecAdd(got []float32, w []byte, dt ir.DType, rows, cols int, xq []byte, xdt ir.DType, r []float32) error {
	want, scale := make([]float32, rows), make([]float64, rows)
	n, err := MatVecAddScale(want, scale, w, dt, rows, cols, xq, xdt, r)
	if err != nil {
		return err
	}
	return Check(ir.OpMatVecAdd.Name, got, want, scale, n)
}
