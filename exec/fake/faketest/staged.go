package faketest

import (
	"bytes"
	"errors"
	"testing"

	"golang.org/x/sys/unix"

	"zincc/exec"
	"zincc/exec/fake"
	"zincc/exec/hwring"
	"zincc/ir"
	"zincc/lower/gfx1201"
)

// Staged upload on a small BAR, at test size: fake.DispatchExecutable of
// StagedElems f32 copies 16 KiB of weights into a 16 KiB arena. The
// machine's CPU-visible window (StagedWindow) holds the code, state and
// arena (24 KiB) but not the weights as well (40 KiB), so the rings must
// stage the weights through GTT, here in StagedChunk pieces (2 chunks).
const (
	StagedElems  = 4096
	StagedWindow = 32 << 10
	StagedChunk  = 8 << 10
)

// StagedMachine is the default fake machine with a StagedWindow-byte
// CPU-visible window.
func StagedMachine() fake.Config {
	cfg := fake.DefaultConfig()
	cfg.VRAMGTT.VRAMCPUAccessibleSize = StagedWindow
	return cfg
}

// StagedConfig is Config(d) with StagedChunk-byte staging and GPU
// timestamps on.
func StagedConfig(d *fake.Driver) hwring.Config {
	c := Config(d)
	c.StagingBytes = StagedChunk
	c.Timestamps = true
	return c
}

// DispatchWithWeights returns fake.DispatchExecutable(n) and its weights.
func DispatchWithWeights(t testing.TB, n int) (*gfx1201.Executable, *exec.Weights) {
	t.Helper()
	e, err := fake.DispatchExecutable(n)
	if err != nil {
		t.Fatal(err)
	}
	w, err := exec.Bind(e.Module, exec.BindOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return e, w
}

// RunCopies opens a ring with open and cfg on e (a DispatchExecutable)
// and w, runs steps steps, checks each copies the weights into the
// output (fake.ErrWrongOutput otherwise, and t fails) and, with
// timestamps on, that the GPU timed the step, and closes the ring.
func RunCopies[R exec.Ring](t testing.TB, cfg hwring.Config, open OpenFunc[R], e *gfx1201.Executable, w *exec.Weights, steps int) error {
	t.Helper()
	r, err := open(cfg, e, w)
	if err != nil {
		return err
	}
	defer r.Close()
	want := w.Data(e.Module.DeclsOf(ir.Weight)[0])
	for i := 0; i < steps; i++ {
		out, err := r.Step(nil)
		if err != nil {
			return err
		}
		if len(out) != 1 || !bytes.Equal(out[0].Data, want) {
			t.Errorf("step %d: the output is not the weights", i)
			return fake.ErrWrongOutput
		}
		if timed, ok := any(r).(interface {
			LastStepGPU() (hwring.GPUTime, error)
		}); ok && cfg.Timestamps {
			gt, err := timed.LastStepGPU()
			if err != nil {
				return err
			}
			if gt.Ticks == 0 || gt.FreqKHz == 0 {
				t.Errorf("step %d: GPU time %+v, want ticks at a known frequency", i, gt)
				return fake.ErrWrongOutput
			}
		}
	}
	return r.Close()
}

// SweepStaged is the fault-injection sweep (fake.Sweep) of a ring that
// stages its weights through GTT and times its steps: two steps of the
// staged DispatchExecutable on StagedMachine, each device operation
// failing in turn with each of fake.SweepErrnos.
func SweepStaged[R exec.Ring](t *testing.T, tier string, open OpenFunc[R], recoverable func(fake.Op, unix.Errno) bool) fake.SweepStats {
	t.Helper()
	e, w := DispatchWithWeights(t, StagedElems)
	st := fake.Sweep(t, StagedMachine(), fake.SweepErrnos, recoverable, func(d *fake.Driver) error {
		return RunCopies(t, StagedConfig(d), open, e, w, 2)
	})
	t.Logf("%s staged sweep: %d operations, %d faulty runs: %d failed cleanly, %d recovered", tier, st.Ops, st.Runs, st.Failed, st.Recovered)
	return st
}

// StagedUpload runs the staged DispatchExecutable through a ring on
// StagedMachine and checks what a small BAR demands: the weights upload
// in chunks with progress reported, the outputs are right, nothing
// leaks; and forcing the direct path (weights mapped for the CPU) fails
// at the CPU mapping of the weights, as it would on the kernel.
func StagedUpload[R exec.Ring](t *testing.T, open OpenFunc[R]) {
	t.Helper()
	e, w := DispatchWithWeights(t, StagedElems)
	d := fake.New(StagedMachine())
	cfg := StagedConfig(d)
	var seen []hwring.UploadProgress
	cfg.Progress = func(p hwring.UploadProgress) { seen = append(seen, p) }
	if err := RunCopies(t, cfg, open, e, w, 3); err != nil {
		t.Fatalf("staged: %v", err)
	}
	Released(t, d)
	if faults := d.Faults(); len(faults) != 0 {
		t.Errorf("GPU faults: %v", faults)
	}
	weights := hwring.BufferSizes(e)[gfx1201.BufWeights]
	chunks := int(weights / StagedChunk)
	if len(seen) != chunks+1 || seen[0].Chunk != 0 || seen[len(seen)-1].Done != weights || seen[len(seen)-1].Chunks != chunks {
		t.Errorf("progress %+v, want a start and %d chunks of %d bytes", seen, chunks, StagedChunk)
	}

	d = fake.New(StagedMachine())
	cfg = StagedConfig(d)
	cfg.Upload = hwring.UploadDirect
	err := RunCopies(t, cfg, open, e, w, 1)
	if !errors.Is(err, unix.EFAULT) && !errors.Is(err, unix.EINVAL) {
		t.Errorf("direct upload through a %d-byte window: %v, want the CPU mapping of the weights refused", StagedWindow, err)
	}
	NoLeaks(t, d)
}
