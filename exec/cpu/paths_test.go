package cpu

import (
	"bytes"
	"testing"

	"zincc/exec"
	"zincc/frontend"
	"zincc/ir"
)

// TestDecodePathsBitIdentical runs decode steps of a small llama with
// every weight format the cpu tier reads (each matrix of the mix in
// another dtype, so every matvec kernel takes part) on every path this
// machine has — AVX-512, AVX2 and pure Go (what ZINCC_CPU_PORTABLE=1
// selects) — and twice on the default path, and requires every result of
// every node (every node is made an output) to be the same bytes: run's
// numbers do not depend on the machine, the path or the run.
func TestDecodePathsBitIdentical(t *testing.T) {
	types := map[string]ir.DType{"token_embd.weight": ir.Q4_K, "output.weight": ir.Q6_K}
	mix := []ir.DType{ir.Q4_0, ir.Q4_1, ir.Q5_0, ir.Q5_1, ir.Q8_0, ir.Q4_K, ir.Q5_K, ir.Q6_K, ir.F16, ir.BF16, ir.F32}
	k := 0
	for l := 0; l < 2; l++ {
		for _, s := range []string{"attn_q", "attn_k", "attn_v", "attn_output", "ffn_gate", "ffn_up", "ffn_down"} {
			types["blk."+string(rune('0'+l))+"."+s+".weight"] = mix[k%len(mix)]
			k++
		}
	}
	c := frontend.LlamaConfig{Name: "paths", Vocab: 300, Embd: 256, Layers: 2, Heads: 4, KVHeads: 2,
		FF: 512, Ctx: 16, Eps: 1e-5, RopeBase: 10000, Random: true, Types: types}
	m, w, p := llamaEveryNode(t, c)
	inputs := make([]uint32, len(m.DeclsOf(ir.Input)))
	run := func() [][]byte {
		r, err := NewRing(p, w, 2)
		fatalIfErr(t, err)
		defer r.Close()
		var all [][]byte
		fatalIfErr(t, exec.RunSteps(r, m, inputs, 6, func(s exec.StepResult) error {
			for _, o := range s.Outputs {
				all = append(all, bytes.Clone(o.Data))
			}
			return nil
		}))
		return all
	}
	want := run()
	paths := []struct {
		name              string
		avx512, avx2, go_ bool
	}{{"default again", useAVX512, useAVX2, false}, {"AVX2", false, useAVX2, false}, {"Go", false, false, true}}
	saved512, saved2, savedAcc, savedAttn := useAVX512, useAVX2, acc32Kernels, useAttnAVX2
	defer func() { useAVX512, useAVX2, acc32Kernels, useAttnAVX2 = saved512, saved2, savedAcc, savedAttn }()
	for _, pa := range paths {
		useAVX512, useAVX2, acc32Kernels, useAttnAVX2 = pa.avx512, pa.avx2, savedAcc, savedAttn
		if pa.go_ {
			acc32Kernels, useAttnAVX2 = nil, false
		}
		got := run()
		if len(got) != len(want) {
			t.Fatalf("%s: %d results, the default path gave %d", pa.name, len(got), len(want))
		}
		for i := range want {
			if !bytes.Equal(got[i], want[i]) {
				step, o := i/len(m.Outputs), m.Outputs[i%len(m.Outputs)].Value
				t.Errorf("%s: step %d, %s differs from the default path's", pa.name, step, o.Ref())
			}
		}
	}
	if !saved2 {
		t.Log("this machine has no AVX2 (or ZINCC_CPU_PORTABLE=1): only the Go path ran")
	}
}
