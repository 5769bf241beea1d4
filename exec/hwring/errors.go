package hwring

import (
	"errors"
	"fmt"

	"golang.org/x/sys/unix"

	"zincc/exec/kmd"
)

// StepError is a ring bring-up, step or teardown that failed: which tier,
// which step ("create context", "step 3: wait for fence"), and why. When
// the cause is a device call it wraps the *kmd.Error, so errors.Is(err,
// unix.ENOENT) works and Errno returns the errno.
type StepError struct {
	Tier string // "cs", "kfd", "umq"
	Step string // what was being done, in words
	Err  error
}

// Error reads "cs: create context: ioctl AMDGPU_CTX on /dev/dri/renderD128:
// EINVAL (invalid argument)".
func (e *StepError) Error() string { return e.Tier + ": " + e.Step + ": " + e.Err.Error() }

// Unwrap returns the cause.
func (e *StepError) Unwrap() error { return e.Err }

// Errno returns the errno of the failed device call, or 0 when the step
// failed a check of its own (wrong driver, no compute rings, a timeout).
func (e *StepError) Errno() unix.Errno { return Errno(e.Err) }

// Errno returns the errno err wraps, or 0.
func Errno(err error) unix.Errno {
	var errno unix.Errno
	if errors.As(err, &errno) {
		return errno
	}
	return 0
}

// ErrnoName names the errno err wraps ("ENOENT"), or "" when there is none.
func ErrnoName(err error) string {
	if errno := Errno(err); errno != 0 {
		return kmd.ErrnoName(errno)
	}
	return ""
}

// Sentinel causes a StepError may wrap.
var (
	// ErrRefused marks a device that works but lacks what the tier needs
	// (another driver, no compute ring, not a gfx1201, no user queues).
	ErrRefused = errors.New("refused")
	// ErrTimeout marks a submission that did not retire in time.
	ErrTimeout = errors.New("timed out")
	// ErrGPU marks a submission the GPU (or the kernel for it) reported as
	// failed: a reset, a page fault, a fence error.
	ErrGPU = errors.New("GPU error")
	// ErrClosed is returned by a ring used after Close.
	ErrClosed = errors.New("ring is closed")
	// ErrBadExecutable marks an Executable whose tables are inconsistent.
	ErrBadExecutable = errors.New("malformed executable")
)

// Refusedf returns an error wrapping ErrRefused with a formatted reason.
func Refusedf(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrRefused, fmt.Sprintf(format, args...))
}

// Steps records the first error of a sequence of release steps, so that a
// teardown goes on after a failure and still reports it.
type Steps struct {
	Tier string
	errs []error
}

// Do runs release step name and keeps its error, if any.
func (s *Steps) Do(name string, f func() error) {
	if err := f(); err != nil {
		s.errs = append(s.errs, &StepError{Tier: s.Tier, Step: name, Err: err})
	}
}

// Err joins the errors of every failed step (nil when all succeeded).
func (s *Steps) Err() error { return errors.Join(s.errs...) }
