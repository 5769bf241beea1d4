package faketest

import (
	"errors"
	"strings"
	"testing"

	"golang.org/x/sys/unix"

	"zincc/exec/fake"
	"zincc/exec/hwring"
)

// Probe runs probe on a working fake machine and fails t unless the probe
// admits its tier and leaves nothing live.
func Probe(t *testing.T, probe func(hwring.Config) error) {
	t.Helper()
	d := fake.New(fake.DefaultConfig())
	if err := probe(Config(d)); err != nil {
		t.Fatalf("Probe on a working fake: %v", err)
	}
	NoLeaks(t, d)
}

// Refusal runs probe on a fake machine configured by cfg and fails t
// unless the probe fails with a *hwring.StepError of tier at step, with
// errno (0: none) and an error text containing text, and leaves nothing
// live. It returns the probe's error.
func Refusal(t *testing.T, cfg fake.Config, probe func(hwring.Config) error, tier, step string, errno unix.Errno, text string) error {
	t.Helper()
	d := fake.New(cfg)
	err := probe(Config(d))
	var se *hwring.StepError
	if !errors.As(err, &se) || se.Tier != tier || se.Step != step {
		t.Fatalf("Probe = %v, want a %s step error at %q", err, tier, step)
	}
	if se.Errno() != errno || !strings.Contains(err.Error(), text) {
		t.Errorf("Probe = %v (errno %d), want errno %d and %q", err, se.Errno(), errno, text)
	}
	NoLeaks(t, d)
	return err
}
