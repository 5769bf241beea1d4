package isa

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// Source structure: the assembler reads lines from a stack of frames. The
// bottom frame is the file given to AssembleWith; .include pushes a file
// frame, and a macro invocation, .rept, .irp or .irpc pushes an expansion
// frame holding the expanded text. Conditionals (.if ... .endif) are kept
// on their own stack. Everything follows llvm-mc 19's AsmParser (GNU as
// syntax, ELF target): the same argument splitting, substitutions (\name,
// \(), \@, \+) and error cases, so that a file assembles to the same bytes.

// Limits that keep hostile input from exhausting time or memory.
const (
	maxExpansionDepth = 20      // nested macro/.rept/.irp instantiations (llvm-mc's default too)
	maxIncludeDepth   = 16      // nested .include files
	maxExpandedLines  = 1 << 18 // lines produced by all expansions and includes of one file
	maxExpandedBytes  = 32 << 20
	maxIncludeBytes   = 16 << 20 // one included file
)

// IncludeFunc reads the file at a slash-separated path, for .include. The
// assembler calls it with the name the directive gives, joined to the
// including file's directory and then, if that fails, to the directory of
// the file given to AssembleWith (as llvm-mc -I <that directory>; an
// absolute name is tried as it is). It returns the file's text.
type IncludeFunc func(name string) ([]byte, error)

// IncludeFS reads .include files from fsys.
func IncludeFS(fsys fs.FS) IncludeFunc {
	return func(name string) ([]byte, error) {
		if !fs.ValidPath(name) {
			return nil, fs.ErrNotExist
		}
		st, err := fs.Stat(fsys, name)
		if err != nil {
			return nil, err
		}
		if !st.Mode().IsRegular() || st.Size() > maxIncludeBytes {
			return nil, fmt.Errorf("not a regular file of at most %d bytes", maxIncludeBytes)
		}
		return fs.ReadFile(fsys, name)
	}
}

// includeOS is the default IncludeFunc: the operating system's files.
// It opens non-blocking, so that a FIFO cannot hang the assembler, and
// refuses anything but a regular file by what it is.
func includeOS(name string) ([]byte, error) {
	f, err := os.OpenFile(filepath.FromSlash(name), os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if m := st.Mode(); !m.IsRegular() {
		kind := "a special file"
		switch {
		case m.IsDir():
			kind = "a directory"
		case m&os.ModeDevice != 0:
			kind = "a device"
		case m&os.ModeNamedPipe != 0:
			kind = "a FIFO"
		case m&os.ModeSocket != 0:
			kind = "a socket"
		}
		return nil, fmt.Errorf("%s, not a regular file", kind)
	}
	b, err := io.ReadAll(io.LimitReader(f, maxIncludeBytes+1))
	if err != nil {
		return nil, err
	}
	if len(b) > maxIncludeBytes {
		return nil, fmt.Errorf("file exceeds %d bytes", maxIncludeBytes)
	}
	return b, nil
}

// srcLine is one comment-free line and where it was written.
type srcLine struct {
	text string
	file string
	line int
}

type frameKind uint8

const (
	frameFile   frameKind = iota // the main file or an included one
	frameMacro                   // a macro instantiation
	frameRepeat                  // .rept, .irp or .irpc
)

// frame is a buffer of lines being read.
type frame struct {
	kind      frameKind
	lines     []srcLine
	i         int
	ctx       string // where the frame came from, for diagnostics
	outerLine int    // the line of the main file that led here
	condDepth int    // len(a.conds) when the frame was entered
	parent    *frame
}

// macroDef is a .macro definition.
type macroDef struct {
	name   string
	params []macroParam
	body   []srcLine
	count  int // instantiations so far (\+)
}

type macroParam struct {
	name     string
	def      string
	required bool
	vararg   bool
}

// bodyCollector gathers the lines of a .macro or .rept/.irp/.irpc body.
type bodyCollector struct {
	macro bool // .macro ... .endm; else ... .endr
	depth int
	lines []srcLine
	start srcLine // the directive's line, for errors
	col   int
	frame *frame // the frame the directive is in
	done  func(body []srcLine) error
}

// cond is one open conditional.
type cond struct {
	parentSkip bool // an enclosing conditional is false
	met        bool // a branch has been taken
	inElse     bool
	skip       bool // the current branch is not assembled
}

func (a *assembler) skipping() bool { return len(a.conds) > 0 && a.conds[len(a.conds)-1].skip }

// push enters a frame, enforcing the nesting and size limits.
func (a *assembler) push(f *frame, col int) error {
	depth, incl := 0, 0
	for p := a.top; p != nil; p = p.parent {
		if p.kind == frameFile {
			incl++
		} else {
			depth++
		}
	}
	if f.kind != frameFile && depth >= maxExpansionDepth {
		return a.errorf(col, "macros cannot be nested more than %d levels deep", maxExpansionDepth)
	}
	if f.kind == frameFile && incl > maxIncludeDepth {
		return a.errorf(col, ".include nested more than %d levels deep", maxIncludeDepth)
	}
	a.expLines += len(f.lines)
	for _, l := range f.lines {
		a.expBytes += len(l.text)
	}
	if a.top != nil && (a.expLines > maxExpandedLines || a.expBytes > maxExpandedBytes) {
		return a.errorf(col, "macro expansions and includes exceed %d lines or %d bytes", maxExpandedLines, maxExpandedBytes)
	}
	f.parent = a.top
	f.condDepth = len(a.conds)
	if a.top != nil {
		f.outerLine = a.outerLine
		if f.kind == frameFile {
			f.ctx = fmt.Sprintf("in file included from %s:%d", a.file, a.line)
		}
		if a.ctx != "" {
			f.ctx = elideContext(f.ctx + ", " + a.ctx)
		}
	}
	a.top = f
	return nil
}

// elideContext keeps a diagnostic's chain of invocations short: the
// three innermost and the outermost.
func elideContext(ctx string) string {
	parts := strings.Split(ctx, ", in ")
	if len(parts) <= 4 {
		return ctx
	}
	return strings.Join(parts[:3], ", in ") + ", ..., in " + parts[len(parts)-1]
}

// pop leaves the top frame.
func (a *assembler) pop() error {
	f := a.top
	if b := a.body; b != nil && b.frame == f {
		a.file, a.line, a.ctx = b.start.file, b.start.line, f.ctx
		if b.macro {
			return a.errorf(b.col, "no matching '.endmacro' in definition")
		}
		return a.errorf(b.col, "no matching '.endr' in definition")
	}
	if f.kind != frameFile && len(a.conds) != f.condDepth {
		return a.errorf(0, "unterminated conditional in macro expansion")
	}
	a.top = f.parent
	return nil
}

// exitMacro handles .exitm: it leaves the innermost expansion.
func (a *assembler) exitMacro(t token) error {
	for f := a.top; f != nil; f = f.parent {
		if f.kind != frameFile {
			a.conds = a.conds[:f.condDepth]
			a.top = f.parent
			return nil
		}
	}
	return a.errorf(t.col, "unexpected '.exitm' in file, no current macro definition")
}

// firstWord returns the identifier that starts a line, if any.
func firstWord(text string) string {
	i := 0
	for i < len(text) && (text[i] == ' ' || text[i] == '\t' || text[i] == '\r' || text[i] == '\f' || text[i] == '\v') {
		i++
	}
	j := i
	for j < len(text) && isIdentChar(text[j]) {
		j++
	}
	if j == i || !isIdentStart(text[i]) {
		return ""
	}
	return text[i:j]
}

// collect adds a line to the body being defined.
func (a *assembler) collect(text string) error {
	b := a.body
	w := firstWord(text)
	here := srcLine{text: text, file: a.file, line: a.line}
	if b.macro {
		switch w {
		case ".macro":
			b.depth++
		case ".endm", ".endmacro":
			if b.depth == 0 {
				a.body = nil
				if rest := strings.TrimSpace(text[strings.Index(text, w)+len(w):]); rest != "" {
					return a.errorf(strings.Index(text, w)+1, "unexpected token in '%s' directive", w)
				}
				return b.done(b.lines)
			}
			b.depth--
		}
	} else {
		switch w {
		case ".rept", ".rep", ".irp", ".irpc":
			b.depth++
		case ".endr":
			if b.depth == 0 {
				a.body = nil
				if rest := strings.TrimSpace(text[strings.Index(text, w)+len(w):]); rest != "" {
					return a.errorf(strings.Index(text, w)+len(w)+1, "expected newline")
				}
				return b.done(b.lines)
			}
			b.depth--
		}
	}
	b.lines = append(b.lines, here)
	return nil
}

// skipLine handles a line inside a conditional that is false: only the
// conditional directives are looked at.
func (a *assembler) skipLine(text string) error {
	w := firstWord(text)
	switch {
	case strings.HasPrefix(w, ".if"):
		if _, ok := ifDirectives[w]; ok {
			a.conds = append(a.conds, cond{parentSkip: true, skip: true})
		}
	case w == ".else" || w == ".elseif" || w == ".endif":
		toks, lerr := lexLine(text)
		if lerr != nil {
			if w != ".elseif" {
				return a.posErr(lerr)
			}
			c := a.conds[len(a.conds)-1]
			if c.parentSkip || c.met {
				return nil // not evaluated
			}
			return a.posErr(lerr)
		}
		s := &stream{toks: toks, eol: len(text) + 1}
		return a.condDirective(s, s.next())
	}
	return nil
}

// ifDirectives are the directives that open a conditional.
var ifDirectives = map[string]bool{
	".if": true, ".ifeq": true, ".ifne": true, ".ifgt": true, ".ifge": true, ".iflt": true, ".ifle": true,
	".ifb": true, ".ifnb": true, ".ifc": true, ".ifnc": true, ".ifdef": true, ".ifndef": true, ".ifnotdef": true,
}

// condDirective handles .if*, .elseif, .else and .endif (t is the
// directive, the stream just past it).
func (a *assembler) condDirective(s *stream, t token) error {
	name := t.text
	top := func() *cond {
		if len(a.conds) == 0 {
			return nil
		}
		return &a.conds[len(a.conds)-1]
	}
	switch name {
	case ".endif":
		if top() == nil {
			return a.errorf(t.col, "Encountered a .endif that doesn't follow an .if or .else")
		}
		a.conds = a.conds[:len(a.conds)-1]
		return a.endOfLine(s)
	case ".else":
		c := top()
		if c == nil || c.inElse {
			return a.errorf(t.col, "Encountered a .else that doesn't follow  an .if or an .elseif")
		}
		c.inElse = true
		c.skip = c.parentSkip || c.met
		c.met = true
		return a.endOfLine(s)
	case ".elseif":
		c := top()
		if c == nil || c.inElse {
			return a.errorf(t.col, "Encountered a .elseif that doesn't follow an .if or an .elseif")
		}
		if c.parentSkip || c.met {
			c.skip = true
			return nil
		}
		v, _, perr := s.constExpr(a.constSyms)
		if perr != nil {
			return a.posErr(perr)
		}
		c.met = v != 0
		c.skip = !c.met
		return a.endOfLine(s)
	}
	if a.skipping() {
		a.conds = append(a.conds, cond{parentSkip: true, skip: true})
		return nil
	}
	var met bool
	switch name {
	case ".if", ".ifne", ".ifeq", ".ifgt", ".ifge", ".iflt", ".ifle":
		v, _, perr := s.constExpr(a.constSyms)
		if perr != nil {
			return a.posErr(perr)
		}
		if err := a.endOfLine(s); err != nil {
			return err
		}
		switch name {
		case ".if", ".ifne":
			met = v != 0
		case ".ifeq":
			met = v == 0
		case ".ifgt":
			met = v > 0
		case ".ifge":
			met = v >= 0
		case ".iflt":
			met = v < 0
		case ".ifle":
			met = v <= 0
		}
	case ".ifb", ".ifnb":
		met = (name == ".ifb") == s.atEOF()
	case ".ifc", ".ifnc":
		rest := a.restOfLine(s)
		i := strings.IndexByte(rest, ',')
		if i < 0 {
			return a.errorf(s.eol, "expected comma")
		}
		met = (name == ".ifc") == (strings.TrimSpace(unquote(rest[:i])) == strings.TrimSpace(unquote(rest[i+1:])))
	case ".ifdef", ".ifndef", ".ifnotdef":
		nt := s.next()
		if nt.kind != tkIdent {
			return a.errorf(nt.col, "expected identifier after '%s'", name)
		}
		if err := a.endOfLine(s); err != nil {
			return err
		}
		_, isLabel := a.labels[nt.text]
		_, isConst := a.consts[nt.text]
		met = (name == ".ifdef") == (isLabel || isConst)
	}
	a.conds = append(a.conds, cond{met: met, skip: !met})
	return nil
}

// unquote strips one pair of surrounding double quotes, as .ifc compares
// a quoted string by its contents.
func unquote(s string) string {
	t := strings.TrimSpace(s)
	if len(t) >= 2 && t[0] == '"' && t[len(t)-1] == '"' {
		return t[1 : len(t)-1]
	}
	return s
}

// restOfLine returns the text from the next token to the end of the line
// and consumes it.
func (a *assembler) restOfLine(s *stream) string {
	if s.atEOF() {
		return ""
	}
	start := s.peek().col - 1
	s.i = len(s.toks)
	return strings.TrimRight(a.text[start:], " \t\r")
}

// isMacroOperator reports the tokens llvm-mc lets a space-separated macro
// argument continue through ("1 + 2" is one argument).
func isMacroOperator(t token) bool {
	if t.kind != tkPunct {
		return false
	}
	switch t.text {
	case "+", "-", "~", "/", "*", "=", "==", "|", "||", "^", "&", "&&", "!", "!=", "<", "<=", "<<", ">", ">=", ">>":
		return true
	}
	return false
}

// macroArg reads one macro argument from s as llvm-mc does: tokens up to a
// comma or a space at parenthesis level 0, where an operator joins the
// tokens around it; strings lose their quotes.
func (a *assembler) macroArg(s *stream, vararg bool) (string, *posError) {
	if vararg {
		return a.restOfLine(s), nil
	}
	var b strings.Builder
	paren := 0
	consumed := false
	spaceEaten := true // whitespace after the previous token is already gone
	prevEnd := 0
	for {
		t := s.peek()
		if t.kind == tkPunct && t.text == "=" {
			return "", errAt(t, "unexpected token in macro instantiation")
		}
		if t.kind == tkEOF {
			break
		}
		gap := consumed && !spaceEaten && t.col-1 > prevEnd
		if paren == 0 {
			if t.kind == tkPunct && t.text == "," {
				break
			}
			if isMacroOperator(t) {
				b.WriteString(a.text[t.col-1 : t.end])
				s.next()
				consumed, spaceEaten, prevEnd = true, true, t.end
				continue
			}
			if gap {
				break
			}
		} else if gap {
			b.WriteString(a.text[prevEnd : t.col-1])
		}
		if t.kind == tkPunct && t.text == "(" {
			paren++
		} else if t.kind == tkPunct && t.text == ")" && paren > 0 {
			paren--
		}
		if t.kind == tkString {
			b.WriteString(a.text[t.col : t.end-1])
		} else {
			b.WriteString(a.text[t.col-1 : t.end])
		}
		s.next()
		consumed, spaceEaten, prevEnd = true, false, t.end
	}
	if paren != 0 {
		return "", &posError{col: s.peek().col, msg: "unbalanced parentheses in macro argument"}
	}
	return b.String(), nil
}

// defineMacro handles ".macro name params" (the stream is past .macro).
func (a *assembler) defineMacro(s *stream, dt token) error {
	nt := s.next()
	if nt.kind != tkIdent {
		return a.errorf(nt.col, "expected identifier in '.macro' directive")
	}
	s.accept(",")
	m := &macroDef{name: nt.text}
	for !s.atEOF() {
		if len(m.params) > 0 && m.params[len(m.params)-1].vararg {
			return a.errorf(s.peek().col, "vararg parameter '%s' should be the last parameter", m.params[len(m.params)-1].name)
		}
		pt := s.next()
		if pt.kind != tkIdent {
			return a.errorf(pt.col, "expected identifier in '.macro' directive")
		}
		p := macroParam{name: pt.text}
		for _, q := range m.params {
			if q.name == p.name {
				return a.errorf(pt.col, "macro '%s' has multiple parameters named '%s'", m.name, p.name)
			}
		}
		if s.accept(":") {
			qt := s.next()
			switch {
			case qt.kind == tkIdent && qt.text == "req":
				p.required = true
			case qt.kind == tkIdent && qt.text == "vararg":
				p.vararg = true
			case qt.kind == tkIdent:
				return a.errorf(qt.col, "%s is not a valid parameter qualifier for '%s' in macro '%s'", qt.text, p.name, m.name)
			default:
				return a.errorf(qt.col, "missing parameter qualifier for '%s' in macro '%s'", p.name, m.name)
			}
		}
		if s.accept("=") {
			v, perr := a.macroArg(s, false)
			if perr != nil {
				return a.posErr(perr)
			}
			p.def = v
		}
		m.params = append(m.params, p)
		s.accept(",")
	}
	if _, dup := a.macros[m.name]; dup {
		return a.errorf(dt.col, "macro '%s' is already defined", m.name)
	}
	a.body = &bodyCollector{macro: true, start: srcLine{file: a.file, line: a.line}, col: dt.col, frame: a.top, done: func(body []srcLine) error {
		m.body = body
		a.macros[m.name] = m
		return nil
	}}
	return nil
}

// invoke expands macro m (the stream is past its name).
func (a *assembler) invoke(m *macroDef, nt token, s *stream) error {
	n := len(m.params)
	args := make([]string, n)
	named := false
	for i := 0; n == 0 || i < n; i++ {
		idTok := s.peek()
		name := ""
		if idTok.kind == tkIdent && s.peekN(1).kind == tkPunct && s.peekN(1).text == "=" {
			name = idTok.text
			s.next()
			s.next()
			named = true
		}
		if named && name == "" {
			return a.errorf(idTok.col, "cannot mix positional and keyword arguments")
		}
		v, perr := a.macroArg(s, n > 0 && i == n-1 && m.params[n-1].vararg)
		if perr != nil {
			return a.posErr(perr)
		}
		pi := i
		if name != "" {
			pi = -1
			for j, p := range m.params {
				if p.name == name {
					pi = j
				}
			}
			if pi < 0 {
				return a.errorf(idTok.col, "parameter named '%s' does not exist for macro '%s'", name, m.name)
			}
		}
		if v != "" {
			if n == 0 {
				return a.errorf(s.peek().col, "Wrong number of arguments")
			}
			args[pi] = v
		}
		if s.atEOF() {
			for j, p := range m.params {
				if args[j] == "" {
					if p.required {
						return a.errorf(s.eol, "missing value for required parameter '%s' in macro '%s'", p.name, m.name)
					}
					args[j] = p.def
				}
			}
			return a.expand(m, nt, args)
		}
		s.accept(",")
	}
	return a.errorf(s.peek().col, "too many positional arguments")
}

// expand pushes the expansion of m with args.
func (a *assembler) expand(m *macroDef, nt token, args []string) error {
	names := make([]string, len(m.params))
	for i, p := range m.params {
		names[i] = p.name
	}
	lines, err := a.substitute(m.body, names, args, true, m.count)
	if err != nil {
		return err
	}
	m.count++
	a.instantiations++
	return a.push(&frame{kind: frameMacro, lines: lines, ctx: fmt.Sprintf("in macro '%s' invoked at %s:%d:%d", m.name, a.file, a.line, nt.col)}, nt.col)
}

// substitute expands a body: \name for a parameter's value, \() for
// nothing, \@ for the instantiation counter (with at), \+ for count.
func (a *assembler) substitute(body []srcLine, names, args []string, at bool, count int) ([]srcLine, error) {
	var out []srcLine
	size := 0
	for _, l := range body {
		text := l.text
		if strings.IndexByte(text, '\\') >= 0 {
			var b strings.Builder
			for i := 0; i < len(text); {
				c := text[i]
				if c != '\\' || i+1 == len(text) {
					b.WriteByte(c)
					i++
					continue
				}
				switch {
				case at && text[i+1] == '@':
					b.WriteString(strconv.Itoa(a.instantiations))
					i += 2
					continue
				case text[i+1] == '+':
					b.WriteString(strconv.Itoa(count))
					i += 2
					continue
				case text[i+1] == '(' && i+2 < len(text) && text[i+2] == ')':
					i += 3
					continue
				}
				j := i + 1
				for j < len(text) && macroIdentChar(text[j]) {
					j++
				}
				arg := text[i+1 : j]
				k := 0
				for k < len(names) && names[k] != arg {
					k++
				}
				if k == len(names) {
					b.WriteString(text[i:j])
				} else {
					b.WriteString(args[k])
				}
				i = j
			}
			text = b.String()
			// The expanded text is lexed again: a substituted string may
			// hold a comment.
			text = stripComments([]byte(text))[0]
		}
		size += len(text)
		if size > maxExpandedBytes {
			return nil, a.errorf(0, "macro expansions and includes exceed %d lines or %d bytes", maxExpandedLines, maxExpandedBytes)
		}
		out = append(out, srcLine{text: text, file: l.file, line: l.line})
	}
	return out, nil
}

func macroIdentChar(c byte) bool {
	return c == '_' || c == '$' || c == '.' || (c >= '0' && c <= '9') || (c|0x20 >= 'a' && c|0x20 <= 'z')
}

// repeat handles .rept/.rep, .irp and .irpc (the stream is past the
// directive): it collects the body, then pushes its expansion.
func (a *assembler) repeat(s *stream, dt token) error {
	name := dt.text
	var param string
	var values []string
	count := int64(0)
	switch name {
	case ".rept", ".rep":
		if s.atEOF() {
			return a.errorf(s.eol, "unexpected token in '%s' directive", name)
		}
		v, vt, perr := s.constExpr(a.constSyms)
		if perr != nil {
			return a.posErr(perr)
		}
		if v < 0 {
			return a.errorf(vt.col, "Count is negative")
		}
		if err := a.endOfLine(s); err != nil {
			return err
		}
		count = v
	default:
		pt := s.next()
		if pt.kind != tkIdent {
			return a.errorf(pt.col, "expected identifier in '%s' directive", name)
		}
		param = pt.text
		if err := s.expect(","); err != nil {
			return a.errorf(err.col, "expected comma")
		}
		for !s.atEOF() {
			v, perr := a.macroArg(s, false)
			if perr != nil {
				return a.posErr(perr)
			}
			values = append(values, v)
			s.accept(",")
		}
		if name == ".irpc" {
			if len(values) != 1 {
				return a.errorf(dt.col, "unexpected token in '.irpc' directive")
			}
			chars := values[0]
			values = values[:0]
			for i := 0; i < len(chars); i++ {
				values = append(values, chars[i:i+1])
			}
		}
		count = int64(len(values))
	}
	ctx := fmt.Sprintf("in %s at %s:%d:%d", name, a.file, a.line, dt.col)
	at := a.pos()
	a.body = &bodyCollector{start: srcLine{file: a.file, line: a.line}, col: dt.col, frame: a.top, done: func(body []srcLine) error {
		a.setPos(at)
		if count*int64(len(body)+1) > maxExpandedLines {
			return a.errorf(dt.col, "macro expansions and includes exceed %d lines or %d bytes", maxExpandedLines, maxExpandedBytes)
		}
		var lines []srcLine
		for i := int64(0); i < count; i++ {
			var names, args []string
			if param != "" {
				names, args = []string{param}, []string{values[i]}
			}
			l, err := a.substitute(body, names, args, param != "", int(i))
			if err != nil {
				return err
			}
			lines = append(lines, l...)
			if len(lines) > maxExpandedLines {
				return a.errorf(dt.col, "macro expansions and includes exceed %d lines or %d bytes", maxExpandedLines, maxExpandedBytes)
			}
		}
		return a.push(&frame{kind: frameRepeat, lines: lines, ctx: ctx}, dt.col)
	}}
	return nil
}

// include handles .include "file".
func (a *assembler) include(s *stream) error {
	st := s.next()
	if st.kind != tkString {
		return a.errorf(st.col, "expected string in '.include' directive")
	}
	if err := a.endOfLine(s); err != nil {
		return err
	}
	open := a.opts.Include
	if open == nil {
		open = includeOS
	}
	var cands []string
	if path.IsAbs(st.text) {
		cands = []string{st.text}
	} else {
		for _, from := range []string{a.file, a.mainFile} {
			c := path.Join(path.Dir(filepath.ToSlash(from)), st.text)
			if len(cands) == 0 || cands[0] != c {
				cands = append(cands, c)
			}
		}
	}
	var name string
	var src []byte
	var err, other error
	for _, c := range cands {
		if src, err = open(c); err == nil {
			name = c
			break
		}
		if other == nil && !errors.Is(err, fs.ErrNotExist) {
			// It exists but cannot be read: say why, rather than "not found".
			var pe *fs.PathError
			if errors.As(err, &pe) {
				err = pe.Err
			}
			other = fmt.Errorf("include file '%s': %v", c, err)
		}
	}
	if err != nil && other != nil {
		return a.errorf(st.col, "%v", other)
	}
	if err != nil {
		return a.errorf(st.col, "Could not find include file '%s'", st.text)
	}
	var lines []srcLine
	for i, l := range stripComments(src) {
		lines = append(lines, srcLine{text: l, file: name, line: i + 1})
	}
	return a.push(&frame{kind: frameFile, lines: lines}, st.col)
}
