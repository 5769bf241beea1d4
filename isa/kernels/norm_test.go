package kernels_test

import (
	"fmt"
	"math"
	"math/rand"
	"testing"

	"zincc/exec/cpu"
	"zincc/isa/kernels"
)

var reductionSizes = []int{1, 17, 64, 255, 256, 257, 1000, 2048, 2049, 4096, 5003}

// bigReductionSizes take many workgroups: rms_norm splits a vector into
// ranges of RMSNormChunk or more, argmax into ranges of ArgmaxTrip or more
// (up to 256 of them: 600000 takes ranges of 4096).
var bigReductionSizes = []int{8191, 70000, 600000}

// rmsNormArgs are zincc_rms_norm's arguments as the lowering passes them.
func rmsNormArgs(vx, vw, vd uint64, n, heads int, eps float32) (kernels.Size, []arg) {
	size := kernels.Size{N: n, Heads: heads}
	_, per, split := kernels.RMSNormSplit(size)
	s := 0
	if split {
		s = 1
	}
	return size, []arg{ptr(vx), ptr(vw), ptr(vd), u32(n), f32(eps), u32(per), u32(s)}
}

func TestRMSNorm(t *testing.T) {
	h := newGPU(t)
	r := rand.New(rand.NewSource(6))
	for _, n := range append(reductionSizes, bigReductionSizes...) {
		for _, kind := range []string{"unit", "large", "tiny"} {
			t.Run(fmt.Sprintf("%s/n=%d", kind, n), func(t *testing.T) {
				var x []float32
				switch kind {
				case "unit":
					x = randF32(r, n, 1)
				case "large":
					x = randF32(r, n, 1e15) // sum of squares near 1e33
				case "tiny":
					x = randF32(r, n, 1e-3)
				}
				w := randF32(r, n, 2)
				eps := float32(1e-5)
				vx, vw, vd := h.buffer("x", f32bytes(x)), h.buffer("w", f32bytes(w)), h.zeros("dst", 4*n)
				size, args := rmsNormArgs(vx, vw, vd, n, 1, eps)
				if g, _, _ := kernels.RMSNormSplit(size); n > kernels.RMSNormChunk && g < 2 {
					t.Fatalf("n=%d runs as %d workgroup(s)", n, g)
				}
				h.run("zincc_rms_norm", size, args...)
				want := make([]float32, n)
				if err := cpu.RMSNorm(want, x, w, eps); err != nil {
					t.Fatal(err)
				}
				scale := make([]float64, n)
				nn, err := cpu.RMSNormScale(scale, x, w, eps)
				if err != nil {
					t.Fatal(err)
				}
				got := h.readF32(vd, n)
				if err := cpu.Check("rms_norm", got, want, scale, nn); err != nil {
					t.Fatal(err)
				}
				logUse(t, "rms_norm", got, want, scale, nn)
			})
		}
	}
}

// TestRMSNormHeads normalises each head on its own (one workgroup each),
// as qwen3's q and k norms do.
func TestRMSNormHeads(t *testing.T) {
	h := newGPU(t)
	r := rand.New(rand.NewSource(8))
	for _, c := range []struct{ heads, hd int }{{2, 64}, {16, 128}, {3, 5}, {8, 300}, {2, 5000}} {
		t.Run(fmt.Sprintf("%dx%d", c.heads, c.hd), func(t *testing.T) {
			n := c.heads * c.hd
			x, w := randF32(r, n, 1), randF32(r, c.hd, 2)
			x[0] = 1e15 // a head far larger than the others must not leak into them
			vx, vw, vd := h.buffer("x", f32bytes(x)), h.buffer("w", f32bytes(w)), h.zeros("dst", 4*n)
			size, args := rmsNormArgs(vx, vw, vd, c.hd, c.heads, 1e-6)
			h.run("zincc_rms_norm", size, args...)
			want := make([]float32, n)
			if err := cpu.RMSNorm(want, x, w, 1e-6); err != nil {
				t.Fatal(err)
			}
			scale := make([]float64, n)
			nn, err := cpu.RMSNormScale(scale, x, w, 1e-6)
			if err != nil {
				t.Fatal(err)
			}
			got := h.readF32(vd, n)
			if err := cpu.Check("rms_norm", got, want, scale, nn); err != nil {
				t.Fatal(err)
			}
		})
	}
}

func TestSoftmax(t *testing.T) {
	h := newGPU(t)
	r := rand.New(rand.NewSource(7))
	check := func(t *testing.T, x []float32) {
		t.Helper()
		n := len(x)
		vx, vd := h.buffer("x", f32bytes(x)), h.zeros("dst", 4*n)
		h.run("zincc_softmax", kernels.Size{N: n}, ptr(vx), ptr(vd), u32(n))
		want := make([]float32, n)
		if err := cpu.Softmax(want, x); err != nil {
			t.Fatal(err)
		}
		scale := make([]float64, n)
		nn, err := cpu.SoftmaxScale(scale, x)
		if err != nil {
			t.Fatal(err)
		}
		for i, s := range scale {
			if s != s { // SoftmaxScale gives 0·inf = NaN for a -inf entry; its output must be exactly 0
				scale[i] = 0
			}
		}
		got := h.readF32(vd, n)
		if err := cpu.Check("softmax", got, want, scale, nn); err != nil {
			t.Fatal(err)
		}
		logUse(t, "softmax", got, want, scale, nn)
	}
	for _, n := range reductionSizes {
		for _, sc := range []float32{1, 30, 1e4} {
			t.Run(fmt.Sprintf("scale=%g/n=%d", sc, n), func(t *testing.T) {
				x := randF32(r, n, sc)
				for i := range x {
					x[i] -= 2 * sc // all negative
				}
				check(t, x)
			})
		}
	}
	inf := float32(math.Inf(1))
	nan := float32(math.NaN())
	for name, x := range map[string][]float32{
		"neg-inf entries": {1, float32(math.Inf(-1)), 2, float32(math.Inf(-1))},
		"all neg-inf":     {float32(math.Inf(-1)), float32(math.Inf(-1))},
		"plus-inf":        {1, inf, 3},
		"nan":             {1, nan, 3, 4, 5},
		"one":             {-3},
	} {
		t.Run(name, func(t *testing.T) { check(t, x) })
	}
}

func TestArgmax(t *testing.T) {
	h := newGPU(t)
	r := rand.New(rand.NewSource(8))
	nan := float32(math.NaN())
	inf := float32(math.Inf(1))
	cases := map[string][]float32{
		"single":          {-5},
		"all nan":         {nan, nan, nan},
		"all neg-inf":     {float32(math.Inf(-1)), float32(math.Inf(-1)), float32(math.Inf(-1))},
		"nan then value":  {nan, -1e30, nan},
		"signed zeros":    {float32(math.Copysign(0, -1)), 0, -1},
		"plus-inf ties":   {1, inf, 2, inf},
		"last":            {1, 2, 3, 4, 5, 6, 7, 8, 9, 10},
		"first nan wins?": {nan, 1, 1},
	}
	for _, n := range append(reductionSizes, bigReductionSizes...) {
		x := randF32(r, n, 1e3)
		cases[fmt.Sprintf("random/n=%d", n)] = x
		// Ties spread across lanes and waves: the lowest index must win.
		tie := make([]float32, n)
		for i := range tie {
			tie[i] = float32(r.Intn(5))
		}
		cases[fmt.Sprintf("ties/n=%d", n)] = tie
		nanny := randF32(r, n, 1)
		for i := range nanny {
			if r.Intn(3) == 0 {
				nanny[i] = nan
			}
		}
		nanny[n-1] = nan
		cases[fmt.Sprintf("nans/n=%d", n)] = nanny
		neg := randF32(r, n, 1e30)
		for i := range neg {
			neg[i] = -float32(math.Abs(float64(neg[i]))) - 1e30
		}
		cases[fmt.Sprintf("negative/n=%d", n)] = neg
	}
	// Across workgroups: the maximum, tied, in the first and the last
	// range; NaN in front of everything; the best value in the last
	// element of the last range.
	big := 600000
	for name, at := range map[string][]int{"tie first and last range": {3, big - 5}, "tie in one range": {4097, 4098}, "last element": {big - 1}} {
		x := randF32(r, big, 1)
		for i := 0; i < big; i += 7 {
			x[i] = nan
		}
		for _, i := range at {
			x[i] = 5
		}
		cases["workgroups/"+name] = x
	}
	for name, x := range cases {
		t.Run(name, func(t *testing.T) {
			n := len(x)
			groups, per := kernels.ArgmaxSplit(n)
			if n > kernels.ArgmaxTrip && groups < 2 {
				t.Fatalf("n=%d runs as one workgroup", n)
			}
			vx, vd := h.buffer("x", f32bytes(x)), h.buffer("dst", []byte{0xde, 0xad, 0xbe, 0xef})
			vs := h.zeros("scratch", 8+8*groups)
			// Twice on the same scratch: the last workgroup leaves the
			// counter at zero for the next launch.
			for run := 0; run < 2; run++ {
				h.run("zincc_argmax", kernels.Size{N: n}, ptr(vx), ptr(vd), ptr(vs), u32(n), u32(per), u32(groups))
				got := f32toU32(h.read(vd, 4))
				if want := cpu.Argmax(x); got != want {
					t.Fatalf("run %d: argmax = %d, want %d (%d workgroups of %d)", run, got, want, groups, per)
				}
				if c := f32toU32(h.read(vs, 4)); c != 0 {
					t.Fatalf("run %d: the counter is left at %d", run, c)
				}
			}
		})
	}
}

func f32toU32(b []byte) uint32 {
	return uint32(b[0]) | uint32(b[1])<<8 | uint32(b[2])<<16 | uint32(b[3])<<24
}
