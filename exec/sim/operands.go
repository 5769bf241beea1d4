package sim

import (
	"math/bits"

	"zincc/isa"
)

// Aperture sources (src_shared_base and friends): the flat-address
// windows of LDS and private memory, 4 GiB each, at the addresses Linux
// programs on gfx9 and later (gmc_v9_0.c: shared_aperture_start
// 0x2000000000000000, private 0x1000000000000000). Read as 64 bits
// (s_mov_b64 s[0:1], src_private_base, as LLVM does) a base is the
// window's address, so its high word holds these constants; read as 32
// bits the emulator gives the high word too (LLVM avoids that form).
const (
	sharedBaseHi  = 0x20000000
	sharedLimitHi = 0x20000000
	privateBaseHi = 0x10000000
	privateLimit  = 0x10000000
)

// special reads one of the hardware source codes.
func (w *wave) special(code uint16) uint32 {
	switch code {
	case 235:
		return sharedBaseHi
	case 236:
		return sharedLimitHi
	case 237:
		return privateBaseHi
	case 238:
		return privateLimit
	case 251: // src_vccz
		return b2u(w.vcc() == 0)
	case 252: // src_execz
		return b2u(w.exec() == 0)
	}
	return 0
}

func b2u(b bool) uint32 {
	if b {
		return 1
	}
	return 0
}

// scalar32 reads a non-VGPR operand as 32 bits.
func (w *wave) scalar32(o *operand) uint32 {
	switch o.kind {
	case opSGPR:
		return w.s[o.reg]
	case opConst:
		return uint32(o.c)
	case opSCC:
		return w.scc
	case opSpecial:
		return w.special(o.reg)
	}
	return 0
}

// scalar64 reads a non-VGPR operand as 64 bits: a register pair, or a
// constant widened as its class says.
func (w *wave) scalar64(o *operand) uint64 {
	switch o.kind {
	case opSGPR:
		return uint64(w.s[o.reg]) | uint64(w.s[(o.reg+1)&127])<<32
	case opConst:
		return o.c
	case opSCC:
		return uint64(w.scc)
	case opSpecial:
		switch o.reg {
		case 235, 237: // the apertures' bases: the high word is the value
			return uint64(w.special(o.reg)) << 32
		case 236, 238: // their limits: the last byte of the 4 GiB window
			return uint64(w.special(o.reg))<<32 | 0xffffffff
		}
		return uint64(w.special(o.reg))
	}
	return 0
}

// sread reads a scalar operand as its class says (64 bits for 64-bit
// classes, else 32).
func (w *wave) sread(o *operand, c cls) uint64 {
	if c.is64() {
		return w.scalar64(o)
	}
	return uint64(w.scalar32(o))
}

// swrite writes a scalar destination: a pair for 64-bit classes.
func (w *wave) swrite(o *operand, c cls, v uint64) {
	if o.kind != opSGPR {
		return
	}
	w.setS(o.reg, uint32(v))
	if c.is64() {
		w.setS(o.reg+1, uint32(v>>32))
	}
}

// src returns VALU source i as 32-bit lanes, read as the instruction's
// class for it says: a 16-bit operand arrives in the low 16 bits (from its
// register's low or high half), float modifiers and input denormal
// flushing are applied. Only lanes in *m are meaningful. For a DPP src0
// it also removes from *m the lanes DPP leaves unwritten.
func (w *wave) src(in *inst, i int, m *uint64) []uint32 {
	o := &in.src[i]
	c := in.sem.src[i]
	buf := &w.tmp[i]
	var v []uint32
	hi := o.hi
	if o.kind == opVGPR {
		if i == 0 && in.op.DPP != isa.NoDPP {
			w.dpp(in, o.reg, buf, m)
			v = buf[:]
		} else {
			v = w.row(o.reg)
		}
	} else {
		x := w.scalar32(o)
		if hi && o.kind != opConst {
			x >>= 16
		}
		hi = false
		for l := range buf {
			buf[l] = x
		}
		v = buf[:]
	}
	switch c {
	case cF32, cM32:
		if o.abs || o.neg || (w.ftz32In && c == cF32) {
			var and, xor uint32 = ^uint32(0), 0
			if o.abs {
				and = 0x7fffffff
			}
			if o.neg {
				xor = 0x80000000
			}
			ftz := w.ftz32In && c == cF32
			for mm := *m; mm != 0; mm &= mm - 1 {
				l := bits.TrailingZeros64(mm)
				x := v[l]
				if ftz && x&0x7f800000 == 0 {
					x &= 0x80000000
				}
				buf[l] = x&and ^ xor
			}
			v = buf[:]
		}
	case cF16, cB16:
		var and, xor uint32 = 0xffff, 0
		ftz := false
		if c == cF16 {
			if o.abs {
				and = 0x7fff
			}
			if o.neg {
				xor = 0x8000
			}
			ftz = w.ftz16In
		}
		var sh uint
		if hi {
			sh = 16
		}
		for mm := *m; mm != 0; mm &= mm - 1 {
			l := bits.TrailingZeros64(mm)
			x := v[l] >> sh & 0xffff
			if ftz && x&0x7c00 == 0 {
				x &= 0x8000
			}
			buf[l] = x&and ^ xor
		}
		v = buf[:]
	}
	return v
}

// src64 returns VALU source i as 64-bit lanes: a VGPR pair for 64-bit
// classes (f64 modifiers and denormal flushing applied), a 32-bit operand
// zero-extended otherwise.
func (w *wave) src64(in *inst, i int, m uint64) []uint64 {
	o := &in.src[i]
	c := in.sem.src[i]
	buf := &w.tmp64[i]
	if !c.is64() {
		mm := m
		v := w.src(in, i, &mm)
		for mm := m; mm != 0; mm &= mm - 1 {
			l := bits.TrailingZeros64(mm)
			buf[l] = uint64(v[l])
		}
		return buf[:]
	}
	if o.kind == opVGPR {
		lo, hi := w.row(o.reg), w.row(o.reg+1)
		for mm := m; mm != 0; mm &= mm - 1 {
			l := bits.TrailingZeros64(mm)
			buf[l] = uint64(lo[l]) | uint64(hi[l])<<32
		}
	} else {
		x := w.scalar64(o)
		for l := range buf {
			buf[l] = x
		}
	}
	if c == cF64 && (o.abs || o.neg || w.ftz16In) {
		var and, xor uint64 = ^uint64(0), 0
		if o.abs {
			and = 1<<63 - 1
		}
		if o.neg {
			xor = 1 << 63
		}
		ftz := w.ftz16In
		for mm := m; mm != 0; mm &= mm - 1 {
			l := bits.TrailingZeros64(mm)
			x := buf[l]
			if ftz && x&0x7ff0000000000000 == 0 {
				x &= 1 << 63
			}
			buf[l] = x&and ^ xor
		}
	}
	return buf[:]
}

// put writes w.res to the destination VGPR for the lanes in m, as the
// instruction's destination class says: f32 results get output modifiers,
// clamping and output denormal flushing; 16-bit results go to one half of
// the register and keep the other.
func (w *wave) put(in *inst, m uint64) {
	r := &w.res
	d := w.row(in.dst.reg)
	switch in.sem.dst {
	case cF32:
		om, cl, ftz := in.op.Omod, in.op.Clamp, w.ftz32Out
		if om == 0 && !cl && !ftz {
			break
		}
		for mm := m; mm != 0; mm &= mm - 1 {
			l := bits.TrailingZeros64(mm)
			d[l] = post32(r[l], om, cl, ftz)
		}
		return
	case cF16, cB16:
		om, cl, ftz := in.op.Omod, in.op.Clamp, w.ftz16Out && in.sem.dst == cF16
		post := in.sem.dst == cF16 && (om != 0 || cl || ftz)
		var sh uint
		keep := uint32(0xffff0000)
		if in.dst.hi {
			sh, keep = 16, 0xffff
		}
		for mm := m; mm != 0; mm &= mm - 1 {
			l := bits.TrailingZeros64(mm)
			x := r[l] & 0xffff
			if post {
				x = uint32(post16(uint16(x), om, cl, ftz))
			}
			d[l] = d[l]&keep | x<<sh
		}
		return
	}
	for mm := m; mm != 0; mm &= mm - 1 {
		l := bits.TrailingZeros64(mm)
		d[l] = r[l]
	}
}

// put64 writes w.res64 to the destination for the lanes in m: a VGPR pair
// for 64-bit classes (f64 results post-processed), else the low 32 bits.
func (w *wave) put64(in *inst, m uint64) {
	r := &w.res64
	c := in.sem.dst
	if !c.is64() {
		for mm := m; mm != 0; mm &= mm - 1 {
			l := bits.TrailingZeros64(mm)
			w.res[l] = uint32(r[l])
		}
		w.put(in, m)
		return
	}
	lo, hi := w.row(in.dst.reg), w.row(in.dst.reg+1)
	om, cl, ftz := in.op.Omod, in.op.Clamp, w.ftz16Out
	post := c == cF64 && (om != 0 || cl || ftz)
	for mm := m; mm != 0; mm &= mm - 1 {
		l := bits.TrailingZeros64(mm)
		x := r[l]
		if post {
			x = post64(x, om, cl, ftz)
		}
		lo[l], hi[l] = uint32(x), uint32(x>>32)
	}
}

// dpp fills buf with src0 as DPP moves it between lanes (the ISA sheet
// §5.4, tinygrad's DPP16 model): lanes whose row or bank is masked off
// are not written; a source lane out of its row's range, or inactive
// without FI, gives 0 with bound_ctrl and leaves the lane unwritten
// without. DPP8 selects within groups of eight lanes; an inactive source
// without FI reads 0. The lane mapping is computed once per instruction
// (dppTable).
func (w *wave) dpp(in *inst, reg uint16, buf *[64]uint32, m *uint64) {
	src := w.row(reg)
	exec := w.exec()
	op := &in.op
	tab := in.dppTab
	out := *m
	dpp8 := op.DPP == isa.DPP8
	for mm := *m; mm != 0; mm &= mm - 1 {
		l := bits.TrailingZeros64(mm)
		s := int(tab[l])
		switch {
		case s == dppMasked:
			out &^= 1 << uint(l)
		case s >= 0 && (exec>>uint(s)&1 != 0 || op.FI):
			buf[l] = src[s]
		case dpp8 || op.BoundCtrl:
			buf[l] = 0
		default:
			out &^= 1 << uint(l)
		}
	}
	*m = out
}

// Entries of a DPP lane table besides source lanes.
const (
	dppInvalid = -1 // the source lane is outside the row
	dppMasked  = -2 // row_mask or bank_mask leaves the lane unwritten
)

// dppTable maps each lane to the lane DPP reads for it.
func dppTable(op *isa.Inst) *[64]int8 {
	var tab [64]int8
	for l := 0; l < 64; l++ {
		if op.DPP == isa.DPP8 {
			tab[l] = int8(l&^7 | int(op.DPP8Sel>>(3*uint(l&7))&7))
			continue
		}
		r := l & 15
		if op.RowMask>>uint(l>>4)&1 == 0 || op.BankMask>>uint(r>>2)&1 == 0 {
			tab[l] = dppMasked
			continue
		}
		ctrl := op.DPPCtrl
		s, ok := l, true
		base := l &^ 15
		switch {
		case ctrl <= 0xff:
			s = l&^3 | int(ctrl>>(2*uint(l&3))&3)
		case ctrl >= 0x101 && ctrl <= 0x10f:
			n := int(ctrl & 15)
			s, ok = l+n, r+n <= 15
		case ctrl >= 0x111 && ctrl <= 0x11f:
			n := int(ctrl & 15)
			s, ok = l-n, r >= n
		case ctrl >= 0x121 && ctrl <= 0x12f:
			s = base | (r-int(ctrl&15))&15
		case ctrl == 0x140:
			s = base | (15 - r)
		case ctrl == 0x141:
			s = base | r&8 | (7 - r&7)
		case ctrl >= 0x150 && ctrl <= 0x15f:
			s = base | int(ctrl&15)
		case ctrl >= 0x160 && ctrl <= 0x16f:
			s = base | r ^ int(ctrl&15)
		default:
			ok = false
		}
		if !ok || s < 0 || s >= 64 {
			tab[l] = dppInvalid
			continue
		}
		tab[l] = int8(s)
	}
	return &tab
}
