package tier

import (
	"bytes"
	"testing"

	"zincc/exec"
	cpuring "zincc/exec/cpu"
	"zincc/exec/fake"
	"zincc/exec/sim"
	"zincc/ir"
	lowercpu "zincc/lower/cpu"
)

// TestDispatchMatchesCPU runs a hand-lowered graph whose IB dispatches a
// real gfx1201 kernel (fake.DispatchExecutable) through every GPU ring on
// the fake driver, where it executes on exec/sim, and compares the
// outputs with the cpu tier's for the same graph and weights.
func TestDispatchMatchesCPU(t *testing.T) {
	e, err := fake.DispatchExecutable(256)
	if err != nil {
		t.Fatal(err)
	}
	w, err := exec.Bind(e.Module, exec.BindOptions{})
	if err != nil {
		t.Fatal(err)
	}
	prog, err := lowercpu.Lower(e.Module)
	if err != nil {
		t.Fatal(err)
	}
	ref, err := cpuring.NewRing(prog, w, 1)
	if err != nil {
		t.Fatal(err)
	}
	want, err := ref.Step(nil)
	ref.Close()
	if err != nil {
		t.Fatal(err)
	}
	weights := w.Data(e.Module.DeclsOf(ir.Weight)[0])
	if !bytes.Equal(want[0].Data, weights) {
		t.Fatalf("the cpu tier's copy differs from the weights")
	}
	for _, name := range GPU {
		t.Run(name, func(t *testing.T) {
			var stats []sim.Stats
			cfg := fake.DefaultConfig()
			cfg.Executor = &fake.SimExecutor{Stats: func(s sim.Stats) { stats = append(stats, s) }}
			d := fake.New(cfg)
			r, err := OpenExecutable(name, config(d), e, w)
			if err != nil {
				t.Fatal(err)
			}
			for step := 0; step < 2; step++ {
				got, err := r.Step(nil)
				if err != nil {
					t.Fatalf("step %d: %v", step, err)
				}
				if len(got) != 1 || got[0].Name != "y" || !bytes.Equal(got[0].Data, want[0].Data) {
					t.Fatalf("step %d: %s output differs from the cpu tier's", step, name)
				}
			}
			if err := r.Close(); err != nil {
				t.Fatal(err)
			}
			if len(stats) != 2 || stats[0].Dispatches != 1 || stats[0].Waves != 8 {
				t.Errorf("emulator stats %+v; want 2 submissions of one dispatch of 4 workgroups × 2 waves", stats)
			}
			if live, reaped := d.Live(), d.Reaped(); !live.Zero() || !reaped.Zero() {
				t.Errorf("live %s, reaped %s", live, reaped)
			}
		})
	}
}
