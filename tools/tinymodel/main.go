// Command tinymodel writes a Llama-shaped GGUF model with random weights
// (zincc's deterministic ones). By default: a tiny Llama-3-shaped model, a
// Q4_K_M-like mix of weight types, rope_freqs and a byte-level BPE
// vocabulary of 128 tokens: something for `make demo` to run `zincc import`
// and `zincc generate` on without a download. With -shape tinyllama: a
// TinyLlama-1.1B-shaped model (vocabulary 32000, embedding 2048, 22
// layers, 32 heads, 4 KV heads, FFN 5632) of one weight type, for timing
// zincc's cpu tier side by side with llama.cpp on the same file
// (tools/llamacpp-xcheck/speed.sh). Its text is noise; the path it takes is the real
// one.
package main

import (
	"flag"
	"fmt"
	"os"
	"strconv"

	"zincc/frontend"
	"zincc/frontend/gguf"
	"zincc/internal/testmodel"
	"zincc/ir"
)

func main() {
	out := flag.String("o", "tiny-llama3.gguf", "where to write the model")
	shape := flag.String("shape", "tiny", "tiny (the demo's Llama 3) or tinyllama (TinyLlama-1.1B's shape)")
	typ := flag.String("type", "q4_K_M", "with -shape tinyllama: the weight type (q4_0, q8_0, f16, q4_K_M, or any zincc dtype)")
	flag.Parse()
	var md testmodel.Model
	switch *shape {
	case "tiny":
		md = tinyLlama3()
	case "tinyllama":
		var err error
		if md, err = tinyLlamaShaped(*typ); err != nil {
			fmt.Fprintln(os.Stderr, "tinymodel:", err)
			os.Exit(2)
		}
	default:
		fmt.Fprintf(os.Stderr, "tinymodel: -shape %q: want tiny or tinyllama\n", *shape)
		os.Exit(2)
	}
	if err := md.Write(*out); err != nil {
		fmt.Fprintln(os.Stderr, "tinymodel:", err)
		os.Exit(1)
	}
}

// tinyLlama3 is the demo's model.
func tinyLlama3() testmodel.Model {
	types := map[string]ir.DType{"token_embd.weight": ir.Q4_K, "output.weight": ir.Q6_K}
	for i := 0; i < 2; i++ {
		p := "blk." + strconv.Itoa(i) + "."
		for _, s := range []string{"attn_q", "attn_k", "attn_output", "ffn_gate", "ffn_up"} {
			types[p+s+".weight"] = ir.Q4_K
		}
		types[p+"attn_v.weight"], types[p+"ffn_down.weight"] = ir.Q6_K, ir.Q6_K
	}
	md := testmodel.Llama3(types)
	md.Config.Name = "tiny-llama3-random"
	md.Keys = testmodel.TinyBPEVocab(md.Config.Vocab, "llama-bpe")
	md.Keys["general.file_type"] = gguf.Uint32(15) // Q4_K_M, as llama-quantize labels it
	return md
}

// tinyLlamaShaped is TinyLlama-1.1B's shape with every matrix of type typ,
// or for q4_K_M the mix llama-quantize makes (q4_K; q6_K for the output
// head and, in its use_more_bits layers, attn_v and ffn_down).
func tinyLlamaShaped(typ string) (testmodel.Model, error) {
	const layers = 22
	c := frontend.LlamaConfig{Name: "tinyllama-1.1b-random-" + typ, Vocab: 32000, Embd: 2048, Layers: layers,
		Heads: 32, KVHeads: 4, FF: 5632, Ctx: 2048, Eps: 1e-5, RopeBase: 10000}
	if typ == "q4_K_M" {
		c.DefaultWeightType = ir.Q4_K
		c.Types = map[string]ir.DType{"output.weight": ir.Q6_K}
		for i := 0; i < layers; i++ {
			if i < layers/8 || i >= 7*layers/8 || (i-layers/8)%3 == 2 { // use_more_bits(i, n)
				c.Types[fmt.Sprintf("blk.%d.attn_v.weight", i)] = ir.Q6_K
				c.Types[fmt.Sprintf("blk.%d.ffn_down.weight", i)] = ir.Q6_K
			}
		}
	} else {
		dt, ok := ir.ParseDType(typ)
		if !ok {
			return testmodel.Model{}, fmt.Errorf("-type %q: not a weight type (q4_0, q8_0, f16, q4_K_M, ...)", typ)
		}
		c.DefaultWeightType = dt
	}
	md := testmodel.Model{Arch: "llama", Config: c, Keys: testmodel.TinySPMVocab(c.Vocab)}
	return md, nil
}
