package isa

import (
	"strings"
	"testing"
)

func TestKernelEnds(t *testing.T) {
	kernel := func(name, body string) string {
		return ".p2align 8\n.globl " + name + "\n" + name + ":\n" + body + "\n"
	}
	desc := func(name string) string {
		return ".amdhsa_kernel " + name + "\n  .amdhsa_next_free_vgpr 1\n  .amdhsa_next_free_sgpr 1\n.end_amdhsa_kernel\n"
	}
	src := ".text\n" + kernel("a", "loop:\n  s_cbranch_scc1 loop\n  s_endpgm") + kernel("b", "  s_nop 0\n  s_endpgm") +
		".rodata\n" + desc("b") + desc("a")
	obj, err := Assemble("k.s", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	ends, err := obj.KernelEnds()
	if err != nil {
		t.Fatal(err)
	}
	// Kernels are listed b, a (descriptor order); a runs to b's entry, b to the end.
	if obj.Kernels[0].Name != "b" || ends[0] != len(obj.Code) || ends[1] != 256 {
		t.Errorf("ends %v for kernels %v at %d bytes of code", ends, obj.Kernels, len(obj.Code))
	}

	src = ".text\n" + kernel("a", "  s_branch far\n  s_endpgm") + kernel("b", "far:\n  s_endpgm") + ".rodata\n" + desc("a") + desc("b")
	if obj, err = Assemble("k.s", []byte(src)); err != nil {
		t.Fatal(err)
	}
	if _, err := obj.KernelEnds(); err == nil || !strings.Contains(err.Error(), "outside the kernel at [0x0, 0x100)") {
		t.Errorf("a branch from a into b: err = %v", err)
	}
}
