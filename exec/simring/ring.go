// Package simring runs a lowered gfx1201 Executable on the emulated GPU of
// exec/sim: the "sim" tier. It maps the Executable's buffers into the
// emulator's address space at their lowering-time addresses, uploads code
// and weights once, and then each step patches the inputs and the fence
// sequence number into the IB and submits it, exactly as a real ring would.
package simring

import (
	"fmt"
	"unsafe"

	"zincc/exec"
	"zincc/exec/hwring"
	"zincc/exec/sim"
	"zincc/ir"
	"zincc/lower/gfx1201"
)

// Ring is the sim tier.
type Ring struct {
	gpu    *sim.GPU
	img    *hwring.Image
	ibVA   uint64
	seq    uint64
	closed bool
	// Last holds the emulator's statistics of the latest step.
	Last sim.Stats
}

// New places exe in a fresh emulated GPU configured by cfg and uploads the
// code and the weights in w.
func New(exe *gfx1201.Executable, w *exec.Weights, cfg sim.Config) (*Ring, error) {
	if err := hwring.Check(exe); err != nil {
		return nil, err
	}
	g := sim.New(cfg)
	sizes := hwring.BufferSizes(exe)
	var vas [hwring.NumImageBuffers]uint64
	var bufs [hwring.NumImageBuffers][]byte
	next := uint64(0)
	for i := range bufs {
		bufs[i] = alignedBytes(sizes[i])
		if i < gfx1201.NumBuffers {
			vas[i] = exe.Buffers[i].VA
		} else {
			vas[i] = next // the IB goes after the last buffer, past a guard gap
		}
		next = max(next, alignUp(vas[i]+sizes[i], 2<<20)+2<<20)
	}
	for i := range bufs {
		perm := sim.PermRW
		switch {
		case i == gfx1201.BufCode:
			perm = sim.PermRX
		case i < gfx1201.NumBuffers && hwring.ReadOnly(exe, i), i == hwring.BufIB:
			perm = sim.PermRead
		}
		if err := g.MapBacking(vas[i], bufs[i], perm, hwring.BufferName(i)); err != nil {
			return nil, err
		}
	}
	img, err := hwring.NewImage(exe, vas, bufs)
	if err != nil {
		return nil, err
	}
	if err := img.Load(w); err != nil {
		return nil, err
	}
	for _, d := range exe.Dispatches {
		g.Label(vas[gfx1201.BufCode]+d.Entry, d.KernelName()) // faults and hangs name the kernel
	}
	return &Ring{gpu: g, img: img, ibVA: vas[hwring.BufIB]}, nil
}

// Tier returns "sim".
func (r *Ring) Tier() string { return "sim" }

// GPU returns the emulator, for tests and tools that inspect it.
func (r *Ring) GPU() *sim.GPU { return r.gpu }

// Step patches the inputs into the IB, submits it by address, and checks
// that the fence carries this step's sequence number.
func (r *Ring) Step(inputs []uint32) ([]exec.Tensor, error) {
	if r.closed {
		return nil, fmt.Errorf("sim ring is closed")
	}
	r.seq++
	if err := r.img.Patch(inputs, r.seq); err != nil {
		return nil, err
	}
	r.img.ClearFence()
	st, err := r.gpu.ExecuteAt(r.ibVA, uint32(r.img.IBDwords()))
	r.Last = st
	if err != nil {
		return nil, err
	}
	if f := r.img.Fence(); f != r.seq {
		return nil, fmt.Errorf("the IB ran but its fence holds %d, not the step's sequence number %d", f, r.seq)
	}
	return r.img.Outputs(inputs)
}

// State returns the current contents of a state.
func (r *Ring) State(v *ir.Value) (exec.Tensor, error) { return r.img.State(v) }

// Close drops the emulator.
func (r *Ring) Close() error {
	r.closed = true
	r.gpu = nil
	return nil
}

func alignUp(n, a uint64) uint64 { return (n + a - 1) / a * a }

// alignedBytes returns n zero bytes starting on an 8-byte boundary, as
// hwring.Image requires.
func alignedBytes(n uint64) []byte {
	words := make([]uint64, (n+7)/8)
	if len(words) == 0 {
		return nil
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(&words[0])), n)
}
