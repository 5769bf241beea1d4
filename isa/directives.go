package isa

import (
	"encoding/binary"
	"strings"
)

// directive handles an assembler directive (the stream is at its name).
func (a *assembler) directive(s *stream) error {
	t := s.next()
	if ifDirectives[t.text] || t.text == ".else" || t.text == ".elseif" || t.text == ".endif" {
		return a.condDirective(s, t)
	}
	switch t.text {
	case ".macro":
		return a.defineMacro(s, t)
	case ".endm", ".endmacro":
		return a.errorf(t.col, "unexpected '%s' in file, no current macro definition", t.text)
	case ".exitm":
		if err := a.endOfLine(s); err != nil {
			return err
		}
		return a.exitMacro(t)
	case ".purgem":
		nt := s.next()
		if nt.kind != tkIdent {
			return a.errorf(nt.col, "expected identifier in '.purgem' directive")
		}
		if _, ok := a.macros[nt.text]; !ok {
			return a.errorf(nt.col, "macro '%s' is not defined", nt.text)
		}
		delete(a.macros, nt.text)
		return a.endOfLine(s)
	case ".rept", ".rep", ".irp", ".irpc":
		return a.repeat(s, t)
	case ".endr":
		return a.errorf(t.col, "unmatched '.endr' directive")
	case ".include":
		return a.include(s)
	}
	name := strings.ToLower(t.text)
	switch name {
	case ".text", ".rodata", ".data", ".bss":
		a.section = name
		return a.endOfLine(s)
	case ".section":
		st := s.next()
		if st.kind != tkIdent && st.kind != tkString {
			return a.errorf(st.col, "expected a section name")
		}
		a.section = st.text
		for !s.atEOF() { // flags and type are accepted and ignored
			s.next()
		}
		return nil
	case ".globl", ".global", ".local", ".weak", ".hidden", ".protected":
		for {
			st := s.next()
			if st.kind != tkIdent {
				return a.errorf(st.col, "expected a symbol name")
			}
			if !s.accept(",") {
				break
			}
		}
		return a.endOfLine(s)
	case ".type":
		st := s.next()
		if st.kind != tkIdent {
			return a.errorf(st.col, "expected a symbol name")
		}
		if err := s.expect(","); err != nil {
			return a.posErr(err)
		}
		if !s.accept("@") {
			s.accept("%")
		}
		kt := s.next()
		switch kt.text {
		case "function", "object", "STT_FUNC", "STT_OBJECT", "notype", "STT_NOTYPE":
		default:
			return a.errorf(kt.col, "unsupported symbol type '%s'", kt.text)
		}
		return a.endOfLine(s)
	case ".size":
		st := s.next()
		if st.kind != tkIdent {
			return a.errorf(st.col, "expected a symbol name")
		}
		if err := s.expect(","); err != nil {
			return a.posErr(err)
		}
		if _, err := s.parseExpr(false); err != nil {
			return a.posErr(err)
		}
		return a.endOfLine(s)
	case ".p2align", ".align", ".balign", ".p2alignw", ".p2alignl":
		v, vt, perr := s.constExpr(a.constSyms)
		if perr != nil {
			return a.posErr(perr)
		}
		align := int64(1) << uint(v&63)
		if name == ".align" || name == ".balign" {
			align = v
		}
		if (name == ".p2align" && (v < 0 || v > 16)) || align <= 0 || align > 1<<16 || align&(align-1) != 0 {
			return a.errorf(vt.col, "invalid alignment %d", v)
		}
		if s.accept(",") {
			return a.errorf(s.peek().col, "alignment fill values are not supported")
		}
		if a.section == ".text" {
			if len(a.code)%4 != 0 {
				// llvm-mc 19 loops forever padding such code with s_nop.
				return a.errorf(t.col, "cannot align .text at offset 0x%x: data in .text must fill whole dwords", len(a.code))
			}
			a.padText(int(align))
		}
		return a.endOfLine(s)
	case ".amdgcn_target":
		st := s.next()
		if st.kind != tkString {
			return a.errorf(st.col, "expected a target id string")
		}
		if st.text != "amdgcn-amd-amdhsa--gfx1201" {
			return a.errorf(st.col, "target id %q does not match amdgcn-amd-amdhsa--gfx1201", st.text)
		}
		return a.endOfLine(s)
	case ".amdhsa_code_object_version":
		v, vt, perr := s.constExpr(a.constSyms)
		if perr != nil {
			return a.posErr(perr)
		}
		if v < 4 || v > 6 {
			return a.errorf(vt.col, "unsupported code object version %d", v)
		}
		return a.endOfLine(s)
	case ".amdhsa_kernel":
		nt := s.next()
		if nt.kind != tkIdent {
			return a.errorf(nt.col, "expected a kernel name")
		}
		if a.section == ".text" {
			return a.errorf(t.col, ".amdhsa_kernel must be in a data section such as .rodata (llvm-mc would place the descriptor in the code)")
		}
		for _, k := range a.kernels {
			if k.name == nt.text {
				return a.errorf(nt.col, "kernel %s is already defined", nt.text)
			}
		}
		a.cur = &kernelBlock{name: nt.text, pos: a.pos(), col: nt.col, desc: newKernelDesc(a.opts.Wave64), section: a.section, seen: map[string]bool{}}
		return a.endOfLine(s)
	case ".end_amdhsa_kernel":
		return a.errorf(t.col, ".end_amdhsa_kernel without .amdhsa_kernel")
	case ".set", ".equ":
		nt := s.next()
		if nt.kind != tkIdent {
			return a.errorf(nt.col, "expected a symbol name")
		}
		if err := s.expect(","); err != nil {
			return a.posErr(err)
		}
		return a.setConst(nt, s)
	case ".amdgpu_metadata":
		a.inMeta = true
		return nil
	case ".ident", ".file", ".addrsig", ".addrsig_sym":
		for !s.atEOF() {
			s.next()
		}
		return nil
	case ".byte", ".short", ".2byte", ".hword", ".long", ".4byte", ".int", ".quad", ".8byte":
		size := map[string]int{".byte": 1, ".short": 2, ".2byte": 2, ".hword": 2, ".long": 4, ".4byte": 4, ".int": 4, ".quad": 8, ".8byte": 8}[name]
		for {
			v, vt, perr := s.constExpr(a.constSyms)
			if perr != nil {
				return a.posErr(perr)
			}
			if size < 8 && (v < -(int64(1)<<(8*size-1)) || v >= int64(1)<<(8*size)) {
				return a.errorf(vt.col, "value %d does not fit in %d byte(s)", v, size)
			}
			if a.section == ".text" {
				var b [8]byte
				binary.LittleEndian.PutUint64(b[:], uint64(v))
				a.code = append(a.code, b[:size]...)
			}
			if !s.accept(",") {
				break
			}
		}
		return a.endOfLine(s)
	}
	return a.errorf(t.col, "unknown directive '%s'", t.text)
}

// kernelDirective handles a line inside an .amdhsa_kernel block.
func (a *assembler) kernelDirective(s *stream) error {
	t := s.next()
	if t.kind != tkIdent || !strings.HasPrefix(t.text, ".") {
		return a.errorf(t.col, "expected .amdhsa_ directive or .end_amdhsa_kernel")
	}
	if t.text == ".end_amdhsa_kernel" {
		if err := a.endOfLine(s); err != nil {
			return err
		}
		a.kernels = append(a.kernels, a.cur)
		a.cur = nil
		return nil
	}
	if !strings.HasPrefix(t.text, ".amdhsa_") {
		return a.errorf(t.col, "expected .amdhsa_ directive or .end_amdhsa_kernel")
	}
	name := strings.TrimPrefix(t.text, ".amdhsa_")
	dd, ok := descDirectives[name]
	if !ok {
		return a.errorf(t.col, "unknown .amdhsa_kernel directive '%s'", t.text)
	}
	if dd.reject != "" {
		return a.errorf(t.col, "%s", dd.reject)
	}
	if a.cur.seen[name] {
		return a.errorf(t.col, ".amdhsa_ directives cannot be repeated")
	}
	a.cur.seen[name] = true
	v, vt, perr := s.constExpr(a.constSyms)
	if perr != nil {
		return a.posErr(perr)
	}
	if err := a.endOfLine(s); err != nil {
		return err
	}
	if v < 0 || uint64(v) > dd.max {
		return a.errorf(vt.col, "value out of range")
	}
	dd.set(a.cur.desc, uint64(v))
	return nil
}
