package cpu

import (
	"math"
	"math/rand/v2"
	"testing"

	"zincc/ir"
)

// TestMatVecGGMLRandom compares MatVec with the float64 reference of
// ref_ggml_test.go for the ggml formats, on pools of several sizes. The
// kernels sum exact products in float64 and round once, so the result is
// within half a float32 ulp of the exact value plus the float64 error,
// bounded by (cols+4)·2^-53·Σ(|a|+|b|)·|x| over the weights' terms.
func TestMatVecGGMLRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(61, 62))
	pools := []*Pool{nil, NewPool(1), NewPool(3)}
	defer func() {
		for _, p := range pools {
			p.Close()
		}
	}()
	for _, dt := range ggmlDTypes {
		be := dt.BlockElems()
		shapes := [][2]int{{1, be}, {3, 2 * be}, {7, 3 * be}, {33, 5 * be}, {300, 2 * be}}
		if be == 1 {
			shapes = [][2]int{{1, 1}, {3, 5}, {7, 17}, {33, 100}, {300, 301}}
		}
		if be == 256 {
			shapes = append(shapes, [2]int{65, 1024})
		} else {
			shapes = append(shapes, [2]int{129, 1024})
		}
		for _, sh := range shapes {
			rows, cols := sh[0], sh[1]
			w := randMatrixAll(rng, dt, rows, cols)
			x := randVector(rng, cols, 16)
			ref, mag := refMatVecAll(w, dt, rows, cols, x)
			var first []float32
			for pi, pool := range pools {
				got := make([]float32, rows)
				fatalIfErr(t, MatVec(pool, got, w, dt, rows, cols, x))
				for r := range got {
					bound := u32*math.Abs(ref[r]) + float64(cols+4)*0x1p-53*mag[r]
					if !near(got[r], ref[r], bound) {
						t.Fatalf("%v [%d, %d] row %d = %g, want %g (bound %g)", dt, rows, cols, r, got[r], ref[r], bound)
					}
				}
				if pi == 0 {
					first = got
				} else {
					for r := range got {
						if math.Float32bits(got[r]) != math.Float32bits(first[r]) {
							t.Fatalf("%v [%d, %d] row %d: pool %d gives %g, no pool %g", dt, rows, cols, r, pi, got[r], first[r])
						}
					}
				}
			}
		}
	}
}

// TestMatVecGGMLWorked multiplies the reference sheet's ggml-computed
// K-quant blocks (internal/ggml's TestWorkedK) by one-hot vectors and by a
// vector of ones: the products must be the sheet's element values and
// sums exactly.
func TestMatVecGGMLWorked(t *testing.T) {
	cases := []struct {
		dt   ir.DType
		want map[int]float32
		sum  float32
	}{
		{ir.Q4_K, map[int]float32{0: 2.4921875, 31: 3.875, 32: 2.25, 200: 5.1328125, 255: 0.9375}, 475.8125},
		{ir.Q5_K, map[int]float32{0: 9.8671875, 63: 5.625, 64: 8.8828125, 128: 2.5703125, 255: 5.46875}, 1098.3125},
		{ir.Q6_K, map[int]float32{0: -10.2421875, 1: 12.46875, 64: -14.75, 127: 25.78125, 200: -8.203125}, -11.59375},
	}
	for _, c := range cases {
		w := make([]byte, c.dt.BlockBytes())
		for i := range w {
			w[i] = byte((29*i + 7) % 256)
		}
		if c.dt == ir.Q6_K {
			w[208], w[209] = 0x00, 0x20
		} else {
			copy(w, []byte{0x00, 0x20, 0x00, 0x24})
		}
		x := make([]float32, 256)
		got := make([]float32, 1)
		for e, want := range c.want {
			clear(x)
			x[e] = 1
			fatalIfErr(t, MatVec(nil, got, w, c.dt, 1, 256, x))
			if got[0] != want {
				t.Errorf("%v element %d: %g, want %g", c.dt, e, got[0], want)
			}
		}
		for i := range x {
			x[i] = 1
		}
		fatalIfErr(t, MatVec(nil, got, w, c.dt, 1, 256, x))
		if got[0] != c.sum {
			t.Errorf("%v sum: %g, want %g", c.dt, got[0], c.sum)
		}
	}
}

// TestMatVecGGMLSpecial: NaN and infinite x, and infinite scales, give the
// same bits on every pool, NaN rows are NaN, and a row whose only
// non-finite part is an infinite x entry times a nonzero weight is infinite.
func TestMatVecGGMLSpecial(t *testing.T) {
	rng := rand.New(rand.NewPCG(63, 64))
	pool := NewPool(3)
	defer pool.Close()
	for _, dt := range ggmlDTypes {
		cols := 4 * dt.BlockElems()
		if cols < 64 {
			cols = 64
		}
		const rows = 300
		w := randMatrixAll(rng, dt, rows, cols)
		x := randVector(rng, cols, 8)
		x[5] = float32(math.NaN())
		x[cols-1] = float32(math.Inf(-1))
		a := make([]float32, rows)
		b := make([]float32, rows)
		fatalIfErr(t, MatVec(nil, a, w, dt, rows, cols, x))
		fatalIfErr(t, MatVec(pool, b, w, dt, rows, cols, x))
		for r := range a {
			if math.Float32bits(a[r]) != math.Float32bits(b[r]) {
				t.Fatalf("%v row %d: %#x without pool, %#x with", dt, r, math.Float32bits(a[r]), math.Float32bits(b[r]))
			}
			if a[r] == a[r] {
				t.Fatalf("%v row %d = %g, want NaN (x holds a NaN)", dt, r, a[r])
			}
		}
	}
}

// TestMatVecGGMLErrors: shapes that are not whole blocks are refused.
func TestMatVecGGMLErrors(t *testing.T) {
	for _, dt := range []ir.DType{ir.Q4_1, ir.Q5_0, ir.Q5_1, ir.Q4_K, ir.Q5_K, ir.Q6_K} {
		cols := dt.BlockElems() / 2
		if err := MatVec(nil, make([]float32, 1), make([]byte, dt.BlockBytes()), dt, 1, cols, make([]float32, cols)); err == nil {
			t.Errorf("%v with %d columns accepted", dt, cols)
		}
		cols = dt.BlockElems()
		if err := MatVec(nil, make([]float32, 1), make([]byte, dt.BlockBytes()-1), dt, 1, cols, make([]float32, cols)); err == nil {
			t.Errorf("%v with a short row accepted", dt)
		}
	}
	if err := MatVec(nil, make([]float32, 1), make([]byte, 4), ir.U32, 1, 1, make([]float32, 1)); err == nil {
		t.Error("u32 weights accepted")
	}
}

// TestMatVecGGMLNoAlloc: with a pool, a matvec of every new dtype
// allocates nothing once the pool's scratch has grown.
func TestMatVecGGMLNoAlloc(t *testing.T) {
	if raceBuild {
		t.Skip("the race detector allocates")
	}
	rng := rand.New(rand.NewPCG(65, 66))
	pool := NewPool(2)
	defer pool.Close()
	for _, dt := range ggmlDTypes {
		const rows, cols = 512, 512
		w := randMatrixAll(rng, dt, rows, cols)
		x := randVector(rng, cols, 4)
		dst := make([]float32, rows)
		fatalIfErr(t, MatVec(pool, dst, w, dt, rows, cols, x))
		if n := testing.AllocsPerRun(20, func() { _ = MatVec(pool, dst, w, dt, rows, cols, x) }); n != 0 {
			t.Errorf("%v: %g allocations per call", dt, n)
		}
	}
}
