package ir

import "fmt"

// Diff describes the first structural difference between two modules,
// ignoring source positions, or returns "" when they are equal. Values are
// matched by name and nodes by order.
func Diff(a, b *Module) string {
	if a.Name != b.Name {
		return fmt.Sprintf("graph name @%s vs @%s", a.Name, b.Name)
	}
	if len(a.Decls) != len(b.Decls) {
		return fmt.Sprintf("%d declarations vs %d", len(a.Decls), len(b.Decls))
	}
	for i := range a.Decls {
		if d := diffValue(a.Decls[i], b.Decls[i]); d != "" {
			return fmt.Sprintf("declaration %d: %s", i+1, d)
		}
		if !a.Decls[i].Init.Equal(b.Decls[i].Init) {
			return fmt.Sprintf("declaration %s: initialiser %q vs %q", a.Decls[i].Ref(),
				InitString(a.Decls[i].Init), InitString(b.Decls[i].Init))
		}
	}
	if len(a.Nodes) != len(b.Nodes) {
		return fmt.Sprintf("%d nodes vs %d", len(a.Nodes), len(b.Nodes))
	}
	for i := range a.Nodes {
		if d := diffNode(a.Nodes[i], b.Nodes[i]); d != "" {
			return fmt.Sprintf("node %d (%s): %s", i+1, NodeString(a.Nodes[i]), d)
		}
	}
	if len(a.Outputs) != len(b.Outputs) {
		return fmt.Sprintf("%d outputs vs %d", len(a.Outputs), len(b.Outputs))
	}
	for i := range a.Outputs {
		if d := diffValue(a.Outputs[i].Value, b.Outputs[i].Value); d != "" {
			return fmt.Sprintf("output %d: %s", i+1, d)
		}
	}
	return ""
}

func diffValue(a, b *Value) string {
	switch {
	case a == nil || b == nil:
		if a != b {
			return "missing value"
		}
	case a.Name != b.Name:
		return fmt.Sprintf("%s vs %s", a.Ref(), b.Ref())
	case a.Kind != b.Kind:
		return fmt.Sprintf("%s is %v vs %v", a.Ref(), a.Kind, b.Kind)
	case !a.Type.Equal(b.Type):
		return fmt.Sprintf("%s has type %v vs %v", a.Ref(), a.Type, b.Type)
	}
	return ""
}

func diffNode(a, b *Node) string {
	if a.Op != b.Op {
		return fmt.Sprintf("op %s vs %s", a.Op.Name, b.Op.Name)
	}
	if len(a.Args) != len(b.Args) {
		return fmt.Sprintf("%d operands vs %d", len(a.Args), len(b.Args))
	}
	for i := range a.Args {
		if d := diffValue(a.Args[i], b.Args[i]); d != "" {
			return fmt.Sprintf("operand %d: %s", i+1, d)
		}
	}
	if d := diffValue(a.Result, b.Result); d != "" {
		return "result: " + d
	}
	if len(a.Attrs) != len(b.Attrs) {
		return fmt.Sprintf("%d attributes vs %d", len(a.Attrs), len(b.Attrs))
	}
	for i := range a.Attrs {
		x, y := a.Attrs[i], b.Attrs[i]
		if x.Name != y.Name || !x.Value.Equal(y.Value) {
			return fmt.Sprintf("attribute %s = %v vs %s = %v", x.Name, x.Value, y.Name, y.Value)
		}
	}
	return ""
}
