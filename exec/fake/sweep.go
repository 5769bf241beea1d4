package fake

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/sys/unix"
)

// SweepErrnos are the errnos a fault-injection sweep fails each operation
// with: malformed input, no memory, a timed-out (guilty) job, a cancelled
// (innocent) job.
var SweepErrnos = []unix.Errno{unix.EINVAL, unix.ENOMEM, unix.ETIME, unix.ECANCELED}

// SweepStats summarises a sweep.
type SweepStats struct {
	Ops       int // device operations in the fault-free run
	Runs      int // faulty runs
	Failed    int // runs that ended in the expected error
	Recovered int // runs that succeeded because the ring retried
}

// Sweep runs run once on a fresh driver to count its device operations,
// then, for every operation k and every errno in errnos, once more with
// operation k failing. Every run must leave nothing live, must not leave
// resources for Close to reap unless the failed operation was itself a
// release, and must either fail with an error that wraps the errno and
// names the failed operation, or — only where recoverable says the ring
// may retry that operation — succeed.
func Sweep(t testing.TB, cfg Config, errnos []unix.Errno, recoverable func(Op, unix.Errno) bool, run func(*Driver) error) SweepStats {
	t.Helper()
	d := New(cfg)
	if err := run(d); err != nil {
		t.Fatalf("fault-free run: %v", err)
	}
	check := func(d *Driver, what string) {
		if live := d.Live(); !live.Zero() {
			t.Errorf("%s: leaked %s", what, live)
		}
	}
	check(d, "fault-free run")
	if r := d.Reaped(); !r.Zero() {
		t.Errorf("fault-free run: closing files reaped %s", r)
	}
	st := SweepStats{Ops: len(d.Ops())}
	for k := 1; k <= st.Ops; k++ {
		for _, errno := range errnos {
			d := New(cfg)
			d.FailAt(k, errno)
			err := run(d)
			st.Runs++
			op, hit := d.Injected()
			what := "operation " + strconv.Itoa(k) + " failing with " + unix.ErrnoName(errno)
			if !hit {
				t.Errorf("%s: the run did only %d operations", what, len(d.Ops()))
				continue
			}
			what += " (" + op.Name + ")"
			check(d, what)
			if r := d.Reaped(); !r.Zero() && !op.Release {
				t.Errorf("%s: closing files reaped %s", what, r)
			}
			switch {
			case err == nil && recoverable != nil && recoverable(op, errno):
				st.Recovered++
			case err == nil:
				t.Errorf("%s: the run succeeded", what)
			case !errors.Is(err, errno):
				t.Errorf("%s: error %q does not wrap %s", what, err, unix.ErrnoName(errno))
			case !strings.Contains(err.Error(), OpLabel(op)):
				t.Errorf("%s: error %q does not name %q", what, err, OpLabel(op))
			default:
				st.Failed++
			}
		}
	}
	return st
}

// OpLabel is the part of a device error message that names op:
// "AMDGPU_CTX" for an ioctl, "open on /dev/kfd" for an open, "mmap on
// /dev/dri/renderD128" for an mmap.
func OpLabel(op Op) string {
	verb, rest, _ := strings.Cut(op.Name, " ")
	if verb == "ioctl" {
		name, _, _ := strings.Cut(rest, " ")
		return name
	}
	return verb + " on " + rest
}

// ErrWrongOutput is what a sweep's run returns when a step that succeeded
// produced a wrong value.
var ErrWrongOutput = errors.New("wrong output")
