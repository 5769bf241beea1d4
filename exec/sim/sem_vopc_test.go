package sim

import (
	"fmt"
	"math"
	"math/rand"
	"sort"
)

func sortedKeys[V any](m map[string]V) []string {
	var k []string
	for s := range m {
		k = append(k, s)
	}
	sort.Strings(k)
	return k
}

var specialF64 = []uint64{0, 1 << 63, 0x3ff0000000000000, 0xbff0000000000000, 0x7ff0000000000000, 0xfff0000000000000,
	0x7ff8000000000000, 0xfff8000000000001, 0x7ff0000000000001, 1, 0x800fffffffffffff, 0x7fefffffffffffff,
	0x0010000000000000, 0x3fe0000000000000, 0x4000000000000000, 0x400921fb54442d18}

func genF64(rng *rand.Rand) uint64 {
	switch rng.Intn(8) {
	case 0, 1:
		return specialF64[rng.Intn(len(specialF64))]
	case 2:
		return rng.Uint64()
	}
	v := (1 + rng.Float64()) * math.Ldexp(1, rng.Intn(80)-40)
	if rng.Intn(2) == 0 {
		v = -v
	}
	return math.Float64bits(v)
}

func genI64(rng *rand.Rand) uint64 {
	switch rng.Intn(6) {
	case 0:
		return []uint64{0, 1, ^uint64(0), 1 << 63, 1<<63 - 1, 1 << 32, 0xffffffff}[rng.Intn(7)]
	case 1:
		return uint64(int64(int32(rng.Uint32())))
	}
	return rng.Uint64()
}

// testFloatPreds are the float compare predicates (NaN compares
// unordered).
var testFloatPreds = map[string]func(a, b float64) bool{
	"lt": func(a, b float64) bool { return a < b }, "eq": func(a, b float64) bool { return a == b },
	"le": func(a, b float64) bool { return a <= b }, "gt": func(a, b float64) bool { return a > b },
	"lg": func(a, b float64) bool { return a < b || b < a }, "ge": func(a, b float64) bool { return a >= b },
	"o": func(a, b float64) bool { return !math.IsNaN(a) && !math.IsNaN(b) }, "u": func(a, b float64) bool { return math.IsNaN(a) || math.IsNaN(b) },
	"nge": func(a, b float64) bool { return !(a >= b) }, "nlg": func(a, b float64) bool { return !(a < b || b < a) },
	"ngt": func(a, b float64) bool { return !(a > b) }, "nle": func(a, b float64) bool { return !(a <= b) },
	"neq": func(a, b float64) bool { return a != b }, "nlt": func(a, b float64) bool { return !(a < b) },
}

var testIntPreds = map[string]func(c int) bool{
	"lt": func(c int) bool { return c < 0 }, "eq": func(c int) bool { return c == 0 }, "le": func(c int) bool { return c <= 0 },
	"gt": func(c int) bool { return c > 0 }, "ne": func(c int) bool { return c != 0 }, "ge": func(c int) bool { return c >= 0 },
}

func cmp3[T int64 | uint64](a, b T) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// tclass is V_CMP_CLASS from the value's fields: bit 0 signalling NaN, 1
// quiet NaN, 2 -inf, 3 -normal, 4 -denormal, 5 -0, 6 +0, 7 +denormal,
// 8 +normal, 9 +inf.
func tclass(sign bool, expAllOnes, expZero, manZero, quiet bool, mask uint32) bool {
	var bit int
	switch {
	case expAllOnes && !manZero && !quiet:
		bit = 0
	case expAllOnes && !manZero:
		bit = 1
	case expAllOnes:
		bit = 9
		if sign {
			bit = 2
		}
	case !expZero:
		bit = 8
		if sign {
			bit = 3
		}
	case !manZero:
		bit = 7
		if sign {
			bit = 4
		}
	default:
		bit = 6
		if sign {
			bit = 5
		}
	}
	return mask>>bit&1 != 0
}

// cmpCase is one compare in one of its three forms: e32 (writes VCC),
// e64 (writes s16 or s[16:17]) and v_cmpx (writes EXEC).
func cmpCase(pred, typ string, form int, w64 bool, rng *rand.Rand, f func(a, b uint64) bool) *scase {
	name := "v_cmp_" + pred + "_" + typ
	if form == 2 {
		name = "v_cmpx_" + pred + "_" + typ
	}
	wide := typ == "f64" || typ == "i64" || typ == "u64"
	srcs := "v2, v3"
	if wide {
		srcs = "v[2:3], v[4:5]"
	}
	if typ == "f64" && pred == "class" {
		srcs = "v[2:3], v4"
	}
	vcc, sd := "vcc_lo", "s16"
	if w64 {
		vcc, sd = "vcc", "s[16:17]"
	}
	var asm string
	switch form {
	case 0:
		asm = fmt.Sprintf("%s %s, %s", name, vcc, srcs)
	case 1:
		asm = fmt.Sprintf("%s_e64 %s, %s", name, sd, srcs)
	case 2:
		asm = fmt.Sprintf("%s %s", name, srcs)
	}
	c := newCase(fmt.Sprintf("%s/%d/w%d", name, form, c32or64(w64)), asm, w64, rng)
	for l := 0; l < 64; l++ {
		switch {
		case pred == "class":
			switch typ {
			case "f32":
				c.in.v[1][l] = genF32(rng)
			case "f16":
				c.in.v[1][l] = genF16(rng) | rng.Uint32()&0xffff0000
			case "f64":
				x := genF64(rng)
				c.in.v[1][l], c.in.v[2][l] = uint32(x), uint32(x>>32)
			}
			m := uint32(rng.Intn(1024))
			if typ == "f64" {
				c.in.v[3][l] = m
			} else {
				c.in.v[2][l] = m
			}
		case typ == "f32":
			c.in.v[1][l], c.in.v[2][l] = genF32(rng), genF32(rng)
			if rng.Intn(4) == 0 {
				c.in.v[2][l] = c.in.v[1][l]
			}
		case typ == "f16":
			c.in.v[1][l], c.in.v[2][l] = genF16(rng)|rng.Uint32()<<16, genF16(rng)|rng.Uint32()<<16
			if rng.Intn(4) == 0 {
				c.in.v[2][l] = c.in.v[1][l]
			}
		case typ == "f64" || typ == "i64" || typ == "u64":
			gen := genI64
			if typ == "f64" {
				gen = genF64
			}
			x, y := gen(rng), gen(rng)
			if rng.Intn(4) == 0 {
				y = x
			}
			c.in.v[1][l], c.in.v[2][l], c.in.v[3][l], c.in.v[4][l] = uint32(x), uint32(x>>32), uint32(y), uint32(y>>32)
		default:
			c.in.v[1][l], c.in.v[2][l] = genI32(rng), genI32(rng)
			if rng.Intn(4) == 0 {
				c.in.v[2][l] = c.in.v[1][l]
			}
		}
	}
	c.want = c.in
	var res uint64
	for l := 0; l < c.lanes(); l++ {
		if !c.active(l) {
			continue
		}
		var a, b uint64
		if wide {
			a = uint64(c.in.v[1][l]) | uint64(c.in.v[2][l])<<32
			b = uint64(c.in.v[3][l]) | uint64(c.in.v[4][l])<<32
			if pred == "class" {
				b = uint64(c.in.v[3][l])
			}
		} else {
			a, b = uint64(c.in.v[1][l]), uint64(c.in.v[2][l])
		}
		if f(a, b) {
			res |= 1 << l
		}
	}
	switch form {
	case 0:
		if w64 {
			c.want.vcc = res
		} else {
			c.want.vcc = c.in.vcc&^(1<<32-1) | res
		}
	case 1:
		c.want.s[12] = uint32(res)
		if w64 {
			c.want.s[13] = uint32(res >> 32)
		}
	case 2:
		if w64 {
			c.want.exec = res
		} else {
			c.want.exec = c.in.exec&^(1<<32-1) | res
		}
	}
	return c
}

func c32or64(w64 bool) int {
	if w64 {
		return 64
	}
	return 32
}

func vopcCases(rng *rand.Rand) []*scase {
	var cases []*scase
	add := func(pred, typ string, f func(a, b uint64) bool) {
		for form := 0; form < 3; form++ {
			for _, w64 := range []bool{false, true} {
				cases = append(cases, cmpCase(pred, typ, form, w64, rng, f))
			}
		}
	}
	for _, pred := range sortedKeys(testFloatPreds) {
		f := testFloatPreds[pred]
		add(pred, "f32", func(a, b uint64) bool { return f(float64(tf32(uint32(a))), float64(tf32(uint32(b)))) })
		add(pred, "f16", func(a, b uint64) bool { return f(tf16(uint32(a)), tf16(uint32(b))) })
		add(pred, "f64", func(a, b uint64) bool { return f(math.Float64frombits(a), math.Float64frombits(b)) })
	}
	for _, pred := range sortedKeys(testIntPreds) {
		f := testIntPreds[pred]
		add(pred, "i32", func(a, b uint64) bool { return f(cmp3(int64(int32(a)), int64(int32(b)))) })
		add(pred, "u32", func(a, b uint64) bool { return f(cmp3(uint64(uint32(a)), uint64(uint32(b)))) })
		add(pred, "i64", func(a, b uint64) bool { return f(cmp3(int64(a), int64(b))) })
		add(pred, "u64", func(a, b uint64) bool { return f(cmp3(a, b)) })
	}
	add("class", "f32", func(a, b uint64) bool {
		x := uint32(a)
		return tclass(x>>31 != 0, x>>23&255 == 255, x>>23&255 == 0, x&0x7fffff == 0, x&0x400000 != 0, uint32(b))
	})
	add("class", "f16", func(a, b uint64) bool {
		x := uint32(a) & 0xffff
		return tclass(x>>15 != 0, x>>10&31 == 31, x>>10&31 == 0, x&1023 == 0, x&0x200 != 0, uint32(b))
	})
	add("class", "f64", func(a, b uint64) bool {
		return tclass(a>>63 != 0, a>>52&2047 == 2047, a>>52&2047 == 0, a&(1<<52-1) == 0, a&(1<<51) != 0, uint32(b))
	})
	return cases
}
