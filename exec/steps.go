package exec

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"zincc/ir"
)

// Roles says how decode steps chain: which input takes the next token,
// which holds the position, and which output is the next token.
type Roles struct {
	Token *ir.Value // the input used as an embed index; nil if none
	Pos   *ir.Value // the input used as a position operand; nil if none
	Next  int       // index in m.Outputs of the first u32 scalar output, or -1
}

// FindRoles derives the roles from how inputs are used, so graphs need no
// annotations. Two different inputs in one role is an error.
func FindRoles(m *ir.Module) (Roles, error) {
	r := Roles{Next: -1}
	set := func(slot **ir.Value, v *ir.Value, role string) error {
		if v.Kind != ir.Input {
			return nil
		}
		if *slot != nil && *slot != v {
			return fmt.Errorf("both %s and %s are used as the %s; zincc run cannot tell which to advance", (*slot).Ref(), v.Ref(), role)
		}
		*slot = v
		return nil
	}
	for _, n := range m.Nodes {
		for i, a := range n.Args {
			var err error
			switch name := n.Op.Operands[i].Name; {
			case n.Op == ir.OpEmbed && name == "index":
				err = set(&r.Token, a, "token")
			case name == "pos":
				err = set(&r.Pos, a, "position")
			}
			if err != nil {
				return r, err
			}
		}
	}
	for i, o := range m.Outputs {
		if o.Value.Type.Equal(ir.Scalar(ir.U32)) {
			r.Next = i
			break
		}
	}
	return r, nil
}

// ParseInputs builds the input words of m from "name=value,..." (as given
// to -set). Inputs not named are 0. Values are parsed by the input's type.
func ParseInputs(m *ir.Module, set string) ([]uint32, error) {
	inputs := m.DeclsOf(ir.Input)
	words := make([]uint32, len(inputs))
	if strings.TrimSpace(set) == "" {
		return words, nil
	}
	seen := make([]bool, len(inputs))
	for _, kv := range strings.Split(set, ",") {
		name, val, ok := strings.Cut(strings.TrimSpace(kv), "=")
		name = strings.TrimPrefix(strings.TrimSpace(name), "%")
		if !ok || name == "" {
			return nil, fmt.Errorf("-set %q: want name=value", kv)
		}
		i := indexOf(inputs, name)
		if i < 0 {
			return nil, fmt.Errorf("-set: graph @%s has no input %%%s (inputs: %s)", m.Name, name, refs(inputs))
		}
		if seen[i] {
			return nil, fmt.Errorf("-set: input %%%s is set twice", name)
		}
		seen[i] = true
		w, err := parseWord(inputs[i].Type.DType, strings.TrimSpace(val))
		if err != nil {
			return nil, fmt.Errorf("-set %s: %w", name, err)
		}
		words[i] = w
	}
	return words, nil
}

func indexOf(vs []*ir.Value, name string) int {
	for i, v := range vs {
		if v.Name == name {
			return i
		}
	}
	return -1
}

func refs(vs []*ir.Value) string {
	if len(vs) == 0 {
		return "none"
	}
	var s []string
	for _, v := range vs {
		s = append(s, v.Ref())
	}
	return strings.Join(s, ", ")
}

func parseWord(dt ir.DType, s string) (uint32, error) {
	switch dt {
	case ir.U32:
		v, err := strconv.ParseUint(s, 0, 32)
		return uint32(v), err
	case ir.I32:
		v, err := strconv.ParseInt(s, 0, 32)
		return uint32(int32(v)), err
	case ir.F32:
		v, err := strconv.ParseFloat(s, 32)
		return math.Float32bits(float32(v)), err
	}
	return 0, fmt.Errorf("inputs of type %v cannot be set", dt)
}

// CheckInputs rejects input values that would index outside a tensor: a
// token id past the embedding table, a position past a KV cache. Every tier
// relies on it, since a GPU kernel does not bounds-check.
func CheckInputs(m *ir.Module, inputs []uint32) error {
	index := map[*ir.Value]int{}
	for i, v := range m.DeclsOf(ir.Input) {
		index[v] = i
	}
	for _, n := range m.Nodes {
		var idx, table *ir.Value
		switch n.Op {
		case ir.OpEmbed:
			idx, table = n.Args[1], n.Args[0]
		case ir.OpKVStore:
			idx, table = n.Args[2], n.Args[0]
		case ir.OpRopeKV: // its two caches have the same rows (ir checks)
			idx, table = n.Args[5], n.Args[3]
		case ir.OpAttention, ir.OpAttentionQuantize:
			idx, table = n.Args[3], n.Args[1]
		default:
			continue
		}
		i, ok := index[idx]
		if !ok {
			continue
		}
		rows := table.Type.Shape[0]
		if v := inputs[i]; (idx.Type.DType == ir.I32 && int32(v) < 0) || uint64(v) >= uint64(rows) {
			what := "position"
			if n.Op == ir.OpEmbed {
				what = "token"
			}
			shown := int64(v) // a u32 position 4294967295 is not -1
			if idx.Type.DType == ir.I32 {
				shown = int64(int32(v))
			}
			return fmt.Errorf("%s %s = %d is out of range: %s %s has %d rows (%v)",
				what, idx.Ref(), shown, table.Kind, table.Ref(), rows, n.Pos)
		}
	}
	return nil
}

// StepResult is what one decode step consumed and produced.
type StepResult struct {
	Step    int
	Inputs  []uint32
	Outputs []Tensor
}

// RunSteps runs `steps` decode steps on r starting from inputs. After each
// step the position input advances by one and the next-token output becomes
// the token input, as in greedy decoding. each is called after every step.
func RunSteps(r Ring, m *ir.Module, inputs []uint32, steps int, each func(StepResult) error) error {
	roles, err := FindRoles(m)
	if err != nil {
		return err
	}
	decl := m.DeclsOf(ir.Input)
	slot := func(v *ir.Value) int { return indexOf(decl, v.Name) }
	in := append([]uint32(nil), inputs...)
	for s := 0; s < steps; s++ {
		if err := CheckInputs(m, in); err != nil {
			return fmt.Errorf("step %d: %w", s, err)
		}
		out, err := r.Step(in)
		if err != nil {
			return fmt.Errorf("step %d on %s: %w", s, r.Tier(), err)
		}
		if err := each(StepResult{Step: s, Inputs: append([]uint32(nil), in...), Outputs: out}); err != nil {
			return err
		}
		if roles.Pos != nil {
			in[slot(roles.Pos)]++
		}
		if roles.Token != nil && roles.Next >= 0 {
			in[slot(roles.Token)] = out[roles.Next].Words()[0]
		}
	}
	return nil
}
