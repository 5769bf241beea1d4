package sim

import (
	"math"

	"zincc/internal/ggml"
)

// Floating-point building blocks. Everything works on raw bits so that
// NaN payloads, signed zeros and denormals are handled explicitly rather
// than by the host FPU. NaN results follow IEEE 754's recommendation: the
// first NaN operand, quieted; an invalid operation gives the default NaN
// 0x7fc00000 (positive; AMD's sign for generated NaNs is unconfirmed).

const (
	qnan32 = 0x7fc00000
	qnan16 = 0x7e00
	qnan64 = 0x7ff8000000000000
)

func f32(x uint32) float32  { return math.Float32frombits(x) }
func u32f(f float32) uint32 { return math.Float32bits(f) }
func f64(x uint64) float64  { return math.Float64frombits(x) }
func u64f(f float64) uint64 { return math.Float64bits(f) }

func isNaN32(x uint32) bool   { return x&0x7fffffff > 0x7f800000 }
func isNaN16(x uint32) bool   { return x&0x7fff > 0x7c00 }
func isNaN64(x uint64) bool   { return x&(1<<63-1) > 0x7ff0000000000000 }
func quiet32(x uint32) uint32 { return x | 0x00400000 }
func quiet16(x uint32) uint32 { return x | 0x0200 }
func quiet64(x uint64) uint64 { return x | 1<<51 }

// nan32, nan16 and nan64 repair the NaN of a result r computed from a,
// b and c: a NaN result becomes the format's firstNaN of the operands.
func nan32(r, a, b, c uint32) uint32 {
	if !isNaN32(r) {
		return r
	}
	return uint32(fmt32.firstNaN(uint64(a), uint64(b), uint64(c)))
}

func nan64(r, a, b, c uint64) uint64 {
	if !isNaN64(r) {
		return r
	}
	return fmt64.firstNaN(a, b, c)
}

func nan16(r, a, b, c uint32) uint32 {
	if !isNaN16(r) {
		return r
	}
	return uint32(fmt16.firstNaN(uint64(a), uint64(b), uint64(c)))
}

// flush32 turns an f32 denormal into a zero of the same sign.
func flush32(x uint32) uint32 {
	if x&0x7f800000 == 0 {
		return x & 0x80000000
	}
	return x
}

// post32, post16 and post64 apply VOP3 output modifiers (fpfmt.post).
func post32(x uint32, omod uint8, clamp, ftz bool) uint32 {
	return uint32(fmt32.post(uint64(x), omod, clamp, ftz))
}

func post16(x uint16, omod uint8, clamp, ftz bool) uint16 {
	return uint16(fmt16.post(uint64(x), omod, clamp, ftz))
}

func post64(x uint64, omod uint8, clamp, ftz bool) uint64 { return fmt64.post(x, omod, clamp, ftz) }

// f16to64 converts f16 bits (low 16 bits of h) to float64 exactly.
func f16to64(h uint32) float64 { return float64(ggml.F16ToF32(uint16(h))) }

// f16to32 converts f16 bits to f32 bits exactly (NaNs stay NaN, quieted).
func f16to32(h uint32) uint32 { return u32f(ggml.F16ToF32(uint16(h))) }

// f16from64 rounds x to the nearest f16 (ties to even), with gradual
// underflow; a NaN keeps its sign and top payload bits and is quieted.
func f16from64(x float64) uint32 { return f16round(x, false) }

// f16rtz rounds x toward zero to f16 (v_cvt_pk_rtz_f16_f32): overflow
// gives the largest finite value, not infinity.
func f16rtz(x float64) uint32 { return f16round(x, true) }

func f16round(x float64, rtz bool) uint32 {
	b := math.Float64bits(x)
	sign := uint32(b>>48) & 0x8000
	exp := int(b>>52) & 0x7ff
	man := b & (1<<52 - 1)
	if exp == 0x7ff {
		if man != 0 {
			return sign | 0x7e00 | uint32(man>>42)&0x1ff
		}
		return sign | 0x7c00
	}
	if exp == 0 {
		return sign // f64 denormals are far below half the least f16 denormal
	}
	e := exp - 1023
	if e > 15 {
		if rtz {
			return sign | 0x7bff
		}
		return sign | 0x7c00
	}
	m := man | 1<<52
	shift := uint(42)
	if e < -14 {
		shift += uint(-14 - e)
	}
	if shift > 54 {
		return sign
	}
	v := m >> shift
	rest := m & (1<<shift - 1)
	half := uint64(1) << (shift - 1)
	if !rtz && (rest > half || rest == half && v&1 == 1) {
		v++
	}
	if e < -14 {
		return sign | uint32(v)
	}
	return sign | (uint32(e+15)<<10 + uint32(v) - 0x400)
}

// f32from64 rounds x to f32 (ties to even) as bits.
func f32from64(x float64) uint32 { return u32f(float32(x)) }

// roundToOdd returns s+e (the exact sum of s = fl(p+q) and its error e)
// rounded to odd in float64: exact values stay, inexact ones move to the
// neighbour with an odd last bit. Rounding that to a format with at most
// 51 bits of significand (f32, f16) once more gives the correctly rounded
// result of the exact sum; this is how fused operations are emulated
// without double rounding.
func roundToOdd(s, e float64) float64 {
	if e == 0 || math.IsInf(s, 0) || math.IsNaN(s) {
		return s
	}
	b := math.Float64bits(s)
	if b&1 == 0 {
		if (e > 0) == (s > 0) {
			b++
		} else {
			b--
		}
	}
	return math.Float64frombits(b)
}

// twoSum returns fl(a+b) and its rounding error, exactly.
func twoSum(a, b float64) (s, e float64) {
	s = a + b
	bb := float64(s - a)
	e = float64(a-float64(s-bb)) + float64(b-bb)
	return s, e
}

// fmaOdd computes x*y+z, exact when x*y is exact in float64 (true for
// f32 and f16 operands), rounded to odd.
func fmaOdd(x, y, z float64) float64 {
	p := float64(x * y)
	if math.IsInf(p, 0) || math.IsNaN(p) || math.IsInf(z, 0) || math.IsNaN(z) {
		return p + z
	}
	s, e := twoSum(p, z)
	return roundToOdd(s, e)
}

// add32, mul32 and fma32 are the IEEE operations on f32 bits.
func add32(a, b uint32) uint32 { return nan32(u32f(f32(a)+f32(b)), a, b, 0) }
func sub32(a, b uint32) uint32 { return nan32(u32f(f32(a)-f32(b)), a, b, 0) }
func mul32(a, b uint32) uint32 { return nan32(u32f(f32(a)*f32(b)), a, b, 0) }
func fma32(a, b, c uint32) uint32 {
	r := float32(fmaOdd(float64(f32(a)), float64(f32(b)), float64(f32(c))))
	return nan32(u32f(r), a, b, c)
}

func add16(a, b uint32) uint32 { return nan16(f16from64(f16to64(a)+f16to64(b)), a, b, 0) }
func sub16(a, b uint32) uint32 { return nan16(f16from64(f16to64(a)-f16to64(b)), a, b, 0) }
func mul16(a, b uint32) uint32 { return nan16(f16from64(f16to64(a)*f16to64(b)), a, b, 0) }
func fma16(a, b, c uint32) uint32 {
	return nan16(f16from64(fmaOdd(f16to64(a), f16to64(b), f16to64(c))), a, b, c)
}

func add64(a, b uint64) uint64 { return nan64(u64f(f64(a)+f64(b)), a, b, 0) }
func mul64(a, b uint64) uint64 { return nan64(u64f(f64(a)*f64(b)), a, b, 0) }
func fma64(a, b, c uint64) uint64 {
	return nan64(u64f(math.FMA(f64(a), f64(b), f64(c))), a, b, c)
}

// fpfmt describes an IEEE binary format held in the low bits of a
// uint64 by its bit fields, so that NaN handling, output modifiers and
// class tests are written once for f16, f32 and f64.
type fpfmt struct {
	sign     uint64 // the sign bit
	exp      uint64 // the exponent field (all ones: infinity or NaN)
	quietBit uint64 // the top fraction bit, set in a quiet NaN
	qnan     uint64 // the default NaN
	one      uint64 // 1.0
	val      func(uint64) float64
	round    func(float64) uint64 // to nearest, ties to even
}

var (
	fmt16 = fpfmt{sign: 1 << 15, exp: 0x7c00, quietBit: 1 << 9, qnan: qnan16, one: 0x3c00,
		val: func(x uint64) float64 { return f16to64(uint32(x)) }, round: func(x float64) uint64 { return uint64(f16from64(x)) }}
	fmt32 = fpfmt{sign: 1 << 31, exp: 0x7f800000, quietBit: 1 << 22, qnan: qnan32, one: 0x3f800000,
		val: func(x uint64) float64 { return float64(f32(uint32(x))) }, round: func(x float64) uint64 { return uint64(f32from64(x)) }}
	fmt64 = fpfmt{sign: 1 << 63, exp: 0x7ff0000000000000, quietBit: 1 << 51, qnan: qnan64, one: 0x3ff0000000000000,
		val: f64, round: u64f}
)

func (f *fpfmt) nan(x uint64) bool        { return x&(f.sign-1) > f.exp }
func (f *fpfmt) snan(x uint64) bool       { return f.nan(x) && x&f.quietBit == 0 }
func (f *fpfmt) quiet(x uint64) uint64    { return x | f.quietBit }
func (f *fpfmt) fraction(x uint64) uint64 { return x & (f.quietBit<<1 - 1) }

// firstNaN is the NaN result of an operation on a, b and c: the first
// NaN operand, quieted, else the default NaN.
func (f *fpfmt) firstNaN(a, b, c uint64) uint64 {
	for _, x := range [3]uint64{a, b, c} {
		if f.nan(x) {
			return f.quiet(x)
		}
	}
	return f.qnan
}

// omodScale is the factor of a VOP3 omod value: 1 ×2, 2 ×4, 3 ×0.5.
func omodScale(omod uint8) float64 {
	switch omod {
	case 1:
		return 2
	case 2:
		return 4
	case 3:
		return 0.5
	}
	return 1
}

// post applies VOP3 output modifiers: omod (rounded once: the scaled
// value is exact in float64), then clamp to [0, 1] (NaN
// becomes 0, as DX10 clamp defines it), then output denormal flushing.
func (f *fpfmt) post(x uint64, omod uint8, clamp, ftz bool) uint64 {
	if omod != 0 && !f.nan(x) {
		x = f.round(f.val(x) * omodScale(omod))
	}
	if clamp {
		switch {
		case f.nan(x), x&f.sign != 0:
			x = 0
		case f.val(x) > 1:
			x = f.one
		}
	}
	if ftz {
		x = f.flush(x)
	}
	return x
}

// flush turns a denormal into a zero of the same sign.
func (f *fpfmt) flush(x uint64) uint64 {
	if x&f.exp == 0 {
		return x & f.sign
	}
	return x
}

// unary lifts a float64 function to the format: NaN in, NaN out
// (quieted); the exact result is rounded once.
func (f *fpfmt) unary(fn func(float64) float64) func(uint64) uint64 {
	return func(a uint64) uint64 {
		if f.nan(a) {
			return f.quiet(a)
		}
		r := f.round(fn(f.val(a)))
		if f.nan(r) {
			return f.qnan // an invalid operation: a is no NaN
		}
		return r
	}
}

// Min and max. The _num forms are IEEE 754-2019 minimumNumber and
// maximumNumber (a NaN operand loses to a number; -0 < +0); the
// minimum/maximum forms propagate NaN (the pcode of V_MINIMUM_F32). Both
// are written once over float64 with the format's NaN predicates.

// less orders a before b with -0 < +0.
func (f *fpfmt) less(a, b uint64) bool {
	x, y := f.val(a), f.val(b)
	if x == 0 && y == 0 {
		return a&f.sign != 0 && b&f.sign == 0
	}
	return x < y
}

func (f *fpfmt) minNum(a, b uint64) uint64  { return f.num(a, b, false) }
func (f *fpfmt) maxNum(a, b uint64) uint64  { return f.num(a, b, true) }
func (f *fpfmt) minimum(a, b uint64) uint64 { return f.prop(a, b, false) }
func (f *fpfmt) maximum(a, b uint64) uint64 { return f.prop(a, b, true) }

// num is minimumNumber (max false) or maximumNumber: a NaN loses.
func (f *fpfmt) num(a, b uint64, max bool) uint64 {
	switch {
	case f.nan(a) && f.nan(b):
		return f.quiet(a)
	case f.nan(a):
		return b
	case f.nan(b):
		return a
	case f.wins(a, b, max):
		return a
	}
	return b
}

// prop is minimum (max false) or maximum: a signalling NaN wins quieted,
// then a quiet NaN.
func (f *fpfmt) prop(a, b uint64, max bool) uint64 {
	switch {
	case f.snan(a):
		return f.quiet(a)
	case f.snan(b):
		return f.quiet(b)
	case f.nan(a):
		return a
	case f.nan(b):
		return b
	case f.wins(a, b, max):
		return a
	}
	return b
}

// wins reports whether a, not b, is the min (max false) or max of two
// numbers.
func (f *fpfmt) wins(a, b uint64, max bool) bool {
	if max {
		return f.less(b, a)
	}
	return f.less(a, b)
}

// med3Num is V_MED3_NUM: with any NaN, the min3 of the three; else the
// median.
func (f *fpfmt) med3Num(a, b, c uint64) uint64 {
	if f.nan(a) || f.nan(b) || f.nan(c) {
		return f.minNum(f.minNum(a, b), c)
	}
	mx := f.maxNum(f.maxNum(a, b), c)
	switch mx {
	case a:
		return f.maxNum(b, c)
	case b:
		return f.maxNum(a, c)
	}
	return f.maxNum(a, b)
}

// fpOp is a two-operand fpfmt operation, as a method expression.
type fpOp = func(f *fpfmt, a, b uint64) uint64

// minMaxOps are the min/max operations under the names the instructions
// give them (v_<name>_f32, s_<name>_f16, v_pk_<name>_f16, ...). The
// three-operand forms are name3, op(op(a, b), c), and nameThen,
// then(op(a, b), c) with the opposite operation.
var minMaxOps = []struct {
	name, name3, nameThen string
	op, then              fpOp
}{
	{"min_num", "min3_num", "minmax_num", (*fpfmt).minNum, (*fpfmt).maxNum},
	{"max_num", "max3_num", "maxmin_num", (*fpfmt).maxNum, (*fpfmt).minNum},
	{"minimum", "minimum3", "minimummaximum", (*fpfmt).minimum, (*fpfmt).maximum},
	{"maximum", "maximum3", "maximumminimum", (*fpfmt).maximum, (*fpfmt).minimum},
}

// lane2 lifts op to 32-bit lanes (f16 and f32 values).
func (f *fpfmt) lane2(op fpOp) func(a, b uint32) uint32 {
	return func(a, b uint32) uint32 { return uint32(op(f, uint64(a), uint64(b))) }
}

// lane3 lifts then(first(a, b), c) to 32-bit lanes.
func (f *fpfmt) lane3(first, then fpOp) func(a, b, c uint32) uint32 {
	return func(a, b, c uint32) uint32 { return uint32(then(f, first(f, uint64(a), uint64(b)), uint64(c))) }
}

// class implements V_CMP_CLASS: bit k of mask selects signalling NaN,
// quiet NaN, -inf, -normal, -denormal, -0, +0, +denormal, +normal, +inf.
func (f *fpfmt) class(x uint64, mask uint32) bool {
	switch {
	case f.snan(x):
		return mask&1 != 0
	case f.nan(x):
		return mask&2 != 0
	}
	var k int // 0 inf, 1 normal, 2 denormal, 3 zero
	switch e := x & f.exp; {
	case e == f.exp:
		k = 0
	case e != 0:
		k = 1
	case f.fraction(x) != 0:
		k = 2
	default:
		k = 3
	}
	bit := 9 - k
	if x&f.sign != 0 {
		bit = k + 2
	}
	return mask>>uint(bit)&1 != 0
}

// Conversions to integers truncate toward zero, saturate, and map NaN to
// 0 (f32_to_i32 in the pcode; remu's behaviour): satTrunc to [lo, hi].
func satTrunc(f, lo, hi float64) int64 {
	switch {
	case math.IsNaN(f):
		return 0
	case f <= lo:
		return int64(lo)
	case f >= hi:
		return int64(hi)
	}
	return int64(f)
}

func toI32(f float64) uint32  { return uint32(satTrunc(f, math.MinInt32, math.MaxInt32)) }
func toU32(f float64) uint32  { return uint32(satTrunc(f, 0, math.MaxUint32)) }
func cvtI16(f float64) uint32 { return uint32(uint16(satTrunc(f, math.MinInt16, math.MaxInt16))) }
func cvtU16(f float64) uint32 { return uint32(satTrunc(f, 0, math.MaxUint16)) }
func toU8(f float64) uint32   { return uint32(satTrunc(f, 0, math.MaxUint8)) }

// rndne rounds to the nearest integer, ties to even.
func rndne(f float64) float64 { return math.RoundToEven(f) }

// Transcendentals. The hardware approximates these (about 1 ulp); the
// emulator computes the exact function in float64 and rounds once to the
// target format, which is the correctly rounded result except when the
// exact value lies within about 2^-50 (relative) of a rounding boundary.
// Special cases follow IEEE and AMD's documentation: rcp(±0) = ±inf,
// rsq(+0) = +inf, rsq(-0) = -inf, rsq/log/sqrt of a negative number = NaN,
// log(±0) = -inf, exp(-inf) = +0. v_exp_f32 never returns a denormal and
// v_log_f32 treats a denormal input as zero, whatever the denorm mode:
// LLVM's lowering of exp2/log2 for gfx12 scales around exactly those
// limits.

func exp2f64(x float64) float64 { return math.Exp2(x) }

func rcp64(x float64) float64 { return 1 / x }

func rsq64(x float64) float64 {
	if x == 0 {
		return math.Copysign(math.Inf(1), x)
	}
	return 1 / math.Sqrt(x)
}

func log2f64(x float64) float64 {
	if x == 0 {
		return math.Inf(-1)
	}
	return math.Log2(x)
}

// sinRev is sin(2πx) for x in revolutions, reduced exactly first.
func sinRev(x float64) float64 {
	if math.IsInf(x, 0) || math.IsNaN(x) {
		return math.NaN()
	}
	r := x - math.Round(x)
	return math.Sin(2 * math.Pi * r)
}

func cosRev(x float64) float64 {
	if math.IsInf(x, 0) || math.IsNaN(x) {
		return math.NaN()
	}
	r := x - math.Round(x)
	return math.Cos(2 * math.Pi * r)
}

// unary32 and unary16 lift a float64 function to f32 and f16 lanes
// (fpfmt.unary); unary64 gives the g3 form of xV64.
func unary32(fn func(float64) float64) func(uint32) uint32 {
	g := fmt32.unary(fn)
	return func(a uint32) uint32 { return uint32(g(uint64(a))) }
}

func unary16(fn func(float64) float64) func(uint32) uint32 {
	g := fmt16.unary(fn)
	return func(a uint32) uint32 { return uint32(g(uint64(a))) }
}

func unary64(fn func(float64) float64) func(a, _, _ uint64) uint64 {
	g := fmt64.unary(fn)
	return func(a, _, _ uint64) uint64 { return g(a) }
}

// frexp splits x into a mantissa in [0.5, 1) and an exponent, keeping
// infinities and NaN (mantissa) and giving them exponent 0.
func frexpMant(x float64) float64 {
	if math.IsInf(x, 0) || math.IsNaN(x) {
		return x
	}
	m, _ := math.Frexp(x)
	return m
}

func frexpExp(x float64) int {
	if math.IsInf(x, 0) || math.IsNaN(x) {
		return 0
	}
	_, e := math.Frexp(x)
	return e
}

// fract is x - floor(x) rounded to the format by the caller (the pcode's
// S0 + -floor(S0)).
func fract(x float64) float64 {
	if math.IsInf(x, 0) {
		return math.NaN()
	}
	return x - math.Floor(x)
}

// ldexp scales by 2^n with correct rounding in the target format; the
// caller rounds (float64 holds every f32/f16 result exactly except
// denormal f64 results, where math.Ldexp rounds correctly).
func ldexp(x float64, n int) float64 {
	if n > 2000 {
		n = 2000
	}
	if n < -2000 {
		n = -2000
	}
	return math.Ldexp(x, n)
}
