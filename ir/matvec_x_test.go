package ir

import (
	"strings"
	"testing"
)

// TestMatVecXPairings: a matvec takes x in f32 or in its weight's
// activation format (q8_0, q8_K, f16 for f16, bf16 for bf16 weights), and
// names both for any other pairing.
func TestMatVecXPairings(t *testing.T) {
	cases := []struct {
		w, x DType
		err  string // "" for accepted
	}{
		{F16, F16, ""}, {BF16, BF16, ""}, {F16, F32, ""}, {BF16, F32, ""}, {Q4_0, Q8_0, ""}, {Q4_K, Q8_K, ""},
		{F16, BF16, "a f16 weight takes x as f32 or f16"},
		{BF16, F16, "a bf16 weight takes x as f32 or bf16"},
		{F32, F16, "a f32 weight takes x as f32"},
		{Q4_0, F16, "a q4_0 weight takes x as f32 or q8_0"},
		{Q8_0, BF16, "a q8_0 weight takes x as f32 or q8_0"},
		{F16, Q8_0, "a f16 weight takes x as f32 or f16"},
	}
	for _, c := range cases {
		x := &Value{Name: "x", Kind: State, Type: Tensor(c.x, 256)}
		w := &Value{Name: "w", Kind: Weight, Type: Tensor(c.w, 4, 256), Init: Init{Kind: InitZeros}}
		n := &Node{Op: OpMatVec, Args: []*Value{w, x}}
		n.Result = &Value{Name: "y", Kind: Result, Def: n}
		m := &Module{Name: "m", Decls: []*Value{x, w}, Nodes: []*Node{n}, Outputs: []Output{{Value: n.Result}}}
		errs := nodeErrors(Check(m))
		switch {
		case c.err == "" && len(errs) > 0:
			t.Errorf("%v × %v: %v", c.w, c.x, errs)
		case c.err != "" && (len(errs) != 1 || !strings.Contains(errs[0].Msg, c.err)):
			t.Errorf("%v × %v: got %v, want one error with %q", c.w, c.x, errs, c.err)
		}
	}
}

// TestQuantizeFormats: quantize rounds to f16 and bf16 as well as the q8
// blocks, and its result has the format's dtype.
func TestQuantizeFormats(t *testing.T) {
	for _, f := range []DType{Q8_0, Q8_K, F16, BF16} {
		x := &Value{Name: "x", Kind: State, Type: Tensor(F32, 256)}
		n := &Node{Op: OpQuantize, Args: []*Value{x}, Attrs: []Attr{{Name: "format", Value: EnumValue(f.String())}}}
		n.Result = &Value{Name: "y", Kind: Result, Def: n}
		m := &Module{Name: "m", Decls: []*Value{x}, Nodes: []*Node{n}, Outputs: []Output{{Value: n.Result}}}
		if errs := nodeErrors(Check(m)); len(errs) > 0 || !n.Result.Type.Equal(Tensor(f, 256)) {
			t.Errorf("quantize to %v: %v, result %v", f, errs, n.Result.Type)
		}
	}
	for w, want := range map[DType]DType{F16: F16, BF16: BF16, F32: InvalidDType, Q4_0: Q8_0, Q6_K: Q8_K} {
		if got := ActivationFormat(w); got != want {
			t.Errorf("ActivationFormat(%v) = %v, want %v", w, got, want)
		}
	}
}

// nodeErrors drops the declarations' errors (these tests declare x as a
// state to give it any dtype), keeping the node's.
func nodeErrors(errs ErrorList) ErrorList {
	var out ErrorList
	for _, e := range errs {
		if !strings.Contains(e.Msg, "state %x") {
			out = append(out, e)
		}
	}
	return out
}
