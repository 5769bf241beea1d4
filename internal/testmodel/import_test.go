package testmodel

import (
	"path/filepath"
	"strings"
	"testing"

	"zincc/frontend"
	"zincc/frontend/gguf"
	"zincc/ir"
)

// imported writes md, opens it and imports it.
func imported(t *testing.T, md Model) (string, error) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "m.gguf")
	if err := md.Write(path); err != nil {
		t.Fatal(err)
	}
	f, err := gguf.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	return frontend.ImportGGUF(f, 0)
}

// TestImportUsesEveryFeature imports each family and checks that the graph
// does what the file says: factors on every rope, biases on every linear
// layer that has one, per-head norms before rope, the head size from
// key_length, linear scaling.
func TestImportUsesEveryFeature(t *testing.T) {
	for _, tc := range []struct {
		md   Model
		want []string
	}{
		{Llama3(nil), []string{
			"weight %rope_freqs.weight : f32[32] = gguf(\"rope_freqs.weight\")",
			"%l0.qr = rope %l0.q, %pos, %rope_freqs.weight {heads = 4, theta = 500000.0}",
			"%l1.kr = rope %l1.k, %pos, %rope_freqs.weight {heads = 2, theta = 500000.0}",
		}},
		{Qwen3(), []string{
			"weight %blk.0.attn_q.weight : f32[128, 64]",
			"weight %blk.1.attn_output.weight : f32[64, 128]",
			"%l0.qn = rms_norm %l0.q, %blk.0.attn_q_norm.weight {eps = 1e-06, heads = 4}",
			"%l1.kn = rms_norm %l1.k, %blk.1.attn_k_norm.weight {eps = 1e-06, heads = 2}",
			"%l0.qr = rope %l0.qn, %pos {heads = 4, theta = 1e+06, mode = neox}",
			"%logits = matvec %token_embd.weight, %hn",
		}},
		{Qwen2(), []string{
			"%l0.qb = add %l0.q, %blk.0.attn_q.bias",
			"%l1.vb = add %l1.v, %blk.1.attn_v.bias",
			"mode = neox",
		}},
		{BiasedLlama(), []string{
			"%l0.qb = add %l0.q, %blk.0.attn_q.bias",
			"%l0.kb = add %l0.k, %blk.0.attn_k.bias",
			"%l0.vb = add %l0.v, %blk.0.attn_v.bias",
			"%l1.ob = add %l1.o, %blk.1.attn_output.bias",
			"%l1.x1 = add %l0.out, %l1.ob",
			"%l0.gb = add %l0.g, %blk.0.ffn_gate.bias",
			"%l0.ub = add %l0.u, %blk.0.ffn_up.bias",
			"%l0.a = swiglu %l0.gb, %l0.ub",
			"%l1.db = add %l1.d, %blk.1.ffn_down.bias",
			"freq_scale = 0.5",
		}},
	} {
		t.Run(tc.md.Config.Name, func(t *testing.T) {
			text, err := imported(t, tc.md)
			if err != nil {
				t.Fatal(err)
			}
			flat := strings.Join(strings.Fields(text), " ")
			for _, w := range tc.want {
				if !strings.Contains(flat, strings.Join(strings.Fields(w), " ")) {
					t.Errorf("graph lacks %q:\n%s", w, text)
				}
			}
			if _, err := frontend.Parse("m.zir", []byte(text)); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// TestImportRopeScaling: linear scaling (the default type when only a
// factor is given) sets freq_scale = 1/factor; type none never scales, as
// llama.cpp (llama_new_context_with_model) does.
func TestImportRopeScaling(t *testing.T) {
	for _, tc := range []struct {
		keys map[string]gguf.Value
		want string // in the graph's rope attributes, or absent
	}{
		{map[string]gguf.Value{"llama.rope.scaling.factor": gguf.Float32(4)}, "freq_scale = 0.25"},
		{map[string]gguf.Value{"llama.rope.scaling.type": gguf.String("linear"), "llama.rope.scaling.factor": gguf.Float32(2)}, "freq_scale = 0.5"},
		{map[string]gguf.Value{"llama.rope.scaling.type": gguf.String("none"), "llama.rope.scaling.factor": gguf.Float32(2)}, ""},
		{map[string]gguf.Value{"llama.rope.scale_linear": gguf.Float32(8)}, "freq_scale = 0.125"},
	} {
		md := BiasedLlama()
		md.Config.Bias, md.Config.FreqScale = nil, 0
		md.Keys = tc.keys
		text, err := imported(t, md)
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Contains(text, "freq_scale"); got != (tc.want != "") || !strings.Contains(text, tc.want) {
			t.Errorf("%v: want %q in the ropes:\n%s", tc.keys, tc.want, text)
		}
	}
}

// TestImportRefusesWhatItDoesNotImplement plants, one at a time, each kind
// of tensor or key zincc does not implement, and requires a refusal that
// names it and its feature.
func TestImportRefusesWhatItDoesNotImplement(t *testing.T) {
	llama := func(edit func(*Model)) Model {
		md := BiasedLlama()
		md.Config.Bias = nil
		md.Config.FreqScale = 0
		edit(&md)
		return md
	}
	for _, tc := range []struct {
		name string
		md   Model
		want []string
	}{
		{"moe tensors", llama(func(m *Model) {
			m.Tensors = map[string][]uint64{"blk.0.ffn_gate_exps.weight": {64, 96, 2}, "blk.0.ffn_gate_inp.weight": {64, 2}}
		}), []string{"blk.0.ffn_gate_exps.weight: mixture-of-experts models are not supported yet", "blk.0.ffn_gate_inp.weight"}},
		{"moe key", llama(func(m *Model) {
			m.Keys = map[string]gguf.Value{"llama.expert_count": gguf.Uint32(2), "llama.expert_used_count": gguf.Uint32(1)}
		}), []string{"llama.expert_count = 2: mixture-of-experts models are not supported yet"}},
		{"moe arch", func() Model { m := Qwen3(); m.Arch = "qwen3moe"; return m }(), []string{`architecture "qwen3moe" is a mixture-of-experts model`}},
		{"gemma", func() Model { m := Qwen3(); m.Arch = "gemma2"; return m }(), []string{`architecture "gemma2" is not supported; zincc imports llama`}},
		{"unknown layer tensor", llama(func(m *Model) {
			m.Tensors = map[string][]uint64{"blk.1.attn_gizmo.weight": {64}}
		}), []string{"blk.1.attn_gizmo.weight: zincc does not know this tensor"}},
		{"unknown global tensor", llama(func(m *Model) {
			m.Tensors = map[string][]uint64{"mystery.weight": {8}}
		}), []string{"mystery.weight: zincc does not know this tensor"}},
		{"layer past block_count", llama(func(m *Model) {
			m.Tensors = map[string][]uint64{"blk.7.attn_norm.weight": {64}}
		}), []string{"blk.7.attn_norm.weight: the model has 2 layers"}},
		{"fused qkv", llama(func(m *Model) {
			m.Tensors = map[string][]uint64{"blk.0.attn_qkv.weight": {64, 192}}
		}), []string{"blk.0.attn_qkv.weight: fused QKV projections are not supported"}},
		{"qk norms on llama", llama(func(m *Model) {
			m.Tensors = map[string][]uint64{"blk.0.attn_q_norm.weight": {16}}
		}), []string{"blk.0.attn_q_norm.weight: per-head q/k norms belong to qwen3 models"}},
		{"longrope", llama(func(m *Model) {
			m.Tensors = map[string][]uint64{"rope_factors_long.weight": {8}}
		}), []string{"rope_factors_long.weight: LongRoPE"}},
		{"yarn", llama(func(m *Model) {
			m.Keys = map[string]gguf.Value{"llama.rope.scaling.type": gguf.String("yarn"), "llama.rope.scaling.factor": gguf.Float32(4)}
		}), []string{`llama.rope.scaling.type = "yarn": YaRN rope scaling is not supported`}},
		{"longrope key", llama(func(m *Model) {
			m.Keys = map[string]gguf.Value{"llama.rope.scaling.type": gguf.String("longrope")}
		}), []string{"LongRoPE scaling is not supported"}},
		{"sliding window", llama(func(m *Model) {
			m.Keys = map[string]gguf.Value{"llama.attention.sliding_window": gguf.Uint32(4096)}
		}), []string{"llama.attention.sliding_window: sliding-window attention is not supported"}},
		{"unknown key", llama(func(m *Model) {
			m.Keys = map[string]gguf.Value{"llama.frobnication": gguf.Uint32(1)}
		}), []string{"llama.frobnication is not one zincc knows"}},
		{"bias only in layer 1", llama(func(m *Model) {
			m.Tensors = map[string][]uint64{"blk.1.attn_q.bias": {64}}
		}), []string{"blk.1.attn_q.bias: layer 0 has no attn_q.bias"}},
		{"missing tensor", func() Model {
			m := Qwen3()
			m.Arch = "llama" // llama's step has no q/k norms, and they are not used
			return m
		}(), []string{"blk.0.attn_q_norm.weight: per-head q/k norms belong to qwen3 models"}},
		{"huge block_count", llama(func(m *Model) {
			m.Keys = map[string]gguf.Value{"llama.block_count": gguf.Uint32(1 << 24)}
		}), []string{"llama.block_count = 16777216, but the file holds"}},
		{"nan eps", llama(func(m *Model) {
			m.Keys = map[string]gguf.Value{"llama.attention.layer_norm_rms_epsilon": gguf.Float32(float32Nan())}
		}), []string{"layer_norm_rms_epsilon = NaN must be a positive, finite float32"}},
		{"theta 0", llama(func(m *Model) {
			m.Keys = map[string]gguf.Value{"llama.rope.freq_base": gguf.Float32(0)}
		}), []string{"llama.rope.freq_base = 0 must be a positive, finite float32"}},
		{"rope dims 7", llama(func(m *Model) {
			m.Keys = map[string]gguf.Value{"llama.rope.dimension_count": gguf.Uint32(7)}
		}), []string{"llama.rope.dimension_count = 7 must be the head size 16 for llama"}},
		{"per-layer heads", llama(func(m *Model) {
			m.Keys = map[string]gguf.Value{"llama.attention.head_count": gguf.Array([]uint32{4, 4})}
		}), []string{"llama.attention.head_count is a per-layer array"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := imported(t, tc.md)
			if err == nil {
				t.Fatal("imported; want a refusal")
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q lacks %q", err, w)
				}
			}
			if strings.Contains(err.Error(), "zincc bug") {
				t.Errorf("a refusal blamed zincc: %v", err)
			}
		})
	}
}

func float32Nan() float32 { var z float32; return z / z }

// TestImportUnreadableType names the tensors of a type zincc cannot read,
// and lists, once, what it reads.
func TestImportUnreadableType(t *testing.T) {
	md := BiasedLlama()
	md.Config.Bias = nil
	path := filepath.Join(t.TempDir(), "m.gguf")
	gw, err := md.Build()
	if err != nil {
		t.Fatal(err)
	}
	data, err := gw.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	f, err := gguf.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	_ = path
	for i := range f.Tensors {
		if f.Tensors[i].Name == "output.weight" {
			f.Tensors[i].Type = gguf.TypeQ2_K // same block count of bytes is not needed: import reads no data
		}
	}
	_, err = frontend.ImportGGUF(f, 0)
	if err == nil || !strings.Contains(err.Error(), "output.weight is q2_K") || !strings.Contains(err.Error(), frontend.ReadableTypesSentence()) {
		t.Fatalf("got %v", err)
	}
	if strings.Count(err.Error(), "reads") != 1 {
		t.Errorf("more than one list of readable types: %v", err)
	}
	for _, d := range []ir.DType{ir.F32, ir.F16, ir.Q4_0, ir.Q8_0} {
		if !strings.Contains(frontend.ReadableTypesSentence(), d.String()) {
			t.Errorf("%v missing from %q", d, frontend.ReadableTypesSentence())
		}
	}
}
