package fake

import (
	"encoding/binary"
	"fmt"
	"sort"
	"sync/atomic"
	"unsafe"
)

// Fault is a GPU access outside what the VM maps or allows: what a real
// GPU reports as a page fault.
type Fault struct {
	VA     uint64
	Access string // "read", "write" or "execute"
	Reason string // "unmapped", "read-only", "not resident", ...
}

// Error reads "GPU page fault: write at 0x100000000 (read-only)".
func (f *Fault) Error() string {
	return fmt.Sprintf("GPU page fault: %s at %#x (%s)", f.Access, f.VA, f.Reason)
}

// Mapping is one range of a GPU virtual address space: Data is the memory
// behind [VA, VA+len(Data)), shared with the buffer object (and with every
// CPU mapping of it).
type Mapping struct {
	VA                uint64
	Data              []byte
	Read, Write, Exec bool
}

// vaMap is one mapping as the driver keeps it.
type vaMap struct {
	Mapping
	bo  *bo
	off uint64
	kfd bool // made by KFD MAP_MEMORY_TO_GPU rather than GEM_VA
}

// VM is a GPU virtual address space: the mappings an Executor may touch.
// A VM handed to an Executor for one submission holds only the resident
// mappings; it must not be kept after Execute returns.
type VM struct {
	maps []*vaMap // sorted by VA, disjoint
}

// Mappings returns the mappings in address order.
func (vm *VM) Mappings() []Mapping {
	out := make([]Mapping, len(vm.maps))
	for i, m := range vm.maps {
		out[i] = m.Mapping
	}
	return out
}

// find returns the mapping containing va, or nil.
func (vm *VM) find(va uint64) *vaMap {
	i := sort.Search(len(vm.maps), func(i int) bool { return vm.maps[i].VA+uint64(len(vm.maps[i].Data)) > va })
	if i < len(vm.maps) && vm.maps[i].VA <= va {
		return vm.maps[i]
	}
	return nil
}

// overlaps reports whether [va, va+size) intersects a mapping.
func (vm *VM) overlaps(va, size uint64) bool {
	for _, m := range vm.maps {
		if va < m.VA+uint64(len(m.Data)) && m.VA < va+size {
			return true
		}
	}
	return false
}

func (vm *VM) insert(m *vaMap) {
	i := sort.Search(len(vm.maps), func(i int) bool { return vm.maps[i].VA > m.VA })
	vm.maps = append(vm.maps, nil)
	copy(vm.maps[i+1:], vm.maps[i:])
	vm.maps[i] = m
}

func (vm *VM) remove(m *vaMap) bool {
	for i, x := range vm.maps {
		if x == m {
			vm.maps = append(vm.maps[:i], vm.maps[i+1:]...)
			return true
		}
	}
	return false
}

// view returns a VM holding the mappings keep accepts.
func (vm *VM) view(keep func(*vaMap) bool) *VM {
	v := &VM{}
	for _, m := range vm.maps {
		if keep(m) {
			v.maps = append(v.maps, m)
		}
	}
	return v
}

// Slice returns the memory at [va, va+n) for access ("read", "write",
// "execute"); the range must lie in one mapping that allows it.
func (vm *VM) Slice(va, n uint64, access string) ([]byte, error) {
	m := vm.find(va)
	if m == nil {
		return nil, &Fault{VA: va, Access: access, Reason: "unmapped"}
	}
	off := va - m.VA
	if n > uint64(len(m.Data))-off {
		return nil, &Fault{VA: m.VA + uint64(len(m.Data)), Access: access, Reason: "unmapped (access runs past the end of a mapping)"}
	}
	switch {
	case access == "write" && !m.Write:
		return nil, &Fault{VA: va, Access: access, Reason: "read-only"}
	case access == "read" && !m.Read:
		return nil, &Fault{VA: va, Access: access, Reason: "not readable"}
	case access == "execute" && !m.Exec:
		return nil, &Fault{VA: va, Access: access, Reason: "not executable"}
	}
	return m.Data[off : off+n : off+n], nil
}

// ReadDwords returns a copy of n dwords at va.
func (vm *VM) ReadDwords(va uint64, n int) ([]uint32, error) {
	b, err := vm.Slice(va, uint64(n)*4, "read")
	if err != nil {
		return nil, err
	}
	out := make([]uint32, n)
	for i := range out {
		out[i] = binary.LittleEndian.Uint32(b[4*i:])
	}
	return out, nil
}

// WriteDwords writes dwords at va.
func (vm *VM) WriteDwords(va uint64, dwords []uint32) error {
	b, err := vm.Slice(va, uint64(len(dwords))*4, "write")
	if err != nil {
		return err
	}
	for i, w := range dwords {
		binary.LittleEndian.PutUint32(b[4*i:], w)
	}
	return nil
}

// Store writes a 32- or 64-bit value at va with one atomic store when va
// is aligned to the size, as the CP's fence and pointer writes are single
// transactions that the CPU may be polling.
func (vm *VM) Store(va uint64, v uint64, bytes int) error {
	b, err := vm.Slice(va, uint64(bytes), "write")
	if err != nil {
		return err
	}
	p := unsafe.Pointer(unsafe.SliceData(b))
	switch {
	case bytes == 8 && uintptr(p)%8 == 0:
		atomic.StoreUint64((*uint64)(p), v)
	case bytes == 4 && uintptr(p)%4 == 0:
		atomic.StoreUint32((*uint32)(p), uint32(v))
	case bytes == 8:
		binary.LittleEndian.PutUint64(b, v)
	default:
		binary.LittleEndian.PutUint32(b, uint32(v))
	}
	return nil
}

// Load reads an aligned 64-bit value at va atomically.
func (vm *VM) Load(va uint64) (uint64, error) {
	b, err := vm.Slice(va, 8, "read")
	if err != nil {
		return 0, err
	}
	p := unsafe.Pointer(unsafe.SliceData(b))
	if uintptr(p)%8 != 0 {
		return binary.LittleEndian.Uint64(b), nil
	}
	return atomic.LoadUint64((*uint64)(p)), nil
}
