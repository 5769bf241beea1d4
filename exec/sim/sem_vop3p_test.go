package sim

import (
	"fmt"
	"math"
	"math/big"
	"math/rand"
)

// VOP3P tests: packed 16-bit operations with operand selection, mixed
// precision FMA and dot products.

type pkOp struct {
	name  string
	n     int
	float bool
	ref   func(a, b, c uint32) uint32 // one 16-bit half
	sat   func(v int64) uint32        // clamp: saturate an exact integer result (nil: no clamp case)
	exact func(a, b, c uint32) int64  // integer ops: the exact result of a half
}

// pkSel describes op_sel, op_sel_hi, neg_lo and neg_hi as bit masks.
type pkSel struct{ sel, selHi, neg, negHi uint32 }

func (s pkSel) asm(n int) string {
	list := func(m uint32) string {
		out := "["
		for i := 0; i < n; i++ {
			if i > 0 {
				out += ","
			}
			out += fmt.Sprint(m >> i & 1)
		}
		return out + "]"
	}
	t := fmt.Sprintf(" op_sel:%s op_sel_hi:%s", list(s.sel), list(s.selHi))
	if s.neg != 0 {
		t += " neg_lo:" + list(s.neg)
	}
	if s.negHi != 0 {
		t += " neg_hi:" + list(s.negHi)
	}
	return t
}

func pkOps() []pkOp {
	u := func(name string, n int, f func(a, b, c int64) int64, signed bool, clampable bool) pkOp {
		ext := func(x uint32) int64 {
			if signed {
				return int64(int16(x))
			}
			return int64(x & 0xffff)
		}
		o := pkOp{name: name, n: n, exact: func(a, b, c uint32) int64 { return f(ext(a), ext(b), ext(c)) }}
		o.ref = func(a, b, c uint32) uint32 { return uint32(o.exact(a, b, c)) & 0xffff }
		if clampable {
			o.sat = func(v int64) uint32 {
				lo, hi := int64(0), int64(0xffff)
				if signed {
					lo, hi = -32768, 32767
				}
				return uint32(max(lo, min(hi, v))) & 0xffff
			}
		}
		return o
	}
	f := func(name string, n int, ref func(a, b, c uint32) uint32) pkOp {
		return pkOp{name: name, n: n, float: true, ref: ref}
	}
	return []pkOp{
		u("v_pk_mad_i16", 3, func(a, b, c int64) int64 { return a*b + c }, true, true),
		u("v_pk_mad_u16", 3, func(a, b, c int64) int64 { return a*b + c }, false, true),
		u("v_pk_mul_lo_u16", 2, func(a, b, _ int64) int64 { return a * b }, false, false),
		u("v_pk_add_i16", 2, func(a, b, _ int64) int64 { return a + b }, true, true),
		u("v_pk_add_u16", 2, func(a, b, _ int64) int64 { return a + b }, false, true),
		u("v_pk_sub_i16", 2, func(a, b, _ int64) int64 { return a - b }, true, true),
		u("v_pk_sub_u16", 2, func(a, b, _ int64) int64 { return a - b }, false, true),
		u("v_pk_lshlrev_b16", 2, func(a, b, _ int64) int64 { return b << (a & 15) }, false, false),
		u("v_pk_lshrrev_b16", 2, func(a, b, _ int64) int64 { return b >> (a & 15) }, false, false),
		u("v_pk_ashrrev_i16", 2, func(a, b, _ int64) int64 { return b >> (a & 15) }, true, false),
		u("v_pk_max_i16", 2, func(a, b, _ int64) int64 { return max(a, b) }, true, false),
		u("v_pk_min_i16", 2, func(a, b, _ int64) int64 { return min(a, b) }, true, false),
		u("v_pk_max_u16", 2, func(a, b, _ int64) int64 { return max(a, b) }, false, false),
		u("v_pk_min_u16", 2, func(a, b, _ int64) int64 { return min(a, b) }, false, false),
		f("v_pk_fma_f16", 3, tfma16),
		f("v_pk_add_f16", 2, func(a, b, _ uint32) uint32 { return tround16(tf16(a)+tf16(b), false) }),
		f("v_pk_mul_f16", 2, func(a, b, _ uint32) uint32 { return tround16(tf16(a)*tf16(b), false) }),
		f("v_pk_min_num_f16", 2, func(a, b, _ uint32) uint32 { return tminmax(a, b, true, false, false) }),
		f("v_pk_max_num_f16", 2, func(a, b, _ uint32) uint32 { return tminmax(a, b, true, true, false) }),
		f("v_pk_minimum_f16", 2, func(a, b, _ uint32) uint32 { return tminmax(a, b, true, false, true) }),
		f("v_pk_maximum_f16", 2, func(a, b, _ uint32) uint32 { return tminmax(a, b, true, true, true) }),
	}
}

func pkCases(rng *rand.Rand) []*scase {
	var cases []*scase
	sels := []pkSel{{0, 7, 0, 0}, {1, 2, 0, 0}, {6, 5, 0, 0}}
	for _, op := range pkOps() {
		variants := sels
		if op.float {
			variants = append(variants, pkSel{0, 7, 1, 2}, pkSel{2, 7, 4, 1})
		}
		for vi, s := range variants {
			for _, clamp := range []bool{false, true} {
				if clamp && (op.float && vi > 0 || !op.float && op.sat == nil) {
					continue
				}
				srcs := "v1, v2, v3"
				if op.n == 3 {
					srcs = "v1, v2, v3, v4"
				}
				asm := op.name + " " + srcs + s.asm(op.n)
				if clamp {
					asm += " clamp"
				}
				c := newCase(fmt.Sprintf("%s/%d/%v", op.name, vi, clamp), asm, vi%2 == 1, rng)
				for l := 0; l < 64; l++ {
					for i := 0; i < op.n; i++ {
						if op.float {
							c.in.v[1+i][l] = genF16(rng) | genF16(rng)<<16
						} else {
							c.in.v[1+i][l] = genI32(rng)
						}
					}
				}
				c.want = c.in
				for l := 0; l < c.lanes(); l++ {
					if !c.active(l) {
						continue
					}
					var lo, hi [3]uint32
					for i := 0; i < op.n; i++ {
						x := c.in.v[1+i][l]
						lo[i], hi[i] = x&0xffff, x&0xffff
						if s.sel>>i&1 != 0 {
							lo[i] = x >> 16
						}
						if s.selHi>>i&1 != 0 {
							hi[i] = x >> 16
						}
						if op.float {
							lo[i] ^= (s.neg >> i & 1) << 15
							hi[i] ^= (s.negHi >> i & 1) << 15
						}
					}
					half := func(v [3]uint32) uint32 {
						if !op.float {
							if clamp {
								return op.sat(op.exact(v[0], v[1], v[2]))
							}
							return op.ref(v[0], v[1], v[2])
						}
						r := op.ref(v[0], v[1], v[2])
						if clamp {
							x := tf16(r)
							switch {
							case tnan16(r) || x < 0 || r == 0x8000:
								r = 0
							case x > 1:
								r = 0x3c00
							}
						}
						return r
					}
					c.want.v[0][l] = half(lo) | half(hi)<<16
				}
				if op.float {
					c.vtol = func(r, _ int, got, want uint32) bool {
						return r == 0 && sameF16(got, want) && sameF16(got>>16, want>>16)
					}
				}
				cases = append(cases, c)
			}
		}
	}
	return cases
}

// tmix is the input of v_fma_mix source x for op_sel / op_sel_hi bits.
func tmix(x uint32, sel, selHi bool) float64 {
	if !selHi {
		return float64(tf32(x))
	}
	if sel {
		return tf16(x >> 16)
	}
	return tf16(x)
}

func exactFMA(x, y, z float64) *big.Float {
	p := new(big.Float).SetPrec(2000).Mul(bigF(x), bigF(y))
	return p.Add(p, bigF(z))
}

func mixCases(rng *rand.Rand) []*scase {
	var cases []*scase
	for _, name := range []string{"v_fma_mix_f32", "v_fma_mixlo_f16", "v_fma_mixhi_f16"} {
		for _, s := range []pkSel{{0, 0, 0, 0}, {1, 1, 0, 0}, {0, 7, 0, 0}, {5, 3, 2, 0}, {2, 6, 4, 0}} {
			srcs := ""
			for i := 0; i < 3; i++ {
				if i > 0 {
					srcs += ", "
				}
				if s.neg>>i&1 != 0 {
					srcs += "-"
				}
				srcs += fmt.Sprintf("v%d", 2+i)
			}
			asm := fmt.Sprintf("%s v1, %s op_sel:[%d,%d,%d] op_sel_hi:[%d,%d,%d]", name, srcs,
				s.sel&1, s.sel>>1&1, s.sel>>2&1, s.selHi&1, s.selHi>>1&1, s.selHi>>2&1)
			c := newCase(name+"/"+asm, asm, false, rng)
			for l := 0; l < 64; l++ {
				for i := 0; i < 3; i++ {
					if s.selHi>>i&1 != 0 {
						c.in.v[1+i][l] = genF16(rng) | genF16(rng)<<16
					} else {
						c.in.v[1+i][l] = genF32(rng)
					}
				}
			}
			c.want = c.in
			for l := 0; l < 32; l++ {
				if !c.active(l) {
					continue
				}
				var in [3]float64
				nan := false
				for i := 0; i < 3; i++ {
					in[i] = tmix(c.in.v[1+i][l], s.sel>>i&1 != 0, s.selHi>>i&1 != 0)
					if s.neg>>i&1 != 0 {
						in[i] = -in[i]
					}
					nan = nan || math.IsNaN(in[i])
				}
				special := nan || math.IsInf(in[0], 0) || math.IsInf(in[1], 0) || math.IsInf(in[2], 0)
				var r uint32
				switch name {
				case "v_fma_mix_f32":
					if special {
						r = tb32(float32(in[0]*in[1] + in[2]))
					} else if e := exactFMA(in[0], in[1], in[2]); e.Sign() == 0 {
						r = tb32(float32(in[0]*in[1] + in[2]))
					} else {
						f, _ := e.Float32()
						r = tb32(f)
					}
				default:
					var h uint32
					if special {
						h = tround16(in[0]*in[1]+in[2], false)
					} else {
						e := exactFMA(in[0], in[1], in[2])
						h = bigRound16(e)
					}
					if name == "v_fma_mixlo_f16" {
						r = c.in.v[0][l]&0xffff0000 | h
					} else {
						r = c.in.v[0][l]&0xffff | h<<16
					}
				}
				c.want.v[0][l] = r
			}
			if name == "v_fma_mix_f32" {
				c.vtol = func(r, _ int, got, want uint32) bool { return r == 0 && sameF32(got, want) }
			} else {
				c.vtol = func(r, _ int, got, want uint32) bool {
					return r == 0 && sameF16(got, want) && sameF16(got>>16, want>>16)
				}
			}
			cases = append(cases, c)
		}
	}
	return cases
}

// bigRound16 rounds an exact value to the nearest f16 (ties to even).
func bigRound16(e *big.Float) uint32 {
	if e.Sign() == 0 {
		f, _ := e.Float64()
		return tround16(f, false)
	}
	f, _ := e.Float64()
	h := tround16(f, false)
	if h&0x7fff >= 0x7c00 {
		return h
	}
	best := h
	bd := new(big.Float).SetPrec(2000).Sub(e, bigF(tf16(h)))
	bd.Abs(bd)
	for _, d := range []int{-1, 1} {
		n := int(h) + d
		if n < 0 || uint32(n)&0x7fff > 0x7bff || (h&0x7fff == 0 && d == -1) {
			continue
		}
		diff := new(big.Float).SetPrec(2000).Sub(e, bigF(tf16(uint32(n))))
		diff.Abs(diff)
		if c := diff.Cmp(bd); c < 0 || c == 0 && n&1 == 0 {
			best, bd = uint32(n), diff
		}
	}
	return best
}

func dotCases(rng *rand.Rand) []*scase {
	var cases []*scase
	// v_dot2_f32_f16: S2 + a.lo*b.lo, then + a.hi*b.hi, each add rounded
	// in f32 (the products are exact).
	for _, s := range []pkSel{{0, 7, 0, 0}, {0, 7, 1, 2}, {3, 4, 0, 0}} {
		asm := "v_dot2_f32_f16 v1, v2, v3, v4"
		if s.sel != 0 || s.selHi != 7 {
			asm += fmt.Sprintf(" op_sel:[%d,%d,0] op_sel_hi:[%d,%d,1]", s.sel&1, s.sel>>1&1, s.selHi&1, s.selHi>>1&1)
		}
		if s.neg != 0 || s.negHi != 0 {
			asm += fmt.Sprintf(" neg_lo:[%d,%d,0] neg_hi:[%d,%d,0]", s.neg&1, s.neg>>1&1, s.negHi&1, s.negHi>>1&1)
		}
		c := newCase(asm, asm, false, rng)
		for l := 0; l < 64; l++ {
			c.in.v[1][l] = genF16(rng) | genF16(rng)<<16
			c.in.v[2][l] = genF16(rng) | genF16(rng)<<16
			c.in.v[3][l] = genF32(rng)
		}
		c.want = c.in
		for l := 0; l < 32; l++ {
			if !c.active(l) {
				continue
			}
			var x, y [2]float64
			for k, sh := range []uint32{0, 1} {
				_ = sh
				selA, selB := s.sel&1 != 0, s.sel&2 != 0
				if k == 1 {
					selA, selB = s.selHi&1 != 0, s.selHi&2 != 0
				}
				a, b := c.in.v[1][l]&0xffff, c.in.v[2][l]&0xffff
				if selA {
					a = c.in.v[1][l] >> 16
				}
				if selB {
					b = c.in.v[2][l] >> 16
				}
				neg := s.neg
				if k == 1 {
					neg = s.negHi
				}
				x[k], y[k] = tf16(a), tf16(b)
				if neg&1 != 0 {
					x[k] = -x[k]
				}
				if neg&2 != 0 {
					y[k] = -y[k]
				}
			}
			t := tf32(c.in.v[3][l])
			t = float32(float64(t) + x[0]*y[0])
			t = float32(float64(t) + x[1]*y[1])
			c.want.v[0][l] = tb32(t)
		}
		c.vtol = func(r, _ int, got, want uint32) bool { return r == 0 && sameF32(got, want) }
		cases = append(cases, c)
	}
	// integer dot products
	for _, d := range []struct {
		name  string
		width int
		mixed bool
	}{{"v_dot4_i32_iu8", 8, true}, {"v_dot4_u32_u8", 8, false}, {"v_dot8_i32_iu4", 4, true}, {"v_dot8_u32_u4", 4, false}} {
		negs := []uint32{0}
		if d.mixed {
			negs = []uint32{0, 1, 2, 3}
		}
		for _, ng := range negs {
			asm := d.name + " v1, v2, v3, v4"
			if ng != 0 {
				asm += fmt.Sprintf(" neg_lo:[%d,%d,0]", ng&1, ng>>1&1)
			}
			c := newCase(asm, asm, ng%2 == 1, rng)
			c.want = c.in
			for l := 0; l < c.lanes(); l++ {
				if !c.active(l) {
					continue
				}
				el := func(v uint32, i int, signed bool) int64 {
					x := int64(v >> (i * d.width) & (1<<d.width - 1))
					if signed && x >= 1<<(d.width-1) {
						x -= 1 << d.width
					}
					return x
				}
				acc := int64(int32(c.in.v[3][l]))
				for i := 0; i < 32/d.width; i++ {
					acc += el(c.in.v[1][l], i, ng&1 != 0) * el(c.in.v[2][l], i, ng&2 != 0)
				}
				c.want.v[0][l] = uint32(acc)
			}
			cases = append(cases, c)
		}
		// clamp saturates to the result's range (i32 or u32).
		asm := d.name + " v1, v2, v3, v4 clamp"
		if d.mixed {
			asm = d.name + " v1, v2, v3, v4 neg_lo:[1,1,0] clamp"
		}
		c := newCase(asm, asm, false, rng)
		big := []uint32{0x7f7f7f7f, 0x80808080, 0xffffffff, 0x77777777, 0x88888888}
		for l := 0; l < 64; l++ {
			c.in.v[1][l], c.in.v[2][l] = big[rng.Intn(len(big))], big[rng.Intn(len(big))]
			c.in.v[3][l] = []uint32{0x7fffff00, 0x80000100, 0xffffff00, 0}[rng.Intn(4)]
		}
		c.want = c.in
		for l := 0; l < c.lanes(); l++ {
			if !c.active(l) {
				continue
			}
			var acc int64
			if d.mixed {
				acc = int64(int32(c.in.v[3][l]))
			} else {
				acc = int64(c.in.v[3][l])
			}
			for i := 0; i < 32/d.width; i++ {
				x := int64(c.in.v[1][l] >> (i * d.width) & (1<<d.width - 1))
				y := int64(c.in.v[2][l] >> (i * d.width) & (1<<d.width - 1))
				if d.mixed {
					if x >= 1<<(d.width-1) {
						x -= 1 << d.width
					}
					if y >= 1<<(d.width-1) {
						y -= 1 << d.width
					}
				}
				acc += x * y
			}
			if d.mixed {
				acc = min(max(acc, math.MinInt32), math.MaxInt32)
			} else {
				acc = min(acc, math.MaxUint32)
			}
			c.want.v[0][l] = uint32(acc)
		}
		cases = append(cases, c)
	}
	// The FP8/BF8 dots: S2 plus the products in
	// element order, each addition rounded in f32 (the products are exact).
	bf8 := func(v uint32) float64 { return tf16(v & 0xff << 8) } // E5M2 is the top byte of an f16
	fp8 := func(v uint32) float64 {
		v &= 0xff
		sign := 1.0
		if v&0x80 != 0 {
			sign = -1
		}
		e, m := int(v>>3&15), float64(v&7)
		switch {
		case e == 15 && m == 7:
			return math.NaN()
		case e == 0:
			return sign * math.Ldexp(m, -9)
		}
		return sign * math.Ldexp(8+m, e-10)
	}
	for _, d := range []struct {
		name   string
		da, db func(uint32) float64
		step   int
	}{
		{"v_dot4_f32_fp8_fp8", fp8, fp8, 8}, {"v_dot4_f32_fp8_bf8", fp8, bf8, 8},
		{"v_dot4_f32_bf8_fp8", bf8, fp8, 8}, {"v_dot4_f32_bf8_bf8", bf8, bf8, 8},
	} {
		asm := d.name + " v1, v2, v3, v4"
		c := newCase(asm, asm, false, rng)
		for l := 0; l < 64; l++ {
			c.in.v[1][l], c.in.v[2][l], c.in.v[3][l] = rng.Uint32(), rng.Uint32(), genF32(rng)
		}
		c.want = c.in
		for l := 0; l < c.lanes(); l++ {
			if !c.active(l) {
				continue
			}
			t := tf32(c.in.v[3][l])
			for i := 0; i < 32; i += d.step {
				t = float32(float64(t) + d.da(c.in.v[1][l]>>i)*d.db(c.in.v[2][l]>>i))
			}
			c.want.v[0][l] = tb32(t)
		}
		c.vtol = func(r, _ int, got, want uint32) bool { return r == 0 && sameF32(got, want) }
		cases = append(cases, c)
	}
	return cases
}

func vop3pCases(rng *rand.Rand) []*scase {
	cases := pkCases(rng)
	cases = append(cases, mixCases(rng)...)
	return append(cases, dotCases(rng)...)
}
