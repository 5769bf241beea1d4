package cpu

import (
	"math"
	"math/rand/v2"
	"testing"
)

// ropePairs returns the rotated index pairs of one head, from the
// definition: normal mode (2i, 2i+1), NeoX mode (i, i+dims/2), i < dims/2.
func ropePairs(dims int, neox bool) [][2]int {
	var p [][2]int
	for i := 0; i < dims/2; i++ {
		if neox {
			p = append(p, [2]int{i, i + dims/2})
		} else {
			p = append(p, [2]int{2 * i, 2*i + 1})
		}
	}
	return p
}

// refRope rotates x in float64 with the given per-pair angles.
func refRope(x []float32, headDim, dims int, neox bool, angle func(i int) float64) []float64 {
	out := make([]float64, len(x))
	for i, v := range x {
		out[i] = float64(v)
	}
	for base := 0; base < len(x); base += headDim {
		for i, pr := range ropePairs(dims, neox) {
			a, b := base+pr[0], base+pr[1]
			c, s := math.Cos(angle(i)), math.Sin(angle(i))
			x0, x1 := float64(x[a]), float64(x[b])
			out[a] = x0*c - x1*s
			out[b] = x0*s + x1*c
		}
	}
	return out
}

// ggmlAngles returns ggml's angle for pair i: θ_0 = pos, θ_{i+1} =
// θ_i·powf(theta, -2/dims), each step rounded to float32 (the definition
// the kernel follows; see docs/numerics.md).
func ggmlAngles(pos uint32, dims int, theta float32) func(int) float64 {
	ts := float32(math.Pow(float64(theta), float64(float32(-2)/float32(dims))))
	return func(i int) float64 {
		t := float32(pos)
		for k := 0; k < i; k++ {
			t *= ts
		}
		return float64(t)
	}
}

type ropeCase struct {
	heads, headDim, dims int
	pos                  uint32
	theta                float32
	neox                 bool
}

var ropeCases = []ropeCase{
	{1, 2, 2, 0, 10000, false},
	{3, 8, 8, 1, 10000, false},
	{2, 8, 4, 7, 10000, true},
	{4, 64, 64, 100, 10000, false},
	{4, 64, 64, 100, 10000, true},
	{2, 128, 128, 4095, 500000, true},
	{2, 128, 96, 100000, 1e6, false},
	{5, 6, 2, 3, 10, false},
	{1, 10, 0, 9, 10000, false},
}

// TestRopeGGMLAngles checks pairing and rotation against float64 with
// ggml's float32 angles: cos/sin rounded to float32 (u/2 each), two
// products and a sum rounded: within 3u·(|x0|+|x1|).
func TestRopeGGMLAngles(t *testing.T) {
	rng := rand.New(rand.NewPCG(51, 52))
	for _, c := range ropeCases {
		x := randVector(rng, c.heads*c.headDim, 6)
		dst := make([]float32, len(x))
		fatalIfErr(t, Rope(dst, x, c.pos, c.headDim, c.dims, c.theta, c.neox, nil, 1))
		want := refRope(x, c.headDim, c.dims, c.neox, ggmlAngles(c.pos, c.dims, c.theta))
		mag := pairMagnitudes(x, c.headDim, c.dims, c.neox)
		for i := range dst {
			if !near(dst[i], want[i], 3*u32*mag[i]+0x1p-140) {
				t.Fatalf("%+v: [%d] = %g, want %g", c, i, dst[i], want[i])
			}
		}
		fatalIfErr(t, Rope(x, x, c.pos, c.headDim, c.dims, c.theta, c.neox, nil, 1)) // in place
		for i := range x {
			if math.Float32bits(x[i]) != math.Float32bits(dst[i]) {
				t.Fatalf("%+v: in-place [%d] = %g, want %g", c, i, x[i], dst[i])
			}
		}
	}
}

// pairMagnitudes returns |x_a| + |x_b| for the pair holding each rotated
// index, |x_i| for the others.
func pairMagnitudes(x []float32, headDim, dims int, neox bool) []float64 {
	m := make([]float64, len(x))
	for i, v := range x {
		m[i] = math.Abs(float64(v))
	}
	for base := 0; base < len(x); base += headDim {
		for _, pr := range ropePairs(dims, neox) {
			a, b := base+pr[0], base+pr[1]
			s := math.Abs(float64(x[a])) + math.Abs(float64(x[b]))
			m[a], m[b] = s, s
		}
	}
	return m
}

// TestRopeExactAngles checks the kernel against exact angles
// pos·theta^(-2i/dims) under the rope tolerance rule, whose angle term was
// derived for ggml's float32 recurrence (docs/numerics.md).
func TestRopeExactAngles(t *testing.T) {
	rng := rand.New(rand.NewPCG(53, 54))
	for _, c := range ropeCases {
		x := randVector(rng, c.heads*c.headDim, 6)
		dst := make([]float32, len(x))
		fatalIfErr(t, Rope(dst, x, c.pos, c.headDim, c.dims, c.theta, c.neox, nil, 1))
		want64 := refRope(x, c.headDim, c.dims, c.neox, func(i int) float64 {
			return float64(c.pos) * math.Pow(float64(c.theta), -2*float64(i)/float64(c.dims))
		})
		want := make([]float32, len(want64))
		for i, v := range want64 {
			want[i] = float32(v)
		}
		scale := make([]float64, len(x))
		n, err := RopeScale(scale, x, c.pos, c.headDim, c.dims, c.theta, c.neox, nil, 1)
		fatalIfErr(t, err)
		if err := Check("rope", dst, want, scale, n); err != nil {
			t.Fatalf("%+v: %v", c, err)
		}
	}
}

// TestRopeHand works three small cases out by hand.
func TestRopeHand(t *testing.T) {
	// pos 1, one pair: θ_0 = pos = 1 rad. (1, 0) -> (cos 1, sin 1); the
	// unrotated dims 2 and 3 are copied.
	dst := make([]float32, 4)
	fatalIfErr(t, Rope(dst, []float32{1, 0, 5, 6}, 1, 4, 2, 10000, false, nil, 1))
	want := []float32{0.5403023, 0.84147096, 5, 6} // cos 1 = 0.5403023059, sin 1 = 0.8414709848
	for i := range want {
		if math.Abs(float64(dst[i]-want[i])) > 1e-7 {
			t.Fatalf("pos 1: %v, want %v", dst, want)
		}
	}
	// pos 2, dims 4, theta 10000: θ_0 = 2, θ_1 = 2·10000^(-1/2) = 0.02.
	// x = (1, 0, 0, 1). Normal pairs (0,1) and (2,3): (cos 2, sin 2,
	// -sin 0.02, cos 0.02). NeoX pairs (0,2) and (1,3): x0' = cos 2,
	// x2' = sin 2, x1' = -sin 0.02, x3' = cos 0.02.
	x := []float32{1, 0, 0, 1}
	c2, s2, c02, s02 := math.Cos(2), math.Sin(2), math.Cos(0.02), math.Sin(0.02)
	for _, neox := range []bool{false, true} {
		fatalIfErr(t, Rope(dst, x, 2, 4, 4, 10000, neox, nil, 1))
		w := []float64{c2, s2, -s02, c02}
		if neox {
			w = []float64{c2, -s02, s2, c02}
		}
		for i := range w {
			if math.Abs(float64(dst[i])-w[i]) > 1e-6 {
				t.Fatalf("neox=%v: %v, want %v", neox, dst, w)
			}
		}
	}
	// pos 0: every angle is 0, cos 1 and sin 0: an exact copy.
	y := []float32{1.5, -2.25, 3, 1e-30, 7, 8}
	dst = make([]float32, 6)
	fatalIfErr(t, Rope(dst, y, 0, 6, 6, 10000, true, nil, 1))
	for i := range y {
		if dst[i] != y[i] {
			t.Fatalf("pos 0: %v, want %v", dst[:6], y)
		}
	}
}

func TestRopeErrors(t *testing.T) {
	x := make([]float32, 8)
	bad := []struct {
		dst, x        int
		headDim, dims int
		theta         float32
	}{
		{8, 7, 4, 4, 10000}, // length mismatch
		{8, 8, 3, 2, 10000}, // not whole heads
		{8, 8, 0, 0, 10000}, // zero head size
		{8, 8, 4, 3, 10000}, // odd dims
		{8, 8, 4, 6, 10000}, // dims > head size
		{8, 8, 4, 4, 0},     // theta 0
		{8, 8, 4, -2, 10000},
	}
	for i, c := range bad {
		if Rope(make([]float32, c.dst), x[:c.x], 1, c.headDim, c.dims, c.theta, false, nil, 1) == nil {
			t.Errorf("case %d: no error", i)
		}
	}
}

// TestRopeFreqFactors checks frequency factors and linear scaling against
// ggml's order of float32 steps written out independently: θ_i from the
// recurrence, divided by freqs[i], times freqScale; and that factors of 1
// and a scale of 1 change no bit.
func TestRopeFreqFactors(t *testing.T) {
	rng := rand.New(rand.NewPCG(55, 56))
	for _, c := range ropeCases[1:] {
		if c.dims == 0 {
			continue
		}
		x := randVector(rng, c.heads*c.headDim, 6)
		freqs := make([]float32, c.dims/2)
		ones := make([]float32, c.dims/2)
		for i := range freqs {
			freqs[i] = 1 + 7*rng.Float32() // llama 3's factors run from 1 to 8
			ones[i] = 1
		}
		for _, fs := range []float32{1, 0.25} {
			dst := make([]float32, len(x))
			fatalIfErr(t, Rope(dst, x, c.pos, c.headDim, c.dims, c.theta, c.neox, freqs, fs))
			base := ggmlAngles(c.pos, c.dims, c.theta)
			want := refRope(x, c.headDim, c.dims, c.neox, func(i int) float64 {
				return float64(float32(float32(base(i))/freqs[i]) * fs)
			})
			mag := pairMagnitudes(x, c.headDim, c.dims, c.neox)
			for i := range dst {
				if !near(dst[i], want[i], 3*u32*mag[i]+0x1p-140) {
					t.Fatalf("%+v scale %g: [%d] = %g, want %g", c, fs, i, dst[i], want[i])
				}
			}
		}
		plain := make([]float32, len(x))
		withOnes := make([]float32, len(x))
		fatalIfErr(t, Rope(plain, x, c.pos, c.headDim, c.dims, c.theta, c.neox, nil, 1))
		fatalIfErr(t, Rope(withOnes, x, c.pos, c.headDim, c.dims, c.theta, c.neox, ones, 1))
		for i := range plain {
			if math.Float32bits(plain[i]) != math.Float32bits(withOnes[i]) {
				t.Fatalf("%+v: factors of 1 changed [%d]: %g vs %g", c, i, withOnes[i], plain[i])
			}
		}
	}
	if Rope(make([]float32, 8), make([]float32, 8), 1, 8, 8, 10000, false, make([]float32, 3), 1) == nil {
		t.Error("3 factors for 4 pairs accepted")
	}
	if Rope(make([]float32, 8), make([]float32, 8), 1, 8, 8, 10000, false, nil, 0) == nil {
		t.Error("freq_scale 0 accepted")
	}
}
