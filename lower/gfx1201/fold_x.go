package gfx1201

import (
	"math"

	"zincc/ir"
	"zincc/isa/kernels"
)

// Folding the producer of a quantised x into the matvec dispatch that
// reads it: an rms_norm_quantize (to q8_0 or q8_K) followed by the grouped
// matvec (group.go) of its result, or a swiglu_quantize followed by the
// matvec_add of its result, runs as one dispatch of
// zincc_matvec_FMT_q8_group_norm or zincc_matvec_FMT_q8_add_swiglu
// (isa/kernels/matvec_fused.s): every workgroup forms all of x in its LDS,
// workgroup 0 also stores it. The producer's dispatch and the barrier
// after it go. A lowering decision like group.go: the IR and the CPU tier
// are unchanged, and x still exists in memory, byte for byte.
//
// A Q4_K_M layer's q, k (q4_K) and v (q6_K) are two grouped dispatches
// unfolded; folded they are one dispatch of a mixed kernel,
// zincc_matvec_q4_K_q6_K_q8_group_norm, whose segment 2 runs q6_K's body.
//
// Only a producer whose result is read by nothing but the statements right
// after it is folded (so dispatches stay in statement order and no later
// reader needs a barrier the fold removed). The dispatch reads the
// producer's inputs while other workgroups write the matvec results, so
// no result may overlap them: the memory plan lets a value defined in the
// matvecs' barrier epoch take the bytes of one whose last reader is the
// producer, unless told otherwise: Lower plans with foldJoins, and foldAt
// refuses a fold where a given plan did. The barrier planning
// sees the producer's inputs as read (pointers and offsets alike), x and
// every matvec result as written (launch.also).

// groupNormKernels and addSwigluKernels are the fused kernels by weight
// dtype (x in the dtype's ir.ActivationFormat).
var (
	groupNormKernels = variants(map[ir.DType]string{ir.Q4_0: "zincc_matvec_q4_0_q8_group_norm", ir.Q8_0: "zincc_matvec_q8_0_q8_group_norm",
		ir.Q4_1: "zincc_matvec_q4_1_q8_group_norm", ir.Q5_0: "zincc_matvec_q5_0_q8_group_norm", ir.Q5_1: "zincc_matvec_q5_1_q8_group_norm",
		ir.Q4_K: "zincc_matvec_q4_K_q8_group_norm", ir.Q5_K: "zincc_matvec_q5_K_q8_group_norm", ir.Q6_K: "zincc_matvec_q6_K_q8_group_norm"})
	addSwigluKernels = variants(map[ir.DType]string{ir.Q4_0: "zincc_matvec_q4_0_q8_add_swiglu", ir.Q8_0: "zincc_matvec_q8_0_q8_add_swiglu",
		ir.Q4_1: "zincc_matvec_q4_1_q8_add_swiglu", ir.Q5_0: "zincc_matvec_q5_0_q8_add_swiglu", ir.Q5_1: "zincc_matvec_q5_1_q8_add_swiglu",
		ir.Q4_K: "zincc_matvec_q4_K_q8_add_swiglu", ir.Q5_K: "zincc_matvec_q5_K_q8_add_swiglu", ir.Q6_K: "zincc_matvec_q6_K_q8_add_swiglu"})
)

// mixedGroupNormKernels are the fused kernels whose segment 2 has another
// weight dtype than segments 0 and 1 (a Q4_K_M layer's q and k in q4_K,
// v in q6_K), by the two dtypes.
var mixedGroupNormKernels = map[[2]ir.DType]*kernels.KernelABI{
	{ir.Q4_K, ir.Q6_K}: abi("zincc_matvec_q4_K_q6_K_q8_group_norm"),
	{ir.Q5_K, ir.Q6_K}: abi("zincc_matvec_q5_K_q6_K_q8_group_norm"),
}

// mixedThird reports whether the statement after a run of two grouped
// matvecs over x from lead on can join them as a mixed kernel's segment 2.
func mixedThird(m *ir.Module, lead int, x *ir.Value) bool {
	if lead+2 >= len(m.Nodes) {
		return false
	}
	a, n := m.Nodes[lead], m.Nodes[lead+2]
	return groupKernel(n) != nil && n.Args[1] == x && n.Args[0].Type.Shape[1] == a.Args[0].Type.Shape[1] &&
		n.Args[0].Type.Shape[0] <= math.MaxUint16 &&
		mixedGroupNormKernels[[2]ir.DType{a.Args[0].Type.DType, n.Args[0].Type.DType}] != nil
}

// xqMaxElems is the most elements of x the fused kernels hold in LDS, by
// x's format.
var xqMaxElems = map[ir.DType]int{ir.Q8_0: 32 * kernels.XQMaxBlocksQ8_0, ir.Q8_K: 256 * kernels.XQMaxBlocksQ8_K}

// foldSpan returns how many statements from i on the IR alone allows to
// run as one folded dispatch (the producer and the matvecs after it that
// read its result, which nothing else reads), or 1. The placements may
// still refuse it (foldAt); Lower plans memory as if every such fold
// happened (foldJoins), so that the plan does not refuse it.
func foldSpan(m *ir.Module, i int) int {
	nodes := m.Nodes
	p := nodes[i]
	if i+1 >= len(nodes) || p.Result == nil || p.Result.Type.Elems() > xqMaxElems[p.Result.Type.DType] {
		return 1 // (a format without an entry holds 0)
	}
	lead := nodes[i+1]
	g := 1
	switch p.Op {
	case ir.OpRMSNormQuantize:
		if groupKernel(lead) == nil || lead.Args[1] != p.Result || !has(&groupNormKernels, lead.Args[0].Type.DType) {
			return 1
		}
		for g < kernels.MatvecSegments && i+1+g < len(nodes) {
			n := nodes[i+1+g]
			if groupKernel(n) != groupKernel(lead) || n.Args[1] != p.Result ||
				n.Args[0].Type.Shape[1] != lead.Args[0].Type.Shape[1] || n.Args[0].Type.Shape[0] > math.MaxUint16 {
				break
			}
			g++
		}
		if g == 2 && mixedThird(m, i+1, p.Result) {
			g = 3
		}
	case ir.OpSwiGLUQuantize:
		if lead.Op != ir.OpMatVecAdd || lead.Args[1] != p.Result || !has(&addSwigluKernels, lead.Args[0].Type.DType) {
			return 1
		}
	default:
		return 1
	}
	if readers(m, p.Result, i+1) != g {
		return 1
	}
	return 1 + g
}

// foldJoins is PlanMemoryJoined's joined for the folds foldSpan allows:
// the producer's dispatch runs through its last matvec.
func foldJoins(m *ir.Module) []int {
	joined := make([]int, len(m.Nodes))
	for i := range joined {
		joined[i] = i + foldSpan(m, i) - 1
	}
	return joined
}

// foldAt returns how many statements from i on run as one folded
// dispatch (the producer and its matvecs), or 1 (no fold): foldSpan's,
// where the placements allow it (the grouped matvec groupAt takes, the
// kernel's signed offsets, no result over the producer's inputs).
func (l *lowering) foldAt(i int) int {
	span := foldSpan(l.m, i)
	if span == 1 {
		return 1
	}
	nodes := l.m.Nodes
	p, lead := nodes[i], nodes[i+1]
	if p.Op == ir.OpRMSNormQuantize {
		g := l.groupAt(i + 1)
		if g == 2 && span == 4 && mixedThird(l.m, i+1, p.Result) { // segment 2 as groupAt checks a member
			prev, next := nodes[i+2], nodes[i+3]
			if nearby(l.exe.Values[prev.Args[0].ID], l.exe.Values[next.Args[0].ID]) &&
				nearby(l.exe.Values[prev.Result.ID], l.exe.Values[next.Result.ID]) &&
				!overlaps(l.exe.Values[next.Result.ID], l.exe.Values[p.Result.ID]) {
				g = 3
			}
		}
		if g != span-1 || !nearby(l.exe.Values[p.Result.ID], l.exe.Values[p.Args[0].ID]) ||
			!nearby(l.exe.Values[lead.Args[0].ID], l.exe.Values[p.Args[1].ID]) {
			return 1
		}
	}
	for _, n := range nodes[i+1 : i+span] {
		for _, v := range p.Args[:2] { // read by the prologue while results are written
			if overlaps(l.exe.Values[n.Result.ID], l.exe.Values[v.ID]) {
				return 1
			}
		}
	}
	return span
}

// has reports whether t has a kernel for dt.
func has(t *byDType, dt ir.DType) bool { return int(dt) < len(t) && t[dt] != nil }

// readers counts the statements from `from` on and the outputs that read v.
func readers(m *ir.Module, v *ir.Value, from int) int {
	k := 0
	for _, n := range m.Nodes[from:] {
		for _, a := range n.Args {
			if a == v {
				k++
				break
			}
		}
	}
	for _, o := range m.Outputs {
		if o.Value == v {
			k++
		}
	}
	return k
}

// lowerFold fills ln with the folded dispatch of stmts (the producer, then
// the matvecs foldAt accepted).
func (l *lowering) lowerFold(stmts []*ir.Node, ln *launch) {
	p, members := stmts[0], stmts[1:]
	lead := members[0]
	w := lead.Args[0]
	if p.Op == ir.OpRMSNormQuantize {
		l.lowerGroup(members, ln) // the grouped matvec's arguments, then the norm's
		a := ln.args
		k := groupNormKernels[w.Type.DType]
		if last := members[len(members)-1].Args[0].Type.DType; last != w.Type.DType {
			k = mixedGroupNormKernels[[2]ir.DType{w.Type.DType, last}]
		}
		ln.set(k, ln.size, a[0], a[1], a[2], a[3], a[4],
			word(ln.size.More[0]|ln.size.More[1]<<16), a[7], a[8], a[9], a[10],
			offsetOf(p.Args[0], p.Result), offsetOf(p.Args[1], w), float(p.Float("eps")))
	} else {
		rows, cols := w.Type.Shape[0], w.Type.Shape[1]
		ln.set(addSwigluKernels[w.Type.DType], kernels.Size{Rows: rows, N: cols}, addrOf(w), addrOf(p.Result), addrOf(lead.Result),
			word(rows), word(cols), addrOf(lead.Args[2]), addrOf(p.Args[0]), addrOf(p.Args[1]))
	}
	ln.nodes = len(stmts)
	for j, n := range members {
		ln.also[j] = int32(n.Result.ID)
	}
}
