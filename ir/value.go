package ir

import "fmt"

// Kind says where a value comes from and how long it lives.
type Kind uint8

// The value kinds.
const (
	// Result is an SSA value computed by an op within one step.
	Result Kind = iota
	// Input is a per-step scalar (token id, position) that the runtime
	// patches between steps without recompiling.
	Input
	// Weight is immutable data bound when the graph is loaded.
	Weight
	// State persists across steps and is changed only by effectful ops
	// (kv_store). It starts as zeros.
	State
)

var kindNames = [...]string{Result: "result", Input: "input", Weight: "weight", State: "state"}

// String returns the kind's keyword ("input", "weight", "state") or "result".
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("kind(%d)", uint8(k))
}

// Value is a tensor in the graph: a declared input, weight or state, or the
// result of a node.
type Value struct {
	Name string // without the leading '%'
	Kind Kind
	Type Type
	Init Init  // how a weight's or state's contents are bound
	Def  *Node // the node computing a Result; nil otherwise
	Pos  Pos   // where the value is declared or defined
	// ID is the value's dense index in its module, assigned by
	// Module.Number: scratch for analyses that want slices instead of maps,
	// valid until the module changes.
	ID int
}

// Ref returns the value as written in .zir: "%name".
func (v *Value) Ref() string { return "%" + v.Name }

// InitKind is how a declared weight or state gets its contents.
type InitKind uint8

// The initialiser kinds.
const (
	NoInit     InitKind = iota // inputs; states default to zeros
	InitGGUF                   // gguf("tensor.name"): a tensor of the -weights file
	InitFile                   // file("path"): raw little-endian bytes of a file
	InitRandom                 // random(seed = N, scale = S): deterministic uniform data
	InitZeros                  // zeros
)

// DefaultRandomScale is the half-width of random(...) data when no scale is
// given: values are uniform in [-1, 1).
const DefaultRandomScale = 1.0

// Init describes a weight's or state's initial contents.
type Init struct {
	Kind  InitKind
	Name  string  // tensor name (InitGGUF) or path (InitFile)
	Seed  uint64  // InitRandom
	Scale float64 // InitRandom: values uniform in [-Scale, Scale)
	Pos   Pos
}

// Equal reports whether two initialisers bind the same data.
func (i Init) Equal(j Init) bool {
	return i.Kind == j.Kind && i.Name == j.Name && i.Seed == j.Seed && i.Scale == j.Scale
}
