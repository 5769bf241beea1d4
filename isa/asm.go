package isa

import (
	"encoding/binary"
	"fmt"
	"strings"
)

// Options select the assembler's target mode.
type Options struct {
	// Wave64 assembles for wave64 (llvm-mc -mattr=+wavefrontsize64):
	// compare results, carries and conditions are SGPR pairs and vcc is
	// the 64-bit register. The default is wave32.
	Wave64 bool
	// Include opens the files .include names. nil reads the operating
	// system's files, a relative name relative to the including file's
	// directory (as llvm-mc -I <that directory>); IncludeFS reads an
	// fs.FS.
	Include IncludeFunc
}

// Object is an assembled kernel file.
type Object struct {
	Code    []byte          // the .text section
	Kernels []Kernel        // one per .amdhsa_kernel block, in source order
	Symbols map[string]int  // .text labels and their byte offsets
	Lines   []AssembledInst // every instruction, in address order
	Wave64  bool            // the mode the file was assembled in
}

// Kernel is one kernel of an Object.
type Kernel struct {
	Name       string
	Entry      int        // byte offset of the kernel's first instruction in Code; 256-byte aligned
	Descriptor Descriptor // as llvm-mc would emit it (KernelCodeEntryByteOffset 0: the loader places it)
}

// AssembledInst records where an instruction came from.
type AssembledInst struct {
	Offset int // byte offset in Code
	// Line is the 1-based line of the file given to AssembleWith that
	// produced the instruction: for an instruction from a macro expansion
	// or an included file, the line that invoked or included it.
	Line int
	Inst Inst // the encoded instruction
}

// Error is an assembler diagnostic, printed as file:line:col: message.
// Inside a macro expansion File and Line name the macro body's line (Col
// is the column in the expanded text) and Context says which invocations
// led there, innermost first ("in macro 'm' invoked at x.s:12:3, ...");
// inside an included file, which .include lines.
type Error struct {
	File    string
	Line    int
	Col     int
	Msg     string
	Context string
}

// Error is the message with its source position.
func (e *Error) Error() string {
	var s string
	if e.Col > 0 {
		s = fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg)
	} else {
		s = fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
	}
	if e.Context != "" {
		s += " (" + e.Context + ")"
	}
	return s
}

// Assemble assembles a gfx1201 .s file in wave32 mode. filename is used
// in diagnostics only.
func Assemble(filename string, src []byte) (*Object, error) {
	return AssembleWith(filename, src, Options{})
}

// AssembleWith assembles a gfx1201 .s file with explicit options.
func AssembleWith(filename string, src []byte, opts Options) (*Object, error) {
	a := &assembler{
		file:     filename,
		mainFile: filename,
		opts:     opts,
		section:  ".text",
		labels:   map[string]label{},
		consts:   map[string]int64{},
		macros:   map[string]*macroDef{},
	}
	if err := a.run(src); err != nil {
		return nil, err
	}
	return a.obj, nil
}

type label struct {
	section string
	offset  int
	line    int
	col     int
}

// srcPos is a statement's position, for errors reported later.
type srcPos struct {
	file string
	line int
	ctx  string
}

type fixup struct {
	at  int // index into a.insts
	e   *expr
	pos srcPos
}

type kernelBlock struct {
	name    string
	pos     srcPos
	col     int
	desc    *kernelDesc
	section string
	seen    map[string]bool
}

type assembler struct {
	file     string // the file of the current line
	mainFile string // the file given to AssembleWith
	opts     Options
	section  string
	code     []byte
	insts    []AssembledInst
	fixups   []fixup
	labels   map[string]label
	consts   map[string]int64
	kernels  []*kernelBlock
	cur      *kernelBlock // open .amdhsa_kernel block
	inMeta   bool         // inside .amdgpu_metadata
	line     int          // the line of the current statement in a.file
	text     string       // the current line
	ctx      string       // the expansions and includes that led to it
	obj      *Object

	// Source structure (macro.go).
	top            *frame
	conds          []cond
	body           *bodyCollector
	macros         map[string]*macroDef
	instantiations int // macro instantiations so far (\@)
	outerLine      int // the line of mainFile that led to the current line
	expLines       int
	expBytes       int
}

func (a *assembler) errorf(col int, format string, args ...any) *Error {
	return &Error{File: a.file, Line: a.line, Col: col, Msg: fmt.Sprintf(format, args...), Context: a.ctx}
}

func (a *assembler) posErr(e *posError) *Error {
	return &Error{File: a.file, Line: a.line, Col: e.col, Msg: e.msg, Context: a.ctx}
}

func (a *assembler) pos() srcPos { return srcPos{file: a.file, line: a.line, ctx: a.ctx} }

func (a *assembler) setPos(p srcPos) { a.file, a.line, a.ctx = p.file, p.line, p.ctx }

// constSyms resolves .set constants (absolute values) for operands.
func (a *assembler) constSyms(name string) (int64, bool) {
	v, ok := a.consts[name]
	return v, ok
}

// allSyms resolves constants and .text labels, for branches and .size.
func (a *assembler) allSyms(name string) (int64, bool) {
	if v, ok := a.consts[name]; ok {
		return v, true
	}
	if l, ok := a.labels[name]; ok && l.section == ".text" {
		return int64(l.offset), true
	}
	return 0, false
}

func (a *assembler) run(src []byte) error {
	var lines []srcLine
	for i, text := range stripComments(src) {
		lines = append(lines, srcLine{text: text, file: a.file, line: i + 1})
	}
	if err := a.push(&frame{kind: frameFile, lines: lines}, 0); err != nil {
		return err
	}
	last := srcPos{file: a.file, line: len(lines)}
	for a.top != nil {
		f := a.top
		if f.i >= len(f.lines) {
			if err := a.pop(); err != nil {
				return err
			}
			continue
		}
		l := f.lines[f.i]
		f.i++
		a.file, a.line, a.text, a.ctx = l.file, l.line, l.text, f.ctx
		a.outerLine = l.line
		if f.parent != nil {
			a.outerLine = f.outerLine
		}
		if err := a.statement(l.text); err != nil {
			return err
		}
	}
	a.setPos(last)
	if len(a.conds) > 0 {
		return a.errorf(0, "unmatched .ifs or .elses")
	}
	if a.cur != nil {
		a.setPos(a.cur.pos)
		return a.errorf(a.cur.col, "missing .end_amdhsa_kernel for kernel %s", a.cur.name)
	}
	if a.inMeta {
		return a.errorf(0, "missing .end_amdgpu_metadata")
	}
	// Resolve branches.
	for _, f := range a.fixups {
		a.setPos(f.pos)
		in := &a.insts[f.at]
		v, perr := f.e.eval(a.allSyms)
		if perr != nil {
			if f.e.op == "sym" || strings.HasPrefix(perr.msg, "undefined symbol") {
				perr.msg = strings.Replace(perr.msg, "undefined symbol", "undefined label", 1)
			}
			return a.posErr(perr)
		}
		delta := v - int64(in.Offset) - 4
		if delta%4 != 0 {
			return a.errorf(f.e.tok.col, "branch target is not 4-byte aligned")
		}
		if delta/4 < -32768 || delta/4 > 32767 {
			return a.errorf(f.e.tok.col, "branch target out of range")
		}
		in.Inst.Imm = int32(delta / 4)
		binary.LittleEndian.PutUint32(a.code[in.Offset:], 0x17F<<23|uint32(opTable[in.Inst.Op].code)<<16|uint32(uint16(delta/4)))
	}
	obj := &Object{Code: a.code, Symbols: map[string]int{}, Lines: a.insts, Wave64: a.opts.Wave64}
	if obj.Code == nil {
		obj.Code = []byte{}
	}
	for name, l := range a.labels {
		if l.section == ".text" {
			obj.Symbols[name] = l.offset
		}
	}
	for _, k := range a.kernels {
		a.setPos(k.pos)
		l, ok := a.labels[k.name]
		if !ok || l.section != ".text" {
			return a.errorf(k.col, "kernel %s: no code label %s in .text", k.name, k.name)
		}
		if l.offset%256 != 0 {
			return a.errorf(k.col, "kernel %s: entry at offset 0x%x is not 256-byte aligned (add .p2align 8 before the label)", k.name, l.offset)
		}
		d, msg := k.desc.finish()
		if msg != "" {
			return a.errorf(k.col, "%s", msg)
		}
		obj.Kernels = append(obj.Kernels, Kernel{Name: k.name, Entry: l.offset, Descriptor: d})
	}
	a.obj = obj
	return nil
}

// statement handles one source line.
func (a *assembler) statement(text string) error {
	if a.body != nil {
		return a.collect(text)
	}
	if a.skipping() {
		return a.skipLine(text)
	}
	toks, lerr := lexLine(text)
	if lerr != nil {
		return a.posErr(lerr)
	}
	if len(toks) == 0 {
		return nil
	}
	s := &stream{toks: toks, eol: len(text) + 1}
	if a.inMeta {
		if t := s.peek(); t.kind == tkIdent && t.text == ".end_amdgpu_metadata" {
			a.inMeta = false
		}
		return nil
	}
	if a.cur != nil {
		return a.kernelDirective(s)
	}
	// Labels.
	for s.peek().kind == tkIdent && s.peekN(1).kind == tkPunct && s.peekN(1).text == ":" {
		t := s.next()
		s.next()
		if err := a.defineLabel(t); err != nil {
			return err
		}
	}
	if s.atEOF() {
		return nil
	}
	if len(a.code) > maxText {
		return a.errorf(0, ".text exceeds %d bytes", maxText)
	}
	t := s.peek()
	if m, ok := a.macros[t.text]; ok && t.kind == tkIdent {
		s.next()
		return a.invoke(m, t, s)
	}
	// name = expr
	if t.kind == tkIdent && s.peekN(1).kind == tkPunct && s.peekN(1).text == "=" {
		s.next()
		s.next()
		return a.setConst(t, s)
	}
	if t.kind != tkIdent {
		return a.errorf(t.col, "unexpected '%s'", t.text)
	}
	if strings.HasPrefix(t.text, ".") {
		return a.directive(s)
	}
	return a.instruction(s)
}

func (a *assembler) defineLabel(t token) error {
	if _, dup := a.labels[t.text]; dup {
		return a.errorf(t.col, "label '%s' is already defined", t.text)
	}
	if _, dup := a.consts[t.text]; dup {
		return a.errorf(t.col, "symbol '%s' is already defined", t.text)
	}
	off := 0
	if a.section == ".text" {
		off = len(a.code)
	}
	a.labels[t.text] = label{section: a.section, offset: off, line: a.line, col: t.col}
	return nil
}

// endOfLine reports tokens left on the line.
func (a *assembler) endOfLine(s *stream) error {
	if !s.atEOF() {
		return a.errorf(s.peek().col, "unexpected '%s'", s.peek().text)
	}
	return nil
}

func (a *assembler) setConst(name token, s *stream) error {
	v, _, perr := s.constExpr(a.constSyms)
	if perr != nil {
		return a.posErr(perr)
	}
	if err := a.endOfLine(s); err != nil {
		return err
	}
	if _, ok := a.labels[name.text]; ok {
		return a.errorf(name.col, "symbol '%s' is already defined as a label", name.text)
	}
	a.consts[name.text] = v
	return nil
}

// lookupMnemonic resolves a mnemonic (any case, aliases, encoding
// suffixes) to an Op and suffix.
func lookupMnemonic(text string) (Op, string, bool) {
	name := strings.ToLower(text)
	if op, ok := mnemonics[name]; ok {
		return op, "", true
	}
	for _, sfx := range []string{"_e64_dpp", "_e32", "_e64", "_dpp"} {
		if strings.HasSuffix(name, sfx) {
			if op, ok := mnemonics[strings.TrimSuffix(name, sfx)]; ok && opTable[op].enc.IsVALU() {
				return op, sfx, true
			}
		}
	}
	return OpInvalid, "", false
}

// mnemonics maps every spelling the assembler accepts to its Op.
var mnemonics = func() map[string]Op {
	m := map[string]Op{}
	for i := range opTable {
		if opTable[i].name != "" {
			m[opTable[i].name] = Op(i)
		}
	}
	for alias, name := range mnemonicAliases {
		if op, ok := m[name]; ok {
			m[alias] = op
		}
	}
	return m
}()

func (a *assembler) instruction(s *stream) error {
	mn := s.next()
	if isVOPDMnemonic(mn.text) {
		if a.section != ".text" {
			return a.errorf(mn.col, "instructions must be in .text (current section %s)", a.section)
		}
		return a.vopdInstruction(s, mn)
	}
	op, sfx, ok := lookupMnemonic(mn.text)
	if !ok {
		return a.errorf(mn.col, "unsupported instruction '%s'", mn.text)
	}
	if a.section != ".text" {
		return a.errorf(mn.col, "instructions must be in .text (current section %s)", a.section)
	}
	if len(a.code)%4 != 0 {
		return a.errorf(mn.col, "instruction at offset 0x%x is not 4-byte aligned (data in .text must fill whole dwords)", len(a.code))
	}
	info := &opTable[op]
	b := &builder{info: info, op: op, mn: mn, suffix: sfx, wave64: a.opts.Wave64}
	var perr *posError
	switch info.shape {
	case shDelay, shWaitcnt, shDepctr:
		var o pOperand
		o, perr = s.specialImm(info.shape, a.constSyms)
		if perr == nil {
			b.ops = []pOperand{o}
		}
	default:
		b.ops, perr = s.operands(a.constSyms)
		if perr == nil {
			b.mods, perr = s.modifiers(a.constSyms)
		}
	}
	if perr != nil {
		return a.posErr(perr)
	}
	if err := a.endOfLine(s); err != nil {
		return err
	}
	if perr := b.build(); perr != nil {
		// A label where a constant is required.
		for _, o := range b.ops {
			if o.kind == pkExpr && info.shape != shBranch {
				return a.errorf(o.tok.col, "%s", a.symbolMessage(o.e))
			}
		}
		return a.posErr(perr)
	}
	at := len(a.insts)
	var buf [16]byte
	n, _ := b.in.encode(&buf)
	a.insts = append(a.insts, AssembledInst{Offset: len(a.code), Line: a.outerLine, Inst: b.in})
	a.code = append(a.code, buf[:n]...)
	if b.branch != nil {
		a.fixups = append(a.fixups, fixup{at: at, e: b.branch, pos: a.pos()})
	}
	return nil
}

// symbolMessage explains why an expression cannot be used as a constant.
func (a *assembler) symbolMessage(e *expr) string {
	var name string
	var find func(*expr)
	find = func(x *expr) {
		if x == nil || name != "" {
			return
		}
		if x.op == "sym" {
			if _, ok := a.consts[x.name]; !ok {
				name = x.name
			}
		}
		find(x.left)
		find(x.right)
	}
	find(e)
	if _, ok := a.labels[name]; ok {
		return fmt.Sprintf("label '%s' can only be used as a branch target", name)
	}
	return fmt.Sprintf("undefined symbol '%s'", name)
}

// maxText bounds the code a file may produce, so hostile input (a run of
// .balign 65536) cannot exhaust memory.
const maxText = 16 << 20

// padText aligns .text to align bytes with s_nop 0, as llvm-mc does.
func (a *assembler) padText(align int) {
	for len(a.code)%align != 0 {
		a.code = binary.LittleEndian.AppendUint32(a.code, 0xBF800000)
	}
}

// Kernel returns the kernel called name.
func (o *Object) Kernel(name string) (*Kernel, bool) {
	for i := range o.Kernels {
		if o.Kernels[i].Name == name {
			return &o.Kernels[i], true
		}
	}
	return nil, false
}
