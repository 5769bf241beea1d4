package frontend

import (
	"strings"
	"testing"
)

// Issue 17 item 1: "output %tok, %tok, ..." 16,000 times made 2.3 GB of
// stderr and 7-10 GB of memory, each error echoing the whole 96 KB line.
func TestFormatErrorsCappedAndClipped(t *testing.T) {
	src := "graph @g {\n  input %tok : u32\n  output " + strings.Repeat("%tok, ", 15999) + "%tok\n}\n"
	_, err := Parse("many.zir", []byte(src))
	if err == nil {
		t.Fatal("no error")
	}
	out := FormatErrors(err, []byte(src))
	if len(out) > 64<<10 {
		t.Errorf("%d bytes of diagnostics", len(out))
	}
	if !strings.Contains(out, "and 15949 more errors\n") {
		t.Errorf("no count of the errors left out; tail: %q", out[max(len(out)-200, 0):])
	}
	if n := strings.Count(out, "is output twice"); n != MaxReportedErrors {
		t.Errorf("%d errors printed, want %d", n, MaxReportedErrors)
	}
	if s := err.Error(); len(s) > 16<<10 || !strings.HasSuffix(s, "and 15949 more errors") {
		t.Errorf("Error() is %d bytes, ends %q", len(s), s[max(len(s)-60, 0):])
	}
}

func TestClipLineKeepsCaret(t *testing.T) {
	line := strings.Repeat("a", 500) + "X" + strings.Repeat("é", 300)
	got, col := clipLine(line, 501)
	if len(got) > maxEchoedLine+10 || got[col-1] != 'X' {
		t.Errorf("clipLine: %q col %d", got, col)
	}
	got, col = clipLine(line, 1)
	if got[col-1] != 'a' || !strings.HasSuffix(got, "...") || strings.HasPrefix(got, "...") {
		t.Errorf("clipLine at 1: %q col %d", got, col)
	}
	got, col = clipLine(line, len(line))
	if !strings.HasPrefix(got, "...") || col < 1 || col > len(got) {
		t.Errorf("clipLine at end: %q col %d", got, col)
	}
	short := "  %x = add %y"
	if got, col := clipLine(short, 3); got != short || col != 3 {
		t.Errorf("short line changed: %q %d", got, col)
	}
}

// Issue 17 item 8: messages that misled.
func TestHostileSyntaxMessages(t *testing.T) {
	graph := func(lines ...string) string {
		return "graph @g {\n  input %tok : u32\n" + strings.Join(lines, "\n") + "\n  output %tok\n}\n"
	}
	for _, c := range []struct{ name, src, want, not string }{
		{"shape name", graph("  weight %w : f32[abc] = zeros"), "3:19: dimension abc is not a positive integer", `unexpected token "["`},
		{"empty shape", graph("  weight %w : f32[] = zeros"), "a shape lists at least one dimension", `unexpected token "["`},
		{"trailing comma", graph("  weight %w : f32[4,] = zeros"), "a shape ends with a dimension, not a comma", `unexpected token "["`},
		{"negative dim", graph("  weight %w : f32[-3, 4] = zeros"), "dimension -3 is not a positive integer", `unexpected token`},
		{"unclosed shape", graph("  weight %w : f32[4 = zeros"), "3:20: f32[4: the shape opened at 3:18 is not closed (a ']' is missing here)", `unexpected token`},
		{"unclosed shape, two dims", graph("  weight %w : f32[4, 8 = zeros"), "3:23: f32[4, 8: the shape opened at 3:18 is not closed", `unexpected token`},
		{"unclosed empty shape", graph("  weight %w : f32[ = zeros"), "3:19: f32[: the shape opened at 3:18 is not closed", `weights are tensors`},
		{"unclosed input shape", graph("  input %v : f16[2, 2"), "3:22: f16[2, 2: the shape opened at 3:17 is not closed", `unexpected`},
		{"string attr", graph("  weight %w : f32[4] = zeros", "  %x = rms_norm %w, %w {eps = \"a\"}"), `not strings: "a"`, `unexpected token "{"`},
		{"huge int attr", graph("  weight %w : f32[4, 4] = zeros", "  weight %e : f32[4, 4] = zeros", "  %x = embed %e, %tok",
			"  %y = rope %x, %tok {heads = 99999999999999999999, dims = 4, theta = 10000.0}"), "integer 99999999999999999999 is out of range", "missing required attribute heads"},
		{"bare output", "graph @g {\n  input %tok : u32\n  output\n}\n", "output names the values it returns", `unknown op "output"`},
	} {
		_, err := Parse("g.zir", []byte(c.src))
		got := FormatErrors(err, []byte(c.src))
		if !strings.Contains(got, c.want) || strings.Contains(got, c.not) {
			t.Errorf("%s: got\n%s\nwant %q and not %q", c.name, got, c.want, c.not)
		}
	}
}

// Issue 17 item 8: a UTF-8 byte order mark was "lexer: invalid input text".
func TestByteOrderMarkIgnored(t *testing.T) {
	src := "\ufeffgraph @g {\n  input %tok : u32\n  output %tok\n}\n"
	if _, err := Parse("bom.zir", []byte(src)); err != nil {
		t.Fatalf("Parse: %v", err)
	}
	out, err := Format("bom.zir", []byte(src))
	if err != nil || strings.HasPrefix(out, "\ufeff") || !strings.HasPrefix(out, "graph @g") {
		t.Errorf("Format: %q, %v", out, err)
	}
	bad := "\ufeffgraph @g {\n  input %tok : u32\n  output %nope\n}\n"
	_, err = Parse("bom.zir", []byte(bad))
	if err == nil || !strings.Contains(err.Error(), "bom.zir:3:10") {
		t.Errorf("positions after a BOM: %v", err)
	}
}
