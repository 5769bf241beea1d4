// Command tinymodel writes a tiny Llama-3-shaped GGUF model with random
// weights (zincc's deterministic ones), a Q4_K_M-like mix of weight types,
// rope_freqs and a byte-level BPE vocabulary of 128 tokens: something for
// `make demo` to run `zincc import` and `zincc generate` on without a
// download. Its text is noise; the path it takes is the real one.
package main

import (
	"flag"
	"fmt"
	"os"
	"strconv"

	"zincc/frontend/gguf"
	"zincc/internal/testmodel"
	"zincc/ir"
)

func main() {
	out := flag.String("o", "tiny-llama3.gguf", "where to write the model")
	flag.Parse()
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
	if err := md.Write(*out); err != nil {
		fmt.Fprintln(os.Stderr, "tinymodel:", err)
		os.Exit(1)
	}
}
