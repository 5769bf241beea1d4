package hwring

import (
	"errors"
	"testing"
	"time"

	"zincc/pm4"
)

// TestQueueRingSubmitAndWait plays the command processor by hand: it
// checks what Submit published, retires the step, and then lets a step
// time out and an idle call fail.
func TestQueueRingSubmitAndWait(t *testing.T) {
	e := SmokeExecutable()
	vas, bufs := buffersFor(e)
	im, err := NewImage(e, vas, bufs)
	if err != nil {
		t.Fatal(err)
	}
	var wptr, rptr, fence, doorbell uint64
	q := QueueRing{Tier: "umq", Queue: "user queue 1", Ring: make([]uint32, 256),
		Wptr: &wptr, Rptr: &rptr, Fence: &fence, Doorbell: &doorbell, FenceVA: 0x5000}
	if err := q.Submit(0, im, 1); err != nil {
		t.Fatal(err)
	}
	want, err := StepPackets(make([]uint32, stepDwords), im.VA(BufIB), im.IBDwords(), 0x5000, 1, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	if wptr != uint64(len(want)) || doorbell != wptr {
		t.Fatalf("after Submit: write pointer %d, doorbell %d; want both %d", wptr, doorbell, len(want))
	}
	for i, w := range want {
		if q.Ring[i] != w {
			t.Fatalf("ring[%d] = %#x, want %#x", i, q.Ring[i], w)
		}
	}
	pkts, err := pm4.Decode(q.Ring[:wptr])
	if err != nil || len(pkts) != 3 || pkts[1].Op() != pm4.OpIndirectBuffer {
		t.Fatalf("ring packets %v, %v; want ACQUIRE_MEM, INDIRECT_BUFFER, RELEASE_MEM", pkts, err)
	}
	noIdle := func(time.Time, time.Time) error { t.Fatal("idle called for a retired step"); return nil }
	fence, rptr = 1, wptr
	if err := q.Wait(0, 1, time.Second, time.Second, noIdle); err != nil {
		t.Fatalf("Wait on a retired step: %v", err)
	}
	// The next step never retires: the CP read half of it.
	if err := q.Submit(1, im, 2); err != nil {
		t.Fatal(err)
	}
	rptr += 4
	idles := 0
	err = q.Wait(1, 2, 5*time.Millisecond, -1, func(time.Time, time.Time) error { idles++; time.Sleep(time.Millisecond); return nil })
	wantText := "umq: step 1: wait for the queue: timed out: user queue 1 did not retire the step within 5ms: read pointer 24, write pointer 40 (the CP stopped 4 dwords into the step's 20)"
	if !errors.Is(err, ErrTimeout) || err.Error() != wantText || idles == 0 {
		t.Errorf("Wait on a hung step = %v after %d idle calls, want %q", err, idles, wantText)
	}
	// An idle call that fails ends the wait with its own error.
	stop := errors.New("memory fault")
	if err := q.Wait(1, 2, time.Second, 0, func(time.Time, time.Time) error { return stop }); err != stop {
		t.Errorf("Wait with a failing idle = %v, want %v", err, stop)
	}
}
