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
	if n.Result != nil && len(got) != n.Result.Type.Bytes() {
		return fmt.Errorf("%s: result has %d bytes, %v takes %d", n.Op.Name, len(got), n.Result.Type, n.Result.Type.Bytes())
	}
	k := kernelFor(n.Op)
	if k == nil || k.oracle == nil {
		return fmt.Errorf("CheckNode: no oracle for %s", n.Op.Name)
	}
	return k.oracle(&c, args, got)
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
