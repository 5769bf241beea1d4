package kernels_test

import (
	"fmt"
	"os"
	"sort"
	"testing"
)

// TestMain prints, with -v, the largest fraction of each op's tolerance
// bound that any test output used.
func TestMain(m *testing.M) {
	code := m.Run()
	if testing.Verbose() {
		var ops []string
		for op := range worstUse.m {
			ops = append(ops, op)
		}
		sort.Strings(ops)
		for _, op := range ops {
			fmt.Printf("tolerance used: %-9s %.3f of the bound\n", op, worstUse.m[op])
		}
	}
	os.Exit(code)
}
