package hwring

import "fmt"

// Alignment of GPU virtual addresses handed out by VAAllocator: buffers of
// 2 MiB and more start on a 2 MiB boundary (so the kernel can use large
// page-table fragments), smaller ones on 64 KiB.
const (
	smallVAAlign = 64 << 10
	largeVAAlign = 2 << 20
)

// VAAllocator hands out GPU virtual addresses from [base, limit) in
// increasing order. Rings own their whole address range (nothing else in
// the process maps GPU memory through the same VM), so a bump allocator is
// enough and never frees.
type VAAllocator struct {
	next, limit, align uint64
}

// NewVAAllocator returns an allocator over [base, limit) whose addresses
// are multiples of align (at least the GPU page size) besides the
// size-dependent alignment above.
func NewVAAllocator(base, limit, align uint64) *VAAllocator {
	if align < PageSize {
		align = PageSize
	}
	return &VAAllocator{next: base, limit: limit, align: align}
}

// Alloc returns the address of a new range of size bytes.
func (a *VAAllocator) Alloc(size uint64) (uint64, error) {
	align := max(a.align, uint64(smallVAAlign))
	if size >= largeVAAlign {
		align = max(align, largeVAAlign)
	}
	va := (a.next + align - 1) / align * align
	if va < a.next || size > a.limit || va > a.limit-size {
		return 0, fmt.Errorf("no room for %d bytes of GPU address space at %#x (limit %#x)", size, a.next, a.limit)
	}
	a.next = va + size
	return va, nil
}
