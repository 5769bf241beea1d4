package isa

import (
	"strings"
)

// builder turns one parsed instruction line into an Inst, choosing the
// encoding the way llvm-mc 19 does.
type builder struct {
	info   *opInfo
	op     Op
	mn     token  // the mnemonic token
	suffix string // "", "_e32", "_e64", "_dpp", "_e64_dpp"
	ops    []pOperand
	mods   []pMod
	wave64 bool
	in     Inst
	branch *expr // unresolved branch target (SOPP branches)

	srcTok    [3]token    // where each VALU source was written
	constMods uint8       // sources that are constants with neg/abs
	constSrc  [3]pOperand // those constants as written
}

// mod returns the modifier called name and marks it used.
func (b *builder) mod(name string) *pMod {
	for i := range b.mods {
		if b.mods[i].name == name {
			b.mods[i].used = true
			return &b.mods[i]
		}
	}
	return nil
}

// leftoverMods reports the first modifier the instruction did not accept.
func (b *builder) leftoverMods() *posError {
	for _, m := range b.mods {
		if !m.used {
			switch m.name {
			case "gds":
				return errAt(m.tok, "gds modifier is not supported on this GPU")
			case "glc", "slc", "dlc", "nv", "lds", "tfe":
				return errAt(m.tok, "%s modifier is not supported on this GPU", m.name)
			}
			return errAt(m.tok, "invalid modifier '%s' for instruction", m.name)
		}
	}
	return nil
}

// seen reports whether the same modifier was written twice.
func (b *builder) duplicateMods() *posError {
	for i := range b.mods {
		for j := 0; j < i; j++ {
			if b.mods[i].name == b.mods[j].name {
				return errAt(b.mods[i].tok, "duplicate modifier '%s'", b.mods[i].name)
			}
		}
	}
	return nil
}

func (b *builder) wantOps(n int) *posError {
	if len(b.ops) < n {
		t := b.mn
		if len(b.ops) > 0 {
			t = b.ops[len(b.ops)-1].tok
		}
		return errAt(t, "too few operands for instruction")
	}
	if len(b.ops) > n {
		return errAt(b.ops[n].tok, "too many operands for instruction")
	}
	return nil
}

func (b *builder) noMods(o pOperand) *posError {
	if o.neg || o.abs {
		return errAt(o.tok, "not a valid operand")
	}
	return nil
}

// sreg checks that o is a scalar register destination or source of count
// registers.
func (b *builder) sreg(o pOperand, count int) (Operand, *posError) {
	if err := b.noMods(o); err != nil {
		return Operand{}, err
	}
	if o.kind != pkReg || o.reg.Kind == OpndVGPR || o.reg.Kind == OpndSCC || o.reg.Kind == OpndSpecial {
		return Operand{}, errAt(o.tok, "invalid operand for instruction: expected a scalar register")
	}
	r := o.reg
	if r.Kind == OpndNull && count > 1 {
		r.Count = uint8(count)
	}
	if int(r.Count) != count {
		return Operand{}, errAt(o.tok, "invalid operand for instruction: expected %d scalar register(s)", count)
	}
	return r, nil
}

// vreg checks that o is a VGPR tuple of count registers.
func (b *builder) vreg(o pOperand, count int) (Operand, *posError) {
	if err := b.noMods(o); err != nil {
		return Operand{}, err
	}
	if o.kind != pkReg || o.reg.Kind != OpndVGPR {
		return Operand{}, errAt(o.tok, "invalid operand for instruction: expected a VGPR")
	}
	if int(o.reg.Count) != count {
		return Operand{}, errAt(o.tok, "invalid operand for instruction: expected %d VGPR(s)", count)
	}
	return o.reg, nil
}

// maskCount is the register count of a wave-wide mask.
func (b *builder) maskCount() int {
	if b.wave64 {
		return 2
	}
	return 1
}

// mask checks a wave-mask operand (compare result, carry, condition).
func (b *builder) mask(o pOperand) (Operand, *posError) {
	r, err := b.sreg(o, b.maskCount())
	if err != nil {
		if o.kind == pkReg && o.reg.IsScalar() {
			if b.wave64 {
				return r, errAt(o.tok, "invalid operand for instruction: wave64 masks are register pairs")
			}
			return r, errAt(o.tok, "invalid operand for instruction: wave32 masks are single registers")
		}
		return r, err
	}
	return r, nil
}

func (b *builder) isVCC(r Operand) bool { return r.Kind == OpndVCC && r.Reg == 0 }

// source converts operand o into a source of type t.
func (b *builder) source(o pOperand, t opType) (Operand, *posError) {
	switch o.kind {
	case pkReg:
		r := o.reg
		switch t {
		case tV32:
			if r.Kind != OpndVGPR {
				return r, errAt(o.tok, "invalid operand for instruction: expected a VGPR")
			}
		case tS64:
			if r.Kind == OpndVGPR || !r.IsReg() {
				return r, errAt(o.tok, "invalid operand for instruction: expected a scalar register pair")
			}
		case tM0Imm:
			if r.Kind != OpndM0 {
				return r, errAt(o.tok, "invalid operand for instruction: expected m0 or an inline constant")
			}
		case tLane:
			if r.Kind == OpndVGPR {
				return r, errAt(o.tok, "invalid operand for instruction: lane select must be scalar")
			}
		}
		if r.Kind == OpndNull || r.Kind == OpndSCC || r.Kind == OpndSpecial {
			r.Count = uint8(t.regs())
			if t.regs() == 0 {
				r.Count = 1
			}
		}
		want := t.regs()
		if t == tLane || t == tM0Imm {
			want = 1
		}
		if int(r.Count) != want {
			return r, errAt(o.tok, "invalid operand for instruction: expected %d register(s)", want)
		}
		return r, nil
	case pkInt, pkFloat:
		if t == tV32 || t == tS64 {
			return Operand{}, errAt(o.tok, "invalid operand for instruction: expected a register")
		}
		c, err := constOperand(o, t)
		if err != nil {
			return c, err
		}
		if (t == tM0Imm || t == tLane) && c.Kind == OpndLiteral {
			return c, errAt(o.tok, "invalid operand for instruction: literal not allowed here")
		}
		return c, nil
	case pkExpr:
		_, err := o.e.eval(nil)
		if err != nil {
			return Operand{}, err
		}
	case pkOff:
		return Operand{}, errAt(o.tok, "invalid operand for instruction")
	}
	return Operand{}, errAt(o.tok, "invalid operand for instruction")
}

// checkLiterals enforces one unique literal per instruction.
func (b *builder) checkLiterals(srcTok []token) *posError {
	var lit uint32
	have := false
	for i := range b.in.Src {
		o := b.in.Src[i]
		if o.Kind != OpndLiteral {
			continue
		}
		if have && o.Value != lit {
			return errAt(srcTok[i], "only one unique literal operand is allowed")
		}
		lit, have = o.Value, true
	}
	return nil
}

// build assembles the instruction.
func (b *builder) build() *posError {
	if err := b.duplicateMods(); err != nil {
		return err
	}
	info := b.info
	b.in.Op = b.op
	b.in.Enc = info.enc
	var err *posError
	switch info.enc {
	case SOP1, SOP2, SOPC:
		err = b.salu()
	case SOPK:
		err = b.sopk()
	case SOPP:
		err = b.sopp()
	case SMEM:
		err = b.smem()
	case DS:
		err = b.ds()
	case VGLOBAL, VFLAT, VSCRATCH:
		err = b.vglobal()
	default:
		err = b.valu()
	}
	if err != nil {
		return err
	}
	if err := b.leftoverMods(); err != nil {
		return err
	}
	if b.suffix != "" && !b.in.Enc.IsVALU() {
		return errAt(b.mn, "invalid instruction suffix %s", b.suffix)
	}
	var buf [16]byte
	n, eerr := b.in.encode(&buf)
	if eerr != nil {
		return errAt(b.mn, "%v", eerr)
	}
	b.in.Size = uint8(n)
	return nil
}

func (b *builder) salu() *posError {
	info := b.info
	n := info.nsrc()
	first := 0
	if info.dst != tNone {
		first = 1
	}
	if err := b.wantOps(first + n); err != nil {
		return err
	}
	if info.dst != tNone {
		r, err := b.sreg(b.ops[0], info.dst.regs())
		if err != nil {
			return err
		}
		b.in.Dst = r
	}
	var toks [3]token
	for i := 0; i < n; i++ {
		o := b.ops[first+i]
		toks[i] = o.tok
		if err := b.noMods(o); err != nil {
			return err
		}
		if o.kind == pkReg && o.reg.Kind == OpndVGPR {
			return errAt(o.tok, "invalid operand for instruction: scalar instructions cannot read VGPRs")
		}
		var s Operand
		var err *posError
		if (info.shape == shFmamk && i == 1) || (info.shape == shFmaak && i == 2) {
			s, err = b.kConst(o, tB32) // s_fmamk/s_fmaak's K: always a literal
		} else {
			s, err = b.source(o, info.src[i])
		}
		if err != nil {
			return err
		}
		b.in.Src[i] = s
	}
	return b.checkLiterals(toks[:])
}

func (b *builder) imm16(o pOperand) (int32, *posError) {
	if err := b.noMods(o); err != nil {
		return 0, err
	}
	if o.kind != pkInt {
		return 0, errAt(o.tok, "invalid operand for instruction: expected an integer")
	}
	if o.ival < -32768 || o.ival > 65535 {
		return 0, errAt(o.tok, "immediate out of range: expected a 16-bit value")
	}
	return int32(uint16(o.ival)), nil
}

func (b *builder) sopk() *posError {
	info := b.info
	switch info.shape {
	case shSOPK:
		if err := b.wantOps(2); err != nil {
			return err
		}
		r, err := b.sreg(b.ops[0], 1)
		if err != nil {
			return err
		}
		b.in.Dst = r
		b.in.Imm, err = b.imm16(b.ops[1])
		return err
	case shGetreg, shSetreg, shSetregImm:
		// Parsed by customOperands: ops[0] is hwreg (as pkInt), ops[1] the other.
		if err := b.wantOps(2); err != nil {
			return err
		}
		hw, other := b.ops[0], b.ops[1]
		if info.shape == shGetreg {
			hw, other = b.ops[1], b.ops[0]
		}
		imm, err := b.imm16(hw)
		if err != nil {
			return err
		}
		b.in.Imm = imm
		switch info.shape {
		case shGetreg:
			r, err := b.sreg(other, 1)
			if err != nil {
				return err
			}
			b.in.Dst = r
		case shSetreg:
			r, err := b.sreg(other, 1)
			if err != nil {
				return err
			}
			b.in.Src[0] = r
		case shSetregImm:
			if err := b.noMods(other); err != nil {
				return err
			}
			switch other.kind {
			case pkInt:
				if other.ival < -(1<<31) || other.ival > 1<<32-1 {
					return errAt(other.tok, "immediate out of range: expected a 32-bit value")
				}
				b.in.Src[0] = litOp(uint32(other.ival))
			case pkFloat:
				bits, ok := f32Bits(other.fval)
				if !ok {
					return errAt(other.tok, "invalid operand for instruction")
				}
				b.in.Src[0] = litOp(bits)
			default:
				return errAt(other.tok, "invalid operand for instruction: expected an immediate")
			}
		}
	}
	return nil
}

func (b *builder) sopp() *posError {
	info := b.info
	switch info.shape {
	case shNone:
		return b.wantOps(0)
	case shEndpgm:
		if len(b.ops) == 0 {
			return nil
		}
		if err := b.wantOps(1); err != nil {
			return err
		}
		var err *posError
		b.in.Imm, err = b.imm16(b.ops[0])
		return err
	case shBranch:
		if err := b.wantOps(1); err != nil {
			return err
		}
		o := b.ops[0]
		if err := b.noMods(o); err != nil {
			return err
		}
		switch o.kind {
		case pkInt:
			if o.ival < -32768 || o.ival > 65535 {
				return errAt(o.tok, "immediate out of range: branch offset must fit 16 bits")
			}
			b.in.Imm = int32(int16(uint16(o.ival)))
		case pkExpr:
			if o.e.op != "sym" {
				return errAt(o.tok, "expected an absolute expression or a label")
			}
			b.branch = o.e
		default:
			return errAt(o.tok, "invalid operand for instruction: expected a label")
		}
		return nil
	default:
		if err := b.wantOps(1); err != nil {
			return err
		}
		var err *posError
		b.in.Imm, err = b.imm16(b.ops[0])
		return err
	}
}

func (b *builder) offset24(o pOperand, v int64, t token) (int32, *posError) {
	if v < -0x800000 || v > 0x7fffff {
		return 0, errAt(t, "expected a 24-bit signed offset")
	}
	return int32(v), nil
}

// cachePolicy applies th: and scope: modifiers; kind is 'l', 's', 'a' or
// 'm' (SMEM).
func (b *builder) cachePolicy(kind byte) *posError {
	if m := b.mod("scope"); m != nil {
		v := -1
		for i, n := range scopeNames {
			if m.ident == n {
				v = i
			}
		}
		if v < 0 {
			return errAt(m.valTok, "invalid scope value")
		}
		b.in.Scope = uint8(v)
	}
	m := b.mod("th")
	if m == nil {
		return nil
	}
	names := map[string]int{}
	switch kind {
	case 'l', 'm':
		names = map[string]int{"TH_LOAD_RT": 0, "TH_LOAD_NT": 1, "TH_LOAD_HT": 2, "TH_LOAD_LU": 3, "TH_LOAD_BYPASS": 3,
			"TH_LOAD_NT_RT": 4, "TH_LOAD_RT_NT": 5, "TH_LOAD_NT_HT": 6}
	case 's':
		names = map[string]int{"TH_STORE_RT": 0, "TH_STORE_NT": 1, "TH_STORE_HT": 2, "TH_STORE_RT_WB": 3, "TH_STORE_BYPASS": 3,
			"TH_STORE_NT_RT": 4, "TH_STORE_RT_NT": 5, "TH_STORE_NT_HT": 6, "TH_STORE_NT_WB": 7}
	case 'a':
		names = map[string]int{"TH_ATOMIC_RT": 0, "TH_ATOMIC_RETURN": 1, "TH_ATOMIC_NT": 2, "TH_ATOMIC_NT_RETURN": 3,
			"TH_ATOMIC_CASCADE_RT": 4, "TH_ATOMIC_CASCADE_NT": 6}
	}
	v, ok := names[m.ident]
	if !ok {
		return errAt(m.valTok, "invalid th value")
	}
	if kind == 'm' && v > 3 {
		return errAt(m.valTok, "invalid th value for SMEM instruction")
	}
	bypass := strings.HasSuffix(m.ident, "_BYPASS")
	if v == 3 && kind != 'a' && bypass != (b.in.Scope == 3) {
		return errAt(m.valTok, "scope and th combination is not valid")
	}
	b.in.TH = uint8(v)
	return nil
}

func (b *builder) smem() *posError {
	info := b.info
	if info.shape == shNone {
		return b.wantOps(0)
	}
	if len(b.ops) == 2 {
		b.ops = append(b.ops, pOperand{tok: b.ops[1].tok, kind: pkInt})
	}
	if err := b.wantOps(3); err != nil {
		return err
	}
	r, err := b.sreg(b.ops[0], info.dst.regs())
	if err != nil {
		return err
	}
	b.in.Dst = r
	nbase := 2
	if info.shape == shSBufLoad {
		nbase = 4
	}
	if b.in.Src[0], err = b.sreg(b.ops[1], nbase); err != nil {
		return err
	}
	o := b.ops[2]
	switch {
	case o.kind == pkInt:
		if b.in.Offset, err = b.offset24(o, o.ival, o.tok); err != nil {
			return err
		}
	case o.kind == pkReg && o.reg.Kind == OpndNull:
	case o.kind == pkReg:
		if b.in.SAddr, err = b.sreg(o, 1); err != nil {
			return err
		}
		if m := b.mod("offset"); m != nil {
			if b.in.Offset, err = b.offset24(o, m.ival, m.valTok); err != nil {
				return err
			}
		}
	default:
		return errAt(o.tok, "invalid operand for instruction: expected an offset or an SGPR")
	}
	return b.cachePolicy('m')
}

func (b *builder) ds() *posError {
	info := b.info
	var want int
	switch info.shape {
	case shDSLoad, shDSStore, shDSSwizzle:
		want = 2
	case shDSLoad2:
		want = 2
	case shDSStore2, shDSAtomic2, shDSAtomicRtn:
		want = 3
	case shDSStore2Rtn, shDSAtomic2Rtn:
		want = 4
	case shDSNoAddr:
		want = 1
	}
	if err := b.wantOps(want); err != nil {
		return err
	}
	k := 0
	next := func() pOperand { o := b.ops[k]; k++; return o }
	var err *posError
	if info.dst != tNone {
		if b.in.Dst, err = b.vreg(next(), info.dst.regs()); err != nil {
			return err
		}
	}
	if info.shape != shDSNoAddr {
		if b.in.Src[0], err = b.vreg(next(), 1); err != nil {
			return err
		}
	}
	for i := 1; i <= 2; i++ {
		if info.src[i] != tNone {
			if b.in.Src[i], err = b.vreg(next(), info.src[i].regs()); err != nil {
				return err
			}
		}
	}
	switch info.shape {
	case shDSLoad2, shDSStore2, shDSStore2Rtn:
		if m := b.mod("offset0"); m != nil {
			if m.ival < 0 || m.ival > 255 {
				return errAt(m.valTok, "invalid offset0 value.")
			}
			b.in.Offset = int32(m.ival)
		}
		if m := b.mod("offset1"); m != nil {
			if m.ival < 0 || m.ival > 255 {
				return errAt(m.valTok, "invalid offset1 value.")
			}
			b.in.Offset1 = uint8(m.ival)
		}
	default:
		if m := b.mod("offset"); m != nil {
			if m.ival < 0 || m.ival > 65535 {
				return errAt(m.valTok, "expected a 16-bit unsigned offset")
			}
			b.in.Offset = int32(m.ival)
		}
	}
	return nil
}

func (b *builder) vglobal() *posError {
	info := b.info
	kind := byte('l')
	switch info.shape {
	case shGCache:
		if err := b.wantOps(0); err != nil {
			return err
		}
		b.in.SAddr = Operand{Kind: OpndOff}
		return b.cachePolicy('l') // llvm-mc takes load hints here
	case shGStore:
		kind = 's'
	case shGAtomic:
		kind = 'a'
	}
	// Operands: [vdst,] vaddr[, vdata][, saddr] -- flat has no saddr.
	want := 3
	if info.enc == VFLAT {
		want = 2
	}
	hasRet := info.shape == shGAtomic && len(b.ops) == want+1
	if hasRet {
		want++
	}
	if err := b.wantOps(want); err != nil {
		return err
	}
	k := 0
	var err *posError
	if info.shape == shGLoad || hasRet {
		if b.in.Dst, err = b.vreg(b.ops[0], info.dst.regs()); err != nil {
			return err
		}
		k = 1
	}
	vaddr := b.ops[k]
	var vdata pOperand
	if info.shape != shGLoad {
		vdata = b.ops[k+1]
	}
	switch info.enc {
	case VFLAT:
		b.in.SAddr = Operand{Kind: OpndOff}
		if b.in.Src[0], err = b.vreg(vaddr, 2); err != nil {
			return err
		}
	case VSCRATCH:
		saddr := b.ops[len(b.ops)-1]
		b.in.SAddr = Operand{Kind: OpndOff}
		if saddr.kind != pkOff {
			if b.in.SAddr, err = b.sreg(saddr, 1); err != nil {
				return err
			}
			if b.in.SAddr.Kind == OpndNull {
				b.in.SAddr = Operand{Kind: OpndOff}
			}
		}
		b.in.Src[0] = Operand{Kind: OpndOff}
		if vaddr.kind != pkOff {
			if b.in.Src[0], err = b.vreg(vaddr, 1); err != nil {
				return err
			}
		}
	default:
		saddr := b.ops[len(b.ops)-1]
		switch {
		case saddr.kind == pkOff:
			b.in.SAddr = Operand{Kind: OpndOff}
			if b.in.Src[0], err = b.vreg(vaddr, 2); err != nil {
				return err
			}
		default:
			if b.in.SAddr, err = b.sreg(saddr, 2); err != nil {
				return err
			}
			if b.in.SAddr.Kind == OpndNull {
				return errAt(saddr.tok, "invalid operand for instruction: use off")
			}
			if b.in.Src[0], err = b.vreg(vaddr, 1); err != nil {
				return err
			}
		}
	}
	if info.shape != shGLoad {
		if b.in.Src[1], err = b.vreg(vdata, info.src[1].regs()); err != nil {
			return err
		}
	}
	if m := b.mod("offset"); m != nil {
		if b.in.Offset, err = b.offset24(vaddr, m.ival, m.valTok); err != nil {
			return err
		}
	}
	if err := b.cachePolicy(kind); err != nil {
		return err
	}
	if info.shape == shGAtomic {
		ret := b.in.TH&1 != 0
		if hasRet && !ret {
			return errAt(b.ops[0].tok, "instruction must use th:TH_ATOMIC_RETURN")
		}
		if !hasRet && ret {
			return errAt(b.mn, "instruction with th:TH_ATOMIC_RETURN needs a destination")
		}
	}
	return nil
}
