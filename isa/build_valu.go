package isa

// Vector ALU instructions: operand checks, modifiers, and the choice
// between the e32 (VOP1/VOP2/VOPC), e64 (VOP3/VOP3SD) and DPP encodings.

// dppMods are the modifiers that ask for a DPP encoding.
var dppMods = []string{"quad_perm", "row_shl", "row_shr", "row_ror", "row_mirror", "row_half_mirror",
	"row_share", "row_xmask", "row_mask", "bank_mask", "bound_ctrl", "fi", "dpp8"}

// valuSlot describes one written operand of a VALU instruction.
type valuSlot uint8

const (
	slotVDst   valuSlot = iota // VGPR destination
	slotSDst                   // single SGPR destination (readlane, readfirstlane)
	slotMask                   // wave mask destination (compare result, carry-out)
	slotSrc                    // source i (in order)
	slotMaskIn                 // wave mask source (cndmask condition, carry-in)
	slotK                      // the fmamk/fmaak constant
)

// valuSlots returns the operand layout of an instruction.
func valuSlots(info *opInfo) []valuSlot {
	n := info.nsrc()
	var s []valuSlot
	switch info.shape {
	case shNone:
		return nil
	case shCmp:
		s = append(s, slotMask)
	case shCmpx:
	case shCarryIn, shCarryOut:
		s = append(s, slotVDst, slotMask)
	case shReadlane, shReadfirstlane, shVSTrans:
		s = append(s, slotSDst)
	default:
		s = append(s, slotVDst)
	}
	switch info.shape {
	case shFmamk:
		return append(s, slotSrc, slotK, slotSrc)
	case shFmaak:
		return append(s, slotSrc, slotSrc, slotK)
	}
	for i := 0; i < n; i++ {
		s = append(s, slotSrc)
	}
	if info.shape == shCndmask || info.shape == shCarryIn {
		s = append(s, slotMaskIn)
	}
	return s
}

// busLimit is how many scalar values (SGPRs and the literal) an
// instruction may read; gfx12 allows two, except the 64-bit shifts.
func busLimit(op Op) int {
	switch op {
	case V_LSHLREV_B64, V_LSHRREV_B64, V_ASHRREV_I64:
		return 1
	}
	return 2
}

func (b *builder) valu() *posError {
	info := b.info
	in := &b.in
	slots := valuSlots(info)
	// The e32 spellings may leave the implicit vcc out:
	// v_cmp_gt_f32_e32 v1, v2; v_cndmask_b32_e32 v0, v1, v2.
	implicit := 0
	if b.suffix == "_e32" || b.suffix == "_dpp" {
		for _, s := range slots {
			if s == slotMask || s == slotMaskIn {
				implicit++
			}
		}
		if len(b.ops) != len(slots)-implicit {
			implicit = 0
		}
	}
	if err := b.wantOps(len(slots) - implicit); err != nil {
		return err
	}
	vcc := Operand{Kind: OpndVCC, Count: uint8(b.maskCount())}
	var srcTok [3]token
	var srcOps [3]pOperand
	nsrc := 0
	k := 0
	var err *posError
	kIdx := -1
	for _, s := range slots {
		if implicit > 0 && (s == slotMask || s == slotMaskIn) {
			switch s {
			case slotMask:
				if info.shape == shCmp {
					in.Dst = vcc
				} else {
					in.SDst = vcc
				}
			case slotMaskIn:
				in.Src[2] = vcc
			}
			continue
		}
		o := b.ops[k]
		k++
		switch s {
		case slotVDst:
			if in.Dst, err = b.vreg(o, info.dst.regs()); err != nil {
				return err
			}
		case slotSDst:
			if in.Dst, err = b.sreg(o, 1); err != nil {
				return err
			}
		case slotMask:
			r, err := b.mask(o)
			if err != nil {
				return err
			}
			if info.shape == shCmp {
				in.Dst = r
			} else {
				in.SDst = r
			}
		case slotMaskIn:
			r, err := b.mask(o)
			if err != nil {
				return err
			}
			in.Src[2] = r
			srcTok[2] = o.tok
		case slotK:
			kIdx = nsrc
			srcOps[nsrc] = o
			srcTok[nsrc] = o.tok
			nsrc++
		case slotSrc:
			srcOps[nsrc] = o
			srcTok[nsrc] = o.tok
			nsrc++
		}
	}
	// Sources and their input modifiers.
	for i := 0; i < nsrc; i++ {
		o := srcOps[i]
		t := info.src[i]
		if i == kIdx {
			v, err := b.kConst(o, t)
			if err != nil {
				return err
			}
			in.Src[i] = v
			continue
		}
		if o.neg || o.abs {
			if !info.mods(i) || (o.abs && info.flags&fNegOnly != 0) {
				return errAt(o.tok, "not a valid operand.")
			}
			if o.neg {
				in.Neg |= 1 << uint(i)
			}
			if o.abs {
				in.Abs |= 1 << uint(i)
			}
			if o.kind == pkInt || o.kind == pkFloat {
				b.constMods |= 1 << uint(i)
				b.constSrc[i] = o
			}
			o.neg, o.abs = false, false
		}
		if in.Src[i], err = b.source(o, t); err != nil {
			return err
		}
		if info.shape == shPermlane && i > 0 || info.shape == shWritelane && i == 0 || info.shape == shVSTrans {
			if in.Src[i].Kind == OpndVGPR {
				return errAt(o.tok, "invalid operand for instruction: expected a scalar or constant")
			}
		}
	}
	if err := b.checkLiterals(srcTok[:]); err != nil {
		return err
	}
	b.srcTok = srcTok
	if err := b.valuModifiers(); err != nil {
		return err
	}
	if err := b.chooseEncoding(); err != nil {
		return err
	}
	if b.constMods != 0 && in.Enc == info.enc && info.hasE32() {
		// e32 has no modifier bits: llvm-mc folds them into the constant.
		for i := 0; i < 3; i++ {
			if b.constMods>>uint(i)&1 == 0 {
				continue
			}
			bit := uint8(1) << uint(i)
			o := foldModifiers(b.constSrc[i], info.src[i], in.Neg&bit != 0, in.Abs&bit != 0)
			in.Neg &^= bit
			in.Abs &^= bit
			if in.Src[i], err = b.source(o, info.src[i]); err != nil {
				return err
			}
		}
		if err := b.checkLiterals(srcTok[:]); err != nil {
			return err
		}
	}
	return b.constantBus(srcTok)
}

// kConst converts the fmamk/fmaak constant: always a literal.
func (b *builder) kConst(o pOperand, t opType) (Operand, *posError) {
	if err := b.noMods(o); err != nil {
		return Operand{}, err
	}
	switch o.kind {
	case pkInt:
		if t == tF16 {
			if o.ival < -32768 || o.ival > 65535 {
				return Operand{}, errAt(o.tok, "invalid operand for instruction")
			}
			return litOp(uint32(uint16(o.ival))), nil
		}
		if o.ival < -(1<<31) || o.ival > 1<<32-1 {
			return Operand{}, errAt(o.tok, "invalid operand for instruction")
		}
		return litOp(uint32(o.ival)), nil
	case pkFloat:
		if t == tF16 {
			bits, ok := f16Bits(o.fval)
			if !ok {
				return Operand{}, errAt(o.tok, "invalid operand for instruction")
			}
			return litOp(uint32(bits)), nil
		}
		bits, ok := f32Bits(o.fval)
		if !ok {
			return Operand{}, errAt(o.tok, "invalid operand for instruction")
		}
		return litOp(bits), nil
	}
	return Operand{}, errAt(o.tok, "invalid operand for instruction: expected a constant")
}

// valuModifiers applies clamp, omod, op_sel and the DPP controls.
func (b *builder) valuModifiers() *posError {
	info := b.info
	in := &b.in
	if m := b.mod("clamp"); m != nil {
		if info.flags&fClamp == 0 {
			return errAt(m.tok, "invalid operand for instruction")
		}
		in.Clamp = true
	}
	for _, name := range []string{"mul", "div"} {
		m := b.mod(name)
		if m == nil {
			continue
		}
		if info.flags&fOmod == 0 {
			return errAt(m.tok, "invalid operand for instruction")
		}
		switch {
		case name == "mul" && m.ival == 1, name == "div" && m.ival == 1:
		case name == "mul" && m.ival == 2:
			in.Omod = 1
		case name == "mul" && m.ival == 4:
			in.Omod = 2
		case name == "div" && m.ival == 2:
			in.Omod = 3
		default:
			return errAt(m.valTok, "invalid %s value", name)
		}
	}
	n := info.nsrc()
	bits := func(m *pMod, max int) (uint8, *posError) {
		if !m.isList || len(m.list) < 1 || len(m.list) > max {
			return 0, errAt(m.valTok, "invalid %s value", m.name)
		}
		var v uint8
		for i, x := range m.list {
			if x != 0 && x != 1 {
				return 0, errAt(m.valTok, "invalid %s value", m.name)
			}
			v |= uint8(x) << uint(i)
		}
		return v, nil
	}
	switch {
	case info.enc == VOP3P:
		in.OpSelHi = 7
		if info.flags&fMod0 != 0 {
			in.OpSelHi = 0
		}
		if m := b.mod("op_sel"); m != nil {
			v, err := bits(m, 3)
			if err != nil {
				return err
			}
			in.OpSel = v
		}
		if m := b.mod("op_sel_hi"); m != nil {
			v, err := bits(m, 3)
			if err != nil {
				return err
			}
			// Sources not listed keep the default.
			keep := in.OpSelHi &^ (1<<uint(len(m.list)) - 1)
			in.OpSelHi = keep | v
		}
		for _, name := range []string{"neg_lo", "neg_hi"} {
			m := b.mod(name)
			if m == nil {
				continue
			}
			if info.flags&fMod0 != 0 {
				return errAt(m.tok, "not a valid operand.")
			}
			v, err := bits(m, 3)
			if err != nil {
				return err
			}
			if name == "neg_lo" {
				in.Neg = v
			} else {
				in.NegHi = v
			}
		}
		_ = n
	case info.shape == shPermlane:
		if m := b.mod("op_sel"); m != nil {
			v, err := bits(m, 2)
			if err != nil {
				return err
			}
			in.OpSel = v
		}
	case info.flags&fOpSel != 0:
		// op_sel:[src0, ..., dst]: the destination's bit is bit 3.
		if m := b.mod("op_sel"); m != nil {
			if len(m.list) != n+1 {
				return errAt(m.valTok, "invalid op_sel value")
			}
			v, err := bits(m, n+1)
			if err != nil {
				return err
			}
			in.OpSel = v&(1<<uint(n)-1) | v>>uint(n)&1<<3
		}
	}
	// DPP controls.
	var dppTok *pMod
	for _, name := range dppMods {
		if m := b.mod(name); m != nil {
			if dppTok == nil {
				dppTok = m
			}
			if info.flags&fDPP == 0 {
				return errAt(m.tok, "not a valid operand.")
			}
		}
	}
	if dppTok == nil {
		if b.suffix == "_dpp" || b.suffix == "_e64_dpp" {
			if info.flags&fDPP == 0 {
				return errAt(b.mn, "dpp variant of this instruction is not supported")
			}
			return errAt(b.mn, "too few operands for instruction: missing DPP control")
		}
		return nil
	}
	if m := b.mod("dpp8"); m != nil {
		if !m.isList || len(m.list) != 8 {
			return errAt(m.valTok, "invalid dpp8 value")
		}
		in.DPP = DPP8
		for i, x := range m.list {
			if x < 0 || x > 7 {
				return errAt(m.valTok, "invalid dpp8 value")
			}
			in.DPP8Sel |= uint32(x) << (3 * uint(i))
		}
		if f := b.mod("fi"); f != nil {
			if f.ival != 0 && f.ival != 1 {
				return errAt(f.valTok, "invalid fi value")
			}
			in.FI = f.ival == 1
		}
		for _, name := range dppMods {
			if name == "dpp8" || name == "fi" {
				continue
			}
			for _, m2 := range b.mods {
				if m2.name == name {
					return errAt(m2.tok, "not a valid operand.")
				}
			}
		}
		return nil
	}
	in.DPP = DPP16
	in.RowMask, in.BankMask = 0xf, 0xf
	ctrlSet := false
	setCtrl := func(m *pMod, c uint16) *posError {
		if ctrlSet {
			return errAt(m.tok, "invalid operand for instruction: more than one DPP control")
		}
		ctrlSet = true
		in.DPPCtrl = c
		return nil
	}
	rng := func(m *pMod, lo, hi int64) *posError {
		if !m.hasVal || m.isList || m.ival < lo || m.ival > hi {
			return errAt(m.valTok, "invalid %s value", m.name)
		}
		return nil
	}
	for i := range b.mods {
		m := &b.mods[i]
		var err *posError
		switch m.name {
		case "quad_perm":
			if !m.isList || len(m.list) != 4 {
				return errAt(m.valTok, "invalid quad_perm value")
			}
			var c uint16
			for j, x := range m.list {
				if x < 0 || x > 3 {
					return errAt(m.valTok, "invalid quad_perm value")
				}
				c |= uint16(x) << (2 * uint(j))
			}
			err = setCtrl(m, c)
		case "row_shl", "row_shr", "row_ror":
			if err = rng(m, 1, 15); err == nil {
				base := map[string]uint16{"row_shl": 0x100, "row_shr": 0x110, "row_ror": 0x120}[m.name]
				err = setCtrl(m, base+uint16(m.ival))
			}
		case "row_share", "row_xmask":
			if err = rng(m, 0, 15); err == nil {
				base := map[string]uint16{"row_share": 0x150, "row_xmask": 0x160}[m.name]
				err = setCtrl(m, base+uint16(m.ival))
			}
		case "row_mirror":
			err = setCtrl(m, 0x140)
		case "row_half_mirror":
			err = setCtrl(m, 0x141)
		case "row_mask":
			if err = rng(m, 0, 15); err == nil {
				in.RowMask = uint8(m.ival)
			}
		case "bank_mask":
			if err = rng(m, 0, 15); err == nil {
				in.BankMask = uint8(m.ival)
			}
		case "bound_ctrl":
			if err = rng(m, 0, 1); err == nil {
				in.BoundCtrl = m.ival == 1
			}
		case "fi":
			if err = rng(m, 0, 1); err == nil {
				in.FI = m.ival == 1
			}
		}
		if err != nil {
			return err
		}
	}
	if !ctrlSet {
		return errAt(dppTok.tok, "invalid operand for instruction: missing DPP control")
	}
	return nil
}

// chooseEncoding picks e32, e64 or a DPP form as llvm-mc does: the 32-bit
// encoding whenever it can express the instruction.
func (b *builder) chooseEncoding() *posError {
	info := b.info
	in := &b.in
	canE32 := info.hasE32() && b.e32Legal()
	wantDPP := in.DPP != NoDPP
	if wantDPP && (in.Src[0].Kind != OpndVGPR || in.Src[0].Count != 1) {
		return errAt(b.srcTok[0], "invalid operand for instruction: DPP src0 must be a VGPR")
	}
	switch b.suffix {
	case "_e32":
		if !info.hasE32() {
			return errAt(b.mn, "e32 variant of this instruction is not supported")
		}
		if wantDPP || !canE32 {
			return errAt(b.mn, "invalid operand for instruction: not encodable as e32")
		}
	case "_e64", "_e64_dpp":
		if !info.hasE64() {
			return errAt(b.mn, "e64 variant of this instruction is not supported")
		}
		if b.suffix == "_e64_dpp" && !wantDPP {
			return errAt(b.mn, "invalid operand for instruction: missing DPP control")
		}
		canE32 = false
	case "_dpp":
		if !info.hasE32() {
			return errAt(b.mn, "dpp variant of this instruction is not supported")
		}
		if !canE32 {
			return errAt(b.mn, "invalid operand for instruction: not encodable as DPP")
		}
	}
	if canE32 {
		in.Enc = info.enc
	} else {
		if !info.hasE64() {
			return errAt(b.mn, "invalid operand for instruction")
		}
		in.Enc = VOP3
		if info.enc == VOP3SD || info.enc == VOP3P {
			in.Enc = info.enc
		}
		if info.shape == shCarryIn {
			in.Enc = VOP3SD
		}
	}
	if wantDPP {
		for i := range in.Src {
			if in.Src[i].Kind == OpndLiteral {
				return errAt(b.mn, "invalid operand for instruction: DPP forms take no literal")
			}
		}
		if info.enc == VOP3P && info.flags&fMod0 != 0 && in.Src[1].Kind != OpndVGPR {
			// llvm-mc 19 requires a VGPR src1 in v_fma_mix* DPP.
			return errAt(b.srcTok[1], "invalid operand for instruction: DPP src1 must be a VGPR")
		}
	}
	return nil
}

// e32Legal reports whether the operands fit the 32-bit encoding.
func (b *builder) e32Legal() bool {
	info := b.info
	in := &b.in
	dpp := in.DPP != NoDPP
	if in.Clamp || in.Omod != 0 || in.OpSel != 0 {
		return false
	}
	if (in.Neg|in.Abs)&^b.constMods != 0 && !dpp {
		return false
	}
	if dpp && (in.Neg|in.Abs)&^3 != 0 {
		return false
	}
	switch info.shape {
	case shCmp:
		if !b.isVCC(in.Dst) {
			return false
		}
	case shCndmask:
		if !b.isVCC(in.Src[2]) {
			return false
		}
	case shCarryIn:
		if !b.isVCC(in.SDst) || !b.isVCC(in.Src[2]) {
			return false
		}
	}
	if dpp && (in.Src[0].Kind != OpndVGPR || in.Src[0].Count != 1) {
		return false
	}
	if (info.enc == VOP2 || info.enc == VOPC) && info.shape != shNone {
		// vsrc1 is a VGPR field.
		i := 1
		if info.shape == shFmamk {
			i = 2
		}
		if in.Src[i].Kind != OpndVGPR {
			return false
		}
		// A 16-bit operand's field reaches v127 only (see lo128Operands).
		if _, _, s1 := lo128Operands(b.in.Op); s1 && in.Src[i].Reg >= 128 {
			return false
		}
	}
	if dst, s0, _ := lo128Operands(b.in.Op); info.enc != VOP3 && info.enc != VOP3SD && info.enc != VOP3P &&
		(dst && in.Dst.Kind == OpndVGPR && in.Dst.Reg >= 128 || s0 && in.Src[0].Kind == OpndVGPR && in.Src[0].Reg >= 128) {
		return false
	}
	return true
}

// constantBus checks the scalar read limit.
func (b *builder) constantBus(srcTok [3]token) *posError {
	in := &b.in
	var seen [4]uint16
	n := 0
	lit := false
	for i := 0; i < 3; i++ {
		o := in.Src[i]
		switch {
		case o.Kind == OpndLiteral:
			lit = true
		case o.IsScalar() && o.Kind != OpndNull && o.Kind != OpndSCC && o.Kind != OpndSpecial:
			c := o.Code()
			dup := false
			for j := 0; j < n; j++ {
				if seen[j] == c {
					dup = true
				}
			}
			if !dup {
				seen[n] = c
				n++
			}
		}
		if n+b2iInt(lit) > busLimit(in.Op) {
			t := srcTok[i]
			if t.col == 0 {
				t = b.mn
			}
			return errAt(t, "invalid operand (violates constant bus restrictions)")
		}
	}
	return nil
}

func b2iInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
