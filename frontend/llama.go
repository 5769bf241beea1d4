package frontend

import (
	"fmt"
	"math"
	"strings"

	"zincc/ir"
)

// LlamaConfig describes a llama-family decoder: the hyper-parameters that
// shape its decode step and where its weights come from.
type LlamaConfig struct {
	Name                string
	Vocab, Embd, Layers int
	Heads, KVHeads, FF  int
	HeadDim             int     // 0: Embd/Heads (qwen3 sets its own)
	Ctx                 int     // KV cache rows
	Eps                 float64 // rms_norm epsilon
	RopeBase            float64
	RopeDims            int     // 0: the head size
	RopeFreqs           bool    // rope_freqs.weight divides each pair's angle (llama 3)
	FreqScale           float64 // linear rope scaling: 1/factor (0: 1)
	NeoX                bool    // rope mode
	QKNorm              bool    // per-head rms_norm of q and k before rope (qwen3)
	Tied                bool    // the LM head is token_embd.weight
	QKVBias             bool    // qwen2-style biases on q, k, v (same as Bias for those three)
	// Bias lists the linear layers that add a bias, by GGUF name stem:
	// attn_q, attn_k, attn_v, attn_output, ffn_gate, ffn_up, ffn_down.
	Bias              map[string]bool
	CacheType         ir.DType
	Types             map[string]ir.DType // GGUF tensor name → element type (default f32)
	Random            bool                // random(seed) weights instead of gguf("name")
	RandomScale       float64
	DefaultWeightType ir.DType // for tensors absent from Types
	ExtraComment      string
	// Logits makes the step output the logits after the argmax, for a
	// host-side sampler (zincc generate); without it only %next is output.
	Logits bool
}

// LinearLayers are the GGUF name stems of a layer's matrices, which
// LlamaConfig.Bias keys.
var LinearLayers = []string{"attn_q", "attn_k", "attn_v", "attn_output", "ffn_gate", "ffn_up", "ffn_down"}

// LlamaGraph returns the .zir text of one decode step of the model: token
// embedding, Layers decoder layers with a KV cache each, final norm, LM head
// and argmax. Weight tensors use llama.cpp's GGUF names; the IR shapes are
// the GGUF dims reversed.
func LlamaGraph(c LlamaConfig) (string, error) {
	if c.Heads < 1 || c.KVHeads < 1 || c.Heads%c.KVHeads != 0 || (c.HeadDim == 0 && c.Embd%c.Heads != 0) || c.HeadDim < 0 {
		return "", fmt.Errorf("llama: %d heads, %d KV heads and embedding %d do not fit together", c.Heads, c.KVHeads, c.Embd)
	}
	if c.Vocab < 1 || c.Layers < 1 || c.FF < 1 || c.Ctx < 1 || c.Embd < 1 {
		return "", fmt.Errorf("llama: vocab %d, embedding %d, layers %d, ffn %d and context %d must all be positive", c.Vocab, c.Embd, c.Layers, c.FF, c.Ctx)
	}
	if c.Random && c.RopeFreqs {
		return "", fmt.Errorf("llama: rope_freqs.weight holds frequency factors, which random weights cannot give; bind it to a GGUF file")
	}
	hd := c.HeadDim
	if hd == 0 {
		hd = c.Embd / c.Heads
	}
	qw, kv := hd*c.Heads, hd*c.KVHeads
	rotDims := c.RopeDims
	if rotDims == 0 {
		rotDims = hd
	}
	if c.DefaultWeightType == ir.InvalidDType {
		c.DefaultWeightType = ir.F32
	}
	if c.CacheType == ir.InvalidDType {
		c.CacheType = ir.F16
	}
	if c.RandomScale == 0 {
		c.RandomScale = 1
	}
	bias := map[string]bool{}
	for k, v := range c.Bias {
		bias[k] = v
	}
	if c.QKVBias {
		bias["attn_q"], bias["attn_k"], bias["attn_v"] = true, true, true
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
	freqs := ""
	if c.RopeFreqs {
		freqs = ", " + weight("rope_freqs.weight", rotDims/2)
	}
	type layer struct {
		norm, q, k, v, o, fnorm, gate, up, down, kc, vc, qn, kn string
		bias                                                    map[string]string
	}
	layers := make([]layer, c.Layers)
	for i := range layers {
		p := fmt.Sprintf("blk.%d.", i)
		l := &layers[i]
		l.bias = map[string]string{}
		fmt.Fprintf(&b, "\n  // layer %d\n", i)
		l.norm = weight(p+"attn_norm.weight", c.Embd)
		rows := map[string]int{"attn_q": qw, "attn_k": kv, "attn_v": kv, "attn_output": c.Embd, "ffn_gate": c.FF, "ffn_up": c.FF, "ffn_down": c.Embd}
		cols := map[string]int{"attn_q": c.Embd, "attn_k": c.Embd, "attn_v": c.Embd, "attn_output": qw, "ffn_gate": c.Embd, "ffn_up": c.Embd, "ffn_down": c.FF}
		mat := map[string]string{}
		for _, stem := range LinearLayers {
			if stem == "ffn_gate" {
				l.fnorm = weight(p+"ffn_norm.weight", c.Embd)
			}
			mat[stem] = weight(p+stem+".weight", rows[stem], cols[stem])
			if bias[stem] {
				l.bias[stem] = weight(p+stem+".bias", rows[stem])
			}
			if stem == "attn_k" && c.QKNorm {
				l.qn = weight(p+"attn_q_norm.weight", hd)
				l.kn = weight(p+"attn_k_norm.weight", hd)
			}
		}
		l.q, l.k, l.v, l.o = mat["attn_q"], mat["attn_k"], mat["attn_v"], mat["attn_output"]
		l.gate, l.up, l.down = mat["ffn_gate"], mat["ffn_up"], mat["ffn_down"]
		l.kc, l.vc = "%"+p+"k_cache", "%"+p+"v_cache"
		fmt.Fprintf(&b, "  state %s : %v\n  state %s : %v\n", l.kc, ir.Tensor(c.CacheType, c.Ctx, kv), l.vc, ir.Tensor(c.CacheType, c.Ctx, kv))
	}

	ropeAttrs := ""
	if c.RopeDims != 0 && c.RopeDims != hd {
		ropeAttrs += fmt.Sprintf(", dims = %d", c.RopeDims)
	}
	ropeAttrs += ", theta = " + ir.FloatValue(c.RopeBase).String()
	if c.NeoX {
		ropeAttrs += ", mode = neox"
	}
	if c.FreqScale != 0 && c.FreqScale != 1 {
		ropeAttrs += ", freq_scale = " + ir.FloatValue(c.FreqScale).String()
	}
	rope := func(heads int) string { return fmt.Sprintf("{heads = %d%s}", heads, ropeAttrs) }
	eps := fmt.Sprintf("{eps = %s}", ir.FloatValue(c.Eps))
	headEps := func(heads int) string { return fmt.Sprintf("{eps = %s, heads = %d}", ir.FloatValue(c.Eps), heads) }
	fmt.Fprintf(&b, "\n  %%x = embed %s, %%tok\n", embd)
	x := "%x"
	for i, l := range layers {
		p := fmt.Sprintf("%%l%d.", i)
		fmt.Fprintf(&b, "\n  // layer %d\n", i)
		fmt.Fprintf(&b, "  %sh = rms_norm %s, %s %s\n", p, x, l.norm, eps)
		// linear is W·in (+ bias), named p+name.
		linear := func(name, stem, w, in string) string {
			fmt.Fprintf(&b, "  %s%s = matvec %s, %s\n", p, name, w, in)
			bv, ok := l.bias[stem]
			if !ok {
				return p + name
			}
			fmt.Fprintf(&b, "  %s%sb = add %s%s, %s\n", p, name, p, name, bv)
			return p + name + "b"
		}
		q, k, v := linear("q", "attn_q", l.q, p+"h"), linear("k", "attn_k", l.k, p+"h"), linear("v", "attn_v", l.v, p+"h")
		if c.QKNorm {
			fmt.Fprintf(&b, "  %sqn = rms_norm %s, %s %s\n", p, q, l.qn, headEps(c.Heads))
			fmt.Fprintf(&b, "  %skn = rms_norm %s, %s %s\n", p, k, l.kn, headEps(c.KVHeads))
			q, k = p+"qn", p+"kn"
		}
		fmt.Fprintf(&b, "  %sqr = rope %s, %%pos%s %s\n", p, q, freqs, rope(c.Heads))
		fmt.Fprintf(&b, "  %skr = rope %s, %%pos%s %s\n", p, k, freqs, rope(c.KVHeads))
		fmt.Fprintf(&b, "  kv_store %s, %skr, %%pos\n", l.kc, p)
		fmt.Fprintf(&b, "  kv_store %s, %s, %%pos\n", l.vc, v)
		fmt.Fprintf(&b, "  %satt = attention %sqr, %s, %s, %%pos {heads = %d, kv_heads = %d}\n", p, p, l.kc, l.vc, c.Heads, c.KVHeads)
		o := linear("o", "attn_output", l.o, p+"att")
		fmt.Fprintf(&b, "  %sx1 = add %s, %s\n", p, x, o)
		fmt.Fprintf(&b, "  %sf = rms_norm %sx1, %s %s\n", p, p, l.fnorm, eps)
		g, u := linear("g", "ffn_gate", l.gate, p+"f"), linear("u", "ffn_up", l.up, p+"f")
		fmt.Fprintf(&b, "  %sa = swiglu %s, %s\n", p, g, u)
		d := linear("d", "ffn_down", l.down, p+"a")
		fmt.Fprintf(&b, "  %sout = add %sx1, %s\n", p, p, d)
		x = p + "out"
	}
	fmt.Fprintf(&b, "\n  %%hn = rms_norm %s, %s %s\n", x, outNorm, eps)
	outputs := "%next"
	if c.Logits {
		outputs += ", %logits"
	}
	fmt.Fprintf(&b, "  %%logits = matvec %s, %%hn\n  %%next = argmax %%logits\n  output %s\n}\n", head, outputs)
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
