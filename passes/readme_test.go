package passes

import (
	"os"
	"strings"
	"testing"
)

// TestREADMEListsEveryPass keeps the README's pass table and its default
// pipeline in step with the pass table here.
func TestREADMEListsEveryPass(t *testing.T) {
	src, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := string(src)
	if want := "`default` is `" + strings.Join(Default, ",") + "`"; !strings.Contains(readme, want) {
		t.Errorf("README does not say %s", want)
	}
	for _, name := range Default {
		if !strings.Contains(readme, "| `"+name+"` |") {
			t.Errorf("README's pass table has no row for %s", name)
		}
	}
}
