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
}

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
	if err := r.createBuffers(e); err != nil {
		return nil, err
	}
	if err := r.createBOList(); err != nil {
		return nil, err
	}
	if err := r.st.Load(w); err != nil {
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
// other every step), everything else in CPU-visible VRAM.
func (r *Ring) createBuffers(e *gfx1201.Executable) error {
	vas := r.render.NewVAAllocator(0)
	sizes := hwring.BufferSizes(e)
	var vaList [hwring.NumImageBuffers]uint64
	var cpus [hwring.NumImageBuffers][]byte
	for i := range r.bufs {
		b := &r.bufs[i]
		b.Name, b.Size = hwring.BufferName(i), sizes[i]
		domain, flags := uint64(kmd.GemDomainVRAM), uint64(kmd.GemCreateCPUAccessRequired)
		if i == hwring.BufIB || i == gfx1201.BufFence {
			domain, flags = kmd.GemDomainGTT, kmd.GemCreateCPUGTTUSWC
		}
		if err := r.render.CreateGEM(b, hwring.PageSize, domain, flags); err != nil {
			return err
		}
		if err := r.render.MapGEMForCPU(b); err != nil {
			return err
		}
		if err := r.render.MapGEMForGPU(b, vas, hwring.VMFlags(e, i), nil); err != nil {
			return err
		}
		vaList[i], cpus[i] = b.VA, b.CPU
	}
	return r.st.Place(e, vaList, cpus)
}

// createBOList makes the residency list every submission names: all the
// ring's buffers.
func (r *Ring) createBOList() error {
	var entries [hwring.NumImageBuffers]kmd.BOListEntry
	for i, b := range r.bufs {
		entries[i].BOHandle = b.Handle
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
// it.
func (r *Ring) run(step int, _ uint64) error {
	handle, err := r.submit()
	if err != nil {
		return r.fail(fmt.Sprintf("step %d: submit (AMDGPU_CS)", step), r.withContextState(err))
	}
	return r.wait(step, handle)
}

// submit issues DRM_IOCTL_AMDGPU_CS with one IB chunk and the BO list,
// retrying a transient ENOMEM, and returns the kernel's fence sequence.
func (r *Ring) submit() (uint64, error) {
	var pin runtime.Pinner
	defer pin.Unpin()
	ib := kmd.CSChunkIB{Flags: kmd.IBFlagEmitMemSync, VAStart: r.st.Image.VA(hwring.BufIB),
		IBBytes: uint32(r.st.Image.IBDwords() * 4), IPType: kmd.HWIPCompute, Ring: r.ring}
	chunk := kmd.CSChunk{ChunkID: kmd.ChunkIDIB, LengthDW: kmd.CSChunkIBLengthDW, ChunkData: kmd.Addr(&pin, unsafe.Pointer(&ib))}
	chunks := [1]uint64{kmd.Addr(&pin, unsafe.Pointer(&chunk))}
	deadline := time.Now().Add(enomemBudget)
	for {
		var cs kmd.CS
		*cs.In() = kmd.CSIn{CtxID: r.ctx, BOListHandle: r.list, NumChunks: 1, Chunks: kmd.SliceAddr(&pin, chunks[:])}
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

// wait waits for fence handle with an absolute CLOCK_MONOTONIC deadline.
// The kernel reports a timeout as status 1, not as an errno; an errno is
// the fence's error (a reset), explained with the context's state.
func (r *Ring) wait(step int, handle uint64) error {
	var w kmd.WaitCS
	*w.In() = kmd.WaitCSIn{Handle: handle, Timeout: hwring.MonotonicNow() + uint64(r.cfg.Timeout), IPType: kmd.HWIPCompute,
		Ring: r.ring, CtxID: r.ctx}
	if err := r.ioctl(kmd.IoctlAMDGPUWaitCS, unsafe.Pointer(&w)); err != nil {
		return r.fail(fmt.Sprintf("step %d: wait for fence %d (AMDGPU_WAIT_CS)", step, handle), r.withContextState(err))
	}
	if w.Out().Status != 0 {
		return r.fail(fmt.Sprintf("step %d: wait for fence %d (AMDGPU_WAIT_CS)", step, handle),
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
