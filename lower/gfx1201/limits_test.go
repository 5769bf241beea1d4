package gfx1201

import (
	"fmt"
	"strings"
	"testing"

	"zincc/pm4"
)

// Issue 17 item 6: 50,000 chained adds compiled to a 1,200,096-dword IB,
// which no INDIRECT_BUFFER can name; only run -tier sim noticed. Lower
// refuses it, with the limit in the message.
func TestLowerRefusesIBBeyondIBSize(t *testing.T) {
	if testing.Short() {
		t.Skip("lowers 50,000 dispatches")
	}
	var b strings.Builder
	b.WriteString("graph @chain {\n  input %tok : u32\n  weight %e : f32[16, 64] = random(seed = 1)\n  %x0 = embed %e, %tok\n")
	const n = 50000
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "  %%x%d = add %%x%d, %%x0\n", i, i-1)
	}
	fmt.Fprintf(&b, "  %%n = argmax %%x%d\n  output %%n\n}\n", n)
	m := parseText(t, b.String())
	_, err := Lower(m, stubLibrary(t), Options{})
	if err == nil || !strings.Contains(err.Error(), fmt.Sprint(pm4.MaxIBDwords)) {
		t.Fatalf("err = %v, want a refusal naming the limit %d", err, pm4.MaxIBDwords)
	}
}
