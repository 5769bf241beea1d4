package isa

import (
	"strconv"
	"strings"
)

// tokKind classifies a token of assembler source.
type tokKind uint8

const (
	tkEOF    tokKind = iota
	tkIdent          // s_mov_b32, v0, .Lend, TH_LOAD_NT
	tkInt            // 16, 0x10, 0b101, 017
	tkFloat          // 1.5, 2e3
	tkString         // "amdgcn-amd-amdhsa--gfx1201" (text holds the unquoted value)
	tkPunct          // , [ ] ( ) : | + - * / % & ^ ~ ! < > = @ << >> <= >= == != && ||
)

// token is one lexical element of a line; col is its 1-based column.
type token struct {
	kind tokKind
	text string
	col  int
	end  int     // index just past the token in its line (0-based)
	ival uint64  // tkInt
	fval float64 // tkFloat
}

// stripComments blanks out comments while keeping line and column
// positions: "; ..." and "// ..." to the end of the line, "#" at the start
// of a line, and "/* ... */" blocks (which may span lines).
func stripComments(src []byte) []string {
	var lines []string
	var cur []byte
	inBlock := false
	lineStart := true
	for i := 0; i < len(src); i++ {
		c := src[i]
		if c == '\n' {
			lines = append(lines, string(cur))
			cur = cur[:0]
			lineStart = true
			continue
		}
		if inBlock {
			if c == '*' && i+1 < len(src) && src[i+1] == '/' {
				inBlock = false
				cur = append(cur, ' ', ' ')
				i++
			} else if c == '\t' {
				cur = append(cur, '\t')
			} else {
				cur = append(cur, ' ')
			}
			continue
		}
		switch {
		case c == '"':
			// Copy a string literal verbatim.
			cur = append(cur, c)
			for i+1 < len(src) && src[i+1] != '\n' {
				i++
				cur = append(cur, src[i])
				if src[i] == '\\' && i+1 < len(src) && src[i+1] != '\n' {
					i++
					cur = append(cur, src[i])
					continue
				}
				if src[i] == '"' {
					break
				}
			}
		case c == ';' || (c == '/' && i+1 < len(src) && src[i+1] == '/') || (c == '#' && lineStart):
			for i+1 < len(src) && src[i+1] != '\n' {
				i++
			}
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			inBlock = true
			cur = append(cur, ' ', ' ')
			i++
		default:
			cur = append(cur, c)
			if c != ' ' && c != '\t' && c != '\r' {
				lineStart = false
			}
		}
	}
	lines = append(lines, string(cur))
	return lines
}

func isIdentStart(c byte) bool {
	return c == '_' || c == '.' || c == '$' || (c|0x20 >= 'a' && c|0x20 <= 'z')
}

func isIdentChar(c byte) bool { return isIdentStart(c) || (c >= '0' && c <= '9') }

// lexLine splits one comment-free line into tokens.
func lexLine(s string) ([]token, *posError) {
	var toks []token
	for i := 0; i < len(s); {
		c := s[i]
		col := i + 1
		switch {
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			i++
		case isIdentStart(c):
			j := i + 1
			for j < len(s) && isIdentChar(s[j]) {
				j++
			}
			toks = append(toks, token{kind: tkIdent, text: s[i:j], col: col, end: j})
			i = j
		case c >= '0' && c <= '9':
			t, n, err := lexNumber(s[i:])
			if err != nil {
				return nil, &posError{col: col, msg: err.Error()}
			}
			t.col = col
			t.end = i + n
			toks = append(toks, t)
			i += n
		case c == '\'' && i+2 < len(s) && s[i+2] == '\'':
			// A character literal is an integer, as in llvm-mc.
			toks = append(toks, token{kind: tkInt, text: s[i : i+3], col: col, end: i + 3, ival: uint64(s[i+1])})
			i += 3
		case c == '"':
			j := i + 1
			var b strings.Builder
			for j < len(s) && s[j] != '"' {
				if s[j] == '\\' && j+1 < len(s) {
					j++
				}
				b.WriteByte(s[j])
				j++
			}
			if j >= len(s) {
				return nil, &posError{col: col, msg: "unterminated string"}
			}
			toks = append(toks, token{kind: tkString, text: b.String(), col: col, end: j + 1})
			i = j + 1
		default:
			two := ""
			if i+1 < len(s) {
				two = s[i : i+2]
			}
			switch two {
			case "<<", ">>", "<=", ">=", "==", "!=", "&&", "||":
				toks = append(toks, token{kind: tkPunct, text: two, col: col, end: i + 2})
				i += 2
				continue
			}
			if strings.IndexByte(",[]():|+-*/%&^~!<>=@{}", c) < 0 {
				return nil, &posError{col: col, msg: "unexpected character " + strconv.QuoteRune(rune(c))}
			}
			toks = append(toks, token{kind: tkPunct, text: string(c), col: col, end: i + 1})
			i++
		}
	}
	return toks, nil
}

// lexNumber reads an integer or floating-point literal at the start of s.
func lexNumber(s string) (token, int, error) {
	j := 0
	if len(s) > 1 && s[0] == '0' && (s[1]|0x20 == 'x' || s[1]|0x20 == 'b') {
		base := 16
		if s[1]|0x20 == 'b' {
			base = 2
		}
		j = 2
		for j < len(s) && isIdentChar(s[j]) {
			j++
		}
		v, err := strconv.ParseUint(s[2:j], base, 64)
		if err != nil {
			return token{}, 0, errorString("invalid number " + strconv.Quote(s[:j]))
		}
		return token{kind: tkInt, text: s[:j], ival: v}, j, nil
	}
	for j < len(s) && s[j] >= '0' && s[j] <= '9' {
		j++
	}
	isFloat := false
	if j < len(s) && s[j] == '.' {
		isFloat = true
		j++
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
	}
	if j < len(s) && s[j]|0x20 == 'e' {
		k := j + 1
		if k < len(s) && (s[k] == '+' || s[k] == '-') {
			k++
		}
		if k < len(s) && s[k] >= '0' && s[k] <= '9' {
			isFloat = true
			j = k
			for j < len(s) && s[j] >= '0' && s[j] <= '9' {
				j++
			}
		}
	}
	if j < len(s) && isIdentChar(s[j]) {
		k := j
		for k < len(s) && isIdentChar(s[k]) {
			k++
		}
		return token{}, 0, errorString("invalid number " + strconv.Quote(s[:k]))
	}
	if isFloat {
		f, err := strconv.ParseFloat(s[:j], 64)
		if err != nil {
			return token{}, 0, errorString("invalid number " + strconv.Quote(s[:j]))
		}
		return token{kind: tkFloat, text: s[:j], fval: f}, j, nil
	}
	base := 10
	digits := s[:j]
	if len(digits) > 1 && digits[0] == '0' {
		base = 8
	}
	v, err := strconv.ParseUint(digits, base, 64)
	if err != nil {
		return token{}, 0, errorString("invalid number " + strconv.Quote(digits))
	}
	return token{kind: tkInt, text: digits, ival: v}, j, nil
}

type errorString string

func (e errorString) Error() string { return string(e) }

// posError is an error at a column of the current line.
type posError struct {
	col int
	msg string
}

func (e *posError) Error() string { return strconv.Itoa(e.col) + ": " + e.msg }

// errAt builds a posError at token t.
func errAt(t token, format string, args ...any) *posError {
	return &posError{col: t.col, msg: sprintf(format, args...)}
}

// stream is a cursor over a line's tokens.
type stream struct {
	toks []token
	i    int
	eol  int // column just past the last token, for errors at end of line
}

func (s *stream) peek() token {
	if s.i < len(s.toks) {
		return s.toks[s.i]
	}
	return token{kind: tkEOF, col: s.eol}
}

func (s *stream) peekN(n int) token {
	if s.i+n < len(s.toks) {
		return s.toks[s.i+n]
	}
	return token{kind: tkEOF, col: s.eol}
}

func (s *stream) next() token {
	t := s.peek()
	if s.i < len(s.toks) {
		s.i++
	}
	return t
}

func (s *stream) atEOF() bool { return s.i >= len(s.toks) }

// is reports whether the next token is punctuation p.
func (s *stream) is(p string) bool {
	t := s.peek()
	return t.kind == tkPunct && t.text == p
}

// accept consumes punctuation p if it is next.
func (s *stream) accept(p string) bool {
	if s.is(p) {
		s.i++
		return true
	}
	return false
}

// expect consumes punctuation p or fails.
func (s *stream) expect(p string) *posError {
	if s.accept(p) {
		return nil
	}
	t := s.peek()
	return errAt(t, "expected '%s'", p)
}

// isIdent reports whether the next token is identifier name
// (case-insensitive).
func (s *stream) isIdent(name string) bool {
	t := s.peek()
	return t.kind == tkIdent && strings.EqualFold(t.text, name)
}
