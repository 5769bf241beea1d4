package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	_ "zincc/internal/golden"
	"zincc/ir"
)

// zincc runs the command line in-process with empty standard input.
func zincc(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	return zinccIn(t, "", args...)
}

// zinccIn runs the command line in-process with the given standard input.
func zinccIn(t *testing.T, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	e := &env{stdin: strings.NewReader(stdin), stdout: &out, stderr: &errb, getenv: func(string) string { return "" }}
	code = run(args, e)
	return out.String(), errb.String(), code
}

// TestHelpOps lists every op of the IR with its Doc line.
func TestHelpOps(t *testing.T) {
	out, _, code := zincc(t, "help", "ops")
	if code != exitOK {
		t.Fatalf("help ops exit %d", code)
	}
	for _, op := range ir.Ops() {
		if !strings.Contains(out, "\n  "+op.Name+" ") || !strings.Contains(out, op.Doc) {
			t.Errorf("help ops lacks %s (%q):\n%s", op.Name, op.Doc, out)
		}
	}
	if !strings.Contains(out, "rope x, pos[, freqs] {heads, dims?") {
		t.Errorf("rope's optional operand is not shown:\n%s", out)
	}
}

func TestHelp(t *testing.T) {
	out, _, code := zincc(t, "help")
	if code != exitOK {
		t.Fatalf("help exit %d", code)
	}
	for name := range commands {
		if !strings.Contains(out, "  "+name+" ") {
			t.Errorf("help does not list %s", name)
		}
		_, errOut, code := zincc(t, name, "-h")
		if code != exitOK || !strings.Contains(errOut, "Usage: zincc "+name) {
			t.Errorf("%s -h: exit %d, %q", name, code, errOut)
		}
	}
	if _, _, code := zincc(t); code != exitUsage {
		t.Errorf("no arguments: exit %d", code)
	}
	if _, errOut, code := zincc(t, "frob"); code != exitUsage || !strings.Contains(errOut, `unknown command "frob"`) {
		t.Errorf("unknown command: %d %q", code, errOut)
	}
}

func TestCheck(t *testing.T) {
	out, _, code := zincc(t, "check", "../../testdata/layer.zir")
	if code != exitOK || !strings.Contains(out, "graph @layer is valid") {
		t.Errorf("check layer: %d %q", code, out)
	}
	_, errOut, code := zincc(t, "check", "../../testdata/errors/names.zir")
	if code != exitInput || !strings.Contains(errOut, "names.zir:7:17: %x is used before its definition") {
		t.Errorf("check errors: %d %q", code, errOut)
	}
	if _, _, code := zincc(t, "check", "a.zir", "b.zir"); code != exitUsage {
		t.Errorf("two files: exit %d", code)
	}
	if _, _, code := zincc(t, "check", "-bogus", "a.zir"); code != exitUsage {
		t.Errorf("bad flag: exit %d", code)
	}
	if _, errOut, code := zincc(t, "check", "missing.zir"); code != exitInput || !strings.Contains(errOut, "missing.zir") {
		t.Errorf("missing file: %d %q", code, errOut)
	}
	_, errOut, code = zincc(t, "check", "-print-after=dce", "../../testdata/toy.zir")
	if code != exitOK || !strings.Contains(errOut, "// after dce\ngraph @toy {") {
		t.Errorf("-print-after: %d %q", code, errOut)
	}
	if _, _, code := zincc(t, "check", "-passes=nope", "../../testdata/toy.zir"); code != exitUsage {
		t.Errorf("bad pass: exit %d", code)
	}
}

func TestFmt(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "g.zir")
	src := "graph @g {\n input %t:u32 // tok\n output %t\n}\n"
	if err := os.WriteFile(path, []byte(src), 0o600); err != nil {
		t.Fatal(err)
	}
	out, _, code := zincc(t, "fmt", path)
	want := "graph @g {\n  input %t : u32  // tok\n\n  output %t\n}\n"
	if code != exitOK || out != want {
		t.Fatalf("fmt: %d %q", code, out)
	}
	if b, _ := os.ReadFile(path); string(b) != src {
		t.Fatal("fmt without -w changed the file")
	}
	if _, _, code := zincc(t, "fmt", "-w", path); code != exitOK {
		t.Fatalf("fmt -w exit %d", code)
	}
	if b, _ := os.ReadFile(path); string(b) != want {
		t.Fatalf("fmt -w wrote %q", b)
	}
	// A bad file is left alone.
	bad := filepath.Join(dir, "bad.zir")
	os.WriteFile(bad, []byte("graph @g {\n  %a = \n}\n"), 0o600)
	if _, errOut, code := zincc(t, "fmt", "-w", bad); code != exitInput || !strings.Contains(errOut, "bad.zir:2:") {
		t.Errorf("fmt -w bad: %d %q", code, errOut)
	}
	if b, _ := os.ReadFile(bad); string(b) != "graph @g {\n  %a = \n}\n" {
		t.Error("fmt -w changed a file it could not parse")
	}
	// Every graph in testdata is already in canonical form.
	files, _ := filepath.Glob("../../testdata/*.zir")
	for _, f := range files {
		out, _, code := zincc(t, "fmt", f)
		src, _ := os.ReadFile(f)
		if code != exitOK || out != string(src) {
			t.Errorf("%s is not in canonical form (run zincc fmt -w)", f)
		}
	}
}

func TestCompileTargets(t *testing.T) {
	out, _, code := zincc(t, "../../testdata/toy.zir", "-target=cpu")
	if code != exitOK || !strings.Contains(out, "rms_norm_quantize(buf4, buf2)") || !strings.Contains(out, "matvec(buf3, buf5)") {
		t.Errorf("compile cpu: %d %q", code, out)
	}
	_, errOut, code := zincc(t, "../../testdata/toy.zir", "-target=gfx900")
	if code != exitUsage || !strings.Contains(errOut, `unknown target "gfx900" (known targets: `) {
		t.Errorf("unknown target: %d %q", code, errOut)
	}
	_, errOut, code = zincc(t, "compile", "-target=cpu", "-emit=nope", "../../testdata/toy.zir")
	if code != exitUsage || !strings.Contains(errOut, `cannot emit "nope"`) {
		t.Errorf("bad emit: %d %q", code, errOut)
	}
	dir := t.TempDir()
	outPath := filepath.Join(dir, "toy.txt")
	if _, _, code := zincc(t, "compile", "-target=cpu", "-o", outPath, "../../testdata/toy.zir"); code != exitOK {
		t.Fatalf("-o: exit %d", code)
	}
	if b, _ := os.ReadFile(outPath); !bytes.Contains(b, []byte("argmax(buf6)")) {
		t.Errorf("-o wrote %q", b)
	}
}
