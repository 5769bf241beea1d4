package fake

import (
	"math/bits"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"

	"zincc/exec/kmd"
)

// kfdHandlers are the /dev/kfd ioctls by nr.
var kfdHandlers = map[uint]handler{
	0x01: kfdGetVersion,
	0x02: kfdCreateQueue,
	0x03: kfdDestroyQueue,
	0x08: kfdCreateEvent,
	0x09: kfdDestroyEvent,
	0x0C: kfdWaitEvents,
	0x14: kfdGetApertures,
	0x15: kfdAcquireVM,
	0x16: kfdAlloc,
	0x17: kfdFree,
	0x18: kfdMap,
	0x19: kfdUnmap,
}

func kfdGetVersion(f *file, req uint, arg unsafe.Pointer) unix.Errno {
	v := &kmd.KFDGetVersionArgs{MajorVersion: f.d.cfg.KFDVersion[0], MinorVersion: f.d.cfg.KFDVersion[1]}
	storeArg(req, arg, v)
	return 0
}

func kfdAcquireVM(f *file, req uint, arg unsafe.Pointer) unix.Errno {
	a := loadArg[kmd.KFDAcquireVMArgs](req, arg)
	if a.GPUID != f.d.cfg.GPUID {
		return unix.EINVAL
	}
	r := f.d.files[int(a.DRMFd)]
	if r == nil || r.kind != renderFile || r.closed {
		return unix.EINVAL // fget fails, or the file is not an amdgpu render node
	}
	if f.vmOf != nil && f.vmOf != r {
		return unix.EBUSY
	}
	f.vmOf = r
	return 0
}

func kfdGetApertures(f *file, req uint, arg unsafe.Pointer) unix.Errno {
	a := loadArg[kmd.KFDGetProcessAperturesNewArgs](req, arg)
	if a.NumOfNodes == 0 {
		a.NumOfNodes = 1 // a count query
		storeArg(req, arg, a)
		return 0
	}
	ap, errno := userSlice[kmd.KFDProcessDeviceApertures](a.KFDProcessDeviceAperturesPtr, 1)
	if errno != 0 {
		return errno
	}
	c := f.d.cfg
	ap[0] = kmd.KFDProcessDeviceApertures{GPUVMBase: c.GPUVMBase, GPUVMLimit: c.GPUVMLimit, GPUID: c.GPUID,
		LDSBase: 0x1000000000000, LDSLimit: 0x1000000000000 + 0xFFFFFFFF,
		ScratchBase: 0x2000000000000, ScratchLimit: 0x2000000000000 + 0xFFFFFFFF}
	a.NumOfNodes = 1
	storeArg(req, arg, a)
	return 0
}

func kfdAlloc(f *file, req uint, arg unsafe.Pointer) unix.Errno {
	d := f.d
	a := loadArg[kmd.KFDAllocMemoryOfGPUArgs](req, arg)
	if a.GPUID != d.cfg.GPUID || f.vmOf == nil {
		return unix.EINVAL
	}
	memType := a.Flags & (kmd.KFDAllocMemFlagsVRAM | kmd.KFDAllocMemFlagsGTT | kmd.KFDAllocMemFlagsUserptr |
		kmd.KFDAllocMemFlagsDoorbell | kmd.KFDAllocMemFlagsMMIORemap)
	if memType != kmd.KFDAllocMemFlagsVRAM && memType != kmd.KFDAllocMemFlagsGTT {
		return unix.EINVAL // one memory type; userptr, doorbell and MMIO BOs are not modelled
	}
	if a.Size == 0 || a.Size%PageSize != 0 || a.Size > 1<<40 || a.VAAddr%PageSize != 0 ||
		a.VAAddr < d.cfg.GPUVMBase || a.VAAddr+a.Size-1 > d.cfg.GPUVMLimit || a.VAAddr+a.Size < a.VAAddr {
		return unix.EINVAL
	}
	for _, o := range f.allocs {
		if a.VAAddr < o.kfdVA+o.size && o.kfdVA < a.VAAddr+a.Size {
			return unix.EINVAL
		}
	}
	b := d.newBO(f.vmOf, a.Size)
	b.kfd, b.kfdVA, b.kfdFlags = true, a.VAAddr, a.Flags
	b.domains = kmd.GemDomainGTT
	if memType == kmd.KFDAllocMemFlagsVRAM {
		b.domains = kmd.GemDomainVRAM
		// amdgpu_amdkfd_gpuvm_alloc_memory_of_gpu: only a PUBLIC VRAM
		// allocation asks for CPU access (CPU_ACCESS_REQUIRED); older
		// kernels set NO_CPU_ACCESS on the others, and none lets the CPU
		// map them.
		if a.Flags&kmd.KFDAllocMemFlagsPublic == 0 {
			b.flags |= kmd.GemCreateNoCPUAccess
		}
	}
	b.handle = uint64(d.cfg.GPUID)<<32 | f.nextAlloc
	f.nextAlloc++
	f.allocs[b.handle] = b
	a.Handle = b.handle
	a.MmapOffset = d.mmapOffset(b)
	storeArg(req, arg, a)
	return 0
}

func kfdFree(f *file, req uint, arg unsafe.Pointer) unix.Errno {
	a := loadArg[kmd.KFDFreeMemoryOfGPUArgs](req, arg)
	b := f.allocs[a.Handle]
	if b == nil {
		return unix.EINVAL
	}
	if b.kfdMap != nil {
		return unix.EBUSY // amdgpu_amdkfd_gpuvm_free_memory_of_gpu: still mapped
	}
	delete(f.allocs, a.Handle)
	delete(f.d.offsets, b.offset)
	return 0
}

// mapArgs checks a MAP/UNMAP argument and returns its buffer.
func (f *file) mapArgs(a *kmd.KFDMapMemoryArgs) (*bo, unix.Errno) {
	b := f.allocs[a.Handle]
	if b == nil || a.NDevices == 0 || a.NSuccess > a.NDevices {
		return nil, unix.EINVAL
	}
	ids, errno := userSlice[uint32](a.DeviceIDsArrayPtr, int(a.NDevices))
	if errno != 0 {
		return nil, errno
	}
	for _, id := range ids[a.NSuccess:] {
		if id != f.d.cfg.GPUID {
			return nil, unix.EINVAL
		}
	}
	return b, 0
}

func kfdMap(f *file, req uint, arg unsafe.Pointer) unix.Errno {
	a := loadArg[kmd.KFDMapMemoryArgs](req, arg)
	b, errno := f.mapArgs(a)
	if errno != 0 {
		return errno
	}
	if b.kfdMap == nil {
		vm := f.vmOf.vm
		if vm.overlaps(b.kfdVA, b.size) {
			return unix.EINVAL
		}
		b.kfdMap = &vaMap{Mapping: Mapping{VA: b.kfdVA, Data: b.mem, Read: true,
			Write: b.kfdFlags&kmd.KFDAllocMemFlagsWritable != 0, Exec: b.kfdFlags&kmd.KFDAllocMemFlagsExecutable != 0},
			bo: b, kfd: true}
		vm.insert(b.kfdMap)
	}
	a.NSuccess = a.NDevices
	storeArg(req, arg, a)
	return 0
}

func kfdUnmap(f *file, req uint, arg unsafe.Pointer) unix.Errno {
	a := loadArg[kmd.KFDMapMemoryArgs](req, arg)
	b, errno := f.mapArgs(a)
	if errno != 0 {
		return errno
	}
	if b.kfdMap == nil {
		return unix.EINVAL
	}
	f.vmOf.vm.remove(b.kfdMap)
	b.kfdMap = nil
	a.NSuccess = a.NDevices
	storeArg(req, arg, a)
	return 0
}

// KFDCWSR returns the context-save sizes amdkfd computes for a node
// (kfd_queue.c kfd_queue_ctx_save_restore_size, gfx 10.1 and later):
// the control stack, the whole save area (ctl + workgroup data) and the
// debugger area per XCC. It is the fake kernel's own computation, kept
// apart from the ring's.
func KFDCWSR(props map[string]uint64) (ctl, cwsr, debug uint64) {
	gfx := props["gfx_target_version"]
	simds, perCU, xcc := props["simd_count"], props["simd_per_cu"], max(props["num_xcc"], 1)
	if perCU == 0 {
		return 0, 0, 0
	}
	cu := simds / perCU / xcc
	waves := cu * 32
	vgpr := uint64(0x40000)
	switch gfx {
	case 110000, 110001, 120000, 120001:
		vgpr = 0x60000
	}
	page := func(n uint64) uint64 { return (n + PageSize - 1) &^ (PageSize - 1) }
	wg := page(cu * (vgpr + 0x4000 + 0x10000 + 0x1000))
	ctl = page(40 + waves*12 + 8)
	if gfx/100 == 1000 || gfx/100 == 1001 || gfx/100 == 1003 {
		ctl = min(ctl, 0x7000)
	}
	debug = (waves*32 + 63) &^ 63
	return ctl, ctl + wg, debug
}

// nodeCWSR returns the node's control-stack and save-area sizes: the
// topology's when it publishes them, else the computed ones.
func (c Config) nodeCWSR() (ctl, cwsr, debug uint64) {
	ctl, cwsr, debug = KFDCWSR(c.Properties)
	if v, ok := c.Properties["ctl_stack_size"]; ok {
		ctl = v
	}
	if v, ok := c.Properties["cwsr_size"]; ok {
		cwsr = v
	}
	return ctl, cwsr, debug
}

func kfdCreateQueue(f *file, req uint, arg unsafe.Pointer) unix.Errno {
	d := f.d
	a := loadArg[kmd.KFDCreateQueueArgs](req, arg)
	if a.QueuePercentage&0xFF > kmd.KFDMaxQueuePercentage || a.QueuePriority > kmd.KFDMaxQueuePriority ||
		a.RingSize == 0 || bits.OnesCount32(a.RingSize) != 1 {
		return unix.EINVAL
	}
	ringSize := uint64(max(a.RingSize, kmd.KFDMinQueueRingSize))
	switch a.QueueType {
	case kmd.KFDQueueTypeCompute:
	case kmd.KFDQueueTypeSDMA, kmd.KFDQueueTypeComputeAQL, kmd.KFDQueueTypeSDMAXGMI, 4:
		return unix.EINVAL // valid in the kernel, not modelled here
	default:
		return kmd.ENOTSUPP
	}
	if a.GPUID != d.cfg.GPUID || f.vmOf == nil {
		return unix.EINVAL
	}
	// kfd_queue_acquire_buffers: every buffer must be mapped exactly.
	vm := f.vmOf.vm
	exact := func(va, size uint64) bool {
		m := vm.find(va)
		return m != nil && m.VA == va && uint64(len(m.Data)) == size
	}
	onePage := func(ptr uint64) bool { return ptr%8 == 0 && exact(ptr&^(PageSize-1), PageSize) }
	ctl, cwsr, debug := d.cfg.nodeCWSR()
	xcc := max(d.cfg.Properties["num_xcc"], 1)
	saveOK := uint64(a.CtxSaveRestoreSize) == cwsr || (d.cfg.RelaxedCWSR && uint64(a.CtxSaveRestoreSize) >= cwsr)
	cwsrBO := (((uint64(a.CtxSaveRestoreSize) + debug) * xcc) + PageSize - 1) &^ (PageSize - 1)
	if !onePage(a.WritePointerAddress) || !onePage(a.ReadPointerAddress) || !exact(a.RingBaseAddress, ringSize) ||
		a.EOPBufferSize != kfdEOPSize || !exact(a.EOPBufferAddress, kfdEOPSize) ||
		uint64(a.CtlStackSize) != ctl || !saveOK || !exact(a.CtxSaveRestoreAddress, cwsrBO) {
		return unix.EINVAL
	}
	id := f.nextQueue
	f.nextQueue++
	q := &queue{d: d, id: id, vm: vm, owner: f, ringVA: a.RingBaseAddress, ringSize: ringSize,
		wptrVA: a.WritePointerAddress, rptrVA: a.ReadPointerAddress, doorbell: u64At(f.doorbells, uint64(id)*8)}
	q.seen = *q.doorbell
	f.queues[id] = q
	a.QueueID = id
	a.DoorbellOffset = kmd.KFDMmapTypeDoorbell | uint64(d.cfg.GPUID&0xFFFF)<<kmd.KFDMmapGPUIDShift | uint64(id)*8
	storeArg(req, arg, a)
	return 0
}

func kfdDestroyQueue(f *file, req uint, arg unsafe.Pointer) unix.Errno {
	a := loadArg[kmd.KFDDestroyQueueArgs](req, arg)
	q, errno := forget(f.queues, a.QueueID, unix.EINVAL)
	if errno != 0 {
		return errno
	}
	q.stop()
	return 0
}

// event is a KFD event.
type event struct {
	id        uint32
	typ       uint32
	autoReset bool
	signaled  bool
	faultVA   uint64
	hw        hwException
}

func kfdCreateEvent(f *file, req uint, arg unsafe.Pointer) unix.Errno {
	a := loadArg[kmd.KFDCreateEventArgs](req, arg)
	ev := &event{typ: a.EventType, autoReset: a.AutoReset != 0}
	switch a.EventType {
	case kmd.KFDEventSignal:
		if a.EventPageOffset != 0 {
			if f.signalPage != nil {
				return unix.EINVAL // "Event page is already set"
			}
			b := f.allocs[a.EventPageOffset]
			if b == nil || b.size < signalPageSize {
				return unix.EINVAL
			}
			f.signalPage = b
			for i := uint64(0); i < kmd.KFDSignalEventLimit; i++ {
				*u64At(b.mem, i*8) = unsignaledSlot
			}
		}
		if f.nextSignal >= kmd.KFDSignalEventLimit {
			return unix.ENOSPC
		}
		ev.id = f.nextSignal
		f.nextSignal++
		if f.signalPage != nil {
			*u64At(f.signalPage.mem, uint64(ev.id)*8) = unsignaledSlot
		}
		a.EventSlotIndex, a.EventTriggerData = ev.id, ev.id
		a.EventPageOffset = kmd.KFDMmapTypeEvents
	case kmd.KFDEventMemory, kmd.KFDEventHWException:
		ev.id = f.nextOther
		f.nextOther++
	default:
		return unix.EINVAL
	}
	f.events[ev.id] = ev
	a.EventID = ev.id
	storeArg(req, arg, a)
	return 0
}

func kfdDestroyEvent(f *file, req uint, arg unsafe.Pointer) unix.Errno {
	a := loadArg[kmd.KFDDestroyEventArgs](req, arg)
	_, errno := forget(f.events, a.EventID, unix.EINVAL)
	return errno
}

// interrupt is an end-of-pipe interrupt with context id ctxid: like
// kfd_signal_event_interrupt, it signals the signal event with that id if
// its mailbox slot was written, and acknowledges the slot.
func (f *file) interrupt(ctxid uint32) {
	ev := f.events[ctxid]
	if ev == nil || ev.typ != kmd.KFDEventSignal || f.signalPage == nil {
		return
	}
	slot := u64At(f.signalPage.mem, uint64(ctxid)*8)
	if *slot == unsignaledSlot {
		return
	}
	*slot = unsignaledSlot
	ev.signaled = true
}

// hwException is an injected GPU reset as KFD reports it.
type hwException struct {
	resetType, resetCause, memoryLost uint32
}

// InjectHWException makes the next KFD queue batch end in a GPU reset: the
// queue stops without retiring anything and every HW_EXCEPTION event of
// the process fires with the given kfd_hsa_hw_exception_data fields (as
// kfd_signal_reset_event does).
func (d *Driver) InjectHWException(resetType, resetCause uint32, memoryLost bool) {
	d.mu.Lock()
	defer d.mu.Unlock()
	h := &hwException{resetType: resetType, resetCause: resetCause}
	if memoryLost {
		h.memoryLost = 1
	}
	d.hwException = h
}

// hwExceptionEvent signals every HW_EXCEPTION event with h.
func (f *file) hwExceptionEvent(h hwException) {
	for _, ev := range f.events {
		if ev.typ == kmd.KFDEventHWException {
			ev.signaled, ev.hw = true, h
		}
	}
}

// memoryException signals every memory event with a fault at va.
func (f *file) memoryException(va uint64) {
	for _, ev := range f.events {
		if ev.typ == kmd.KFDEventMemory {
			ev.signaled, ev.faultVA = true, va
		}
	}
}

func kfdWaitEvents(f *file, req uint, arg unsafe.Pointer) unix.Errno {
	d := f.d
	a := loadArg[kmd.KFDWaitEventsArgs](req, arg)
	if a.NumEvents == 0 {
		return unix.EINVAL
	}
	evs, errno := userSlice[kmd.KFDEventData](a.EventsPtr, int(a.NumEvents))
	if errno != 0 {
		return errno
	}
	for i := range evs {
		if f.events[evs[i].EventID] == nil {
			return unix.EINVAL
		}
	}
	// The GPU runs what the doorbells announced.
	for _, q := range f.queues {
		q.kick()
	}
	ready := func() bool {
		n := 0
		for i := range evs {
			if f.events[evs[i].EventID].signaled {
				n++
			}
		}
		return (a.WaitForAll != 0 && n == len(evs)) || (a.WaitForAll == 0 && n > 0)
	}
	if !ready() {
		if a.Timeout != 0 {
			wait := time.Duration(a.Timeout) * time.Millisecond
			if a.Timeout == 0xFFFFFFFF {
				wait = d.cfg.MaxSleep
			}
			d.sleepUntil(time.Now().Add(wait))
		}
		a.WaitResult = kmd.KFDWaitResultTimeout
		storeArg(req, arg, a)
		return 0
	}
	for i := range evs {
		ev := f.events[evs[i].EventID]
		if !ev.signaled {
			continue
		}
		if ev.typ == kmd.KFDEventMemory {
			m := evs[i].MemoryException()
			*m = kmd.KFDMemoryExceptionData{VA: ev.faultVA, GPUID: d.cfg.GPUID, NotPresent: 1}
		}
		if ev.typ == kmd.KFDEventHWException {
			h := evs[i].HWException()
			*h = kmd.KFDHWExceptionData{ResetType: ev.hw.resetType, ResetCause: ev.hw.resetCause,
				MemoryLost: ev.hw.memoryLost, GPUID: d.cfg.GPUID}
		}
		if ev.autoReset {
			ev.signaled = false
		}
	}
	a.WaitResult = kmd.KFDWaitResultComplete
	storeArg(req, arg, a)
	return 0
}
