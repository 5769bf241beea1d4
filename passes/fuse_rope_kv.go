package passes

import "zincc/ir"

// FuseRopeKV replaces, for each attention, the rope of its q, the rope of
// k, the kv_store of that rope into the attention's k cache and the
// kv_store of v into its v cache by one rope_kv (q, k, v, k_cache,
// v_cache, pos[, freqs]) whose result is the rotated q: one dispatch and
// one barrier stage where there were four dispatches and two (on gfx1201
// zincc_rope_kv_f32/_f16 rotate and store as zincc_rope and
// zincc_kv_store_* do; on the cpu tier exec/cpu.RopeKV makes the very
// calls of the four ops, so the numbers do not change).
//
// It fuses only when all of this holds:
//   - the two stores are the last nodes before the attention that touch
//     its caches (two different states of one dtype and row count), and
//     the ropes, the stores and the attention share pos;
//   - the two ropes agree on dims, theta, mode, freq_scale and freqs (the
//     same value, or none), and k's heads have q's size;
//   - rope k's result is read by its store alone (no other node, no
//     output), and v has k's length;
//   - q, k and v are computed values (results), as in every llama graph:
//     the gfx1201 kernel addresses them by offsets within the arena;
//   - no other node between the first and the last of the four touches
//     either cache, and nothing reads the rotated q before the last of
//     them, where the rope_kv goes (so every state sees its reads and
//     writes in the same order).
//
// The rope of q keeps its result value, so its readers are unchanged.
func FuseRopeKV(m *ir.Module) error {
	uses := m.Uses()
	index := make(map[*ir.Node]int, len(m.Nodes))
	for i, n := range m.Nodes {
		index[n] = i
	}
	drop := map[*ir.Node]bool{}
	at := map[int]*ir.Node{} // the fused node, by the index it moves to
	for ai, a := range m.Nodes {
		if a.Op != ir.OpAttention && a.Op != ir.OpAttentionQuantize { // the same operands
			continue
		}
		f := matchRopeKV(m.Nodes[:ai], a, uses, index, drop)
		if f == nil {
			continue
		}
		rq, rk, sk, sv := f[0], f[1], f[2], f[3]
		last := max(index[rq], index[rk], index[sk], index[sv])
		args := []*ir.Value{rq.Args[0], rk.Args[0], sv.Args[1], sk.Args[0], sv.Args[0], rq.Args[1]}
		if len(rq.Args) > 2 {
			args = append(args, rq.Args[2])
		}
		attrs := []ir.Attr{{Name: "heads", Value: ir.IntValue(int64(rq.Int("heads")))},
			{Name: "kv_heads", Value: ir.IntValue(int64(rk.Int("heads")))}}
		for _, name := range []string{"dims", "theta", "mode", "freq_scale"} {
			attr, _ := rq.Attr(name)
			attrs = append(attrs, ir.Attr{Name: name, Value: attr.Value})
		}
		rq.Op, rq.Args, rq.Attrs = ir.OpRopeKV, args, attrs
		for _, n := range f {
			drop[n] = true
		}
		at[last] = rq
	}
	if len(at) == 0 {
		return nil
	}
	out := make([]*ir.Node, 0, len(m.Nodes))
	for i, n := range m.Nodes {
		if !drop[n] {
			out = append(out, n)
		}
		if f, ok := at[i]; ok {
			out = append(out, f)
		}
	}
	m.Nodes = out
	m.Number()
	return nil
}

// matchRopeKV returns rope q, rope k, store k and store v feeding the
// attention a (nodes are the nodes before it), or nil when any condition
// of FuseRopeKV fails.
func matchRopeKV(nodes []*ir.Node, a *ir.Node, uses map[*ir.Value]int, index map[*ir.Node]int, drop map[*ir.Node]bool) []*ir.Node {
	qr, kc, vc, pos := a.Args[0], a.Args[1], a.Args[2], a.Args[3]
	rq := qr.Def
	if qr.Kind != ir.Result || rq == nil || rq.Op != ir.OpRope || kc == vc ||
		kc.Type.DType != vc.Type.DType || kc.Type.Shape[0] != vc.Type.Shape[0] {
		return nil
	}
	sk, sv := lastStore(nodes, kc), lastStore(nodes, vc)
	if sk == nil || sv == nil {
		return nil
	}
	kr, v := sk.Args[1], sv.Args[1]
	rk := kr.Def
	if kr.Kind != ir.Result || rk == nil || rk.Op != ir.OpRope || uses[kr] != 1 || rk == rq {
		return nil
	}
	q, k := rq.Args[0], rk.Args[0]
	if q.Kind != ir.Result || k.Kind != ir.Result || v.Kind != ir.Result ||
		v.Type.Elems() != k.Type.Elems() ||
		q.Type.Elems()/rq.Int("heads") != k.Type.Elems()/rk.Int("heads") {
		return nil
	}
	if rq.Args[1] != pos || rk.Args[1] != pos || sk.Args[2] != pos || sv.Args[2] != pos || len(rq.Args) != len(rk.Args) ||
		(len(rq.Args) > 2 && rq.Args[2] != rk.Args[2]) {
		return nil
	}
	for _, name := range []string{"dims", "theta", "mode", "freq_scale"} {
		x, _ := rq.Attr(name)
		y, _ := rk.Attr(name)
		if !x.Value.Equal(y.Value) {
			return nil
		}
	}
	four := []*ir.Node{rq, rk, sk, sv}
	first, last := len(nodes), -1
	for _, n := range four {
		if drop[n] {
			return nil
		}
		first, last = min(first, index[n]), max(last, index[n])
	}
	for _, n := range nodes[first : last+1] {
		if n == rq || n == rk || n == sk || n == sv {
			continue
		}
		for _, x := range n.Args {
			if x == kc || x == vc || x == qr {
				return nil
			}
		}
	}
	return four
}

// lastStore returns the kv_store into state s that is the last of nodes
// to touch s, or nil if that node is anything else (or none is).
func lastStore(nodes []*ir.Node, s *ir.Value) *ir.Node {
	for i := len(nodes) - 1; i >= 0; i-- {
		n := nodes[i]
		for _, x := range n.Args {
			if x == s {
				if n.Op == ir.OpKVStore && n.Args[0] == s {
					return n
				}
				return nil
			}
		}
	}
	return nil
}
