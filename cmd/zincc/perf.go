package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"path/filepath"
	"strings"

	"zincc/exec"
	"zincc/exec/sim/perf"
	"zincc/frontend"
	"zincc/frontend/gguf"
	"zincc/ir"
	"zincc/passes"
)

func init() {
	register(&command{
		name: "perf",
		args: "[-weights m.gguf] [-pos N] [-json] [-svg timeline.svg] [-sample N] [-all] [-param name=value]... [-summary] file.zir | -m model.gguf [-ctx N]",
		summary: "predict a step's time on an R9700 from the emulator's counts: a cost MODEL, not a measurement " +
			"(docs/perf-model.md)",
		run: runPerf,
	})
}

// paramFlags collects repeated -param name=value.
type paramFlags []string

func (p *paramFlags) String() string     { return strings.Join(*p, ",") }
func (p *paramFlags) Set(s string) error { *p = append(*p, s); return nil }

func runPerf(e *env, args []string) int {
	c := commands["perf"]
	fs := newFlags(c, e)
	weights := fs.String("weights", "", "GGUF file to upload the weights from (default: zeros; no kernel's instructions depend on weight values)")
	model := fs.String("m", "", "a GGUF model: import its decode step in memory instead of reading a .zir")
	ctx := fs.Int("ctx", 4096, "with -m: KV cache rows of the imported step")
	pos := fs.Int("pos", 0, "the position input: attention reads KV rows 0..pos")
	asJSON := fs.Bool("json", false, "print the report as JSON")
	svg := fs.String("svg", "", "write the dispatch timeline as SVG to this file")
	sample := fs.Int("sample", perf.DefaultSampleGroups, "run at most this many workgroups of each dispatch, evenly spaced, and scale (0: all)")
	all := fs.Bool("all", false, "run every dispatch, not only the first of those identical in kernel, grid, op, operand types and attributes")
	summary := fs.Bool("summary", false, "omit the per-dispatch table")
	var params paramFlags
	fs.Var(&params, "param", "override a model parameter, e.g. dram_latency_ns=500 (repeatable; names in docs/perf-model.md)")
	var pf pipelineFlags
	pf.register(fs)
	pos0, status := parseFlags(fs, args)
	if status >= 0 {
		return status
	}
	if *pos < 0 || *sample < 0 {
		fmt.Fprintf(e.stderr, "zincc perf: -pos and -sample must not be negative\n")
		return exitUsage
	}
	mach := perf.R9700()
	for _, p := range params {
		if err := mach.Set(p); err != nil {
			fmt.Fprintf(e.stderr, "zincc perf: -param: %v\n", err)
			return exitUsage
		}
	}
	opts, ok := pf.options(e)
	if !ok {
		return exitUsage
	}
	m, path, status := perfModule(e, c, fs, pos0, *model, *ctx, opts)
	if m == nil {
		return status
	}
	po := perf.Options{Pos: *pos, SampleGroups: *sample, Machine: &mach, Dedup: !*all}
	if *weights != "" {
		w, err := exec.Bind(m, exec.BindOptions{GGUF: *weights, Dir: filepath.Dir(path)})
		if err != nil {
			fmt.Fprintf(e.stderr, "zincc perf: %v\n", err)
			return exitInput
		}
		defer w.Close()
		po.Weights = w
	}
	r, err := perf.Run(m, po)
	if err != nil {
		fmt.Fprintf(e.stderr, "zincc perf: %s: %v\n", path, err)
		return exitInput
	}
	if *svg != "" {
		var b bytes.Buffer
		err := r.WriteSVG(&b)
		if err == nil {
			err = writeOutput(e, *svg, b.Bytes())
		}
		if err != nil {
			fmt.Fprintf(e.stderr, "zincc perf: %v\n", err)
			return exitInput
		}
	}
	if *asJSON {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		err = enc.Encode(r)
	} else {
		err = r.WriteText(e.stdout, !*summary)
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "zincc perf: %v\n", err)
		return exitInput
	}
	return exitOK
}

// perfModule loads the graph: the one .zir argument, or with -m the
// decode step imported from a GGUF model.
func perfModule(e *env, c *command, fs *flag.FlagSet, pos []string, model string, ctx int, opts passes.Options) (*ir.Module, string, int) {
	if model == "" {
		path, ok := oneFile(e, c, pos)
		if !ok {
			return nil, "", exitUsage
		}
		m, status := loadAndOptimize(e, path, opts)
		return m, path, status
	}
	if len(pos) != 0 {
		fmt.Fprintf(e.stderr, "zincc perf: -m takes no graph file, got %q\n", pos)
		return nil, "", exitUsage
	}
	f, err := gguf.Open(model)
	if err != nil {
		fmt.Fprintf(e.stderr, "zincc perf: %v\n", err)
		return nil, "", exitInput
	}
	defer f.Close()
	text, err := frontend.ImportGGUF(f, ctx)
	if err != nil {
		fmt.Fprintf(e.stderr, "zincc perf: %s: %v\n", model, err)
		return nil, "", exitInput
	}
	m, err := frontend.Parse(model+".zir", []byte(text))
	if err == nil {
		err = passes.Run(m, opts)
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "zincc perf: %s: the imported step: %v\n", model, err)
		return nil, "", exitInput
	}
	return m, model, exitOK
}
