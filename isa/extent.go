package isa

import (
	"fmt"
	"sort"
)

// KernelEnds returns, for each kernel of o (in o.Kernels order), the end of
// the byte range [Entry, end) of Code that belongs to it: the next
// kernel's entry, or the end of the code. A kernel can be copied on its own
// to any 256-byte aligned place when its range is self-contained: every
// branch inside it is PC-relative and lands inside it. KernelEnds fails
// when a branch in one kernel's range leaves it.
func (o *Object) KernelEnds() ([]int, error) {
	entries := make([]int, len(o.Kernels))
	for i, k := range o.Kernels {
		entries[i] = k.Entry
	}
	sorted := append([]int(nil), entries...)
	sort.Ints(sorted)
	end := func(entry int) int {
		i := sort.SearchInts(sorted, entry+1)
		if i < len(sorted) {
			return sorted[i]
		}
		return len(o.Code)
	}
	ends := make([]int, len(o.Kernels))
	for i, e := range entries {
		ends[i] = end(e)
	}
	for _, l := range o.Lines {
		if !l.Inst.IsBranch() {
			continue
		}
		// The kernel whose range holds the branch: the last entry at or
		// before it.
		i := sort.SearchInts(sorted, l.Offset+1) - 1
		if i < 0 {
			continue // code before the first kernel is no kernel's
		}
		lo, hi := sorted[i], end(sorted[i])
		if t := l.Inst.BranchTarget(uint64(l.Offset)); t < uint64(lo) || t >= uint64(hi) {
			return nil, fmt.Errorf("the branch at 0x%x (line %d) jumps to 0x%x, outside the kernel at [0x%x, 0x%x)", l.Offset, l.Line, t, lo, hi)
		}
	}
	return ends, nil
}
