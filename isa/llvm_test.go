package isa

import (
	"bytes"
	"context"
	"debug/elf"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// The tests compare this package against llvm-mc 19, run at test time.
// Without llvm-mc-19 they skip, unless CI=true, where they fail.

const llvmTriple = "-triple=amdgcn-amd-amdhsa"

// llvmTimeout bounds each llvm-mc run: llvm-mc 19 loops forever on some
// inputs (aligning .text that is not a whole number of dwords).
const llvmTimeout = 2 * time.Minute
const llvmCPU = "-mcpu=gfx1201"

// llvmMC returns the path of llvm-mc-19 or stops the test.
func llvmMC(t testing.TB) string {
	t.Helper()
	p, err := exec.LookPath("llvm-mc-19")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("llvm-mc-19 is required when CI=true: %v", err)
		}
		t.Skipf("llvm-mc-19 not installed: %v", err)
	}
	return p
}

// llvmAvailable reports whether llvm-mc-19 can be run, for tests whose
// own checks stand without it; with CI=true its absence fails the test.
func llvmAvailable(t testing.TB) bool {
	t.Helper()
	if _, err := exec.LookPath("llvm-mc-19"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("llvm-mc-19 is required when CI=true: %v", err)
		}
		t.Logf("llvm-mc-19 not installed: skipping the llvm-mc cross-checks")
		return false
	}
	return true
}

func llvmArgs(wave64 bool, extra ...string) []string {
	args := []string{llvmTriple, llvmCPU}
	if wave64 {
		args = append(args, "-mattr=+wavefrontsize64")
	}
	return append(args, extra...)
}

// runLLVM runs llvm-mc with stdin and returns stdout and stderr.
func runLLVM(t testing.TB, stdin string, args ...string) (string, string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), llvmTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, llvmMC(t), args...)
	cmd.Stdin = strings.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	_ = cmd.Run() // errors are reported through stderr and checked by callers
	return out.String(), errb.String()
}

var (
	encodingRE = regexp.MustCompile(`encoding: \[([^\]]*)\]`)
	errLineRE  = regexp.MustCompile(`<stdin>:(\d+):\d+: error: (.*)`)
)

// llvmEncodeLines assembles each line separately-addressable with
// -show-encoding and returns, per line, its bytes or the error llvm gave.
// Lines must not contain labels or directives.
func llvmEncodeLines(t testing.TB, lines []string, wave64 bool) (enc [][]byte, errs []string) {
	t.Helper()
	out, stderr := runLLVM(t, strings.Join(lines, "\n")+"\n", llvmArgs(wave64, "-show-encoding")...)
	errs = make([]string, len(lines))
	for _, m := range errLineRE.FindAllStringSubmatch(stderr, -1) {
		n, _ := strconv.Atoi(m[1])
		if n >= 1 && n <= len(lines) && errs[n-1] == "" {
			errs[n-1] = m[2]
		}
	}
	var encs [][]byte
	for _, l := range strings.Split(out, "\n") {
		m := encodingRE.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		var b []byte
		for _, x := range strings.Split(m[1], ",") {
			v, err := strconv.ParseUint(strings.TrimSpace(x), 0, 8)
			if err != nil {
				t.Fatalf("cannot parse llvm-mc encoding %q: %v", m[1], err)
			}
			b = append(b, byte(v))
		}
		encs = append(encs, b)
	}
	enc = make([][]byte, len(lines))
	k := 0
	for i := range lines {
		if errs[i] != "" || strings.TrimSpace(lines[i]) == "" {
			continue
		}
		if k >= len(encs) {
			t.Fatalf("llvm-mc produced %d encodings for %d lines", len(encs), len(lines))
		}
		enc[i] = encs[k]
		k++
	}
	if k != len(encs) {
		t.Fatalf("llvm-mc produced %d encodings, expected %d", len(encs), k)
	}
	return enc, errs
}

// llvmDisassemble disassembles code with llvm-mc and returns one
// whitespace-normalised line per instruction.
func llvmDisassemble(t testing.TB, code []byte, wave64 bool) []string {
	t.Helper()
	var sb strings.Builder
	for i, b := range code {
		if i > 0 {
			sb.WriteByte(',')
		}
		fmt.Fprintf(&sb, "0x%02x", b)
	}
	out, stderr := runLLVM(t, sb.String()+"\n", llvmArgs(wave64, "-disassemble")...)
	if strings.Contains(stderr, "warning") || strings.Contains(stderr, "error") {
		t.Fatalf("llvm-mc -disassemble: %s", stderr)
	}
	var lines []string
	for _, l := range strings.Split(out, "\n") {
		l = normSpace(l)
		if l == "" || l == ".text" {
			continue
		}
		lines = append(lines, l)
	}
	return lines
}

// normSpace collapses runs of whitespace and trims.
func normSpace(s string) string { return strings.Join(strings.Fields(s), " ") }

// llvmObject is what the tests read back from llvm-mc's ELF output.
type llvmObject struct {
	text        []byte
	descriptors map[string][]byte // kernel name -> 64 descriptor bytes
	symbols     map[string]uint64 // .text symbol values
}

// llvmAssembleFile assembles a whole file with llvm-mc into an object and
// extracts .text, the kernel descriptors and the code symbols.
func llvmAssembleFile(t testing.TB, name string, src []byte, wave64 bool) (*llvmObject, error) {
	t.Helper()
	dir := t.TempDir()
	obj := filepath.Join(dir, "out.o")
	ctx, cancel := context.WithTimeout(context.Background(), llvmTimeout)
	defer cancel()
	// .include names resolve as isa.Assemble resolves them: relative to
	// the file's directory.
	cmd := exec.CommandContext(ctx, llvmMC(t), llvmArgs(wave64, "-filetype=obj", "-o", obj, "-I", filepath.Dir(name))...)
	cmd.Stdin = bytes.NewReader(src)
	var errb bytes.Buffer
	cmd.Stderr = &errb
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("llvm-mc %s: %v: %s", name, err, errb.String())
	}
	f, err := elf.Open(obj)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	res := &llvmObject{descriptors: map[string][]byte{}, symbols: map[string]uint64{}}
	if s := f.Section(".text"); s != nil {
		if res.text, err = s.Data(); err != nil {
			return nil, err
		}
	}
	syms, err := f.Symbols()
	if err != nil {
		return nil, err
	}
	for _, s := range syms {
		if int(s.Section) >= len(f.Sections) || s.Section == elf.SHN_UNDEF {
			continue
		}
		sec := f.Sections[s.Section]
		switch {
		case sec.Name == ".text":
			res.symbols[s.Name] = s.Value
		case strings.HasSuffix(s.Name, ".kd") && s.Size == 64:
			data, err := sec.Data()
			if err != nil {
				return nil, err
			}
			if s.Value+64 > uint64(len(data)) {
				return nil, fmt.Errorf("descriptor %s outside %s", s.Name, sec.Name)
			}
			res.descriptors[strings.TrimSuffix(s.Name, ".kd")] = data[s.Value : s.Value+64]
		}
	}
	return res, nil
}
