package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"testing"

	"zincc/exec/fake"
	"zincc/exec/hwring"
	"zincc/exec/tier"
	"zincc/ir"
	"zincc/lower/gfx1201"
)

// withFake points the GPU tiers at a fake machine for the test.
func withFake(t *testing.T, cfg fake.Config) *fake.Driver {
	t.Helper()
	d := fake.New(cfg)
	saved := gpuConfig
	gpuConfig = hwring.Config{Opener: d, Sysfs: d.Sysfs(), RenderNode: cfg.RenderNode, KFDNode: cfg.KFDNode, Spin: -1}
	if cfg.RenderNode == "" { // a machine without the node: keep the default path, which the fake lacks
		gpuConfig.RenderNode = hwring.DefaultRenderNode
	}
	if cfg.KFDNode == "" {
		gpuConfig.KFDNode = hwring.DefaultKFDNode
	}
	t.Cleanup(func() { gpuConfig = saved })
	return d
}

func noGPU() fake.Config {
	c := fake.DefaultConfig()
	c.RenderNode, c.KFDNode = "", ""
	return c
}

func TestProbeWithoutGPU(t *testing.T) {
	d := withFake(t, noGPU())
	out, errOut, code := zincc(t, "probe")
	if code != exitOK || errOut != "" {
		t.Fatalf("probe: exit %d, stderr %q", code, errOut)
	}
	want := "umq  refused   open render node: open on /dev/dri/renderD128: ENOENT (no such file or directory)\n" +
		"kfd  refused   open /dev/kfd: open on /dev/kfd: ENOENT (no such file or directory)\n" +
		"cs   refused   open render node: open on /dev/dri/renderD128: ENOENT (no such file or directory)\n"
	if !strings.HasPrefix(out, want) {
		t.Errorf("probe output:\n%s\nwant it to start with:\n%s", out, want)
	}
	for _, line := range []string{"cpu  admitted  software, needs no device\n", "auto: cpu\n", "device: no render node at /dev/dri/renderD128\n"} {
		if !strings.Contains(out, line) {
			t.Errorf("probe output lacks %q:\n%s", line, out)
		}
	}
	if live := d.Live(); !live.Zero() {
		t.Errorf("probe leaked %s", live)
	}
}

func TestProbeJSON(t *testing.T) {
	withFake(t, noGPU())
	out, _, code := zincc(t, "probe", "-json")
	if code != exitOK {
		t.Fatalf("exit %d", code)
	}
	var rep probeReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("probe -json is not JSON: %v\n%s", err, out)
	}
	if rep.Device != nil || rep.Auto != "cpu" || len(rep.Tiers) < 4 {
		t.Fatalf("report %+v", rep)
	}
	for i, want := range []tier.Status{
		{Tier: "umq", Step: "open render node", Errno: "ENOENT"},
		{Tier: "kfd", Step: "open /dev/kfd", Errno: "ENOENT"},
		{Tier: "cs", Step: "open render node", Errno: "ENOENT"},
	} {
		got := rep.Tiers[i]
		if got.Tier != want.Tier || got.Admitted || got.Step != want.Step || got.Errno != want.Errno || got.Error == "" {
			t.Errorf("tier %d = %+v, want %+v with an error", i, got, want)
		}
	}
}

func TestProbeFakeR9700(t *testing.T) {
	d := withFake(t, fake.DefaultConfig())
	out, _, code := zincc(t, "probe")
	if code != exitOK {
		t.Fatalf("exit %d", code)
	}
	c := fake.DefaultConfig()
	for _, want := range []string{
		"umq  admitted  a smoke submission retired",
		"kfd  admitted  a smoke submission retired",
		"cs   admitted  a smoke submission retired",
		"auto: umq\n",
		"device: /dev/dri/renderD128: amdgpu 3.61.0, device 0x7551, family 152, gfx1201 (GC 12.0.1), 64 compute units, 32.0 GiB VRAM, 4 compute rings\n",
		"firmware: ME 2780, PFP 2840, MEC 3050, MES 123, RLC 100\n",
		"kfd: 1.17, gpu_id " + strconv.Itoa(int(c.GPUID)) + "\n",
		"user queues: ip mask 0x3, 8 compute slots\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("probe output lacks %q:\n%s", want, out)
		}
	}
	if live := d.Live(); !live.Zero() {
		t.Errorf("probe leaked %s", live)
	}
}

func TestProbeUserQueuesRefused(t *testing.T) {
	// zinc's R9700 on Linux 6.17: user queues for GFX only.
	withFake(t, fake.DefaultConfig().WithUserq(fake.UserqNoCompute))
	out, _, code := zincc(t, "probe")
	if code != exitOK {
		t.Fatalf("exit %d", code)
	}
	for _, want := range []string{
		"umq  refused   check the kernel has compute user queues (DEV_INFO userq_ip_mask): refused: userq_ip_mask is 0x1",
		"kfd  admitted", "auto: kfd\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("probe output lacks %q:\n%s", want, out)
		}
	}
}

func TestProbeQueueNeverRetires(t *testing.T) {
	d := withFake(t, fake.DefaultConfig())
	d.SetCompletion(fake.NeverRetire)
	out, _, code := zincc(t, "probe", "-timeout", "20ms")
	if code != exitOK {
		t.Fatalf("exit %d", code)
	}
	for _, want := range []string{
		"umq  refused   step 0: wait for the queue: timed out: user queue 1 did not retire the step within 20ms",
		"kfd  refused   step 0: wait for the queue: timed out: KFD queue 0 did not retire the step within 20ms",
		"cs   refused   step 0: wait for fence 1 (AMDGPU_WAIT_CS): timed out: not retired within 20ms",
		"auto: cpu\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("probe output lacks %q:\n%s", want, out)
		}
	}
	if _, errOut, code := zincc(t, "probe", "-timeout", "0s"); code != exitUsage || !strings.Contains(errOut, "-timeout must be positive") {
		t.Errorf("probe -timeout 0s: exit %d, %q", code, errOut)
	}
	if _, _, code := zincc(t, "probe", "extra"); code != exitUsage {
		t.Errorf("probe with an argument: exit %d", code)
	}
}

func TestRunGPUTierWithoutGPU(t *testing.T) {
	withFake(t, noGPU())
	_, errOut, code := zincc(t, "run", "-tier=cs", "../../testdata/toy.zir")
	want := "zincc run: tier cs: cs: open render node: open on /dev/dri/renderD128: ENOENT (no such file or directory)\n"
	if code != exitInput || errOut != want {
		t.Errorf("run -tier=cs: exit %d, stderr %q; want 1 and %q", code, errOut, want)
	}
}

func TestRunGPUTierAdmittedNeedsLowering(t *testing.T) {
	withFake(t, fake.DefaultConfig())
	stub := errors.New("stub lowering refuses")
	saved := lowerGfx1201
	lowerGfx1201 = func(*ir.Module) (*gfx1201.Executable, error) { return nil, stub }
	t.Cleanup(func() { lowerGfx1201 = saved })
	_, errOut, code := zincc(t, "run", "-tier=kfd", "../../testdata/toy.zir")
	if code != exitInput || !strings.Contains(errOut, "tier kfd: kfd: the device is admitted, but: stub lowering refuses") {
		t.Errorf("run -tier=kfd: exit %d, stderr %q", code, errOut)
	}
}

func TestRunAutoSaysWhy(t *testing.T) {
	withFake(t, noGPU())
	var out, errb bytes.Buffer
	e := &env{stdin: strings.NewReader(""), stdout: &out, stderr: &errb,
		getenv: func(k string) string {
			if k == "ZINCC_TIER" {
				return "auto"
			}
			return ""
		}}
	code := run([]string{"run", "-v", "../../testdata/toy.zir"}, e)
	lines := strings.Split(errb.String(), "\n")
	var refused []string
	for _, l := range lines {
		if rest, ok := strings.CutPrefix(l, "zincc run: tier "); ok {
			name, _, _ := strings.Cut(rest, " ")
			refused = append(refused, name)
		}
	}
	if len(refused) < 3 || strings.Join(refused[:3], ",") != "umq,kfd,cs" {
		t.Fatalf("ZINCC_TIER=auto -v: stderr %q; want umq, kfd and cs refused in that order", errb.String())
	}
	if !strings.Contains(errb.String(), "tier kfd refused: kfd: open /dev/kfd: open on /dev/kfd: ENOENT") {
		t.Errorf("stderr lacks kfd's reason: %q", errb.String())
	}
	switch {
	case code == exitOK && strings.Contains(errb.String(), "running on tier cpu"):
	case code == exitInput && strings.Contains(errb.String(), "no tier admitted"):
	default:
		t.Errorf("exit %d, stderr %q: want the cpu tier or a list of refusals", code, errb.String())
	}
	_, errOut, code := zincc(t, "run", "-tier=gpu", "../../testdata/toy.zir")
	if code != exitUsage || !strings.Contains(errOut, "known: auto, ") {
		t.Errorf("unknown tier: exit %d, %q", code, errOut)
	}
}

func TestRunGPUTiersOnFakeMatchCPU(t *testing.T) {
	withFake(t, fake.DefaultConfig())
	want, errOut, code := zincc(t, "run", "-tier=cpu", "-steps", "8", "../../testdata/toy.zir")
	if code != exitOK {
		t.Fatalf("cpu: exit %d, %s", code, errOut)
	}
	for _, name := range []string{"cs", "kfd", "umq"} {
		got, errOut, code := zincc(t, "run", "-tier="+name, "-steps", "8", "../../testdata/toy.zir")
		if code != exitOK || got != want {
			t.Errorf("-tier=%s: exit %d, stderr %q\n%s\nwant the cpu tier's\n%s", name, code, errOut, got, want)
		}
	}
	_, errOut, code = zincc(t, "run", "-tier=auto", "-v", "-steps", "2", "../../testdata/toy.zir")
	if code != exitOK || errOut != "zincc run: running on tier umq\n" {
		t.Errorf("-tier=auto on a machine admitting every tier: exit %d, stderr %q", code, errOut)
	}
}
