package hwring

import (
	"errors"
	"fmt"

	"zincc/exec"
	"zincc/lower/gfx1201"
)

// SmokeValue is the input word the probes pass through the GPU.
const SmokeValue = 0x2C1CC0DE

// RunSmoke opens a ring of tier on SmokeExecutable with open, runs one
// step and checks that the GPU wrote the input back; it closes the ring on
// every path. It returns nil when the tier is admitted.
func RunSmoke(tier string, open func(*gfx1201.Executable) (exec.Ring, error)) (err error) {
	r, err := open(SmokeExecutable())
	if err != nil {
		return err
	}
	defer func() {
		if cerr := r.Close(); err == nil {
			err = cerr
		}
	}()
	out, err := r.Step([]uint32{SmokeValue})
	if err != nil {
		return err
	}
	if len(out) != 1 || len(out[0].Words()) != 1 || out[0].Words()[0] != SmokeValue {
		got := "nothing"
		if len(out) == 1 && len(out[0].Words()) == 1 {
			got = fmt.Sprintf("%#x", out[0].Words()[0])
		}
		return &StepError{Tier: tier, Step: "smoke step", Err: fmt.Errorf("%w: the GPU wrote %s, want %#x", ErrGPU, got, SmokeValue)}
	}
	return nil
}

// StepOf returns the step a tier was refused at, and the error as a
// *StepError (or nil when err is not one).
func StepOf(err error) (string, *StepError) {
	var se *StepError
	if errors.As(err, &se) {
		return se.Step, se
	}
	return "", nil
}
