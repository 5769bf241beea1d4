package isa

import (
	"bytes"
	"context"
	"encoding/binary"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// llvmObjectBytes assembles src with llvm-mc into an ELF object.
func llvmObjectBytes(t *testing.T, src string) []byte {
	t.Helper()
	out := filepath.Join(t.TempDir(), "k.o")
	ctx, cancel := context.WithTimeout(context.Background(), llvmTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, llvmMC(t), llvmArgs(false, "-filetype=obj", "-o", out)...)
	cmd.Stdin = bytes.NewReader([]byte(src))
	var errb bytes.Buffer
	cmd.Stderr = &errb
	if err := cmd.Run(); err != nil {
		t.Fatalf("llvm-mc: %v: %s", err, errb.String())
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestCodeObjectImageAndLoad reads an object llvm-mc wrote with a kernel,
// its descriptor (entry offset: an R_AMDGPU_REL64 relocation) and a
// PC-relative reference to a function, and checks the image layout and
// the relocated values Load produces.
func TestCodeObjectImageAndLoad(t *testing.T) {
	llvmMC(t)
	src := `.amdgcn_target "amdgcn-amd-amdhsa--gfx1201"
.text
.globl k
.p2align 8
.type k,@function
k:
  s_getpc_b64 s[0:1]
  s_add_co_u32 s0, s0, helper@rel32@lo+4
  s_add_co_ci_u32 s1, s1, helper@rel32@hi+12
  s_swappc_b64 s[30:31], s[0:1]
  s_endpgm
.globl helper
.p2align 8
.type helper,@function
helper:
  s_setpc_b64 s[30:31]
.rodata
.p2align 6
.amdhsa_kernel k
  .amdhsa_next_free_vgpr 1
  .amdhsa_next_free_sgpr 32
.end_amdhsa_kernel
`
	data := llvmObjectBytes(t, src)
	co, err := ReadCodeObject(data)
	if err != nil {
		t.Fatal(err)
	}
	if !co.Relocatable || co.Metadata != nil {
		t.Errorf("Relocatable %v, metadata %d bytes; want a relocatable object without metadata", co.Relocatable, len(co.Metadata))
	}
	types := map[uint32]int{}
	for _, r := range co.Relocs {
		types[r.Type]++
	}
	if types[RAMDGPURel64] != 1 || types[RAMDGPURel32Lo] != 1 || types[RAMDGPURel32Hi] != 1 {
		t.Errorf("relocations by type %v; want one each of REL64 (descriptor), REL32_LO and REL32_HI (helper)", types)
	}
	kd, ok := co.Descriptors["k"]
	if !ok || kd%64 != 0 {
		t.Fatalf("descriptor offset %d, %v", kd, ok)
	}
	if got := co.Image[co.TextOffset : co.TextOffset+len(co.Code)]; string(got) != string(co.Code) {
		t.Error("the image's .text is not the code")
	}
	const base = 0x7_0000_0000
	img, err := co.Load(base)
	if err != nil {
		t.Fatal(err)
	}
	if cap(img)%4096 != 0 {
		t.Errorf("image capacity %d is not whole pages", cap(img))
	}
	entry := co.TextOffset + co.Symbols["k"]
	if off := int64(binary.LittleEndian.Uint64(img[kd+16:])); int64(kd)+off != int64(entry) {
		t.Errorf("descriptor entry offset %d: kd at %d + offset = %d, want the kernel at %d", off, kd, int64(kd)+off, entry)
	}
	// s_getpc gives k+4; adding the two relocated literals must give
	// helper's address.
	pc := uint64(base+entry) + 4
	lo := binary.LittleEndian.Uint32(img[entry+8:])
	hi := binary.LittleEndian.Uint32(img[entry+16:])
	sum := uint64(uint32(pc)) + uint64(lo)
	carry := sum >> 32
	target := uint64(uint32(sum)) | uint64(uint32(pc>>32)+hi+uint32(carry))<<32
	if want := uint64(base + co.TextOffset + co.Symbols["helper"]); target != want {
		t.Errorf("s_getpc + rel32 literals = %#x, want helper at %#x", target, want)
	}
}
