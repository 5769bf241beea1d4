package sim

import (
	"fmt"
	"math"
	"math/bits"
)

// Scalar ALU: SOP1, SOP2, SOPK and SOPC. Semantics follow AMD's RDNA4
// pseudocode (as published in tinygrad's autogen str_pcode.py) and the
// ISA sheet §5.1 for SCC.

// xSALU runs a scalar operation s2 on the (up to two) sources and writes
// the destination and SCC.
func xSALU(w *wave, in *inst) {
	s := in.sem
	a := w.sread(&in.src[0], s.src[0])
	b := w.sread(&in.src[1], s.src[1])
	r, scc := s.s2(w, a, b)
	if w.state != waveRunning {
		return
	}
	if scc >= 0 {
		w.scc = uint32(scc)
	}
	if s.dst != cNone {
		w.swrite(&in.dst, s.dst, r)
	}
}

func sb(b bool) int {
	if b {
		return 1
	}
	return 0
}

// nz is SCC = result != 0 for a 32- or 64-bit result.
func nz(r uint64) int { return sb(r != 0) }

// dstAsSrc1 makes the destination also the second source (bitset, fmac,
// addk, mulk, cmov read it).
func dstAsSrc1(in *inst) string {
	in.src[1] = in.dst
	return ""
}

// simmAsSrc0 makes SOPK's sign-extended 16-bit immediate source 0 and the
// destination source 1.
func simmAsSrc0(in *inst) string {
	in.src[0] = operand{kind: opConst, c: uint64(uint32(int32(int16(in.op.Imm))))}
	in.src[1] = in.dst
	return ""
}

func registerSALU() {
	s1 := func(name string, d, a cls, f func(w *wave, a, b uint64) (uint64, int)) {
		def(name, &semantics{exec: xSALU, dst: d, src: [3]cls{a}, s2: f})
	}
	s2 := func(name string, d, a, b cls, f func(w *wave, a, b uint64) (uint64, int)) {
		def(name, &semantics{exec: xSALU, dst: d, src: [3]cls{a, b}, s2: f})
	}
	keep := func(f func(a, b uint64) uint64) func(*wave, uint64, uint64) (uint64, int) {
		return func(_ *wave, a, b uint64) (uint64, int) { return f(a, b), sccKeep }
	}
	setNZ32 := func(f func(a, b uint32) uint32) func(*wave, uint64, uint64) (uint64, int) {
		return func(_ *wave, a, b uint64) (uint64, int) {
			r := f(uint32(a), uint32(b))
			return uint64(r), nz(uint64(r))
		}
	}
	setNZ64 := func(f func(a, b uint64) uint64) func(*wave, uint64, uint64) (uint64, int) {
		return func(_ *wave, a, b uint64) (uint64, int) {
			r := f(a, b)
			return r, nz(r)
		}
	}

	// SOP1 moves and bit operations.
	s1("s_mov_b32", cB32, cB32, keep(func(a, _ uint64) uint64 { return a }))
	s1("s_mov_b64", cB64, cB64, keep(func(a, _ uint64) uint64 { return a }))
	def("s_cmov_b32", &semantics{exec: xSALU, dst: cB32, src: [3]cls{cB32, cB32}, setup: dstAsSrc1,
		s2: func(w *wave, a, d uint64) (uint64, int) { return pick(w.scc != 0, a, d), sccKeep }})
	def("s_cmov_b64", &semantics{exec: xSALU, dst: cB64, src: [3]cls{cB64, cB64}, setup: dstAsSrc1,
		s2: func(w *wave, a, d uint64) (uint64, int) { return pick(w.scc != 0, a, d), sccKeep }})
	s1("s_brev_b32", cB32, cB32, keep(func(a, _ uint64) uint64 { return uint64(bits.Reverse32(uint32(a))) }))
	s1("s_brev_b64", cB64, cB64, keep(func(a, _ uint64) uint64 { return bits.Reverse64(a) }))
	s1("s_ctz_i32_b32", cB32, cB32, keep(func(a, _ uint64) uint64 { return ctz(a, 32) }))
	s1("s_ctz_i32_b64", cB32, cB64, keep(func(a, _ uint64) uint64 { return ctz(a, 64) }))
	s1("s_clz_i32_u32", cB32, cB32, keep(func(a, _ uint64) uint64 { return clz(a, 32) }))
	s1("s_clz_i32_u64", cB32, cB64, keep(func(a, _ uint64) uint64 { return clz(a, 64) }))
	s1("s_cls_i32", cB32, cB32, keep(func(a, _ uint64) uint64 { return leadingSignBits(a, 32) }))
	s1("s_cls_i32_i64", cB32, cB64, keep(func(a, _ uint64) uint64 { return leadingSignBits(a, 64) }))
	s1("s_sext_i32_i8", cB32, cB32, keep(func(a, _ uint64) uint64 { return uint64(uint32(int32(int8(a)))) }))
	s1("s_sext_i32_i16", cB32, cB32, keep(func(a, _ uint64) uint64 { return uint64(uint32(int32(int16(a)))) }))
	for _, v := range []struct {
		name string
		c    cls
		n    uint
		set  bool
	}{{"s_bitset0_b32", cB32, 31, false}, {"s_bitset0_b64", cB64, 63, false}, {"s_bitset1_b32", cB32, 31, true}, {"s_bitset1_b64", cB64, 63, true}} {
		v := v
		def(v.name, &semantics{exec: xSALU, dst: v.c, src: [3]cls{cB32, v.c}, setup: dstAsSrc1,
			s2: func(_ *wave, a, d uint64) (uint64, int) {
				bit := uint64(1) << (a & uint64(v.n))
				if v.set {
					return d | bit, sccKeep
				}
				return d &^ bit, sccKeep
			}})
	}
	s1("s_bitreplicate_b64_b32", cB64, cB32, keep(func(a, _ uint64) uint64 {
		var r uint64
		for i := uint(0); i < 32; i++ {
			r |= (a >> i & 1) * 3 << (2 * i)
		}
		return r
	}))
	s1("s_abs_i32", cB32, cB32, setNZ32(func(a, _ uint32) uint32 {
		if int32(a) < 0 {
			return -a
		}
		return a
	}))
	s1("s_bcnt0_i32_b32", cB32, cB32, setNZ64(func(a, _ uint64) uint64 { return uint64(32 - bits.OnesCount32(uint32(a))) }))
	s1("s_bcnt0_i32_b64", cB32, cB64, setNZ64(func(a, _ uint64) uint64 { return uint64(64 - bits.OnesCount64(a)) }))
	s1("s_bcnt1_i32_b32", cB32, cB32, setNZ64(func(a, _ uint64) uint64 { return uint64(bits.OnesCount32(uint32(a))) }))
	s1("s_bcnt1_i32_b64", cB32, cB64, setNZ64(func(a, _ uint64) uint64 { return uint64(bits.OnesCount64(a)) }))
	s1("s_quadmask_b32", cB32, cB32, setNZ64(func(a, _ uint64) uint64 { return quadmask(a, 8) }))
	s1("s_quadmask_b64", cB64, cB64, setNZ64(func(a, _ uint64) uint64 { return quadmask(a, 16) }))
	s1("s_wqm_b32", cB32, cB32, setNZ64(func(a, _ uint64) uint64 { return wqm(a, 8) }))
	s1("s_wqm_b64", cB64, cB64, setNZ64(func(a, _ uint64) uint64 { return wqm(a, 16) }))
	s1("s_not_b32", cB32, cB32, setNZ32(func(a, _ uint32) uint32 { return ^a }))
	s1("s_not_b64", cB64, cB64, setNZ64(func(a, _ uint64) uint64 { return ^a }))

	// saveexec: D = EXEC; EXEC = f(S0, EXEC); SCC = EXEC != 0.
	// wrexec: EXEC = f(S0, EXEC); D = EXEC; SCC = EXEC != 0.
	// The same bitwise operations serve SOP2 (f(S0, S1); it has no not0
	// forms, which def skips).
	bitOps := []struct {
		name string
		f    func(s, e uint64) uint64
	}{
		{"and", func(s, e uint64) uint64 { return s & e }},
		{"or", func(s, e uint64) uint64 { return s | e }},
		{"xor", func(s, e uint64) uint64 { return s ^ e }},
		{"nand", func(s, e uint64) uint64 { return ^(s & e) }},
		{"nor", func(s, e uint64) uint64 { return ^(s | e) }},
		{"xnor", func(s, e uint64) uint64 { return ^(s ^ e) }},
		{"and_not0", func(s, e uint64) uint64 { return ^s & e }},
		{"or_not0", func(s, e uint64) uint64 { return ^s | e }},
		{"and_not1", func(s, e uint64) uint64 { return s &^ e }},
		{"or_not1", func(s, e uint64) uint64 { return s | ^e }},
	}
	for _, o := range bitOps {
		for _, wd := range []struct {
			sfx  string
			c    cls
			mask uint64
		}{{"_b32", cB32, 1<<32 - 1}, {"_b64", cB64, ^uint64(0)}} {
			f, wd := o.f, wd
			s1("s_"+o.name+"_saveexec"+wd.sfx, wd.c, wd.c, func(w *wave, a, _ uint64) (uint64, int) {
				old := w.execRaw(wd.c)
				e := f(a, old) & wd.mask
				w.setExecRaw(wd.c, e)
				return old, nz(e)
			})
			if o.name == "and_not0" || o.name == "and_not1" {
				s1("s_"+o.name+"_wrexec"+wd.sfx, wd.c, wd.c, func(w *wave, a, _ uint64) (uint64, int) {
					e := f(a, w.execRaw(wd.c)) & wd.mask
					w.setExecRaw(wd.c, e)
					return e, nz(e)
				})
			}
		}
	}

	// Program counter.
	def("s_getpc_b64", &semantics{exec: func(w *wave, in *inst) { w.swrite(&in.dst, cB64, in.next) }, dst: cB64})
	def("s_setpc_b64", &semantics{exec: func(w *wave, in *inst) { w.pc = w.scalar64(&in.src[0]) }, src: [3]cls{cB64}})
	def("s_swappc_b64", &semantics{exec: func(w *wave, in *inst) {
		target := w.scalar64(&in.src[0])
		w.swrite(&in.dst, cB64, in.next)
		w.pc = target
	}, src: [3]cls{cB64}, dst: cB64})

	// Barriers (workgroup barrier -1 only).
	def("s_barrier_signal", &semantics{exec: xBarrierSignal, src: [3]cls{cB32}})
	def("s_barrier_signal_isfirst", &semantics{exec: xBarrierSignal, src: [3]cls{cB32}, aux: 1})

	// SALU float (gfx12): denormal mode applies as in VALU.
	sf1 := func(name string, f func(uint32) uint32) {
		s1(name, cB32, cB32, func(w *wave, a, _ uint64) (uint64, int) {
			x := uint32(a)
			if w.ftz32In {
				x = flush32(x)
			}
			r := f(x)
			if w.ftz32Out {
				r = flush32(r)
			}
			return uint64(r), sccKeep
		})
	}
	sf2 := func(name string, f func(a, b uint32) uint32) {
		s2(name, cB32, cB32, cB32, func(w *wave, a, b uint64) (uint64, int) {
			x, y := uint32(a), uint32(b)
			if w.ftz32In {
				x, y = flush32(x), flush32(y)
			}
			r := f(x, y)
			if w.ftz32Out {
				r = flush32(r)
			}
			return uint64(r), sccKeep
		})
	}
	sf1("s_ceil_f32", unary32(math.Ceil))
	sf1("s_floor_f32", unary32(math.Floor))
	sf1("s_trunc_f32", unary32(math.Trunc))
	sf1("s_rndne_f32", unary32(rndne))
	s1("s_cvt_f32_i32", cB32, cB32, keep(func(a, _ uint64) uint64 { return uint64(u32f(float32(int32(a)))) }))
	s1("s_cvt_f32_u32", cB32, cB32, keep(func(a, _ uint64) uint64 { return uint64(u32f(float32(uint32(a)))) }))
	s1("s_cvt_i32_f32", cB32, cB32, func(w *wave, a, _ uint64) (uint64, int) {
		return uint64(toI32(float64(f32(ftzIf(uint32(a), w.ftz32In))))), sccKeep
	})
	s1("s_cvt_u32_f32", cB32, cB32, func(w *wave, a, _ uint64) (uint64, int) {
		return uint64(toU32(float64(f32(ftzIf(uint32(a), w.ftz32In))))), sccKeep
	})
	sf2("s_add_f32", add32)
	sf2("s_sub_f32", sub32)
	sf2("s_mul_f32", mul32)
	for _, m := range minMaxOps {
		sf2("s_"+m.name+"_f32", fmt32.lane2(m.op))
	}
	def("s_fmac_f32", &semantics{exec: xSFmac, src: [3]cls{cB32, cB32}, dst: cB32})

	// SOP2 integer arithmetic.
	s2("s_add_co_u32", cB32, cB32, cB32, func(_ *wave, a, b uint64) (uint64, int) {
		r := a + b
		return r & 0xffffffff, sb(r>>32 != 0)
	})
	s2("s_sub_co_u32", cB32, cB32, cB32, func(_ *wave, a, b uint64) (uint64, int) {
		return (a - b) & 0xffffffff, sb(b > a)
	})
	s2("s_add_co_i32", cB32, cB32, cB32, func(_ *wave, a, b uint64) (uint64, int) {
		r := uint32(a) + uint32(b)
		return uint64(r), sb(a>>31 == b>>31 && uint64(r>>31) != a>>31)
	})
	s2("s_sub_co_i32", cB32, cB32, cB32, func(_ *wave, a, b uint64) (uint64, int) {
		r := uint32(a) - uint32(b)
		return uint64(r), sb(a>>31 != b>>31 && uint64(r>>31) != a>>31)
	})
	s2("s_add_co_ci_u32", cB32, cB32, cB32, func(w *wave, a, b uint64) (uint64, int) {
		r := a + b + uint64(w.scc&1)
		return r & 0xffffffff, sb(r>>32 != 0)
	})
	s2("s_sub_co_ci_u32", cB32, cB32, cB32, func(w *wave, a, b uint64) (uint64, int) {
		c := uint64(w.scc & 1)
		return (a - b - c) & 0xffffffff, sb(b+c > a)
	})
	s2("s_absdiff_i32", cB32, cB32, cB32, setNZ32(func(a, b uint32) uint32 {
		d := int32(a - b)
		if d < 0 {
			d = -d
		}
		return uint32(d)
	}))
	s2("s_lshl_b32", cB32, cB32, cB32, setNZ32(func(a, b uint32) uint32 { return a << (b & 31) }))
	s2("s_lshl_b64", cB64, cB64, cB32, setNZ64(func(a, b uint64) uint64 { return a << (b & 63) }))
	s2("s_lshr_b32", cB32, cB32, cB32, setNZ32(func(a, b uint32) uint32 { return a >> (b & 31) }))
	s2("s_lshr_b64", cB64, cB64, cB32, setNZ64(func(a, b uint64) uint64 { return a >> (b & 63) }))
	s2("s_ashr_i32", cB32, cB32, cB32, setNZ32(func(a, b uint32) uint32 { return uint32(int32(a) >> (b & 31)) }))
	s2("s_ashr_i64", cB64, cB64, cB32, setNZ64(func(a, b uint64) uint64 { return uint64(int64(a) >> (b & 63)) }))
	for n := uint(1); n <= 4; n++ {
		n := n
		s2("s_lshl"+string(rune('0'+n))+"_add_u32", cB32, cB32, cB32, func(_ *wave, a, b uint64) (uint64, int) {
			r := a<<n + b
			return r & 0xffffffff, sb(r>>32 != 0)
		})
	}
	s2("s_min_i32", cB32, cB32, cB32, func(_ *wave, a, b uint64) (uint64, int) {
		c := int32(a) < int32(b)
		return pick(c, a, b), sb(c)
	})
	s2("s_min_u32", cB32, cB32, cB32, func(_ *wave, a, b uint64) (uint64, int) { c := a < b; return pick(c, a, b), sb(c) })
	s2("s_max_i32", cB32, cB32, cB32, func(_ *wave, a, b uint64) (uint64, int) {
		c := int32(a) >= int32(b)
		return pick(c, a, b), sb(c)
	})
	s2("s_max_u32", cB32, cB32, cB32, func(_ *wave, a, b uint64) (uint64, int) { c := a >= b; return pick(c, a, b), sb(c) })
	for _, o := range bitOps {
		f := o.f
		s2("s_"+o.name+"_b32", cB32, cB32, cB32, setNZ32(func(a, b uint32) uint32 { return uint32(f(uint64(a), uint64(b))) }))
		s2("s_"+o.name+"_b64", cB64, cB64, cB64, setNZ64(f))
	}
	s2("s_bfe_u32", cB32, cB32, cB32, setNZ32(func(a, b uint32) uint32 {
		off, width := b&31, b>>16&0x7f
		return uint32(uint64(a>>off) & (1<<width - 1))
	}))
	s2("s_bfe_i32", cB32, cB32, cB32, setNZ32(func(a, b uint32) uint32 {
		off, width := b&31, b>>16&0x7f
		v := uint64(a>>off) & (1<<width - 1)
		return uint32(signExtend(v, width))
	}))
	s2("s_bfe_u64", cB64, cB64, cB32, setNZ64(func(a, b uint64) uint64 {
		off, width := b&63, b>>16&0x7f
		return a >> off & lowMask(width)
	}))
	s2("s_bfe_i64", cB64, cB64, cB32, setNZ64(func(a, b uint64) uint64 {
		off, width := b&63, b>>16&0x7f
		return signExtend(a>>off&lowMask(width), uint32(width))
	}))
	s2("s_bfm_b32", cB32, cB32, cB32, keep(func(a, b uint64) uint64 { return uint64(uint32(1<<(a&31)-1) << (b & 31)) }))
	s2("s_bfm_b64", cB64, cB32, cB32, keep(func(a, b uint64) uint64 { return (1<<(a&63) - 1) << (b & 63) }))
	s2("s_mul_i32", cB32, cB32, cB32, keep(func(a, b uint64) uint64 { return uint64(uint32(a) * uint32(b)) }))
	s2("s_mul_hi_u32", cB32, cB32, cB32, keep(func(a, b uint64) uint64 { return a * b >> 32 }))
	s2("s_mul_hi_i32", cB32, cB32, cB32, keep(func(a, b uint64) uint64 {
		return uint64(uint32(int64(int32(a)) * int64(int32(b)) >> 32))
	}))
	s2("s_cselect_b32", cB32, cB32, cB32, func(w *wave, a, b uint64) (uint64, int) { return pick(w.scc != 0, a, b), sccKeep })
	s2("s_cselect_b64", cB64, cB64, cB64, func(w *wave, a, b uint64) (uint64, int) { return pick(w.scc != 0, a, b), sccKeep })
	s2("s_pack_ll_b32_b16", cB32, cB32, cB32, keep(func(a, b uint64) uint64 { return a&0xffff | (b&0xffff)<<16 }))
	s2("s_pack_lh_b32_b16", cB32, cB32, cB32, keep(func(a, b uint64) uint64 { return a&0xffff | (b>>16&0xffff)<<16 }))
	s2("s_pack_hh_b32_b16", cB32, cB32, cB32, keep(func(a, b uint64) uint64 { return a>>16&0xffff | (b>>16&0xffff)<<16 }))
	s2("s_pack_hl_b32_b16", cB32, cB32, cB32, keep(func(a, b uint64) uint64 { return a>>16&0xffff | (b&0xffff)<<16 }))
	s2("s_add_nc_u64", cB64, cB64, cB64, keep(func(a, b uint64) uint64 { return a + b }))
	s2("s_sub_nc_u64", cB64, cB64, cB64, keep(func(a, b uint64) uint64 { return a - b }))
	s2("s_mul_u64", cB64, cB64, cB64, keep(func(a, b uint64) uint64 { return a * b }))

	// SOPK: the immediate is a sign-extended 16-bit source.
	def("s_movk_i32", &semantics{exec: xSALU, dst: cB32, src: [3]cls{cB32, cB32}, setup: simmAsSrc0,
		s2: func(_ *wave, a, _ uint64) (uint64, int) { return a, sccKeep }})
	def("s_cmovk_i32", &semantics{exec: xSALU, dst: cB32, src: [3]cls{cB32, cB32}, setup: simmAsSrc0,
		s2: func(w *wave, a, d uint64) (uint64, int) { return pick(w.scc != 0, a, d), sccKeep }})
	def("s_addk_co_i32", &semantics{exec: xSALU, dst: cB32, src: [3]cls{cB32, cB32}, setup: simmAsSrc0,
		s2: func(_ *wave, k, d uint64) (uint64, int) {
			r := uint32(d) + uint32(k)
			return uint64(r), sb(d>>31&1 == k>>31&1 && uint64(r>>31) != d>>31&1)
		}})
	def("s_mulk_i32", &semantics{exec: xSALU, dst: cB32, src: [3]cls{cB32, cB32}, setup: simmAsSrc0,
		s2: func(_ *wave, k, d uint64) (uint64, int) { return uint64(uint32(d) * uint32(k)), sccKeep }})
	def("s_getreg_b32", &semantics{exec: xGetreg, dst: cB32})
	def("s_setreg_b32", &semantics{exec: xSetreg, src: [3]cls{cB32}})
	def("s_setreg_imm32_b32", &semantics{exec: xSetreg, src: [3]cls{cB32}})

	// SOPC compares.
	cmp := func(name string, c cls, f func(a, b uint64) bool) {
		s2(name, cNone, c, c, func(_ *wave, a, b uint64) (uint64, int) { return 0, sb(f(a, b)) })
	}
	for _, p := range intPreds {
		p := p
		cmp("s_cmp_"+p.name+"_i32", cB32, func(a, b uint64) bool { return p.f(int64(int32(a)), int64(int32(b))) })
		cmp("s_cmp_"+p.name+"_u32", cB32, func(a, b uint64) bool { return p.f(int64(uint32(a)), int64(uint32(b))) })
	}
	cmp("s_cmp_eq_u64", cB64, func(a, b uint64) bool { return a == b })
	cmp("s_cmp_lg_u64", cB64, func(a, b uint64) bool { return a != b })
	cmp("s_bitcmp0_b32", cB32, func(a, b uint64) bool { return a>>(b&31)&1 == 0 })
	cmp("s_bitcmp1_b32", cB32, func(a, b uint64) bool { return a>>(b&31)&1 == 1 })
	def("s_bitcmp0_b64", &semantics{exec: xSALU, src: [3]cls{cB64, cB32}, s2: func(_ *wave, a, b uint64) (uint64, int) { return 0, sb(a>>(b&63)&1 == 0) }})
	def("s_bitcmp1_b64", &semantics{exec: xSALU, src: [3]cls{cB64, cB32}, s2: func(_ *wave, a, b uint64) (uint64, int) { return 0, sb(a>>(b&63)&1 == 1) }})
	for _, p := range floatPreds {
		p := p
		s2("s_cmp_"+p.name+"_f32", cNone, cB32, cB32, func(w *wave, a, b uint64) (uint64, int) {
			x, y := uint32(a), uint32(b)
			if w.ftz32In {
				x, y = flush32(x), flush32(y)
			}
			return 0, sb(p.f(float64(f32(x)), float64(f32(y))))
		})
	}
}

func pick(c bool, a, b uint64) uint64 {
	if c {
		return a
	}
	return b
}

func ftzIf(x uint32, ftz bool) uint32 {
	if ftz {
		return flush32(x)
	}
	return x
}

func lowMask(width uint64) uint64 {
	if width >= 64 {
		return ^uint64(0)
	}
	return 1<<width - 1
}

// signExtend sign-extends the low width bits of v (width 0 gives 0).
func signExtend(v uint64, width uint32) uint64 {
	if width == 0 || width >= 64 {
		if width == 0 {
			return 0
		}
		return v
	}
	sh := 64 - uint(width)
	return uint64(int64(v<<sh) >> sh)
}

// ctz and clz return -1 (all ones) when no bit is set.
func ctz(a uint64, n int) uint64 {
	if n == 32 {
		a &= 0xffffffff
	}
	if a == 0 {
		return 0xffffffff
	}
	return uint64(bits.TrailingZeros64(a))
}

func clz(a uint64, n int) uint64 {
	if n == 32 {
		a &= 0xffffffff
	}
	if a == 0 {
		return 0xffffffff
	}
	return uint64(bits.LeadingZeros64(a) - (64 - n))
}

// leadingSignBits counts the leading bits of the n-bit value a that
// equal its sign bit (S_CLS_I32: the bits after the sign bit that equal
// it, plus one); -1 when all n bits are equal.
func leadingSignBits(a uint64, n int) uint64 {
	if a>>(n-1)&1 != 0 {
		a = ^a
	}
	return clz(a, n)
}

func quadmask(a uint64, groups uint) uint64 {
	var r uint64
	for i := uint(0); i < groups; i++ {
		if a>>(4*i)&0xf != 0 {
			r |= 1 << i
		}
	}
	return r
}

func wqm(a uint64, groups uint) uint64 {
	var r uint64
	for i := uint(0); i < groups; i++ {
		if a>>(4*i)&0xf != 0 {
			r |= 0xf << (4 * i)
		}
	}
	return r
}

// execRaw and setExecRaw access EXEC at the width of a scalar operation
// (the _b32 forms use exec_lo, the _b64 forms the pair).
func (w *wave) execRaw(c cls) uint64 {
	if c.is64() {
		return uint64(w.s[codeExecLo]) | uint64(w.s[codeExecLo+1])<<32
	}
	return uint64(w.s[codeExecLo])
}

func (w *wave) setExecRaw(c cls, v uint64) {
	w.s[codeExecLo] = uint32(v)
	if c.is64() {
		w.s[codeExecLo+1] = uint32(v >> 32)
	}
}

// xSFmac is s_fmac_f32: D = S0 * S1 + D in f32, rounded once.
func xSFmac(w *wave, in *inst) { sFMA32(w, in, &in.dst) }

// xSFma32 is s_fmaak_f32 / s_fmamk_f32: D = S0 * S1 + S2 in f32.
func xSFma32(w *wave, in *inst) { sFMA32(w, in, &in.src[2]) }

// sFMA32 writes S0 * S1 + addend to D, rounded once, with the wave's f32
// denormal modes.
func sFMA32(w *wave, in *inst, addend *operand) {
	a, b, c := w.scalar32(&in.src[0]), w.scalar32(&in.src[1]), w.scalar32(addend)
	if w.ftz32In {
		a, b, c = flush32(a), flush32(b), flush32(c)
	}
	r := fma32(a, b, c)
	if w.ftz32Out {
		r = flush32(r)
	}
	w.swrite(&in.dst, cB32, uint64(r))
}

// Integer and float predicates shared by SOPC and VOPC.
var intPreds = []struct {
	name string
	f    func(a, b int64) bool
}{
	{"eq", func(a, b int64) bool { return a == b }},
	{"lg", func(a, b int64) bool { return a != b }},
	{"gt", func(a, b int64) bool { return a > b }},
	{"ge", func(a, b int64) bool { return a >= b }},
	{"lt", func(a, b int64) bool { return a < b }},
	{"le", func(a, b int64) bool { return a <= b }},
}

var floatPreds = []struct {
	name string
	f    func(a, b float64) bool
}{
	{"lt", func(a, b float64) bool { return a < b }},
	{"eq", func(a, b float64) bool { return a == b }},
	{"le", func(a, b float64) bool { return a <= b }},
	{"gt", func(a, b float64) bool { return a > b }},
	{"lg", func(a, b float64) bool { return a < b || a > b }},
	{"ge", func(a, b float64) bool { return a >= b }},
	{"o", func(a, b float64) bool { return a == a && b == b }},
	{"u", func(a, b float64) bool { return a != a || b != b }},
	{"nge", func(a, b float64) bool { return !(a >= b) }},
	{"nlg", func(a, b float64) bool { return !(a < b || a > b) }},
	{"ngt", func(a, b float64) bool { return !(a > b) }},
	{"nle", func(a, b float64) bool { return !(a <= b) }},
	{"neq", func(a, b float64) bool { return !(a == b) }},
	{"nlt", func(a, b float64) bool { return !(a < b) }},
}

// Hardware registers for s_getreg/s_setreg (gfx12 ids, the names llvm
// prints). Only MODE is writable.
const (
	hwregMode         = 1
	hwregStatus       = 2
	hwregGPRAlloc     = 5
	hwregLDSAlloc     = 6
	hwregHWID1        = 23
	hwregHWID2        = 24
	hwregShaderCycLo  = 29
	hwregShaderCycHi  = 30
	hwregFieldsOffset = 6
)

func (w *wave) hwreg(id uint32) (uint32, bool) {
	switch id {
	case hwregMode:
		return w.mode, true
	case hwregStatus:
		return 0, true
	case hwregGPRAlloc:
		return uint32(w.nvgpr/8-1) << 12, true
	case hwregLDSAlloc:
		return uint32(len(w.lds)/512) << 12, true
	case hwregHWID1:
		return uint32(w.index & 31), true
	case hwregHWID2:
		return 0, true
	case hwregShaderCycLo:
		return uint32(w.d.g.clock + w.d.insts), true
	case hwregShaderCycHi:
		return uint32((w.d.g.clock + w.d.insts) >> 32), true
	}
	return 0, false
}

func xGetreg(w *wave, in *inst) {
	imm := uint32(uint16(in.op.Imm))
	id, off, size := imm&0x3f, imm>>6&0x1f, imm>>11+1
	v, ok := w.hwreg(id)
	if !ok {
		w.fail(w.unsupported(in, "this hardware register is not modelled"))
		return
	}
	w.swrite(&in.dst, cB32, uint64(v>>off)&lowMask(uint64(size)))
}

func xSetreg(w *wave, in *inst) {
	imm := uint32(uint16(in.op.Imm))
	id, off, size := imm&0x3f, imm>>6&0x1f, imm>>11+1
	if id != hwregMode {
		w.fail(w.unsupported(in, "only HW_REG_MODE is writable in the emulator"))
		return
	}
	mask := uint32(lowMask(uint64(size))) << off
	v := w.scalar32(&in.src[0])
	m := w.mode&^mask | v<<off&mask
	if m&0xf != 0 {
		w.fail(w.unsupported(in, fmt.Sprintf("round mode 0x%x: only round-to-nearest-even is modelled", m&0xf)))
		return
	}
	w.setMode(m)
}
