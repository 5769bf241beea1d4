package sim

import (
	"fmt"
	"math"
	"math/big"
	"math/bits"
	"math/rand"
)

// A VALU test: v1 = op(v2, v3, v4) in every active lane; v1 of inactive
// lanes keeps its value. The reference is the test's own reading of the
// RDNA4 pseudocode.
type vop struct {
	name string
	n    int
	gen  [3]func(*rand.Rand) uint32
	h16  bool // 16-bit result: written to v1's low half, the high half kept
	ref  func(a, b, c uint32) uint32
	cmp  func(got, want uint32) bool // nil: exact
	acc  bool                        // the third input is v1 itself (v_fmac)
	asm  string                      // instead of "name v1, v2[, v3[, v4]]"
}

var (
	gF  = genF32
	gH  = func(r *rand.Rand) uint32 { return genF16(r) | r.Uint32()&0xffff0000 }
	gI  = genI32
	gSh = func(r *rand.Rand) uint32 { return r.Uint32()&0xffffffe0 | uint32(r.Intn(32)) }
)

func f3(g func(*rand.Rand) uint32) [3]func(*rand.Rand) uint32 {
	return [3]func(*rand.Rand) uint32{g, g, g}
}

func u1(f func(a uint32) uint32) func(a, b, c uint32) uint32 {
	return func(a, _, _ uint32) uint32 { return f(a) }
}
func u2(f func(a, b uint32) uint32) func(a, b, c uint32) uint32 {
	return func(a, b, _ uint32) uint32 { return f(a, b) }
}

// f32 helpers for references.
func fop1(f func(float64) float64) func(a uint32) uint32 {
	return func(a uint32) uint32 { return tb32(float32(f(float64(tf32(a))))) }
}

func h1(f func(float64) float64) func(a uint32) uint32 {
	return func(a uint32) uint32 { return tround16(f(tf16(a)), false) }
}

// tminmax is minimumNumber/maximumNumber (prop=false) or
// minimum/maximum (prop=true) with -0 < +0, on f32 or f16 bits.
func tminmax(a, b uint32, f16, isMax, prop bool) uint32 {
	val := func(x uint64) float64 { return float64(tf32(uint32(x))) }
	nan := func(x uint64) bool { return tnan32(uint32(x)) }
	sign := uint64(1) << 31
	if f16 {
		val = func(x uint64) float64 { return tf16(uint32(x)) }
		nan = func(x uint64) bool { return tnan16(uint32(x)) }
		sign = 1 << 15
	}
	return uint32(tminmaxBits(uint64(a), uint64(b), val, nan, sign, isMax, prop))
}

// tminmax64 is tminmax on f64 bits.
func tminmax64(a, b uint64, isMax, prop bool) uint64 {
	return tminmaxBits(a, b, tf64, tnan64, 1<<63, isMax, prop)
}

// tminmaxBits is tminmax for a format read by val and nan, with the sign
// bit sign.
func tminmaxBits(a, b uint64, val func(uint64) float64, nan func(uint64) bool, sign uint64, isMax, prop bool) uint64 {
	neg := func(x uint64) bool { return x&sign != 0 }
	switch {
	case nan(a) && nan(b):
		return a
	case nan(a):
		if prop {
			return a
		}
		return b
	case nan(b):
		if prop {
			return b
		}
		return a
	}
	x, y := val(a), val(b)
	less := x < y || x == 0 && y == 0 && neg(a) && !neg(b)
	more := x > y || x == 0 && y == 0 && !neg(a) && neg(b)
	if isMax {
		if more {
			return a
		}
		return b
	}
	if less {
		return a
	}
	return b
}

func mm(f16, isMax, prop bool) func(a, b uint32) uint32 {
	return func(a, b uint32) uint32 { return tminmax(a, b, f16, isMax, prop) }
}

func tcvtI32(x float64) uint32 {
	switch {
	case math.IsNaN(x):
		return 0
	case x >= 2147483647:
		return 0x7fffffff
	case x <= -2147483648:
		return 0x80000000
	}
	return uint32(int32(math.Trunc(x)))
}

func tcvtU32(x float64) uint32 {
	switch {
	case math.IsNaN(x) || x <= 0:
		return 0
	case x >= 4294967295:
		return 0xffffffff
	}
	return uint32(math.Trunc(x))
}

// trans32 is the reference of a transcendental: exact cases and the
// float64 function rounded to f32, compared within one ulp.
func trans32(f func(float64) float64) func(a uint32) uint32 {
	return func(a uint32) uint32 { return tb32(float32(f(float64(tf32(a))))) }
}

func tfract(x float64) float64 {
	if math.IsInf(x, 0) || math.IsNaN(x) {
		return math.NaN()
	}
	// exact in big.Float, rounded once by the caller
	d := new(big.Float).SetPrec(2000).Sub(bigF(x), bigF(math.Floor(x)))
	f, _ := d.Float64()
	return f
}

func tfract32(a uint32) uint32 {
	x := float64(tf32(a))
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return 0x7fc00000
	}
	d := new(big.Float).SetPrec(2000).Sub(bigF(x), bigF(math.Floor(x)))
	f, _ := d.Float32()
	return tb32(f)
}

func tsad(a, b uint32, masked bool) uint32 {
	var s uint32
	for i := 0; i < 4; i++ {
		x, y := int(a>>(8*i)&255), int(b>>(8*i)&255)
		if masked && y == 0 {
			continue
		}
		d := x - y
		if d < 0 {
			d = -d
		}
		s += uint32(d)
	}
	return s
}

func tperm(a, b, c uint32) uint32 {
	bytesIn := [8]uint32{}
	for i := 0; i < 4; i++ {
		bytesIn[i] = b >> (8 * i) & 255
		bytesIn[4+i] = a >> (8 * i) & 255
	}
	var r uint32
	for i := 0; i < 4; i++ {
		sel := c >> (8 * i) & 255
		var v uint32
		switch {
		case sel < 8:
			v = bytesIn[sel]
		case sel < 12:
			v = (bytesIn[2*(sel-8)+1] >> 7) * 0xff
		case sel == 12:
			v = 0
		default:
			v = 0xff
		}
		r |= v << (8 * i)
	}
	return r
}

func sx24(a uint32) int64 { return int64(int32(a<<8) >> 8) }

// valuOps is every 32-bit VALU instruction with a one-lane reference.
func valuOps() []vop {
	ops := []vop{
		{name: "v_mov_b32", n: 1, gen: f3(gI), ref: u1(func(a uint32) uint32 { return a })},
		{name: "v_cvt_f32_i32", n: 1, gen: f3(gI), ref: u1(func(a uint32) uint32 { return tb32(float32(int32(a))) })},
		{name: "v_cvt_f32_u32", n: 1, gen: f3(gI), ref: u1(func(a uint32) uint32 { return tb32(float32(a)) })},
		{name: "v_cvt_u32_f32", n: 1, gen: f3(gF), ref: u1(func(a uint32) uint32 { return tcvtU32(float64(tf32(a))) })},
		{name: "v_cvt_i32_f32", n: 1, gen: f3(gF), ref: u1(func(a uint32) uint32 { return tcvtI32(float64(tf32(a))) })},
		{name: "v_cvt_f16_f32", n: 1, gen: f3(gF), h16: true, cmp: sameF16,
			ref: u1(func(a uint32) uint32 { return tround16(float64(tf32(a)), false) })},
		{name: "v_cvt_f32_f16", n: 1, gen: f3(gH), cmp: sameF32,
			ref: u1(func(a uint32) uint32 { return tb32(float32(tf16(a))) })},
		{name: "v_cvt_nearest_i32_f32", n: 1, gen: f3(gF), ref: u1(func(a uint32) uint32 {
			return tcvtI32(math.Floor(float64(tf32(a) + 0.5)))
		})},
		{name: "v_cvt_floor_i32_f32", n: 1, gen: f3(gF), ref: u1(func(a uint32) uint32 { return tcvtI32(math.Floor(float64(tf32(a)))) })},
		{name: "v_cvt_off_f32_i4", n: 1, gen: f3(gI), ref: u1(func(a uint32) uint32 {
			v := int(a & 15)
			if v >= 8 {
				v -= 16
			}
			return tb32(float32(v) / 16)
		})},
		{name: "v_fract_f32", n: 1, gen: f3(gF), cmp: sameF32, ref: u1(tfract32)},
		{name: "v_trunc_f32", n: 1, gen: f3(gF), cmp: sameF32, ref: u1(fop1(math.Trunc))},
		{name: "v_ceil_f32", n: 1, gen: f3(gF), cmp: sameF32, ref: u1(fop1(math.Ceil))},
		{name: "v_rndne_f32", n: 1, gen: f3(gF), cmp: sameF32, ref: u1(fop1(math.RoundToEven))},
		{name: "v_floor_f32", n: 1, gen: f3(gF), cmp: sameF32, ref: u1(fop1(math.Floor))},
		{name: "v_exp_f32", n: 1, gen: f3(gF), cmp: ulpClose32, ref: u1(func(a uint32) uint32 {
			r := trans32(math.Exp2)(a)
			if tdenorm32(r) {
				return 0
			}
			return r
		})},
		{name: "v_log_f32", n: 1, gen: f3(gF), cmp: ulpClose32, ref: u1(func(a uint32) uint32 {
			if tdenorm32(a) || a&0x7fffffff == 0 {
				return 0xff800000
			}
			return trans32(math.Log2)(a)
		})},
		{name: "v_rcp_f32", n: 1, gen: f3(gF), cmp: ulpClose32, ref: u1(trans32(func(x float64) float64 { return 1 / x }))},
		{name: "v_rcp_iflag_f32", n: 1, gen: f3(gF), cmp: ulpClose32, ref: u1(trans32(func(x float64) float64 { return 1 / x }))},
		{name: "v_rsq_f32", n: 1, gen: f3(gF), cmp: ulpClose32, ref: u1(trans32(func(x float64) float64 {
			if x == 0 {
				return 1 / x // +-inf with the sign of the zero
			}
			return 1 / math.Sqrt(x)
		}))},
		{name: "v_sqrt_f32", n: 1, gen: f3(gF), cmp: ulpClose32, ref: u1(trans32(math.Sqrt))},
		{name: "v_sin_f32", n: 1, gen: f3(gF), cmp: ulpClose32, ref: u1(trans32(func(x float64) float64 {
			if math.IsInf(x, 0) {
				return math.NaN()
			}
			return math.Sin(2 * math.Pi * (x - math.Round(x)))
		}))},
		{name: "v_cos_f32", n: 1, gen: f3(gF), cmp: ulpClose32, ref: u1(trans32(func(x float64) float64 {
			if math.IsInf(x, 0) {
				return math.NaN()
			}
			return math.Cos(2 * math.Pi * (x - math.Round(x)))
		}))},
		{name: "v_not_b32", n: 1, gen: f3(gI), ref: u1(func(a uint32) uint32 { return ^a })},
		{name: "v_bfrev_b32", n: 1, gen: f3(gI), ref: u1(bits.Reverse32)},
		{name: "v_clz_i32_u32", n: 1, gen: f3(gI), ref: u1(func(a uint32) uint32 {
			if a == 0 {
				return 0xffffffff
			}
			return uint32(bits.LeadingZeros32(a))
		})},
		{name: "v_ctz_i32_b32", n: 1, gen: f3(gI), ref: u1(func(a uint32) uint32 {
			if a == 0 {
				return 0xffffffff
			}
			return uint32(bits.TrailingZeros32(a))
		})},
		{name: "v_cls_i32", n: 1, gen: f3(gI), ref: u1(func(a uint32) uint32 {
			for i := 1; i < 32; i++ {
				if a>>(31-i)&1 != a>>31 {
					return uint32(i)
				}
			}
			return 0xffffffff
		})},
		{name: "v_frexp_exp_i32_f32", n: 1, gen: f3(gF), ref: u1(func(a uint32) uint32 {
			x := float64(tf32(a))
			if math.IsNaN(x) || math.IsInf(x, 0) {
				return 0
			}
			_, e := math.Frexp(x)
			return uint32(int32(e))
		})},
		{name: "v_frexp_mant_f32", n: 1, gen: f3(gF), cmp: sameF32, ref: u1(func(a uint32) uint32 {
			x := float64(tf32(a))
			if math.IsNaN(x) || math.IsInf(x, 0) {
				return a
			}
			m, _ := math.Frexp(x)
			return tb32(float32(m))
		})},
		{name: "v_add_f32", n: 2, gen: f3(gF), cmp: sameF32, ref: u2(func(a, b uint32) uint32 { return tb32(tf32(a) + tf32(b)) })},
		{name: "v_sub_f32", n: 2, gen: f3(gF), cmp: sameF32, ref: u2(func(a, b uint32) uint32 { return tb32(tf32(a) - tf32(b)) })},
		{name: "v_subrev_f32", n: 2, gen: f3(gF), cmp: sameF32, ref: u2(func(a, b uint32) uint32 { return tb32(tf32(b) - tf32(a)) })},
		{name: "v_mul_f32", n: 2, gen: f3(gF), cmp: sameF32, ref: u2(func(a, b uint32) uint32 { return tb32(tf32(a) * tf32(b)) })},
		{name: "v_mul_dx9_zero_f32", n: 2, gen: f3(gF), cmp: sameF32, ref: u2(func(a, b uint32) uint32 {
			if tf32(a) == 0 || tf32(b) == 0 {
				return 0
			}
			return tb32(tf32(a) * tf32(b))
		})},
		{name: "v_mul_i32_i24", n: 2, gen: f3(gI), ref: u2(func(a, b uint32) uint32 { return uint32(sx24(a) * sx24(b)) })},
		{name: "v_mul_hi_i32_i24", n: 2, gen: f3(gI), ref: u2(func(a, b uint32) uint32 { return uint32((sx24(a) * sx24(b)) >> 32) })},
		{name: "v_mul_u32_u24", n: 2, gen: f3(gI), ref: u2(func(a, b uint32) uint32 { return uint32(uint64(a&0xffffff) * uint64(b&0xffffff)) })},
		{name: "v_mul_hi_u32_u24", n: 2, gen: f3(gI), ref: u2(func(a, b uint32) uint32 {
			return uint32(uint64(a&0xffffff) * uint64(b&0xffffff) >> 32)
		})},
		{name: "v_min_i32", n: 2, gen: f3(gI), ref: u2(func(a, b uint32) uint32 { return uint32(min(int32(a), int32(b))) })},
		{name: "v_max_i32", n: 2, gen: f3(gI), ref: u2(func(a, b uint32) uint32 { return uint32(max(int32(a), int32(b))) })},
		{name: "v_min_u32", n: 2, gen: f3(gI), ref: u2(func(a, b uint32) uint32 { return min(a, b) })},
		{name: "v_max_u32", n: 2, gen: f3(gI), ref: u2(func(a, b uint32) uint32 { return max(a, b) })},
		{name: "v_min_num_f32", n: 2, gen: f3(gF), cmp: sameF32, ref: u2(mm(false, false, false))},
		{name: "v_max_num_f32", n: 2, gen: f3(gF), cmp: sameF32, ref: u2(mm(false, true, false))},
		{name: "v_minimum_f32", n: 2, gen: f3(gF), cmp: sameF32, ref: u2(mm(false, false, true))},
		{name: "v_maximum_f32", n: 2, gen: f3(gF), cmp: sameF32, ref: u2(mm(false, true, true))},
		{name: "v_lshlrev_b32", n: 2, gen: [3]func(*rand.Rand) uint32{gSh, gI}, ref: u2(func(a, b uint32) uint32 { return b << (a % 32) })},
		{name: "v_lshrrev_b32", n: 2, gen: [3]func(*rand.Rand) uint32{gSh, gI}, ref: u2(func(a, b uint32) uint32 { return b >> (a % 32) })},
		{name: "v_ashrrev_i32", n: 2, gen: [3]func(*rand.Rand) uint32{gSh, gI}, ref: u2(func(a, b uint32) uint32 { return uint32(int32(b) >> (a % 32)) })},
		{name: "v_and_b32", n: 2, gen: f3(gI), ref: u2(func(a, b uint32) uint32 { return a & b })},
		{name: "v_or_b32", n: 2, gen: f3(gI), ref: u2(func(a, b uint32) uint32 { return a | b })},
		{name: "v_xor_b32", n: 2, gen: f3(gI), ref: u2(func(a, b uint32) uint32 { return a ^ b })},
		{name: "v_xnor_b32", n: 2, gen: f3(gI), ref: u2(func(a, b uint32) uint32 { return ^(a ^ b) })},
		{name: "v_add_nc_u32", n: 2, gen: f3(gI), ref: u2(func(a, b uint32) uint32 { return a + b })},
		{name: "v_sub_nc_u32", n: 2, gen: f3(gI), ref: u2(func(a, b uint32) uint32 { return a - b })},
		{name: "v_subrev_nc_u32", n: 2, gen: f3(gI), ref: u2(func(a, b uint32) uint32 { return b - a })},
		{name: "v_add_nc_i32", n: 2, gen: f3(gI), ref: u2(func(a, b uint32) uint32 { return a + b })},
		{name: "v_sub_nc_i32", n: 2, gen: f3(gI), ref: u2(func(a, b uint32) uint32 { return a - b })},
		{name: "v_fmac_f32", n: 2, gen: f3(gF), acc: true, cmp: sameF32, ref: tfma32},
		{name: "v_fma_f32", n: 3, gen: f3(gF), cmp: sameF32, ref: tfma32},
		{name: "v_fmamk_f32", n: 2, gen: f3(gF), cmp: sameF32, asm: "v_fmamk_f32 v1, v2, 0x40490fdb, v3",
			ref: func(a, b, _ uint32) uint32 { return tfma32(a, 0x40490fdb, b) }},
		{name: "v_fmaak_f32", n: 2, gen: f3(gF), cmp: sameF32, asm: "v_fmaak_f32 v1, v2, v3, 0xc0490fdb",
			ref: func(a, b, _ uint32) uint32 { return tfma32(a, b, 0xc0490fdb) }},
		{name: "v_fma_dx9_zero_f32", n: 3, gen: f3(gF), cmp: sameF32, ref: func(a, b, c uint32) uint32 {
			if tf32(a) == 0 || tf32(b) == 0 {
				return c
			}
			return tfma32(a, b, c)
		}},
		{name: "v_cvt_pk_rtz_f16_f32", n: 2, gen: f3(gF), cmp: func(g, w uint32) bool { return sameF16(g, w) && sameF16(g>>16, w>>16) },
			ref: u2(func(a, b uint32) uint32 {
				return tround16(float64(tf32(a)), true) | tround16(float64(tf32(b)), true)<<16
			})},
		{name: "v_mad_i32_i24", n: 3, gen: f3(gI), ref: func(a, b, c uint32) uint32 { return uint32(sx24(a)*sx24(b)) + c }},
		{name: "v_mad_u32_u24", n: 3, gen: f3(gI), ref: func(a, b, c uint32) uint32 { return (a&0xffffff)*(b&0xffffff) + c }},
		{name: "v_bfe_u32", n: 3, gen: [3]func(*rand.Rand) uint32{gI, gSh, gSh}, ref: func(a, b, c uint32) uint32 {
			return uint32((uint64(a) >> (b % 32)) & (1<<(c%32) - 1))
		}},
		{name: "v_bfe_i32", n: 3, gen: [3]func(*rand.Rand) uint32{gI, gSh, gSh}, ref: func(a, b, c uint32) uint32 {
			w := c % 32
			if w == 0 {
				return 0
			}
			v := (a >> (b % 32)) & uint32(1<<w-1)
			return uint32(int32(v<<(32-w)) >> (32 - w))
		}},
		{name: "v_bfi_b32", n: 3, gen: f3(gI), ref: func(a, b, c uint32) uint32 { return a&b | ^a&c }},
		{name: "v_alignbit_b32", n: 3, gen: [3]func(*rand.Rand) uint32{gI, gI, gSh}, ref: func(a, b, c uint32) uint32 {
			return uint32((uint64(a)<<32 | uint64(b)) >> (c % 32))
		}},
		{name: "v_alignbyte_b32", n: 3, gen: f3(gI), ref: func(a, b, c uint32) uint32 {
			return uint32((uint64(a)<<32 | uint64(b)) >> (8 * (c % 4)))
		}},
		{name: "v_min3_i32", n: 3, gen: f3(gI), ref: func(a, b, c uint32) uint32 { return uint32(min(int32(a), int32(b), int32(c))) }},
		{name: "v_min3_u32", n: 3, gen: f3(gI), ref: func(a, b, c uint32) uint32 { return min(a, b, c) }},
		{name: "v_max3_i32", n: 3, gen: f3(gI), ref: func(a, b, c uint32) uint32 { return uint32(max(int32(a), int32(b), int32(c))) }},
		{name: "v_max3_u32", n: 3, gen: f3(gI), ref: func(a, b, c uint32) uint32 { return max(a, b, c) }},
		{name: "v_med3_i32", n: 3, gen: f3(gI), ref: func(a, b, c uint32) uint32 {
			v := []int32{int32(a), int32(b), int32(c)}
			sortI32(v)
			return uint32(v[1])
		}},
		{name: "v_med3_u32", n: 3, gen: f3(gI), ref: func(a, b, c uint32) uint32 {
			v := []int32{int32(a ^ 1<<31), int32(b ^ 1<<31), int32(c ^ 1<<31)}
			sortI32(v)
			return uint32(v[1]) ^ 1<<31
		}},
		{name: "v_maxmin_u32", n: 3, gen: f3(gI), ref: func(a, b, c uint32) uint32 { return min(max(a, b), c) }},
		{name: "v_minmax_u32", n: 3, gen: f3(gI), ref: func(a, b, c uint32) uint32 { return max(min(a, b), c) }},
		{name: "v_maxmin_i32", n: 3, gen: f3(gI), ref: func(a, b, c uint32) uint32 { return uint32(min(max(int32(a), int32(b)), int32(c))) }},
		{name: "v_minmax_i32", n: 3, gen: f3(gI), ref: func(a, b, c uint32) uint32 { return uint32(max(min(int32(a), int32(b)), int32(c))) }},
		{name: "v_sad_u8", n: 3, gen: f3(gI), ref: func(a, b, c uint32) uint32 { return tsad(a, b, false) + c }},
		{name: "v_sad_hi_u8", n: 3, gen: f3(gI), ref: func(a, b, c uint32) uint32 { return tsad(a, b, false)<<16 + c }},
		{name: "v_msad_u8", n: 3, gen: f3(gI), ref: func(a, b, c uint32) uint32 { return tsad(a, b, true) + c }},
		{name: "v_sad_u32", n: 3, gen: f3(gI), ref: func(a, b, c uint32) uint32 {
			d := int64(a) - int64(b)
			if d < 0 {
				d = -d
			}
			return uint32(d) + c
		}},
		{name: "v_cvt_pk_u8_f32", n: 3, gen: [3]func(*rand.Rand) uint32{gF, gI, gI}, ref: func(a, b, c uint32) uint32 {
			x := float64(tf32(a))
			var v uint32
			switch {
			case math.IsNaN(x) || x <= 0:
			case x >= 255:
				v = 255
			default:
				v = uint32(x)
			}
			sh := 8 * (b % 4)
			return c&^(0xff<<sh) | v<<sh
		}},
		{name: "v_xor3_b32", n: 3, gen: f3(gI), ref: func(a, b, c uint32) uint32 { return a ^ b ^ c }},
		{name: "v_perm_b32", n: 3, gen: [3]func(*rand.Rand) uint32{gI, gI, func(r *rand.Rand) uint32 {
			return uint32(r.Intn(16)) | uint32(r.Intn(16))<<8 | uint32(r.Intn(16))<<16 | uint32(r.Intn(16))<<24
		}}, ref: tperm},
		{name: "v_xad_u32", n: 3, gen: f3(gI), ref: func(a, b, c uint32) uint32 { return (a ^ b) + c }},
		{name: "v_lshl_add_u32", n: 3, gen: [3]func(*rand.Rand) uint32{gI, gSh, gI}, ref: func(a, b, c uint32) uint32 { return a<<(b%32) + c }},
		{name: "v_add_lshl_u32", n: 3, gen: [3]func(*rand.Rand) uint32{gI, gI, gSh}, ref: func(a, b, c uint32) uint32 { return (a + b) << (c % 32) }},
		{name: "v_add3_u32", n: 3, gen: f3(gI), ref: func(a, b, c uint32) uint32 { return a + b + c }},
		{name: "v_lshl_or_b32", n: 3, gen: [3]func(*rand.Rand) uint32{gI, gSh, gI}, ref: func(a, b, c uint32) uint32 { return a<<(b%32) | c }},
		{name: "v_and_or_b32", n: 3, gen: f3(gI), ref: func(a, b, c uint32) uint32 { return a&b | c }},
		{name: "v_or3_b32", n: 3, gen: f3(gI), ref: func(a, b, c uint32) uint32 { return a | b | c }},
		{name: "v_cvt_pk_i16_f32", n: 2, gen: f3(gF), ref: u2(func(a, b uint32) uint32 {
			c := func(x uint32) uint32 {
				f := float64(tf32(x))
				switch {
				case math.IsNaN(f):
					return 0
				case f >= 32767:
					return 0x7fff
				case f <= -32768:
					return 0x8000
				}
				return uint32(int32(f)) & 0xffff
			}
			return c(a) | c(b)<<16
		})},
		{name: "v_cvt_pk_u16_f32", n: 2, gen: f3(gF), ref: u2(func(a, b uint32) uint32 {
			c := func(x uint32) uint32 {
				f := float64(tf32(x))
				switch {
				case math.IsNaN(f) || f <= 0:
					return 0
				case f >= 65535:
					return 0xffff
				}
				return uint32(f)
			}
			return c(a) | c(b)<<16
		})},
		{name: "v_cvt_pk_u16_u32", n: 2, gen: f3(gI), ref: u2(func(a, b uint32) uint32 { return min(a, 0xffff) | min(b, 0xffff)<<16 })},
		{name: "v_cvt_pk_i16_i32", n: 2, gen: f3(gI), ref: u2(func(a, b uint32) uint32 {
			c := func(x uint32) uint32 { return uint32(max(-32768, min(32767, int32(x)))) & 0xffff }
			return c(a) | c(b)<<16
		})},
		{name: "v_pack_b32_f16", n: 2, gen: f3(gH), ref: u2(func(a, b uint32) uint32 { return a&0xffff | b<<16 })},
		{name: "v_ldexp_f32", n: 2, gen: [3]func(*rand.Rand) uint32{gF, func(r *rand.Rand) uint32 { return uint32(int32(r.Intn(300) - 150)) }},
			cmp: sameF32, ref: u2(func(a, b uint32) uint32 {
				if math.IsNaN(float64(tf32(a))) || math.IsInf(float64(tf32(a)), 0) {
					return a
				}
				f := new(big.Float).SetPrec(2000).SetMantExp(bigF(float64(tf32(a))), int(int32(b)))
				r, _ := f.Float32()
				return tb32(r)
			})},
		{name: "v_bfm_b32", n: 2, gen: f3(gSh), ref: u2(func(a, b uint32) uint32 { return uint32(1<<(a%32)-1) << (b % 32) })},
		{name: "v_bcnt_u32_b32", n: 2, gen: f3(gI), ref: u2(func(a, b uint32) uint32 { return uint32(bits.OnesCount32(a)) + b })},
		{name: "v_mul_lo_u32", n: 2, gen: f3(gI), ref: u2(func(a, b uint32) uint32 { return a * b })},
		{name: "v_mul_hi_u32", n: 2, gen: f3(gI), ref: u2(func(a, b uint32) uint32 { return uint32(uint64(a) * uint64(b) >> 32) })},
		{name: "v_mul_hi_i32", n: 2, gen: f3(gI), ref: u2(func(a, b uint32) uint32 { return uint32(int64(int32(a)) * int64(int32(b)) >> 32) })},
	}
	// three-operand float min/max families
	for _, p := range []struct {
		sfx string
		f16 bool
	}{{"f32", false}, {"f16", true}} {
		g, cmp, h := gF, sameF32, false
		if p.f16 {
			g, cmp, h = gH, sameF16, true
		}
		f16 := p.f16
		mn := func(a, b uint32) uint32 { return tminmax(a, b, f16, false, false) }
		mx := func(a, b uint32) uint32 { return tminmax(a, b, f16, true, false) }
		mnP := func(a, b uint32) uint32 { return tminmax(a, b, f16, false, true) }
		mxP := func(a, b uint32) uint32 { return tminmax(a, b, f16, true, true) }
		ops = append(ops,
			vop{name: "v_min3_num_" + p.sfx, n: 3, gen: f3(g), h16: h, cmp: cmp, ref: func(a, b, c uint32) uint32 { return mn(mn(a, b), c) }},
			vop{name: "v_max3_num_" + p.sfx, n: 3, gen: f3(g), h16: h, cmp: cmp, ref: func(a, b, c uint32) uint32 { return mx(mx(a, b), c) }},
			vop{name: "v_minimum3_" + p.sfx, n: 3, gen: f3(g), h16: h, cmp: cmp, ref: func(a, b, c uint32) uint32 { return mnP(mnP(a, b), c) }},
			vop{name: "v_maximum3_" + p.sfx, n: 3, gen: f3(g), h16: h, cmp: cmp, ref: func(a, b, c uint32) uint32 { return mxP(mxP(a, b), c) }},
			vop{name: "v_minmax_num_" + p.sfx, n: 3, gen: f3(g), h16: h, cmp: cmp, ref: func(a, b, c uint32) uint32 { return mx(mn(a, b), c) }},
			vop{name: "v_maxmin_num_" + p.sfx, n: 3, gen: f3(g), h16: h, cmp: cmp, ref: func(a, b, c uint32) uint32 { return mn(mx(a, b), c) }},
			vop{name: "v_minimummaximum_" + p.sfx, n: 3, gen: f3(g), h16: h, cmp: cmp, ref: func(a, b, c uint32) uint32 { return mxP(mnP(a, b), c) }},
			vop{name: "v_maximumminimum_" + p.sfx, n: 3, gen: f3(g), h16: h, cmp: cmp, ref: func(a, b, c uint32) uint32 { return mnP(mxP(a, b), c) }},
			vop{name: "v_med3_num_" + p.sfx, n: 3, gen: f3(g), h16: h, cmp: cmp, ref: func(a, b, c uint32) uint32 {
				nan := tnan32
				if f16 {
					nan = tnan16
				}
				if nan(a) || nan(b) || nan(c) {
					return mn(mn(a, b), c)
				}
				// the middle one of three numbers (-0 < +0)
				lo, hi := mn(a, b), mx(a, b)
				return mx(lo, mn(hi, c))
			}},
		)
	}
	// f16 arithmetic
	ops = append(ops,
		vop{name: "v_add_f16", n: 2, gen: f3(gH), h16: true, cmp: sameF16, ref: u2(func(a, b uint32) uint32 { return tround16(tf16(a)+tf16(b), false) })},
		vop{name: "v_sub_f16", n: 2, gen: f3(gH), h16: true, cmp: sameF16, ref: u2(func(a, b uint32) uint32 { return tround16(tf16(a)-tf16(b), false) })},
		vop{name: "v_subrev_f16", n: 2, gen: f3(gH), h16: true, cmp: sameF16, ref: u2(func(a, b uint32) uint32 { return tround16(tf16(b)-tf16(a), false) })},
		vop{name: "v_mul_f16", n: 2, gen: f3(gH), h16: true, cmp: sameF16, ref: u2(func(a, b uint32) uint32 { return tround16(tf16(a)*tf16(b), false) })},
		vop{name: "v_min_num_f16", n: 2, gen: f3(gH), h16: true, cmp: sameF16, ref: u2(func(a, b uint32) uint32 { return tminmax(a&0xffff, b&0xffff, true, false, false) })},
		vop{name: "v_max_num_f16", n: 2, gen: f3(gH), h16: true, cmp: sameF16, ref: u2(func(a, b uint32) uint32 { return tminmax(a&0xffff, b&0xffff, true, true, false) })},
		vop{name: "v_minimum_f16", n: 2, gen: f3(gH), h16: true, cmp: sameF16, ref: u2(func(a, b uint32) uint32 { return tminmax(a&0xffff, b&0xffff, true, false, true) })},
		vop{name: "v_maximum_f16", n: 2, gen: f3(gH), h16: true, cmp: sameF16, ref: u2(func(a, b uint32) uint32 { return tminmax(a&0xffff, b&0xffff, true, true, true) })},
		vop{name: "v_fmac_f16", n: 2, gen: f3(gH), acc: true, h16: true, cmp: sameF16, ref: tfma16},
		vop{name: "v_fma_f16", n: 3, gen: f3(gH), h16: true, cmp: sameF16, ref: tfma16},
		vop{name: "v_fmamk_f16", n: 2, gen: f3(gH), h16: true, cmp: sameF16, asm: "v_fmamk_f16 v1, v2, 0x4248, v3",
			ref: func(a, b, _ uint32) uint32 { return tfma16(a, 0x4248, b) }},
		vop{name: "v_fmaak_f16", n: 2, gen: f3(gH), h16: true, cmp: sameF16, asm: "v_fmaak_f16 v1, v2, v3, 0xc248",
			ref: func(a, b, _ uint32) uint32 { return tfma16(a, b, 0xc248) }},
		vop{name: "v_ldexp_f16", n: 2, gen: [3]func(*rand.Rand) uint32{gH, func(r *rand.Rand) uint32 { return uint32(r.Intn(60)-30) & 0xffff }},
			h16: true, cmp: sameF16, ref: u2(func(a, b uint32) uint32 {
				if tnan16(a) {
					return a
				}
				return tround16(math.Ldexp(tf16(a), int(int16(b))), false)
			})},
		vop{name: "v_pk_fmac_f16", n: 2, gen: f3(gI), acc: true, cmp: func(g, w uint32) bool { return sameF16(g, w) && sameF16(g>>16, w>>16) },
			ref: func(a, b, c uint32) uint32 { return tfma16(a, b, c) | tfma16(a>>16, b>>16, c>>16)<<16 }},
		vop{name: "v_dot2_f16_f16", n: 3, gen: f3(gH), h16: true, cmp: sameF16, ref: func(a, b, c uint32) uint32 {
			t := tround16(tf16(c)+tf16(tround16(tf16(a)*tf16(b), false)), false)
			return tround16(tf16(t)+tf16(tround16(tf16(a>>16)*tf16(b>>16), false)), false)
		}},
		vop{name: "v_cvt_f32_ubyte0", n: 1, gen: f3(gI), ref: u1(func(a uint32) uint32 { return tb32(float32(a & 255)) })},
		vop{name: "v_cvt_f32_ubyte1", n: 1, gen: f3(gI), ref: u1(func(a uint32) uint32 { return tb32(float32(a >> 8 & 255)) })},
		vop{name: "v_cvt_f32_ubyte2", n: 1, gen: f3(gI), ref: u1(func(a uint32) uint32 { return tb32(float32(a >> 16 & 255)) })},
		vop{name: "v_cvt_f32_ubyte3", n: 1, gen: f3(gI), ref: u1(func(a uint32) uint32 { return tb32(float32(a >> 24)) })},
	)
	// f16 unary
	for _, u := range []struct {
		name string
		f    func(float64) float64
		tol  bool
	}{
		{"v_rcp_f16", func(x float64) float64 { return 1 / x }, true},
		{"v_sqrt_f16", math.Sqrt, true},
		{"v_rsq_f16", func(x float64) float64 { return 1 / math.Sqrt(x) }, true},
		{"v_log_f16", math.Log2, true},
		{"v_exp_f16", math.Exp2, true},
		{"v_floor_f16", math.Floor, false},
		{"v_ceil_f16", math.Ceil, false},
		{"v_trunc_f16", math.Trunc, false},
		{"v_rndne_f16", math.RoundToEven, false},
		{"v_fract_f16", tfract, false},
		{"v_sin_f16", func(x float64) float64 {
			if math.IsInf(x, 0) {
				return math.NaN()
			}
			return math.Sin(2 * math.Pi * (x - math.Round(x)))
		}, true},
		{"v_cos_f16", func(x float64) float64 {
			if math.IsInf(x, 0) {
				return math.NaN()
			}
			return math.Cos(2 * math.Pi * (x - math.Round(x)))
		}, true},
		{"v_frexp_mant_f16", func(x float64) float64 {
			if math.IsInf(x, 0) || math.IsNaN(x) {
				return x
			}
			m, _ := math.Frexp(x)
			return m
		}, false},
	} {
		cmp := sameF16
		if u.tol {
			cmp = ulpClose16
		}
		f := u.f
		ops = append(ops, vop{name: u.name, n: 1, gen: f3(gH), h16: true, cmp: cmp, ref: u1(h1(f))})
	}
	return ops
}

func sortI32(v []int32) {
	for i := range v {
		for j := i + 1; j < len(v); j++ {
			if v[j] < v[i] {
				v[i], v[j] = v[j], v[i]
			}
		}
	}
}

// valuCase builds the case for op in one wave size.
func valuCase(op vop, w64 bool, rng *rand.Rand) *scase {
	asm := op.asm
	if asm == "" {
		switch op.n {
		case 1:
			asm = op.name + " v1, v2"
		case 2:
			asm = op.name + " v1, v2, v3"
		case 3:
			asm = op.name + " v1, v2, v3, v4"
		}
	}
	c := newCase(fmt.Sprintf("%s/w%d", op.name, map[bool]int{false: 32, true: 64}[w64]), asm, w64, rng)
	for l := 0; l < 64; l++ {
		for i := 0; i < op.n; i++ {
			c.in.v[1+i][l] = op.gen[i](rng)
		}
		if op.acc {
			c.in.v[0][l] = op.gen[0](rng)
		}
	}
	c.want = c.in
	for l := 0; l < c.lanes(); l++ {
		if !c.active(l) {
			continue
		}
		a, b, x := c.in.v[1][l], c.in.v[2][l], c.in.v[3][l]
		if op.acc {
			x = c.in.v[0][l]
		}
		r := op.ref(a, b, x)
		if op.h16 {
			r = c.in.v[0][l]&0xffff0000 | r&0xffff
		}
		c.want.v[0][l] = r
	}
	if op.cmp != nil {
		cmp := op.cmp
		c.vtol = func(reg, _ int, got, want uint32) bool {
			if reg != 0 {
				return false
			}
			return cmp(got, want) && (!op.h16 || got>>16 == want>>16)
		}
	}
	return c
}

func valuCases(rng *rand.Rand) []*scase {
	var cases []*scase
	for _, op := range valuOps() {
		for _, w64 := range []bool{false, true} {
			cases = append(cases, valuCase(op, w64, rng))
		}
	}
	return cases
}
