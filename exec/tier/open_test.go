package tier

import (
	"errors"
	"os"
	"strings"
	"testing"

	"zincc/exec"
	"zincc/exec/fake"
	"zincc/exec/hwring"
	"zincc/frontend"
	"zincc/ir"
	"zincc/lower/gfx1201"
)

func toyGraph(t *testing.T) (*ir.Module, *exec.Weights) {
	t.Helper()
	src, err := os.ReadFile("../../testdata/toy.zir")
	if err != nil {
		t.Fatal(err)
	}
	m, err := frontend.Parse("toy.zir", src)
	if err != nil {
		t.Fatal(err)
	}
	w, err := exec.Bind(m, exec.BindOptions{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { w.Close() })
	return m, w
}

func TestNames(t *testing.T) {
	if got, want := strings.Join(Names(), " "), "cpu cs kfd sim umq"; got != want {
		t.Errorf("Names() = %s, want %s", got, want)
	}
	for _, n := range append(Names(), Auto) {
		if !Known(n) {
			t.Errorf("Known(%q) is false", n)
		}
	}
	if Known("gpu") {
		t.Error(`Known("gpu") is true`)
	}
	for _, n := range AutoOrder {
		if !Known(n) {
			t.Errorf("AutoOrder names %q, which Open does not know", n)
		}
	}
}

func TestOpenByName(t *testing.T) {
	m, w := toyGraph(t)
	for _, name := range []string{"cpu", "sim"} {
		r, refused, err := Open(name, Config{}, m, w)
		if err != nil || refused != nil {
			t.Fatalf("Open(%s): %v, refusals %v", name, err, refused)
		}
		if r.Tier() != name {
			t.Errorf("Open(%s) opened tier %s", name, r.Tier())
		}
		if _, err := r.Step(make([]uint32, len(m.DeclsOf(ir.Input)))); err != nil {
			t.Errorf("%s: step: %v", name, err)
		}
		r.Close()
	}
	if _, _, err := Open("gpu", Config{}, m, w); err == nil || !strings.Contains(err.Error(), `unknown tier "gpu"`) {
		t.Errorf(`Open("gpu"): %v`, err)
	}
}

// On a machine without a GPU, auto passes over every GPU tier and opens
// cpu, naming each refusal.
func TestOpenAutoWithoutGPU(t *testing.T) {
	m, w := toyGraph(t)
	fc := fake.DefaultConfig()
	fc.RenderNode, fc.KFDNode = "", ""
	d := fake.New(fc)
	c := Config{GPU: config(d)}
	c.GPU.RenderNode, c.GPU.KFDNode = hwring.DefaultRenderNode, hwring.DefaultKFDNode
	r, refused, err := Open(Auto, c, m, w)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if r.Tier() != "cpu" || len(refused) != len(GPU) {
		t.Fatalf("auto opened %s after %d refusals, want cpu after %d", r.Tier(), len(refused), len(GPU))
	}
	for i, ref := range refused {
		if ref.Tier != GPU[i] || hwring.ErrnoName(ref.Err) != "ENOENT" {
			t.Errorf("refusal %d: %s: %v", i, ref.Tier, ref.Err)
		}
	}
}

// A GPU tier probes before it lowers: with the device admitted, a lowering
// error is the tier's error.
func TestOpenGPUTierLowersAfterProbe(t *testing.T) {
	m, w := toyGraph(t)
	d := fake.New(fake.DefaultConfig())
	stub := errors.New("stub lowering refuses")
	c := Config{GPU: config(d), Lower: func(*ir.Module) (*gfx1201.Executable, error) { return nil, stub }}
	_, _, err := Open("kfd", c, m, w)
	if !errors.Is(err, stub) || !strings.Contains(err.Error(), "kfd: the device is admitted, but") {
		t.Errorf("Open(kfd): %v", err)
	}
}
