package umq

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
	_ "zincc/internal/golden"
)

func TestStepsWithoutSystemCalls(t *testing.T) {
	d := fake.New(fake.DefaultConfig())
	r, err := Open(faketest.Config(d), fake.StepExecutable(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if ops := faketest.Steps(t, d, r, 6); len(ops) != 0 {
		t.Errorf("6 steps issued %d device operations; a user queue needs none: %v", len(ops), ops)
	}
	if d.Submissions() != 6 {
		t.Errorf("%d IBs ran, want 6", d.Submissions())
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
	mapped := "ioctl AMDGPU_GEM_CREATE\nioctl AMDGPU_GEM_MMAP\nmmap /dev/dri/renderD128\nioctl AMDGPU_GEM_VA map\n"
	want := "open /dev/dri/renderD128\nioctl DRM_VERSION\nioctl AMDGPU_INFO DEV_INFO\nioctl AMDGPU_INFO HW_IP_INFO\n" +
		"ioctl AMDGPU_INFO UQ_FW_AREAS\nioctl DRM_SYNCOBJ_CREATE\nioctl AMDGPU_INFO MEMORY\n" +
		strings.Repeat(mapped, hwring.NumImageBuffers+3) + // image, ring, wptr, rptr
		"ioctl AMDGPU_GEM_CREATE\nioctl AMDGPU_GEM_VA map\n" + // EOP: GPU only
		"ioctl AMDGPU_GEM_CREATE\nioctl AMDGPU_GEM_MMAP\nmmap /dev/dri/renderD128\n" + // doorbell: CPU only
		"ioctl DRM_SYNCOBJ_TIMELINE_WAIT\nioctl AMDGPU_USERQ create\nioctl AMDGPU_USERQ free\n" +
		"ioctl DRM_GEM_CLOSE\n" + "ioctl AMDGPU_GEM_VA unmap\nioctl DRM_GEM_CLOSE\n" +
		strings.Repeat("ioctl AMDGPU_GEM_VA unmap\nioctl DRM_GEM_CLOSE\n", hwring.NumImageBuffers+3) +
		"ioctl DRM_SYNCOBJ_DESTROY\n"
	if got != want {
		t.Errorf("operations:\n%s\nwant:\n%s", got, want)
	}
}

func TestProbeRefusals(t *testing.T) {
	for _, tc := range []struct {
		name  string
		cfg   fake.Config
		step  string
		errno unix.Errno
		text  string
	}{
		{"kernel without user queues", fake.DefaultConfig().WithUserq(fake.UserqAbsent),
			"check the kernel has compute user queues (DEV_INFO userq_ip_mask)", 0, "userq_ip_mask is 0"},
		{"no IP has user queues", fake.DefaultConfig().WithUserq(fake.UserqNoIP),
			"check the kernel has compute user queues (DEV_INFO userq_ip_mask)", 0, "no user-queue support for COMPUTE"},
		{"GFX only (zinc's R9700 on 6.17)", fake.DefaultConfig().WithUserq(fake.UserqNoCompute),
			"check the kernel has compute user queues (DEV_INFO userq_ip_mask)", 0, "userq_ip_mask is 0x1"},
		{"no MES slots", func() fake.Config { c := fake.DefaultConfig(); c.ComputeIP.UserqNumSlots = 0; return c }(),
			"check the firmware has user-queue slots (HW_IP_INFO userq_num_slots)", 0, "0 user-queue slots"},
		{"firmware areas refused", func() fake.Config { c := fake.DefaultConfig(); c.Userq = fake.UserqNoCompute; return c }(),
			"read the compute firmware areas (AMDGPU_INFO UQ_FW_AREAS)", unix.EOPNOTSUPP, "ENOTSUP (operation not supported)"},
		{"create refused", func() fake.Config { c := fake.DefaultConfig(); c.UserqCreateErrno = unix.EINVAL; return c }(),
			"create the compute user queue (AMDGPU_USERQ create)", unix.EINVAL, "ioctl AMDGPU_USERQ on /dev/dri/renderD128: EINVAL"},
		{"old kernel rejects the ioctl", func() fake.Config { c := fake.DefaultConfig(); c.UserqCreateErrno = kmd.ENOTSUPP; return c }(),
			"create the compute user queue (AMDGPU_USERQ create)", kmd.ENOTSUPP, "ENOTSUPP"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			faketest.Refusal(t, tc.cfg, Probe, Tier, tc.step, tc.errno, tc.text)
		})
	}
}

func TestNeverRetiringQueueTimesOut(t *testing.T) {
	d := fake.New(fake.DefaultConfig())
	cfg := faketest.Config(d)
	cfg.Timeout = 30 * time.Millisecond
	r, err := Open(cfg, fake.StepExecutable(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.Step([]uint32{1, 0}); err != nil {
		t.Fatal(err)
	}
	d.SetCompletion(fake.NeverRetire)
	start := time.Now()
	_, err = r.Step([]uint32{2, 1})
	if !errors.Is(err, hwring.ErrTimeout) {
		t.Fatalf("Step = %v, want ErrTimeout", err)
	}
	for _, want := range []string{"step 1", "user queue 1 did not retire the step within 30ms", "read pointer 22, write pointer 44", /* HDP_FLUSH 2 + ACQUIRE_MEM 8 + INDIRECT_BUFFER 4 + RELEASE_MEM 8 */
		"the CP read none of the step's packets"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q lacks %q", err, want)
		}
	}
	if took := time.Since(start); took < 30*time.Millisecond || took > 2*time.Second {
		t.Errorf("timed out after %v", took)
	}
	if err := r.Close(); err != nil {
		t.Fatal(err)
	}
	faketest.NoLeaks(t, d)
}

func TestProbe(t *testing.T) { faketest.Probe(t, Probe) }

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
