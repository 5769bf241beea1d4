// Package testmodel writes small GGUF models of the families zincc imports
// (Llama 3 with rope frequency factors and a K-quant type mix, Qwen 2 and
// 3, llama with biases on every linear layer), with deterministic random
// weights and the metadata llama.cpp's converters write, so that tests can
// take each feature of model import end to end through `zincc import` and
// the cpu and sim tiers. Planted keys and tensors let tests check that an
// import refuses what it does not implement.
package testmodel

import (
	"fmt"
	"maps"
	"math"
	"slices"

	"zincc/exec"
	"zincc/frontend"
	"zincc/frontend/gguf"
	"zincc/ir"
)

// Model is a small model to write: an architecture, its shape and
// features (Config: Random and CacheType are ignored; Types sets tensor
// types), and anything planted on top.
type Model struct {
	Arch   string // general.architecture: llama, qwen2, qwen3, or any other to test refusals
	Config frontend.LlamaConfig
	// Keys are extra metadata, set after the ones derived from Config
	// (so they may override them).
	Keys map[string]gguf.Value
	// Tensors are extra f32 tensors, by name, with their GGUF dims.
	Tensors map[string][]uint64
}

// Llama3 is a Llama-3.x-shaped model: GQA, rope_freqs.weight (Llama 3's
// frequency factors), theta 500000, a Q4_K_M-like mix of types (given as
// weightTypes: nil keeps every matrix f32).
func Llama3(weightTypes map[string]ir.DType) Model {
	return Model{Arch: "llama", Config: frontend.LlamaConfig{
		Name: "llama3-tiny", Vocab: 128, Embd: 256, Layers: 2, Heads: 4, KVHeads: 2, FF: 512, Ctx: 32,
		Eps: 1e-5, RopeBase: 500000, RopeFreqs: true, Types: weightTypes,
	}}
}

// Qwen3 is a Qwen3-shaped model: per-head q/k RMS norms, a head size that
// is not embedding/heads, NeoX rope, GQA, no biases.
func Qwen3() Model {
	return Model{Arch: "qwen3", Config: frontend.LlamaConfig{
		Name: "qwen3-tiny", Vocab: 96, Embd: 64, Layers: 2, Heads: 4, KVHeads: 2, HeadDim: 32, FF: 128, Ctx: 24,
		Eps: 1e-6, RopeBase: 1000000, NeoX: true, QKNorm: true, Tied: true,
	}}
}

// Qwen2 is a Qwen2-shaped model: biases on q, k and v, NeoX rope.
func Qwen2() Model {
	return Model{Arch: "qwen2", Config: frontend.LlamaConfig{
		Name: "qwen2-tiny", Vocab: 80, Embd: 64, Layers: 2, Heads: 4, KVHeads: 2, FF: 96, Ctx: 16,
		Eps: 1e-6, RopeBase: 1000000, NeoX: true, QKVBias: true,
	}}
}

// BiasedLlama is a llama model with a bias on every linear layer and
// linear rope scaling (factor 2).
func BiasedLlama() Model {
	bias := map[string]bool{}
	for _, l := range frontend.LinearLayers {
		bias[l] = true
	}
	return Model{Arch: "llama", Config: frontend.LlamaConfig{
		Name: "llama-bias", Vocab: 64, Embd: 64, Layers: 2, Heads: 4, KVHeads: 4, FF: 96, Ctx: 16,
		Eps: 1e-5, RopeBase: 10000, Bias: bias, FreqScale: 0.5,
	}}
}

// Llama3FreqFactors returns Llama 3.1's rope frequency factors for a head
// of dims rotated dimensions (Meta's published rule: factor 8, low
// frequency factor 1, high 4, original context 8192), as the converter
// writes them into rope_freqs.weight. With a small context the shapes
// differ from a real model's, but every regime (1, 8, and the smooth band
// between) is present for dims ≥ 16.
func Llama3FreqFactors(dims int, base float64) []float32 {
	const factor, low, high, orig = 8.0, 1.0, 4.0, 8192.0
	lowWave, highWave := orig/low, orig/high
	out := make([]float32, dims/2)
	for i := range out {
		freq := 1 / math.Pow(base, float64(2*i)/float64(dims))
		wave := 2 * math.Pi / freq
		switch {
		case wave < highWave:
			out[i] = 1
		case wave > lowWave:
			out[i] = factor
		default:
			smooth := (orig/wave - low) / (high - low)
			out[i] = float32(1 / ((1-smooth)/factor + smooth))
		}
	}
	return out
}

// Build returns the GGUF writer of the model, its tensors filled with
// zincc's deterministic random weights.
func (md Model) Build() (*gguf.Writer, error) {
	c := md.Config
	c.Random, c.RopeFreqs = true, false // the factors are not random; added below
	text, err := frontend.LlamaGraph(c)
	if err != nil {
		return nil, err
	}
	m, err := frontend.Parse(c.Name+".zir", []byte(text))
	if err != nil {
		return nil, fmt.Errorf("testmodel: %v", frontend.FormatErrors(err, []byte(text)))
	}
	w, err := exec.Bind(m, exec.BindOptions{})
	if err != nil {
		return nil, err
	}
	defer w.Close()
	gw := gguf.NewWriter()
	hd := c.HeadDim
	if hd == 0 {
		hd = c.Embd / c.Heads
	}
	rot := c.RopeDims
	if rot == 0 {
		rot = hd
	}
	a := md.Arch + "."
	keys := map[string]gguf.Value{
		"general.architecture":                 gguf.String(md.Arch),
		"general.name":                         gguf.String(c.Name),
		a + "context_length":                   gguf.Uint32(uint32(c.Ctx)),
		a + "embedding_length":                 gguf.Uint32(uint32(c.Embd)),
		a + "block_count":                      gguf.Uint32(uint32(c.Layers)),
		a + "feed_forward_length":              gguf.Uint32(uint32(c.FF)),
		a + "attention.head_count":             gguf.Uint32(uint32(c.Heads)),
		a + "attention.head_count_kv":          gguf.Uint32(uint32(c.KVHeads)),
		a + "attention.layer_norm_rms_epsilon": gguf.Float32(float32(c.Eps)),
		a + "rope.freq_base":                   gguf.Float32(float32(c.RopeBase)),
		a + "rope.dimension_count":             gguf.Uint32(uint32(rot)),
		a + "attention.key_length":             gguf.Uint32(uint32(hd)),
		a + "attention.value_length":           gguf.Uint32(uint32(hd)),
		a + "vocab_size":                       gguf.Uint32(uint32(c.Vocab)),
	}
	if c.FreqScale != 0 && c.FreqScale != 1 {
		keys[a+"rope.scaling.type"] = gguf.String("linear")
		keys[a+"rope.scaling.factor"] = gguf.Float32(float32(1 / c.FreqScale))
	}
	for k, v := range md.Keys { // planted keys override; an invalid Value removes one
		if v.Valid() {
			keys[k] = v
		} else {
			delete(keys, k)
		}
	}
	for _, k := range slices.Sorted(maps.Keys(keys)) {
		if err := gw.Set(k, keys[k]); err != nil {
			return nil, err
		}
	}
	for _, v := range m.DeclsOf(ir.Weight) {
		typ, err := gguf.TypeOf(v.Type.DType)
		if err != nil {
			return nil, fmt.Errorf("testmodel: %s: %w", v.Name, err)
		}
		if err := gw.AddTensor(v.Name, typ, gguf.DimsFromShape(v.Type.Shape), w.Data(v)); err != nil {
			return nil, err
		}
	}
	if md.Config.RopeFreqs {
		ff := Llama3FreqFactors(rot, c.RopeBase)
		if err := gw.AddTensor("rope_freqs.weight", gguf.TypeF32, []uint64{uint64(len(ff))}, f32Bytes(ff)); err != nil {
			return nil, err
		}
	}
	for _, name := range slices.Sorted(maps.Keys(md.Tensors)) {
		dims := md.Tensors[name]
		n := uint64(1)
		for _, d := range dims {
			n *= d
		}
		if err := gw.AddTensor(name, gguf.TypeF32, dims, make([]byte, 4*n)); err != nil {
			return nil, err
		}
	}
	return gw, nil
}

// Write writes the model to path (atomically).
func (md Model) Write(path string) error {
	gw, err := md.Build()
	if err != nil {
		return err
	}
	return gw.WriteFile(path)
}

func f32Bytes(v []float32) []byte {
	b := make([]byte, 4*len(v))
	for i, x := range v {
		u := math.Float32bits(x)
		b[4*i], b[4*i+1], b[4*i+2], b[4*i+3] = byte(u), byte(u>>8), byte(u>>16), byte(u>>24)
	}
	return b
}
