package passes

import "zincc/ir"

// DCE removes nodes that change no state and whose results reach no output
// and no state-changing node. Declarations stay: they are the module's
// interface to the runtime.
func DCE(m *ir.Module) error {
	live := map[*ir.Value]bool{}
	for _, o := range m.Outputs {
		live[o.Value] = true
	}
	keep := make([]bool, len(m.Nodes))
	// Walk backwards: a node is kept when it has an effect or its result is
	// live, and then its operands become live.
	for i := len(m.Nodes) - 1; i >= 0; i-- {
		n := m.Nodes[i]
		if !n.Op.Pure() || (n.Result != nil && live[n.Result]) {
			keep[i] = true
			for _, a := range n.Args {
				live[a] = true
			}
		}
	}
	out := m.Nodes[:0]
	for i, n := range m.Nodes {
		if keep[i] {
			out = append(out, n)
		}
	}
	clear(m.Nodes[len(out):])
	m.Nodes = out
	return nil
}
