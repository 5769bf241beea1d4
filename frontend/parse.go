// Package frontend turns source text into ir.Modules: the .zir graph
// language (this file and grammar.go) and GGUF model files (package
// frontend/gguf).
package frontend

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"zincc/ir"
)

// MaxSourceBytes bounds the .zir text accepted, so a hostile input cannot
// make the parser build an unbounded tree.
const MaxSourceBytes = 16 << 20

// Parse reads a .zir graph and returns the checked module. Errors are an
// ir.ErrorList: one syntax error, or every semantic error found, each with
// its file:line:col position. Render them with FormatErrors.
func Parse(filename string, src []byte) (*ir.Module, error) {
	if len(src) > MaxSourceBytes {
		return nil, ir.ErrorList{{Pos: ir.Pos{File: filename}, Msg: fmt.Sprintf("file is %d bytes; the limit is %d", len(src), MaxSourceBytes)}}
	}
	ast, err := zirParser.ParseBytes(filename, blankBOM(src))
	if err != nil {
		return nil, ir.ErrorList{syntaxError(filename, err)}
	}
	b := newBuilder(filename)
	m := b.module(ast.Graph)
	errs := b.check(m)
	if len(errs) > 0 {
		return m, errs
	}
	return m, nil
}

// utf8BOM is the byte order mark some editors put at the start of a UTF-8
// file.
const utf8BOM = "\ufeff"

// blankBOM returns src with a leading byte order mark replaced by three
// spaces, which the lexer skips, so columns stay those of the file (as the
// Go compiler ignores a leading BOM).
func blankBOM(src []byte) []byte {
	if !bytes.HasPrefix(src, []byte(utf8BOM)) {
		return src
	}
	out := append([]byte(nil), src...)
	copy(out, "   ")
	return out
}

// syntaxError turns a participle error into a positioned diagnostic with a
// message in the project's words.
func syntaxError(file string, err error) ir.Diagnostic {
	var perr participle.Error
	if !errors.As(err, &perr) {
		return ir.Diagnostic{Pos: ir.Pos{File: file}, Msg: err.Error()}
	}
	msg := perr.Message()
	var unexp *participle.UnexpectedTokenError
	if errors.As(err, &unexp) && unexp.Unexpected.EOF() {
		msg = strings.Replace(msg, `unexpected token "<EOF>"`, "unexpected end of file", 1)
	}
	msg = strings.NewReplacer("<newline>+", "end of line", "<newline>", "end of line",
		"<eof>", "end of file", `"\n"`, "end of line").Replace(msg)
	return ir.Diagnostic{Pos: pos(perr.Position(), file), Msg: expectedInWords(msg)}
}

// grammarWords names, in the language's terms, what the parser expected
// when it reports one of the grammar's own productions or tokens.
var grammarWords = map[string]string{
	"AstGraph":    "a graph: graph @name { … }",
	"AstItem":     "a declaration (input, weight, state), a statement or an output",
	"AstDecl":     "a declaration",
	"AstStmt":     "a statement such as %x = add %a, %b",
	"AstOutput":   "an output such as output %x",
	"AstRef":      "a value name such as %x",
	"AstType":     "a type such as f32[64] or u32",
	"AstInt":      "an integer",
	"AstInit":     "an initializer such as random(seed = 1)",
	"AstInitArg":  "an initializer argument such as seed = 1",
	"AstOpName":   "an op name such as matvec",
	"AstAttr":     "an attribute such as eps = 1e-5",
	"AstLiteral":  "a number or a name",
	"<graphname>": "a graph name such as @decode",
	"<valuename>": "a value name such as %x",
	"<ident>":     "a name",
	"<int>":       "an integer",
	"<float>":     "a number",
	"<string>":    "a quoted string",
}

// expectedInWords rewrites a message's "(expected …)" when it spells out
// grammar internals (production names, token classes): the first thing
// expected, in words, is what a reader needs.
func expectedInWords(msg string) string {
	i := strings.LastIndex(msg, "(expected ")
	if i < 0 || !strings.HasSuffix(msg, ")") {
		return msg
	}
	want := msg[i+len("(expected ") : len(msg)-1]
	if !strings.Contains(want, "Ast") && !strings.Contains(want, "<") {
		return msg
	}
	first := want
	if strings.HasPrefix(want, `"`) {
		if j := strings.Index(want[1:], `"`); j >= 0 {
			first = want[:j+2]
		}
	} else if j := strings.IndexAny(want, " ()*?+"); j > 0 {
		first = want[:j]
	}
	if w, ok := grammarWords[first]; ok {
		first = w
	}
	return msg[:i] + "(expected " + first + ")"
}

func pos(p lexer.Position, file string) ir.Pos {
	if p.Filename != "" {
		file = p.Filename
	}
	return ir.Pos{File: file, Line: p.Line, Col: p.Column}
}

// builder turns the syntax tree into an ir.Module, resolving names. It
// reports what only the text can tell (unknown ops and element types,
// undefined names, malformed numbers); ir.Check reports the rest.
type builder struct {
	file  string
	names map[string]*ir.Value // first definition of each name
	errs  ir.ErrorList
	// parts maps a source line to the declaration or node that starts on
	// it, and outputs to the index of the first output on it, so a
	// formatter can put comments back where they were.
	parts   map[int]any
	outputs map[int]int
	// badAttrs are the attributes whose values were reported as wrong and
	// left out of their nodes.
	badAttrs []badAttr
}

// badAttr names an attribute of the node at pos that was left out.
type badAttr struct {
	pos  ir.Pos
	name string
}

// check runs ir.Check on m and returns every diagnostic, the builder's
// first, sorted, leaving out "missing required attribute" for an attribute
// whose value was already reported.
func (b *builder) check(m *ir.Module) ir.ErrorList {
	errs := append(b.errs, ir.Check(m)...)
	if len(b.badAttrs) > 0 {
		kept := errs[:0]
		for _, d := range errs {
			drop := false
			for _, a := range b.badAttrs {
				drop = drop || (d.Pos == a.pos && strings.HasSuffix(d.Msg, "missing required attribute "+a.name))
			}
			if !drop {
				kept = append(kept, d)
			}
		}
		errs = kept
	}
	errs.Sort()
	return errs
}

func newBuilder(file string) *builder {
	return &builder{file: file, names: map[string]*ir.Value{}, parts: map[int]any{}, outputs: map[int]int{}}
}

func (b *builder) pos(p lexer.Position) ir.Pos { return pos(p, b.file) }

func (b *builder) errorf(p lexer.Position, format string, args ...any) {
	b.errs.Add(b.pos(p), format, args...)
}

func (b *builder) module(g *astGraph) *ir.Module {
	m := &ir.Module{Name: strings.TrimPrefix(g.Name, "@"), Pos: b.pos(g.Pos)}
	// Pass 1: every declared or defined name, so a use may precede its
	// definition textually and still resolve (ir.Check reports it).
	var nodes []*ir.Node
	var stmts []*astStmt
	for _, it := range g.Items {
		switch {
		case it.Decl != nil:
			v := b.decl(it.Decl)
			m.Decls = append(m.Decls, v)
			b.parts[it.Decl.Pos.Line] = v
			b.define(v)
		case it.Stmt != nil:
			n := b.node(it.Stmt)
			if n == nil {
				continue
			}
			nodes = append(nodes, n)
			stmts = append(stmts, it.Stmt)
			b.parts[it.Stmt.Pos.Line] = n
			if n.Result != nil {
				b.define(n.Result)
			}
		}
	}
	// Pass 2: operands and outputs.
	for i, n := range nodes {
		for _, a := range stmts[i].Args {
			n.Args = append(n.Args, b.use(a))
			n.ArgPos = append(n.ArgPos, b.pos(a.Pos))
		}
	}
	m.Nodes = nodes
	for _, it := range g.Items {
		if it.Output == nil {
			continue
		}
		b.outputs[it.Output.Pos.Line] = len(m.Outputs)
		for _, r := range it.Output.Values {
			m.Outputs = append(m.Outputs, ir.Output{Value: b.use(r), Pos: b.pos(r.Pos)})
		}
	}
	return m
}

func (b *builder) define(v *ir.Value) {
	if _, ok := b.names[v.Name]; !ok {
		b.names[v.Name] = v
	}
}

// use resolves a reference. An undefined name is reported here and becomes
// a placeholder of invalid type, which ir.Check passes over silently.
func (b *builder) use(r astRef) *ir.Value {
	name := strings.TrimPrefix(r.Name, "%")
	if v, ok := b.names[name]; ok {
		return v
	}
	b.errorf(r.Pos, "undefined value %%%s", name)
	return &ir.Value{Name: name, Pos: b.pos(r.Pos)}
}

var declKinds = map[string]ir.Kind{"input": ir.Input, "weight": ir.Weight, "state": ir.State}

func (b *builder) decl(d *astDecl) *ir.Value {
	v := &ir.Value{
		Name: strings.TrimPrefix(d.Name.Name, "%"),
		Kind: declKinds[d.Kind],
		Type: b.typ(&d.Type),
		Pos:  b.pos(d.Name.Pos),
	}
	if d.Init != nil {
		v.Init = b.init(d.Init)
	}
	if v.Kind == ir.State && v.Init.Kind == ir.NoInit {
		v.Init.Kind = ir.InitZeros
	}
	return v
}

// shapeText is the dimensions as written, for messages.
func shapeText(dims []astInt) string {
	parts := make([]string, len(dims))
	for i, d := range dims {
		parts[i] = d.Text
	}
	return strings.Join(parts, ", ")
}

func (b *builder) typ(t *astType) ir.Type {
	dt, ok := ir.ParseDType(t.DType)
	if !ok {
		b.errorf(t.Pos, "unknown element type %q (known: %s)", t.DType, dtypeNames())
	}
	var dims []astInt
	if t.Shape != nil {
		dims = t.Shape.Dims
		switch {
		case !t.Shape.Closed:
			b.errorf(t.Shape.EndPos, "%s[%s: the shape opened at %d:%d is not closed (a ']' is missing here)",
				t.DType, shapeText(dims), t.Shape.Pos.Line, t.Shape.Pos.Column)
		case len(dims) == 0:
			b.errorf(t.Shape.Pos, "%s[]: a shape lists at least one dimension (a scalar is written %s, without brackets)", t.DType, t.DType)
		case t.Shape.Trailing:
			b.errorf(t.Shape.Pos, "%s: a shape ends with a dimension, not a comma", t.DType)
		}
	}
	shape := make([]int, 0, len(dims))
	for _, d := range dims {
		n, err := strconv.ParseInt(d.Text, 10, 64)
		switch {
		case err == nil && n >= 0 && n <= ir.MaxElems: // 0 is the checker's to report
		case !isDigits(d.Text):
			b.errorf(d.Pos, "dimension %s is not a positive integer", d.Text)
			n = 1
		default:
			b.errorf(d.Pos, "dimension %s is too large (the limit is 2^36)", d.Text)
			n = 1
		}
		shape = append(shape, int(n))
	}
	if !ok || t.Shape != nil && !t.Shape.Closed {
		// Keep the shape so later messages stay sensible, but mark the type
		// invalid: the declaration was reported above.
		return ir.Type{Shape: shape}
	}
	return ir.Type{DType: dt, Shape: shape}
}

// isDigits reports whether s is a non-empty run of decimal digits.
func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

func dtypeNames() string {
	var names []string
	for _, d := range ir.AllDTypes {
		names = append(names, d.String())
	}
	return strings.Join(names, ", ")
}

func (b *builder) init(in *astInit) ir.Init {
	init := ir.Init{Pos: b.pos(in.Pos)}
	str := func() (string, bool) {
		if len(in.Args) != 1 || in.Args[0].Str == nil {
			b.errorf(in.Pos, "%s takes one string: %s(\"...\")", in.Name, in.Name)
			return "", false
		}
		s, err := strconv.Unquote(*in.Args[0].Str)
		if err != nil {
			b.errorf(in.Args[0].Pos, "bad string %s: %v", *in.Args[0].Str, err)
			return "", false
		}
		return s, true
	}
	switch in.Name {
	case "gguf", "file":
		init.Kind = ir.InitGGUF
		if in.Name == "file" {
			init.Kind = ir.InitFile
		}
		init.Name, _ = str()
	case "random":
		init.Kind = ir.InitRandom
		init.Scale = ir.DefaultRandomScale
		seen := map[string]bool{}
		for _, a := range in.Args {
			if a.KV == nil {
				b.errorf(a.Pos, "random takes named arguments: random(seed = N, scale = S)")
				continue
			}
			if seen[a.KV.Name] {
				b.errorf(a.Pos, "random: %s given twice", a.KV.Name)
			}
			seen[a.KV.Name] = true
			v, ok := b.literal(&a.KV.Value)
			switch {
			case !ok:
			case a.KV.Name == "seed":
				if v.Kind != ir.IntAttr || v.Int < 0 {
					b.errorf(a.KV.Value.Pos, "random seed must be a non-negative integer, got %v", v)
				}
				init.Seed = uint64(v.Int)
			case a.KV.Name == "scale":
				switch v.Kind {
				case ir.FloatAttr:
					init.Scale = v.Float
				case ir.IntAttr:
					init.Scale = float64(v.Int)
				default:
					b.errorf(a.KV.Value.Pos, "random scale must be a number, got %v", v)
				}
			default:
				b.errorf(a.Pos, "random has no argument %q (known: seed, scale)", a.KV.Name)
			}
		}
		if !seen["seed"] {
			b.errorf(in.Pos, "random needs a seed: random(seed = N)")
		}
	case "zeros":
		init.Kind = ir.InitZeros
		if len(in.Args) > 0 {
			b.errorf(in.Args[0].Pos, "zeros takes no arguments")
		}
	default:
		b.errorf(in.Pos, "unknown initialiser %q (known: gguf(\"name\"), file(\"path\"), random(seed = N), zeros)", in.Name)
		init.Kind = ir.InitZeros // keep going; the error is reported
	}
	return init
}

func (b *builder) node(s *astStmt) *ir.Node {
	op := ir.LookupOp(s.Op.Name)
	if op == nil {
		switch s.Op.Name {
		case "output":
			b.errorf(s.Op.Pos, "output names the values it returns: output %%x (or output %%x, %%y)")
		case "input", "weight", "state":
			b.errorf(s.Op.Pos, "%s declares a value: %s %%name : type", s.Op.Name, s.Op.Name)
		default:
			b.errorf(s.Op.Pos, "unknown op %q (known: %s)", s.Op.Name, opNames())
		}
		return nil
	}
	n := &ir.Node{Op: op, Pos: b.pos(s.Op.Pos)}
	if s.Pos != s.Op.Pos && s.Result != nil {
		n.Pos = b.pos(s.Op.Pos)
	}
	for _, a := range s.Attrs {
		v, ok := b.literal(&a.Value)
		if !ok {
			// Reported; do not let the checker also call it missing.
			b.badAttrs = append(b.badAttrs, badAttr{n.Pos, a.Name})
			continue
		}
		n.Attrs = append(n.Attrs, ir.Attr{Name: a.Name, Value: v, Pos: b.pos(a.Pos)})
	}
	if s.Result != nil {
		n.Result = &ir.Value{
			Name: strings.TrimPrefix(s.Result.Name, "%"),
			Kind: ir.Result,
			Def:  n,
			Pos:  b.pos(s.Result.Pos),
		}
	}
	return n
}

func opNames() string {
	var names []string
	for _, op := range ir.Ops() {
		names = append(names, op.Name)
	}
	return strings.Join(names, ", ")
}

// literal converts an attribute literal, reporting numbers out of range.
func (b *builder) literal(l *astLiteral) (ir.AttrValue, bool) {
	switch {
	case l.Float != nil:
		f, err := strconv.ParseFloat(*l.Float, 64)
		if err != nil || math.IsInf(f, 0) {
			b.errorf(l.Pos, "number %s is out of range", *l.Float)
			return ir.AttrValue{}, false
		}
		if l.Neg {
			f = -f
		}
		return ir.FloatValue(f), true
	case l.Int != nil:
		text := *l.Int
		if l.Neg {
			text = "-" + text
		}
		i, err := strconv.ParseInt(text, 10, 64)
		if err != nil {
			b.errorf(l.Pos, "integer %s is out of range", text)
			return ir.AttrValue{}, false
		}
		return ir.IntValue(i), true
	case l.Str != nil:
		b.errorf(l.Pos, "attribute values are numbers or names, not strings: %s", *l.Str)
		return ir.AttrValue{}, false
	default:
		if l.Neg {
			b.errorf(l.Pos, "a name cannot be negated: -%s", *l.Ident)
			return ir.AttrValue{}, false
		}
		return ir.EnumValue(*l.Ident), true
	}
}
