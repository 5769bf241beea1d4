package cpu

import (
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"zincc/internal/ggml"
	"zincc/ir"
)

func TestCheckExact(t *testing.T) {
	nan1 := math.Float32frombits(0x7FC00000)
	nan2 := math.Float32frombits(0xFFC00123)
	if err := Check("add", []float32{1, nan1, 0}, []float32{1, nan2, 0}, nil, 0); err != nil {
		t.Fatalf("equal bits and NaN vs NaN: %v", err)
	}
	err := Check("add", []float32{1, float32(math.Copysign(0, -1)), 3}, []float32{1, 0, 2}, nil, 0)
	var m *Mismatch
	if !errors.As(err, &m) || m.Index != 1 || m.Count != 2 || m.Op != "add" {
		t.Fatalf("-0 vs +0 and 3 vs 2: %v", err)
	}
	if !strings.Contains(err.Error(), "output 1") || !strings.Contains(err.Error(), "bit for bit") || !strings.Contains(err.Error(), "2 outputs") {
		t.Fatalf("message %q", err)
	}
	if Check("add", []float32{nan1}, []float32{1}, nil, 0) == nil || Check("add", []float32{1}, []float32{nan1}, nil, 0) == nil {
		t.Fatal("NaN vs number passed")
	}
	if Check("no_such_op", nil, nil, nil, 0) == nil {
		t.Fatal("unknown op passed")
	}
	if Check("copy", []float32{1}, []float32{1, 2}, nil, 0) == nil {
		t.Fatal("length mismatch passed")
	}
	for _, op := range []string{"embed", "add", "mul", "copy", "kv_store", "argmax"} {
		if r, ok := Tolerance(op); !ok || !r.Exact {
			t.Errorf("%s should be exact", op)
		}
	}
}

func TestCheckBound(t *testing.T) {
	r, _ := Tolerance("matvec")
	scale := []float64{100, 100}
	b := r.Bound(100, 64)
	want := r.Abs + (4+8*8)*Unit*100
	if b != want {
		t.Fatalf("bound %g, want %g", b, want)
	}
	got := []float32{float32(1 + b*0.9), float32(1 + b*1.5)}
	err := Check("matvec", got, []float32{1, 1}, scale, 64)
	var m *Mismatch
	if !errors.As(err, &m) || m.Index != 1 || m.Count != 1 || m.Bound != b || m.Scale != 100 {
		t.Fatalf("got %v", err)
	}
	if !strings.Contains(err.Error(), "bound") {
		t.Fatalf("message %q", err)
	}
	inf := float32(math.Inf(1))
	if Check("matvec", []float32{inf}, []float32{inf}, []float64{1}, 1) != nil {
		t.Fatal("inf vs inf failed")
	}
	if Check("matvec", []float32{3e38}, []float32{inf}, []float64{math.Inf(1)}, 1) == nil {
		t.Fatal("finite vs inf passed")
	}
	if Check("matvec", []float32{1}, []float32{1}, nil, 1) == nil {
		t.Fatal("missing scales passed")
	}
	if len(Rules()) != len(rules) || Rules()[0].Op != "add" {
		t.Fatal("Rules() is not the sorted table")
	}
}

func TestCheckArgmax(t *testing.T) {
	logits := []float32{1, 5, 4.9999, 2}
	bound := []float64{1e-4, 1e-4, 1e-4, 1e-4}
	if CheckArgmax(1, 1, logits, bound) != nil {
		t.Fatal("same index failed")
	}
	if CheckArgmax(2, 1, logits, bound) != nil {
		t.Fatal("near tie (gap 1e-4 <= 2e-4) failed")
	}
	if CheckArgmax(3, 1, logits, bound) == nil {
		t.Fatal("gap 3 passed")
	}
	if CheckArgmax(9, 1, logits, bound) == nil {
		t.Fatal("out of range index passed")
	}
}

// gpuLike emulates another tier: float32 arithmetic with fused
// multiply-adds, reductions in a different order (64 lanes each summing a
// strided slice, then a tree), and transcendental functions that are off
// by up to one ulp (a random ±1 ulp perturbation of the float32 result).
type gpuLike struct{ rng *rand.Rand }

func (g gpuLike) fma(a, b, c float32) float32 {
	return float32(math.FMA(float64(a), float64(b), float64(c)))
}

// ulpNoise moves v by -1, 0 or +1 ulp.
func (g gpuLike) ulpNoise(v float32) float32 {
	switch g.rng.IntN(3) {
	case 0:
		return math.Nextafter32(v, float32(math.Inf(1)))
	case 1:
		return math.Nextafter32(v, float32(math.Inf(-1)))
	}
	return v
}

func (g gpuLike) exp(v float32) float32 {
	return g.ulpNoise(float32(math.Exp2(float64(v * float32(math.Log2E)))))
}
func (g gpuLike) rcp(v float32) float32 { return g.ulpNoise(1 / v) }
func (g gpuLike) rsq(v float32) float32 { return g.ulpNoise(float32(1 / math.Sqrt(float64(v)))) }

// dot sums a[i]·b[i] in 64 lanes with FMA, then a tree over the lanes.
func (g gpuLike) dot(a, b []float32) float32 {
	var lanes [64]float32
	for i := range a {
		lanes[i%64] = g.fma(a[i], b[i], lanes[i%64])
	}
	for w := 32; w >= 1; w /= 2 {
		for l := 0; l < w; l++ {
			lanes[l] += lanes[l+w]
		}
	}
	return lanes[0]
}

func (g gpuLike) sum(a []float32) float32 {
	ones := make([]float32, len(a))
	for i := range ones {
		ones[i] = 1
	}
	return g.dot(a, ones)
}

// used returns the largest |got - want| / bound over the outputs: how much
// of the rule's bound an emulated tier needed.
func used(op string, got, want []float32, scale []float64, n int) float64 {
	r, _ := Tolerance(op)
	worst := 0.0
	for i := range want {
		if d := math.Abs(float64(got[i]) - float64(want[i])); d > 0 {
			worst = math.Max(worst, d/r.Bound(scale[i], n))
		}
	}
	return worst
}

func dequantF32(t *testing.T, row []byte, dt ir.DType, n int) []float32 {
	f := make([]float32, n)
	fatalIfErr(t, Embed(f, row, dt, n, 0))
	return f
}

// TestToleranceAdmitsReorderedTier runs the float32 emulation of another
// tier against the CPU kernels under each op's rule: every output must
// pass. Planted bugs (a dropped term, a wrong KV head, a wrong rope pair,
// an unnormalised softmax, a missing rms scale) must fail.
func TestToleranceAdmitsReorderedTier(t *testing.T) {
	rng := rand.New(rand.NewPCG(71, 72))
	g := gpuLike{rng}

	t.Run("matvec", func(t *testing.T) {
		for _, dt := range []ir.DType{ir.F32, ir.F16, ir.Q4_0, ir.Q8_0} {
			for _, cols := range []int{32, 96, 4096} {
				rows := 24
				w := randMatrix(rng, dt, rows, cols)
				x := randVector(rng, cols, 6)
				want := make([]float32, rows)
				fatalIfErr(t, MatVec(nil, want, w, dt, rows, cols, x))
				rb, _ := dt.RowBytes(cols)
				got := make([]float32, rows)
				bug := make([]float32, rows)
				for r := range got {
					wr := dequantF32(t, w[r*rb:(r+1)*rb], dt, cols)
					got[r] = g.dot(wr, x)
					bug[r] = g.dot(wr[:cols-1], x[:cols-1])
				}
				scale := make([]float64, rows)
				n, err := MatVecScale(scale, w, dt, rows, cols, x)
				fatalIfErr(t, err)
				if err := Check("matvec", got, want, scale, n); err != nil {
					t.Errorf("%v cols %d: %v", dt, cols, err)
				}
				t.Logf("%v cols %d: %.4f of the bound used", dt, cols, used("matvec", got, want, scale, n))
				if Check("matvec", bug, want, scale, n) == nil {
					t.Errorf("%v cols %d: a dropped last term passed", dt, cols)
				}
			}
		}
	})

	t.Run("rms_norm", func(t *testing.T) {
		for _, n := range []int{7, 64, 4096} {
			x, w := randVector(rng, n, 6), randVector(rng, n, 2)
			const eps = 1e-5
			want := make([]float32, n)
			fatalIfErr(t, RMSNorm(want, x, w, eps))
			sq := make([]float32, n)
			for i, v := range x {
				sq[i] = v * v
			}
			r := g.rsq(g.sum(sq)*(1/float32(n)) + eps)
			got, bug := make([]float32, n), make([]float32, n)
			for i := range x {
				got[i] = x[i] * r * w[i]
				bug[i] = x[i] * w[i]
			}
			scale := make([]float64, n)
			k, err := RMSNormScale(scale, x, w, eps)
			fatalIfErr(t, err)
			if err := Check("rms_norm", got, want, scale, k); err != nil {
				t.Errorf("n %d: %v", n, err)
			}
			t.Logf("n %d: %.4f of the bound used", n, used("rms_norm", got, want, scale, k))
			if Check("rms_norm", bug, want, scale, k) == nil {
				t.Errorf("n %d: missing scale passed", n)
			}
		}
	})

	t.Run("silu swiglu", func(t *testing.T) {
		x, up := randVector(rng, 4000, 14), randVector(rng, 4000, 4)
		for i := range x {
			x[i] *= 8
		}
		want, wantSw := make([]float32, len(x)), make([]float32, len(x))
		fatalIfErr(t, SiLU(want, x))
		fatalIfErr(t, SwiGLU(wantSw, x, up))
		got, gotSw, bug := make([]float32, len(x)), make([]float32, len(x)), make([]float32, len(x))
		for i, v := range x {
			got[i] = v * g.rcp(1+g.exp(-v))
			gotSw[i] = got[i] * up[i]
			bug[i] = v * g.rcp(1+g.exp(v)) // sign error
		}
		s, sw := make([]float64, len(x)), make([]float64, len(x))
		_, err := SiLUScale(s, x)
		fatalIfErr(t, err)
		_, err = SwiGLUScale(sw, x, up)
		fatalIfErr(t, err)
		if err := Check("silu", got, want, s, 0); err != nil {
			t.Error(err)
		}
		t.Logf("silu: %.4f, swiglu: %.4f of the bound used", used("silu", got, want, s, 0), used("swiglu", gotSw, wantSw, sw, 0))
		if err := Check("swiglu", gotSw, wantSw, sw, 0); err != nil {
			t.Error(err)
		}
		if Check("silu", bug, want, s, 0) == nil {
			t.Error("sign error passed")
		}
	})

	t.Run("softmax", func(t *testing.T) {
		for _, n := range []int{3, 100, 32000} {
			x := randVector(rng, n, 4)
			for i := range x {
				x[i] *= 4
			}
			want := make([]float32, n)
			fatalIfErr(t, Softmax(want, x))
			m := x[0]
			for _, v := range x {
				m = max(m, v)
			}
			e := make([]float32, n)
			for i, v := range x {
				e[i] = g.exp(v - m)
			}
			r := g.rcp(g.sum(e))
			got, bug := make([]float32, n), make([]float32, n)
			for i := range e {
				got[i] = e[i] * r
				bug[i] = e[i] * r * 1.001
			}
			scale := make([]float64, n)
			k, err := SoftmaxScale(scale, x)
			fatalIfErr(t, err)
			if err := Check("softmax", got, want, scale, k); err != nil {
				t.Errorf("n %d: %v", n, err)
			}
			t.Logf("n %d: %.4f of the bound used", n, used("softmax", got, want, scale, k))
			if Check("softmax", bug, want, scale, k) == nil {
				t.Errorf("n %d: 0.1%% off passed", n)
			}
		}
	})

	t.Run("rope", func(t *testing.T) {
		for _, c := range []ropeCase{
			{4, 64, 64, 5, 10000, false}, {8, 128, 128, 4000, 10000, true},
			{8, 128, 128, 30000, 500000, false}, {2, 64, 32, 1000, 1e6, true},
		} {
			x := randVector(rng, c.heads*c.headDim, 4)
			want := make([]float32, len(x))
			fatalIfErr(t, Rope(want, x, c.pos, c.headDim, c.dims, c.theta, c.neox, nil, 1))
			got := append([]float32(nil), x...)
			bug := append([]float32(nil), x...)
			for base := 0; base < len(x); base += c.headDim {
				for i, pr := range ropePairs(c.dims, c.neox) {
					// pos·inv_freq with inv_freq = exp2(-2i/dims·log2 theta), then
					// sin/cos of the angle in revolutions (fract(θ/2π)), ±1 ulp.
					inv := g.ulpNoise(float32(math.Exp2(float64(float32(-2*i)/float32(c.dims)) * math.Log2(float64(c.theta)))))
					ang := float32(c.pos) * inv
					rev := ang * float32(1/(2*math.Pi))
					rev -= float32(math.Floor(float64(rev)))
					cs := g.ulpNoise(float32(math.Cos(2 * math.Pi * float64(rev))))
					sn := g.ulpNoise(float32(math.Sin(2 * math.Pi * float64(rev))))
					a, b := base+pr[0], base+pr[1]
					x0, x1 := x[a], x[b]
					got[a] = g.fma(x0, cs, -x1*sn)
					got[b] = g.fma(x0, sn, x1*cs)
					// Bug: the pair partner taken from the other mode's layout.
					ob := base + i + c.dims/2 // normal mode's partner taken from NeoX's layout
					if c.neox {
						ob = base + 2*i + 1 // and the other way round
					}
					if ob >= base+c.headDim {
						ob = b
					}
					bug[a] = g.fma(x0, cs, -x[ob]*sn)
				}
			}
			scale := make([]float64, len(x))
			n, err := RopeScale(scale, x, c.pos, c.headDim, c.dims, c.theta, c.neox, nil, 1)
			fatalIfErr(t, err)
			if err := Check("rope", got, want, scale, n); err != nil {
				t.Errorf("%+v: %v", c, err)
			}
			t.Logf("pos %d dims %d theta %g: %.4f of the bound used", c.pos, c.dims, c.theta, used("rope", got, want, scale, n))
			if Check("rope", bug, want, scale, n) == nil {
				t.Errorf("%+v: wrong pairing passed", c)
			}
		}
	})

	t.Run("attention", func(t *testing.T) {
		for _, sh := range []struct{ heads, kvHeads, headDim, ctx, pos int }{
			{4, 2, 16, 8, 7}, {8, 2, 64, 300, 299}, {4, 4, 32, 50, 10},
		} {
			dt := ir.F16
			width := sh.kvHeads * sh.headDim
			k := randState(rng, dt, sh.ctx, width)
			v := randState(rng, dt, sh.ctx, width)
			q := randVector(rng, sh.heads*sh.headDim, 2)
			sc := float32(1 / math.Sqrt(float64(sh.headDim)))
			want := make([]float32, len(q))
			fatalIfErr(t, Attention(want, q, k, v, dt, sh.pos, sh.heads, sh.kvHeads, sh.headDim, sc, make([]float32, sh.pos+1)))
			emulate := func(kvOf func(h int) int) []float32 {
				out := make([]float32, len(q))
				for h := 0; h < sh.heads; h++ {
					kvh := kvOf(h)
					qh := q[h*sh.headDim : (h+1)*sh.headDim]
					s := make([]float32, sh.pos+1)
					for j := range s {
						kr := dequantF32(t, k[j*width*2:(j+1)*width*2], dt, width)
						s[j] = g.dot(qh, kr[kvh*sh.headDim:(kvh+1)*sh.headDim]) * sc
					}
					m := s[0]
					for _, x := range s {
						m = max(m, x)
					}
					for j := range s {
						s[j] = g.exp(s[j] - m)
					}
					r := g.rcp(g.sum(s))
					for d := 0; d < sh.headDim; d++ {
						col := make([]float32, len(s))
						for j := range s {
							col[j] = float32(ggml.F16ToF32(uint16(v[(j*width+kvh*sh.headDim+d)*2]) | uint16(v[(j*width+kvh*sh.headDim+d)*2+1])<<8))
						}
						out[h*sh.headDim+d] = g.dot(s, col) * r
					}
				}
				return out
			}
			group := sh.heads / sh.kvHeads
			got := emulate(func(h int) int { return h / group })
			scale := make([]float64, len(q))
			n, err := AttentionScale(scale, q, k, v, dt, sh.pos, sh.heads, sh.kvHeads, sh.headDim, sc)
			fatalIfErr(t, err)
			if err := Check("attention", got, want, scale, n); err != nil {
				t.Errorf("%+v: %v", sh, err)
			}
			t.Logf("%+v: %.4f of the bound used", sh, used("attention", got, want, scale, n))
			if group > 1 {
				bug := emulate(func(h int) int { return h % sh.kvHeads })
				if Check("attention", bug, want, scale, n) == nil {
					t.Errorf("%+v: wrong KV head passed", sh)
				}
			}
		}
	})
}

// TestToleranceHeadroom reports how much of each rule's bound the
// emulated tier used (worst |diff|/bound), so that a rule that is far too
// loose shows up in the log.
func TestToleranceHeadroom(t *testing.T) {
	rng := rand.New(rand.NewPCG(73, 74))
	g := gpuLike{rng}
	const rows, cols = 64, 4096
	w := randMatrix(rng, ir.Q4_0, rows, cols)
	x := randVector(rng, cols, 6)
	want := make([]float32, rows)
	fatalIfErr(t, MatVec(nil, want, w, ir.Q4_0, rows, cols, x))
	scale := make([]float64, rows)
	n, err := MatVecScale(scale, w, ir.Q4_0, rows, cols, x)
	fatalIfErr(t, err)
	r, _ := Tolerance("matvec")
	worst := 0.0
	rb, _ := ir.Q4_0.RowBytes(cols)
	for i := range want {
		got := g.dot(dequantF32(t, w[i*rb:(i+1)*rb], ir.Q4_0, cols), x)
		worst = math.Max(worst, math.Abs(float64(got)-float64(want[i]))/r.Bound(scale[i], n))
	}
	if worst > 1 {
		t.Fatalf("matvec used %.2f of its bound", worst)
	}
	t.Logf("matvec q4_0 4096 columns: worst |diff| is %.3f of the bound", worst)
}
