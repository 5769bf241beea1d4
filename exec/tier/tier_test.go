package tier

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"zincc/exec"
	"zincc/exec/fake"
	"zincc/exec/hwring"
	_ "zincc/internal/golden"
	"zincc/ir"
)

func config(d *fake.Driver) hwring.Config {
	// A fake driver answers at once; the timeout only has to survive a
	// loaded machine and the race detector (1 s did not, issue 17 item 12).
	return hwring.Config{Opener: d, Sysfs: d.Sysfs(), Timeout: 30 * time.Second, Spin: -1}
}

// stubRing is a ring that only knows its tier.
type stubRing struct{ tier string }

func (s stubRing) Tier() string                         { return s.tier }
func (s stubRing) Step([]uint32) ([]exec.Tensor, error) { return nil, nil }
func (s stubRing) State(*ir.Value) (exec.Tensor, error) { return exec.Tensor{}, nil }
func (s stubRing) Close() error                         { return nil }

func TestSelectRecordsRefusals(t *testing.T) {
	refuse := map[string]error{
		"umq": &hwring.StepError{Tier: "umq", Step: "check the kernel has compute user queues", Err: hwring.ErrRefused},
		"kfd": &hwring.StepError{Tier: "kfd", Step: "open /dev/kfd", Err: unix.ENOENT},
	}
	var tried []string
	r, refused, err := Select(AutoOrder, func(n string) (exec.Ring, error) {
		tried = append(tried, n)
		if e := refuse[n]; e != nil {
			return nil, e
		}
		return stubRing{n}, nil
	})
	if err != nil || r.Tier() != "cs" {
		t.Fatalf("Select = %v, %v; want cs", r, err)
	}
	if strings.Join(tried, ",") != "umq,kfd,cs" || len(refused) != 2 || refused[0].Tier != "umq" || refused[1].Tier != "kfd" {
		t.Errorf("tried %v, refused %+v", tried, refused)
	}
	if s := StatusOf("kfd", refused[1].Err); s.Step != "open /dev/kfd" || s.Errno != "ENOENT" || s.Admitted {
		t.Errorf("StatusOf = %+v", s)
	}
	_, refused, err = Select([]string{"a", "b"}, func(n string) (exec.Ring, error) { return nil, errors.New(n + " says no") })
	if !errors.Is(err, ErrNoTier) || len(refused) != 2 || !strings.Contains(err.Error(), "a: a says no; b: b says no") {
		t.Errorf("Select with nothing admitted = %v, %+v", err, refused)
	}
}

func TestAutoOrder(t *testing.T) {
	if got := strings.Join(AutoOrder, ","); got != "umq,kfd,cs,cpu" {
		t.Errorf("AutoOrder = %s, want umq,kfd,cs,cpu", got)
	}
}

func TestProbeGPUOnFakes(t *testing.T) {
	for _, tc := range []struct {
		name string
		cfg  fake.Config
		want string // admitted tiers
	}{
		{"R9700 with user queues", fake.DefaultConfig(), "umq,kfd,cs"},
		{"no compute user queues", fake.DefaultConfig().WithUserq(fake.UserqNoCompute), "kfd,cs"},
		{"no KFD", func() fake.Config { c := fake.DefaultConfig(); c.KFDNode = ""; return c }(), "umq,cs"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := fake.New(tc.cfg)
			var admitted []string
			for _, s := range ProbeGPU(config(d)) {
				if s.Admitted {
					admitted = append(admitted, s.Tier)
				} else if s.Step == "" || s.Error == "" {
					t.Errorf("refusal without a step: %+v", s)
				}
			}
			if strings.Join(admitted, ",") != tc.want {
				t.Errorf("admitted %v, want %s", admitted, tc.want)
			}
			if live := d.Live(); !live.Zero() {
				t.Errorf("probes leaked %s", live)
			}
		})
	}
}

func TestReadFacts(t *testing.T) {
	d := fake.New(fake.DefaultConfig())
	f := ReadFacts(config(d))
	c := fake.DefaultConfig()
	if f == nil || f.Driver != "amdgpu" || f.DeviceID != "0x7551" || f.Family != 152 || f.GfxTarget != "gfx1201" ||
		f.GCVersion != "12.0.1" || f.ComputeUnits != 64 || f.VRAMBytes != 32<<30 || f.ComputeRings != 4 ||
		f.KFDVersion != "1.17" || f.KFDGPUID != c.GPUID || f.Firmware["MEC"] != 3050 || f.UserqSlots != 8 {
		t.Errorf("facts %+v", f)
	}
	if names := strings.Join(f.FirmwareNames(), ","); names != "ME,PFP,MEC,MES,RLC" {
		t.Errorf("firmware names %s", names)
	}
	if live := d.Live(); !live.Zero() {
		t.Errorf("ReadFacts leaked %s", live)
	}
	c.RenderNode = ""
	if f := ReadFacts(config(fake.New(c))); f != nil {
		t.Errorf("facts without a render node: %+v", f)
	}
	c = fake.DefaultConfig()
	c.DriverName = "i915"
	if f := ReadFacts(config(fake.New(c))); f == nil || f.Driver != "i915" || f.DeviceID != "" {
		t.Errorf("facts of another driver: %+v", f)
	}
}

// BenchmarkProbeNoDevice is the probe of every GPU tier on a machine
// without the device nodes (the kernel's open fails), as zincc probe runs
// it here.
func BenchmarkProbeNoDevice(b *testing.B) {
	dir := b.TempDir()
	cfg := hwring.Config{RenderNode: filepath.Join(dir, "renderD128"), KFDNode: filepath.Join(dir, "kfd")}
	for b.Loop() {
		for _, s := range ProbeGPU(cfg) {
			if s.Admitted {
				b.Fatal("admitted without a device")
			}
		}
	}
}
