package gfx1201

import (
	"math"
	"strings"
	"testing"

	"zincc/frontend"
	"zincc/ir"
	"zincc/passes"
)

// TestGroupedMatvecs lowers llama graphs after the default passes and
// requires every run of consecutive matvecs over one quantised x with one
// weight dtype and column count, found here from the IR alone, to be one
// dispatch of the dtype's grouped kernel (three at most), every other
// statement its own, and the IB complete (checkStructure).
func TestGroupedMatvecs(t *testing.T) {
	lib := stubLibrary(t)
	q4km := map[string]ir.DType{}
	for _, name := range []string{"blk.0.attn_v.weight", "blk.1.attn_v.weight"} {
		q4km[name] = ir.Q6_K // llama.cpp's Q4_K_M: v in q6_K, q and k in q4_K
	}
	for _, c := range []struct {
		name  string
		dtype ir.DType
		types map[string]ir.DType
		// groups of consecutive statements per layer (3: q, k, v; 2: gate and up, or q and k)
		want []int
	}{
		{"q4_0", ir.Q4_0, nil, []int{3, 2}},
		{"q4_K+q6_K", ir.Q4_K, q4km, []int{2, 2}},
	} {
		t.Run(c.name, func(t *testing.T) {
			src, err := frontend.LlamaGraph(frontend.LlamaConfig{Name: "l", Vocab: 64, Embd: 256, Layers: 2, Heads: 4, KVHeads: 2, FF: 512,
				Ctx: 32, Eps: 1e-5, RopeBase: 10000, Random: true, DefaultWeightType: c.dtype, Types: c.types})
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
			// The runs, from the IR.
			runs := map[int]int{} // first statement → statements
			for i := 0; i < len(m.Nodes); {
				n, j := m.Nodes[i], i+1
				if n.Op == ir.OpMatVec && n.Args[1].Type.DType != ir.F32 {
					for j < len(m.Nodes) && j-i < 3 && m.Nodes[j].Op == ir.OpMatVec && m.Nodes[j].Args[1] == n.Args[1] &&
						m.Nodes[j].Args[0].Type.DType == n.Args[0].Type.DType && m.Nodes[j].Args[0].Type.Shape[1] == n.Args[0].Type.Shape[1] {
						j++
					}
				}
				if j-i > 1 {
					runs[i] = j - i
				}
				i = j
			}
			var sizes []int
			for _, d := range e.Dispatches {
				// A producer of x folded into the run (fold_x.go) comes
				// first; a mixed fold adds a q6_K v after the run.
				first, suffix, extra := d.Node, "", 0
				switch {
				case strings.HasSuffix(d.KernelName(), "_q6_K_q8_group_norm") && m.Nodes[d.Node+1].Args[0].Type.DType != ir.Q6_K:
					first, suffix, extra = d.Node+1, "_norm", 1
				case strings.HasSuffix(d.KernelName(), "_group_norm"):
					first, suffix = d.Node+1, "_norm"
				case strings.HasSuffix(d.KernelName(), "_add_swiglu"):
					first = d.Node + 1
				}
				want := max(runs[first], 1)
				if d.Nodes != want+first-d.Node+extra {
					t.Errorf("dispatch of statement %d (%s, kernel %s) implements %d statements, want %d",
						d.Node, m.Nodes[d.Node].Op.Name, d.KernelName(), d.Nodes, want+first-d.Node+extra)
				}
				if extra > 0 {
					suffix = "_q6_K_q8_group_norm"
				}
				if want > 1 {
					sizes = append(sizes, want)
					k := "zincc_matvec_" + m.Nodes[first].Args[0].Type.DType.String() + "_q8_group" + suffix
					if extra > 0 {
						k = "zincc_matvec_" + m.Nodes[first].Args[0].Type.DType.String() + suffix
					}
					if d.KernelName() != k {
						t.Errorf("statement %d: kernel %s, want %s", first, d.KernelName(), k)
					}
				}
			}
			if len(sizes) != 2*len(c.want) || sizes[0] != c.want[0] || sizes[1] != c.want[1] {
				t.Errorf("grouped dispatches of %v statements, want %v per layer", sizes, c.want)
			}
		})
	}
}

// TestNearby: the grouped kernels add a signed 32-bit offset to the
// previous segment's address, within one buffer.
func TestNearby(t *testing.T) {
	at := func(buf int, off uint64) Placement { return Placement{Buffer: buf, Offset: off, Bytes: 4} }
	base := uint64(3 << 31)
	for _, c := range []struct {
		a, b Placement
		want bool
	}{
		{at(BufWeights, base), at(BufWeights, base+math.MaxInt32), true},
		{at(BufWeights, base), at(BufWeights, base+math.MaxInt32+1), false},
		{at(BufWeights, base), at(BufWeights, base-(1<<31)), true},
		{at(BufWeights, base), at(BufWeights, base-(1<<31)-1), false},
		{at(BufWeights, 0), at(BufArena, 0), false},
		{at(NoBuffer, 0), at(NoBuffer, 4), false},
	} {
		if got := nearby(c.a, c.b); got != c.want {
			t.Errorf("nearby(%+v, %+v) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}
