package main

import (
	"fmt"
	"strings"

	"zincc/exec"
	"zincc/exec/hwring"
	"zincc/exec/tier"
	"zincc/ir"
	"zincc/lower/gfx1201"
)

// autoTier is the -tier value that picks the best tier the machine admits.
const autoTier = tier.Auto

// gpuConfig says how the GPU tiers reach the device: the zero value is the
// real kernel at /dev/dri/renderD128 and /dev/kfd. Tests point it at a
// fake driver.
var gpuConfig hwring.Config

// lowerGfx1201 lowers a graph for the GPU tiers (nil: the isa/kernels
// library, as the sim tier does). Tests replace it.
var lowerGfx1201 func(*ir.Module) (*gfx1201.Executable, error)

// tierConfig is what the command line opens tiers with.
func tierConfig() tier.Config { return tier.Config{GPU: gpuConfig, Lower: lowerGfx1201} }

// tierNames lists the -tier values, auto first.
func tierNames() string { return strings.Join(append([]string{autoTier}, tier.Names()...), ", ") }

// knownTier reports whether name is a value -tier accepts.
func knownTier(name string) bool { return tier.Known(name) }

// openTier opens the ring of tier name (exec/tier.Open); with verbose it
// says on stderr why each better tier was refused under auto and which
// one runs.
func openTier(e *env, name string, threads int, verbose bool, m *ir.Module, w *exec.Weights) (exec.Ring, error) {
	c := tierConfig()
	c.Threads = threads
	c.GPU.Progress = uploadProgress(e.stderr) // a staged weights upload reports on stderr
	r, refused, err := tier.Open(name, c, m, w)
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
