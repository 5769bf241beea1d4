package hwring

import (
	"encoding/binary"
	"errors"
	"strings"
	"testing"

	"zincc/ir"
	"zincc/lower/gfx1201"
)

// TestStepperBookkeeping drives a Stepper with a submit that plays the
// GPU: it writes the fence and the output word the smoke IB would write.
func TestStepperBookkeeping(t *testing.T) {
	e := SmokeExecutable()
	vas, bufs := buffersFor(e)
	s := Stepper{Tier: "kfd"}
	if err := s.Place(e, vas, bufs); err != nil {
		t.Fatal(err)
	}
	if err := s.Load(nil); err != nil {
		t.Fatal(err)
	}
	var seqs []uint64
	gpu := func(step int, seq uint64) error {
		seqs = append(seqs, seq)
		binary.LittleEndian.PutUint32(bufs[gfx1201.BufArena], 40+uint32(step))
		binary.LittleEndian.PutUint64(bufs[gfx1201.BufFence], seq)
		return nil
	}
	for i := 0; i < 2; i++ {
		out, err := s.Step([]uint32{0}, "the queue passed the step", gpu)
		if err != nil || len(out) != 1 || out[0].Words()[0] != 40+uint32(i) {
			t.Fatalf("step %d: %+v, %v", i, out, err)
		}
	}
	// Wrong inputs are refused before the GPU sees them, and do not break
	// the ring.
	if _, err := s.Step([]uint32{1, 2}, "", gpu); err == nil || err.Error() != "kfd: step 2: patch the inputs: got 2 input values; graph @smoke has 1 inputs" {
		t.Errorf("Step with 2 inputs = %v", err)
	}
	// A fence the GPU did not write breaks the ring.
	_, err := s.Step([]uint32{0}, "the queue passed the step", func(int, uint64) error { return nil })
	if !errors.Is(err, ErrGPU) || err.Error() != "kfd: step 3: check the fence: GPU error: the queue passed the step but the IB's fence holds 2, not 3" {
		t.Errorf("Step with a stale fence = %v", err)
	}
	if _, err2 := s.Step([]uint32{0}, "", gpu); !errors.Is(err2, ErrGPU) || !strings.HasPrefix(err2.Error(), "kfd: an earlier step failed: kfd: step 3") {
		t.Errorf("Step after a broken step = %v", err2)
	}
	if len(seqs) != 2 || seqs[0] != 1 || seqs[1] != 2 {
		t.Errorf("fence values handed to submit: %v, want [1 2]", seqs)
	}
	if !s.Closing() || s.Closing() {
		t.Errorf("Closing reports open only the first time")
	}
	if _, err := s.Step([]uint32{0}, "", gpu); !errors.Is(err, ErrClosed) || err.Error() != "kfd: step: ring is closed" {
		t.Errorf("Step after Closing = %v", err)
	}
	if _, err := s.State(SmokeModule().Decls[0]); !errors.Is(err, ErrClosed) || err.Error() != "kfd: read state: ring is closed" {
		t.Errorf("State after Closing = %v", err)
	}
}

func TestStepperSubmitFailureSticks(t *testing.T) {
	e := SmokeExecutable()
	vas, bufs := buffersFor(e)
	s := Stepper{Tier: "cs"}
	if err := s.Place(e, vas, bufs); err != nil {
		t.Fatal(err)
	}
	cause := &StepError{Tier: "cs", Step: "step 0: submit", Err: ErrTimeout}
	calls := 0
	submit := func(int, uint64) error { calls++; return cause }
	if _, err := s.Step([]uint32{0}, "", submit); err != cause {
		t.Fatalf("Step = %v, want the submit error as it is", err)
	}
	if _, err := s.Step([]uint32{0}, "", submit); !errors.Is(err, ErrTimeout) || calls != 1 {
		t.Errorf("Step after a failed submit = %v after %d submits, want the sticky error and no new submit", err, calls)
	}
}

func TestStepperPlaceAndLoadNameTheStep(t *testing.T) {
	e := SmokeExecutable()
	vas, bufs := buffersFor(e)
	bufs[gfx1201.BufCode] = bufs[gfx1201.BufCode][:8]
	s := Stepper{Tier: "umq"}
	if err := s.Place(e, vas, bufs); err == nil || !strings.HasPrefix(err.Error(), "umq: place the executable: hwring: code buffer has 8 bytes") {
		t.Errorf("Place with a short buffer = %v", err)
	}
	// A weight with nothing bound to it fails the load.
	e = SmokeExecutable()
	w := &ir.Value{Name: "w", Kind: ir.Weight, Type: ir.Scalar(ir.U32)}
	y := e.Module.Outputs[0].Value
	yp, _ := e.Placement(y)
	e.Module.Decls = append(e.Module.Decls, w)
	e.Module.Number() // renumbers y after w
	e.Values = nil
	e.SetPlacement(y, yp)
	e.SetPlacement(w, gfx1201.Placement{Buffer: gfx1201.BufWeights, Bytes: 4})
	vas, bufs = buffersFor(e)
	if err := s.Place(e, vas, bufs); err != nil {
		t.Fatal(err)
	}
	if err := s.Load(nil); err == nil || !strings.HasPrefix(err.Error(), "umq: load the executable: weight %w: 0 bytes bound") {
		t.Errorf("Load without the weight = %v", err)
	}
}
