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
