package main

import "fmt"

func init() {
	register(&command{
		name:    "check",
		args:    "[-passes=LIST] [-print-after=PASS|all] file.zir",
		summary: "parse and verify a graph, reporting every error with its position",
		run:     runCheck,
	})
}

func runCheck(e *env, args []string) int {
	c := commands["check"]
	fs := newFlags(c, e)
	var pf pipelineFlags
	pf.register(fs)
	path, status := parseOneFile(e, c, fs, args)
	if status >= 0 {
		return status
	}
	opts, ok := pf.options(e)
	if !ok {
		return exitUsage
	}
	m, status := loadAndOptimize(e, path, opts)
	if m == nil {
		return status
	}
	fmt.Fprintf(e.stdout, "%s: graph @%s is valid: %d declarations, %d ops, %d outputs\n",
		path, m.Name, len(m.Decls), len(m.Nodes), len(m.Outputs))
	return exitOK
}
