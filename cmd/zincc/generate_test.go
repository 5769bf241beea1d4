package main

import (
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"zincc/frontend"
	"zincc/frontend/gguf"
	"zincc/internal/testmodel"
)

// noTokenizerModel writes a tiny llama model without tokenizer metadata.
func noTokenizerModel(t *testing.T) string {
	t.Helper()
	md := testmodel.Model{Arch: "llama", Config: frontend.LlamaConfig{
		Name: "no-tok", Vocab: 48, Embd: 64, Layers: 1, Heads: 4, KVHeads: 4, FF: 96, Ctx: 8, Eps: 1e-5, RopeBase: 10000,
	}}
	path := filepath.Join(t.TempDir(), "notok.gguf")
	if err := md.Write(path); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestGenerateBadInput: one clear sentence on stderr and exit 1 (bad
// input) or 2 (bad usage), nothing on stdout.
func TestGenerateBadInput(t *testing.T) {
	model := noTokenizerModel(t)
	for _, tc := range []struct {
		name  string
		stdin string
		args  []string
		code  int
		want  string
	}{
		{"-n 0", "", []string{"generate", "-m", model, "-p", "hi", "-n", "0"}, exitInput, "-n 0: the number of tokens to generate must be positive"},
		{"prompt not UTF-8", "ab\xffc", []string{"generate", "-m", model}, exitInput, "the prompt is not valid UTF-8 (byte 2 is 0xFF)"},
		{"-p not UTF-8", "", []string{"generate", "-m", model, "-p", "\xc3"}, exitInput, "the prompt is not valid UTF-8 (byte 0 is 0xC3)"},
		{"no tokenizer", "", []string{"generate", "-m", model, "-p", "hi"}, exitInput, "has no tokenizer (no tokenizer.ggml.* metadata)"},
		{"no model", "", []string{"generate", "-p", "hi"}, exitUsage, "-m model.gguf is required"},
		{"-p and -f", "", []string{"generate", "-m", model, "-p", "hi", "-f", "x"}, exitUsage, "-p and -f both give the prompt"},
		{"bad tier", "", []string{"generate", "-m", model, "-p", "hi", "-tier", "tpu"}, exitUsage, `unknown tier "tpu"`},
		{"bad top-p", "", []string{"generate", "-m", model, "-p", "hi", "-top-p", "0"}, exitInput, "top-p 0 must be in (0, 1]"},
		{"bad seed", "", []string{"generate", "-m", model, "-p", "hi", "-seed", "-5"}, exitInput, "-seed -5 must be in [0, 4294967295]"},
		{"missing model file", "", []string{"generate", "-m", filepath.Join(t.TempDir(), "nope.gguf"), "-p", "hi"}, exitInput, "no such file"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, errs, code := zinccIn(t, tc.stdin, tc.args...)
			if code != tc.code || !strings.Contains(errs, tc.want) || out != "" {
				t.Errorf("exit %d, stdout %q, stderr %q; want exit %d and %q", code, out, errs, tc.code, tc.want)
			}
			if lines := strings.Count(strings.TrimSpace(errs), "\n"); lines > 0 {
				t.Errorf("stderr has %d lines, want one: %q", lines+1, errs)
			}
		})
	}
}

// tinyTextModels writes a Llama-3-shaped model with a SentencePiece
// vocabulary and a Qwen2-shaped one with a byte-level BPE vocabulary and a
// ChatML template (testmodel's tiny vocabularies; random weights, so the
// text is noise, but deterministic noise).
func tinyTextModels(t *testing.T) (llama, qwen string) {
	t.Helper()
	dir := t.TempDir()
	l := testmodel.Llama3(nil)
	l.Config.Ctx = 64
	l.Keys = testmodel.TinySPMVocab(l.Config.Vocab)
	llama = filepath.Join(dir, "llama3-tiny.gguf")
	q := testmodel.Qwen2()
	q.Config.Vocab, q.Config.Ctx = 128, 160
	q.Keys = testmodel.TinyBPEVocab(q.Config.Vocab, "qwen2")
	q.Keys["tokenizer.chat_template"] = gguf.String("{% for message in messages %}{{'<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>' + '\\n'}}{% endfor %}")
	qwen = filepath.Join(dir, "qwen2-tiny.gguf")
	for path, m := range map[string]testmodel.Model{llama: l, qwen: q} {
		if err := m.Write(path); err != nil {
			t.Fatal(err)
		}
	}
	return llama, qwen
}

// TestGenerateSameTextAcrossTiers: the same seed gives the same text on
// every run and on the cpu and sim tiers; stderr holds the timing lines.
func TestGenerateSameTextAcrossTiers(t *testing.T) {
	llama, _ := tinyTextModels(t)
	args := []string{"generate", "-m", llama, "-p", "the cat is on the", "-n", "12", "-seed", "42"}
	gen := func(extra ...string) (string, string) {
		t.Helper()
		out, errs, code := zincc(t, append(slices.Clone(args), extra...)...)
		if code != exitOK || out == "" {
			t.Fatalf("%v: exit %d, stdout %q, stderr %s", extra, code, out, errs)
		}
		return out, errs
	}
	cpu, errs := gen("-tier", "cpu")
	for _, want := range []string{"sampler seed: 42", "load time =", "prompt eval time =", "tokens per second", "eval time =",
		"token latency = p50", "stopped by token limit (-n 12) on tier cpu"} {
		if !strings.Contains(errs, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errs)
		}
	}
	if again, _ := gen("-tier", "cpu"); again != cpu {
		t.Errorf("seed 42 twice on cpu: %q then %q", cpu, again)
	}
	if other, _ := gen("-tier", "cpu", "-seed", "43"); other == cpu {
		t.Errorf("seeds 42 and 43 gave the same text %q", cpu)
	}
	greedyCPU, _ := gen("-tier", "cpu", "-temp", "0")
	// -json: one object, whose text is what the stream printed.
	js, _ := gen("-tier", "cpu", "-json")
	var obj struct {
		Text   string
		Tokens []uint32
		Stop   string
		Timing map[string]float64
	}
	if err := json.Unmarshal([]byte(js), &obj); err != nil {
		t.Fatalf("-json: %v\n%s", err, js)
	}
	if obj.Text != cpu || obj.Stop != "limit" || len(obj.Tokens) != 12 || obj.Timing["generated_tokens"] != 12 || obj.Timing["prompt_tokens_per_second"] <= 0 {
		t.Errorf("-json: %+v; streamed text %q", obj, cpu)
	}
	if testing.Short() {
		t.Skip("the sim tier emulates every dispatch")
	}
	if sim, _ := gen("-tier", "sim"); sim != cpu {
		t.Errorf("seed 42: sim %q, cpu %q", sim, cpu)
	}
	if sim, _ := gen("-tier", "sim", "-temp", "0"); sim != greedyCPU {
		t.Errorf("greedy: sim %q, cpu %q", sim, greedyCPU)
	}
}

// TestGenerateChat: -chat wraps the prompt in the model's ChatML template;
// -i reads one turn a line and keeps the KV cache; a model whose template
// zincc does not know is refused with its first line; a context too small
// for the prompt is one sentence.
func TestGenerateChat(t *testing.T) {
	_, qwen := tinyTextModels(t)
	out, errs, code := zinccIn(t, "and again\nonce more\n", "generate", "-m", qwen, "-chat", "-i", "-p", "hello there", "-n", "5", "-temp", "0")
	if code != exitOK || strings.Count(out, "\n") != 3 {
		t.Errorf("-chat -i: exit %d, stdout %q (want three replies, one a line), stderr %s", code, out, errs)
	}
	if !strings.Contains(errs, "eval time =") {
		t.Errorf("-chat -i: no timing: %s", errs)
	}

	m := testmodel.Qwen2()
	m.Config.Vocab, m.Config.Ctx = 128, 8
	m.Keys = testmodel.TinyBPEVocab(m.Config.Vocab, "qwen2")
	m.Keys["tokenizer.chat_template"] = gguf.String("{{ bos_token }}{% for message in messages %}{{ '<start_of_turn>' + message['role'] }}{% endfor %}")
	path := filepath.Join(t.TempDir(), "gemma-like.gguf")
	if err := m.Write(path); err != nil {
		t.Fatal(err)
	}
	_, errs, code = zincc(t, "generate", "-m", path, "-chat", "-p", "hi")
	if code != exitInput || !strings.Contains(errs, "gemma family") || !strings.Contains(errs, `"{{ bos_token }}`) {
		t.Errorf("gemma template: exit %d, %s", code, errs)
	}
	_, errs, code = zincc(t, "generate", "-m", path, "-p", "the cat is on the mat and the dog is in the house")
	if code != exitInput || !strings.Contains(errs, "but the context holds only 8") {
		t.Errorf("long prompt: exit %d, %s", code, errs)
	}
}
