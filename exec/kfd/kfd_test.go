package kfd

import (
	"errors"
	"fmt"
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
)

func TestSizesR9700(t *testing.T) {
	// shared/ref/amdgpu-uapi.md §5, "R9700 (gfx1201) with simd_count 128
	// and simd_per_cu 2": ctl 0x7000, cwsr 0x1D47000, debug 0x10000, CWSR
	// BO 0x1D57000 (the size zinc's kfd.zig verified on hardware).
	props := map[string]uint64{"gfx_target_version": 120001, "simd_count": 128, "simd_per_cu": 2, "num_xcc": 1}
	want := QueueSizes{EOP: 4096, CtlStack: 0x7000, SaveArea: 0x1D47000, Debug: 0x10000, CWSR: 0x1D57000}
	got, err := Sizes(kmd.TopologyNode{ID: 1, GPUID: 1, Properties: props})
	if err != nil || got != want {
		t.Fatalf("computed sizes %+v, %v; want %+v", got, err, want)
	}
	// The fake kernel's separate implementation agrees.
	ctl, cwsr, debug := fake.KFDCWSR(props)
	if ctl != want.CtlStack || cwsr != want.SaveArea || debug != want.Debug {
		t.Errorf("fake.KFDCWSR = %#x, %#x, %#x", ctl, cwsr, debug)
	}
	// Published values win over the formula (a kernel that changed it).
	props["cwsr_size"], props["ctl_stack_size"] = 0x2000000, 0x8000
	got, err = Sizes(kmd.TopologyNode{ID: 1, GPUID: 1, Properties: props})
	if err != nil || got.SaveArea != 0x2000000 || got.CtlStack != 0x8000 || got.CWSR != 0x2010000 {
		t.Errorf("with published sizes: %+v, %v", got, err)
	}
	if _, err := Sizes(kmd.TopologyNode{ID: 2, GPUID: 1, Properties: map[string]uint64{"gfx_target_version": 120001}}); err == nil {
		t.Errorf("Sizes without simd_count succeeded")
	}
}

func TestStepsOnlyRingTheDoorbell(t *testing.T) {
	d := fake.New(fake.DefaultConfig())
	r, err := Open(faketest.Config(d), fake.StepExecutable(), nil)
	if err != nil {
		t.Fatal(err)
	}
	ops := faketest.Steps(t, d, r, 4)
	for i, op := range ops {
		if op.Name != "ioctl KFD_WAIT_EVENTS" {
			t.Errorf("operation %d during the steps is %q; a step should only sleep in KFD_WAIT_EVENTS", i, op.Name)
		}
	}
	if n := len(ops); n != 4 {
		t.Errorf("4 steps issued %d operations, want 4 waits", n)
	}
	if err := r.Close(); err != nil {
		t.Fatal(err)
	}
	faketest.Released(t, d)
}

func TestBringUpSequence(t *testing.T) {
	d := fake.New(fake.DefaultConfig())
	if err := faketest.RunSteps(t, d, Open, 1); err != nil {
		t.Fatal(err)
	}
	got := faketest.OpNames(d)
	cpuMapped := "ioctl KFD_ALLOC_MEMORY_OF_GPU\nmmap /dev/dri/renderD128\nioctl KFD_MAP_MEMORY_TO_GPU\n"
	gpuOnly := "ioctl KFD_ALLOC_MEMORY_OF_GPU\nioctl KFD_MAP_MEMORY_TO_GPU\n"
	release := "ioctl KFD_UNMAP_MEMORY_FROM_GPU\nioctl KFD_FREE_MEMORY_OF_GPU\n"
	want := "open /dev/kfd\nioctl KFD_GET_VERSION\nopen /dev/dri/renderD128\nioctl DRM_VERSION\n" +
		"ioctl AMDGPU_INFO DEV_INFO\nioctl AMDGPU_INFO HW_IP_INFO\nioctl KFD_ACQUIRE_VM\nioctl KFD_GET_PROCESS_APERTURES_NEW\n" +
		"ioctl AMDGPU_INFO MEMORY\n" +
		strings.Repeat(cpuMapped, hwring.NumImageBuffers+2) + gpuOnly + gpuOnly + cpuMapped +
		"ioctl KFD_CREATE_QUEUE\nmmap /dev/kfd\nioctl KFD_CREATE_EVENT\nioctl KFD_CREATE_EVENT\nioctl KFD_CREATE_EVENT\n" +
		"ioctl KFD_WAIT_EVENTS\n" +
		"ioctl KFD_DESTROY_QUEUE\nioctl KFD_DESTROY_EVENT\nioctl KFD_DESTROY_EVENT\nioctl KFD_DESTROY_EVENT\n" +
		strings.Repeat(release, numBuffers-1) // all but the staging buffer
	if got != want {
		t.Errorf("operations:\n%s\nwant:\n%s", got, want)
	}
}

func TestRingWraps(t *testing.T) {
	// A real ring, run past its end (hwring's TestWriteRingWraps checks
	// the padding).
	d := fake.New(fake.DefaultConfig())
	steps := ringBytes/4/30 + 5
	if err := faketest.RunSteps(t, d, Open, steps); err != nil {
		t.Fatalf("%d steps: %v", steps, err)
	}
}

func TestNeverRetiringQueueTimesOut(t *testing.T) {
	d := fake.New(fake.DefaultConfig())
	d.SetCompletion(fake.NeverRetire)
	cfg := faketest.Config(d)
	cfg.Timeout = 40 * time.Millisecond
	r, err := Open(cfg, fake.StepExecutable(), nil)
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	_, err = r.Step([]uint32{1, 0})
	took := time.Since(start)
	if !errors.Is(err, hwring.ErrTimeout) {
		t.Fatalf("Step on a queue that never retires = %v, want ErrTimeout", err)
	}
	for _, want := range []string{"step 0", "KFD queue 0 did not retire the step within 40ms", "read pointer 0, write pointer 35", // HDP flush (WAIT_REG_MEM) 7 + ACQUIRE_MEM 8 + INDIRECT_BUFFER 4 + 2 RELEASE_MEM 8
		"the CP read none of the step's packets"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q lacks %q", err, want)
		}
	}
	if took < 40*time.Millisecond || took > 2*time.Second {
		t.Errorf("timed out after %v", took)
	}
	if err := r.Close(); err != nil {
		t.Fatal(err)
	}
	faketest.NoLeaks(t, d)
}

func TestPageFaultEndsWaitAtOnce(t *testing.T) {
	d := fake.New(fake.DefaultConfig())
	cfg := faketest.Config(d)
	cfg.Timeout = 10 * time.Second
	r, err := Open(cfg, faketest.FaultingStepExecutable(), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	start := time.Now()
	_, err = r.Step([]uint32{1, 0})
	if !errors.Is(err, hwring.ErrGPU) || !strings.Contains(err.Error(), "GPU memory fault at") {
		t.Fatalf("Step with a faulting IB = %v, want a memory fault", err)
	}
	if time.Since(start) > time.Second {
		t.Errorf("the fault took %v to report; the memory event should end the wait", time.Since(start))
	}
	var f *sim.PageFault
	if faults := d.Faults(); len(faults) != 1 || !errors.As(faults[0], &f) || !strings.Contains(err.Error(), fmt.Sprintf("GPU memory fault at %#x", f.Addr)) {
		t.Errorf("faults %v; the ring should report the faulting address", faults)
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
		{"no kfd", func(c *fake.Config) { c.KFDNode = "" }, "open /dev/kfd", unix.ENOENT, "ENOENT"},
		{"future ABI", func(c *fake.Config) { c.KFDVersion = [2]uint32{2, 0} }, "check the KFD version (KFD_GET_VERSION)", 0, "KFD ABI 2.0"},
		{"other minor", func(c *fake.Config) { c.Properties["drm_render_minor"] = 129 }, "find the GPU in the KFD topology", 0, "have 129"},
		{"gfx1100", func(c *fake.Config) { c.Properties["gfx_target_version"] = 110000 }, "find the GPU in the KFD topology", 0, "is a gfx1100"},
		{"too small CWSR", func(c *fake.Config) { c.Properties["cwsr_size"] = 0x1000 }, "", 0, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := fake.DefaultConfig()
			props := map[string]uint64{}
			for k, v := range cfg.Properties {
				props[k] = v
			}
			cfg.Properties = props
			tc.edit(&cfg)
			if tc.step == "" { // the fake kernel and the ring agree on whatever the node publishes
				if err := Probe(faketest.Config(fake.New(cfg))); err != nil {
					t.Errorf("Probe = %v", err)
				}
				return
			}
			faketest.Refusal(t, cfg, Probe, Tier, tc.step, tc.errno, tc.text)
		})
	}
}

func TestFaultInjectionSweep(t *testing.T) {
	st := faketest.Sweep(t, Tier, Open, nil)
	if st.Failed != st.Runs {
		t.Errorf("sweep %+v: want every faulty run to fail cleanly", st)
	}
}

var _ exec.Ring = (*Ring)(nil)

func TestStagedUpload(t *testing.T) { faketest.StagedUpload(t, Open) }

// TestStagedFaultInjectionSweep sweeps a ring that stages its weights
// through GTT and times its steps, failing every device operation in
// turn.
func TestStagedFaultInjectionSweep(t *testing.T) {
	st := faketest.SweepStaged(t, Tier, Open, nil)
	if st.Failed != st.Runs {
		t.Errorf("sweep %+v: want every faulty run to fail cleanly", st)
	}
}
