package passes

import "zincc/ir"

// dropNodes removes the nodes in drop from m (keeping the others' order)
// and renumbers its values: the last step of every fusion pass, which
// rewrites one node of a pattern into the fused op and drops the rest.
func dropNodes(m *ir.Module, drop map[*ir.Node]bool) {
	if len(drop) == 0 {
		return
	}
	out := m.Nodes[:0]
	for _, n := range m.Nodes {
		if !drop[n] {
			out = append(out, n)
		}
	}
	clear(m.Nodes[len(out):])
	m.Nodes = out
	m.Number()
}
