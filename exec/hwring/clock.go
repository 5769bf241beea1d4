package hwring

import "golang.org/x/sys/unix"

// MonotonicNow is CLOCK_MONOTONIC in nanoseconds: the clock of the
// kernel's absolute deadlines (AMDGPU_WAIT_CS, DRM syncobj waits).
func MonotonicNow() uint64 {
	var ts unix.Timespec
	_ = unix.ClockGettime(unix.CLOCK_MONOTONIC, &ts)
	return uint64(ts.Nano())
}
