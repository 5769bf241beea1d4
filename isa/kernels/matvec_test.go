package kernels_test

import (
	"fmt"
	"math/rand"
	"testing"

	"zincc/exec/cpu"
	"zincc/ir"
	"zincc/isa/kernels"
)

// randWeights returns rows×cols random weights of dtype dt.
func randWeights(t testing.TB, r *rand.Rand, dt ir.DType, rows, cols int, scale float32) []byte {
	switch dt {
	case ir.F32:
		return f32bytes(randF32(r, rows*cols, scale))
	case ir.F16:
		return f16bytes(randF32(r, rows*cols, scale))
	case ir.Q4_0:
		return randQuant(t, r, true, rows, cols, scale)
	default:
		return randQuant(t, r, false, rows, cols, scale)
	}
}

// checkMatVec runs zincc_matvec_<dt> on the sim and holds it to the
// matvec rule against cpu.MatVec; it returns the fraction of the bound used.
func checkMatVec(t *testing.T, h *gpu, dt ir.DType, w []byte, rows, cols int, x []float32) float64 {
	t.Helper()
	vw, vx, vd := h.buffer("w", w), h.buffer("x", f32bytes(x)), h.zeros("dst", 4*rows)
	h.run("zincc_matvec_"+dt.String(), kernels.Size{Rows: rows}, ptr(vw), ptr(vx), ptr(vd), u32(rows), u32(cols))
	want := make([]float32, rows)
	if err := cpu.MatVec(nil, want, w, dt, rows, cols, x); err != nil {
		t.Fatal(err)
	}
	scale := make([]float64, rows)
	n, err := cpu.MatVecScale(scale, w, dt, rows, cols, x)
	if err != nil {
		t.Fatal(err)
	}
	got := h.readF32(vd, rows)
	if err := cpu.Check("matvec", got, want, scale, n); err != nil {
		t.Fatal(err)
	}
	return logUse(t, "matvec", got, want, scale, n)
}

func TestMatVec(t *testing.T) {
	h := newGPU(t)
	r := rand.New(rand.NewSource(9))
	rowsList := []int{1, 7, 8, 9, 64, 257}
	colsFor := map[ir.DType][]int{
		ir.F32:  {1, 3, 4, 64, 100, 127, 128, 129, 224, 300, 1056},
		ir.F16:  {1, 5, 8, 64, 100, 255, 256, 257, 520, 1056},
		ir.Q4_0: {32, 64, 96, 224, 256, 288, 1056, 4096},
		ir.Q8_0: {32, 64, 96, 224, 256, 288, 1056, 4096},
	}
	for _, dt := range []ir.DType{ir.F32, ir.F16, ir.Q4_0, ir.Q8_0} {
		for _, cols := range colsFor[dt] {
			for _, rows := range rowsList {
				if rows*cols > 1<<20 {
					continue
				}
				t.Run(fmt.Sprintf("%v/%dx%d", dt, rows, cols), func(t *testing.T) {
					w := randWeights(t, r, dt, rows, cols, 1)
					x := randF32(r, cols, 4)
					checkMatVec(t, h, dt, w, rows, cols, x)
				})
			}
		}
	}
}

// TestMatVecLargeValues uses weights and activations of mixed signs and
// large magnitudes, so that cancellation makes the bound tight.
func TestMatVecLargeValues(t *testing.T) {
	h := newGPU(t)
	r := rand.New(rand.NewSource(10))
	for _, dt := range []ir.DType{ir.F32, ir.F16, ir.Q4_0, ir.Q8_0} {
		rows, cols := 33, 32*9
		t.Run(dt.String(), func(t *testing.T) {
			w := randWeights(t, r, dt, rows, cols, 6e4)
			x := randF32(r, cols, 1e20)
			for i := range x {
				if i%3 == 0 {
					x[i] = -x[i] * 1e-25
				}
			}
			checkMatVec(t, h, dt, w, rows, cols, x)
		})
	}
}
