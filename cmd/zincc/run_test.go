package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"zincc/exec"
	"zincc/frontend"
	"zincc/frontend/gguf"
	"zincc/ir"
)

func TestRunDemoIsDeterministic(t *testing.T) {
	out1, errOut, code := zincc(t, "run", "-steps", "8", "../../testdata/tiny_llama.zir")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	out2, _, _ := zincc(t, "run", "-steps", "8", "../../testdata/tiny_llama.zir")
	if out1 != out2 {
		t.Fatalf("two runs differ:\n%s\n%s", out1, out2)
	}
	lines := strings.Split(strings.TrimSpace(out1), "\n")
	if len(lines) != 8 {
		t.Fatalf("want 8 steps:\n%s", out1)
	}
	// Each step's next token is the following step's tok, positions count up.
	re := regexp.MustCompile(`^step (\d) +tok=(\d+) pos=(\d+) +-> +next=(\d+)$`)
	prev := ""
	for i, l := range lines {
		m := re.FindStringSubmatch(l)
		if m == nil || m[1] != string(rune('0'+i)) || m[3] != m[1] {
			t.Fatalf("line %d: %q", i, l)
		}
		if i > 0 && m[2] != prev {
			t.Fatalf("step %d got tok=%s, previous next was %s", i, m[2], prev)
		}
		prev = m[4]
	}
}

func TestRunJSONAndErrors(t *testing.T) {
	out, _, code := zincc(t, "run", "-json", "-steps", "2", "-set", "tok=7", "../../testdata/layer.zir")
	if code != exitOK {
		t.Fatalf("exit %d", code)
	}
	var rep struct {
		Graph, Tier string
		Steps       []struct {
			Step    int
			Inputs  map[string]uint32
			Outputs map[string]json.RawMessage
		}
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if rep.Graph != "layer" || rep.Tier != "cpu" || len(rep.Steps) != 2 || rep.Steps[0].Inputs["tok"] != 7 ||
		rep.Steps[1].Inputs["pos"] != 1 || len(rep.Steps[0].Outputs["logits"]) < 256 {
		t.Fatalf("report: %+v", rep)
	}
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"run", "-steps", "0", "../../testdata/toy.zir"}, exitUsage, "-steps must be at least 1"},
		{[]string{"run", "-tier", "tpu", "../../testdata/toy.zir"}, exitUsage, `unknown tier "tpu"`},
		{[]string{"run", "-set", "nope=1", "../../testdata/toy.zir"}, exitUsage, "has no input %nope"},
		{[]string{"run", "-set", "tok=999", "../../testdata/toy.zir"}, exitInput, "token %tok = 999 is out of range: weight %emb has 256 rows"},
		{[]string{"run", "-steps", "130", "../../testdata/layer.zir"}, exitInput, "step 128: position %pos = 128 is out of range: state %k_cache has 128 rows"},
		{[]string{"run", "../../testdata/errors/types.zir"}, exitInput, "types.zir:11:21:"},
	} {
		_, errOut, code := zincc(t, tc.args...)
		if code != tc.code || !strings.Contains(errOut, tc.want) {
			t.Errorf("%v: exit %d, %q; want %d and %q", tc.args, code, errOut, tc.code, tc.want)
		}
	}
}

// TestGGUFRoundTrip: a random-weight model exported to GGUF with llama
// metadata, imported back with 'zincc import' and run from the file gives
// the same tokens as the random-weight graph itself.
func TestGGUFRoundTrip(t *testing.T) {
	dir := t.TempDir()
	cfg := frontend.LlamaConfig{Name: "tiny", Vocab: 96, Embd: 64, Layers: 2, Heads: 4, KVHeads: 2, FF: 96, Ctx: 16,
		Eps: 1e-5, RopeBase: 10000, Random: true, DefaultWeightType: ir.Q8_0,
		Types: map[string]ir.DType{"blk.0.attn_q.weight": ir.Q4_0, "blk.1.ffn_down.weight": ir.F16, "output.weight": ir.F32}}
	text, err := frontend.LlamaGraph(cfg)
	if err != nil {
		t.Fatal(err)
	}
	src := filepath.Join(dir, "random.zir")
	os.WriteFile(src, []byte(text), 0o644)
	m, err := frontend.Parse(src, []byte(text))
	if err != nil {
		t.Fatal(frontend.FormatErrors(err, []byte(text)))
	}
	w, err := exec.Bind(m, exec.BindOptions{})
	if err != nil {
		t.Fatal(err)
	}
	gw := gguf.NewWriter()
	for k, v := range map[string]gguf.Value{
		"general.architecture": gguf.String("llama"), "general.name": gguf.String("tiny"),
		"llama.context_length": gguf.Uint32(16), "llama.embedding_length": gguf.Uint32(64),
		"llama.block_count": gguf.Uint32(2), "llama.feed_forward_length": gguf.Uint32(96),
		"llama.attention.head_count": gguf.Uint32(4), "llama.attention.head_count_kv": gguf.Uint32(2),
		"llama.attention.layer_norm_rms_epsilon": gguf.Float32(1e-5), "llama.rope.freq_base": gguf.Float32(10000),
	} {
		if err := gw.Set(k, v); err != nil {
			t.Fatal(err)
		}
	}
	for _, v := range m.DeclsOf(ir.Weight) {
		typ, _ := gguf.TypeOf(v.Type.DType)
		if err := gw.AddTensor(v.Name, typ, gguf.DimsFromShape(v.Type.Shape), w.Data(v)); err != nil {
			t.Fatal(err)
		}
	}
	model := filepath.Join(dir, "tiny.gguf")
	if err := gw.WriteFile(model); err != nil {
		t.Fatal(err)
	}
	imported := filepath.Join(dir, "tiny.zir")
	if _, errOut, code := zincc(t, "import", "-o", imported, model); code != exitOK {
		t.Fatalf("import: %d %s", code, errOut)
	}
	want, errOut, code := zincc(t, "run", "-steps", "6", src)
	if code != exitOK {
		t.Fatal(errOut)
	}
	got, errOut, code := zincc(t, "run", "-steps", "6", "-weights", model, imported)
	if code != exitOK {
		t.Fatal(errOut)
	}
	if got != want {
		t.Fatalf("imported model runs differently:\n%s\nwant:\n%s", got, want)
	}
	// Without -weights the gguf initialisers have nothing to read.
	if _, errOut, code := zincc(t, "run", imported); code != exitInput || !strings.Contains(errOut, "pass -weights model.gguf") {
		t.Errorf("missing -weights: %d %q", code, errOut)
	}
	// export-gguf writes the same tensors.
	exported := filepath.Join(dir, "exported.gguf")
	if _, errOut, code := zincc(t, "export-gguf", "-o", exported, src); code != exitOK {
		t.Fatal(errOut)
	}
	f, err := gguf.Open(exported)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, v := range m.DeclsOf(ir.Weight) {
		data, err := f.TensorData(v.Name)
		if err != nil || string(data) != string(w.Data(v)) {
			t.Errorf("exported %s differs: %v", v.Name, err)
		}
	}
}
