package llvmtest

import (
	"math"
	"math/big"
	"math/rand"
)

// Floating-point references, written from the IEEE 754 definitions:
// exact values in big.Float, rounded once to the target format.

// exact returns x as an exact big.Float (x finite).
func exact(x float64) *big.Float { return new(big.Float).SetPrec(4096).SetFloat64(x) }

// f32Of rounds an exact value to binary32 (ties to even, gradual
// underflow, overflow to infinity).
func f32Of(x *big.Float) float32 {
	f, _ := x.Float32()
	return f
}

// fma32 is fused multiply-add rounded once.
func fma32(a, b, c float32) float32 {
	x, y, z := float64(a), float64(b), float64(c)
	if isNaNOrInf(x) || isNaNOrInf(y) || isNaNOrInf(z) {
		return float32(math.FMA(x, y, z)) // NaN and infinity rules need no rounding
	}
	s := new(big.Float).SetPrec(4096).Mul(exact(x), exact(y))
	s.Add(s, exact(z))
	if s.Sign() == 0 {
		// An exact zero: IEEE gives -0 only when both x*y and z are -0.
		return float32(x*y + z)
	}
	return f32Of(s)
}

func isNaNOrInf(x float64) bool { return math.IsNaN(x) || math.IsInf(x, 0) }

// f16 is a binary16 bit pattern.
type f16 = uint16

// f16Value decodes binary16 bits.
func f16Value(h f16) float64 {
	sign := 1.0
	if h&0x8000 != 0 {
		sign = -1
	}
	e, m := int(h>>10&31), float64(h&1023)
	switch e {
	case 0:
		return sign * math.Ldexp(m, -24)
	case 31:
		if m == 0 {
			return math.Inf(int(sign))
		}
		return math.NaN()
	}
	return sign * math.Ldexp(1024+m, e-25)
}

func isNaN16(h f16) bool { return h&0x7fff > 0x7c00 }

// f16OfBig rounds an exact value to binary16 (ties to even): 11
// significant bits in the normal range, multiples of 2^-24 below it,
// infinity from 65520 up.
func f16OfBig(x *big.Float) f16 {
	var sign f16
	if x.Signbit() {
		sign = 0x8000
	}
	a := new(big.Float).SetPrec(4096).Abs(x)
	if a.Sign() == 0 {
		return sign
	}
	if a.Cmp(exact(math.Ldexp(1, -14))) < 0 {
		// subnormal: round a * 2^24 to an integer, ties to even
		q := new(big.Float).SetPrec(4096).SetMantExp(a, 24)
		n, _ := q.Int(nil) // truncated
		frac := new(big.Float).SetPrec(4096).Sub(q, new(big.Float).SetInt(n))
		c := frac.Cmp(big.NewFloat(0.5))
		if c > 0 || c == 0 && n.Bit(0) == 1 {
			n.Add(n, big.NewInt(1))
		}
		return sign | f16(n.Int64()) // 1024 becomes the least normal, as encoded
	}
	r := new(big.Float).SetPrec(11).SetMode(big.ToNearestEven).Set(a)
	v, _ := r.Float64() // exact: 11 bits
	if v >= 65536 {
		return sign | 0x7c00
	}
	m, e := math.Frexp(v) // v = m * 2^e, m in [0.5, 1)
	return sign | f16(e+14)<<10 | f16(math.Ldexp(m, 11)-1024)
}

// f16Of rounds a float64 (taken as exact) to binary16; NaN gives the
// default NaN.
func f16Of(x float64) f16 {
	switch {
	case math.IsNaN(x):
		return 0x7e00
	case math.IsInf(x, 1):
		return 0x7c00
	case math.IsInf(x, -1):
		return 0xfc00
	}
	return f16OfBig(exact(x))
}

// fma16 is binary16 fused multiply-add rounded once.
func fma16(a, b, c f16) f16 {
	x, y, z := f16Value(a), f16Value(b), f16Value(c)
	if isNaNOrInf(x) || isNaNOrInf(y) || isNaNOrInf(z) {
		return f16Of(x*y + z)
	}
	s := new(big.Float).SetPrec(4096).Mul(exact(x), exact(y))
	s.Add(s, exact(z))
	if s.Sign() == 0 {
		return f16Of(x*y + z)
	}
	return f16OfBig(s)
}

// ulps32 is the distance between two finite-or-infinite f32 values in
// units in the last place (adjacent floats differ by 1; +0 and -0 by 0).
func ulps32(a, b float32) int64 {
	return abs64(ordered32(a) - ordered32(b))
}

func ordered32(f float32) int64 {
	u := math.Float32bits(f)
	if u>>31 != 0 {
		return -int64(u & 0x7fffffff)
	}
	return int64(u)
}

func ulps16(a, b f16) int64 { return abs64(ordered16(a) - ordered16(b)) }

func ordered16(h f16) int64 {
	if h&0x8000 != 0 {
		return -int64(h & 0x7fff)
	}
	return int64(h)
}

func abs64(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

// within32 accepts got if both are NaN, or it is at most n ulps from want.
func within32(got, want float32, n int64) bool {
	if math.IsNaN(float64(want)) || math.IsNaN(float64(got)) {
		return math.IsNaN(float64(want)) && math.IsNaN(float64(got))
	}
	return ulps32(got, want) <= n
}

func within16(got, want f16, n int64) bool {
	if isNaN16(want) || isNaN16(got) {
		return isNaN16(want) && isNaN16(got)
	}
	return ulps16(got, want) <= n
}

// same32 is bit equality, with any NaN matching any NaN (LLVM leaves NaN
// payloads unspecified).
func same32(got, want float32) bool {
	return math.Float32bits(got) == math.Float32bits(want) || math.IsNaN(float64(got)) && math.IsNaN(float64(want))
}

func same64(got, want float64) bool {
	return math.Float64bits(got) == math.Float64bits(want) || math.IsNaN(got) && math.IsNaN(want)
}

func same16(got, want f16) bool { return got == want || isNaN16(got) && isNaN16(want) }

// Interesting binary32 inputs: zeros, ones, infinities, a quiet and a
// signalling NaN, denormals, extremes, values near integer limits.
var specialF32 = []uint32{
	0x00000000, 0x80000000, 0x3f800000, 0xbf800000, 0x7f800000, 0xff800000, 0x7fc00000, 0x7fa00000,
	0x00000001, 0x80000001, 0x007fffff, 0x00400000, 0x00800000, 0x7f7fffff, 0xff7fffff, 0x3f000000,
	0x40490fdb, 0x4f000000, 0xcf000000, 0x4f800000, 0x4effffff, 0x3fc00000, 0x40200000, 0xc0200000,
	0x33800000, 0x4b800000, 0x5f000000, 0x00000100,
}

// genF32 returns special values, random bit patterns and ordinary
// numbers of varied magnitude.
func genF32(rng *rand.Rand) float32 {
	switch rng.Intn(8) {
	case 0, 1:
		return math.Float32frombits(specialF32[rng.Intn(len(specialF32))])
	case 2:
		return math.Float32frombits(rng.Uint32())
	}
	return float32((rng.Float64()*2 - 1) * math.Ldexp(1, rng.Intn(60)-30))
}

// genFinite32 is genF32 without NaN and infinity.
func genFinite32(rng *rand.Rand) float32 {
	for {
		if f := genF32(rng); !isNaNOrInf(float64(f)) {
			return f
		}
	}
}

var specialF16 = []f16{0, 0x8000, 0x3c00, 0xbc00, 0x7c00, 0xfc00, 0x7e00, 0x7d00, 0x0001, 0x8001, 0x03ff,
	0x0400, 0x7bff, 0xfbff, 0x3800, 0x4248, 0x5bff, 0x1400, 0x0200}

func genF16(rng *rand.Rand) f16 {
	switch rng.Intn(8) {
	case 0, 1:
		return specialF16[rng.Intn(len(specialF16))]
	case 2:
		return f16(rng.Uint32())
	}
	return f16Of((rng.Float64()*2 - 1) * math.Ldexp(1, rng.Intn(20)-8))
}
