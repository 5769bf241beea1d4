package main

import (
	"path/filepath"
	"strings"
	"testing"

	"zincc/frontend"
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
