package faketest

import (
	"testing"
	"time"

	"zincc/exec"
	"zincc/exec/fake"
	"zincc/exec/hwring"
	"zincc/ir"
	"zincc/lower/gfx1201"
)

// Config is the ring configuration of the tests on d: its device nodes and
// topology, a 2 s step timeout, no spinning, and 50 µs between fence polls.
func Config(d *fake.Driver) hwring.Config {
	return hwring.Config{Opener: d, Sysfs: d.Sysfs(), Timeout: 2 * time.Second, Spin: -1, Poll: 50 * time.Microsecond}
}

// OpenFunc opens a ring of one tier: cs.Open, kfd.Open or umq.Open.
type OpenFunc[R exec.Ring] func(hwring.Config, *gfx1201.Executable, *exec.Weights) (R, error)

// stepInputs are the inputs of step i of fake.StepExecutable in these
// tests: x = 1000+7i, pos = i.
func stepInputs(i int) (x, pos uint32) { return uint32(1000 + 7*i), uint32(i) }

// RunSteps opens a ring with open on d, runs steps steps of
// fake.StepExecutable, checks after each that the output is y = x and the
// state [x, pos], and closes the ring. It returns the first error, for a
// sweep, and fails t on a wrong value (returning fake.ErrWrongOutput).
func RunSteps[R exec.Ring](t testing.TB, d *fake.Driver, open OpenFunc[R], steps int) error {
	t.Helper()
	e := fake.StepExecutable()
	r, err := open(Config(d), e, nil)
	if err != nil {
		return err
	}
	defer r.Close()
	s := e.Module.DeclsOf(ir.State)[0]
	for i := 0; i < steps; i++ {
		x, pos := stepInputs(i)
		out, err := r.Step([]uint32{x, pos})
		if err != nil {
			return err
		}
		if len(out) != 1 || out[0].Name != "y" || len(out[0].Words()) != 1 || out[0].Words()[0] != x {
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

// Steps runs n steps of fake.StepExecutable on r, a ring open on d,
// failing t unless each succeeds with the output y = x. It returns the
// device operations the steps issued.
func Steps(t testing.TB, d *fake.Driver, r exec.Ring, n int) []fake.Op {
	t.Helper()
	opened := len(d.Ops())
	for i := 0; i < n; i++ {
		x, pos := stepInputs(i)
		out, err := r.Step([]uint32{x, pos})
		if err != nil {
			t.Fatalf("step %d: %v", i, err)
		}
		if len(out) != 1 || len(out[0].Words()) != 1 || out[0].Words()[0] != x {
			t.Fatalf("step %d: outputs %+v, want y = %d", i, out, x)
		}
	}
	return d.Ops()[opened:]
}

// FaultingStepExecutable returns fake.StepExecutable with its state write
// pointed at the read-only weights buffer, so that its IB page-faults on
// the GPU.
func FaultingStepExecutable() *gfx1201.Executable {
	e := fake.StepExecutable()
	for i := range e.Relocs {
		if e.Relocs[i].Buffer == gfx1201.BufState {
			e.Relocs[i].Buffer = gfx1201.BufWeights
		}
	}
	return e
}
