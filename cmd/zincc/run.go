package main

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"

	"zincc/exec"
	"zincc/ir"
)

func init() {
	register(&command{
		name:    "run",
		args:    "[-weights model.gguf] [-steps N] [-set tok=3,pos=0] [-tier=auto|cpu|sim|cs|kfd|umq] [-v] [-json] file.zir",
		summary: "run decode steps of a graph, feeding each argmax back as the next token",
		run:     runRun,
	})
}

func runRun(e *env, args []string) int {
	c := commands["run"]
	fs := newFlags(c, e)
	weights := fs.String("weights", "", "GGUF model file that gguf(\"name\") weights read from")
	steps := fs.Int("steps", 1, "decode steps to run; after each, the position advances and the argmax output becomes the next token")
	set := fs.String("set", "", "input values of the first step, e.g. tok=3,pos=0 (unset inputs are 0)")
	defTier := "cpu"
	if t := e.getenv("ZINCC_TIER"); t != "" {
		defTier = t
	}
	tier := fs.String("tier", defTier, "where to run: "+tierNames()+"; $ZINCC_TIER sets the default")
	asJSON := fs.Bool("json", false, "print the steps as JSON")
	maxMem := fs.String("max-memory", "", "refuse graphs that need more host memory than this (e.g. 8G; default: half the available memory)")
	verbose := fs.Bool("v", false, "say which tier runs and, with -tier=auto, why each better tier was refused")
	threads := fs.Int("threads", 0, "cpu tier: goroutines a matvec's rows are spread over (0: one per CPU)")
	var pf pipelineFlags
	pf.register(fs)
	path, status := parseOneFile(e, c, fs, args)
	if status >= 0 {
		return status
	}
	if *steps < 1 {
		fmt.Fprintf(e.stderr, "zincc run: -steps must be at least 1, got %d\n", *steps)
		return exitUsage
	}
	if !knownTier(*tier) {
		fmt.Fprintf(e.stderr, "zincc run: unknown tier %q (known: %s)\n", *tier, tierNames())
		return exitUsage
	}
	if *threads < 0 {
		fmt.Fprintf(e.stderr, "zincc run: -threads must not be negative, got %d\n", *threads)
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
	limit := exec.DefaultMemoryLimit()
	if *maxMem != "" {
		var err error
		if limit, err = exec.ParseBytes(*maxMem); err != nil {
			fmt.Fprintf(e.stderr, "zincc run: -max-memory: %v\n", err)
			return exitUsage
		}
	}
	if err := exec.CheckMemory(m, limit); err != nil {
		fmt.Fprintf(e.stderr, "zincc run: %s: %v\n", path, err)
		return exitInput
	}
	inputs, err := exec.ParseInputs(m, *set)
	if err != nil {
		fmt.Fprintf(e.stderr, "zincc run: %v\n", err)
		return exitUsage
	}
	w, err := exec.Bind(m, exec.BindOptions{GGUF: *weights, Dir: filepath.Dir(path)})
	if err != nil {
		fmt.Fprintf(e.stderr, "zincc run: %v\n", err)
		return exitInput
	}
	defer w.Close()
	ring, err := openTier(e, *tier, *threads, *verbose, m, w)
	if err != nil {
		fmt.Fprintf(e.stderr, "zincc run: tier %s: %v\n", *tier, err)
		return exitInput
	}
	defer ring.Close()

	report := &runReport{Graph: m.Name, Tier: ring.Tier(), Steps: []stepReport{}}
	names := inputNames(m)
	err = exec.RunSteps(ring, m, inputs, *steps, func(r exec.StepResult) error {
		if *asJSON {
			report.add(m, names, r)
		} else {
			fmt.Fprintln(e.stdout, stepLine(names, r))
		}
		return nil
	})
	status = exitOK
	if err != nil {
		fmt.Fprintf(e.stderr, "zincc run: %s: %v\n", path, err)
		status = exitInput
		report.Error = err.Error()
	}
	if *asJSON {
		// The steps that ran are printed even when a later one failed, as
		// in text mode.
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(report); err != nil {
			fmt.Fprintf(e.stderr, "zincc run: %v\n", err)
			return exitInput
		}
	}
	return status
}

func inputNames(m *ir.Module) []*ir.Value { return m.DeclsOf(ir.Input) }

// stepLine formats one step: "step 0  tok=1 pos=0  ->  next=17".
func stepLine(inputs []*ir.Value, r exec.StepResult) string {
	var in, out []string
	for i, v := range inputs {
		in = append(in, v.Name+"="+exec.Scalar(v.Name, v.Type.DType, r.Inputs[i]).Summary())
	}
	for _, t := range r.Outputs {
		out = append(out, t.Name+"="+t.Summary())
	}
	return fmt.Sprintf("step %d  %s  ->  %s", r.Step, strings.Join(in, " "), strings.Join(out, "  "))
}

// runReport is the -json output of zincc run.
type runReport struct {
	Graph string       `json:"graph"`
	Tier  string       `json:"tier"`
	Steps []stepReport `json:"steps"`
	Error string       `json:"error,omitempty"` // why the run stopped early
}

type stepReport struct {
	Step    int            `json:"step"`
	Inputs  map[string]any `json:"inputs"`
	Outputs map[string]any `json:"outputs"`
}

func (rep *runReport) add(m *ir.Module, inputs []*ir.Value, r exec.StepResult) {
	s := stepReport{Step: r.Step, Inputs: map[string]any{}, Outputs: map[string]any{}}
	for i, v := range inputs {
		s.Inputs[v.Name] = exec.Scalar(v.Name, v.Type.DType, r.Inputs[i]).JSONValue()
	}
	for _, t := range r.Outputs {
		s.Outputs[t.Name] = t.JSONValue()
	}
	rep.Steps = append(rep.Steps, s)
}
