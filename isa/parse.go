package isa

import (
	"strconv"
	"strings"
)

// pKind classifies a parsed operand.
type pKind uint8

const (
	pkReg   pKind = iota + 1 // a register or special register
	pkInt                    // an integer whose value is known
	pkFloat                  // a floating-point literal
	pkExpr                   // an expression with symbols not yet known (branch targets)
	pkOff                    // the keyword "off"
)

// pOperand is one operand as written, before it is checked against the
// instruction.
type pOperand struct {
	tok  token // first token, for error positions
	kind pKind
	reg  Operand
	ival int64
	fval float64
	e    *expr
	neg  bool // -x or neg(x)
	abs  bool // |x| or abs(x)
}

// pMod is one trailing modifier such as clamp, offset:16 or op_sel:[1,0].
type pMod struct {
	tok    token  // the modifier name
	name   string // lower case
	hasVal bool
	ival   int64
	ident  string  // identifier value (th:, scope:)
	list   []int64 // [..] value
	isList bool
	valTok token
	used   bool
}

// specialRegs maps special register names to operands; Count 2 means a
// 64-bit register pair.
var specialRegs = map[string]Operand{
	"vcc":                      {Kind: OpndVCC, Count: 2},
	"vcc_lo":                   {Kind: OpndVCC, Count: 1},
	"vcc_hi":                   {Kind: OpndVCC, Reg: 1, Count: 1},
	"exec":                     {Kind: OpndEXEC, Count: 2},
	"exec_lo":                  {Kind: OpndEXEC, Count: 1},
	"exec_hi":                  {Kind: OpndEXEC, Reg: 1, Count: 1},
	"m0":                       {Kind: OpndM0, Count: 1},
	"null":                     {Kind: OpndNull, Count: 1},
	"scc":                      {Kind: OpndSCC, Count: 1},
	"src_scc":                  {Kind: OpndSCC, Count: 1},
	"src_shared_base":          {Kind: OpndSpecial, Reg: 235, Count: 1},
	"shared_base":              {Kind: OpndSpecial, Reg: 235, Count: 1},
	"src_shared_limit":         {Kind: OpndSpecial, Reg: 236, Count: 1},
	"shared_limit":             {Kind: OpndSpecial, Reg: 236, Count: 1},
	"src_private_base":         {Kind: OpndSpecial, Reg: 237, Count: 1},
	"private_base":             {Kind: OpndSpecial, Reg: 237, Count: 1},
	"src_private_limit":        {Kind: OpndSpecial, Reg: 238, Count: 1},
	"private_limit":            {Kind: OpndSpecial, Reg: 238, Count: 1},
	"src_pops_exiting_wave_id": {Kind: OpndSpecial, Reg: codePopsExit, Count: 1},
	"pops_exiting_wave_id":     {Kind: OpndSpecial, Reg: codePopsExit, Count: 1},
}

// unsupportedRegs are names llvm-mc knows but rejects on gfx1201.
var unsupportedRegs = map[string]bool{
	"src_vccz": true, "vccz": true, "src_execz": true, "execz": true,
	"src_lds_direct": true, "lds_direct": true, "flat_scratch": true,
	"flat_scratch_lo": true, "flat_scratch_hi": true, "xnack_mask": true,
	"xnack_mask_lo": true, "xnack_mask_hi": true, "tba": true, "tma": true,
	"tba_lo": true, "tba_hi": true, "tma_lo": true, "tma_hi": true,
}

// regFile returns the register file prefix of name ("s", "v", "ttmp") and
// the remainder, if name starts with one.
func regFile(name string) (string, string) {
	switch {
	case strings.HasPrefix(name, "ttmp"):
		return "ttmp", name[4:]
	case strings.HasPrefix(name, "s"):
		return "s", name[1:]
	case strings.HasPrefix(name, "v"):
		return "v", name[1:]
	}
	return "", ""
}

func allDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// isRegisterStart reports whether identifier t starts a register operand.
func (s *stream) isRegisterStart() bool {
	t := s.peek()
	if t.kind != tkIdent {
		return false
	}
	if _, ok := specialRegs[t.text]; ok {
		return true
	}
	if unsupportedRegs[t.text] {
		return true
	}
	file, rest := regFile(t.text)
	if file == "" {
		return false
	}
	if allDigits(rest) {
		return true
	}
	return rest == "" && s.peekN(1).kind == tkPunct && s.peekN(1).text == "["
}

// regIndex parses one bound of a register range: an expression that
// must evaluate without symbols.
func (s *stream) regIndex() (int64, *posError) {
	t := s.peek()
	e, err := s.parseExpr(false)
	if err != nil {
		return 0, err
	}
	v, err := e.eval(nil)
	if err != nil {
		return 0, errAt(t, "register index must be a number")
	}
	return v, nil
}

// register parses a register operand: s5, v[0:3], ttmp[4:5], vcc_lo, ...
func (s *stream) register() (Operand, *posError) {
	t := s.next()
	if op, ok := specialRegs[t.text]; ok {
		return op, nil
	}
	if unsupportedRegs[t.text] {
		name := strings.TrimPrefix(t.text, "src_")
		return Operand{}, errAt(t, "%s register not available on this GPU", name)
	}
	file, rest := regFile(t.text)
	var lo, hi int64
	if rest != "" {
		v, err := strconv.ParseInt(rest, 10, 32)
		if err != nil {
			return Operand{}, errAt(t, "invalid register %s", t.text)
		}
		lo, hi = v, v
	} else {
		s.next() // '['
		var err *posError
		if lo, err = s.regIndex(); err != nil {
			return Operand{}, err
		}
		hi = lo
		if s.accept(":") {
			if hi, err = s.regIndex(); err != nil {
				return Operand{}, err
			}
		}
		if err := s.expect("]"); err != nil {
			return Operand{}, err
		}
	}
	limit := map[string]int64{"s": 105, "v": 255, "ttmp": 15}[file]
	if lo < 0 || hi < lo || hi > limit {
		return Operand{}, errAt(t, "register index out of range")
	}
	n := hi - lo + 1
	if n != 1 && n != 2 && n != 3 && n != 4 && n != 8 && n != 16 {
		return Operand{}, errAt(t, "invalid register tuple size %d", n)
	}
	if file != "v" {
		if (n == 2 && lo%2 != 0) || (n > 2 && lo%4 != 0) {
			return Operand{}, errAt(t, "invalid register alignment")
		}
	}
	op := Operand{Reg: uint16(lo), Count: uint8(n)}
	switch file {
	case "s":
		op.Kind = OpndSGPR
	case "v":
		op.Kind = OpndVGPR
	default:
		op.Kind = OpndTTMP
	}
	return op, nil
}

// operand parses one instruction operand with its input modifiers.
func (s *stream) operand(syms symbols) (pOperand, *posError) {
	start := s.peek()
	var neg bool
	// -v1, -|v1|, -abs(v1): a neg modifier, not a negative number.
	if s.is("-") {
		n1 := s.peekN(1)
		if (n1.kind == tkPunct && n1.text == "|") || (n1.kind == tkIdent && (n1.text == "abs" || n1.text == "neg") && s.peekN(2).text == "(") {
			s.next()
			neg = true
		} else if n1.kind == tkIdent {
			save := s.i
			s.next()
			if s.isRegisterStart() {
				neg = true
			} else {
				s.i = save
			}
		}
	}
	if s.isIdent("neg") && s.peekN(1).text == "(" {
		s.next()
		s.next()
		inner, err := s.operand(syms)
		if err != nil {
			return inner, err
		}
		if err := s.expect(")"); err != nil {
			return inner, err
		}
		if inner.neg {
			return inner, errAt(start, "invalid neg modifier")
		}
		inner.neg = true
		inner.tok = start
		return inner, nil
	}
	end := "" // abs(x) or |x|
	switch {
	case s.isIdent("abs") && s.peekN(1).text == "(":
		s.next()
		s.next()
		end = ")"
	case s.accept("|"):
		end = "|"
	}
	if end != "" {
		inner, err := s.core(syms, end == "|")
		if err != nil {
			return inner, err
		}
		if err := s.expect(end); err != nil {
			return inner, err
		}
		inner.abs, inner.neg, inner.tok = true, neg, start
		return inner, nil
	}
	o, err := s.core(syms, false)
	o.neg = neg
	o.tok = start
	return o, err
}

// core parses a register, float, "off" or integer expression.
func (s *stream) core(syms symbols, noPipe bool) (pOperand, *posError) {
	t := s.peek()
	if s.isRegisterStart() {
		r, err := s.register()
		return pOperand{tok: t, kind: pkReg, reg: r}, err
	}
	if t.kind == tkIdent && t.text == "off" {
		s.next()
		return pOperand{tok: t, kind: pkOff}, nil
	}
	if t.kind == tkFloat {
		s.next()
		return pOperand{tok: t, kind: pkFloat, fval: t.fval}, nil
	}
	if t.kind == tkIdent && (t.text == "hwreg" || t.text == "sendmsg") && s.peekN(1).text == "(" {
		var v int64
		var err *posError
		if t.text == "hwreg" {
			v, err = s.hwregMacro(syms)
		} else {
			v, err = s.sendmsgMacro(syms)
		}
		return pOperand{tok: t, kind: pkInt, ival: v}, err
	}
	if t.kind == tkPunct && t.text == "-" && s.peekN(1).kind == tkFloat {
		s.next()
		f := s.next()
		return pOperand{tok: t, kind: pkFloat, fval: -f.fval}, nil
	}
	e, err := s.parseExpr(noPipe)
	if err != nil {
		return pOperand{tok: t}, err
	}
	if e.hasSymbols() {
		if v, err := e.eval(syms); err == nil {
			return pOperand{tok: t, kind: pkInt, ival: v}, nil
		}
		return pOperand{tok: t, kind: pkExpr, e: e}, nil
	}
	v, perr := e.eval(nil)
	return pOperand{tok: t, kind: pkInt, ival: v}, perr
}

// operands parses a comma-separated operand list; it stops before the
// first trailing modifier.
func (s *stream) operands(syms symbols) ([]pOperand, *posError) {
	var ops []pOperand
	if s.atEOF() || s.startsModifier() {
		return nil, nil
	}
	for {
		o, err := s.operand(syms)
		if err != nil {
			return ops, err
		}
		ops = append(ops, o)
		if !s.accept(",") {
			return ops, nil
		}
	}
}

// bareModifiers are modifiers written without a value.
var bareModifiers = map[string]bool{
	"clamp": true, "row_mirror": true, "row_half_mirror": true, "nv": true,
	"glc": true, "slc": true, "dlc": true, "gds": true, "lds": true, "tfe": true,
}

// startsModifier reports whether the next tokens begin a trailing modifier
// rather than an operand.
func (s *stream) startsModifier() bool {
	t := s.peek()
	if t.kind != tkIdent {
		return false
	}
	if n := s.peekN(1); n.kind == tkPunct && n.text == ":" {
		return true
	}
	return bareModifiers[strings.ToLower(t.text)]
}

// modifiers parses trailing modifiers to the end of the line.
func (s *stream) modifiers(syms symbols) ([]pMod, *posError) {
	var mods []pMod
	for !s.atEOF() {
		t := s.next()
		if t.kind != tkIdent {
			return mods, errAt(t, "unexpected '%s'", t.text)
		}
		m := pMod{tok: t, name: strings.ToLower(t.text)}
		if s.accept(":") {
			m.hasVal = true
			m.valTok = s.peek()
			switch {
			case s.accept("["):
				m.isList = true
				for {
					v, _, err := s.constExpr(syms)
					if err != nil {
						return mods, err
					}
					m.list = append(m.list, v)
					if s.accept("]") {
						break
					}
					if err := s.expect(","); err != nil {
						return mods, err
					}
				}
			case m.name == "offset" && s.isIdent("swizzle") && s.peekN(1).text == "(":
				v, err := s.swizzleMacro(syms)
				if err != nil {
					return mods, err
				}
				m.ival = v
			case s.peek().kind == tkIdent && (m.name == "th" || m.name == "scope"):
				m.ident = s.next().text
			default:
				v, _, err := s.constExpr(syms)
				if err != nil {
					return mods, err
				}
				m.ival = v
			}
		} else if !bareModifiers[m.name] {
			if s.is(",") {
				return mods, errAt(s.peek(), "too many operands for instruction")
			}
			return mods, errAt(t, "unknown modifier '%s'", t.text)
		}
		mods = append(mods, m)
	}
	return mods, nil
}

// swizzleMacro parses swizzle(MODE, ...) into ds_swizzle's 16-bit offset.
func (s *stream) swizzleMacro(syms symbols) (int64, *posError) {
	s.next() // swizzle
	s.next() // (
	mt := s.next()
	if mt.kind != tkIdent {
		return 0, errAt(mt, "expected a swizzle mode")
	}
	args := func(n int) ([]int64, *posError) {
		var v []int64
		for i := 0; i < n; i++ {
			if err := s.expect(","); err != nil {
				return nil, err
			}
			x, _, err := s.constExpr(syms)
			if err != nil {
				return nil, err
			}
			v = append(v, x)
		}
		return v, nil
	}
	var res int64
	switch mt.text {
	case "QUAD_PERM":
		v, err := args(4)
		if err != nil {
			return 0, err
		}
		res = 0x8000
		for i, x := range v {
			if x < 0 || x > 3 {
				return 0, errAt(mt, "a lane id must be in the range [0, 3]")
			}
			res |= x << (2 * uint(i))
		}
	case "SWAP":
		v, err := args(1)
		if err != nil {
			return 0, err
		}
		if v[0] < 1 || v[0] > 16 || v[0]&(v[0]-1) != 0 {
			return 0, errAt(mt, "group size must be a power of two in [1, 16]")
		}
		res = 0x1f | v[0]<<10
	case "REVERSE":
		v, err := args(1)
		if err != nil {
			return 0, err
		}
		if v[0] < 2 || v[0] > 32 || v[0]&(v[0]-1) != 0 {
			return 0, errAt(mt, "group size must be a power of two in [2, 32]")
		}
		res = 0x1f | (v[0]-1)<<10
	case "BROADCAST":
		v, err := args(2)
		if err != nil {
			return 0, err
		}
		if v[0] < 2 || v[0] > 32 || v[0]&(v[0]-1) != 0 {
			return 0, errAt(mt, "group size must be a power of two in [2, 32]")
		}
		if v[1] < 0 || v[1] >= v[0] {
			return 0, errAt(mt, "lane id must be in the range [0, group size - 1]")
		}
		res = (0x20-v[0])&0x1f | v[1]<<5
	case "BITMASK_PERM":
		if err := s.expect(","); err != nil {
			return 0, err
		}
		st := s.next()
		if st.kind != tkString || len(st.text) != 5 {
			return 0, errAt(st, "expected a 5-character mask")
		}
		var and, or, xor int64
		for i := 0; i < 5; i++ {
			bit := int64(1) << uint(4-i)
			switch st.text[i] {
			case '0':
			case '1':
				or |= bit
			case 'p':
				and |= bit
			case 'i':
				and |= bit
				xor |= bit
			default:
				return 0, errAt(st, "invalid mask")
			}
		}
		res = and | or<<5 | xor<<10
	default:
		return 0, errAt(mt, "unknown swizzle mode %s", mt.text)
	}
	if err := s.expect(")"); err != nil {
		return 0, err
	}
	return res, nil
}
