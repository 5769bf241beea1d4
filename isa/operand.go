package isa

import (
	"strconv"
)

// OperandKind says what an Operand names.
type OperandKind uint8

// Operand kinds. Register kinds carry a first register number (Reg) and a
// dword count (Count); OpndConst carries the inline-constant code in Reg;
// OpndLiteral carries its 32-bit value in Value.
const (
	OpndNone    OperandKind = iota
	OpndSGPR                // s0..s105
	OpndVGPR                // v0..v255
	OpndTTMP                // ttmp0..ttmp15 (trap temporaries; ttmp7/8/9 hold workgroup ids)
	OpndVCC                 // vcc_lo (Reg 0), vcc_hi (Reg 1), vcc (Reg 0, Count 2)
	OpndEXEC                // exec_lo (Reg 0), exec_hi (Reg 1), exec (Reg 0, Count 2)
	OpndM0                  // m0
	OpndNull                // null: reads 0, writes are discarded
	OpndSCC                 // src_scc
	OpndSpecial             // other hardware sources (apertures, ...): Reg is the source code
	OpndConst               // inline constant: Reg is the source code 128..248
	OpndLiteral             // 32-bit literal that follows the instruction
	OpndOff                 // "off": no scalar address (VGLOBAL saddr = 0x7C)
)

// Operand is one typed instruction operand.
type Operand struct {
	Kind  OperandKind
	Count uint8  // dwords covered by a register operand (1 for s5, 2 for s[4:5])
	Reg   uint16 // register number within its file, or the source code for OpndConst/OpndSpecial
	Value uint32 // literal value (OpndLiteral)
}

// Source-operand codes of the 8-bit scalar and 9-bit vector source fields.
const (
	codeVCCLo      = 106
	codeTTMP0      = 108
	codeNull       = 124
	codeM0         = 125
	codeExecLo     = 126
	codeZero       = 128
	codeDPP8       = 233
	codeDPP8FI     = 234
	codeSharedBase = 235
	codePopsExit   = 239
	codeHalf       = 240
	codeInvTwoPi   = 248
	codeDPP16      = 250
	codeVCCZ       = 251
	codeEXECZ      = 252
	codeSCC        = 253
	codeLDSDirect  = 254
	codeLiteral    = 255
	codeVGPR0      = 256
)

// Code returns the operand's source-field code (0..511), the value an
// encoder writes into a 9-bit source field (the low 8 bits for scalar
// fields). OpndOff encodes as null (124).
func (o Operand) Code() uint16 {
	switch o.Kind {
	case OpndSGPR:
		return o.Reg
	case OpndVGPR:
		return codeVGPR0 + o.Reg
	case OpndTTMP:
		return codeTTMP0 + o.Reg
	case OpndVCC:
		return codeVCCLo + o.Reg
	case OpndEXEC:
		return codeExecLo + o.Reg
	case OpndM0:
		return codeM0
	case OpndNull, OpndOff:
		return codeNull
	case OpndSCC:
		return codeSCC
	case OpndSpecial, OpndConst:
		return o.Reg
	case OpndLiteral:
		return codeLiteral
	}
	return 0
}

// IsReg reports whether the operand names registers (scalar or vector).
func (o Operand) IsReg() bool {
	switch o.Kind {
	case OpndSGPR, OpndVGPR, OpndTTMP, OpndVCC, OpndEXEC, OpndM0, OpndNull:
		return true
	}
	return false
}

// IsScalar reports whether the operand is read through the scalar
// constant bus (an SGPR-file register, a literal, or a special source).
func (o Operand) IsScalar() bool {
	switch o.Kind {
	case OpndSGPR, OpndTTMP, OpndVCC, OpndEXEC, OpndM0, OpndNull, OpndSCC, OpndSpecial, OpndLiteral:
		return true
	}
	return false
}

// operandFromCode builds the operand a source code names, covering count
// dwords. Codes that are not operands by themselves (DPP markers, 249)
// and out-of-range tuples return ok=false. It decodes what llvm-mc 19
// decodes: src_vccz 251, src_execz 252 and src_lds_direct 254 too, though
// gfx1201 assemblers refuse to write them.
func operandFromCode(code uint16, count uint8) (Operand, bool) {
	if count > 1 && code < 128 {
		// Scalar tuples are aligned: pairs to 2, larger tuples to 4; the
		// named pairs are vcc, exec and null. A misaligned field names
		// the aligned tuple below it, as llvm-mc decodes it.
		switch {
		case code == codeVCCLo || code == codeExecLo:
			if count != 2 {
				return Operand{}, false
			}
		case code == codeNull:
		case code <= 105 || (code >= codeTTMP0 && code <= 123):
			base := code
			if code >= codeTTMP0 {
				base -= codeTTMP0
			}
			if count == 2 {
				code -= base % 2
			} else {
				code -= base % 4
			}
			limit := uint16(106)
			if code >= codeTTMP0 {
				limit = 124
			}
			if code+uint16(count) > limit {
				return Operand{}, false
			}
		default:
			return Operand{}, false
		}
	}
	if count > 1 && code >= codeVGPR0 && code+uint16(count) > 512 {
		return Operand{}, false
	}
	switch {
	case code <= 105:
		return Operand{Kind: OpndSGPR, Reg: code, Count: count}, true
	case code <= 107:
		return Operand{Kind: OpndVCC, Reg: code - codeVCCLo, Count: count}, true
	case code <= 123:
		return Operand{Kind: OpndTTMP, Reg: code - codeTTMP0, Count: count}, true
	case code == codeNull:
		return Operand{Kind: OpndNull, Reg: 0, Count: count}, true
	case code == codeM0:
		return Operand{Kind: OpndM0, Count: count}, true
	case code <= 127:
		return Operand{Kind: OpndEXEC, Reg: code - codeExecLo, Count: count}, true
	case code <= 208:
		return Operand{Kind: OpndConst, Reg: code}, true
	case code >= codeSharedBase && code <= codePopsExit:
		return Operand{Kind: OpndSpecial, Reg: code, Count: count}, true
	case code >= codeHalf && code <= codeInvTwoPi:
		return Operand{Kind: OpndConst, Reg: code}, true
	case code == codeSCC:
		return Operand{Kind: OpndSCC, Count: count}, true
	case code == codeVCCZ || code == codeEXECZ || code == codeLDSDirect && count == 1:
		return Operand{Kind: OpndSpecial, Reg: code, Count: count}, true
	case code == codeLiteral:
		return Operand{Kind: OpndLiteral}, true
	case code >= codeVGPR0 && code <= 511:
		return Operand{Kind: OpndVGPR, Reg: code - codeVGPR0, Count: count}, true
	}
	return Operand{}, false
}

// SGPR returns the operand s<n> (or the tuple s[n:n+count-1]).
func SGPR(n, count int) Operand { return Operand{Kind: OpndSGPR, Reg: uint16(n), Count: uint8(count)} }

// VGPR returns the operand v<n> (or the tuple v[n:n+count-1]).
func VGPR(n, count int) Operand { return Operand{Kind: OpndVGPR, Reg: uint16(n), Count: uint8(count)} }

// inlineInt returns the integer an inline-constant code 128..208 stands for.
func inlineInt(code uint16) int32 {
	if code <= 192 {
		return int32(code) - 128
	}
	return 192 - int32(code)
}

// Inline floating-point constants 240..248 as f32, f16 and f64 bit patterns.
var (
	inlineF32 = [9]uint32{0x3f000000, 0xbf000000, 0x3f800000, 0xbf800000, 0x40000000, 0xc0000000, 0x40800000, 0xc0800000, 0x3e22f983}
	inlineF16 = [9]uint16{0x3800, 0xb800, 0x3c00, 0xbc00, 0x4000, 0xc000, 0x4400, 0xc400, 0x3118}
	inlineF64 = [9]uint64{0x3fe0000000000000, 0xbfe0000000000000, 0x3ff0000000000000, 0xbff0000000000000,
		0x4000000000000000, 0xc000000000000000, 0x4010000000000000, 0xc010000000000000, 0x3fc45f306dc9c882}
	inlineFloatText = [9]string{"0.5", "-0.5", "1.0", "-1.0", "2.0", "-2.0", "4.0", "-4.0", "0.15915494"}
)

// ConstValue32 returns the 32-bit value an inline constant or literal has
// when read by an operand of 32-bit type (integers sign-extended, float
// codes as f32). For other operand kinds it returns 0.
func (o Operand) ConstValue32() uint32 {
	switch o.Kind {
	case OpndLiteral:
		return o.Value
	case OpndConst:
		if o.Reg <= 208 {
			return uint32(inlineInt(o.Reg))
		}
		return inlineF32[o.Reg-codeHalf]
	}
	return 0
}

// ConstValue16 returns the 16-bit value an inline constant or literal has
// for an f16 operand.
func (o Operand) ConstValue16() uint16 {
	switch o.Kind {
	case OpndLiteral:
		return uint16(o.Value)
	case OpndConst:
		if o.Reg <= 208 {
			return uint16(inlineInt(o.Reg))
		}
		return inlineF16[o.Reg-codeHalf]
	}
	return 0
}

// ConstValue64 returns the 64-bit value an inline constant or literal has
// for a 64-bit operand: integers sign-extended, float codes as f64; a
// literal of an f64 operand is its high word (float64 == true), of an
// integer operand its sign-extended value.
func (o Operand) ConstValue64(float64Operand bool) uint64 {
	switch o.Kind {
	case OpndLiteral:
		if float64Operand {
			return uint64(o.Value) << 32
		}
		return uint64(int64(int32(o.Value)))
	case OpndConst:
		if o.Reg <= 208 {
			return uint64(int64(inlineInt(o.Reg)))
		}
		return inlineF64[o.Reg-codeHalf]
	}
	return 0
}

// regRange formats a register tuple the way llvm prints it: p5 or p[4:5].
func regRange(prefix string, n, count int) string {
	if count <= 1 {
		return prefix + strconv.Itoa(n)
	}
	return prefix + "[" + strconv.Itoa(n) + ":" + strconv.Itoa(n+count-1) + "]"
}

var specialNames = map[uint16]string{
	235:           "src_shared_base",
	236:           "src_shared_limit",
	237:           "src_private_base",
	238:           "src_private_limit",
	codePopsExit:  "src_pops_exiting_wave_id",
	codeVCCZ:      "src_vccz",
	codeEXECZ:     "src_execz",
	codeLDSDirect: "src_lds_direct",
}

// String prints the operand as llvm-mc does for a 32-bit operand type.
func (o Operand) String() string {
	return o.format(tB32)
}

// format prints the operand for an operand of type t (which decides how an
// inline float constant is spelled).
func (o Operand) format(t opType) string {
	switch o.Kind {
	case OpndSGPR:
		return regRange("s", int(o.Reg), int(o.Count))
	case OpndVGPR:
		return regRange("v", int(o.Reg), int(o.Count))
	case OpndTTMP:
		return regRange("ttmp", int(o.Reg), int(o.Count))
	case OpndVCC:
		if o.Count == 2 {
			return "vcc"
		}
		if o.Reg == 1 {
			return "vcc_hi"
		}
		return "vcc_lo"
	case OpndEXEC:
		if o.Count == 2 {
			return "exec"
		}
		if o.Reg == 1 {
			return "exec_hi"
		}
		return "exec_lo"
	case OpndM0:
		return "m0"
	case OpndNull:
		return "null"
	case OpndOff:
		return "off"
	case OpndSCC:
		return "src_scc"
	case OpndSpecial:
		if s, ok := specialNames[o.Reg]; ok {
			return s
		}
		return "src_" + strconv.Itoa(int(o.Reg))
	case OpndConst:
		if o.Reg <= 208 {
			return strconv.Itoa(int(inlineInt(o.Reg)))
		}
		if (t == tF64 || t == tB64) && o.Reg == codeInvTwoPi {
			return "0.15915494309189532"
		}
		if t == tB16 {
			// A 16-bit integer operand reads the f16 bits; llvm prints them.
			return "0x" + strconv.FormatUint(uint64(inlineF16[o.Reg-codeHalf]), 16)
		}
		return inlineFloatText[o.Reg-codeHalf]
	case OpndLiteral:
		if t == tF16 || t == tB16 {
			// A 16-bit operand reads the literal's low half; llvm-mc
			// prints only that half.
			return "0x" + strconv.FormatUint(uint64(o.Value&0xffff), 16)
		}
		return "0x" + strconv.FormatUint(uint64(o.Value), 16)
	}
	return "<none>"
}
