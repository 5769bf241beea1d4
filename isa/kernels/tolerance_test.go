package kernels_test

import (
	"math"
	"sync"
	"testing"

	"zincc/exec/cpu"
)

// worstUse records, per op, the largest fraction of its tolerance bound
// any test output used (|got - want| / bound), for the summary that
// TestMain prints with -v.
var worstUse = struct {
	sync.Mutex
	m map[string]float64
}{m: map[string]float64{}}

// logUse records how much of the op's bound the outputs used.
func logUse(t testing.TB, op string, got, want []float32, scale []float64, n int) float64 {
	t.Helper()
	rule, ok := cpu.Tolerance(op)
	if !ok {
		t.Fatalf("no rule for %s", op)
	}
	worst := 0.0
	for i := range want {
		g, w := float64(got[i]), float64(want[i])
		if math.IsNaN(g) || math.IsNaN(w) || math.IsInf(g, 0) || math.IsInf(w, 0) {
			continue
		}
		b := rule.Bound(scale[i], n)
		if b > 0 {
			worst = math.Max(worst, math.Abs(g-w)/b)
		}
	}
	worstUse.Lock()
	if worst > worstUse.m[op] {
		worstUse.m[op] = worst
	}
	worstUse.Unlock()
	return worst
}
