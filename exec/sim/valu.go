package sim

import (
	"math"
	"math/big"
	"math/bits"
)

// Vector ALU executors. Each reads its sources for the active lanes (EXEC,
// narrowed by DPP), applies the instruction's lane function and writes
// the destination through put/put64, which apply the destination class's
// output handling.

var zero64 [64]uint64

func xV1(w *wave, in *inst) {
	m := w.exec()
	a := w.src(in, 0, &m)
	f, r := in.sem.f1, &w.res
	for mm := m; mm != 0; mm &= mm - 1 {
		l := bits.TrailingZeros64(mm)
		r[l] = f(a[l])
	}
	w.put(in, m)
}

func xV2(w *wave, in *inst) {
	m := w.exec()
	a := w.src(in, 0, &m)
	b := w.src(in, 1, &m)
	f, r := in.sem.f2, &w.res
	for mm := m; mm != 0; mm &= mm - 1 {
		l := bits.TrailingZeros64(mm)
		r[l] = f(a[l], b[l])
	}
	w.put(in, m)
}

func xV3(w *wave, in *inst) {
	m := w.exec()
	a := w.src(in, 0, &m)
	b := w.src(in, 1, &m)
	c := w.src(in, 2, &m)
	f, r := in.sem.f3, &w.res
	for mm := m; mm != 0; mm &= mm - 1 {
		l := bits.TrailingZeros64(mm)
		r[l] = f(a[l], b[l], c[l])
	}
	w.put(in, m)
}

// xV64 runs g3 on sources widened to 64 bits (register pairs for 64-bit
// classes) and writes a 64- or 32-bit result.
func xV64(w *wave, in *inst) {
	m := w.exec()
	s := in.sem
	b, c := zero64[:], zero64[:]
	a := w.src64(in, 0, m)
	if s.src[1] != cNone {
		b = w.src64(in, 1, m)
	}
	if s.src[2] != cNone {
		c = w.src64(in, 2, m)
	}
	g, r := s.g3, &w.res64
	for mm := m; mm != 0; mm &= mm - 1 {
		l := bits.TrailingZeros64(mm)
		r[l] = g(a[l], b[l], c[l])
	}
	w.put64(in, m)
}

// dstAsSrc2 makes the destination the third source (v_fmac: D = S0*S1+D).
func dstAsSrc2(in *inst) string {
	in.src[2] = in.dst
	in.src[2].abs, in.src[2].neg = false, false
	return ""
}

// withSat swaps in the saturating lane function when the clamp bit is set.
func withSat(sat func(a, b uint32) uint32) func(*inst) string {
	return func(in *inst) string {
		if in.op.Clamp {
			c := *in.sem
			c.f2 = sat
			in.sem = &c
		}
		return ""
	}
}

func registerVALU() {
	isF := func(c cls) bool { return c == cF32 || c == cF16 || c == cF64 }
	// v1/v2/v3 define a 32-bit-lane instruction; float destinations get
	// clamp and omod through put.
	v1 := func(name string, d, a cls, f func(uint32) uint32) {
		def(name, &semantics{exec: xV1, dst: d, src: [3]cls{a}, f1: f, dpp: true, clamp: isF(d), omod: isF(d)})
	}
	v2 := func(name string, d, a, b cls, f func(a, b uint32) uint32) {
		def(name, &semantics{exec: xV2, dst: d, src: [3]cls{a, b}, f2: f, dpp: true, clamp: isF(d), omod: isF(d)})
	}
	v3 := func(name string, d, a, b, c cls, f func(a, b, c uint32) uint32) {
		def(name, &semantics{exec: xV3, dst: d, src: [3]cls{a, b, c}, f3: f, dpp: true, clamp: isF(d), omod: isF(d)})
	}
	v64 := func(name string, d, a, b, c cls, g func(a, b, c uint64) uint64) {
		def(name, &semantics{exec: xV64, dst: d, src: [3]cls{a, b, c}, g3: g, clamp: isF(d), omod: isF(d)})
	}
	// Float-to-integer conversions saturate anyway, so clamp changes
	// nothing; they take no output modifier.
	cvtI := func(name string, a cls, f func(uint32) uint32) {
		def(name, &semantics{exec: xV1, dst: cB32, src: [3]cls{a}, f1: f, dpp: true, clamp: true})
	}

	// VOP1
	def("v_nop", &semantics{exec: xNop})
	v1("v_mov_b32", cB32, cB32, func(a uint32) uint32 { return a })
	v1("v_cvt_f32_i32", cF32, cB32, func(a uint32) uint32 { return u32f(float32(int32(a))) })
	v1("v_cvt_f32_u32", cF32, cB32, func(a uint32) uint32 { return u32f(float32(a)) })
	cvtI("v_cvt_u32_f32", cF32, func(a uint32) uint32 { return toU32(float64(f32(a))) })
	cvtI("v_cvt_i32_f32", cF32, func(a uint32) uint32 { return toI32(float64(f32(a))) })
	v1("v_cvt_f16_f32", cF16, cF32, func(a uint32) uint32 { return f16from64(float64(f32(a))) })
	v1("v_cvt_f32_f16", cF32, cF16, f16to32)
	cvtI("v_cvt_nearest_i32_f32", cF32, func(a uint32) uint32 {
		return toI32(math.Floor(float64(f32(a) + 0.5)))
	})
	cvtI("v_cvt_floor_i32_f32", cF32, func(a uint32) uint32 { return toI32(math.Floor(float64(f32(a)))) })
	v1("v_cvt_off_f32_i4", cF32, cB32, func(a uint32) uint32 {
		return u32f(float32(int32(a<<28)>>28) / 16)
	})
	for i := uint(0); i < 4; i++ {
		i := i
		v1("v_cvt_f32_ubyte"+string(rune('0'+i)), cF32, cB32, func(a uint32) uint32 { return u32f(float32(a >> (8 * i) & 0xff)) })
	}
	def("v_cvt_i32_f64", &semantics{exec: xV64, dst: cB32, src: [3]cls{cF64}, clamp: true,
		g3: func(a, _, _ uint64) uint64 { return uint64(toI32(f64(a))) }})
	def("v_cvt_u32_f64", &semantics{exec: xV64, dst: cB32, src: [3]cls{cF64}, clamp: true,
		g3: func(a, _, _ uint64) uint64 { return uint64(toU32(f64(a))) }})
	v64("v_cvt_f64_i32", cF64, cB32, cNone, cNone, func(a, _, _ uint64) uint64 { return u64f(float64(int32(a))) })
	v64("v_cvt_f64_u32", cF64, cB32, cNone, cNone, func(a, _, _ uint64) uint64 { return u64f(float64(uint32(a))) })
	v64("v_cvt_f32_f64", cF32, cF64, cNone, cNone, func(a, _, _ uint64) uint64 {
		if isNaN64(a) {
			return uint64(uint32(a>>32)&0x80000000 | 0x7fc00000 | uint32(a>>29)&0x3fffff)
		}
		return uint64(f32from64(f64(a)))
	})
	v64("v_cvt_f64_f32", cF64, cF32, cNone, cNone, func(a, _, _ uint64) uint64 {
		if isNaN32(uint32(a)) {
			return uint64(a)&0x80000000<<32 | qnan64 | uint64(a)&0x3fffff<<29
		}
		return u64f(float64(f32(uint32(a))))
	})
	for _, r := range []struct {
		name string
		f    func(float64) float64
	}{{"trunc", math.Trunc}, {"ceil", math.Ceil}, {"rndne", rndne}, {"floor", math.Floor}} {
		f := r.f
		v64("v_"+r.name+"_f64", cF64, cF64, cNone, cNone, unary64(f))
		v1("v_"+r.name+"_f32", cF32, cF32, unary32(f))
		v1("v_"+r.name+"_f16", cF16, cF16, unary16(f))
	}
	v1("v_fract_f32", cF32, cF32, fract32)
	v1("v_fract_f16", cF16, cF16, unary16(fract))
	v64("v_fract_f64", cF64, cF64, cNone, cNone, unary64(fract))
	v1("v_exp_f32", cF32, cF32, exp32)
	v1("v_log_f32", cF32, cF32, log32)
	v1("v_rcp_f32", cF32, cF32, unary32(rcp64))
	v1("v_rcp_iflag_f32", cF32, cF32, unary32(rcp64))
	v1("v_rsq_f32", cF32, cF32, unary32(rsq64))
	v1("v_sqrt_f32", cF32, cF32, unary32(math.Sqrt))
	v1("v_sin_f32", cF32, cF32, unary32(sinRev))
	v1("v_cos_f32", cF32, cF32, unary32(cosRev))
	v64("v_rcp_f64", cF64, cF64, cNone, cNone, unary64(rcp64))
	v64("v_rsq_f64", cF64, cF64, cNone, cNone, unary64(rsq64))
	v64("v_sqrt_f64", cF64, cF64, cNone, cNone, unary64(math.Sqrt))
	v1("v_rcp_f16", cF16, cF16, unary16(rcp64))
	v1("v_sqrt_f16", cF16, cF16, unary16(math.Sqrt))
	v1("v_rsq_f16", cF16, cF16, unary16(rsq64))
	v1("v_log_f16", cF16, cF16, unary16(log2f64))
	v1("v_exp_f16", cF16, cF16, unary16(exp2f64))
	v1("v_sin_f16", cF16, cF16, unary16(sinRev))
	v1("v_cos_f16", cF16, cF16, unary16(cosRev))
	v1("v_not_b32", cB32, cB32, func(a uint32) uint32 { return ^a })
	v1("v_bfrev_b32", cB32, cB32, bits.Reverse32)
	v1("v_clz_i32_u32", cB32, cB32, func(a uint32) uint32 { return uint32(clz(uint64(a), 32)) })
	v1("v_ctz_i32_b32", cB32, cB32, func(a uint32) uint32 { return uint32(ctz(uint64(a), 32)) })
	v1("v_cls_i32", cB32, cB32, func(a uint32) uint32 { return uint32(leadingSignBits(uint64(a), 32)) })
	def("v_frexp_exp_i32_f64", &semantics{exec: xV64, dst: cB32, src: [3]cls{cF64}, clamp: true,
		g3: func(a, _, _ uint64) uint64 { return uint64(uint32(int32(frexpExp(f64(a))))) }})
	v64("v_frexp_mant_f64", cF64, cF64, cNone, cNone, unary64(frexpMant))
	cvtI("v_frexp_exp_i32_f32", cF32, func(a uint32) uint32 { return uint32(int32(frexpExp(float64(f32(a))))) })
	v1("v_frexp_mant_f32", cF32, cF32, unary32(frexpMant))
	v1("v_frexp_mant_f16", cF16, cF16, unary16(frexpMant))

	// VOP2
	def("v_cndmask_b32", &semantics{exec: xCndmask, dst: cB32, src: [3]cls{cM32, cM32, cB32}, dpp: true})
	v2("v_add_f32", cF32, cF32, cF32, add32)
	v2("v_sub_f32", cF32, cF32, cF32, sub32)
	v2("v_subrev_f32", cF32, cF32, cF32, func(a, b uint32) uint32 { return sub32(b, a) })
	v2("v_mul_f32", cF32, cF32, cF32, mul32)
	v2("v_mul_dx9_zero_f32", cF32, cF32, cF32, func(a, b uint32) uint32 {
		if a&0x7fffffff == 0 || b&0x7fffffff == 0 {
			return 0
		}
		return mul32(a, b)
	})
	v64("v_add_f64", cF64, cF64, cF64, cNone, func(a, b, _ uint64) uint64 { return add64(a, b) })
	v64("v_mul_f64", cF64, cF64, cF64, cNone, func(a, b, _ uint64) uint64 { return mul64(a, b) })
	for _, m := range minMaxOps {
		op := m.op
		v64("v_"+m.name+"_f64", cF64, cF64, cF64, cNone, func(a, b, _ uint64) uint64 { return op(&fmt64, a, b) })
	}
	v64("v_fma_f64", cF64, cF64, cF64, cF64, fma64)
	v64("v_ldexp_f64", cF64, cF64, cB32, cNone, func(a, b, _ uint64) uint64 {
		if isNaN64(a) {
			return quiet64(a)
		}
		return u64f(ldexp(f64(a), int(int32(b))))
	})
	v64("v_lshlrev_b64", cB64, cB32, cB64, cNone, func(a, b, _ uint64) uint64 { return b << (a & 63) })
	v64("v_lshrrev_b64", cB64, cB32, cB64, cNone, func(a, b, _ uint64) uint64 { return b >> (a & 63) })
	v64("v_ashrrev_i64", cB64, cB32, cB64, cNone, func(a, b, _ uint64) uint64 { return uint64(int64(b) >> (a & 63)) })
	def("v_mul_i32_i24", &semantics{exec: xV2, dst: cB32, src: [3]cls{cB32, cB32}, dpp: true,
		f2: func(a, b uint32) uint32 { return uint32(sext24(a) * sext24(b)) }})
	v2("v_mul_hi_i32_i24", cB32, cB32, cB32, func(a, b uint32) uint32 { return uint32(sext24(a) * sext24(b) >> 32) })
	def("v_mul_u32_u24", &semantics{exec: xV2, dst: cB32, src: [3]cls{cB32, cB32}, dpp: true,
		f2: func(a, b uint32) uint32 { return (a & 0xffffff) * (b & 0xffffff) }})
	v2("v_mul_hi_u32_u24", cB32, cB32, cB32, func(a, b uint32) uint32 {
		return uint32(uint64(a&0xffffff) * uint64(b&0xffffff) >> 32)
	})
	v2("v_min_i32", cB32, cB32, cB32, func(a, b uint32) uint32 { return uint32(min(int32(a), int32(b))) })
	v2("v_max_i32", cB32, cB32, cB32, func(a, b uint32) uint32 { return uint32(max(int32(a), int32(b))) })
	v2("v_min_u32", cB32, cB32, cB32, func(a, b uint32) uint32 { return min(a, b) })
	v2("v_max_u32", cB32, cB32, cB32, func(a, b uint32) uint32 { return max(a, b) })
	for _, p := range []struct {
		sfx string
		c   cls
		f   *fpfmt
	}{{"f32", cF32, &fmt32}, {"f16", cF16, &fmt16}} {
		f, c := p.f, p.c
		for _, m := range minMaxOps {
			v2("v_"+m.name+"_"+p.sfx, c, c, c, f.lane2(m.op))
			v3("v_"+m.name3+"_"+p.sfx, c, c, c, c, f.lane3(m.op, m.op))
			v3("v_"+m.nameThen+"_"+p.sfx, c, c, c, c, f.lane3(m.op, m.then))
		}
		v3("v_med3_num_"+p.sfx, c, c, c, c, func(a, b, x uint32) uint32 { return uint32(f.med3Num(uint64(a), uint64(b), uint64(x))) })
	}
	v2("v_lshlrev_b32", cB32, cB32, cB32, func(a, b uint32) uint32 { return b << (a & 31) })
	v2("v_lshrrev_b32", cB32, cB32, cB32, func(a, b uint32) uint32 { return b >> (a & 31) })
	v2("v_ashrrev_i32", cB32, cB32, cB32, func(a, b uint32) uint32 { return uint32(int32(b) >> (a & 31)) })
	v2("v_and_b32", cB32, cB32, cB32, func(a, b uint32) uint32 { return a & b })
	v2("v_or_b32", cB32, cB32, cB32, func(a, b uint32) uint32 { return a | b })
	v2("v_xor_b32", cB32, cB32, cB32, func(a, b uint32) uint32 { return a ^ b })
	v2("v_xnor_b32", cB32, cB32, cB32, func(a, b uint32) uint32 { return ^(a ^ b) })
	// Integer adds with clamp saturate (unsigned, or signed for _i32).
	intClamp := func(name string, f, sat func(a, b uint32) uint32) {
		def(name, &semantics{exec: xV2, dst: cB32, src: [3]cls{cB32, cB32}, f2: f, dpp: true, clamp: true, setup: withSat(sat)})
	}
	intClamp("v_add_nc_u32", func(a, b uint32) uint32 { return a + b }, func(a, b uint32) uint32 { return satU32(uint64(a) + uint64(b)) })
	intClamp("v_sub_nc_u32", func(a, b uint32) uint32 { return a - b }, func(a, b uint32) uint32 { return satSubU32(a, b) })
	intClamp("v_subrev_nc_u32", func(a, b uint32) uint32 { return b - a }, func(a, b uint32) uint32 { return satSubU32(b, a) })
	intClamp("v_add_nc_i32", func(a, b uint32) uint32 { return a + b }, func(a, b uint32) uint32 { return satI32(int64(int32(a)) + int64(int32(b))) })
	intClamp("v_sub_nc_i32", func(a, b uint32) uint32 { return a - b }, func(a, b uint32) uint32 { return satI32(int64(int32(a)) - int64(int32(b))) })
	def("v_fmac_f32", &semantics{exec: xV3, dst: cF32, src: [3]cls{cF32, cF32, cF32}, f3: fma32, dpp: true, clamp: true, omod: true, setup: dstAsSrc2})
	def("v_fmac_f16", &semantics{exec: xV3, dst: cF16, src: [3]cls{cF16, cF16, cF16}, f3: fma16, dpp: true, clamp: true, omod: true, setup: dstAsSrc2})
	v3("v_fmamk_f32", cF32, cF32, cF32, cF32, fma32)
	v3("v_fmaak_f32", cF32, cF32, cF32, cF32, fma32)
	v3("v_fmamk_f16", cF16, cF16, cF16, cF16, fma16)
	v3("v_fmaak_f16", cF16, cF16, cF16, cF16, fma16)
	v3("v_fma_f32", cF32, cF32, cF32, cF32, fma32)
	v3("v_fma_f16", cF16, cF16, cF16, cF16, fma16)
	v3("v_fma_dx9_zero_f32", cF32, cF32, cF32, cF32, func(a, b, c uint32) uint32 {
		if a&0x7fffffff == 0 || b&0x7fffffff == 0 {
			return c
		}
		return fma32(a, b, c)
	})
	v2("v_cvt_pk_rtz_f16_f32", cB32, cF32, cF32, func(a, b uint32) uint32 {
		return cvtRTZ(a) | cvtRTZ(b)<<16
	})
	v2("v_add_f16", cF16, cF16, cF16, add16)
	v2("v_sub_f16", cF16, cF16, cF16, sub16)
	v2("v_subrev_f16", cF16, cF16, cF16, func(a, b uint32) uint32 { return sub16(b, a) })
	v2("v_mul_f16", cF16, cF16, cF16, mul16)
	v2("v_ldexp_f16", cF16, cF16, cB16, func(a, b uint32) uint32 {
		if isNaN16(a) {
			return quiet16(a)
		}
		return f16from64(ldexp(f16to64(a), int(int16(b))))
	})
	v2("v_ldexp_f32", cF32, cF32, cB32, func(a, b uint32) uint32 {
		if isNaN32(a) {
			return quiet32(a)
		}
		return f32from64(ldexp(float64(f32(a)), int(int32(b))))
	})
	def("v_pk_fmac_f16", &semantics{exec: xV3, dst: cB32, src: [3]cls{cB32, cB32, cB32}, dpp: true, setup: dstAsSrc2,
		f3: func(a, b, c uint32) uint32 {
			return fma16(a&0xffff, b&0xffff, c&0xffff) | fma16(a>>16, b>>16, c>>16)<<16
		}})

	// VOP3-only integer and bit operations.
	def("v_mad_i32_i24", &semantics{exec: xV3, dst: cB32, src: [3]cls{cB32, cB32, cB32}, dpp: true,
		f3: func(a, b, c uint32) uint32 { return uint32(sext24(a)*sext24(b)) + c }})
	def("v_mad_u32_u24", &semantics{exec: xV3, dst: cB32, src: [3]cls{cB32, cB32, cB32}, dpp: true,
		f3: func(a, b, c uint32) uint32 { return (a&0xffffff)*(b&0xffffff) + c }})
	v3("v_bfe_u32", cB32, cB32, cB32, cB32, func(a, b, c uint32) uint32 {
		return a >> (b & 31) & uint32(lowMask(uint64(c&31)))
	})
	v3("v_bfe_i32", cB32, cB32, cB32, cB32, func(a, b, c uint32) uint32 {
		return uint32(signExtend(uint64(a>>(b&31))&lowMask(uint64(c&31)), c&31))
	})
	v3("v_bfi_b32", cB32, cB32, cB32, cB32, func(a, b, c uint32) uint32 { return a&b | ^a&c })
	v3("v_alignbit_b32", cB32, cB32, cB32, cB32, func(a, b, c uint32) uint32 {
		return uint32((uint64(a)<<32 | uint64(b)) >> (c & 31))
	})
	v3("v_alignbyte_b32", cB32, cB32, cB32, cB32, func(a, b, c uint32) uint32 {
		return uint32((uint64(a)<<32 | uint64(b)) >> (8 * (c & 3)))
	})
	v3("v_min3_i32", cB32, cB32, cB32, cB32, func(a, b, c uint32) uint32 { return uint32(min(int32(a), int32(b), int32(c))) })
	v3("v_min3_u32", cB32, cB32, cB32, cB32, func(a, b, c uint32) uint32 { return min(a, b, c) })
	v3("v_max3_i32", cB32, cB32, cB32, cB32, func(a, b, c uint32) uint32 { return uint32(max(int32(a), int32(b), int32(c))) })
	v3("v_max3_u32", cB32, cB32, cB32, cB32, func(a, b, c uint32) uint32 { return max(a, b, c) })
	v3("v_med3_i32", cB32, cB32, cB32, cB32, func(a, b, c uint32) uint32 {
		x, y, z := int32(a), int32(b), int32(c)
		return uint32(max(min(x, y), min(max(x, y), z)))
	})
	v3("v_med3_u32", cB32, cB32, cB32, cB32, func(a, b, c uint32) uint32 { return max(min(a, b), min(max(a, b), c)) })
	v3("v_maxmin_u32", cB32, cB32, cB32, cB32, func(a, b, c uint32) uint32 { return min(max(a, b), c) })
	v3("v_minmax_u32", cB32, cB32, cB32, cB32, func(a, b, c uint32) uint32 { return max(min(a, b), c) })
	v3("v_maxmin_i32", cB32, cB32, cB32, cB32, func(a, b, c uint32) uint32 { return uint32(min(max(int32(a), int32(b)), int32(c))) })
	v3("v_minmax_i32", cB32, cB32, cB32, cB32, func(a, b, c uint32) uint32 { return uint32(max(min(int32(a), int32(b)), int32(c))) })
	v3("v_sad_u8", cB32, cB32, cB32, cB32, func(a, b, c uint32) uint32 { return sad8(a, b, false) + c })
	v3("v_sad_hi_u8", cB32, cB32, cB32, cB32, func(a, b, c uint32) uint32 { return sad8(a, b, false)<<16 + c })
	v3("v_msad_u8", cB32, cB32, cB32, cB32, func(a, b, c uint32) uint32 { return sad8(a, b, true) + c })
	v3("v_sad_u32", cB32, cB32, cB32, cB32, func(a, b, c uint32) uint32 {
		if a > b {
			return a - b + c
		}
		return b - a + c
	})
	def("v_cvt_pk_u8_f32", &semantics{exec: xV3, dst: cB32, src: [3]cls{cF32, cB32, cB32}, dpp: true, clamp: true,
		f3: func(a, b, c uint32) uint32 {
			sh := 8 * (b & 3)
			return c&^(0xff<<sh) | (toU8(float64(f32(a))) << sh)
		}})
	v3("v_xor3_b32", cB32, cB32, cB32, cB32, func(a, b, c uint32) uint32 { return a ^ b ^ c })
	v3("v_perm_b32", cB32, cB32, cB32, cB32, perm)
	v3("v_xad_u32", cB32, cB32, cB32, cB32, func(a, b, c uint32) uint32 { return a ^ b + c })
	v3("v_lshl_add_u32", cB32, cB32, cB32, cB32, func(a, b, c uint32) uint32 { return a<<(b&31) + c })
	v3("v_add_lshl_u32", cB32, cB32, cB32, cB32, func(a, b, c uint32) uint32 { return (a + b) << (c & 31) })
	v3("v_add3_u32", cB32, cB32, cB32, cB32, func(a, b, c uint32) uint32 { return a + b + c })
	v3("v_lshl_or_b32", cB32, cB32, cB32, cB32, func(a, b, c uint32) uint32 { return a<<(b&31) | c })
	v3("v_and_or_b32", cB32, cB32, cB32, cB32, func(a, b, c uint32) uint32 { return a&b | c })
	v3("v_or3_b32", cB32, cB32, cB32, cB32, func(a, b, c uint32) uint32 { return a | b | c })
	def("v_dot2_f16_f16", &semantics{exec: xV3, dst: cF16, src: [3]cls{cB32, cB32, cF16}, dpp: true,
		f3: func(a, b, c uint32) uint32 {
			t := add16(c, mul16(a&0xffff, b&0xffff))
			return add16(t, mul16(a>>16, b>>16))
		}})
	v2("v_cvt_pk_i16_f32", cB32, cF32, cF32, func(a, b uint32) uint32 {
		return cvtI16(float64(f32(a))) | cvtI16(float64(f32(b)))<<16
	})
	v2("v_cvt_pk_u16_f32", cB32, cF32, cF32, func(a, b uint32) uint32 {
		return cvtU16(float64(f32(a))) | cvtU16(float64(f32(b)))<<16
	})
	v2("v_cvt_pk_u16_u32", cB32, cB32, cB32, func(a, b uint32) uint32 { return min(a, 0xffff) | min(b, 0xffff)<<16 })
	v2("v_cvt_pk_i16_i32", cB32, cB32, cB32, func(a, b uint32) uint32 {
		return uint32(uint16(clampI16(int32(a)))) | uint32(uint16(clampI16(int32(b))))<<16
	})
	def("v_pack_b32_f16", &semantics{exec: xV2, dst: cB32, src: [3]cls{cF16, cF16}, dpp: true,
		f2: func(a, b uint32) uint32 { return a&0xffff | b<<16 }})
	v2("v_bfm_b32", cB32, cB32, cB32, func(a, b uint32) uint32 { return uint32(lowMask(uint64(a&31))) << (b & 31) })
	v2("v_bcnt_u32_b32", cB32, cB32, cB32, func(a, b uint32) uint32 { return uint32(bits.OnesCount32(a)) + b })
	def("v_mul_lo_u32", &semantics{exec: xV2, dst: cB32, src: [3]cls{cB32, cB32}, f2: func(a, b uint32) uint32 { return a * b }})
	def("v_mul_hi_u32", &semantics{exec: xV2, dst: cB32, src: [3]cls{cB32, cB32}, f2: func(a, b uint32) uint32 {
		return uint32(uint64(a) * uint64(b) >> 32)
	}})
	def("v_mul_hi_i32", &semantics{exec: xV2, dst: cB32, src: [3]cls{cB32, cB32}, f2: func(a, b uint32) uint32 {
		return uint32(int64(int32(a)) * int64(int32(b)) >> 32)
	}})
	def("v_div_fixup_f32", &semantics{exec: xV3, dst: cF32, src: [3]cls{cF32, cF32, cF32}, f3: divFixup32, clamp: true, omod: true})
	def("v_div_fixup_f16", &semantics{exec: xV3, dst: cF16, src: [3]cls{cF16, cF16, cF16}, f3: divFixup16, dpp: true, clamp: true, omod: true})
	v64("v_div_fixup_f64", cF64, cF64, cF64, cF64, divFixup64)
	def("v_div_fmas_f32", &semantics{exec: xDivFmas, dst: cF32, src: [3]cls{cF32, cF32, cF32}, clamp: true, omod: true})
	def("v_div_fmas_f64", &semantics{exec: xDivFmas, dst: cF64, src: [3]cls{cF64, cF64, cF64}, clamp: true, omod: true})
	v64("v_trig_preop_f64", cF64, cF64, cB32, cNone, trigPreop)

	// Carry and VOP3SD operations.
	def("v_add_co_u32", &semantics{exec: xCarry, dst: cB32, src: [3]cls{cB32, cB32}, aux: carryAdd, dpp: true, clamp: true})
	def("v_sub_co_u32", &semantics{exec: xCarry, dst: cB32, src: [3]cls{cB32, cB32}, aux: carrySub, dpp: true, clamp: true})
	def("v_subrev_co_u32", &semantics{exec: xCarry, dst: cB32, src: [3]cls{cB32, cB32}, aux: carrySubrev, dpp: true, clamp: true})
	def("v_add_co_ci_u32", &semantics{exec: xCarry, dst: cB32, src: [3]cls{cB32, cB32, cB32}, aux: carryAdd | carryIn, dpp: true, clamp: true})
	def("v_sub_co_ci_u32", &semantics{exec: xCarry, dst: cB32, src: [3]cls{cB32, cB32, cB32}, aux: carrySub | carryIn, dpp: true, clamp: true})
	def("v_subrev_co_ci_u32", &semantics{exec: xCarry, dst: cB32, src: [3]cls{cB32, cB32, cB32}, aux: carrySubrev | carryIn, dpp: true, clamp: true})
	def("v_mad_co_u64_u32", &semantics{exec: xMadCo, dst: cB64, src: [3]cls{cB32, cB32, cB64}})
	def("v_mad_co_i64_i32", &semantics{exec: xMadCo, dst: cB64, src: [3]cls{cB32, cB32, cB64}, aux: 1})
	def("v_div_scale_f32", &semantics{exec: xDivScale, dst: cF32, src: [3]cls{cF32, cF32, cF32}, clamp: true, omod: true})
	def("v_div_scale_f64", &semantics{exec: xDivScale, dst: cF64, src: [3]cls{cF64, cF64, cF64}, clamp: true, omod: true})
}

func sext24(a uint32) int64 { return int64(int32(a<<8) >> 8) }

func satU32(v uint64) uint32 {
	if v > math.MaxUint32 {
		return math.MaxUint32
	}
	return uint32(v)
}

func satSubU32(a, b uint32) uint32 {
	if b > a {
		return 0
	}
	return a - b
}

func satI32(v int64) uint32 {
	switch {
	case v > math.MaxInt32:
		return math.MaxInt32
	case v < math.MinInt32:
		return 1 << 31
	}
	return uint32(int32(v))
}

func clampI16(v int32) int16 {
	switch {
	case v > math.MaxInt16:
		return math.MaxInt16
	case v < math.MinInt16:
		return math.MinInt16
	}
	return int16(v)
}

func cvtRTZ(a uint32) uint32 {
	if isNaN32(a) {
		return f16from64(float64(f32(quiet32(a))))
	}
	return f16rtz(float64(f32(a)))
}

func sad8(a, b uint32, masked bool) uint32 {
	var s uint32
	for i := uint(0); i < 32; i += 8 {
		x, y := a>>i&0xff, b>>i&0xff
		if masked && y == 0 {
			continue
		}
		if x > y {
			s += x - y
		} else {
			s += y - x
		}
	}
	return s
}

// perm is V_PERM_B32: each byte of the result selects a byte of {S0, S1}
// (S1 is bytes 0..3), a sign fill (8..11), 0x00 (12) or 0xff (13..).
func perm(a, b, c uint32) uint32 {
	data := uint64(a)<<32 | uint64(b)
	var r uint32
	for i := uint(0); i < 32; i += 8 {
		sel := c >> i & 0xff
		var v uint32
		switch {
		case sel >= 13:
			v = 0xff
		case sel == 12:
			v = 0
		case sel >= 8:
			bit := uint(2*(sel-8)+1)*8 + 7 // sign bit of byte 1, 3, 5, 7
			v = uint32(data>>bit&1) * 0xff
		default:
			v = uint32(data >> (8 * sel) & 0xff)
		}
		r |= v << i
	}
	return r
}

// fract32 is the pcode's S0 + -floor(S0) rounded once to f32.
func fract32(a uint32) uint32 {
	if isNaN32(a) {
		return quiet32(a)
	}
	x := float64(f32(a))
	if math.IsInf(x, 0) {
		return qnan32
	}
	s, e := twoSum(x, -math.Floor(x))
	return f32from64(roundToOdd(s, e))
}

// exp32 is v_exp_f32 (2^x): no denormal results.
func exp32(a uint32) uint32 {
	if isNaN32(a) {
		return quiet32(a)
	}
	r := f32from64(math.Exp2(float64(f32(a))))
	return flush32(r)
}

// log32 is v_log_f32 (log2 x): a denormal input counts as zero.
func log32(a uint32) uint32 {
	if isNaN32(a) {
		return quiet32(a)
	}
	return nan32(f32from64(log2f64(float64(f32(flush32(a))))), a, 0, 0)
}

// xCndmask is v_cndmask_b32: D = mask[lane] ? S1 : S0.
func xCndmask(w *wave, in *inst) {
	m := w.exec()
	a := w.src(in, 0, &m)
	b := w.src(in, 1, &m)
	sel := w.mask(in.src[2].reg)
	if in.src[2].kind != opSGPR {
		sel = uint64(w.scalar32(&in.src[2]))
	}
	r := &w.res
	for mm := m; mm != 0; mm &= mm - 1 {
		l := bits.TrailingZeros64(mm)
		if sel>>uint(l)&1 != 0 {
			r[l] = b[l]
		} else {
			r[l] = a[l]
		}
	}
	w.put(in, m)
}

// Carry operation kinds (aux of xCarry).
const (
	carryAdd    = 0
	carrySub    = 1
	carrySubrev = 2
	carryIn     = 4
)

// xCarry covers v_add/sub/subrev_co_u32 (carry out) and the _co_ci forms
// (carry in and out). The carry-out mask is written to SDst (VCC in the
// e32 forms) with 0 for inactive lanes; clamp saturates the result.
func xCarry(w *wave, in *inst) {
	m := w.exec()
	a := w.src(in, 0, &m)
	b := w.src(in, 1, &m)
	var cin uint64
	kind := in.sem.aux
	if kind&carryIn != 0 {
		if in.src[2].kind == opSGPR {
			cin = w.mask(in.src[2].reg)
		}
	}
	sat := in.op.Clamp
	var cout uint64
	r := &w.res
	for mm := m; mm != 0; mm &= mm - 1 {
		l := bits.TrailingZeros64(mm)
		x, y, c := uint64(a[l]), uint64(b[l]), cin>>uint(l)&1
		if kind&3 == carrySubrev {
			x, y = y, x
		}
		var v uint64
		var carry bool
		if kind&3 == carryAdd {
			v = x + y + c
			carry = v>>32 != 0
			if sat && carry {
				v = math.MaxUint32
			}
		} else {
			v = x - y - c
			carry = y+c > x
			if sat && carry {
				v = 0
			}
		}
		r[l] = uint32(v)
		if carry {
			cout |= 1 << uint(l)
		}
	}
	w.put(in, m)
	if in.sdst.kind == opSGPR {
		w.setMask(in.sdst.reg, cout)
	}
}

// xMadCo is v_mad_co_u64_u32 / v_mad_co_i64_i32: a 65-bit multiply-add
// whose top bit is the carry-out written to SDst.
func xMadCo(w *wave, in *inst) {
	m := w.exec()
	a := w.src64(in, 0, m)
	b := w.src64(in, 1, m)
	c := w.src64(in, 2, m)
	signed := in.sem.aux == 1
	var cout uint64
	r := &w.res64
	for mm := m; mm != 0; mm &= mm - 1 {
		l := bits.TrailingZeros64(mm)
		var carry bool
		if signed {
			p := int64(int32(a[l])) * int64(int32(b[l]))
			c := int64(c[l])
			s := p + c
			// The 65-bit result's top bit is the sign of the exact sum;
			// a 64-bit overflow flips the sign s shows.
			ovf := (p < 0) == (c < 0) && (s < 0) != (p < 0)
			carry = (s < 0) != ovf
			r[l] = uint64(s)
		} else {
			lo, k := bits.Add64(a[l]&0xffffffff*(b[l]&0xffffffff), c[l], 0)
			carry = k != 0
			r[l] = lo
		}
		if carry {
			cout |= 1 << uint(l)
		}
	}
	w.put64(in, m)
	if in.sdst.kind == opSGPR {
		w.setMask(in.sdst.reg, cout)
	}
}

// xDivFmas is v_div_fmas: fma(S0, S1, S2), scaled in lanes whose VCC bit
// is set. The published pseudocode scales by 2^32 (f32) / 2^64 (f64);
// that cannot undo what v_div_scale did (2^64 / 2^128, up or down), and
// LLVM's IEEE division sequence is only exact if the scale is 2^+64
// (2^+128) when the quotient estimate S2 is at least 1 in magnitude (the
// denominator was scaled up) and 2^-64 (2^-128) otherwise (the numerator
// was). That is what is modelled; the fdiv tests check it end to end.
func xDivFmas(w *wave, in *inst) {
	m := w.exec()
	vcc := w.vcc()
	if in.sem.dst == cF64 {
		a, b, c := w.src64(in, 0, m), w.src64(in, 1, m), w.src64(in, 2, m)
		r := &w.res64
		for mm := m; mm != 0; mm &= mm - 1 {
			l := bits.TrailingZeros64(mm)
			if vcc>>uint(l)&1 == 0 {
				r[l] = fma64(a[l], b[l], c[l])
				continue
			}
			sc := 128
			if math.Abs(f64(c[l])) < 1 {
				sc = -128
			}
			r[l] = scaledFMA64(a[l], b[l], c[l], sc)
		}
		w.put64(in, m)
		return
	}
	a := w.src(in, 0, &m)
	b := w.src(in, 1, &m)
	c := w.src(in, 2, &m)
	r := &w.res
	for mm := m; mm != 0; mm &= mm - 1 {
		l := bits.TrailingZeros64(mm)
		if vcc>>uint(l)&1 == 0 {
			r[l] = fma32(a[l], b[l], c[l])
			continue
		}
		sc := 64.0
		if math.Abs(float64(f32(c[l]))) < 1 {
			sc = -64
		}
		// Scale the exact result before rounding, so a result that is
		// denormal after scaling is rounded once.
		x := fmaOdd(float64(f32(a[l])), float64(f32(b[l])), float64(f32(c[l])))
		r[l] = nan32(f32from64(math.Ldexp(x, int(sc))), a[l], b[l], c[l])
	}
	w.put(in, m)
}

// scaledFMA64 is (a*b+c)*2^sc rounded once: exactly in big.Float, since
// scaling any operand first may overflow or underflow.
func scaledFMA64(a, b, c uint64, sc int) uint64 {
	x, y, z := f64(a), f64(b), f64(c)
	if math.IsNaN(x) || math.IsNaN(y) || math.IsNaN(z) || math.IsInf(x, 0) || math.IsInf(y, 0) || math.IsInf(z, 0) {
		return nan64(u64f(math.Ldexp(math.FMA(x, y, z), sc)), a, b, c)
	}
	const prec = 2200
	p := new(big.Float).SetPrec(prec).Mul(new(big.Float).SetPrec(prec).SetFloat64(x), new(big.Float).SetPrec(prec).SetFloat64(y))
	p.Add(p, new(big.Float).SetPrec(prec).SetFloat64(z))
	if p.Sign() == 0 {
		return u64f(math.FMA(x, y, z))
	}
	p.SetMantExp(p, sc)
	f, _ := p.Float64()
	return u64f(f)
}

// divScale follows the pcode of V_DIV_SCALE_F32/F64: it returns the
// (possibly scaled) S0 and whether the quotient needs the post-scale that
// v_div_fmas applies (the VCC bit). bias/expBits/mant describe the format
// and scale is 64 (f32) or 128 (f64).
func divScale(s0, s1, s2 float64, e1, e2 int, denorm1, quotDenorm, rcpDenorm bool, wide int, scale int, tiny int) (float64, bool) {
	d := s0
	vcc := false
	switch {
	case s2 == 0 || s1 == 0:
		d = math.NaN()
	case e2-e1 >= wide:
		vcc = true
		if s0 == s1 {
			d = math.Ldexp(s0, scale)
		}
	case denorm1:
		d = math.Ldexp(s0, scale)
	case rcpDenorm && quotDenorm:
		// The published pseudocode scales the denominator up here, which
		// overflows it (it is above 2^126); scaling it down makes the
		// reciprocal normal and the quotient estimate 2^64 larger, which
		// v_div_fmas undoes: LLVM's sequence is then exact (1/FLT_MAX).
		vcc = true
		if s0 == s1 {
			d = math.Ldexp(s0, -scale)
		}
	case rcpDenorm:
		d = math.Ldexp(s0, -scale)
	case quotDenorm:
		vcc = true
		if s0 == s2 {
			d = math.Ldexp(s0, scale)
		}
	case e2 <= tiny:
		d = math.Ldexp(s0, scale)
	}
	return d, vcc
}

func xDivScale(w *wave, in *inst) {
	m := w.exec()
	var vcc uint64
	if in.sem.dst == cF64 {
		a, b, c := w.src64(in, 0, m), w.src64(in, 1, m), w.src64(in, 2, m)
		r := &w.res64
		for mm := m; mm != 0; mm &= mm - 1 {
			l := bits.TrailingZeros64(mm)
			x, y, z := f64(a[l]), f64(b[l]), f64(c[l])
			e1, e2 := int(b[l]>>52&0x7ff), int(c[l]>>52&0x7ff)
			den := func(v uint64) bool { return v>>52&0x7ff == 0 && v&(1<<52-1) != 0 }
			q := z / y
			d, v := divScale(x, y, z, e1, e2, den(b[l]), den(u64f(q)), den(u64f(1/y)), 768, 128, 53)
			if math.IsNaN(d) && !isNaN64(a[l]) {
				r[l] = qnan64
			} else if d == x {
				r[l] = a[l]
			} else {
				r[l] = u64f(d)
			}
			if v {
				vcc |= 1 << uint(l)
			}
		}
		w.put64(in, m)
	} else {
		a := w.src(in, 0, &m)
		b := w.src(in, 1, &m)
		c := w.src(in, 2, &m)
		r := &w.res
		for mm := m; mm != 0; mm &= mm - 1 {
			l := bits.TrailingZeros64(mm)
			x, y, z := float64(f32(a[l])), float64(f32(b[l])), float64(f32(c[l]))
			e1, e2 := int(b[l]>>23&0xff), int(c[l]>>23&0xff)
			den32 := func(v uint32) bool { return v>>23&0xff == 0 && v&0x7fffff != 0 }
			q := f32(c[l]) / f32(b[l])
			rd := 1 / y
			rdDen := rd != 0 && math.Abs(rd) < 0x1p-126
			d, v := divScale(x, y, z, e1, e2, den32(b[l]), den32(u32f(q)), rdDen, 96, 64, 23)
			switch {
			case math.IsNaN(d) && !isNaN32(a[l]):
				r[l] = qnan32
			case d == x:
				r[l] = a[l]
			default:
				r[l] = f32from64(d)
			}
			if v {
				vcc |= 1 << uint(l)
			}
		}
		w.put(in, m)
	}
	if in.sdst.kind == opSGPR {
		w.setMask(in.sdst.reg, vcc)
	}
}

// divFixup follows V_DIV_FIXUP: special cases of N/D (S2/S1), else S0
// with the quotient's sign; a NaN S0 with finite non-zero operands is an
// overflow (f32, f64).
func divFixup32(a, b, c uint32) uint32 {
	sign := (b ^ c) & 0x80000000
	ab, ac := b&0x7fffffff, c&0x7fffffff
	switch {
	case isNaN32(c):
		return quiet32(c)
	case isNaN32(b):
		return quiet32(b)
	case ab == 0 && ac == 0, ab == 0x7f800000 && ac == 0x7f800000:
		return 0xffc00000
	case ab == 0 || ac == 0x7f800000:
		return sign | 0x7f800000
	case ab == 0x7f800000 || ac == 0:
		return sign
	case int(c>>23&0xff)-int(b>>23&0xff) < -150:
		return sign // underflow
	case b>>23&0xff == 0xff:
		return sign | 0x7f800000 // overflow
	case isNaN32(a):
		// A quotient of finite non-zero operands is never NaN: the
		// estimate became one because the division sequence's
		// intermediates overflowed (FLT_MAX / a denormal). LLVM's IEEE
		// division relies on an infinite result here; the published
		// pseudocode passes S0 through.
		return sign | 0x7f800000
	}
	return sign | a&0x7fffffff
}

func divFixup16(a, b, c uint32) uint32 {
	sign := (b ^ c) & 0x8000
	ab, ac := b&0x7fff, c&0x7fff
	switch {
	case isNaN16(c):
		return quiet16(c)
	case isNaN16(b):
		return quiet16(b)
	case ab == 0 && ac == 0, ab == 0x7c00 && ac == 0x7c00:
		return 0xfe00
	case ab == 0 || ac == 0x7c00:
		return sign | 0x7c00
	case ab == 0x7c00 || ac == 0:
		return sign
	}
	return sign | a&0x7fff
}

func divFixup64(a, b, c uint64) uint64 {
	const s = 1 << 63
	const inf = 0x7ff0000000000000
	sign := (b ^ c) & s
	ab, ac := b&^s, c&^s
	switch {
	case isNaN64(c):
		return quiet64(c)
	case isNaN64(b):
		return quiet64(b)
	case ab == 0 && ac == 0, ab == inf && ac == inf:
		return 0xfff8000000000000
	case ab == 0 || ac == inf:
		return sign | inf
	case ab == inf || ac == 0:
		return sign
	case int(c>>52&0x7ff)-int(b>>52&0x7ff) < -1075:
		return sign
	case b>>52&0x7ff == 0x7ff:
		return sign | inf
	case isNaN64(a):
		return sign | inf // overflowed intermediates, as for f32
	}
	return sign | a&^s
}
