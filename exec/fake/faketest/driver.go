package faketest

import (
	"strings"
	"testing"

	"zincc/exec/fake"
)

// OpNames lists the names of the operations d saw so far, one a line.
func OpNames(d *fake.Driver) string {
	var b strings.Builder
	for _, op := range d.Ops() {
		b.WriteString(op.Name)
		b.WriteByte('\n')
	}
	return b.String()
}

// NoLeaks fails t when d holds any live resource.
func NoLeaks(t testing.TB, d *fake.Driver) {
	t.Helper()
	if live := d.Live(); !live.Zero() {
		t.Errorf("leaked %s", live)
	}
}

// Released fails t unless the ring released everything on d itself:
// nothing is live, and closing the files had nothing left to reap.
func Released(t testing.TB, d *fake.Driver) {
	t.Helper()
	NoLeaks(t, d)
	if reaped := d.Reaped(); !reaped.Zero() {
		t.Errorf("Close left %s to the kernel", reaped)
	}
}
