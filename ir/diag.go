package ir

import (
	"fmt"
	"sort"
	"strings"
)

// Pos is a source position. A zero Line means the position is unknown (the
// value was made by a pass or by Go code rather than parsed).
type Pos struct {
	File string
	Line int // 1-based
	Col  int // 1-based, in bytes
}

// IsKnown reports whether p names a place in a source file.
func (p Pos) IsKnown() bool { return p.Line > 0 }

// String formats p as "file:line:col", omitting what is unknown.
func (p Pos) String() string {
	file := p.File
	if file == "" {
		file = "<input>"
	}
	if p.Line == 0 {
		return file
	}
	if p.Col == 0 {
		return fmt.Sprintf("%s:%d", file, p.Line)
	}
	return fmt.Sprintf("%s:%d:%d", file, p.Line, p.Col)
}

// Diagnostic is one error found in a module, with where it was found.
type Diagnostic struct {
	Pos Pos
	Msg string
}

// Error is the diagnostic as file:line:col: message.
func (d Diagnostic) Error() string { return d.Pos.String() + ": " + d.Msg }

// ErrorList is every diagnostic found in one check, sorted by position. A
// nil or empty list means no errors.
type ErrorList []Diagnostic

// Add appends a diagnostic.
func (l *ErrorList) Add(pos Pos, format string, args ...any) {
	*l = append(*l, Diagnostic{Pos: pos, Msg: fmt.Sprintf(format, args...)})
}

// Sort orders the diagnostics by file, line and column, keeping the order
// of diagnostics at the same position.
func (l ErrorList) Sort() {
	sort.SliceStable(l, func(i, j int) bool {
		a, b := l[i].Pos, l[j].Pos
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Col < b.Col
	})
}

// Err returns the list as an error, or nil when it is empty.
func (l ErrorList) Err() error {
	if len(l) == 0 {
		return nil
	}
	return l
}

// maxErrorLines is how many diagnostics Error joins before counting the
// rest, so thousands of mistakes make a bounded message.
const maxErrorLines = 50

// Error joins the diagnostics one per line: the first 50, then "and N
// more errors".
func (l ErrorList) Error() string {
	var b strings.Builder
	for i, d := range l {
		if i > 0 {
			b.WriteByte('\n')
		}
		if i == maxErrorLines {
			fmt.Fprintf(&b, "and %d more errors", len(l)-i)
			break
		}
		b.WriteString(d.Error())
	}
	return b.String()
}
