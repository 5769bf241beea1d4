package sim

import (
	"fmt"
	"sort"
)

// Perm is what the GPU may do with a mapping. Host accesses through
// GPU.Read and GPU.Write ignore it (they stand for the CPU's view of the
// buffer).
type Perm uint8

// Permissions.
const (
	PermRead  Perm = 1 << iota // loads (vector, scalar, CP reads)
	PermWrite                  // stores and atomics
	PermExec                   // instruction fetch (AMDGPU_VM_PAGE_EXECUTABLE)

	PermRW  = PermRead | PermWrite
	PermRX  = PermRead | PermExec
	PermRWX = PermRead | PermWrite | PermExec
)

// String is "rwx" with dashes for missing permissions.
func (p Perm) String() string {
	b := []byte("---")
	if p&PermRead != 0 {
		b[0] = 'r'
	}
	if p&PermWrite != 0 {
		b[1] = 'w'
	}
	if p&PermExec != 0 {
		b[2] = 'x'
	}
	return string(b)
}

// mapping is one buffer mapped into the simulated GPU address space.
type mapping struct {
	va   uint64
	size uint64
	perm Perm
	name string
	data []byte // len == size
}

func (m *mapping) info() MappingInfo {
	return MappingInfo{Name: m.name, VA: m.va, Size: m.size, Perm: m.perm}
}

// contains reports whether [addr, addr+n) lies inside m.
func (m *mapping) contains(addr, n uint64) bool {
	off := addr - m.va
	return addr >= m.va && off < m.size && n <= m.size-off
}

// memory is the simulated GPU virtual address space: disjoint mappings
// kept sorted by address, with the last one hit cached because accesses
// come in long runs over the same buffer.
type memory struct {
	maps []*mapping
	last *mapping
}

// maxVA bounds GPU virtual addresses: gfx12 has a 48-bit address space.
const maxVA = uint64(1) << 48

func (m *memory) add(va uint64, data []byte, perm Perm, name string) error {
	size := uint64(len(data))
	if size == 0 {
		return fmt.Errorf("%w: mapping %q at 0x%x has size 0", ErrMapping, name, va)
	}
	if va >= maxVA || size > maxVA-va {
		return fmt.Errorf("%w: mapping %q [0x%x, +0x%x) goes past the 48-bit GPU address space", ErrMapping, name, va, size)
	}
	if perm&^PermRWX != 0 {
		return fmt.Errorf("%w: mapping %q has unknown permission bits 0x%x", ErrMapping, name, uint8(perm))
	}
	i := sort.Search(len(m.maps), func(i int) bool { return m.maps[i].va >= va })
	if i > 0 {
		if p := m.maps[i-1]; p.va+p.size > va {
			return fmt.Errorf("%w: mapping %q [0x%x, 0x%x) overlaps %s", ErrMapping, name, va, va+size, p.info())
		}
	}
	if i < len(m.maps) {
		if n := m.maps[i]; n.va < va+size {
			return fmt.Errorf("%w: mapping %q [0x%x, 0x%x) overlaps %s", ErrMapping, name, va, va+size, n.info())
		}
	}
	mp := &mapping{va: va, size: size, perm: perm, name: name, data: data}
	m.maps = append(m.maps, nil)
	copy(m.maps[i+1:], m.maps[i:])
	m.maps[i] = mp
	return nil
}

func (m *memory) remove(va uint64) error {
	i := sort.Search(len(m.maps), func(i int) bool { return m.maps[i].va >= va })
	if i == len(m.maps) || m.maps[i].va != va {
		return fmt.Errorf("%w: no mapping starts at 0x%x", ErrMapping, va)
	}
	if m.last == m.maps[i] {
		m.last = nil
	}
	m.maps = append(m.maps[:i], m.maps[i+1:]...)
	return nil
}

// find returns the mapping that holds all of [addr, addr+n), or nil.
// appendBytes appends the mapped bytes [lo, hi) to b (zeros where nothing
// is mapped), ignoring permissions: the hazard checker's view of memory.
func (m *memory) appendBytes(b []byte, lo, hi uint64) []byte {
	for lo < hi {
		mp := m.find(lo, 1)
		if mp == nil {
			b = append(b, 0)
			lo++
			continue
		}
		end := min(hi, mp.va+uint64(len(mp.data)))
		b = append(b, mp.data[lo-mp.va:end-mp.va]...)
		lo = end
	}
	return b
}

func (m *memory) find(addr, n uint64) *mapping {
	if l := m.last; l != nil && l.contains(addr, n) {
		return l
	}
	i := sort.Search(len(m.maps), func(i int) bool { return m.maps[i].va+m.maps[i].size > addr })
	if i < len(m.maps) && m.maps[i].contains(addr, n) {
		m.last = m.maps[i]
		return m.maps[i]
	}
	return nil
}

// nearest returns the mapping that holds addr or, failing that, the one
// closest to it; nil when nothing is mapped.
func (m *memory) nearest(addr uint64) *MappingInfo {
	if len(m.maps) == 0 {
		return nil
	}
	i := sort.Search(len(m.maps), func(i int) bool { return m.maps[i].va+m.maps[i].size > addr })
	best := -1
	var bestDist uint64
	for _, j := range []int{i - 1, i} {
		if j < 0 || j >= len(m.maps) {
			continue
		}
		mp := m.maps[j]
		var d uint64
		switch {
		case addr < mp.va:
			d = mp.va - addr
		case addr >= mp.va+mp.size:
			d = addr - (mp.va + mp.size) + 1
		}
		if best < 0 || d < bestDist {
			best, bestDist = j, d
		}
	}
	info := m.maps[best].info()
	return &info
}

// check returns the bytes [addr, addr+n) if the GPU may perform access on
// them, or a page fault (without its site, which the caller fills in).
// Accesses that straddle two adjacent mappings are not supported: no
// buffer the emulator serves is split that way, and refusing them keeps
// every access a single slice.
func (m *memory) check(addr, n uint64, access Access) ([]byte, *PageFault) {
	mp := m.find(addr, n)
	if mp == nil {
		return nil, &PageFault{Addr: addr, Size: int(n), Access: access, Reason: "unmapped", Nearest: m.nearest(addr)}
	}
	var need Perm
	reason := ""
	switch access {
	case AccessRead, AccessScalarRead:
		need, reason = PermRead, "not readable"
	case AccessWrite:
		need, reason = PermWrite, "read-only"
	case AccessAtomic:
		need, reason = PermRead|PermWrite, "read-only"
	case AccessExec:
		need, reason = PermExec, "not executable"
	}
	if mp.perm&need != need {
		info := mp.info()
		return nil, &PageFault{Addr: addr, Size: int(n), Access: access, Reason: reason, Nearest: &info}
	}
	off := addr - mp.va
	return mp.data[off : off+n : off+n], nil
}

// host returns the bytes [addr, addr+n) for a host access, which ignores
// permissions; the range may span adjacent mappings, so it is returned as
// a list of pieces.
func (m *memory) host(addr, n uint64, access Access) ([][]byte, error) {
	var out [][]byte
	for n > 0 {
		mp := m.find(addr, 1)
		if mp == nil {
			return nil, &PageFault{Addr: addr, Size: int(n), Access: access, Reason: "unmapped", Nearest: m.nearest(addr), Site: noSite()}
		}
		off := addr - mp.va
		k := mp.size - off
		if k > n {
			k = n
		}
		out = append(out, mp.data[off:off+k])
		addr += k
		n -= k
	}
	return out, nil
}
