package main

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"

	"zincc/isa"
)

func init() {
	register(&command{
		name:    "asm",
		args:    "[-o out.bin] [-emit=hex|bin|list] [-wave64] file.s",
		summary: "assemble a gfx1201 .s file (llvm-mc syntax) into code bytes, byte-identical to llvm-mc 19",
		run:     runAsm,
	})
}

func runAsm(e *env, args []string) int {
	c := commands["asm"]
	fs := newFlags(c, e)
	out := fs.String("o", "", "write to this file (atomically; a device or FIFO is written through, - is stdout) instead of stdout")
	emit := fs.String("emit", "", "output: bin (the .text bytes), hex (dwords as text) or list (address, dwords, instruction); default bin with -o, else hex")
	wave64 := fs.Bool("wave64", false, "assemble for wave64 (as llvm-mc -mattr=+wavefrontsize64)")
	path, status := parseOneFile(e, c, fs, args)
	if status >= 0 {
		return status
	}
	if *emit == "" {
		*emit = "hex"
		if *out != "" {
			*emit = "bin"
		}
	}
	if *emit != "hex" && *emit != "bin" && *emit != "list" {
		fmt.Fprintf(e.stderr, "zincc asm: -emit must be hex, bin or list, not %q\n", *emit)
		return exitUsage
	}
	src, path, err := readInput(e, path)
	if err != nil {
		fmt.Fprintf(e.stderr, "zincc asm: %v\n", err)
		return exitInput
	}
	obj, err := isa.AssembleWith(path, src, isa.Options{Wave64: *wave64})
	if err != nil {
		fmt.Fprintln(e.stderr, err) // file:line:col: message
		return exitInput
	}
	var buf bytes.Buffer
	switch *emit {
	case "bin":
		buf.Write(obj.Code)
	case "hex":
		writeHexDwords(&buf, obj.Code)
	case "list":
		if err := isa.WriteListing(&buf, obj.Code, *wave64, obj.Symbols); err != nil {
			fmt.Fprintf(e.stderr, "zincc asm: %s: %v\n", path, err)
			return exitInput
		}
		writeKernelSummaries(&buf, obj.Kernels)
	}
	if *out == "" {
		if _, err := e.stdout.Write(buf.Bytes()); err != nil {
			fmt.Fprintf(e.stderr, "zincc asm: %v\n", err)
			return exitInput
		}
		return exitOK
	}
	if err := writeOutput(e, *out, buf.Bytes()); err != nil {
		fmt.Fprintf(e.stderr, "zincc asm: %v\n", err)
		return exitInput
	}
	return exitOK
}

// writeHexDwords prints code as little-endian dwords, eight to a line.
func writeHexDwords(w io.Writer, code []byte) {
	for i := 0; i < len(code); i += 4 {
		sep := " "
		if (i/4)%8 == 7 || i+4 >= len(code) {
			sep = "\n"
		}
		if i+4 <= len(code) {
			fmt.Fprintf(w, "%08x%s", binary.LittleEndian.Uint32(code[i:]), sep)
		} else {
			fmt.Fprintf(w, "% x%s", code[i:], sep)
		}
	}
}

// writeKernelSummaries appends, as comments, each kernel's entry and the
// register values its descriptor yields.
func writeKernelSummaries(w io.Writer, kernels []isa.Kernel) {
	for _, k := range kernels {
		d := &k.Descriptor
		fmt.Fprintf(w, "; kernel %s: entry 0x%x wave%d user_sgprs %d vgprs %d lds %d kernarg %d rsrc1 0x%08x rsrc2 0x%08x rsrc3 0x%08x\n",
			k.Name, k.Entry, d.WaveSize(), d.UserSGPRCount(), d.VGPRs(), d.LDSBytes(), d.KernargSize,
			d.ComputePgmRsrc1(), d.ComputePgmRsrc2(), d.ComputePgmRsrc3())
	}
}
