package tier

import (
	"testing"

	"zincc/exec"
	"zincc/exec/cs"
	"zincc/exec/fake"
	"zincc/exec/hwring"
	"zincc/exec/kfd"
	"zincc/exec/umq"
	"zincc/lower/gfx1201"
)

// BenchmarkStep is one decode step of fake.StepExecutable through each
// GPU ring on the fake driver and the emulated GPU: the ring's own cost
// (patch, ring write or CS, wait, read back) plus the fake's and the
// emulator's. allocs/op shows what a ring allocates per step (the output
// tensors it returns are the ring's share). The rings do not spin here:
// the fake runs a KFD queue when the ring sleeps in KFD_WAIT_EVENTS, so
// spinning would only measure the spin. A user queue's time is the fake's
// 100 µs doorbell polling and the ring's sleep between polls (timer
// granularity), not work.
func BenchmarkStep(b *testing.B) {
	for _, tc := range []struct {
		name string
		open func(hwring.Config, *gfx1201.Executable) (exec.Ring, error)
	}{
		{cs.Tier, func(c hwring.Config, e *gfx1201.Executable) (exec.Ring, error) { return cs.Open(c, e, nil) }},
		{kfd.Tier, func(c hwring.Config, e *gfx1201.Executable) (exec.Ring, error) { return kfd.Open(c, e, nil) }},
		{umq.Tier, func(c hwring.Config, e *gfx1201.Executable) (exec.Ring, error) { return umq.Open(c, e, nil) }},
	} {
		b.Run(tc.name, func(b *testing.B) {
			d := fake.New(fake.DefaultConfig())
			cfg := config(d)
			r, err := tc.open(cfg, fake.StepExecutable())
			if err != nil {
				b.Fatal(err)
			}
			defer r.Close()
			in := []uint32{1, 0}
			for b.Loop() {
				in[0]++
				if _, err := r.Step(in); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
