package main

import (
	"fmt"
	"sort"
	"strings"

	"zincc/ir"
	lowercpu "zincc/lower/cpu"
)

func init() {
	register(&command{
		name:    "compile",
		args:    "-target=T [-emit=KIND] [-o out] [-passes=LIST] [-print-after=PASS|all] file.zir",
		summary: "lower a graph for a target and print or write the result (also: zincc file.zir -target=T)",
		run:     runCompile,
	})
}

// target is a back end the compile command can emit for.
type target struct {
	emits []string // what -emit accepts; the first is the default
	// compile lowers m and renders it as emit asks; path is the source file.
	compile func(m *ir.Module, path, emit string) ([]byte, error)
}

// targets maps -target names to back ends; each back end's file adds
// itself.
var targets = map[string]*target{
	"cpu": {
		emits: []string{"program"},
		compile: func(m *ir.Module, _, _ string) ([]byte, error) {
			p, err := lowercpu.Lower(m)
			if err != nil {
				return nil, err
			}
			return []byte(p.String()), nil
		},
	},
}

func targetNames() string {
	var names []string
	for n := range targets {
		names = append(names, n)
	}
	sort.Strings(names)
	return strings.Join(names, ", ")
}

func runCompile(e *env, args []string) int {
	c := commands["compile"]
	fs := newFlags(c, e)
	tname := fs.String("target", "", "target to lower for: "+targetNames())
	emit := fs.String("emit", "", "what to emit (depends on the target; the first listed is the default)")
	out := fs.String("o", "", "write to this file (atomically; a device or FIFO is written through, - is stdout) instead of stdout")
	var pf pipelineFlags
	pf.register(fs)
	path, status := parseOneFile(e, c, fs, args)
	if status >= 0 {
		return status
	}
	t, ok := targets[*tname]
	if !ok {
		if *tname == "" {
			fmt.Fprintf(e.stderr, "zincc: -target is required (known targets: %s)\n", targetNames())
		} else {
			fmt.Fprintf(e.stderr, "zincc: unknown target %q (known targets: %s)\n", *tname, targetNames())
		}
		return exitUsage
	}
	if *emit == "" {
		*emit = t.emits[0]
	}
	if !contains(t.emits, *emit) {
		fmt.Fprintf(e.stderr, "zincc: target %s cannot emit %q (it emits: %s)\n", *tname, *emit, strings.Join(t.emits, ", "))
		return exitUsage
	}
	opts, ok := pf.options(e)
	if !ok {
		return exitUsage
	}
	m, status := loadAndOptimize(e, path, opts)
	if m == nil {
		return status
	}
	data, err := t.compile(m, path, *emit)
	if err != nil {
		fmt.Fprintf(e.stderr, "zincc: %s: %v\n", path, err)
		return exitInput
	}
	if *out == "" {
		e.stdout.Write(data)
		return exitOK
	}
	if err := writeOutput(e, *out, data); err != nil {
		fmt.Fprintf(e.stderr, "zincc: %v\n", err)
		return exitInput
	}
	return exitOK
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
