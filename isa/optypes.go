package isa

// Op identifies an instruction (a mnemonic); the constants are in
// optable.go. The same Op covers every encoding of the instruction: the
// decoder reports V_ADD_F32 for both v_add_f32_e32 and v_add_f32_e64, with
// Inst.Enc telling which.
type Op uint16

// OpInvalid is the zero Op; no instruction has it.
const OpInvalid Op = 0

// String returns the instruction's mnemonic, e.g. "v_add_f32".
func (op Op) String() string {
	if int(op) < len(opTable) && opTable[op].name != "" {
		return opTable[op].name
	}
	return "op?"
}

// Format returns the instruction's native encoding (VOP1, VOP2 or VOPC for
// instructions that also have a VOP3 form).
func (op Op) Format() Format {
	if int(op) < len(opTable) {
		return opTable[op].enc
	}
	return FormatInvalid
}

// Opcode returns the instruction's opcode in its native encoding.
func (op Op) Opcode() uint16 {
	if int(op) < len(opTable) {
		return opTable[op].code
	}
	return 0
}

// NumOps is one more than the largest Op.
func NumOps() int { return len(opTable) }

// opType is an operand's value class. For sources it decides how literals
// and inline constants are written and printed (§2.2 of the ISA sheet);
// for destinations and memory data it gives the register count.
type opType uint8

const (
	tNone  opType = iota
	tB32          // 32-bit value (integer or f32): float patterns are inline too
	tB64          // 64-bit integer: 32-bit literal, f64 inline constants
	tF16          // f16: 16-bit literal, f16 inline constants
	tF64          // f64: the literal is the high word
	tPF16         // packed 2 x f16: f16 inline constants, 16- or 32-bit literal
	tV32          // VGPR only
	tS64          // SGPR pair only (no constants)
	tM0Imm        // m0 or an inline integer (s_barrier_signal)
	tB96          // 3 registers (memory data)
	tB128         // 4 registers
	tB256         // 8 registers
	tB512         // 16 registers
	tLane         // lane select: SGPR, m0 or an inline constant (readlane/writelane)
	tB16          // 16-bit integer: integer inline constants, f16 inline floats, 16-bit literal
)

// regs returns the number of 32-bit registers an operand of type t covers.
func (t opType) regs() int {
	switch t {
	case tB64, tF64, tS64:
		return 2
	case tB96:
		return 3
	case tB128:
		return 4
	case tB256:
		return 8
	case tB512:
		return 16
	case tNone:
		return 0
	}
	return 1
}

// shape is an instruction's operand layout beyond "destination, then
// sources": it names the special forms.
type shape uint8

const (
	shNormal        shape = iota // [dst,] src0[, src1[, src2]]
	shNone                       // no operands
	shCmp                        // VOPC: mask destination (vcc in e32), src0, src1
	shCmpx                       // VOPC writing EXEC: src0, src1
	shCndmask                    // v_cndmask_b32 dst, src0, src1, mask
	shCarryIn                    // v_add_co_ci_u32 dst, carry-out, src0, src1, carry-in
	shCarryOut                   // VOP3SD: dst, sdst, src0, src1[, src2]
	shReadlane                   // v_readlane_b32 sdst, vsrc, lane
	shWritelane                  // v_writelane_b32 vdst, ssrc, lane
	shReadfirstlane              // v_readfirstlane_b32 sdst, vsrc
	shPermlane                   // v_permlane16_b32 vdst, vsrc, ssrc1, ssrc2 [op_sel]
	shFmamk                      // v_fmamk dst, src0, K, vsrc1
	shFmaak                      // v_fmaak dst, src0, vsrc1, K
	shSwap                       // v_swap_b32 vdst, vsrc (both written)
	shVSTrans                    // v_s_rcp_f32 sdst, ssrc: a VOP3 transcendental writing an SGPR

	// SOPK
	shSOPK      // sdst, simm16
	shGetreg    // sdst, hwreg(...)
	shSetreg    // hwreg(...), ssrc
	shSetregImm // hwreg(...), imm32

	// SOPP
	shImmDec  // simm16 printed in decimal up to 64, else hex
	shImmHex  // simm16 printed in hex
	shEndpgm  // optional simm16, decimal
	shBranch  // PC-relative target
	shDelay   // s_delay_alu instid0(...) | instskip(...) | instid1(...)
	shWaitcnt // s_waitcnt vmcnt(..) expcnt(..) lgkmcnt(..)
	shDepctr  // s_wait_alu depctr_*(...)
	shSendmsg // sendmsg(...)

	// SMEM
	shSLoad    // sdata, sbase pair, offset [soffset]
	shSBufLoad // sdata, sbase quad, offset [soffset]

	// DS
	shDSLoad       // vdst, addr [offset]
	shDSStore      // addr, data0 [offset]
	shDSLoad2      // vdst, addr [offset0 offset1]
	shDSStore2     // addr, data0, data1 [offset0 offset1]
	shDSAtomic2    // addr, data0, data1 [offset]
	shDSAtomicRtn  // vdst, addr, data0 [offset]
	shDSAtomic2Rtn // vdst, addr, data0, data1 [offset]
	shDSStore2Rtn  // vdst, addr, data0, data1 [offset0 offset1]
	shDSSwizzle    // vdst, addr [offset:swizzle(...)]
	shDSNoAddr     // vdst [offset] (ds_append, ds_consume)

	// VGLOBAL
	shGLoad   // vdst, vaddr, saddr|off [offset]
	shGStore  // vaddr, vdata, saddr|off [offset]
	shGAtomic // [vdst,] vaddr, vdata, saddr|off [offset] (vdst with th:TH_ATOMIC_RETURN)
	shGCache  // no operands, scope only
	// VFLAT uses shGLoad, shGStore and shGAtomic with a VGPR pair address
	// and no saddr operand; VSCRATCH uses them with "vaddr|off, saddr|off"
	// (a 32-bit private offset in a VGPR and/or an SGPR).
)

// opFlags lists what an instruction accepts beyond its operands.
type opFlags uint16

const (
	fMod0      opFlags = 1 << iota // abs/neg on src0
	fMod1                          // abs/neg on src1
	fMod2                          // abs/neg on src2
	fClamp                         // clamp
	fOmod                          // mul:2, mul:4, div:2
	fDPP                           // DPP16 and DPP8, in the e32 and (if any) e64 forms
	fNoE64                         // VOP1/VOP2 instruction without a VOP3 form
	fNegOnly                       // VOP3SD: neg but no abs (sdst takes the abs bits)
	fOpSel                         // VOP3 op_sel: 16-bit sources and destination in high halves
	fNoPackSel                     // VOP3P without op_sel, op_sel_hi or neg on S0 and S1 (the FP8/BF8 dots: neg_lo[2] only)
)

// opInfo is one row of the instruction table.
type opInfo struct {
	name  string
	enc   Format    // native encoding
	code  uint16    // opcode in that encoding
	shape shape     // operand layout
	dst   opType    // destination type (tNone: no destination)
	src   [3]opType // source types
	flags opFlags
}

// nsrc returns how many sources the instruction has.
func (o *opInfo) nsrc() int {
	n := 0
	for n < 3 && o.src[n] != tNone {
		n++
	}
	return n
}

// mods reports whether source i accepts abs/neg.
func (o *opInfo) mods(i int) bool { return o.flags&(fMod0<<uint(i)) != 0 }

// vop3Opcode returns the VOP3 opcode of an instruction whose native
// encoding is VOP1, VOP2, VOPC (the promotion rule) or VOP3/VOP3SD itself.
func (o *opInfo) vop3Opcode() uint16 {
	switch o.enc {
	case VOPC:
		return o.code
	case VOP2:
		return 256 + o.code
	case VOP1:
		return 384 + o.code
	}
	return o.code
}

// hasE32 reports whether the instruction has a 32-bit VALU encoding.
func (o *opInfo) hasE32() bool { return o.enc == VOP1 || o.enc == VOP2 || o.enc == VOPC }

// hasE64 reports whether the instruction has a VOP3 encoding.
func (o *opInfo) hasE64() bool {
	switch o.enc {
	case VOP3, VOP3SD, VOP3P:
		return true
	case VOP1, VOP2, VOPC:
		return o.flags&fNoE64 == 0
	}
	return false
}
