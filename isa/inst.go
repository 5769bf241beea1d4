package isa

// Inst is one decoded (or assembled) instruction. It is a plain value with
// no pointers, so a code blob decodes into a []Inst without per-instruction
// allocation.
//
// Operand placement by shape:
//   - SALU and VALU: Dst, then Src[0..2] in assembly order. VOPC puts its
//     mask destination (vcc in e32) in Dst; v_cmpx has none. VOP3SD and
//     v_add_co_ci put the carry-out in SDst. v_cndmask and v_add_co_ci have
//     their mask or carry-in as Src[2] (vcc in e32). v_fmamk and v_fmaak
//     are normalised to D = Src[0]*Src[1] + Src[2], with the constant K as
//     a literal source.
//   - SMEM: Dst = sdata, Src[0] = sbase, SAddr = soffset (OpndNone when
//     absent), Offset = the signed 24-bit byte offset.
//   - DS: Dst = vdst, Src[0] = addr, Src[1] = data0, Src[2] = data1,
//     Offset = offset (offset0 for the 2addr forms), Offset1 = offset1.
//   - VGLOBAL: Dst = vdst, Src[0] = vaddr, Src[1] = vdata, SAddr = saddr
//     (OpndOff for "off"), Offset = the signed 24-bit byte offset.
//   - VFLAT: as VGLOBAL with SAddr OpndOff and a VGPR-pair vaddr.
//   - VSCRATCH: Src[0] = vaddr (one VGPR, or OpndOff), SAddr = one SGPR or
//     OpndOff; the other fields as VGLOBAL.
//   - VOPD: Op, Dst and Src are the X operation, Y the Y operation, laid
//     out like their VOP2 forms (fmamk/fmaak normalised, v_dual_cndmask's
//     implicit vcc_lo as Src[2]); a literal is shared by both.
//   - SOPP and SOPK: Imm holds simm16 (branch offsets in dwords, signed;
//     s_movk_i32 and the other fields as raw 16 bits). s_setreg_imm32_b32
//     carries its 32-bit value as the literal Src[0].
type Inst struct {
	Op   Op
	Enc  Format  // the encoding actually used
	DPP  DPPKind // DPP word present (VALU only)
	Size uint8   // bytes, including a literal or DPP word

	Dst  Operand
	SDst Operand // scalar carry-out (VOP3SD, v_add_co_ci)
	Src  [3]Operand

	// VALU modifiers; bit i applies to source i.
	Abs     uint8
	Neg     uint8 // neg, or neg_lo for VOP3P
	NegHi   uint8 // VOP3P
	OpSel   uint8 // bit 3 is the destination (VOP3); VOP3P uses bits 0..2
	OpSelHi uint8 // VOP3P
	Clamp   bool
	Omod    uint8 // 0 none, 1 mul:2, 2 mul:4, 3 div:2

	// DPP16 controls (DPP == DPP16) and DPP8 lane selects (DPP == DPP8).
	DPPCtrl   uint16
	RowMask   uint8
	BankMask  uint8
	BoundCtrl bool
	FI        bool   // fetch inactive lanes (DPP16 bit 18, or src0 code 234 for DPP8)
	DPP8Sel   uint32 // eight 3-bit lane selects, lane 0 in bits 2:0

	Y VOPDHalf // the second operation of a VOPD pair

	Imm     int32   // SOPP/SOPK simm16: branch offsets in dwords, sign-extended; other fields zero-extended
	Offset  int32   // SMEM/VGLOBAL byte offset; DS offset or offset0
	Offset1 uint8   // DS offset1
	SAddr   Operand // VGLOBAL saddr, SMEM soffset
	TH      uint8   // cache temporal hint
	Scope   uint8   // cache scope: 0 CU, 1 SE, 2 DEV, 3 SYS
}

// VOPDHalf is the Y operation of a dual-issue (VOPD) instruction.
type VOPDHalf struct {
	Op  Op
	Dst Operand
	Src [3]Operand
}

// Info helpers for interpreters.

// NumSrc returns how many sources the instruction's table entry declares.
func (in *Inst) NumSrc() int {
	if int(in.Op) >= len(opTable) {
		return 0
	}
	return opTable[in.Op].nsrc()
}

// BranchTarget returns the byte address a SOPP branch at pc jumps to.
func (in *Inst) BranchTarget(pc uint64) uint64 {
	return uint64(int64(pc) + 4 + int64(in.Imm)*4)
}

// IsBranch reports whether the instruction is a PC-relative branch.
func (in *Inst) IsBranch() bool {
	return int(in.Op) < len(opTable) && opTable[in.Op].shape == shBranch
}

// Returns reports whether a VGLOBAL atomic returns the old value
// (th:TH_ATOMIC_RETURN, bit 0 of TH).
func (in *Inst) Returns() bool { return in.TH&1 != 0 }
