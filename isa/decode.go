package isa

import (
	"encoding/binary"
	"fmt"
	"strings"
)

// DecodeError reports bytes that are not an instruction this package
// knows, naming the byte offset and the raw dwords.
type DecodeError struct {
	PC    int      // byte offset of the instruction
	Words []uint32 // the dwords examined
	Msg   string
}

// Error says why the bytes do not decode and where they are.
func (e *DecodeError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "pc 0x%x: %s [", e.PC, e.Msg)
	for i, w := range e.Words {
		if i > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "%08x", w)
	}
	b.WriteByte(']')
	return b.String()
}

// Reverse opcode tables, one per encoding, filled from opTable.
var (
	sop1Ops  [256]Op
	sop2Ops  [128]Op
	sopkOps  [32]Op
	sopcOps  [128]Op
	soppOps  [128]Op
	smemOps  [64]Op
	vop1Ops  [256]Op
	vop2Ops  [64]Op
	vopcOps  [256]Op
	vop3Ops  [1024]Op // promoted VOP1/VOP2/VOPC and native VOP3/VOP3SD
	vop3pOps [128]Op
	dsOps    [256]Op
	vglobOps [256]Op
	flatOps  [256]Op
	scrOps   [256]Op
	vopdOps  [32]Op
)

func init() {
	for i := range opTable {
		op := Op(i)
		info := &opTable[i]
		if info.name == "" {
			continue
		}
		c := info.code
		switch info.enc {
		case SOP1:
			sop1Ops[c] = op
		case SOP2:
			sop2Ops[c] = op
		case SOPK:
			sopkOps[c] = op
		case SOPC:
			sopcOps[c] = op
		case SOPP:
			soppOps[c] = op
		case SMEM:
			smemOps[c] = op
		case VOP1:
			vop1Ops[c] = op
		case VOP2:
			vop2Ops[c] = op
		case VOPC:
			vopcOps[c] = op
		case VOP3P:
			vop3pOps[c] = op
		case DS:
			dsOps[c] = op
		case VGLOBAL:
			vglobOps[c] = op
		case VFLAT:
			flatOps[c] = op
		case VSCRATCH:
			scrOps[c] = op
		case VOPD:
			vopdOps[c] = op
		}
		if info.hasE64() && info.enc != VOP3P {
			vop3Ops[info.vop3Opcode()] = op
		}
	}
}

// isVOP3SD reports whether VOP3 opcode op uses the VOP3SD layout.
func isVOP3SD(op uint16) bool {
	return op >= 288 && op <= 290 || op >= 764 && op <= 770
}

// Decode decodes the instruction at byte offset pc of code. wave64 selects
// how wave-wide masks (vcc, compare destinations, carries) are typed: one
// SGPR in wave32, a pair in wave64. It does not allocate unless it fails.
// Encodings this package does not know, or that set bits the instruction
// does not use, give a *DecodeError.
func Decode(code []byte, pc int, wave64 bool) (Inst, error) {
	var in Inst
	if pc < 0 || pc+4 > len(code) {
		return in, decodeErr(code, pc, 0, "truncated instruction")
	}
	d := decoder{code: code, pc: pc, wave64: wave64}
	if err := d.decode(&in); err != nil {
		return Inst{}, err
	}
	if msg := modifierError(&in); msg != "" {
		return Inst{}, decodeErr(code, pc, int(in.Size), msg)
	}
	if !in.Enc.IsVALU() && in.Enc != VOPD {
		// llvm-mc: src_lds_direct is a VALU source only; an SMEM
		// destination is neither m0 nor exec, nor three trap temporaries.
		for _, o := range in.Src {
			if o.Kind == OpndSpecial && o.Reg == codeLDSDirect {
				return Inst{}, decodeErr(code, pc, int(in.Size), "src_lds_direct in a scalar instruction")
			}
		}
		if in.Enc == SMEM && (in.Dst.Kind == OpndM0 || in.Dst.Kind == OpndEXEC || in.Dst.Kind == OpndTTMP && in.Dst.Count == 3) {
			return Inst{}, decodeErr(code, pc, int(in.Size), "bad SMEM destination")
		}
	}
	for _, o := range [...]Operand{in.Dst, in.SDst, in.Src[0], in.Src[1], in.Src[2]} {
		if o.Kind == OpndVGPR && int(o.Reg)+int(o.Count) > 256 {
			return Inst{}, decodeErr(code, pc, int(in.Size), "VGPR tuple runs past v255")
		}
	}
	// The bytes must be what the encoder produces for the decoded
	// instruction, where llvm-mc refuses stray bits (canonicalBytes), so
	// that such bits are reported rather than ignored.
	var buf [16]byte
	n, err := in.encode(&buf)
	if err != nil || n != int(in.Size) {
		return Inst{}, decodeErr(code, pc, int(in.Size), "the fields do not make an encodable instruction")
	}
	if !canonicalBytes(&in, buf[:n], code[pc:pc+n]) {
		return Inst{}, decodeErr(code, pc, int(in.Size), "unused fields are not zero or the encoding is not canonical")
	}
	return in, nil
}

// canonicalBytes reports whether got (the instruction's bytes) may stand
// for in, whose canonical encoding is want. llvm-mc 19 ignores unused bits
// in the scalar encodings (SOP*, SMEM), in VOP1/VOP2/VOPC and in scratch
// instructions, and decodes a misaligned SGPR tuple as the aligned one
// below it; it refuses unused bits in DS, global and flat instructions,
// VOP3, VOP3P and VOPD. Decode follows it: those formats must be
// canonical, but for the scalar tuples' fields.
func canonicalBytes(in *Inst, want, got []byte) bool {
	switch in.Enc {
	case SOP1, SOP2, SOPC, SOPK, SOPP, SMEM, VOP1, VOP2, VOPC, VSCRATCH:
		return true
	}
	if string(want) == string(got) {
		return true
	}
	var w, g [4]uint32
	for i := 0; i < len(want)/4; i++ {
		w[i] = binary.LittleEndian.Uint32(want[4*i:])
		g[i] = binary.LittleEndian.Uint32(got[4*i:])
	}
	// Take the canonical value of each field that holds a scalar tuple.
	field := func(word int, shift, width uint, o Operand) {
		if o.Count > 1 && (o.Kind == OpndSGPR || o.Kind == OpndTTMP) {
			m := uint32(1)<<width - 1<<shift
			g[word] = g[word]&^m | w[word]&m
		}
	}
	switch in.Enc {
	case VOP3, VOP3SD, VOP3P:
		for i, o := range in.Src {
			field(1, uint(9*i), 9, o)
		}
		field(0, 0, 8, in.Dst)
		field(0, 8, 7, in.SDst)
	case VGLOBAL:
		field(0, 0, 7, in.SAddr)
	}
	return w == g
}

// DecodeAll decodes a whole code blob into instructions and their byte
// offsets. It stops at the first error.
func DecodeAll(code []byte, wave64 bool) ([]Inst, []int, error) {
	var insts []Inst
	var pcs []int
	for pc := 0; pc < len(code); {
		in, err := Decode(code, pc, wave64)
		if err != nil {
			return insts, pcs, err
		}
		insts = append(insts, in)
		pcs = append(pcs, pc)
		pc += int(in.Size)
	}
	return insts, pcs, nil
}

func decodeErr(code []byte, pc, size int, msg string) *DecodeError {
	if size < 4 {
		size = 4
	}
	e := &DecodeError{PC: pc, Msg: msg}
	for i := 0; i < size/4; i++ {
		if pc+4*i+4 > len(code) || pc < 0 {
			break
		}
		e.Words = append(e.Words, binary.LittleEndian.Uint32(code[pc+4*i:]))
	}
	return e
}

type decoder struct {
	code   []byte
	pc     int
	wave64 bool
}

func (d *decoder) word(i int) (uint32, bool) {
	p := d.pc + 4*i
	if p+4 > len(d.code) {
		return 0, false
	}
	return binary.LittleEndian.Uint32(d.code[p:]), true
}

func (d *decoder) fail(size int, format string, args ...any) error {
	return decodeErr(d.code, d.pc, size, fmt.Sprintf(format, args...))
}

// maskCount is the number of SGPRs a wave-wide mask covers.
func (d *decoder) maskCount() uint8 {
	if d.wave64 {
		return 2
	}
	return 1
}

// src decodes source code c for an operand of type t.
func (d *decoder) src(c uint16, t opType) (Operand, bool) {
	n := uint8(t.regs())
	if n == 0 {
		n = 1
	}
	o, ok := operandFromCode(c, n)
	if !ok {
		return o, false
	}
	switch t {
	case tV32:
		return o, o.Kind == OpndVGPR
	case tS64:
		return o, o.Kind != OpndVGPR && o.IsReg()
	case tM0Imm:
		return o, o.Kind == OpndM0 || o.Kind == OpndConst
	}
	return o, true
}

// sreg decodes an SGPR-file destination of count registers.
func sreg(c uint16, count uint8) (Operand, bool) {
	if c > 127 {
		return Operand{}, false
	}
	return operandFromCode(c, count)
}

func (d *decoder) decode(in *Inst) error {
	w0, _ := d.word(0)
	switch {
	case w0>>23 == 0x17D:
		return d.sop1(in, w0)
	case w0>>23 == 0x17E:
		return d.sopc(in, w0)
	case w0>>23 == 0x17F:
		return d.sopp(in, w0)
	case w0>>28 == 0xB:
		return d.sopk(in, w0)
	case w0>>30 == 0x2:
		return d.sop2(in, w0)
	case w0>>26 == 0x3D:
		return d.smem(in, w0)
	case w0>>25 == 0x3F:
		return d.vop12c(in, w0, VOP1)
	case w0>>25 == 0x3E:
		return d.vop12c(in, w0, VOPC)
	case w0>>31 == 0:
		return d.vop12c(in, w0, VOP2)
	case w0>>26 == 0x35:
		return d.vop3(in, w0)
	case w0>>24 == 0xCC:
		return d.vop3p(in, w0)
	case w0>>26 == 0x36:
		return d.ds(in, w0)
	case w0>>24 == 0xEE:
		return d.vmem(in, w0, VGLOBAL)
	case w0>>24 == 0xEC:
		return d.vmem(in, w0, VFLAT)
	case w0>>24 == 0xED:
		return d.vmem(in, w0, VSCRATCH)
	case w0>>26 == 0x32:
		return d.vopd(in, w0)
	}
	return d.fail(4, "unknown encoding")
}

// finishLiteral sets in.Size and reads the trailing literal if a source
// uses one; a DPP form has none (its DPP word takes that place).
func (d *decoder) finishLiteral(in *Inst, size int) error {
	in.Size = uint8(size)
	has := false
	for i := range in.Src {
		if in.Src[i].Kind == OpndLiteral {
			has = true
		}
	}
	if !has || in.DPP != NoDPP {
		return nil
	}
	lit, ok := d.word(size / 4)
	if !ok {
		return d.fail(size, "truncated literal")
	}
	for i := range in.Src {
		if in.Src[i].Kind == OpndLiteral {
			in.Src[i].Value = lit
		}
	}
	in.Size += 4
	return nil
}

func (d *decoder) sop1(in *Inst, w uint32) error {
	op := sop1Ops[w>>8&0xff]
	if op == OpInvalid {
		return d.fail(4, "unknown SOP1 opcode %d", w>>8&0xff)
	}
	info := &opTable[op]
	*in = Inst{Op: op, Enc: SOP1}
	var ok bool
	if info.dst != tNone {
		if in.Dst, ok = sreg(uint16(w>>16&0x7f), uint8(info.dst.regs())); !ok {
			return d.fail(4, "bad SOP1 destination")
		}
	}
	if info.src[0] != tNone {
		if in.Src[0], ok = d.src(uint16(w&0xff), info.src[0]); !ok {
			return d.fail(4, "bad SOP1 source")
		}
	}
	return d.finishLiteral(in, 4)
}

func (d *decoder) sop2(in *Inst, w uint32) error {
	op := sop2Ops[w>>23&0x7f]
	if op == OpInvalid {
		return d.fail(4, "unknown SOP2 opcode %d", w>>23&0x7f)
	}
	info := &opTable[op]
	*in = Inst{Op: op, Enc: SOP2}
	var ok bool
	if in.Dst, ok = sreg(uint16(w>>16&0x7f), uint8(info.dst.regs())); !ok {
		return d.fail(4, "bad SOP2 destination")
	}
	if in.Src[0], ok = d.src(uint16(w&0xff), info.src[0]); !ok {
		return d.fail(4, "bad SOP2 source")
	}
	if in.Src[1], ok = d.src(uint16(w>>8&0xff), info.src[1]); !ok {
		return d.fail(4, "bad SOP2 source")
	}
	switch info.shape {
	case shFmaak: // D = S0 * S1 + K
		in.Src[2] = Operand{Kind: OpndLiteral}
	case shFmamk: // D = S0 * K + S1: the K goes to Src[1]
		in.Src[2], in.Src[1] = in.Src[1], Operand{Kind: OpndLiteral}
	}
	return d.finishLiteral(in, 4)
}

func (d *decoder) sopc(in *Inst, w uint32) error {
	op := sopcOps[w>>16&0x7f]
	if op == OpInvalid {
		return d.fail(4, "unknown SOPC opcode %d", w>>16&0x7f)
	}
	info := &opTable[op]
	*in = Inst{Op: op, Enc: SOPC}
	var ok bool
	if in.Src[0], ok = d.src(uint16(w&0xff), info.src[0]); !ok {
		return d.fail(4, "bad SOPC source")
	}
	if in.Src[1], ok = d.src(uint16(w>>8&0xff), info.src[1]); !ok {
		return d.fail(4, "bad SOPC source")
	}
	return d.finishLiteral(in, 4)
}

func (d *decoder) sopk(in *Inst, w uint32) error {
	op := sopkOps[w>>23&0x1f]
	if op == OpInvalid {
		return d.fail(4, "unknown SOPK opcode %d", w>>23&0x1f)
	}
	info := &opTable[op]
	*in = Inst{Op: op, Enc: SOPK, Imm: int32(uint16(w))}
	var ok bool
	switch info.shape {
	case shSOPK, shGetreg:
		if in.Dst, ok = sreg(uint16(w>>16&0x7f), 1); !ok {
			return d.fail(4, "bad SOPK destination")
		}
	case shSetreg:
		if in.Src[0], ok = sreg(uint16(w>>16&0x7f), 1); !ok {
			return d.fail(4, "bad SOPK source")
		}
	case shSetregImm:
		in.Src[0] = Operand{Kind: OpndLiteral}
	}
	return d.finishLiteral(in, 4)
}

func (d *decoder) sopp(in *Inst, w uint32) error {
	op := soppOps[w>>16&0x7f]
	if op == OpInvalid {
		return d.fail(4, "unknown SOPP opcode %d", w>>16&0x7f)
	}
	*in = Inst{Op: op, Enc: SOPP, Size: 4}
	if opTable[op].shape == shNone && uint16(w) != 0 {
		return d.fail(4, "%s takes no immediate", opTable[op].name)
	}
	if opTable[op].shape == shBranch {
		in.Imm = int32(int16(w))
	} else {
		in.Imm = int32(uint16(w))
	}
	return nil
}

func (d *decoder) smem(in *Inst, w uint32) error {
	w1, ok := d.word(1)
	if !ok {
		return d.fail(4, "truncated SMEM instruction")
	}
	op := smemOps[w>>13&0x3f]
	if op == OpInvalid {
		return d.fail(8, "unknown SMEM opcode %d", w>>13&0x3f)
	}
	info := &opTable[op]
	*in = Inst{Op: op, Enc: SMEM, Size: 8, TH: uint8(w >> 23 & 3), Scope: uint8(w >> 21 & 3)}
	if info.shape == shNone {
		return nil
	}
	if in.Dst, ok = sreg(uint16(w>>6&0x7f), uint8(info.dst.regs())); !ok {
		return d.fail(8, "bad SMEM destination")
	}
	nbase := uint8(2)
	if info.shape == shSBufLoad {
		nbase = 4
	}
	if in.Src[0], ok = sreg(uint16(w&0x3f)<<1, nbase); !ok {
		return d.fail(8, "bad SMEM base")
	}
	in.Offset = int32(w1<<8) >> 8
	if soff := uint16(w1 >> 25); soff != codeNull {
		if in.SAddr, ok = sreg(soff, 1); !ok {
			return d.fail(8, "bad SMEM soffset")
		}
	}
	return nil
}

// vop12c decodes the 32-bit VALU encodings (and their DPP forms).
func (d *decoder) vop12c(in *Inst, w uint32, enc Format) error {
	var op Op
	var vdst, vsrc1 uint16
	switch enc {
	case VOP1:
		op = vop1Ops[w>>9&0xff]
		vdst = uint16(w >> 17 & 0xff)
	case VOP2:
		op = vop2Ops[w>>25&0x3f]
		vdst = uint16(w >> 17 & 0xff)
		vsrc1 = uint16(w >> 9 & 0xff)
	case VOPC:
		op = vopcOps[w>>17&0xff]
		vsrc1 = uint16(w >> 9 & 0xff)
	}
	if op == OpInvalid {
		return d.fail(4, "unknown %s opcode", enc)
	}
	info := &opTable[op]
	*in = Inst{Op: op, Enc: enc}
	src0, size := uint16(w&0x1ff), 4
	if err := d.dppWord(in, &src0, &size); err != nil {
		return err
	}
	mask := Operand{Kind: OpndVCC, Count: d.maskCount()}
	var ok bool
	switch info.shape {
	case shNone:
		if vdst != 0 || vsrc1 != 0 || src0 != 0 || in.DPP != NoDPP {
			return d.fail(4, "bad %s", info.name)
		}
		in.Size = 4
		return nil
	case shReadfirstlane:
		if in.Dst, ok = sreg(vdst, 1); !ok {
			return d.fail(size, "bad destination")
		}
	case shCmp:
		in.Dst = mask
	case shCmpx:
	default:
		in.Dst = Operand{Kind: OpndVGPR, Reg: vdst, Count: uint8(info.dst.regs())}
	}
	t0 := info.src[0]
	if in.Src[0], ok = d.src(src0, t0); !ok {
		return d.fail(size, "bad src0")
	}
	if in.DPP != NoDPP && in.Src[0].Kind != OpndVGPR {
		return d.fail(size, "bad DPP src0")
	}
	switch info.shape {
	case shFmamk:
		in.Src[1] = Operand{Kind: OpndLiteral}
		in.Src[2] = Operand{Kind: OpndVGPR, Reg: vsrc1, Count: 1}
	case shFmaak:
		in.Src[1] = Operand{Kind: OpndVGPR, Reg: vsrc1, Count: 1}
		in.Src[2] = Operand{Kind: OpndLiteral}
	case shCndmask:
		in.Src[1] = Operand{Kind: OpndVGPR, Reg: vsrc1, Count: 1}
		in.Src[2] = mask
	case shCarryIn:
		in.SDst = mask
		in.Src[1] = Operand{Kind: OpndVGPR, Reg: vsrc1, Count: 1}
		in.Src[2] = mask
	default:
		if info.src[1] != tNone {
			in.Src[1] = Operand{Kind: OpndVGPR, Reg: vsrc1, Count: uint8(info.src[1].regs())}
		}
	}
	return d.finishLiteral(in, size)
}

// LLVMUndecodable says why llvm-mc 19 does not decode in although Decode
// does, or returns "". In the 32-bit and DPP encodings of 16-bit
// operations a VGPR field above 127 names the high half of a VGPR
// (true16: field 129 is v1.h); the emulator executes that, but llvm-mc 19
// decodes these instructions in its fake16 mode, where such a destination
// is an invalid encoding and such a source is marked invalid. A listing
// (WriteListing) shows them as llvm-mc does: as invalid encodings.
func (in *Inst) LLVMUndecodable() string {
	switch in.Enc {
	case VOP1, VOP2, VOPC:
	default:
		return ""
	}
	dst, s0, s1 := lo128Operands(in.Op)
	v1 := in.Src[1] // the vsrc1 field
	if opTable[in.Op].shape == shFmamk {
		v1 = in.Src[2]
	}
	for i, o := range [...]Operand{in.Dst, in.Src[0], v1} {
		if [...]bool{dst, s0, s1}[i] && o.Kind == OpndVGPR && o.Reg >= 128 {
			return "a 16-bit operand in a VGPR field above v127 (the high half of a VGPR), which llvm-mc 19 does not decode"
		}
	}
	return ""
}

// lo128Operands reports which VGPR fields of a VOP1, VOP2 or VOPC (or DPP)
// instruction hold a 16-bit operand, where a field above 127 names the
// high half of a VGPR (see LLVMUndecodable).
func lo128Operands(op Op) (dst, src0, src1 bool) {
	info := &opTable[op]
	is16 := func(t opType) bool { return t == tF16 || t == tB16 }
	src0 = is16(info.src[0])
	src1 = info.src[1] != tNone && (src0 || is16(info.src[1]))
	switch op {
	case V_CVT_F32_F16, V_CVT_I32_I16, V_CVT_U32_U16:
		// a 32-bit result
	case V_CVT_F16_F32:
		dst = true
	default:
		dst = src0 && info.enc != VOPC
	}
	return dst, src0, src1
}

// dppWord reads the DPP word of a VALU instruction when its src0 field
// holds a DPP marker: it sets in's DPP fields, replaces *src0 with the
// VGPR code the word names and adds the word to *size (the instruction's
// size before it). In the 32-bit encodings the DPP16 word also holds the
// neg and abs bits of src0 and src1.
func (d *decoder) dppWord(in *Inst, src0 *uint16, size *int) error {
	switch *src0 {
	case codeDPP16, codeDPP8, codeDPP8FI:
		return d.readDPP(in, src0, size)
	}
	return nil
}

// readDPP is dppWord after the marker test (out of line, so that the
// common case inlines).
func (d *decoder) readDPP(in *Inst, src0 *uint16, size *int) error {
	marker, words := *src0, *size/4
	if info := &opTable[in.Op]; info.flags&fDPP == 0 {
		return d.fail(*size, "%s has no DPP form", info.name)
	}
	dw, ok := d.word(words)
	if !ok {
		return d.fail(*size, "truncated DPP word")
	}
	*size += 4
	if marker == codeDPP16 {
		in.DPP = DPP16
		in.DPPCtrl = uint16(dw >> 8 & 0x1ff)
		if !validDPPCtrl(in.DPPCtrl) {
			return d.fail(*size, "invalid dpp_ctrl 0x%x", in.DPPCtrl)
		}
		in.FI = dw>>18&1 != 0
		in.BoundCtrl = dw>>19&1 != 0
		if words == 1 {
			in.Neg = uint8(dw>>20&1 | dw>>22&1<<1)
			in.Abs = uint8(dw>>21&1 | dw>>23&1<<1)
		}
		in.BankMask = uint8(dw >> 24 & 0xf)
		in.RowMask = uint8(dw >> 28)
	} else {
		in.DPP = DPP8
		in.FI = marker == codeDPP8FI
		in.DPP8Sel = dw >> 8
	}
	*src0 = codeVGPR0 + uint16(dw&0xff)
	return nil
}

// vop3 decodes VOP3 and VOP3SD, including VOP3 forms with a DPP word.
func (d *decoder) vop3(in *Inst, w uint32) error {
	w1, ok := d.word(1)
	if !ok {
		return d.fail(4, "truncated VOP3 instruction")
	}
	code := uint16(w >> 16 & 0x3ff)
	op := vop3Ops[code]
	if op == OpInvalid {
		return d.fail(8, "unknown VOP3 opcode %d", code)
	}
	info := &opTable[op]
	*in = Inst{Op: op, Enc: VOP3}
	if isVOP3SD(code) {
		in.Enc = VOP3SD
	}
	in.Clamp = w>>15&1 != 0
	in.Neg = uint8(w1 >> 29)
	in.Omod = uint8(w1 >> 27 & 3)
	vdst := uint16(w & 0xff)
	if in.Enc == VOP3SD {
		if in.SDst, ok = sreg(uint16(w>>8&0x7f), d.maskCount()); !ok {
			return d.fail(8, "bad carry destination")
		}
	} else {
		in.Abs = uint8(w >> 8 & 7)
		in.OpSel = uint8(w >> 11 & 0xf)
	}
	codes, size := [3]uint16{uint16(w1 & 0x1ff), uint16(w1 >> 9 & 0x1ff), uint16(w1 >> 18 & 0x1ff)}, 8
	if err := d.dppWord(in, &codes[0], &size); err != nil {
		return err
	}
	mask := func(c uint16) (Operand, bool) {
		if c > 127 {
			return Operand{}, false
		}
		return operandFromCode(c, d.maskCount())
	}
	switch info.shape {
	case shNone:
		if vdst != 0 || w1&0x7ffffff != 0 {
			return d.fail(size, "v_nop has no operands")
		}
		in.Size = uint8(size)
		return nil
	case shCmp:
		if in.Dst, ok = mask(vdst); !ok {
			return d.fail(size, "bad compare destination")
		}
	case shCmpx:
		if vdst != codeExecLo {
			return d.fail(size, "v_cmpx destination field is not exec_lo")
		}
	case shReadlane, shVSTrans:
		if in.Dst, ok = sreg(vdst, 1); !ok {
			return d.fail(size, "bad destination")
		}
	default:
		in.Dst = Operand{Kind: OpndVGPR, Reg: vdst, Count: uint8(info.dst.regs())}
	}
	n := info.nsrc()
	switch info.shape {
	case shCndmask, shCarryIn:
		n = 3
	}
	for i := 0; i < n; i++ {
		t := info.src[i]
		var o Operand
		switch {
		case (info.shape == shCndmask || info.shape == shCarryIn) && i == 2:
			o, ok = mask(codes[2])
		case t == tLane:
			o, ok = operandFromCode(codes[i], 1)
			ok = ok && o.Kind != OpndVGPR && o.Kind != OpndLiteral
		default:
			o, ok = d.src(codes[i], t)
		}
		if ok && o.Kind == OpndVGPR && (info.shape == shPermlane && i > 0 || info.shape == shWritelane && i == 0 || info.shape == shVSTrans) {
			ok = false
		}
		if !ok {
			return d.fail(size, "bad src%d", i)
		}
		in.Src[i] = o
	}
	if info.shape == shCarryIn {
		// The VOP3 form of v_add_co_ci has the carry-out in the sdst field.
		if in.Enc != VOP3SD {
			return d.fail(size, "bad carry form")
		}
	}
	if in.DPP != NoDPP && in.Src[0].Kind != OpndVGPR {
		return d.fail(size, "bad DPP src0")
	}
	return d.finishLiteral(in, size)
}

func (d *decoder) vop3p(in *Inst, w uint32) error {
	w1, ok := d.word(1)
	if !ok {
		return d.fail(4, "truncated VOP3P instruction")
	}
	op := vop3pOps[w>>16&0x7f]
	if op == OpInvalid || w>>23&1 != 0 {
		return d.fail(8, "unknown VOP3P opcode %d", w>>16&0x7f)
	}
	info := &opTable[op]
	*in = Inst{Op: op, Enc: VOP3P}
	in.Dst = Operand{Kind: OpndVGPR, Reg: uint16(w & 0xff), Count: uint8(info.dst.regs())}
	if info.flags&fMod0 != 0 {
		in.Abs = uint8(w >> 8 & 7) // v_fma_mix*: the neg_hi field holds abs
	} else {
		in.NegHi = uint8(w >> 8 & 7)
	}
	in.OpSel = uint8(w >> 11 & 7)
	in.OpSelHi = uint8(w>>14&1<<2 | w1>>27&3)
	in.Clamp = w>>15&1 != 0
	in.Neg = uint8(w1 >> 29)
	codes, size := [3]uint16{uint16(w1 & 0x1ff), uint16(w1 >> 9 & 0x1ff), uint16(w1 >> 18 & 0x1ff)}, 8
	if err := d.dppWord(in, &codes[0], &size); err != nil {
		return err
	}
	for i := 0; i < info.nsrc(); i++ {
		if in.Src[i], ok = d.src(codes[i], info.src[i]); !ok {
			return d.fail(size, "bad src%d", i)
		}
	}
	if in.DPP != NoDPP && (in.Src[0].Kind != OpndVGPR || info.flags&fMod0 != 0 && in.Src[1].Kind != OpndVGPR) {
		return d.fail(size, "bad DPP source")
	}
	return d.finishLiteral(in, size)
}

func (d *decoder) ds(in *Inst, w uint32) error {
	w1, ok := d.word(1)
	if !ok {
		return d.fail(4, "truncated DS instruction")
	}
	op := dsOps[w>>18&0xff]
	if op == OpInvalid {
		return d.fail(8, "unknown DS opcode %d", w>>18&0xff)
	}
	info := &opTable[op]
	*in = Inst{Op: op, Enc: DS, Size: 8}
	switch info.shape {
	case shDSLoad2, shDSStore2, shDSStore2Rtn:
		in.Offset = int32(w & 0xff)
		in.Offset1 = uint8(w >> 8)
	default:
		in.Offset = int32(w & 0xffff)
	}
	v := func(c uint32, t opType) Operand {
		return Operand{Kind: OpndVGPR, Reg: uint16(c & 0xff), Count: uint8(t.regs())}
	}
	if info.dst != tNone {
		in.Dst = v(w1>>24, info.dst)
	}
	if info.shape != shDSNoAddr {
		in.Src[0] = v(w1, tV32)
	}
	if info.src[1] != tNone {
		in.Src[1] = v(w1>>8, info.src[1])
	}
	if info.src[2] != tNone {
		in.Src[2] = v(w1>>16, info.src[2])
	}
	return nil
}

// vmem decodes the 12-byte memory encodings: VGLOBAL, VFLAT and VSCRATCH.
func (d *decoder) vmem(in *Inst, w uint32, enc Format) error {
	w1, ok1 := d.word(1)
	w2, ok2 := d.word(2)
	if !ok1 || !ok2 {
		return d.fail(4, "truncated %s instruction", enc)
	}
	code := w >> 14 & 0xff
	var op Op
	switch enc {
	case VGLOBAL:
		op = vglobOps[code]
	case VFLAT:
		op = flatOps[code]
	case VSCRATCH:
		op = scrOps[code]
	}
	if op == OpInvalid {
		return d.fail(12, "unknown %s opcode %d", enc, code)
	}
	info := &opTable[op]
	*in = Inst{Op: op, Enc: enc, Size: 12, TH: uint8(w1 >> 20 & 7), Scope: uint8(w1 >> 18 & 3)}
	in.Offset = int32(w2) >> 8
	if info.shape == shGCache {
		if in.Offset != 0 {
			return d.fail(12, "%s takes no offset", info.name)
		}
		in.SAddr = Operand{Kind: OpndOff}
		return nil
	}
	saddr := uint16(w & 0x7f)
	sve := w1>>17&1 != 0
	vaddr := Operand{Kind: OpndVGPR, Reg: uint16(w2 & 0xff), Count: 1}
	switch enc {
	case VGLOBAL:
		if saddr == codeNull {
			in.SAddr = Operand{Kind: OpndOff}
			vaddr.Count = 2
		} else {
			var ok bool
			if in.SAddr, ok = sreg(saddr, 2); !ok {
				return d.fail(12, "bad saddr")
			}
		}
	case VFLAT:
		if saddr != codeNull || sve {
			return d.fail(12, "flat instructions take no saddr")
		}
		in.SAddr = Operand{Kind: OpndOff}
		vaddr.Count = 2
	case VSCRATCH:
		in.SAddr = Operand{Kind: OpndOff}
		if saddr != codeNull {
			var ok bool
			if in.SAddr, ok = sreg(saddr, 1); !ok {
				return d.fail(12, "bad saddr")
			}
		}
		if !sve {
			vaddr = Operand{Kind: OpndOff}
		}
	}
	in.Src[0] = vaddr
	switch info.shape {
	case shGLoad:
		in.Dst = Operand{Kind: OpndVGPR, Reg: uint16(w1 & 0xff), Count: uint8(info.dst.regs())}
	case shGStore:
		in.Src[1] = Operand{Kind: OpndVGPR, Reg: uint16(w1 >> 23 & 0xff), Count: uint8(info.src[1].regs())}
	case shGAtomic:
		in.Src[1] = Operand{Kind: OpndVGPR, Reg: uint16(w1 >> 23 & 0xff), Count: uint8(info.src[1].regs())}
		if in.TH&1 != 0 {
			in.Dst = Operand{Kind: OpndVGPR, Reg: uint16(w1 & 0xff), Count: uint8(info.dst.regs())}
		}
	}
	return nil
}

// vopd decodes a dual-issue pair: opX [25:22], opY [21:17], vsrcX1
// [16:9], srcX0 [8:0]; vdstX [63:56], vdstY>>1 [55:49], vsrcY1 [48:41],
// srcY0 [40:32]. vdstY's low bit is the inverse of vdstX's.
func (d *decoder) vopd(in *Inst, w uint32) error {
	w1, ok := d.word(1)
	if !ok {
		return d.fail(4, "truncated VOPD instruction")
	}
	if d.wave64 {
		return d.fail(8, "VOPD is wave32 only")
	}
	opX, opY := vopdOps[w>>22&0xf], vopdOps[w>>17&0x1f]
	if opX == OpInvalid || opY == OpInvalid || opTable[opX].code >= 16 {
		return d.fail(8, "unknown VOPD opcodes %d, %d", w>>22&0xf, w>>17&0x1f)
	}
	*in = Inst{Op: opX, Enc: VOPD}
	vdstX := uint16(w1 >> 24)
	vdstY := uint16(w1>>17&0x7f)<<1 | (vdstX&1 ^ 1)
	x, okX := d.vopdHalf(opX, vdstX, uint16(w&0x1ff), uint16(w>>9&0xff))
	y, okY := d.vopdHalf(opY, vdstY, uint16(w1&0x1ff), uint16(w1>>9&0xff))
	if !okX || !okY {
		return d.fail(8, "bad VOPD operand")
	}
	in.Dst, in.Src = x.Dst, x.Src
	in.Y = y
	in.Size = 8
	lit := false
	for _, o := range [...]Operand{in.Src[0], in.Src[1], in.Src[2], in.Y.Src[0], in.Y.Src[1], in.Y.Src[2]} {
		lit = lit || o.Kind == OpndLiteral
	}
	if !lit {
		return nil
	}
	v, ok := d.word(2)
	if !ok {
		return d.fail(8, "truncated literal")
	}
	for i := range in.Src {
		if in.Src[i].Kind == OpndLiteral {
			in.Src[i].Value = v
		}
		if in.Y.Src[i].Kind == OpndLiteral {
			in.Y.Src[i].Value = v
		}
	}
	in.Size = 12
	return nil
}

// vopdHalf decodes one operation of a VOPD pair in its VOP2 layout.
func (d *decoder) vopdHalf(op Op, vdst, src0, vsrc1 uint16) (VOPDHalf, bool) {
	info := &opTable[op]
	h := VOPDHalf{Op: op, Dst: Operand{Kind: OpndVGPR, Reg: vdst, Count: 1}}
	var ok bool
	if h.Src[0], ok = d.src(src0, tB32); !ok {
		return h, false
	}
	v1 := Operand{Kind: OpndVGPR, Reg: vsrc1, Count: 1}
	switch info.shape {
	case shFmamk:
		h.Src[1], h.Src[2] = Operand{Kind: OpndLiteral}, v1
	case shFmaak:
		h.Src[1], h.Src[2] = v1, Operand{Kind: OpndLiteral}
	case shCndmask:
		h.Src[1], h.Src[2] = v1, Operand{Kind: OpndVCC, Count: 1}
	default:
		if info.nsrc() > 1 {
			h.Src[1] = v1
		} else if vsrc1 != 0 {
			return h, false
		}
	}
	return h, true
}

// modifierError reports modifier bits the instruction does not have; llvm
// encodes such fields as zero.
func modifierError(in *Inst) string {
	info := &opTable[in.Op]
	if !in.Enc.IsVALU() {
		return ""
	}
	var mods uint8
	for i := 0; i < 3; i++ {
		if info.mods(i) {
			mods |= 1 << uint(i)
		}
	}
	absOK := mods
	if info.flags&fNegOnly != 0 {
		absOK = 0
	}
	negOK := mods
	if in.Enc == VOP3P && info.flags&fMod0 == 0 {
		negOK = 7 // neg_lo
	}
	if in.Enc == VOP3P {
		unused := uint8(7) &^ (1<<uint(info.nsrc()) - 1)
		def := uint8(7)
		if info.flags&fMod0 != 0 {
			def = 0
		}
		if (in.Neg|in.NegHi|in.Abs|in.OpSel)&unused != 0 || (in.OpSelHi^def)&unused != 0 {
			return "modifier bits for a source the instruction does not have"
		}
	}
	switch {
	case in.Neg&^negOK != 0, in.Abs&^absOK != 0:
		return "input modifiers on a source that takes none"
	case in.Clamp && info.flags&fClamp == 0:
		return "clamp on an instruction without clamp"
	case in.Omod != 0 && info.flags&fOmod == 0:
		return "output modifier on an instruction without omod"
	case in.Enc == VOP3 && info.flags&fOpSel != 0 && in.OpSel&^(1<<uint(info.nsrc())-1|8) != 0:
		return "op_sel bits for a source the instruction does not have"
	case in.Enc == VOP3 && in.OpSel != 0 && info.shape != shPermlane && info.flags&fOpSel == 0:
		return "op_sel on an instruction without op_sel"
	case info.shape == shPermlane && in.OpSel&^3 != 0:
		return "op_sel bits beyond the two permlane selects"
	}
	return ""
}
