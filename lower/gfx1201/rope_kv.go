package gfx1201

import (
	"fmt"
	"math"

	"zincc/ir"
	"zincc/isa/kernels"
)

// rope_kv (the fuse-rope-kv pass) runs as one zincc_rope_kv_DTYPE launch,
// DTYPE the caches'. Its kernel takes q, k and v as byte offsets from the
// result and v_cache as one from k_cache (argOffset arguments): six
// pointers and the rope's parameters do not fit the 16 user SGPRs. The
// barrier planning sees an offset argument's value as it sees a pointer's:
// read, or written when the node writes it (writesID).

// ropeKVKernels are rope_kv's kernels by the caches' dtype.
var ropeKVKernels = variants(map[ir.DType]string{ir.F32: "zincc_rope_kv_f32", ir.F16: "zincc_rope_kv_f16"})

// offsetOf is the argument holding the byte offset of v's memory from
// base's (signed 32-bit, both in one buffer: checked when it is filled).
func offsetOf(v, base *ir.Value) argValue {
	return argValue{kind: argOffset, id: int32(v.ID), word: uint32(base.ID)}
}

// offsetWord resolves an argOffset argument against the memory plan.
func (l *lowering) offsetWord(a argValue) (uint32, error) {
	p, b := l.exe.Values[a.id], l.exe.Values[a.word]
	d := int64(p.Offset) - int64(b.Offset)
	if p.Buffer != b.Buffer || p.Buffer == NoBuffer || d < math.MinInt32 || d > math.MaxInt32 {
		return 0, fmt.Errorf("%s is not within a signed 32-bit byte offset of %s in one buffer, as the kernel takes it",
			l.m.ValueByID(int(a.id)).Ref(), l.m.ValueByID(int(a.word)).Ref())
	}
	return uint32(int32(d)), nil
}

// writesID reports whether node n updates the value with ID id in place
// (an operand of its op's Writes or Stores).
func writesID(n *ir.Node, id int32) bool {
	for j, a := range n.Args {
		if int32(a.ID) == id && n.Op.WritesOperand(j) {
			return true
		}
	}
	return false
}

// lowerRopeKV is rope_kv's rule: zincc_rope_kv_DTYPE over q's, k's and
// v's elements (isa/kernels/rope_kv.s, rope_kv_abi.go).
func lowerRopeKV(n *ir.Node, l *launch) error {
	q, k, v, kc, vc := n.Args[0], n.Args[1], n.Args[2], n.Args[3], n.Args[4]
	kernel, err := ropeKVKernels.pick(n, kc.Type.DType)
	if err != nil {
		return err
	}
	pos, err := scalar(n, 5)
	if err != nil {
		return err
	}
	heads, kvHeads, dims := n.Int("heads"), n.Int("kv_heads"), n.Int("dims")
	nq, nk := q.Type.Elems(), k.Type.Elems()
	hd := nq / heads
	if hd > math.MaxUint16 || heads > math.MaxUint16 || kvHeads > math.MaxUint16 || nq > 1<<22 || nk > 1<<22 {
		return fmt.Errorf("%v: rope_kv: %d and %d heads of %d: the gfx1201 kernel takes at most %d heads of at most %d, and 2^22 elements",
			n.Pos, heads, kvHeads, hd, math.MaxUint16, math.MaxUint16)
	}
	mode, freqs := 0, null()
	if n.Enum("mode") == "neox" {
		mode |= 1
	}
	if len(n.Args) > 6 {
		mode, freqs = mode|2, addrOf(n.Args[6])
	}
	l.set(kernel, kernels.Size{N: nq, KV: nk}, addrOf(n.Result), addrOf(kc), freqs, pos,
		offsetOf(q, n.Result), offsetOf(k, n.Result), offsetOf(v, n.Result), offsetOf(vc, kc),
		word(hd|dims<<16), word(heads|kvHeads<<16), float(n.Float("theta")), word(mode), float(n.Float("freq_scale")))
	return nil
}
