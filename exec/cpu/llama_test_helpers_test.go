package cpu

import (
	"testing"

	"zincc/exec"
	"zincc/frontend"
	"zincc/ir"
	lowercpu "zincc/lower/cpu"
	"zincc/passes"
)

// llamaEveryNode builds the llama graph of c with the default passes,
// every node's result made an output (so a test sees them all), binds its
// random weights (closed when the test ends) and lowers it for the cpu
// ring.
func llamaEveryNode(t *testing.T, c frontend.LlamaConfig) (*ir.Module, *exec.Weights, *lowercpu.Program) {
	t.Helper()
	text, err := frontend.LlamaGraph(c)
	fatalIfErr(t, err)
	m, err := frontend.Parse(c.Name+".zir", []byte(text))
	fatalIfErr(t, err)
	fatalIfErr(t, passes.Run(m, passes.Options{}))
	isOut := map[*ir.Value]bool{}
	for _, o := range m.Outputs {
		isOut[o.Value] = true
	}
	for _, n := range m.Nodes {
		if n.Result != nil && !isOut[n.Result] {
			m.Outputs = append(m.Outputs, ir.Output{Value: n.Result})
		}
	}
	if errs := ir.Verify(m); len(errs) > 0 {
		t.Fatal(errs)
	}
	w, err := exec.Bind(m, exec.BindOptions{})
	fatalIfErr(t, err)
	t.Cleanup(func() { w.Close() })
	p, err := lowercpu.Lower(m)
	fatalIfErr(t, err)
	return m, w, p
}
