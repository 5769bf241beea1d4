package llvmtest

import (
	"fmt"
	"math"
	"math/big"
	"math/bits"

	"zincc/exec/sim"
)

// Floating-point kernels. Results are compared bit for bit where IEEE
// 754 (and LLVM's semantics) define them: any NaN matches any NaN (LLVM
// leaves payloads unspecified), and where LLVM allows either of two
// answers (minnum of +0 and -0, fma contraction in OpenCL C) either is
// accepted. Where the hardware approximates, the bound is stated at the
// check and in the README:
//
//	exp2, log2 (f32, v_exp_f32/v_log_f32 with LLVM's scaling): 1 ulp
//	llvm.amdgcn.rsq, llvm.amdgcn.rcp (f32): 1 ulp
//	fdiv afn (f32, a * rcp(b)): 2 ulp
//	f16 fdiv (LLVM 19: f32 reciprocal, multiply, v_div_fixup_f16): 1 ulp
//	f16 sqrt, exp2, log2 (v_sqrt_f16, v_exp_f16, v_log_f16): 1 ulp
//	OpenCL C: division 2.5 ulp, sqrt 3 ulp (the language's own bounds)
//
// f32 and f64 fdiv and sqrt without accuracy metadata are correctly
// rounded (LLVM expands them) and must be bit-exact.

func floatKernels() []kernelCase {
	return []kernelCase{
		{file: "f32_arith.ll", kernel: "f32_arith", check: checkF32Arith},
		{file: "f32_fma.ll", kernel: "f32_fma", check: checkF32FMA},
		{file: "f32_div_sqrt.ll", kernel: "f32_div_sqrt", check: checkF32DivSqrt},
		{file: "f32_trans.ll", kernel: "f32_trans", check: checkF32Trans},
		{file: "f16_arith.ll", kernel: "f16_arith", check: checkF16Arith},
		{file: "f16_div.ll", kernel: "f16_div", check: checkF16Div},
		{file: "conv.ll", kernel: "conv", check: checkConv},
		{file: "round.ll", kernel: "round", check: checkRound},
		{file: "vec.ll", kernel: "vec", check: checkVec},
		{file: "f64.ll", kernel: "f64", check: checkF64},
		{file: "uniform.ll", kernel: "uniform", check: checkUniform},
		{file: "cl_math.cl", kernel: "cl_math", check: checkCLMath},
		{file: "half_int.ll", kernel: "half_int", check: checkHalfInt},
	}
}

// satI is a saturating float-to-integer conversion (fptosi.sat,
// fptoui.sat) to the range [lo, hi]: truncation toward zero, NaN gives 0.
func satI(f float64, lo, hi float64) int64 {
	switch {
	case math.IsNaN(f):
		return 0
	case f <= lo:
		return int64(lo)
	case f >= hi:
		return int64(hi)
	}
	return int64(math.Trunc(f))
}

func checkHalfInt(r *run) {
	const n = 256
	hs, us := make([]f16, n), make([]f16, n)
	ns := make([]byte, 2*n)
	for i := 0; i < n; i++ {
		// finite halves below 32768 in magnitude, and non-negative ones
		hs[i] = f16(r.rng.Intn(2))<<15 | f16(r.rng.Intn(30))<<10 | f16(r.rng.Intn(1024))
		us[i] = f16(r.rng.Intn(31))<<10 | f16(r.rng.Intn(1024))
		putU16(ns, i, uint16(genI32(r.rng)))
	}
	hs[0], hs[1], us[0], us[1] = 0x8000, 0x77ff, 0x7bff, 0x3bff // -0, 32752, 65504, 0.99951
	for round, st := range [][2]float32{{1.5, -2.25}, {genFinite32(r.rng), genFinite32(r.rng)}, {3e38, 3e38}, {negZero32, 0}} {
		s, t := st[0], st[1]
		out := u32s(8 * n)
		r.dispatch(grid1(n), grid1(n), sim.PointerArg(r.buf("out", out)), sim.PointerArg(r.buf("a", f16buf(hs))),
			sim.PointerArg(r.buf("b", ns)), sim.PointerArg(r.buf("c", f16buf(us))), sim.F32Arg(s), sim.F32Arg(t))
		c := &checker{t: r.t, what: fmt.Sprintf("half_int round %d (s=%#x t=%#x)", round, f32bits(s), f32bits(t))}
		k := math.Float32frombits(0x3fd9999a) // 1.7 as the IR's float constant
		for i := 0; i < n; i++ {
			v := getU16(ns, i)
			want := []uint32{
				uint32(int32(int16(math.Trunc(f16Value(hs[i]))))), uint32(uint16(math.Trunc(f16Value(us[i])))),
				uint32(f16Of(float64(int16(v)))), uint32(f16Of(float64(v))), uint32(int32(int16(v))), uint32(v),
				f32bits(fma32(s, k, t)), f32bits(fma32(s, t, 7.5)),
			}
			for j, w := range want {
				got := getU32(out, 8*i+j)
				if j >= 6 && same32(math.Float32frombits(got), math.Float32frombits(w)) {
					continue
				}
				c.eq32(fmt.Sprintf("lane %d (h=%#04x u=%#04x n=%#04x) result %d", i, hs[i], us[i], v, j), got, w)
			}
		}
	}
}

func f32bits(f float32) uint32 { return math.Float32bits(f) }

// pairsF32 returns every pair of special values, then random pairs, n in
// all (a multiple of 64).
func pairsF32(r *run, n int) ([]float32, []float32) {
	var xs, ys []float32
	for _, a := range specialF32 {
		for _, b := range specialF32 {
			xs, ys = append(xs, math.Float32frombits(a)), append(ys, math.Float32frombits(b))
		}
	}
	for len(xs) < n {
		xs, ys = append(xs, genF32(r.rng)), append(ys, genF32(r.rng))
	}
	return xs[:n], ys[:n]
}

func f32buf(v []float32) []byte {
	b := u32s(len(v))
	for i, x := range v {
		putF32(b, i, x)
	}
	return b
}

// minNum is llvm.minnum/maxnum: a NaN operand is ignored (a signalling
// one may also give a NaN, as IEEE 754-2008 minNum does), equal operands
// (+0 and -0) may give either. It returns the acceptable results.
func minNum(x, y float32, isMax bool) []float32 {
	nx, ny := math.IsNaN(float64(x)), math.IsNaN(float64(y))
	snan := func(f float32) bool { return math.IsNaN(float64(f)) && f32bits(f)&0x400000 == 0 }
	switch {
	case nx && ny:
		return []float32{float32(math.NaN())}
	case nx:
		if snan(x) {
			return []float32{y, float32(math.NaN())}
		}
		return []float32{y}
	case ny:
		if snan(y) {
			return []float32{x, float32(math.NaN())}
		}
		return []float32{x}
	case x == y:
		return []float32{x, y}
	case (x < y) != isMax:
		return []float32{x}
	}
	return []float32{y}
}

func sNaN16(h f16) bool     { return isNaN16(h) && h&0x200 == 0 }
func sNaN64(x float64) bool { return math.IsNaN(x) && math.Float64bits(x)&(1<<51) == 0 }

// minimum is llvm.minimum/maximum: NaN if either is NaN, -0 < +0.
func minimum(x, y float32, isMax bool) float32 {
	if math.IsNaN(float64(x)) || math.IsNaN(float64(y)) {
		return float32(math.NaN())
	}
	less := x < y || x == y && math.Signbit(float64(x)) && !math.Signbit(float64(y))
	if less != isMax {
		return x
	}
	return y
}

func oneOf32(got float32, want []float32) bool {
	for _, w := range want {
		if same32(got, w) {
			return true
		}
	}
	return false
}

func checkF32Arith(r *run) {
	const n = 1024
	xs, ys := pairsF32(r, n)
	a, b, out := f32buf(xs), f32buf(ys), u32s(12*n)
	r.dispatch(grid1(n), grid1(64), sim.PointerArg(r.buf("out", out)), sim.PointerArg(r.buf("a", a)), sim.PointerArg(r.buf("b", b)))
	c := &checker{t: r.t, what: "f32_arith"}
	for i := 0; i < n; i++ {
		x, y := xs[i], ys[i]
		at := func(k int) string {
			return fmt.Sprintf("element %d (a=%#x b=%#x) result %d", i, f32bits(x), f32bits(y), k)
		}
		got := func(k int) float32 { return getF32(out, 12*i+k) }
		for k, w := range []float32{x + y, x - y, x * y} {
			if !same32(got(k), w) {
				c.errorf("%s = %#x, want %#x", at(k), f32bits(got(k)), f32bits(w))
			}
		}
		// fneg, fabs and copysign only touch the sign bit, NaNs included.
		for k, w := range []uint32{f32bits(x) ^ 0x80000000, f32bits(x) &^ 0x80000000, f32bits(x)&^0x80000000 | f32bits(y)&0x80000000} {
			c.eq32(at(3+k), getU32(out, 12*i+3+k), w)
		}
		for k, w := range [][]float32{minNum(x, y, false), minNum(x, y, true)} {
			if !oneOf32(got(6+k), w) {
				c.errorf("%s = %#x, want one of %v", at(6+k), f32bits(got(6+k)), w)
			}
		}
		for k, w := range []float32{minimum(x, y, false), minimum(x, y, true)} {
			if !same32(got(8+k), w) {
				c.errorf("%s = %#x, want %#x", at(8+k), f32bits(got(8+k)), f32bits(w))
			}
		}
		unord := math.IsNaN(float64(x)) || math.IsNaN(float64(y))
		preds := []bool{x == y, x < y, x <= y, x > y, x >= y, x < y || x > y, !unord,
			unord || x == y, unord || x < y, unord || x <= y, unord || x > y, unord || x >= y, unord || x != y, unord}
		var mask uint32
		for k, p := range preds {
			if p {
				mask |= 1 << k
			}
		}
		c.eq32(at(10), getU32(out, 12*i+10), mask)
		p := float32(x * y)
		if w := float32(p + x); !same32(got(11), w) {
			c.errorf("%s = %#x, want %#x (fmul then fadd)", at(11), f32bits(got(11)), f32bits(w))
		}
	}
}

func checkF32FMA(r *run) {
	const n = 512
	xs, ys, zs := make([]float32, n), make([]float32, n), make([]float32, n)
	// Cases where one rounding and two differ: (1+2^-23)^2 - (1+2^-22)
	// is 2^-46 fused and 0 unfused; products that cancel and overflow.
	e := float32(math.Ldexp(1, -23))
	crafted := [][3]float32{{1 + e, 1 + e, -(1 + 2*e)}, {1 + e, 1 - e, -1}, {3, 1.0 / 3, -1},
		{float32(math.Ldexp(1, 100)), float32(math.Ldexp(1, 100)), -float32(math.Ldexp(1, 127))},
		{float32(math.Inf(1)), 0, 1}, {0, -1, 0}, {negZero32, 1, 0}}
	for i := 0; i < n; i++ {
		if i < len(crafted) {
			xs[i], ys[i], zs[i] = crafted[i][0], crafted[i][1], crafted[i][2]
			continue
		}
		xs[i], ys[i] = genF32(r.rng), genF32(r.rng)
		zs[i] = -float32(xs[i] * ys[i]) // near-cancellation, where the two differ most
		if i%3 == 0 {
			zs[i] = genF32(r.rng)
		}
	}
	out := u32s(2 * n)
	r.dispatch(grid1(n), grid1(64), sim.PointerArg(r.buf("out", out)), sim.PointerArg(r.buf("a", f32buf(xs))),
		sim.PointerArg(r.buf("b", f32buf(ys))), sim.PointerArg(r.buf("c", f32buf(zs))))
	c := &checker{t: r.t, what: "f32_fma"}
	differ := 0
	for i := 0; i < n; i++ {
		x, y, z := xs[i], ys[i], zs[i]
		fused := fma32(x, y, z)
		p := float32(x * y)
		sep := float32(p + z)
		if !same32(getF32(out, 2*i), fused) {
			c.errorf("fma(%#x, %#x, %#x) = %#x, want %#x", f32bits(x), f32bits(y), f32bits(z), getU32(out, 2*i), f32bits(fused))
		}
		if !same32(getF32(out, 2*i+1), sep) {
			c.errorf("%#x * %#x + %#x = %#x, want %#x", f32bits(x), f32bits(y), f32bits(z), getU32(out, 2*i+1), f32bits(sep))
		}
		if !same32(fused, sep) {
			differ++
		}
	}
	if differ < 20 {
		r.t.Errorf("only %d inputs tell fused from unfused rounding", differ)
	}
}

func checkF32DivSqrt(r *run) {
	const n = 4096
	xs, ys := pairsF32(r, n)
	for i := len(specialF32) * len(specialF32); i < n; i += 2 {
		// any two floats: quotients across the whole exponent range,
		// overflowing, denormal, with denormal and huge operands
		xs[i], ys[i] = math.Float32frombits(r.rng.Uint32()), math.Float32frombits(r.rng.Uint32())
	}
	out := u32s(2 * n)
	r.dispatch(grid1(n), grid1(64), sim.PointerArg(r.buf("out", out)), sim.PointerArg(r.buf("a", f32buf(xs))), sim.PointerArg(r.buf("b", f32buf(ys))))
	c := &checker{t: r.t, what: "f32_div_sqrt"}
	for i := 0; i < n; i++ {
		x, y := xs[i], ys[i]
		// float64 quotients and roots round to f32 correctly: 53 >= 2*24+2.
		q := float32(float64(x) / float64(y))
		s := float32(math.Sqrt(float64(x)))
		if !same32(getF32(out, 2*i), q) {
			c.errorf("%#x / %#x = %#x, want %#x", f32bits(x), f32bits(y), getU32(out, 2*i), f32bits(q))
		}
		if !same32(getF32(out, 2*i+1), s) {
			c.errorf("sqrt(%#x) = %#x, want %#x", f32bits(x), getU32(out, 2*i+1), f32bits(s))
		}
	}
}

func checkF32Trans(r *run) {
	const n = 1024
	xs, ys := make([]float32, n), make([]float32, n)
	for i := range xs {
		switch i % 4 {
		case 0: // exp2's domain, denormal and overflowing results included
			xs[i] = float32(r.rng.Float64()*290 - 160)
		case 1: // log2's: denormals to the largest floats
			xs[i] = float32(math.Ldexp(1+r.rng.Float64(), r.rng.Intn(275)-149))
		case 2: // rcp/rsq without denormal results
			xs[i] = float32(math.Ldexp(1+r.rng.Float64(), r.rng.Intn(250)-125))
		default:
			xs[i] = genF32(r.rng)
		}
		ys[i] = float32(math.Ldexp(1+r.rng.Float64(), r.rng.Intn(200)-100))
		if r.rng.Intn(2) == 0 {
			ys[i] = -ys[i]
		}
	}
	copy(xs, []float32{0, float32(math.Copysign(0, -1)), 1, 2, 0.5, float32(math.Inf(1)), float32(math.Inf(-1)), float32(math.NaN()), -1, 128, -150, -126})
	out := u32s(5 * n)
	r.dispatch(grid1(n), grid1(64), sim.PointerArg(r.buf("out", out)), sim.PointerArg(r.buf("a", f32buf(xs))), sim.PointerArg(r.buf("b", f32buf(ys))))
	c := &checker{t: r.t, what: "f32_trans"}
	for i := 0; i < n; i++ {
		x, y := float64(xs[i]), float64(ys[i])
		tiny := math.Abs(x) < math.Ldexp(1, -126) || math.Abs(x) > math.Ldexp(1, 126) // rcp/rsq results may be denormal or flushed
		refs := []struct {
			name string
			want float32
			ulps int64
			skip bool
		}{
			{"exp2", float32(math.Exp2(x)), 1, false},
			{"log2", float32(math.Log2(x)), 1, false},
			{"rsq", float32(1 / math.Sqrt(x)), 1, tiny && x > 0},
			{"rcp", float32(1 / x), 1, tiny},
			{"afn a/b", float32(x / y), 2, math.IsNaN(x) || math.IsInf(x, 0) || math.Abs(x/y) < math.Ldexp(1, -126) || math.Abs(x/y) > math.Ldexp(1, 127)},
		}
		for k, ref := range refs {
			if ref.skip {
				continue
			}
			got := getF32(out, 5*i+k)
			if !within32(got, ref.want, ref.ulps) {
				c.errorf("%s(%#x, %#x) = %#x, want %#x within %d ulp", ref.name, f32bits(xs[i]), f32bits(ys[i]), f32bits(got), f32bits(ref.want), ref.ulps)
			}
		}
	}
}

func f16buf(v []f16) []byte {
	b := make([]byte, 2*len(v))
	for i, x := range v {
		putU16(b, i, x)
	}
	return b
}

func checkF16Arith(r *run) {
	const n = 1024
	var xs, ys []f16
	for _, a := range specialF16 {
		for _, b := range specialF16 {
			xs, ys = append(xs, a), append(ys, b)
		}
	}
	for len(xs) < n {
		xs, ys = append(xs, genF16(r.rng)), append(ys, genF16(r.rng))
	}
	out := make([]byte, 16*n)
	// one workgroup per 1024 work-items: the kernel uses the work-item id only
	r.dispatch(grid1(n), grid1(n), sim.PointerArg(r.buf("out", out)), sim.PointerArg(r.buf("a", f16buf(xs))), sim.PointerArg(r.buf("b", f16buf(ys))))
	c := &checker{t: r.t, what: "f16_arith"}
	for i := 0; i < n; i++ {
		hx, hy := xs[i], ys[i]
		x, y := f16Value(hx), f16Value(hy)
		got := func(k int) f16 { return getU16(out, 8*i+k) }
		at := func(k int) string { return fmt.Sprintf("element %d (a=%#04x b=%#04x) result %d", i, hx, hy, k) }
		// f16 sums and products are exact in float64; one rounding to f16.
		for k, w := range []f16{f16Of(x + y), f16Of(x - y), f16Of(x * y), fma16(hx, hy, hx)} {
			if !same16(got(k), w) {
				c.errorf("%s = %#04x, want %#04x", at(k), got(k), w)
			}
		}
		c.eq32(at(4), uint32(got(4)), uint32(hx|0x8000))
		for k, isMax := range []bool{false, true} {
			w32 := minNum(float32(x), float32(y), isMax)
			if sNaN16(hx) || sNaN16(hy) { // IEEE 754-2008 minNum gives a NaN
				w32 = append(w32, float32(math.NaN()))
			}
			ok := false
			for _, w := range w32 {
				if g := f16Value(got(5 + k)); g == float64(w) && math.Signbit(g) == math.Signbit(float64(w)) || math.IsNaN(g) && math.IsNaN(float64(w)) {
					ok = true
				}
			}
			if !ok {
				c.errorf("%s = %#04x, want one of %v", at(5+k), got(5+k), w32)
			}
		}
		unord := math.IsNaN(x) || math.IsNaN(y)
		var mask uint32
		for k, p := range []bool{x == y, x < y, x <= y, unord || x != y, unord, x > y, unord || x >= y} {
			if p {
				mask |= 1 << k
			}
		}
		c.eq32(at(7), uint32(got(7)), mask)
	}
}

func checkF16Div(r *run) {
	const n = 2048
	xs, ys := make([]f16, n), make([]f16, n)
	for i := range xs {
		xs[i], ys[i] = genF16(r.rng), genF16(r.rng)
	}
	out := make([]byte, 8*n)
	r.dispatch(grid1(n), grid1(64), sim.PointerArg(r.buf("out", out)), sim.PointerArg(r.buf("a", f16buf(xs))), sim.PointerArg(r.buf("b", f16buf(ys))))
	c := &checker{t: r.t, what: "f16_div"}
	inexact := 0
	for i := 0; i < n; i++ {
		hx, hy := xs[i], ys[i]
		x, y := f16Value(hx), f16Value(hy)
		// float64 quotients and roots round to f16 correctly (53 >= 2*11+2).
		refs := []f16{f16Of(x / y), f16Of(math.Sqrt(x)), f16Of(math.Exp2(x)), f16Of(math.Log2(x))}
		names := []string{"a/b", "sqrt", "exp2", "log2"}
		for k, w := range refs {
			got := getU16(out, 4*i+k)
			if !within16(got, w, 1) {
				c.errorf("%s(%#04x, %#04x) = %#04x, want %#04x within 1 ulp", names[k], hx, hy, got, w)
			}
			if k == 0 && !same16(got, w) {
				inexact++
			}
		}
	}
	r.t.Logf("f16 division: %d of %d quotients differ from the correctly rounded one (bound: 1 ulp)", inexact, n)
}

func checkConv(r *run) {
	const n = 1024
	xs := make([]float32, n)
	ks := u32s(n)
	for i := range xs {
		xs[i] = genF32(r.rng)
		switch i % 4 {
		case 0: // around the integer limits
			xs[i] = float32(math.Ldexp(r.rng.Float64()*2-1, 30+r.rng.Intn(4)))
		case 1: // small values with fractions, f16 range
			xs[i] = float32((r.rng.Float64()*2 - 1) * math.Ldexp(1, r.rng.Intn(24)-8))
		}
		k := genI32(r.rng)
		if i%3 == 0 {
			k = uint32(genF16(r.rng)) | r.rng.Uint32()<<16
		}
		putU32(ks, i, k)
	}
	out := u32s(12 * n)
	r.dispatch(grid1(n), grid1(64), sim.PointerArg(r.buf("out", out)), sim.PointerArg(r.buf("a", f32buf(xs))), sim.PointerArg(r.buf("n", ks)))
	c := &checker{t: r.t, what: "conv"}
	for i := 0; i < n; i++ {
		x := float64(xs[i])
		k := getU32(ks, i)
		h := f16(k)
		sq := uint64(k) * uint64(k)
		want := []uint32{
			uint32(satI(x, math.MinInt32, math.MaxInt32)), uint32(satI(x, 0, math.MaxUint32)),
			f32bits(float32(int32(k))), f32bits(float32(k)),
			uint32(int32(satI(x, math.MinInt16, math.MaxInt16))), uint32(satI(x, 0, math.MaxUint8)),
			uint32(f16Of(x)), f32bits(float32(f16Value(h))),
			uint32(f16Of(float64(int32(k)))), uint32(f16Of(float64(k))),
			uint32(satI(f16Value(h), math.MinInt32, math.MaxInt32)), f32bits(f32Of(new(big.Float).SetUint64(sq))),
		}
		for j, w := range want {
			got := getU32(out, 12*i+j)
			ok := got == w
			switch j {
			case 6: // NaN to half: any NaN
				ok = ok || isNaN16(f16(got)) && isNaN16(f16(w)) && got>>16 == 0
			case 7:
				ok = ok || same32(math.Float32frombits(got), math.Float32frombits(w))
			}
			if !ok {
				c.errorf("element %d (a=%#x n=%#x) result %d = %#x, want %#x", i, f32bits(xs[i]), k, j, got, w)
			}
		}
	}
}

func checkRound(r *run) {
	const n = 512
	xs := make([]float32, n)
	ks := u32s(n)
	for i := range xs {
		xs[i] = genF32(r.rng)
		if i%2 == 0 { // halves and other fractions, where rounding rules differ
			xs[i] = float32(math.Round(r.rng.Float64()*200-100)*0.5 + float64(r.rng.Intn(3))*0.25)
		}
		putU32(ks, i, uint32(r.rng.Intn(601)-300))
	}
	xs[0], xs[1], xs[2], xs[3] = 2.5, -2.5, 0.5, -0.5
	out := u32s(8 * n)
	r.dispatch(grid1(n), grid1(n), sim.PointerArg(r.buf("out", out)), sim.PointerArg(r.buf("a", f32buf(xs))), sim.PointerArg(r.buf("n", ks)))
	c := &checker{t: r.t, what: "round"}
	for i := 0; i < n; i++ {
		x := float64(xs[i])
		k := int(int32(getU32(ks, i)))
		m, e := math.Frexp(x)
		want := []float32{float32(math.Floor(x)), float32(math.Ceil(x)), float32(math.Trunc(x)), float32(math.RoundToEven(x)),
			float32(math.Round(x)), float32(math.Ldexp(x, k)), float32(m)}
		for j, w := range want {
			if got := getF32(out, 8*i+j); !same32(got, w) {
				c.errorf("element %d (a=%#x n=%d) result %d = %#x, want %#x", i, f32bits(xs[i]), k, j, f32bits(got), f32bits(w))
			}
		}
		if !isNaNOrInf(x) { // the exponent of an infinity or NaN is unspecified
			c.eq32(fmt.Sprintf("element %d (a=%#x) frexp exponent", i, f32bits(xs[i])), getU32(out, 8*i+7), uint32(int32(e)))
		}
	}
}

func checkVec(r *run) {
	const n = 256
	a, b := make([]float32, 4*n), make([]float32, 4*n)
	for i := range a {
		a[i], b[i] = genF32(r.rng), genF32(r.rng)
	}
	idx := u32s(n)
	for i := 0; i < n; i++ {
		putU32(idx, i, r.rng.Uint32())
	}
	out := u32s(12 * n)
	r.dispatch(grid1(n), grid1(n), sim.PointerArg(r.buf("out", out)), sim.PointerArg(r.buf("a", f32buf(a))),
		sim.PointerArg(r.buf("b", f32buf(b))), sim.PointerArg(r.buf("idx", idx)))
	c := &checker{t: r.t, what: "vec"}
	for i := 0; i < n; i++ {
		va, vb := a[4*i:4*i+4], b[4*i:4*i+4]
		k := getU32(idx, i) & 3
		var want []float32
		for j := 0; j < 4; j++ {
			p := float32(va[j] * vb[j])
			want = append(want, float32(p+va[j]))
		}
		want = append(want, vb[3], va[0], vb[1], va[2], va[k])
		ins := [4]float32{va[0], va[1], va[2], va[3]}
		ins[k] = vb[3-k]
		want = append(want, ins[0], ins[1], ins[2])
		for j, w := range want {
			if got := getF32(out, 12*i+j); !same32(got, w) {
				c.errorf("element %d (k=%d) result %d = %#x, want %#x", i, k, j, f32bits(got), f32bits(w))
			}
		}
	}
}

func checkF64(r *run) {
	const n = 2048
	xs, ys := make([]float64, n), make([]float64, n)
	spec := []float64{0, math.Copysign(0, -1), 1, -1, math.Inf(1), math.Inf(-1), math.NaN(), 5e-324, -2.2250738585072014e-308,
		math.MaxFloat64, 3, 0.1, 1e300, 3e38, 4e9, -2147483648.5, 2147483647.5}
	for i := range xs {
		xs[i] = (r.rng.Float64()*2 - 1) * math.Ldexp(1, r.rng.Intn(80)-40)
		ys[i] = (r.rng.Float64()*2 - 1) * math.Ldexp(1, r.rng.Intn(80)-40)
		switch i % 4 {
		case 0:
			xs[i] = math.Float64frombits(r.rng.Uint64())
		case 1:
			xs[i], ys[i] = math.Float64frombits(r.rng.Uint64()), math.Float64frombits(r.rng.Uint64())
		}
	}
	for i := 0; i < len(spec)*len(spec) && i < n; i++ {
		xs[i], ys[i] = spec[i/len(spec)], spec[i%len(spec)]
	}
	a, b, out := make([]byte, 8*n), make([]byte, 8*n), make([]byte, 64*n)
	for i := range xs {
		putU64(a, i, math.Float64bits(xs[i]))
		putU64(b, i, math.Float64bits(ys[i]))
	}
	r.dispatch(grid1(n), grid1(64), sim.PointerArg(r.buf("out", out)), sim.PointerArg(r.buf("a", a)), sim.PointerArg(r.buf("b", b)))
	c := &checker{t: r.t, what: "f64"}
	for i := 0; i < n; i++ {
		x, y := xs[i], ys[i]
		sat := int32(satI(x, math.MinInt32, math.MaxInt32))
		mn := math.Min(x, y)
		switch {
		case math.IsNaN(x):
			mn = y
		case math.IsNaN(y):
			mn = x
		}
		want := []float64{x + y, x * y, math.FMA(x, y, x), x / y, math.Sqrt(x), float64(float32(x)), float64(sat), mn}
		for j, w := range want {
			got := math.Float64frombits(getU64(out, 8*i+j))
			ok := same64(got, w)
			if j == 7 && x == 0 && y == 0 { // minnum(+0, -0) may be either
				ok = got == 0
			}
			if j == 7 && (sNaN64(x) || sNaN64(y)) { // IEEE 754-2008 minNum gives a NaN
				ok = ok || math.IsNaN(got)
			}
			if !ok {
				c.errorf("element %d (a=%#x b=%#x) result %d = %#x, want %#x", i, math.Float64bits(x), math.Float64bits(y), j, math.Float64bits(got), math.Float64bits(w))
			}
		}
	}
}

func checkUniform(r *run) {
	type in struct {
		p, q float32
		m, n uint32
	}
	ins := []in{{1.5, 2.25, 7, 3}, {negZero32, 0, 0, 0}, {float32(math.Inf(1)), -3, 0x80000000, 31}, {float32(math.NaN()), 1, 0xffffffff, 33},
		{1e-40, 3e-41, 12345, 0xfffffff0}, {65504, 65520, 1 << 20, 4}, {0.1, 0.2, 3, 1}, {-7.75, 0.0009765625, 0xdeadbeef, 17},
		{3e9, -5e9, 100, 100}, {2, float32(math.Inf(-1)), 1, 1}}
	for _, t := range ins {
		out := u32s(20)
		r.dispatch(grid1(64), grid1(64), sim.PointerArg(r.buf("out", out)), sim.F32Arg(t.p), sim.F32Arg(t.q), sim.U32Arg(t.m), sim.U32Arg(t.n))
		c := &checker{t: r.t, what: fmt.Sprintf("uniform(p=%#x q=%#x m=%#x n=%#x)", f32bits(t.p), f32bits(t.q), t.m, t.n)}
		p, q := float64(t.p), float64(t.q)
		hp, hq := f16Of(p), f16Of(q)
		hmul := f16Of(f16Value(hp) * f16Value(hq))
		var cmp uint32
		if t.p < t.q {
			cmp |= 1
		}
		if t.p == t.q {
			cmp |= 2
		}
		if math.IsNaN(p) || math.IsNaN(q) {
			cmp |= 4
		}
		sat := satI(p, math.MinInt32, math.MaxInt32)
		f := func(k int, want float32) {
			if got := getF32(out, k); !same32(got, want) {
				c.errorf("result %d = %#x, want %#x", k, f32bits(got), f32bits(want))
			}
		}
		h := func(k int, want f16, ulps int64) {
			got := getU32(out, k)
			if got>>16 != 0 || !within16(f16(got), want, ulps) {
				c.errorf("result %d = %#x, want %#04x (within %d ulp)", k, got, want, ulps)
			}
		}
		f(0, t.p+t.q)
		f(1, t.p*t.q)
		f(2, fma32(t.p, t.q, t.p))
		if mx := minNum(t.p, t.q, true); !oneOf32(getF32(out, 3), mx) {
			c.errorf("result 3 = %#x, want one of %v", getU32(out, 3), mx)
		}
		f(4, float32(int32(t.m)))
		c.eq32("result 5", getU32(out, 5), uint32(int32(sat)))
		h(6, f16Of(f16Value(hp)+f16Value(hq)), 0)
		h(7, hmul, 0)
		f(8, float32(f16Value(hmul)))
		h(9, fma16(hp, hq, hp), 0)
		c.eq32("result 10", getU32(out, 10), cmp)
		c.eq32("result 11", getU32(out, 11), t.m*t.n)
		c.eq32("result 12", getU32(out, 12), t.m<<(t.n&31))
		c.eq32("result 13", getU32(out, 13), uint32(int32(t.m)>>(t.n&31)))
		c.eq32("result 14", getU32(out, 14), uint32(bits.LeadingZeros32(t.m)))
		f(15, float32(math.Trunc(p)))
		f(16, float32(p/q))
		f(17, float32(math.Sqrt(p)))
		h(18, f16Of(f16Value(hp)/f16Value(hq)), 1)
		mn := minNum(float32(f16Value(hp)), float32(f16Value(hq)), false)
		got := f16Value(f16(getU32(out, 19)))
		ok := false
		for _, w := range mn {
			ok = ok || got == float64(w) && math.Signbit(got) == math.Signbit(float64(w)) || math.IsNaN(got) && math.IsNaN(float64(w))
		}
		if !ok || getU32(out, 19)>>16 != 0 {
			c.errorf("result 19 = %#x, want one of %v", getU32(out, 19), mn)
		}
	}
}

// errULP32 is |got - exact| in units of the last place of binary32 at the
// exact value's magnitude.
func errULP32(got float32, exactVal float64) float64 {
	_, e := math.Frexp(exactVal)
	e = max(e, -125) // below: the denormal spacing
	ulp := math.Ldexp(1, e-24)
	d := new(big.Float).Sub(exact(float64(got)), exact(exactVal))
	f, _ := d.Float64()
	return math.Abs(f) / ulp
}

func checkCLMath(r *run) {
	const n = 1024
	xs, ys, zs := make([]float32, n), make([]float32, n), make([]float32, n)
	for i := range xs {
		xs[i] = float32((r.rng.Float64()*2 - 1) * math.Ldexp(1, r.rng.Intn(100)-50))
		ys[i] = float32((r.rng.Float64()*2 - 1) * math.Ldexp(1, r.rng.Intn(100)-50))
		zs[i] = genFinite32(r.rng)
		if i%4 == 0 {
			xs[i], ys[i] = genF32(r.rng), genF32(r.rng)
		}
	}
	out := u32s(4 * n)
	r.dispatch(grid1(n), grid1(64), sim.PointerArg(r.buf("out", out)), sim.PointerArg(r.buf("a", f32buf(xs))),
		sim.PointerArg(r.buf("b", f32buf(ys))), sim.PointerArg(r.buf("c", f32buf(zs))))
	c := &checker{t: r.t, what: "cl_math"}
	for i := 0; i < n; i++ {
		x, y, z := xs[i], ys[i], zs[i]
		at := fmt.Sprintf("element %d (a=%#x b=%#x c=%#x)", i, f32bits(x), f32bits(y), f32bits(z))
		// OpenCL C: x / y within 2.5 ulp, sqrt within 3 ulp.
		q := float64(x) / float64(y)
		if got := getF32(out, 4*i); isNaNOrInf(q) || math.Abs(q) > math.MaxFloat32 || math.Abs(q) < math.Ldexp(1, -126) {
			if w := float32(q); !isNaNOrInf(q) && math.Abs(q) < math.Ldexp(1, -126) {
				// denormal quotients: OpenCL allows flushing them
				if !(got == 0 || within32(got, w, 3)) {
					c.errorf("%s a/b = %#x, want %#x or 0", at, f32bits(got), f32bits(w))
				}
			} else if !same32(got, w) {
				c.errorf("%s a/b = %#x, want %#x", at, f32bits(got), f32bits(w))
			}
		} else if e := errULP32(got, q); e > 2.5 {
			c.errorf("%s a/b = %#x, %.2f ulp from the exact quotient (OpenCL allows 2.5)", at, f32bits(got), e)
		}
		s := math.Sqrt(math.Abs(float64(x)))
		if got := getF32(out, 4*i+1); isNaNOrInf(s) || s == 0 {
			if !same32(got, float32(s)) {
				c.errorf("%s sqrt = %#x, want %#x", at, f32bits(got), f32bits(float32(s)))
			}
		} else if e := errULP32(got, s); e > 3 {
			c.errorf("%s sqrt = %#x, %.2f ulp from the exact root (OpenCL allows 3)", at, f32bits(got), e)
		}
		// a*b+c may be contracted (FP_CONTRACT is on by default).
		p := float32(x * y)
		sep, fused := float32(p+z), fma32(x, y, z)
		if got := getF32(out, 4*i+2); !same32(got, sep) && !same32(got, fused) {
			c.errorf("%s a*b+c = %#x, want %#x (unfused) or %#x (fused)", at, f32bits(got), f32bits(sep), f32bits(fused))
		}
		hw := float32(f16Value(f16Of(f16Value(f16Of(float64(x))) * f16Value(f16Of(float64(y))))))
		if got := getF32(out, 4*i+3); !same32(got, hw) {
			c.errorf("%s half(a)*half(b) = %#x, want %#x", at, f32bits(got), f32bits(hw))
		}
	}
}

// negZero32 is -0 as a float32 (the literal -0.0 is +0 in Go).
var negZero32 = float32(math.Copysign(0, -1))
