package kernels_test

import (
	"fmt"
	"math"
	"math/rand"
	"testing"

	"zincc/exec/cpu"
	"zincc/isa/kernels"
)

func TestRope(t *testing.T) {
	h := newGPU(t)
	r := rand.New(rand.NewSource(11))
	type shape struct{ heads, headDim, dims int }
	shapes := []shape{{1, 2, 2}, {4, 16, 16}, {2, 16, 8}, {3, 6, 4}, {5, 7, 4}, {8, 128, 128}, {2, 80, 64}, {1, 64, 0}, {300, 3, 2}}
	for _, s := range shapes {
		for _, neox := range []bool{false, true} {
			for _, pos := range []uint32{0, 1, 17, 127, 4095} {
				for _, theta := range []float32{10000, 500000} {
					name := fmt.Sprintf("%dx%d/dims=%d/neox=%v/pos=%d/theta=%g", s.heads, s.headDim, s.dims, neox, pos, theta)
					t.Run(name, func(t *testing.T) {
						n := s.heads * s.headDim
						x := randF32(r, n, 3)
						if n > 4 {
							x[1] = float32(math.Copysign(0, -1))
							x[n-1] = 1e30
						}
						mode := 0
						if neox {
							mode = 1
						}
						vx, vd := h.buffer("x", f32bytes(x)), h.zeros("dst", 4*n)
						h.run("zincc_rope", kernels.Size{N: n}, ptr(vx), ptr(vd), u32(int(pos)), u32(n), u32(s.headDim), u32(s.dims), f32(theta), u32(mode), ptr(0), f32(1))
						want := make([]float32, n)
						if err := cpu.Rope(want, x, pos, s.headDim, s.dims, theta, neox, nil, 1); err != nil {
							t.Fatal(err)
						}
						scale := make([]float64, n)
						nn, err := cpu.RopeScale(scale, x, pos, s.headDim, s.dims, theta, neox, nil, 1)
						if err != nil {
							t.Fatal(err)
						}
						got := h.readF32(vd, n)
						if err := cpu.Check("rope", got, want, scale, nn); err != nil {
							t.Fatal(err)
						}
						// Unrotated dimensions are copied: bits must match.
						for base := 0; base < n; base += s.headDim {
							for d := s.dims; d < s.headDim; d++ {
								if math.Float32bits(got[base+d]) != math.Float32bits(x[base+d]) {
									t.Fatalf("dim %d of head %d: got %g, want the input %g", d, base/s.headDim, got[base+d], x[base+d])
								}
							}
						}
						logUse(t, "rope", got, want, scale, nn)
					})
				}
			}
		}
	}
}

// TestRopeFreqFactors runs the rope kernel with per-pair frequency factors
// (llama 3's rope_freqs) and linear scaling against the CPU oracle.
func TestRopeFreqFactors(t *testing.T) {
	h := newGPU(t)
	r := rand.New(rand.NewSource(12))
	type shape struct{ heads, headDim, dims int }
	for _, s := range []shape{{4, 16, 16}, {2, 16, 8}, {8, 128, 128}, {3, 64, 32}} {
		for _, neox := range []bool{false, true} {
			for _, pos := range []uint32{0, 5, 4095, 100000} {
				for _, fs := range []float32{1, 0.25} {
					name := fmt.Sprintf("%dx%d/dims=%d/neox=%v/pos=%d/scale=%g", s.heads, s.headDim, s.dims, neox, pos, fs)
					t.Run(name, func(t *testing.T) {
						n := s.heads * s.headDim
						x := randF32(r, n, 3)
						freqs := make([]float32, s.dims/2)
						for i := range freqs {
							freqs[i] = 1 + 7*r.Float32()
						}
						if len(freqs) > 1 {
							freqs[1] = 0.5 // a factor below 1 makes the angle larger
						}
						mode := 2
						if neox {
							mode = 3
						}
						vx, vf, vd := h.buffer("x", f32bytes(x)), h.buffer("freqs", f32bytes(freqs)), h.zeros("dst", 4*n)
						h.run("zincc_rope", kernels.Size{N: n}, ptr(vx), ptr(vd), u32(int(pos)), u32(n), u32(s.headDim), u32(s.dims), f32(500000), u32(mode), ptr(vf), f32(fs))
						want := make([]float32, n)
						if err := cpu.Rope(want, x, pos, s.headDim, s.dims, 500000, neox, freqs, fs); err != nil {
							t.Fatal(err)
						}
						scale := make([]float64, n)
						nn, err := cpu.RopeScale(scale, x, pos, s.headDim, s.dims, 500000, neox, freqs, fs)
						if err != nil {
							t.Fatal(err)
						}
						got := h.readF32(vd, n)
						if err := cpu.Check("rope", got, want, scale, nn); err != nil {
							t.Fatal(err)
						}
						logUse(t, "rope", got, want, scale, nn)
					})
				}
			}
		}
	}
}
