package main

import (
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"

	"zincc/isa"
)

// listingInstRE picks the instruction text out of a listing line.
var listingInstRE = regexp.MustCompile(`^  [0-9a-f]{6}: (?:[0-9a-f]{8} ?)+\s+(.*?)(?:  ; -> .*)?$`)

// TestObjdumpRawMatchesLLVM disassembles llvm-mc's code for the corpus,
// written as a raw .bin, and compares each instruction's text with
// llvm-mc -disassemble (whitespace normalised).
func TestObjdumpRawMatchesLLVM(t *testing.T) {
	src, err := os.ReadFile(corpusPath)
	if err != nil {
		t.Fatal(err)
	}
	co, err := isa.ReadCodeObject(llvmObject(t, src))
	if err != nil {
		t.Fatal(err)
	}
	out, errOut, code := zincc(t, "objdump", tempFile(t, "k.bin", co.Code))
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var got []string
	for _, l := range strings.Split(out, "\n") {
		if m := listingInstRE.FindStringSubmatch(l); m != nil {
			got = append(got, strings.Join(strings.Fields(m[1]), " "))
		}
	}
	var hexBytes []string
	for _, b := range co.Code {
		hexBytes = append(hexBytes, fmt.Sprintf("0x%02x", b))
	}
	mc, _ := exec.LookPath("llvm-mc-19")
	cmd := exec.Command(mc, "-triple=amdgcn-amd-amdhsa", "-mcpu=gfx1201", "-disassemble")
	cmd.Stdin = strings.NewReader(strings.Join(hexBytes, ","))
	llvmOut, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, l := range strings.Split(string(llvmOut), "\n") {
		if l = strings.Join(strings.Fields(l), " "); l != "" && l != ".text" {
			want = append(want, l)
		}
	}
	if len(got) != len(want) {
		t.Fatalf("%d instructions listed, llvm-mc %d", len(got), len(want))
	}
	for i := range got {
		if got[i] != want[i] {
			t.Errorf("instruction %d: got %q want %q", i, got[i], want[i])
		}
	}
}

// TestObjdumpELF reads llvm-mc's object directly: labels from the symbol
// table and the kernel descriptor summary.
func TestObjdumpELF(t *testing.T) {
	src, err := os.ReadFile(corpusPath)
	if err != nil {
		t.Fatal(err)
	}
	out, errOut, code := zincc(t, "objdump", tempFile(t, "k.o", llvmObject(t, src)))
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"copy_f32:\n", "reduce_sum:\n", "s_cbranch_scc1 10  ; -> 0x",
		"; kernel copy_f32: entry 0x0 wave32 user_sgprs 4"} {
		if !strings.Contains(out, want) {
			t.Errorf("listing lacks %q", want)
		}
	}
}

func TestObjdumpBadInput(t *testing.T) {
	// 0xffffffff is no gfx12 instruction; s_endpgm (00 00 b0 bf) follows.
	p := tempFile(t, "bad.bin", []byte{0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0xb0, 0xbf})
	out, errOut, code := zincc(t, "objdump", p)
	if code != exitInput {
		t.Fatalf("exit %d, want %d", code, exitInput)
	}
	if !strings.Contains(out, ".long 0xffffffff") || !strings.Contains(out, "000004: bfb00000") {
		t.Errorf("listing:\n%s", out)
	}
	if !strings.Contains(errOut, "pc 0x0") || !strings.Contains(errOut, "ffffffff") {
		t.Errorf("stderr %q does not name the pc and dword", errOut)
	}
	if _, _, code := zincc(t, "objdump", tempFile(t, "empty.bin", nil)); code != exitInput {
		t.Errorf("empty input: exit %d", code)
	}
}

// TestObjdumpMatchesLLVMOnIssueCases: issue 17 item 11's bytes list as
// llvm-mc-19 -disassemble prints them: v_illegal, src_execz, and an
// invalid encoding (a 16-bit destination above v127) listed as .long.
func TestObjdumpMatchesLLVMOnIssueCases(t *testing.T) {
	code := []byte{
		0x00, 0x00, 0x00, 0x00, // v_illegal
		0xfc, 0x96, 0x6b, 0x29, // v_max_u32_e32 v181, src_execz, v203
		0xe9, 0x07, 0x03, 0x63, // v_max_num_f16_e32 with vdst field 129: invalid for llvm-mc 19
		0x00, 0x00, 0xb0, 0xbf, // s_endpgm
	}
	out, errOut, code2 := zincc(t, "objdump", tempFile(t, "issue17.bin", code))
	if code2 != exitInput {
		t.Errorf("exit %d, want %d (an invalid encoding)", code2, exitInput)
	}
	for _, want := range []string{
		"000000: 00000000                             v_illegal",
		"v_max_u32_e32 v181, src_execz, v203",
		"000008: 630307e9                             .long 0x630307e9  ; a 16-bit operand",
		"00000c: bfb00000                             s_endpgm",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("listing lacks %q:\n%s", want, out)
		}
	}
	if !strings.Contains(errOut, "pc 0x8") {
		t.Errorf("stderr %q does not name pc 0x8", errOut)
	}
}
