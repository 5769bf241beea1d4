package simring

import (
	"os"
	"testing"

	"zincc/exec/cpu"
	"zincc/frontend"
	"zincc/ir"
	lowercpu "zincc/lower/cpu"
	"zincc/lower/gfx1201"
)

// TestEveryOpHasEveryPart holds the op table to the IR: each op has a CPU
// lowering rule, a CPU kernel, an oracle and a tolerance rule (exec/cpu's
// ops table), a gfx1201 lowering rule, and a use in testdata/ops.zir, the
// graph that runs every op on both tiers. This is the checklist of
// docs/architecture.md's "adding an op".
func TestEveryOpHasEveryPart(t *testing.T) {
	src, err := os.ReadFile("../../testdata/ops.zir")
	if err != nil {
		t.Fatal(err)
	}
	m, err := frontend.Parse("ops.zir", src)
	if err != nil {
		t.Fatal(frontend.FormatErrors(err, src))
	}
	used := map[*ir.Op]bool{}
	for _, n := range m.Nodes {
		used[n.Op] = true
	}
	for _, op := range ir.Ops() {
		if !lowercpu.Supports(op) {
			t.Errorf("%s: no rule in lower/cpu", op.Name)
		}
		for _, p := range cpu.MissingParts(op) {
			t.Errorf("%s: no %s in exec/cpu's ops table", op.Name, p)
		}
		if !gfx1201.Supports(op) {
			t.Errorf("%s: no rule in lower/gfx1201", op.Name)
		}
		if !used[op] {
			t.Errorf("%s: testdata/ops.zir does not use it", op.Name)
		}
		if op.Doc == "" {
			t.Errorf("%s: no Doc line for zincc help ops", op.Name)
		}
	}
}
