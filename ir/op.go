package ir

import (
	"fmt"
	"sort"
	"strings"
)

// Op is the signature of an operation: its operands, attributes, result
// type rule and effects. The meaning of an op lives here once; each backend
// supplies a kernel for it.
type Op struct {
	Name     string
	Doc      string // one line, for help and the README
	Operands []Operand
	Attrs    []AttrSpec
	// Writes is the index of the operand the op updates in place (a state),
	// or -1 for ops without effects.
	Writes int
	// Stores lists the state operands a fused op updates in place while it
	// also defines a result (rope_kv: its result is the rotated q, and it
	// stores the rotated k and v into the two caches). An op has Writes or
	// Stores, never both; Writes ops have no result, every other op has one.
	Stores []int
	// Infer checks the relations between operands and attributes that the
	// operand specs cannot express and returns the result type. It runs only
	// when every operand passed its spec. Ops without a result return the
	// zero Type.
	Infer func(c *NodeCheck) Type
	// Index is the op's position in registration order (0, 1, …): back
	// ends keep per-op tables in slices indexed by it.
	Index int
}

// Pure reports whether the op has no effects beyond its result. An op
// defines a value (pure), updates a state in place (Writes: an effect with
// no result), or, fused, does both (Stores).
func (op *Op) Pure() bool { return op.Writes < 0 && len(op.Stores) == 0 }

// HasResult reports whether nodes of op define a value: every op but the
// ones that only update a state (Writes).
func (op *Op) HasResult() bool { return op.Writes < 0 }

// WritesOperand reports whether op updates operand i in place.
func (op *Op) WritesOperand(i int) bool {
	if i == op.Writes {
		return true
	}
	for _, j := range op.Stores {
		if i == j {
			return true
		}
	}
	return false
}

// Synopsis is the op as a person writes it, for help: its operands
// (optional ones in brackets), its attributes (optional ones marked ?) and
// its Doc line, e.g. "rope x, pos[, freqs] {heads, dims?, …}: …".
func (op *Op) Synopsis() string {
	s := op.Name
	for i, o := range op.Operands {
		sep := ", "
		if i == 0 {
			sep = " "
		}
		if o.Optional {
			s += "[" + sep + o.Name + "]"
		} else {
			s += sep + o.Name
		}
	}
	if len(op.Attrs) > 0 {
		s += " {"
		for i, a := range op.Attrs {
			if i > 0 {
				s += ", "
			}
			s += a.Name
			if a.Default != nil {
				s += "?"
			}
		}
		s += "}"
	}
	if !op.Pure() {
		var names []string
		for i, o := range op.Operands {
			if op.WritesOperand(i) {
				names = append(names, o.Name)
			}
		}
		s += " (updates " + strings.Join(names, " and ") + " in place)"
	}
	return s + ": " + op.Doc
}

// Operand constrains one operand of an op.
type Operand struct {
	Name   string
	Kinds  []Kind  // allowed kinds; nil admits any
	DTypes []DType // allowed element types; nil admits any
	Rank   int     // required rank, or AnyRank
	// Optional marks an operand that may be left out. Only trailing
	// operands are optional: a node gives a prefix of the operand list
	// that includes every required one.
	Optional bool
}

// MinArgs is the number of operands a node of op must give: the operands
// before the first optional one.
func (op *Op) MinArgs() int {
	for i, o := range op.Operands {
		if o.Optional {
			return i
		}
	}
	return len(op.Operands)
}

// AnyRank admits operands of any rank.
const AnyRank = -1

var ops = map[string]*Op{}

// register adds op to the table; called from the op definitions.
func register(op *Op) *Op {
	if _, dup := ops[op.Name]; dup {
		panic("ir: duplicate op " + op.Name)
	}
	op.Index = len(ops)
	ops[op.Name] = op
	return op
}

// LookupOp returns the op named name, or nil.
func LookupOp(name string) *Op { return ops[name] }

// Ops returns every op, sorted by name.
func Ops() []*Op {
	out := make([]*Op, 0, len(ops))
	for _, op := range ops {
		out = append(out, op)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Spec returns the attribute spec named name, or nil.
func (op *Op) Spec(name string) *AttrSpec {
	for i := range op.Attrs {
		if op.Attrs[i].Name == name {
			return &op.Attrs[i]
		}
	}
	return nil
}

// NodeCheck is handed to Op.Infer: the node being checked and a place to
// report what is wrong with it.
type NodeCheck struct {
	Node  *Node
	attrs []Attr // the attributes resolved so far, in spec order
	errs  *ErrorList
	bad   bool
}

// Arg returns the type of operand i.
func (c *NodeCheck) Arg(i int) Type { return c.Node.Args[i].Type }

func (c *NodeCheck) attr(name string) AttrValue {
	for _, a := range c.attrs {
		if a.Name == name {
			return a.Value
		}
	}
	return AttrValue{}
}

// Int returns a resolved integer attribute (0 if not resolved yet).
func (c *NodeCheck) Int(name string) int { return int(c.attr(name).Int) }

// Float returns a resolved float attribute.
func (c *NodeCheck) Float(name string) float64 { return c.attr(name).Float }

// Enum returns a resolved enum attribute.
func (c *NodeCheck) Enum(name string) string { return c.attr(name).Enum }

// Errorf reports an error at the node.
func (c *NodeCheck) Errorf(format string, args ...any) {
	c.bad = true
	c.errs.Add(c.Node.Pos, "%s: %s", c.Node.Op.Name, fmt.Sprintf(format, args...))
}

// ArgErrorf reports an error at operand i.
func (c *NodeCheck) ArgErrorf(i int, format string, args ...any) {
	c.bad = true
	c.errs.Add(c.Node.argPos(i), "%s operand %d (%s): %s", c.Node.Op.Name, i+1,
		c.Node.Op.Operands[i].Name, fmt.Sprintf(format, args...))
}

// AttrErrorf reports an error at the attribute named name.
func (c *NodeCheck) AttrErrorf(name string, format string, args ...any) {
	c.bad = true
	pos := c.Node.Pos
	if a, ok := c.Node.Attr(name); ok && a.Pos.IsKnown() {
		pos = a.Pos
	}
	c.errs.Add(pos, "%s: %s", c.Node.Op.Name, fmt.Sprintf(format, args...))
}

// checkNode type-checks n: operand count, kinds and types, attributes (with
// defaults filled into n.Attrs when fill is set) and the op's own rule. It
// returns the inferred result type: invalid when an operand is wrong or has
// an invalid type itself (so one mistake is reported once), and otherwise
// the type the op gives even if an attribute or shape relation is wrong.
func checkNode(n *Node, fill bool, errs *ErrorList) Type {
	op := n.Op
	c := &NodeCheck{Node: n, errs: errs}
	if min := op.MinArgs(); len(n.Args) < min || len(n.Args) > len(op.Operands) {
		count := fmt.Sprint(len(op.Operands))
		if min < len(op.Operands) {
			count = fmt.Sprintf("%d to %d", min, len(op.Operands))
		}
		c.Errorf("takes %s operands (%s), got %d", count, operandNames(op), len(n.Args))
		return Type{}
	}
	for i, a := range n.Args {
		if a == nil || !a.Type.Valid() {
			return Type{} // already reported where it was defined
		}
		checkOperand(c, i, a)
	}
	if c.bad {
		return Type{} // Infer relies on the operand specs
	}
	checkAttrs(c)
	if !c.bad && !fill && len(n.Attrs) != len(c.attrs) {
		c.Errorf("has %d attributes recorded; a checked node records all %d of its op", len(n.Attrs), len(c.attrs))
	}
	// Infer runs even when an attribute is wrong, so that the result has a
	// type and the nodes using it are still checked; Infer rules skip checks
	// that need an attribute which did not resolve.
	if fill {
		n.Attrs = c.attrs
	}
	return op.Infer(c)
}

func operandNames(op *Op) string {
	s := ""
	for i, o := range op.Operands {
		if i > 0 {
			s += ", "
		}
		s += o.Name
		if o.Optional {
			s += " (optional)"
		}
	}
	return s
}

func checkOperand(c *NodeCheck, i int, v *Value) {
	spec := c.Node.Op.Operands[i]
	if spec.Kinds != nil && !containsKind(spec.Kinds, v.Kind) {
		c.ArgErrorf(i, "%s is %s %s; expected %s", v.Ref(), articleFor(v.Kind), v.Kind, kindList(spec.Kinds))
		return
	}
	if spec.DTypes != nil && !containsDType(spec.DTypes, v.Type.DType) {
		c.ArgErrorf(i, "%s has type %v; element type must be %s", v.Ref(), v.Type, dtypeList(spec.DTypes))
		return
	}
	if spec.Rank != AnyRank && v.Type.Rank() != spec.Rank {
		c.ArgErrorf(i, "%s has type %v; expected %s", v.Ref(), v.Type, rankName(spec.Rank))
	}
}

// checkAttrs resolves the written attributes against the op's specs into
// c.attrs, the complete attribute list in spec order.
func checkAttrs(c *NodeCheck) {
	n, op := c.Node, c.Node.Op
	written := map[string]Attr{}
	for _, a := range n.Attrs {
		if op.Spec(a.Name) == nil {
			c.errs.Add(orNode(a.Pos, n), "%s: unknown attribute %q%s", op.Name, a.Name, knownAttrs(op))
			c.bad = true
			continue
		}
		if _, dup := written[a.Name]; dup {
			c.errs.Add(orNode(a.Pos, n), "%s: attribute %s given twice", op.Name, a.Name)
			c.bad = true
			continue
		}
		written[a.Name] = a
	}
	c.attrs = make([]Attr, 0, len(op.Attrs))
	for i := range op.Attrs {
		spec := &op.Attrs[i]
		a, ok := written[spec.Name]
		switch {
		case ok:
			v, err := spec.coerce(a.Value)
			if err != nil {
				c.errs.Add(orNode(a.Pos, n), "%s: %v", op.Name, err)
				c.bad = true
				continue
			}
			a.Value = v
		case spec.Default == nil:
			c.Errorf("missing required attribute %s", spec.Name)
			continue
		default:
			a = Attr{Name: spec.Name, Value: spec.Default(c)}
		}
		if spec.Check != nil {
			if msg := spec.Check(c, a.Value); msg != "" {
				c.errs.Add(orNode(a.Pos, n), "%s: attribute %s = %v: %s", op.Name, spec.Name, a.Value, msg)
				c.bad = true
				continue // later defaults and Infer see it as unresolved
			}
		}
		c.attrs = append(c.attrs, a)
	}
}

func orNode(p Pos, n *Node) Pos {
	if p.IsKnown() {
		return p
	}
	return n.Pos
}

func knownAttrs(op *Op) string {
	if len(op.Attrs) == 0 {
		return " (it takes none)"
	}
	s := " (known: "
	for i, a := range op.Attrs {
		if i > 0 {
			s += ", "
		}
		s += a.Name
	}
	return s + ")"
}

func containsKind(ks []Kind, k Kind) bool {
	for _, x := range ks {
		if x == k {
			return true
		}
	}
	return false
}

func containsDType(ds []DType, d DType) bool {
	for _, x := range ds {
		if x == d {
			return true
		}
	}
	return false
}

func kindList(ks []Kind) string {
	s := ""
	for i, k := range ks {
		if i > 0 {
			s += " or "
		}
		s += articleFor(k) + " " + k.String()
	}
	return s
}

func articleFor(k Kind) string {
	if k == Input {
		return "an"
	}
	return "a"
}

func dtypeList(ds []DType) string {
	s := ""
	for i, d := range ds {
		if i > 0 {
			s += ", "
		}
		s += d.String()
	}
	return s
}

func rankName(r int) string {
	switch r {
	case 0:
		return "a scalar"
	case 1:
		return "a vector (rank 1)"
	case 2:
		return "a matrix (rank 2)"
	}
	return fmt.Sprintf("rank %d", r)
}
