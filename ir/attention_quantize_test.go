package ir

import (
	"strings"
	"testing"
)

// TestAttentionQuantizeFormats: attention_quantize takes q8_0 and q8_K
// (its result has the format's dtype), refuses a result that is not
// whole blocks of the format, and refuses any other format by naming the
// allowed ones.
func TestAttentionQuantizeFormats(t *testing.T) {
	for _, c := range []struct {
		format string
		elems  int
		want   DType  // the result's dtype when err is ""
		err    string // the one error expected
	}{
		{"q8_0", 256, Q8_0, ""},
		{"q8_K", 256, Q8_K, ""},
		{"q8_K", 512, Q8_K, ""},
		{"q8_0", 128, Q8_0, ""},
		{"q8_K", 128, InvalidDType, "has 128 elements, not a multiple of the 256 of a q8_K block"},
		{"f16", 256, InvalidDType, "attribute format must be one of q8_0|q8_K, got f16"},
		{"bf16", 256, InvalidDType, "attribute format must be one of q8_0|q8_K, got bf16"},
	} {
		heads := c.elems / 64
		q := &Value{Name: "q", Kind: State, Type: Tensor(F32, c.elems)}
		k := &Value{Name: "k", Kind: State, Type: Tensor(F16, 16, c.elems)}
		v := &Value{Name: "v", Kind: State, Type: Tensor(F16, 16, c.elems)}
		pos := &Value{Name: "pos", Kind: Input, Type: Tensor(U32)}
		n := &Node{Op: OpAttentionQuantize, Args: []*Value{q, k, v, pos}, Attrs: []Attr{
			{Name: "heads", Value: IntValue(int64(heads))},
			{Name: "format", Value: EnumValue(c.format)},
		}}
		n.Result = &Value{Name: "y", Kind: Result, Def: n}
		m := &Module{Name: "m", Decls: []*Value{q, k, v, pos}, Nodes: []*Node{n}, Outputs: []Output{{Value: n.Result}}}
		errs := nodeErrors(Check(m))
		switch {
		case c.err == "" && (len(errs) > 0 || !n.Result.Type.Equal(Tensor(c.want, c.elems))):
			t.Errorf("%s of %d: %v, result %v", c.format, c.elems, errs, n.Result.Type)
		case c.err != "" && (len(errs) != 1 || !strings.Contains(errs[0].Msg, c.err)):
			t.Errorf("%s of %d: got %v, want one error with %q", c.format, c.elems, errs, c.err)
		}
	}
}
