package main

import (
	"fmt"

	"zincc/frontend"
	"zincc/frontend/gguf"
)

func init() {
	register(&command{
		name:    "import",
		args:    "[-ctx N] [-o model.zir] model.gguf",
		summary: "write the .zir decode step of a llama-family GGUF model (llama, qwen2)",
		run:     runImport,
	})
}

func runImport(e *env, args []string) int {
	c := commands["import"]
	fs := newFlags(c, e)
	ctx := fs.Int("ctx", 0, "KV cache rows (default: the model's context length, at most 4096)")
	out := fs.String("o", "", "write the graph to this file (atomically; a device or FIFO is written through, - is stdout) instead of stdout")
	path, status := parseOneFile(e, c, fs, args)
	if status >= 0 {
		return status
	}
	if *ctx < 0 {
		fmt.Fprintf(e.stderr, "zincc import: -ctx must be positive, got %d\n", *ctx)
		return exitUsage
	}
	f, err := gguf.Open(path)
	if err != nil {
		fmt.Fprintf(e.stderr, "zincc import: %s: %v\n", path, err)
		return exitInput
	}
	defer f.Close()
	text, err := frontend.ImportGGUF(f, *ctx)
	if err != nil {
		fmt.Fprintf(e.stderr, "zincc import: %s: %v\n", path, err)
		return exitInput
	}
	// The generated text must itself be a valid graph; check before writing.
	if _, err := frontend.Parse(path+".zir", []byte(text)); err != nil {
		fmt.Fprintf(e.stderr, "zincc import: %s: the generated graph is invalid (a zincc bug):\n%s", path, frontend.FormatErrors(err, []byte(text)))
		return exitInput
	}
	formatted, err := frontend.Format(path+".zir", []byte(text))
	if err != nil {
		formatted = text
	}
	if *out == "" {
		fmt.Fprint(e.stdout, formatted)
		return exitOK
	}
	if err := writeOutput(e, *out, []byte(formatted)); err != nil {
		fmt.Fprintf(e.stderr, "zincc import: %v\n", err)
		return exitInput
	}
	return exitOK
}
