package tokenizer

import (
	"testing"

	"zincc/frontend/gguf"
)

// TestSPMEncode checks SentencePiece tokenization on the test vocabulary.
// "Hello world" becomes "▁Hello▁world" (prefix and escape); the merges, by
// score: ll(-1) [lo(-1.5) is then stale] ▁H(-2) ▁w(-2.1) or(-2.2) [He stale]
// llo(-3) ▁He(-3.5) ▁Hello(-4) ▁wor(-5) ld(-6) ▁world(-7).
func TestSPMEncode(t *testing.T) {
	keys, ids := spmVocab(nil)
	tok := mustLoad(t, keys)
	plain := EncodeOptions{}
	for _, c := range []struct {
		text string
		o    EncodeOptions
		want []string
	}{
		{"Hello world", plain, []string{"▁Hello", "▁world"}},
		{"Hello world", EncodeOptions{AddSpecial: true}, []string{"<s>", "▁Hello", "▁world"}},
		// Equal scores: the leftmost pair merges first.
		{"aaa", plain, []string{"▁", "aa", "a"}},
		// A white-space run: "▁▁a▁▁▁"; the ▁▁ pairs tie and the leftmost
		// merge first, and there is no ▁▁▁.
		{" a   ", plain, []string{"▁▁", "a", "▁▁", "▁"}},
		// Digits merge like anything else: "▁12" → ▁1(-0.5) beats 12(-1).
		{"12", plain, []string{"▁1", "2"}},
		// Byte fallback: € is E2 82 AC, with no token of its own.
		{"€", plain, []string{"▁", "<0xE2>", "<0x82>", "<0xAC>"}},
		// A newline has no token but its byte.
		{"\n", plain, []string{"▁", "<0x0A>"}},
		// 🦙 F0 9F A6 99.
		{"i🦙", plain, []string{"▁", "i", "<0xF0>", "<0x9F>", "<0xA6>", "<0x99>"}},
		// Special tokens: parsed, each text fragment after one gets the
		// space prefix again.
		{"<s>Hi</s>", EncodeOptions{ParseSpecial: true}, []string{"<s>", "▁Hi", "</s>"}},
		{"<s>Hi</s>", EncodeOptions{AddSpecial: true, ParseSpecial: true}, []string{"<s>", "<s>", "▁Hi", "</s>"}},
		{"x<s>x", EncodeOptions{ParseSpecial: true}, []string{"▁", "x", "<s>", "▁", "x"}},
		// Not parsed: the characters, "<", "s", ">" as byte tokens.
		{"<s>", plain, []string{"▁", "<0x3C>", "<0x73>", "<0x3E>"}},
		// A user-defined token is a token even without ParseSpecial; a
		// control one is not.
		{"<tool>i", plain, []string{"<tool>", "▁", "i"}},
		{"<|im_start|>", EncodeOptions{ParseSpecial: true}, []string{"<|im_start|>"}},
		{"", EncodeOptions{AddSpecial: true}, []string{"<s>"}},
		{"", plain, nil},
	} {
		got, err := tok.Encode(c.text, c.o)
		if err != nil {
			t.Errorf("Encode(%q, %+v): %v", c.text, c.o, err)
			continue
		}
		if w := want(t, ids, c.want...); !eq(got, w) {
			t.Errorf("Encode(%q, %+v) = %v, want %v %q", c.text, c.o, got, w, c.want)
		}
	}
}

func TestSPMOptions(t *testing.T) {
	keys, ids := spmVocab(map[string]gguf.Value{
		"tokenizer.ggml.add_space_prefix": gguf.Bool(false),
		"tokenizer.ggml.add_bos_token":    gguf.Bool(false),
		"tokenizer.ggml.add_eos_token":    gguf.Bool(true),
	})
	tok := mustLoad(t, keys)
	got, err := tok.Encode("Hello world", EncodeOptions{AddSpecial: true})
	if w := want(t, ids, "He", "llo", "▁world", "</s>"); err != nil || !eq(got, w) {
		t.Errorf("no space prefix, EOS added: %v %v, want %v", got, err, w)
	}
	// Decode without the prefix rule keeps a leading space.
	if s, _ := tok.Decode(want(t, ids, "▁world")); string(s) != " world" {
		t.Errorf("Decode = %q", s)
	}
}

// TestSPMNoByteToken: a byte with neither <0xNN> nor a one-byte token is an
// error (llama.cpp throws).
func TestSPMNoByteToken(t *testing.T) {
	tok := mustLoad(t, map[string]gguf.Value{
		"tokenizer.ggml.model":  gguf.String("llama"),
		"tokenizer.ggml.tokens": gguf.Array([]string{"<unk>", "<s>", "</s>", "▁", "a"}),
	})
	if got, err := tok.Encode("a", EncodeOptions{}); err != nil || !eq(got, []uint32{3, 4}) {
		t.Errorf("Encode(a) = %v, %v", got, err)
	}
	if _, err := tok.Encode("é", EncodeOptions{}); err == nil {
		t.Error("é without byte tokens: no error")
	}
}

func TestSPMDecode(t *testing.T) {
	keys, ids := spmVocab(nil)
	tok := mustLoad(t, keys)
	seq := want(t, ids, "<s>", "▁Hello", "▁world", "</s>")
	for _, c := range []struct {
		o    DecodeOptions
		want string
	}{
		{DecodeOptions{UnparseSpecial: true}, "<s> Hello world</s>"},
		{DecodeOptions{}, " Hello world"}, // the BOS took the leading-space strip
		{DecodeOptions{RemoveSpecial: true}, " Hello world"},
		{DecodeOptions{RemoveSpecial: true, UnparseSpecial: true}, " Hello world</s>"}, // add_eos is off
	} {
		if got, err := tok.DecodeWith(seq, c.o); err != nil || string(got) != c.want {
			t.Errorf("DecodeWith(%+v) = %q, %v; want %q", c.o, got, err, c.want)
		}
	}
	if got, _ := tok.Decode(want(t, ids, "▁Hello", "▁world")); string(got) != "Hello world" {
		t.Errorf("Decode = %q", got)
	}
	if got, _ := tok.Decode(want(t, ids, "<0xE2>", "<0x82>", "<0xAC>", "<tool>", "<unk>")); string(got) != "€<tool><unk>" {
		t.Errorf("Decode of bytes = %q", got)
	}
	if _, err := tok.Decode([]uint32{uint32(tok.VocabSize())}); err == nil {
		t.Error("Decode of an id past the vocabulary: no error")
	}
	for id, p := range map[string]string{"<0x41>": "A", "▁Hello": " Hello", "<s>": "<s>", "<tool>": "<tool>"} {
		if got, _ := tok.Piece(ids[id]); string(got) != p {
			t.Errorf("Piece(%s) = %q, want %q", id, got, p)
		}
	}
}

func TestHexByte(t *testing.T) {
	for text, b := range map[string]byte{"<0x0A>": 10, "<0xff>": 255, "<0xF>": 15, "<0x>": 0, "<0xZZ>": 0, "<0x1Z>": 1, "ab": 0} {
		if got := hexByte(text); got != b {
			t.Errorf("hexByte(%q) = %d, want %d", text, got, b)
		}
	}
}
