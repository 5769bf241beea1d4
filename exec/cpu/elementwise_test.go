package cpu

import (
	"math"
	"math/rand/v2"
	"testing"
)

var testLens = []int{1, 2, 3, 7, 31, 64, 257}

// TestAddMulCopy: float32 add and multiply are correctly rounded, so they
// must equal the float64 result rounded to float32 (a product or sum of two
// float32 values is exact in float64 barring overflow of the exponent
// range, and rounding it once is the IEEE result).
func TestAddMulCopy(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 42))
	for _, n := range testLens {
		a, b := randVector(rng, n, 40), randVector(rng, n, 40)
		a[0] = float32(math.Inf(1))
		sum, prod, cp := make([]float32, n), make([]float32, n), make([]float32, n)
		fatalIfErr(t, Add(sum, a, b))
		fatalIfErr(t, Mul(prod, a, b))
		fatalIfErr(t, Copy(cp, a))
		for i := 0; i < n; i++ {
			if ws := float32(float64(a[i]) + float64(b[i])); math.Float32bits(sum[i]) != math.Float32bits(ws) {
				t.Fatalf("add %g + %g = %g, want %g", a[i], b[i], sum[i], ws)
			}
			if wp := float32(float64(a[i]) * float64(b[i])); math.Float32bits(prod[i]) != math.Float32bits(wp) {
				t.Fatalf("mul %g * %g = %g, want %g", a[i], b[i], prod[i], wp)
			}
			if math.Float32bits(cp[i]) != math.Float32bits(a[i]) {
				t.Fatalf("copy[%d] = %g, want %g", i, cp[i], a[i])
			}
		}
		// In place.
		want := append([]float32(nil), sum...)
		fatalIfErr(t, Add(a, a, b))
		for i := range a {
			if a[i] != want[i] {
				t.Fatalf("in-place add[%d] = %g, want %g", i, a[i], want[i])
			}
		}
	}
	if Add(make([]float32, 2), make([]float32, 2), make([]float32, 3)) == nil ||
		Mul(make([]float32, 3), make([]float32, 2), make([]float32, 3)) == nil ||
		Copy(make([]float32, 1), make([]float32, 2)) == nil {
		t.Fatal("length mismatch not reported")
	}
}

// refSiLU is z/(1 + e^-z) in float64.
func refSiLU(z float64) float64 { return z / (1 + math.Exp(-z)) }

// TestSiLUSwiGLU: the kernels evaluate in float64 and round once, so they
// are within about one float32 rounding of the float64 reference.
func TestSiLUSwiGLU(t *testing.T) {
	rng := rand.New(rand.NewPCG(43, 44))
	for _, n := range testLens {
		g, up := randVector(rng, n, 12), randVector(rng, n, 12)
		g[0] = -100 // silu tends to -0
		if n > 1 {
			g[1] = 90
		}
		s, sw := make([]float32, n), make([]float32, n)
		fatalIfErr(t, SiLU(s, g))
		fatalIfErr(t, SwiGLU(sw, g, up))
		for i := 0; i < n; i++ {
			ws := refSiLU(float64(g[i]))
			if !near(s[i], ws, 1.01*u32*math.Abs(ws)+0x1p-149) {
				t.Fatalf("silu(%g) = %g, want %g", g[i], s[i], ws)
			}
			wsw := ws * float64(up[i])
			if !near(sw[i], wsw, 1.01*u32*math.Abs(wsw)+0x1p-149) {
				t.Fatalf("swiglu(%g, %g) = %g, want %g", g[i], up[i], sw[i], wsw)
			}
		}
	}
	// Documented non-finite cases.
	out := make([]float32, 4)
	fatalIfErr(t, SiLU(out, []float32{float32(math.Inf(1)), float32(math.Inf(-1)), float32(math.NaN()), 0}))
	if !math.IsInf(float64(out[0]), 1) || out[1] == out[1] || out[2] == out[2] || out[3] != 0 {
		t.Fatalf("silu(+inf, -inf, NaN, 0) = %v, want +Inf NaN NaN 0", out)
	}
	if SiLU(make([]float32, 2), make([]float32, 3)) == nil || SwiGLU(make([]float32, 2), make([]float32, 2), make([]float32, 1)) == nil {
		t.Fatal("length mismatch not reported")
	}
}

// TestRMSNorm compares with x / sqrt(mean(x²) + eps) · w in float64. The
// kernel's float32 steps (square, mean, mean+eps, sqrt, division, two
// products) each add at most u of relative error: 8u in all.
func TestRMSNorm(t *testing.T) {
	rng := rand.New(rand.NewPCG(45, 46))
	for _, n := range testLens {
		for _, eps := range []float32{1e-5, 1e-6, 0.5} {
			x, w := randVector(rng, n, 10), randVector(rng, n, 4)
			dst := make([]float32, n)
			fatalIfErr(t, RMSNorm(dst, x, w, eps))
			var ss float64
			for _, v := range x {
				ss += float64(v) * float64(v)
			}
			r := 1 / math.Sqrt(ss/float64(n)+float64(eps))
			for i := range x {
				want := float64(x[i]) * r * float64(w[i])
				if !near(dst[i], want, 8*u32*math.Abs(want)+0x1p-140) {
					t.Fatalf("n=%d eps=%g: [%d] = %g, want %g", n, eps, i, dst[i], want)
				}
			}
			// In place on x.
			fatalIfErr(t, RMSNorm(x, x, w, eps))
			for i := range x {
				if x[i] != dst[i] {
					t.Fatalf("in-place rms_norm[%d] = %g, want %g", i, x[i], dst[i])
				}
			}
		}
	}
	// All zeros: mean 0, scale 1/sqrt(eps), output 0.
	z := make([]float32, 4)
	fatalIfErr(t, RMSNorm(z, z, []float32{1, 2, 3, 4}, 1e-5))
	for _, v := range z {
		if v != 0 {
			t.Fatalf("rms_norm of zeros = %v", z)
		}
	}
	if RMSNorm(nil, nil, nil, 1e-5) == nil || RMSNorm(make([]float32, 2), make([]float32, 2), make([]float32, 3), 1) == nil {
		t.Fatal("bad lengths not reported")
	}
}

// TestRMSNormHeads checks per-head normalisation: each head of x equals the
// one-head norm of that head alone, with the same weights.
func TestRMSNormHeads(t *testing.T) {
	rng := rand.New(rand.NewPCG(47, 48))
	for _, c := range []struct{ heads, hd int }{{1, 64}, {2, 32}, {8, 128}, {3, 5}} {
		x, w := randVector(rng, c.heads*c.hd, 10), randVector(rng, c.hd, 4)
		dst := make([]float32, len(x))
		fatalIfErr(t, RMSNorm(dst, x, w, 1e-6))
		for h := 0; h < c.heads; h++ {
			one := make([]float32, c.hd)
			fatalIfErr(t, RMSNorm(one, x[h*c.hd:(h+1)*c.hd], w, 1e-6))
			for i := range one {
				if math.Float32bits(one[i]) != math.Float32bits(dst[h*c.hd+i]) {
					t.Fatalf("%+v: head %d [%d] = %g, want %g", c, h, i, dst[h*c.hd+i], one[i])
				}
			}
		}
	}
	if RMSNorm(make([]float32, 10), make([]float32, 10), make([]float32, 4), 1) == nil {
		t.Fatal("10 values in heads of 4 accepted")
	}
}

// TestSoftmax compares with exp(x_i - max)/Σ in float64: the kernel rounds
// once per output.
func TestSoftmax(t *testing.T) {
	rng := rand.New(rand.NewPCG(47, 48))
	for _, n := range testLens {
		x := randVector(rng, n, 8)
		for i := range x {
			x[i] *= 10
		}
		if n > 2 {
			x[2] = float32(math.Inf(-1)) // a masked entry
		}
		dst := make([]float32, n)
		fatalIfErr(t, Softmax(dst, x))
		m := math.Inf(-1)
		for _, v := range x {
			m = math.Max(m, float64(v))
		}
		var sum float64
		for _, v := range x {
			sum += math.Exp(float64(v) - m)
		}
		var total float64
		for i, v := range x {
			want := math.Exp(float64(v)-m) / sum
			if !near(dst[i], want, 1.01*u32*want+0x1p-149) {
				t.Fatalf("n=%d: p[%d] = %g, want %g", n, i, dst[i], want)
			}
			total += float64(dst[i])
		}
		if math.Abs(total-1) > float64(n)*u32 {
			t.Fatalf("n=%d: probabilities sum to %g", n, total)
		}
		fatalIfErr(t, Softmax(x, x)) // in place
		for i := range x {
			if x[i] != dst[i] {
				t.Fatalf("in-place softmax[%d] = %g, want %g", i, x[i], dst[i])
			}
		}
	}
	nan := float32(math.NaN())
	inf := float32(math.Inf(1))
	for _, c := range [][]float32{{1, nan, 2}, {nan, 1}, {inf, 1}, {float32(math.Inf(-1)), float32(math.Inf(-1))}} {
		out := make([]float32, len(c))
		fatalIfErr(t, Softmax(out, c))
		for i, v := range out {
			if v == v {
				t.Errorf("softmax(%v)[%d] = %g, want NaN", c, i, v)
			}
		}
	}
	if Softmax(nil, nil) == nil || Softmax(make([]float32, 2), make([]float32, 1)) == nil {
		t.Fatal("bad lengths not reported")
	}
}

func TestArgmax(t *testing.T) {
	nan := float32(math.NaN())
	ninf := float32(math.Inf(-1))
	negz := float32(math.Copysign(0, -1))
	cases := []struct {
		x    []float32
		want uint32
	}{
		{nil, 0},
		{[]float32{5}, 0},
		{[]float32{1, 3, 2}, 1},
		{[]float32{3, 1, 3}, 0},    // tie: lowest index
		{[]float32{1, 4, 4, 4}, 1}, // tie: lowest index
		{[]float32{nan, 1, 2}, 2},  // NaN first is skipped
		{[]float32{1, nan, 0}, 0},  // NaN never wins
		{[]float32{nan, nan}, 0},   // all NaN
		{[]float32{ninf, ninf, -1e38}, 2},
		{[]float32{ninf, nan, ninf}, 0}, // -inf is a value
		{[]float32{negz, 0}, 0},         // -0 == +0: tie
		{[]float32{-2, -1, -3}, 1},
	}
	for _, c := range cases {
		if got := Argmax(c.x); got != c.want {
			t.Errorf("Argmax(%v) = %d, want %d", c.x, got, c.want)
		}
	}
	rng := rand.New(rand.NewPCG(49, 50))
	for n := 1; n < 300; n += 7 {
		x := randVector(rng, n, 6)
		best := 0
		for i := range x {
			if x[i] > x[best] {
				best = i
			}
		}
		if got := Argmax(x); got != uint32(best) {
			t.Fatalf("Argmax of %d random values = %d, want %d", n, got, best)
		}
	}
}

// A -inf element has probability 0 exactly; its scale must be 0, not NaN
// (0·inf), so Check admits only an exact 0 there.
func TestSoftmaxScaleNegInf(t *testing.T) {
	x := []float32{float32(math.Inf(-1)), 1, 2}
	scale := make([]float64, 3)
	if _, err := SoftmaxScale(scale, x); err != nil {
		t.Fatal(err)
	}
	if scale[0] != 0 || math.IsNaN(scale[1]) || scale[1] <= 0 {
		t.Fatalf("scales %v", scale)
	}
	want := make([]float32, 3)
	Softmax(want, x)
	if err := Check("softmax", want, want, scale, 3); err != nil {
		t.Fatal(err)
	}
}
