package tier

import (
	"fmt"
	"sort"

	"zincc/exec"
	cpuring "zincc/exec/cpu"
	"zincc/exec/cs"
	"zincc/exec/hwring"
	"zincc/exec/kfd"
	"zincc/exec/sim"
	"zincc/exec/simring"
	"zincc/exec/umq"
	"zincc/ir"
	lowercpu "zincc/lower/cpu"
	"zincc/lower/gfx1201"
)

// Auto is the tier name that opens the best tier the machine admits: the
// first of AutoOrder that opens.
const Auto = "auto"

// Config says how tiers reach the device and lower graphs. The zero value
// is the real kernel at /dev/dri/renderD128 and /dev/kfd with zincc's own
// kernel library.
type Config struct {
	// GPU is how the GPU tiers reach the device (tests point it at a
	// fake driver).
	GPU hwring.Config
	// Lower lowers a graph for the GPU tiers; nil is gfx1201.Compile.
	Lower func(*ir.Module) (*gfx1201.Executable, error)
	// Threads is how many goroutines the cpu tier spreads a matvec's
	// rows over; 0 is one per CPU.
	Threads int
}

func (c Config) lower(m *ir.Module) (*gfx1201.Executable, error) {
	if c.Lower != nil {
		return c.Lower(m)
	}
	return gfx1201.Compile(m)
}

// Opener prepares a ring that runs m with bound weights w.
type Opener func(c Config, m *ir.Module, w *exec.Weights) (exec.Ring, error)

// openers is every tier by name.
var openers = map[string]Opener{
	"cpu": func(c Config, m *ir.Module, w *exec.Weights) (exec.Ring, error) {
		p, err := lowercpu.Lower(m)
		if err != nil {
			return nil, err
		}
		return cpuring.NewRing(p, w, c.Threads)
	},
	"sim": func(_ Config, m *ir.Module, w *exec.Weights) (exec.Ring, error) {
		e, err := gfx1201.Compile(m)
		if err != nil {
			return nil, err
		}
		return simring.New(e, w, sim.Config{})
	},
	cs.Tier:  gpuTier(cs.Tier, cs.Probe),
	kfd.Tier: gpuTier(kfd.Tier, kfd.Probe),
	umq.Tier: gpuTier(umq.Tier, umq.Probe),
}

// rings opens each GPU tier's ring on a lowered graph.
var rings = map[string]func(hwring.Config, *gfx1201.Executable, *exec.Weights) (exec.Ring, error){
	cs.Tier: func(c hwring.Config, x *gfx1201.Executable, w *exec.Weights) (exec.Ring, error) {
		return cs.Open(c, x, w)
	},
	kfd.Tier: func(c hwring.Config, x *gfx1201.Executable, w *exec.Weights) (exec.Ring, error) {
		return kfd.Open(c, x, w)
	},
	umq.Tier: func(c hwring.Config, x *gfx1201.Executable, w *exec.Weights) (exec.Ring, error) {
		return umq.Open(c, x, w)
	},
}

// gpuTier is the opener of a GPU tier: the tier's probe must admit the
// machine (so a refusal names the failed step and errno before any
// compiling), then the graph is lowered for gfx1201 and the ring opened.
func gpuTier(name string, probe func(hwring.Config) error) Opener {
	return func(c Config, m *ir.Module, w *exec.Weights) (exec.Ring, error) {
		if err := probe(c.GPU); err != nil {
			return nil, err
		}
		x, err := c.lower(m)
		if err != nil {
			return nil, fmt.Errorf("%s: the device is admitted, but: %w", name, err)
		}
		return rings[name](c.GPU, x, w)
	}
}

// OpenExecutable opens the ring of GPU tier name (one of GPU) on a graph
// already lowered, without probing first.
func OpenExecutable(name string, c hwring.Config, x *gfx1201.Executable, w *exec.Weights) (exec.Ring, error) {
	open := rings[name]
	if open == nil {
		return nil, fmt.Errorf("%q is not a GPU tier (%v)", name, GPU)
	}
	return open(c, x, w)
}

// Names lists the tiers Open takes, sorted, Auto not included.
func Names() []string {
	names := make([]string, 0, len(openers))
	for n := range openers {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Known reports whether Open takes name (a tier or Auto).
func Known(name string) bool { return name == Auto || openers[name] != nil }

// Open opens the ring of the tier called name on m with weights w. For
// Auto it tries AutoOrder and takes the first tier that opens, returning
// with it (or with the error) the refusals of the tiers it passed over.
func Open(name string, c Config, m *ir.Module, w *exec.Weights) (exec.Ring, []Refusal, error) {
	if name == Auto {
		return Select(AutoOrder, func(n string) (exec.Ring, error) { return openers[n](c, m, w) })
	}
	open := openers[name]
	if open == nil {
		return nil, nil, fmt.Errorf("unknown tier %q", name)
	}
	r, err := open(c, m, w)
	return r, nil, err
}
