package main

import (
	"flag"
	"fmt"

	"zincc/frontend"
	"zincc/ir"
	"zincc/passes"
)

// pipelineFlags are the flags of every command that runs the pass
// pipeline.
type pipelineFlags struct {
	passes     string
	printAfter string
}

func (p *pipelineFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&p.passes, "passes", "default", "comma-separated passes to run (known: "+passes.Names()+"); empty for none")
	fs.StringVar(&p.printAfter, "print-after", "", "print the graph to stderr after the named pass, or after all")
}

// options validates the flags; a bad value is a usage error.
func (p *pipelineFlags) options(e *env) (passes.Options, bool) {
	list, err := passes.ParseList(p.passes)
	if err == nil {
		err = passes.CheckPrintAfter(p.printAfter)
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "zincc: %v\n", err)
		return passes.Options{}, false
	}
	return passes.Options{Passes: list, PrintAfter: p.printAfter, Print: e.stderr}, true
}

// loadGraph reads and checks a .zir file, printing diagnostics with source
// lines. It returns nil and exitInput when the file is unreadable or wrong.
func loadGraph(e *env, path string) (*ir.Module, int) {
	src, err := readFileLimit(path, frontend.MaxSourceBytes)
	if err != nil {
		fmt.Fprintf(e.stderr, "zincc: %v\n", err)
		return nil, exitInput
	}
	m, err := frontend.Parse(path, src)
	if err != nil {
		fmt.Fprint(e.stderr, frontend.FormatErrors(err, src))
		return nil, exitInput
	}
	return m, exitOK
}

// loadAndOptimize loads a graph and runs the pass pipeline on it.
func loadAndOptimize(e *env, path string, opts passes.Options) (*ir.Module, int) {
	m, status := loadGraph(e, path)
	if m == nil {
		return nil, status
	}
	if err := passes.Run(m, opts); err != nil {
		fmt.Fprintf(e.stderr, "zincc: %s: %v\n", path, err)
		return nil, exitInput
	}
	return m, exitOK
}

// oneFile extracts the single positional argument, or reports bad usage.
func oneFile(e *env, c *command, pos []string) (string, bool) {
	if len(pos) != 1 {
		fmt.Fprintf(e.stderr, "zincc %s: want one file, got %d arguments\nUsage: zincc %s %s\n", c.name, len(pos), c.name, c.args)
		return "", false
	}
	return pos[0], true
}

// parseOneFile parses a command's flags and its one file argument: the
// path, and an exit status ≥ 0 when the command must stop (help, usage
// errors) or -1 to go on.
func parseOneFile(e *env, c *command, fs *flag.FlagSet, args []string) (string, int) {
	pos, status := parseFlags(fs, args)
	if status >= 0 {
		return "", status
	}
	path, ok := oneFile(e, c, pos)
	if !ok {
		return "", exitUsage
	}
	return path, -1
}

// readInput reads the file a command names, or standard input for "-". It
// returns the name to use in messages ("<stdin>" for "-"). Inputs longer
// than maxInputBytes are refused.
func readInput(e *env, path string) (data []byte, name string, err error) {
	if path == "-" {
		data, err = readLimit(e.stdin, "<stdin>", maxInputBytes)
		return data, "<stdin>", err
	}
	data, err = readFileLimit(path, maxInputBytes)
	return data, path, err
}
