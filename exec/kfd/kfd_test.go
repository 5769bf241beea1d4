package kfd

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"zincc/exec"
	"zincc/exec/fake"
	"zincc/exec/hwring"
	"zincc/exec/kmd"
	"zincc/exec/sim"
	_ "zincc/internal/golden"
	"zincc/ir"
	"zincc/lower/gfx1201"
	"zincc/pm4"
)

func config(d *fake.Driver) hwring.Config {
	return hwring.Config{Opener: d, Sysfs: d.Sysfs(), Timeout: 2 * time.Second, Spin: -1}
}

func runSteps(t testing.TB, d *fake.Driver, steps int) error {
	e := fake.StepExecutable()
	r, err := Open(config(d), e, nil)
	if err != nil {
		return err
	}
	defer r.Close()
	s := e.Module.DeclsOf(ir.State)[0]
	for i := 0; i < steps; i++ {
		x, pos := uint32(500+3*i), uint32(i)
		out, err := r.Step([]uint32{x, pos})
		if err != nil {
			return err
		}
		if len(out) != 1 || len(out[0].Words()) != 1 || out[0].Words()[0] != x {
			t.Errorf("step %d: outputs %+v, want y = %d", i, out, x)
			return fake.ErrWrongOutput
		}
		st, err := r.State(s)
		if err != nil {
			return err
		}
		if w := st.Words(); len(w) != 2 || w[0] != x || w[1] != pos {
			t.Errorf("step %d: state %v, want [%d %d]", i, w, x, pos)
			return fake.ErrWrongOutput
		}
	}
	return r.Close()
}

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
	r, err := Open(config(d), fake.StepExecutable(), nil)
	if err != nil {
		t.Fatal(err)
	}
	opened := len(d.Ops())
	for i := 0; i < 4; i++ {
		out, err := r.Step([]uint32{uint32(9 + i), uint32(i)})
		if err != nil {
			t.Fatalf("step %d: %v", i, err)
		}
		if got := out[0].Words()[0]; got != uint32(9+i) {
			t.Fatalf("step %d: y = %d", i, got)
		}
	}
	for i, op := range d.Ops()[opened:] {
		if op.Name != "ioctl KFD_WAIT_EVENTS" {
			t.Errorf("operation %d during the steps is %q; a step should only sleep in KFD_WAIT_EVENTS", i, op.Name)
		}
	}
	if n := len(d.Ops()) - opened; n != 4 {
		t.Errorf("4 steps issued %d operations, want 4 waits", n)
	}
	if err := r.Close(); err != nil {
		t.Fatal(err)
	}
	if live, reaped := d.Live(), d.Reaped(); !live.Zero() || !reaped.Zero() {
		t.Errorf("after Close: live %s, reaped %s", live, reaped)
	}
}

func TestBringUpSequence(t *testing.T) {
	d := fake.New(fake.DefaultConfig())
	if err := runSteps(t, d, 1); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, op := range d.Ops() {
		names = append(names, op.Name)
	}
	got := strings.Join(names, "\n") + "\n"
	cpuMapped := "ioctl KFD_ALLOC_MEMORY_OF_GPU\nmmap /dev/dri/renderD128\nioctl KFD_MAP_MEMORY_TO_GPU\n"
	gpuOnly := "ioctl KFD_ALLOC_MEMORY_OF_GPU\nioctl KFD_MAP_MEMORY_TO_GPU\n"
	release := "ioctl KFD_UNMAP_MEMORY_FROM_GPU\nioctl KFD_FREE_MEMORY_OF_GPU\n"
	want := "open /dev/kfd\nioctl KFD_GET_VERSION\nopen /dev/dri/renderD128\nioctl DRM_VERSION\n" +
		"ioctl AMDGPU_INFO DEV_INFO\nioctl AMDGPU_INFO HW_IP_INFO\nioctl KFD_ACQUIRE_VM\nioctl KFD_GET_PROCESS_APERTURES_NEW\n" +
		strings.Repeat(cpuMapped, hwring.NumImageBuffers+2) + gpuOnly + gpuOnly + cpuMapped +
		"ioctl KFD_CREATE_QUEUE\nmmap /dev/kfd\nioctl KFD_CREATE_EVENT\nioctl KFD_CREATE_EVENT\n" +
		"ioctl KFD_WAIT_EVENTS\n" +
		"ioctl KFD_DESTROY_QUEUE\nioctl KFD_DESTROY_EVENT\nioctl KFD_DESTROY_EVENT\n" +
		strings.Repeat(release, numBuffers)
	if got != want {
		t.Errorf("operations:\n%s\nwant:\n%s", got, want)
	}
}

func TestRingWraps(t *testing.T) {
	// A small ring, packets that do not fit at its end: a NOP pads to the
	// end and the packets start over at dword 0.
	ring := make([]uint32, 16)
	put := hwring.WriteRing(ring, 0, []uint32{uint32(pm4.Type3(pm4.OpNOP, 9)), 1, 2, 3, 4, 5, 6, 7, 8, 9, 10})
	packets := []uint32{uint32(pm4.Type3(pm4.OpNOP, 4)), 11, 12, 13, 14, 15}
	put = hwring.WriteRing(ring, put, packets)
	if put != 16+6 {
		t.Fatalf("put = %d, want 22", put)
	}
	r := pm4.NewReader(ring[11:])
	p, err := r.Next()
	if err != nil || p.Op() != pm4.OpNOP || p.Len() != 5 {
		t.Fatalf("pad = %v, %v; want a 5-dword NOP", p, err)
	}
	if _, err := r.Next(); err != io.EOF {
		t.Errorf("after the pad: %v, want the end of the ring", err)
	}
	for i, w := range packets {
		if ring[i] != w {
			t.Errorf("ring[%d] = %#x, want %#x", i, ring[i], w)
		}
	}
	// One dword left at the end: a header-only NOP.
	ring = make([]uint32, 8)
	put = hwring.WriteRing(ring, 7, packets)
	if ring[7] != uint32(pm4.HeaderOnlyNOP) || put != 14 || ring[0] != packets[0] {
		t.Errorf("one-dword pad: ring %#x, put %d", ring, put)
	}
	// A real ring, run past its end.
	d := fake.New(fake.DefaultConfig())
	steps := ringBytes/4/30 + 5
	if err := runSteps(t, d, steps); err != nil {
		t.Fatalf("%d steps: %v", steps, err)
	}
}

func TestNeverRetiringQueueTimesOut(t *testing.T) {
	d := fake.New(fake.DefaultConfig())
	d.SetCompletion(fake.NeverRetire)
	cfg := config(d)
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
	for _, want := range []string{"step 0", "KFD queue 0 did not retire the step within 40ms", "read pointer 0, write pointer 28", // ACQUIRE_MEM 8 + INDIRECT_BUFFER 4 + 2 RELEASE_MEM 8
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
	if live := d.Live(); !live.Zero() {
		t.Errorf("leaked %s", live)
	}
}

func TestPageFaultEndsWaitAtOnce(t *testing.T) {
	e := fake.StepExecutable()
	for i := range e.Relocs {
		if e.Relocs[i].Buffer == gfx1201.BufState {
			e.Relocs[i].Buffer = gfx1201.BufWeights
		}
	}
	d := fake.New(fake.DefaultConfig())
	cfg := config(d)
	cfg.Timeout = 10 * time.Second
	r, err := Open(cfg, e, nil)
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

func TestProbe(t *testing.T) {
	d := fake.New(fake.DefaultConfig())
	if err := Probe(config(d)); err != nil {
		t.Fatalf("Probe: %v", err)
	}
	if live := d.Live(); !live.Zero() {
		t.Errorf("Probe leaked %s", live)
	}
}

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
			d := fake.New(cfg)
			err := Probe(config(d))
			if tc.step == "" { // the fake kernel and the ring agree on whatever the node publishes
				if err != nil {
					t.Errorf("Probe = %v", err)
				}
				return
			}
			var se *hwring.StepError
			if !errors.As(err, &se) || se.Tier != Tier || se.Step != tc.step {
				t.Fatalf("Probe = %v, want a kfd step error at %q", err, tc.step)
			}
			if se.Errno() != tc.errno || !strings.Contains(err.Error(), tc.text) {
				t.Errorf("Probe = %v, want errno %d and %q", err, tc.errno, tc.text)
			}
			if live := d.Live(); !live.Zero() {
				t.Errorf("leaked %s", live)
			}
		})
	}
}

func TestFaultInjectionSweep(t *testing.T) {
	st := fake.Sweep(t, fake.DefaultConfig(), fake.SweepErrnos, nil, func(d *fake.Driver) error {
		return runSteps(t, d, 2)
	})
	t.Logf("kfd sweep: %d operations, %d faulty runs: %d failed cleanly, %d recovered", st.Ops, st.Runs, st.Failed, st.Recovered)
	if st.Failed != st.Runs {
		t.Errorf("sweep %+v: want every faulty run to fail cleanly", st)
	}
}

var _ exec.Ring = (*Ring)(nil)
