package passes

import (
	"bytes"
	"strings"
	"testing"

	"zincc/frontend"
	"zincc/internal/golden"
	"zincc/ir"
)

const decls = `graph @g {
  input %tok : u32
  input %pos : u32
  weight %w : f32[8, 16] = random(seed = 1)
  weight %n : f32[16] = random(seed = 2)
  state %k : f32[4, 16]
`

func parse(t *testing.T, body string) *ir.Module {
	t.Helper()
	src := decls + body + "}\n"
	m, err := frontend.Parse("g.zir", []byte(src))
	if err != nil {
		t.Fatalf("%s\n%s", frontend.FormatErrors(err, []byte(src)), src)
	}
	return m
}

// nodes returns the node lines of the canonical text, trimmed.
func nodes(m *ir.Module) string {
	var out []string
	for _, n := range m.Nodes {
		out = append(out, ir.NodeString(n))
	}
	for _, o := range m.Outputs {
		out = append(out, "output "+o.Value.Ref())
	}
	return strings.Join(out, "\n")
}

func TestPassesBeforeAfter(t *testing.T) {
	tests := []struct {
		name, pass, before, after string
	}{
		{
			name: "dce drops unused chains", pass: "dce",
			before: `  %a = embed %w, %tok
  %b = silu %a
  %c = softmax %b
  %d = rms_norm %a, %n
  output %d
`,
			after: "%a = embed %w, %tok\n%d = rms_norm %a, %n\noutput %d",
		},
		{
			name: "dce keeps state writes and what they read", pass: "dce",
			before: `  %a = embed %w, %tok
  %b = silu %a
  kv_store %k, %b, %pos
  %c = copy %a
  output %a
`,
			after: "%a = embed %w, %tok\n%b = silu %a\nkv_store %k, %b, %pos\noutput %a",
		},
		{
			name: "cse merges identical pure ops", pass: "cse",
			before: `  %a = embed %w, %tok
  %b = embed %w, %tok
  %c = add %a, %b
  %d = rms_norm %c, %n {eps = 1e-6}
  %e = rms_norm %c, %n {eps = 1e-6}
  %f = rms_norm %c, %n {eps = 1e-5}
  %g = add %d, %e
  %h = add %g, %f
  output %h
`,
			after: "%a = embed %w, %tok\n%c = add %a, %a\n%d = rms_norm %c, %n {eps = 1e-06}\n" +
				"%f = rms_norm %c, %n\n%g = add %d, %d\n%h = add %g, %f\noutput %h",
		},
		{
			name: "cse does not merge reads across a state write", pass: "cse",
			before: `  %a = embed %w, %tok
  %r = rope %a, %pos {heads = 4}
  %x = attention %r, %k, %k, %pos {heads = 4}
  %y = attention %r, %k, %k, %pos {heads = 4}
  kv_store %k, %a, %pos
  %z = attention %r, %k, %k, %pos {heads = 4}
  %s = add %x, %y
  %t = add %s, %z
  output %t
`,
			after: "%a = embed %w, %tok\n%r = rope %a, %pos {heads = 4}\n" +
				"%x = attention %r, %k, %k, %pos {heads = 4}\nkv_store %k, %a, %pos\n" +
				"%z = attention %r, %k, %k, %pos {heads = 4}\n%s = add %x, %x\n%t = add %s, %z\noutput %t",
		},
		{
			name: "cse keeps outputs", pass: "cse",
			before: `  %a = embed %w, %tok
  %b = embed %w, %tok
  output %a, %b
`,
			after: "%a = embed %w, %tok\n%b = embed %w, %tok\noutput %a\noutput %b",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := parse(t, tc.before)
			if err := Run(m, Options{Passes: []string{tc.pass}}); err != nil {
				t.Fatal(err)
			}
			if got := nodes(m); got != tc.after {
				t.Errorf("after %s:\n%s", tc.pass, golden.FirstDiff(tc.after, got))
			}
		})
	}
}

func TestDefaultPipelineCleansCSEResidue(t *testing.T) {
	m := parse(t, "  %a = embed %w, %tok\n  %b = embed %w, %tok\n  %c = silu %b\n  %d = silu %a\n  output %d\n")
	if err := Run(m, Options{}); err != nil {
		t.Fatal(err)
	}
	if got, want := nodes(m), "%a = embed %w, %tok\n%d = silu %a\noutput %d"; got != want {
		t.Errorf("default pipeline:\n%s", golden.FirstDiff(want, got))
	}
}

func TestPrintAfter(t *testing.T) {
	m := parse(t, "  %a = embed %w, %tok\n  %b = silu %a\n  output %a\n")
	var buf bytes.Buffer
	if err := Run(m, Options{Passes: []string{"cse", "dce"}, PrintAfter: "all", Print: &buf}); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	if !strings.Contains(out, "// after cse\n") || !strings.Contains(out, "// after dce\n") {
		t.Fatalf("missing dumps:\n%s", out)
	}
	afterCSE := out[:strings.Index(out, "// after dce")]
	if !strings.Contains(afterCSE, "silu") || strings.Contains(out[len(afterCSE):], "silu") {
		t.Errorf("dumps do not show dce removing silu:\n%s", out)
	}
	buf.Reset()
	m = parse(t, "  %a = embed %w, %tok\n  output %a\n")
	if err := Run(m, Options{PrintAfter: "dce", Print: &buf}); err != nil {
		t.Fatal(err)
	}
	if strings.Count(buf.String(), "// after") != 1 {
		t.Errorf("-print-after=dce printed:\n%s", buf.String())
	}
}

func TestParseList(t *testing.T) {
	if got, err := ParseList("dce, cse"); err != nil || strings.Join(got, ",") != "dce,cse" {
		t.Errorf("ParseList = %v, %v", got, err)
	}
	if got, err := ParseList(""); err != nil || len(got) != 0 || got == nil {
		t.Errorf("empty list = %#v, %v", got, err)
	}
	if _, err := ParseList("dce,fuse"); err == nil || !strings.Contains(err.Error(), `unknown pass "fuse" (known: quantize-activations, cse, fuse-norm-quantize, fuse-swiglu-quantize, fuse-matvec-add, fuse-rope-kv, fuse-attention-quantize, dce)`) {
		t.Errorf("bad name: %v", err)
	}
	if err := Run(parse(t, "  %a = embed %w, %tok\n  output %a\n"), Options{PrintAfter: "nope"}); err == nil {
		t.Error("unknown -print-after accepted")
	}
}

// A pass that breaks the module is caught by the verifier and named.
func TestVerifyBetweenPasses(t *testing.T) {
	table = append(table, Pass{Name: "break", Run: func(m *ir.Module) error {
		m.Nodes = m.Nodes[1:] // drop the definition of %a
		return nil
	}})
	defer func() { table = table[:len(table)-1] }()
	m := parse(t, "  %a = embed %w, %tok\n  %b = silu %a\n  output %b\n")
	err := Run(m, Options{Passes: []string{"break"}})
	if err == nil || !strings.Contains(err.Error(), "pass break left an ill-formed module") ||
		!strings.Contains(err.Error(), "%a is not defined") {
		t.Fatalf("got %v", err)
	}
}
