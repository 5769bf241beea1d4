package fake

import (
	"bytes"
	"encoding/binary"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"

	"zincc/exec/kmd"
)

// PageSize is the CPU and GPU page size of the fake machine.
const PageSize = 4096

// GPU VA rules of amdgpu_gem_va_ioctl (shared/ref/amdgpu-uapi.md §3).
const (
	maxCSIBs         = 4 // IB chunks per submission the fake accepts
	vaReservedBottom = 64 << 10
	vaHoleStart      = 0x0000_8000_0000_0000
	vaHoleEnd        = 0xFFFF_8000_0000_0000
	vaKnownFlags     = kmd.VMDelayUpdate | kmd.VMPageReadable | kmd.VMPageWriteable | kmd.VMPageExecutable |
		kmd.VMPagePRT | kmd.VMMtypeMask | kmd.VMPageNoalloc
	gemKnownFlags = (1<<17 - 1) &^ (1 << 4) &^ (1 << 8) // bits 0..16 but 4 (SHADOW) and 8 (CP_MQD_GFX9), kernel-internal
)

// drmHandlers are the render-node ioctls by nr.
var drmHandlers = map[uint]handler{
	0x00:                      drmVersion,
	0x09:                      gemClose,
	0xBF:                      syncobjCreate,
	0xC0:                      syncobjDestroy,
	0xCA:                      syncobjTimelineWait,
	kmd.DRMCommandBase + 0x00: gemCreate,
	kmd.DRMCommandBase + 0x01: gemMmap,
	kmd.DRMCommandBase + 0x02: ctxIoctl,
	kmd.DRMCommandBase + 0x03: boListIoctl,
	kmd.DRMCommandBase + 0x04: csIoctl,
	kmd.DRMCommandBase + 0x05: infoIoctl,
	kmd.DRMCommandBase + 0x08: gemVA,
	kmd.DRMCommandBase + 0x09: waitCS,
	kmd.DRMCommandBase + 0x16: userqIoctl,
}

func drmVersion(f *file, req uint, arg unsafe.Pointer) unix.Errno {
	v := loadArg[kmd.Version](req, arg)
	c := f.d.cfg
	v.Major, v.Minor, v.Patchlevel = c.DRMVersion[0], c.DRMVersion[1], c.DRMVersion[2]
	for _, s := range []struct {
		len *uint64
		ptr uint64
		val string
	}{{&v.NameLen, v.Name, c.DriverName}, {&v.DateLen, v.Date, "20150101"}, {&v.DescLen, v.Desc, "fake AMD GPU"}} {
		if s.ptr != 0 && *s.len > 0 {
			dst, errno := userSlice[byte](s.ptr, int(min(*s.len, maxUserArray)))
			if errno != 0 {
				return errno
			}
			copy(dst, s.val)
		}
		*s.len = uint64(len(s.val))
	}
	storeArg(req, arg, v)
	return 0
}

func gemCreate(f *file, req uint, arg unsafe.Pointer) unix.Errno {
	u := loadArg[kmd.GemCreate](req, arg)
	in := *u.In()
	if in.BOSize == 0 || in.BOSize > 1<<40 || in.Domains&^0xFF != 0 || in.DomainFlags&^gemKnownFlags != 0 {
		return unix.EINVAL
	}
	if in.Domains&kmd.GemDomainDoorbell != 0 && f.d.cfg.Userq == UserqAbsent {
		return unix.EINVAL
	}
	size := (in.BOSize + PageSize - 1) &^ (PageSize - 1)
	b := f.d.newBO(f, size)
	b.domains, b.flags = in.Domains, in.DomainFlags
	h := f.nextHandle
	f.nextHandle++
	f.handles[h] = b
	*u = kmd.GemCreate{}
	u.Out().Handle = h
	storeArg(req, arg, u)
	return 0
}

// newBO allocates a buffer object of size bytes owned by render file f.
func (d *Driver) newBO(f *file, size uint64) *bo {
	d.nextBOID++
	return &bo{id: d.nextBOID, size: size, mem: alignedBytes(size), owner: f}
}

// mmapOffset gives b a unique mmap offset on its owner.
func (d *Driver) mmapOffset(b *bo) uint64 {
	if b.offset == 0 {
		b.offset = d.nextOffset
		d.nextOffset += (b.size + PageSize - 1) &^ (PageSize - 1)
		d.offsets[b.offset] = b
	}
	return b.offset
}

func gemMmap(f *file, req uint, arg unsafe.Pointer) unix.Errno {
	u := loadArg[kmd.GemMmap](req, arg)
	b := f.handles[u.In().Handle]
	if b == nil {
		return unix.ENOENT
	}
	if b.flags&kmd.GemCreateNoCPUAccess != 0 {
		return unix.EPERM
	}
	off := f.d.mmapOffset(b)
	*u = kmd.GemMmap{}
	u.Out().AddrPtr = off
	storeArg(req, arg, u)
	return 0
}

func gemClose(f *file, req uint, arg unsafe.Pointer) unix.Errno {
	a := loadArg[kmd.GemClose](req, arg)
	b, errno := forget(f.handles, a.Handle, unix.EINVAL)
	if errno != 0 {
		return errno
	}
	// Closing the handle drops the BO's mappings in this file's VM.
	for _, m := range append([]*vaMap(nil), f.vm.maps...) {
		if m.bo == b && !m.kfd {
			f.vm.remove(m)
			f.vaMaps--
		}
	}
	delete(f.d.offsets, b.offset)
	return 0
}

func gemVA(f *file, req uint, arg unsafe.Pointer) unix.Errno {
	if s := kmd.RequestSize(req); s != uint(unsafe.Sizeof(kmd.GemVA{})) && s != uint(unsafe.Sizeof(kmd.GemVATimeline{})) {
		return unix.EINVAL
	}
	a := loadArg[kmd.GemVATimeline](req, arg)
	if a.Flags&^uint32(vaKnownFlags) != 0 {
		return unix.EINVAL
	}
	va, size := a.VAAddress, a.MapSize
	if va < vaReservedBottom || va%PageSize != 0 || a.OffsetInBO%PageSize != 0 || size%PageSize != 0 {
		return unix.EINVAL
	}
	if va >= vaHoleStart && va < vaHoleEnd {
		return unix.EINVAL
	}
	if a.Operation == kmd.VAOpMap || a.Operation == kmd.VAOpUnmap {
		end := va + size
		if size == 0 || end < va || end > f.d.cfg.DeviceInfo.VirtualAddressMax || (va < vaHoleStart && end > vaHoleStart) {
			return unix.EINVAL
		}
	}
	b := f.handles[a.Handle]
	if b == nil {
		return unix.ENOENT
	}
	switch a.Operation {
	case kmd.VAOpMap:
		if a.OffsetInBO > b.size || size > b.size-a.OffsetInBO || f.vm.overlaps(va, size) {
			return unix.EINVAL
		}
		f.vm.insert(&vaMap{Mapping: Mapping{VA: va, Data: b.mem[a.OffsetInBO : a.OffsetInBO+size : a.OffsetInBO+size],
			Read: a.Flags&kmd.VMPageReadable != 0, Write: a.Flags&kmd.VMPageWriteable != 0,
			Exec: a.Flags&kmd.VMPageExecutable != 0}, bo: b, off: a.OffsetInBO})
		f.vaMaps++
	case kmd.VAOpUnmap:
		m := f.vm.find(va)
		if m == nil || m.bo != b || m.VA != va || m.kfd {
			return unix.ENOENT
		}
		f.vm.remove(m)
		f.vaMaps--
	default:
		return unix.EINVAL
	}
	// A timeline syncobj is signalled at once: the fake's page tables
	// change synchronously.
	if a.VMTimelineSyncobjOut != 0 {
		s := f.syncobjs[a.VMTimelineSyncobjOut]
		if s == nil {
			return unix.ENOENT
		}
		s.point = max(s.point, a.VMTimelinePoint)
	}
	return 0
}

// context is an amdgpu context.
type context struct {
	next   map[[2]uint32]uint64  // next fence seq per (ip, ring)
	fences map[[3]uint64]*fenceS // (ip, ring, seq)
	flags  uint64                // QUERY_STATE2 flags
	hangs  uint32
	guilty bool
}

// fenceWindow is how many fences of a ring a context keeps (the kernel's
// amdgpu_sched_jobs); WAIT_CS on an older sequence number reports it
// signaled, as the kernel's amdgpu_ctx_get_fence does.
const fenceWindow = 32

// fenceS is one submission's fence.
type fenceS struct {
	done  bool
	errno unix.Errno
}

func ctxIoctl(f *file, req uint, arg unsafe.Pointer) unix.Errno {
	u := loadArg[kmd.Ctx](req, arg)
	in := *u.In()
	switch in.Op {
	case kmd.CtxOpAllocCtx:
		if in.Priority > kmd.CtxPriorityNormal {
			return unix.EACCES // needs CAP_SYS_NICE or DRM master
		}
		id := f.nextCtx
		f.nextCtx++
		f.ctxs[id] = &context{next: map[[2]uint32]uint64{}, fences: map[[3]uint64]*fenceS{}}
		*u = kmd.Ctx{}
		u.AllocOut().CtxID = id
	case kmd.CtxOpFreeCtx:
		if _, errno := forget(f.ctxs, in.CtxID, unix.EINVAL); errno != 0 {
			return errno
		}
		*u = kmd.Ctx{}
	case kmd.CtxOpQueryState, kmd.CtxOpQueryState2:
		c := f.ctxs[in.CtxID]
		if c == nil {
			return unix.EINVAL
		}
		*u = kmd.Ctx{}
		s := u.StateOut()
		s.Hangs = c.hangs
		if in.Op == kmd.CtxOpQueryState2 {
			s.Flags = c.flags
		} else if c.flags&kmd.CtxQuery2FlagsReset != 0 {
			s.ResetStatus = kmd.CtxInnocentReset
			if c.guilty {
				s.ResetStatus = kmd.CtxGuiltyReset
			}
		}
	default:
		return unix.EINVAL
	}
	storeArg(req, arg, u)
	return 0
}

func boListIoctl(f *file, req uint, arg unsafe.Pointer) unix.Errno {
	u := loadArg[kmd.BOList](req, arg)
	in := *u.In()
	switch in.Operation {
	case kmd.BOListOpCreate:
		bos, errno := f.resolveBOList(in)
		if errno != 0 {
			return errno
		}
		id := f.nextList
		f.nextList++
		f.lists[id] = bos
		*u = kmd.BOList{}
		u.Out().ListHandle = id
		storeArg(req, arg, u)
	case kmd.BOListOpDestroy:
		if _, errno := forget(f.lists, in.ListHandle, unix.EINVAL); errno != 0 {
			return errno // stricter than the kernel, which ignores unknown handles
		}
	default:
		return unix.EINVAL
	}
	return 0
}

// resolveBOList reads the entries of a BO list and looks their handles up.
func (f *file) resolveBOList(in kmd.BOListIn) ([]*bo, unix.Errno) {
	if in.BONumber == 0 || in.BOInfoSize < uint32(unsafe.Sizeof(kmd.BOListEntry{})) {
		return nil, unix.EINVAL
	}
	raw, errno := userSlice[byte](in.BOInfoPtr, int(in.BONumber)*int(in.BOInfoSize))
	if errno != 0 {
		return nil, errno
	}
	bos := make([]*bo, 0, in.BONumber)
	for i := 0; i < int(in.BONumber); i++ {
		h := binary.LittleEndian.Uint32(raw[i*int(in.BOInfoSize):])
		b := f.handles[h]
		if b == nil {
			return nil, unix.ENOENT
		}
		bos = append(bos, b)
	}
	return bos, 0
}

func csIoctl(f *file, req uint, arg unsafe.Pointer) unix.Errno {
	d := f.d
	u := loadArg[kmd.CS](req, arg)
	in := *u.In()
	c := f.ctxs[in.CtxID]
	if c == nil {
		return unix.EINVAL
	}
	if c.guilty {
		return unix.ECANCELED
	}
	ptrs, errno := userSlice[uint64](in.Chunks, int(in.NumChunks))
	if errno != 0 || in.NumChunks == 0 {
		return unix.EINVAL
	}
	var ibs []kmd.CSChunkIB
	var resident []*bo
	listGiven := false
	for _, p := range ptrs {
		ch, errno := userSlice[kmd.CSChunk](p, 1)
		if errno != 0 {
			return errno
		}
		switch ch[0].ChunkID {
		case kmd.ChunkIDIB:
			// Several IB chunks run in order on one ring
			// (amdgpu_cs_p1_ib counts them; amdgpu_ib_schedule emits
			// them back to back), as radv submits a preamble and the
			// command buffers.
			if ch[0].LengthDW < kmd.CSChunkIBLengthDW || len(ibs) == maxCSIBs {
				return unix.EINVAL
			}
			s, errno := userSlice[kmd.CSChunkIB](ch[0].ChunkData, 1)
			if errno != 0 {
				return errno
			}
			ibs = append(ibs, s[0])
		case kmd.ChunkIDBOHandles:
			if listGiven || in.BOListHandle != 0 || ch[0].LengthDW < kmd.BOListInLengthDW {
				return unix.EINVAL // amdgpu_cs_parser_bos: a chunk and a list handle together
			}
			s, errno := userSlice[kmd.BOListIn](ch[0].ChunkData, 1)
			if errno != 0 {
				return errno
			}
			if resident, errno = f.resolveBOList(s[0]); errno != 0 {
				return errno
			}
			listGiven = true
		default:
			return unix.EINVAL
		}
	}
	if len(ibs) == 0 {
		return unix.EINVAL
	}
	if in.BOListHandle != 0 {
		l := f.lists[in.BOListHandle]
		if l == nil {
			return unix.ENOENT
		}
		resident = l
	}
	ib := ibs[0]
	for _, x := range ibs {
		ip := d.ipInfo(x.IPType)
		if ip == nil || x.IPInstance != 0 || x.Ring >= 32 || ip.AvailableRings&(1<<x.Ring) == 0 ||
			x.IBBytes == 0 || x.IBBytes%4 != 0 || x.IPType != ib.IPType || x.Ring != ib.Ring {
			return unix.EINVAL
		}
	}
	key := [2]uint32{ib.IPType, ib.Ring}
	if c.next[key] == 0 {
		c.next[key] = 1
	}
	seq := c.next[key]
	c.next[key]++
	fence := &fenceS{}
	c.fences[[3]uint64{uint64(ib.IPType), uint64(ib.Ring), seq}] = fence
	// The kernel keeps the last amdgpu_sched_jobs (32) fences of a
	// context's ring and reports older sequence numbers signaled; keeping
	// every fence would grow without bound over a long run.
	if seq > fenceWindow {
		delete(c.fences, [3]uint64{uint64(ib.IPType), uint64(ib.Ring), seq - fenceWindow})
	}
	d.submissions++
	if r := d.reset; r != nil {
		d.reset = nil
		fence.done, fence.errno = true, r.errno
		c.hang(r.guilty, r.vramLost)
	} else if d.completion == Retire {
		in := map[*bo]bool{}
		for _, b := range resident {
			in[b] = true
		}
		vm := f.vm.view(func(m *vaMap) bool {
			return m.kfd || in[m.bo] || m.bo.flags&kmd.GemCreateVMAlwaysValid != 0
		})
		var err error
		for _, x := range ibs {
			if err = d.exe.Execute(vm, x.VAStart, int(x.IBBytes/4)); err != nil {
				break
			}
		}
		if err != nil {
			// A GPU that stops on a job is a hung job: the scheduler's
			// timeout resets the GPU and fails the fence with ETIME
			// (amdgpu_job_timedout), blaming this context.
			d.fault(err)
			fence.done, fence.errno = true, unix.ETIME
			c.hang(true, false)
		} else {
			fence.done = true
		}
	}
	*u = kmd.CS{}
	u.Out().Handle = seq
	storeArg(req, arg, u)
	return 0
}

// hang records a GPU reset seen by a context.
func (c *context) hang(guilty, vramLost bool) {
	c.hangs++
	c.flags |= kmd.CtxQuery2FlagsReset
	if guilty {
		c.flags |= kmd.CtxQuery2FlagsGuilty
		c.guilty = true
	}
	if vramLost {
		c.flags |= kmd.CtxQuery2FlagsVRAMLost
	}
}

func (d *Driver) ipInfo(ip uint32) *kmd.HWIPInfo {
	switch ip {
	case kmd.HWIPCompute:
		return &d.cfg.ComputeIP
	case kmd.HWIPGFX:
		return &d.cfg.GFXIP
	}
	return nil
}

// monotonic returns CLOCK_MONOTONIC in nanoseconds, the clock of WAIT_CS
// and syncobj deadlines.
func monotonic() uint64 {
	var ts unix.Timespec
	_ = unix.ClockGettime(unix.CLOCK_MONOTONIC, &ts)
	return uint64(ts.Nano())
}

// deadlineOf converts an absolute CLOCK_MONOTONIC timeout to wall time.
func deadlineOf(abs uint64) time.Time {
	now := monotonic()
	if abs>>63 != 0 {
		return time.Now().Add(100 * 365 * 24 * time.Hour)
	}
	if abs <= now {
		return time.Now()
	}
	return time.Now().Add(time.Duration(abs - now))
}

func waitCS(f *file, req uint, arg unsafe.Pointer) unix.Errno {
	u := loadArg[kmd.WaitCS](req, arg)
	in := *u.In()
	c := f.ctxs[in.CtxID]
	if c == nil || f.d.ipInfo(in.IPType) == nil || in.IPInstance != 0 || in.Ring >= 32 {
		return unix.EINVAL
	}
	next := c.next[[2]uint32{in.IPType, in.Ring}]
	seq := in.Handle
	if seq == ^uint64(0) {
		seq = next - 1
	}
	if next == 0 || seq >= next {
		return unix.EINVAL
	}
	fence := c.fences[[3]uint64{uint64(in.IPType), uint64(in.Ring), seq}]
	if fence == nil { // seq 0 (nothing submitted before it), or past the window
		fence = &fenceS{done: true}
	}
	if !fence.done {
		f.d.sleepUntil(deadlineOf(in.Timeout))
	}
	if fence.done && fence.errno != 0 {
		return fence.errno
	}
	*u = kmd.WaitCS{}
	if !fence.done {
		u.Out().Status = 1
	}
	storeArg(req, arg, u)
	return 0
}

func infoIoctl(f *file, req uint, arg unsafe.Pointer) unix.Errno {
	d := f.d
	a := loadArg[kmd.Info](req, arg)
	var result []byte
	as := func(p unsafe.Pointer, n uintptr) []byte { return bytes.Clone(unsafe.Slice((*byte)(p), n)) }
	switch a.Query {
	case kmd.InfoQueryAccelWorking:
		one := uint32(1)
		result = as(unsafe.Pointer(&one), 4)
	case kmd.InfoQueryDevInfo:
		di := d.cfg.DeviceInfo
		result = as(unsafe.Pointer(&di), unsafe.Sizeof(di))
	case kmd.InfoQueryHWIPInfo:
		ip := d.ipInfo(a.HWIP().Type)
		if ip == nil || a.HWIP().IPInstance != 0 {
			return unix.EINVAL
		}
		x := *ip
		if d.cfg.Userq == UserqAbsent {
			x.UserqNumSlots = 0
		}
		result = as(unsafe.Pointer(&x), unsafe.Sizeof(x))
	case kmd.InfoQueryFWVersion:
		fw, ok := d.cfg.Firmware[a.FW().FWType]
		if !ok {
			return unix.EINVAL
		}
		result = as(unsafe.Pointer(&fw), unsafe.Sizeof(fw))
	case kmd.InfoQueryVRAMGTT:
		v := d.cfg.VRAMGTT
		result = as(unsafe.Pointer(&v), unsafe.Sizeof(v))
	case kmd.InfoQueryMemory:
		// amdgpu_info_ioctl AMDGPU_INFO_MEMORY: nothing is pinned, so the
		// usable heaps are the whole ones; the visible heap's usage is
		// what the CPU maps of VRAM now.
		v := d.cfg.VRAMGTT
		var m kmd.MemoryInfo
		m.VRAM = kmd.HeapInfo{TotalHeapSize: v.VRAMSize, UsableHeapSize: v.VRAMSize, MaxAllocation: v.VRAMSize * 3 / 4}
		m.CPUAccessibleVRAM = kmd.HeapInfo{TotalHeapSize: v.VRAMCPUAccessibleSize, UsableHeapSize: v.VRAMCPUAccessibleSize,
			HeapUsage: d.visibleUsed, MaxAllocation: v.VRAMCPUAccessibleSize * 3 / 4}
		m.GTT = kmd.HeapInfo{TotalHeapSize: v.GTTSize, UsableHeapSize: v.GTTSize, MaxAllocation: v.GTTSize * 3 / 4}
		result = as(unsafe.Pointer(&m), unsafe.Sizeof(m))
	case kmd.InfoQueryUQFWAreas:
		var md kmd.UQMetadata
		switch {
		case d.cfg.Userq == UserqAbsent:
			return unix.EINVAL // unknown query on a kernel without user queues
		case a.HWIP().Type != kmd.HWIPCompute:
			return unix.EINVAL
		case d.cfg.Userq != UserqWorking:
			return unix.EOPNOTSUPP
		}
		md.Compute().EOPSize, md.Compute().EOPAlignment = d.cfg.UserqEOPSize, d.cfg.UserqEOPAlign
		result = as(unsafe.Pointer(&md), unsafe.Sizeof(md))
	default:
		return unix.EINVAL
	}
	if a.ReturnPointer == 0 {
		return unix.EFAULT
	}
	n := min(int(a.ReturnSize), len(result))
	dst, errno := userSlice[byte](a.ReturnPointer, n)
	if errno != 0 {
		return errno
	}
	copy(dst, result)
	return 0 // _IOW: nothing written back into the argument
}

// syncobj is a DRM sync object with a timeline point.
type syncobj struct{ point uint64 }

func syncobjCreate(f *file, req uint, arg unsafe.Pointer) unix.Errno {
	a := loadArg[kmd.SyncobjCreate](req, arg)
	if a.Flags&^kmd.SyncobjCreateSignaled != 0 {
		return unix.EINVAL
	}
	id := f.nextSyncobj
	f.nextSyncobj++
	f.syncobjs[id] = &syncobj{}
	*a = kmd.SyncobjCreate{Handle: id}
	storeArg(req, arg, a)
	return 0
}

func syncobjDestroy(f *file, req uint, arg unsafe.Pointer) unix.Errno {
	a := loadArg[kmd.SyncobjDestroy](req, arg)
	_, errno := forget(f.syncobjs, a.Handle, unix.EINVAL)
	return errno
}

func syncobjTimelineWait(f *file, req uint, arg unsafe.Pointer) unix.Errno {
	a := loadArg[kmd.SyncobjTimelineWait](req, arg)
	if a.CountHandles == 0 {
		return unix.EINVAL
	}
	handles, errno := userSlice[uint32](a.Handles, int(a.CountHandles))
	if errno != 0 {
		return errno
	}
	points, errno := userSlice[uint64](a.Points, int(a.CountHandles))
	if errno != 0 {
		return errno
	}
	all := a.Flags&kmd.SyncobjWaitFlagsWaitAll != 0
	check := func() (bool, uint32) {
		done := 0
		first := ^uint32(0)
		for i, h := range handles {
			if f.syncobjs[h].point >= points[i] {
				done++
				first = min(first, uint32(i))
			}
		}
		return (all && done == len(handles)) || (!all && done > 0), first
	}
	for _, h := range handles {
		if f.syncobjs[h] == nil {
			return unix.ENOENT
		}
	}
	ok, first := check()
	if !ok {
		f.d.sleepUntil(deadlineOf(uint64(a.TimeoutNsec)))
		return unix.ETIME // nothing signals a fake syncobj later
	}
	a.FirstSignaled = first
	storeArg(req, arg, a)
	return 0
}
