package hwring

import (
	"errors"
	"io"
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
	want, err := StepPackets(make([]uint32, stepDwords), KFDQueue, im.VA(BufIB), im.IBDwords(), 0x5000, 1, 0, 0)
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
	if err != nil || len(pkts) != 4 || !pkts[0].IsHDPFlush() || pkts[2].Op() != pm4.OpIndirectBuffer {
		t.Fatalf("ring packets %v, %v; want the HDP flush, ACQUIRE_MEM, INDIRECT_BUFFER, RELEASE_MEM", pkts, err)
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
	wantText := "umq: step 1: wait for the queue: timed out: user queue 1 did not retire the step within 5ms: read pointer 31, write pointer 54 (the CP stopped 4 dwords into the step's 27)"
	if !errors.Is(err, ErrTimeout) || err.Error() != wantText || idles == 0 {
		t.Errorf("Wait on a hung step = %v after %d idle calls, want %q", err, idles, wantText)
	}
	// An idle call that fails ends the wait with its own error.
	stop := errors.New("memory fault")
	if err := q.Wait(1, 2, time.Second, 0, func(time.Time, time.Time) error { return stop }); err != stop {
		t.Errorf("Wait with a failing idle = %v, want %v", err, stop)
	}
}

func TestWriteRingWraps(t *testing.T) {
	// A small ring, packets that do not fit at its end: a NOP pads to the
	// end and the packets start over at dword 0.
	ring := make([]uint32, 16)
	put := WriteRing(ring, 0, []uint32{uint32(pm4.Type3(pm4.OpNOP, 9)), 1, 2, 3, 4, 5, 6, 7, 8, 9, 10})
	packets := []uint32{uint32(pm4.Type3(pm4.OpNOP, 4)), 11, 12, 13, 14, 15}
	put = WriteRing(ring, put, packets)
	if put != 16+6 {
		t.Fatalf("put = %d, want 22", put)
	}
	r := pm4.NewReader(ring[11:])
	p, err := r.Next()
	if err != nil || p.Op() != pm4.OpNOP || p.Len() != 5 {
		t.Fatalf("pad = %v, %v; want a 5-dword NOP", p, err)
	}
	if _, err := r.Next(); err != io.EOF {
		t.Errorf("after the pad: %v, want the end of the ring", err)
	}
	for i, w := range packets {
		if ring[i] != w {
			t.Errorf("ring[%d] = %#x, want %#x", i, ring[i], w)
		}
	}
	// One dword left at the end: a header-only NOP.
	ring = make([]uint32, 8)
	put = WriteRing(ring, 7, packets)
	if ring[7] != uint32(pm4.HeaderOnlyNOP) || put != 14 || ring[0] != packets[0] {
		t.Errorf("one-dword pad: ring %#x, put %d", ring, put)
	}
}
