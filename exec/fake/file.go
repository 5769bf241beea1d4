package fake

import (
	"unsafe"

	"golang.org/x/sys/unix"

	"zincc/exec/kmd"
)

type fileKind int

const (
	renderFile fileKind = iota
	kfdFile
)

// bo is a buffer object: a GEM BO of a render file or a KFD allocation.
type bo struct {
	id      int
	size    uint64
	mem     []byte
	domains uint64 // GEM domains, or the KFD memory type as a GEM domain
	flags   uint64 // GEM create flags
	owner   *file  // render file whose VM and mmap offsets it lives in
	offset  uint64 // mmap offset on the owner (0 = none yet)

	kfd      bool   // a KFD allocation
	kfdVA    uint64 // the VA chosen at ALLOC
	kfdFlags uint32
	kfdMap   *vaMap // its GPU mapping while mapped
	handle   uint64 // KFD handle

	cpuMaps int // live CPU mappings (a VRAM BO with any occupies the visible window)
}

// vram reports whether b lives in VRAM.
func (b *bo) vram() bool { return b.domains&kmd.GemDomainVRAM != 0 }

// cpuMap is one live CPU mapping.
type cpuMap struct {
	b  []byte
	bo *bo // nil for the KFD doorbell slice
}

// file is an open device node: a render node or /dev/kfd.
type file struct {
	d      *Driver
	fd     int
	path   string
	kind   fileKind
	closed bool
	mmaps  map[*byte]cpuMap

	// render node
	vm          *VM
	handles     map[uint32]*bo
	nextHandle  uint32
	vaMaps      int // GEM_VA mappings (KFD ones are counted by their bo)
	ctxs        map[uint32]*context
	nextCtx     uint32
	lists       map[uint32][]*bo
	nextList    uint32
	syncobjs    map[uint32]*syncobj
	nextSyncobj uint32
	userqs      map[uint32]*queue
	nextUserq   uint32

	// /dev/kfd
	vmOf       *file // render file whose VM ACQUIRE_VM bound
	allocs     map[uint64]*bo
	nextAlloc  uint64
	queues     map[uint32]*queue
	nextQueue  uint32
	events     map[uint32]*event
	nextSignal uint32
	nextOther  uint32
	signalPage *bo
	doorbells  []byte // the process doorbell slice
}

// mapVisible accounts for a CPU mapping of b: a VRAM BO must fit in the
// CPU-visible window (VRAMGTT.VRAMCPUAccessibleSize, the PCIe BAR). A real
// kernel grants the mmap and then cannot fault the BO into the window: the
// process gets SIGBUS on first touch (GEM) or the allocation fails (KFD).
// The fake reports it at mmap: EFAULT for a GEM BO, EINVAL for a KFD one.
func (d *Driver) mapVisible(b *bo) unix.Errno {
	if b.vram() && b.cpuMaps == 0 {
		if d.visibleUsed+b.size > d.cfg.VRAMGTT.VRAMCPUAccessibleSize {
			if b.kfd {
				return unix.EINVAL
			}
			return unix.EFAULT
		}
		d.visibleUsed += b.size
	}
	b.cpuMaps++
	return 0
}

// unmapVisible undoes mapVisible.
func (d *Driver) unmapVisible(b *bo) {
	if b == nil || b.cpuMaps == 0 {
		return
	}
	b.cpuMaps--
	if b.vram() && b.cpuMaps == 0 {
		d.visibleUsed -= b.size
	}
}

func newFile(d *Driver, fd int, path string, kind fileKind) *file {
	f := &file{d: d, fd: fd, path: path, kind: kind, mmaps: map[*byte]cpuMap{}}
	switch kind {
	case renderFile:
		f.vm = &VM{}
		f.handles, f.ctxs, f.lists = map[uint32]*bo{}, map[uint32]*context{}, map[uint32][]*bo{}
		f.syncobjs, f.userqs = map[uint32]*syncobj{}, map[uint32]*queue{}
		f.nextHandle, f.nextCtx, f.nextList, f.nextSyncobj, f.nextUserq = 1, 1, 1, 1, 1
	case kfdFile:
		f.allocs, f.queues, f.events = map[uint64]*bo{}, map[uint32]*queue{}, map[uint32]*event{}
		f.nextAlloc, f.nextOther = 1, nonSignalEventID
		f.doorbells = alignedBytes(DoorbellSlice)
	}
	return f
}

// alignedBytes returns n zero bytes, 8-byte aligned.
func alignedBytes(n uint64) []byte {
	words := make([]uint64, (n+7)/8)
	return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(words))), n)
}

func (f *file) counts() Counts {
	c := Counts{FDs: 1, Mmaps: len(f.mmaps)}
	switch f.kind {
	case renderFile:
		c.BOs, c.VAMaps, c.Contexts = len(f.handles), f.vaMaps, len(f.ctxs)
		c.BOLists, c.Syncobjs, c.UserQueues = len(f.lists), len(f.syncobjs), len(f.userqs)
	case kfdFile:
		c.BOs, c.Queues, c.Events = len(f.allocs), len(f.queues), len(f.events)
		for _, b := range f.allocs {
			if b.kfdMap != nil {
				c.VAMaps++
			}
		}
	}
	return c
}

// Fd implements kmd.Device.
func (f *file) Fd() int { return f.fd }

// handler runs one ioctl on a file whose lock is held.
type handler func(f *file, req uint, arg unsafe.Pointer) unix.Errno

// Ioctl implements kmd.Device: it counts the operation (and fails it when
// FailAt says so), then dispatches on the request's type and nr like the
// kernel does.
func (f *file) Ioctl(req uint, arg unsafe.Pointer) error {
	d := f.d
	d.mu.Lock()
	defer d.mu.Unlock()
	name, release := opName(req, arg)
	if errno := d.step("ioctl "+name, release); errno != 0 {
		return kmd.NewIoctlError(f.path, req, errno)
	}
	if f.closed {
		return kmd.NewIoctlError(f.path, req, unix.EBADF)
	}
	if arg == nil && kmd.RequestSize(req) > 0 {
		return kmd.NewIoctlError(f.path, req, unix.EFAULT)
	}
	var h handler
	switch {
	case f.kind == renderFile && kmd.RequestType(req) == kmd.DRMIoctlBase:
		h = drmHandlers[kmd.RequestNr(req)]
		if h == nil {
			return kmd.NewIoctlError(f.path, req, unix.EINVAL) // drm_ioctl: nr beyond the driver's table
		}
	case f.kind == kfdFile && kmd.RequestType(req) == kmd.KFDIoctlBase:
		h = kfdHandlers[kmd.RequestNr(req)]
		if h == nil {
			return kmd.NewIoctlError(f.path, req, unix.EINVAL)
		}
	default:
		return kmd.NewIoctlError(f.path, req, unix.ENOTTY)
	}
	if errno := h(f, req, arg); errno != 0 {
		return kmd.NewIoctlError(f.path, req, errno)
	}
	return nil
}

// opName names an ioctl for the operation log, with the sub-operation read
// from the argument where one request does several things.
func opName(req uint, arg unsafe.Pointer) (string, bool) {
	name := kmd.RequestName(req)
	size := kmd.RequestSize(req)
	word := func(off uintptr) (uint32, bool) {
		if arg == nil || uintptr(size) < off+4 {
			return 0, false
		}
		return *(*uint32)(unsafe.Add(arg, off)), true
	}
	sub := func(off uintptr, names map[uint32]string) string {
		if v, ok := word(off); ok {
			if s, ok := names[v]; ok {
				return s
			}
		}
		return ""
	}
	var s string
	switch req {
	case kmd.IoctlAMDGPUCtx:
		s = sub(0, map[uint32]string{kmd.CtxOpAllocCtx: "alloc", kmd.CtxOpFreeCtx: "free", kmd.CtxOpQueryState: "query", kmd.CtxOpQueryState2: "query2"})
	case kmd.IoctlAMDGPUBOList:
		s = sub(0, map[uint32]string{kmd.BOListOpCreate: "create", kmd.BOListOpDestroy: "destroy", kmd.BOListOpUpdate: "update"})
	case kmd.IoctlAMDGPUGemVA, kmd.IoctlAMDGPUGemVATimeline:
		s = sub(8, map[uint32]string{kmd.VAOpMap: "map", kmd.VAOpUnmap: "unmap", kmd.VAOpClear: "clear", kmd.VAOpReplace: "replace"})
	case kmd.IoctlAMDGPUUserq:
		s = sub(0, map[uint32]string{kmd.UserqOpCreate: "create", kmd.UserqOpFree: "free"})
	case kmd.IoctlAMDGPUInfo:
		s = sub(12, map[uint32]string{kmd.InfoQueryDevInfo: "DEV_INFO", kmd.InfoQueryHWIPInfo: "HW_IP_INFO",
			kmd.InfoQueryUQFWAreas: "UQ_FW_AREAS", kmd.InfoQueryFWVersion: "FW_VERSION", kmd.InfoQueryVRAMGTT: "VRAM_GTT",
			kmd.InfoQueryMemory: "MEMORY", kmd.InfoQueryAccelWorking: "ACCEL_WORKING"})
	}
	if s != "" {
		name += " " + s
	}
	release := false
	switch {
	case req == kmd.IoctlDRMGemClose, req == kmd.IoctlDRMSyncobjDestroy, req == kmd.IoctlKFDFreeMemoryOfGPU,
		req == kmd.IoctlKFDUnmapMemoryFromGPU, req == kmd.IoctlKFDDestroyQueue, req == kmd.IoctlKFDDestroyEvent:
		release = true
	case s == "free" || s == "destroy" || s == "unmap":
		release = true
	}
	return name, release
}

// loadArg copies the caller's argument into a zeroed T, as the kernel
// copies _IOC_SIZE(req) bytes in and zero-fills up to its own size.
func loadArg[T any](req uint, arg unsafe.Pointer) *T {
	v := new(T)
	n := min(uintptr(kmd.RequestSize(req)), unsafe.Sizeof(*v))
	if arg != nil && n > 0 {
		copy(unsafe.Slice((*byte)(unsafe.Pointer(v)), n), unsafe.Slice((*byte)(arg), n))
	}
	return v
}

// storeArg copies v back when the request is _IOR or _IOWR, at most the
// caller's size (the kernel never writes an _IOW argument back).
func storeArg[T any](req uint, arg unsafe.Pointer, v *T) {
	if kmd.RequestDir(req)&kmd.IOCRead == 0 || arg == nil {
		return
	}
	n := min(uintptr(kmd.RequestSize(req)), unsafe.Sizeof(*v))
	copy(unsafe.Slice((*byte)(arg), n), unsafe.Slice((*byte)(unsafe.Pointer(v)), n))
}

// forget removes the object id names from objs, as the destroy and free
// ioctls do, and returns it; when objs has no such id it returns missing,
// the errno the kernel gives for an unknown id of that kind.
func forget[K comparable, V any](objs map[K]V, id K, missing unix.Errno) (V, unix.Errno) {
	o, ok := objs[id]
	if !ok {
		return o, missing
	}
	delete(objs, id)
	return o, 0
}

// maxUserArray bounds arrays read through user pointers.
const maxUserArray = 1 << 16

// userPtr turns a user address from an ioctl struct back into a pointer.
// The fake lives in the caller's address space, and the caller pinned the
// memory (kmd.Addr) for the duration of the call.
func userPtr(addr uint64) unsafe.Pointer { return *(*unsafe.Pointer)(unsafe.Pointer(&addr)) }

// userSlice returns n elements of T at user address addr.
func userSlice[T any](addr uint64, n int) ([]T, unix.Errno) {
	if n == 0 {
		return nil, 0
	}
	if addr == 0 {
		return nil, unix.EFAULT
	}
	if n < 0 || n > maxUserArray {
		return nil, unix.EINVAL
	}
	return unsafe.Slice((*T)(userPtr(addr)), n), 0
}

// Mmap implements kmd.Device: on a render node the offset must be one GEM
// MMAP or KFD ALLOC handed out for a buffer of this file; on /dev/kfd it
// must be the doorbell offset and the length the 8 KiB doorbell slice.
func (f *file) Mmap(offset uint64, length int, prot, flags int) ([]byte, error) {
	d := f.d
	d.mu.Lock()
	defer d.mu.Unlock()
	fail := func(errno unix.Errno) ([]byte, error) {
		return nil, &kmd.Error{Op: "mmap", Path: f.path, Errno: errno}
	}
	if errno := d.step("mmap "+f.path, false); errno != 0 {
		return fail(errno)
	}
	if f.closed {
		return fail(unix.EBADF)
	}
	if length <= 0 || flags&unix.MAP_SHARED == 0 || flags&unix.MAP_FIXED != 0 || offset%PageSize != 0 {
		return fail(unix.EINVAL)
	}
	var m cpuMap
	switch f.kind {
	case renderFile:
		b := d.offsets[offset]
		if b == nil || b.owner != f {
			return fail(unix.EACCES) // drm_vma_node_is_allowed fails for an unknown offset
		}
		if uint64(length) > b.size {
			return fail(unix.EINVAL)
		}
		if b.flags&kmd.GemCreateNoCPUAccess != 0 {
			return fail(unix.EPERM) // amdgpu_gem_object_mmap: a BO made without CPU access
		}
		if errno := d.mapVisible(b); errno != 0 {
			return fail(errno)
		}
		m = cpuMap{b: b.mem[:length:length], bo: b}
	case kfdFile:
		if offset&kmd.KFDMmapTypeMask != kmd.KFDMmapTypeDoorbell ||
			(offset&kmd.KFDMmapGPUIDMask)>>kmd.KFDMmapGPUIDShift != uint64(d.cfg.GPUID&0xFFFF) || length != DoorbellSlice {
			return fail(unix.EINVAL)
		}
		m = cpuMap{b: f.doorbells}
		if _, dup := f.mmaps[&f.doorbells[0]]; dup {
			return fail(unix.EINVAL) // one mapping of the slice is all a ring needs; keep accounting exact
		}
	}
	f.mmaps[&m.b[0]] = m
	return m.b, nil
}

// Munmap implements kmd.Device for a whole mapping made by Mmap.
func (f *file) Munmap(b []byte) error {
	d := f.d
	d.mu.Lock()
	defer d.mu.Unlock()
	if len(b) == 0 {
		return &kmd.Error{Op: "munmap", Path: f.path, Errno: unix.EINVAL}
	}
	m, ok := f.mmaps[&b[0]]
	if !ok || len(m.b) != len(b) {
		return &kmd.Error{Op: "munmap", Path: f.path, Errno: unix.EINVAL}
	}
	delete(f.mmaps, &b[0])
	d.unmapVisible(m.bo)
	return nil
}

// Close implements kmd.Device: like the kernel at the last close, it
// releases everything the file still holds and counts that as reaped.
func (f *file) Close() error {
	d := f.d
	d.mu.Lock()
	defer d.mu.Unlock()
	if f.closed {
		return &kmd.Error{Op: "close", Path: f.path, Errno: unix.EBADF}
	}
	c := f.counts()
	c.FDs = 0
	d.reaped.add(c)
	for _, q := range f.userqs {
		q.stop()
	}
	for _, q := range f.queues {
		q.stop()
	}
	for _, b := range f.handles {
		delete(d.offsets, b.offset)
	}
	for _, b := range f.allocs {
		delete(d.offsets, b.offset)
		if b.kfdMap != nil && f.vmOf != nil {
			f.vmOf.vm.remove(b.kfdMap)
		}
	}
	f.closed = true
	for _, m := range f.mmaps {
		d.unmapVisible(m.bo)
	}
	f.mmaps = map[*byte]cpuMap{}
	f.handles, f.ctxs, f.lists, f.syncobjs, f.userqs = nil, nil, nil, nil, nil
	f.allocs, f.queues, f.events = nil, nil, nil
	f.vaMaps = 0
	delete(d.files, f.fd)
	return nil
}
