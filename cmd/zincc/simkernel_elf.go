package main

import (
	"errors"
	"flag"
	"fmt"
	"time"

	"zincc/exec/sim"
	"zincc/exec/simkernel"
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
	buffers             []*simkernel.Buffer
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
		if simkernel.Find(o.buffers, d) == nil {
			return usage("-dump %s: no such buffer", d)
		}
	}
	if o.global != "" && o.gridSet {
		return usage("-grid (workgroups) and -global (work-items) exclude each other")
	}
	args := make([]simkernel.Arg, len(o.order))
	for i, ref := range o.order {
		if ref.isBuf {
			args[i].Buffer = o.buffers[ref.index]
			continue
		}
		a, err := simkernel.ParseArg(o.kargs[ref.index])
		if err != nil {
			return usage("-arg %v", err)
		}
		args[i].Value = a
	}
	opts := simkernel.CodeObjectOptions{Kernel: o.kernel, Args: args, DispatchID: o.dispatchID, Stack: o.stack,
		Sim: sim.Config{MaxInstructions: o.budget, MaxWall: o.timeout, Hazards: o.hazards}}
	switch {
	case o.wave32:
		opts.Wave = 32
	case o.wave64:
		opts.Wave = 64
	}
	var err error
	if o.block != "" {
		if opts.Block, err = parseDims(o.block, "block"); err != nil {
			return usage("%v", err)
		}
	}
	if o.global != "" {
		if opts.GridSize, err = parseDims(o.global, "global"); err != nil {
			return usage("%v", err)
		}
	} else if opts.Groups, err = parseDims(o.grid, "grid"); err != nil {
		return usage("%v", err)
	}
	res, err := simkernel.LaunchCodeObject(src, opts)
	var waveErr *simkernel.WaveError
	switch {
	case errors.As(err, &waveErr):
		return usage("%v", err)
	case errors.Is(err, simkernel.ErrGridTooLarge):
		return usage("-grid %s with -block: %v", o.grid, err)
	case err != nil:
		return fail(err)
	}
	return reportSimKernel(e, res, o.buffers, o.dumps, o.asJSON)
}
