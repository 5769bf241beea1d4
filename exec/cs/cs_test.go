package cs

import (
	"errors"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"zincc/exec"
	"zincc/exec/fake"
	"zincc/exec/fake/faketest"
	"zincc/exec/hwring"
	"zincc/exec/kmd"
	"zincc/exec/sim"
	_ "zincc/internal/golden"
	"zincc/ir"
	"zincc/lower/gfx1201"
)

func TestStepsPatchAndResubmitOnly(t *testing.T) {
	d := fake.New(fake.DefaultConfig())
	e := fake.StepExecutable()
	r, err := Open(faketest.Config(d), e, nil)
	if err != nil {
		t.Fatal(err)
	}
	// Between steps the ring only submits and waits: nothing is created,
	// mapped or queried.
	ops := faketest.Steps(t, d, r, 5)
	if len(ops) != 10 {
		t.Fatalf("5 steps issued %d operations, want 10: %v", len(ops), ops)
	}
	for i, op := range ops {
		want := []string{"ioctl AMDGPU_CS", "ioctl AMDGPU_WAIT_CS"}[i%2]
		if op.Name != want {
			t.Errorf("operation %d of the steps is %q, want %q", i, op.Name, want)
		}
	}
	if d.Submissions() != 5 {
		t.Errorf("%d submissions, want 5", d.Submissions())
	}
	// The ring placed the buffers itself: the executable it was given keeps
	// its lowering-time VAs.
	if e.Buffers[gfx1201.BufArena].VA != fake.StepExecutable().Buffers[gfx1201.BufArena].VA {
		t.Errorf("Open rewrote the caller's Executable")
	}
	if err := r.Close(); err != nil {
		t.Fatal(err)
	}
	if err := r.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
	faketest.Released(t, d)
	if _, err := r.Step([]uint32{1, 2}); !errors.Is(err, hwring.ErrClosed) {
		t.Errorf("Step after Close = %v, want ErrClosed", err)
	}
}

func TestBringUpSequence(t *testing.T) {
	d := fake.New(fake.DefaultConfig())
	if err := faketest.RunSteps(t, d, Open, 1); err != nil {
		t.Fatal(err)
	}
	got := faketest.OpNames(d)
	// shared/ref/amdgpu-uapi.md §4: identify, query, context, buffers
	// (create, CPU-map, GPU-map), residency list, submit, wait, tear down
	// in reverse.
	perBuffer := "ioctl AMDGPU_GEM_CREATE\nioctl AMDGPU_GEM_MMAP\nmmap /dev/dri/renderD128\nioctl AMDGPU_GEM_VA map\n"
	want := "open /dev/dri/renderD128\nioctl DRM_VERSION\nioctl AMDGPU_INFO DEV_INFO\nioctl AMDGPU_INFO HW_IP_INFO\n" +
		"ioctl AMDGPU_CTX alloc\nioctl AMDGPU_INFO MEMORY\n" + strings.Repeat(perBuffer, hwring.NumImageBuffers) +
		"ioctl AMDGPU_BO_LIST create\nioctl AMDGPU_CS\nioctl AMDGPU_WAIT_CS\nioctl AMDGPU_BO_LIST destroy\n" +
		strings.Repeat("ioctl AMDGPU_GEM_VA unmap\nioctl DRM_GEM_CLOSE\n", hwring.NumImageBuffers) + "ioctl AMDGPU_CTX free\n"
	if got != want {
		t.Errorf("operations:\n%s\nwant:\n%s", got, want)
	}
}

func TestProbe(t *testing.T) { faketest.Probe(t, Probe) }

func TestProbeRefusals(t *testing.T) {
	for _, tc := range []struct {
		name  string
		edit  func(*fake.Config)
		step  string
		errno unix.Errno
		text  string
	}{
		{"no render node", func(c *fake.Config) { c.RenderNode = "" }, "open render node", unix.ENOENT, "ENOENT"},
		{"another driver", func(c *fake.Config) { c.DriverName = "i915" }, "identify the driver (DRM_VERSION)", 0, `driven by "i915"`},
		{"RDNA3", func(c *fake.Config) {
			c.DeviceInfo.Family = kmd.FamilyGC11_0_0
			c.ComputeIP.IPDiscoveryVersion = 0x0B0000
		},
			"check the GPU is a gfx1201", 0, "family 145 with GC IP 11.0.0"},
		{"no compute ring", func(c *fake.Config) { c.ComputeIP.AvailableRings = 0 }, "find a compute ring", 0, "no available rings"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := fake.DefaultConfig()
			tc.edit(&cfg)
			err := faketest.Refusal(t, cfg, Probe, Tier, tc.step, tc.errno, tc.text)
			if tc.errno == 0 && !errors.Is(err, hwring.ErrRefused) {
				t.Errorf("Probe = %v, want ErrRefused", err)
			}
		})
	}
}

func TestHungQueueTimesOut(t *testing.T) {
	d := fake.New(fake.DefaultConfig())
	cfg := faketest.Config(d)
	cfg.Timeout = 30 * time.Millisecond
	r, err := Open(cfg, fake.StepExecutable(), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if _, err := r.Step([]uint32{1, 0}); err != nil {
		t.Fatal(err)
	}
	d.SetCompletion(fake.NeverRetire)
	start := time.Now()
	_, err = r.Step([]uint32{2, 1})
	took := time.Since(start)
	if !errors.Is(err, hwring.ErrTimeout) {
		t.Fatalf("Step on a hung queue = %v, want ErrTimeout", err)
	}
	for _, want := range []string{"step 1", "AMDGPU_WAIT_CS", "not retired within 30ms", "context state: no reset"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q lacks %q", err, want)
		}
	}
	if took < 30*time.Millisecond {
		t.Errorf("timed out after %v, before the 30ms deadline", took)
	}
	if _, err2 := r.Step([]uint32{3, 2}); err2 == nil || !errors.Is(err2, hwring.ErrTimeout) {
		t.Errorf("Step after a timeout = %v, want the sticky timeout", err2)
	}
	if err := r.Close(); err != nil {
		t.Fatal(err)
	}
	faketest.NoLeaks(t, d)
}

func TestResetNamesGuiltyContext(t *testing.T) {
	d := fake.New(fake.DefaultConfig())
	r, err := Open(faketest.Config(d), fake.StepExecutable(), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	d.InjectReset(unix.ETIME, true, true)
	_, err = r.Step([]uint32{1, 0})
	if !errors.Is(err, unix.ETIME) || !errors.Is(err, hwring.ErrGPU) {
		t.Fatalf("Step after a reset = %v, want ETIME and ErrGPU", err)
	}
	for _, want := range []string{"the GPU was reset", "this context caused it", "VRAM contents were lost"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q lacks %q", err, want)
		}
	}
}

func TestPageFaultFailsFence(t *testing.T) {
	d := fake.New(fake.DefaultConfig())
	r, err := Open(faketest.Config(d), faketest.FaultingStepExecutable(), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	_, err = r.Step([]uint32{1, 0})
	if !errors.Is(err, unix.ETIME) || !strings.Contains(err.Error(), "this context caused it") {
		t.Fatalf("Step with a faulting IB = %v, want a guilty ETIME", err)
	}
	var f *sim.PageFault
	if faults := d.Faults(); len(faults) != 1 || !errors.As(faults[0], &f) || f.Reason != "read-only" || f.Access != sim.AccessWrite {
		t.Errorf("faults %v, want one write to read-only memory", faults)
	}
}

func TestRejectsBadInput(t *testing.T) {
	d := fake.New(fake.DefaultConfig())
	e := fake.StepExecutable()
	e.FenceDword = len(e.IB)
	if _, err := Open(faketest.Config(d), e, nil); !errors.Is(err, hwring.ErrBadExecutable) {
		t.Errorf("Open with a fence past the IB = %v, want ErrBadExecutable", err)
	}
	if live := d.Live(); !live.Zero() || len(d.Ops()) != 0 {
		t.Errorf("a bad executable reached the device: %d operations, live %s", len(d.Ops()), live)
	}
	r, err := Open(faketest.Config(d), fake.StepExecutable(), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if _, err := r.Step([]uint32{1}); err == nil || !strings.Contains(err.Error(), "graph @steps has 2 inputs") {
		t.Errorf("Step with one input = %v", err)
	}
	if _, err := r.Step([]uint32{1, 2}); err != nil {
		t.Errorf("a step after a rejected input: %v", err)
	}
	if _, err := r.State(&ir.Value{Name: "nope", Kind: ir.State}); err == nil {
		t.Errorf("State of a foreign value succeeded")
	}
}

func TestFaultInjectionSweep(t *testing.T) {
	recoverable := func(op fake.Op, errno unix.Errno) bool {
		return op.Name == "ioctl AMDGPU_CS" && errno == unix.ENOMEM // retried like RADV
	}
	st := faketest.Sweep(t, Tier, Open, recoverable)
	if st.Recovered != 2 || st.Failed+st.Recovered != st.Runs {
		t.Errorf("sweep %+v: want every run to fail cleanly except ENOMEM on the 2 submissions", st)
	}
}

var _ exec.Ring = (*Ring)(nil)

func TestStagedUpload(t *testing.T) { faketest.StagedUpload(t, Open) }

// TestStagedFaultInjectionSweep sweeps a ring that stages its weights
// through GTT (a staging buffer, CS with a BO_HANDLES chunk per chunk, the
// staging buffer's release) and times its steps (the timestamp buffer and
// its IBs), failing every device operation in turn.
func TestStagedFaultInjectionSweep(t *testing.T) {
	recoverable := func(op fake.Op, errno unix.Errno) bool {
		return op.Name == "ioctl AMDGPU_CS" && errno == unix.ENOMEM
	}
	st := faketest.SweepStaged(t, Tier, Open, recoverable)
	if st.Recovered != 4 || st.Failed+st.Recovered != st.Runs {
		t.Errorf("sweep %+v: want every run to fail cleanly except ENOMEM on the 4 submissions (2 upload chunks, 2 steps)", st)
	}
}
