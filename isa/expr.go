package isa

import "fmt"

var sprintf = fmt.Sprintf

// expr is a parsed integer expression. Symbols are resolved when the
// expression is evaluated, so branches may refer to labels defined later.
type expr struct {
	op    string // "num", "sym", "neg", "not", "lnot", or a binary operator
	val   int64
	name  string
	tok   token // where the expression (or symbol) starts, for errors
	left  *expr
	right *expr
}

// symbols looks up a symbol's value; ok=false if it is not (yet) defined.
type symbols func(name string) (int64, bool)

// hasSymbols reports whether the expression refers to any symbol.
func (e *expr) hasSymbols() bool {
	if e == nil {
		return false
	}
	return e.op == "sym" || e.left.hasSymbols() || e.right.hasSymbols()
}

// eval computes the expression; an undefined symbol is an error naming it.
func (e *expr) eval(syms symbols) (int64, *posError) {
	switch e.op {
	case "num":
		return e.val, nil
	case "sym":
		if syms != nil {
			if v, ok := syms(e.name); ok {
				return v, nil
			}
		}
		return 0, errAt(e.tok, "undefined symbol '%s'", e.name)
	}
	l, err := e.left.eval(syms)
	if err != nil {
		return 0, err
	}
	switch e.op {
	case "neg":
		return -l, nil
	case "not":
		return ^l, nil
	case "lnot":
		return b2i(l == 0), nil
	}
	r, err := e.right.eval(syms)
	if err != nil {
		return 0, err
	}
	switch e.op {
	case "+":
		return l + r, nil
	case "-":
		return l - r, nil
	case "*":
		return l * r, nil
	case "/", "%":
		if r == 0 {
			return 0, errAt(e.tok, "division by zero")
		}
		if e.op == "/" {
			return l / r, nil
		}
		return l % r, nil
	case "<<":
		return l << uint64(r&63), nil
	case ">>":
		return l >> uint64(r&63), nil
	case "&":
		return l & r, nil
	case "|":
		return l | r, nil
	case "^":
		return l ^ r, nil
	case "&&":
		return b2i(l != 0 && r != 0), nil
	case "||":
		return b2i(l != 0 || r != 0), nil
	case "==":
		return b2i(l == r), nil
	case "!=":
		return b2i(l != r), nil
	case "<":
		return b2i(l < r), nil
	case "<=":
		return b2i(l <= r), nil
	case ">":
		return b2i(l > r), nil
	case ">=":
		return b2i(l >= r), nil
	}
	return 0, errAt(e.tok, "bad operator %s", e.op)
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// binPrec gives binary operator precedence as llvm-mc's default (non-GNU)
// mode does; higher binds tighter.
func binPrec(op string) int {
	switch op {
	case "||", "&&":
		return 1
	case "==", "!=", "<", "<=", ">", ">=":
		return 2
	case "|", "^", "&":
		return 3
	case "+", "-":
		return 4
	case "*", "/", "%", "<<", ">>":
		return 5
	}
	return 0
}

// parseExpr parses an integer expression. If noPipe is set, '|' ends the
// expression (inside |...| absolute-value bars).
func (s *stream) parseExpr(noPipe bool) (*expr, *posError) {
	return s.parseBinary(1, noPipe)
}

func (s *stream) parseBinary(minPrec int, noPipe bool) (*expr, *posError) {
	left, err := s.parseUnary(noPipe)
	if err != nil {
		return nil, err
	}
	for {
		t := s.peek()
		if t.kind != tkPunct || (noPipe && t.text == "|") {
			return left, nil
		}
		p := binPrec(t.text)
		if p == 0 || p < minPrec {
			return left, nil
		}
		s.next()
		right, err := s.parseBinary(p+1, noPipe)
		if err != nil {
			return nil, err
		}
		left = &expr{op: t.text, tok: t, left: left, right: right}
	}
}

func (s *stream) parseUnary(noPipe bool) (*expr, *posError) {
	t := s.peek()
	if t.kind == tkPunct {
		switch t.text {
		case "-", "~", "!", "+":
			s.next()
			x, err := s.parseUnary(noPipe)
			if err != nil {
				return nil, err
			}
			switch t.text {
			case "-":
				if x.op == "num" {
					return &expr{op: "num", val: -x.val, tok: t}, nil
				}
				return &expr{op: "neg", tok: t, left: x}, nil
			case "~":
				return &expr{op: "not", tok: t, left: x}, nil
			case "!":
				return &expr{op: "lnot", tok: t, left: x}, nil
			}
			return x, nil
		case "(":
			s.next()
			x, err := s.parseBinary(1, false)
			if err != nil {
				return nil, err
			}
			if err := s.expect(")"); err != nil {
				return nil, err
			}
			return x, nil
		}
	}
	switch t.kind {
	case tkInt:
		s.next()
		return &expr{op: "num", val: int64(t.ival), tok: t}, nil
	case tkIdent:
		s.next()
		return &expr{op: "sym", name: t.text, tok: t}, nil
	case tkEOF:
		return nil, errAt(t, "expected an expression")
	}
	return nil, errAt(t, "unexpected '%s' in expression", t.text)
}

// constExpr parses an expression that must evaluate now.
func (s *stream) constExpr(syms symbols) (int64, token, *posError) {
	t := s.peek()
	e, err := s.parseExpr(false)
	if err != nil {
		return 0, t, err
	}
	v, err := e.eval(syms)
	return v, t, err
}
