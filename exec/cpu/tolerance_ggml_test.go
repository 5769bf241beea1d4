package cpu

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestToleranceGGMLMatVec: the float32 emulation of another tier (weights
// dequantised to float32, products summed in strided lanes with FMAs)
// passes matvec's rule for every ggml format under MatVecScale's scale, and
// a dropped term fails it.
func TestToleranceGGMLMatVec(t *testing.T) {
	rng := rand.New(rand.NewPCG(75, 76))
	g := gpuLike{rng}
	for _, dt := range ggmlDTypes {
		for _, cols := range []int{256, 4096} {
			const rows = 24
			w := randMatrixAll(rng, dt, rows, cols)
			x := randVector(rng, cols, 6)
			want := make([]float32, rows)
			fatalIfErr(t, MatVec(nil, want, w, dt, rows, cols, x))
			rb, _ := dt.RowBytes(cols)
			got := make([]float32, rows)
			bug := make([]float32, rows)
			for r := range got {
				wr := dequantF32(t, w[r*rb:(r+1)*rb], dt, cols)
				got[r] = g.dot(wr, x)
				// The bug drops the row's largest term. (A single small
				// term, such as a last weight of one step times a small x,
				// is legitimately within the 4096-term bound.)
				big := 0
				for j := range wr {
					if math.Abs(float64(wr[j]*x[j])) > math.Abs(float64(wr[big]*x[big])) {
						big = j
					}
				}
				wb := append([]float32(nil), wr...)
				wb[big] = 0
				bug[r] = g.dot(wb, x)
			}
			scale := make([]float64, rows)
			n, err := MatVecScale(scale, w, dt, rows, cols, x)
			fatalIfErr(t, err)
			if err := Check("matvec", got, want, scale, n); err != nil {
				t.Errorf("%v cols %d: %v", dt, cols, err)
			}
			if Check("matvec", bug, want, scale, n) == nil {
				t.Errorf("%v cols %d: a dropped largest term passed", dt, cols)
			}
		}
	}
}
