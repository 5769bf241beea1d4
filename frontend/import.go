package frontend

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"zincc/frontend/gguf"
	"zincc/ir"
)

// Model import: one table of the architectures zincc imports, one of the
// tensors a file may hold (with the feature each belongs to), one of the
// metadata keys. Every tensor of a file is consumed by the generated graph
// or the import is refused, naming it; so is every key that would change
// the computation in a way zincc does not implement. A wrong answer is
// worse than a refusal.

// archSpec is what an architecture's decode step looks like beyond the
// common llama layout.
type archSpec struct {
	neox   bool // rope pairs (i, i+dims/2)
	qkNorm bool // per-head rms_norm of q and k before rope (required)
	freqs  bool // may carry rope_freqs.weight
	// fullRope: rope.dimension_count must equal the head size (llama.cpp
	// asserts it for llama).
	fullRope bool
}

// archs is every architecture ImportGGUF accepts. Mistral and TinyLlama
// files, and Llama 1, 2 and 3.x, are arch "llama".
var archs = map[string]archSpec{
	"llama": {freqs: true, fullRope: true},
	"qwen2": {neox: true},
	"qwen3": {neox: true, qkNorm: true},
}

// moeArchs are known mixture-of-experts architectures, refused as such.
var moeArchs = map[string]bool{
	"mixtral": true, "qwen2moe": true, "qwen3moe": true, "llama4": true, "deepseek": true, "deepseek2": true,
	"dbrx": true, "grok": true, "arctic": true, "olmoe": true, "granitemoe": true,
	"phimoe": true, "gpt-oss": true, "ernie4_5-moe": true, "hunyuan-moe": true, "glm4moe": true,
}

// supportedArchs is the sentence that lists what ImportGGUF takes.
const supportedArchs = "zincc imports llama (Llama 1, 2 and 3.x, Mistral, TinyLlama), qwen2 (Qwen 2 and 2.5) and qwen3 models"

// layerTensor is one tensor name stem of a decoder layer ("blk.N.<stem>").
type layerTensor struct {
	stem string
	// feature, for a tensor zincc does not implement: what it belongs to,
	// in the refusal's words. Empty for a tensor the graph uses.
	feature string
}

// unsupportedLayerTensors name the per-layer tensors of features zincc
// does not implement.
var unsupportedLayerTensors = []layerTensor{
	{"ffn_gate_inp.weight", "mixture-of-experts models are not supported yet"},
	{"ffn_gate_exps.weight", "mixture-of-experts models are not supported yet"},
	{"ffn_up_exps.weight", "mixture-of-experts models are not supported yet"},
	{"ffn_down_exps.weight", "mixture-of-experts models are not supported yet"},
	{"ffn_gate_shexp.weight", "mixture-of-experts models (shared experts) are not supported yet"},
	{"ffn_up_shexp.weight", "mixture-of-experts models (shared experts) are not supported yet"},
	{"ffn_down_shexp.weight", "mixture-of-experts models (shared experts) are not supported yet"},
	{"ffn_gate_inp_shexp.weight", "mixture-of-experts models (shared experts) are not supported yet"},
	{"exp_probs_b.bias", "mixture-of-experts models are not supported yet"},
	{"attn_qkv.weight", "fused QKV projections are not supported"},
	{"attn_qkv.bias", "fused QKV projections are not supported"},
	{"attn_sinks.weight", "attention sinks are not supported"},
	{"attn_sinks", "attention sinks are not supported"},
	{"attn_norm.bias", "LayerNorm (with a bias) is not supported; zincc implements RMSNorm"},
	{"ffn_norm.bias", "LayerNorm (with a bias) is not supported; zincc implements RMSNorm"},
	{"attn_norm_2.weight", "a second attention norm is not supported"},
	{"attn_post_norm.weight", "post-attention norms (Gemma/OLMo-style) are not supported"},
	{"post_attention_norm.weight", "post-attention norms (Gemma/OLMo-style) are not supported"},
	{"ffn_post_norm.weight", "post-FFN norms (Gemma/OLMo-style) are not supported"},
	{"post_ffw_norm.weight", "post-FFN norms (Gemma/OLMo-style) are not supported"},
	{"layer_output_norm.weight", "layer output norms are not supported"},
	{"attn_rot_embd.weight", "per-layer rotary tables are not supported"},
	{"rope_freqs.weight", "per-layer rope frequency factors are not supported"},
}

// unsupportedGlobalTensors name the model-wide tensors of features zincc
// does not implement.
var unsupportedGlobalTensors = map[string]string{
	"rope_factors_long.weight":  "LongRoPE rope scaling (Phi-3-style) is not supported",
	"rope_factors_short.weight": "LongRoPE rope scaling (Phi-3-style) is not supported",
	"token_embd_norm.weight":    "a norm after the token embedding (BLOOM-style) is not supported",
	"token_embd_norm.bias":      "a norm after the token embedding (BLOOM-style) is not supported",
	"output_norm.bias":          "LayerNorm (with a bias) is not supported; zincc implements RMSNorm",
	"position_embd.weight":      "learned position embeddings are not supported",
	"output.bias":               "a bias on the output head is not supported",
	"token_types.weight":        "token-type embeddings are not supported",
}

// keyUse says what ImportGGUF does with an architecture key ({arch}.<key>).
type keyUse uint8

const (
	keyRead   keyUse = iota + 1 // read and applied (or checked)
	keyInfo                     // informational: does not change a decode step
	keyRefuse                   // changes the computation in a way zincc does not implement
)

// archKeys lists the {arch}.* keys ImportGGUF knows; an unknown one is
// refused, since zincc cannot tell whether it changes the computation.
// Refused keys carry the feature's name.
var archKeys = map[string]struct {
	use     keyUse
	feature string
}{
	"context_length":                       {use: keyRead},
	"embedding_length":                     {use: keyRead},
	"block_count":                          {use: keyRead},
	"feed_forward_length":                  {use: keyRead},
	"attention.head_count":                 {use: keyRead},
	"attention.head_count_kv":              {use: keyRead},
	"attention.layer_norm_rms_epsilon":     {use: keyRead},
	"attention.key_length":                 {use: keyRead},
	"attention.value_length":               {use: keyRead},
	"rope.freq_base":                       {use: keyRead},
	"rope.dimension_count":                 {use: keyRead},
	"rope.scaling.type":                    {use: keyRead},
	"rope.scaling.factor":                  {use: keyRead},
	"rope.scale_linear":                    {use: keyRead},
	"expert_count":                         {use: keyRead},
	"expert_used_count":                    {use: keyRead},
	"attention.causal":                     {use: keyRead},
	"vocab_size":                           {use: keyInfo},
	"tensor_data_layout":                   {use: keyInfo},
	"rope.scaling.original_context_length": {use: keyInfo},
	"rope.scaling.finetuned":               {use: keyInfo},
	"attention.layer_norm_epsilon":         {use: keyRefuse, feature: "LayerNorm models are not supported; zincc implements RMSNorm"},
	"attention.scale":                      {use: keyRefuse, feature: "a custom attention scale is not supported"},
	"attention.sliding_window":             {use: keyRefuse, feature: "sliding-window attention is not supported"},
	"attention.clamp_kqv":                  {use: keyRefuse, feature: "clamped QKV activations are not supported"},
	"attn_logit_softcapping":               {use: keyRefuse, feature: "attention logit soft-capping is not supported"},
	"final_logit_softcapping":              {use: keyRefuse, feature: "final logit soft-capping is not supported"},
	"logit_scale":                          {use: keyRefuse, feature: "a logit scale is not supported"},
	"embedding_scale":                      {use: keyRefuse, feature: "an embedding scale is not supported"},
	"residual_scale":                       {use: keyRefuse, feature: "a residual scale is not supported"},
	"rope.scaling.attn_factor":             {use: keyRefuse, feature: "a rope attention factor is not supported"},
	"rope.scaling.yarn_log_multiplier":     {use: keyRefuse, feature: "YaRN rope scaling is not supported"},
	"rope.scaling.yarn_ext_factor":         {use: keyRefuse, feature: "YaRN rope scaling is not supported"},
	"rope.scaling.yarn_attn_factor":        {use: keyRefuse, feature: "YaRN rope scaling is not supported"},
	"rope.scaling.yarn_beta_fast":          {use: keyRefuse, feature: "YaRN rope scaling is not supported"},
	"rope.scaling.yarn_beta_slow":          {use: keyRefuse, feature: "YaRN rope scaling is not supported"},
	"rope.dimension_sections":              {use: keyRefuse, feature: "multimodal rope sections are not supported"},
	"interleave_moe_layer_step":            {use: keyRefuse, feature: "mixture-of-experts models are not supported yet"},
	"expert_shared_count":                  {use: keyRefuse, feature: "mixture-of-experts models are not supported yet"},
	"expert_feed_forward_length":           {use: keyRefuse, feature: "mixture-of-experts models are not supported yet"},
	"expert_shared_feed_forward_length":    {use: keyRefuse, feature: "mixture-of-experts models are not supported yet"},
	"attention.temperature_length":         {use: keyRefuse, feature: "attention temperature tuning is not supported"},
	"no_rope_layer_step":                   {use: keyRefuse, feature: "layers without rope are not supported"},
	"use_parallel_residual":                {use: keyRefuse, feature: "parallel residual blocks are not supported"},
	"pooling_type":                         {use: keyRefuse, feature: "embedding (pooling) models are not supported; zincc decodes tokens"},
	"attention.q_lora_rank":                {use: keyRefuse, feature: "low-rank attention projections are not supported"},
	"attention.kv_lora_rank":               {use: keyRefuse, feature: "low-rank attention projections are not supported"},
	"full_attention_interval":              {use: keyRefuse, feature: "hybrid attention layers are not supported"},
}

// ImportGGUF reads a llama-family model's hyper-parameters and tensor types
// from a GGUF file and returns the .zir text of its decode step, with every
// weight bound to its tensor by gguf("name"). ctx bounds the KV cache (0:
// the model's context length, at most 4096). Every tensor of the file is
// used by the graph, or the import fails naming it.
func ImportGGUF(f *gguf.File, ctx int) (string, error) {
	c, err := ModelConfig(f, ctx)
	if err != nil {
		return "", err
	}
	text, err := LlamaGraph(c)
	if err != nil {
		return "", fmt.Errorf("gguf: %w", err)
	}
	if err := checkBindings(f, text); err != nil {
		return "", err
	}
	return text, nil
}

// ModelConfig reads the LlamaConfig of a GGUF model and checks that the
// graph it describes consumes every tensor of the file.
func ModelConfig(f *gguf.File, ctx int) (LlamaConfig, error) {
	var c LlamaConfig
	archV, ok := f.Lookup("general.architecture")
	if !ok {
		return c, fmt.Errorf("gguf: general.architecture is missing; %s", supportedArchs)
	}
	arch, ok := gguf.As[string](archV)
	if !ok {
		return c, fmt.Errorf("gguf: general.architecture is %s, not a string", archV.Type())
	}
	spec, ok := archs[arch]
	switch {
	case ok:
	case moeArchs[arch]:
		return c, fmt.Errorf("gguf: architecture %q is a mixture-of-experts model; those are not supported yet (%s)", arch, supportedArchs)
	default:
		return c, fmt.Errorf("gguf: architecture %q is not supported; %s", arch, supportedArchs)
	}
	if v, ok := f.Lookup("split.count"); ok {
		if n, _ := v.Int(); n > 1 {
			return c, fmt.Errorf("gguf: this is one of %d parts of a split model; merge them first (llama-gguf-split --merge)", n)
		}
	}
	if err := checkArchKeys(f, arch); err != nil {
		return c, err
	}
	c.NeoX, c.QKNorm = spec.neox, spec.qkNorm
	c.Name = arch
	if v, ok := f.Lookup("general.name"); ok {
		if s, ok := gguf.As[string](v); ok && s != "" {
			c.Name = s
		}
	}
	k := keyReader{f: f, arch: arch}
	c.Embd = k.count("embedding_length", true, 0)
	c.Layers = k.count("block_count", true, 0)
	c.FF = k.count("feed_forward_length", true, 0)
	c.Heads = k.count("attention.head_count", true, 0)
	c.KVHeads = k.count("attention.head_count_kv", false, c.Heads)
	modelCtx := k.count("context_length", true, 0)
	if k.err != nil {
		return c, k.err
	}
	if experts := k.count("expert_count", false, 0); experts > 0 || k.err != nil {
		if k.err != nil {
			return c, k.err
		}
		return c, fmt.Errorf("gguf: %s.expert_count = %d: mixture-of-experts models are not supported yet", arch, experts)
	}
	k.count("expert_used_count", false, 0)
	if v, ok := f.Lookup(arch + ".attention.causal"); ok {
		if b, ok := gguf.As[bool](v); !ok || !b {
			return c, fmt.Errorf("gguf: %s.attention.causal = %v: only causal attention is supported", arch, v)
		}
	}
	if c.Heads%c.KVHeads != 0 {
		return c, fmt.Errorf("gguf: %s.attention.head_count = %d is not a multiple of head_count_kv = %d", arch, c.Heads, c.KVHeads)
	}
	hd := 0
	if c.Embd%c.Heads == 0 {
		hd = c.Embd / c.Heads
	}
	keyLen := k.count("attention.key_length", false, hd)
	valLen := k.count("attention.value_length", false, keyLen)
	if k.err != nil {
		return c, k.err
	}
	if keyLen == 0 {
		return c, fmt.Errorf("gguf: %s.embedding_length = %d is not a multiple of head_count = %d, and no attention.key_length says the head size", arch, c.Embd, c.Heads)
	}
	if valLen != keyLen {
		return c, fmt.Errorf("gguf: %s.attention.value_length = %d differs from key_length = %d; zincc needs one head size", arch, valLen, keyLen)
	}
	if keyLen != hd {
		c.HeadDim = keyLen
	}
	c.RopeDims = k.count("rope.dimension_count", false, keyLen)
	if k.err != nil {
		return c, k.err
	}
	if c.RopeDims%2 != 0 || c.RopeDims > keyLen || (spec.fullRope && c.RopeDims != keyLen) {
		want := fmt.Sprintf("an even number at most the head size %d", keyLen)
		if spec.fullRope {
			want = fmt.Sprintf("the head size %d for %s", keyLen, arch)
		}
		return c, fmt.Errorf("gguf: %s.rope.dimension_count = %d must be %s", arch, c.RopeDims, want)
	}
	c.Eps = k.float("attention.layer_norm_rms_epsilon", true, 0)
	c.RopeBase = k.float("rope.freq_base", false, 10000)
	if k.err != nil {
		return c, k.err
	}
	if err := ropeScaling(f, arch, &c); err != nil {
		return c, err
	}
	// The work below is bounded by the tensors the file holds: each layer
	// has at least the nine tensors of a llama block.
	if c.Layers > len(f.Tensors)/9 {
		return c, fmt.Errorf("gguf: %s.block_count = %d, but the file holds %d tensors, not the %d or more that many layers need",
			arch, c.Layers, len(f.Tensors), 9*c.Layers)
	}
	c.Ctx = ctx
	if ctx <= 0 {
		c.Ctx = min(modelCtx, 4096)
	}
	emb, ok := f.Tensor("token_embd.weight")
	if !ok {
		return c, fmt.Errorf("gguf: the file has no token_embd.weight tensor")
	}
	if sh := emb.Shape(); len(sh) == 2 {
		c.Vocab = sh[0]
	} else {
		return c, fmt.Errorf("gguf: token_embd.weight has dims %v; want [embedding, vocabulary]", emb.Dims)
	}
	_, hasOutput := f.Tensor("output.weight")
	c.Tied = !hasOutput
	_, c.RopeFreqs = f.Tensor("rope_freqs.weight")
	if c.RopeFreqs && !spec.freqs {
		return c, fmt.Errorf("gguf: tensor rope_freqs.weight: %s models do not take rope frequency factors", arch)
	}
	c.Bias = map[string]bool{}
	for _, stem := range LinearLayers {
		_, c.Bias[stem] = f.Tensor("blk.0." + stem + ".bias")
	}
	if err := checkTensorSet(f, c); err != nil {
		return c, err
	}
	c.Types = map[string]ir.DType{}
	var unreadable []string
	for _, t := range f.Tensors {
		dt, err := t.DType()
		if err != nil {
			unreadable = append(unreadable, fmt.Sprintf("%s is %v", t.Name, t.Type))
			continue
		}
		c.Types[t.Name] = dt
	}
	if len(unreadable) > 0 {
		return c, fmt.Errorf("gguf: tensor %s; %s", listCapped(unreadable, 5), ReadableTypesSentence())
	}
	c.ExtraComment = "Imported by zincc from GGUF; run with -weights pointing at the same file."
	return c, nil
}

// ReadableTypesSentence says which GGUF tensor types zincc reads.
func ReadableTypesSentence() string {
	var names []string
	for _, d := range ir.AllDTypes {
		if _, err := gguf.TypeOf(d); err == nil && d.IsFloat() {
			names = append(names, d.String())
		}
	}
	return "zincc reads " + strings.Join(names, ", ")
}

// checkArchKeys refuses {arch}.* keys that change the computation in a way
// zincc does not implement, and keys it does not know.
func checkArchKeys(f *gguf.File, arch string) error {
	prefix := arch + "."
	for _, kv := range f.KVs {
		key, ok := strings.CutPrefix(kv.Key, prefix)
		if !ok {
			continue
		}
		use, known := archKeys[key]
		switch {
		case !known:
			return fmt.Errorf("gguf: key %s is not one zincc knows for %s models, so it cannot tell whether it changes the computation; refusing rather than guessing", kv.Key, arch)
		case use.use == keyRefuse:
			return fmt.Errorf("gguf: key %s: %s", kv.Key, use.feature)
		}
	}
	return nil
}

// ropeScaling applies rope.scaling.* as llama.cpp does: freq_scale =
// 1/factor for linear scaling (the default type), 1 for type none; other
// types are refused by name. Llama 3's scaling comes as the
// rope_freqs.weight tensor and needs no key.
func ropeScaling(f *gguf.File, arch string, c *LlamaConfig) error {
	typ := "linear"
	if v, ok := f.Lookup(arch + ".rope.scaling.type"); ok {
		s, ok := gguf.As[string](v)
		if !ok {
			return fmt.Errorf("gguf: %s.rope.scaling.type is %s, not a string", arch, v.Type())
		}
		typ = s
	}
	switch typ {
	case "none", "linear":
	case "yarn":
		return fmt.Errorf("gguf: %s.rope.scaling.type = %q: YaRN rope scaling is not supported (zincc supports linear scaling and llama 3's rope_freqs)", arch, typ)
	case "longrope":
		return fmt.Errorf("gguf: %s.rope.scaling.type = %q: LongRoPE scaling is not supported (zincc supports linear scaling and llama 3's rope_freqs)", arch, typ)
	default:
		return fmt.Errorf("gguf: %s.rope.scaling.type = %q is not a rope scaling zincc knows (it supports none, linear and llama 3's rope_freqs)", arch, typ)
	}
	k := keyReader{f: f, arch: arch}
	factor := k.float("rope.scaling.factor", false, 0)
	if factor == 0 {
		factor = k.float("rope.scale_linear", false, 0)
	}
	if k.err != nil {
		return k.err
	}
	c.FreqScale = 1
	if factor != 0 && typ != "none" { // llama.cpp never scales when the type is none
		c.FreqScale = 1 / factor
	}
	return nil
}

// checkTensorSet compares the file's tensors with those the graph of c
// binds: every tensor must be used, and every one the graph needs must be
// there. A tensor of a feature zincc does not implement is named with it.
func checkTensorSet(f *gguf.File, c LlamaConfig) error {
	want := map[string]bool{"token_embd.weight": true, "output_norm.weight": true}
	if !c.Tied {
		want["output.weight"] = true
	}
	if c.RopeFreqs {
		want["rope_freqs.weight"] = true
	}
	for i := 0; i < c.Layers; i++ {
		p := "blk." + strconv.Itoa(i) + "."
		for _, stem := range []string{"attn_norm.weight", "ffn_norm.weight"} {
			want[p+stem] = true
		}
		for _, stem := range LinearLayers {
			want[p+stem+".weight"] = true
			if c.Bias[stem] {
				want[p+stem+".bias"] = true
			}
		}
		if c.QKNorm {
			want[p+"attn_q_norm.weight"], want[p+"attn_k_norm.weight"] = true, true
		}
	}
	var unused []string
	for _, t := range f.Tensors {
		if want[t.Name] {
			delete(want, t.Name)
			continue
		}
		unused = append(unused, t.Name+": "+unusedReason(t.Name, c))
	}
	if len(unused) > 0 {
		return fmt.Errorf("gguf: the file holds tensors zincc would not use, so it would compute something else: %s", listCapped(unused, 8))
	}
	if len(want) > 0 {
		var missing []string
		for name := range want {
			missing = append(missing, name)
		}
		sort.Strings(missing)
		return fmt.Errorf("gguf: the file lacks tensors a %d-layer %s model needs: %s", c.Layers, c.Name, listCapped(missing, 8))
	}
	return nil
}

// unusedReason says why a tensor that the graph does not bind is refused.
func unusedReason(name string, c LlamaConfig) string {
	if feature, ok := unsupportedGlobalTensors[name]; ok {
		return feature
	}
	rest, ok := strings.CutPrefix(name, "blk.")
	if !ok {
		return "zincc does not know this tensor"
	}
	num, stem, _ := strings.Cut(rest, ".")
	if n, err := strconv.Atoi(num); err != nil || n < 0 {
		return "zincc does not know this tensor"
	} else if n >= c.Layers {
		return fmt.Sprintf("the model has %d layers (block_count)", c.Layers)
	}
	for _, t := range unsupportedLayerTensors {
		if t.stem == stem {
			return t.feature
		}
	}
	switch {
	case stem == "attn_q_norm.weight" || stem == "attn_k_norm.weight":
		return "per-head q/k norms belong to qwen3 models, not to this architecture"
	case strings.HasSuffix(stem, ".bias"):
		for _, l := range LinearLayers {
			if stem == l+".bias" {
				return "layer 0 has no " + stem + ", so layers disagree on which biases they add"
			}
		}
	}
	return "zincc does not know this tensor"
}

// listCapped joins items, at most max of them, then says how many more.
func listCapped(items []string, max int) string {
	if len(items) <= max {
		return strings.Join(items, "; ")
	}
	return fmt.Sprintf("%s; and %d more", strings.Join(items[:max], "; "), len(items)-max)
}

// keyReader reads typed {arch}.* keys, keeping the first error.
type keyReader struct {
	f    *gguf.File
	arch string
	err  error
}

// lookup finds {arch}.key; false when an earlier key failed or this one is
// absent (an error if it is required).
func (k *keyReader) lookup(key string, required bool) (string, gguf.Value, bool) {
	name := k.arch + "." + key
	if k.err != nil {
		return name, gguf.Value{}, false
	}
	v, ok := k.f.Lookup(name)
	if !ok && required {
		k.err = fmt.Errorf("gguf: %s is missing", name)
	}
	return name, v, ok
}

// count reads a positive integer key (at most 2^24), or def when it is
// absent and not required.
func (k *keyReader) count(key string, required bool, def int) int {
	name, v, ok := k.lookup(key, required)
	if !ok {
		return def
	}
	if v.Type() == gguf.ValueArray {
		k.err = fmt.Errorf("gguf: %s is a per-layer array %v; zincc needs one value for every layer", name, v)
		return def
	}
	n, ok := v.Int()
	switch {
	case !ok:
		k.err = fmt.Errorf("gguf: %s = %v is a %s; want an integer", name, v, v.Type())
	case n < 0 || n > 1<<24 || (n == 0 && def != 0) || (n == 0 && required):
		k.err = fmt.Errorf("gguf: %s = %d is not a usable count (1 to %d)", name, n, 1<<24)
	}
	return int(n)
}

// float reads a finite positive float key that fits float32, or def when it
// is absent and not required.
func (k *keyReader) float(key string, required bool, def float64) float64 {
	name, v, ok := k.lookup(key, required)
	if !ok {
		return def
	}
	x, ok := v.Float()
	if f, is32 := gguf.As[float32](v); is32 {
		// The shortest decimal that reads back as this float32 (1e-05,
		// not 9.999999747378752e-06): the kernels take float32 anyway.
		x, _ = strconv.ParseFloat(strconv.FormatFloat(float64(f), 'g', -1, 32), 64)
	}
	if !ok {
		if n, isInt := v.Int(); isInt {
			x, ok = float64(n), true
		}
	}
	switch {
	case !ok:
		k.err = fmt.Errorf("gguf: %s = %v is a %s; want a number", name, v, v.Type())
	case !(x > 0) || math.IsInf(x, 0) || !(float32(x) > 0) || math.IsInf(float64(float32(x)), 0):
		k.err = fmt.Errorf("gguf: %s = %v must be a positive, finite float32", name, strconv.FormatFloat(x, 'g', -1, 64))
	}
	return x
}

// checkBindings parses the generated graph and compares each gguf(...)
// weight's declared type with the tensor in the file, so a shape that does
// not fit the hyper-parameters is reported at import, by name.
func checkBindings(f *gguf.File, text string) error {
	m, err := Parse("import", []byte(text))
	if err != nil {
		return fmt.Errorf("gguf: the generated graph does not parse (a zincc bug): %v", err)
	}
	for _, v := range m.DeclsOf(ir.Weight) {
		name := v.Name
		t, ok := f.Tensor(name)
		if !ok {
			continue
		}
		shape := t.Shape()
		if !v.Type.Equal(ir.Tensor(v.Type.DType, shape...)) {
			return fmt.Errorf("gguf: tensor %s has shape %v (GGUF dims %v); the model's hyper-parameters make it %v",
				name, shape, t.Dims, v.Type)
		}
	}
	return nil
}
