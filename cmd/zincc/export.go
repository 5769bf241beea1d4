package main

import (
	"fmt"
	"path/filepath"

	"zincc/exec"
	"zincc/ir"
)

func init() {
	register(&command{
		name:    "export-gguf",
		args:    "[-weights model.gguf] -o out.gguf file.zir",
		summary: "bind a graph's weights (random, file or gguf) and write them to a GGUF model file",
		run:     runExport,
	})
}

func runExport(e *env, args []string) int {
	c := commands["export-gguf"]
	fs := newFlags(c, e)
	weights := fs.String("weights", "", "GGUF file that gguf(\"name\") weights read from")
	out := fs.String("o", "", "the GGUF file to write (required; - is stdout, a device or FIFO is written through)")
	path, status := parseOneFile(e, c, fs, args)
	if status >= 0 {
		return status
	}
	if *out == "" {
		fmt.Fprintln(e.stderr, "zincc export-gguf: -o out.gguf is required")
		return exitUsage
	}
	m, status := loadGraph(e, path)
	if m == nil {
		return status
	}
	if err := exec.CheckMemory(m, exec.DefaultMemoryLimit()); err != nil {
		fmt.Fprintf(e.stderr, "zincc export-gguf: %v\n", err)
		return exitInput
	}
	w, err := exec.Bind(m, exec.BindOptions{GGUF: *weights, Dir: filepath.Dir(path)})
	if err != nil {
		fmt.Fprintf(e.stderr, "zincc export-gguf: %v\n", err)
		return exitInput
	}
	defer w.Close()
	var names map[*ir.Value]string
	summary := e.stdout
	if *out == stdoutPath {
		// The GGUF file goes to standard output; the summary must not.
		names, err = exec.ExportGGUFTo(m, w, e.stdout)
		summary = e.stderr
	} else {
		names, err = exec.ExportGGUF(m, w, *out)
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "zincc export-gguf: %v\n", err)
		return exitInput
	}
	fmt.Fprintf(summary, "%s: %d tensors of graph @%s\n", *out, len(names), m.Name)
	return exitOK
}
