package kfd

import (
	"errors"
	"strings"
	"testing"
	"time"

	"zincc/exec/fake"
	"zincc/exec/fake/faketest"
	"zincc/exec/hwring"
	"zincc/pm4"
)

// A KFD step without the HDP flush (what the kfd ring wrote before issue
// 16) runs its IB while the CPU maps VRAM: the fake's CP refuses it, as
// CPU writes through the BAR are not visible to the GPU until an HDP
// flush. The ring's own packets start with the flush and run.
func TestKFDStepNeedsHDPFlush(t *testing.T) {
	d := fake.New(fake.DefaultConfig())
	cfg := faketest.Config(d)
	cfg.Timeout = 50 * time.Millisecond
	r, err := Open(cfg, fake.StepExecutable(), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if err := r.st.Image.Patch([]uint32{1, 0}, 1); err != nil {
		t.Fatal(err)
	}
	b := pm4.NewBuilder(make([]uint32, 64))
	_ = b.AcquireMemAll(pm4.GCR_GL2_INV)
	_ = b.CallIB(r.st.Image.VA(hwring.BufIB), uint32(r.st.Image.IBDwords()))
	_ = b.Fence64(r.q.FenceVA, 1)
	r.q.WritePackets(b.Words())
	err = r.q.Wait(0, 1, cfg.Timeout, 0, func(now, deadline time.Time) error { return r.waitEvents("step 0", 5) })
	faults := d.Faults()
	if !errors.Is(err, hwring.ErrTimeout) || len(faults) == 0 || !errors.Is(faults[0], fake.ErrNoHDPFlush) {
		t.Fatalf("unflushed step: %v, faults %v", err, faults)
	}
	// A fresh ring with the fix.
	d2 := fake.New(fake.DefaultConfig())
	if err := faketest.RunSteps(t, d2, Open, 3); err != nil || len(d2.Faults()) != 0 {
		t.Fatalf("the ring's own steps: %v, %v", err, d2.Faults())
	}
}

// A GPU reset ends the wait at once, named as a reset, not as a timeout.
func TestKFDResetIsAHardwareException(t *testing.T) {
	d := fake.New(fake.DefaultConfig())
	cfg := faketest.Config(d)
	cfg.Timeout = 5 * time.Second
	r, err := Open(cfg, fake.StepExecutable(), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	d.InjectHWException(1, 2, true)
	start := time.Now()
	_, err = r.Step([]uint32{1, 0})
	if err == nil || errors.Is(err, hwring.ErrTimeout) || !errors.Is(err, hwring.ErrGPU) ||
		!strings.Contains(err.Error(), "the GPU was reset") || !strings.Contains(err.Error(), "VRAM contents lost") {
		t.Fatalf("Step after a reset = %v; want an ErrGPU naming the reset", err)
	}
	if took := time.Since(start); took > 2*time.Second {
		t.Errorf("the reset took %v to report; a HW_EXCEPTION event should end the wait at once", took)
	}
}
