package isa

import "strings"

// Dual-issue (VOPD) instructions: "v_dual_X dst, srcs :: v_dual_Y dst,
// srcs", two VALU operations in one 8-byte word (plus one shared literal).
// LLVM's code generator pairs independent operations this way in wave32
// code; llvm-mc emits VOPD only when the source spells it out. The
// operand rules below are the ones llvm-mc 19 enforces (the ISA sheet
// §1.4): wave32 only, X from opcodes 0..13, one destination even and the
// other odd, the two src0 VGPRs and the two vsrc1 VGPRs in different
// banks (register number mod 4), and at most one distinct literal.

// isVOPDMnemonic reports whether a mnemonic starts a VOPD pair.
func isVOPDMnemonic(text string) bool { return strings.HasPrefix(strings.ToLower(text), "v_dual_") }

// vopdInstruction parses and encodes a VOPD line; s is positioned after
// the X mnemonic mn.
func (a *assembler) vopdInstruction(s *stream, mn token) error {
	opX, ok := mnemonics[strings.ToLower(mn.text)]
	if !ok || opTable[opX].enc != VOPD {
		return a.errorf(mn.col, "unsupported instruction '%s'", mn.text)
	}
	if opTable[opX].code >= 16 {
		return a.errorf(mn.col, "invalid instruction: %s is only available as the second (Y) operation", mn.text)
	}
	if a.opts.Wave64 {
		return a.errorf(mn.col, "instruction requires wavesize=32")
	}
	opsX, perr := s.operands(a.constSyms)
	if perr != nil {
		return a.posErr(perr)
	}
	//lint:ignore SA4000 each accept consumes one of the two colons of "::"
	if !s.accept(":") || !s.accept(":") {
		col := s.peek().col
		return a.errorf(col, "expected '::' and the second VOPD operation")
	}
	mnY := s.next()
	opY, ok := mnemonics[strings.ToLower(mnY.text)]
	if mnY.kind != tkIdent || !ok || opTable[opY].enc != VOPD {
		return a.errorf(mnY.col, "invalid VOPD second operation '%s'", mnY.text)
	}
	opsY, perr := s.operands(a.constSyms)
	if perr != nil {
		return a.posErr(perr)
	}
	if err := a.endOfLine(s); err != nil {
		return err
	}
	b := &builder{info: &opTable[opX], op: opX, mn: mn}
	x, perr := b.vopdHalf(opX, mn, opsX)
	if perr != nil {
		return a.posErr(perr)
	}
	y, perr := b.vopdHalf(opY, mnY, opsY)
	if perr != nil {
		return a.posErr(perr)
	}
	in := Inst{Op: opX, Enc: VOPD, Dst: x.Dst, Src: x.Src, Y: y}
	if perr := checkVOPD(&in, mn, mnY, opsX, opsY); perr != nil {
		return a.posErr(perr)
	}
	var buf [16]byte
	n, err := in.encode(&buf)
	if err != nil {
		return a.errorf(mn.col, "%v", err)
	}
	in.Size = uint8(n)
	a.insts = append(a.insts, AssembledInst{Offset: len(a.code), Line: a.line, Inst: in})
	a.code = append(a.code, buf[:n]...)
	return nil
}

// vopdHalf builds one operation of a pair from its operands.
func (b *builder) vopdHalf(op Op, mn token, ops []pOperand) (VOPDHalf, *posError) {
	info := &opTable[op]
	h := VOPDHalf{Op: op}
	n := info.nsrc()
	b.mn, b.ops = mn, ops
	if err := b.wantOps(1 + n); err != nil {
		return h, err
	}
	var err *posError
	if h.Dst, err = b.vreg(ops[0], 1); err != nil {
		return h, err
	}
	for i := 0; i < n; i++ {
		o := ops[1+i]
		if err := b.noMods(o); err != nil {
			return h, err
		}
		switch {
		case info.shape == shFmamk && i == 1, info.shape == shFmaak && i == 2:
			h.Src[i], err = b.kConst(o, tB32)
		case info.src[i] == tV32:
			h.Src[i], err = b.vreg(o, 1)
		default:
			h.Src[i], err = b.source(o, tB32)
		}
		if err != nil {
			return h, err
		}
	}
	if info.shape == shCndmask {
		h.Src[2] = Operand{Kind: OpndVCC, Count: 1}
	}
	return h, nil
}

// checkVOPD enforces the pairing rules.
func checkVOPD(in *Inst, mnX, mnY token, opsX, opsY []pOperand) *posError {
	if in.Dst.Reg&1 == in.Y.Dst.Reg&1 {
		return errAt(opsY[0].tok, "invalid VOPD: one destination register must be even and the other odd")
	}
	bank := func(o Operand) int {
		if o.Kind != OpndVGPR {
			return -1
		}
		return int(o.Reg & 3)
	}
	vsrc1 := func(op Op, src *[3]Operand) Operand {
		if opTable[op].shape == shFmamk {
			return src[2]
		}
		return src[1]
	}
	if b := bank(in.Src[0]); b >= 0 && b == bank(in.Y.Src[0]) {
		return errAt(opsY[1].tok, "invalid VOPD: src0 operands must use different VGPR banks")
	}
	if b := bank(vsrc1(in.Op, &in.Src)); b >= 0 && b == bank(vsrc1(in.Y.Op, &in.Y.Src)) {
		return errAt(mnY, "invalid VOPD: src1 operands must use different VGPR banks")
	}
	// The pair reads at most two scalar values: distinct SGPRs (vcc_lo
	// for v_dual_cndmask included) and the literal.
	var lit uint32
	have := false
	var sgprs [6]uint16
	n := 0
	for _, o := range [...]Operand{in.Src[0], in.Src[1], in.Src[2], in.Y.Src[0], in.Y.Src[1], in.Y.Src[2]} {
		switch {
		case o.Kind == OpndLiteral:
			if have && o.Value != lit {
				return errAt(mnY, "only one unique literal operand is allowed")
			}
			lit, have = o.Value, true
		case o.IsScalar() && o.Kind != OpndNull && o.Kind != OpndSCC && o.Kind != OpndSpecial:
			dup := false
			for _, c := range sgprs[:n] {
				dup = dup || c == o.Code()
			}
			if !dup {
				sgprs[n] = o.Code()
				n++
			}
		}
	}
	if n+b2iInt(have) > 2 {
		return errAt(mnY, "invalid operand (violates constant bus restrictions)")
	}
	return nil
}
