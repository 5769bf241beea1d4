package cpu

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"runtime"
	"testing"

	"zincc/ir"
)

// attnModes are the kinds of data attnState and attnQuery make: plain
// values, f16/f32 subnormals, infinities, NaNs (quiet and signalling, any
// payload), large |q| (scores overflow), random bit patterns, and a query
// with NaN and ∞ elements.
var attnModes = []string{"plain", "subnormal", "inf", "nan", "large-q", "random-bits", "special-q"}

// attnElem returns the bits of one random state element of dtype dt for
// mode.
func attnElem(rng *rand.Rand, dt ir.DType, mode string) uint32 {
	sign := uint32(rng.IntN(2))
	special := rng.IntN(40) == 0
	if dt == ir.F16 {
		m := uint32(rng.IntN(1 << 10))
		switch {
		case mode == "random-bits":
			return uint32(rng.IntN(1 << 16))
		case mode == "subnormal" && rng.IntN(2) == 0:
			return sign<<15 | m
		case mode == "inf" && special:
			return sign<<15 | 0x7C00
		case mode == "nan" && special:
			return sign<<15 | 0x7C00 | max(m, 1)
		}
		return sign<<15 | uint32(8+rng.IntN(14))<<10 | m // 2^-7 .. 2^6
	}
	m := uint32(rng.IntN(1 << 23))
	switch {
	case mode == "random-bits":
		return rng.Uint32()
	case mode == "subnormal" && rng.IntN(2) == 0:
		return sign<<31 | m
	case mode == "inf" && special:
		return sign<<31 | 0x7F800000
	case mode == "nan" && special:
		return sign<<31 | 0x7F800000 | max(m, 1)
	}
	return sign<<31 | uint32(120+rng.IntN(14))<<23 | m
}

// attnState returns a [ctx, width] state of dtype dt for mode.
func attnState(rng *rand.Rand, dt ir.DType, ctx, width int, mode string) []byte {
	eb := 2
	if dt == ir.F32 {
		eb = 4
	}
	b := make([]byte, ctx*width*eb)
	for i := 0; i < ctx*width; i++ {
		x := attnElem(rng, dt, mode)
		if eb == 2 {
			binary.LittleEndian.PutUint16(b[2*i:], uint16(x))
		} else {
			binary.LittleEndian.PutUint32(b[4*i:], x)
		}
	}
	return b
}

// attnQuery returns n query values for mode.
func attnQuery(rng *rand.Rand, n int, mode string) []float32 {
	q := make([]float32, n)
	for i := range q {
		q[i] = float32(rng.NormFloat64())
		switch mode {
		case "large-q":
			q[i] *= float32(math.Ldexp(1, 20+rng.IntN(100)))
		case "special-q":
			switch rng.IntN(30) {
			case 0:
				q[i] = float32(math.NaN())
			case 1:
				q[i] = float32(math.Inf(1 - 2*rng.IntN(2)))
			}
		case "random-bits":
			q[i] = math.Float32frombits(rng.Uint32())
		}
	}
	return q
}

// sameBits reports whether two float32s have the same bits.
func sameBits(a, b float32) bool { return math.Float32bits(a) == math.Float32bits(b) }

// TestAttentionSIMDMatchesGo holds Attention with the AVX2 kernels to the
// pure-Go path (useAttnAVX2 off) bit for bit, NaN payloads included, on
// every attnModes data kind, f16 and f32 states, heads of 4 to 260 values
// (not multiples of 4 and longer than attnSIMDMaxDim too: those take Go
// for the scores), grouped and ungrouped KV heads and positions 0..600.
// It also holds the raw kernel outputs (before any NaN is recomputed in
// Go) to the Go loops: equal bits, or both NaN — so the recompute hides
// no wrong number. Each case runs with a scratch of pos+1 values (one head
// at a time) and of 4·(pos+1) (four heads' scores at a time).
func TestAttentionSIMDMatchesGo(t *testing.T) {
	if !useAttnAVX2 {
		t.Skip("no AVX2+F16C+FMA (or ZINCC_CPU_PORTABLE=1)")
	}
	defer func(saved bool) { useAttnAVX2 = saved }(useAttnAVX2)
	rng := rand.New(rand.NewPCG(15, 13))
	shapes := []struct{ heads, kvHeads, headDim int }{
		{4, 1, 16}, {8, 2, 64}, {8, 1, 128}, {12, 3, 32}, {4, 1, 256}, {8, 2, 36}, {8, 1, 6}, {2, 2, 128}, {2, 1, 256}, {2, 2, 80}, {2, 1, 48}, {2, 2, 4}, {2, 1, 6}, {2, 2, 66}, {1, 1, 260},
	}
	positions := []int{0, 1, 3, 4, 5, 17, 64, 600}
	checked := 0
	for _, dt := range []ir.DType{ir.F16, ir.F32} {
		for _, sh := range shapes {
			for _, pos := range positions {
				for _, mode := range attnModes {
					name := fmt.Sprintf("%v heads %d/%d of %d pos %d %s", dt, sh.heads, sh.kvHeads, sh.headDim, pos, mode)
					ctx := pos + 1 + rng.IntN(3)
					width := sh.kvHeads * sh.headDim
					k := attnState(rng, dt, ctx, width, mode)
					v := attnState(rng, dt, ctx, width, mode)
					q := attnQuery(rng, sh.heads*sh.headDim, mode)
					scale := float32(1 / math.Sqrt(float64(sh.headDim)))
					got := make([]float32, len(q))
					want := make([]float32, len(q))
					scratch := make([]float32, pos+1)
					useAttnAVX2 = false
					fatalIfErr(t, Attention(want, q, k, v, dt, pos, sh.heads, sh.kvHeads, sh.headDim, scale, scratch))
					useAttnAVX2 = true
					// One head at a time (scratch of pos+1), then four
					// heads' scores together where a KV head has four.
					for _, scratch := range [][]float32{scratch, make([]float32, 4*(pos+1))} {
						fatalIfErr(t, Attention(got, q, k, v, dt, pos, sh.heads, sh.kvHeads, sh.headDim, scale, scratch))
						for i := range got {
							if !sameBits(got[i], want[i]) {
								t.Fatalf("%s, scratch %d: out[%d] SIMD %#08x, Go %#08x", name, len(scratch), i, math.Float32bits(got[i]), math.Float32bits(want[i]))
							}
						}
					}
					checkAttnKernels(t, name, rng, q, k, v, dt, pos, sh.heads, sh.kvHeads, sh.headDim, scale)
					checked++
				}
			}
		}
	}
	t.Logf("%d cases", checked)
}

// checkAttnKernels runs the kernels of query head 0 on their own: every
// score against scoreGo and every weighted sum (with random weights)
// against the Go loop's, equal bits or both NaN.
func checkAttnKernels(t *testing.T, name string, rng *rand.Rand, q []float32, k, v []byte, dt ir.DType, pos, heads, kvHeads, headDim int, scale float32) {
	t.Helper()
	eb := 2
	if dt == ir.F32 {
		eb = 4
	}
	rb := kvHeads * headDim * eb
	off := 0
	if kvHeads > 1 {
		off = headDim * eb // query head heads/kvHeads reads KV head 1
	}
	qh := q[:headDim]
	if headDim%4 == 0 && headDim <= attnSIMDMaxDim {
		qw := make([]float64, headDim)
		for d, x := range qh {
			qw[d] = float64(x)
		}
		raw := make([]float32, pos+1)
		if dt == ir.F16 {
			attnScoresF16AVX2(&qw[0], &k[off], rb, pos+1, headDim, float64(scale), &raw[0])
		} else {
			attnScoresF32AVX2(&qw[0], &k[off], rb, pos+1, headDim, float64(scale), &raw[0])
		}
		for j, s := range raw {
			want := scoreGo(qh, k, dt, rb, off, j, scale)
			if !sameBits(s, want) && (s == s || want == want) {
				t.Fatalf("%s: kernel score %d %#08x, Go %#08x", name, j, math.Float32bits(s), math.Float32bits(want))
			}
		}
		if heads/kvHeads >= 4 { // query heads 0..3 read KV head 0
			qw := make([]float64, 4*headDim)
			for d, x := range q[:4*headDim] {
				qw[d] = float64(x)
			}
			raw := make([]float32, 4*(pos+1))
			if dt == ir.F16 {
				attnScores4HF16AVX2(&qw[0], &k[0], rb, pos+1, headDim, float64(scale), &raw[0], 4*(pos+1))
			} else {
				attnScores4HF32AVX2(&qw[0], &k[0], rb, pos+1, headDim, float64(scale), &raw[0], 4*(pos+1))
			}
			for i := 0; i < 4; i++ {
				for j, s := range raw[i*(pos+1) : (i+1)*(pos+1)] {
					want := scoreGo(q[i*headDim:(i+1)*headDim], k, dt, rb, 0, j, scale)
					if !sameBits(s, want) && (s == s || want == want) {
						t.Fatalf("%s: four-head kernel, head %d score %d %#08x, Go %#08x", name, i, j, math.Float32bits(s), math.Float32bits(want))
					}
				}
			}
		}
	}
	e := make([]float32, pos+1)
	for j := range e {
		e[j] = float32(rng.Float64())
	}
	var acc [32]float64
	for d := 0; d+4 <= headDim; d += 4 {
		w := 4
		switch {
		case d+32 <= headDim:
			w = 32
		case d+16 <= headDim:
			w = 16
		}
		p := &v[off+d*eb]
		switch {
		case w == 32 && dt == ir.F16:
			attnWeightedF16x32AVX2(&e[0], p, rb, pos+1, &acc)
		case w == 32:
			attnWeightedF32x32AVX2(&e[0], p, rb, pos+1, &acc)
		case w == 16 && dt == ir.F16:
			attnWeightedF16x16AVX2(&e[0], p, rb, pos+1, (*[16]float64)(acc[:16]))
		case w == 16:
			attnWeightedF32x16AVX2(&e[0], p, rb, pos+1, (*[16]float64)(acc[:16]))
		case dt == ir.F16:
			attnWeightedF16x4AVX2(&e[0], p, rb, pos+1, (*[4]float64)(acc[:4]))
		default:
			attnWeightedF32x4AVX2(&e[0], p, rb, pos+1, (*[4]float64)(acc[:4]))
		}
		for i, a := range acc[:w] {
			var want float64
			for j, ej := range e {
				want += float64(ej) * stateValue(v[j*rb+off+(d+i)*eb:], dt)
			}
			if math.Float64bits(a) != math.Float64bits(want) && (a == a || want == want) {
				t.Fatalf("%s: kernel sum of dim %d %v, Go %v", name, d+i, a, want)
			}
		}
		d += w - 4
	}
}

// TestFMAOfExactProducts checks the argument the kernels rest on: a float32
// times a binary16 or float32 value is exact in float64 (math/big says so),
// hence fma(x, y, a) = a + x·y rounded once = the product rounded (a no-op)
// then added, on random values of every exponent, subnormals included.
func TestFMAOfExactProducts(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 4))
	for i := 0; i < 200000; i++ {
		x := float64(math.Float32frombits(rng.Uint32()&^0x7F800000 | uint32(rng.IntN(255))<<23))
		var y float64
		if i%2 == 0 {
			y = f16to64(uint16(rng.IntN(0x7C00)) | uint16(rng.IntN(2))<<15)
		} else {
			y = float64(math.Float32frombits(rng.Uint32()&^0x7F800000 | uint32(rng.IntN(255))<<23))
		}
		exact := new(big.Float).SetPrec(200).Mul(new(big.Float).SetFloat64(x), new(big.Float).SetFloat64(y))
		p := float64(x * y) // an explicit conversion: not fused
		if new(big.Float).SetPrec(200).SetFloat64(p).Cmp(exact) != 0 {
			t.Fatalf("%v·%v = %v is not exact", x, y, p)
		}
		a := math.Ldexp(rng.NormFloat64(), rng.IntN(400)-200) * p
		if i%7 == 0 {
			a = -p // an exact cancellation: the sign of the zero
		}
		if f, s := math.FMA(x, y, a), a+p; math.Float64bits(f) != math.Float64bits(s) {
			t.Fatalf("fma(%v, %v, %v) = %v, multiply then add %v", x, y, a, f, s)
		}
	}
}

// TestExpScoresMatchesMathExp holds expScoresSIMD to float32(math.Exp(s -
// m)) bit for bit, and expScoresAVX2 (and its float64 arithmetic before
// the float32 rounding, expF64AVX2, to math.Exp's float64 bits) on its own
// on arguments in [-700, 700] (where it must not stop): arguments of every size in that range,
// near multiples of ln 2 (where the reduction's rounding turns), small
// ones, and, through expScoresSIMD, NaN, infinite and huge scores and
// maxima and the lengths that leave a tail.
func TestExpScoresMatchesMathExp(t *testing.T) {
	if !useAttnAVX2 {
		t.Skip("no AVX2+F16C+FMA (or ZINCC_CPU_PORTABLE=1)")
	}
	rng := rand.New(rand.NewPCG(15, 700))
	arg := func(kind int) float64 {
		switch kind {
		case 0:
			return rng.Float64()*1400 - 700
		case 1:
			return (rng.Float64()*2 - 1) * math.Ldexp(1, -rng.IntN(60))
		case 2:
			k := float64(rng.IntN(2000) - 1000)
			return math.Min(700, math.Max(-700, (k+0.5)*math.Ln2*(1+(rng.Float64()-0.5)*1e-12)))
		}
		return -rng.ExpFloat64() * 20 // softmax's usual arguments
	}
	const n = 1 << 20
	s := make([]float32, n)
	want := make([]float32, n)
	m := rng.NormFloat64()
	for j := range s {
		for {
			s[j] = float32(arg(j%4) + m)
			if x := float64(s[j]) - m; x >= -700 && x <= 700 {
				want[j] = float32(math.Exp(x))
				break
			}
		}
	}
	x := make([]float64, n)
	for j, v := range s {
		x[j] = float64(v) - m
	}
	x64 := append([]float64(nil), x...)
	expF64AVX2(&x64[0], n)
	for j, got := range x64 {
		if want := math.Exp(x[j]); math.Float64bits(got) != math.Float64bits(want) {
			t.Fatalf("exp(%v): kernel %v, math.Exp %v", x[j], got, want)
		}
	}
	if done := expScoresAVX2(&s[0], n, m); done != n {
		t.Fatalf("the kernel stopped at %d of %d arguments in [-700, 700]", done, n)
	}
	for j := range s {
		if !sameBits(s[j], want[j]) {
			t.Fatalf("value %d: kernel %#08x, math.Exp %#08x", j, math.Float32bits(s[j]), math.Float32bits(want[j]))
		}
	}
	specials := []float32{float32(math.NaN()), float32(math.Inf(1)), float32(math.Inf(-1)), math.MaxFloat32, -math.MaxFloat32, 0, 1e-40}
	for c := 0; c < 2000; c++ {
		s := make([]float32, 1+rng.IntN(40))
		for j := range s {
			if rng.IntN(10) == 0 {
				s[j] = specials[rng.IntN(len(specials))]
			} else {
				s[j] = float32(rng.NormFloat64() * math.Ldexp(1, rng.IntN(12)))
			}
		}
		m := float64(maxOf(s))
		if c%5 == 0 {
			m = float64(specials[rng.IntN(len(specials))])
		}
		want := make([]float32, len(s))
		for j, v := range s {
			want[j] = float32(math.Exp(float64(v) - m))
		}
		expScoresSIMD(s, m)
		for j := range s {
			if !sameBits(s[j], want[j]) {
				t.Fatalf("case %d value %d of %d (m %v): %#08x, math.Exp %#08x", c, j, len(s), m, math.Float32bits(s[j]), math.Float32bits(want[j]))
			}
		}
	}
}

// TestReserveAttentionCoversFourHeads checks that the scratch a ring
// reserves for its context (reserveAttention) is all AttentionPool needs
// at the last position, four heads' scores included: the call allocates
// nothing.
func TestReserveAttentionCoversFourHeads(t *testing.T) {
	const heads, kvHeads, headDim, ctx = 8, 1, 64, 300
	pool := NewPool(2)
	defer pool.Close()
	pool.reserveAttention(ctx)
	rng := rand.New(rand.NewPCG(15, 300))
	k := randState(rng, ir.F16, ctx, kvHeads*headDim)
	v := randState(rng, ir.F16, ctx, kvHeads*headDim)
	q := randVector(rng, heads*headDim, 4)
	dst := make([]float32, len(q))
	// A call at position 0 (which needs no more scratch) warms the pool up;
	// then the first call at the last position counts (testing.AllocsPerRun
	// would warm up at that position too).
	fatalIfErr(t, AttentionPool(pool, dst, q, k, v, ir.F16, 0, heads, kvHeads, headDim, 0.125))
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	fatalIfErr(t, AttentionPool(pool, dst, q, k, v, ir.F16, ctx-1, heads, kvHeads, headDim, 0.125))
	runtime.ReadMemStats(&after)
	if n := after.Mallocs - before.Mallocs; n != 0 {
		t.Errorf("AttentionPool at position %d of a reserved context of %d: %d allocations", ctx-1, ctx, n)
	}
}
