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
	"errors"
	"fmt"
	"runtime"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"

	"zincc/exec"
	"zincc/exec/hwring"
	"zincc/exec/kfd"
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
	tsOffset      = ringBytes + 16 // with Config.Timestamps: the two GPU timestamps, behind the fence
	doorbellIndex = 4              // AMDGPU_USERQ_DOORBELL_INDEX: "any number will work"
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
	bufCWSR    // only for a kernel whose compute MQD carries the save area
	bufStaging // only while a staged upload runs
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
	case bufCWSR:
		return "context-save"
	case bufStaging:
		return "staging"
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
	vas     *hwring.VAAllocator
	e       *gfx1201.Executable
	plan    hwring.UploadPlan
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
	r.e = e
	if r.plan, err = render.PlanUpload(cfg, e); err != nil {
		return nil, err
	}
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
	if r.plan.Path == hwring.UploadStaged {
		if err := r.upload(w); err != nil {
			return nil, err
		}
	}
	return r, nil
}

// upload copies the weights into their CPU-invisible buffer through the
// GTT staging buffer createBuffers made (hwring.Stepper.UploadStaged),
// each chunk an IB the queue runs like a step, and frees the staging
// buffer.
func (r *Ring) upload(w *exec.Weights) error {
	b := &r.bufs[bufStaging]
	err := r.st.UploadStaged(w, r.plan, hwring.Staging{VA: b.VA, CPU: b.CPU}, func(what string, ibVA uint64, dwords int, seq uint64) error {
		if err := r.q.SubmitIB(what, ibVA, dwords, seq); err != nil {
			return err
		}
		return r.q.WaitFor(what, seq, r.cfg.Timeout, r.cfg.Spin, r.idle)
	}, r.cfg.Progress)
	if err != nil {
		return err
	}
	s := hwring.Steps{Tier: Tier}
	r.render.ReleaseGEM(&s, b)
	*b = hwring.GEMBuffer{}
	return s.Err()
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
		bufEOP: hwring.RoundPage(uint64(r.support.EOPSize)), bufDoorbell: hwring.PageSize,
		bufStaging: hwring.StagingBufferBytes(r.plan)}
	copy(sizes[:], img[:])
	var vaList [hwring.NumImageBuffers]uint64
	var cpus [hwring.NumImageBuffers][]byte
	r.vas = vas
	for i := range r.bufs {
		if i == bufCWSR {
			continue // made only if the kernel wants the 24-byte MQD
		}
		if i == bufStaging && r.plan.Path != hwring.UploadStaged {
			continue
		}
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
	if r.cfg.Timestamps {
		r.q.Times = &hwring.Timestamps{VA: r.bufs[bufRing].VA + tsOffset, Slots: (*[2]uint64)(unsafe.Pointer(&rb[tsOffset]))}
	}
	clear(r.bufs[bufWptr].CPU)
	clear(r.bufs[bufRptr].CPU)
	r.q.Wptr = (*uint64)(unsafe.Pointer(&r.bufs[bufWptr].CPU[0]))
	r.q.Rptr = (*uint64)(unsafe.Pointer(&r.bufs[bufRptr].CPU[0]))
	r.q.Doorbell = (*uint64)(unsafe.Pointer(&r.bufs[bufDoorbell].CPU[doorbellIndex*8]))
	return nil
}

// createBuffer creates buffer i of size bytes, maps it for the CPU (all
// but the EOP area and staged weights) and for the GPU (all but the
// doorbell). Staged weights live in VRAM the CPU does not map
// (AMDGPU_GEM_CREATE_NO_CPU_ACCESS) and are GPU-writeable for the
// DMA_DATA copies of the upload.
func (r *Ring) createBuffer(e *gfx1201.Executable, i int, size uint64, vas *hwring.VAAllocator) error {
	b := &r.bufs[i]
	b.Name, b.Size = bufferName(i), size
	domain, flags, align := uint64(kmd.GemDomainGTT), uint64(kmd.GemCreateCPUGTTUSWC), uint64(hwring.PageSize)
	vmFlags := hwring.VMFlags(e, i)
	if i == gfx1201.BufWeights && r.plan.Path == hwring.UploadStaged {
		if err := r.render.CreateGEM(b, align, kmd.GemDomainVRAM, kmd.GemCreateNoCPUAccess); err != nil {
			return err
		}
		return r.render.MapGEMForGPU(b, vas, vmFlags|kmd.VMPageWriteable, &r.vaSync)
	}
	switch i {
	case gfx1201.BufCode, gfx1201.BufWeights, gfx1201.BufState, gfx1201.BufArena:
		domain, flags = kmd.GemDomainVRAM, kmd.GemCreateCPUAccessRequired
	case bufEOP, bufCWSR:
		domain, flags, align = kmd.GemDomainVRAM, kmd.GemCreateVRAMCleared, uint64(max(r.support.EOPAlignment, hwring.PageSize))
	case bufDoorbell:
		domain, flags = kmd.GemDomainDoorbell, 0
	}
	if err := r.render.CreateGEM(b, align, domain, flags); err != nil {
		return err
	}
	if i != bufEOP && i != bufCWSR {
		if err := r.render.MapGEMForCPU(b); err != nil {
			return err
		}
	}
	if i == bufDoorbell {
		return nil // the doorbell is MMIO, not GPU memory
	}
	return r.render.MapGEMForGPU(b, vas, vmFlags, &r.vaSync)
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

// createQueue creates the compute user queue. The compute MQD's size is
// version-dependent and the kernel checks it exactly
// (mes_userq_mqd_create: "Invalid compute IP MQD size", EINVAL): upstream
// drm_amdgpu_userq_mqd_compute_gfx11 is 8 bytes (eop_va); the 2026 amd-gfx
// series "drm/amdgpu: Add ioctl support for cwsr params" grows it to 24
// (ctx_save_area_va, ctx_save_area_size, ctl_stack_size). The ring tries
// the 8-byte form first and, on EINVAL, the 24-byte one with a context-save
// area sized as KFD sizes it for the node (kfd_queue.c); if both are
// refused, the error says which sizes were tried and what to look for.
func (r *Ring) createQueue() error {
	mqd := kmd.UserqMQDComputeGFX11{EOPVA: r.bufs[bufEOP].VA}
	err := r.create(unsafe.Pointer(&mqd), uint64(unsafe.Sizeof(mqd)))
	if err == nil || !errors.Is(err, unix.EINVAL) {
		return r.queueErr(err, "")
	}
	sizes, serr := r.cwsrSizes()
	if serr != nil {
		return r.queueErr(err, fmt.Sprintf("the 24-byte MQD of the cwsr-params series was not tried: %v", serr))
	}
	b := &r.bufs[bufCWSR]
	if err := r.createBuffer(r.e, bufCWSR, sizes.CWSR, r.vas); err != nil {
		return err
	}
	if err := r.waitPageTables(); err != nil {
		return err
	}
	big := kmd.UserqMQDComputeCWSR{EOPVA: r.bufs[bufEOP].VA, CtxSaveAreaVA: b.VA,
		CtxSaveAreaSize: uint32(sizes.SaveArea), CtlStackSize: uint32(sizes.CtlStack)}
	err2 := r.create(unsafe.Pointer(&big), uint64(unsafe.Sizeof(big)))
	if err2 == nil {
		return nil
	}
	return r.queueErr(err2, "")
}

// MQDSizeHint explains an EINVAL from AMDGPU_USERQ create.
const MQDSizeHint = "the kernel refused both compute MQD sizes zincc knows (8 bytes: upstream " +
	"drm_amdgpu_userq_mqd_compute_gfx11 {eop_va}; 24 bytes: the 2026 cwsr-params series {eop_va, " +
	"ctx_save_area_va, ctx_save_area_size, ctl_stack_size}); the likely cause is a kernel whose compute MQD " +
	"has yet another size (mes_userq_mqd_create checks mqd_size exactly; dmesg then says " +
	"\"Invalid compute IP MQD size\"), else a rejected address or size (dmesg names it)"

// queueErr wraps a failed create; an EINVAL gets the MQD-size explanation.
func (r *Ring) queueErr(err error, note string) error {
	if err == nil {
		return nil
	}
	if errors.Is(err, unix.EINVAL) {
		hint := MQDSizeHint
		if note != "" {
			hint = "the kernel refused the 8-byte compute MQD (upstream drm_amdgpu_userq_mqd_compute_gfx11); " + note +
				"; the likely cause is a kernel whose compute MQD is larger (mes_userq_mqd_create checks mqd_size exactly; " +
				"dmesg then says \"Invalid compute IP MQD size\")"
		}
		err = fmt.Errorf("%w (%s)", err, hint)
	}
	return r.fail("create the compute user queue (AMDGPU_USERQ create)", err)
}

// cwsrSizes sizes the context-save area as amdkfd does for the GPU's node
// (the 24-byte MQD's kernel validates it the same way, amdgpu_cwsr).
func (r *Ring) cwsrSizes() (kfd.QueueSizes, error) {
	minor, err := kmd.RenderMinor(r.cfg.RenderNode)
	if err != nil {
		return kfd.QueueSizes{}, err
	}
	nodes, err := kmd.ReadTopology(r.cfg.Sysfs, kmd.TopologyNodesDir)
	if err != nil {
		return kfd.QueueSizes{}, fmt.Errorf("no KFD topology to size the context-save area: %w", err)
	}
	node, err := kmd.FindGPUByRenderMinor(nodes, minor)
	if err != nil {
		return kfd.QueueSizes{}, err
	}
	return kfd.Sizes(node)
}

// create issues AMDGPU_USERQ create with the MQD at mqd (size bytes).
func (r *Ring) create(mqd unsafe.Pointer, size uint64) error {
	var pin runtime.Pinner
	defer pin.Unpin()
	var u kmd.Userq
	*u.In() = kmd.UserqIn{Op: kmd.UserqOpCreate, IPType: kmd.HWIPCompute,
		DoorbellHandle: r.bufs[bufDoorbell].Handle, DoorbellOffset: doorbellIndex,
		Flags:   kmd.UserqCreateFlagsQueuePriorityNormalLow,
		QueueVA: r.bufs[bufRing].VA, QueueSize: ringBytes,
		RptrVA: r.bufs[bufRptr].VA, WptrVA: r.bufs[bufWptr].VA,
		MQD: kmd.Addr(&pin, mqd), MQDSize: size}
	if err := r.ioctl(kmd.IoctlAMDGPUUserq, unsafe.Pointer(&u)); err != nil {
		return err
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
	return r.q.Wait(step, seq, r.cfg.Timeout, r.cfg.Spin, r.idle)
}

// idle sleeps between fence polls.
func (r *Ring) idle(_, deadline time.Time) error {
	time.Sleep(min(r.cfg.Poll, time.Until(deadline)+time.Microsecond))
	return nil
}

// LastStepGPU returns how long the last step's IB took on the GPU clock
// (hwring.ErrNoTimestamps without Config.Timestamps).
func (r *Ring) LastStepGPU() (hwring.GPUTime, error) {
	return r.q.Times.Read(r.render.Info.GPUCounterFreq)
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
