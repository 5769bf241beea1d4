package main

import (
	"bytes"
	"fmt"
	"strings"

	"zincc/ir"
	"zincc/lower/gfx1201"
	"zincc/pm4"
)

func init() {
	targets["gfx1201"] = &target{
		emits:   []string{"ib", "hex", "bin", "asm", "plan"},
		compile: compileGfx1201,
	}
}

// compileGfx1201 lowers m for gfx1201 and renders what -emit asks: the
// annotated IB listing, the raw IB as hex or binary, the assembly of the
// kernels it dispatches, or the memory plan.
func compileGfx1201(m *ir.Module, _, emit string) ([]byte, error) {
	lib, err := gfx1201.DefaultLibrary()
	if err != nil {
		return nil, err
	}
	e, err := gfx1201.Lower(m, lib, gfx1201.Options{})
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	switch emit {
	case "ib":
		err = e.Listing(&b)
	case "hex":
		err = pm4.WriteHexIB(&b, e.IB)
	case "bin":
		err = pm4.WriteBinaryIB(&b, e.IB)
	case "plan":
		err = e.PlanListing(&b)
	case "asm":
		src, ok := lib.(interface{ Source(string) (string, bool) })
		if !ok {
			return nil, fmt.Errorf("the kernel library has no sources to list")
		}
		seen := map[string]bool{}
		for _, d := range e.Dispatches {
			name := d.KernelName()
			if seen[name] {
				continue
			}
			seen[name] = true
			text, _ := src.Source(name)
			fmt.Fprintf(&b, "// ===== %s (entry at code+0x%x)\n%s\n", name, d.Entry, strings.TrimRight(text, "\n"))
		}
	}
	return b.Bytes(), err
}
