package main

import (
	"zincc/exec"
	"zincc/exec/sim"
	"zincc/exec/simring"
	"zincc/ir"
	"zincc/lower/gfx1201"
)

func init() {
	tiers["sim"] = func(m *ir.Module, w *exec.Weights) (exec.Ring, error) {
		e, err := gfx1201.Compile(m)
		if err != nil {
			return nil, err
		}
		return simring.New(e, w, sim.Config{})
	}
}
