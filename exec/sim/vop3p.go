package sim

import (
	"math"
	"math/bits"

	"zincc/isa"
)

// VOP3P: packed 16-bit arithmetic, mixed-precision FMA and dot products.
//
// Packed operations compute the low and the high half of the result
// separately. Source i's low-half input is its high half when op_sel[i]
// is set (else its low half), and its high-half input is its high half
// when op_sel_hi[i] is set. For f16 operations neg_lo[i] / neg_hi[i]
// negate those inputs. An inline constant is the 16-bit value in both
// halves (how hardware expands it is unconfirmed, the ISA sheet §2.2).

// halves splits a source into the inputs of the low and high result.
func halves(x uint32, i int, op *isa.Inst) (lo, hi uint32) {
	lo, hi = x&0xffff, x&0xffff
	if op.OpSel>>uint(i)&1 != 0 {
		lo = x >> 16
	}
	if op.OpSelHi>>uint(i)&1 != 0 {
		hi = x >> 16
	}
	return lo, hi
}

// pkInt describes a packed integer operation on exact values.
type pkInt struct {
	signed bool
	f      func(a, b, c int64) int64
}

var pkInts []pkInt

// dotMixed marks the dot products whose signedness neg_lo selects.
const dotMixed = 0x100

// pkSources reads the two or three sources of a packed operation.
func (w *wave) pkSources(in *inst, m *uint64) (s [3][]uint32, n int) {
	n = 2
	if in.sem.src[2] != cNone {
		n = 3
	}
	for i := 0; i < n; i++ {
		s[i] = w.src(in, i, m)
	}
	return s, n
}

func xPKInt(w *wave, in *inst) {
	m := w.exec()
	s, n := w.pkSources(in, &m)
	p := pkInts[in.sem.aux]
	op := &in.op
	ext := func(v uint32) int64 {
		if p.signed {
			return int64(int16(v))
		}
		return int64(v)
	}
	half := func(v int64) uint32 {
		if op.Clamp {
			lo, hi := int64(0), int64(0xffff)
			if p.signed {
				lo, hi = -0x8000, 0x7fff
			}
			v = max(lo, min(hi, v))
		}
		return uint32(v) & 0xffff
	}
	r := &w.res
	for mm := m; mm != 0; mm &= mm - 1 {
		l := bits.TrailingZeros64(mm)
		var lo, hi [3]int64
		for i := 0; i < n; i++ {
			a, b := halves(s[i][l], i, op)
			lo[i], hi[i] = ext(a), ext(b)
		}
		r[l] = half(p.f(lo[0], lo[1], lo[2])) | half(p.f(hi[0], hi[1], hi[2]))<<16
	}
	w.put(in, m)
}

// xPKF16 runs f3 on f16 halves.
func xPKF16(w *wave, in *inst) {
	m := w.exec()
	s, n := w.pkSources(in, &m)
	op := &in.op
	f := in.sem.f3
	ftzIn, ftzOut := w.ftz16In, w.ftz16Out
	r := &w.res
	for mm := m; mm != 0; mm &= mm - 1 {
		l := bits.TrailingZeros64(mm)
		var lo, hi [3]uint32
		for i := 0; i < n; i++ {
			a, b := halves(s[i][l], i, op)
			if op.Neg>>uint(i)&1 != 0 {
				a ^= 0x8000
			}
			if op.NegHi>>uint(i)&1 != 0 {
				b ^= 0x8000
			}
			if ftzIn {
				a, b = flush16(a), flush16(b)
			}
			lo[i], hi[i] = a, b
		}
		x := uint16(f(lo[0], lo[1], lo[2]))
		y := uint16(f(hi[0], hi[1], hi[2]))
		x, y = post16(x, 0, op.Clamp, ftzOut), post16(y, 0, op.Clamp, ftzOut)
		r[l] = uint32(x) | uint32(y)<<16
	}
	w.put(in, m)
}

func flush16(x uint32) uint32 {
	if x&0x7c00 == 0 {
		return x & 0x8000
	}
	return x
}

// mixInput reads source i of v_fma_mix*: the f32 value when op_sel_hi[i]
// is clear, else the f16 half op_sel[i] picks, converted to f32; then
// abs and neg.
func mixInput(x uint32, i int, op *isa.Inst, w *wave) float64 {
	var v float64
	if op.OpSelHi>>uint(i)&1 == 0 {
		if w.ftz32In {
			x = flush32(x)
		}
		v = float64(f32(x))
	} else {
		h := x & 0xffff
		if op.OpSel>>uint(i)&1 != 0 {
			h = x >> 16
		}
		if w.ftz16In {
			h = flush16(h)
		}
		v = f16to64(h)
	}
	if op.Abs>>uint(i)&1 != 0 {
		v = math.Abs(v)
	}
	if op.Neg>>uint(i)&1 != 0 {
		v = -v
	}
	return v
}

// mixConstants resolves inline constants and literals of v_fma_mix* as
// the source is read: f32 when op_sel_hi is clear, f16 otherwise.
func mixConstants(in *inst) string {
	for i := 0; i < 3; i++ {
		c := cF16
		if in.op.OpSelHi>>uint(i)&1 == 0 {
			c = cF32
		}
		o := resolve(in.op.Src[i], c, false, false)
		o.abs, o.neg = false, false
		in.src[i] = o
	}
	return ""
}

// xFmaMix is v_fma_mix_f32 (aux 0), v_fma_mixlo_f16 (1), v_fma_mixhi_f16
// (2): one fused multiply-add of mixed f16/f32 inputs, rounded once.
func xFmaMix(w *wave, in *inst) {
	m := w.exec()
	var s [3][]uint32
	for i := 0; i < 3; i++ {
		s[i] = w.src(in, i, &m)
	}
	op := &in.op
	d := w.row(in.dst.reg)
	for mm := m; mm != 0; mm &= mm - 1 {
		l := bits.TrailingZeros64(mm)
		x, y, z := mixInput(s[0][l], 0, op, w), mixInput(s[1][l], 1, op, w), mixInput(s[2][l], 2, op, w)
		e := fmaOdd(x, y, z)
		switch in.sem.aux {
		case 0:
			r := f32from64(e)
			if math.IsNaN(e) {
				r = qnan32
			}
			d[l] = post32(r, 0, op.Clamp, w.ftz32Out)
		default:
			h := f16from64(e)
			if math.IsNaN(e) {
				h = qnan16
			}
			h = uint32(post16(uint16(h), 0, op.Clamp, w.ftz16Out))
			if in.sem.aux == 1 {
				d[l] = d[l]&0xffff0000 | h
			} else {
				d[l] = d[l]&0xffff | h<<16
			}
		}
	}
}

// xDot2F32F16 is v_dot2_f32_f16: S2 plus the two products of f16 halves,
// added in that order in f32 (each product is exact in f32).
func xDot2F32F16(w *wave, in *inst) {
	m := w.exec()
	a := w.src(in, 0, &m)
	b := w.src(in, 1, &m)
	c := w.src(in, 2, &m)
	op := &in.op
	r := &w.res
	for mm := m; mm != 0; mm &= mm - 1 {
		l := bits.TrailingZeros64(mm)
		var x, y [2]uint32
		x[0], x[1] = halves(a[l], 0, op)
		y[0], y[1] = halves(b[l], 1, op)
		for k := 0; k < 2; k++ {
			neg := op.Neg
			if k == 1 {
				neg = op.NegHi
			}
			if neg&1 != 0 {
				x[k] ^= 0x8000
			}
			if neg&2 != 0 {
				y[k] ^= 0x8000
			}
		}
		t := c[l]
		for k := 0; k < 2; k++ {
			t = fma32(f16to32(x[k]), f16to32(y[k]), t)
		}
		r[l] = post32(t, 0, op.Clamp, w.ftz32Out)
	}
	w.put(in, m)
}

// xDotInt is v_dot4_{i32_iu8,u32_u8} and v_dot8_{i32_iu4,u32_u4}: S2 plus
// the products of the 8-bit (aux 8) or 4-bit (aux 4) elements; for the
// _iu forms neg_lo[0] and neg_lo[1] make S0's / S1's elements signed.
func xDotInt(w *wave, in *inst) {
	m := w.exec()
	a := w.src(in, 0, &m)
	b := w.src(in, 1, &m)
	c := w.src(in, 2, &m)
	width := uint(in.sem.aux & 0xff)
	mixed := in.sem.aux&dotMixed != 0 // the _iu forms
	sa := mixed && in.op.Neg&1 != 0
	sbg := mixed && in.op.Neg&2 != 0
	ext := func(v uint32, signed bool) int64 {
		v &= 1<<width - 1
		if signed {
			return int64(signExtend(uint64(v), uint32(width)))
		}
		return int64(v)
	}
	r := &w.res
	for mm := m; mm != 0; mm &= mm - 1 {
		l := bits.TrailingZeros64(mm)
		t := int64(int32(c[l]))
		if !mixed {
			t = int64(c[l])
		}
		for i := uint(0); i < 32; i += width {
			t += ext(a[l]>>i, sa) * ext(b[l]>>i, sbg)
		}
		if in.op.Clamp { // saturate to the result's range
			if mixed {
				t = min(max(t, math.MinInt32), math.MaxInt32)
			} else {
				t = min(t, math.MaxUint32)
			}
		}
		r[l] = uint32(t)
	}
	w.put(in, m)
}

// fp8Kinds are the element formats of v_dot4_f32_{fp8,bf8}_{fp8,bf8}
// (aux bit 0: S0 is BF8, bit 1: S1 is BF8).
const (
	dotS0BF8 = 1
	dotS1BF8 = 2
)

// fp8to32 converts an OCP FP8 byte to f32 bits exactly: E4M3 (E4M3FN: bias
// 7, no infinities, S.1111.111 NaN) or, with bf8, E5M2 (bias 15, IEEE
// infinities and NaNs).
func fp8to32(v uint32, bf8 bool) uint32 {
	v &= 0xff
	sign := v >> 7 << 31
	if bf8 {
		return f16to32(v << 8) // E5M2 is the top byte of an f16
	}
	e, m := v>>3&15, v&7
	switch {
	case e == 15 && m == 7:
		return sign | 0x7fc00000
	case e == 0:
		return sign | math.Float32bits(float32(m)/512)
	}
	return sign | (e+120)<<23 | m<<20
}

// xDot4F32FP8 is v_dot4_f32_{fp8,bf8}_{fp8,bf8}: S2 plus the four products
// of the bytes, added in element order in f32 (each product is exact in
// f32); neg_lo[2] negates S2.
func xDot4F32FP8(w *wave, in *inst) {
	m := w.exec()
	a := w.src(in, 0, &m)
	b := w.src(in, 1, &m)
	c := w.src(in, 2, &m)
	aux := in.sem.aux
	r := &w.res
	for mm := m; mm != 0; mm &= mm - 1 {
		l := bits.TrailingZeros64(mm)
		t := c[l]
		if in.op.Neg&4 != 0 {
			t ^= 1 << 31
		}
		for k := uint(0); k < 32; k += 8 {
			t = fma32(fp8to32(a[l]>>k, aux&dotS0BF8 != 0), fp8to32(b[l]>>k, aux&dotS1BF8 != 0), t)
		}
		r[l] = post32(t, 0, false, w.ftz32Out)
	}
	w.put(in, m)
}

func registerVOP3P() {
	pk := func(name string, signed bool, n int, f func(a, b, c int64) int64) {
		pkInts = append(pkInts, pkInt{signed, f})
		s := &semantics{exec: xPKInt, dst: cB32, src: [3]cls{cPK16, cPK16}, aux: len(pkInts) - 1, clamp: true}
		if n == 3 {
			s.src[2] = cPK16
		}
		def(name, s)
	}
	pk("v_pk_mad_i16", true, 3, func(a, b, c int64) int64 { return a*b + c })
	pk("v_pk_mad_u16", false, 3, func(a, b, c int64) int64 { return a*b + c })
	pk("v_pk_mul_lo_u16", false, 2, func(a, b, _ int64) int64 { return a * b })
	pk("v_pk_add_i16", true, 2, func(a, b, _ int64) int64 { return a + b })
	pk("v_pk_add_u16", false, 2, func(a, b, _ int64) int64 { return a + b })
	pk("v_pk_sub_i16", true, 2, func(a, b, _ int64) int64 { return a - b })
	pk("v_pk_sub_u16", false, 2, func(a, b, _ int64) int64 { return a - b })
	pk("v_pk_lshlrev_b16", false, 2, func(a, b, _ int64) int64 { return b << uint(a&15) & 0xffff })
	pk("v_pk_lshrrev_b16", false, 2, func(a, b, _ int64) int64 { return b >> uint(a&15) })
	pk("v_pk_ashrrev_i16", true, 2, func(a, b, _ int64) int64 { return b >> uint(a&15) })
	pk("v_pk_max_i16", true, 2, func(a, b, _ int64) int64 { return max(a, b) })
	pk("v_pk_min_i16", true, 2, func(a, b, _ int64) int64 { return min(a, b) })
	pk("v_pk_max_u16", false, 2, func(a, b, _ int64) int64 { return max(a, b) })
	pk("v_pk_min_u16", false, 2, func(a, b, _ int64) int64 { return min(a, b) })

	pkf := func(name string, n int, f func(a, b, c uint32) uint32) {
		s := &semantics{exec: xPKF16, dst: cB32, src: [3]cls{cPKF16, cPKF16}, f3: f, clamp: true}
		if n == 3 {
			s.src[2] = cPKF16
		}
		def(name, s)
	}
	pkf("v_pk_fma_f16", 3, fma16)
	pkf("v_pk_add_f16", 2, func(a, b, _ uint32) uint32 { return add16(a, b) })
	pkf("v_pk_mul_f16", 2, func(a, b, _ uint32) uint32 { return mul16(a, b) })
	for _, m := range minMaxOps {
		f := fmt16.lane2(m.op)
		pkf("v_pk_"+m.name+"_f16", 2, func(a, b, _ uint32) uint32 { return f(a, b) })
	}

	for i, n := range []string{"v_fma_mix_f32", "v_fma_mixlo_f16", "v_fma_mixhi_f16"} {
		def(n, &semantics{exec: xFmaMix, src: [3]cls{cB32, cB32, cB32}, aux: i, clamp: true, dpp: true, setup: mixConstants})
	}
	def("v_dot2_f32_f16", &semantics{exec: xDot2F32F16, dst: cB32, src: [3]cls{cPKF16, cPKF16, cB32}, clamp: true, dpp: true})
	def("v_dot4_i32_iu8", &semantics{exec: xDotInt, dst: cB32, src: [3]cls{cB32, cB32, cB32}, aux: 8 | dotMixed, clamp: true})
	def("v_dot4_u32_u8", &semantics{exec: xDotInt, dst: cB32, src: [3]cls{cB32, cB32, cB32}, aux: 8, clamp: true})
	def("v_dot8_i32_iu4", &semantics{exec: xDotInt, dst: cB32, src: [3]cls{cB32, cB32, cB32}, aux: 4 | dotMixed, clamp: true})
	def("v_dot8_u32_u4", &semantics{exec: xDotInt, dst: cB32, src: [3]cls{cB32, cB32, cB32}, aux: 4, clamp: true})
	def("v_dot4_f32_fp8_fp8", &semantics{exec: xDot4F32FP8, dst: cB32, src: [3]cls{cB32, cB32, cB32}})
	def("v_dot4_f32_fp8_bf8", &semantics{exec: xDot4F32FP8, dst: cB32, src: [3]cls{cB32, cB32, cB32}, aux: dotS1BF8})
	def("v_dot4_f32_bf8_fp8", &semantics{exec: xDot4F32FP8, dst: cB32, src: [3]cls{cB32, cB32, cB32}, aux: dotS0BF8})
	def("v_dot4_f32_bf8_bf8", &semantics{exec: xDot4F32FP8, dst: cB32, src: [3]cls{cB32, cB32, cB32}, aux: dotS0BF8 | dotS1BF8})
}
