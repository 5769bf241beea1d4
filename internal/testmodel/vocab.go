package testmodel

import (
	"fmt"

	"zincc/frontend/gguf"
)

// Token types of tokenizer.ggml.token_type (llama.cpp's llama_token_type).
const (
	TokenNormal      int32 = 1
	TokenUnknown     int32 = 2
	TokenControl     int32 = 3
	TokenUserDefined int32 = 4
	TokenUnused      int32 = 5
	TokenByte        int32 = 6
)

// SPMVocab is the metadata of a SentencePiece ("llama") tokenizer, for
// Model.Keys: the tokens, their scores (the higher merges first) and types
// (nil: all normal; scores nil: none written). Add special ids and flags
// (tokenizer.ggml.bos_token_id, add_bos_token, ...) to the map as needed.
func SPMVocab(tokens []string, scores []float32, types []int32) map[string]gguf.Value {
	keys := map[string]gguf.Value{
		"tokenizer.ggml.model":  gguf.String("llama"),
		"tokenizer.ggml.tokens": gguf.Array(tokens),
	}
	if scores != nil {
		keys["tokenizer.ggml.scores"] = gguf.Array(scores)
	}
	if types != nil {
		keys["tokenizer.ggml.token_type"] = gguf.Array(types)
	}
	return keys
}

// BPEVocab is the metadata of a byte-level BPE ("gpt2") tokenizer, for
// Model.Keys: the pre-tokenizer ("" writes none), the tokens as the
// vocabulary spells them (bytes mapped to GPT-2's printable stand-ins: "Ġ"
// for a space), their types (nil: all normal) and the merges, "A B" in rank
// order.
func BPEVocab(pre string, tokens []string, types []int32, merges []string) map[string]gguf.Value {
	keys := map[string]gguf.Value{
		"tokenizer.ggml.model":  gguf.String("gpt2"),
		"tokenizer.ggml.tokens": gguf.Array(tokens),
		"tokenizer.ggml.merges": gguf.Array(merges),
	}
	if pre != "" {
		keys["tokenizer.ggml.pre"] = gguf.String(pre)
	}
	if types != nil {
		keys["tokenizer.ggml.token_type"] = gguf.Array(types)
	}
	return keys
}

// tinyWords are the merged tokens of the tiny vocabularies, in merge order.
var tinyWords = [][2]string{
	{"t", "h"}, {"th", "e"}, {" ", "the"}, {"i", "n"}, {"a", "n"}, {"an", "d"}, {" ", "and"},
	{"o", "n"}, {"e", "r"}, {" ", "a"}, {" ", "in"}, {"r", "e"}, {"i", "s"}, {" ", "is"},
	{"o", "u"}, {"e", "n"}, {"e", "d"}, {" ", "w"}, {" ", "s"}, {"o", "r"}, {"i", "t"},
	{" ", "it"}, {"a", "t"}, {" ", "c"}, {"a", "r"}, {"h", "e"}, {" ", "he"}, {"l", "l"},
	{" ", "f"}, {" ", "o"}, {" ", "b"}, {" ", "m"}, {" ", "d"}, {" ", "p"}, {"in", "g"},
}

// tinyChars are the single characters of the tiny vocabularies.
const tinyChars = " \nabcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.,!?'\"-:;()"

// TinySPMVocab is a SentencePiece vocabulary of exactly n tokens (n ≥ 16),
// for the tiny test models: <unk> 0, <s> 1, </s> 2, the byte token <0x0A>,
// single characters (space as ▁), then merged words while room remains.
// BOS is added; text outside its characters fails to encode (there is no
// byte fallback but for the newline).
func TinySPMVocab(n int) map[string]gguf.Value {
	if n < 16 {
		panic(fmt.Sprintf("testmodel: TinySPMVocab(%d): need at least 16 tokens", n))
	}
	tokens := []string{"<unk>", "<s>", "</s>", "<0x0A>"}
	types := []int32{TokenUnknown, TokenControl, TokenControl, TokenByte}
	spm := func(s string) string {
		out := ""
		for _, r := range s {
			if r == ' ' {
				out += "\u2581"
			} else {
				out += string(r)
			}
		}
		return out
	}
	for _, r := range tinyChars {
		if r != '\n' {
			tokens = append(tokens, spm(string(r)))
			types = append(types, TokenNormal)
		}
	}
	for _, w := range tinyWords {
		tokens = append(tokens, spm(w[0]+w[1]))
		types = append(types, TokenNormal)
	}
	for i := 0; len(tokens) < n; i++ {
		tokens = append(tokens, fmt.Sprintf("<unused%d>", i))
		types = append(types, TokenUnused)
	}
	tokens, types = tokens[:n], types[:n]
	scores := make([]float32, n)
	for i := range scores {
		scores[i] = -float32(i) // earlier merges win
	}
	keys := SPMVocab(tokens, scores, types)
	keys["tokenizer.ggml.bos_token_id"] = gguf.Uint32(1)
	keys["tokenizer.ggml.eos_token_id"] = gguf.Uint32(2)
	keys["tokenizer.ggml.unknown_token_id"] = gguf.Uint32(0)
	keys["tokenizer.ggml.add_bos_token"] = gguf.Bool(true)
	return keys
}

// TinyBPEVocab is a byte-level BPE vocabulary of exactly n tokens (n ≥ 16)
// with pre-tokenizer pre (qwen2, llama-bpe, gpt-2, ...), for the tiny test
// models: single characters, merged words while room remains, and
// <|endoftext|> as the last token, which is BOS, EOS and the end of
// generation. Bytes outside its characters are dropped when encoding (as
// llama.cpp drops bytes without a token).
func TinyBPEVocab(n int, pre string) map[string]gguf.Value {
	if n < 16 {
		panic(fmt.Sprintf("testmodel: TinyBPEVocab(%d): need at least 16 tokens", n))
	}
	bpe := func(s string) string {
		out := ""
		for _, r := range s {
			switch r {
			case ' ':
				out += "\u0120"
			case '\n':
				out += "\u010A"
			default:
				out += string(r)
			}
		}
		return out
	}
	var tokens, merges []string
	for _, r := range tinyChars {
		tokens = append(tokens, bpe(string(r)))
	}
	for _, w := range tinyWords {
		if len(tokens) >= n-1 {
			break
		}
		tokens = append(tokens, bpe(w[0]+w[1]))
		merges = append(merges, bpe(w[0])+" "+bpe(w[1]))
	}
	if len(tokens) > n-1 {
		tokens = tokens[:n-1]
	}
	for i := 0; len(tokens) < n-1; i++ {
		tokens = append(tokens, fmt.Sprintf("<|unused%d|>", i))
	}
	types := make([]int32, n)
	for i := range types {
		types[i] = TokenNormal
	}
	tokens = append(tokens, "<|endoftext|>")
	types[n-1] = TokenControl
	keys := BPEVocab(pre, tokens, types, merges)
	keys["tokenizer.ggml.bos_token_id"] = gguf.Uint32(uint32(n - 1))
	keys["tokenizer.ggml.eos_token_id"] = gguf.Uint32(uint32(n - 1))
	return keys
}
