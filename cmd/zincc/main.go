// Command zincc compiles one-token LLM decode graphs (.zir) for AMD RDNA4
// (gfx1201) and runs them on the CPU, on an emulated GPU or on a real one.
//
// Every subcommand lives in its own file and registers itself in the table
// below from an init function, so adding one touches nothing else.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"zincc/ir"
)

// Exit statuses shared by every subcommand.
const (
	exitOK    = 0 // success
	exitInput = 1 // the input (graph, weights, IB, device) is wrong or the run failed
	exitUsage = 2 // the command line is wrong
)

// command is one zincc subcommand.
type command struct {
	name    string // as typed after "zincc"
	args    string // argument synopsis shown in help, e.g. "[-w] file.zir"
	summary string // one line for "zincc help"
	// run executes the command with the arguments after its name.
	run func(env *env, args []string) int
}

// env is what a command may touch of the outside world; tests swap it.
type env struct {
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
	getenv func(string) string
}

var commands = map[string]*command{}

// register adds a subcommand; called from init functions.
func register(c *command) {
	if _, dup := commands[c.name]; dup {
		panic("zincc: duplicate command " + c.name)
	}
	commands[c.name] = c
}

// defaultCommand runs when the first argument is a file rather than a
// subcommand name: "zincc graph.zir -target=gfx1201".
const defaultCommand = "compile"

func main() {
	os.Exit(run(os.Args[1:], &env{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr, getenv: os.Getenv}))
}

// run dispatches args to a subcommand and returns the exit status.
func run(args []string, e *env) int {
	if len(args) == 0 {
		printHelp(e.stderr)
		return exitUsage
	}
	name := args[0]
	switch name {
	case "help", "-h", "-help", "--help":
		if len(args) > 1 && args[1] == "ops" {
			printOps(e.stdout)
			return exitOK
		}
		if len(args) > 1 {
			if c, ok := commands[args[1]]; ok {
				return c.run(e, []string{"-h"})
			}
			fmt.Fprintf(e.stderr, "zincc help: unknown command %q\n", args[1])
			return exitUsage
		}
		printHelp(e.stdout)
		return exitOK
	}
	if c, ok := commands[name]; ok {
		return c.run(e, args[1:])
	}
	if strings.HasPrefix(name, "-") || strings.Contains(name, ".") || strings.Contains(name, "/") {
		if c, ok := commands[defaultCommand]; ok {
			return c.run(e, args)
		}
	}
	fmt.Fprintf(e.stderr, "zincc: unknown command %q (run 'zincc help')\n", name)
	return exitUsage
}

// printOps lists every op of the IR with its operands, attributes and
// what it computes (ir.Op.Synopsis).
func printOps(w io.Writer) {
	fmt.Fprintln(w, "The ops of a .zir graph: operands, [optional operands], {attributes; ? = has a default}: what it computes.")
	for _, op := range ir.Ops() {
		fmt.Fprintf(w, "  %s\n", op.Synopsis())
	}
}

func printHelp(w io.Writer) {
	fmt.Fprintln(w, "zincc: a compiler and runtime for one-token LLM decode steps on AMD RDNA4 (gfx1201)")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Usage:")
	fmt.Fprintln(w, "  zincc graph.zir -target=T [flags]   same as 'zincc compile'")
	fmt.Fprintln(w, "  zincc <command> [flags] [args]")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Commands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-11s %s\n", n, commands[n].summary)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Run 'zincc <command> -h' for a command's flags, 'zincc help ops' for the ops of the IR.")
	fmt.Fprintln(w, "Exit status: 0 success, 1 errors in the input, 2 bad usage.")
}

// newFlags returns a flag set for command c whose errors and help go to
// e.stderr and never exit the process.
func newFlags(c *command, e *env) *flag.FlagSet {
	fs := flag.NewFlagSet("zincc "+c.name, flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.Usage = func() {
		fmt.Fprintf(e.stderr, "Usage: zincc %s %s\n\n%s\n", c.name, c.args, c.summary)
		var hasFlags bool
		fs.VisitAll(func(*flag.Flag) { hasFlags = true })
		if hasFlags {
			fmt.Fprintln(e.stderr, "\nFlags:")
			fs.PrintDefaults()
		}
	}
	return fs
}

// parseFlags parses args, allowing flags after positional arguments
// ("zincc run g.zir -steps 8"). It returns the positional arguments, and a
// non-negative exit status when the command should stop (-h or a bad flag).
func parseFlags(fs *flag.FlagSet, args []string) (pos []string, status int) {
	for {
		if err := fs.Parse(args); err != nil {
			if err == flag.ErrHelp {
				return nil, exitOK
			}
			return nil, exitUsage
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, -1
		}
		if rest[0] == "--" {
			return append(pos, rest[1:]...), -1
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}
