package passes

import (
	"zincc/ir"
)

// QuantizeActivations gives every matvec whose weight has an activation
// format (ir.ActivationFormat: q8_0 for q4_0, q4_1, q5_0, q5_1 and q8_0
// weights, q8_K for the K-quants, f16 for f16 and bf16 for bf16 weights)
// an x quantised by a quantize node inserted just before it, as ggml's
// mul_mat converts x to the weight's vec_dot_type. The matvec then forms
// exact integer block dots, or sums exact products of two f16 (bf16)
// values (docs/numerics.md §2.1). Each matvec gets its own quantize; cse,
// run after this pass, leaves one per x and format (gate/up, q/k/v).
// Removing the pass from -passes keeps x in f32, the product of the
// weights with x as given.
func QuantizeActivations(m *ir.Module) error {
	taken := map[string]bool{}
	for _, v := range m.Decls {
		taken[v.Name] = true
	}
	for _, n := range m.Nodes {
		if n.Result != nil {
			taken[n.Result.Name] = true
		}
	}
	out := make([]*ir.Node, 0, len(m.Nodes))
	for _, n := range m.Nodes {
		if n.Op == ir.OpMatVec {
			x := n.Args[1]
			if f := ir.ActivationFormat(n.Args[0].Type.DType); f != ir.InvalidDType && x.Type.DType == ir.F32 && x.Type.Elems()%f.BlockElems() == 0 {
				name := x.Name + "_" + f.String()
				for i := 2; taken[name]; i++ {
					name = x.Name + "_" + f.String() + "_" + itoa(i)
				}
				taken[name] = true
				q := &ir.Node{
					Op:    ir.OpQuantize,
					Args:  []*ir.Value{x},
					Attrs: []ir.Attr{{Name: "format", Value: ir.EnumValue(f.String())}},
					Pos:   n.Pos,
				}
				q.Result = &ir.Value{Name: name, Kind: ir.Result, Type: ir.Tensor(f, x.Type.Shape...), Def: q, Pos: n.Pos}
				out = append(out, q)
				n.Args[1] = q.Result
			}
		}
		out = append(out, n)
	}
	m.Nodes = out
	m.Number()
	return nil
}

func itoa(i int) string {
	var b []byte
	for ; i > 0; i /= 10 {
		b = append([]byte{byte('0' + i%10)}, b...)
	}
	return string(b)
}
