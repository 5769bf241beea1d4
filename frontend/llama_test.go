package frontend

import (
	"strings"
	"testing"

	"zincc/ir"
)

func TestLlamaGraphShapes(t *testing.T) {
	text, err := LlamaGraph(LlamaConfig{Name: "7b-shaped", Vocab: 32000, Embd: 4096, Layers: 32, Heads: 32, KVHeads: 8,
		FF: 11008, Ctx: 2048, Eps: 1e-5, RopeBase: 10000, DefaultWeightType: ir.Q4_0, Random: true})
	if err != nil {
		t.Fatal(err)
	}
	m, err := Parse("7b.zir", []byte(text))
	if err != nil {
		t.Fatal(FormatErrors(err, []byte(text)))
	}
	count := map[string]int{}
	for _, n := range m.Nodes {
		count[n.Op.Name]++
	}
	// Per layer: 7 matvecs, 2 norms, 2 ropes, 2 stores, 1 attention, 2 adds,
	// 1 swiglu; plus embed, final norm, head, argmax.
	want := map[string]int{"matvec": 32*7 + 1, "rms_norm": 32*2 + 1, "rope": 64, "kv_store": 64, "attention": 32,
		"add": 64, "swiglu": 32, "embed": 1, "argmax": 1}
	for op, n := range want {
		if count[op] != n {
			t.Errorf("%s: %d nodes, want %d", op, count[op], n)
		}
	}
	k := m.Lookup("blk.31.k_cache")
	if k == nil || !k.Type.Equal(ir.Tensor(ir.F16, 2048, 1024)) {
		t.Errorf("layer 31 K cache: %v", k)
	}
	if q := m.Lookup("blk.0.attn_q.weight"); q == nil || !q.Type.Equal(ir.Tensor(ir.Q4_0, 4096, 4096)) {
		t.Errorf("attn_q: %v", q)
	}
	if _, err := LlamaGraph(LlamaConfig{Vocab: 8, Embd: 10, Layers: 1, Heads: 3, KVHeads: 1, FF: 4, Ctx: 4}); err == nil ||
		!strings.Contains(err.Error(), "do not fit together") {
		t.Errorf("bad heads: %v", err)
	}
}
