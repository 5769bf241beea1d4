package gfx1201

import (
	"strings"
	"testing"

	"zincc/frontend"
	"zincc/ir"
	"zincc/passes"
)

// TestFoldedProducers lowers a q4_0 llama and a Q4_K_M-like one (x in
// q8_K, layer 0's v and ffn_down q6_K: a mixed fold) after the default passes and
// requires, with the folds found here from the IR alone, every
// rms_norm_quantize whose result only the run of grouped matvecs right
// after it reads, and every swiglu_quantize followed by the
// matvec_add of its result, to be the first statement of one dispatch of
// the fused kernel implementing it and its matvecs; no matvec result to
// overlap the producer's inputs.
func TestFoldedProducers(t *testing.T) {
	for _, c := range []struct {
		dtype ir.DType
		types map[string]ir.DType
		folds int
	}{
		// Per layer both norms and the swiglu, and the output norm.
		{ir.Q4_0, nil, 3*2 + 1},
		// Layer 0's v in q6_K: its q, k and v are one mixed kernel's.
		{ir.Q4_K, map[string]ir.DType{"blk.0.attn_v.weight": ir.Q6_K, "blk.0.ffn_down.weight": ir.Q6_K}, 3*2 + 1},
	} {
		t.Run(c.dtype.String(), func(t *testing.T) { checkFolds(t, c.dtype, c.types, c.folds) })
	}
}

func checkFolds(t *testing.T, dtype ir.DType, types map[string]ir.DType, folds int) {
	lib := stubLibrary(t)
	src, err := frontend.LlamaGraph(frontend.LlamaConfig{Name: "l", Vocab: 64, Embd: 256, Layers: 2, Heads: 4, KVHeads: 2, FF: 512,
		Ctx: 32, Eps: 1e-5, RopeBase: 10000, Random: true, DefaultWeightType: dtype, Types: types})
	if err != nil {
		t.Fatal(err)
	}
	m := parseText(t, src)
	if err := passes.Run(m, passes.Options{}); err != nil {
		t.Fatal(err)
	}
	e, err := Lower(m, lib, Options{})
	if err != nil {
		t.Fatal(err)
	}
	checkStructure(t, e, lib)
	uses := m.Uses()
	want := map[int]int{} // producer → statements of its dispatch
	for i, n := range m.Nodes[:len(m.Nodes)-1] {
		if n.Result == nil || n.Result.Type.DType != ir.ActivationFormat(dtype) {
			continue
		}
		next := m.Nodes[i+1]
		switch n.Op {
		case ir.OpRMSNormQuantize:
			j := i + 1
			for j < len(m.Nodes) && j-i <= 3 && m.Nodes[j].Op == ir.OpMatVec && m.Nodes[j].Args[1] == n.Result &&
				m.Nodes[j].Args[0].Type.DType == next.Args[0].Type.DType {
				j++
			}
			// A q6_K v after q and k in q4_K or q5_K joins as a mixed
			// kernel's segment 2.
			if j == i+3 && j < len(m.Nodes) && m.Nodes[j].Op == ir.OpMatVec && m.Nodes[j].Args[1] == n.Result &&
				m.Nodes[j].Args[0].Type.DType == ir.Q6_K && (next.Args[0].Type.DType == ir.Q4_K || next.Args[0].Type.DType == ir.Q5_K) {
				j++
			}
			if j > i+1 && uses[n.Result] == j-i-1 {
				want[i] = j - i
			}
		case ir.OpSwiGLUQuantize:
			if next.Op == ir.OpMatVecAdd && next.Args[1] == n.Result && uses[n.Result] == 1 {
				want[i] = 2
			}
		}
	}
	if len(want) != folds {
		t.Fatalf("folds expected from the IR: %v; the graph should have %d", want, folds)
	}
	folded := 0
	for _, d := range e.Dispatches {
		name := d.KernelName()
		fused := strings.HasSuffix(name, "_group_norm") || strings.HasSuffix(name, "_add_swiglu")
		if w, ok := want[d.Node]; ok != fused || (ok && d.Nodes != w) {
			t.Errorf("dispatch of statement %d (%s): kernel %s implements %d statements; want a fold of %d", d.Node, m.Nodes[d.Node].Op.Name, name, d.Nodes, w)
		}
		if !fused {
			continue
		}
		folded++
		p := m.Nodes[d.Node]
		for _, n := range m.Nodes[d.Node+1 : d.Node+d.Nodes] {
			for _, v := range p.Args[:2] {
				if overlaps(e.Values[n.Result.ID], e.Values[v.ID]) {
					t.Errorf("statement %d's result overlaps %s, which its folded producer reads", d.Node, v.Ref())
				}
			}
		}
	}
	if folded != len(want) {
		t.Errorf("%d folded dispatches, want %d", folded, len(want))
	}
}

// TestFoldNeedsSoleReader: a producer whose result is also an output, or
// is read by a statement that is not right after it, keeps its own
// dispatch.
func TestFoldNeedsSoleReader(t *testing.T) {
	lib := stubLibrary(t)
	for _, c := range []struct {
		name, tail string
		fold       bool
	}{
		{"sole reader", "  output %y\n", true},
		{"also an output", "  output %y\n  output %q\n", false},
		{"read later", "  %z = matvec %w2, %q\n  output %y\n  output %z\n", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			m := parseText(t, `graph @f {
  input %tok : u32
  weight %emb : f32[16, 64] = random(seed = 1)
  weight %norm : f32[64] = random(seed = 2)
  weight %w : q4_0[32, 64] = random(seed = 3)
  weight %w2 : q8_0[32, 64] = random(seed = 4)
  %x = embed %emb, %tok
  %q = rms_norm_quantize %x, %norm {format = q8_0}
  %y = matvec %w, %q
`+c.tail+"}\n")
			e, err := Lower(m, lib, Options{})
			if err != nil {
				t.Fatal(err)
			}
			k := e.Dispatches[1].KernelName()
			if got := k == "zincc_matvec_q4_0_q8_group_norm"; got != c.fold {
				t.Errorf("the norm's dispatch runs %s; folded %v, want %v", k, got, c.fold)
			}
		})
	}
}
