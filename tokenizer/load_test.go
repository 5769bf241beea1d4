package tokenizer

import (
	"maps"
	"math/rand"
	"strings"
	"testing"
	"unicode/utf8"

	"zincc/frontend/gguf"
	"zincc/internal/testmodel"
)

// TestFromKeysRefuses: metadata llama.cpp refuses, or that zincc does not
// implement, gets one clear error naming the key or the name.
func TestFromKeysRefuses(t *testing.T) {
	spm, _ := spmVocab(nil)
	bpe, _ := bpeVocab("qwen2", [][2]string{{"a", "b"}}, nil, nil)
	for _, c := range []struct {
		name string
		base map[string]gguf.Value
		set  map[string]gguf.Value
		want string
	}{
		{"no tokenizer", nil, nil, "no tokenizer"},
		{"model type", spm, map[string]gguf.Value{keyModel: gguf.Uint32(1)}, "tokenizer.ggml.model has type UINT32, want STRING"},
		{"bert", spm, map[string]gguf.Value{keyModel: gguf.String("bert")}, `tokenizer model "bert" is not supported`},
		{"unknown model", spm, map[string]gguf.Value{keyModel: gguf.String("sentencepiece")}, `unknown tokenizer model "sentencepiece"`},
		{"unimplemented pre", bpe, map[string]gguf.Value{keyPre: gguf.String("tekken")}, `pre-tokenizer "tekken" (tokenizer.ggml.pre) is not implemented`},
		{"unknown pre", bpe, map[string]gguf.Value{keyPre: gguf.String("llama4")}, `unknown pre-tokenizer "llama4"`},
		{"pre type", bpe, map[string]gguf.Value{keyPre: gguf.Bool(true)}, "tokenizer.ggml.pre has type BOOL"},
		{"no tokens", spm, map[string]gguf.Value{keyTokens: {}}, "no tokenizer.ggml.tokens"},
		{"tokens type", spm, map[string]gguf.Value{keyTokens: gguf.Array([]int32{1, 2})}, "want ARRAY of STRING"},
		{"tokens scalar", spm, map[string]gguf.Value{keyTokens: gguf.String("a")}, "has type STRING, want ARRAY of STRING"},
		{"empty vocabulary", spm, map[string]gguf.Value{keyTokens: gguf.Array([]string{}), keyScores: {}, keyTokenType: {}}, "is empty"},
		{"duplicate", spm, map[string]gguf.Value{keyTokens: gguf.Array([]string{"a", "b", "a"}), keyScores: {}, keyTokenType: {}}, `tokens 0 and 2 are both "a"`},
		{"empty twins", spm, map[string]gguf.Value{keyTokens: gguf.Array([]string{"", "[EMPTY_0]"}), keyScores: {}, keyTokenType: {}}, "both"},
		{"scores length", spm, map[string]gguf.Value{keyScores: gguf.Array([]float32{1})}, "tokenizer.ggml.scores has 1 entries"},
		{"scores type", spm, map[string]gguf.Value{keyScores: gguf.Array([]float64{1})}, "want ARRAY of FLOAT32"},
		{"types length", spm, map[string]gguf.Value{keyTokenType: gguf.Array(make([]int32, 1<<20))}, "tokenizer.ggml.token_type has 1048576 entries"},
		{"types type", spm, map[string]gguf.Value{keyTokenType: gguf.Array([]uint8{1})}, "want ARRAY of INT32"},
		{"no merges", bpe, map[string]gguf.Value{keyMerges: {}}, "no tokenizer.ggml.merges"},
		{"merges type", bpe, map[string]gguf.Value{keyMerges: gguf.Array([]uint32{1})}, "want ARRAY of STRING"},
		{"negative id", spm, map[string]gguf.Value{keyBOS: gguf.Int32(-1)}, "tokenizer.ggml.bos_token_id is -1, a negative token id"},
		{"id type", spm, map[string]gguf.Value{keyEOT: gguf.String("<|eot_id|>")}, "eot_token_id has type STRING, want an integer"},
		{"id too big", spm, map[string]gguf.Value{keyPAD: gguf.Uint64(1 << 63)}, "padding_token_id has type UINT64, want an integer"},
		{"flag type", spm, map[string]gguf.Value{keyAddBOS: gguf.Uint8(1)}, "add_bos_token has type UINT8, want BOOL"},
		{"space flag type", spm, map[string]gguf.Value{keyAddSpace: gguf.Int32(0)}, "add_space_prefix has type INT32, want BOOL"},
		{"template type", spm, map[string]gguf.Value{keyChatTemplate: gguf.Array([]string{"x"})}, "chat_template has type ARRAY of STRING"},
		{"name type", spm, map[string]gguf.Value{keyGeneralName: gguf.Uint32(3)}, "general.name has type UINT32"},
	} {
		keys := maps.Clone(c.base)
		if keys == nil {
			keys = map[string]gguf.Value{}
		}
		maps.Copy(keys, c.set)
		_, err := FromKeys(keys)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error with %q", c.name, err, c.want)
		}
	}
}

// TestFromKeysTolerates: what llama.cpp accepts, zincc accepts the same way.
func TestFromKeysTolerates(t *testing.T) {
	spm, ids := spmVocab(map[string]gguf.Value{
		keyBOS: gguf.Uint32(1 << 30), // past the vocabulary: the default stays
		keyEOS: gguf.Int64(ids0("</s>")),
		keyEOT: gguf.Uint8(7),
	})
	tok := mustLoad(t, spm)
	if bos, ok := tok.BOS(); !ok || bos != 1 || len(tok.Warnings()) != 1 {
		t.Errorf("BOS = %d %v, warnings %q", bos, ok, tok.Warnings())
	}
	if eot, _ := tok.EOT(); eot != 7 || !tok.IsEndOfGeneration(7) || !tok.IsEndOfGeneration(ids["</s>"]) {
		t.Error("EOT/EOS from integer keys of other widths")
	}
	// Merges that name no token, have no space or are repeated: ignored as
	// llama.cpp ignores them.
	bpe, bids := bpeVocab("gpt-2", [][2]string{{"a", "b"}}, nil, nil)
	bpe[keyMerges] = gguf.Array([]string{"a b", "zz qq", "nospace", "", " x", "a b", "é è"})
	tok = mustLoad(t, bpe)
	if got, err := tok.Encode("abé", EncodeOptions{}); err != nil || !eq(got, want(t, bids, gpt2Map("ab"), gpt2Map("\xc3"), gpt2Map("\xa9"))) {
		t.Errorf("Encode with odd merges = %v %v", got, err)
	}
	// An empty token is named [EMPTY_i]; unknown token types are
	// UNDEFINED, whose piece is empty.
	tok = mustLoad(t, map[string]gguf.Value{
		keyModel: gguf.String("llama"), keyTokens: gguf.Array([]string{"<unk>", "", "x"}),
		keyTokenType: gguf.Array([]int32{2, 1, 99}),
	})
	if s, _ := tok.TokenText(1); s != "[EMPTY_1]" {
		t.Errorf("empty token text %q", s)
	}
	if p, _ := tok.Piece(2); len(p) != 0 {
		t.Errorf("piece of an undefined-type token: %q", p)
	}
}

func ids0(s string) int64 {
	_, ids := spmVocab(nil)
	return int64(ids[s])
}

// TestGGUFFile: the metadata goes through a GGUF file and back, for the
// tiny vocabularies the test models use.
func TestGGUFFile(t *testing.T) {
	for _, c := range []struct {
		keys map[string]gguf.Value
		text string
	}{
		{testmodel.TinySPMVocab(128), "the cat is in the hat.\n"},
		{testmodel.TinyBPEVocab(80, "qwen2"), "the cat is in the hat.\n"},
		{testmodel.TinyBPEVocab(96, "llama-bpe"), "Hello, world 123!"},
		{testmodel.TinyBPEVocab(300, "gpt-2"), "and then"},
	} {
		c.keys[keyChatTemplate] = gguf.String("{{ messages }}")
		w := gguf.NewWriter()
		for k, v := range c.keys {
			if err := w.Set(k, v); err != nil {
				t.Fatal(err)
			}
		}
		data, err := w.Bytes()
		if err != nil {
			t.Fatal(err)
		}
		f, err := gguf.Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		tok, err := FromGGUF(f)
		if err != nil {
			t.Fatal(err)
		}
		n, _ := gguf.AsArray[string](c.keys[keyTokens])
		if tok.VocabSize() != len(n) {
			t.Errorf("%d tokens, want %d", tok.VocabSize(), len(n))
		}
		if s, ok := tok.ChatTemplate(); !ok || s != "{{ messages }}" {
			t.Errorf("chat template %q %v", s, ok)
		}
		ids, err := tok.Encode(c.text, EncodeOptions{AddSpecial: true, ParseSpecial: true})
		if err != nil {
			t.Fatalf("%s: %v", tok.Model(), err)
		}
		eos, _ := tok.EOS()
		if !tok.IsEndOfGeneration(eos) {
			t.Errorf("%s: EOS %d does not end generation", tok.Model(), eos)
		}
		// Without the BOS, the first piece loses the space SentencePiece
		// prefixed (with it, the BOS takes the strip: llama.cpp's rule).
		if text, _ := tok.Decode(ids[1:]); string(text) != c.text && tok.Model() == "llama" {
			t.Errorf("%s: round trip %q", tok.Model(), text)
		}
	}
}

// randomText builds valid UTF-8 from pieces that stress the splitters.
func randomText(r *rand.Rand) string {
	parts := []string{"a", "Z", "é", "ß", "你", "🦙", "1", "٣", "½", " ", "  ", "\t", "\n", "\r", "\r\n", "\u00a0",
		"\u3000", "'", "'s", "'RE", "'ll", ".", ",", "!", "?", "$", "+", "~", "`", "|", "<", "e\u0301", "\u0378",
		"<|im_start|>", "<tool>", "▁", "\x00", "\u2028", "_", "-", "12", "345", "\x1c", "\U0002EBF0", "\ue000"}
	var b strings.Builder
	for i, n := 0, r.Intn(16); i < n; i++ {
		if r.Intn(8) == 0 {
			b.WriteRune(rune(r.Intn(0x30000)))
			continue
		}
		b.WriteString(parts[r.Intn(len(parts))])
	}
	return strings.ToValidUTF8(b.String(), "?")
}

// TestBPERoundTrip: for byte-level BPE, the pieces of the tokens of any
// valid UTF-8 text are that text, under every pre-tokenizer, and Decode
// gives it back where the tokenizer does not clean up spaces.
func TestBPERoundTrip(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	merges := [][2]string{{" ", "t"}, {"h", "e"}, {" t", "he"}, {"1", "2"}, {"'", "s"}, {"\n", "\n"}, {"\xc3", "\xa9"}, {" ", " "}}
	for pre := range preTokenizers {
		keys, _ := bpeVocab(pre, merges, []string{"hello"}, map[string]int32{
			"<|im_start|>": testmodel.TokenControl, "<tool>": testmodel.TokenUserDefined, "<|im_end|>": testmodel.TokenNormal,
			"<mask>": testmodel.TokenControl, // jina-v2-* need it
		})
		tok := mustLoad(t, keys)
		for i := 0; i < 300; i++ {
			text := randomText(r)
			for _, o := range []EncodeOptions{{}, {ParseSpecial: true}} {
				ids, err := tok.Encode(text, o)
				if err != nil {
					t.Fatalf("%s: Encode(%q): %v", pre, text, err)
				}
				var got []byte
				for _, id := range ids {
					p, _ := tok.Piece(id)
					got = append(got, p...)
				}
				if string(got) != text {
					t.Fatalf("%s %+v: pieces of %q are %q", pre, o, text, got)
				}
				if !tok.cleanSpaces {
					if d, _ := tok.Decode(ids); string(d) != text {
						t.Fatalf("%s: Decode(Encode(%q)) = %q", pre, text, d)
					}
				}
			}
		}
	}
}

func TestEncodeRefusesBadUTF8(t *testing.T) {
	keys, _ := spmVocab(nil)
	tok := mustLoad(t, keys)
	if _, err := tok.Encode("ab\xffc", EncodeOptions{}); err == nil || !strings.Contains(err.Error(), "byte 2 is 0xFF") {
		t.Errorf("invalid UTF-8: %v", err)
	}
	if _, err := tok.Encode("\xed\xa0\x80", EncodeOptions{}); err == nil {
		t.Error("a surrogate: no error")
	}
}

// fuzzTokenizers are built once for the fuzzers.
func fuzzTokenizers(t testing.TB) (*Tokenizer, []*Tokenizer) {
	keys, _ := spmVocab(nil)
	spm := mustLoad(t, keys)
	var bpes []*Tokenizer
	for _, pre := range []string{"llama-bpe", "qwen2", "gpt-2", "default", "starcoder", "falcon"} {
		k, _ := bpeVocab(pre, [][2]string{{" ", "t"}, {"h", "e"}, {" t", "he"}, {"1", "2"}}, nil,
			map[string]int32{"<|im_start|>": testmodel.TokenControl, "<tool>": testmodel.TokenUserDefined})
		bpes = append(bpes, mustLoad(t, k))
	}
	return spm, bpes
}

func FuzzEncodeSPM(f *testing.F) {
	for _, s := range []string{"Hello world", " a   ", "€🦙", "<s>Hi</s>", "<tool>x<|im_start|>", "\x00\n\t", "aaaa"} {
		f.Add(s, true, true)
	}
	spm, _ := fuzzTokenizers(f)
	f.Fuzz(func(t *testing.T, text string, add, parse bool) {
		ids, err := spm.Encode(text, EncodeOptions{AddSpecial: add, ParseSpecial: parse})
		if !utf8.ValidString(text) {
			if err == nil {
				t.Fatal("invalid UTF-8 accepted")
			}
			return
		}
		if err != nil {
			t.Fatal(err) // every byte has a token
		}
		d := spm.NewStreamDecoder()
		var streamed []byte
		for _, id := range ids {
			b, err := d.Add(id)
			if err != nil {
				t.Fatal(err)
			}
			if !utf8.Valid(b) {
				t.Fatalf("stream gave invalid UTF-8 %q", b)
			}
			streamed = append(streamed, b...)
		}
		streamed = append(streamed, d.Flush()...)
		if !add && !parse && text != "" && !strings.Contains(text, "<tool>") && string(streamed) != " "+text {
			t.Fatalf("pieces of %q are %q", text, streamed)
		}
		if _, err := spm.Decode(ids); err != nil {
			t.Fatal(err)
		}
	})
}

func FuzzEncodeBPE(f *testing.F) {
	for _, s := range []string{"Hello world", "I'M don't 12345", "\r\n\n  x", "你好🦙", "<|im_start|><tool>", "a\u00a0b\u3000"} {
		f.Add(s, uint8(0), true)
	}
	_, bpes := fuzzTokenizers(f)
	f.Fuzz(func(t *testing.T, text string, which uint8, parse bool) {
		tok := bpes[int(which)%len(bpes)]
		ids, err := tok.Encode(text, EncodeOptions{AddSpecial: true, ParseSpecial: parse})
		if !utf8.ValidString(text) {
			if err == nil {
				t.Fatal("invalid UTF-8 accepted")
			}
			return
		}
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := tok.BOS(); ok && tok.AddBOS() {
			ids = ids[1:] // llama-bpe adds one
		}
		var got []byte
		for _, id := range ids {
			p, err := tok.Piece(id)
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, p...)
		}
		if string(got) != text {
			t.Fatalf("%s: pieces of %q are %q", tok.Pre(), text, got)
		}
	})
}

// FuzzFromGGUF feeds hostile files to FromGGUF and, when one loads, text to
// the tokenizer: errors, never panics.
func FuzzFromGGUF(f *testing.F) {
	spm, _ := spmVocab(nil)
	bpe, _ := bpeVocab("llama-bpe", [][2]string{{"a", "b"}}, nil, map[string]int32{"<|eot_id|>": testmodel.TokenControl})
	phi, _ := spmVocab(map[string]gguf.Value{keyGeneralName: gguf.String("phi3")})
	for _, keys := range []map[string]gguf.Value{spm, bpe, phi, testmodel.TinySPMVocab(40), testmodel.TinyBPEVocab(40, "qwen2"),
		{keyModel: gguf.String("gpt2"), keyTokens: gguf.Array([]string{"a", "b"}), keyMerges: gguf.Array([]string{"a b", "b"}),
			keyBOS: gguf.Uint32(1), keyAddEOS: gguf.Bool(true), keyTokenType: gguf.Array([]int32{3, 4})},
		{keyModel: gguf.String("llama"), keyTokens: gguf.Array([]string{"", "<0x41>", "<0x"}), keyTokenType: gguf.Array([]int32{6, 6, 6}),
			keyScores: gguf.Array([]float32{1, 2, 3}), keyEOS: gguf.Int8(-3)},
	} {
		w := gguf.NewWriter()
		for k, v := range keys {
			if err := w.Set(k, v); err != nil {
				f.Fatal(err)
			}
		}
		data, err := w.Bytes()
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		file, err := gguf.Parse(data)
		if err != nil {
			return
		}
		tok, err := FromGGUF(file)
		if err != nil {
			if err.Error() == "" {
				t.Fatal("empty error")
			}
			return
		}
		for _, s := range []string{"Hello world", "ab <|eot_id|> ab", "<0x41>A", "\n12 é🦙", ""} {
			ids, err := tok.Encode(s, EncodeOptions{AddSpecial: true, ParseSpecial: true})
			if err != nil {
				continue
			}
			if _, err := tok.Decode(ids); err != nil {
				t.Fatal(err)
			}
		}
		for id := uint32(0); id < uint32(min(tok.VocabSize(), 64)); id++ {
			if _, err := tok.Piece(id); err != nil {
				t.Fatal(err)
			}
			tok.IsEndOfGeneration(id)
		}
	})
}
