package frontend

import (
	"errors"
	"strings"

	"zincc/ir"
)

// FormatErrors renders err for a person: each diagnostic as
// "file:line:col: message", then the source line and a caret under the
// column. src is the text of the file the positions refer to; diagnostics
// without a known line are printed alone.
func FormatErrors(err error, src []byte) string {
	if err == nil {
		return ""
	}
	var list ir.ErrorList
	if !errors.As(err, &list) {
		return err.Error() + "\n"
	}
	lines := strings.Split(string(src), "\n")
	var b strings.Builder
	for _, d := range list {
		b.WriteString(d.Error())
		b.WriteByte('\n')
		if d.Pos.Line < 1 || d.Pos.Line > len(lines) {
			continue
		}
		line := strings.TrimRight(lines[d.Pos.Line-1], "\r")
		b.WriteString("    " + line + "\n")
		b.WriteString("    " + caretPad(line, d.Pos.Col) + "^\n")
	}
	return b.String()
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
