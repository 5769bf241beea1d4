// Package cs is the "cs" tier: it runs a lowered gfx1201.Executable on a
// real GPU through the amdgpu kernel's command submission
// (DRM_IOCTL_AMDGPU_CS), the interface every AMD userspace driver uses.
// The kernel owns the compute ring, its doorbell and the scheduler; the
// ring hands it an indirect buffer and waits for the fence.
//
// Bring-up follows shared/ref/amdgpu-uapi.md §4 and zinc's cs.zig: open
// the render node, check DRM_VERSION says amdgpu, read DEV_INFO and
// HW_IP_INFO(COMPUTE) (a compute ring must be available and the GPU a
// gfx1201), create a context, create and CPU-map one buffer object per
// Executable buffer plus the IB, map each into the GPU VM, build one BO
// list with all of them. A step patches the per-step inputs and the fence
// value into the IB, submits it with one IB chunk, waits on WAIT_CS with an
// absolute deadline, and on a failed wait reads the context's reset state.
// Nothing is re-created between steps.
package cs

import (
	"encoding/binary"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"

	"zincc/exec"
	"zincc/exec/hwring"
	"zincc/exec/kmd"
	"zincc/ir"
	"zincc/lower/gfx1201"
	"zincc/pm4"
)

// Tier is the tier's name.
const Tier = "cs"

// ENOMEM from CS is transient: like RADV, retry every millisecond for up
// to a second.
const (
	enomemRetry  = time.Millisecond
	enomemBudget = time.Second
)

// Ring runs an Executable through DRM_IOCTL_AMDGPU_CS. It implements
// exec.Ring.
type Ring struct {
	cfg    hwring.Config
	render *hwring.Render
	ring   uint32 // compute ring index
	ctx    uint32
	bufs   [hwring.NumImageBuffers]hwring.GEMBuffer
	list   uint32
	st     hwring.Stepper

	plan     hwring.UploadPlan
	staging  hwring.GEMBuffer // the GTT staging buffer, only while a staged upload runs
	ts       hwring.GEMBuffer // with Config.Timestamps: the two timestamp IBs and their slots
	times    *hwring.Timestamps
	tsDwords int
	vas      *hwring.VAAllocator
}

// The timestamp buffer: the IB writing the begin timestamp, the one
// writing the end timestamp, and the two slots.
const (
	tsBeginIB = 0
	tsEndIB   = 256
	tsSlots   = 2048
)

// Open brings a ring up on the render node of cfg and loads e with the
// weights w (nil when the graph has none). Every failure is a
// *hwring.StepError naming the step, and releases what was made.
func Open(cfg hwring.Config, e *gfx1201.Executable, w *exec.Weights) (_ *Ring, err error) {
	cfg = cfg.WithDefaults()
	if err := hwring.Check(e); err != nil {
		return nil, &hwring.StepError{Tier: Tier, Step: "check the executable", Err: err}
	}
	render, err := hwring.OpenRender(cfg, Tier)
	if err != nil {
		return nil, err
	}
	r := &Ring{cfg: cfg, render: render, st: hwring.Stepper{Tier: Tier}}
	defer func() {
		if err != nil {
			r.Close()
		}
	}()
	if render.Compute.AvailableRings == 0 {
		return nil, r.fail("find a compute ring", hwring.Refusedf("HW_IP_INFO(COMPUTE) reports no available rings"))
	}
	for r.ring = 0; render.Compute.AvailableRings&(1<<r.ring) == 0; r.ring++ {
	}
	if err := checkIBAlignment(render.Compute, len(e.IB)); err != nil {
		return nil, r.fail("check the IB against the compute ring's alignment (HW_IP_INFO)", err)
	}
	if err := r.createContext(); err != nil {
		return nil, err
	}
	if r.plan, err = render.PlanUpload(cfg, e); err != nil {
		return nil, err
	}
	if err := r.createBuffers(e); err != nil {
		return nil, err
	}
	if cfg.Timestamps {
		if err := r.createTimestamps(); err != nil {
			return nil, err
		}
	}
	if err := r.st.Load(w); err != nil {
		return nil, err
	}
	if r.plan.Path == hwring.UploadStaged {
		if err := r.upload(w); err != nil {
			return nil, err
		}
	}
	if err := r.createBOList(); err != nil {
		return nil, err
	}
	return r, nil
}

// Probe reports whether the cs tier works here: it runs the smoke
// executable through a ring and returns nil, or the *hwring.StepError of
// the step that failed.
func Probe(cfg hwring.Config) error {
	return hwring.RunSmoke(Tier, func(e *gfx1201.Executable) (exec.Ring, error) { return Open(cfg, e, nil) })
}

// checkIBAlignment checks an IB of n dwords against what the kernel says
// the compute ring needs. IB padding: zincc pads IBs to 8 dwords
// (gfx1201.IBAlignDwords), which is what Linux itself reports as the
// requirement — amdgpu_hw_ip_info (amdgpu_kms.c) gives compute
// ib_start_alignment = ib_size_alignment = 32 bytes — while mesa pads to
// 256 dwords (ib_pad_dw_mask 0xff, "align_mask copied from the kernel":
// the kernel ring's own align_mask for its ring writes, not a CP rule for
// IBs). zinc ran 64-dword-padded IBs on gfx1201. So zincc keeps 8 and
// checks the kernel's figure here instead of guessing a larger one.
func checkIBAlignment(ip kmd.HWIPInfo, n int) error {
	bytes := uint64(n) * 4
	if a := uint64(ip.IBSizeAlignment); a != 0 && bytes%a != 0 {
		return hwring.Refusedf("the IB is %d bytes but HW_IP_INFO(COMPUTE) asks for a multiple of %d", bytes, a)
	}
	if a := uint64(ip.IBStartAlignment); a > hwring.PageSize {
		return hwring.Refusedf("HW_IP_INFO(COMPUTE) asks for IBs aligned to %d bytes, more than a page", a)
	}
	return nil
}

func (r *Ring) fail(step string, err error) error {
	return &hwring.StepError{Tier: Tier, Step: step, Err: err}
}

func (r *Ring) ioctl(req uint, arg unsafe.Pointer) error { return r.render.Dev.Ioctl(req, arg) }

func (r *Ring) createContext() error {
	var c kmd.Ctx
	*c.In() = kmd.CtxIn{Op: kmd.CtxOpAllocCtx, Priority: kmd.CtxPriorityNormal}
	if err := r.ioctl(kmd.IoctlAMDGPUCtx, unsafe.Pointer(&c)); err != nil {
		return r.fail("create a context (AMDGPU_CTX alloc)", err)
	}
	r.ctx = c.AllocOut().CtxID
	return nil
}

// createBuffers creates, CPU-maps and GPU-maps one buffer object per image
// buffer: the IB and fence in GTT (the CPU writes the one and reads the
// other every step), everything else in CPU-visible VRAM — except, on the
// staged upload path, the weights, which go in VRAM the CPU does not map
// (AMDGPU_GEM_CREATE_NO_CPU_ACCESS, so the kernel may place them beyond
// the BAR).
func (r *Ring) createBuffers(e *gfx1201.Executable) error {
	r.vas = r.render.NewVAAllocator(0)
	sizes := hwring.BufferSizes(e)
	var vaList [hwring.NumImageBuffers]uint64
	var cpus [hwring.NumImageBuffers][]byte
	for i := range r.bufs {
		b := &r.bufs[i]
		b.Name, b.Size = hwring.BufferName(i), sizes[i]
		domain, flags := uint64(kmd.GemDomainVRAM), uint64(kmd.GemCreateCPUAccessRequired)
		invisible := i == gfx1201.BufWeights && r.plan.Path == hwring.UploadStaged
		switch {
		case i == hwring.BufIB || i == gfx1201.BufFence:
			domain, flags = kmd.GemDomainGTT, kmd.GemCreateCPUGTTUSWC
		case invisible:
			flags = kmd.GemCreateNoCPUAccess
		}
		if err := r.render.CreateGEM(b, hwring.PageSize, domain, flags); err != nil {
			return err
		}
		if !invisible {
			if err := r.render.MapGEMForCPU(b); err != nil {
				return err
			}
		}
		vmFlags := hwring.VMFlags(e, i)
		if invisible {
			vmFlags |= kmd.VMPageWriteable // the upload's DMA_DATA writes them
		}
		if err := r.render.MapGEMForGPU(b, r.vas, vmFlags, nil); err != nil {
			return err
		}
		vaList[i], cpus[i] = b.VA, b.CPU
	}
	return r.st.Place(e, vaList, cpus)
}

// createGTT creates, CPU-maps and GPU-maps (readable and writeable) a GTT
// buffer of the ring's own.
func (r *Ring) createGTT(b *hwring.GEMBuffer, name string, size uint64) error {
	b.Name, b.Size = name, size
	if err := r.render.CreateGEM(b, hwring.PageSize, kmd.GemDomainGTT, kmd.GemCreateCPUGTTUSWC); err != nil {
		return err
	}
	if err := r.render.MapGEMForCPU(b); err != nil {
		return err
	}
	return r.render.MapGEMForGPU(b, r.vas, kmd.VMPageReadable|kmd.VMPageWriteable|kmd.VMMtypeDefault, nil)
}

// createTimestamps makes the timestamp buffer: two small IBs, submitted
// around every step's IB in the same CS (one IB chunk each), that write
// the GPU clock into its slots (see hwring.Timestamp).
func (r *Ring) createTimestamps() error {
	if err := r.createGTT(&r.ts, "timestamp", hwring.PageSize); err != nil {
		return err
	}
	r.times = &hwring.Timestamps{VA: r.ts.VA + tsSlots, Slots: (*[2]uint64)(unsafe.Pointer(&r.ts.CPU[tsSlots]))}
	for i, at := range []int{tsBeginIB, tsEndIB} {
		var buf [32]uint32
		b := pm4.NewBuilder(buf[:])
		_ = hwring.Timestamp(&b, r.times.VA+uint64(8*i))
		_ = b.PadTo(gfx1201.IBAlignDwords)
		if err := b.Err(); err != nil {
			return r.fail("build the timestamp IBs", err)
		}
		for j, w := range b.Words() {
			binary.LittleEndian.PutUint32(r.ts.CPU[at+4*j:], w)
		}
		r.tsDwords = len(b.Words())
	}
	return nil
}

// upload copies the weights into their CPU-invisible buffer through a
// GTT staging buffer (hwring.Stepper.UploadStaged), each chunk one CS
// whose residency is a BO_HANDLES chunk naming the weights and the
// staging buffer (the BO list is made afterwards, without the staging
// buffer), and frees the staging buffer.
func (r *Ring) upload(w *exec.Weights) error {
	if err := r.createGTT(&r.staging, "staging", hwring.StagingBufferBytes(r.plan)); err != nil {
		return err
	}
	bos := []uint32{r.bufs[gfx1201.BufWeights].Handle, r.staging.Handle}
	err := r.st.UploadStaged(w, r.plan, hwring.Staging{VA: r.staging.VA, CPU: r.staging.CPU},
		func(what string, ibVA uint64, dwords int, _ uint64) error {
			ib := kmd.CSChunkIB{Flags: kmd.IBFlagEmitMemSync, VAStart: ibVA, IBBytes: uint32(dwords * 4), IPType: kmd.HWIPCompute, Ring: r.ring}
			handle, err := r.submit([]kmd.CSChunkIB{ib}, bos)
			if err != nil {
				return r.fail(what+": submit (AMDGPU_CS)", r.withContextState(err))
			}
			return r.waitFor(what, handle)
		}, r.cfg.Progress)
	if err != nil {
		return err
	}
	s := hwring.Steps{Tier: Tier}
	r.render.ReleaseGEM(&s, &r.staging)
	r.staging = hwring.GEMBuffer{}
	return s.Err()
}

// createBOList makes the residency list every submission names: all the
// ring's buffers.
func (r *Ring) createBOList() error {
	entries := make([]kmd.BOListEntry, 0, len(r.bufs)+1)
	for _, b := range r.bufs {
		entries = append(entries, kmd.BOListEntry{BOHandle: b.Handle})
	}
	if r.ts.Handle != 0 {
		entries = append(entries, kmd.BOListEntry{BOHandle: r.ts.Handle})
	}
	var pin runtime.Pinner
	defer pin.Unpin()
	var l kmd.BOList
	*l.In() = kmd.BOListIn{Operation: kmd.BOListOpCreate, BONumber: uint32(len(entries)),
		BOInfoSize: uint32(unsafe.Sizeof(entries[0])), BOInfoPtr: kmd.SliceAddr(&pin, entries[:])}
	if err := r.ioctl(kmd.IoctlAMDGPUBOList, unsafe.Pointer(&l)); err != nil {
		return r.fail("create the BO list (AMDGPU_BO_LIST create)", err)
	}
	r.list = l.Out().ListHandle
	return nil
}

// Tier returns "cs".
func (r *Ring) Tier() string { return Tier }

// Step runs one decode step: patch the inputs and the next fence value
// into the IB, submit, wait, read the outputs.
func (r *Ring) Step(inputs []uint32) ([]exec.Tensor, error) {
	return r.st.Step(inputs, "the kernel retired the submission", r.run)
}

// run submits step (its fence value is already in the IB) and waits for
// it. With timestamps, the step's CS carries the begin-timestamp IB, the
// step's IB and the end-timestamp IB.
func (r *Ring) run(step int, _ uint64) error {
	ib := kmd.CSChunkIB{Flags: kmd.IBFlagEmitMemSync, VAStart: r.st.Image.VA(hwring.BufIB),
		IBBytes: uint32(r.st.Image.IBDwords() * 4), IPType: kmd.HWIPCompute, Ring: r.ring}
	ibs := []kmd.CSChunkIB{ib}
	if r.times != nil {
		ts := func(at int) kmd.CSChunkIB {
			return kmd.CSChunkIB{VAStart: r.ts.VA + uint64(at), IBBytes: uint32(r.tsDwords * 4), IPType: kmd.HWIPCompute, Ring: r.ring}
		}
		ibs = []kmd.CSChunkIB{ts(tsBeginIB), ib, ts(tsEndIB)}
		r.times.Arm()
	}
	handle, err := r.submit(ibs, nil)
	if err != nil {
		return r.fail(fmt.Sprintf("step %d: submit (AMDGPU_CS)", step), r.withContextState(err))
	}
	return r.waitFor(fmt.Sprintf("step %d", step), handle)
}

// LastStepGPU returns how long the last step's IB took on the GPU clock
// (hwring.ErrNoTimestamps without Config.Timestamps).
func (r *Ring) LastStepGPU() (hwring.GPUTime, error) {
	return r.times.Read(r.render.Info.GPUCounterFreq)
}

// submit issues DRM_IOCTL_AMDGPU_CS with one IB chunk per ib and either
// the ring's BO list (bos nil) or a BO_HANDLES chunk naming bos, retrying
// a transient ENOMEM, and returns the kernel's fence sequence.
func (r *Ring) submit(ibs []kmd.CSChunkIB, bos []uint32) (uint64, error) {
	var pin runtime.Pinner
	defer pin.Unpin()
	chunks := make([]kmd.CSChunk, 0, len(ibs)+1)
	for i := range ibs {
		chunks = append(chunks, kmd.CSChunk{ChunkID: kmd.ChunkIDIB, LengthDW: kmd.CSChunkIBLengthDW, ChunkData: kmd.Addr(&pin, unsafe.Pointer(&ibs[i]))})
	}
	list := r.list
	if bos != nil {
		entries := make([]kmd.BOListEntry, len(bos))
		for i, h := range bos {
			entries[i].BOHandle = h
		}
		in := &kmd.BOListIn{BONumber: uint32(len(entries)), BOInfoSize: uint32(unsafe.Sizeof(entries[0])), BOInfoPtr: kmd.SliceAddr(&pin, entries)}
		chunks = append(chunks, kmd.CSChunk{ChunkID: kmd.ChunkIDBOHandles, LengthDW: kmd.BOListInLengthDW, ChunkData: kmd.Addr(&pin, unsafe.Pointer(in))})
		list = 0
	}
	ptrs := make([]uint64, len(chunks))
	for i := range chunks {
		ptrs[i] = kmd.Addr(&pin, unsafe.Pointer(&chunks[i]))
	}
	deadline := time.Now().Add(enomemBudget)
	for {
		var cs kmd.CS
		*cs.In() = kmd.CSIn{CtxID: r.ctx, BOListHandle: list, NumChunks: uint32(len(ptrs)), Chunks: kmd.SliceAddr(&pin, ptrs)}
		err := r.ioctl(kmd.IoctlAMDGPUCS, unsafe.Pointer(&cs))
		if err == nil {
			return cs.Out().Handle, nil
		}
		if !errors.Is(err, unix.ENOMEM) || time.Now().After(deadline) {
			return 0, err
		}
		time.Sleep(enomemRetry)
	}
}

// waitFor waits for fence handle of submission what ("step 3") with an
// absolute CLOCK_MONOTONIC deadline. The kernel reports a timeout as
// status 1, not as an errno; an errno is the fence's error (a reset),
// explained with the context's state.
func (r *Ring) waitFor(what string, handle uint64) error {
	var w kmd.WaitCS
	*w.In() = kmd.WaitCSIn{Handle: handle, Timeout: hwring.MonotonicNow() + uint64(r.cfg.Timeout), IPType: kmd.HWIPCompute,
		Ring: r.ring, CtxID: r.ctx}
	if err := r.ioctl(kmd.IoctlAMDGPUWaitCS, unsafe.Pointer(&w)); err != nil {
		return r.fail(fmt.Sprintf("%s: wait for fence %d (AMDGPU_WAIT_CS)", what, handle), r.withContextState(err))
	}
	if w.Out().Status != 0 {
		return r.fail(fmt.Sprintf("%s: wait for fence %d (AMDGPU_WAIT_CS)", what, handle),
			fmt.Errorf("%w: not retired within %v (WAIT_CS still busy); %s", hwring.ErrTimeout, r.cfg.Timeout, r.contextState()))
	}
	return nil
}

// withContextState adds the context's reset state to a submission or
// fence error: ECANCELED, ETIME and ENODATA mean the GPU was reset.
func (r *Ring) withContextState(err error) error {
	if errors.Is(err, unix.ECANCELED) || errors.Is(err, unix.ETIME) || errors.Is(err, unix.ENODATA) {
		return fmt.Errorf("%w: %w; %s", hwring.ErrGPU, err, r.contextState())
	}
	return err
}

// contextState describes the context from AMDGPU_CTX QUERY_STATE2.
func (r *Ring) contextState() string {
	var c kmd.Ctx
	*c.In() = kmd.CtxIn{Op: kmd.CtxOpQueryState2, CtxID: r.ctx}
	if err := r.ioctl(kmd.IoctlAMDGPUCtx, unsafe.Pointer(&c)); err != nil {
		return "context state unknown (" + err.Error() + ")"
	}
	return "context state: " + DescribeState(c.StateOut().Flags)
}

// DescribeState spells out AMDGPU_CTX QUERY_STATE2 flags.
func DescribeState(flags uint64) string {
	var s []string
	for _, f := range []struct {
		bit  uint64
		text string
	}{{kmd.CtxQuery2FlagsReset, "the GPU was reset"}, {kmd.CtxQuery2FlagsGuilty, "this context caused it"},
		{kmd.CtxQuery2FlagsVRAMLost, "VRAM contents were lost"}, {kmd.CtxQuery2FlagsResetInProgress, "a reset is in progress"},
		{kmd.CtxQuery2FlagsRASUE, "uncorrectable RAS error"}, {kmd.CtxQuery2FlagsRASCE, "correctable RAS error"}} {
		if flags&f.bit != 0 {
			s = append(s, f.text)
		}
	}
	if len(s) == 0 {
		return "no reset"
	}
	return strings.Join(s, ", ")
}

// State returns the current contents of state v.
func (r *Ring) State(v *ir.Value) (exec.Tensor, error) { return r.st.State(v) }

// Close releases everything in reverse order of creation; a failed release
// does not stop the others. It is safe to call twice.
func (r *Ring) Close() error {
	if !r.st.Closing() {
		return nil
	}
	s := hwring.Steps{Tier: Tier}
	if r.list != 0 {
		s.Do("destroy the BO list (AMDGPU_BO_LIST destroy)", func() error {
			var l kmd.BOList
			*l.In() = kmd.BOListIn{Operation: kmd.BOListOpDestroy, ListHandle: r.list}
			return r.ioctl(kmd.IoctlAMDGPUBOList, unsafe.Pointer(&l))
		})
	}
	r.render.ReleaseGEM(&s, &r.staging)
	r.render.ReleaseGEM(&s, &r.ts)
	for i := len(r.bufs) - 1; i >= 0; i-- {
		r.render.ReleaseGEM(&s, &r.bufs[i])
	}
	if r.ctx != 0 {
		s.Do("free the context (AMDGPU_CTX free)", func() error {
			var c kmd.Ctx
			*c.In() = kmd.CtxIn{Op: kmd.CtxOpFreeCtx, CtxID: r.ctx}
			return r.ioctl(kmd.IoctlAMDGPUCtx, unsafe.Pointer(&c))
		})
	}
	s.Do("close the render node", r.render.Dev.Close)
	return s.Err()
}
