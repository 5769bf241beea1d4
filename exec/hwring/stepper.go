package hwring

import (
	"fmt"

	"zincc/exec"
	"zincc/ir"
	"zincc/lower/gfx1201"
)

// Stepper is what every ring does the same way around its own submission:
// it places and loads the Image, numbers the steps, patches each step's
// inputs and next fence value into the IB, hands the step to the ring,
// checks the fence the IB wrote, and reads the outputs back. A failed
// submission or wait breaks the ring for good (every later Step reports
// it); a step refused for its inputs does not. Set Tier before use.
type Stepper struct {
	Tier  string // names the ring in errors
	Image *Image // set by Place

	seq    uint64 // the last fence value submitted
	steps  int
	broken error // a step failure the ring cannot recover from
	closed bool
}

func (s *Stepper) fail(step string, err error) error {
	return &StepError{Tier: s.Tier, Step: step, Err: err}
}

// Place places e in the ring's image buffers at GPU addresses vas, whose
// CPU views are cpus (see NewImage), and makes it the Image.
func (s *Stepper) Place(e *gfx1201.Executable, vas [NumImageBuffers]uint64, cpus [NumImageBuffers][]byte) error {
	im, err := NewImage(e, vas, cpus)
	if err != nil {
		return s.fail("place the executable", err)
	}
	s.Image = im
	return nil
}

// Load fills the Image's buffers with the code, the weights w (nil when
// the graph has none) and the IB.
func (s *Stepper) Load(w *exec.Weights) error {
	if err := s.Image.Load(w); err != nil {
		return s.fail("load the executable", err)
	}
	return nil
}

// Step runs one decode step: it patches inputs and the next fence value
// into the IB, calls submit to run step number step with fence value seq
// on the GPU and wait for it, checks that the IB's fence holds seq, and
// returns the outputs. retired says, for that check's error, what had
// signalled the step done ("the queue passed the step").
func (s *Stepper) Step(inputs []uint32, retired string, submit func(step int, seq uint64) error) ([]exec.Tensor, error) {
	switch {
	case s.closed:
		return nil, s.fail("step", ErrClosed)
	case s.broken != nil:
		return nil, fmt.Errorf("%s: an earlier step failed: %w", s.Tier, s.broken)
	}
	step := s.steps
	s.steps++
	if err := s.Image.Patch(inputs, s.seq+1); err != nil {
		return nil, s.fail(fmt.Sprintf("step %d: patch the inputs", step), err)
	}
	s.seq++
	if err := submit(step, s.seq); err != nil {
		s.broken = err
		return nil, err
	}
	if got := s.Image.Fence(); got != s.seq {
		s.broken = s.fail(fmt.Sprintf("step %d: check the fence", step),
			fmt.Errorf("%w: %s but the IB's fence holds %d, not %d", ErrGPU, retired, got, s.seq))
		return nil, s.broken
	}
	return s.Image.Outputs(inputs)
}

// State returns the current contents of state v.
func (s *Stepper) State(v *ir.Value) (exec.Tensor, error) {
	if s.closed {
		return exec.Tensor{}, s.fail("read state", ErrClosed)
	}
	return s.Image.State(v)
}

// Closing marks the ring closed. It reports false when the ring was
// closed already, so that a ring's Close releases everything once.
func (s *Stepper) Closing() bool {
	if s.closed {
		return false
	}
	s.closed = true
	return true
}
