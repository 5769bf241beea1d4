package main

import (
	"fmt"

	"zincc/frontend"
	"zincc/internal/atomicfile"
)

func init() {
	register(&command{
		name:    "fmt",
		args:    "[-w] file.zir",
		summary: "print a graph in canonical form, keeping comments (-w rewrites the file)",
		run:     runFmt,
	})
}

func runFmt(e *env, args []string) int {
	c := commands["fmt"]
	fs := newFlags(c, e)
	write := fs.Bool("w", false, "write the result back to the file (atomically) instead of to stdout")
	path, status := parseOneFile(e, c, fs, args)
	if status >= 0 {
		return status
	}
	src, err := readFileLimit(path, frontend.MaxSourceBytes)
	if err != nil {
		fmt.Fprintf(e.stderr, "zincc: %v\n", err)
		return exitInput
	}
	out, err := frontend.Format(path, src)
	if err != nil {
		fmt.Fprint(e.stderr, frontend.FormatErrors(err, src))
		return exitInput
	}
	if !*write {
		fmt.Fprint(e.stdout, out)
		return exitOK
	}
	if out == string(src) {
		return exitOK
	}
	if err := atomicfile.WriteFile(path, []byte(out), 0o644); err != nil {
		fmt.Fprintf(e.stderr, "zincc: %v\n", err)
		return exitInput
	}
	return exitOK
}
