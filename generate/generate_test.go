package generate

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"zincc/exec"
	"zincc/exec/tier"
	"zincc/frontend"
	"zincc/frontend/gguf"
	"zincc/internal/testmodel"
	"zincc/ir"
)

// charTok is a tokenizer the tests build: id 0 is BOS, 1 is EOS, and the
// others are the runes of alphabet, one token each; ids past the alphabet
// decode to "·". Multi-byte runes exercise streaming.
type charTok struct {
	alphabet []rune
	eog      map[uint32]bool
	template string
}

const testAlphabet = "abcdefghijklmnopqrstuvwxyz .,é€"

func newCharTok() *charTok {
	return &charTok{alphabet: []rune(testAlphabet), eog: map[uint32]bool{1: true}}
}

func (c *charTok) Encode(text string, addSpecial, parseSpecial bool) ([]uint32, error) {
	var out []uint32
	if addSpecial {
		out = append(out, 0)
	}
	for _, r := range text {
		i := slices.Index(c.alphabet, r)
		if i < 0 {
			return nil, fmt.Errorf("charTok: no token for %q", r)
		}
		out = append(out, uint32(i+2))
	}
	return out, nil
}

func (c *charTok) VocabSize() int                   { return len(c.alphabet) + 2 }
func (c *charTok) IsEndOfGeneration(id uint32) bool { return c.eog[id] }
func (c *charTok) ChatTemplate() (string, bool)     { return c.template, c.template != "" }
func (c *charTok) NewStream() StreamDecoder         { return &charStream{tok: c} }

// charStream returns each token's rune whole, as the interface requires.
type charStream struct{ tok *charTok }

func (s *charStream) Add(id uint32) ([]byte, error) {
	switch {
	case id < 2:
		return nil, nil
	case int(id-2) < len(s.tok.alphabet):
		return utf8.AppendRune(nil, s.tok.alphabet[id-2]), nil
	}
	return []byte("·"), nil
}

func (s *charStream) Flush() []byte { return nil }

// tinyModel writes a small llama model with tokenizer metadata (the keys
// only need to be present for Load; charTok does the work).
func tinyModel(t *testing.T) string { return tinyModelCtx(t, 24) }

func tinyModelCtx(t *testing.T, ctx int) string {
	t.Helper()
	md := testmodel.Model{Arch: "llama", Config: frontend.LlamaConfig{
		Name: "gen-tiny", Vocab: 48, Embd: 64, Layers: 2, Heads: 4, KVHeads: 2, FF: 96, Ctx: ctx,
		Eps: 1e-5, RopeBase: 10000,
	}, Keys: map[string]gguf.Value{
		"tokenizer.ggml.model": gguf.String("llama"),
	}}
	path := filepath.Join(t.TempDir(), "tiny.gguf")
	if err := md.Write(path); err != nil {
		t.Fatal(err)
	}
	return path
}

func load(t *testing.T, path, tierName string, logits bool, tok Tokenizer) *Model {
	t.Helper()
	md, err := Load(LoadOptions{
		Model: path, Logits: logits,
		Open: func(m *ir.Module, w *exec.Weights) (exec.Ring, error) {
			r, _, err := tier.Open(tierName, tier.Config{}, m, w)
			return r, err
		},
		Tokenizer: func(*gguf.File) (Tokenizer, error) { return tok, nil },
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { md.Close() })
	return md
}

func generateText(t *testing.T, md *Model, o Options, prompt string) Result {
	t.Helper()
	s, err := NewSession(md, o)
	if err != nil {
		t.Fatal(err)
	}
	var streamed strings.Builder
	res, err := s.Generate(prompt, func(b []byte) error {
		if !utf8.Valid(b) {
			t.Errorf("streamed %q: not whole UTF-8", b)
		}
		streamed.Write(b)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if streamed.String() != res.Text {
		t.Errorf("streamed %q, result %q", streamed.String(), res.Text)
	}
	return res
}

func sampled(seed uint64) SamplerConfig {
	c := DefaultSampler()
	c.Seed = seed
	c.Temp = 1.2 // a tiny random model's logits are close: spread the draws
	return c
}

// TestSameTextAcrossTiers: the same seed gives the same text on the cpu
// and sim tiers, and on a second run; greedy decoding through the step's
// argmax (no logits read back) equals greedy decoding on the host.
func TestSameTextAcrossTiers(t *testing.T) {
	path := tinyModel(t)
	tok := newCharTok()
	run := func(tierName string, logits bool, o Options) Result {
		md := load(t, path, tierName, logits, tok)
		return generateText(t, md, o, "hello world")
	}
	seeded := Options{MaxTokens: 10, Sampler: sampled(42)}
	cpu1 := run("cpu", true, seeded)
	cpu2 := run("cpu", true, seeded)
	if cpu1.Text != cpu2.Text || !slices.Equal(cpu1.Tokens, cpu2.Tokens) {
		t.Errorf("seed 42 on cpu: %q then %q", cpu1.Text, cpu2.Text)
	}
	other := run("cpu", true, Options{MaxTokens: 10, Sampler: sampled(43)})
	t.Logf("cpu seed 42: %q %v; seed 43: %q", cpu1.Text, cpu1.Tokens, other.Text)
	if slices.Equal(cpu1.Tokens, other.Tokens) {
		t.Errorf("seeds 42 and 43 gave the same tokens %v", cpu1.Tokens)
	}
	if testing.Short() {
		t.Skip("the sim tier emulates every dispatch")
	}
	sim := run("sim", true, seeded)
	if sim.Text != cpu1.Text || !slices.Equal(sim.Tokens, cpu1.Tokens) {
		t.Errorf("seed 42: sim %q %v, cpu %q %v", sim.Text, sim.Tokens, cpu1.Text, cpu1.Tokens)
	}
	greedy := Options{MaxTokens: 10, Sampler: SamplerConfig{Temp: 0, TopP: 1, RepeatPenalty: 1}}
	fast := run("sim", false, greedy)
	host := run("cpu", true, Options{MaxTokens: 10, Sampler: SamplerConfig{Temp: 1, TopK: 1, TopP: 1, RepeatPenalty: 1}})
	if !slices.Equal(fast.Tokens, host.Tokens) {
		t.Errorf("greedy: sim argmax %v, cpu host top-1 %v", fast.Tokens, host.Tokens)
	}
	t.Logf("greedy: %q", fast.Text)
}

// TestStops: each stop reason, and the timing's counts.
func TestStops(t *testing.T) {
	path := tinyModel(t)
	tok := newCharTok()
	greedy := SamplerConfig{Temp: 0, TopP: 1, RepeatPenalty: 1}

	md := load(t, path, "cpu", false, tok)
	res := generateText(t, md, Options{MaxTokens: 5, Sampler: greedy}, "abc")
	if res.Stop != StopLimit || len(res.Tokens) != 5 {
		t.Fatalf("-n 5: stop %q after %d tokens", res.Stop, len(res.Tokens))
	}
	tm := res.Timing
	if tm.PromptTokens != 4 || tm.GenTokens != 5 || tm.GenSteps != 4 || len(tm.Latencies) != 4 {
		t.Errorf("timing counts: prompt %d, generated %d, steps %d, latencies %d; want 4, 5, 4, 4",
			tm.PromptTokens, tm.GenTokens, tm.GenSteps, len(tm.Latencies))
	}
	if tm.PromptTime <= 0 || tm.GenTime <= 0 || tm.PromptRate() <= 0 || tm.GenRate() <= 0 || tm.Percentile(99) < tm.Percentile(50) {
		t.Errorf("timing not measured: %+v", tm)
	}

	// End of generation: make the first token of the greedy run that did
	// not occur before it the end token.
	k := 1
	for k < len(res.Tokens) && slices.Contains(res.Tokens[:k], res.Tokens[k]) {
		k++
	}
	if k == len(res.Tokens) {
		t.Fatalf("greedy tokens %v repeat one token; pick another prompt", res.Tokens)
	}
	eogTok := newCharTok()
	eogTok.eog = map[uint32]bool{res.Tokens[k]: true}
	md2 := load(t, path, "cpu", false, eogTok)
	r2 := generateText(t, md2, Options{MaxTokens: 20, Sampler: greedy}, "abc")
	if r2.Stop != StopEndOfGeneration || !slices.Equal(r2.Tokens, res.Tokens[:k+1]) {
		t.Errorf("end token %d: stop %q, tokens %v (no-end run: %v)", res.Tokens[k], r2.Stop, r2.Tokens, res.Tokens)
	}
	if want := string([]rune(res.Text)[:k]); r2.Text != want {
		t.Errorf("text before the end token %q, want %q", r2.Text, want)
	}

	// A full context: 24 positions, a 4-token prompt: 21 tokens fit (the
	// last is chosen from position 23's step and never stepped).
	md3 := load(t, path, "cpu", false, tok)
	r3 := generateText(t, md3, Options{MaxTokens: -1, Sampler: greedy}, "abc")
	if r3.Stop != StopContext || len(r3.Tokens) != 21 || md3.Pos() != 24 {
		t.Errorf("context: stop %q after %d tokens, %d positions used", r3.Stop, len(r3.Tokens), md3.Pos())
	}

	// A prompt longer than the context is refused before any step.
	md4 := load(t, path, "cpu", false, tok)
	s, _ := NewSession(md4, Options{MaxTokens: 4, Sampler: greedy})
	if _, err := s.Generate(strings.Repeat("a", 30), nil); err == nil || !strings.Contains(err.Error(), "the prompt is 31 tokens but the context holds only 24") {
		t.Errorf("long prompt: %v", err)
	}
	if md4.Pos() != 0 {
		t.Errorf("a refused prompt ran %d steps", md4.Pos())
	}
}

// TestSessionContinues: a second turn feeds the previous reply's last
// token and the new text after the KV cache's contents, and the result is
// what one long prompt gives.
func TestSessionContinues(t *testing.T) {
	path := tinyModel(t)
	tok := newCharTok()
	greedy := SamplerConfig{Temp: 0, TopP: 1, RepeatPenalty: 1}
	md := load(t, path, "cpu", false, tok)
	s, err := NewSession(md, Options{MaxTokens: 3, Sampler: greedy})
	if err != nil {
		t.Fatal(err)
	}
	r1, err := s.Generate("abc", nil)
	if err != nil {
		t.Fatal(err)
	}
	r2, err := s.Generate("de", nil)
	if err != nil {
		t.Fatal(err)
	}
	if r2.Timing.PromptTokens != 3 { // the last reply token, d, e
		t.Errorf("second turn fed %d tokens, want 3", r2.Timing.PromptTokens)
	}
	// The same context in one prompt.
	md2 := load(t, path, "cpu", false, tok)
	one := generateText(t, md2, Options{MaxTokens: 3, Sampler: greedy}, "abc"+r1.Text+"de")
	if !slices.Equal(one.Tokens, r2.Tokens) {
		t.Errorf("two turns gave %v, one prompt %v", r2.Tokens, one.Tokens)
	}
}

// TestChatSession: the chat template's markers go through the tokenizer
// (here a template whose markers are plain letters), and the second turn
// feeds only what follows the cache's text.
func TestChatSession(t *testing.T) {
	path := tinyModelCtx(t, 160)
	tok := newCharTok()
	md := load(t, path, "cpu", false, tok)
	// ChatML's markers are not in charTok's alphabet; Mistral v3 tekken's
	// brackets are not either, so render with a template of letters by
	// checking only what Session.Chat asks the tokenizer to encode.
	rec := &recordTok{charTok: tok}
	md.Tok = rec
	s, err := NewSession(md, Options{MaxTokens: 2, Sampler: SamplerConfig{Temp: 0, TopP: 1, RepeatPenalty: 1}, Chat: ChatML})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Chat("hi", nil); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Chat("yo", nil); err != nil {
		t.Fatal(err)
	}
	want := []string{
		"<|im_end|>", // NewSession looks for the end-of-turn token
		"<|im_start|>user\nhi<|im_end|>\n<|im_start|>assistant\n",
		"<|im_end|>\n<|im_start|>user\nyo<|im_end|>\n<|im_start|>assistant\n",
	}
	if !slices.Equal(rec.encoded, want) {
		t.Errorf("encoded %q, want %q", rec.encoded, want)
	}
}

// recordTok maps any text to tokens (markers included) by runes modulo
// the alphabet, recording what it was asked to encode.
type recordTok struct {
	*charTok
	encoded []string
}

func (r *recordTok) Encode(text string, addSpecial, parseSpecial bool) ([]uint32, error) {
	r.encoded = append(r.encoded, text)
	var out []uint32
	if addSpecial {
		out = append(out, 0)
	}
	for _, c := range text {
		out = append(out, 2+uint32(c)%uint32(len(r.alphabet)))
	}
	return out, nil
}

// TestLoadRefusals: a model without tokenizer metadata, and sampling on a
// graph without logits.
func TestLoadRefusals(t *testing.T) {
	md := testmodel.Model{Arch: "llama", Config: frontend.LlamaConfig{
		Name: "no-tok", Vocab: 48, Embd: 64, Layers: 1, Heads: 4, KVHeads: 4, FF: 96, Ctx: 8, Eps: 1e-5, RopeBase: 10000,
	}}
	path := filepath.Join(t.TempDir(), "notok.gguf")
	if err := md.Write(path); err != nil {
		t.Fatal(err)
	}
	_, err := Load(LoadOptions{Model: path, Open: func(*ir.Module, *exec.Weights) (exec.Ring, error) {
		t.Fatal("opened a ring for a model without a tokenizer")
		return nil, nil
	}})
	if err == nil || !strings.Contains(err.Error(), "no tokenizer") {
		t.Errorf("no tokenizer: %v", err)
	}
	m := load(t, tinyModel(t), "cpu", false, newCharTok())
	if _, err := NewSession(m, Options{MaxTokens: 1, Sampler: DefaultSampler()}); err == nil || !strings.Contains(err.Error(), "logits") {
		t.Errorf("sampling without logits: %v", err)
	}
}

// BenchmarkGenerate reports the generate loop's tokens per second on the
// tiny model (greedy on the step's argmax, and sampled from the logits),
// per tier: the ring's step plus the host's sampling and detokenization.
func BenchmarkGenerate(b *testing.B) {
	dir := b.TempDir()
	md := testmodel.Model{Arch: "llama", Config: frontend.LlamaConfig{
		Name: "gen-tiny", Vocab: 48, Embd: 64, Layers: 2, Heads: 4, KVHeads: 2, FF: 96, Ctx: 64,
		Eps: 1e-5, RopeBase: 10000,
	}, Keys: map[string]gguf.Value{"tokenizer.ggml.model": gguf.String("llama")}}
	path := filepath.Join(dir, "tiny.gguf")
	if err := md.Write(path); err != nil {
		b.Fatal(err)
	}
	for _, tierName := range []string{"cpu", "sim"} {
		for _, mode := range []struct {
			name   string
			logits bool
			cfg    SamplerConfig
		}{
			{"greedy", false, SamplerConfig{Temp: 0, TopP: 1, RepeatPenalty: 1}},
			{"sampled", true, sampled(1)},
		} {
			b.Run(tierName+"/"+mode.name, func(b *testing.B) {
				m, err := Load(LoadOptions{
					Model: path, Logits: mode.logits,
					Open: func(m *ir.Module, w *exec.Weights) (exec.Ring, error) {
						r, _, err := tier.Open(tierName, tier.Config{}, m, w)
						return r, err
					},
					Tokenizer: func(*gguf.File) (Tokenizer, error) { return newCharTok(), nil },
				})
				if err != nil {
					b.Fatal(err)
				}
				defer m.Close()
				var tokens int
				var gen float64
				for b.Loop() {
					m.pos = 0 // the cache is overwritten from position 0
					s, err := NewSession(m, Options{MaxTokens: 32, Sampler: mode.cfg})
					if err != nil {
						b.Fatal(err)
					}
					res, err := s.Generate("abcd", nil)
					if err != nil {
						b.Fatal(err)
					}
					tokens += res.Timing.GenTokens
					gen += res.Timing.GenTime.Seconds()
				}
				b.ReportMetric(float64(tokens)/gen, "tok/s")
			})
		}
	}
}

// TestTokenizerFromModel: with the model's own tokenizer (testmodel's tiny
// vocabularies, read by package tokenizer) the same seed gives the same
// text on cpu and sim, and without ParseSpecial a special token written in
// the prompt stays text.
func TestTokenizerFromModel(t *testing.T) {
	write := func(m testmodel.Model, name string) string {
		path := filepath.Join(t.TempDir(), name)
		if err := m.Write(path); err != nil {
			t.Fatal(err)
		}
		return path
	}
	l := testmodel.Llama3(nil)
	l.Config.Ctx = 48
	l.Keys = testmodel.TinySPMVocab(l.Config.Vocab)
	llama := write(l, "llama3-tiny.gguf")
	q := testmodel.Qwen2()
	q.Config.Vocab, q.Config.Ctx = 128, 48
	q.Keys = testmodel.TinyBPEVocab(q.Config.Vocab, "qwen2")
	qwen := write(q, "qwen2-tiny.gguf")
	open := func(path, tierName string) *Model {
		md, err := Load(LoadOptions{Model: path, Logits: true, Open: func(m *ir.Module, w *exec.Weights) (exec.Ring, error) {
			r, _, err := tier.Open(tierName, tier.Config{}, m, w)
			return r, err
		}})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { md.Close() })
		return md
	}
	o := Options{MaxTokens: 8, Sampler: sampled(42), ParseSpecial: true}
	cpu := generateText(t, open(llama, "cpu"), o, "the cat is on the")
	if cpu.Text == "" || cpu.Timing.PromptTokens == 0 {
		t.Fatalf("cpu: %+v", cpu)
	}
	special := generateText(t, open(qwen, "cpu"), o, "<|endoftext|>the")
	plainOpts := o
	plainOpts.ParseSpecial = false
	plain := generateText(t, open(qwen, "cpu"), plainOpts, "<|endoftext|>the")
	if special.Timing.PromptTokens >= plain.Timing.PromptTokens {
		t.Errorf("\"<|endoftext|>the\" took %d tokens parsed as special and %d as text; the special token should be one", special.Timing.PromptTokens, plain.Timing.PromptTokens)
	}
	if testing.Short() {
		t.Skip("the sim tier emulates every dispatch")
	}
	if sim := generateText(t, open(llama, "sim"), o, "the cat is on the"); sim.Text != cpu.Text {
		t.Errorf("seed 42: sim %q, cpu %q", sim.Text, cpu.Text)
	}
}
