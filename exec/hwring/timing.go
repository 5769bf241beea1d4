package hwring

import (
	"errors"
	"fmt"
	"sync/atomic"
	"time"

	"zincc/pm4"
)

// GPU timestamps around a step.
//
// With Config.Timestamps a ring has the command processor write the GPU
// clock counter before and after each IB it submits: RELEASE_MEM with
// DATA_SEL 3 ("64-bit GPU clock counter", nvd.h/sid.h
// EOP_DATA_SEL_TIMESTAMP) on the BOTTOM_OF_PIPE_TS event, as radv's
// vkCmdWriteTimestamp and radeonsi's PIPE_QUERY_TIMESTAMP emit it; the
// first one passes the end of the pipe at once (the queue is idle before
// the IB), the second when the IB's last dispatch is done. The counter
// runs at DEV_INFO gpu_counter_freq kHz (amdgpu_kms.c: amdgpu_asic_get_xclk
// × 10; mesa's ac_gpu_info takes it as clock_crystal_freq and radv's
// timestampPeriod is 10^6 / that, in ns).

// GPUTime is a span measured on the GPU clock counter.
type GPUTime struct {
	Ticks   uint64 // counter ticks between the two timestamps
	FreqKHz uint32 // the counter's frequency (DEV_INFO gpu_counter_freq)
}

// Duration converts the ticks to time (0 when the frequency is unknown).
func (t GPUTime) Duration() time.Duration {
	if t.FreqKHz == 0 {
		return 0
	}
	return time.Duration(t.Ticks * 1_000_000 / uint64(t.FreqKHz))
}

// ErrNoTimestamps is returned by a ring asked for GPU times it does not
// take (Config.Timestamps off) or has not taken yet.
var ErrNoTimestamps = errors.New("no GPU timestamps")

// unwritten is what the timestamp slots hold until the GPU writes them.
const unwritten = ^uint64(0)

// Timestamps are the two 64-bit slots a submission's timestamps land in,
// 8-byte aligned in memory both the GPU (at VA) and the CPU (Slots) see.
type Timestamps struct {
	VA    uint64
	Slots *[2]uint64
	armed bool
}

// Arm marks both slots unwritten before a submission.
func (t *Timestamps) Arm() {
	atomic.StoreUint64(&t.Slots[0], unwritten)
	atomic.StoreUint64(&t.Slots[1], unwritten)
	t.armed = true
}

// Read returns the span between the two timestamps of the last
// submission on a counter of freqKHz.
func (t *Timestamps) Read(freqKHz uint32) (GPUTime, error) {
	if t == nil || t.Slots == nil || !t.armed {
		return GPUTime{}, fmt.Errorf("%w: the ring was opened without Config.Timestamps, or has run no step", ErrNoTimestamps)
	}
	begin, end := atomic.LoadUint64(&t.Slots[0]), atomic.LoadUint64(&t.Slots[1])
	switch {
	case begin == unwritten || end == unwritten:
		return GPUTime{}, fmt.Errorf("%w: the GPU did not write both timestamps (begin %#x, end %#x)", ErrNoTimestamps, begin, end)
	case end < begin:
		return GPUTime{}, fmt.Errorf("%w: the end timestamp %d is before the begin %d", ErrNoTimestamps, end, begin)
	}
	return GPUTime{Ticks: end - begin, FreqKHz: freqKHz}, nil
}

// Timestamp writes the RELEASE_MEM that stores the GPU clock counter at
// va (8-byte aligned) once everything before it is done.
func Timestamp(b *pm4.Builder, va uint64) error {
	return b.ReleaseMem(pm4.ReleaseMem{Event: pm4.BOTTOM_OF_PIPE_TS, EventIndex: pm4.EventIndexEndOfPipe,
		DataSel: pm4.DataSelGPUClock, Addr: va})
}
