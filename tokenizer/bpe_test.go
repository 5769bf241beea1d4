package tokenizer

import (
	"strings"
	"testing"
	"unicode"

	"zincc/frontend/gguf"
	"zincc/internal/testmodel"
)

// TestPreTokenizers checks each pre-tokenizer's pieces against what its
// pattern matches, worked out by hand from the pattern (and, where llama.cpp
// departs from it, from llama.cpp's code).
func TestPreTokenizers(t *testing.T) {
	for _, c := range []struct {
		pre, text string
		want      []string
	}{
		{"llama-bpe", "Hello world", []string{"Hello", " world"}},
		{"llama-bpe", "I'm", []string{"I", "'m"}},
		{"llama-bpe", "I'M WE'LL", []string{"I", "'M", " WE", "'LL"}}, // case-insensitive contractions
		{"llama-bpe", "don't", []string{"don", "'t"}},
		{"llama-bpe", "'hello", []string{"'hello"}}, // [^\r\n\p{L}\p{N}]?\p{L}+
		{"llama-bpe", "12345", []string{"123", "45"}},
		{"llama-bpe", "٣٤٥٦", []string{"٣٤٥", "٦"}}, // \p{N} is not only ASCII
		{"llama-bpe", "a 1", []string{"a", " ", "1"}},
		{"llama-bpe", "$100", []string{"$", "100"}},
		{"llama-bpe", "..abc", []string{"..", "abc"}},
		{"llama-bpe", "?abc", []string{"?abc"}},
		{"llama-bpe", "hi!!\n", []string{"hi", "!!\n"}},
		{"llama-bpe", "a\n\nb", []string{"a", "\n\n", "b"}},
		{"llama-bpe", "x  \n y", []string{"x", "  \n", " y"}},
		{"llama-bpe", "a\tb", []string{"a", "\tb"}},
		{"llama-bpe", "  hi", []string{" ", " hi"}},
		{"llama-bpe", "hi  ", []string{"hi", "  "}},
		{"llama-bpe", "hi   there", []string{"hi", "  ", " there"}},
		{"llama-bpe", " ", []string{" "}},
		{"llama-bpe", "你好世界", []string{"你好世界"}},
		{"llama-bpe", "e\u0301", []string{"e", "\u0301"}}, // a combining mark is not \p{L}
		{"llama-bpe", "a\u00a0b", []string{"a", "\u00a0b"}},
		{"llama-bpe", "a\x1cb", []string{"a", "\x1cb"}}, // U+001C is not white space here
		{"qwen2", "12345", []string{"1", "2", "3", "4", "5"}},
		{"qwen2", "I'M 12", []string{"I", "'M", " ", "1", "2"}},
		{"gpt-2", "Hello world", []string{"Hello", " world"}},
		{"gpt-2", "I'M it's", []string{"I", "'", "M", " it", "'s"}}, // case-sensitive contractions
		{"gpt-2", "a\tb", []string{"a", "\t", "b"}},
		{"gpt-2", "12345 123", []string{"12345", " 123"}},
		{"gpt-2", "a  b", []string{"a", " ", " b"}},
		{"gpt-2", "hi  ", []string{"hi", "  "}},
		{"gpt-2", "x\n\ny", []string{"x", "\n", "\n", "y"}},
		{"default", "Hello, world! 12345 abc", []string{"Hello", ",", " world", "!", " ", "123", "45", " abc"}},
		{"default", "x=`y`", []string{"x", "=", "`", "y", "`"}},
		{"falcon", "x=`y`", []string{"x", "=`", "y", "`"}},
		{"falcon", "1234567", []string{"123", "456", "7"}},
		{"starcoder", "abc123 x", []string{"abc", "1", "2", "3", " x"}},
	} {
		p, err := lookupPre(c.pre)
		if err != nil {
			t.Fatal(err)
		}
		cpts := []rune(c.text)
		var got []string
		for _, s := range p.split(cpts) {
			got = append(got, string(cpts[s.start:s.end]))
		}
		if strings.Join(got, "|") != strings.Join(c.want, "|") || len(got) != len(c.want) {
			t.Errorf("%s %q: %q, want %q", c.pre, c.text, got, c.want)
		}
	}
}

func TestByteMap(t *testing.T) {
	for b, r := range map[byte]rune{' ': 'Ġ', '\n': 'Ċ', 0: 0x100, 0x7F: 0x121, 0x80: 0x122, 0xA0: 0x142, 0xAD: 0x143, 'a': 'a', 0xFF: 0xFF} {
		if byteRune[b] != r || runeByte[r] != b {
			t.Errorf("byte %#x ↔ %U: have %U", b, r, byteRune[b])
		}
	}
	for b := 0; b < 256; b++ {
		if byteRune[b] != gpt2Rune(byte(b)) {
			t.Errorf("byte %#x: %U, the definition says %U", b, byteRune[b], gpt2Rune(byte(b)))
		}
	}
}

func TestBPEMerges(t *testing.T) {
	merges := [][2]string{{"b", "c"}, {"a", "b"}, {"a", "bc"}, {"x", "x"}, {" ", "w"}, {"o", "r"}, {" w", "or"}, {"y", "z"}, {" ", "q"}}
	keys, ids := bpeVocab("gpt-2", merges, []string{"hello"}, nil)
	keys["tokenizer.ggml.merges"] = gguf.Array(append(mergeStrings(merges), "y z")) // "yz" is no token
	delete(ids, gpt2Map("yz"))
	tok := mustLoad(t, keys)
	enc := func(s string) []uint32 {
		t.Helper()
		out, err := tok.Encode(s, EncodeOptions{})
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	m := gpt2Map
	for _, c := range []struct {
		text string
		want []string
	}{
		// b+c (rank 0) before a+b (rank 1), then a+bc (rank 2).
		{"abc", []string{"abc"}},
		// Equal ranks: the leftmost pair first.
		{"xxx", []string{"xx", "x"}},
		{" world", []string{" wor", "l", "d"}},
		// No ignore_merges for gpt-2: "hello" is a token but no merge makes it.
		{"hello", []string{"h", "e", "l", "l", "o"}},
		// Multi-byte UTF-8: each byte its own symbol.
		{"é", []string{"\xc3", "\xa9"}},
	} {
		var w []string
		for _, s := range c.want {
			w = append(w, m(s))
		}
		if got := enc(c.text); !eq(got, want(t, ids, w...)) {
			t.Errorf("Encode(%q) = %v, want %q", c.text, got, c.want)
		}
	}
	// A merge whose result is no token: llama.cpp looks up each byte of the
	// mapped text ("Ġq" is C4 A0 71) as a one-byte token and drops the
	// misses, so the space is lost.
	keys2, ids2 := bpeVocab("gpt-2", [][2]string{{" ", "q"}}, nil, nil)
	delete(ids2, m(" q"))
	toks, _ := gguf.AsArray[string](keys2["tokenizer.ggml.tokens"])
	keys2["tokenizer.ggml.tokens"] = gguf.Array(toks[:256])
	keys2["tokenizer.ggml.token_type"] = gguf.Array(make32(256, testmodel.TokenNormal))
	tok2 := mustLoad(t, keys2)
	if got, _ := tok2.Encode(" q", EncodeOptions{}); !eq(got, want(t, ids2, "q")) {
		t.Errorf(`" q" with a merge to no token: %v, want just q`, got)
	}
	// ignore_merges (llama-bpe): a piece that is a token is taken whole.
	keys3, ids3 := bpeVocab("llama-bpe", nil, []string{"hello"}, nil)
	tok3 := mustLoad(t, keys3)
	if got, _ := tok3.Encode("hello", EncodeOptions{}); !eq(got, want(t, ids3, "hello")) {
		t.Errorf("llama-bpe hello = %v", got)
	}
}

func mergeStrings(ms [][2]string) []string {
	var out []string
	for _, m := range ms {
		out = append(out, gpt2Map(m[0])+" "+gpt2Map(m[1]))
	}
	return out
}

func make32(n int, v int32) []int32 {
	out := make([]int32, n)
	for i := range out {
		out[i] = v
	}
	return out
}

func TestBPESpecials(t *testing.T) {
	keys, ids := bpeVocab("qwen2", nil, nil, map[string]int32{
		"<|im_start|>": testmodel.TokenControl, "<|im_end|>": testmodel.TokenNormal,
		"<tool>": testmodel.TokenUserDefined, "ab": testmodel.TokenUserDefined, "abc": testmodel.TokenUserDefined,
	})
	tok := mustLoad(t, keys)
	m := gpt2Map
	for _, c := range []struct {
		text string
		o    EncodeOptions
		want []string
	}{
		{"<|im_start|>x<|im_end|>", EncodeOptions{ParseSpecial: true}, []string{"<|im_start|>", "x", "<|im_end|>"}},
		// Without ParseSpecial a control token is text; <|im_end|>, typed
		// NORMAL, has been made CONTROL by its text (llama.cpp does so).
		{"<|im_end|>", EncodeOptions{}, []string{m("<"), m("|"), m("i"), m("m"), m("_"), m("e"), m("n"), m("d"), m("|"), m(">")}},
		// User-defined tokens match either way, longest first.
		{"abcab", EncodeOptions{}, []string{"abc", "ab"}},
		{"x<tool>", EncodeOptions{}, []string{"x", "<tool>"}},
		// qwen2 adds no BOS.
		{"x", EncodeOptions{AddSpecial: true}, []string{"x"}},
	} {
		got, err := tok.Encode(c.text, c.o)
		if w := want(t, ids, c.want...); err != nil || !eq(got, w) {
			t.Errorf("Encode(%q, %+v) = %v %v, want %v", c.text, c.o, got, err, w)
		}
	}
	end := ids["<|im_end|>"]
	if !tok.IsEndOfGeneration(end) || !tok.IsControl(end) {
		t.Error("<|im_end|> is not end-of-generation and control")
	}
	if eot, ok := tok.EOT(); !ok || eot != end {
		t.Errorf("EOT = %d %v, want %d (guessed by its text)", eot, ok, end)
	}
	if tok.IsEndOfGeneration(ids["<|im_start|>"]) || tok.IsEndOfGeneration(uint32(tok.VocabSize())) {
		t.Error("end of generation: wrong tokens")
	}
	if p, _ := tok.Piece(end); string(p) != "<|im_end|>" {
		t.Errorf("Piece(<|im_end|>) = %q", p)
	}
	if s, _ := tok.DecodeWith([]uint32{ids["x"], end}, DecodeOptions{}); string(s) != "x" {
		t.Errorf("DecodeWith without UnparseSpecial = %q", s)
	}
}

func TestBOSDefaults(t *testing.T) {
	keys, ids := bpeVocab("llama-bpe", nil, nil, map[string]int32{"<|begin_of_text|>": testmodel.TokenControl})
	keys["tokenizer.ggml.bos_token_id"] = gguf.Uint32(ids["<|begin_of_text|>"])
	tok := mustLoad(t, keys)
	if got, _ := tok.Encode("x", EncodeOptions{AddSpecial: true}); !eq(got, want(t, ids, "<|begin_of_text|>", "x")) {
		t.Errorf("llama-bpe adds BOS by default: %v", got)
	}
	keys["tokenizer.ggml.add_bos_token"] = gguf.Bool(false)
	tok = mustLoad(t, keys)
	if got, _ := tok.Encode("x", EncodeOptions{AddSpecial: true}); !eq(got, want(t, ids, "x")) {
		t.Errorf("add_bos_token false: %v", got)
	}
	// A gpt2 vocabulary too small for llama.cpp's default BOS id (11) has
	// none, and asking for it is an error.
	small := mustLoad(t, map[string]gguf.Value{
		"tokenizer.ggml.model": gguf.String("gpt2"), "tokenizer.ggml.pre": gguf.String("llama-bpe"),
		"tokenizer.ggml.tokens": gguf.Array([]string{"a", "b"}), "tokenizer.ggml.merges": gguf.Array([]string{}),
	})
	if _, ok := small.BOS(); ok {
		t.Error("BOS in a 2-token vocabulary")
	}
	if _, err := small.Encode("a", EncodeOptions{AddSpecial: true}); err == nil {
		t.Error("add_bos without a BOS token: no error")
	}
}

// TestPhi3Strip: a model named Phi-3 strips white space after its special
// tokens (llama.cpp sets RSTRIP on them), except <s>, <unk>, <|endoftext|>.
func TestPhi3Strip(t *testing.T) {
	keys, _ := spmVocab(map[string]gguf.Value{"general.name": gguf.String("Phi-3-mini")})
	toks, _ := gguf.AsArray[string](keys["tokenizer.ggml.tokens"])
	types, _ := gguf.AsArray[int32](keys["tokenizer.ggml.token_type"])
	scores, _ := gguf.AsArray[float32](keys["tokenizer.ggml.scores"])
	toks = append(append([]string(nil), toks...), "<|endoftext|>", "<|user|>")
	types = append(append([]int32(nil), types...), testmodel.TokenControl, testmodel.TokenControl)
	scores = append(append([]float32(nil), scores...), 0, 0)
	keys["tokenizer.ggml.tokens"], keys["tokenizer.ggml.token_type"], keys["tokenizer.ggml.scores"] = gguf.Array(toks), gguf.Array(types), gguf.Array(scores)
	ids := index(toks)
	tok := mustLoad(t, keys)
	got, _ := tok.Encode("<|user|>\n Hi<s> Hi", EncodeOptions{ParseSpecial: true})
	if w := want(t, ids, "<|user|>", "▁Hi", "<s>", "▁▁", "H", "i"); !eq(got, w) {
		t.Errorf("Phi-3 = %v, want %v", got, w)
	}
	delete(keys, "tokenizer.ggml.tokens")
	keys["tokenizer.ggml.tokens"] = gguf.Array(toks[:len(toks)-2])
	keys["tokenizer.ggml.token_type"] = gguf.Array(types[:len(types)-2])
	keys["tokenizer.ggml.scores"] = gguf.Array(scores[:len(scores)-2])
	if _, err := FromKeys(keys); err == nil || !strings.Contains(err.Error(), "<|endoftext|>") {
		t.Errorf("Phi-3 without <|endoftext|>: %v (llama.cpp does not load it)", err)
	}
}

func TestCleanSpaces(t *testing.T) {
	for in, out := range map[string]string{
		"a , b . c ? d !": "a, b. c? d!",
		"x ' y":           "x'y",
		"he 's I 'm":      "he's I'm",
		"we 're they 've": "we're they've",
		"don 't they 'll": "don 't they 'll",
		"a ' ' b":         "a'' b", // the skipped space hides the second apostrophe's
		" ,":              ",",
		"":                "",
		"'":               "'",
		" 's":             "'s",
	} {
		if got := string(cleanSpaces([]byte(in))); got != out {
			t.Errorf("cleanSpaces(%q) = %q, want %q", in, got, out)
		}
	}
}

func TestStreamDecoder(t *testing.T) {
	keys, ids := spmVocab(nil)
	tok := mustLoad(t, keys)
	d := tok.NewStreamDecoder()
	var got []string
	for _, s := range []string{"▁Hello", "<0xE2>", "<0x82>", "<0xAC>", "<0x80>", "<0xF0>", "<0x9F>"} {
		b, err := d.Add(ids[s])
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, string(b))
	}
	got = append(got, string(d.Flush()), string(d.Flush()))
	w := []string{" Hello", "", "", "€", "\uFFFD", "", "", "\uFFFD", ""}
	if strings.Join(got, "|") != strings.Join(w, "|") {
		t.Errorf("stream %q, want %q", got, w)
	}
	// An invalid byte ahead of a held-back start: "\x80" comes out at once.
	d = tok.NewStreamDecoder()
	if b, _ := d.Add(ids["<0xE2>"]); len(b) != 0 {
		t.Errorf("held back: %q", b)
	}
	if b, _ := d.Add(ids["i"]); string(b) != "\uFFFDi" {
		t.Errorf("E2 then i: %q", b)
	}
	if _, err := d.Add(uint32(tok.VocabSize())); err == nil {
		t.Error("Add past the vocabulary: no error")
	}
}

// TestUnicodeTables pins the Unicode facts the splitters rely on.
func TestUnicodeTables(t *testing.T) {
	if unicode.Version != "15.0.0" {
		// Go's tables moved: categoryOf's 15.1 additions may be redundant,
		// and code points assigned after 15.1 are now classified where
		// llama.cpp (Unicode 15.1) calls them undefined. Check the
		// splitters against llama.cpp again (tools/llamacpp-xcheck).
		t.Logf("Go's Unicode tables are %s, not 15.0.0; see categoryOf", unicode.Version)
	}
	for r, want := range map[rune]class{
		'a': classLetter, '7': classNumber, '٣': classNumber, '½': classNumber, ',': classPunct, '$': classSymbol,
		'`': classSymbol, ' ': classSeparator, '\u00a0': classSeparator, '\n': classControl, '\u0301': classMark,
		0x378: classUndefined, 0xE000: classControl, 0xD800: classControl, 0x2EBF0: classLetter, 0x2EE5D: classLetter,
		0x2EE5E: classUndefined, 0x2FFC: classSymbol, 0x31EF: classSymbol, 0x110000: classUndefined,
	} {
		if got := categoryOf(r); got != want {
			t.Errorf("categoryOf(%U) = %d, want %d", r, got, want)
		}
	}
	for r := rune(0); r <= 0x10FFFF; r++ {
		if isSpace(r) != unicode.Is(unicode.White_Space, r) {
			t.Fatalf("isSpace(%U) = %v", r, isSpace(r))
		}
	}
}

// TestContractionLowering: llama.cpp lowers with Unicode's simple lowercase
// mapping before matching 's 't 're 've 'm 'll 'd; asciiLower is the same
// because no code point but A-Z lowers into those letters.
func TestContractionLowering(t *testing.T) {
	for r := rune(0); r <= 0x10FFFF; r++ {
		l := unicode.ToLower(r)
		if strings.ContainsRune("stredvml", l) && asciiLower(r) != l {
			t.Errorf("%U lowers to %q", r, l)
		}
	}
}
