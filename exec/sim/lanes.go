package sim

import (
	"math/bits"
)

// Cross-lane operations: lane reads and writes, permlanes, mbcnt and
// v_swap. Semantics follow the RDNA4 pcode: every source lane is read
// before any destination lane is written, EXEC selects the destination
// lanes, and the lane selects of readlane/writelane ignore EXEC.

// xReadfirstlane copies the lowest active lane (lane 0 if none) to an SGPR.
func xReadfirstlane(w *wave, in *inst) {
	e := w.exec()
	lane := 0
	if e != 0 {
		lane = bits.TrailingZeros64(e)
	}
	w.setS(in.dst.reg, w.row(in.src[0].reg)[lane])
}

func (w *wave) laneSel(o *operand) int {
	return int(w.scalar32(o)) & (w.width - 1)
}

func xReadlane(w *wave, in *inst) {
	w.setS(in.dst.reg, w.row(in.src[0].reg)[w.laneSel(&in.src[1])])
}

func xWritelane(w *wave, in *inst) {
	w.row(in.dst.reg)[w.laneSel(&in.src[1])] = w.scalar32(&in.src[0])
}

// xPermlane16 is v_permlane16_b32 (aux 0) and v_permlanex16_b32 (aux 1):
// lane i of each 16-lane row reads lane nibble i of {S2, S1} of its own
// row, or of the paired row (0<->1, 2<->3). The op_sel bits (fetch
// inactive, bound control in LLVM's intrinsic) do not appear in the pcode
// and are ignored.
func xPermlane16(w *wave, in *inst) {
	sel := uint64(w.scalar32(&in.src[1])) | uint64(w.scalar32(&in.src[2]))<<32
	src := w.row(in.src[0].reg)
	tmp := &w.res
	copy(tmp[:], src)
	d := w.row(in.dst.reg)
	for m := w.exec(); m != 0; m &= m - 1 {
		l := bits.TrailingZeros64(m)
		row := l >> 4
		if in.sem.aux == 1 {
			row ^= 1
		}
		d[l] = tmp[row<<4|int(sel>>(4*uint(l&15))&15)]
	}
}

// xPermlane16Var is v_permlane16_var_b32 / v_permlanex16_var_b32: the lane
// select comes from each lane's S1[3:0].
func xPermlane16Var(w *wave, in *inst) {
	src := w.row(in.src[0].reg)
	selr := w.row(in.src[1].reg)
	tmp := &w.res
	copy(tmp[:], src)
	var sel [64]uint32
	copy(sel[:], selr)
	d := w.row(in.dst.reg)
	for m := w.exec(); m != 0; m &= m - 1 {
		l := bits.TrailingZeros64(m)
		row := l >> 4
		if in.sem.aux == 1 {
			row ^= 1
		}
		d[l] = tmp[row<<4|int(sel[l]&15)]
	}
}

// xPermlane64 swaps the halves of a wave64 (a no-op in wave32).
func xPermlane64(w *wave, in *inst) {
	if !w.w64 {
		return
	}
	tmp := &w.res
	copy(tmp[:], w.row(in.src[0].reg))
	d := w.row(in.dst.reg)
	for m := w.exec(); m != 0; m &= m - 1 {
		l := bits.TrailingZeros64(m)
		d[l] = tmp[l^32]
	}
}

// xMbcnt is v_mbcnt_lo_u32_b32 (aux 0) / v_mbcnt_hi_u32_b32 (aux 1): S1
// plus the number of bits of S0 set below the lane's own position (in
// the low or high 32 bits of the 64-lane thread mask).
func xMbcnt(w *wave, in *inst) {
	m := w.exec()
	a := w.src(in, 0, &m)
	b := w.src(in, 1, &m)
	r := &w.res
	for mm := m; mm != 0; mm &= mm - 1 {
		l := bits.TrailingZeros64(mm)
		tm := uint64(1)<<uint(l) - 1
		if in.sem.aux == 0 {
			tm &= 0xffffffff
		} else {
			tm >>= 32
		}
		r[l] = uint32(bits.OnesCount32(a[l]&uint32(tm))) + b[l]
	}
	w.put(in, m)
}

// xSwap is v_swap_b32: exchange vdst and vsrc in the active lanes.
func xSwap(w *wave, in *inst) {
	a, d := w.row(in.src[0].reg), w.row(in.dst.reg)
	for m := w.exec(); m != 0; m &= m - 1 {
		l := bits.TrailingZeros64(m)
		a[l], d[l] = d[l], a[l]
	}
}

func registerCrossLane() {
	def("v_readfirstlane_b32", &semantics{exec: xReadfirstlane, src: [3]cls{cB32}})
	def("v_readlane_b32", &semantics{exec: xReadlane, src: [3]cls{cB32, cB32}})
	def("v_writelane_b32", &semantics{exec: xWritelane, src: [3]cls{cB32, cB32}})
	def("v_permlane16_b32", &semantics{exec: xPermlane16, src: [3]cls{cB32, cB32, cB32}})
	def("v_permlanex16_b32", &semantics{exec: xPermlane16, src: [3]cls{cB32, cB32, cB32}, aux: 1})
	def("v_permlane16_var_b32", &semantics{exec: xPermlane16Var, src: [3]cls{cB32, cB32}})
	def("v_permlanex16_var_b32", &semantics{exec: xPermlane16Var, src: [3]cls{cB32, cB32}, aux: 1})
	def("v_permlane64_b32", &semantics{exec: xPermlane64, src: [3]cls{cB32}})
	def("v_mbcnt_lo_u32_b32", &semantics{exec: xMbcnt, dst: cB32, src: [3]cls{cB32, cB32}, dpp: true})
	def("v_mbcnt_hi_u32_b32", &semantics{exec: xMbcnt, dst: cB32, src: [3]cls{cB32, cB32}, dpp: true, aux: 1})
	def("v_swap_b32", &semantics{exec: xSwap, src: [3]cls{cB32}})
}
