package cpu

import (
	"fmt"
	"testing"

	"zincc/exec"
	"zincc/frontend"
	"zincc/ir"
)

// TestRunWithinOracle holds what `run` computes on the cpu tier to the
// CPU oracle, node by node: small llama models with f16, bf16 and f32 weights
// (whose matvecs run takes through MatVecF32Acc's float32 accumulation,
// not the float64 MatVec that CheckNode recomputes) run a few decode steps
// with every result exposed, and each node's result must pass CheckNode on
// the operands it was computed from. Embeddings of 128 (whole 64-lane
// chunks) and 96 (ragged rows) columns.
func TestRunWithinOracle(t *testing.T) {
	for _, dt := range []ir.DType{ir.F16, ir.BF16, ir.F32} {
		for _, embd := range []int{128, 96} {
			t.Run(fmt.Sprintf("%v/%d", dt, embd), func(t *testing.T) {
				c := frontend.LlamaConfig{Name: "acc32", Vocab: 300, Embd: embd, Layers: 2, Heads: 4, KVHeads: 2,
					FF: 2*embd + 32, Ctx: 16, Eps: 1e-5, RopeBase: 10000, Random: true, DefaultWeightType: dt}
				m, w, p := llamaEveryNode(t, c)
				r, err := NewRing(p, w, 2)
				fatalIfErr(t, err)
				defer r.Close()
				inputs := m.DeclsOf(ir.Input)
				checked := map[string]int{}
				err = exec.RunSteps(r, m, make([]uint32, len(inputs)), 4, func(s exec.StepResult) error {
					got := map[*ir.Value][]byte{}
					for i, o := range m.Outputs {
						got[o.Value] = s.Outputs[i].Data
					}
					bytesOf := func(v *ir.Value) []byte {
						switch v.Kind {
						case ir.Input:
							for i, d := range inputs {
								if d == v {
									return exec.Scalar(v.Name, v.Type.DType, s.Inputs[i]).Data
								}
							}
						case ir.Weight:
							return w.Data(v)
						case ir.State:
							st, err := r.State(v)
							fatalIfErr(t, err)
							return st.Data
						}
						return got[v]
					}
					for _, n := range m.Nodes {
						args := make([][]byte, len(n.Args))
						for i, a := range n.Args {
							args[i] = bytesOf(a)
						}
						var res []byte
						if n.Result != nil {
							res = got[n.Result]
						} else {
							res = bytesOf(n.Args[n.Op.Writes])
						}
						if err := CheckNode(n, args, res); err != nil {
							return fmt.Errorf("step %d: %s: %w", s.Step, ir.NodeString(n), err)
						}
						checked[n.Op.Name]++
					}
					return nil
				})
				fatalIfErr(t, err)
				if checked[ir.OpMatVec.Name] < 4*8 {
					t.Fatalf("only %d matvecs checked (%v)", checked[ir.OpMatVec.Name], checked)
				}
			})
		}
	}
}
