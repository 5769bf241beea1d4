// Package golden compares test output with files under testdata and
// rewrites them when tests run with -update:
//
//	go test ./... -update
//
// Because `go test ./...` hands -update to every test binary, every package
// with tests imports this package (a blank import will do) so that the flag
// is defined everywhere; TestEveryTestPackageImportsGolden enforces it.
package golden

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Update is set by -update: golden files are rewritten instead of compared.
var Update = flag.Bool("update", false, "rewrite golden files with the current output")

// Check compares got with the golden file at path (relative to the test's
// package directory), or writes it when -update is set. A difference fails
// the test with the first differing line.
func Check(t testing.TB, path string, got []byte) {
	t.Helper()
	if *Update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run 'go test -update' to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the output (run 'go test -update' to accept it):\n%s", path, FirstDiff(string(want), string(got)))
	}
}

// FirstDiff describes the first line where want and got differ.
func FirstDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(w) || i < len(g); i++ {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl || i >= len(w) || i >= len(g) {
			return fmt.Sprintf("line %d:\n  golden: %q\n  output: %q", i+1, wl, gl)
		}
	}
	return "(equal)"
}
