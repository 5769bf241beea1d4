package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"zincc/isa"
)

// corpusPath is the isa package's llvm-checked assembler corpus.
var corpusPath = filepath.Join("..", "..", "isa", "testdata", "corpus.s")

// llvmObject assembles src with llvm-mc 19 into an ELF object; without
// llvm-mc-19 the test skips, or fails when CI=true.
func llvmObject(t *testing.T, src []byte) []byte {
	t.Helper()
	mc, err := exec.LookPath("llvm-mc-19")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("llvm-mc-19 is required when CI=true: %v", err)
		}
		t.Skipf("llvm-mc-19 not installed: %v", err)
	}
	obj := filepath.Join(t.TempDir(), "k.o")
	cmd := exec.Command(mc, "-triple=amdgcn-amd-amdhsa", "-mcpu=gfx1201", "-filetype=obj", "-o", obj)
	cmd.Stdin = bytes.NewReader(src)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("llvm-mc: %v: %s", err, out)
	}
	data, err := os.ReadFile(obj)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func tempFile(t *testing.T, name string, data []byte) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestAsmBinMatchesLLVM writes the corpus code with -o and compares it
// with the .text llvm-mc produces for the same file.
func TestAsmBinMatchesLLVM(t *testing.T) {
	src, err := os.ReadFile(corpusPath)
	if err != nil {
		t.Fatal(err)
	}
	co, err := isa.ReadCodeObject(llvmObject(t, src))
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "k.bin")
	_, errOut, code := zincc(t, "asm", "-o", out, corpusPath)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, co.Code) {
		t.Fatalf("zincc asm wrote %d bytes that differ from llvm-mc's %d-byte .text", len(got), len(co.Code))
	}
}

// The expected words below are the ISA sheet's llvm-mc encodings
// (../shared/ref/rdna4-isa.md §3): s_mov_b32 s0, s1 = 01 00 80 be;
// v_mov_b32 v0, v1 = 01 03 00 7e; s_endpgm = 00 00 b0 bf.
const tinySrc = "k:\n  s_mov_b32 s0, s1\n  v_mov_b32 v0, v1 ; comment\n  s_branch k\n  s_endpgm\n"

func TestAsmHexAndList(t *testing.T) {
	p := tempFile(t, "k.s", []byte(tinySrc))
	out, errOut, code := zincc(t, "asm", p)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	// s_branch k at byte 8 jumps back 3 dwords: simm16 = -3 = 0xfffd.
	if want := "be800001 7e000301 bfa0fffd bfb00000\n"; out != want {
		t.Fatalf("hex: got %q want %q", out, want)
	}
	out, errOut, code = zincc(t, "asm", "-emit=list", p)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"k:\n", "000000: be800001", "s_mov_b32 s0, s1", "000004: 7e000301", "v_mov_b32_e32 v0, v1", "s_branch 65533  ; -> k", "00000c: bfb00000", "s_endpgm"} {
		if !strings.Contains(out, want) {
			t.Errorf("listing lacks %q:\n%s", want, out)
		}
	}
	out, _, code = zinccIn(t, tinySrc, "asm", "-emit=bin", "-")
	if code != exitOK || out != "\x01\x00\x80\xbe\x01\x03\x00\x7e\xfd\xff\xa0\xbf\x00\x00\xb0\xbf" {
		t.Fatalf("bin from stdin: exit %d %q", code, out)
	}
}

func TestAsmListKernelSummary(t *testing.T) {
	out, errOut, code := zincc(t, "asm", "-emit=list", corpusPath)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	// copy_f32's block sets user_sgpr_count 4 and both denorm modes to 3:
	// RSRC1 = 0x600F0000 and RSRC2 = 0x88 (ISA sheet §7 worked example).
	want := "; kernel copy_f32: entry 0x0 wave32 user_sgprs 4 vgprs 8 lds 0 kernarg 0 rsrc1 0x600f0000 rsrc2 0x00000088 rsrc3 0x00000000"
	if !strings.Contains(out, want) {
		t.Errorf("listing lacks %q", want)
	}
}

func TestAsmErrors(t *testing.T) {
	bad := tempFile(t, "bad.s", []byte("s_nop 0\n  v_bogus v0\n"))
	out := filepath.Join(t.TempDir(), "out.bin")
	_, errOut, code := zincc(t, "asm", "-o", out, bad)
	if code != exitInput {
		t.Fatalf("exit %d, want %d", code, exitInput)
	}
	if want := bad + ":2:3: unsupported instruction 'v_bogus'\n"; errOut != want {
		t.Errorf("stderr %q, want %q", errOut, want)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("output file exists after a failed run: %v", err)
	}
	if _, _, code := zincc(t, "asm", "-emit=elf", bad); code != exitUsage {
		t.Errorf("-emit=elf: exit %d, want %d", code, exitUsage)
	}
	if _, _, code := zincc(t, "asm"); code != exitUsage {
		t.Errorf("no file: exit %d, want %d", code, exitUsage)
	}
	if _, _, code := zincc(t, "asm", filepath.Join(t.TempDir(), "missing.s")); code != exitInput {
		t.Errorf("missing file: exit %d, want %d", code, exitInput)
	}
}
