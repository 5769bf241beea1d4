package isa

import (
	"math"
)

// Literal and inline-constant selection. llvm-mc encodes a constant as an
// inline constant whenever its value, read as the operand's type, equals
// one; otherwise it becomes the instruction's 32-bit literal. These rules
// were found by experiment with llvm-mc 19 (§2.2 of the ISA sheet) and are
// checked against it by the sweep test.

// inlineIntCode returns the inline code for v if -16 <= v <= 64.
func inlineIntCode(v int64) (uint16, bool) {
	switch {
	case v >= 0 && v <= 64:
		return uint16(128 + v), true
	case v >= -16 && v < 0:
		return uint16(192 - v), true
	}
	return 0, false
}

// inlineFloatCode returns the inline code whose value, in the format of
// table (inlineF16, inlineF32 or inlineF64), has these bits.
func inlineFloatCode[T uint16 | uint32 | uint64](table *[9]T, bits T) (uint16, bool) {
	for i, b := range table {
		if b == bits {
			return codeHalf + uint16(i), true
		}
	}
	return 0, false
}

func constOp(code uint16) Operand { return Operand{Kind: OpndConst, Reg: code} }
func litOp(v uint32) Operand      { return Operand{Kind: OpndLiteral, Value: v} }

// f32Bits converts f to binary32, rejecting values out of its range.
func f32Bits(f float64) (uint32, bool) {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return 0, false
	}
	x := float32(f)
	if math.IsInf(float64(x), 0) {
		return 0, false
	}
	return math.Float32bits(x), true
}

// f16Bits converts f to binary16 (round to nearest even), rejecting
// values out of its range.
func f16Bits(f float64) (uint16, bool) {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return 0, false
	}
	b32 := math.Float32bits(float32(f))
	sign := uint16(b32>>16) & 0x8000
	exp := int(b32>>23&0xff) - 127 + 15
	mant := b32 & 0x7fffff
	if float32(f) == 0 {
		return sign, true
	}
	if exp >= 31 {
		return 0, false
	}
	if exp <= 0 {
		// Subnormal half.
		if exp < -10 {
			return sign, true
		}
		mant |= 0x800000
		shift := uint(14 - exp)
		half := uint32(1) << (shift - 1)
		r := mant >> shift
		rem := mant & (1<<shift - 1)
		if rem > half || (rem == half && r&1 != 0) {
			r++
		}
		return sign | uint16(r), true
	}
	r := mant >> 13
	rem := mant & 0x1fff
	if rem > 0x1000 || (rem == 0x1000 && r&1 != 0) {
		r++
		if r == 0x400 {
			r = 0
			exp++
			if exp >= 31 {
				return 0, false
			}
		}
	}
	return sign | uint16(exp)<<10 | uint16(r), true
}

// constOperand returns the operand llvm-mc encodes for constant o in a
// source of type t.
func constOperand(o pOperand, t opType) (Operand, *posError) {
	bad := func() (Operand, *posError) {
		return Operand{}, errAt(o.tok, "invalid operand for instruction")
	}
	if o.kind == pkFloat {
		switch t {
		case tB32, tM0Imm, tLane:
			bits, ok := f32Bits(o.fval)
			if !ok {
				return bad()
			}
			return const32(bits), nil
		case tF16, tPF16:
			bits, ok := f16Bits(o.fval)
			if !ok {
				return bad()
			}
			if c, ok := inlineIntCode(int64(int16(bits))); ok && bits == 0 {
				return constOp(c), nil
			}
			if c, ok := inlineFloatCode(&inlineF16, bits); ok {
				return constOp(c), nil
			}
			return litOp(uint32(bits)), nil
		case tB16:
			// llvm-mc inlines the f16 constants; any other float it
			// encodes as f32 bits printed as a 16-bit value, which this
			// assembler does not imitate.
			bits, ok := f16Bits(o.fval)
			if !ok {
				return bad()
			}
			if bits == 0 {
				return constOp(codeZero), nil
			}
			if c, ok := inlineFloatCode(&inlineF16, bits); ok {
				return constOp(c), nil
			}
			return Operand{}, errAt(o.tok, "invalid operand for instruction: a float that is not an inline constant in a 16-bit integer operand")
		case tF64, tB64:
			bits := math.Float64bits(o.fval)
			if bits == 0 {
				return constOp(codeZero), nil
			}
			if c, ok := inlineFloatCode(&inlineF64, bits); ok {
				return constOp(c), nil
			}
			if t == tB64 {
				return bad()
			}
			return litOp(uint32(bits >> 32)), nil
		}
		return bad()
	}
	v := o.ival
	switch t {
	case tB32, tM0Imm, tLane:
		if v < math.MinInt32 || v > math.MaxUint32 {
			return bad()
		}
		return const32(uint32(v)), nil
	case tF16:
		if v < math.MinInt16 || v > math.MaxUint16 {
			return bad()
		}
		u := uint16(v)
		if c, ok := inlineIntCode(int64(int16(u))); ok {
			return constOp(c), nil
		}
		if c, ok := inlineFloatCode(&inlineF16, u); ok {
			return constOp(c), nil
		}
		return litOp(uint32(u)), nil
	case tB16:
		// Integers as written: -1 is inline, 0xffff a literal.
		if v < math.MinInt16 || v > math.MaxUint16 {
			return bad()
		}
		if c, ok := inlineIntCode(v); ok {
			return constOp(c), nil
		}
		return litOp(uint32(uint16(v))), nil
	case tPF16:
		if c, ok := inlineIntCode(v); ok {
			return constOp(c), nil
		}
		if v >= 0 && v <= math.MaxUint16 {
			if c, ok := inlineFloatCode(&inlineF16, uint16(v)); ok {
				return constOp(c), nil
			}
		}
		if v < math.MinInt32 || v > math.MaxUint32 {
			return bad()
		}
		return litOp(uint32(v)), nil
	case tB64, tF64:
		if c, ok := inlineIntCode(v); ok {
			return constOp(c), nil
		}
		if v >= math.MinInt32 && v <= math.MaxUint32 {
			// A 32-bit literal of an f64 operand is its high word, and
			// inlines when that makes an inline f64 constant.
			if c, ok := inlineFloatCode(&inlineF64, uint64(uint32(v))<<32); ok && t == tF64 {
				return constOp(c), nil
			}
			return litOp(uint32(v)), nil
		}
		if c, ok := inlineFloatCode(&inlineF64, uint64(v)); ok {
			return constOp(c), nil
		}
		if t == tF64 && uint64(v)&0xffffffff == 0 {
			return litOp(uint32(uint64(v) >> 32)), nil
		}
		return bad()
	}
	return bad()
}

// const32 encodes a 32-bit pattern: inline integer, inline f32, or literal.
func const32(u uint32) Operand {
	if c, ok := inlineIntCode(int64(int32(u))); ok {
		return constOp(c)
	}
	if c, ok := inlineFloatCode(&inlineF32, u); ok {
		return constOp(c)
	}
	return litOp(u)
}

// foldModifiers applies neg/abs to a constant as llvm-mc does when it
// picks an encoding without modifier bits (e32): the sign bit of the
// value is cleared (abs) and then flipped (neg). A floating-point token is
// held as a double; an integer token has the operand's width.
func foldModifiers(o pOperand, t opType, neg, abs bool) pOperand {
	if o.kind == pkFloat {
		b := math.Float64bits(o.fval)
		if abs {
			b &^= 1 << 63
		}
		if neg {
			b ^= 1 << 63
		}
		o.fval = math.Float64frombits(b)
		return o
	}
	bit := uint(31)
	switch t {
	case tF16, tB16:
		bit = 15
	case tF64, tB64:
		bit = 63
	}
	v := uint64(o.ival)
	if abs {
		v &^= 1 << bit
	}
	if neg {
		v ^= 1 << bit
	}
	o.ival = int64(v)
	return o
}
