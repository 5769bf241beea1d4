package sim

import (
	"math/rand"
	"sort"
	"testing"

	"zincc/isa"
)

// TestSemantics runs every family of instruction semantics tests and then
// checks that every instruction of the isa package's table was executed
// by a passing case (or is listed as refused with a test of the refusal).
func TestSemantics(t *testing.T) {
	families := []struct {
		name  string
		cases func(*rand.Rand) []*scase
	}{
		{"valu", valuCases},
		{"vopc", vopcCases},
		{"salu", saluCases},
		{"f64", f64Cases},
		{"carry", carryCases},
		{"cndmask", cndmaskCases},
		{"division", divisionCases},
		{"trig_preop", trigPreopCases},
		{"modifiers", modifierCases},
		{"denormals", denormCases},
		{"lanes", laneCases},
		{"dpp", dppCases},
		{"vop3p", vop3pCases},
		{"memory", memCases},
		{"control", controlCases},
		{"llvm_ops", llvmOpCases},
	}
	var all []*scase
	ranAll := true
	for i, f := range families {
		rng := rand.New(rand.NewSource(int64(i + 1)))
		cases := f.cases(rng)
		ran := false
		t.Run(f.name, func(t *testing.T) { ran = true; runCases(t, cases) })
		ranAll = ranAll && ran
		all = append(all, cases...)
	}
	if !ranAll {
		t.Log("some families were filtered out with -run: instruction coverage not checked")
		return
	}
	covered := map[isa.Op]bool{}
	for _, c := range all {
		if c.passed {
			for _, op := range c.ops {
				covered[op] = true
			}
		}
	}
	var missing []string
	for i := 1; i < isa.NumOps(); i++ {
		op := isa.Op(i)
		if op.String() == "op?" || covered[op] {
			continue
		}
		missing = append(missing, op.String())
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Errorf("%d of %d instructions have no passing semantics test: %v", len(missing), isa.NumOps()-1, missing)
	}
}
