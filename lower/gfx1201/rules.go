package gfx1201

import (
	"fmt"
	"math"

	"zincc/ir"
	"zincc/isa/kernels"
)

// argValue is the value one kernel argument takes: the address of a
// value's memory, a constant, or a per-step input patched into the IB.
// Values are named by ID (ir.Module.Number), so launches hold no pointers
// and fill without write barriers.
type argValue struct {
	kind argKind
	id   int32  // argAddr, argInput: the value's ID
	word uint32 // argWord: the constant
}

type argKind uint8

const (
	argWord    argKind = iota // a constant
	argAddr                   // the address of the value's placement
	argInput                  // a per-step input declaration, patched into the IB
	argNull                   // a null pointer: an optional operand left out
	argScratch                // the launch's scratch (KernelABI.Scratch bytes after the arena's values)
	argOffset                 // a value's byte offset from another's (id from word's ID; rope_kv.go)
)

func addrOf(v *ir.Value) argValue { return argValue{kind: argAddr, id: int32(v.ID)} }
func word(w int) argValue         { return argValue{word: uint32(w)} }
func null() argValue              { return argValue{kind: argNull} }
func scratch() argValue           { return argValue{kind: argScratch} }
func float(f float64) argValue    { return argValue{word: math.Float32bits(float32(f))} }

// maxArgs bounds a kernel's arguments (16 user SGPRs), maxPtrArgs its
// pointer arguments (two SGPRs each).
const (
	maxArgs    = 16
	maxPtrArgs = maxArgs / 2
)

// launch is one node lowered to a kernel launch. Rules fill one the
// lowering owns, so lowering a node allocates and copies nothing.
type launch struct {
	kernel *kernels.KernelABI
	size   kernels.Size
	args   [maxArgs]argValue // in ABI order
	nargs  int
	state  int32 // the ID of a state the kernel writes in place (kv_store), or -1
	// then is a second launch of the same node, dispatched right after
	// this one (an op lowered to two kernels: split attention, then its
	// combine), or nil. The barrier planning sees it as any other
	// dispatch: a combine reading the first launch's scratch gets a
	// barrier.
	then *launch
	// spare is the lowering's storage for then (so a rule allocates nothing).
	spare *launch
	// nodes is the statements the launch implements from its own on (a
	// grouped matvec's, group.go; a folded producer's and its matvecs',
	// fold_x.go; 1 otherwise); also the IDs of the values the later ones
	// write, the first nodes-1 of them.
	nodes int
	also  [kernels.MatvecSegments]int32
}

// set makes l a launch of kernel over size with args.
func (l *launch) set(kernel *kernels.KernelABI, size kernels.Size, args ...argValue) {
	l.kernel, l.size, l.state, l.then, l.nodes = kernel, size, -1, nil, 1
	l.nargs = copy(l.args[:], args)
}

// next returns the node's second launch, to be set by the rule.
func (l *launch) next() *launch {
	l.then = l.spare
	return l.then
}

// scalar passes a u32 scalar operand. On the GPU it must be a per-step
// input: the lowering patches it into the user SGPRs between steps.
func scalar(n *ir.Node, i int) (argValue, error) {
	v := n.Args[i]
	if v.Kind != ir.Input {
		return argValue{}, fmt.Errorf("%v: %s operand %d (%s) is %s; on gfx1201 it must be an input, patched per step",
			n.Pos, n.Op.Name, i+1, n.Op.Operands[i].Name, v.Ref())
	}
	return argValue{kind: argInput, id: int32(v.ID)}, nil
}

// abi returns the ABI of a library kernel; the tables below resolve their
// names once, when the package starts.
func abi(name string) *kernels.KernelABI {
	k := kernels.LookupABI(name)
	if k == nil {
		panic("gfx1201: no kernel " + name + " in the ABI table")
	}
	return k
}

// byDType is the kernel variant for each element type (nil: none).
type byDType [ir.NumDTypes]*kernels.KernelABI

func variants(names map[ir.DType]string) (t byDType) {
	for dt, name := range names {
		t[dt] = abi(name)
	}
	return t
}

// pick returns the variant for dt, or an error naming the node.
func (t *byDType) pick(n *ir.Node, dt ir.DType) (*kernels.KernelABI, error) {
	if int(dt) < len(t) && t[dt] != nil {
		return t[dt], nil
	}
	return nil, fmt.Errorf("%v: gfx1201 has no %s kernel for %v", n.Pos, n.Op.Name, dt)
}

var (
	embedKernels = variants(map[ir.DType]string{ir.F32: "zincc_embed_f32", ir.F16: "zincc_embed_f16", ir.Q4_0: "zincc_embed_q4_0", ir.Q8_0: "zincc_embed_q8_0",
		ir.Q4_K: "zincc_embed_q4_K", ir.Q5_K: "zincc_embed_q5_K", ir.Q6_K: "zincc_embed_q6_K",
		ir.BF16: "zincc_embed_bf16", ir.Q4_1: "zincc_embed_q4_1", ir.Q5_0: "zincc_embed_q5_0", ir.Q5_1: "zincc_embed_q5_1"})
	matvecKernels = variants(map[ir.DType]string{ir.F32: "zincc_matvec_f32", ir.F16: "zincc_matvec_f16", ir.Q4_0: "zincc_matvec_q4_0", ir.Q8_0: "zincc_matvec_q8_0",
		ir.Q4_K: "zincc_matvec_q4_K", ir.Q5_K: "zincc_matvec_q5_K", ir.Q6_K: "zincc_matvec_q6_K",
		ir.BF16: "zincc_matvec_bf16", ir.Q4_1: "zincc_matvec_q4_1", ir.Q5_0: "zincc_matvec_q5_0", ir.Q5_1: "zincc_matvec_q5_1"})
	kvStoreKernels = variants(map[ir.DType]string{ir.F32: "zincc_kv_store_f32", ir.F16: "zincc_kv_store_f16"})
	attendKernels  = variants(map[ir.DType]string{ir.F32: "zincc_attention_f32", ir.F16: "zincc_attention_f16"})
	// attendLongKernels take contexts past kernels.MaxAttentionContext.
	attendLongKernels = variants(map[ir.DType]string{ir.F32: "zincc_attention_long_f32", ir.F16: "zincc_attention_long_f16"})
)

var (
	// matvecQ8Kernels take x quantised by quantize (ir.ActivationFormat).
	matvecQ8Kernels = variants(map[ir.DType]string{ir.Q4_0: "zincc_matvec_q4_0_q8", ir.Q8_0: "zincc_matvec_q8_0_q8",
		ir.Q4_1: "zincc_matvec_q4_1_q8", ir.Q5_0: "zincc_matvec_q5_0_q8", ir.Q5_1: "zincc_matvec_q5_1_q8",
		ir.Q4_K: "zincc_matvec_q4_K_q8", ir.Q5_K: "zincc_matvec_q5_K_q8", ir.Q6_K: "zincc_matvec_q6_K_q8"})
	matvecAddKernels = variants(map[ir.DType]string{ir.Q4_0: "zincc_matvec_q4_0_q8_add", ir.Q8_0: "zincc_matvec_q8_0_q8_add",
		ir.Q4_1: "zincc_matvec_q4_1_q8_add", ir.Q5_0: "zincc_matvec_q5_0_q8_add", ir.Q5_1: "zincc_matvec_q5_1_q8_add",
		ir.Q4_K: "zincc_matvec_q4_K_q8_add", ir.Q5_K: "zincc_matvec_q5_K_q8_add", ir.Q6_K: "zincc_matvec_q6_K_q8_add"})
	quantizeKernels = variants(map[ir.DType]string{ir.Q8_0: "zincc_quantize_q8_0", ir.Q8_K: "zincc_quantize_q8_K"})
	// swigluQuantizeKernels are swiglu_quantize's, by format.
	swigluQuantizeKernels = variants(map[ir.DType]string{ir.Q8_0: "zincc_swiglu_q8_0", ir.Q8_K: "zincc_swiglu_q8_K"})
)

// rule lowers one node into l.
type rule func(n *ir.Node, l *launch) error

// rules lowers each op; the table has one entry per op of the IR.
var rules = map[*ir.Op]rule{
	ir.OpEmbed: func(n *ir.Node, l *launch) error {
		table := n.Args[0]
		k, err := embedKernels.pick(n, table.Type.DType)
		if err != nil {
			return err
		}
		row, err := scalar(n, 1)
		cols := table.Type.Shape[1]
		l.set(k, kernels.Size{N: cols}, addrOf(table), addrOf(n.Result), row, word(cols))
		return err
	},
	ir.OpRMSNorm: func(n *ir.Node, l *launch) error {
		heads := n.Int("heads")
		c := n.Args[0].Type.Elems() / heads
		size := kernels.Size{N: c, Heads: heads}
		_, per, split := kernels.RMSNormSplit(size)
		l.set(abiRMSNorm, size,
			addrOf(n.Args[0]), addrOf(n.Args[1]), addrOf(n.Result), word(c), float(n.Float("eps")), word(per), word(b2i(split)))
		return nil
	},
	ir.OpAdd:     binary(abi("zincc_add")),
	ir.OpMul:     binary(abi("zincc_mul")),
	ir.OpSwiGLU:  binary(abi("zincc_swiglu")),
	ir.OpSiLU:    unary(abi("zincc_silu"), ir.Type.Elems),
	ir.OpSoftmax: unary(abi("zincc_softmax"), ir.Type.Elems),
	ir.OpArgmax: func(n *ir.Node, l *launch) error {
		c := n.Args[0].Type.Elems()
		groups, per := kernels.ArgmaxSplit(c)
		l.set(abiArgmax, kernels.Size{N: c}, addrOf(n.Args[0]), addrOf(n.Result), scratch(), word(c), word(per), word(groups))
		return nil
	},
	ir.OpCopy: unary(abi("zincc_copy"), ir.Type.Bytes),
	ir.OpMatVec: func(n *ir.Node, l *launch) error {
		w := n.Args[0]
		rows, cols := w.Type.Shape[0], w.Type.Shape[1]
		table, size := matvecTable(n.Args[1].Type.DType, rows, cols)
		k, err := table.pick(n, w.Type.DType)
		if err != nil {
			return err
		}
		l.set(k, size, addrOf(w), addrOf(n.Args[1]), addrOf(n.Result), word(rows), word(cols))
		return nil
	},
	ir.OpMatVecAdd: func(n *ir.Node, l *launch) error {
		w := n.Args[0]
		rows, cols := w.Type.Shape[0], w.Type.Shape[1]
		k, err := matvecAddKernels.pick(n, w.Type.DType)
		if err != nil {
			return err
		}
		l.set(k, kernels.Size{Rows: rows, N: cols}, addrOf(w), addrOf(n.Args[1]), addrOf(n.Result), word(rows), word(cols), addrOf(n.Args[2]))
		return nil
	},
	ir.OpQuantize: func(n *ir.Node, l *launch) error {
		dt := n.Result.Type.DType
		if !dt.Quantized() {
			return lowerQuantizeHalf(n, l) // f16, bf16 (half_x.go)
		}
		k, err := quantizeKernels.pick(n, dt)
		if err != nil {
			return err
		}
		blocks := n.Args[0].Type.Elems() / dt.BlockElems()
		l.set(k, kernels.Size{N: blocks}, addrOf(n.Args[0]), addrOf(n.Result), word(blocks))
		return nil
	},
	ir.OpRMSNormQuantize: func(n *ir.Node, l *launch) error {
		c := n.Args[0].Type.Elems()
		k := map[ir.DType]*kernels.KernelABI{ir.Q8_0: abiRMSNormQ8, ir.Q8_K: abiRMSNormQ8K}[n.Result.Type.DType]
		if k == nil {
			return fmt.Errorf("%v: rms_norm_quantize to %v: gfx1201 has kernels for q8_0 and q8_K only", n.Pos, n.Result.Type.DType)
		}
		l.set(k, kernels.Size{N: c}, addrOf(n.Args[0]), addrOf(n.Args[1]), addrOf(n.Result), word(c), float(n.Float("eps")))
		return nil
	},
	ir.OpSwiGLUQuantize: func(n *ir.Node, l *launch) error {
		dt := n.Result.Type.DType
		k, err := swigluQuantizeKernels.pick(n, dt)
		if err != nil {
			return err
		}
		blocks := n.Args[0].Type.Elems() / dt.BlockElems()
		l.set(k, kernels.Size{N: blocks}, addrOf(n.Args[0]), addrOf(n.Args[1]), addrOf(n.Result), word(blocks))
		return nil
	},
	ir.OpRope: func(n *ir.Node, l *launch) error {
		pos, err := scalar(n, 1)
		c := n.Args[0].Type.Elems()
		mode, freqs := 0, null()
		if n.Enum("mode") == "neox" {
			mode |= 1
		}
		if len(n.Args) > 2 {
			mode, freqs = mode|2, addrOf(n.Args[2])
		}
		l.set(abiRope, kernels.Size{N: c},
			addrOf(n.Args[0]), addrOf(n.Result), pos, word(c), word(c/n.Int("heads")),
			word(n.Int("dims")), float(n.Float("theta")), word(mode), freqs, float(n.Float("freq_scale")))
		return err
	},
	ir.OpRopeKV: lowerRopeKV,
	ir.OpKVStore: func(n *ir.Node, l *launch) error {
		cache := n.Args[0]
		k, err := kvStoreKernels.pick(n, cache.Type.DType)
		if err != nil {
			return err
		}
		pos, err := scalar(n, 2)
		w := cache.Type.Shape[1]
		l.set(k, kernels.Size{N: w}, addrOf(n.Args[1]), addrOf(cache), pos, word(w))
		l.state = int32(cache.ID)
		return err
	},
	ir.OpAttentionQuantize: lowerAttentionQuantize,
	ir.OpAttention: func(n *ir.Node, l *launch) error {
		k := n.Args[1]
		heads := n.Int("heads")
		hd := n.Args[0].Type.Elems() / heads
		rows := k.Type.Shape[0]
		pos, err := scalar(n, 3)
		if split := splitKernels[k.Type.DType][hd]; split != nil &&
			kernels.AttentionSplitFits(kernels.Size{Heads: heads, Ctx: rows, N: hd}) {
			// Flash decoding: heads × S workgroups of partials, then the
			// combine, a second dispatch over the same scratch.
			size := kernels.Size{Heads: heads, Ctx: rows, N: hd}
			log2S := kernels.AttentionSplits(rows)
			l.set(split, size, addrOf(n.Args[0]), addrOf(k), addrOf(n.Args[2]), scratch(), pos,
				word(heads), word(n.Int("kv_heads")), word(log2S), float(n.Float("scale")))
			l.next().set(abiAttentionCombine, size, scratch(), addrOf(n.Result), pos, word(hd), word(log2S))
			fuseSplitAttention(l) // one launch (attention_fused.go)
			return err
		}
		table := &attendKernels
		if rows > kernels.MaxAttentionContext {
			// Too many rows for every score to stay in LDS: the chunked kernels.
			if hd > kernels.MaxLongAttentionHeadDim {
				return fmt.Errorf("%v: attention over %s: %d rows need the chunked gfx1201 kernel, which takes heads of at most %d, not %d",
					n.Pos, k.Ref(), rows, kernels.MaxLongAttentionHeadDim, hd)
			}
			table = &attendLongKernels
		}
		kernel, err2 := table.pick(n, k.Type.DType)
		if err2 != nil {
			return err2
		}
		l.set(kernel, kernels.Size{Heads: heads, Ctx: rows},
			addrOf(n.Args[0]), addrOf(k), addrOf(n.Args[2]), addrOf(n.Result), pos,
			word(heads), word(n.Int("kv_heads")), word(hd), float(n.Float("scale")))
		return err
	},
}

// Attention is lowered to the split kernels (zincc_attention_split_*,
// then zincc_attention_combine, emitted as one launch of
// zincc_attention_fused_*: attention_fused.go) whenever they take the
// state's dtype and head size and their LDS fits; zincc_attention_* and
// zincc_attention_long_* remain for the other head sizes and for contexts
// past about 250000 rows. The choice can only be by the state's shape:
// pos is patched per step and the IB must not change with it. In the cost
// model (docs/perf-model.md, 8B-shaped step) the split kernels are slower
// only at pos 0 (0.6 µs a layer: the second dispatch and its barrier) and
// faster from a few rows on (8x at pos 64, 47x at 2048), so no context is
// short enough to keep the one-dispatch kernel for.

// splitKernels is the split attention kernel for each state dtype and
// head size, or nil.
var splitKernels = func() map[ir.DType]map[int]*kernels.KernelABI {
	t := map[ir.DType]map[int]*kernels.KernelABI{}
	for _, dt := range []ir.DType{ir.F32, ir.F16} {
		t[dt] = map[int]*kernels.KernelABI{}
		for _, hd := range kernels.AttentionSplitHeadDims {
			t[dt][hd] = abi(fmt.Sprintf("zincc_attention_split_%v_d%d", dt, hd))
		}
	}
	return t
}()

var (
	abiRMSNorm    = abi("zincc_rms_norm")
	abiRMSNormQ8  = abi("zincc_rms_norm_q8_0")
	abiRMSNormQ8K = abi("zincc_rms_norm_q8_K")
	abiArgmax     = abi("zincc_argmax")
	abiRope       = abi("zincc_rope")

	abiAttentionCombine = abi("zincc_attention_combine")
)

// rulesByIndex is rules indexed by ir.Op.Index, for the lowering's loop.
var rulesByIndex = func() []rule {
	var t []rule
	for op, r := range rules {
		for len(t) <= op.Index {
			t = append(t, nil)
		}
		t[op.Index] = r
	}
	return t
}()

// ruleFor returns the rule of op, or nil.
func ruleFor(op *ir.Op) rule {
	if op.Index < len(rulesByIndex) {
		return rulesByIndex[op.Index]
	}
	return nil
}

func binary(kernel *kernels.KernelABI) rule {
	return func(n *ir.Node, l *launch) error {
		c := n.Args[0].Type.Elems()
		l.set(kernel, kernels.Size{N: c}, addrOf(n.Args[0]), addrOf(n.Args[1]), addrOf(n.Result), word(c))
		return nil
	}
}

// unary lowers a one-operand op whose kernel is sized by count(operand type).
func unary(kernel *kernels.KernelABI, count func(ir.Type) int) rule {
	return func(n *ir.Node, l *launch) error {
		c := count(n.Args[0].Type)
		l.set(kernel, kernels.Size{N: c}, addrOf(n.Args[0]), addrOf(n.Result), word(c))
		return nil
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Supports reports whether the gfx1201 lowering has a rule for op.
func Supports(op *ir.Op) bool { return ruleFor(op) != nil }
