package gfx1201

import (
	"fmt"
	"math"

	"zincc/ir"
	"zincc/isa/kernels"
)

// argValue is the value one kernel argument takes: the address of a
// value's memory, a constant, or a per-step input patched into the IB.
type argValue struct {
	addr  *ir.Value // ArgPtr: the value whose placement address is passed
	word  uint32    // a constant
	input *ir.Value // an input declaration, patched per step
}

func addrOf(v *ir.Value) argValue { return argValue{addr: v} }
func word(w int) argValue         { return argValue{word: uint32(w)} }
func float(f float64) argValue    { return argValue{word: math.Float32bits(float32(f))} }

// maxArgs bounds a kernel's arguments (16 user SGPRs).
const maxArgs = 16

// launch is one node lowered to a kernel launch. It is built by value, so
// lowering a node allocates nothing.
type launch struct {
	kernel string
	size   kernels.Size
	args   [maxArgs]argValue // in ABI order
	nargs  int
	state  *ir.Value // a state the kernel writes in place (kv_store), or nil
}

func newLaunch(kernel string, size kernels.Size, args ...argValue) launch {
	l := launch{kernel: kernel, size: size, nargs: len(args)}
	copy(l.args[:], args)
	return l
}

// scalar passes a u32 scalar operand. On the GPU it must be a per-step
// input: the lowering patches it into the user SGPRs between steps.
func scalar(n *ir.Node, i int) (argValue, error) {
	v := n.Args[i]
	if v.Kind != ir.Input {
		return argValue{}, fmt.Errorf("%v: %s operand %d (%s) is %s; on gfx1201 it must be an input, patched per step",
			n.Pos, n.Op.Name, i+1, n.Op.Operands[i].Name, v.Ref())
	}
	return argValue{input: v}, nil
}

// byDType names the kernel variant for each element type.
type byDType map[ir.DType]string

var (
	embedKernels   = byDType{ir.F32: "zincc_embed_f32", ir.F16: "zincc_embed_f16", ir.Q4_0: "zincc_embed_q4_0", ir.Q8_0: "zincc_embed_q8_0"}
	matvecKernels  = byDType{ir.F32: "zincc_matvec_f32", ir.F16: "zincc_matvec_f16", ir.Q4_0: "zincc_matvec_q4_0", ir.Q8_0: "zincc_matvec_q8_0"}
	kvStoreKernels = byDType{ir.F32: "zincc_kv_store_f32", ir.F16: "zincc_kv_store_f16"}
	attendKernels  = byDType{ir.F32: "zincc_attention_f32", ir.F16: "zincc_attention_f16"}
)

// rules lowers each op; the table has one entry per op of the IR.
var rules = map[*ir.Op]func(n *ir.Node) (launch, error){
	ir.OpEmbed: func(n *ir.Node) (launch, error) {
		table := n.Args[0]
		row, err := scalar(n, 1)
		cols := table.Type.Shape[1]
		return newLaunch(embedKernels[table.Type.DType], kernels.Size{N: cols},
			addrOf(table), addrOf(n.Result), row, word(cols)), err
	},
	ir.OpRMSNorm: func(n *ir.Node) (launch, error) {
		c := n.Args[0].Type.Elems()
		return newLaunch("zincc_rms_norm", kernels.Size{N: c},
			addrOf(n.Args[0]), addrOf(n.Args[1]), addrOf(n.Result), word(c), float(n.Float("eps"))), nil
	},
	ir.OpAdd:    binary("zincc_add"),
	ir.OpMul:    binary("zincc_mul"),
	ir.OpSwiGLU: binary("zincc_swiglu"),
	ir.OpSiLU: func(n *ir.Node) (launch, error) {
		return unaryN("zincc_silu", n, n.Args[0].Type.Elems())
	},
	ir.OpSoftmax: func(n *ir.Node) (launch, error) {
		return unaryN("zincc_softmax", n, n.Args[0].Type.Elems())
	},
	ir.OpArgmax: func(n *ir.Node) (launch, error) {
		return unaryN("zincc_argmax", n, n.Args[0].Type.Elems())
	},
	ir.OpCopy: func(n *ir.Node) (launch, error) {
		return unaryN("zincc_copy", n, n.Args[0].Type.Bytes())
	},
	ir.OpMatVec: func(n *ir.Node) (launch, error) {
		w := n.Args[0]
		rows, cols := w.Type.Shape[0], w.Type.Shape[1]
		return newLaunch(matvecKernels[w.Type.DType], kernels.Size{Rows: rows},
			addrOf(w), addrOf(n.Args[1]), addrOf(n.Result), word(rows), word(cols)), nil
	},
	ir.OpRope: func(n *ir.Node) (launch, error) {
		pos, err := scalar(n, 1)
		c := n.Args[0].Type.Elems()
		mode := 0
		if n.Enum("mode") == "neox" {
			mode = 1
		}
		return newLaunch("zincc_rope", kernels.Size{N: c},
			addrOf(n.Args[0]), addrOf(n.Result), pos, word(c), word(c/n.Int("heads")),
			word(n.Int("dims")), float(n.Float("theta")), word(mode)), err
	},
	ir.OpKVStore: func(n *ir.Node) (launch, error) {
		cache := n.Args[0]
		pos, err := scalar(n, 2)
		w := cache.Type.Shape[1]
		l := newLaunch(kvStoreKernels[cache.Type.DType], kernels.Size{N: w},
			addrOf(n.Args[1]), addrOf(cache), pos, word(w))
		l.state = cache
		return l, err
	},
	ir.OpAttention: func(n *ir.Node) (launch, error) {
		k := n.Args[1]
		if rows := k.Type.Shape[0]; rows > kernels.MaxAttentionContext {
			return launch{}, fmt.Errorf("%v: attention over %s: %d rows exceed the %d the gfx1201 kernel attends over",
				n.Pos, k.Ref(), rows, kernels.MaxAttentionContext)
		}
		pos, err := scalar(n, 3)
		heads := n.Int("heads")
		return newLaunch(attendKernels[k.Type.DType], kernels.Size{Heads: heads},
			addrOf(n.Args[0]), addrOf(k), addrOf(n.Args[2]), addrOf(n.Result), pos,
			word(heads), word(n.Int("kv_heads")), word(n.Args[0].Type.Elems()/heads), float(n.Float("scale"))), err
	},
}

func binary(kernel string) func(n *ir.Node) (launch, error) {
	return func(n *ir.Node) (launch, error) {
		c := n.Args[0].Type.Elems()
		return newLaunch(kernel, kernels.Size{N: c}, addrOf(n.Args[0]), addrOf(n.Args[1]), addrOf(n.Result), word(c)), nil
	}
}

func unaryN(kernel string, n *ir.Node, count int) (launch, error) {
	return newLaunch(kernel, kernels.Size{N: count}, addrOf(n.Args[0]), addrOf(n.Result), word(count)), nil
}
