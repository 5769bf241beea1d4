package main

// Regression tests for issue 17, "Hostile input and load": each builds the
// case the issue reports.

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/sys/unix"

	"zincc/exec"
)

// mknodNull makes a character device like /dev/null (1,3) in a temporary
// directory, or skips when the test may not.
func mknodNull(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "x")
	if err := unix.Mknod(path, unix.S_IFCHR|0o666, int(unix.Mkdev(1, 3))); err != nil {
		t.Skipf("mknod needs privileges: %v", err)
	}
	return path
}

func requireCharDevice(t *testing.T, path string) {
	t.Helper()
	st, err := os.Lstat(path)
	if err != nil {
		t.Fatal(err)
	}
	if st.Mode()&os.ModeCharDevice == 0 {
		t.Errorf("%s is now %v, not the character device it was", path, st.Mode())
	}
}

// Item 13: -o onto a device wrote a temporary file and renamed it over the
// device (run as root, that replaced /dev/null with a regular file).
func TestOutputToDeviceWritesThrough(t *testing.T) {
	dev := mknodNull(t)
	_, errOut, code := zincc(t, "compile", "../../testdata/toy.zir", "-target=gfx1201", "-emit=bin", "-o", dev)
	if code != exitOK {
		t.Fatalf("compile -o device: exit %d: %s", code, errOut)
	}
	requireCharDevice(t, dev)
	src := filepath.Join(t.TempDir(), "k.s")
	os.WriteFile(src, []byte("s_endpgm\n"), 0o644)
	if _, errOut, code := zincc(t, "asm", "-o", dev, src); code != exitOK {
		t.Fatalf("asm -o device: exit %d: %s", code, errOut)
	}
	requireCharDevice(t, dev)
	if _, errOut, code := zincc(t, "export-gguf", "-o", dev, "../../testdata/toy.zir"); code != exitOK {
		t.Fatalf("export-gguf -o device: exit %d: %s", code, errOut)
	}
	requireCharDevice(t, dev)
	if entries, _ := os.ReadDir(filepath.Dir(dev)); len(entries) != 1 {
		t.Errorf("files left next to the device: %v", entries)
	}
}

// Item 13 and 10: "-o -" wrote a file named "-"; it means standard output.
func TestOutputDashIsStdout(t *testing.T) {
	dir := t.TempDir()
	wd, _ := os.Getwd()
	toy := filepath.Join(wd, "../../testdata/toy.zir")
	if err := os.Chdir(dir); err != nil {
		t.Fatal(err)
	}
	defer os.Chdir(wd)
	out, errOut, code := zincc(t, "compile", toy, "-target=gfx1201", "-emit=hex", "-o", "-")
	if code != exitOK || out == "" {
		t.Fatalf("compile -o -: exit %d, %d bytes out: %s", code, len(out), errOut)
	}
	out, errOut, code = zincc(t, "export-gguf", "-o", "-", toy)
	if code != exitOK || !strings.HasPrefix(out, "GGUF") || !strings.Contains(errOut, "tensors of graph") {
		t.Fatalf("export-gguf -o -: exit %d, stdout %.8q, stderr %q", code, out, errOut)
	}
	if _, err := os.Stat(filepath.Join(dir, "-")); err == nil {
		t.Error(`a file named "-" was written`)
	}
}

// Item 9: fmt -w on a symbolic link replaced the link by a file and left
// the target unformatted; gofmt rewrites the target and keeps the link.
func TestFmtWriteSymlink(t *testing.T) {
	dir := t.TempDir()
	src, _ := os.ReadFile("../../testdata/toy.zir")
	messy := strings.Replace(string(src), "graph @toy {", "graph   @toy   {", 1)
	target := filepath.Join(dir, "real.zir")
	link := filepath.Join(dir, "link.zir")
	os.WriteFile(target, []byte(messy), 0o644)
	os.Symlink("real.zir", link)
	if _, errOut, code := zincc(t, "fmt", "-w", link); code != exitOK {
		t.Fatalf("fmt -w link: exit %d: %s", code, errOut)
	}
	if st, _ := os.Lstat(link); st.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link became %v", st.Mode())
	}
	if got, _ := os.ReadFile(target); string(got) == messy {
		t.Error("the link's target was not formatted")
	}
}

// Item 9: fmt -w on a 0444 file replaced it by rename without a word.
func TestFmtWriteReadOnly(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ro.zir")
	src, _ := os.ReadFile("../../testdata/toy.zir")
	messy := strings.Replace(string(src), "graph @toy {", "graph   @toy   {", 1)
	os.WriteFile(path, []byte(messy), 0o444)
	_, errOut, code := zincc(t, "fmt", "-w", path)
	if code != exitInput || !strings.Contains(errOut, "read-only") {
		t.Errorf("fmt -w on a read-only file: exit %d, %q", code, errOut)
	}
	if got, _ := os.ReadFile(path); string(got) != messy {
		t.Error("the read-only file was rewritten")
	}
}

// zeroReader is an endless standard input, like "cat /dev/zero |".
type zeroReader struct{}

func (zeroReader) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

// Item 3: inputs were read whole before the size limit was checked:
// "check" of a 2 GB sparse file took 4.2 GB, /dev/zero never finished.
func TestInputsReadWithABound(t *testing.T) {
	sparse := filepath.Join(t.TempDir(), "sparse.zir")
	f, err := os.Create(sparse)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(2 << 30); err != nil {
		t.Fatal(err)
	}
	f.Close()
	for _, args := range [][]string{
		{"check", sparse},
		{"check", "/dev/zero"},
		{"fmt", "/dev/zero"},
		{"disasm", "/dev/zero"},
		{"objdump", sparse},
		{"sim-kernel", "/dev/zero"},
	} {
		_, errOut, code := zincc(t, args...)
		if code != exitInput || !strings.Contains(errOut, "limit") {
			t.Errorf("%v: exit %d, %q; want a size-limit error", args, code, errOut)
		}
	}
	// cat /dev/zero | zincc disasm -
	var out, errb strings.Builder
	e := &env{stdin: zeroReader{}, stdout: &out, stderr: &errb, getenv: func(string) string { return "" }}
	if code := run([]string{"disasm", "-"}, e); code != exitInput || !strings.Contains(errb.String(), "limit") {
		t.Errorf("disasm - of endless input: exit %d, %q", code, errb.String())
	}
	// -buf ...=file(/dev/zero) for sim-kernel and sim-ib.
	src := filepath.Join(t.TempDir(), "k.s")
	os.WriteFile(src, []byte("s_endpgm\n"), 0o644)
	_, errOut, code := zincc(t, "sim-kernel", "-buf", "a=u32:4=file(/dev/zero)", src)
	if code == exitOK || !strings.Contains(errOut, "limit") {
		t.Errorf("sim-kernel -buf file(/dev/zero): exit %d, %q", code, errOut)
	}
	_, errOut, code = zincc(t, "sim-kernel", "-buf", "a=u32:4=file(/tmp)", src)
	if code == exitOK || !strings.Contains(errOut, "directory") {
		t.Errorf("sim-kernel -buf file(/tmp): exit %d, %q", code, errOut)
	}
}

// Item 5: a 256 GiB zeros weight with -max-memory 1000000000000000 died
// with Go's "fatal error: runtime: out of memory" and exit 2.
func TestHugeAllocationRefused(t *testing.T) {
	if most, _ := exec.MachineMemory(); most > 256<<30 {
		t.Skipf("this machine could hold 256 GiB (%d bytes)", most)
	}
	path := filepath.Join(t.TempDir(), "huge.zir")
	os.WriteFile(path, []byte(`graph @huge {
  input %tok : u32
  weight %w : f32[1048576, 65536] = zeros
  %x = embed %w, %tok
  %n = argmax %x
  output %n
}
`), 0o644)
	_, errOut, code := zincc(t, "run", path, "-max-memory", "1000000000000000")
	if code != exitInput || !strings.Contains(errOut, "more than this process can have") {
		t.Errorf("exit %d, %q", code, errOut)
	}
	_, errOut, code = zincc(t, "export-gguf", "-o", filepath.Join(t.TempDir(), "o.gguf"), path)
	if code != exitInput || !strings.Contains(errOut, "256.0 GiB") {
		t.Errorf("export-gguf: exit %d, %q", code, errOut)
	}
}

// Item 10: -set tok=3,tok=4 was accepted, the last value silently winning.
func TestSetTwiceRefused(t *testing.T) {
	_, errOut, code := zincc(t, "run", "../../testdata/toy.zir", "-set", "tok=3,tok=4")
	if code != exitUsage || !strings.Contains(errOut, "set twice") {
		t.Errorf("exit %d, %q", code, errOut)
	}
}

// Item 8: -set pos=4294967295 was reported as "%pos = -1".
func TestSetHugePositionReportedUnsigned(t *testing.T) {
	_, errOut, code := zincc(t, "run", "../../testdata/ops.zir", "-set", "pos=4294967295")
	if code != exitInput || !strings.Contains(errOut, "%pos = 4294967295") {
		t.Errorf("exit %d, %q", code, errOut)
	}
}

// Item 10: run -json printed nothing when a later step failed; text mode
// keeps the steps that ran, and so does JSON now, with the error.
func TestRunJSONKeepsStepsBeforeAFailure(t *testing.T) {
	out, errOut, code := zincc(t, "run", "../../testdata/ops.zir", "-json", "-set", "pos=18", "-steps", "4")
	if code != exitInput || !strings.Contains(errOut, "out of range") {
		t.Fatalf("exit %d, %q", code, errOut)
	}
	if !strings.Contains(out, `"step": 1`) || strings.Contains(out, `"step": 2`) || !strings.Contains(out, `"error": "step 2:`) {
		t.Errorf("JSON of a run failing at step 2:\n%s", out)
	}
}

// Item 10: -lds -5 and -float-mode 300 were accepted.
func TestSimKernelFlagRanges(t *testing.T) {
	src := filepath.Join(t.TempDir(), "k.s")
	os.WriteFile(src, []byte("s_endpgm\n"), 0o644)
	for _, args := range [][]string{{"-lds", "-5"}, {"-lds", "65537"}, {"-float-mode", "300"}, {"-float-mode", "-2"}} {
		_, errOut, code := zincc(t, append(append([]string{"sim-kernel"}, args...), src)...)
		if code != exitUsage || !strings.Contains(errOut, args[0]) {
			t.Errorf("%v: exit %d, %q", args, code, errOut)
		}
	}
}

// Item 8: .amdhsa_group_segment_fixed_size 4294967295 assembled, then
// sim-kernel blamed a -lds flag nobody gave.
func TestSimKernelHugeGroupSegmentBlamesDescriptor(t *testing.T) {
	src := filepath.Join(t.TempDir(), "k.s")
	os.WriteFile(src, []byte(`	.text
	.globl k
	.p2align 8
	.type k,@function
k:
	s_endpgm
	.rodata
	.p2align 6
	.amdhsa_kernel k
	.amdhsa_next_free_vgpr 1
	.amdhsa_next_free_sgpr 1
	.amdhsa_group_segment_fixed_size 4294967295
	.end_amdhsa_kernel
`), 0o644)
	_, errOut, code := zincc(t, "sim-kernel", src)
	if code != exitInput || !strings.Contains(errOut, "group_segment_fixed_size") || strings.Contains(errOut, "-lds") {
		t.Errorf("exit %d, %q", code, errOut)
	}
}
