package sim

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/rand"
	"strings"
)

// Semantics tests of the instructions LLVM-compiled code needs beyond
// zincc's own kernels: 16-bit integer VALU operations, M0-relative moves,
// the v_s_* transcendentals, scalar f16 arithmetic, VOPD pairs, and the
// flat and scratch memory instructions. References are the test's own
// reading of the instruction definitions.

func llvmOpCases(rng *rand.Rand) []*scase {
	var cases []*scase
	cases = append(cases, valu16Cases(rng)...)
	cases = append(cases, movrelCases(rng)...)
	cases = append(cases, vsTransCases(rng)...)
	cases = append(cases, salu16Cases(rng)...)
	cases = append(cases, vopdCases(rng)...)
	cases = append(cases, scratchCases(rng)...)
	cases = append(cases, flatCases(rng)...)
	return cases
}

func lo16(x uint32) uint32 { return x & 0xffff }
func i16(x uint32) int32   { return int32(int16(x)) }

// satU16 and satI16 clamp an exact result to the u16 / i16 range.
func satU16(v int64) uint32 { return uint32(min(max(v, 0), 0xffff)) }
func satI16(v int64) uint32 { return uint32(min(max(v, -32768), 32767)) & 0xffff }

func valu16Cases(rng *rand.Rand) []*scase {
	ops := []vop{
		{name: "v_add_nc_u16", n: 2, gen: f3(gI), h16: true, ref: u2(func(a, b uint32) uint32 { return lo16(a + b) })},
		{name: "v_sub_nc_u16", n: 2, gen: f3(gI), h16: true, ref: u2(func(a, b uint32) uint32 { return lo16(a - b) })},
		{name: "v_add_nc_i16", n: 2, gen: f3(gI), h16: true, ref: u2(func(a, b uint32) uint32 { return lo16(a + b) })},
		{name: "v_sub_nc_i16", n: 2, gen: f3(gI), h16: true, ref: u2(func(a, b uint32) uint32 { return lo16(a - b) })},
		{name: "v_mul_lo_u16", n: 2, gen: f3(gI), h16: true, ref: u2(func(a, b uint32) uint32 { return lo16(a * b) })},
		{name: "v_max_u16", n: 2, gen: f3(gI), h16: true, ref: u2(func(a, b uint32) uint32 { return max(lo16(a), lo16(b)) })},
		{name: "v_min_u16", n: 2, gen: f3(gI), h16: true, ref: u2(func(a, b uint32) uint32 { return min(lo16(a), lo16(b)) })},
		{name: "v_max_i16", n: 2, gen: f3(gI), h16: true, ref: u2(func(a, b uint32) uint32 { return lo16(uint32(max(i16(a), i16(b)))) })},
		{name: "v_min_i16", n: 2, gen: f3(gI), h16: true, ref: u2(func(a, b uint32) uint32 { return lo16(uint32(min(i16(a), i16(b)))) })},
		{name: "v_lshlrev_b16", n: 2, gen: f3(gI), h16: true, ref: u2(func(a, b uint32) uint32 { return lo16(b << (a % 16)) })},
		{name: "v_lshrrev_b16", n: 2, gen: f3(gI), h16: true, ref: u2(func(a, b uint32) uint32 { return lo16(b) >> (a % 16) })},
		{name: "v_ashrrev_i16", n: 2, gen: f3(gI), h16: true, ref: u2(func(a, b uint32) uint32 { return lo16(uint32(i16(b) >> (a % 16))) })},
		{name: "v_mad_u16", n: 3, gen: f3(gI), h16: true, ref: func(a, b, c uint32) uint32 { return lo16(a*b + c) }},
		{name: "v_mad_i16", n: 3, gen: f3(gI), h16: true, ref: func(a, b, c uint32) uint32 { return lo16(a*b + c) }},
		// clamp saturates the exact result
		{name: "v_add_nc_u16", n: 2, gen: f3(gI), h16: true, asm: "v_add_nc_u16 v1, v2, v3 clamp",
			ref: u2(func(a, b uint32) uint32 { return satU16(int64(lo16(a)) + int64(lo16(b))) })},
		{name: "v_sub_nc_u16", n: 2, gen: f3(gI), h16: true, asm: "v_sub_nc_u16 v1, v2, v3 clamp",
			ref: u2(func(a, b uint32) uint32 { return satU16(int64(lo16(a)) - int64(lo16(b))) })},
		{name: "v_add_nc_i16", n: 2, gen: f3(gI), h16: true, asm: "v_add_nc_i16 v1, v2, v3 clamp",
			ref: u2(func(a, b uint32) uint32 { return satI16(int64(i16(a)) + int64(i16(b))) })},
		{name: "v_sub_nc_i16", n: 2, gen: f3(gI), h16: true, asm: "v_sub_nc_i16 v1, v2, v3 clamp",
			ref: u2(func(a, b uint32) uint32 { return satI16(int64(i16(a)) - int64(i16(b))) })},
		{name: "v_mad_u16", n: 3, gen: f3(gI), h16: true, asm: "v_mad_u16 v1, v2, v3, v4 clamp",
			ref: func(a, b, c uint32) uint32 { return satU16(int64(lo16(a))*int64(lo16(b)) + int64(lo16(c))) }},
		{name: "v_mad_i16", n: 3, gen: f3(gI), h16: true, asm: "v_mad_i16 v1, v2, v3, v4 clamp",
			ref: func(a, b, c uint32) uint32 { return satI16(int64(i16(a))*int64(i16(b)) + int64(i16(c))) }},
		// a float inline constant reads as its f16 bits (0.5 = 0x3800)
		{name: "v_add_nc_u16", n: 2, gen: f3(gI), h16: true, asm: "v_add_nc_u16 v1, 0.5, v3",
			ref: u2(func(_, b uint32) uint32 { return lo16(0x3800 + b) })},
		{name: "v_max_i16", n: 2, gen: f3(gI), h16: true, asm: "v_max_i16 v1, -5, v3",
			ref: u2(func(_, b uint32) uint32 { return lo16(uint32(max(-5, i16(b)))) })},
		// conversions: integers to f16 round to nearest even; f16 to
		// integers truncate and saturate, NaN giving 0
		{name: "v_cvt_f16_i16", n: 1, gen: f3(gI), h16: true, ref: u1(func(a uint32) uint32 { return tround16(float64(int16(a)), false) })},
		{name: "v_cvt_f16_u16", n: 1, gen: f3(gI), h16: true, ref: u1(func(a uint32) uint32 { return tround16(float64(uint16(a)), false) })},
		{name: "v_cvt_i16_f16", n: 1, gen: f3(gH), h16: true, ref: u1(func(a uint32) uint32 {
			x := tf16(a)
			switch {
			case math.IsNaN(x):
				return 0
			case x >= 32767:
				return 0x7fff
			case x <= -32768:
				return 0x8000
			}
			return lo16(uint32(int32(math.Trunc(x))))
		})},
		{name: "v_cvt_u16_f16", n: 1, gen: f3(gH), h16: true, ref: u1(func(a uint32) uint32 {
			x := tf16(a)
			switch {
			case math.IsNaN(x) || x <= 0:
				return 0
			case x >= 65535:
				return 0xffff
			}
			return uint32(math.Trunc(x))
		})},
		{name: "v_cvt_i32_i16", n: 1, gen: f3(gI), ref: u1(func(a uint32) uint32 { return uint32(i16(a)) })},
		{name: "v_cvt_u32_u16", n: 1, gen: f3(gI), ref: u1(lo16)},
	}
	var cases []*scase
	for _, op := range ops {
		for _, w64 := range []bool{false, true} {
			c := valuCase(op, w64, rng)
			c.name += " " + op.asm
			cases = append(cases, c)
		}
	}
	// op_sel picks the high halves of sources and of the destination.
	for _, w64 := range []bool{false, true} {
		c := newCase("v_add_nc_u16 op_sel", "v_add_nc_u16 v1, v2, v3 op_sel:[1,0,1]", w64, rng)
		for l := 0; l < c.lanes(); l++ {
			if c.active(l) {
				c.want.v[0][l] = c.in.v[0][l]&0xffff | lo16(c.in.v[1][l]>>16+c.in.v[2][l])<<16
			}
		}
		cases = append(cases, c)
		c = newCase("v_mad_u16 op_sel", "v_mad_u16 v1, v2, v3, v4 op_sel:[0,1,1,0]", w64, rng)
		for l := 0; l < c.lanes(); l++ {
			if c.active(l) {
				a, b, d := c.in.v[1][l], c.in.v[2][l]>>16, c.in.v[3][l]>>16
				c.want.v[0][l] = c.in.v[0][l]&0xffff0000 | lo16(a*b+d)
			}
		}
		cases = append(cases, c)
	}
	return cases
}

func movrelCases(rng *rand.Rand) []*scase {
	var cases []*scase
	for _, w64 := range []bool{false, true} {
		c := newCase("v_movrels_b32", "s_mov_b32 m0, 3\nv_movrels_b32 v1, v2", w64, rng)
		for l := 0; l < c.lanes(); l++ {
			if c.active(l) {
				c.want.v[0][l] = c.in.v[4][l] // v(2+3)
			}
		}
		cases = append(cases, c)
		c = newCase("v_movreld_b32", "s_mov_b32 m0, 2\nv_movreld_b32 v4, v1", w64, rng)
		for l := 0; l < c.lanes(); l++ {
			if c.active(l) {
				c.want.v[5][l] = c.in.v[0][l] // v(4+2) = v1
			}
		}
		cases = append(cases, c)
		c = newCase("v_movreld_b32 scalar", "s_mov_b32 m0, 1\nv_movreld_b32 v6, s7", w64, rng)
		for l := 0; l < c.lanes(); l++ {
			if c.active(l) {
				c.want.v[6][l] = c.in.s[3]
			}
		}
		cases = append(cases, c)
	}
	c := newCase("v_movrels_b32 past the allocation", "s_mov_b32 m0, 300\nv_movrels_b32 v1, v2", false, rng)
	c.wantErr = "reads VGPR 302"
	cases = append(cases, c)
	return cases
}

func vsTransCases(rng *rand.Rand) []*scase {
	f := func(x float32) uint32 { return math.Float32bits(x) }
	type tc struct {
		asm     string
		in, out uint32
	}
	// Exact results only: powers of two and special values, whose
	// definitions fix the answer.
	tcs := []tc{
		{"v_s_exp_f32 s5, s6", f(3), f(8)},
		{"v_s_exp_f32 s5, s6", f(float32(math.Inf(-1))), 0},
		{"v_s_exp_f32 s5, s6 clamp", f(1), f(1)},
		{"v_s_log_f32 s5, s6", f(8), f(3)},
		{"v_s_log_f32 s5, s6", 0, f(float32(math.Inf(-1)))},
		{"v_s_rcp_f32 s5, s6", f(4), f(0.25)},
		{"v_s_rcp_f32 s5, s6", 0x80000000, f(float32(math.Inf(-1)))},
		{"v_s_rcp_f32 s5, |s6| mul:2", f(-4), f(0.5)},
		{"v_s_rsq_f32 s5, s6", f(4), f(0.5)},
		{"v_s_rsq_f32 s5, s6 div:2", f(0.25), f(1)},
		{"v_s_sqrt_f32 s5, s6", f(16), f(4)},
		{"v_s_sqrt_f32 s5, -s6", f(-16), f(4)},
		{"v_s_sqrt_f32 s5, s6", f(float32(math.Inf(1))), f(float32(math.Inf(1)))},
		// f16: the low half of the source, the result zero-extended
		{"v_s_exp_f16 s5, s6", 0xabcd4200, 0x4800},
		{"v_s_log_f16 s5, s6", 0x12344800, 0x4200},
		{"v_s_rcp_f16 s5, s6", 0x4400, 0x3400},
		{"v_s_rcp_f16 s5, -s6", 0xffff4400, 0xb400},
		{"v_s_rsq_f16 s5, s6", 0x4400, 0x3800},
		{"v_s_sqrt_f16 s5, s6", 0x4c00, 0x4400},
		{"v_s_sqrt_f16 s5, s6 mul:4", 0x4c00, 0x4c00},
	}
	var cases []*scase
	for _, t := range tcs {
		c := newCase(fmt.Sprintf("%s (%#x)", t.asm, t.in), t.asm, false, rng)
		c.in.s[2] = t.in
		c.want = c.in
		c.want.s[1] = t.out
		cases = append(cases, c)
	}
	return cases
}

// genF16Finite returns f16 bits of a finite value (denormals and zeros
// included) in the low half and random high bits.
func genF16Finite(rng *rand.Rand) uint32 {
	h := genF16(rng)
	if h&0x7c00 == 0x7c00 {
		h &^= 0x4000
	}
	return h | rng.Uint32()<<16
}

func salu16Cases(rng *rand.Rand) []*scase {
	var cases []*scase
	bin := func(name string, ref func(a, b uint32) uint32) {
		for i := 0; i < 24; i++ {
			asm := name + " s5, s6, s7"
			c := newCase(asm, asm, false, rng)
			c.in.s[2], c.in.s[3] = genF16Finite(rng), genF16Finite(rng)
			c.want = c.in
			c.want.s[1] = ref(c.in.s[2]&0xffff, c.in.s[3]&0xffff)
			cases = append(cases, c)
		}
	}
	bin("s_add_f16", func(a, b uint32) uint32 { return tround16(tf16(a)+tf16(b), false) })
	bin("s_sub_f16", func(a, b uint32) uint32 { return tround16(tf16(a)-tf16(b), false) })
	bin("s_mul_f16", func(a, b uint32) uint32 { return tround16(tf16(a)*tf16(b), false) })
	bin("s_min_num_f16", func(a, b uint32) uint32 { return tminmax(a, b, true, false, false) })
	bin("s_max_num_f16", func(a, b uint32) uint32 { return tminmax(a, b, true, true, false) })
	bin("s_minimum_f16", func(a, b uint32) uint32 { return tminmax(a, b, true, false, true) })
	bin("s_maximum_f16", func(a, b uint32) uint32 { return tminmax(a, b, true, true, true) })
	for i := 0; i < 24; i++ {
		c := newCase("s_fmac_f16", "s_fmac_f16 s5, s6, s7", false, rng)
		c.in.s[1], c.in.s[2], c.in.s[3] = genF16Finite(rng), genF16Finite(rng), genF16Finite(rng)
		c.want = c.in
		c.want.s[1] = tfma16(c.in.s[2], c.in.s[3], c.in.s[1]) & 0xffff
		cases = append(cases, c)
	}
	for i := 0; i < 24; i++ {
		// K is the literal; the other two are SGPRs (s_fmamk: S0 * K + S1)
		const k = 0x40490fdb
		ak := newCase("s_fmaak_f32", "s_fmaak_f32 s5, s6, s7, 0x40490fdb", false, rng)
		mk := newCase("s_fmamk_f32", "s_fmamk_f32 s5, s6, 0x40490fdb, s7", false, rng)
		for _, c := range []*scase{ak, mk} {
			c.in.s[2], c.in.s[3] = genF32(rng), genF32(rng)
			for tnan32(c.in.s[2]) || tnan32(c.in.s[3]) {
				c.in.s[2], c.in.s[3] = genF32(rng), genF32(rng)
			}
			c.want = c.in
		}
		ak.want.s[1] = tfma32(ak.in.s[2], ak.in.s[3], k)
		mk.want.s[1] = tfma32(mk.in.s[2], k, mk.in.s[3])
		for _, c := range []*scase{ak, mk} {
			if !tnan32(c.want.s[1]) { // inf*0: the NaN's payload is not pinned down
				cases = append(cases, c)
			}
		}
	}
	un := func(name string, gen func(*rand.Rand) uint32, ref func(a uint32) uint32) {
		for i := 0; i < 24; i++ {
			asm := name + " s5, s6"
			c := newCase(asm, asm, false, rng)
			c.in.s[2] = gen(rng)
			c.want = c.in
			c.want.s[1] = ref(c.in.s[2])
			cases = append(cases, c)
		}
	}
	finiteF32 := func(r *rand.Rand) uint32 {
		for {
			x := genF32(r)
			if !tnan32(x) {
				return x
			}
		}
	}
	un("s_cvt_f16_f32", finiteF32, func(a uint32) uint32 { return tround16(float64(tf32(a)), false) })
	un("s_cvt_f32_f16", genF16Finite, func(a uint32) uint32 { return tb32(float32(tf16(a & 0xffff))) })
	un("s_cvt_hi_f32_f16", func(r *rand.Rand) uint32 { return genF16Finite(r)<<16 | r.Uint32()&0xffff },
		func(a uint32) uint32 { return tb32(float32(tf16(a >> 16))) })
	for _, r := range []struct {
		name string
		f    func(float64) float64
	}{{"s_ceil_f16", math.Ceil}, {"s_floor_f16", math.Floor}, {"s_trunc_f16", math.Trunc}, {"s_rndne_f16", math.RoundToEven}} {
		f := r.f
		un(r.name, genF16Finite, func(a uint32) uint32 { return tround16(f(tf16(a&0xffff)), false) })
	}
	// compares, NaNs included (the result is only SCC)
	preds := map[string]func(x, y float64) bool{
		"lt": func(x, y float64) bool { return x < y }, "eq": func(x, y float64) bool { return x == y },
		"le": func(x, y float64) bool { return x <= y }, "gt": func(x, y float64) bool { return x > y },
		"lg": func(x, y float64) bool { return x < y || x > y }, "ge": func(x, y float64) bool { return x >= y },
		"o": func(x, y float64) bool { return !math.IsNaN(x) && !math.IsNaN(y) }, "u": func(x, y float64) bool { return math.IsNaN(x) || math.IsNaN(y) },
		"nge": func(x, y float64) bool { return !(x >= y) }, "nlg": func(x, y float64) bool { return !(x < y || x > y) },
		"ngt": func(x, y float64) bool { return !(x > y) }, "nle": func(x, y float64) bool { return !(x <= y) },
		"neq": func(x, y float64) bool { return x != y }, "nlt": func(x, y float64) bool { return !(x < y) },
	}
	for p, f := range preds {
		for i := 0; i < 12; i++ {
			asm := "s_cmp_" + p + "_f16 s6, s7"
			c := newCase(asm, asm, false, rng)
			c.in.s[2], c.in.s[3] = genF16(rng)|rng.Uint32()<<16, genF16(rng)|rng.Uint32()<<16
			if i%3 == 0 {
				c.in.s[3] = c.in.s[2]&0xffff | rng.Uint32()<<16 // equal halves
			}
			c.want = c.in
			c.want.scc = 0
			if f(tf16(c.in.s[2]), tf16(c.in.s[3])) {
				c.want.scc = 1
			}
			cases = append(cases, c)
		}
	}
	return cases
}

func vopdCases(rng *rand.Rand) []*scase {
	var cases []*scase
	const k = 0x40490fdb // the literal of the fmaak/fmamk cases
	// X operations, each paired with a Y mov: v1 = X(v2, v3) and v4 = v5.
	xs := []struct {
		asm string
		ref func(d, a, b uint32, vcc bool) uint32
		f   bool // compare as floats (any NaN matches any NaN)
	}{
		{"v_dual_fmac_f32 v1, v2, v3", func(d, a, b uint32, _ bool) uint32 { return tfma32(a, b, d) }, true},
		{"v_dual_fmaak_f32 v1, v2, v3, 0x40490fdb", func(_, a, b uint32, _ bool) uint32 { return tfma32(a, b, k) }, true},
		{"v_dual_fmamk_f32 v1, v2, 0x40490fdb, v3", func(_, a, b uint32, _ bool) uint32 { return tfma32(a, k, b) }, true},
		{"v_dual_mul_f32 v1, v2, v3", func(_, a, b uint32, _ bool) uint32 { return tb32(tf32(a) * tf32(b)) }, true},
		{"v_dual_add_f32 v1, v2, v3", func(_, a, b uint32, _ bool) uint32 { return tb32(tf32(a) + tf32(b)) }, true},
		{"v_dual_sub_f32 v1, v2, v3", func(_, a, b uint32, _ bool) uint32 { return tb32(tf32(a) - tf32(b)) }, true},
		{"v_dual_subrev_f32 v1, v2, v3", func(_, a, b uint32, _ bool) uint32 { return tb32(tf32(b) - tf32(a)) }, true},
		{"v_dual_mul_dx9_zero_f32 v1, v2, v3", func(_, a, b uint32, _ bool) uint32 {
			if tf32(a) == 0 || tf32(b) == 0 {
				return 0
			}
			return tb32(tf32(a) * tf32(b))
		}, true},
		{"v_dual_mov_b32 v1, v2", func(_, a, _ uint32, _ bool) uint32 { return a }, false},
		{"v_dual_cndmask_b32 v1, v2, v3", func(_, a, b uint32, vcc bool) uint32 {
			if vcc {
				return b
			}
			return a
		}, false},
		{"v_dual_max_num_f32 v1, v2, v3", func(_, a, b uint32, _ bool) uint32 { return tminmax(a, b, false, true, false) }, true},
		{"v_dual_min_num_f32 v1, v2, v3", func(_, a, b uint32, _ bool) uint32 { return tminmax(a, b, false, false, false) }, true},
	}
	for _, x := range xs {
		asm := x.asm + " :: v_dual_mov_b32 v4, v5"
		c := newCase(asm, asm, false, rng)
		for l := 0; l < 32; l++ {
			c.in.v[0][l], c.in.v[1][l], c.in.v[2][l] = genF32(rng), genF32(rng), genF32(rng)
		}
		c.want = c.in
		for l := 0; l < 32; l++ {
			if c.active(l) {
				c.want.v[0][l] = x.ref(c.in.v[0][l], c.in.v[1][l], c.in.v[2][l], c.in.vcc>>uint(l)&1 != 0)
				c.want.v[3][l] = c.in.v[4][l]
			}
		}
		if x.f {
			c.vtol = func(r, _ int, got, want uint32) bool { return r == 0 && sameF32(got, want) }
		}
		cases = append(cases, c)
	}
	// Y-only operations: v1 = v2 and v4 = Y(v5, v7) (different banks).
	ys := []struct {
		asm string
		ref func(a, b uint32) uint32
	}{
		{"v_dual_add_nc_u32 v4, v5, v7", func(a, b uint32) uint32 { return a + b }},
		{"v_dual_lshlrev_b32 v4, v5, v7", func(a, b uint32) uint32 { return b << (a & 31) }},
		{"v_dual_and_b32 v4, v5, v7", func(a, b uint32) uint32 { return a & b }},
		{"v_dual_add_nc_u32 v4, 17, v7", func(_, b uint32) uint32 { return 17 + b }},
	}
	for _, y := range ys {
		asm := "v_dual_mov_b32 v1, v2 :: " + y.asm
		c := newCase(asm, asm, false, rng)
		for l := 0; l < 32; l++ {
			if c.active(l) {
				c.want.v[0][l] = c.in.v[1][l]
				c.want.v[3][l] = y.ref(c.in.v[4][l], c.in.v[6][l])
			}
		}
		cases = append(cases, c)
	}
	// a shared literal in both operations
	c := newCase("vopd shared literal", "v_dual_fmaak_f32 v1, v2, v3, 0x40490fdb :: v_dual_mov_b32 v4, 0x40490fdb", false, rng)
	for l := 0; l < 32; l++ {
		c.in.v[1][l], c.in.v[2][l] = genF32(rng), genF32(rng)
	}
	c.want = c.in
	for l := 0; l < 32; l++ {
		if c.active(l) {
			c.want.v[0][l] = tfma32(c.in.v[1][l], c.in.v[2][l], k)
			c.want.v[3][l] = k
		}
	}
	c.vtol = func(r, _ int, got, want uint32) bool { return r == 0 && sameF32(got, want) }
	cases = append(cases, c)
	// Both operations read their sources first: Y sees X's destination
	// before X writes it (LLVM pairs such instructions).
	c = newCase("vopd Y reads X's destination", "v_dual_mov_b32 v1, v2 :: v_dual_add_nc_u32 v4, v1, v7", false, rng)
	for l := 0; l < 32; l++ {
		if c.active(l) {
			c.want.v[0][l] = c.in.v[1][l]
			c.want.v[3][l] = c.in.v[0][l] + c.in.v[6][l]
		}
	}
	cases = append(cases, c)
	c = newCase("vopd X reads Y's destination", "v_dual_mov_b32 v1, v4 :: v_dual_mov_b32 v4, v2", false, rng)
	for l := 0; l < 32; l++ {
		if c.active(l) {
			c.want.v[0][l] = c.in.v[3][l]
			c.want.v[3][l] = c.in.v[1][l]
		}
	}
	cases = append(cases, c)
	return cases
}

// scratchCases store and load through each lane's private segment. Every
// lane uses the same offsets: each must read back its own data.
func scratchCases(rng *rand.Rand) []*scase {
	var cases []*scase
	const priv = 256
	type width struct {
		sfx    string
		n      int
		signed bool
		d16    int
	}
	loads := []width{{"u8", 1, false, 0}, {"i8", 1, true, 0}, {"u16", 2, false, 0}, {"i16", 2, true, 0}, {"b32", 4, false, 0},
		{"b64", 8, false, 0}, {"b96", 12, false, 0}, {"b128", 16, false, 0}, {"d16_u8", 1, false, 1}, {"d16_i8", 1, true, 1},
		{"d16_b16", 2, false, 1}, {"d16_hi_u8", 1, false, 2}, {"d16_hi_i8", 1, true, 2}, {"d16_hi_b16", 2, false, 2}}
	stores := map[int]string{1: "b8", 2: "b16", 4: "b32", 8: "b64", 12: "b96", 16: "b128"}
	reg := func(r, n int) string {
		if n == 1 {
			return fmt.Sprintf("v%d", r)
		}
		return fmt.Sprintf("v[%d:%d]", r, r+n-1)
	}
	for i, ld := range loads {
		regs := (ld.n + 3) / 4
		// v5 holds the lane's bytes (random); store them at offset s6+v6+4
		// (SGPR plus VGPR plus offset), load at s6+v6+4 in the other form
		// (SGPR only: off, s7 = s6+v6 is uniform, so v6 is uniform here).
		st := fmt.Sprintf("scratch_store_%s v6, %s, s6 offset:4", stores[ld.n], reg(5, regs))
		lda := fmt.Sprintf("scratch_load_%s %s, off, s7 offset:4", ld.sfx, reg(1, regs))
		if i%2 == 1 {
			lda = fmt.Sprintf("scratch_load_%s %s, v6, off offset:%d", ld.sfx, reg(1, regs), 4)
		}
		asm := st + "\n" + lda
		c := newCase(asm, asm, i%3 == 0, rng)
		c.priv = priv
		off := uint32(8 * rng.Intn(16))
		c.in.s[2], c.in.s[3] = off/2, off/2+off/2 // s6, s7 = s6 + v6
		for l := 0; l < 64; l++ {
			c.in.v[5][l] = off / 2 // v6: the same offset in every lane
			if i%2 == 1 {
				c.in.v[5][l] = off
			}
		}
		if i%2 == 1 {
			c.in.s[2] = 0
		}
		c.want = c.in
		for l := 0; l < c.lanes(); l++ {
			if !c.active(l) {
				continue
			}
			var b [16]byte
			for k := 0; k < 4; k++ {
				binary.LittleEndian.PutUint32(b[4*k:], c.in.v[4+k][l]) // v5..v8 are the stored data
			}
			c.wantLoad(l, b[:ld.n], ld.signed, ld.d16)
		}
		cases = append(cases, c)
	}
	// the d16_hi stores write the high half of the data register
	for _, st := range []struct {
		sfx string
		n   int
	}{{"d16_hi_b8", 1}, {"d16_hi_b16", 2}} {
		asm := fmt.Sprintf("scratch_store_%s off, v5, s6\nscratch_load_u16 v1, off, s6", st.sfx)
		c := newCase(asm, asm, false, rng)
		c.priv = priv
		c.in.s[2] = 64
		c.want = c.in
		for l := 0; l < c.lanes(); l++ {
			if c.active(l) {
				mask := uint32(1)<<(8*st.n) - 1
				c.want.v[0][l] = c.in.v[4][l] >> 16 & mask // the other byte was zero
			}
		}
		cases = append(cases, c)
	}
	c := newCase("scratch past the segment", "scratch_load_b32 v1, off, s6 offset:254", false, rng)
	c.priv = priv
	c.in.s[2] = 0
	c.wantErr = "outside the work-item's 256-byte private segment"
	cases = append(cases, c)
	return cases
}

// flatCases run every flat instruction: global addresses through the
// global cases rewritten to flat form, and the LDS and private apertures.
func flatCases(rng *rand.Rand) []*scase {
	var cases []*scase
	for _, g := range globalCases(rng) {
		if c := flatFromGlobal(g); c != nil {
			cases = append(cases, c)
		}
	}
	// LDS through the shared aperture: store by flat, read back by ds.
	for _, w64 := range []bool{false, true} {
		asm := "s_mov_b64 s[8:9], src_shared_base\nv_mov_b32 v6, s9\nflat_store_b32 v[5:6], v1 offset:8\ns_wait_storecnt 0\nds_load_b32 v2, v5 offset:8\ns_wait_dscnt 0\nv_mov_b32 v3, s9\nv_mov_b32 v4, s8"
		c := newCase("flat to LDS", asm, w64, rng)
		for l := 0; l < 64; l++ {
			c.in.v[4][l] = uint32(4 * l)
		}
		c.want = c.in
		c.want.s[4], c.want.s[5] = 0, sharedBaseHiTest
		for l := 0; l < c.lanes(); l++ {
			if c.active(l) {
				c.want.v[5][l] = sharedBaseHiTest
				c.want.v[2][l] = sharedBaseHiTest
				c.want.v[3][l] = 0
				c.want.v[1][l] = c.in.v[0][l]
			}
		}
		cases = append(cases, c)
	}
	// Private memory through the private aperture: store by flat, load by
	// scratch, and the other way round.
	for _, w64 := range []bool{false, true} {
		asm := "s_mov_b64 s[8:9], src_private_base\nv_mov_b32 v6, s9\nflat_store_b32 v[5:6], v1\nscratch_load_b32 v2, v5, off\nscratch_store_b32 v5, v3, off offset:4\nflat_load_b32 v4, v[5:6] offset:4"
		c := newCase("flat to private", asm, w64, rng)
		c.priv = 64
		for l := 0; l < 64; l++ {
			c.in.v[4][l] = uint32(8 * (l % 7))
		}
		c.want = c.in
		c.want.s[4], c.want.s[5] = 0, privateBaseHiTest
		for l := 0; l < c.lanes(); l++ {
			if c.active(l) {
				c.want.v[5][l] = privateBaseHiTest
				c.want.v[1][l] = c.in.v[0][l]
				c.want.v[3][l] = c.in.v[2][l]
			}
		}
		cases = append(cases, c)
	}
	return cases
}

// The aperture high words, as Linux sets them up (gmc_v9_0.c) and the
// emulator reports them.
const (
	sharedBaseHiTest  = 0x20000000
	privateBaseHiTest = 0x10000000
)

// flatFromGlobal turns a global case that addresses memory through a
// VGPR pair ("v[5:6], off") or through s[4:5] plus v5 into the same case
// with flat addressing: the pair v[5:6] then holds the full address.
func flatFromGlobal(g *scase) *scase {
	f := strings.Fields(g.asm)
	if len(f) == 0 || !strings.HasPrefix(f[0], "global_") || strings.Contains(f[0], "global_inv") || strings.Contains(f[0], "global_wb") {
		return nil
	}
	c := *g
	c.ops, c.passed = nil, false
	c.name = "flat " + g.name
	asm := "flat_" + strings.TrimPrefix(g.asm, "global_")
	switch {
	case strings.Contains(asm, "v[5:6], off"):
		asm = strings.Replace(asm, "v[5:6], off", "v[5:6]", 1)
	case strings.Contains(asm, " v5, ") && strings.Contains(asm, ", s[4:5]"):
		if g.in.s[0] != lo32(testMemVA) || g.in.s[1] != uint32(testMemVA>>32) {
			return nil
		}
		asm = strings.Replace(strings.Replace(asm, " v5, ", " v[5:6], ", 1), ", s[4:5]", "", 1)
		rtn := strings.Contains(asm, "TH_ATOMIC_RETURN")
		for l := 0; l < 64; l++ {
			a := testMemVA + uint64(c.in.v[4][l])
			c.in.v[4][l], c.in.v[5][l] = uint32(a), uint32(a>>32)
			c.want.v[4][l] = c.in.v[4][l]
			active := l < c.lanes() && c.active(l)
			if !rtn || !active {
				c.want.v[5][l] = c.in.v[5][l]
			}
		}
	default:
		return nil
	}
	c.asm = asm
	return &c
}
