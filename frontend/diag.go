package frontend

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"zincc/ir"
)

// MaxReportedErrors is how many diagnostics FormatErrors prints; the rest
// are counted in one last line, so a file of thousands of mistakes gives a
// screenful, not gigabytes.
const MaxReportedErrors = 50

// maxEchoedLine is the longest source line FormatErrors echoes whole; a
// longer one is cut to a window around the caret.
const maxEchoedLine = 120

// FormatErrors renders err for a person: each diagnostic as
// "file:line:col: message", then the source line (cut around the column
// when long) and a caret under the column. src is the text of the file the
// positions refer to; diagnostics without a known line are printed alone.
// At most MaxReportedErrors diagnostics are printed, then "and N more".
func FormatErrors(err error, src []byte) string {
	if err == nil {
		return ""
	}
	var list ir.ErrorList
	if !errors.As(err, &list) {
		return err.Error() + "\n"
	}
	var b strings.Builder
	for i, d := range list {
		if i == MaxReportedErrors {
			fmt.Fprintf(&b, "and %d more errors\n", len(list)-i)
			break
		}
		b.WriteString(d.Error())
		b.WriteByte('\n')
		line, ok := sourceLine(src, d.Pos.Line)
		if !ok {
			continue
		}
		line, col := clipLine(strings.TrimRight(line, "\r"), d.Pos.Col)
		b.WriteString("    " + line + "\n")
		b.WriteString("    " + caretPad(line, col) + "^\n")
	}
	return b.String()
}

// sourceLine returns line n (1-based) of src without its newline.
func sourceLine(src []byte, n int) (string, bool) {
	if n < 1 {
		return "", false
	}
	for i := 1; i < n; i++ {
		j := bytes.IndexByte(src, '\n')
		if j < 0 {
			return "", false
		}
		src = src[j+1:]
	}
	if j := bytes.IndexByte(src, '\n'); j >= 0 {
		src = src[:j]
	}
	return string(src), true
}

// clipLine cuts a line longer than maxEchoedLine bytes to a window around
// byte column col, marking the cuts with "...", and returns the window and
// the caret's column in it.
func clipLine(line string, col int) (string, int) {
	if len(line) <= maxEchoedLine {
		return line, col
	}
	at := min(max(col-1, 0), len(line))
	start := max(at-maxEchoedLine/2, 0)
	end := min(start+maxEchoedLine, len(line))
	start = max(end-maxEchoedLine, 0)
	for start > 0 && !utf8.RuneStart(line[start]) {
		start--
	}
	for end < len(line) && !utf8.RuneStart(line[end]) {
		end++
	}
	out, col := line[start:end], at-start+1
	if start > 0 {
		out, col = "..."+out, col+3
	}
	if end < len(line) {
		out += "..."
	}
	return out, col
}

// caretPad returns the indentation that puts a caret under byte column col
// of line, keeping tabs so the caret lines up however tabs are shown.
func caretPad(line string, col int) string {
	var pad strings.Builder
	for i := 0; i < col-1 && i < len(line); i++ {
		if line[i] == '\t' {
			pad.WriteByte('\t')
		} else if line[i]&0xC0 != 0x80 { // one space per character, not per byte
			pad.WriteByte(' ')
		}
	}
	return pad.String()
}
