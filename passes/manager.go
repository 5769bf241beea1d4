// Package passes holds zincc's graph-to-graph transformations and the
// manager that runs them.
//
// Passes are a table of named entries, in the manner of the Go compiler's
// SSA back end: a pipeline is a list of names, the module is verified
// after every pass, and any pass's output can be printed.
package passes

import (
	"fmt"
	"io"
	"strings"

	"zincc/ir"
)

// Pass is one named transformation of a module.
type Pass struct {
	Name string
	Doc  string
	// Run transforms m in place.
	Run func(m *ir.Module) error
}

// table lists every pass; Default is the pipeline used when none is given.
var table = []Pass{
	{Name: "quantize-activations", Doc: "quantise x to q8_0/q8_K (a quantize op) before each matvec of block-quantised weights, as ggml does", Run: QuantizeActivations},
	{Name: "cse", Doc: "merge identical pure ops (common subexpression elimination)", Run: CSE},
	{Name: "fuse-norm-quantize", Doc: "an rms_norm (one head) read only by a quantize (q8_0, q8_K) and that quantize become one rms_norm_quantize (one gfx1201 dispatch, no barrier between)", Run: FuseNormQuantize},
	{Name: "fuse-swiglu-quantize", Doc: "a swiglu read only by a quantize (q8_0, q8_K) and that quantize become one swiglu_quantize (one gfx1201 dispatch, no barrier between)", Run: FuseSwiGLUQuantize},
	{Name: "fuse-matvec-add", Doc: "a matvec of a quantised x (q4_0, q4_1, q5_0, q5_1, q8_0, q4_K, q5_K, q6_K weights) read only by an add and that add become one matvec_add (r added in the matvec's epilogue: one gfx1201 dispatch, no barrier between)", Run: FuseMatVecAdd},
	{Name: "fuse-rope-kv", Doc: "the rope of an attention's q, the rope of k, the kv_stores of that rope (read by nothing else) and of v into the attention's caches become one rope_kv (one gfx1201 dispatch where there were four, one barrier fewer)", Run: FuseRopeKV},
	{Name: "fuse-attention-quantize", Doc: "an attention read only by a quantize to q8_0 and that quantize become one attention_quantize (the split attention's combine stores the blocks: one gfx1201 dispatch and one barrier fewer)", Run: FuseAttentionQuantize},
	{Name: "dce", Doc: "drop ops whose results reach no output and that change no state", Run: DCE},
}

// Default is the pipeline run when no -passes list is given.
var Default = []string{"quantize-activations", "cse", "fuse-norm-quantize", "fuse-swiglu-quantize", "fuse-matvec-add", "fuse-rope-kv", "fuse-attention-quantize", "dce"}

// Lookup returns the pass named name, or false.
func Lookup(name string) (Pass, bool) {
	for _, p := range table {
		if p.Name == name {
			return p, true
		}
	}
	return Pass{}, false
}

// All returns every pass in table order.
func All() []Pass { return append([]Pass(nil), table...) }

// Names lists the known pass names, comma-separated.
func Names() string {
	names := make([]string, len(table))
	for i, p := range table {
		names[i] = p.Name
	}
	return strings.Join(names, ", ")
}

// ParseList splits a -passes value ("cse,dce") and checks every name. An
// empty string is the empty pipeline; "default" is Default.
func ParseList(s string) ([]string, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return []string{}, nil
	}
	if s == "default" {
		return append([]string(nil), Default...), nil
	}
	var out []string
	for _, name := range strings.Split(s, ",") {
		name = strings.TrimSpace(name)
		if _, ok := Lookup(name); !ok {
			return nil, fmt.Errorf("unknown pass %q (known: %s)", name, Names())
		}
		out = append(out, name)
	}
	return out, nil
}

// Options control a pipeline run.
type Options struct {
	// Passes to run in order; nil means Default.
	Passes []string
	// PrintAfter names a pass whose output is printed to Print, or "all".
	PrintAfter string
	// Print receives the -print-after dumps.
	Print io.Writer
}

// CheckPrintAfter reports whether name is a valid -print-after value.
func CheckPrintAfter(name string) error {
	if name == "" || name == "all" {
		return nil
	}
	if _, ok := Lookup(name); !ok {
		return fmt.Errorf("unknown pass %q for -print-after (known: all, %s)", name, Names())
	}
	return nil
}

// Run runs the pipeline on m. The module is verified before the first pass
// and after every pass; a pass that leaves it ill-formed is an error naming
// the pass, since that is a bug in zincc rather than in the input.
func Run(m *ir.Module, opts Options) error {
	names := opts.Passes
	if names == nil {
		names = Default
	}
	if err := CheckPrintAfter(opts.PrintAfter); err != nil {
		return err
	}
	if errs := ir.Verify(m); len(errs) > 0 {
		return errs
	}
	for _, name := range names {
		p, ok := Lookup(name)
		if !ok {
			return fmt.Errorf("unknown pass %q (known: %s)", name, Names())
		}
		if err := p.Run(m); err != nil {
			return fmt.Errorf("pass %s: %w", name, err)
		}
		if errs := ir.Verify(m); len(errs) > 0 {
			return fmt.Errorf("internal error: pass %s left an ill-formed module:\n%w", name, errs)
		}
		if opts.Print != nil && (opts.PrintAfter == "all" || opts.PrintAfter == name) {
			fmt.Fprintf(opts.Print, "// after %s\n", name)
			if err := ir.Print(opts.Print, m); err != nil {
				return err
			}
		}
	}
	return nil
}
