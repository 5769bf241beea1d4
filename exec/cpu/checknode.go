package cpu

import (
	"encoding/binary"
	"fmt"
	"math"

	"zincc/ir"
	lower "zincc/lower/cpu"
)

// CheckNode holds another tier's result of node n to the CPU oracle on the
// same inputs: args[i] is the bytes of operand i as that tier used them,
// and got the bytes it produced (for kv_store, the cache after the store,
// of which only row pos is compared). The node is recomputed with the CPU
// kernel and compared under its op's rule (Check, with the scale its
// *Scale function gives). Feeding both tiers the same inputs is what makes
// a per-op bound meaningful: errors do not compound across nodes.
func CheckNode(n *ir.Node, args [][]byte, got []byte) error {
	if len(args) != len(n.Args) {
		return fmt.Errorf("%s: %d operands given, the node has %d", n.Op.Name, len(args), len(n.Args))
	}
	for i, a := range n.Args {
		if want := a.Type.Bytes(); len(args[i]) != want {
			return fmt.Errorf("%s: operand %d (%s) has %d bytes, %v takes %d", n.Op.Name, i+1, a.Ref(), len(args[i]), a.Type, want)
		}
	}
	c, err := callFor(n)
	if err != nil {
		return err
	}
	f := func(i int) []float32 { return floats(args[i]) }
	word := func(i int) uint32 { return binary.LittleEndian.Uint32(args[i]) }
	op := n.Op.Name
	var want []float32
	if n.Result != nil {
		if len(got) != n.Result.Type.Bytes() {
			return fmt.Errorf("%s: result has %d bytes, %v takes %d", op, len(got), n.Result.Type, n.Result.Type.Bytes())
		}
		want = make([]float32, n.Result.Type.Elems())
	}
	var scale []float64
	terms := 0
	switch c.Kernel {
	case lower.Embed:
		err = Embed(want, args[0], c.DType, c.Cols, int(word(1)))
	case lower.Add:
		err = Add(want, f(0), f(1))
	case lower.Mul:
		err = Mul(want, f(0), f(1))
	case lower.Copy:
		if string(got) != string(args[0]) {
			return fmt.Errorf("copy: the bytes differ")
		}
		return nil
	case lower.KVStore:
		row := make([]byte, len(got))
		copy(row, got)
		pos := int(word(2))
		if err := KVStore(row, c.DType, c.Cols, pos, f(1)); err != nil {
			return err
		}
		rb, _ := c.DType.RowBytes(c.Cols)
		if string(row[pos*rb:(pos+1)*rb]) != string(got[pos*rb:(pos+1)*rb]) {
			return fmt.Errorf("kv_store: row %d of %s differs from the stored %s", pos, n.Args[0].Ref(), n.Args[1].Ref())
		}
		return nil
	case lower.Argmax:
		w := Argmax(f(0))
		if g := binary.LittleEndian.Uint32(got); g != w {
			return fmt.Errorf("argmax: got index %d, want %d over the same input", g, w)
		}
		return nil
	case lower.MatVec:
		if err = MatVec(nil, want, args[0], c.DType, c.Rows, c.Cols, f(1)); err == nil {
			scale = make([]float64, len(want))
			terms, err = MatVecScale(scale, args[0], c.DType, c.Rows, c.Cols, f(1))
		}
	case lower.RMSNorm:
		if err = RMSNorm(want, f(0), f(1), c.Eps); err == nil {
			scale = make([]float64, len(want))
			terms, err = RMSNormScale(scale, f(0), f(1), c.Eps)
		}
	case lower.SiLU:
		if err = SiLU(want, f(0)); err == nil {
			scale = make([]float64, len(want))
			terms, err = SiLUScale(scale, f(0))
		}
	case lower.SwiGLU:
		if err = SwiGLU(want, f(0), f(1)); err == nil {
			scale = make([]float64, len(want))
			terms, err = SwiGLUScale(scale, f(0), f(1))
		}
	case lower.Softmax:
		if err = Softmax(want, f(0)); err == nil {
			scale = make([]float64, len(want))
			terms, err = SoftmaxScale(scale, f(0))
		}
	case lower.Rope:
		var freqs []float32
		if len(args) > 2 {
			freqs = f(2)
		}
		if err = Rope(want, f(0), word(1), c.HeadDim, c.RopeDims, c.Theta, c.NeoX, freqs, c.FreqScale); err == nil {
			scale = make([]float64, len(want))
			terms, err = RopeScale(scale, f(0), word(1), c.HeadDim, c.RopeDims, c.Theta, c.NeoX, freqs, c.FreqScale)
		}
	case lower.Attention:
		pos := int(word(3))
		if pos >= c.Rows {
			return fmt.Errorf("attention: position %d past the %d cache rows", pos, c.Rows)
		}
		scratch := make([]float32, pos+1)
		if err = Attention(want, f(0), args[1], args[2], c.DType, pos, c.Heads, c.KVHeads, c.HeadDim, c.Scale, scratch); err == nil {
			scale = make([]float64, len(want))
			terms, err = AttentionScale(scale, f(0), args[1], args[2], c.DType, pos, c.Heads, c.KVHeads, c.HeadDim, c.Scale)
		}
	default:
		return fmt.Errorf("CheckNode: no oracle for %s", op)
	}
	if err != nil {
		return err
	}
	return Check(op, floats(got), want, scale, terms)
}

// callFor lowers one node to find its kernel parameters, exactly as the
// CPU tier does.
func callFor(n *ir.Node) (lower.Call, error) { return lower.LowerNode(n) }

// floats decodes little-endian float32s (a copy, so alignment never
// matters).
func floats(b []byte) []float32 {
	out := make([]float32, len(b)/4)
	for i := range out {
		out[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
	}
	return out
}
