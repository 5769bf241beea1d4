package tier

import (
	"bytes"
	"fmt"
	"os"
	"testing"

	"zincc/exec"
	cpuring "zincc/exec/cpu"
	"zincc/exec/fake"
	"zincc/exec/hwring"
	"zincc/exec/sim"
	"zincc/exec/simring"
	"zincc/frontend"
	lowercpu "zincc/lower/cpu"
	"zincc/lower/gfx1201"
	"zincc/passes"
)

// TestStagedModelMatchesCPU runs testdata/tiny_llama.zir through every GPU
// ring on a fake machine whose CPU-visible window holds the code, state
// and arena but not the weights as well (a small BAR at test size): the
// rings must stage the weights through GTT in several chunks, and 8 steps
// must give the cpu tier's tokens and, bit for bit, the sim tier's outputs
// and states. The same run with the direct path forced fails at the CPU
// mapping of a buffer beyond the window, as the kernel would.
func TestStagedModelMatchesCPU(t *testing.T) {
	const file = "../../testdata/tiny_llama.zir"
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	m, err := frontend.Parse(file, src)
	if err != nil {
		t.Fatal(frontend.FormatErrors(err, src))
	}
	if err := passes.Run(m, passes.Options{}); err != nil {
		t.Fatal(err)
	}
	w, err := exec.Bind(m, exec.BindOptions{Dir: "../../testdata"})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	e, err := gfx1201.Compile(m)
	if err != nil {
		t.Fatal(err)
	}
	prog, err := lowercpu.Lower(m)
	if err != nil {
		t.Fatal(err)
	}
	cpu, err := cpuring.NewRing(prog, w, 2)
	if err != nil {
		t.Fatal(err)
	}
	defer cpu.Close()
	want := trace(t, cpu, m)
	sr, err := simring.New(e, w, sim.Config{Hazards: sim.HazardStop})
	if err != nil {
		t.Fatal(err)
	}
	defer sr.Close()
	emulated := trace(t, sr, m)

	sizes := hwring.BufferSizes(e)
	visible := sizes[gfx1201.BufCode] + sizes[gfx1201.BufState] + sizes[gfx1201.BufArena]
	weights := sizes[gfx1201.BufWeights]
	window := visible + weights/2
	staging := hwring.RoundPage(weights / 3)
	t.Logf("tiny_llama: %d bytes of weights, %d always visible, a %d-byte window, %d-byte staging", weights, visible, window, staging)
	for _, name := range GPU {
		t.Run(name, func(t *testing.T) {
			fc := fake.DefaultConfig()
			fc.VRAMGTT.VRAMCPUAccessibleSize = window
			fc.Executor = &fake.SimExecutor{Config: sim.Config{Hazards: sim.HazardStop}}
			d := fake.New(fc)
			cfg := config(d)
			cfg.StagingBytes = staging
			chunks := 0
			cfg.Progress = func(p hwring.UploadProgress) { chunks = p.Chunk }
			r, err := OpenExecutable(name, cfg, e, w)
			if err != nil {
				t.Fatal(err)
			}
			got := trace(t, r, m)
			if err := r.Close(); err != nil {
				t.Fatal(err)
			}
			if chunks < 2 {
				t.Errorf("the upload took %d chunks, want the weights staged in several", chunks)
			}
			if fmt.Sprint(got.tokens) != fmt.Sprint(want.tokens) {
				t.Errorf("tokens %v, cpu tier %v", got.tokens, want.tokens)
			}
			for s := range e2eSteps {
				for i, o := range got.outputs[s] {
					if !bytes.Equal(o.Data, emulated.outputs[s][i].Data) {
						t.Errorf("step %d: output %%%s differs from the sim tier's", s, o.Name)
					}
				}
				for i, st := range got.states[s] {
					if !bytes.Equal(st.Data, emulated.states[s][i].Data) {
						t.Errorf("step %d: state %%%s differs from the sim tier's", s, st.Name)
					}
				}
			}
			if faults := d.Faults(); len(faults) != 0 {
				t.Errorf("GPU faults: %v", faults)
			}
			if live, reaped := d.Live(), d.Reaped(); !live.Zero() || !reaped.Zero() {
				t.Errorf("live %s, reaped %s", live, reaped)
			}

			d = fake.New(fc)
			cfg = config(d)
			cfg.Upload = hwring.UploadDirect
			if r, err := OpenExecutable(name, cfg, e, w); err == nil {
				r.Close()
				t.Errorf("the direct path through a %d-byte window for %d bytes opened", window, visible+weights)
			} else if step, _ := hwring.StepOf(err); step == "" || hwring.Errno(err) == 0 {
				t.Errorf("direct path: %v, want a failed CPU mapping", err)
			}
			if live := d.Live(); !live.Zero() {
				t.Errorf("direct path leaked %s", live)
			}
		})
	}
}
