package cpu

import (
	"strings"
	"testing"

	"zincc/frontend"
	_ "zincc/internal/golden"
	"zincc/ir"
)

func TestLowerResolvesParameters(t *testing.T) {
	src := `graph @g {
  input %tok : u32
  input %pos : u32
  weight %e : q8_0[10, 64] = random(seed = 1)
  weight %w : f16[32, 64] = random(seed = 2)
  state %k : f16[8, 32]
  %x = embed %e, %tok
  %r = rope %x, %pos {heads = 4, dims = 8, theta = 500, mode = neox}
  %q = matvec %w, %r
  %s = rope %x, %pos {heads = 2}
  kv_store %k, %q, %pos
  %a = attention %s, %k, %k, %pos {heads = 2, kv_heads = 1}
  output %a
}`
	m, err := frontend.Parse("g.zir", []byte(src))
	if err != nil {
		t.Fatal(frontend.FormatErrors(err, []byte(src)))
	}
	p, err := Lower(m)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Calls) != len(m.Nodes) || len(p.Inputs) != 2 || len(p.Weights) != 2 || len(p.States) != 1 || len(p.Outputs) != 1 {
		t.Fatalf("program shape: %d calls, %d inputs, %d weights, %d states, %d outputs",
			len(p.Calls), len(p.Inputs), len(p.Weights), len(p.States), len(p.Outputs))
	}
	c := p.Calls
	checks := []struct {
		what      string
		got, want any
	}{
		{"embed dtype", c[0].DType, ir.Q8_0}, {"embed cols", c[0].Cols, 64},
		{"rope head dim", c[1].HeadDim, 16}, {"rope dims", c[1].RopeDims, 8}, {"rope theta", c[1].Theta, float32(500)}, {"rope neox", c[1].NeoX, true},
		{"matvec shape", [2]int{c[2].Rows, c[2].Cols}, [2]int{32, 64}}, {"matvec dtype", c[2].DType, ir.F16},
		{"default rope dims", c[3].RopeDims, 32}, {"default rope theta", c[3].Theta, float32(10000)}, {"normal mode", c[3].NeoX, false},
		{"kv_store shape", [2]int{c[4].Rows, c[4].Cols}, [2]int{8, 32}}, {"kv_store writes nothing new", c[4].Out, -1},
		{"attention heads", [3]int{c[5].Heads, c[5].KVHeads, c[5].HeadDim}, [3]int{2, 1, 32}},
		{"attention scale", c[5].Scale, float32(ir.DefaultAttentionScale(32))},
	}
	for _, ck := range checks {
		if ck.got != ck.want {
			t.Errorf("%s = %v, want %v", ck.what, ck.got, ck.want)
		}
	}
	// Operands refer to the buffers of the values they name.
	for _, call := range p.Calls {
		for i, b := range call.In {
			if p.Buffers[b].Value != call.Node.Args[i] {
				t.Errorf("%s operand %d is buffer %d (%s)", call.Node.Op.Name, i, b, p.Buffers[b].Value.Ref())
			}
		}
	}
	listing := p.String()
	if !strings.Contains(listing, "= rope(buf") || !strings.Contains(listing, "kv_store(buf") {
		t.Errorf("listing:\n%s", listing)
	}
}
