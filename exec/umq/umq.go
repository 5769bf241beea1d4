// Package umq is the "umq" tier: it runs a lowered gfx1201.Executable on
// an amdgpu compute user queue (DRM_IOCTL_AMDGPU_USERQ, Linux 6.16 and
// later): the kernel hands the queue to the GPU's scheduler firmware (MES)
// once, and from then on the ring writes packets, advances the write
// pointer and rings the doorbell with no system call at all.
//
// Bring-up follows shared/ref/amdgpu-uapi.md §6, zinc's kmd.zig and mesa's
// user-queue winsys. The probe checks, in this order, DEV_INFO
// userq_ip_mask (does the kernel install compute user-queue support?),
// HW_IP_INFO(COMPUTE) userq_num_slots (does MES have slots?) and
// AMDGPU_INFO UQ_FW_AREAS(COMPUTE) (the EOP area the firmware wants), and
// says which check failed, with its errno. Then: one buffer object per
// Executable buffer plus the IB, a 64 KiB ring with the queue fence in the
// page behind it (as mesa), write- and read-pointer pages, the EOP area, a
// doorbell page; every GPU mapping signals a timeline sync object, waited
// on before the queue is created, because nothing else orders a user
// queue's first packets after the page-table updates.
//
// A step writes ACQUIRE_MEM, INDIRECT_BUFFER to the patched IB and a
// RELEASE_MEM of the step's sequence number to the queue fence, publishes
// the write pointer, rings the doorbell, and polls the queue fence until
// it retires or the timeout passes (ErrTimeout with the read pointer).
package umq

import (
	"fmt"
	"runtime"
	"time"
	"unsafe"

	"zincc/exec"
	"zincc/exec/hwring"
	"zincc/exec/kmd"
	"zincc/ir"
	"zincc/lower/gfx1201"
)

// Tier is the tier's name.
const Tier = "umq"

// Queue geometry, after mesa's amdgpu_userq.h.
const (
	ringBytes     = 64 << 10 // AMDGPU_USERQ_RING_SIZE
	fenceOffset   = ringBytes
	doorbellIndex = 4 // AMDGPU_USERQ_DOORBELL_INDEX: "any number will work"
	// vaSyncWait bounds the wait for the page-table updates: a kernel
	// that ignores the GEM_VA timeline fields never signals them.
	vaSyncWait = 2 * time.Second
)

// Extra buffers of a user queue besides the image's.
const (
	bufRing = hwring.NumImageBuffers + iota // the ring, then the queue fence page
	bufWptr
	bufRptr
	bufEOP
	bufDoorbell
	numBuffers
)

func bufferName(i int) string {
	switch i {
	case bufRing:
		return "ring"
	case bufWptr:
		return "write-pointer"
	case bufRptr:
		return "read-pointer"
	case bufEOP:
		return "EOP"
	case bufDoorbell:
		return "doorbell"
	}
	return hwring.BufferName(i)
}

// Support is what the user-queue probe learned.
type Support struct {
	IPMask       uint32 // DEV_INFO userq_ip_mask
	Slots        uint32 // HW_IP_INFO(COMPUTE) userq_num_slots
	EOPSize      uint32 // UQ_FW_AREAS(COMPUTE)
	EOPAlignment uint32
}

// CheckSupport runs the three user-queue checks on an identified render
// node, in the order shared/ref/amdgpu-uapi.md §6 gives, and returns what
// they found or the *hwring.StepError of the first that failed.
func CheckSupport(r *hwring.Render) (Support, error) {
	s := Support{IPMask: r.Info.UserqIPMask, Slots: r.Compute.UserqNumSlots}
	fail := func(step string, err error) (Support, error) {
		return s, &hwring.StepError{Tier: Tier, Step: step, Err: err}
	}
	if s.IPMask&(1<<kmd.HWIPCompute) == 0 {
		return fail("check the kernel has compute user queues (DEV_INFO userq_ip_mask)",
			hwring.Refusedf("userq_ip_mask is %#x: no user-queue support for COMPUTE (kernel too old, or not built or enabled for this IP)", s.IPMask))
	}
	if s.Slots == 0 {
		return fail("check the firmware has user-queue slots (HW_IP_INFO userq_num_slots)",
			hwring.Refusedf("HW_IP_INFO(COMPUTE) reports 0 user-queue slots"))
	}
	md, err := hwring.Query[kmd.UQMetadata](r.Dev, kmd.InfoQueryUQFWAreas, func(i *kmd.Info) { i.HWIP().Type = kmd.HWIPCompute })
	if err != nil {
		return fail("read the compute firmware areas (AMDGPU_INFO UQ_FW_AREAS)", err)
	}
	s.EOPSize, s.EOPAlignment = md.Compute().EOPSize, md.Compute().EOPAlignment
	if s.EOPSize == 0 {
		return fail("read the compute firmware areas (AMDGPU_INFO UQ_FW_AREAS)", hwring.Refusedf("the firmware asks for an EOP area of 0 bytes"))
	}
	return s, nil
}

// Ring runs an Executable on a compute user queue. It implements
// exec.Ring.
type Ring struct {
	cfg     hwring.Config
	render  *hwring.Render
	support Support
	vaSync  hwring.Timeline // signalled by every GEM_VA
	bufs    [numBuffers]hwring.GEMBuffer
	st      hwring.Stepper

	queueID uint32
	q       hwring.QueueRing
}

// Open checks user-queue support, brings a compute user queue up for e
// and loads the weights w (nil when the graph has none). Every failure is
// a *hwring.StepError naming the step, and releases what was made.
func Open(cfg hwring.Config, e *gfx1201.Executable, w *exec.Weights) (_ *Ring, err error) {
	cfg = cfg.WithDefaults()
	if err := hwring.Check(e); err != nil {
		return nil, &hwring.StepError{Tier: Tier, Step: "check the executable", Err: err}
	}
	render, err := hwring.OpenRender(cfg, Tier)
	if err != nil {
		return nil, err
	}
	r := &Ring{cfg: cfg, render: render, st: hwring.Stepper{Tier: Tier}, q: hwring.QueueRing{Tier: Tier, Kind: hwring.UserQueue}}
	defer func() {
		if err != nil {
			r.Close()
		}
	}()
	if r.support, err = CheckSupport(render); err != nil {
		return nil, err
	}
	var sc kmd.SyncobjCreate
	if err := r.ioctl(kmd.IoctlDRMSyncobjCreate, unsafe.Pointer(&sc)); err != nil {
		return nil, r.fail("create the page-table sync object (DRM_SYNCOBJ_CREATE)", err)
	}
	r.vaSync.Syncobj = sc.Handle
	if err := r.createBuffers(e); err != nil {
		return nil, err
	}
	if err := r.st.Load(w); err != nil {
		return nil, err
	}
	if err := r.waitPageTables(); err != nil {
		return nil, err
	}
	if err := r.createQueue(); err != nil {
		return nil, err
	}
	return r, nil
}

// Probe reports whether the umq tier works here: it runs the smoke
// executable on a user queue and returns nil, or the *hwring.StepError of
// the step that failed.
func Probe(cfg hwring.Config) error {
	return hwring.RunSmoke(Tier, func(e *gfx1201.Executable) (exec.Ring, error) { return Open(cfg, e, nil) })
}

func (r *Ring) fail(step string, err error) error {
	return &hwring.StepError{Tier: Tier, Step: step, Err: err}
}

func (r *Ring) ioctl(req uint, arg unsafe.Pointer) error { return r.render.Dev.Ioctl(req, arg) }

// createBuffers creates every buffer object, maps it for the CPU, and
// (all but the doorbell) for the GPU.
func (r *Ring) createBuffers(e *gfx1201.Executable) error {
	vas := r.render.NewVAAllocator(r.support.EOPAlignment)
	img := hwring.BufferSizes(e)
	sizes := [numBuffers]uint64{bufRing: ringBytes + hwring.PageSize, bufWptr: hwring.PageSize, bufRptr: hwring.PageSize,
		bufEOP: hwring.RoundPage(uint64(r.support.EOPSize)), bufDoorbell: hwring.PageSize}
	copy(sizes[:], img[:])
	var vaList [hwring.NumImageBuffers]uint64
	var cpus [hwring.NumImageBuffers][]byte
	for i := range r.bufs {
		if err := r.createBuffer(e, i, sizes[i], vas); err != nil {
			return err
		}
		if i < hwring.NumImageBuffers {
			vaList[i], cpus[i] = r.bufs[i].VA, r.bufs[i].CPU
		}
	}
	if err := r.st.Place(e, vaList, cpus); err != nil {
		return err
	}
	rb := r.bufs[bufRing].CPU
	clear(rb)
	r.q.Ring = unsafe.Slice((*uint32)(unsafe.Pointer(unsafe.SliceData(rb))), ringBytes/4)
	r.q.Fence = (*uint64)(unsafe.Pointer(&rb[fenceOffset]))
	r.q.FenceVA = r.bufs[bufRing].VA + fenceOffset
	clear(r.bufs[bufWptr].CPU)
	clear(r.bufs[bufRptr].CPU)
	r.q.Wptr = (*uint64)(unsafe.Pointer(&r.bufs[bufWptr].CPU[0]))
	r.q.Rptr = (*uint64)(unsafe.Pointer(&r.bufs[bufRptr].CPU[0]))
	r.q.Doorbell = (*uint64)(unsafe.Pointer(&r.bufs[bufDoorbell].CPU[doorbellIndex*8]))
	return nil
}

// createBuffer creates buffer i of size bytes, maps it for the CPU (all
// but the EOP area) and for the GPU (all but the doorbell).
func (r *Ring) createBuffer(e *gfx1201.Executable, i int, size uint64, vas *hwring.VAAllocator) error {
	b := &r.bufs[i]
	b.Name, b.Size = bufferName(i), size
	domain, flags, align := uint64(kmd.GemDomainGTT), uint64(kmd.GemCreateCPUGTTUSWC), uint64(hwring.PageSize)
	switch i {
	case gfx1201.BufCode, gfx1201.BufWeights, gfx1201.BufState, gfx1201.BufArena:
		domain, flags = kmd.GemDomainVRAM, kmd.GemCreateCPUAccessRequired
	case bufEOP:
		domain, flags, align = kmd.GemDomainVRAM, kmd.GemCreateVRAMCleared, uint64(max(r.support.EOPAlignment, hwring.PageSize))
	case bufDoorbell:
		domain, flags = kmd.GemDomainDoorbell, 0
	}
	if err := r.render.CreateGEM(b, align, domain, flags); err != nil {
		return err
	}
	if i != bufEOP {
		if err := r.render.MapGEMForCPU(b); err != nil {
			return err
		}
	}
	if i == bufDoorbell {
		return nil // the doorbell is MMIO, not GPU memory
	}
	return r.render.MapGEMForGPU(b, vas, hwring.VMFlags(e, i), &r.vaSync)
}

// waitPageTables waits until the last GEM_VA's page-table update is done.
func (r *Ring) waitPageTables() error {
	handles := [1]uint32{r.vaSync.Syncobj}
	points := [1]uint64{r.vaSync.Point}
	var pin runtime.Pinner
	defer pin.Unpin()
	w := kmd.SyncobjTimelineWait{Handles: kmd.SliceAddr(&pin, handles[:]), Points: kmd.SliceAddr(&pin, points[:]),
		TimeoutNsec: int64(hwring.MonotonicNow() + uint64(min(r.cfg.Timeout, vaSyncWait))), CountHandles: 1,
		Flags: kmd.SyncobjWaitFlagsWaitAll | kmd.SyncobjWaitFlagsWaitForSubmit}
	if err := r.ioctl(kmd.IoctlDRMSyncobjTimelineWait, unsafe.Pointer(&w)); err != nil {
		return r.fail("wait for the page-table updates (DRM_SYNCOBJ_TIMELINE_WAIT)", err)
	}
	return nil
}

// createQueue creates the compute user queue.
func (r *Ring) createQueue() error {
	mqd := kmd.UserqMQDComputeGFX11{EOPVA: r.bufs[bufEOP].VA}
	var pin runtime.Pinner
	defer pin.Unpin()
	var u kmd.Userq
	*u.In() = kmd.UserqIn{Op: kmd.UserqOpCreate, IPType: kmd.HWIPCompute,
		DoorbellHandle: r.bufs[bufDoorbell].Handle, DoorbellOffset: doorbellIndex,
		Flags:   kmd.UserqCreateFlagsQueuePriorityNormalLow,
		QueueVA: r.bufs[bufRing].VA, QueueSize: ringBytes,
		RptrVA: r.bufs[bufRptr].VA, WptrVA: r.bufs[bufWptr].VA,
		MQD: kmd.Addr(&pin, unsafe.Pointer(&mqd)), MQDSize: uint64(unsafe.Sizeof(mqd))}
	if err := r.ioctl(kmd.IoctlAMDGPUUserq, unsafe.Pointer(&u)); err != nil {
		return r.fail("create the compute user queue (AMDGPU_USERQ create)", err)
	}
	r.queueID = u.Out().QueueID
	r.q.Queue = fmt.Sprintf("user queue %d", r.queueID)
	return nil
}

// Tier returns "umq".
func (r *Ring) Tier() string { return Tier }

// Step runs one decode step.
func (r *Ring) Step(inputs []uint32) ([]exec.Tensor, error) {
	return r.st.Step(inputs, "the queue passed the step", r.run)
}

// run writes the packets of step with queue fence value seq, rings the
// doorbell, and polls the queue fence, spinning and then sleeping between
// polls, until the step retires or the timeout passes.
func (r *Ring) run(step int, seq uint64) error {
	if err := r.q.Submit(step, r.st.Image, seq); err != nil {
		return err
	}
	return r.q.Wait(step, seq, r.cfg.Timeout, r.cfg.Spin, func(_, deadline time.Time) error {
		time.Sleep(min(r.cfg.Poll, time.Until(deadline)+time.Microsecond))
		return nil
	})
}

// State returns the current contents of state v.
func (r *Ring) State(v *ir.Value) (exec.Tensor, error) { return r.st.State(v) }

// Close frees the queue and every buffer; a failed release does not stop
// the others. It is safe to call twice.
func (r *Ring) Close() error {
	if !r.st.Closing() {
		return nil
	}
	s := hwring.Steps{Tier: Tier}
	if r.queueID != 0 {
		s.Do("free the user queue (AMDGPU_USERQ free)", func() error {
			var u kmd.Userq
			*u.In() = kmd.UserqIn{Op: kmd.UserqOpFree, QueueID: r.queueID}
			return r.ioctl(kmd.IoctlAMDGPUUserq, unsafe.Pointer(&u))
		})
	}
	for i := len(r.bufs) - 1; i >= 0; i-- {
		r.render.ReleaseGEM(&s, &r.bufs[i])
	}
	if r.vaSync.Syncobj != 0 {
		s.Do("destroy the page-table sync object (DRM_SYNCOBJ_DESTROY)", func() error {
			d := kmd.SyncobjDestroy{Handle: r.vaSync.Syncobj}
			return r.ioctl(kmd.IoctlDRMSyncobjDestroy, unsafe.Pointer(&d))
		})
	}
	s.Do("close the render node", r.render.Dev.Close)
	return s.Err()
}
