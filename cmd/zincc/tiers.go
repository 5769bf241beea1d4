package main

import (
	"errors"
	"sort"
	"strings"

	"zincc/exec"
	"zincc/ir"
)

// tierOpener prepares a ring that runs m with bound weights.
type tierOpener func(m *ir.Module, w *exec.Weights) (exec.Ring, error)

// tiers maps -tier names to their openers; each tier's file adds itself.
var tiers = map[string]tierOpener{
	"cpu": func(m *ir.Module, w *exec.Weights) (exec.Ring, error) {
		return nil, errors.New("the cpu kernels are not in yet")
	},
}

func tierNames() string {
	var names []string
	for n := range tiers {
		names = append(names, n)
	}
	sort.Strings(names)
	return strings.Join(names, ", ")
}
