package cpu

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"sync"
	"testing"

	"zincc/ir"
)

// TestMatVecRandom compares MatVec with the float64 reference on random
// shapes (odd sizes included) for every weight dtype, on pools of several
// sizes. The kernel sums exact products in float64 and rounds once, so it
// must be within half a float32 ulp of the exact value plus float64
// summation error: |got - ref| <= u·|ref| + (cols+4)·2^-53·Σ|w·x|. The
// result must not depend on the pool.
func TestMatVecRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	pools := []*Pool{nil, NewPool(1), NewPool(2), NewPool(3)}
	defer func() {
		for _, p := range pools {
			p.Close()
		}
	}()
	plain := [][2]int{{1, 1}, {1, 3}, {3, 5}, {7, 17}, {2, 64}, {33, 100}, {5, 257}, {300, 301}, {129, 1000}}
	blocked := [][2]int{{1, 32}, {3, 64}, {7, 96}, {33, 320}, {300, 352}, {65, 1024}}
	for _, dt := range []ir.DType{ir.F32, ir.F16, ir.Q4_0, ir.Q8_0} {
		shapes := plain
		if dt.Quantized() {
			shapes = blocked
		}
		for _, sh := range shapes {
			rows, cols := sh[0], sh[1]
			w := randMatrix(rng, dt, rows, cols)
			x := randVector(rng, cols, 16)
			ref, mag := refMatVec(w, dt, rows, cols, x)
			var first []float32
			for pi, p := range pools {
				got := make([]float32, rows)
				fatalIfErr(t, MatVec(p, got, w, dt, rows, cols, x))
				for r := range got {
					bound := u32*math.Abs(ref[r]) + float64(cols+4)*0x1p-53*mag[r] + 0x1p-140
					if !near(got[r], ref[r], bound) {
						t.Fatalf("%v [%d, %d] pool %d: row %d = %g, want %g (±%g)", dt, rows, cols, pi, r, got[r], ref[r], bound)
					}
				}
				if first == nil {
					first = got
					continue
				}
				for r := range got {
					if math.Float32bits(got[r]) != math.Float32bits(first[r]) {
						t.Fatalf("%v [%d, %d]: row %d is %g with pool %d but %g without", dt, rows, cols, r, got[r], pi, first[r])
					}
				}
			}
		}
	}
}

// TestMatVecQ8_0Hand multiplies a hand-written 2x32 Q8_0 matrix.
func TestMatVecQ8_0Hand(t *testing.T) {
	w := make([]byte, 2*34)
	// Row 0: d = 0.25 (f16 0x3400); q0 = 4, q1 = -8 (0xF8), q31 = 127.
	w[0], w[1] = 0x00, 0x34
	w[2], w[3], w[33] = 4, 0xF8, 127
	// Row 1: d = -2 (f16 0xC000: sign, exponent 16 -> 2^1); q5 = 3, q6 = -1.
	w[34], w[35] = 0x00, 0xC0
	w[36+5], w[36+6] = 3, 0xFF
	x := make([]float32, 32)
	x[0], x[1], x[5], x[6], x[31] = 2, 0.5, 10, 4, -1
	// Row 0: 0.25·(4·2 + (-8)·0.5 + 127·(-1)) = 0.25·(8 - 4 - 127) = -30.75
	// Row 1: -2·(3·10 + (-1)·4) = -2·26 = -52
	want := []float32{-30.75, -52}
	got := make([]float32, 2)
	fatalIfErr(t, MatVec(nil, got, w, ir.Q8_0, 2, 32, x))
	if got[0] != want[0] || got[1] != want[1] {
		t.Fatalf("Q8_0 matvec = %v, want %v", got, want)
	}
}

// TestMatVecQ4_0Hand multiplies a hand-written 2x64 Q4_0 matrix (two
// blocks per row).
func TestMatVecQ4_0Hand(t *testing.T) {
	w := make([]byte, 2*2*18)
	for i := range w {
		w[i] = 0x88 // every code 8 -> value 0
	}
	// Row 0, block 0: d = 0.5 (0x3800). Byte 2 = 0xF0: element 0 low
	// nibble 0 -> (0-8)·0.5 = -4; element 16 high nibble 15 -> 7·0.5 = 3.5.
	w[0], w[1], w[2] = 0x00, 0x38, 0xF0
	// Row 0, block 1: d = 1 (0x3C00). Byte 17 = 0x9A: element 32+15 low
	// nibble 10 -> 2; element 32+31 high nibble 9 -> 1.
	w[18], w[19], w[35] = 0x00, 0x3C, 0x9A
	// Row 1, block 0: d = -0.25 (0xB400). Byte 3 = 0x1F: element 1 low 15
	// -> 7·-0.25 = -1.75; element 17 high 1 -> -7·-0.25 = 1.75.
	w[36], w[37], w[39] = 0x00, 0xB4, 0x1F
	// Row 1, block 1: d = 0 -> contributes 0 whatever the codes.
	w[54], w[55], w[56] = 0x00, 0x00, 0x0F
	x := make([]float32, 64)
	x[0], x[16], x[47], x[63] = 1, 2, 3, 4
	x[1], x[17], x[32] = 4, 8, 100
	// Row 0: -4·1 + 3.5·2 + 2·3 + 1·4 = -4 + 7 + 6 + 4 = 13
	// Row 1: -1.75·4 + 1.75·8 + 0·100 = -7 + 14 = 7
	want := []float32{13, 7}
	got := make([]float32, 2)
	fatalIfErr(t, MatVec(nil, got, w, ir.Q4_0, 2, 64, x))
	if got[0] != want[0] || got[1] != want[1] {
		t.Fatalf("Q4_0 matvec = %v, want %v", got, want)
	}
}

// TestMatVecF16Special covers binary16 subnormals, signed zeros,
// infinities and NaNs in the weights (the last two take the slow path).
func TestMatVecF16Special(t *testing.T) {
	put := func(hs ...uint16) []byte {
		b := make([]byte, 2*len(hs))
		for i, h := range hs {
			binary.LittleEndian.PutUint16(b[2*i:], h)
		}
		return b
	}
	x := []float32{1, 2, 4, 8, 16}
	cases := []struct {
		name string
		row  []byte
		want float32
	}{
		// 0x0001 = 2^-24 and 0x03FF = 1023·2^-24 (subnormals), 0x8000 = -0.
		{"subnormal", put(0x0001, 0x03FF, 0x8000, 0, 0), float32(math.Ldexp(1+2*1023, -24))},
		{"negative zero", put(0x8000, 0x8000, 0x8000, 0x8000, 0x8000), 0},
		{"inf", put(0x3C00, 0x7C00, 0, 0, 0), float32(math.Inf(1))},
		{"-inf tail", put(0, 0, 0, 0, 0xFC00), float32(math.Inf(-1))},
		{"inf-inf", put(0x7C00, 0xFC00, 0, 0, 0), float32(math.NaN())},
		{"nan", put(0, 0, 0x7E01, 0, 0), float32(math.NaN())},
		{"max", put(0x7BFF, 0, 0, 0, 0), 65504},
	}
	pool := NewPool(2)
	defer pool.Close()
	for _, c := range cases {
		got := make([]float32, 1)
		fatalIfErr(t, MatVec(pool, got, c.row, ir.F16, 1, 5, x))
		if !(got[0] == c.want || got[0] != got[0] && c.want != c.want) {
			t.Errorf("%s: got %g, want %g", c.name, got[0], c.want)
		}
	}
	// A NaN x times a zero weight is NaN, and an infinite x times a zero
	// weight too (no shortcut skips zero weights).
	got := make([]float32, 1)
	fatalIfErr(t, MatVec(pool, got, put(0, 0, 0, 0, 0), ir.F16, 1, 5, []float32{float32(math.Inf(1)), 0, 0, 0, 0}))
	if got[0] == got[0] {
		t.Errorf("0·inf = %g, want NaN", got[0])
	}
	// The largest float32 x survives the 2^895 prescaling.
	fatalIfErr(t, MatVec(pool, got, put(0x3800, 0, 0, 0, 0), ir.F16, 1, 5, []float32{math.MaxFloat32, 0, 0, 0, 0}))
	if got[0] != math.MaxFloat32/2 {
		t.Errorf("0.5·MaxFloat32 = %g", got[0])
	}
}

func TestMatVecErrors(t *testing.T) {
	x := make([]float32, 32)
	dst := make([]float32, 2)
	cases := []struct {
		dt         ir.DType
		rows, cols int
		wbytes     int
		x, dst     int
	}{
		{ir.U32, 2, 32, 256, 32, 2},  // unsupported dtype
		{ir.Q4_0, 2, 30, 36, 30, 2},  // cols not a multiple of 32
		{ir.Q4_0, 2, 32, 35, 32, 2},  // short weights
		{ir.F32, 2, 32, 256, 31, 2},  // short x
		{ir.F32, 2, 32, 256, 32, 1},  // short dst
		{ir.F16, -1, 32, 0, 32, 0},   // negative rows
		{ir.F16, 2, -32, -128, 0, 2}, // negative cols
	}
	for i, c := range cases {
		w := make([]byte, max(c.wbytes, 0))
		err := MatVec(nil, dst[:c.dst], w, c.dt, c.rows, c.cols, x[:c.x])
		if err == nil {
			t.Errorf("case %d (%v [%d, %d]): no error", i, c.dt, c.rows, c.cols)
		}
	}
}

// TestMatVecNoAlloc checks that a MatVec on a pool allocates nothing once
// the pool's scratch has grown, inline and parallel.
func TestMatVecNoAlloc(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	pool := NewPool(2)
	defer pool.Close()
	for _, dt := range []ir.DType{ir.F32, ir.F16, ir.Q4_0, ir.Q8_0} {
		for _, rows := range []int{4, 512} {
			cols := 256
			w := randMatrix(rng, dt, rows, cols)
			x := randVector(rng, cols, 4)
			dst := make([]float32, rows)
			fatalIfErr(t, MatVec(pool, dst, w, dt, rows, cols, x))
			if n := testing.AllocsPerRun(20, func() { _ = MatVec(pool, dst, w, dt, rows, cols, x) }); n != 0 {
				t.Errorf("%v with %d rows: %v allocations per call", dt, rows, n)
			}
		}
	}
}

// TestPoolConcurrentAndClose runs MatVec from several goroutines on one
// pool (calls serialise), then after Close (calls run inline).
func TestPoolConcurrentAndClose(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 2))
	const rows, cols = 300, 320
	w := randMatrix(rng, ir.Q8_0, rows, cols)
	x := randVector(rng, cols, 4)
	want := make([]float32, rows)
	fatalIfErr(t, MatVec(nil, want, w, ir.Q8_0, rows, cols, x))
	pool := NewPool(3)
	if pool.Workers() != 3 || (*Pool)(nil).Workers() != 1 || NewPool(0).Workers() != 1 {
		t.Fatal("Workers() is wrong")
	}
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got := make([]float32, rows)
			for i := 0; i < 20; i++ {
				if err := MatVec(pool, got, w, ir.Q8_0, rows, cols, x); err != nil {
					errs <- err
					return
				}
				for r := range got {
					if got[r] != want[r] {
						errs <- fmt.Errorf("row %d = %g, want %g", r, got[r], want[r])
						return
					}
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	pool.Close()
	pool.Close() // idempotent
	got := make([]float32, rows)
	fatalIfErr(t, MatVec(pool, got, w, ir.Q8_0, rows, cols, x))
	for r := range got {
		if got[r] != want[r] {
			t.Fatalf("after Close: row %d = %g, want %g", r, got[r], want[r])
		}
	}
}

// TestMatVecF32Unaligned runs f32 weights that are not 4-byte aligned
// (the portable path) and checks the result equals the in-place path's bit
// for bit.
func TestMatVecF32Unaligned(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 24))
	const rows, cols = 9, 103
	w := randMatrix(rng, ir.F32, rows, cols)
	x := randVector(rng, cols, 8)
	shifted := make([]byte, len(w)+1)
	copy(shifted[1:], w)
	if _, ok := float32View(shifted[1:]); ok {
		t.Fatal("float32View accepted a misaligned slice")
	}
	a, b := make([]float32, rows), make([]float32, rows)
	fatalIfErr(t, MatVec(nil, a, w, ir.F32, rows, cols, x))
	fatalIfErr(t, MatVec(nil, b, shifted[1:], ir.F32, rows, cols, x))
	for r := range a {
		if math.Float32bits(a[r]) != math.Float32bits(b[r]) {
			t.Fatalf("row %d: aligned %g, unaligned %g", r, a[r], b[r])
		}
	}
}
