package ir

import (
	"fmt"
	"math"
)

// The ops of a llama-family decode step. Activations are f32; weights may be
// any float format; states (the KV cache) are f32 or f16.

var (
	anyKind    []Kind
	anyDType   []DType
	f32Only    = []DType{F32}
	floatTypes = floatDTypes()
	cacheTypes = []DType{F32, F16}
	indexTypes = []DType{U32, I32}
	weights    = []Kind{Weight}
	states     = []Kind{State}
)

// floatDTypes lists the dtypes that hold real numbers (IsFloat), the types a
// weight table or matrix may have.
func floatDTypes() []DType {
	var out []DType
	for _, d := range AllDTypes {
		if d.IsFloat() {
			out = append(out, d)
		}
	}
	return out
}

// activation is an f32 tensor operand of any kind and rank.
func activation(name string) Operand {
	return Operand{Name: name, Kinds: anyKind, DTypes: f32Only, Rank: AnyRank}
}

// vector is an f32 rank-1 operand.
func vector(name string) Operand {
	return Operand{Name: name, Kinds: anyKind, DTypes: f32Only, Rank: 1}
}

// position is a u32 scalar: a token position or id.
func position(name string) Operand {
	return Operand{Name: name, Kinds: anyKind, DTypes: []DType{U32}, Rank: 0}
}

// positive is an AttrSpec check for floats > 0 that every tier can hold:
// kernels take them as float32, so a value that rounds to 0 or overflows
// float32 is refused here rather than by one tier at run time.
func positive(_ *NodeCheck, v AttrValue) string {
	f := float32(v.Float)
	switch {
	case !(v.Float > 0):
		return "must be greater than 0"
	case !(f > 0) || math.IsInf(float64(f), 0):
		return fmt.Sprintf("does not fit a float32 (%g to %g), which the kernels take", math.SmallestNonzeroFloat32, math.MaxFloat32)
	}
	return ""
}

// atLeastOne is an AttrSpec check for integers >= 1.
func atLeastOne(_ *NodeCheck, v AttrValue) string {
	if v.Int < 1 {
		return "must be at least 1"
	}
	return ""
}

// headsOf is the AttrSpec check of a heads attribute: at least one head,
// and a whole number of elements of the named operand in each.
func headsOf(operand int, name string) func(*NodeCheck, AttrValue) string {
	return func(c *NodeCheck, v AttrValue) string {
		if msg := atLeastOne(c, v); msg != "" {
			return msg
		}
		if n := int64(c.Arg(operand).Shape[0]); n%v.Int != 0 {
			return fmt.Sprintf("does not divide the %d elements of %s", n, name)
		}
		return ""
	}
}

func constant(v AttrValue) func(*NodeCheck) AttrValue {
	return func(*NodeCheck) AttrValue { return v }
}

// sameAsFirst is the Infer rule of elementwise ops: every operand has the
// first one's shape, and so does the result.
func sameAsFirst(c *NodeCheck) Type {
	t := c.Arg(0)
	for i := 1; i < len(c.Node.Args); i++ {
		if !c.Arg(i).SameShape(t) {
			c.ArgErrorf(i, "shape %v differs from operand 1's %v", c.Arg(i), t)
		}
	}
	return Tensor(F32, t.Shape...)
}

// Op definitions. Each is registered in the op table at init.
var (
	OpEmbed = register(&Op{
		Name: "embed", Doc: "row lookup: table[index] as f32",
		Operands: []Operand{
			{Name: "table", Kinds: weights, DTypes: floatTypes, Rank: 2},
			{Name: "index", Kinds: anyKind, DTypes: indexTypes, Rank: 0},
		},
		Writes: -1,
		Infer: func(c *NodeCheck) Type {
			return Tensor(F32, c.Arg(0).Shape[1])
		},
	})

	OpRMSNorm = register(&Op{
		Name: "rms_norm", Doc: "x / sqrt(mean(x²) + eps) * weight, over each of `heads` equal parts of x",
		Operands: []Operand{vector("x"), vector("weight")},
		Attrs: []AttrSpec{
			{Name: "eps", Kind: FloatAttr, Default: constant(FloatValue(1e-5)), Check: positive},
			// heads > 1 normalises each head of x on its own, all with the
			// same weight (qwen3's per-head q and k norms).
			{Name: "heads", Kind: IntAttr, Default: constant(IntValue(1)), Check: headsOf(0, "x")},
		},
		Writes: -1,
		Infer: func(c *NodeCheck) Type {
			x := c.Arg(0)
			if h := c.Int("heads"); h >= 1 {
				switch want := x.Shape[0] / h; {
				case c.Arg(1).Shape[0] == want:
				case h == 1:
					c.ArgErrorf(1, "shape %v differs from operand 1's %v", c.Arg(1), x)
				default:
					c.ArgErrorf(1, "%s has %d elements; x has %d heads of %d", c.Node.Args[1].Ref(), c.Arg(1).Shape[0], h, want)
				}
			}
			return x
		},
	})

	OpMul = register(&Op{
		Name: "mul", Doc: "elementwise a * b",
		Operands: []Operand{activation("a"), activation("b")},
		Writes:   -1, Infer: sameAsFirst,
	})

	OpAdd = register(&Op{
		Name: "add", Doc: "elementwise a + b",
		Operands: []Operand{activation("a"), activation("b")},
		Writes:   -1, Infer: sameAsFirst,
	})

	OpMatVec = register(&Op{
		Name: "matvec", Doc: "weight[rows, cols] × x[cols] → f32[rows]; x f32, or rounded by quantize to the weight's activation format (q8_0, q8_K for block formats, f16 for f16, bf16 for bf16)",
		Operands: []Operand{
			{Name: "weight", Kinds: weights, DTypes: floatTypes, Rank: 2},
			{Name: "x", Kinds: anyKind, DTypes: []DType{F32, Q8_0, Q8_K, F16, BF16}, Rank: 1},
		},
		Writes: -1,
		Infer: func(c *NodeCheck) Type {
			w, x := c.Arg(0), c.Arg(1)
			if x.Shape[0] != w.Shape[1] {
				c.ArgErrorf(1, "%s has %d elements but the weight %v has %d columns",
					c.Node.Args[1].Ref(), x.Shape[0], w, w.Shape[1])
			}
			if x.DType != F32 && ActivationFormat(w.DType) != x.DType {
				want := "f32"
				if f := ActivationFormat(w.DType); f != InvalidDType {
					want += " or " + f.String()
				}
				c.ArgErrorf(1, "%s is %v; a %v weight takes x as %s", c.Node.Args[1].Ref(), x.DType, w.DType, want)
			}
			return Tensor(F32, w.Shape[0])
		},
	})

	// OpMatVecAdd is a matvec of a quantised x and the add of a residual r
	// to its result fused: the fuse-matvec-add pass makes it where an add's
	// operand is a matvec result nothing else reads.
	OpMatVecAdd = register(&Op{
		Name: "matvec_add", Doc: "r + weight[rows, cols] × x[cols] → f32[rows] for x quantised by quantize (q8_0, q8_K): add(r, matvec(weight, x)) in one kernel",
		Operands: []Operand{
			{Name: "weight", Kinds: weights, DTypes: []DType{Q4_0, Q4_1, Q5_0, Q5_1, Q8_0, Q4_K, Q5_K, Q6_K}, Rank: 2},
			{Name: "x", Kinds: anyKind, DTypes: []DType{Q8_0, Q8_K}, Rank: 1},
			vector("r"),
		},
		Writes: -1,
		Infer: func(c *NodeCheck) Type {
			w, x, r := c.Arg(0), c.Arg(1), c.Arg(2)
			if x.Shape[0] != w.Shape[1] {
				c.ArgErrorf(1, "%s has %d elements but the weight %v has %d columns",
					c.Node.Args[1].Ref(), x.Shape[0], w, w.Shape[1])
			}
			if ActivationFormat(w.DType) != x.DType {
				c.ArgErrorf(1, "%s is %v; a %v weight takes x as %v", c.Node.Args[1].Ref(), x.DType, w.DType, ActivationFormat(w.DType))
			}
			if r.Shape[0] != w.Shape[0] {
				c.ArgErrorf(2, "%s has %d elements but the weight %v has %d rows", c.Node.Args[2].Ref(), r.Shape[0], w, w.Shape[0])
			}
			return Tensor(F32, w.Shape[0])
		},
	})

	OpQuantize = register(&Op{
		Name: "quantize", Doc: "x quantised to ggml's q8_0 or q8_K blocks (quantize_row_q8_0_ref, quantize_row_q8_K_ref) or rounded to f16 or bf16 (ggml's fp32 conversions, to nearest even), the x of a matvec of that activation format",
		Operands: []Operand{vector("x")},
		Attrs: []AttrSpec{
			{Name: "format", Kind: EnumAttr, Enum: []string{"q8_0", "q8_K", "f16", "bf16"}},
		},
		Writes: -1,
		Infer: func(c *NodeCheck) Type {
			n := c.Arg(0).Shape[0]
			return quantizedResult(c, n)
		},
	})

	// OpRMSNormQuantize is rms_norm (one head) and quantize fused: the
	// fuse-norm-quantize pass makes it where a quantize's only input is an
	// rms_norm nothing else reads.
	OpRMSNormQuantize = register(&Op{
		Name: "rms_norm_quantize", Doc: "rms_norm of x (one head) quantised to ggml's q8_0 or q8_K blocks: quantize(rms_norm(x, weight)) in one kernel",
		Operands: []Operand{vector("x"), vector("weight")},
		Attrs: []AttrSpec{
			{Name: "eps", Kind: FloatAttr, Default: constant(FloatValue(1e-5)), Check: positive},
			{Name: "format", Kind: EnumAttr, Enum: []string{"q8_0", "q8_K"}},
		},
		Writes: -1,
		Infer: func(c *NodeCheck) Type {
			x := c.Arg(0)
			n := x.Shape[0]
			if c.Arg(1).Shape[0] != n {
				c.ArgErrorf(1, "shape %v differs from operand 1's %v", c.Arg(1), x)
			}
			return quantizedResult(c, n)
		},
	})

	// OpSwiGLUQuantize is swiglu and quantize fused: the
	// fuse-swiglu-quantize pass makes it where a quantize's only input is a
	// swiglu nothing else reads.
	OpSwiGLUQuantize = register(&Op{
		Name: "swiglu_quantize", Doc: "silu(gate) * up quantised to ggml's q8_0 or q8_K blocks: quantize(swiglu(gate, up)) in one kernel",
		Operands: []Operand{vector("gate"), vector("up")},
		Attrs: []AttrSpec{
			{Name: "format", Kind: EnumAttr, Enum: []string{"q8_0", "q8_K"}},
		},
		Writes: -1,
		Infer: func(c *NodeCheck) Type {
			g := c.Arg(0)
			n := g.Shape[0]
			if c.Arg(1).Shape[0] != n {
				c.ArgErrorf(1, "shape %v differs from operand 1's %v", c.Arg(1), g)
			}
			return quantizedResult(c, n)
		},
	})

	OpRope = register(&Op{
		Name: "rope", Doc: "rotary position embedding of each head of x at pos",
		Operands: []Operand{vector("x"), position("pos"),
			// freqs divides the angle of rotation pair i by freqs[i]
			// (llama.cpp's rope_freqs / freq_factors).
			{Name: "freqs", Kinds: anyKind, DTypes: f32Only, Rank: 1, Optional: true}},
		Attrs:  append([]AttrSpec{{Name: "heads", Kind: IntAttr, Check: headsOf(0, "x")}}, ropeAngleAttrs()...),
		Writes: -1,
		Infer: func(c *NodeCheck) Type {
			checkRopeFreqs(c, 2)
			return c.Arg(0)
		},
	})

	OpKVStore = register(&Op{
		Name: "kv_store", Doc: "cache[pos, :] = x (an effect on the state cache)",
		Operands: []Operand{
			{Name: "cache", Kinds: states, DTypes: cacheTypes, Rank: 2},
			vector("x"),
			position("pos"),
		},
		Writes: 0,
		Infer: func(c *NodeCheck) Type {
			if w, n := c.Arg(0).Shape[1], c.Arg(1).Shape[0]; w != n {
				c.ArgErrorf(1, "%s has %d elements but the rows of %s hold %d",
					c.Node.Args[1].Ref(), n, c.Node.Args[0].Ref(), w)
			}
			return Type{}
		},
	})

	// OpRopeKV is two ropes and two kv_stores fused: the fuse-rope-kv pass
	// makes it where rope q, rope k, kv_store k_cache <- rope k and
	// kv_store v_cache <- v share pos (and freqs) and nothing else reads
	// rope k.
	OpRopeKV = register(&Op{
		Name: "rope_kv", Doc: "rope(q) as the result; k_cache[pos, :] = rope(k) and v_cache[pos, :] = v as kv_store stores them (rope, rope and two kv_stores in one kernel)",
		Operands: []Operand{vector("q"), vector("k"), vector("v"),
			{Name: "k_cache", Kinds: states, DTypes: cacheTypes, Rank: 2},
			{Name: "v_cache", Kinds: states, DTypes: cacheTypes, Rank: 2},
			position("pos"),
			{Name: "freqs", Kinds: anyKind, DTypes: f32Only, Rank: 1, Optional: true}},
		// heads splits q, kv_heads splits k; the angles are rope's, the same
		// for both.
		Attrs: append([]AttrSpec{
			{Name: "heads", Kind: IntAttr, Check: headsOf(0, "q")},
			{Name: "kv_heads", Kind: IntAttr, Default: func(c *NodeCheck) AttrValue {
				return IntValue(int64(c.Int("heads")))
			}, Check: func(c *NodeCheck, v AttrValue) string {
				if c.Int("heads") < 1 {
					return "" // heads is wrong, and reported
				}
				return headsOf(1, "k")(c, v)
			}},
		}, ropeAngleAttrs()...),
		Writes: -1,
		Stores: []int{3, 4},
		Infer:  inferRopeKV,
	})

	OpAttention = register(&Op{
		Name: "attention", Doc: "one query over cached K/V rows 0..pos (GQA)",
		Operands: attentionOperands(),
		Attrs:    attentionAttrs(),
		Writes:   -1,
		Infer:    inferAttention,
	})

	// OpAttentionQuantize is attention and quantize fused: the
	// fuse-attention-quantize pass makes it where a quantize to q8_0 or
	// q8_K reads an attention nothing else reads.
	OpAttentionQuantize = register(&Op{
		Name: "attention_quantize", Doc: "attention quantised to ggml's q8_0 or q8_K blocks: quantize(attention(q, k, v, pos)) in one kernel",
		Operands: attentionOperands(),
		Attrs:    append(attentionAttrs(), AttrSpec{Name: "format", Kind: EnumAttr, Enum: []string{"q8_0", "q8_K"}}),
		Writes:   -1,
		Infer: func(c *NodeCheck) Type {
			t := inferAttention(c)
			n := t.Shape[0]
			return quantizedResult(c, n)
		},
	})

	OpSiLU = register(&Op{
		Name: "silu", Doc: "x * sigmoid(x)",
		Operands: []Operand{activation("x")},
		Writes:   -1, Infer: sameAsFirst,
	})

	OpSwiGLU = register(&Op{
		Name: "swiglu", Doc: "silu(gate) * up",
		Operands: []Operand{activation("gate"), activation("up")},
		Writes:   -1, Infer: sameAsFirst,
	})

	OpSoftmax = register(&Op{
		Name: "softmax", Doc: "exp(x - max x) / sum",
		Operands: []Operand{vector("x")},
		Writes:   -1, Infer: sameAsFirst,
	})

	OpArgmax = register(&Op{
		Name: "argmax", Doc: "index of the largest element (the lowest on ties)",
		Operands: []Operand{vector("x")},
		Writes:   -1,
		Infer:    func(c *NodeCheck) Type { return Scalar(U32) },
	})

	OpCopy = register(&Op{
		Name: "copy", Doc: "a copy of x",
		Operands: []Operand{{Name: "x", Kinds: anyKind, DTypes: anyDType, Rank: AnyRank}},
		Writes:   -1,
		Infer:    func(c *NodeCheck) Type { return c.Arg(0) },
	})
)

// ActivationFormat is the format ggml quantises x to before a dot with a
// row of weights of dtype w (its vec_dot_type, except that q4_1 and q5_1
// take q8_0 where ggml takes q8_1: docs/numerics.md §2.1): q8_0 or q8_K
// for the block formats, f16 for f16 and bf16 for bf16 weights (ggml
// rounds x to the weight's own type), or InvalidDType for weights whose x
// stays f32 (f32).
func ActivationFormat(w DType) DType {
	switch w {
	case Q4_0, Q4_1, Q5_0, Q5_1, Q8_0:
		return Q8_0
	case Q4_K, Q5_K, Q6_K:
		return Q8_K
	case F16:
		return F16
	case BF16:
		return BF16
	}
	return InvalidDType
}

// ropeAngleAttrs are the attributes of rope's angles after heads, shared
// by rope and rope_kv so that both default and check them alike.
func ropeAngleAttrs() []AttrSpec {
	return []AttrSpec{
		{Name: "dims", Kind: IntAttr, Default: func(c *NodeCheck) AttrValue {
			return IntValue(int64(headSize(c)))
		}, Check: func(c *NodeCheck, v AttrValue) string {
			hs := headSize(c)
			if hs == 0 {
				return "" // heads is wrong, and already reported
			}
			if v.Int < 2 || v.Int%2 != 0 || v.Int > int64(hs) {
				return fmt.Sprintf("must be even and between 2 and the head size %d", hs)
			}
			return ""
		}},
		{Name: "theta", Kind: FloatAttr, Default: constant(FloatValue(10000)), Check: positive},
		{Name: "mode", Kind: EnumAttr, Enum: []string{"normal", "neox"}, Default: constant(EnumValue("normal"))},
		// freq_scale multiplies every angle: linear rope scaling by a
		// factor f is freq_scale = 1/f.
		{Name: "freq_scale", Kind: FloatAttr, Default: constant(FloatValue(1)), Check: positive},
	}
}

// checkRopeFreqs checks the optional frequency factors, operand i, of a
// rope or rope_kv node: one per rotated pair.
func checkRopeFreqs(c *NodeCheck, i int) {
	if len(c.Node.Args) > i && c.Int("dims") > 0 {
		if n, want := c.Arg(i).Shape[0], c.Int("dims")/2; n != want {
			c.ArgErrorf(i, "%s has %d factors; rope rotates dims/2 = %d pairs", c.Node.Args[i].Ref(), n, want)
		}
	}
}

// headSize is the per-head width of the first operand under the "heads"
// attribute (0 if heads is not yet valid).
func headSize(c *NodeCheck) int {
	h := c.Int("heads")
	if h < 1 {
		return 0
	}
	return c.Arg(0).Shape[0] / h
}

// DefaultAttentionScale is the attention scale used when none is given:
// 1/sqrt(head size).
func DefaultAttentionScale(headSize int) float64 {
	return 1 / math.Sqrt(float64(headSize))
}

// inferRopeKV checks what rope_kv's operand specs cannot: k's heads are
// q's size, the caches hold rows as wide as k and v, and share a dtype and
// a row count (the kernel stores both rows at pos in one dtype).
func inferRopeKV(c *NodeCheck) Type {
	checkRopeFreqs(c, 6)
	q, k, v := c.Arg(0), c.Arg(1), c.Arg(2)
	kc, vc := c.Arg(3), c.Arg(4)
	if hs, kvh := headSize(c), c.Int("kv_heads"); hs > 0 && kvh > 0 && k.Shape[0]/kvh != hs {
		c.ArgErrorf(1, "%s has heads of %d elements (kv_heads = %d); q's have %d", c.Node.Args[1].Ref(), k.Shape[0]/kvh, kvh, hs)
	}
	if v.Shape[0] != k.Shape[0] {
		c.ArgErrorf(2, "%s has %d elements; k has %d, and rope_kv stores rows of one width", c.Node.Args[2].Ref(), v.Shape[0], k.Shape[0])
	}
	if w := kc.Shape[1]; w != k.Shape[0] {
		c.ArgErrorf(3, "the rows of %s hold %d elements but k has %d", c.Node.Args[3].Ref(), w, k.Shape[0])
	}
	if w := vc.Shape[1]; w != v.Shape[0] {
		c.ArgErrorf(4, "the rows of %s hold %d elements but v has %d", c.Node.Args[4].Ref(), w, v.Shape[0])
	}
	if kc.DType != vc.DType || kc.Shape[0] != vc.Shape[0] {
		c.ArgErrorf(4, "%s is %v but k_cache %s is %v; rope_kv takes caches of one dtype and row count", c.Node.Args[4].Ref(), vc, c.Node.Args[3].Ref(), kc)
	}
	return q
}

// attentionOperands are attention's operands, shared with
// attention_quantize.
func attentionOperands() []Operand {
	return []Operand{
		vector("q"),
		{Name: "k", Kinds: states, DTypes: cacheTypes, Rank: 2},
		{Name: "v", Kinds: states, DTypes: cacheTypes, Rank: 2},
		position("pos"),
	}
}

// attentionAttrs are attention's attributes, shared with
// attention_quantize so that both default and check them alike.
func attentionAttrs() []AttrSpec {
	return []AttrSpec{
		{Name: "heads", Kind: IntAttr, Check: headsOf(0, "q")},
		{Name: "kv_heads", Kind: IntAttr, Default: func(c *NodeCheck) AttrValue {
			return IntValue(int64(c.Int("heads")))
		}, Check: func(c *NodeCheck, v AttrValue) string {
			if c.Int("heads") < 1 {
				return "" // heads is wrong, and reported
			}
			if msg := atLeastOne(c, v); msg != "" {
				return msg
			}
			if int64(c.Int("heads"))%v.Int != 0 {
				return fmt.Sprintf("must divide heads = %d", c.Int("heads"))
			}
			return ""
		}},
		{Name: "scale", Kind: FloatAttr, Default: func(c *NodeCheck) AttrValue {
			return FloatValue(DefaultAttentionScale(headSize(c)))
		}, Check: func(c *NodeCheck, v AttrValue) string {
			if headSize(c) == 0 {
				return "" // heads is wrong, and reported; the default is meaningless
			}
			return positive(c, v)
		}},
	}
}

// inferAttention checks attention's caches against q and its heads and
// returns q's type, the attention's result.
func inferAttention(c *NodeCheck) Type {
	k, v := c.Arg(1), c.Arg(2)
	if !k.Equal(v) {
		c.ArgErrorf(2, "%s has type %v but the K cache %s has %v",
			c.Node.Args[2].Ref(), v, c.Node.Args[1].Ref(), k)
	}
	if c.Int("kv_heads") < 1 || headSize(c) < 1 {
		return c.Arg(0) // heads or kv_heads is wrong, and reported
	}
	if want := c.Int("kv_heads") * headSize(c); k.Shape[1] != want {
		c.ArgErrorf(1, "%s rows hold %d values; kv_heads × head size = %d × %d = %d",
			c.Node.Args[1].Ref(), k.Shape[1], c.Int("kv_heads"), headSize(c), want)
	}
	return c.Arg(0)
}

// quantizedResult is the type of an op that stores n values in its format
// attribute's blocks (quantize and the ops fused with it): n must be whole
// blocks, else operand 0 is reported. A wrong format or n gives an f32
// vector, so checking goes on.
func quantizedResult(c *NodeCheck, n int) Type {
	dt, _ := ParseDType(c.Enum("format"))
	if !dt.Valid() {
		return Tensor(F32, n) // format is wrong, and reported
	}
	if n%dt.BlockElems() != 0 {
		c.ArgErrorf(0, "%s has %d elements, not a multiple of the %d of a %v block", c.Node.Args[0].Ref(), n, dt.BlockElems(), dt)
		return Tensor(F32, n)
	}
	return Tensor(dt, n)
}
