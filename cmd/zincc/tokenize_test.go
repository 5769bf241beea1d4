package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"zincc/frontend/gguf"
	"zincc/internal/testmodel"
)

// writeVocab writes tokenizer metadata as a GGUF file (no tensors).
func writeVocab(t *testing.T, keys map[string]gguf.Value) string {
	t.Helper()
	w := gguf.NewWriter()
	for k, v := range keys {
		if err := w.Set(k, v); err != nil {
			t.Fatal(err)
		}
	}
	path := filepath.Join(t.TempDir(), "vocab.gguf")
	if err := w.WriteFile(path); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestTokenize(t *testing.T) {
	// TinyBPEVocab(80): single characters first (' ' is 0, 'a' is 2, 'h' 9,
	// 'i' 10), merged words after them, <|endoftext|> 79 last.
	bpe := writeVocab(t, testmodel.TinyBPEVocab(80, "qwen2"))
	spm := writeVocab(t, testmodel.TinySPMVocab(128))
	for _, c := range []struct {
		args  []string
		stdin string
		out   string
		code  int
	}{
		{[]string{"tokenize", "-m", bpe, "-ids", "hi"}, "", "9 10\n", exitOK},
		{[]string{"tokenize", "-m", bpe, "hi a"}, "", "9 \"h\"\n10 \"i\"\n0 \" \"\n2 \"a\"\n", exitOK},
		{[]string{"tokenize", "-m", bpe, "-ids", "<|endoftext|>"}, "", "79\n", exitOK},
		{[]string{"tokenize", "-m", bpe, "-ids", "-no-parse-special", "<|endoftext|>"}, "", "", exitOK},
		{[]string{"tokenize", "-m", bpe, "-ids"}, "hi", "9 10\n", exitOK},
		// TinySPMVocab: <s> 1, ▁ 4, a 5, b 6, ..., the merged ▁a 87.
		{[]string{"tokenize", "-m", spm, "-ids", "a"}, "", "1 87\n", exitOK},
		{[]string{"tokenize", "-m", spm, "-ids", "-no-add-special", "a"}, "", "87\n", exitOK},
		{[]string{"tokenize", "-m", spm, "-ids", "--", "-a"}, "", "", exitOK},
		{[]string{"tokenize", "-m", bpe, "a\xffb"}, "", "", exitInput},
		{[]string{"tokenize", "hi"}, "", "", exitUsage},
		{[]string{"tokenize", "-m", bpe, "a", "b"}, "", "", exitUsage},
		{[]string{"detokenize", "-m", bpe, "9", "10,0", "[2]"}, "", "hi a", exitOK},
		{[]string{"detokenize", "-m", bpe, "9", "79"}, "", "h<|endoftext|>", exitOK},
		{[]string{"detokenize", "-m", bpe, "-no-special", "9", "79"}, "", "h", exitOK},
		{[]string{"detokenize", "-m", spm, "1", "4", "5"}, "", "<s> a", exitOK},
		{[]string{"detokenize", "-m", spm, "4", "5"}, "", "a", exitOK}, // the first piece's prefixed space goes
		{[]string{"detokenize", "-m", bpe, "80"}, "", "", exitInput},
		{[]string{"detokenize", "-m", bpe, "x"}, "", "", exitUsage},
		{[]string{"detokenize", "-m", bpe}, "", "", exitUsage},
	} {
		out, errOut, code := zinccIn(t, c.stdin, c.args...)
		if code != c.code || (c.out != "" && out != c.out) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit %d, %q", c.args, code, out, errOut, c.code, c.out)
		}
	}
	// "-a" after "--" is text: its tokens are listed.
	if out, _, _ := zincc(t, "tokenize", "-m", spm, "-ids", "--", "-a"); !strings.HasPrefix(out, "1 ") {
		t.Errorf("text after --: %q", out)
	}
	// -f reads a file, byte for byte.
	txt := filepath.Join(t.TempDir(), "p.txt")
	if err := os.WriteFile(txt, []byte("hi\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, errOut, code := zincc(t, "tokenize", "-m", bpe, "-ids", "-f", txt); code != exitOK || out != "9 10 1\n" {
		t.Errorf("-f: exit %d, %q %q", code, out, errOut)
	}
}

func TestTokenizeRefuses(t *testing.T) {
	noVocab := writeVocab(t, map[string]gguf.Value{"general.architecture": gguf.String("llama")})
	_, errOut, code := zincc(t, "tokenize", "-m", noVocab, "hi")
	if code != exitInput || !strings.Contains(errOut, "the model has no tokenizer") || strings.Count(errOut, "\n") != 1 {
		t.Errorf("no tokenizer: exit %d, %q", code, errOut)
	}
	bert := writeVocab(t, map[string]gguf.Value{"tokenizer.ggml.model": gguf.String("bert")})
	if _, errOut, code := zincc(t, "tokenize", "-m", bert, "hi"); code != exitInput || !strings.Contains(errOut, `"bert" is not supported`) {
		t.Errorf("bert: exit %d, %q", code, errOut)
	}
	bpe := writeVocab(t, testmodel.TinyBPEVocab(80, "qwen2"))
	if _, errOut, code := zincc(t, "tokenize", "-m", bpe, "a\xffb"); code != exitInput || !strings.Contains(errOut, "not valid UTF-8") {
		t.Errorf("bad UTF-8: exit %d, %q", code, errOut)
	}
	if _, errOut, code := zincc(t, "tokenize", "-m", filepath.Join(t.TempDir(), "none.gguf"), "hi"); code != exitInput || errOut == "" {
		t.Errorf("missing file: exit %d, %q", code, errOut)
	}
}
