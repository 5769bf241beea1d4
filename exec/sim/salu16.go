package sim

import "math"

// Scalar f16 arithmetic, compares and conversions (gfx1150+, which LLVM
// uses for uniform half-precision values). Sources are the low 16 bits
// of their SGPR (s_cvt_hi_f32_f16: the high 16 bits). A 16-bit result
// is written zero-extended to 32 bits: the pseudocode assigns D0.f16 and
// leaves the upper half unspecified; LLVM never relies on it (unconfirmed
// on hardware). Denormals follow MODE's f16 bits; conversions from f32
// flush their input per the f32 bits.

func registerSALU16() {
	in16 := func(w *wave, x uint64) uint32 {
		h := uint32(x) & 0xffff
		if w.ftz16In {
			h = flush16(h)
		}
		return h
	}
	out16 := func(w *wave, h uint32) uint64 {
		h &= 0xffff
		if w.ftz16Out {
			h = flush16(h)
		}
		return uint64(h)
	}
	sf2 := func(name string, f func(a, b uint32) uint32) {
		def(name, &semantics{exec: xSALU, dst: cB32, src: [3]cls{cB32, cB32}, s2: func(w *wave, a, b uint64) (uint64, int) {
			return out16(w, f(in16(w, a), in16(w, b))), sccKeep
		}})
	}
	sf2("s_add_f16", add16)
	sf2("s_sub_f16", sub16)
	sf2("s_mul_f16", mul16)
	for _, m := range minMaxOps {
		sf2("s_"+m.name+"_f16", fmt16.lane2(m.op))
	}
	def("s_fmac_f16", &semantics{exec: xSFmac16, src: [3]cls{cB32, cB32}, dst: cB32})
	// s_fmamk_f32 and s_fmaak_f32 (normalised by package isa to
	// S0 * S1 + S2 with the constant in its place) round once.
	for _, n := range []string{"s_fmaak_f32", "s_fmamk_f32"} {
		def(n, &semantics{exec: xSFma32, src: [3]cls{cB32, cB32, cB32}, dst: cB32})
	}

	sf1 := func(name string, f func(uint32) uint32) {
		def(name, &semantics{exec: xSALU, dst: cB32, src: [3]cls{cB32}, s2: func(w *wave, a, _ uint64) (uint64, int) {
			return out16(w, f(in16(w, a))), sccKeep
		}})
	}
	sf1("s_ceil_f16", unary16(math.Ceil))
	sf1("s_floor_f16", unary16(math.Floor))
	sf1("s_trunc_f16", unary16(math.Trunc))
	sf1("s_rndne_f16", unary16(rndne))
	def("s_cvt_f16_f32", &semantics{exec: xSALU, dst: cB32, src: [3]cls{cB32}, s2: func(w *wave, a, _ uint64) (uint64, int) {
		x := ftzIf(uint32(a), w.ftz32In)
		return out16(w, f16from64(float64(f32(x)))), sccKeep
	}})
	cvt32 := func(name string, shift uint) {
		def(name, &semantics{exec: xSALU, dst: cB32, src: [3]cls{cB32}, s2: func(w *wave, a, _ uint64) (uint64, int) {
			h := in16(w, a>>shift)
			return uint64(ftzIf(f16to32(h), w.ftz32Out)), sccKeep
		}})
	}
	cvt32("s_cvt_f32_f16", 0)
	cvt32("s_cvt_hi_f32_f16", 16)
	for _, p := range floatPreds {
		p := p
		def("s_cmp_"+p.name+"_f16", &semantics{exec: xSALU, src: [3]cls{cB32, cB32}, s2: func(w *wave, a, b uint64) (uint64, int) {
			return 0, sb(p.f(f16to64(in16(w, a)), f16to64(in16(w, b))))
		}})
	}
}

// xSFmac16 is s_fmac_f16: D.f16 = S0.f16 * S1.f16 + D.f16, rounded once.
func xSFmac16(w *wave, in *inst) {
	get := func(o *operand) uint32 {
		h := w.scalar32(o) & 0xffff
		if w.ftz16In {
			h = flush16(h)
		}
		return h
	}
	r := fma16(get(&in.src[0]), get(&in.src[1]), get(&in.dst))
	if w.ftz16Out {
		r = flush16(r)
	}
	w.swrite(&in.dst, cB32, uint64(r&0xffff))
}
