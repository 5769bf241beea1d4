package ir

// Module is one decode-step graph.
//
// Declarations (inputs, weights, states) are visible everywhere in the graph;
// SSA results must be defined before they are used. Nodes run in order, and
// that order is also the order of effects on state.
type Module struct {
	Name    string // without the leading '@'
	Pos     Pos
	Decls   []*Value // inputs, weights and states in declaration order
	Nodes   []*Node
	Outputs []Output

	byID []*Value // the values by ID, as the last Number left them
}

// Output marks a value the step returns.
type Output struct {
	Value *Value
	Pos   Pos
}

// Node is one op applied to operands.
type Node struct {
	Op     *Op
	Args   []*Value
	ArgPos []Pos  // where each operand is written, for diagnostics (may be nil)
	Attrs  []Attr // every attribute of Op, in the order Op declares them
	Result *Value // nil for ops without a result (kv_store)
	Pos    Pos
}

// argPos returns where operand i is written, or the node's position.
func (n *Node) argPos(i int) Pos {
	if i < len(n.ArgPos) && n.ArgPos[i].IsKnown() {
		return n.ArgPos[i]
	}
	return n.Pos
}

// Attr returns the attribute named name, or false.
func (n *Node) Attr(name string) (Attr, bool) {
	for _, a := range n.Attrs {
		if a.Name == name {
			return a, true
		}
	}
	return Attr{}, false
}

// Float returns a float attribute (0 when absent; Check fills defaults).
func (n *Node) Float(name string) float64 {
	a, _ := n.Attr(name)
	return a.Value.Float
}

// Int returns an integer attribute (0 when absent).
func (n *Node) Int(name string) int {
	a, _ := n.Attr(name)
	return int(a.Value.Int)
}

// Enum returns an enum attribute ("" when absent).
func (n *Node) Enum(name string) string {
	a, _ := n.Attr(name)
	return a.Value.Enum
}

// Number assigns every declaration and result a dense ID (declarations in
// order, then results in node order) and returns how many there are.
// Values outside the module keep their IDs.
func (m *Module) Number() int {
	// A fresh table, never the old one's array: a copy of the Module
	// struct may still share it.
	m.byID = make([]*Value, 0, len(m.Decls)+len(m.Nodes))
	for _, v := range m.Decls {
		v.ID = len(m.byID)
		m.byID = append(m.byID, v)
	}
	for _, nd := range m.Nodes {
		if nd.Result != nil {
			nd.Result.ID = len(m.byID)
			m.byID = append(m.byID, nd.Result)
		}
	}
	return len(m.byID)
}

// ValueByID returns the value the last Number gave ID id, or nil. Tables
// indexed by ID use it to tell their module's values from foreign ones.
func (m *Module) ValueByID(id int) *Value {
	if id < 0 || id >= len(m.byID) {
		return nil
	}
	return m.byID[id]
}

// Holds reports whether v is the value numbered v.ID in m.
func (m *Module) Holds(v *Value) bool { return v != nil && m.ValueByID(v.ID) == v }

// Lookup returns the declaration or result named name, or nil.
func (m *Module) Lookup(name string) *Value {
	for _, v := range m.Decls {
		if v.Name == name {
			return v
		}
	}
	for _, n := range m.Nodes {
		if n.Result != nil && n.Result.Name == name {
			return n.Result
		}
	}
	return nil
}

// DeclsOf returns the declarations of kind k in declaration order.
func (m *Module) DeclsOf(k Kind) []*Value {
	var out []*Value
	for _, v := range m.Decls {
		if v.Kind == k {
			out = append(out, v)
		}
	}
	return out
}

// Uses counts, for every value, the nodes and outputs that read it.
func (m *Module) Uses() map[*Value]int {
	uses := map[*Value]int{}
	for _, n := range m.Nodes {
		for _, a := range n.Args {
			uses[a]++
		}
	}
	for _, o := range m.Outputs {
		uses[o.Value]++
	}
	return uses
}
