package passes

import (
	"fmt"
	"strings"

	"zincc/ir"
)

// CSE merges a pure node into an earlier node with the same op, operands
// and attributes. A node that reads a state only matches one that read the
// same version of it, that is, with no write to the state in between.
// Nodes whose results are outputs are kept: outputs are the graph's
// interface and keep their names.
func CSE(m *ir.Module) error {
	isOutput := map[*ir.Value]bool{}
	for _, o := range m.Outputs {
		isOutput[o.Value] = true
	}
	version := map[*ir.Value]int{} // writes seen so far, per state
	seen := map[string]*ir.Value{}
	replace := map[*ir.Value]*ir.Value{}
	out := m.Nodes[:0]
	for _, n := range m.Nodes {
		for i, a := range n.Args {
			if r, ok := replace[a]; ok {
				n.Args[i] = r
			}
		}
		if !n.Op.Pure() {
			for j, a := range n.Args {
				if n.Op.WritesOperand(j) {
					version[a]++
				}
			}
			out = append(out, n)
			continue
		}
		key := cseKey(n, version)
		if first, ok := seen[key]; ok && !isOutput[n.Result] {
			replace[n.Result] = first
			continue
		}
		if _, ok := seen[key]; !ok {
			seen[key] = n.Result
		}
		out = append(out, n)
	}
	clear(m.Nodes[len(out):])
	m.Nodes = out
	return nil
}

// cseKey identifies what a pure node computes: op, operand identities (with
// the version of any state operand) and attribute values.
func cseKey(n *ir.Node, version map[*ir.Value]int) string {
	var b strings.Builder
	b.WriteString(n.Op.Name)
	for _, a := range n.Args {
		fmt.Fprintf(&b, " %p", a)
		if a.Kind == ir.State {
			fmt.Fprintf(&b, "@%d", version[a])
		}
	}
	for _, a := range n.Attrs {
		fmt.Fprintf(&b, " %s=%d:%v", a.Name, a.Value.Kind, a.Value)
	}
	return b.String()
}
