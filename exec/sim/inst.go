package sim

import "zincc/isa"

// cls is how an instruction reads an operand: its width, and whether it
// is a float (which brings abs/neg modifiers and denormal flushing).
type cls uint8

const (
	cNone  cls = iota
	cB32       // 32 raw bits
	cF32       // f32
	cB16       // 16-bit integer (a VGPR's low or high half)
	cF16       // f16
	cB64       // 64-bit integer (a register pair)
	cF64       // f64
	cPK16      // two packed 16-bit integers (VOP3P)
	cPKF16     // two packed f16 (VOP3P)
	cM32       // 32 raw bits that take abs/neg on bit 31 but are not flushed (v_cndmask)
)

func (c cls) is16() bool { return c == cB16 || c == cF16 }
func (c cls) is64() bool { return c == cB64 || c == cF64 }

// Operand kinds after predecoding.
const (
	opNone uint8 = iota
	opVGPR
	opSGPR    // reg indexes wave.s (vcc, ttmp, m0, exec, null included)
	opConst   // inline constant or literal, value in c
	opSCC     // src_scc
	opSpecial // src_shared_base and other hardware sources: reg is the code
)

// operand is an instruction operand resolved for execution.
type operand struct {
	kind     uint8
	reg      uint16 // VGPR number or SGPR-file index
	n        uint8  // registers covered
	hi       bool   // a 16-bit operand in the high half of its register
	abs, neg bool   // float source modifiers
	c        uint64 // constant value, as the operand's class reads it
}

// inst is one pre-decoded instruction.
type inst struct {
	op     isa.Inst
	x      func(*wave, *inst) // the semantics
	sem    *semantics
	pc     uint64
	next   uint64
	vmax   int  // VGPRs the instruction touches (highest index + 1)
	vector bool // counts its active lanes in the statistics
	src    [3]operand
	dst    operand
	sdst   operand
	txt    string
	dppTab *[64]int8 // DPP lane mapping, for instructions with a DPP word
	dual   [2]*inst  // a VOPD pair's X and Y operations
	wait   waitInfo  // what the wait checker needs (waits.go)
	class  uint8     // the profile's instruction class (profile.go)
}

// text is the instruction's disassembly, made on first use.
func (in *inst) text() string {
	if in.txt == "" {
		in.txt = in.op.String()
	}
	return in.txt
}

// resolve turns an isa operand into an operand read as class c. vop1216
// says whether a 16-bit VGPR operand uses the e32 (true16) encoding, where
// register numbers from 128 name the high halves of v0..v127.
func resolve(o isa.Operand, c cls, hiSel bool, vop1216 bool) operand {
	r := operand{n: o.Count}
	switch o.Kind {
	case isa.OpndNone, isa.OpndOff:
		r.kind = opNone
	case isa.OpndVGPR:
		r.kind, r.reg = opVGPR, o.Reg
		if c.is16() && vop1216 && o.Reg >= 128 {
			r.reg, r.hi = o.Reg-128, true
		}
	case isa.OpndSGPR, isa.OpndVCC, isa.OpndEXEC, isa.OpndTTMP, isa.OpndM0, isa.OpndNull:
		r.kind, r.reg = opSGPR, o.Code()&127
	case isa.OpndSCC:
		r.kind = opSCC
	case isa.OpndSpecial:
		r.kind, r.reg = opSpecial, o.Reg
	case isa.OpndConst, isa.OpndLiteral:
		r.kind = opConst
		switch c {
		case cB16, cF16:
			r.c = uint64(o.ConstValue16())
		case cPK16, cPKF16:
			if o.Kind == isa.OpndLiteral {
				r.c = uint64(o.Value)
			} else {
				v := uint64(o.ConstValue16())
				r.c = v | v<<16
			}
		case cB64:
			r.c = o.ConstValue64(false)
		case cF64:
			r.c = o.ConstValue64(true)
		default:
			r.c = uint64(o.ConstValue32())
		}
	}
	if hiSel && c.is16() {
		r.hi = true
	}
	return r
}

// predecode prepares a decoded instruction for execution, or says why the
// interpreter cannot run it.
func predecode(op isa.Inst, pc uint64, w64 bool) (*inst, string) {
	if int(op.Op) >= len(semTable) || semTable[op.Op] == nil {
		return nil, "the interpreter has no semantics for it"
	}
	if op.Enc == isa.VOPD {
		return predecodeVOPD(op, pc, w64)
	}
	s := semTable[op.Op]
	in := &inst{op: op, x: s.exec, sem: s, pc: pc, next: pc + uint64(op.Size)}
	switch {
	case op.Enc.IsVALU(), op.Enc == isa.DS, op.Enc.IsVMEM():
		in.vector = true
	}
	if op.DPP != isa.NoDPP {
		if !s.dpp {
			return nil, "DPP is not modelled for it"
		}
		in.dppTab = dppTable(&in.op)
	}
	if op.Clamp && !s.clamp {
		return nil, "the clamp modifier is not modelled for it"
	}
	if op.Omod != 0 && !s.omod {
		return nil, "output modifiers (mul:2, mul:4, div:2) are not modelled for it"
	}
	true16 := op.Enc == isa.VOP1 || op.Enc == isa.VOP2 || op.Enc == isa.VOPC
	vop3 := op.Enc == isa.VOP3 || op.Enc == isa.VOP3SD
	for i := 0; i < 3; i++ {
		hiSel := vop3 && op.OpSel&(1<<i) != 0
		in.src[i] = resolve(op.Src[i], s.src[i], hiSel, true16)
		if s.src[i] == cF32 || s.src[i] == cF16 || s.src[i] == cF64 || s.src[i] == cM32 || s.mods {
			in.src[i].abs = op.Abs&(1<<i) != 0
			in.src[i].neg = op.Neg&(1<<i) != 0
		}
	}
	in.dst = resolve(op.Dst, s.dst, vop3 && op.OpSel&8 != 0, true16)
	in.sdst = resolve(op.SDst, cB32, false, false)
	if s.setup != nil {
		if msg := s.setup(in); msg != "" {
			return nil, msg
		}
	}
	for _, o := range [...]*operand{&in.src[0], &in.src[1], &in.src[2], &in.dst} {
		if o.kind == opVGPR {
			n := int(o.n)
			if n == 0 {
				n = 1
			}
			if top := int(o.reg) + n; top > in.vmax {
				in.vmax = top
			}
		}
	}
	return in, ""
}

// errorf builds a predecode refusal.
