// Command tokcheck compares zincc's tokenizer package with llama.cpp's
// tokenizer (c/tokenize.cpp) id for id. "tokcheck -dir W write" writes
// vocabularies (built here, and, with -vocabs, llama.cpp's own
// models/ggml-vocab-*.gguf, as they are and with their pre-tokenizer
// relabelled) and a file of test strings; tokcheck.sh runs llama.cpp over
// them; "tokcheck -dir W compare" reads llama.cpp's answers and reports
// every difference.
//
// A tool for people, not a test: nothing in `make test` depends on
// llama.cpp. See README.md.
package main

import (
	"bufio"
	"encoding/hex"
	"flag"
	"fmt"
	"maps"
	"math/rand"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"zincc/frontend/gguf"
	"zincc/internal/testmodel"
	"zincc/tokenizer"
)

func main() {
	dir := flag.String("dir", ".", "work directory")
	vocabs := flag.String("vocabs", "", "llama.cpp's models directory (ggml-vocab-*.gguf and their .inp test strings)")
	flag.Parse()
	var err error
	switch flag.Arg(0) {
	case "write":
		err = write(*dir, *vocabs)
	case "compare":
		err = compare(*dir, *vocabs)
	default:
		err = fmt.Errorf("usage: tokcheck -dir W [-vocabs DIR] write|compare")
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "tokcheck:", err)
		os.Exit(1)
	}
}

// base are the non-tokenizer keys llama.cpp needs to load a vocabulary.
func base() map[string]gguf.Value {
	return map[string]gguf.Value{
		"general.architecture":                   gguf.String("llama"),
		"general.name":                           gguf.String("tokcheck"),
		"llama.context_length":                   gguf.Uint32(64),
		"llama.embedding_length":                 gguf.Uint32(64),
		"llama.block_count":                      gguf.Uint32(1),
		"llama.feed_forward_length":              gguf.Uint32(128),
		"llama.attention.head_count":             gguf.Uint32(4),
		"llama.attention.layer_norm_rms_epsilon": gguf.Float32(1e-5),
	}
}

func writeKeys(path string, keys map[string]gguf.Value) error {
	w := gguf.NewWriter()
	for _, k := range slices.Sorted(maps.Keys(keys)) {
		if !keys[k].Valid() {
			continue
		}
		if err := w.Set(k, keys[k]); err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
	}
	return w.WriteFile(path)
}

func with(a map[string]gguf.Value, bs ...map[string]gguf.Value) map[string]gguf.Value {
	out := maps.Clone(a)
	for _, b := range bs {
		maps.Copy(out, b)
	}
	return out
}

// vocabulary returns the vocabularies to check, by name.
func vocabularies(vocabs string) (map[string]map[string]gguf.Value, error) {
	out := map[string]map[string]gguf.Value{}
	b := base()

	// A hand-made SentencePiece vocabulary: all 256 byte tokens, merges by
	// score, control, user-defined and unknown tokens.
	spmTokens := []string{"<unk>", "<s>", "</s>"}
	spmTypes := []int32{testmodel.TokenUnknown, testmodel.TokenControl, testmodel.TokenControl}
	for i := 0; i < 256; i++ {
		spmTokens = append(spmTokens, fmt.Sprintf("<0x%02X>", i))
		spmTypes = append(spmTypes, testmodel.TokenByte)
	}
	words := []string{"▁", "H", "e", "l", "o", "w", "r", "d", "ll", "lo", "▁H", "He", "▁He", "llo", "▁Hello", "▁w", "or",
		"▁wor", "ld", "▁world", "▁▁", "▁▁▁", "a", "aa", "aaa", "i", "▁Hi", "1", "2", "12", "123", "é", "▁é", "<", ">", "/", "s",
		"<|im_start|>", "<|im_end|>", "<tool>", "</tool>", "user", "▁user", "\n", "▁\n", "x", "y", "▁x"}
	for _, w := range words {
		spmTokens = append(spmTokens, w)
		typ := testmodel.TokenNormal
		switch w {
		case "<|im_start|>":
			typ = testmodel.TokenControl
		case "<tool>", "</tool>":
			typ = testmodel.TokenUserDefined
		}
		spmTypes = append(spmTypes, typ)
	}
	spmScores := make([]float32, len(spmTokens))
	for i := range spmScores {
		spmScores[i] = -float32(len(spmTokens[i])) - float32(i%7)/10 // longer merges last; ties broken arbitrarily
	}
	spm := testmodel.SPMVocab(spmTokens, spmScores, spmTypes)
	out["spm-hand"] = with(b, spm)
	out["spm-hand-noprefix"] = with(b, spm, map[string]gguf.Value{"tokenizer.ggml.add_space_prefix": gguf.Bool(false),
		"tokenizer.ggml.add_eos_token": gguf.Bool(true)})
	out["spm-tiny"] = with(b, testmodel.TinySPMVocab(128))
	out["bpe-tiny-qwen2"] = with(b, testmodel.TinyBPEVocab(80, "qwen2"))
	out["bpe-tiny-llama-bpe"] = with(b, testmodel.TinyBPEVocab(128, "llama-bpe"))

	if vocabs == "" {
		return out, nil
	}
	for _, name := range []string{"llama-spm", "phi-3", "gpt-2", "mpt", "starcoder", "refact", "falcon", "gpt-neox", "baichuan"} {
		f, err := gguf.Open(filepath.Join(vocabs, "ggml-vocab-"+name+".gguf"))
		if err != nil {
			return nil, err
		}
		keys := map[string]gguf.Value{}
		for _, kv := range f.KVs {
			keys[kv.Key] = kv.Value
		}
		out["real-"+name] = keys
		if name == "gpt-2" {
			// GPT-2's vocabulary and merges under every pre-tokenizer, with
			// special tokens added at the end.
			toks, _ := gguf.AsArray[string](keys["tokenizer.ggml.tokens"])
			types, _ := gguf.AsArray[int32](keys["tokenizer.ggml.token_type"])
			extra := []string{"<|im_start|>", "<|im_end|>", "<tool>", "<|eot_id|>", "<|fim_pad|>", "<think>"}
			etypes := []int32{testmodel.TokenControl, testmodel.TokenNormal, testmodel.TokenUserDefined, testmodel.TokenControl,
				testmodel.TokenControl, testmodel.TokenUserDefined}
			toks = append(slices.Clone(toks), extra...)
			types = append(slices.Clone(types), etypes...)
			for _, pre := range []string{"llama-bpe", "qwen2", "default", "starcoder", "falcon", "dbrx", "stablelm2", "command-r", "chatglm-bpe"} {
				out["gpt2vocab-"+pre] = with(keys, map[string]gguf.Value{
					"tokenizer.ggml.pre":        gguf.String(pre),
					"tokenizer.ggml.tokens":     gguf.Array(toks),
					"tokenizer.ggml.token_type": gguf.Array(types),
				})
			}
			out["gpt2vocab-nopre"] = with(keys, map[string]gguf.Value{"tokenizer.ggml.pre": {}})
		}
		if name == "llama-spm" {
			out["llamaspm-phi3name"] = with(keys, map[string]gguf.Value{"general.name": gguf.String("Phi-3 mini")})
			out["llamaspm-noprefix"] = with(keys, map[string]gguf.Value{"tokenizer.ggml.add_space_prefix": gguf.Bool(false)})
		}
		f.Close()
	}
	return out, nil
}

// strings returns the test strings: llama.cpp's own test inputs, hand-picked
// tricky ones, and random mixtures of tricky characters.
func testStrings(vocabs string) []string {
	ss := []string{
		"", " ", "  ", "\t", "\n", "\r\n", " \n", "\n ", "\t\t  \n\n \r\n", "a  b", "a   b", "a\tb", "a \tb", "a\u00a0b",
		"Hello world", " Hello world", "Hello  world", "Hello world  ", "hello\n\nworld\n", "x  \n y",
		"I'm, you'RE, we'll, they've, she'd, it's, I'M, DON'T, don't", "'s's's", " 's", "''''", "rock'n'roll",
		"1234567890", "3.14159", "12 345 6789", "ab12cd345ef", "$100.00", "1,000,000", "٣٤٥٦ ١٢", "①②③", "Ⅻ",
		"你好世界", "こんにちは世界", "안녕하세요", "مرحبا بالعالم", "नमस्ते दुनिया", "Привет мир", "Γειά σου",
		"e\u0301", "café", "naïve Führer", "🦙", "🦙🦙 llama", "👩‍👩‍👧", "🇫🇷", "\u0378\u0379", "\ue000\uf8ff",
		"\U0002EBF0\U0002EE5D", "\u2FFC\u31EF", "\x1c\x1d\x1e\x1f", "\x00", "a\x00b", "\u0085x", "\u2028\u2029", "\u3000a",
		"$$$ +++ ~~~ `code` |pipe| <=>", "a , b . c ' d 's e 're f 've g 'm h 'll i 't", "x ' y", "a ' ' b", " ' ' '",
		"...", "!!!\n\n", "??\r\n", "(a)[b]{c}", "#include <stdio.h>\nint main() { return 0; }\n",
		"<s>Hi</s>", "<s> Hi </s>", "<|im_start|>user\nHi<|im_end|>\n<|im_start|>assistant\n", "<tool>x</tool>",
		"<|endoftext|>", "a<|endoftext|>b", "<|eot_id|><|eot_id|>", "<think>\n</think>", "<|im_start|><|im_start|>",
		"<unk>", "<|user|>\nHi<|end|>\n<|assistant|>", "   leading", "trailing   ", "\n\n\n", "▁", "▁▁x",
		"<0x0A>", "[EMPTY_0]", "Hello", "HeHello", "aaaa", "aaaaa", "123123", "éé", "▁é", "12 x y",
	}
	if vocabs != "" {
		if b, err := os.ReadFile(filepath.Join(vocabs, "ggml-vocab-llama-spm.gguf.inp")); err == nil {
			ss = append(ss, strings.Split(string(b), "\n__ggml_vocab_test__\n")...)
		}
	}
	tricky := []string{"a", "Z", "é", "ß", "你", "🦙", "1", "٣", "½", " ", "  ", "\t", "\n", "\r", "\u00a0", "\u3000",
		"'", "'s", "'RE", ".", ",", "!", "?", "$", "+", "~", "`", "|", "<", "e\u0301", "\u0378", "<s>", "</s>",
		"<|im_start|>", "<|im_end|>", "<tool>", "<|endoftext|>", "▁", "\x00", "\u2028", "_", "-", "12", "345"}
	r := rand.New(rand.NewSource(1))
	for i := 0; i < 300; i++ {
		var sb strings.Builder
		for j, n := 0, 1+r.Intn(12); j < n; j++ {
			sb.WriteString(tricky[r.Intn(len(tricky))])
		}
		ss = append(ss, sb.String())
	}
	return ss
}

func write(dir, vocabs string) error {
	vs, err := vocabularies(vocabs)
	if err != nil {
		return err
	}
	for name, keys := range vs {
		if err := writeKeys(filepath.Join(dir, "tok-"+name+".gguf"), keys); err != nil {
			return err
		}
	}
	var sb strings.Builder
	for _, s := range testStrings(vocabs) {
		sb.WriteString(hex.EncodeToString([]byte(s)))
		sb.WriteByte('\n')
	}
	return os.WriteFile(filepath.Join(dir, "strings.hex"), []byte(sb.String()), 0o644)
}

func compare(dir, vocabs string) error {
	models, _ := filepath.Glob(filepath.Join(dir, "tok-*.gguf"))
	sb, err := os.ReadFile(filepath.Join(dir, "strings.hex"))
	if err != nil {
		return err
	}
	var strs []string
	for _, l := range strings.Split(strings.TrimSuffix(string(sb), "\n"), "\n") {
		b, _ := hex.DecodeString(l)
		strs = append(strs, string(b))
	}
	total := 0
	for _, m := range models {
		n, err := compareModel(m, strs)
		if err != nil {
			return err
		}
		total += n
	}
	fmt.Printf("%d models, %d strings each: %d differences\n", len(models), len(strs), total)
	if vocabs != "" {
		return vectors(vocabs)
	}
	return nil
}

// vectors checks zincc against the expected ids llama.cpp keeps with its
// vocabularies (models/ggml-vocab-*.gguf.inp/.out, made with Hugging Face
// tokenizers; tests/test-tokenizer-0.cpp tokenizes without BOS and without
// parsing special tokens).
func vectors(vocabs string) error {
	ins, _ := filepath.Glob(filepath.Join(vocabs, "ggml-vocab-*.gguf.inp"))
	for _, in := range ins {
		model := strings.TrimSuffix(in, ".inp")
		name := strings.TrimSuffix(strings.TrimPrefix(filepath.Base(model), "ggml-vocab-"), ".gguf")
		f, err := gguf.Open(model)
		if err != nil {
			continue // llama.cpp keeps vectors of some vocabularies it does not ship
		}
		tok, err := tokenizer.FromGGUF(f)
		f.Close()
		if err != nil {
			fmt.Printf("vectors %-16s not checked: %v\n", name, err)
			continue
		}
		inb, err1 := os.ReadFile(in)
		outb, err2 := os.ReadFile(model + ".out")
		if err1 != nil || err2 != nil {
			continue
		}
		texts := strings.Split(string(inb), "\n__ggml_vocab_test__\n")
		wants := strings.Split(strings.TrimSuffix(string(outb), "\n"), "\n")
		bad := 0
		for i := 0; i < len(texts) && i < len(wants); i++ {
			ids, err := tok.Encode(texts[i], tokenizer.EncodeOptions{})
			if got := join(ids); err != nil || got != strings.TrimSpace(wants[i]) {
				bad++
				fmt.Printf("  vectors %s %q:\n    expected %s\n    zincc    %s %v\n", name, texts[i], strings.TrimSpace(wants[i]), got, err)
			}
		}
		fmt.Printf("vectors %-16s %d of %d differ\n", name, bad, min(len(texts), len(wants)))
	}
	return nil
}

func compareModel(path string, strs []string) (int, error) {
	name := strings.TrimSuffix(strings.TrimPrefix(filepath.Base(path), "tok-"), ".gguf")
	lf, err := os.Open(strings.TrimSuffix(path, ".gguf") + ".llama")
	if err != nil {
		return 0, err
	}
	defer lf.Close()
	f, err := gguf.Open(path)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	tok, zerr := tokenizer.FromGGUF(f)
	sc := bufio.NewScanner(lf)
	sc.Buffer(make([]byte, 64<<20), 64<<20)
	diffs, checks := 0, 0
	eogs := map[string]bool{} // by id, from the G line
	if zerr == nil {
		for i := 0; i < tok.VocabSize(); i++ {
			if tok.IsEndOfGeneration(uint32(i)) {
				eogs[strconv.Itoa(i)] = true
			}
		}
	}
	report := func(format string, args ...any) {
		diffs++
		if diffs <= 8 {
			fmt.Printf("  %s: "+format+"\n", append([]any{name}, args...)...)
		}
	}
	for sc.Scan() {
		line := sc.Text()
		fs := strings.Fields(line)
		if len(fs) == 0 {
			continue
		}
		if fs[0] == "LOADFAIL" {
			if zerr == nil {
				report("llama.cpp refuses the vocabulary, zincc loads it")
			} else {
				fmt.Printf("%-24s both refuse it (zincc: %v)\n", name, zerr)
			}
			return diffs, nil
		}
		if zerr != nil {
			report("zincc refuses what llama.cpp loads: %v", zerr)
			return diffs, nil
		}
		checks++
		switch fs[0] {
		case "N":
			want := map[string]string{"N": fs[1], "BOS": fs[3], "EOS": fs[5], "EOT": fs[7], "ADDBOS": fs[9], "ADDEOS": fs[11]}
			id := func(x uint32, ok bool) string {
				if !ok {
					return "-1"
				}
				return strconv.Itoa(int(x))
			}
			b := func(x bool) string {
				if x {
					return "1"
				}
				return "0"
			}
			got := map[string]string{"N": strconv.Itoa(tok.VocabSize()), "BOS": id(tok.BOS()), "EOS": id(tok.EOS()),
				"EOT": id(tok.EOT()), "ADDBOS": b(tok.AddBOS()), "ADDEOS": b(tok.AddEOS())}
			for k := range want {
				if want[k] == got[k] {
					continue
				}
				if k == "EOT" && eogs[want[k]] && eogs[got[k]] {
					// Without an eot_token_id key llama.cpp takes the first
					// of several candidate texts its unordered_map yields;
					// which one is unspecified.
					fmt.Printf("  %s: EOT guessed: llama.cpp %s, zincc %s (both end generation; llama.cpp's pick is unspecified)\n", name, want[k], got[k])
					continue
				}
				report("%s: llama.cpp %s, zincc %s", k, want[k], got[k])
			}
		case "G":
			want := map[uint32]bool{}
			for _, s := range fs[1:] {
				n, _ := strconv.Atoi(s)
				want[uint32(n)] = true
			}
			for i := 0; i < tok.VocabSize(); i++ {
				if tok.IsEndOfGeneration(uint32(i)) != want[uint32(i)] {
					report("token %d: end of generation: llama.cpp %v, zincc %v", i, want[uint32(i)], !want[uint32(i)])
				}
			}
		case "A":
			for i, s := range fs[1:] {
				a, _ := strconv.Atoi(s)
				if (a&8 != 0) != tok.IsControl(uint32(i)) {
					report("token %d: control: llama.cpp attr %d, zincc %v", i, a, tok.IsControl(uint32(i)))
				}
			}
		case "T":
			idx, _ := strconv.Atoi(fs[1])
			o := tokenizer.EncodeOptions{AddSpecial: fs[2] == "1", ParseSpecial: fs[3] == "1"}
			ids, err := tok.Encode(strs[idx], o)
			want := strings.Join(fs[4:], " ")
			got := join(ids)
			if err != nil {
				got = "error"
			}
			if got != want {
				report("%q %+v:\n    llama.cpp %s\n    zincc     %s", strs[idx], o, want, got)
			}
		case "D":
			idx, _ := strconv.Atoi(fs[1])
			ids, err := tok.Encode(strs[idx], tokenizer.EncodeOptions{AddSpecial: true, ParseSpecial: true})
			if err != nil {
				continue
			}
			text, err := tok.DecodeWith(ids, tokenizer.DecodeOptions{RemoveSpecial: fs[2] == "1", UnparseSpecial: fs[3] == "1"})
			if err != nil {
				report("decode: %v", err)
				continue
			}
			if got := hexOf(text); got != fs[4] {
				report("detokenize %q remove_special=%s unparse_special=%s:\n    llama.cpp %s\n    zincc     %s", strs[idx], fs[2], fs[3], fs[4], got)
			}
		case "P":
			idx, _ := strconv.Atoi(fs[1])
			ids, err := tok.Encode(strs[idx], tokenizer.EncodeOptions{AddSpecial: true, ParseSpecial: true})
			if err != nil || len(ids) != len(fs)-2 {
				report("%q: pieces of %d tokens from llama.cpp, %d ids from zincc (%v)", strs[idx], len(fs)-2, len(ids), err)
				continue
			}
			for i, id := range ids {
				p, _ := tok.Piece(id)
				if got := hexOf(p); got != fs[2+i] {
					report("piece of %d: llama.cpp %s, zincc %s", id, fs[2+i], got)
				}
			}
		}
	}
	status := "identical"
	if diffs > 0 {
		status = fmt.Sprintf("%d DIFFERENCES", diffs)
	}
	fmt.Printf("%-24s %s (%d lines compared; pre %q)\n", name, status, checks, tok.Pre())
	return diffs, sc.Err()
}

func join(ids []uint32) string {
	s := make([]string, len(ids))
	for i, id := range ids {
		s[i] = strconv.Itoa(int(id))
	}
	return strings.Join(s, " ")
}

func hexOf(b []byte) string {
	if len(b) == 0 {
		return "-"
	}
	return hex.EncodeToString(b)
}
