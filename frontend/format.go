package frontend

import (
	"bytes"
	"sort"

	"github.com/alecthomas/participle/v2/lexer"

	"zincc/ir"
)

// Format parses src and returns its canonical text (ir.Format) with the
// comments kept: a comment on its own line stays above the declaration,
// node or output that follows it, and a comment after code stays at the end
// of that line. Errors are those of Parse.
func Format(filename string, src []byte) (string, error) {
	if len(src) > MaxSourceBytes {
		_, err := Parse(filename, src)
		return "", err
	}
	src = blankBOM(src)
	ast, err := zirParser.ParseBytes(filename, src)
	if err != nil {
		return "", ir.ErrorList{syntaxError(filename, err)}
	}
	b := newBuilder(filename)
	m := b.module(ast.Graph)
	if errs := b.check(m); len(errs) > 0 {
		return "", errs
	}
	c, err := collectComments(filename, src, ast.Graph.Pos.Line, b, m)
	if err != nil {
		return "", err
	}
	return ir.Format(m, c), nil
}

// collectComments attaches every comment in src to the part of m it
// belongs to.
func collectComments(filename string, src []byte, graphLine int, b *builder, m *ir.Module) (*ir.Comments, error) {
	c := &ir.Comments{Leading: map[any][]string{}, Trailing: map[any]string{}}
	keyAt := func(line int) any {
		if p, ok := b.parts[line]; ok {
			return p
		}
		if i, ok := b.outputs[line]; ok && i < len(m.Outputs) {
			return &m.Outputs[i]
		}
		return nil
	}
	var lines []int // lines that start a part, in order
	for l := range b.parts {
		lines = append(lines, l)
	}
	for l := range b.outputs {
		lines = append(lines, l)
	}
	sort.Ints(lines)

	lex, err := zirLexer.Lex(filename, bytes.NewReader(src))
	if err != nil {
		return nil, err
	}
	syms := zirLexer.Symbols()
	comment, space, newline := syms["Comment"], syms["Whitespace"], syms["Newline"]
	codeOnLine := map[int]bool{}
	for {
		tok, err := lex.Next()
		if err != nil {
			return nil, ir.ErrorList{syntaxError(filename, err)}
		}
		if tok.EOF() {
			break
		}
		switch tok.Type {
		case space, newline:
		case comment:
			attach(c, tok, codeOnLine[tok.Pos.Line], graphLine, lines, keyAt)
		default:
			codeOnLine[tok.Pos.Line] = true
		}
	}
	return c, nil
}

func attach(c *ir.Comments, tok lexer.Token, afterCode bool, graphLine int, lines []int, keyAt func(int) any) {
	line := tok.Pos.Line
	if line < graphLine || (line == graphLine && !afterCode) {
		c.Header = append(c.Header, tok.Value)
		return
	}
	if afterCode {
		if key := keyAt(line); key != nil {
			c.Trailing[key] = tok.Value
			return
		}
		if line == graphLine {
			c.Header = append(c.Header, tok.Value)
			return
		}
	}
	// A comment above the next part; none left means it precedes '}'.
	i := sort.SearchInts(lines, line+1)
	if i < len(lines) {
		if key := keyAt(lines[i]); key != nil {
			c.Leading[key] = append(c.Leading[key], tok.Value)
			return
		}
	}
	c.End = append(c.End, tok.Value)
}
