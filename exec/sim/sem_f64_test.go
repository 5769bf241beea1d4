package sim

import (
	"fmt"
	"math"
	"math/big"
	"math/rand"
)

// 64-bit VALU tests: sources in v[1:2], v[3:4], v[5:6] (32-bit sources in
// v1, v3, v5), result in v[7:8] (or v7).
type vop64 struct {
	name string
	d    int    // result width: 32 or 64
	w    [3]int // source widths (0: absent)
	gen  [3]func(*rand.Rand) uint64
	ref  func(a, b, c uint64) uint64
	cmp  func(got, want uint64) bool
}

func tf64(x uint64) float64 { return math.Float64frombits(x) }
func tb64(f float64) uint64 { return math.Float64bits(f) }

func same64(got, want uint64) bool { return got == want || tnan64(got) && tnan64(want) }

func ulpClose64(got, want uint64) bool {
	if tnan64(got) || tnan64(want) {
		return tnan64(got) && tnan64(want)
	}
	if got == want {
		return true
	}
	if got>>63 != want>>63 {
		return false
	}
	d := int64(got&^(1<<63)) - int64(want&^(1<<63))
	return d >= -1 && d <= 1
}

var (
	gD   = genF64
	gL   = genI64
	gW   = func(r *rand.Rand) uint64 { return uint64(genI32(r)) }
	gWF  = func(r *rand.Rand) uint64 { return uint64(genF32(r)) }
	gS6  = func(r *rand.Rand) uint64 { return uint64(r.Uint32()&^63 | uint32(r.Intn(64))) }
	gExp = func(r *rand.Rand) uint64 { return uint64(uint32(int32(r.Intn(2200) - 1100))) }
)

func d1(f func(float64) float64) func(a, b, c uint64) uint64 {
	return func(a, _, _ uint64) uint64 { return tb64(f(tf64(a))) }
}

func tbigFMA64(a, b, c uint64) uint64 {
	x, y, z := tf64(a), tf64(b), tf64(c)
	if math.IsNaN(x) || math.IsNaN(y) || math.IsNaN(z) || math.IsInf(x, 0) || math.IsInf(y, 0) || math.IsInf(z, 0) {
		return tb64(x*y + z)
	}
	s := new(big.Float).SetPrec(5000).Add(new(big.Float).SetPrec(5000).Mul(bigF(x), bigF(y)), bigF(z))
	if s.Sign() == 0 {
		return tb64(x*y + z)
	}
	f, _ := s.Float64()
	return tb64(f)
}

func f64Ops() []vop64 {
	D := [3]func(*rand.Rand) uint64{gD, gD, gD}
	return []vop64{
		{name: "v_add_f64", d: 64, w: [3]int{64, 64}, gen: D, cmp: same64, ref: func(a, b, _ uint64) uint64 { return tb64(tf64(a) + tf64(b)) }},
		{name: "v_mul_f64", d: 64, w: [3]int{64, 64}, gen: D, cmp: same64, ref: func(a, b, _ uint64) uint64 { return tb64(tf64(a) * tf64(b)) }},
		{name: "v_fma_f64", d: 64, w: [3]int{64, 64, 64}, gen: D, cmp: same64, ref: tbigFMA64},
		{name: "v_min_num_f64", d: 64, w: [3]int{64, 64}, gen: D, cmp: same64, ref: func(a, b, _ uint64) uint64 { return tminmax64(a, b, false, false) }},
		{name: "v_max_num_f64", d: 64, w: [3]int{64, 64}, gen: D, cmp: same64, ref: func(a, b, _ uint64) uint64 { return tminmax64(a, b, true, false) }},
		{name: "v_minimum_f64", d: 64, w: [3]int{64, 64}, gen: D, cmp: same64, ref: func(a, b, _ uint64) uint64 { return tminmax64(a, b, false, true) }},
		{name: "v_maximum_f64", d: 64, w: [3]int{64, 64}, gen: D, cmp: same64, ref: func(a, b, _ uint64) uint64 { return tminmax64(a, b, true, true) }},
		{name: "v_ldexp_f64", d: 64, w: [3]int{64, 32}, gen: [3]func(*rand.Rand) uint64{gD, gExp}, cmp: same64, ref: func(a, b, _ uint64) uint64 {
			x := tf64(a)
			if math.IsNaN(x) || math.IsInf(x, 0) || x == 0 {
				return a
			}
			f, _ := new(big.Float).SetPrec(5000).SetMantExp(bigF(x), int(int32(b))).Float64()
			return tb64(f)
		}},
		{name: "v_lshlrev_b64", d: 64, w: [3]int{32, 64}, gen: [3]func(*rand.Rand) uint64{gS6, gL}, ref: func(a, b, _ uint64) uint64 { return b << (a % 64) }},
		{name: "v_lshrrev_b64", d: 64, w: [3]int{32, 64}, gen: [3]func(*rand.Rand) uint64{gS6, gL}, ref: func(a, b, _ uint64) uint64 { return b >> (a % 64) }},
		{name: "v_ashrrev_i64", d: 64, w: [3]int{32, 64}, gen: [3]func(*rand.Rand) uint64{gS6, gL}, ref: func(a, b, _ uint64) uint64 { return uint64(int64(b) >> (a % 64)) }},
		{name: "v_cvt_i32_f64", d: 32, w: [3]int{64}, gen: D, ref: func(a, _, _ uint64) uint64 { return uint64(tcvtI32(tf64(a))) }},
		{name: "v_cvt_u32_f64", d: 32, w: [3]int{64}, gen: D, ref: func(a, _, _ uint64) uint64 { return uint64(tcvtU32(tf64(a))) }},
		{name: "v_cvt_f64_i32", d: 64, w: [3]int{32}, gen: [3]func(*rand.Rand) uint64{gW}, ref: func(a, _, _ uint64) uint64 { return tb64(float64(int32(a))) }},
		{name: "v_cvt_f64_u32", d: 64, w: [3]int{32}, gen: [3]func(*rand.Rand) uint64{gW}, ref: func(a, _, _ uint64) uint64 { return tb64(float64(uint32(a))) }},
		{name: "v_cvt_f32_f64", d: 32, w: [3]int{64}, gen: D, cmp: func(g, w uint64) bool { return sameF32(uint32(g), uint32(w)) },
			ref: func(a, _, _ uint64) uint64 { return uint64(tb32(float32(tf64(a)))) }},
		{name: "v_cvt_f64_f32", d: 64, w: [3]int{32}, gen: [3]func(*rand.Rand) uint64{gWF}, cmp: same64,
			ref: func(a, _, _ uint64) uint64 { return tb64(float64(tf32(uint32(a)))) }},
		{name: "v_trunc_f64", d: 64, w: [3]int{64}, gen: D, cmp: same64, ref: d1(math.Trunc)},
		{name: "v_ceil_f64", d: 64, w: [3]int{64}, gen: D, cmp: same64, ref: d1(math.Ceil)},
		{name: "v_floor_f64", d: 64, w: [3]int{64}, gen: D, cmp: same64, ref: d1(math.Floor)},
		{name: "v_rndne_f64", d: 64, w: [3]int{64}, gen: D, cmp: same64, ref: d1(math.RoundToEven)},
		{name: "v_fract_f64", d: 64, w: [3]int{64}, gen: D, cmp: same64, ref: d1(func(x float64) float64 {
			if math.IsInf(x, 0) || math.IsNaN(x) {
				return math.NaN()
			}
			f, _ := new(big.Float).SetPrec(5000).Sub(bigF(x), bigF(math.Floor(x))).Float64()
			return f
		})},
		{name: "v_rcp_f64", d: 64, w: [3]int{64}, gen: D, cmp: ulpClose64, ref: d1(func(x float64) float64 { return 1 / x })},
		{name: "v_rsq_f64", d: 64, w: [3]int{64}, gen: D, cmp: ulpClose64, ref: d1(func(x float64) float64 {
			if x == 0 {
				return 1 / x
			}
			return 1 / math.Sqrt(x)
		})},
		{name: "v_sqrt_f64", d: 64, w: [3]int{64}, gen: D, cmp: ulpClose64, ref: d1(math.Sqrt)},
		{name: "v_frexp_mant_f64", d: 64, w: [3]int{64}, gen: D, cmp: same64, ref: d1(func(x float64) float64 {
			if math.IsInf(x, 0) || math.IsNaN(x) {
				return x
			}
			m, _ := math.Frexp(x)
			return m
		})},
		{name: "v_frexp_exp_i32_f64", d: 32, w: [3]int{64}, gen: D, ref: func(a, _, _ uint64) uint64 {
			x := tf64(a)
			if math.IsInf(x, 0) || math.IsNaN(x) {
				return 0
			}
			_, e := math.Frexp(x)
			return uint64(uint32(int32(e)))
		}},
		{name: "v_mad_co_u64_u32", d: 64, w: [3]int{32, 32, 64}, gen: [3]func(*rand.Rand) uint64{gW, gW, gL}, ref: func(a, b, c uint64) uint64 {
			return a*b + c
		}},
		{name: "v_mad_co_i64_i32", d: 64, w: [3]int{32, 32, 64}, gen: [3]func(*rand.Rand) uint64{gW, gW, gL}, ref: func(a, b, c uint64) uint64 {
			return uint64(int64(int32(a))*int64(int32(b))) + c
		}},
	}
}

func f64Case(op vop64, w64 bool, rng *rand.Rand) *scase {
	reg := func(i, w int) string {
		if w == 64 {
			return fmt.Sprintf("v[%d:%d]", i, i+1)
		}
		return fmt.Sprintf("v%d", i)
	}
	asm := op.name + " " + reg(7, op.d)
	if op.name == "v_mad_co_u64_u32" || op.name == "v_mad_co_i64_i32" {
		asm += ", null" // carry-out discarded; the carry test covers it
	}
	for i, w := range op.w {
		if w != 0 {
			asm += ", " + reg(1+2*i, w)
		}
	}
	c := newCase(fmt.Sprintf("%s/w%d", op.name, c32or64(w64)), asm, w64, rng)
	var src [3][64]uint64
	for l := 0; l < 64; l++ {
		for i, w := range op.w {
			if w == 0 {
				continue
			}
			v := op.gen[i](rng)
			src[i][l] = v
			c.in.v[2*i][l] = uint32(v)
			if w == 64 {
				c.in.v[2*i+1][l] = uint32(v >> 32)
			} else {
				src[i][l] = uint64(uint32(v))
			}
		}
	}
	c.want = c.in
	for l := 0; l < c.lanes(); l++ {
		if !c.active(l) {
			continue
		}
		r := op.ref(src[0][l], src[1][l], src[2][l])
		c.want.v[6][l] = uint32(r)
		if op.d == 64 {
			c.want.v[7][l] = uint32(r >> 32)
		}
	}
	if op.cmp != nil {
		cmp := op.cmp
		c.vcheck = func(l int, got [nHV]uint32) string {
			for r := 0; r < 6; r++ {
				if got[r] != c.want.v[r][l] {
					return fmt.Sprintf("v%d = %#x, want %#x", r+1, got[r], c.want.v[r][l])
				}
			}
			g := uint64(got[6]) | uint64(got[7])<<32
			w := uint64(c.want.v[6][l]) | uint64(c.want.v[7][l])<<32
			if op.d == 32 {
				if got[7] != c.want.v[7][l] {
					return fmt.Sprintf("v8 = %#x, want %#x", got[7], c.want.v[7][l])
				}
				g, w = g&m32, w&m32
			}
			if !cmp(g, w) {
				return fmt.Sprintf("result %#x, want %#x (inputs %#x %#x %#x)", g, w,
					uint64(c.in.v[0][l])|uint64(c.in.v[1][l])<<32, uint64(c.in.v[2][l])|uint64(c.in.v[3][l])<<32,
					uint64(c.in.v[4][l])|uint64(c.in.v[5][l])<<32)
			}
			return ""
		}
	}
	return c
}

func f64Cases(rng *rand.Rand) []*scase {
	var cases []*scase
	for _, op := range f64Ops() {
		for _, w64 := range []bool{false, true} {
			cases = append(cases, f64Case(op, w64, rng))
		}
	}
	return cases
}
