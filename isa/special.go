package isa

import "strings"

// Symbolic operands of scalar control instructions: s_waitcnt counters,
// s_delay_alu dependencies, s_wait_alu depctr fields, hwreg(...) and
// sendmsg(...). Each also accepts a plain 16-bit integer.

// specialImm parses the operand of s_delay_alu, s_waitcnt or s_wait_alu.
func (s *stream) specialImm(sh shape, syms symbols) (pOperand, *posError) {
	start := s.peek()
	if start.kind != tkIdent || s.peekN(1).text != "(" {
		o, err := s.core(syms, false)
		return o, err
	}
	var v int64
	switch sh {
	case shWaitcnt:
		v = 0xfff7 // every counter at its maximum
		for !s.atEOF() {
			t := s.next()
			var shift, width uint
			switch t.text {
			case "vmcnt":
				shift, width = 10, 6
			case "expcnt":
				shift, width = 0, 3
			case "lgkmcnt":
				shift, width = 4, 6
			default:
				return pOperand{}, errAt(t, "invalid counter name %s", t.text)
			}
			x, err := s.parenInt(syms)
			if err != nil {
				return pOperand{}, err
			}
			if x < 0 || x >= 1<<width {
				return pOperand{}, errAt(t, "too large value for %s", t.text)
			}
			v = v&^int64((1<<width-1)<<shift) | x<<shift
			if !s.accept("&") {
				s.accept(",")
			}
		}
	case shDelay:
		for !s.atEOF() {
			t := s.next()
			s.next() // (
			at := s.next()
			var field int64
			var shift uint
			switch t.text {
			case "instid0", "instid1":
				field = -1
				for i, n := range delayInstIDs {
					if n == at.text {
						field = int64(i)
					}
				}
				shift = 0
				if t.text == "instid1" {
					shift = 7
				}
			case "instskip":
				field = -1
				for i, n := range delayInstSkips {
					if n == at.text {
						field = int64(i)
					}
				}
				shift = 4
			default:
				return pOperand{}, errAt(t, "invalid field name %s", t.text)
			}
			if field < 0 {
				return pOperand{}, errAt(at, "invalid value name %s", at.text)
			}
			if err := s.expect(")"); err != nil {
				return pOperand{}, err
			}
			v |= field << shift
			if !s.atEOF() {
				if err := s.expect("|"); err != nil {
					return pOperand{}, err
				}
			}
		}
	case shDepctr:
		v = depctrDefault
		for !s.atEOF() {
			t := s.next()
			var f *depctrField
			for i := range depctrFields {
				if depctrFields[i].name == t.text {
					f = &depctrFields[i]
				}
			}
			if f == nil {
				return pOperand{}, errAt(t, "invalid counter name %s", t.text)
			}
			x, err := s.parenInt(syms)
			if err != nil {
				return pOperand{}, err
			}
			if x < 0 || x >= 1<<f.width {
				return pOperand{}, errAt(t, "invalid value for %s", t.text)
			}
			v = v&^int64((1<<f.width-1)<<f.shift) | x<<f.shift
			if !s.accept("&") {
				s.accept(",")
			}
		}
	}
	return pOperand{tok: start, kind: pkInt, ival: v}, nil
}

// parenInt parses "(expr)".
func (s *stream) parenInt(syms symbols) (int64, *posError) {
	if err := s.expect("("); err != nil {
		return 0, err
	}
	v, _, err := s.constExpr(syms)
	if err != nil {
		return 0, err
	}
	return v, s.expect(")")
}

// macroID parses the first argument of hwreg(...) or sendmsg(...): a name
// starting with prefix, looked up in names, or a constant expression from
// 0 to max; named reports which. unknown and outOfRange are the errors.
func (s *stream) macroID(syms symbols, prefix string, names map[uint16]string, max int64, unknown, outOfRange string) (id int64, named bool, err *posError) {
	t := s.peek()
	if t.kind == tkIdent && strings.HasPrefix(t.text, prefix) {
		s.next()
		for k, n := range names {
			if n == t.text {
				return int64(k), true, nil
			}
		}
		return 0, true, errAt(t, "%s", unknown)
	}
	v, _, err := s.constExpr(syms)
	if err != nil {
		return 0, false, err
	}
	if v < 0 || v > max {
		return 0, false, errAt(t, "%s", outOfRange)
	}
	return v, false, nil
}

// hwregMacro parses hwreg(ID[, offset, size]) into s_getreg/s_setreg's
// 16-bit operand: id [5:0], offset [10:6], size-1 [15:11].
func (s *stream) hwregMacro(syms symbols) (int64, *posError) {
	s.next() // hwreg
	s.next() // (
	id, _, err := s.macroID(syms, "HW_REG_", hwregNames, 63,
		"invalid hardware register: not supported on this GPU", "invalid code of hardware register: only 6-bit values are legal")
	if err != nil {
		return 0, err
	}
	off, size := int64(0), int64(32)
	if s.accept(",") {
		ot := s.peek()
		if off, _, err = s.constExpr(syms); err != nil {
			return 0, err
		}
		if off < 0 || off > 31 {
			return 0, errAt(ot, "invalid bit offset: only 5-bit values are legal")
		}
		if err := s.expect(","); err != nil {
			return 0, err
		}
		st := s.peek()
		if size, _, err = s.constExpr(syms); err != nil {
			return 0, err
		}
		if size < 1 || size > 32 {
			return 0, errAt(st, "invalid bitfield width: only values from 1 to 32 are legal")
		}
	}
	if err := s.expect(")"); err != nil {
		return 0, err
	}
	return id | off<<6 | (size-1)<<11, nil
}

// sendmsgMacro parses sendmsg(MSG[, op[, stream]]); on gfx12 only the
// message id (low byte) is encodable.
func (s *stream) sendmsgMacro(syms symbols) (int64, *posError) {
	s.next() // sendmsg
	s.next() // (
	id, named, err := s.macroID(syms, "MSG_", sendmsgNames, 255, "invalid message id: not supported on this GPU", "invalid message id")
	if err != nil {
		return 0, err
	}
	for i := 0; s.accept(","); i++ {
		ot := s.peek()
		v, _, err := s.constExpr(syms)
		if err != nil {
			return 0, err
		}
		if named {
			return 0, errAt(ot, "message does not support operations")
		}
		if v != 0 || i > 1 {
			return 0, errAt(ot, "invalid operation id")
		}
	}
	if err := s.expect(")"); err != nil {
		return 0, err
	}
	return id, nil
}
