package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPerf runs zincc perf on the tiny model: text, JSON and SVG, each
// labelled a model, and usage errors.
func TestPerf(t *testing.T) {
	graph := filepath.Join("..", "..", "testdata", "tiny_llama.zir")
	out, errOut, code := zincc(t, "perf", "-pos", "3", graph)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"MODEL, not a measurement", "predicted step time", "memory floor", "ratio to the floor", "matvec_q4_0"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	svg := filepath.Join(t.TempDir(), "t.svg")
	out, errOut, code = zincc(t, "perf", "-json", "-svg", svg, "-param", "barrier_ns=2000", graph)
	if code != exitOK {
		t.Fatalf("-json: exit %d: %s", code, errOut)
	}
	var r struct {
		Label      string
		Dispatches []struct{ Kernel string }
		Ratio      float64
		Machine    []struct {
			Name  string
			Value float64
		}
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("-json: %v\n%s", err, out)
	}
	if r.Label != "MODEL, not a measurement" || len(r.Dispatches) == 0 || r.Ratio <= 1 {
		t.Errorf("-json: label %q, %d dispatches, ratio %v", r.Label, len(r.Dispatches), r.Ratio)
	}
	for _, p := range r.Machine {
		if p.Name == "barrier_ns" && p.Value != 2000 {
			t.Errorf("-param barrier_ns=2000 gave %v", p.Value)
		}
	}
	b, err := os.ReadFile(svg)
	if err != nil || !strings.HasPrefix(string(b), "<?xml") || !strings.Contains(string(b), "MODEL, not a measurement") {
		t.Errorf("-svg: %v, %.80q", err, b)
	}
	for _, args := range [][]string{{"perf", "-param", "nope=1", graph}, {"perf", "-pos", "-1", graph}, {"perf"}, {"perf", "-m", "x.gguf", graph}} {
		if _, _, code := zincc(t, args...); code != exitUsage {
			t.Errorf("%q: exit %d, want %d", args, code, exitUsage)
		}
	}
	if _, _, code := zincc(t, "perf", "-pos", "100000", graph); code != exitInput {
		t.Errorf("a position past the KV cache: exit %d, want %d", code, exitInput)
	}
}
