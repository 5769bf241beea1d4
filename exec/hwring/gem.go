package hwring

import (
	"unsafe"

	"golang.org/x/sys/unix"

	"zincc/exec/kmd"
	"zincc/lower/gfx1201"
)

// The GEM buffer objects of the rings that allocate through the render
// node (cs, umq): create, map for the CPU, map into the GPU VM, release.

// GEMBuffer is a GEM buffer object a ring made on its render node, and how
// far its set-up got, so that ReleaseGEM undoes exactly that.
type GEMBuffer struct {
	Name     string // what errors call it ("code", "ring")
	Size     uint64 // bytes, a multiple of PageSize
	Handle   uint32 // 0 until created
	CPU      []byte // the CPU mapping, nil until mapped
	VA       uint64 // the GPU address once VAMapped
	VAMapped bool
}

// Timeline is a DRM timeline sync object and the last point handed out on
// it: GEM_VA signals the next point when its page-table update is done.
type Timeline struct {
	Syncobj uint32
	Point   uint64
}

func (r *Render) fail(step string, err error) error {
	return &StepError{Tier: r.Tier, Step: step, Err: err}
}

// NewVAAllocator returns an allocator over the render node's GPU address
// space: from VirtualAddressOffset (at least 1 MiB) to the end of the
// lower half or VirtualAddressMax, whichever is lower, aligned to the
// device's VirtualAddressAlignment or align, whichever is larger.
func (r *Render) NewVAAllocator(align uint32) *VAAllocator {
	info := r.Info
	return NewVAAllocator(max(info.VirtualAddressOffset, 1<<20), min(info.VirtualAddressMax, 0x0000_8000_0000_0000),
		uint64(max(info.VirtualAddressAlignment, align)))
}

// VMFlags returns the GPU page flags of buffer i of a ring running e:
// readable with the default memory type, writeable unless it is an image
// buffer the GPU only reads (a ring's own buffers beyond the image are
// writeable), executable for the code.
func VMFlags(e *gfx1201.Executable, i int) uint32 {
	flags := uint32(kmd.VMPageReadable | kmd.VMMtypeDefault)
	if i >= NumImageBuffers || !ReadOnly(e, i) {
		flags |= kmd.VMPageWriteable
	}
	if i == gfx1201.BufCode {
		flags |= kmd.VMPageExecutable
	}
	return flags
}

// CreateGEM creates b, b.Size bytes aligned to align in domain with flags
// (AMDGPU_GEM_CREATE).
func (r *Render) CreateGEM(b *GEMBuffer, align, domain, flags uint64) error {
	var gc kmd.GemCreate
	*gc.In() = kmd.GemCreateIn{BOSize: b.Size, Alignment: align, Domains: domain, DomainFlags: flags}
	if err := r.Dev.Ioctl(kmd.IoctlAMDGPUGemCreate, unsafe.Pointer(&gc)); err != nil {
		return r.fail("create the "+b.Name+" buffer (AMDGPU_GEM_CREATE)", err)
	}
	b.Handle = gc.Out().Handle
	return nil
}

// MapGEMForCPU maps b into the process (AMDGPU_GEM_MMAP, then mmap).
func (r *Render) MapGEMForCPU(b *GEMBuffer) error {
	var gm kmd.GemMmap
	gm.In().Handle = b.Handle
	if err := r.Dev.Ioctl(kmd.IoctlAMDGPUGemMmap, unsafe.Pointer(&gm)); err != nil {
		return r.fail("map the "+b.Name+" buffer for the CPU (AMDGPU_GEM_MMAP)", err)
	}
	cpu, err := r.Dev.Mmap(gm.Out().AddrPtr, int(b.Size), unix.PROT_READ|unix.PROT_WRITE, unix.MAP_SHARED)
	if err != nil {
		return r.fail("map the "+b.Name+" buffer for the CPU (mmap)", err)
	}
	b.CPU = cpu
	return nil
}

// MapGEMForGPU places b at a fresh address from vas and maps it into the
// GPU VM with page flags (AMDGPU_GEM_VA). With a timeline, the kernel
// signals the timeline's next point once the page tables hold the mapping.
func (r *Render) MapGEMForGPU(b *GEMBuffer, vas *VAAllocator, flags uint32, tl *Timeline) error {
	va, err := vas.Alloc(b.Size)
	if err != nil {
		return r.fail("place the "+b.Name+" buffer in the GPU address space", err)
	}
	gv := kmd.GemVA{Handle: b.Handle, Operation: kmd.VAOpMap, Flags: flags, VAAddress: va, MapSize: b.Size}
	if tl == nil {
		err = r.Dev.Ioctl(kmd.IoctlAMDGPUGemVA, unsafe.Pointer(&gv))
	} else {
		tl.Point++
		gvt := kmd.GemVATimeline{GemVA: gv, VMTimelinePoint: tl.Point, VMTimelineSyncobjOut: tl.Syncobj}
		err = r.Dev.Ioctl(kmd.IoctlAMDGPUGemVATimeline, unsafe.Pointer(&gvt))
	}
	if err != nil {
		return r.fail("map the "+b.Name+" buffer for the GPU (AMDGPU_GEM_VA)", err)
	}
	b.VA, b.VAMapped = va, true
	return nil
}

// ReleaseGEM adds to s the release steps of what was done to b, in
// reverse: unmap it from the GPU, from the CPU, close its handle.
func (r *Render) ReleaseGEM(s *Steps, b *GEMBuffer) {
	if b.VAMapped {
		s.Do("unmap the "+b.Name+" buffer from the GPU (AMDGPU_GEM_VA unmap)", func() error {
			gv := kmd.GemVA{Handle: b.Handle, Operation: kmd.VAOpUnmap, Flags: kmd.VMPageReadable, VAAddress: b.VA, MapSize: b.Size}
			return r.Dev.Ioctl(kmd.IoctlAMDGPUGemVA, unsafe.Pointer(&gv))
		})
	}
	if b.CPU != nil {
		s.Do("unmap the "+b.Name+" buffer from the CPU (munmap)", func() error { return r.Dev.Munmap(b.CPU) })
	}
	if b.Handle != 0 {
		s.Do("close the "+b.Name+" buffer (GEM_CLOSE)", func() error {
			gc := kmd.GemClose{Handle: b.Handle}
			return r.Dev.Ioctl(kmd.IoctlDRMGemClose, unsafe.Pointer(&gc))
		})
	}
}
