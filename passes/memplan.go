package passes

import (
	"fmt"
	"strings"

	"zincc/ir"
)

// Region names a buffer of the memory plan.
type Region uint8

// The regions: SSA values share one arena by liveness; weights and states
// get buffers of their own. Inputs need no memory (they are patched into
// the command stream or passed by value): their slots are in NoRegion.
const (
	Arena Region = iota
	Weights
	States
	NoRegion
)

// String names the region as plan listings print it.
func (r Region) String() string {
	return [...]string{"arena", "weights", "state", "none"}[min(r, NoRegion)]
}

// Slot is where one value lives. It holds no pointers, so a plan of a
// large graph costs the garbage collector nothing to keep.
type Slot struct {
	Region Region
	Offset uint64
	Bytes  uint64 // the value's size, before alignment
	// Def and Last are the indices of the nodes that define the value and
	// end its life (m.Nodes): the last node of the barrier epoch (see
	// Epochs) of its last reader, so that no node a barrier does not
	// separate from that reader overwrites it. Outputs live to
	// len(m.Nodes). Declarations have Def = -1.
	Def, Last int
}

// MemoryPlan places every weight, state and SSA value of a module.
type MemoryPlan struct {
	Module *ir.Module
	Align  uint64
	// Slots are indexed by value ID (ir.Module.Number): declarations in
	// order, then results in definition order. Inputs are in NoRegion.
	Slots      []Slot
	Size       [3]uint64 // bytes of each region (Arena, Weights, States), aligned
	NaiveArena uint64    // the arena's size if no two values shared memory
}

// Slot returns where v lives, or false for inputs and foreign values.
func (p *MemoryPlan) Slot(v *ir.Value) (Slot, bool) {
	if !p.Module.Holds(v) || v.ID >= len(p.Slots) || p.Slots[v.ID].Region == NoRegion {
		return Slot{}, false
	}
	return p.Slots[v.ID], true
}

// PlanMemory places the values of a verified module (it numbers them with
// Module.Number). Each SSA value is live from the node that defines it to
// the last node that reads it (outputs to the end of the step, since they
// are read back afterwards), and then to the end of that reader's barrier
// epoch (Epochs): a later value may take its bytes only past a barrier
// that true dependencies already need, so reuse adds no barrier (the
// second of two ropes does not overwrite what the first reads). Values
// whose lifetimes overlap never share bytes, so no kernel's result
// overlaps its own operands. Offsets are
// multiples of align (a power of two). Placement is first fit in
// definition order.
func PlanMemory(m *ir.Module, align uint64) (*MemoryPlan, error) {
	return PlanMemoryJoined(m, align, nil)
}

// PlanMemoryJoined is PlanMemory for a device that runs some statements
// in the dispatch of later ones: joined, if not nil, holds for each node
// the last node its dispatch also runs (joined[i] >= i, or i). The values
// node i reads then live as if node joined[i] read them too, since the
// dispatch reads them while it writes that node's results (lower/gfx1201
// folds the producer of a matvec's x into the matvec, fold_x.go).
func PlanMemoryJoined(m *ir.Module, align uint64, joined []int) (*MemoryPlan, error) {
	if joined != nil && len(joined) != len(m.Nodes) {
		return nil, fmt.Errorf("memory plan: %d joined entries for %d nodes", len(joined), len(m.Nodes))
	}
	if align == 0 || align&(align-1) != 0 {
		return nil, fmt.Errorf("memory plan: alignment %d is not a power of two", align)
	}
	ids := m.Number()
	p := &MemoryPlan{Module: m, Align: align, Slots: make([]Slot, ids)}
	for id, v := range m.Decls {
		s := &p.Slots[id]
		switch v.Kind {
		case ir.Weight:
			s.Region = Weights
		case ir.State:
			s.Region = States
		default:
			s.Region = NoRegion
			continue
		}
		s.Bytes, s.Def, s.Last = uint64(v.Type.Bytes()), -1, len(m.Nodes)
		s.Offset = p.Size[s.Region]
		p.Size[s.Region] += alignUp(s.Bytes, align)
	}

	// Each result's Last starts at its definition and moves to each read.
	id := len(m.Decls)
	for i, n := range m.Nodes {
		last := i
		if joined != nil {
			last = max(i, joined[i])
		}
		for _, a := range n.Args {
			if a.ID >= len(m.Decls) && a.ID < ids { // a verified module has no foreign values
				p.Slots[a.ID].Last = max(p.Slots[a.ID].Last, last)
			}
		}
		if n.Result != nil {
			p.Slots[id] = Slot{Region: Arena, Bytes: uint64(n.Result.Type.Bytes()), Def: i, Last: i}
			id++
		}
	}
	for _, o := range m.Outputs {
		if o.Value.ID >= len(m.Decls) && o.Value.ID < ids {
			p.Slots[o.Value.ID].Last = len(m.Nodes)
		}
	}
	end := epochEnds(m)
	for id := len(m.Decls); id < ids; id++ {
		if s := &p.Slots[id]; s.Last < len(m.Nodes) {
			s.Last = end[s.Last]
		}
	}

	var live []int32 // IDs of the arena slots still live
	var busy [][2]uint64
	for id := len(m.Decls); id < ids; id++ {
		s := &p.Slots[id]
		// Values are placed in definition order, so a slot dead before
		// this definition can never overlap a later one: drop it.
		k := 0
		for _, q := range live {
			if p.Slots[q].Last >= s.Def {
				live[k] = q
				k++
			}
		}
		live = live[:k]
		size := alignUp(s.Bytes, align)
		p.NaiveArena += size
		s.Offset, busy = firstFit(p.Slots, live, s, size, align, busy)
		p.Size[Arena] = max(p.Size[Arena], s.Offset+size)
		live = append(live, int32(id))
	}
	return p, nil
}

// Epochs numbers the barrier epochs of a numbered module's nodes: a node
// starts a new epoch when it must wait for a node of the current one, that
// is when it reads a result defined in it, or reads or writes a state that
// a node of it writes, or writes a state that a node of it reads. These
// are the true dependencies (read after write, write after read, write
// after write of a state); with a memory plan that adds none of its own, a
// device that puts a barrier exactly where its dispatches depend on
// earlier ones puts one before the first node of every epoch but the
// first. Epochs are non-decreasing in node order.
func Epochs(m *ir.Module) []int {
	ep := make([]int, len(m.Nodes))
	defined := map[*ir.Value]int{} // result -> epoch of its definition
	wrote := map[*ir.Value]int{}   // state -> last epoch a node wrote it
	readAt := map[*ir.Value]int{}  // state -> last epoch a node read it
	cur := 0
	for i, n := range m.Nodes {
		dep := false
		for j, a := range n.Args {
			switch a.Kind {
			case ir.Result:
				if e, ok := defined[a]; ok && e == cur {
					dep = true
				}
			case ir.State:
				if e, ok := wrote[a]; ok && e == cur {
					dep = true
				}
				if e, ok := readAt[a]; ok && e == cur && n.Op.WritesOperand(j) {
					dep = true
				}
			}
		}
		if dep && i > 0 {
			cur++
		}
		ep[i] = cur
		if n.Result != nil {
			defined[n.Result] = cur
		}
		for j, a := range n.Args {
			if a.Kind != ir.State {
				continue
			}
			if n.Op.WritesOperand(j) {
				wrote[a] = cur
			} else {
				readAt[a] = cur
			}
		}
	}
	return ep
}

// epochEnds maps each node to the last node of its epoch.
func epochEnds(m *ir.Module) []int {
	ep := Epochs(m)
	end := make([]int, len(ep))
	for i := len(ep) - 1; i >= 0; i-- {
		end[i] = i
		if i+1 < len(ep) && ep[i+1] == ep[i] {
			end[i] = end[i+1]
		}
	}
	return end
}

// firstFit returns the lowest aligned offset where s does not overlap any
// of the placed slots (indices into slots) whose lifetime meets its own.
// busy is scratch space, returned for reuse.
func firstFit(slots []Slot, placed []int32, s *Slot, size, align uint64, busy [][2]uint64) (uint64, [][2]uint64) {
	busy = busy[:0]
	for _, i := range placed {
		q := &slots[i]
		if q.Def <= s.Last && s.Def <= q.Last {
			busy = append(busy, [2]uint64{q.Offset, q.Offset + alignUp(q.Bytes, align)})
		}
	}
	// Few values are live at once: an insertion sort allocates nothing.
	for i := 1; i < len(busy); i++ {
		for j := i; j > 0 && busy[j][0] < busy[j-1][0]; j-- {
			busy[j], busy[j-1] = busy[j-1], busy[j]
		}
	}
	off := uint64(0)
	for _, b := range busy {
		if off+size <= b[0] {
			break
		}
		off = max(off, b[1])
	}
	return off, busy
}

// alignUp rounds n up to a multiple of a, a power of two.
func alignUp(n, a uint64) uint64 { return (n + a - 1) &^ (a - 1) }

// String lists the plan: one line per slot, then the region sizes and the
// arena against the naive sum.
func (p *MemoryPlan) String() string {
	var b strings.Builder
	for id, s := range p.Slots {
		if s.Region == NoRegion {
			continue
		}
		v := p.Module.ValueByID(id)
		life := "whole step"
		if s.Def >= 0 {
			last := fmt.Sprint(s.Last)
			if s.Last == s.Def {
				last = "unused"
			}
			life = fmt.Sprintf("nodes %d..%s", s.Def, last)
		}
		fmt.Fprintf(&b, "%-7s +0x%08x %10d  %-24s %-16v %s\n", s.Region, s.Offset, s.Bytes, v.Ref(), v.Type, life)
	}
	fmt.Fprintf(&b, "weights %d bytes, state %d bytes, arena %d bytes (%d without reuse, %.1f%%), alignment %d\n",
		p.Size[Weights], p.Size[States], p.Size[Arena], p.NaiveArena, percent(p.Size[Arena], p.NaiveArena), p.Align)
	return b.String()
}

func percent(a, b uint64) float64 {
	if b == 0 {
		return 100
	}
	return 100 * float64(a) / float64(b)
}
