package ir

import (
	"io"
	"strconv"
	"strings"
)

// Print writes m in canonical .zir form: declarations first (in order), then
// the nodes, then the outputs; attributes equal to their default omitted;
// floats in the shortest form that reads back exactly. Parsing the output
// gives a module equal to m.
func Print(w io.Writer, m *Module) error {
	_, err := io.WriteString(w, String(m))
	return err
}

// String returns the canonical text of m (see Print).
func String(m *Module) string { return Format(m, nil) }

// Comments carries comment lines to print with a module, so a formatter can
// keep what a person wrote. Each string is one whole comment ("// ...").
type Comments struct {
	Header   []string         // before the graph line
	Leading  map[any][]string // above a part: keyed by *Value (a declaration), *Node or *Output
	Trailing map[any]string   // at the end of a part's line, same keys
	End      []string         // before the closing brace
}

// Format returns the canonical text of m with the given comments (nil for
// none). Declarations align their types and nodes their '=' signs, as
// people write them; a part with comments above it is set off by a blank
// line.
func Format(m *Module, c *Comments) string {
	if c == nil {
		c = &Comments{}
	}
	var b strings.Builder
	line := func(key any, first bool, text string) {
		if lead := c.Leading[key]; len(lead) > 0 {
			if !first {
				b.WriteString("\n")
			}
			for _, l := range lead {
				b.WriteString("  " + l + "\n")
			}
		}
		b.WriteString("  " + text)
		if t := c.Trailing[key]; t != "" {
			b.WriteString("  " + t)
		}
		b.WriteString("\n")
	}
	for _, l := range c.Header {
		b.WriteString(l + "\n")
	}
	b.WriteString("graph @" + m.Name + " {\n")
	width := 0
	for _, v := range m.Decls {
		width = max(width, len(v.Kind.String())+1+len(v.Ref()))
	}
	for i, v := range m.Decls {
		head := v.Kind.String() + " " + v.Ref()
		line(v, i == 0, head+strings.Repeat(" ", width-len(head))+strings.TrimPrefix(DeclString(v), head))
	}
	if len(m.Decls) > 0 && len(m.Nodes) > 0 {
		b.WriteString("\n")
	}
	width = 0
	for _, n := range m.Nodes {
		if n.Result != nil {
			width = max(width, len(n.Result.Ref()))
		}
	}
	for i, n := range m.Nodes {
		text := NodeString(n)
		if n.Result != nil {
			ref := n.Result.Ref()
			text = ref + strings.Repeat(" ", width-len(ref)) + text[len(ref):]
		}
		line(n, i == 0, text)
	}
	if len(m.Outputs) > 0 && len(m.Decls)+len(m.Nodes) > 0 {
		b.WriteString("\n")
	}
	for i := range m.Outputs {
		line(&m.Outputs[i], i == 0, "output "+m.Outputs[i].Value.Ref())
	}
	if len(c.End) > 0 {
		b.WriteString("\n")
		for _, l := range c.End {
			b.WriteString("  " + l + "\n")
		}
	}
	b.WriteString("}\n")
	return b.String()
}

// DeclString formats one declaration: "weight %w : f32[64] = random(seed = 1)".
func DeclString(v *Value) string {
	s := v.Kind.String() + " " + v.Ref() + " : " + v.Type.String()
	if init := InitString(v.Init); init != "" && !(v.Kind == State && v.Init.Kind == InitZeros) {
		s += " = " + init
	}
	return s
}

// InitString formats an initialiser, or "" for none.
func InitString(i Init) string {
	switch i.Kind {
	case InitGGUF:
		return "gguf(" + strconv.Quote(i.Name) + ")"
	case InitFile:
		return "file(" + strconv.Quote(i.Name) + ")"
	case InitRandom:
		s := "random(seed = " + strconv.FormatUint(i.Seed, 10)
		if i.Scale != DefaultRandomScale {
			s += ", scale = " + FloatValue(i.Scale).String()
		}
		return s + ")"
	case InitZeros:
		return "zeros"
	}
	return ""
}

// NodeString formats one node: "%h = rms_norm %x, %w {eps = 1e-06}".
func NodeString(n *Node) string {
	var b strings.Builder
	if n.Result != nil {
		b.WriteString(n.Result.Ref() + " = ")
	}
	b.WriteString(n.Op.Name)
	for i, a := range n.Args {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(" " + a.Ref())
	}
	var attrs []string
	c := &NodeCheck{Node: n, attrs: n.Attrs}
	for _, a := range n.Attrs {
		if spec := n.Op.Spec(a.Name); spec != nil && spec.Default != nil && spec.Default(c).Equal(a.Value) {
			continue
		}
		attrs = append(attrs, a.Name+" = "+a.Value.String())
	}
	if len(attrs) > 0 {
		b.WriteString(" {" + strings.Join(attrs, ", ") + "}")
	}
	return b.String()
}
