package main

import (
	"errors"
	"fmt"

	"zincc/pm4"
)

func init() {
	register(&command{
		name:    "disasm",
		args:    "[-json] file.ib|-",
		summary: "list the PM4 packets of an indirect buffer (binary dwords or hex dump), fields by name",
		run:     runDisasm,
	})
}

func runDisasm(e *env, args []string) int {
	c := commands["disasm"]
	fs := newFlags(c, e)
	asJSON := fs.Bool("json", false, "print the listing as JSON (packets, fields, raw body, error)")
	path, status := parseOneFile(e, c, fs, args)
	if status >= 0 {
		return status
	}
	data, path, err := readInput(e, path)
	if err != nil {
		fmt.Fprintf(e.stderr, "zincc disasm: %v\n", err)
		return exitInput
	}
	ib, _, err := pm4.ParseIB(data)
	if err != nil {
		fmt.Fprintf(e.stderr, "zincc disasm: %s: %v\n", path, err)
		return exitInput
	}
	if len(ib) == 0 {
		fmt.Fprintf(e.stderr, "zincc disasm: %s: no dwords in the input\n", path)
		return exitInput
	}
	if *asJSON {
		err = pm4.DisassembleJSON(e.stdout, ib, pm4.Options{})
	} else {
		err = pm4.Disassemble(e.stdout, ib, pm4.Options{})
	}
	if err != nil {
		var de *pm4.DecodeError
		if errors.As(err, &de) {
			fmt.Fprintf(e.stderr, "zincc disasm: %s: %v\n", path, err)
		} else {
			fmt.Fprintf(e.stderr, "zincc disasm: %v\n", err)
		}
		return exitInput
	}
	return exitOK
}
