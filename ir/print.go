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
func String(m *Module) string {
	var b strings.Builder
	b.WriteString("graph @" + m.Name + " {\n")
	for _, v := range m.Decls {
		b.WriteString("  " + DeclString(v) + "\n")
	}
	if len(m.Decls) > 0 && len(m.Nodes) > 0 {
		b.WriteString("\n")
	}
	for _, n := range m.Nodes {
		b.WriteString("  " + NodeString(n) + "\n")
	}
	if len(m.Outputs) > 0 && len(m.Decls)+len(m.Nodes) > 0 {
		b.WriteString("\n")
	}
	for _, o := range m.Outputs {
		b.WriteString("  output " + o.Value.Ref() + "\n")
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
