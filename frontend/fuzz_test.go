package frontend

import (
	"os"
	"path/filepath"
	"testing"

	"zincc/ir"
)

// FuzzParse: no input panics, and whatever parses prints to text that
// parses back to an equal, verified module; the formatter agrees.
func FuzzParse(f *testing.F) {
	for _, pattern := range []string{"../testdata/*.zir", "../testdata/errors/*.zir"} {
		files, _ := filepath.Glob(pattern)
		for _, file := range files {
			src, err := os.ReadFile(file)
			if err != nil {
				f.Fatal(err)
			}
			// Large seeds make the fuzzer spend its time minimising them
			// (each execution parses the input four times), so only the
			// small graphs seed it.
			if len(src) <= 2048 {
				f.Add(src)
			}
		}
	}
	f.Add([]byte("graph @g {\n  input %t : u32\n  output %t\n}\n"))
	f.Add([]byte("graph @g {\n  %a = rope %a, %a {heads = -1, dims = 1e400}\n}"))
	f.Fuzz(func(t *testing.T, src []byte) {
		m, err := Parse("f.zir", src)
		_ = FormatErrors(err, src)
		formatted, ferr := Format("f.zir", src)
		if (err == nil) != (ferr == nil) {
			t.Fatalf("Parse error %v but Format error %v", err, ferr)
		}
		if err != nil {
			return
		}
		text := ir.String(m)
		m2, err := Parse("printed.zir", []byte(text))
		if err != nil {
			t.Fatalf("printed module does not parse: %v\n%s", err, text)
		}
		if d := ir.Diff(m, m2); d != "" {
			t.Fatalf("round trip differs: %s\n%s", d, text)
		}
		if errs := ir.Verify(m2); len(errs) > 0 {
			t.Fatalf("verify after round trip: %v", errs)
		}
		m3, err := Parse("formatted.zir", []byte(formatted))
		if err != nil {
			t.Fatalf("formatted text does not parse: %v\n%s", err, formatted)
		}
		if d := ir.Diff(m, m3); d != "" {
			t.Fatalf("formatted text differs: %s", d)
		}
	})
}
