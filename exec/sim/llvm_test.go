package sim

import (
	"bytes"
	"debug/elf"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	_ "zincc/internal/golden"
)

// requireTool returns the path of an external tool, skipping the test
// when it is missing, or failing it when CI=true (the CI installs it).
func requireTool(t testing.TB, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is not installed and CI=true: %v", name, err)
		}
		t.Skipf("%s is not installed: %v", name, err)
	}
	return p
}

// llvmAssemble assembles src with llvm-mc-19 for gfx1201 and returns the
// .text section and the address of every symbol in it.
func llvmAssemble(t testing.TB, src string, wave64 bool) ([]byte, map[string]uint64) {
	t.Helper()
	mc := requireTool(t, "llvm-mc-19")
	dir := t.TempDir()
	in := filepath.Join(dir, "k.s")
	out := filepath.Join(dir, "k.o")
	if err := os.WriteFile(in, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	args := []string{"-triple=amdgcn-amd-amdhsa", "-mcpu=gfx1201", "-filetype=obj", in, "-o", out}
	if wave64 {
		args = append(args, "-mattr=+wavefrontsize64")
	}
	var stderr bytes.Buffer
	cmd := exec.Command(mc, args...)
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("llvm-mc-19: %v\n%s\nsource:\n%s", err, stderr.String(), numbered(src))
	}
	f, err := elf.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	text := f.Section(".text")
	if text == nil {
		t.Fatal("no .text section")
	}
	code, err := text.Data()
	if err != nil {
		t.Fatal(err)
	}
	syms, err := f.Symbols()
	if err != nil {
		t.Fatal(err)
	}
	addrs := map[string]uint64{}
	for _, s := range syms {
		if int(s.Section) < len(f.Sections) && f.Sections[s.Section] == text {
			addrs[s.Name] = s.Value
		}
	}
	return code, addrs
}

func numbered(src string) string {
	var b strings.Builder
	for i, l := range strings.Split(src, "\n") {
		b.WriteString(strings.Repeat(" ", max(0, 5-len(itoa(i+1)))))
		b.WriteString(itoa(i + 1))
		b.WriteString("  ")
		b.WriteString(l)
		b.WriteByte('\n')
	}
	return b.String()
}

func itoa(i int) string {
	if i == 0 {
		return "0"
	}
	var b []byte
	for ; i > 0; i /= 10 {
		b = append([]byte{byte('0' + i%10)}, b...)
	}
	return string(b)
}
