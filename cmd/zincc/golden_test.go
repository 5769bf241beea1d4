package main

import (
	"path/filepath"
	"strings"
	"testing"

	"zincc/internal/golden"
)

// TestGoldenIB guards the annotated gfx1201 IB of every graph in testdata:
// a lowering or kernel change shows up as a reviewed diff of these files
// (go test ./... -update rewrites them).
func TestGoldenIB(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/*.zir")
	if len(files) < 3 {
		t.Fatalf("only %d graphs in testdata", len(files))
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".zir")
		t.Run(name, func(t *testing.T) {
			out, errOut, code := zincc(t, f, "-target=gfx1201")
			if code != exitOK {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			golden.Check(t, "../../testdata/golden/"+name+".ib", []byte(out))
		})
	}
}
