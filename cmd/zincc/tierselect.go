package main

import (
	"fmt"

	"zincc/exec"
	"zincc/exec/tier"
	"zincc/ir"
)

// autoTier is the -tier value that picks the best tier the machine admits.
const autoTier = "auto"

// knownTier reports whether name is a value -tier accepts.
func knownTier(name string) bool { return name == autoTier || tiers[name] != nil }

// openTier opens the ring of tier name. "auto" tries tier.AutoOrder (umq,
// kfd, cs, cpu) and takes the first that opens; with verbose it says on
// stderr why each better tier was refused and which one runs.
func openTier(e *env, name string, verbose bool, m *ir.Module, w *exec.Weights) (exec.Ring, error) {
	if name != autoTier {
		r, err := tiers[name](m, w)
		if err == nil && verbose {
			fmt.Fprintf(e.stderr, "zincc run: running on tier %s\n", r.Tier())
		}
		return r, err
	}
	var order []string
	for _, n := range tier.AutoOrder {
		if tiers[n] != nil {
			order = append(order, n)
		}
	}
	r, refused, err := tier.Select(order, func(n string) (exec.Ring, error) { return tiers[n](m, w) })
	if verbose {
		for _, ref := range refused {
			fmt.Fprintf(e.stderr, "zincc run: tier %s refused: %v\n", ref.Tier, ref.Err)
		}
		if r != nil {
			fmt.Fprintf(e.stderr, "zincc run: running on tier %s\n", r.Tier())
		}
	}
	return r, err
}
