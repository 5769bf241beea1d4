// Package tier opens an execution tier by name (Open: cpu, sim, cs, kfd,
// umq, or auto) and probes which tiers a machine admits: the kernel paths
// to a real GPU (umq, then kfd, then cs, best first) through their rings'
// smoke probes, and the software tiers, which are always there. For every
// tier it says admitted, or the exact step that refused it with its errno;
// for a GPU it also reports what the kernel says about the device.
package tier

import (
	"errors"
	"fmt"
	"strings"

	"zincc/exec"
	"zincc/exec/cs"
	"zincc/exec/hwring"
	"zincc/exec/kfd"
	"zincc/exec/umq"
)

// GPU lists the real-GPU tiers, best first: a user queue needs no system
// call per step, a KFD queue one sleep, kernel CS two ioctls.
var GPU = []string{umq.Tier, kfd.Tier, cs.Tier}

// AutoOrder is the order -tier=auto tries tiers in.
var AutoOrder = append(append([]string(nil), GPU...), "cpu")

// Probes maps each GPU tier to its probe.
var Probes = map[string]func(hwring.Config) error{umq.Tier: umq.Probe, kfd.Tier: kfd.Probe, cs.Tier: cs.Probe}

// Status is one tier's verdict.
type Status struct {
	Tier     string `json:"tier"`
	Admitted bool   `json:"admitted"`
	Step     string `json:"step,omitempty"`  // the step that refused it
	Errno    string `json:"errno,omitempty"` // that step's errno, when a system call failed
	Error    string `json:"error,omitempty"` // the whole message
}

// StatusOf turns a probe's or opener's result into a Status.
func StatusOf(tier string, err error) Status {
	if err == nil {
		return Status{Tier: tier, Admitted: true}
	}
	s := Status{Tier: tier, Error: err.Error(), Errno: hwring.ErrnoName(err)}
	s.Step, _ = hwring.StepOf(err)
	return s
}

// String reads "umq  refused at open render node: ..." or "cpu  admitted".
func (s Status) String() string {
	if s.Admitted {
		return fmt.Sprintf("%-4s admitted", s.Tier)
	}
	return fmt.Sprintf("%-4s refused: %s", s.Tier, s.Error)
}

// ProbeGPU runs the probe of every GPU tier, best first.
func ProbeGPU(cfg hwring.Config) []Status {
	out := make([]Status, 0, len(GPU))
	for _, name := range GPU {
		out = append(out, StatusOf(name, Probes[name](cfg)))
	}
	return out
}

// Refusal is a tier that auto selection passed over, and why.
type Refusal struct {
	Tier string
	Err  error
}

// Select opens the first tier of names that open accepts and returns its
// ring together with the refusals of the tiers before it. When none is
// admitted, the error lists every refusal.
func Select(names []string, open func(name string) (exec.Ring, error)) (exec.Ring, []Refusal, error) {
	var refused []Refusal
	for _, name := range names {
		r, err := open(name)
		if err == nil {
			return r, refused, nil
		}
		refused = append(refused, Refusal{Tier: name, Err: err})
	}
	var msgs []string
	for _, r := range refused {
		msgs = append(msgs, r.Tier+": "+r.Err.Error())
	}
	return nil, refused, fmt.Errorf("%w: %s", ErrNoTier, strings.Join(msgs, "; "))
}

// ErrNoTier is returned by Select when no tier is admitted.
var ErrNoTier = errors.New("no tier admitted")
