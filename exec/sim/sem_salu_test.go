package sim

import (
	"fmt"
	"math"
	"math/bits"
	"math/rand"
)

// A scalar ALU test: "name s16, s4, s5" (64-bit operands use s[16:17],
// s[4:5], s[6:7]); the reference returns the result and the new SCC
// (-1: unchanged).
type sop struct {
	name       string
	d, a, b    int // operand widths in bits (0: absent)
	gen        func(*rand.Rand) uint64
	ref        func(a, b uint64, scc uint32) (uint64, int)
	readsDst   bool // the destination is also an input (s_cmov, s_bitset, s_fmac)
	execOp     bool // a saveexec/wrexec: the reference gets EXEC as b
	wrexec     bool
	floatCheck bool
}

func keepSCC(f func(a, b uint64) uint64) func(a, b uint64, scc uint32) (uint64, int) {
	return func(a, b uint64, _ uint32) (uint64, int) { return f(a, b), -1 }
}

func nzSCC(mask uint64, f func(a, b uint64) uint64) func(a, b uint64, scc uint32) (uint64, int) {
	return func(a, b uint64, _ uint32) (uint64, int) {
		r := f(a, b) & mask
		if r != 0 {
			return r, 1
		}
		return r, 0
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

const m32 = 1<<32 - 1

func g64(r *rand.Rand) uint64 { return genI64(r) }
func g32(r *rand.Rand) uint64 { return uint64(genI32(r)) }
func gSh64(r *rand.Rand) uint64 {
	return r.Uint64()&^63 | uint64(r.Intn(64))
}
func gBfe(r *rand.Rand) uint64 {
	return uint64(r.Intn(64)) | uint64(r.Intn(70))<<16 | r.Uint64()&0xff80ffc0
}

func saluOps() []sop {
	ops := []sop{
		{name: "s_mov_b32", d: 32, a: 32, gen: g32, ref: keepSCC(func(a, _ uint64) uint64 { return a })},
		{name: "s_mov_b64", d: 64, a: 64, gen: g64, ref: keepSCC(func(a, _ uint64) uint64 { return a })},
		{name: "s_cmov_b32", d: 32, a: 32, gen: g32, readsDst: true, ref: func(a, d uint64, scc uint32) (uint64, int) {
			if scc != 0 {
				return a, -1
			}
			return d, -1
		}},
		{name: "s_cmov_b64", d: 64, a: 64, gen: g64, readsDst: true, ref: func(a, d uint64, scc uint32) (uint64, int) {
			if scc != 0 {
				return a, -1
			}
			return d, -1
		}},
		{name: "s_brev_b32", d: 32, a: 32, gen: g32, ref: keepSCC(func(a, _ uint64) uint64 { return uint64(bits.Reverse32(uint32(a))) })},
		{name: "s_brev_b64", d: 64, a: 64, gen: g64, ref: keepSCC(func(a, _ uint64) uint64 { return bits.Reverse64(a) })},
		{name: "s_ctz_i32_b32", d: 32, a: 32, gen: g32, ref: keepSCC(func(a, _ uint64) uint64 {
			for i := 0; i < 32; i++ {
				if a>>i&1 != 0 {
					return uint64(i)
				}
			}
			return m32
		})},
		{name: "s_ctz_i32_b64", d: 32, a: 64, gen: g64, ref: keepSCC(func(a, _ uint64) uint64 {
			for i := 0; i < 64; i++ {
				if a>>i&1 != 0 {
					return uint64(i)
				}
			}
			return m32
		})},
		{name: "s_clz_i32_u32", d: 32, a: 32, gen: g32, ref: keepSCC(func(a, _ uint64) uint64 {
			for i := 0; i < 32; i++ {
				if a>>(31-i)&1 != 0 {
					return uint64(i)
				}
			}
			return m32
		})},
		{name: "s_clz_i32_u64", d: 32, a: 64, gen: g64, ref: keepSCC(func(a, _ uint64) uint64 {
			for i := 0; i < 64; i++ {
				if a>>(63-i)&1 != 0 {
					return uint64(i)
				}
			}
			return m32
		})},
		{name: "s_cls_i32", d: 32, a: 32, gen: g32, ref: keepSCC(func(a, _ uint64) uint64 {
			for i := 1; i < 32; i++ {
				if a>>(31-i)&1 != a>>31&1 {
					return uint64(i)
				}
			}
			return m32
		})},
		{name: "s_cls_i32_i64", d: 32, a: 64, gen: g64, ref: keepSCC(func(a, _ uint64) uint64 {
			for i := 1; i < 64; i++ {
				if a>>(63-i)&1 != a>>63 {
					return uint64(i)
				}
			}
			return m32
		})},
		{name: "s_sext_i32_i8", d: 32, a: 32, gen: g32, ref: keepSCC(func(a, _ uint64) uint64 { return uint64(uint32(int8(a))) })},
		{name: "s_sext_i32_i16", d: 32, a: 32, gen: g32, ref: keepSCC(func(a, _ uint64) uint64 { return uint64(uint32(int16(a))) })},
		{name: "s_bitset0_b32", d: 32, a: 32, gen: g32, readsDst: true, ref: keepSCC(func(a, d uint64) uint64 { return d &^ (1 << (a % 32)) })},
		{name: "s_bitset0_b64", d: 64, a: 32, gen: g64, readsDst: true, ref: keepSCC(func(a, d uint64) uint64 { return d &^ (1 << (a % 64)) })},
		{name: "s_bitset1_b32", d: 32, a: 32, gen: g32, readsDst: true, ref: keepSCC(func(a, d uint64) uint64 { return d | 1<<(a%32) })},
		{name: "s_bitset1_b64", d: 64, a: 32, gen: g64, readsDst: true, ref: keepSCC(func(a, d uint64) uint64 { return d | 1<<(a%64) })},
		{name: "s_bitreplicate_b64_b32", d: 64, a: 32, gen: g32, ref: keepSCC(func(a, _ uint64) uint64 {
			var r uint64
			for i := 0; i < 32; i++ {
				if a>>i&1 != 0 {
					r |= 3 << (2 * i)
				}
			}
			return r
		})},
		{name: "s_abs_i32", d: 32, a: 32, gen: g32, ref: nzSCC(m32, func(a, _ uint64) uint64 {
			v := int64(int32(a))
			if v < 0 {
				v = -v
			}
			return uint64(v)
		})},
		{name: "s_bcnt0_i32_b32", d: 32, a: 32, gen: g32, ref: nzSCC(m32, func(a, _ uint64) uint64 { return uint64(32 - bits.OnesCount32(uint32(a))) })},
		{name: "s_bcnt0_i32_b64", d: 32, a: 64, gen: g64, ref: nzSCC(m32, func(a, _ uint64) uint64 { return uint64(64 - bits.OnesCount64(a)) })},
		{name: "s_bcnt1_i32_b32", d: 32, a: 32, gen: g32, ref: nzSCC(m32, func(a, _ uint64) uint64 { return uint64(bits.OnesCount32(uint32(a))) })},
		{name: "s_bcnt1_i32_b64", d: 32, a: 64, gen: g64, ref: nzSCC(m32, func(a, _ uint64) uint64 { return uint64(bits.OnesCount64(a)) })},
		{name: "s_quadmask_b32", d: 32, a: 32, gen: g32, ref: nzSCC(m32, func(a, _ uint64) uint64 { return tquad(a, 8, false) })},
		{name: "s_quadmask_b64", d: 64, a: 64, gen: g64, ref: nzSCC(^uint64(0), func(a, _ uint64) uint64 { return tquad(a, 16, false) })},
		{name: "s_wqm_b32", d: 32, a: 32, gen: g32, ref: nzSCC(m32, func(a, _ uint64) uint64 { return tquad(a, 8, true) })},
		{name: "s_wqm_b64", d: 64, a: 64, gen: g64, ref: nzSCC(^uint64(0), func(a, _ uint64) uint64 { return tquad(a, 16, true) })},
		{name: "s_not_b32", d: 32, a: 32, gen: g32, ref: nzSCC(m32, func(a, _ uint64) uint64 { return ^a })},
		{name: "s_not_b64", d: 64, a: 64, gen: g64, ref: nzSCC(^uint64(0), func(a, _ uint64) uint64 { return ^a })},

		{name: "s_add_co_u32", d: 32, a: 32, b: 32, gen: g32, ref: func(a, b uint64, _ uint32) (uint64, int) { s := a + b; return s & m32, b2i(s > m32) }},
		{name: "s_sub_co_u32", d: 32, a: 32, b: 32, gen: g32, ref: func(a, b uint64, _ uint32) (uint64, int) { return (a - b) & m32, b2i(b > a) }},
		{name: "s_add_co_i32", d: 32, a: 32, b: 32, gen: g32, ref: func(a, b uint64, _ uint32) (uint64, int) {
			s := int64(int32(a)) + int64(int32(b))
			return uint64(s) & m32, b2i(s != int64(int32(s)))
		}},
		{name: "s_sub_co_i32", d: 32, a: 32, b: 32, gen: g32, ref: func(a, b uint64, _ uint32) (uint64, int) {
			s := int64(int32(a)) - int64(int32(b))
			return uint64(s) & m32, b2i(s != int64(int32(s)))
		}},
		{name: "s_add_co_ci_u32", d: 32, a: 32, b: 32, gen: g32, ref: func(a, b uint64, scc uint32) (uint64, int) {
			s := a + b + uint64(scc)
			return s & m32, b2i(s > m32)
		}},
		{name: "s_sub_co_ci_u32", d: 32, a: 32, b: 32, gen: g32, ref: func(a, b uint64, scc uint32) (uint64, int) {
			return (a - b - uint64(scc)) & m32, b2i(b+uint64(scc) > a)
		}},
		{name: "s_absdiff_i32", d: 32, a: 32, b: 32, gen: g32, ref: nzSCC(m32, func(a, b uint64) uint64 {
			d := int32(uint32(a) - uint32(b))
			if d < 0 {
				d = -d
			}
			return uint64(uint32(d))
		})},
		{name: "s_lshl_b32", d: 32, a: 32, b: 32, gen: g32, ref: nzSCC(m32, func(a, b uint64) uint64 { return a << (b % 32) })},
		{name: "s_lshl_b64", d: 64, a: 64, b: 32, gen: gSh64, ref: nzSCC(^uint64(0), func(a, b uint64) uint64 { return a << (b % 64) })},
		{name: "s_lshr_b32", d: 32, a: 32, b: 32, gen: g32, ref: nzSCC(m32, func(a, b uint64) uint64 { return (a & m32) >> (b % 32) })},
		{name: "s_lshr_b64", d: 64, a: 64, b: 32, gen: gSh64, ref: nzSCC(^uint64(0), func(a, b uint64) uint64 { return a >> (b % 64) })},
		{name: "s_ashr_i32", d: 32, a: 32, b: 32, gen: g32, ref: nzSCC(m32, func(a, b uint64) uint64 { return uint64(int32(a) >> (b % 32)) })},
		{name: "s_ashr_i64", d: 64, a: 64, b: 32, gen: gSh64, ref: nzSCC(^uint64(0), func(a, b uint64) uint64 { return uint64(int64(a) >> (b % 64)) })},
		{name: "s_min_i32", d: 32, a: 32, b: 32, gen: g32, ref: func(a, b uint64, _ uint32) (uint64, int) {
			if int32(a) < int32(b) {
				return a, 1
			}
			return b, 0
		}},
		{name: "s_min_u32", d: 32, a: 32, b: 32, gen: g32, ref: func(a, b uint64, _ uint32) (uint64, int) {
			if a < b {
				return a, 1
			}
			return b, 0
		}},
		{name: "s_max_i32", d: 32, a: 32, b: 32, gen: g32, ref: func(a, b uint64, _ uint32) (uint64, int) {
			if int32(a) >= int32(b) {
				return a, 1
			}
			return b, 0
		}},
		{name: "s_max_u32", d: 32, a: 32, b: 32, gen: g32, ref: func(a, b uint64, _ uint32) (uint64, int) {
			if a >= b {
				return a, 1
			}
			return b, 0
		}},
		{name: "s_bfe_u32", d: 32, a: 32, b: 32, gen: gBfe, ref: nzSCC(m32, func(a, b uint64) uint64 {
			w := b >> 16 & 127
			v := (a & m32) >> (b % 32)
			if w < 64 {
				v &= 1<<w - 1
			}
			return v
		})},
		{name: "s_bfe_i32", d: 32, a: 32, b: 32, gen: gBfe, ref: nzSCC(m32, func(a, b uint64) uint64 {
			w := b >> 16 & 127
			v := (a & m32) >> (b % 32)
			if w == 0 {
				return 0
			}
			if w < 64 {
				v &= 1<<w - 1
				if w < 64 && v>>(w-1)&1 != 0 {
					v |= ^uint64(0) << w
				}
			}
			return v
		})},
		{name: "s_bfe_u64", d: 64, a: 64, b: 32, gen: gBfe, ref: nzSCC(^uint64(0), func(a, b uint64) uint64 {
			w := b >> 16 & 127
			v := a >> (b % 64)
			if w < 64 {
				v &= 1<<w - 1
			}
			return v
		})},
		{name: "s_bfe_i64", d: 64, a: 64, b: 32, gen: gBfe, ref: nzSCC(^uint64(0), func(a, b uint64) uint64 {
			w := b >> 16 & 127
			v := a >> (b % 64)
			if w == 0 {
				return 0
			}
			if w < 64 {
				v &= 1<<w - 1
				if v>>(w-1)&1 != 0 {
					v |= ^uint64(0) << w
				}
			}
			return v
		})},
		{name: "s_bfm_b32", d: 32, a: 32, b: 32, gen: g32, ref: keepSCC(func(a, b uint64) uint64 { return (1<<(a%32) - 1) << (b % 32) & m32 })},
		{name: "s_bfm_b64", d: 64, a: 32, b: 32, gen: g32, ref: keepSCC(func(a, b uint64) uint64 { return (1<<(a%64) - 1) << (b % 64) })},
		{name: "s_mul_i32", d: 32, a: 32, b: 32, gen: g32, ref: keepSCC(func(a, b uint64) uint64 { return a * b & m32 })},
		{name: "s_mul_hi_u32", d: 32, a: 32, b: 32, gen: g32, ref: keepSCC(func(a, b uint64) uint64 { return a * b >> 32 })},
		{name: "s_mul_hi_i32", d: 32, a: 32, b: 32, gen: g32, ref: keepSCC(func(a, b uint64) uint64 {
			return uint64(int64(int32(a))*int64(int32(b))>>32) & m32
		})},
		{name: "s_cselect_b32", d: 32, a: 32, b: 32, gen: g32, ref: func(a, b uint64, scc uint32) (uint64, int) {
			if scc != 0 {
				return a, -1
			}
			return b, -1
		}},
		{name: "s_cselect_b64", d: 64, a: 64, b: 64, gen: g64, ref: func(a, b uint64, scc uint32) (uint64, int) {
			if scc != 0 {
				return a, -1
			}
			return b, -1
		}},
		{name: "s_pack_ll_b32_b16", d: 32, a: 32, b: 32, gen: g32, ref: keepSCC(func(a, b uint64) uint64 { return a&0xffff | b&0xffff<<16 })},
		{name: "s_pack_lh_b32_b16", d: 32, a: 32, b: 32, gen: g32, ref: keepSCC(func(a, b uint64) uint64 { return a&0xffff | b>>16<<16 })},
		{name: "s_pack_hh_b32_b16", d: 32, a: 32, b: 32, gen: g32, ref: keepSCC(func(a, b uint64) uint64 { return a>>16 | b>>16<<16 })},
		{name: "s_pack_hl_b32_b16", d: 32, a: 32, b: 32, gen: g32, ref: keepSCC(func(a, b uint64) uint64 { return a>>16 | b&0xffff<<16 })},
		{name: "s_add_nc_u64", d: 64, a: 64, b: 64, gen: g64, ref: keepSCC(func(a, b uint64) uint64 { return a + b })},
		{name: "s_sub_nc_u64", d: 64, a: 64, b: 64, gen: g64, ref: keepSCC(func(a, b uint64) uint64 { return a - b })},
		{name: "s_mul_u64", d: 64, a: 64, b: 64, gen: g64, ref: keepSCC(func(a, b uint64) uint64 { return a * b })},
	}
	for n := 1; n <= 4; n++ {
		n := uint(n)
		ops = append(ops, sop{name: fmt.Sprintf("s_lshl%d_add_u32", n), d: 32, a: 32, b: 32, gen: g32,
			ref: func(a, b uint64, _ uint32) (uint64, int) { s := a<<n + b; return s & m32, b2i(s > m32) }})
	}
	logic := map[string]func(a, b uint64) uint64{
		"and": func(a, b uint64) uint64 { return a & b }, "or": func(a, b uint64) uint64 { return a | b },
		"xor": func(a, b uint64) uint64 { return a ^ b }, "nand": func(a, b uint64) uint64 { return ^(a & b) },
		"nor": func(a, b uint64) uint64 { return ^(a | b) }, "xnor": func(a, b uint64) uint64 { return ^(a ^ b) },
		"and_not1": func(a, b uint64) uint64 { return a &^ b }, "or_not1": func(a, b uint64) uint64 { return a | ^b },
	}
	for _, k := range sortedKeys(logic) {
		f := logic[k]
		ops = append(ops,
			sop{name: "s_" + k + "_b32", d: 32, a: 32, b: 32, gen: g32, ref: nzSCC(m32, f)},
			sop{name: "s_" + k + "_b64", d: 64, a: 64, b: 64, gen: g64, ref: nzSCC(^uint64(0), f)})
	}
	exec := map[string]func(s, e uint64) uint64{
		"and": func(s, e uint64) uint64 { return s & e }, "or": func(s, e uint64) uint64 { return s | e },
		"xor": func(s, e uint64) uint64 { return s ^ e }, "nand": func(s, e uint64) uint64 { return ^(s & e) },
		"nor": func(s, e uint64) uint64 { return ^(s | e) }, "xnor": func(s, e uint64) uint64 { return ^(s ^ e) },
		"and_not0": func(s, e uint64) uint64 { return ^s & e }, "or_not0": func(s, e uint64) uint64 { return ^s | e },
		"and_not1": func(s, e uint64) uint64 { return s &^ e }, "or_not1": func(s, e uint64) uint64 { return s | ^e },
	}
	for _, k := range sortedKeys(exec) {
		f := exec[k]
		for _, w := range []int{32, 64} {
			ops = append(ops, sop{name: fmt.Sprintf("s_%s_saveexec_b%d", k, w), d: w, a: w, gen: g64, execOp: true,
				ref: func(a, e uint64, _ uint32) (uint64, int) { return f(a, e), 0 }})
			if k == "and_not0" || k == "and_not1" {
				ops = append(ops, sop{name: fmt.Sprintf("s_%s_wrexec_b%d", k, w), d: w, a: w, gen: g64, execOp: true, wrexec: true,
					ref: func(a, e uint64, _ uint32) (uint64, int) { return f(a, e), 0 }})
			}
		}
	}
	// SOPC
	for _, p := range []string{"eq", "lg", "gt", "ge", "lt", "le"} {
		pred := map[string]func(c int) bool{"eq": testIntPreds["eq"], "lg": testIntPreds["ne"], "gt": testIntPreds["gt"],
			"ge": testIntPreds["ge"], "lt": testIntPreds["lt"], "le": testIntPreds["le"]}[p]
		ops = append(ops,
			sop{name: "s_cmp_" + p + "_i32", a: 32, b: 32, gen: g32, ref: func(a, b uint64, _ uint32) (uint64, int) {
				return 0, b2i(pred(cmp3(int64(int32(a)), int64(int32(b)))))
			}},
			sop{name: "s_cmp_" + p + "_u32", a: 32, b: 32, gen: g32, ref: func(a, b uint64, _ uint32) (uint64, int) {
				return 0, b2i(pred(cmp3(a&m32, b&m32)))
			}})
	}
	ops = append(ops,
		sop{name: "s_cmp_eq_u64", a: 64, b: 64, gen: g64, ref: func(a, b uint64, _ uint32) (uint64, int) { return 0, b2i(a == b) }},
		sop{name: "s_cmp_lg_u64", a: 64, b: 64, gen: g64, ref: func(a, b uint64, _ uint32) (uint64, int) { return 0, b2i(a != b) }},
		sop{name: "s_bitcmp0_b32", a: 32, b: 32, gen: g32, ref: func(a, b uint64, _ uint32) (uint64, int) { return 0, b2i(a>>(b%32)&1 == 0) }},
		sop{name: "s_bitcmp1_b32", a: 32, b: 32, gen: g32, ref: func(a, b uint64, _ uint32) (uint64, int) { return 0, b2i(a>>(b%32)&1 == 1) }},
		sop{name: "s_bitcmp0_b64", a: 64, b: 32, gen: gSh64, ref: func(a, b uint64, _ uint32) (uint64, int) { return 0, b2i(a>>(b%64)&1 == 0) }},
		sop{name: "s_bitcmp1_b64", a: 64, b: 32, gen: gSh64, ref: func(a, b uint64, _ uint32) (uint64, int) { return 0, b2i(a>>(b%64)&1 == 1) }},
	)
	gf := func(r *rand.Rand) uint64 { return uint64(genF32(r)) }
	for _, p := range sortedKeys(testFloatPreds) {
		f := testFloatPreds[p]
		ops = append(ops, sop{name: "s_cmp_" + p + "_f32", a: 32, b: 32, gen: gf, ref: func(a, b uint64, _ uint32) (uint64, int) {
			return 0, b2i(f(float64(tf32(uint32(a))), float64(tf32(uint32(b)))))
		}})
	}
	// SALU float
	f2 := func(name string, f func(a, b uint32) uint32) {
		ops = append(ops, sop{name: name, d: 32, a: 32, b: 32, gen: gf, floatCheck: true,
			ref: keepSCC(func(a, b uint64) uint64 { return uint64(f(uint32(a), uint32(b))) })})
	}
	f1 := func(name string, f func(a uint32) uint32) {
		ops = append(ops, sop{name: name, d: 32, a: 32, gen: gf, floatCheck: true,
			ref: keepSCC(func(a, _ uint64) uint64 { return uint64(f(uint32(a))) })})
	}
	f2("s_add_f32", func(a, b uint32) uint32 { return tb32(tf32(a) + tf32(b)) })
	f2("s_sub_f32", func(a, b uint32) uint32 { return tb32(tf32(a) - tf32(b)) })
	f2("s_mul_f32", func(a, b uint32) uint32 { return tb32(tf32(a) * tf32(b)) })
	f2("s_min_num_f32", mm(false, false, false))
	f2("s_max_num_f32", mm(false, true, false))
	f2("s_minimum_f32", mm(false, false, true))
	f2("s_maximum_f32", mm(false, true, true))
	f1("s_ceil_f32", fop1(math.Ceil))
	f1("s_floor_f32", fop1(math.Floor))
	f1("s_trunc_f32", fop1(math.Trunc))
	f1("s_rndne_f32", fop1(math.RoundToEven))
	ops = append(ops,
		sop{name: "s_cvt_f32_i32", d: 32, a: 32, gen: g32, ref: keepSCC(func(a, _ uint64) uint64 { return uint64(tb32(float32(int32(a)))) })},
		sop{name: "s_cvt_f32_u32", d: 32, a: 32, gen: g32, ref: keepSCC(func(a, _ uint64) uint64 { return uint64(tb32(float32(uint32(a)))) })},
		sop{name: "s_cvt_i32_f32", d: 32, a: 32, gen: gf, ref: keepSCC(func(a, _ uint64) uint64 { return uint64(tcvtI32(float64(tf32(uint32(a))))) })},
		sop{name: "s_cvt_u32_f32", d: 32, a: 32, gen: gf, ref: keepSCC(func(a, _ uint64) uint64 { return uint64(tcvtU32(float64(tf32(uint32(a))))) })},
		sop{name: "s_fmac_f32", d: 32, a: 32, b: 32, gen: gf, readsDst: true, floatCheck: true, ref: nil},
	)
	return ops
}

func tquad(a uint64, groups int, wqm bool) uint64 {
	var r uint64
	for i := 0; i < groups; i++ {
		if a>>(4*i)&15 != 0 {
			if wqm {
				r |= 15 << (4 * i)
			} else {
				r |= 1 << i
			}
		}
	}
	return r
}

func sreg(base, width int) string {
	if width == 64 {
		return fmt.Sprintf("s[%d:%d]", base, base+1)
	}
	return fmt.Sprintf("s%d", base)
}

func saluCase(op sop, rng *rand.Rand) []*scase {
	var out []*scase
	for rep := 0; rep < 6; rep++ {
		w64 := rep%2 == 1
		if op.execOp {
			// the _b32 forms are wave32's, the _b64 forms wave64's
			w64 = op.d == 64
		}
		var parts []string
		if op.d != 0 {
			parts = append(parts, sreg(16, op.d))
		}
		if op.a != 0 {
			parts = append(parts, sreg(4, op.a))
		}
		if op.b != 0 {
			parts = append(parts, sreg(6, op.b))
		}
		asm := op.name + " " + join(parts)
		c := newCase(fmt.Sprintf("%s/%d", op.name, rep), asm, w64, rng)
		set := func(i int, v uint64, w int) {
			c.in.s[i] = uint32(v)
			if w == 64 {
				c.in.s[i+1] = uint32(v >> 32)
			}
		}
		get := func(s [nHS]uint32, i int, w int) uint64 {
			v := uint64(s[i])
			if w == 64 {
				v |= uint64(s[i+1]) << 32
			}
			return v
		}
		set(0, op.gen(rng), op.a)
		set(2, op.gen(rng), op.b)
		set(12, op.gen(rng), op.d)
		if rep == 2 && op.b != 0 {
			set(2, get(c.in.s, 0, op.a), op.b) // equal operands
		}
		c.want = c.in
		a, b := get(c.in.s, 0, op.a), get(c.in.s, 2, op.b)
		if op.a == 32 {
			a &= m32
		}
		if op.readsDst {
			b = get(c.in.s, 12, op.d)
		}
		var r uint64
		scc := -1
		switch {
		case op.execOp:
			e := c.in.exec
			if op.d == 32 {
				e &= m32
			}
			ne, _ := op.ref(a, e, 0)
			mask := uint64(m32)
			if op.d == 64 {
				mask = ^uint64(0)
			}
			ne &= mask
			if op.d == 32 {
				c.want.exec = c.in.exec&^m32 | ne
			} else {
				c.want.exec = ne
			}
			r, scc = e, b2i(ne != 0)
			if op.wrexec {
				r = ne
			}
		case op.ref == nil: // s_fmac_f32
			r = uint64(tfma32(uint32(a), uint32(get(c.in.s, 2, 32)), uint32(b)))
		default:
			r, scc = op.ref(a, b, c.in.scc)
		}
		if op.d != 0 {
			set2 := func(i int, v uint64) {
				c.want.s[i] = uint32(v)
				if op.d == 64 {
					c.want.s[i+1] = uint32(v >> 32)
				}
			}
			set2(12, r)
		}
		if scc >= 0 {
			c.want.scc = uint32(scc)
		}
		if op.floatCheck && tnan32(uint32(r)) {
			// Which NaN comes out is not pinned down: check that it is a
			// NaN, then put a fixed one in its place.
			c.asm += "\n  s_cmp_u_f32 s16, s16\n  s_mov_b32 s16, 0x7fc00000"
			c.want.s[12] = 0x7fc00000
			c.want.scc = 1
		}
		out = append(out, c)
	}
	return out
}

func join(parts []string) string {
	s := ""
	for i, p := range parts {
		if i > 0 {
			s += ", "
		}
		s += p
	}
	return s
}

func saluCases(rng *rand.Rand) []*scase {
	var cases []*scase
	for _, op := range saluOps() {
		cases = append(cases, saluCase(op, rng)...)
	}
	return cases
}
