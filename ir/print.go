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
	type part struct {
		key  any
		text string
	}
	// section prints parts with their comments; trailing comments line up
	// in one column per section.
	section := func(parts []part) {
		col := 0
		for _, p := range parts {
			if c.Trailing[p.key] != "" {
				col = max(col, len(p.text))
			}
		}
		for i, p := range parts {
			if lead := c.Leading[p.key]; len(lead) > 0 {
				if i > 0 {
					b.WriteString("\n")
				}
				for _, l := range lead {
					b.WriteString("  " + l + "\n")
				}
			}
			b.WriteString("  " + p.text)
			if t := c.Trailing[p.key]; t != "" {
				b.WriteString(strings.Repeat(" ", col-len(p.text)+2) + t)
			}
			b.WriteString("\n")
		}
	}
	for _, l := range c.Header {
		b.WriteString(l + "\n")
	}
	b.WriteString("graph @" + m.Name + " {\n")

	var decls []part
	headW, typeW := 0, 0
	for _, v := range m.Decls {
		headW = max(headW, len(v.Kind.String())+1+len(v.Ref()))
		if InitString(v.Init) != "" {
			typeW = max(typeW, len(v.Type.String()))
		}
	}
	for _, v := range m.Decls {
		head := v.Kind.String() + " " + v.Ref()
		text := head + strings.Repeat(" ", headW-len(head)) + " : " + v.Type.String()
		if init := declInit(v); init != "" {
			text += strings.Repeat(" ", typeW-len(v.Type.String())) + " = " + init
		}
		decls = append(decls, part{v, text})
	}
	section(decls)
	if len(m.Decls) > 0 && len(m.Nodes) > 0 {
		b.WriteString("\n")
	}

	var nodes []part
	width := 0
	for _, n := range m.Nodes {
		if n.Result != nil {
			width = max(width, len(n.Result.Ref()))
		}
	}
	for _, n := range m.Nodes {
		text := NodeString(n)
		if n.Result != nil {
			ref := n.Result.Ref()
			text = ref + strings.Repeat(" ", width-len(ref)) + text[len(ref):]
		}
		nodes = append(nodes, part{n, text})
	}
	section(nodes)
	if len(m.Outputs) > 0 && len(m.Decls)+len(m.Nodes) > 0 {
		b.WriteString("\n")
	}

	var outs []part
	for i := range m.Outputs {
		outs = append(outs, part{&m.Outputs[i], "output " + m.Outputs[i].Value.Ref()})
	}
	section(outs)
	if len(c.End) > 0 {
		b.WriteString("\n")
		for _, l := range c.End {
			b.WriteString("  " + l + "\n")
		}
	}
	b.WriteString("}\n")
	return b.String()
}

// declInit is the initialiser text a declaration prints ("" when it has
// none or takes the default: states start as zeros).
func declInit(v *Value) string {
	if v.Kind == State && v.Init.Kind == InitZeros {
		return ""
	}
	return InitString(v.Init)
}

// DeclString formats one declaration: "weight %w : f32[64] = random(seed = 1)".
func DeclString(v *Value) string {
	s := v.Kind.String() + " " + v.Ref() + " : " + v.Type.String()
	if init := declInit(v); init != "" {
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
