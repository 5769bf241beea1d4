package frontend

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"zincc/internal/golden"
	"zincc/ir"
)

func graphs(t testing.TB) []string {
	files, err := filepath.Glob("../testdata/*.zir")
	if err != nil || len(files) == 0 {
		t.Fatalf("no graphs in ../testdata: %v", err)
	}
	return files
}

// TestRoundTrip: parse(print(m)) equals m for every graph in testdata, and
// printing is a fixed point.
func TestRoundTrip(t *testing.T) {
	for _, f := range graphs(t) {
		t.Run(filepath.Base(f), func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			m1, err := Parse(f, src)
			if err != nil {
				t.Fatalf("parse:\n%s", FormatErrors(err, src))
			}
			text := ir.String(m1)
			m2, err := Parse("printed", []byte(text))
			if err != nil {
				t.Fatalf("printed text does not parse:\n%s\n%s", FormatErrors(err, []byte(text)), text)
			}
			if d := ir.Diff(m1, m2); d != "" {
				t.Fatalf("parse(print(m)) differs from m: %s", d)
			}
			if again := ir.String(m2); again != text {
				t.Fatalf("printing is not a fixed point:\n%s", golden.FirstDiff(text, again))
			}
			if errs := ir.Verify(m2); len(errs) > 0 {
				t.Fatalf("verify: %v", errs)
			}
		})
	}
}

// TestFormatKeepsComments: the formatter is idempotent, keeps every comment
// and parses to the same module as the source.
func TestFormatKeepsComments(t *testing.T) {
	for _, f := range graphs(t) {
		t.Run(filepath.Base(f), func(t *testing.T) {
			src, _ := os.ReadFile(f)
			out, err := Format(f, src)
			if err != nil {
				t.Fatal(err)
			}
			again, err := Format(f, []byte(out))
			if err != nil {
				t.Fatal(err)
			}
			if again != out {
				t.Fatalf("Format is not idempotent:\n%s", golden.FirstDiff(out, again))
			}
			for _, line := range strings.Split(string(src), "\n") {
				if i := strings.Index(line, "//"); i >= 0 && !strings.Contains(out, line[i:]) {
					t.Errorf("comment lost: %q", line[i:])
				}
			}
			m1, _ := Parse(f, src)
			m2, err := Parse(f, []byte(out))
			if err != nil {
				t.Fatal(err)
			}
			if d := ir.Diff(m1, m2); d != "" {
				t.Fatalf("formatted text means something else: %s", d)
			}
		})
	}
}

func TestFormatPlacesComments(t *testing.T) {
	src := `// head
graph @g { // after the brace
  // about tok
  input %tok : u32 // the token
  weight %e : f32[4, 8] = random(seed = 1)

  // lookup
  %x = embed %e, %tok
  output %x // result
  // the end
}
`
	want := `// head
// after the brace
graph @g {
  // about tok
  input %tok : u32  // the token
  weight %e  : f32[4, 8] = random(seed = 1)

  // lookup
  %x = embed %e, %tok

  output %x  // result

  // the end
}
`
	got, err := Format("g.zir", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if got != want {
		t.Errorf("Format:\n%s", golden.FirstDiff(want, got))
	}
}

// TestErrorGolden checks the exact diagnostics of every graph in
// testdata/errors against its .golden file.
func TestErrorGolden(t *testing.T) {
	files, _ := filepath.Glob("../testdata/errors/*.zir")
	if len(files) < 5 {
		t.Fatalf("want at least 5 error graphs in testdata/errors, have %d", len(files))
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			name := "testdata/errors/" + filepath.Base(f)
			_, err = Parse(name, src)
			if err == nil {
				t.Fatalf("%s parsed without errors", f)
			}
			golden.Check(t, strings.TrimSuffix(f, ".zir")+".golden", []byte(FormatErrors(err, src)))
		})
	}
}

// TestDiagnostics pins individual messages and their positions.
func TestDiagnostics(t *testing.T) {
	const head = "graph @g {\n  input %tok : u32\n  input %pos : u32\n  weight %w : f32[8, 16] = random(seed = 1)\n  weight %n : f32[16] = random(seed = 2)\n  weight %m : f32[8] = random(seed = 3)\n  state %k : f32[4, 16]\n"
	tests := []struct {
		name, body string
		want       []string // "line:col: message fragment"
	}{
		{"use before definition", "  %a = add %b, %b\n  %b = embed %w, %tok\n  output %a\n",
			[]string{"8:12: %b is used before its definition at g.zir:9:3"}},
		{"redefinition", "  %a = embed %w, %tok\n  %a = embed %w, %tok\n  output %a\n",
			[]string{"9:3: redefinition of %a (first defined at g.zir:8:3)"}},
		{"redeclaration", "  input %tok : u32\n  %a = embed %w, %tok\n  output %a\n",
			[]string{"8:9: redefinition of %tok (first declared at g.zir:2:9)"}},
		{"state written by pure op", "  %k = embed %w, %tok\n  output %k\n",
			[]string{"8:3: state %k is written by the pure op embed"}},
		{"missing output", "  %a = embed %w, %tok\n",
			[]string{"1:1: graph @g has no outputs"}},
		{"wrong operand count", "  %a = add %n\n  output %a\n",
			[]string{"8:8: add: takes 2 operands (a, b), got 1"}},
		{"shape mismatch", "  %a = embed %w, %tok\n  %b = add %a, %m\n  output %b\n",
			[]string{"9:16: add operand 2 (b): shape f32[8] differs from operand 1's f32[16]"}},
		{"bad eps", "  %a = embed %w, %tok\n  %b = rms_norm %a, %a {eps = 0}\n  output %b\n",
			[]string{"9:25: rms_norm: attribute eps = 0.0: must be greater than 0"}},
		{"odd rope dims", "  %a = embed %w, %tok\n  %b = rope %a, %pos {heads = 2, dims = 3}\n  output %b\n",
			[]string{"9:34: rope: attribute dims = 3: must be even and between 2 and the head size 8"}},
		{"rope dims above head size", "  %a = embed %w, %tok\n  %b = rope %a, %pos {heads = 2, dims = 10}\n  output %b\n",
			[]string{"rope: attribute dims = 10: must be even and between 2 and the head size 8"}},
		{"heads not divisible", "  %a = embed %w, %tok\n  %b = attention %a, %k, %k, %pos {heads = 4, kv_heads = 3}\n  output %b\n",
			[]string{"attribute kv_heads = 3: must divide heads = 4"}},
		{"kv width", "  %a = embed %w, %tok\n  %b = attention %a, %k, %k, %pos {heads = 4, kv_heads = 2}\n  output %b\n",
			[]string{"attention operand 2 (k): %k rows hold 16 values; kv_heads × head size = 2 × 4 = 8"}},
		{"kv_store into weight", "  %a = embed %w, %tok\n  kv_store %w, %n, %pos\n  output %a\n",
			[]string{"9:12: kv_store operand 1 (cache): %w is a weight; expected a state"}},
		{"kv_store with a result", "  %a = embed %w, %tok\n  %s = kv_store %k, %n, %pos\n  output %a\n",
			[]string{"kv_store changes state and has no result"}},
		{"unknown op", "  %a = frobnicate %w\n  output %a\n",
			[]string{"8:8: unknown op \"frobnicate\""}},
		{"unknown attribute", "  %a = embed %w, %tok {x = 1}\n  output %a\n",
			[]string{"embed: unknown attribute \"x\" (it takes none)"}},
		{"float for int", "  %a = embed %w, %tok\n  %b = rope %a, %pos {heads = 2.5}\n  output %b\n",
			[]string{"attribute heads must be an integer, got 2.5"}},
		{"bad enum", "  %a = embed %w, %tok\n  %b = rope %a, %pos {heads = 2, mode = sideways}\n  output %b\n",
			[]string{"attribute mode must be one of normal|neox, got sideways"}},
		{"missing attribute", "  %a = embed %w, %tok\n  %b = rope %a, %pos\n  output %b\n",
			[]string{"rope: missing required attribute heads"}},
		{"syntax", "  %a = embed %w %tok\n  output %a\n",
			[]string{"8:17: unexpected token \"%tok\" (expected end of line)"}},
		{"quantised shape", "  weight %q : q4_0[4, 20] = random(seed = 3)\n  output %tok\n",
			[]string{"8:10: weight %q: q4_0[4, 20]: the inner dimension 20 is not a multiple of the block size 32"}},
		{"huge shape", "  weight %q : f32[1000000, 1000000] = zeros\n  output %tok\n",
			[]string{"has more than 2^36 elements"}},
		{"zero dim", "  weight %q : f32[0, 4] = zeros\n  output %tok\n",
			[]string{"dimension 0 is 0; dimensions must be at least 1"}},
		{"weight without data", "  weight %q : f32[4]\n  output %tok\n",
			[]string{"weight %q: needs an initialiser"}},
		{"input tensor", "  input %v : f32[4]\n  output %tok\n",
			[]string{"input %v: inputs are u32, i32 or f32 scalars"}},
		{"undefined output", "  output %nope\n",
			[]string{"8:10: undefined value %nope"}},
		{"unknown dtype", "  weight %q : q2_K[4] = zeros\n  output %tok\n",
			[]string{"8:15: unknown element type \"q2_K\""}},
		{"random without seed", "  weight %q : f32[4] = random(scale = 2)\n  output %tok\n",
			[]string{"random needs a seed"}},
		{"huge integer", "  %a = embed %w, %tok\n  %b = rope %a, %pos {heads = 99999999999999999999}\n  output %b\n",
			[]string{"integer 99999999999999999999 is out of range"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := head + tc.body + "}\n"
			_, err := Parse("g.zir", []byte(src))
			if err == nil {
				t.Fatalf("no error for:\n%s", src)
			}
			got := err.Error()
			for _, w := range tc.want {
				if !strings.Contains(got, w) {
					t.Errorf("want %q among:\n%s", w, got)
				}
			}
		})
	}
}

// TestReportsEveryError: independent mistakes are all reported, in order.
func TestReportsEveryError(t *testing.T) {
	src := "graph @g {\n  input %tok : u32\n  weight %w : f32[8, 16] = random(seed = 1)\n" +
		"  %a = embed %w, %tok {bad = 1}\n  %b = softmax %a\n  %c = add %b, %w\n  %d = argmax %zz\n  output %c\n}\n"
	_, err := Parse("g.zir", []byte(src))
	list, ok := err.(ir.ErrorList)
	if !ok || len(list) != 3 {
		t.Fatalf("want 3 diagnostics, got %v", err)
	}
	for i, line := range []int{4, 6, 7} {
		if list[i].Pos.Line != line {
			t.Errorf("diagnostic %d at line %d, want %d: %v", i, list[i].Pos.Line, line, list[i])
		}
	}
}

func TestFormatErrorsCaret(t *testing.T) {
	src := []byte("graph @g {\n\t%a = frob %b\n}\n")
	_, err := Parse("g.zir", src)
	got := FormatErrors(err, src)
	want := "g.zir:2:7: unknown op \"frob\""
	if !strings.Contains(got, want) {
		t.Fatalf("got %q", got)
	}
	if !strings.Contains(got, "    \t%a = frob %b\n    \t     ^\n") {
		t.Errorf("caret not under the op:\n%s", got)
	}
}

func TestSizeLimit(t *testing.T) {
	_, err := Parse("big.zir", make([]byte, MaxSourceBytes+1))
	if err == nil || !strings.Contains(err.Error(), "limit") {
		t.Fatalf("want a size-limit error, got %v", err)
	}
}

// Syntax errors name what was expected in the language's words, never
// the grammar's production or token names.
func TestSyntaxErrorsInWords(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"x\n", `t.zir:1:1: unexpected token "x" (expected a graph: graph @name { … })`},
		{"", `t.zir:1:1: unexpected end of file (expected a graph: graph @name { … })`},
		{"graph\n", `t.zir:1:6: unexpected token end of line (expected a graph name such as @decode)`},
		{"graph @g\n", `t.zir:1:9: unexpected token end of line (expected "{")`},
		{"graph @g {\n  input %t : \n}\n", `t.zir:2:14: unexpected token end of line (expected a type such as f32[64] or u32)`},
		{"graph @g {\n", `t.zir:2:1: unexpected end of file (expected "}")`},
	} {
		_, err := Parse("t.zir", []byte(c.src))
		if err == nil {
			t.Errorf("%q parsed", c.src)
			continue
		}
		got := strings.SplitN(err.Error(), "\n", 2)[0]
		if got != c.want {
			t.Errorf("%q:\n got %s\nwant %s", c.src, got, c.want)
		}
		if strings.Contains(got, "Ast") || strings.Contains(got, "<") {
			t.Errorf("%q: grammar internals in %q", c.src, got)
		}
	}
}
