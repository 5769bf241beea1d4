package perf

import (
	"fmt"
	"testing"

	"zincc/frontend"
	"zincc/ir"
	"zincc/passes"
)

// The two shapes issue 14's targets name: llama-2 7B in q4_0 (the output
// matrix in q6_K, as llama.cpp's Q4_0 files have it) and llama-3.1 8B in
// Q4_K_M (q4_K, with q6_K for attn_v and ffn_down in the layers
// llama.cpp's use_more_bits picks, and for the output).
func llama7BQ40(ctx int) frontend.LlamaConfig {
	return frontend.LlamaConfig{Name: "llama7b_q4_0", Vocab: 32000, Embd: 4096, Layers: 32, Heads: 32, KVHeads: 32, FF: 11008,
		Ctx: ctx, Eps: 1e-5, RopeBase: 10000, Random: true, DefaultWeightType: ir.Q4_0,
		Types: map[string]ir.DType{"output.weight": ir.Q6_K}}
}

func llama8BQ4KM(ctx int) frontend.LlamaConfig {
	types := map[string]ir.DType{"output.weight": ir.Q6_K}
	const layers = 32
	for i := 0; i < layers; i++ {
		// llama.cpp llama_tensor_get_type, Q4_K_M: use_more_bits(i, n).
		if i < layers/8 || i >= 7*layers/8 || (i-layers/8)%3 == 2 {
			types[fmt.Sprintf("blk.%d.attn_v.weight", i)] = ir.Q6_K
			types[fmt.Sprintf("blk.%d.ffn_down.weight", i)] = ir.Q6_K
		}
	}
	return frontend.LlamaConfig{Name: "llama8b_q4_K_M", Vocab: 128256, Embd: 4096, Layers: layers, Heads: 32, KVHeads: 8, FF: 14336,
		Ctx: ctx, Eps: 1e-5, RopeBase: 500000, Random: true, DefaultWeightType: ir.Q4_K, Types: types}
}

func llamaModule(t testing.TB, c frontend.LlamaConfig) *ir.Module {
	t.Helper()
	src, err := frontend.LlamaGraph(c)
	if err != nil {
		t.Fatal(err)
	}
	m, err := frontend.Parse(c.Name+".zir", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if err := passes.Run(m, passes.Options{}); err != nil {
		t.Fatal(err)
	}
	return m
}

type llamaCase struct {
	name string
	cfg  frontend.LlamaConfig
	pos  int
}

var llamaCases = []llamaCase{
	{"7B_q4_0/pos64", llama7BQ40(4096), 64},
	{"7B_q4_0/pos2048", llama7BQ40(4096), 2048},
	{"8B_Q4_K_M/pos64", llama8BQ4KM(4096), 64},
	{"8B_Q4_K_M/pos2048", llama8BQ4KM(4096), 2048},
}

// TestLlamaRatios logs the modelled step time and its ratio to the memory
// floor for the 7B- and 8B-shaped steps (issue 14's targets: 1.10x at
// position 64, 1.25x at 2048). A model, not a measurement.
func TestLlamaRatios(t *testing.T) {
	if testing.Short() {
		t.Skip("profiles four 32-layer steps")
	}
	for _, c := range llamaCases {
		m := llamaModule(t, c.cfg)
		r, err := Run(m, Options{Pos: c.pos, SampleGroups: DefaultSampleGroups, Dedup: true})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if r.Ratio < 1 {
			t.Errorf("%s: predicted %.3f ms is below the memory floor %.3f ms", c.name, r.Time*1e3, r.FloorTime*1e3)
		}
		t.Logf("%s %-18s predicted %6.2f ms (%5.1f tok/s), floor %5.2f ms (%.2f GB), ratio %.2fx, %d dispatches, %d barriers [emulator %.1fs]",
			Label, c.name, r.Time*1e3, r.TokensPerSecond, r.FloorTime*1e3, r.FloorBytes/1e9, r.Ratio, len(r.Dispatches), r.Barriers, r.EmulatorSeconds)
	}
}

// BenchmarkLlamaModel reports the modelled ratio to the memory floor
// (x-floor), tokens per second (model-tok/s), dispatches and barriers of
// each shape (issue 14's targets: 1.10x at position 64, 1.25x at 2048,
// at most 250 dispatches and 200 barriers for 7B); ns/op is the emulator's
// time to profile the step.
func BenchmarkLlamaModel(b *testing.B) {
	for _, c := range llamaCases {
		b.Run(c.name, func(b *testing.B) {
			m := llamaModule(b, c.cfg)
			var r *Report
			for i := 0; i < b.N; i++ {
				var err error
				if r, err = Run(m, Options{Pos: c.pos, SampleGroups: DefaultSampleGroups, Dedup: true}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(r.Ratio, "x-floor")
			b.ReportMetric(r.TokensPerSecond, "model-tok/s")
			b.ReportMetric(float64(len(r.Dispatches)), "dispatches")
			b.ReportMetric(float64(r.Barriers), "barriers")
		})
	}
}
