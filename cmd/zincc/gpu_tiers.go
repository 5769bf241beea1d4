package main

import (
	"fmt"

	"zincc/exec"
	"zincc/exec/cs"
	"zincc/exec/hwring"
	"zincc/exec/kfd"
	"zincc/exec/umq"
	"zincc/ir"
	"zincc/lower/gfx1201"
)

// gpuConfig says how the GPU tiers reach the device: the zero value is the
// real kernel at /dev/dri/renderD128 and /dev/kfd. Tests point it at a
// fake driver.
var gpuConfig hwring.Config

// lowerGfx1201 lowers a graph for the GPU tiers (with the isa/kernels
// library, as the sim tier does). Tests replace it.
var lowerGfx1201 = gfx1201.Compile

func init() {
	tiers[cs.Tier] = gpuTier(cs.Tier, cs.Probe, func(c hwring.Config, x *gfx1201.Executable, w *exec.Weights) (exec.Ring, error) {
		return cs.Open(c, x, w)
	})
	tiers[kfd.Tier] = gpuTier(kfd.Tier, kfd.Probe, func(c hwring.Config, x *gfx1201.Executable, w *exec.Weights) (exec.Ring, error) {
		return kfd.Open(c, x, w)
	})
	tiers[umq.Tier] = gpuTier(umq.Tier, umq.Probe, func(c hwring.Config, x *gfx1201.Executable, w *exec.Weights) (exec.Ring, error) {
		return umq.Open(c, x, w)
	})
}

// gpuTier is the opener of a GPU tier: the tier's probe must admit the
// machine (so a refusal names the failed step and errno before any
// compiling), then the graph is lowered for gfx1201 and the ring opened.
func gpuTier(name string, probe func(hwring.Config) error,
	open func(hwring.Config, *gfx1201.Executable, *exec.Weights) (exec.Ring, error)) tierOpener {
	return func(m *ir.Module, w *exec.Weights) (exec.Ring, error) {
		if err := probe(gpuConfig); err != nil {
			return nil, err
		}
		x, err := lowerGfx1201(m)
		if err != nil {
			return nil, fmt.Errorf("%s: the device is admitted, but: %w", name, err)
		}
		return open(gpuConfig, x, w)
	}
}
