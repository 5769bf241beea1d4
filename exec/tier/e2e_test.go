package tier

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"zincc/exec"
	cpuring "zincc/exec/cpu"
	"zincc/exec/fake"
	"zincc/exec/sim"
	"zincc/exec/simring"
	"zincc/frontend"
	"zincc/ir"
	lowercpu "zincc/lower/cpu"
	"zincc/lower/gfx1201"
	"zincc/passes"
)

// e2eSteps is how many decode steps each graph runs, each step feeding
// its argmax back as the next token.
const e2eSteps = 8

// stepTrace is what one tier produced over a run: every output and every
// state after every step.
type stepTrace struct {
	tokens  []uint32
	outputs [][]exec.Tensor
	states  [][]exec.Tensor
}

func trace(t *testing.T, r exec.Ring, m *ir.Module) stepTrace {
	t.Helper()
	var tr stepTrace
	err := exec.RunSteps(r, m, make([]uint32, len(m.DeclsOf(ir.Input))), e2eSteps, func(s exec.StepResult) error {
		tr.outputs = append(tr.outputs, s.Outputs)
		for _, o := range s.Outputs {
			if o.Type.Equal(ir.Scalar(ir.U32)) {
				tr.tokens = append(tr.tokens, o.Words()[0])
			}
		}
		var states []exec.Tensor
		for _, v := range m.DeclsOf(ir.State) {
			st, err := r.State(v)
			if err != nil {
				return err
			}
			states = append(states, st)
		}
		tr.states = append(tr.states, states)
		return nil
	})
	if err != nil {
		t.Fatalf("%s: %v", r.Tier(), err)
	}
	return tr
}

// TestTestdataGraphsThroughEveryGPURing is the end-to-end check of the
// GPU tiers without a GPU: every graph in testdata is optimised, lowered
// for gfx1201 with the real kernel library and run for 8 steps through
// the cs, kfd and umq rings on the fake driver, whose submissions execute
// on exec/sim. Each ring must produce the same tokens as the cpu tier at
// every step, and bit for bit the same outputs and states as the sim tier
// (the same IB on the same emulator, reached without a kernel), which
// exec/simring holds to the cpu tier op by op.
func TestTestdataGraphsThroughEveryGPURing(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/*.zir")
	if len(files) == 0 {
		t.Fatal("no testdata graphs")
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			m, err := frontend.Parse(f, src)
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
			if fmt.Sprint(emulated.tokens) != fmt.Sprint(want.tokens) {
				t.Fatalf("sim tier tokens %v, cpu %v", emulated.tokens, want.tokens)
			}
			for _, name := range GPU {
				t.Run(name, func(t *testing.T) {
					cfg := fake.DefaultConfig()
					cfg.Executor = &fake.SimExecutor{Config: sim.Config{Hazards: sim.HazardStop}}
					d := fake.New(cfg)
					r, err := OpenExecutable(name, config(d), e, w)
					if err != nil {
						t.Fatal(err)
					}
					got := trace(t, r, m)
					if err := r.Close(); err != nil {
						t.Fatal(err)
					}
					if fmt.Sprint(got.tokens) != fmt.Sprint(want.tokens) {
						t.Errorf("tokens %v, cpu tier %v", got.tokens, want.tokens)
					}
					for s := range e2eSteps {
						for i, o := range got.outputs[s] {
							if ref := emulated.outputs[s][i]; o.Name != ref.Name || !bytes.Equal(o.Data, ref.Data) {
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
				})
			}
			t.Logf("tokens %v on cpu, sim, cs, kfd and umq", want.tokens)
		})
	}
}
