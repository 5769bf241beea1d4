package kernels_test

import (
	"fmt"
	"math"
	"math/rand"
	"testing"

	"zincc/exec/cpu"
	"zincc/isa/kernels"
)

// elementwiseSizes covers one element, partial waves and workgroups, and
// several workgroups.
var elementwiseSizes = []int{1, 31, 64, 255, 256, 257, 1000, 2049}

func TestAddMulExact(t *testing.T) {
	h := newGPU(t)
	r := rand.New(rand.NewSource(1))
	for _, n := range elementwiseSizes {
		for _, op := range []string{"add", "mul"} {
			t.Run(fmt.Sprintf("%s/n=%d", op, n), func(t *testing.T) {
				// Random bits: NaNs, infinities, denormals and every
				// exponent, so both tiers' rounding is compared everywhere.
				a, b := randBits(r, n), wildF32(r, n)
				if n > 2 {
					a[0], b[0] = float32(math.Inf(1)), float32(math.Inf(-1))
					a[1], b[1] = 0x1p-130, 0x1p-3 // denormal result
				}
				va, vb := h.buffer("a", f32bytes(a)), h.buffer("b", f32bytes(b))
				vd := h.zeros("dst", 4*n)
				h.run("zincc_"+op, kernels.Size{N: n}, ptr(va), ptr(vb), ptr(vd), u32(n))
				want := make([]float32, n)
				fn := cpu.Add
				if op == "mul" {
					fn = cpu.Mul
				}
				if err := fn(want, a, b); err != nil {
					t.Fatal(err)
				}
				if err := cpu.Check(op, h.readF32(vd, n), want, nil, 0); err != nil {
					t.Fatal(err)
				}
			})
		}
	}
}

func TestSiLUSwiGLU(t *testing.T) {
	h := newGPU(t)
	r := rand.New(rand.NewSource(2))
	for _, n := range elementwiseSizes {
		x := randF32(r, n, 20)
		u := wildF32(r, n)
		special := []float32{float32(math.Inf(1)), float32(math.Inf(-1)), -100, 100, 0, float32(math.Copysign(0, -1)), 0x1p-140, -88.5, 1e30}
		for i := 0; i < len(special) && i < n; i++ {
			x[i] = special[i]
		}
		t.Run(fmt.Sprintf("silu/n=%d", n), func(t *testing.T) {
			vx, vd := h.buffer("x", f32bytes(x)), h.zeros("dst", 4*n)
			h.run("zincc_silu", kernels.Size{N: n}, ptr(vx), ptr(vd), u32(n))
			want := make([]float32, n)
			if err := cpu.SiLU(want, x); err != nil {
				t.Fatal(err)
			}
			scale := make([]float64, n)
			nn, err := cpu.SiLUScale(scale, x)
			if err != nil {
				t.Fatal(err)
			}
			got := h.readF32(vd, n)
			if err := cpu.Check("silu", got, want, scale, nn); err != nil {
				t.Fatal(err)
			}
			logUse(t, "silu", got, want, scale, nn)
		})
		t.Run(fmt.Sprintf("swiglu/n=%d", n), func(t *testing.T) {
			vg, vu, vd := h.buffer("gate", f32bytes(x)), h.buffer("up", f32bytes(u)), h.zeros("dst", 4*n)
			h.run("zincc_swiglu", kernels.Size{N: n}, ptr(vg), ptr(vu), ptr(vd), u32(n))
			want := make([]float32, n)
			if err := cpu.SwiGLU(want, x, u); err != nil {
				t.Fatal(err)
			}
			scale := make([]float64, n)
			nn, err := cpu.SwiGLUScale(scale, x, u)
			if err != nil {
				t.Fatal(err)
			}
			got := h.readF32(vd, n)
			if err := cpu.Check("swiglu", got, want, scale, nn); err != nil {
				t.Fatal(err)
			}
			logUse(t, "swiglu", got, want, scale, nn)
		})
	}
}
