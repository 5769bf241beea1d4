package golden

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestEveryTestPackageImportsGolden keeps `go test ./... -update` working:
// a test binary that does not define -update would reject the flag.
func TestEveryTestPackageImportsGolden(t *testing.T) {
	root := filepath.Join("..", "..")
	imports := map[string]bool{} // directory -> some _test.go imports golden
	hasTests := map[string]bool{}
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) && path != root {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, "_test.go") {
			return nil
		}
		dir := filepath.Dir(path)
		hasTests[dir] = true
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		for _, imp := range f.Imports {
			if p, _ := strconv.Unquote(imp.Path.Value); p == "zincc/internal/golden" {
				imports[dir] = true
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	self, _ := filepath.Abs(".")
	for dir := range hasTests {
		if abs, _ := filepath.Abs(dir); abs == self {
			continue
		}
		if !imports[dir] {
			t.Errorf("%s has tests but none imports zincc/internal/golden; add `import _ \"zincc/internal/golden\"` so `go test ./... -update` works", dir)
		}
	}
}

func TestFirstDiff(t *testing.T) {
	got := FirstDiff("a\nb\nc", "a\nx\nc")
	if !strings.Contains(got, "line 2") || !strings.Contains(got, `"b"`) || !strings.Contains(got, `"x"`) {
		t.Errorf("FirstDiff = %q", got)
	}
	if got := FirstDiff("a\n", "a\nb"); !strings.Contains(got, "line 2") {
		t.Errorf("FirstDiff with an extra line = %q", got)
	}
}
