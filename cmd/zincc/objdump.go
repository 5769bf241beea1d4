package main

import (
	"fmt"

	"zincc/isa"
)

func init() {
	register(&command{
		name:    "objdump",
		args:    "[-wave64] file.bin|file.o|-",
		summary: "disassemble gfx1201 code (raw bytes, or the .text and kernel descriptors of an ELF object) into a listing of what llvm-mc-19 -disassemble prints; a dword llvm-mc calls an invalid encoding (or zincc does not model) is listed as .long with the reason, decoding goes on at the next dword, and the exit status is 1",
		run:     runObjdump,
	})
}

func runObjdump(e *env, args []string) int {
	c := commands["objdump"]
	fs := newFlags(c, e)
	wave64 := fs.Bool("wave64", false, "decode wave masks as SGPR pairs (wave64); for ELF input the first kernel descriptor decides")
	path, status := parseOneFile(e, c, fs, args)
	if status >= 0 {
		return status
	}
	data, path, err := readInput(e, path)
	if err != nil {
		fmt.Fprintf(e.stderr, "zincc objdump: %v\n", err)
		return exitInput
	}
	code := data
	var symbols map[string]int
	var kernels []isa.Kernel
	if isa.IsELF(data) {
		co, err := isa.ReadCodeObject(data)
		if err != nil {
			fmt.Fprintf(e.stderr, "zincc objdump: %s: %v\n", path, err)
			return exitInput
		}
		code, symbols, kernels = co.Code, co.Symbols, co.Kernels
		if len(kernels) > 0 && kernels[0].Descriptor.WaveSize() == 64 {
			*wave64 = true
		}
	}
	if len(code) == 0 {
		fmt.Fprintf(e.stderr, "zincc objdump: %s: no code\n", path)
		return exitInput
	}
	err = isa.WriteListing(e.stdout, code, *wave64, symbols)
	writeKernelSummaries(e.stdout, kernels)
	if err != nil {
		fmt.Fprintf(e.stderr, "zincc objdump: %s: %v\n", path, err)
		return exitInput
	}
	return exitOK
}
