// Package cpu lowers a module to a flat program of CPU kernel calls over
// numbered buffers, which exec/cpu runs. Every value gets its own buffer:
// the CPU tier is the correctness oracle, and keeping it simple is worth
// more than the memory an arena would save at these sizes.
package cpu

import (
	"fmt"
	"math"
	"strings"

	"zincc/ir"
)

// Buffer is the storage of one value.
type Buffer struct {
	Value *ir.Value
	Bytes int
}

// Call is one kernel invocation with the parameters it needs, resolved from
// operand types and attributes at lowering time. The kernel is the one of
// Node.Op (exec/cpu keeps one per op).
type Call struct {
	Node *ir.Node
	Out  int   // the result's buffer, or -1
	In   []int // the operands' buffers, in operand order

	DType             ir.DType // element type of the weight, table or cache operand; quantize: the format
	XDType            ir.DType // matvec: the element type of x (f32, or q8_0/q8_K from quantize)
	Rows, Cols        int      // matrix or table shape; for elementwise ops Cols is the length
	Heads, KVHeads    int
	HeadDim, RopeDims int
	Eps, Theta, Scale float32
	FreqScale         float32 // rope: the factor on every angle
	NeoX              bool
}

// Program is a lowered module.
type Program struct {
	Module   *ir.Module
	Buffers  []Buffer
	BufferOf map[*ir.Value]int
	Calls    []Call
	Inputs   []int // buffers of the input declarations, in order
	Weights  []int
	States   []int
	Outputs  []int // buffers of the outputs, in order
}

// rules resolves the parameters of one op's call; the table has an entry
// per op (a test holds it to the IR's op list).
var rules = map[*ir.Op]func(n *ir.Node, c *Call){
	ir.OpEmbed: func(n *ir.Node, c *Call) {
		c.DType = n.Args[0].Type.DType
		c.Rows, c.Cols = n.Args[0].Type.Shape[0], n.Args[0].Type.Shape[1]
	},
	ir.OpRMSNorm: func(n *ir.Node, c *Call) {
		c.Cols, c.Eps = n.Args[0].Type.Elems(), float32(n.Float("eps"))
		c.Heads = n.Int("heads")
	},
	ir.OpAdd: elementwise,
	ir.OpMul: elementwise,
	ir.OpMatVec: func(n *ir.Node, c *Call) {
		c.DType, c.XDType = n.Args[0].Type.DType, n.Args[1].Type.DType
		c.Rows, c.Cols = n.Args[0].Type.Shape[0], n.Args[0].Type.Shape[1]
	},
	ir.OpMatVecAdd: func(n *ir.Node, c *Call) {
		c.DType, c.XDType = n.Args[0].Type.DType, n.Args[1].Type.DType
		c.Rows, c.Cols = n.Args[0].Type.Shape[0], n.Args[0].Type.Shape[1]
	},
	ir.OpQuantize: func(n *ir.Node, c *Call) {
		c.DType, c.Cols = n.Result.Type.DType, n.Args[0].Type.Elems()
	},
	ir.OpRMSNormQuantize: func(n *ir.Node, c *Call) {
		c.DType, c.Cols, c.Eps = n.Result.Type.DType, n.Args[0].Type.Elems(), float32(n.Float("eps"))
	},
	ir.OpSwiGLUQuantize: func(n *ir.Node, c *Call) {
		c.DType, c.Cols = n.Result.Type.DType, n.Args[0].Type.Elems()
	},
	ir.OpRope: func(n *ir.Node, c *Call) {
		c.Cols = n.Args[0].Type.Elems()
		c.Heads = n.Int("heads")
		c.HeadDim, c.RopeDims = c.Cols/c.Heads, n.Int("dims")
		c.Theta, c.NeoX = float32(n.Float("theta")), n.Enum("mode") == "neox"
		c.FreqScale = float32(n.Float("freq_scale"))
	},
	// rope_kv: Cols is q's length (Heads·HeadDim), Rows and DType the
	// caches' (whose rows hold KVHeads·HeadDim, k's and v's length).
	ir.OpRopeKV: func(n *ir.Node, c *Call) {
		c.Cols = n.Args[0].Type.Elems()
		c.Heads, c.KVHeads = n.Int("heads"), n.Int("kv_heads")
		c.HeadDim, c.RopeDims = c.Cols/c.Heads, n.Int("dims")
		c.Theta, c.NeoX = float32(n.Float("theta")), n.Enum("mode") == "neox"
		c.FreqScale = float32(n.Float("freq_scale"))
		c.DType, c.Rows = n.Args[3].Type.DType, n.Args[3].Type.Shape[0]
	},
	ir.OpKVStore: func(n *ir.Node, c *Call) {
		c.DType = n.Args[0].Type.DType
		c.Rows, c.Cols = n.Args[0].Type.Shape[0], n.Args[0].Type.Shape[1]
	},
	ir.OpAttention:         attention,
	ir.OpAttentionQuantize: attention, // the format is the result's dtype
	ir.OpSiLU:              elementwise,
	ir.OpSwiGLU:            elementwise,
	ir.OpSoftmax:           elementwise,
	ir.OpArgmax:            elementwise,
	ir.OpCopy: func(n *ir.Node, c *Call) {
		c.Cols = n.Args[0].Type.Bytes()
	},
}

// attention resolves the parameters of attention (and attention_quantize).
func attention(n *ir.Node, c *Call) {
	c.DType = n.Args[1].Type.DType
	c.Rows, c.Cols = n.Args[1].Type.Shape[0], n.Args[1].Type.Shape[1]
	c.Heads, c.KVHeads = n.Int("heads"), n.Int("kv_heads")
	c.HeadDim, c.Scale = n.Args[0].Type.Elems()/c.Heads, float32(n.Float("scale"))
}

// elementwise resolves the length of an op over whole vectors.
func elementwise(n *ir.Node, c *Call) { c.Cols = n.Args[0].Type.Elems() }

// Lower turns a verified module into a program.
func Lower(m *ir.Module) (*Program, error) {
	if errs := ir.Verify(m); len(errs) > 0 {
		return nil, errs
	}
	p := &Program{Module: m, BufferOf: map[*ir.Value]int{}}
	add := func(v *ir.Value) int {
		p.BufferOf[v] = len(p.Buffers)
		p.Buffers = append(p.Buffers, Buffer{Value: v, Bytes: v.Type.Bytes()})
		return len(p.Buffers) - 1
	}
	for _, v := range m.Decls {
		b := add(v)
		switch v.Kind {
		case ir.Input:
			p.Inputs = append(p.Inputs, b)
		case ir.Weight:
			p.Weights = append(p.Weights, b)
		case ir.State:
			p.States = append(p.States, b)
		}
	}
	for _, n := range m.Nodes {
		c, err := LowerNode(n)
		if err != nil {
			return nil, err
		}
		for _, a := range n.Args {
			c.In = append(c.In, p.BufferOf[a])
		}
		if n.Result != nil {
			c.Out = add(n.Result)
		}
		p.Calls = append(p.Calls, c)
	}
	for _, o := range m.Outputs {
		p.Outputs = append(p.Outputs, p.BufferOf[o.Value])
	}
	return p, nil
}

// Supports reports whether the cpu back end has a lowering rule for op.
func Supports(op *ir.Op) bool { _, ok := rules[op]; return ok }

// LowerNode resolves one node to its kernel and parameters (Out and In are
// left for the caller to fill).
func LowerNode(n *ir.Node) (Call, error) {
	rule, ok := rules[n.Op]
	if !ok {
		return Call{}, fmt.Errorf("%v: the cpu back end has no kernel for %s", n.Pos, n.Op.Name)
	}
	c := Call{Node: n, Out: -1}
	rule(n, &c)
	if math.IsInf(float64(c.Scale), 0) || math.IsInf(float64(c.Theta), 0) || math.IsInf(float64(c.Eps), 0) || math.IsInf(float64(c.FreqScale), 0) {
		return Call{}, fmt.Errorf("%v: %s: an attribute overflows float32", n.Pos, n.Op.Name)
	}
	return c, nil
}

// String lists the program: its buffers, then one line per call.
func (p *Program) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "// cpu program for graph @%s: %d buffers, %d calls\n", p.Module.Name, len(p.Buffers), len(p.Calls))
	for i, buf := range p.Buffers {
		fmt.Fprintf(&b, "buf%-3d %-7s %-24s %v (%d bytes)\n", i, buf.Value.Kind, buf.Value.Ref(), buf.Value.Type, buf.Bytes)
	}
	for _, c := range p.Calls {
		out := "        "
		if c.Out >= 0 {
			out = fmt.Sprintf("buf%-3d = ", c.Out)
		}
		var in []string
		for _, i := range c.In {
			in = append(in, fmt.Sprintf("buf%d", i))
		}
		fmt.Fprintf(&b, "%s%s(%s)  // %s (%v)\n", out, c.Node.Op.Name, strings.Join(in, ", "), ir.NodeString(c.Node), c.Node.Pos)
	}
	return b.String()
}
