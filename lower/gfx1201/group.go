package gfx1201

import (
	"math"

	"zincc/ir"
	"zincc/isa/kernels"
)

// Grouped matvecs: consecutive matvec statements that read the same
// quantised x, with weights of one dtype and column count (a layer's q, k
// and v; its gate and up), run as one dispatch of the kernel's grouped
// variant (zincc_matvec_FMT_q8_group, isa/kernels/matvec_q8.s), up to
// kernels.MatvecSegments of them. The IR is unchanged: this is a choice of
// the lowering alone, and the CPU tier runs the statements one by one.
//
// Only consecutive statements are grouped, so dispatches stay in statement
// order. Moving a later statement's write to the first one's dispatch is
// safe because every member reads only its weight and x: no member reads
// what another writes, and each result is live (placed apart from every
// other member's operands and results) from its own statement on, so it
// only has to stay clear of x, which groupAt checks. The barrier planning
// sees the later members' results as the launch's writes (launch.also).

// matvecGroupKernels are the grouped variants of matvecQ8Kernels.
var matvecGroupKernels = variants(map[ir.DType]string{ir.Q4_0: "zincc_matvec_q4_0_q8_group", ir.Q8_0: "zincc_matvec_q8_0_q8_group",
	ir.Q4_1: "zincc_matvec_q4_1_q8_group", ir.Q5_0: "zincc_matvec_q5_0_q8_group", ir.Q5_1: "zincc_matvec_q5_1_q8_group",
	ir.Q4_K: "zincc_matvec_q4_K_q8_group", ir.Q5_K: "zincc_matvec_q5_K_q8_group", ir.Q6_K: "zincc_matvec_q6_K_q8_group"})

// groupKernel returns the grouped kernel a matvec statement can join, or
// nil: a matvec over a quantised x whose weight dtype has one.
func groupKernel(n *ir.Node) *kernels.KernelABI {
	if n.Op != ir.OpMatVec || n.Args[1].Type.DType == ir.F32 {
		return nil
	}
	if dt := n.Args[0].Type.DType; int(dt) < len(matvecGroupKernels) {
		return matvecGroupKernels[dt]
	}
	return nil
}

// groupAt returns how many statements from i on run as one grouped matvec
// (1: statement i alone): the consecutive matvecs after it with the same
// x, weight dtype and columns, as long as each one's weight and result lie
// within a signed 32-bit byte offset of the previous member's (the kernel
// takes offsets, not pointers) and no result overlaps x.
func (l *lowering) groupAt(i int) int {
	nodes := l.m.Nodes
	lead := nodes[i]
	k := groupKernel(lead)
	if k == nil {
		return 1
	}
	x := l.exe.Values[lead.Args[1].ID]
	n := 1
	for n < kernels.MatvecSegments && i+n < len(nodes) {
		prev, next := nodes[i+n-1], nodes[i+n]
		if groupKernel(next) != k || next.Args[1] != lead.Args[1] ||
			next.Args[0].Type.Shape[1] != lead.Args[0].Type.Shape[1] ||
			!nearby(l.exe.Values[prev.Args[0].ID], l.exe.Values[next.Args[0].ID]) ||
			!nearby(l.exe.Values[prev.Result.ID], l.exe.Values[next.Result.ID]) ||
			overlaps(l.exe.Values[next.Result.ID], x) || (n == 1 && overlaps(l.exe.Values[lead.Result.ID], x)) {
			break
		}
		n++
	}
	return n
}

// nearby reports whether b's bytes start within a signed 32-bit offset
// of a's, in the same buffer (so that relocating buffers keeps it).
func nearby(a, b Placement) bool {
	d := int64(b.Offset - a.Offset)
	return a.Buffer == b.Buffer && a.Buffer != NoBuffer && d >= math.MinInt32 && d <= math.MaxInt32
}

// overlaps reports whether two placements share a byte.
func overlaps(a, b Placement) bool {
	return a.Buffer == b.Buffer && a.Offset < b.Offset+b.Bytes && b.Offset < a.Offset+a.Bytes
}

// lowerGroup fills l with the grouped matvec of members (2 or 3
// statements groupAt accepted).
func (l *lowering) lowerGroup(members []*ir.Node, ln *launch) {
	lead := members[0]
	w := lead.Args[0]
	size := kernels.Size{Rows: w.Type.Shape[0], N: w.Type.Shape[1]}
	var offs [2 * (kernels.MatvecSegments - 1)]argValue
	for j := range offs {
		offs[j] = word(0)
	}
	for j, n := range members[1:] {
		prev := members[j]
		size.More[j] = n.Args[0].Type.Shape[0]
		offs[j] = word(int(int32(l.exe.Values[n.Args[0].ID].Offset - l.exe.Values[prev.Args[0].ID].Offset)))
		offs[len(offs)/2+j] = word(int(int32(l.exe.Values[n.Result.ID].Offset - l.exe.Values[prev.Result.ID].Offset)))
	}
	ln.set(matvecGroupKernels[w.Type.DType], size, addrOf(w), addrOf(lead.Args[1]), addrOf(lead.Result),
		word(size.Rows), word(size.N), word(size.More[0]), word(size.More[1]), offs[0], offs[1], offs[2], offs[3])
	ln.nodes = len(members)
	for j, n := range members[1:] {
		ln.also[j] = int32(n.Result.ID)
	}
}
