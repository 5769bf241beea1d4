package frontend

import (
	"fmt"
	"math"
	"strings"

	"zincc/frontend/gguf"
	"zincc/ir"
)

// LlamaConfig describes a llama-family decoder: the hyper-parameters that
// shape its decode step and where its weights come from.
type LlamaConfig struct {
	Name                string
	Vocab, Embd, Layers int
	Heads, KVHeads, FF  int
	Ctx                 int     // KV cache rows
	Eps                 float64 // rms_norm epsilon
	RopeBase            float64
	RopeDims            int  // 0: the head size
	NeoX                bool // rope mode
	Tied                bool // the LM head is token_embd.weight
	QKVBias             bool // qwen2-style biases on q, k, v
	CacheType           ir.DType
	Types               map[string]ir.DType // GGUF tensor name → element type (default f32)
	Random              bool                // random(seed) weights instead of gguf("name")
	RandomScale         float64
	DefaultWeightType   ir.DType // for tensors absent from Types
	ExtraComment        string
}

// LlamaGraph returns the .zir text of one decode step of the model: token
// embedding, Layers decoder layers with a KV cache each, final norm, LM head
// and argmax. Weight tensors use llama.cpp's GGUF names; the IR shapes are
// the GGUF dims reversed.
func LlamaGraph(c LlamaConfig) (string, error) {
	if c.Heads < 1 || c.KVHeads < 1 || c.Embd%c.Heads != 0 || c.Heads%c.KVHeads != 0 {
		return "", fmt.Errorf("llama: %d heads, %d KV heads and embedding %d do not fit together", c.Heads, c.KVHeads, c.Embd)
	}
	if c.Vocab < 1 || c.Layers < 1 || c.FF < 1 || c.Ctx < 1 {
		return "", fmt.Errorf("llama: vocab %d, layers %d, ffn %d and context %d must all be positive", c.Vocab, c.Layers, c.FF, c.Ctx)
	}
	hd := c.Embd / c.Heads
	kv := hd * c.KVHeads
	if c.DefaultWeightType == ir.InvalidDType {
		c.DefaultWeightType = ir.F32
	}
	if c.CacheType == ir.InvalidDType {
		c.CacheType = ir.F16
	}
	if c.RandomScale == 0 {
		c.RandomScale = 1
	}
	var b strings.Builder
	fmt.Fprintf(&b, "// %s: %d layers, embedding %d, %d heads (%d KV heads) of %d, FFN %d, vocabulary %d, context %d.\n",
		c.Name, c.Layers, c.Embd, c.Heads, c.KVHeads, hd, c.FF, c.Vocab, c.Ctx)
	if c.ExtraComment != "" {
		fmt.Fprintf(&b, "// %s\n", c.ExtraComment)
	}
	fmt.Fprintf(&b, "graph @%s {\n  input %%tok : u32\n  input %%pos : u32\n\n", graphName(c.Name))
	seed := uint64(0)
	weight := func(name string, shape ...int) string {
		dt, ok := c.Types[name]
		if !ok {
			dt = c.DefaultWeightType
			if len(shape) == 1 {
				dt = ir.F32 // norms and biases stay f32, as converters write them
			}
		}
		seed++
		init := fmt.Sprintf("gguf(%q)", name)
		if c.Random {
			scale := c.RandomScale
			if len(shape) == 2 {
				scale = c.RandomScale * math.Sqrt(3/float64(shape[1]))
			}
			init = fmt.Sprintf("random(seed = %d, scale = %s)", seed, ir.FloatValue(scale))
		}
		fmt.Fprintf(&b, "  weight %%%s : %v = %s\n", name, ir.Tensor(dt, shape...), init)
		return "%" + name
	}
	embd := weight("token_embd.weight", c.Vocab, c.Embd)
	outNorm := weight("output_norm.weight", c.Embd)
	head := embd
	if !c.Tied {
		head = weight("output.weight", c.Vocab, c.Embd)
	}
	type layer struct{ norm, q, k, v, bq, bk, bv, o, fnorm, gate, up, down, kc, vc string }
	layers := make([]layer, c.Layers)
	for i := range layers {
		p := fmt.Sprintf("blk.%d.", i)
		l := &layers[i]
		fmt.Fprintf(&b, "\n  // layer %d\n", i)
		l.norm = weight(p+"attn_norm.weight", c.Embd)
		l.q = weight(p+"attn_q.weight", c.Embd, c.Embd)
		l.k = weight(p+"attn_k.weight", kv, c.Embd)
		l.v = weight(p+"attn_v.weight", kv, c.Embd)
		if c.QKVBias {
			l.bq = weight(p+"attn_q.bias", c.Embd)
			l.bk = weight(p+"attn_k.bias", kv)
			l.bv = weight(p+"attn_v.bias", kv)
		}
		l.o = weight(p+"attn_output.weight", c.Embd, c.Embd)
		l.fnorm = weight(p+"ffn_norm.weight", c.Embd)
		l.gate = weight(p+"ffn_gate.weight", c.FF, c.Embd)
		l.up = weight(p+"ffn_up.weight", c.FF, c.Embd)
		l.down = weight(p+"ffn_down.weight", c.Embd, c.FF)
		l.kc, l.vc = "%"+p+"k_cache", "%"+p+"v_cache"
		fmt.Fprintf(&b, "  state %s : %v\n  state %s : %v\n", l.kc, ir.Tensor(c.CacheType, c.Ctx, kv), l.vc, ir.Tensor(c.CacheType, c.Ctx, kv))
	}

	mode := ""
	if c.NeoX {
		mode = ", mode = neox"
	}
	dims := ""
	if c.RopeDims != 0 && c.RopeDims != hd {
		dims = fmt.Sprintf(", dims = %d", c.RopeDims)
	}
	rope := func(heads int) string {
		return fmt.Sprintf("{heads = %d%s, theta = %s%s}", heads, dims, ir.FloatValue(c.RopeBase), mode)
	}
	eps := fmt.Sprintf("{eps = %s}", ir.FloatValue(c.Eps))
	fmt.Fprintf(&b, "\n  %%x = embed %s, %%tok\n", embd)
	x := "%x"
	for i, l := range layers {
		p := fmt.Sprintf("%%l%d.", i)
		fmt.Fprintf(&b, "\n  // layer %d\n", i)
		fmt.Fprintf(&b, "  %sh = rms_norm %s, %s %s\n", p, x, l.norm, eps)
		proj := func(name, w, bias string) string {
			fmt.Fprintf(&b, "  %s%s = matvec %s, %sh\n", p, name, w, p)
			if bias == "" {
				return p + name
			}
			fmt.Fprintf(&b, "  %s%sb = add %s%s, %s\n", p, name, p, name, bias)
			return p + name + "b"
		}
		q, k, v := proj("q", l.q, l.bq), proj("k", l.k, l.bk), proj("v", l.v, l.bv)
		fmt.Fprintf(&b, "  %sqr = rope %s, %%pos %s\n", p, q, rope(c.Heads))
		fmt.Fprintf(&b, "  %skr = rope %s, %%pos %s\n", p, k, rope(c.KVHeads))
		fmt.Fprintf(&b, "  kv_store %s, %skr, %%pos\n", l.kc, p)
		fmt.Fprintf(&b, "  kv_store %s, %s, %%pos\n", l.vc, v)
		fmt.Fprintf(&b, "  %satt = attention %sqr, %s, %s, %%pos {heads = %d, kv_heads = %d}\n", p, p, l.kc, l.vc, c.Heads, c.KVHeads)
		fmt.Fprintf(&b, "  %so = matvec %s, %satt\n", p, l.o, p)
		fmt.Fprintf(&b, "  %sx1 = add %s, %so\n", p, x, p)
		fmt.Fprintf(&b, "  %sf = rms_norm %sx1, %s %s\n", p, p, l.fnorm, eps)
		fmt.Fprintf(&b, "  %sg = matvec %s, %sf\n", p, l.gate, p)
		fmt.Fprintf(&b, "  %su = matvec %s, %sf\n", p, l.up, p)
		fmt.Fprintf(&b, "  %sa = swiglu %sg, %su\n", p, p, p)
		fmt.Fprintf(&b, "  %sd = matvec %s, %sa\n", p, l.down, p)
		fmt.Fprintf(&b, "  %sout = add %sx1, %sd\n", p, p, p)
		x = p + "out"
	}
	fmt.Fprintf(&b, "\n  %%hn = rms_norm %s, %s %s\n", x, outNorm, eps)
	fmt.Fprintf(&b, "  %%logits = matvec %s, %%hn\n  %%next = argmax %%logits\n  output %%next\n}\n", head)
	return b.String(), nil
}

func graphName(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r < 128 && (r == '_' || r == '.' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			b.WriteRune(r)
		} else {
			b.WriteByte('_')
		}
	}
	if b.Len() == 0 {
		return "model"
	}
	return b.String()
}

// ImportGGUF reads a llama-family model's hyper-parameters and tensor types
// from a GGUF file and returns the .zir text of its decode step, with every
// weight bound to its tensor by gguf("name"). ctx bounds the KV cache (0:
// the model's context length, at most 4096).
func ImportGGUF(f *gguf.File, ctx int) (string, error) {
	arch, err := gguf.Get[string](f, "general.architecture")
	if err != nil {
		return "", err
	}
	var c LlamaConfig
	switch arch {
	case "llama":
	case "qwen2":
		c.NeoX, c.QKVBias = true, true
	default:
		return "", fmt.Errorf("gguf: architecture %q is not supported (llama, qwen2)", arch)
	}
	c.Name, _ = gguf.Get[string](f, "general.name")
	if c.Name == "" {
		c.Name = arch
	}
	u32 := func(key string, required bool, def int) (int, error) {
		v, ok := f.Lookup(arch + "." + key)
		if !ok {
			if required {
				return 0, fmt.Errorf("gguf: %s.%s is missing", arch, key)
			}
			return def, nil
		}
		n, ok := v.Int()
		if !ok || n < 1 || n > 1<<24 {
			return 0, fmt.Errorf("gguf: %s.%s = %v is not a usable count (per-layer arrays are not supported)", arch, key, v)
		}
		return int(n), nil
	}
	for _, p := range []struct {
		dst      *int
		key      string
		required bool
	}{{&c.Embd, "embedding_length", true}, {&c.Layers, "block_count", true},
		{&c.FF, "feed_forward_length", true}, {&c.Heads, "attention.head_count", true}} {
		if *p.dst, err = u32(p.key, p.required, 0); err != nil {
			return "", err
		}
	}
	if c.KVHeads, err = u32("attention.head_count_kv", false, c.Heads); err != nil {
		return "", err
	}
	modelCtx, err := u32("context_length", true, 0)
	if err != nil {
		return "", err
	}
	c.Ctx = ctx
	if ctx <= 0 {
		c.Ctx = min(modelCtx, 4096)
	}
	if c.Heads > 0 && c.Embd%c.Heads == 0 {
		if c.RopeDims, err = u32("rope.dimension_count", false, c.Embd/c.Heads); err != nil {
			return "", err
		}
	}
	eps, ok := f.Lookup(arch + ".attention.layer_norm_rms_epsilon")
	if !ok {
		return "", fmt.Errorf("gguf: %s.attention.layer_norm_rms_epsilon is missing", arch)
	}
	c.Eps, _ = eps.Float()
	c.RopeBase = 10000
	if v, ok := f.Lookup(arch + ".rope.freq_base"); ok {
		c.RopeBase, _ = v.Float()
	}
	if v, ok := f.Lookup(arch + ".rope.scaling.type"); ok {
		if s, _ := gguf.As[string](v); s != "" && s != "none" {
			return "", fmt.Errorf("gguf: rope scaling %q is not supported", s)
		}
	}
	emb, ok := f.Tensor("token_embd.weight")
	if !ok {
		return "", fmt.Errorf("gguf: no token_embd.weight tensor")
	}
	if sh := emb.Shape(); len(sh) == 2 {
		c.Vocab = sh[0]
	}
	_, hasOutput := f.Tensor("output.weight")
	c.Tied = !hasOutput
	c.Types = map[string]ir.DType{}
	for _, t := range f.Tensors {
		dt, err := t.DType()
		if err != nil {
			if strings.HasPrefix(t.Name, "blk.") || strings.HasPrefix(t.Name, "output") || strings.HasPrefix(t.Name, "token_embd") {
				return "", fmt.Errorf("gguf: tensor %s: %v (zincc reads f32, f16, q4_0 and q8_0)", t.Name, err)
			}
			continue
		}
		c.Types[t.Name] = dt
	}
	c.ExtraComment = "Imported by zincc from GGUF; run with -weights pointing at the same file."
	return LlamaGraph(c)
}
