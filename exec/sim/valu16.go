package sim

import (
	"fmt"
	"math/bits"
)

// 16-bit integer VALU operations (VOP3 on gfx12, what LLVM emits for i16
// arithmetic) and the M0-relative moves LLVM uses for dynamic indexing
// of values kept in VGPRs.
//
// The 16-bit operations read the low (or, with op_sel, the high) half of
// each source and write the low (op_sel[3]: the high) half of the
// destination, keeping the other half, like the f16 operations. A float
// inline constant reads as its f16 bit pattern (llvm-mc prints it so).
// With clamp, additions and subtractions saturate to the unsigned (u16)
// or signed (i16) range instead of wrapping, as v_add_nc_u32 does.

func registerVALU16() {
	v2 := func(name string, f func(a, b uint32) uint32) {
		def(name, &semantics{exec: xV2, dst: cB16, src: [3]cls{cB16, cB16}, f2: f, dpp: true})
	}
	sat2 := func(name string, f, sat func(a, b uint32) uint32) {
		def(name, &semantics{exec: xV2, dst: cB16, src: [3]cls{cB16, cB16}, f2: f, dpp: true, clamp: true, setup: withSat(sat)})
	}
	u := func(x uint32) uint32 { return x & 0xffff }
	s := func(x uint32) int32 { return int32(int16(x)) }
	satU := func(v int32) uint32 { return uint32(min(max(v, 0), 0xffff)) }
	satS := func(v int32) uint32 { return uint32(min(max(v, -0x8000), 0x7fff)) & 0xffff }
	sat2("v_add_nc_u16", func(a, b uint32) uint32 { return u(a + b) }, func(a, b uint32) uint32 { return satU(int32(u(a) + u(b))) })
	sat2("v_sub_nc_u16", func(a, b uint32) uint32 { return u(a - b) }, func(a, b uint32) uint32 { return satU(int32(u(a)) - int32(u(b))) })
	sat2("v_add_nc_i16", func(a, b uint32) uint32 { return u(a + b) }, func(a, b uint32) uint32 { return satS(s(a) + s(b)) })
	sat2("v_sub_nc_i16", func(a, b uint32) uint32 { return u(a - b) }, func(a, b uint32) uint32 { return satS(s(a) - s(b)) })
	v2("v_mul_lo_u16", func(a, b uint32) uint32 { return u(a * b) })
	v2("v_max_u16", func(a, b uint32) uint32 { return max(u(a), u(b)) })
	v2("v_min_u16", func(a, b uint32) uint32 { return min(u(a), u(b)) })
	v2("v_max_i16", func(a, b uint32) uint32 { return u(uint32(max(s(a), s(b)))) })
	v2("v_min_i16", func(a, b uint32) uint32 { return u(uint32(min(s(a), s(b)))) })
	v2("v_lshlrev_b16", func(a, b uint32) uint32 { return u(b << (a & 15)) })
	v2("v_lshrrev_b16", func(a, b uint32) uint32 { return u(b) >> (a & 15) })
	v2("v_ashrrev_i16", func(a, b uint32) uint32 { return u(uint32(s(b) >> (a & 15))) })
	mad := func(name string, f, sat func(a, b, c uint32) uint32) {
		def(name, &semantics{exec: xV3, dst: cB16, src: [3]cls{cB16, cB16, cB16}, f3: f, dpp: true, clamp: true,
			setup: func(in *inst) string {
				if in.op.Clamp {
					c := *in.sem
					c.f3 = sat
					in.sem = &c
				}
				return ""
			}})
	}
	mad("v_mad_u16", func(a, b, c uint32) uint32 { return u(a*b + c) }, func(a, b, c uint32) uint32 {
		return uint32(min(uint64(u(a))*uint64(u(b))+uint64(u(c)), 0xffff))
	})
	mad("v_mad_i16", func(a, b, c uint32) uint32 { return u(a*b + c) }, func(a, b, c uint32) uint32 {
		return satS(s(a)*s(b) + s(c))
	})

	// Conversions between 16-bit integers and f16 or 32-bit integers.
	// Float-to-integer conversions truncate and saturate (NaN gives 0),
	// as v_cvt_i32_f32 does; clamp changes nothing for them.
	def("v_cvt_f16_i16", &semantics{exec: xV1, dst: cF16, src: [3]cls{cB16}, dpp: true, clamp: true, omod: true,
		f1: func(a uint32) uint32 { return f16from64(float64(int16(a))) }})
	def("v_cvt_f16_u16", &semantics{exec: xV1, dst: cF16, src: [3]cls{cB16}, dpp: true, clamp: true, omod: true,
		f1: func(a uint32) uint32 { return f16from64(float64(uint16(a))) }})
	def("v_cvt_i16_f16", &semantics{exec: xV1, dst: cB16, src: [3]cls{cF16}, dpp: true, clamp: true,
		f1: func(a uint32) uint32 { return cvtI16(f16to64(a)) }})
	def("v_cvt_u16_f16", &semantics{exec: xV1, dst: cB16, src: [3]cls{cF16}, dpp: true, clamp: true,
		f1: func(a uint32) uint32 { return cvtU16(f16to64(a)) }})
	def("v_cvt_i32_i16", &semantics{exec: xV1, dst: cB32, src: [3]cls{cB16}, dpp: true,
		f1: func(a uint32) uint32 { return uint32(int32(int16(a))) }})
	def("v_cvt_u32_u16", &semantics{exec: xV1, dst: cB32, src: [3]cls{cB16}, dpp: true,
		f1: func(a uint32) uint32 { return a & 0xffff }})

	def("v_movrels_b32", &semantics{exec: xMovrels, dst: cB32, src: [3]cls{cB32}})
	def("v_movreld_b32", &semantics{exec: xMovreld, dst: cB32, src: [3]cls{cB32}})
}

// xMovrels is D = VGPR[src + M0]: the source register number plus M0
// selects the VGPR read.
func xMovrels(w *wave, in *inst) {
	r := uint64(in.src[0].reg) + uint64(w.s[codeM0])
	if in.src[0].kind != opVGPR || r >= uint64(w.nvgpr) {
		w.fail(w.illegal(in, fmt.Sprintf("reads VGPR %d (source + M0) but the wave has %d", r, w.nvgpr)))
		return
	}
	m := w.exec()
	src, d := w.row(uint16(r)), w.row(in.dst.reg)
	for mm := m; mm != 0; mm &= mm - 1 {
		l := bits.TrailingZeros64(mm)
		d[l] = src[l]
	}
}

// xMovreld is VGPR[dst + M0] = S0.
func xMovreld(w *wave, in *inst) {
	r := uint64(in.dst.reg) + uint64(w.s[codeM0])
	if r >= uint64(w.nvgpr) {
		w.fail(w.illegal(in, fmt.Sprintf("writes VGPR %d (destination + M0) but the wave has %d", r, w.nvgpr)))
		return
	}
	if int(r)+1 > w.dirty {
		w.dirty = int(r) + 1
	}
	m := w.exec()
	a := w.src(in, 0, &m)
	d := w.row(uint16(r))
	for mm := m; mm != 0; mm &= mm - 1 {
		l := bits.TrailingZeros64(mm)
		d[l] = a[l]
	}
}
