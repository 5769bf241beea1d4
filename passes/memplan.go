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
// the command stream or passed by value).
const (
	Arena Region = iota
	Weights
	States
)

func (r Region) String() string {
	return [...]string{"arena", "weights", "state"}[r]
}

// Slot is where one value lives.
type Slot struct {
	Value  *ir.Value
	Region Region
	Offset uint64
	Bytes  uint64 // the value's size, before alignment
	// Def and Last are the indices of the nodes that define the value and
	// read it last (m.Nodes); outputs live to len(m.Nodes). Declarations
	// have Def = -1.
	Def, Last int
}

// MemoryPlan places every weight, state and SSA value of a module.
type MemoryPlan struct {
	Align      uint64
	Slots      []Slot    // weights and states in declaration order, then results in definition order
	index      []int32   // slot of each value by ID, or -1
	Size       [3]uint64 // bytes of each region, aligned
	NaiveArena uint64    // the arena's size if no two values shared memory
}

// Slot returns where v lives, or false for inputs and foreign values.
func (p *MemoryPlan) Slot(v *ir.Value) (Slot, bool) {
	if v == nil || v.ID < 0 || v.ID >= len(p.index) || p.index[v.ID] < 0 || p.Slots[p.index[v.ID]].Value != v {
		return Slot{}, false
	}
	return p.Slots[p.index[v.ID]], true
}

// PlanMemory places the values of a verified module (it numbers them with
// Module.Number). Each SSA value is
// live from the node that defines it to the last node that reads it
// (outputs to the end of the step, since they are read back afterwards);
// values whose lifetimes overlap never share bytes, so no kernel's result
// overlaps its own operands. Offsets are multiples of align (a power of
// two). Placement is first fit in definition order.
func PlanMemory(m *ir.Module, align uint64) (*MemoryPlan, error) {
	if align == 0 || align&(align-1) != 0 {
		return nil, fmt.Errorf("memory plan: alignment %d is not a power of two", align)
	}
	ids := m.Number()
	p := &MemoryPlan{Align: align, index: make([]int32, ids)}
	for i := range p.index {
		p.index[i] = -1
	}
	p.Slots = make([]Slot, 0, len(m.Decls)+len(m.Nodes))
	add := func(s Slot) {
		p.index[s.Value.ID] = int32(len(p.Slots))
		p.Slots = append(p.Slots, s)
	}
	for _, v := range m.Decls {
		var r Region
		switch v.Kind {
		case ir.Weight:
			r = Weights
		case ir.State:
			r = States
		default:
			continue
		}
		add(Slot{Value: v, Region: r, Offset: p.Size[r], Bytes: uint64(v.Type.Bytes()), Def: -1, Last: len(m.Nodes)})
		p.Size[r] += alignUp(uint64(v.Type.Bytes()), align)
	}

	// last[id] is the index of the node that reads value id last, or -1.
	last := make([]int32, ids)
	for i := range last {
		last[i] = -1
	}
	use := func(v *ir.Value, at int) {
		if v.ID >= 0 && v.ID < ids { // a verified module has no foreign values
			last[v.ID] = int32(at)
		}
	}
	for i, n := range m.Nodes {
		for _, a := range n.Args {
			use(a, i)
		}
	}
	for _, o := range m.Outputs {
		use(o.Value, len(m.Nodes))
	}
	var live []int32 // indices in p.Slots of the arena slots still live
	var busy [][2]uint64
	for i, n := range m.Nodes {
		v := n.Result
		if v == nil {
			continue
		}
		// Values are placed in definition order, so a slot dead before
		// this definition can never overlap a later one: drop it.
		k := 0
		for _, q := range live {
			if p.Slots[q].Last >= i {
				live[k] = q
				k++
			}
		}
		live = live[:k]
		s := Slot{Value: v, Region: Arena, Bytes: uint64(v.Type.Bytes()), Def: i, Last: i}
		if l := last[v.ID]; l >= 0 {
			s.Last = int(l)
		}
		size := alignUp(s.Bytes, align)
		p.NaiveArena += size
		s.Offset, busy = firstFit(p.Slots, live, s, size, align, busy)
		p.Size[Arena] = max(p.Size[Arena], s.Offset+size)
		live = append(live, int32(len(p.Slots)))
		add(s)
	}
	return p, nil
}

// firstFit returns the lowest aligned offset where s does not overlap any
// of the placed slots (indices into slots) whose lifetime meets its own.
// busy is scratch space, returned for reuse.
func firstFit(slots []Slot, placed []int32, s Slot, size, align uint64, busy [][2]uint64) (uint64, [][2]uint64) {
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

func alignUp(n, a uint64) uint64 { return (n + a - 1) / a * a }

// String lists the plan: one line per slot, then the region sizes and the
// arena against the naive sum.
func (p *MemoryPlan) String() string {
	var b strings.Builder
	for _, s := range p.Slots {
		life := "whole step"
		if s.Def >= 0 {
			last := fmt.Sprint(s.Last)
			if s.Last == s.Def {
				last = "unused"
			}
			life = fmt.Sprintf("nodes %d..%s", s.Def, last)
		}
		fmt.Fprintf(&b, "%-7s +0x%08x %10d  %-24s %-16v %s\n", s.Region, s.Offset, s.Bytes, s.Value.Ref(), s.Value.Type, life)
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
