// Package kfd is the "kfd" tier: it runs a lowered gfx1201.Executable on a
// PM4 compute queue that amdkfd (/dev/kfd, the ROCm kernel interface) maps
// onto the GPU's MEC for this process. The ring writes packets into the
// queue's ring buffer, advances the write pointer and rings the doorbell
// itself; no system call per step except, after a short spin, a sleep in
// KFD_WAIT_EVENTS.
//
// Bring-up follows shared/ref/amdgpu-uapi.md §5, zinc's kfd.zig (which
// created such a queue on an R9700) and tinygrad's KFD interface: open
// /dev/kfd and check the ABI version, find the GPU in the KFD topology by
// the render node's minor and check it is a gfx1201, open the render node,
// acquire its VM for KFD, read the process apertures, allocate, CPU-map
// and GPU-map every buffer (the Executable's, the IB, the ring, one page
// holding the read and write pointers, the EOP and CWSR areas sized by the
// kernel's rules, a signal page for events), create the queue, map its
// doorbell, and create a signal event and a memory-exception event.
//
// Per step the ring appends ACQUIRE_MEM (the cache invalidation the kernel
// adds around CS IBs), INDIRECT_BUFFER to the patched IB, a RELEASE_MEM of
// the step's sequence number to a queue fence, and a RELEASE_MEM that
// writes the signal event's mailbox and raises its interrupt. It then
// polls the queue fence, sleeps in WAIT_EVENTS, and ends with ErrTimeout,
// naming how far the read pointer got, if the queue never retires the
// step: zinc saw a 6.17 kernel accept PM4 on such a queue and never retire
// it.
package kfd

import (
	"fmt"
	"runtime"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"

	"zincc/exec"
	"zincc/exec/hwring"
	"zincc/exec/kmd"
	"zincc/ir"
	"zincc/lower/gfx1201"
)

// Tier is the tier's name.
const Tier = "kfd"

// Queue geometry.
const (
	ringBytes      = 64 << 10 // a power of two; one step needs 30 dwords
	queuePriority  = 7        // tinygrad's choice, the middle of 0..15
	queuePercent   = 100
	wptrOffset     = 0x38  // in the pointer page: amd_queue_t's write dispatch id, as tinygrad
	rptrOffset     = 0x80  // amd_queue_t's read dispatch id
	fenceOffset    = 0x100 // the ring's own per-step fence
	tsOffset       = 0x200 // with Config.Timestamps: the two GPU timestamps
	signalPageSize = kmd.KFDSignalEventLimit * 8
	waitSlice      = 100 * time.Millisecond // longest single WAIT_EVENTS
	apertureSlots  = 16
)

// Extra buffers a KFD queue needs besides the image's.
const (
	bufRing = hwring.NumImageBuffers + iota
	bufPointers
	bufEOP
	bufCWSR
	bufSignal
	bufStaging // only while a staged upload runs
	numBuffers
)

func bufferName(i int) string {
	switch i {
	case bufRing:
		return "ring"
	case bufPointers:
		return "pointer page"
	case bufEOP:
		return "EOP"
	case bufCWSR:
		return "CWSR"
	case bufSignal:
		return "signal page"
	case bufStaging:
		return "staging"
	}
	return hwring.BufferName(i)
}

// memGTT is the placement tinygrad gives ring and pointer memory:
// CPU-coherent, uncached system memory.
const memGTT = kmd.KFDAllocMemFlagsGTT | kmd.KFDAllocMemFlagsNoSubstitute | kmd.KFDAllocMemFlagsCoherent |
	kmd.KFDAllocMemFlagsUncached | kmd.KFDAllocMemFlagsPublic

// buffer is one KFD allocation.
type buffer struct {
	handle uint64
	va     uint64
	size   uint64
	cpu    []byte
	mapped bool
}

// Ring runs an Executable on a KFD compute queue. It implements exec.Ring.
type Ring struct {
	cfg    hwring.Config
	kfd    kmd.Device
	render *hwring.Render
	node   kmd.TopologyNode
	gpuID  uint32
	sizes  QueueSizes
	bufs   [numBuffers]buffer
	st     hwring.Stepper
	plan   hwring.UploadPlan
	vas    *hwring.VAAllocator

	queueID   uint32
	hasQueue  bool
	doorbells []byte // the 8 KiB doorbell slice
	q         hwring.QueueRing

	signalID  uint32
	hasSignal bool
	slot      uint32
	memoryID  uint32
	hasMemory bool
	hwID      uint32
	hasHW     bool
}

// Open brings a KFD compute queue up for e with the weights w (nil when
// the graph has none). Every failure is a *hwring.StepError naming the
// step, and releases what was made.
func Open(cfg hwring.Config, e *gfx1201.Executable, w *exec.Weights) (_ *Ring, err error) {
	cfg = cfg.WithDefaults()
	if err := hwring.Check(e); err != nil {
		return nil, &hwring.StepError{Tier: Tier, Step: "check the executable", Err: err}
	}
	r := &Ring{cfg: cfg, st: hwring.Stepper{Tier: Tier}, q: hwring.QueueRing{Tier: Tier}}
	defer func() {
		if err != nil {
			r.Close()
		}
	}()
	if r.kfd, err = cfg.Opener.Open(cfg.KFDNode); err != nil {
		return nil, r.fail("open "+cfg.KFDNode, err)
	}
	var v kmd.KFDGetVersionArgs
	if err := r.kfd.Ioctl(kmd.IoctlKFDGetVersion, unsafe.Pointer(&v)); err != nil {
		return nil, r.fail("check the KFD version (KFD_GET_VERSION)", err)
	}
	if v.MajorVersion != 1 {
		return nil, r.fail("check the KFD version (KFD_GET_VERSION)", hwring.Refusedf("KFD ABI %d.%d; zincc speaks 1.x", v.MajorVersion, v.MinorVersion))
	}
	if err := r.findNode(); err != nil {
		return nil, err
	}
	if r.render, err = hwring.OpenRender(cfg, Tier); err != nil {
		return nil, err
	}
	acq := kmd.KFDAcquireVMArgs{DRMFd: uint32(r.render.Dev.Fd()), GPUID: r.gpuID}
	if err := r.kfd.Ioctl(kmd.IoctlKFDAcquireVM, unsafe.Pointer(&acq)); err != nil {
		return nil, r.fail("acquire the GPU VM (KFD_ACQUIRE_VM)", err)
	}
	base, limit, err := r.aperture()
	if err != nil {
		return nil, err
	}
	// amdkfd publishes only whether all of VRAM is CPU-visible (the
	// topology's heap type); the size of the window comes from the render
	// node (see hwring.VisibleVRAM).
	if r.plan, err = r.render.PlanUpload(cfg, e); err != nil {
		return nil, err
	}
	if err := r.allocate(e, base, limit); err != nil {
		return nil, err
	}
	if err := r.st.Load(w); err != nil {
		return nil, err
	}
	if err := r.createQueue(); err != nil {
		return nil, err
	}
	if err := r.createEvents(); err != nil {
		return nil, err
	}
	if r.plan.Path == hwring.UploadStaged {
		if err := r.upload(w); err != nil {
			return nil, err
		}
	}
	return r, nil
}

// upload copies the weights into their CPU-invisible allocation through
// a GTT staging allocation (hwring.Stepper.UploadStaged), each chunk an IB
// the queue runs like a step, and frees the staging allocation.
func (r *Ring) upload(w *exec.Weights) error {
	if err := r.alloc(bufStaging, hwring.StagingBufferBytes(r.plan), memGTT, true, r.vas); err != nil {
		return err
	}
	b := &r.bufs[bufStaging]
	err := r.st.UploadStaged(w, r.plan, hwring.Staging{VA: b.va, CPU: b.cpu}, func(what string, ibVA uint64, dwords int, seq uint64) error {
		if err := r.q.SubmitIB(what, ibVA, dwords, seq); err != nil {
			return err
		}
		return r.q.WaitFor(what, seq, r.cfg.Timeout, r.cfg.Spin, func(now, deadline time.Time) error {
			ms := uint32(min(deadline.Sub(now), waitSlice).Milliseconds()) + 1
			return r.waitEvents(what, ms)
		})
	}, r.cfg.Progress)
	if err != nil {
		return err
	}
	s := hwring.Steps{Tier: Tier}
	r.release(&s, bufStaging)
	return s.Err()
}

// Probe reports whether the kfd tier works here: it runs the smoke
// executable on a queue and returns nil, or the *hwring.StepError of the
// step that failed.
func Probe(cfg hwring.Config) error {
	return hwring.RunSmoke(Tier, func(e *gfx1201.Executable) (exec.Ring, error) { return Open(cfg, e, nil) })
}

func (r *Ring) fail(step string, err error) error {
	return &hwring.StepError{Tier: Tier, Step: step, Err: err}
}

// findNode finds the GPU of the render node in the KFD topology and checks
// it is a gfx1201.
func (r *Ring) findNode() error {
	const step = "find the GPU in the KFD topology"
	minor, err := kmd.RenderMinor(r.cfg.RenderNode)
	if err != nil {
		return r.fail(step, err)
	}
	nodes, err := kmd.ReadTopology(r.cfg.Sysfs, kmd.TopologyNodesDir)
	if err != nil {
		return r.fail(step, err)
	}
	if r.node, err = kmd.FindGPUByRenderMinor(nodes, minor); err != nil {
		return r.fail(step, err)
	}
	r.gpuID = r.node.GPUID
	target, err := r.node.GfxTarget()
	if err != nil {
		return r.fail(step, err)
	}
	if target != "gfx1201" {
		return r.fail(step, hwring.Refusedf("KFD node %d (gpu_id %d) is a %s; zincc emits gfx1201 code", r.node.ID, r.gpuID, target))
	}
	if r.sizes, err = Sizes(r.node); err != nil {
		return r.fail("size the queue buffers", err)
	}
	return nil
}

// aperture returns the GPUVM aperture of the GPU.
func (r *Ring) aperture() (base, limit uint64, err error) {
	const step = "read the apertures (KFD_GET_PROCESS_APERTURES_NEW)"
	var aps [apertureSlots]kmd.KFDProcessDeviceApertures
	var pin runtime.Pinner
	a := kmd.KFDGetProcessAperturesNewArgs{KFDProcessDeviceAperturesPtr: kmd.SliceAddr(&pin, aps[:]), NumOfNodes: apertureSlots}
	err = r.kfd.Ioctl(kmd.IoctlKFDGetProcessAperturesNew, unsafe.Pointer(&a))
	pin.Unpin()
	if err != nil {
		return 0, 0, r.fail(step, err)
	}
	for _, ap := range aps[:min(a.NumOfNodes, apertureSlots)] {
		if ap.GPUID == r.gpuID {
			if ap.GPUVMLimit <= ap.GPUVMBase {
				return 0, 0, r.fail(step, fmt.Errorf("GPUVM aperture [%#x, %#x] is empty", ap.GPUVMBase, ap.GPUVMLimit))
			}
			return ap.GPUVMBase, ap.GPUVMLimit, nil
		}
	}
	return 0, 0, r.fail(step, fmt.Errorf("no aperture for gpu_id %d among %d", r.gpuID, a.NumOfNodes))
}

// allocate allocates, maps and places every buffer.
func (r *Ring) allocate(e *gfx1201.Executable, base, limit uint64) error {
	vas := hwring.NewVAAllocator(base, limit+1, hwring.PageSize)
	r.vas = vas
	img := hwring.BufferSizes(e)
	sizes := [numBuffers]uint64{bufRing: ringBytes, bufPointers: hwring.PageSize, bufEOP: r.sizes.EOP,
		bufCWSR: r.sizes.CWSR, bufSignal: signalPageSize}
	copy(sizes[:], img[:])
	var vaList [hwring.NumImageBuffers]uint64
	var cpus [hwring.NumImageBuffers][]byte
	for i := range r.bufs {
		if i == bufStaging {
			continue // made by upload
		}
		flags, cpu := r.flags(e, i)
		if err := r.alloc(i, sizes[i], flags, cpu, vas); err != nil {
			return err
		}
		if i < hwring.NumImageBuffers {
			vaList[i], cpus[i] = r.bufs[i].va, r.bufs[i].cpu
		}
	}
	if err := r.st.Place(e, vaList, cpus); err != nil {
		return err
	}
	p := r.bufs[bufPointers].cpu
	r.q.Wptr = (*uint64)(unsafe.Pointer(&p[wptrOffset]))
	r.q.Rptr = (*uint64)(unsafe.Pointer(&p[rptrOffset]))
	r.q.Fence = (*uint64)(unsafe.Pointer(&p[fenceOffset]))
	r.q.FenceVA = r.bufs[bufPointers].va + fenceOffset
	if r.cfg.Timestamps {
		r.q.Times = &hwring.Timestamps{VA: r.bufs[bufPointers].va + tsOffset, Slots: (*[2]uint64)(unsafe.Pointer(&p[tsOffset]))}
	}
	rb := r.bufs[bufRing].cpu
	r.q.Ring = unsafe.Slice((*uint32)(unsafe.Pointer(unsafe.SliceData(rb))), len(rb)/4)
	clear(rb)
	clear(p)
	return nil
}

// flags returns the allocation flags of buffer i and whether the CPU maps
// it. On the staged upload path the weights are VRAM without PUBLIC, which
// amdgpu_amdkfd_gpuvm_alloc_memory_of_gpu allocates without
// CPU_ACCESS_REQUIRED (NO_CPU_ACCESS in older kernels), so they need not
// fit the BAR; the GPU maps them writeable, for the DMA_DATA copies.
func (r *Ring) flags(e *gfx1201.Executable, i int) (uint32, bool) {
	const vram = kmd.KFDAllocMemFlagsVRAM | kmd.KFDAllocMemFlagsNoSubstitute
	if i == gfx1201.BufWeights && r.plan.Path == hwring.UploadStaged {
		return vram | kmd.KFDAllocMemFlagsWritable, false
	}
	switch i {
	case gfx1201.BufCode:
		return vram | kmd.KFDAllocMemFlagsPublic | kmd.KFDAllocMemFlagsExecutable, true
	case hwring.BufIB:
		return memGTT, true
	case gfx1201.BufFence:
		return memGTT | kmd.KFDAllocMemFlagsWritable, true
	case bufRing, bufPointers, bufSignal:
		return memGTT | kmd.KFDAllocMemFlagsWritable | kmd.KFDAllocMemFlagsExecutable, true
	case bufEOP, bufCWSR:
		return vram | kmd.KFDAllocMemFlagsWritable | kmd.KFDAllocMemFlagsExecutable, false
	}
	f := uint32(vram | kmd.KFDAllocMemFlagsPublic)
	if !hwring.ReadOnly(e, i) {
		f |= kmd.KFDAllocMemFlagsWritable
	}
	return f, true
}

// alloc allocates buffer i at a fresh VA, maps it for the CPU when asked,
// and maps it for the GPU.
func (r *Ring) alloc(i int, size uint64, flags uint32, cpu bool, vas *hwring.VAAllocator) error {
	name := bufferName(i)
	b := &r.bufs[i]
	va, err := vas.Alloc(size)
	if err != nil {
		return r.fail("place the "+name+" buffer in the GPUVM aperture", err)
	}
	a := kmd.KFDAllocMemoryOfGPUArgs{VAAddr: va, Size: size, GPUID: r.gpuID, Flags: flags}
	if err := r.kfd.Ioctl(kmd.IoctlKFDAllocMemoryOfGPU, unsafe.Pointer(&a)); err != nil {
		return r.fail("allocate the "+name+" buffer (KFD_ALLOC_MEMORY_OF_GPU)", err)
	}
	b.handle, b.va, b.size = a.Handle, va, size
	if cpu {
		m, err := r.render.Dev.Mmap(a.MmapOffset, int(size), unix.PROT_READ|unix.PROT_WRITE, unix.MAP_SHARED)
		if err != nil {
			return r.fail("map the "+name+" buffer for the CPU (mmap)", err)
		}
		b.cpu = m
	}
	ids := [1]uint32{r.gpuID}
	var pin runtime.Pinner
	mp := kmd.KFDMapMemoryArgs{Handle: b.handle, DeviceIDsArrayPtr: kmd.SliceAddr(&pin, ids[:]), NDevices: 1}
	err = r.kfd.Ioctl(kmd.IoctlKFDMapMemoryToGPU, unsafe.Pointer(&mp))
	pin.Unpin()
	if err != nil {
		return r.fail("map the "+name+" buffer for the GPU (KFD_MAP_MEMORY_TO_GPU)", err)
	}
	if mp.NSuccess != 1 {
		return r.fail("map the "+name+" buffer for the GPU (KFD_MAP_MEMORY_TO_GPU)", fmt.Errorf("mapped on %d of 1 GPUs", mp.NSuccess))
	}
	b.mapped = true
	return nil
}

// createQueue creates the PM4 compute queue and maps its doorbell.
func (r *Ring) createQueue() error {
	q := kmd.KFDCreateQueueArgs{
		RingBaseAddress: r.bufs[bufRing].va, RingSize: ringBytes,
		WritePointerAddress: r.bufs[bufPointers].va + wptrOffset, ReadPointerAddress: r.bufs[bufPointers].va + rptrOffset,
		GPUID: r.gpuID, QueueType: kmd.KFDQueueTypeCompute, QueuePercentage: queuePercent, QueuePriority: queuePriority,
		EOPBufferAddress: r.bufs[bufEOP].va, EOPBufferSize: r.sizes.EOP,
		CtxSaveRestoreAddress: r.bufs[bufCWSR].va, CtxSaveRestoreSize: uint32(r.sizes.SaveArea),
		CtlStackSize: uint32(r.sizes.CtlStack),
	}
	if err := r.kfd.Ioctl(kmd.IoctlKFDCreateQueue, unsafe.Pointer(&q)); err != nil {
		return r.fail("create the compute queue (KFD_CREATE_QUEUE)", err)
	}
	r.queueID, r.hasQueue = q.QueueID, true
	r.q.Queue = fmt.Sprintf("KFD queue %d", q.QueueID)
	const slice = 0x2000 // the process doorbell slice: 1024 doorbells of 8 bytes
	at := q.DoorbellOffset & (slice - 1)
	if at%8 != 0 {
		return r.fail("map the doorbell (mmap /dev/kfd)", fmt.Errorf("doorbell offset %#x is not a 64-bit doorbell", q.DoorbellOffset))
	}
	m, err := r.kfd.Mmap(q.DoorbellOffset&^(slice-1), slice, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_SHARED)
	if err != nil {
		return r.fail("map the doorbell (mmap /dev/kfd)", err)
	}
	r.doorbells = m
	r.q.Doorbell = (*uint64)(unsafe.Pointer(&m[at]))
	return nil
}

// createEvents creates the signal event the ring's RELEASE_MEM interrupt
// sets (its mailbox in the signal page) and a memory-exception event, so
// that a GPU page fault ends a wait at once.
func (r *Ring) createEvents() error {
	sig := kmd.KFDCreateEventArgs{EventPageOffset: r.bufs[bufSignal].handle, EventType: kmd.KFDEventSignal, AutoReset: 1}
	if err := r.kfd.Ioctl(kmd.IoctlKFDCreateEvent, unsafe.Pointer(&sig)); err != nil {
		return r.fail("create the signal event (KFD_CREATE_EVENT)", err)
	}
	r.signalID, r.slot, r.hasSignal = sig.EventID, sig.EventSlotIndex, true
	if r.slot >= kmd.KFDSignalEventLimit {
		return r.fail("create the signal event (KFD_CREATE_EVENT)", fmt.Errorf("mailbox slot %d outside the signal page", r.slot))
	}
	r.q.MailboxVA, r.q.Event = r.bufs[bufSignal].va+uint64(r.slot)*8, r.signalID
	mem := kmd.KFDCreateEventArgs{EventType: kmd.KFDEventMemory}
	if err := r.kfd.Ioctl(kmd.IoctlKFDCreateEvent, unsafe.Pointer(&mem)); err != nil {
		return r.fail("create the memory-exception event (KFD_CREATE_EVENT)", err)
	}
	r.memoryID, r.hasMemory = mem.EventID, true
	// A GPU reset is reported to the process as a HW_EXCEPTION event
	// (kfd_signal_reset_event in Linux kfd_events.c); ROCR's runtime waits on
	// one (hsaKmtCreateEvent HSA_EVENTTYPE_HW_EXCEPTION). Without it a reset
	// shows up only as a step timeout.
	hw := kmd.KFDCreateEventArgs{EventType: kmd.KFDEventHWException}
	if err := r.kfd.Ioctl(kmd.IoctlKFDCreateEvent, unsafe.Pointer(&hw)); err != nil {
		return r.fail("create the hardware-exception event (KFD_CREATE_EVENT)", err)
	}
	r.hwID, r.hasHW = hw.EventID, true
	return nil
}

// Tier returns "kfd".
func (r *Ring) Tier() string { return Tier }

// Step runs one decode step.
func (r *Ring) Step(inputs []uint32) ([]exec.Tensor, error) {
	return r.st.Step(inputs, "the queue passed the step", r.run)
}

// run writes the packets of step with queue fence value seq, rings the
// doorbell, and polls the queue fence, spinning first and then sleeping in
// WAIT_EVENTS on the signal and memory-exception events, until the step
// retires, the GPU faults, or the timeout passes.
func (r *Ring) run(step int, seq uint64) error {
	if err := r.q.Submit(step, r.st.Image, seq); err != nil {
		return err
	}
	return r.q.Wait(step, seq, r.cfg.Timeout, r.cfg.Spin, func(now, deadline time.Time) error {
		ms := uint32(min(deadline.Sub(now), waitSlice).Milliseconds()) + 1
		return r.waitEvents(fmt.Sprintf("step %d", step), ms)
	})
}

// LastStepGPU returns how long the last step's IB took on the GPU clock
// (hwring.ErrNoTimestamps without Config.Timestamps).
func (r *Ring) LastStepGPU() (hwring.GPUTime, error) {
	return r.q.Times.Read(r.render.Info.GPUCounterFreq)
}

// waitEvents sleeps up to ms milliseconds for the signal, the memory or
// the hardware-exception event. It returns an ErrGPU error describing the
// fault or the reset when one of the latter fired.
func (r *Ring) waitEvents(what string, ms uint32) error {
	evs := [3]kmd.KFDEventData{{EventID: r.signalID}, {EventID: r.memoryID}, {EventID: r.hwID}}
	var pin runtime.Pinner
	a := kmd.KFDWaitEventsArgs{EventsPtr: kmd.SliceAddr(&pin, evs[:]), NumEvents: uint32(len(evs)), Timeout: ms}
	err := r.kfd.Ioctl(kmd.IoctlKFDWaitEvents, unsafe.Pointer(&a))
	pin.Unpin()
	if err != nil {
		return r.fail(what+": wait for the queue (KFD_WAIT_EVENTS)", err)
	}
	if a.WaitResult == kmd.KFDWaitResultFail {
		return r.fail(what+": wait for the queue (KFD_WAIT_EVENTS)", fmt.Errorf("%w: wait result FAIL", hwring.ErrGPU))
	}
	if m := evs[1].MemoryException(); a.WaitResult == kmd.KFDWaitResultComplete && (m.VA != 0 || m.GPUID != 0) {
		return r.fail(what+": wait for the queue", fmt.Errorf(
			"%w: GPU memory fault at %#x (gpu_id %d, not present %d, read-only %d, no-execute %d)",
			hwring.ErrGPU, m.VA, m.GPUID, m.NotPresent, m.ReadOnly, m.NoExecute))
	}
	if h := evs[2].HWException(); a.WaitResult == kmd.KFDWaitResultComplete && h.GPUID != 0 {
		lost := "VRAM contents kept"
		if h.MemoryLost != 0 {
			lost = "VRAM contents lost"
		}
		return r.fail(what+": wait for the queue", fmt.Errorf(
			"%w: the GPU was reset (KFD hardware exception: gpu_id %d, reset type %d, cause %d, %s); the queue is gone",
			hwring.ErrGPU, h.GPUID, h.ResetType, h.ResetCause, lost))
	}
	return nil
}

// release adds to s the release steps of buffer i, in reverse of its
// set-up, and forgets it.
func (r *Ring) release(s *hwring.Steps, i int) {
	b := &r.bufs[i]
	name := bufferName(i)
	if b.cpu != nil {
		s.Do("unmap the "+name+" buffer from the CPU (munmap)", func() error { return r.render.Dev.Munmap(b.cpu) })
	}
	if b.mapped {
		s.Do("unmap the "+name+" buffer from the GPU (KFD_UNMAP_MEMORY_FROM_GPU)", func() error {
			ids := [1]uint32{r.gpuID}
			var pin runtime.Pinner
			defer pin.Unpin()
			a := kmd.KFDMapMemoryArgs{Handle: b.handle, DeviceIDsArrayPtr: kmd.SliceAddr(&pin, ids[:]), NDevices: 1}
			return r.kfd.Ioctl(kmd.IoctlKFDUnmapMemoryFromGPU, unsafe.Pointer(&a))
		})
	}
	if b.handle != 0 {
		s.Do("free the "+name+" buffer (KFD_FREE_MEMORY_OF_GPU)", func() error {
			a := kmd.KFDFreeMemoryOfGPUArgs{Handle: b.handle}
			return r.kfd.Ioctl(kmd.IoctlKFDFreeMemoryOfGPU, unsafe.Pointer(&a))
		})
	}
	*b = buffer{}
}

// State returns the current contents of state v.
func (r *Ring) State(v *ir.Value) (exec.Tensor, error) { return r.st.State(v) }

// Close destroys the queue and events and frees every buffer; a failed
// release does not stop the others. It is safe to call twice.
func (r *Ring) Close() error {
	if !r.st.Closing() {
		return nil
	}
	s := hwring.Steps{Tier: Tier}
	if r.hasQueue {
		s.Do("destroy the queue (KFD_DESTROY_QUEUE)", func() error {
			a := kmd.KFDDestroyQueueArgs{QueueID: r.queueID}
			return r.kfd.Ioctl(kmd.IoctlKFDDestroyQueue, unsafe.Pointer(&a))
		})
	}
	if r.doorbells != nil {
		s.Do("unmap the doorbell (munmap)", func() error { return r.kfd.Munmap(r.doorbells) })
	}
	for _, ev := range []struct {
		has  bool
		id   uint32
		name string
	}{{r.hasHW, r.hwID, "hardware-exception"}, {r.hasMemory, r.memoryID, "memory-exception"}, {r.hasSignal, r.signalID, "signal"}} {
		if ev.has {
			s.Do("destroy the "+ev.name+" event (KFD_DESTROY_EVENT)", func() error {
				a := kmd.KFDDestroyEventArgs{EventID: ev.id}
				return r.kfd.Ioctl(kmd.IoctlKFDDestroyEvent, unsafe.Pointer(&a))
			})
		}
	}
	for i := len(r.bufs) - 1; i >= 0; i-- {
		r.release(&s, i)
	}
	if r.render != nil {
		s.Do("close the render node", r.render.Dev.Close)
	}
	if r.kfd != nil {
		s.Do("close "+r.cfg.KFDNode, r.kfd.Close)
	}
	return s.Err()
}
