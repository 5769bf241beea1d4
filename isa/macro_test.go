package isa

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
)

// TestIncludeMatchesLLVM assembles a file that includes others (one from a
// subdirectory, which includes a sibling of its own) with llvm-mc and
// with this package, reading from the OS and from an fs.FS.
func TestIncludeMatchesLLVM(t *testing.T) {
	files := map[string]string{
		"main.s": ".text\n.include \"lib/defs.inc\"\n  twice 3\n.include \"tail.inc\"\n  s_endpgm\n",
		"lib/defs.inc": "// macros\n.macro twice n\n  s_mov_b32 s\\n, \\n\n  s_mov_b32 s\\n, \\n\n.endm\n" +
			".include \"lib/more.inc\"\n",
		"lib/more.inc": ".macro more\n  s_nop 1\n.endm\n",
		"tail.inc":     "  more\n  v_add_f32 v0, v1, v2\n",
	}
	dir := t.TempDir()
	mfs := fstest.MapFS{}
	for name, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		mfs[name] = &fstest.MapFile{Data: []byte(text)}
	}
	main := filepath.Join(dir, "main.s")
	fromOS, err := Assemble(main, []byte(files["main.s"]))
	if err != nil {
		t.Fatal(err)
	}
	fromFS, err := AssembleWith("main.s", []byte(files["main.s"]), Options{Include: IncludeFS(mfs)})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(fromOS.Code, fromFS.Code) || len(fromOS.Code) != 5*4 {
		t.Fatalf("OS % x, FS % x", fromOS.Code, fromFS.Code)
	}
	// Instructions from included files and macros carry the main file's line.
	if l := fromOS.Lines[0].Line; l != 3 {
		t.Errorf("first instruction at line %d, want 3 (the invocation)", l)
	}
	if l := fromOS.Lines[2].Line; l != 4 {
		t.Errorf("included instruction at line %d, want 4 (the .include)", l)
	}
	if !llvmAvailable(t) {
		return
	}
	want, err := llvmAssembleFile(t, main, []byte(files["main.s"]), false)
	if err != nil {
		t.Fatal(err)
	}
	compareCode(t, fromOS, want.text)
}

// macroErrorCases are macro inputs that must fail with a positioned error
// and, where llvm-mc rejects them too, context.
var macroErrorCases = []struct {
	src       string
	file      string
	line, col int
	msg, ctx  string
}{
	{".macro m r\n  s_mov_b32 \\r, 1\n.endm\n.macro o r\n  m \\r\n.endm\n  o v0\n", "x.s", 2, 13, "expected a scalar register",
		"in macro 'm' invoked at x.s:5:3, in macro 'o' invoked at x.s:7:3"},
	{".macro m\n  m\n.endm\n  m\n", "x.s", 2, 3, "nested more than 20 levels", "..., in macro 'm' invoked at x.s:4:3"},
	{".rept 100000\n.rept 100000\ns_nop 0\n.endr\n.endr\n", "x.s", 1, 1, "exceed", ""},
	{".rept 3\n s_bogus\n.endr\n", "x.s", 2, 2, "unsupported instruction", "in .rept at x.s:1:1"},
	{".macro m a:req\n.endm\n m\n", "x.s", 3, 3, "missing value for required parameter 'a'", ""},
	{".macro m a\n.endm\n m 1, 2\n", "x.s", 3, 7, "too many positional arguments", ""},
	{".macro m a\n.endm\n m b=1\n", "x.s", 3, 4, "parameter named 'b' does not exist", ""},
	{".macro m a, b\n.endm\n m a=1, 2\n", "x.s", 3, 9, "cannot mix positional and keyword", ""},
	{".macro m\n.endm\n.macro m\n.endm\n", "x.s", 3, 1, "macro 'm' is already defined", ""},
	{".macro m\n s_nop 0\n", "x.s", 1, 1, "no matching '.endmacro'", ""},
	{".rept 2\n s_nop 0\n", "x.s", 1, 1, "no matching '.endr'", ""},
	{".endm\n", "x.s", 1, 1, "no current macro definition", ""},
	{".endr\n", "x.s", 1, 1, "unmatched '.endr'", ""},
	{".exitm\n", "x.s", 1, 1, "unexpected '.exitm'", ""},
	{".if 1\n", "x.s", 2, 0, "unmatched .ifs", ""},
	{".endif\n", "x.s", 1, 1, ".endif that doesn't follow", ""},
	{".if 1\n.else\n.else\n.endif\n", "x.s", 3, 1, ".else that doesn't follow", ""},
	{".rept -1\n.endr\n", "x.s", 1, 7, "Count is negative", ""},
	{".irp r\n.endr\n", "x.s", 1, 7, "expected comma", ""},
	{".include \"nothere.inc\"\n", "x.s", 1, 10, "Could not find include file 'nothere.inc'", ""},
	{".include \"x.s\"\n", "x.s", 1, 10, "nested more than 16 levels", "in file included from x.s:1"},
	{".include \"bad.inc\"\n", "bad.inc", 2, 2, "unsupported instruction", "in file included from x.s:1"},
}

func TestMacroErrors(t *testing.T) {
	haveLLVM := llvmAvailable(t)
	for _, c := range macroErrorCases {
		fsys := fstest.MapFS{"x.s": {Data: []byte(c.src)}, "bad.inc": {Data: []byte("s_nop 0\n s_bogus\n")}}
		_, err := AssembleWith("x.s", []byte(c.src), Options{Include: IncludeFS(fsys)})
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("%q: error %v is not an *isa.Error", c.src, err)
			continue
		}
		if e.File != c.file || e.Line != c.line || e.Col != c.col || !strings.Contains(e.Msg, c.msg) || !strings.Contains(e.Context, c.ctx) {
			t.Errorf("%q:\n got %v\nwant %s:%d:%d: ...%s... (%s)", c.src, err, c.file, c.line, c.col, c.msg, c.ctx)
		}
		// llvm-mc rejects the same input (the include cases need files;
		// the nesting and size limits are checked by the cases above).
		if haveLLVM && !strings.Contains(c.src, ".include") && !strings.Contains(c.src, "100000") && !strings.Contains(c.src, "  m\n.endm") {
			if _, lerr := llvmAssembleFile(t, "x.s", []byte(c.src), false); lerr == nil {
				t.Errorf("%q: llvm-mc accepts it", c.src)
			}
		}
	}
}

// TestMacroExpansionBounded: hostile repetition is refused quickly.
func TestMacroExpansionBounded(t *testing.T) {
	for _, src := range []string{
		".rept 1000000000\n s_nop 0\n.endr\n",
		".macro a\n.rept 1000\n s_nop 0\n.endr\n.endm\n.macro b\n.rept 1000\n a\n.endr\n.endm\n b\n",
		".irpc c, \"" + strings.Repeat("x", 5000) + "\"\n.rept 100\n.rept 100\ns_nop 0\n.endr\n.endr\n.endr\n",
	} {
		if _, err := Assemble("x.s", []byte(src)); err == nil || !strings.Contains(err.Error(), "exceed") {
			t.Errorf("%.40q: %v, want an expansion limit error", src, err)
		}
	}
}
