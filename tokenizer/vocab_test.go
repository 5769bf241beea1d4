package tokenizer

import (
	"maps"
	"strings"
	"testing"

	"zincc/frontend/gguf"
	_ "zincc/internal/golden"
	"zincc/internal/testmodel"
)

// The vocabularies of the tests, built here; expected ids are looked up by
// token text in the lists below, so each test states its expectation as the
// token texts the algorithm's definition yields.

// spmWords are the multi-character tokens of the SentencePiece test
// vocabulary with their scores (higher merges first).
var spmWords = []struct {
	text  string
	score float32
}{
	{"ll", -1}, {"lo", -1.5}, {"▁H", -2}, {"▁w", -2.1}, {"or", -2.2}, {"He", -2.5}, {"llo", -3},
	{"▁He", -3.5}, {"▁Hello", -4}, {"▁wor", -5}, {"ld", -6}, {"▁world", -7},
	{"aa", -1}, {"▁▁", -1}, {"▁Hi", -2.6}, {"12", -1}, {"▁1", -0.5},
}

// spmChars are its single characters (scores do not matter for them).
const spmChars = "▁Helowrdaix12"

// spmVocab is a SentencePiece vocabulary: <unk> 0, <s> 1, </s> 2, the 256
// byte tokens <0x00>..<0xFF> as ids 3..258 (as Llama 2 has them), the
// characters, the words, and a control and a user-defined token.
func spmVocab(extra map[string]gguf.Value) (map[string]gguf.Value, map[string]uint32) {
	tokens := []string{"<unk>", "<s>", "</s>"}
	types := []int32{testmodel.TokenUnknown, testmodel.TokenControl, testmodel.TokenControl}
	for b := 0; b < 256; b++ {
		tokens = append(tokens, "<0x"+strings.ToUpper(hex2(byte(b)))+">")
		types = append(types, testmodel.TokenByte)
	}
	scores := make([]float32, len(tokens))
	for _, r := range spmChars {
		tokens, types, scores = append(tokens, string(r)), append(types, testmodel.TokenNormal), append(scores, -100)
	}
	for _, w := range spmWords {
		tokens, types, scores = append(tokens, w.text), append(types, testmodel.TokenNormal), append(scores, w.score)
	}
	tokens, types, scores = append(tokens, "<|im_start|>"), append(types, testmodel.TokenControl), append(scores, 0)
	tokens, types, scores = append(tokens, "<tool>"), append(types, testmodel.TokenUserDefined), append(scores, 0)
	keys := testmodel.SPMVocab(tokens, scores, types)
	maps.Copy(keys, extra)
	return keys, index(tokens)
}

func hex2(b byte) string {
	const digits = "0123456789abcdef"
	return string([]byte{digits[b>>4], digits[b&15]})
}

func index(tokens []string) map[string]uint32 {
	ids := map[string]uint32{}
	for i, s := range tokens {
		ids[s] = uint32(i)
	}
	return ids
}

// gpt2Map is GPT-2's bytes_to_unicode, written here from its definition:
// printable bytes stand for themselves, the rest for U+0100 + n in order.
func gpt2Map(s string) string {
	var b strings.Builder
	for _, c := range []byte(s) {
		b.WriteRune(gpt2Rune(c))
	}
	return b.String()
}

func gpt2Rune(c byte) rune {
	n := rune(0)
	for x := 0; x < 256; x++ {
		printable := (x >= '!' && x <= '~') || (x >= 0xA1 && x <= 0xAC) || (x >= 0xAE && x <= 0xFF)
		if x == int(c) {
			if printable {
				return rune(c)
			}
			return 256 + n
		}
		if !printable {
			n++
		}
	}
	panic("unreachable")
}

// bpeVocab is a byte-level BPE vocabulary: the 256 byte tokens (id = byte),
// the merged tokens of merges (in rank order; "A B" with A and B given as
// text, mapped here), then specials. words are extra tokens no merge makes.
func bpeVocab(pre string, merges [][2]string, words []string, specials map[string]int32) (map[string]gguf.Value, map[string]uint32) {
	var tokens, ms []string
	var types []int32
	for b := 0; b < 256; b++ {
		tokens, types = append(tokens, gpt2Map(string([]byte{byte(b)}))), append(types, testmodel.TokenNormal)
	}
	have := map[string]bool{}
	for _, m := range merges {
		ms = append(ms, gpt2Map(m[0])+" "+gpt2Map(m[1]))
		if w := gpt2Map(m[0] + m[1]); !have[w] {
			tokens, types = append(tokens, w), append(types, testmodel.TokenNormal)
			have[w] = true
		}
	}
	for _, w := range words {
		tokens, types = append(tokens, gpt2Map(w)), append(types, testmodel.TokenNormal)
	}
	for _, s := range sortedKeys(specials) {
		tokens, types = append(tokens, s), append(types, specials[s])
	}
	return testmodel.BPEVocab(pre, tokens, types, ms), index(tokens)
}

func sortedKeys[V any](m map[string]V) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	for i := range ks {
		for j := i + 1; j < len(ks); j++ {
			if ks[j] < ks[i] {
				ks[i], ks[j] = ks[j], ks[i]
			}
		}
	}
	return ks
}

func mustLoad(t testing.TB, keys map[string]gguf.Value) *Tokenizer {
	t.Helper()
	tok, err := FromKeys(keys)
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

// want turns token texts into ids; a text written ⟨0xNN⟩ is a byte: in
// SentencePiece its <0xNN> token, in BPE its mapped character.
func want(t *testing.T, ids map[string]uint32, texts ...string) []uint32 {
	t.Helper()
	out := make([]uint32, len(texts))
	for i, s := range texts {
		id, ok := ids[s]
		if !ok {
			t.Fatalf("test vocabulary has no %q", s)
		}
		out[i] = id
	}
	return out
}

func eq(a, b []uint32) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
