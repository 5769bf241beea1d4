package kernels_test

import (
	"fmt"
	"math/rand"
	"testing"

	"zincc/exec/cpu"
	"zincc/ir"
	"zincc/isa/kernels"
)

// halfBytes rounds v to dt (f16 or bf16) with exec/cpu's quantize.
func halfBytes(t testing.TB, v []float32, dt ir.DType) []byte {
	t.Helper()
	b := make([]byte, 2*len(v))
	if err := cpu.Quantize(b, v, dt); err != nil {
		t.Fatal(err)
	}
	return b
}

// checkMatVecHalfX runs zincc_matvec_DT_DT on weights w and the f16
// (bf16) x xh, and holds each row to the matvec rule against the float64
// product of w and x widened (the oracle CheckNode applies).
func checkMatVecHalfX(t *testing.T, h *gpu, dt ir.DType, w []byte, rows, cols int, xh []byte) float64 {
	t.Helper()
	vw, vx, vd := h.buffer("w", w), h.buffer("x", xh), h.zeros("dst", 4*rows)
	h.run("zincc_matvec_"+dt.String()+"_"+dt.String(), kernels.Size{Rows: rows}, ptr(vw), ptr(vx), ptr(vd), u32(rows), u32(cols))
	x := make([]float32, cols)
	if err := cpu.WidenHalf(x, xh, dt); err != nil {
		t.Fatal(err)
	}
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

// TestMatVecHalfX: f16 × f16 (v_dot2_f32_f16) and bf16 × bf16 at row
// lengths of 1 to past 8192 (ragged octets, ragged steps, 1 to 33 steps
// of the four-step pipeline), every buffer mapped to its exact size (a
// load past the row's end or x's faults); moderate values and large ones
// of mixed signs (cancellation makes the bound tight).
func TestMatVecHalfX(t *testing.T) {
	h := newGPU(t)
	r := rand.New(rand.NewSource(1406))
	for _, dt := range []ir.DType{ir.F16, ir.BF16} {
		for _, cols := range []int{1, 5, 7, 8, 9, 64, 255, 256, 257, 520, 1024, 1056, 2048, 4099, 8200} {
			for _, rows := range []int{1, 7, 8, 9, 33} {
				for _, scale := range []float32{1, 200} {
					t.Run(fmt.Sprintf("%v/%dx%d/%g", dt, rows, cols, scale), func(t *testing.T) {
						w := halfBytes(t, randF32(r, rows*cols, scale), dt)
						xh := halfBytes(t, randF32(r, cols, scale), dt)
						checkMatVecHalfX(t, h, dt, w, rows, cols, xh)
					})
				}
			}
		}
	}
}

// TestMatVecHalfXCatches: a kernel run on an x other than the oracle's
// (one element changed) fails the check, so the test has teeth.
func TestMatVecHalfXCatches(t *testing.T) {
	h := newGPU(t)
	r := rand.New(rand.NewSource(1407))
	for _, dt := range []ir.DType{ir.F16, ir.BF16} {
		const rows, cols = 8, 1000
		w := halfBytes(t, randF32(r, rows*cols, 1), dt)
		x := randF32(r, cols, 1)
		xh := halfBytes(t, x, dt)
		vw, vx, vd := h.buffer("w", w), h.buffer("x", xh), h.zeros("dst", 4*rows)
		h.run("zincc_matvec_"+dt.String()+"_"+dt.String(), kernels.Size{Rows: rows}, ptr(vw), ptr(vx), ptr(vd), u32(rows), u32(cols))
		got := h.readF32(vd, rows)
		x[997] += 4 // in the tail of 1000 columns
		xw := make([]float32, cols)
		if err := cpu.WidenHalf(xw, halfBytes(t, x, dt), dt); err != nil {
			t.Fatal(err)
		}
		want := make([]float32, rows)
		scale := make([]float64, rows)
		if err := cpu.MatVec(nil, want, w, dt, rows, cols, xw); err != nil {
			t.Fatal(err)
		}
		n, _ := cpu.MatVecScale(scale, w, dt, rows, cols, xw)
		if err := cpu.Check("matvec", got, want, scale, n); err == nil {
			t.Errorf("%v: a changed x element passed", dt)
		}
	}
}

// TestQuantizeHalf: zincc_quantize_f16 and _bf16 write exec/cpu's bytes
// (ggml's conversions) for values of every magnitude and random bits
// (NaNs: any NaN for a NaN), at lengths that end mid-workgroup.
func TestQuantizeHalf(t *testing.T) {
	h := newGPU(t)
	r := rand.New(rand.NewSource(1408))
	for _, dt := range []ir.DType{ir.F16, ir.BF16} {
		for _, n := range []int{1, 255, 256, 257, 3000} {
			for k, x := range [][]float32{wildF32(r, n), randBits(r, n), randF32(r, n, 70000)} {
				vx, vd := h.buffer("x", f32bytes(x)), h.zeros("dst", 2*n)
				h.run("zincc_quantize_"+dt.String(), kernels.Size{N: n}, ptr(vx), ptr(vd), u32(n))
				got := h.read(vd, 2*n)
				if err := cpu.CheckQuantized(got, halfBytes(t, x, dt), dt); err != nil {
					t.Fatalf("%v, %d elements, input %d: %v", dt, n, k, err)
				}
			}
		}
	}
}
