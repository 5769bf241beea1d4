package isa

import (
	"encoding/binary"
	"fmt"
)

// Encode appends the machine code of in to dst. in must be well formed
// (as the assembler or the decoder produce it); Encode checks only that the
// instruction exists in the encoding it names.
func (in *Inst) Encode(dst []byte) ([]byte, error) {
	var buf [16]byte
	n, err := in.encode(&buf)
	if err != nil {
		return dst, err
	}
	return append(dst, buf[:n]...), nil
}

// encode writes the instruction into buf and returns its length.
func (in *Inst) encode(buf *[16]byte) (int, error) {
	if in.Op == OpInvalid || int(in.Op) >= len(opTable) {
		return 0, fmt.Errorf("encode: invalid op %d", in.Op)
	}
	info := &opTable[in.Op]
	var w [3]uint32
	n := 1
	switch in.Enc {
	case SOP1:
		w[0] = 0x17D<<23 | uint32(in.Dst.Code()&0x7f)<<16 | uint32(info.code)<<8 | uint32(in.Src[0].Code()&0xff)
	case SOP2:
		ssrc1 := in.Src[1]
		if info.shape == shFmamk {
			ssrc1 = in.Src[2]
		}
		w[0] = 0x2<<30 | uint32(info.code)<<23 | uint32(in.Dst.Code()&0x7f)<<16 |
			uint32(ssrc1.Code()&0xff)<<8 | uint32(in.Src[0].Code()&0xff)
	case SOPK:
		var sdst uint16
		if info.shape == shSetreg {
			sdst = in.Src[0].Code()
		} else {
			sdst = in.Dst.Code()
		}
		w[0] = 0xB<<28 | uint32(info.code)<<23 | uint32(sdst&0x7f)<<16 | uint32(uint16(in.Imm))
	case SOPC:
		w[0] = 0x17E<<23 | uint32(info.code)<<16 | uint32(in.Src[1].Code()&0xff)<<8 | uint32(in.Src[0].Code()&0xff)
	case SOPP:
		w[0] = 0x17F<<23 | uint32(info.code)<<16 | uint32(uint16(in.Imm))
	case SMEM:
		w[0] = 0x3D<<26 | uint32(in.TH&3)<<23 | uint32(in.Scope&3)<<21 | uint32(info.code)<<13 |
			uint32(in.Dst.Code()&0x7f)<<6 | uint32(in.Src[0].Code()>>1)&0x3f
		soff := uint32(codeNull)
		if in.SAddr.Kind != OpndNone {
			soff = uint32(in.SAddr.Code())
		}
		if info.shape == shNone {
			soff = 0
		}
		w[1] = soff<<25 | uint32(in.Offset)&0xffffff
		n = 2
	case VOP1, VOP2, VOPC:
		src0 := uint32(in.Src[0].Code())
		switch in.DPP {
		case DPP16:
			src0 = codeDPP16
		case DPP8:
			src0 = codeDPP8
			if in.FI {
				src0 = codeDPP8FI
			}
		}
		switch in.Enc {
		case VOP1:
			w[0] = 0x3F<<25 | uint32(in.Dst.Code()&0xff)<<17 | uint32(info.code)<<9 | src0
		case VOP2:
			vsrc1 := in.Src[1]
			if info.shape == shFmamk {
				vsrc1 = in.Src[2]
			}
			w[0] = uint32(info.code)<<25 | uint32(in.Dst.Code()&0xff)<<17 | uint32(vsrc1.Code()&0xff)<<9 | src0
		case VOPC:
			w[0] = 0x3E<<25 | uint32(info.code)<<17 | uint32(in.Src[1].Code()&0xff)<<9 | src0
		}
	case VOP3, VOP3SD:
		var vdst uint32
		switch info.shape {
		case shCmp, shReadlane:
			vdst = uint32(in.Dst.Code())
		case shCmpx:
			vdst = codeExecLo
		default:
			vdst = uint32(in.Dst.Code() & 0xff)
		}
		w[0] = 0x35<<26 | uint32(info.vop3Opcode())<<16 | vdst&0xff
		if in.Clamp {
			w[0] |= 1 << 15
		}
		if in.Enc == VOP3SD {
			w[0] |= uint32(in.SDst.Code()&0x7f) << 8
		} else {
			w[0] |= uint32(in.OpSel&0xf)<<11 | uint32(in.Abs&7)<<8
		}
		w[1] = uint32(in.Neg&7)<<29 | uint32(in.Omod&3)<<27 | in.vop3Srcs(info)
		n = 2
	case VOP3P:
		negHi := in.NegHi
		if info.flags&fMod0 != 0 {
			negHi = in.Abs // v_fma_mix*: abs lives in the neg_hi field
		}
		w[0] = 0xCC<<24 | uint32(info.code)<<16 | uint32(in.Dst.Code()&0xff) |
			uint32(negHi&7)<<8 | uint32(in.OpSel&7)<<11 | uint32(in.OpSelHi>>2&1)<<14
		if in.Clamp {
			w[0] |= 1 << 15
		}
		w[1] = uint32(in.Neg&7)<<29 | uint32(in.OpSelHi&3)<<27 | in.vop3Srcs(info)
		n = 2
	case DS:
		off0, off1 := uint32(in.Offset)&0xff, uint32(in.Offset>>8)&0xff
		switch info.shape {
		case shDSLoad2, shDSStore2, shDSStore2Rtn:
			off1 = uint32(in.Offset1)
		}
		w[0] = 0x36<<26 | uint32(info.code)<<18 | off1<<8 | off0
		w[1] = uint32(in.Dst.Code()&0xff)<<24 | uint32(in.Src[2].Code()&0xff)<<16 |
			uint32(in.Src[1].Code()&0xff)<<8 | uint32(in.Src[0].Code()&0xff)
		if info.shape == shDSNoAddr {
			w[1] &^= 0xff
		}
		n = 2
	case VGLOBAL, VFLAT, VSCRATCH:
		saddr := uint32(codeNull)
		if in.SAddr.Kind != OpndOff && in.SAddr.Kind != OpndNone {
			saddr = uint32(in.SAddr.Code())
		}
		prefix := uint32(0xEE)
		switch in.Enc {
		case VFLAT:
			prefix = 0xEC
		case VSCRATCH:
			prefix = 0xED
		}
		w[0] = prefix<<24 | uint32(info.code)<<14 | saddr&0x7f
		w[1] = uint32(in.Src[1].Code()&0xff)<<23 | uint32(in.TH&7)<<20 | uint32(in.Scope&3)<<18 | uint32(in.Dst.Code()&0xff)
		var vaddr uint32
		if in.Src[0].Kind == OpndVGPR {
			vaddr = uint32(in.Src[0].Reg & 0xff)
			if in.Enc == VSCRATCH {
				w[1] |= 1 << 17 // SVE: the VGPR offset is used
			}
		}
		w[2] = uint32(in.Offset)<<8 | vaddr
		n = 3
	case VOPD:
		return in.encodeVOPD(buf)
	default:
		return 0, fmt.Errorf("encode %s: no encoder for format %s", info.name, in.Enc)
	}
	for i := 0; i < n; i++ {
		binary.LittleEndian.PutUint32(buf[4*i:], w[i])
	}
	size := 4 * n
	// Trailing DPP word or literal.
	switch in.DPP {
	case DPP16:
		d := uint32(in.Src[0].Reg&0xff) | uint32(in.DPPCtrl&0x1ff)<<8 | uint32(in.RowMask&0xf)<<28 | uint32(in.BankMask&0xf)<<24
		if in.FI {
			d |= 1 << 18
		}
		if in.BoundCtrl {
			d |= 1 << 19
		}
		if in.Enc == VOP1 || in.Enc == VOP2 || in.Enc == VOPC {
			d |= uint32(in.Neg&1)<<20 | uint32(in.Abs&1)<<21 | uint32(in.Neg>>1&1)<<22 | uint32(in.Abs>>1&1)<<23
		}
		binary.LittleEndian.PutUint32(buf[size:], d)
		size += 4
	case DPP8:
		binary.LittleEndian.PutUint32(buf[size:], uint32(in.Src[0].Reg&0xff)|in.DPP8Sel<<8)
		size += 4
	default:
		if lit, ok := in.literal(); ok {
			binary.LittleEndian.PutUint32(buf[size:], lit)
			size += 4
		}
	}
	return size, nil
}

// vop3Srcs packs the three 9-bit source fields of a VOP3/VOP3P word 1.
func (in *Inst) vop3Srcs(info *opInfo) uint32 {
	var c [3]uint32
	for i := 0; i < 3; i++ {
		if in.Src[i].Kind != OpndNone {
			c[i] = uint32(in.Src[i].Code())
		}
	}
	switch in.DPP {
	case DPP16:
		c[0] = codeDPP16
	case DPP8:
		c[0] = codeDPP8
		if in.FI {
			c[0] = codeDPP8FI
		}
	}
	return c[2]<<18 | c[1]<<9 | c[0]
}

// literal returns the instruction's 32-bit literal, if it has one.
func (in *Inst) literal() (uint32, bool) {
	for i := range in.Src {
		if in.Src[i].Kind == OpndLiteral {
			return in.Src[i].Value, true
		}
	}
	return 0, false
}

// encodeVOPD writes a dual-issue pair (see decoder.vopd for the layout).
func (in *Inst) encodeVOPD(buf *[16]byte) (int, error) {
	if int(in.Y.Op) >= len(opTable) || opTable[in.Y.Op].enc != VOPD || opTable[in.Op].code >= 16 {
		return 0, fmt.Errorf("encode: invalid VOPD pair %s :: %s", in.Op, in.Y.Op)
	}
	vsrc1 := func(op Op, src *[3]Operand) uint32 {
		switch opTable[op].shape {
		case shFmamk:
			return uint32(src[2].Reg & 0xff)
		}
		if src[1].Kind == OpndVGPR {
			return uint32(src[1].Reg & 0xff)
		}
		return 0
	}
	w0 := uint32(0x32)<<26 | uint32(opTable[in.Op].code)<<22 | uint32(opTable[in.Y.Op].code)<<17 |
		vsrc1(in.Op, &in.Src)<<9 | uint32(in.Src[0].Code()&0x1ff)
	w1 := uint32(in.Dst.Reg&0xff)<<24 | uint32(in.Y.Dst.Reg>>1&0x7f)<<17 |
		vsrc1(in.Y.Op, &in.Y.Src)<<9 | uint32(in.Y.Src[0].Code()&0x1ff)
	binary.LittleEndian.PutUint32(buf[0:], w0)
	binary.LittleEndian.PutUint32(buf[4:], w1)
	for _, o := range [...]Operand{in.Src[0], in.Src[1], in.Src[2], in.Y.Src[0], in.Y.Src[1], in.Y.Src[2]} {
		if o.Kind == OpndLiteral {
			binary.LittleEndian.PutUint32(buf[8:], o.Value)
			return 12, nil
		}
	}
	return 8, nil
}
