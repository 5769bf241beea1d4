package main

import (
	"sort"
	"strings"

	"zincc/exec"
	cpuring "zincc/exec/cpu"
	"zincc/ir"
	lowercpu "zincc/lower/cpu"
)

// tierOpener prepares a ring that runs m with bound weights.
type tierOpener func(m *ir.Module, w *exec.Weights) (exec.Ring, error)

// tiers maps -tier names to their openers; each tier's file adds itself.
var tiers = map[string]tierOpener{
	"cpu": func(m *ir.Module, w *exec.Weights) (exec.Ring, error) {
		p, err := lowercpu.Lower(m)
		if err != nil {
			return nil, err
		}
		return cpuring.NewRing(p, w, 0)
	},
}

func tierNames() string {
	names := []string{autoTier}
	for n := range tiers {
		names = append(names, n)
	}
	sort.Strings(names[1:])
	return strings.Join(names, ", ")
}
