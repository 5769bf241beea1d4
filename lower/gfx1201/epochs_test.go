package gfx1201

import (
	"path/filepath"
	"testing"

	"zincc/frontend"
	"zincc/ir"
	"zincc/passes"
)

// TestBarriersAreTrueDependencies: with the memory plan's lifetimes
// reaching to the end of each reader's barrier epoch, the IB has a barrier
// exactly where a dispatch depends on an earlier one: before the first
// dispatch of every epoch but the first (passes.Epochs, computed from the
// graph alone), and between the two launches of a node that has two. A
// barrier more is a false dependency made by the plan; a barrier fewer
// would be a hazard (exec/simring runs these graphs with the checker on).
func TestBarriersAreTrueDependencies(t *testing.T) {
	lib := stubLibrary(t)
	files, _ := filepath.Glob("../../testdata/*.zir")
	src, err := frontend.LlamaGraph(frontend.LlamaConfig{Name: "l", Vocab: 64, Embd: 128, Layers: 2, Heads: 4, KVHeads: 2, FF: 256,
		Ctx: 32, Eps: 1e-5, RopeBase: 10000, Random: true, DefaultWeightType: ir.Q4_0})
	if err != nil {
		t.Fatal(err)
	}
	graphs := map[string]func() *ir.Module{"llama": func() *ir.Module { return parseText(t, src) }}
	for _, f := range files {
		graphs[filepath.Base(f)] = func() *ir.Module { return parseFile(t, f) }
	}
	for name, parse := range graphs {
		for _, pipeline := range [][]string{{}, nil} {
			m := parse()
			if err := passes.Run(m, passes.Options{Passes: pipeline}); err != nil {
				t.Fatal(err)
			}
			e, err := Lower(m, lib, Options{})
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			ep := passes.Epochs(m)
			got := barriersBefore(t, e)
			for i, d := range e.Dispatches {
				want := i > 0 && (d.Node == e.Dispatches[i-1].Node || ep[d.Node] != ep[e.Dispatches[i-1].Node])
				if got[i] != want {
					t.Errorf("%s (passes %v): dispatch %d (node %d, %s, epoch %d): barrier %v, want %v",
						name, pipeline, i, d.Node, m.Nodes[d.Node].Op.Name, ep[d.Node], got[i], want)
				}
			}
		}
	}
}
