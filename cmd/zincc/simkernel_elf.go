package main

import (
	"flag"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"zincc/exec/sim"
)

// sim-kernel for AMDHSA code objects: the kernel is launched the way the
// HSA ABI and the ROCm runtime do (exec/sim's LoadCodeObject and
// Dispatch): its explicit arguments are the -buf pointers and the -arg
// values in command-line order, checked against the code object's
// metadata; the descriptor decides the wave size, LDS and private sizes.

// skELFOptions is what the command line says about a code-object run.
type skELFOptions struct {
	path, kernel        string
	grid, global, block string
	gridSet             bool
	wave32, wave64      bool
	budget              uint64
	timeout             time.Duration
	hazards             sim.HazardMode
	stack               uint32
	dispatchID          uint64
	asJSON              bool
	buffers             []*skBuffer
	kargs               []string
	order               []skArgRef
	dumps               []string
}

// flagSet reports whether the command line set the named flag.
func flagSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// parseKernelArg reads -arg u32:V, i32:V or f32:V.
func parseKernelArg(s string) (sim.Arg, error) {
	typ, v, ok := strings.Cut(s, ":")
	if !ok {
		return sim.Arg{}, fmt.Errorf("%q: want u32:V, i32:V or f32:V", s)
	}
	switch typ {
	case "u32":
		x, err := strconv.ParseUint(v, 0, 32)
		if err != nil {
			return sim.Arg{}, fmt.Errorf("%q: %v", s, err)
		}
		return sim.U32Arg(uint32(x)), nil
	case "i32":
		x, err := strconv.ParseInt(v, 0, 32)
		if err != nil {
			return sim.Arg{}, fmt.Errorf("%q: %v", s, err)
		}
		return sim.I32Arg(int32(x)), nil
	case "f32":
		x, err := strconv.ParseFloat(v, 32)
		if err != nil && !math.IsInf(x, 0) {
			return sim.Arg{}, fmt.Errorf("%q: %v", s, err)
		}
		return sim.F32Arg(float32(x)), nil
	}
	return sim.Arg{}, fmt.Errorf("%q: type %q; want u32, i32 or f32", s, typ)
}

func runSimKernelELF(e *env, o *skELFOptions, src []byte) int {
	usage := func(format string, a ...any) int {
		fmt.Fprintf(e.stderr, "zincc sim-kernel: "+format+"\n", a...)
		return exitUsage
	}
	fail := func(err error) int {
		fmt.Fprintf(e.stderr, "zincc sim-kernel: %s: %v\n", o.path, err)
		return exitInput
	}
	for _, d := range o.dumps {
		found := false
		for _, b := range o.buffers {
			found = found || b.name == d
		}
		if !found {
			return usage("-dump %s: no such buffer", d)
		}
	}
	if o.global != "" && o.gridSet {
		return usage("-grid (workgroups) and -global (work-items) exclude each other")
	}
	args := make([]sim.Arg, len(o.order))
	for i, ref := range o.order {
		if !ref.isBuf {
			a, err := parseKernelArg(o.kargs[ref.index])
			if err != nil {
				return usage("-arg %v", err)
			}
			args[i] = a
		}
	}
	co, err := sim.ParseCodeObject(src)
	if err != nil {
		return fail(err)
	}
	k, err := co.Kernel(o.kernel)
	if err != nil {
		return fail(err)
	}
	if (o.wave32 && k.WaveSize != 32) || (o.wave64 && k.WaveSize != 64) {
		return usage("kernel %s was compiled for wave%d; -wave32/-wave64 cannot change that", k.Name, k.WaveSize)
	}
	block := [3]uint32{uint32(k.WaveSize), 1, 1}
	if r := k.ReqdWorkgroupSize; r != [3]uint32{} {
		block = r
	}
	if o.block != "" {
		if block, err = parseDims(o.block, "block"); err != nil {
			return usage("%v", err)
		}
	}
	var gridSize [3]uint32
	if o.global != "" {
		if gridSize, err = parseDims(o.global, "global"); err != nil {
			return usage("%v", err)
		}
	} else {
		groups, err := parseDims(o.grid, "grid")
		if err != nil {
			return usage("%v", err)
		}
		for i := range gridSize {
			n := uint64(groups[i]) * uint64(block[i])
			if n > math.MaxUint32 {
				return usage("-grid %s with -block %v: more than 2^32 work-items along an axis", o.grid, block)
			}
			gridSize[i] = uint32(n)
		}
	}
	var groups [3]uint32
	for i := range groups {
		groups[i] = uint32((uint64(gridSize[i]) + uint64(block[i]) - 1) / uint64(block[i]))
	}

	g := sim.New(sim.Config{MaxInstructions: o.budget, MaxWall: o.timeout, Hazards: o.hazards})
	lc, err := g.LoadCodeObject(co, skCodeVA)
	if err != nil {
		return fail(err)
	}
	va := uint64(skBufferVA)
	nb := 0
	for i, ref := range o.order {
		if !ref.isBuf {
			continue
		}
		b := o.buffers[ref.index]
		b.va = va
		if err := g.MapBacking(va, b.data, sim.PermRW, b.name); err != nil {
			return fail(err)
		}
		args[i] = sim.PointerArg(va)
		va += (uint64(len(b.data)) + 0xffff) &^ 0xffff
		va += 0x10000 // unmapped guard
		nb++
	}
	st, runErr := lc.Dispatch(sim.KernelDispatch{Kernel: k.Name, GridSize: gridSize, WorkgroupSize: block, Args: args,
		DispatchID: o.dispatchID, DynamicStackBytes: o.stack, MinPrivateBytes: o.stack})
	sk := &skKernel{name: k.Name}
	return reportSimKernel(e, sk, groups, block, uint32(k.WaveSize), st, o.buffers, o.dumps, o.asJSON, runErr)
}
