package sim

import (
	"math"
	"math/big"
	"math/rand"
	"sort"
	"sync"
)

// Test-side references: written independently of the emulator's float
// code (big.Float for fused and exact operations, a table of every f16
// value for f16 rounding).

func tf32(x uint32) float32   { return math.Float32frombits(x) }
func tb32(f float32) uint32   { return math.Float32bits(f) }
func tnan32(x uint32) bool    { return x&0x7fffffff > 0x7f800000 }
func tnan16(x uint32) bool    { return x&0x7fff > 0x7c00 }
func tnan64(x uint64) bool    { return x&(1<<63-1) > 0x7ff0000000000000 }
func tdenorm32(x uint32) bool { return x&0x7f800000 == 0 && x&0x7fffff != 0 }

// Interesting f32 inputs: zeros, ones, infinities, NaNs (quiet and
// signalling), denormals, extremes, halves.
var specialF32 = []uint32{
	0, 0x80000000, 0x3f800000, 0xbf800000, 0x3f000000, 0x40000000, 0x7f800000, 0xff800000,
	0x7fc00000, 0xffc00001, 0x7f800001, 0x00000001, 0x807fffff, 0x00400000, 0x7f7fffff, 0xff7fffff,
	0x00800000, 0x80800000, 0x40400000, 0x3fc00000, 0x3e800000, 0x4b000001, 0xcb7fffff, 0x3effffff,
	0x4f000000, 0xcf000001, 0x4f800000, 0x5f000000, 0x3dcccccd, 0xc2c80000,
}

// genF32 returns mostly "reasonable" floats, with special values and
// raw bit patterns mixed in.
func genF32(rng *rand.Rand) uint32 {
	switch rng.Intn(10) {
	case 0, 1, 2:
		return specialF32[rng.Intn(len(specialF32))]
	case 3:
		return rng.Uint32()
	}
	e := rng.Intn(40) - 20
	v := (1 + rng.Float64()) * math.Ldexp(1, e)
	if rng.Intn(2) == 0 {
		v = -v
	}
	return tb32(float32(v))
}

var specialF16 = []uint32{0, 0x8000, 0x3c00, 0xbc00, 0x3800, 0x4000, 0x7c00, 0xfc00, 0x7e00, 0xfe01, 0x7c01,
	0x0001, 0x83ff, 0x0200, 0x7bff, 0xfbff, 0x0400, 0x8400, 0x4200, 0x3e00, 0x3555}

func genF16(rng *rand.Rand) uint32 {
	switch rng.Intn(10) {
	case 0, 1, 2:
		return specialF16[rng.Intn(len(specialF16))]
	case 3:
		return rng.Uint32() & 0xffff
	}
	// exponents 8..22 (values 2^-7 .. 2^7) with random mantissa and sign
	return uint32(rng.Intn(2))<<15 | uint32(8+rng.Intn(15))<<10 | uint32(rng.Intn(1024))
}

var specialI32 = []uint32{0, 1, 0xffffffff, 0x7fffffff, 0x80000000, 2, 31, 32, 0xff, 0xffff, 0x10000, 0x00ffffff, 0x00800000}

func genI32(rng *rand.Rand) uint32 {
	if rng.Intn(4) == 0 {
		return specialI32[rng.Intn(len(specialI32))]
	}
	return rng.Uint32()
}

// f16 values, decoded with the binary16 definition.
func tf16(h uint32) float64 {
	h &= 0xffff
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

// f16Table holds every non-negative finite f16 value in order (index ==
// bit pattern for 0..0x7bff).
var (
	f16TableOnce sync.Once
	f16Table     []float64
)

// tround16 rounds x to the nearest f16 (ties to the even bit pattern),
// found by search in the table of all f16 values; rtz rounds toward zero.
func tround16(x float64, rtz bool) uint32 {
	f16TableOnce.Do(func() {
		for h := uint32(0); h <= 0x7bff; h++ {
			f16Table = append(f16Table, tf16(h))
		}
	})
	if math.IsNaN(x) {
		return 0x7e00
	}
	var sign uint32
	if math.Signbit(x) {
		sign, x = 0x8000, -x
	}
	maxf := f16Table[0x7bff]
	if rtz {
		if math.IsInf(x, 0) {
			return sign | 0x7c00
		}
		if x >= maxf {
			return sign | 0x7bff
		}
		i := sort.SearchFloat64s(f16Table, x) // first >= x
		if i < len(f16Table) && f16Table[i] == x {
			return sign | uint32(i)
		}
		return sign | uint32(i-1)
	}
	// beyond the largest finite: overflow threshold is max + half an ulp (2^4)
	if x >= maxf+16 {
		return sign | 0x7c00
	}
	i := sort.SearchFloat64s(f16Table, x)
	if i >= len(f16Table) {
		return sign | 0x7bff
	}
	if f16Table[i] == x || i == 0 {
		return sign | uint32(i)
	}
	lo, hi := f16Table[i-1], f16Table[i]
	switch {
	case x-lo < hi-x:
		return sign | uint32(i-1)
	case x-lo > hi-x:
		return sign | uint32(i)
	}
	if (i-1)%2 == 0 {
		return sign | uint32(i-1)
	}
	return sign | uint32(i)
}

// Exact arithmetic with big.Float, rounded once to the target.
func bigF(x float64) *big.Float { return new(big.Float).SetPrec(2000).SetFloat64(x) }

func tfma32(a, b, c uint32) uint32 {
	x, y, z := float64(tf32(a)), float64(tf32(b)), float64(tf32(c))
	if math.IsNaN(x) || math.IsNaN(y) || math.IsNaN(z) || math.IsInf(x, 0) || math.IsInf(y, 0) || math.IsInf(z, 0) {
		return tb32(float32(x*y + z))
	}
	p := new(big.Float).SetPrec(2000).Mul(bigF(x), bigF(y))
	s := new(big.Float).SetPrec(2000).Add(p, bigF(z))
	if s.Sign() == 0 {
		// exact zero: IEEE sign rules (x*y and z of opposite signs give +0)
		return tb32(float32(x*y) + float32(z))
	}
	f, _ := s.Float32()
	return tb32(f)
}

func tfma16(a, b, c uint32) uint32 {
	x, y, z := tf16(a), tf16(b), tf16(c)
	if math.IsNaN(x) || math.IsNaN(y) || math.IsNaN(z) || math.IsInf(x, 0) || math.IsInf(y, 0) || math.IsInf(z, 0) {
		return tround16(x*y+z, false)
	}
	p := new(big.Float).SetPrec(2000).Mul(bigF(x), bigF(y))
	s := new(big.Float).SetPrec(2000).Add(p, bigF(z))
	if s.Sign() == 0 {
		return tround16(x*y+z, false)
	}
	// s has at most ~80 significant bits; float64 of it may round, so
	// decide the f16 rounding from the exact value: round to nearest even
	// among the two f16 neighbours of the float64 approximation.
	f, _ := s.Float64()
	h := tround16(f, false)
	if math.IsInf(tf16(h), 0) {
		return h
	}
	// check the neighbours against the exact value
	best := h
	bestD := new(big.Float).SetPrec(2000).Sub(s, bigF(tf16(h)))
	bestD.Abs(bestD)
	for _, d := range []int{-1, 1} {
		n := uint32(int(h) + d)
		if n&0x7fff > 0x7bff || (h&0x7fff == 0 && d == -1) {
			continue
		}
		diff := new(big.Float).SetPrec(2000).Sub(s, bigF(tf16(n)))
		diff.Abs(diff)
		if c := diff.Cmp(bestD); c < 0 || c == 0 && n&1 == 0 {
			best, bestD = n, diff
		}
	}
	return best
}

// ulpClose reports whether two f32 results are within one unit in the
// last place (both NaN counts as equal).
func ulpClose32(got, want uint32) bool {
	if tnan32(want) || tnan32(got) {
		return tnan32(want) && tnan32(got)
	}
	if got == want {
		return true
	}
	if got>>31 != want>>31 {
		return got&0x7fffffff == 0 && want&0x7fffffff == 0
	}
	d := int64(got&0x7fffffff) - int64(want&0x7fffffff)
	return d >= -1 && d <= 1
}

func ulpClose16(got, want uint32) bool {
	got, want = got&0xffff, want&0xffff
	if tnan16(want) || tnan16(got) {
		return tnan16(want) && tnan16(got)
	}
	if got == want {
		return true
	}
	if got>>15 != want>>15 {
		return false
	}
	d := int64(got&0x7fff) - int64(want&0x7fff)
	return d >= -1 && d <= 1
}

// sameF32 compares f32 bits, counting any two NaNs as equal.
func sameF32(got, want uint32) bool {
	return got == want || tnan32(got) && tnan32(want)
}

func sameF16(got, want uint32) bool {
	got, want = got&0xffff, want&0xffff
	return got == want || tnan16(got) && tnan16(want)
}
