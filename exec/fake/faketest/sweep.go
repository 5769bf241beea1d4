package faketest

import (
	"testing"

	"golang.org/x/sys/unix"

	"zincc/exec"
	"zincc/exec/fake"
)

// Sweep runs the fault-injection sweep of fake.Sweep over RunSteps of two
// steps on the ring open makes, failing each operation in turn with each
// of fake.SweepErrnos; recoverable says which failures the ring may retry
// (nil: none). It logs the numbers under tier's name and returns them.
func Sweep[R exec.Ring](t *testing.T, tier string, open OpenFunc[R], recoverable func(fake.Op, unix.Errno) bool) fake.SweepStats {
	t.Helper()
	st := fake.Sweep(t, fake.DefaultConfig(), fake.SweepErrnos, recoverable, func(d *fake.Driver) error {
		return RunSteps(t, d, open, 2)
	})
	t.Logf("%s sweep: %d operations, %d faulty runs: %d failed cleanly, %d recovered", tier, st.Ops, st.Runs, st.Failed, st.Recovered)
	return st
}
