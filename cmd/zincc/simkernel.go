package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"zincc/exec/sim"
	"zincc/exec/simkernel"
	"zincc/isa"
	"zincc/pm4"
)

func init() {
	register(&command{
		name: "sim-kernel",
		args: "[-kernel NAME] [-grid x,y,z | -global x,y,z] [-block x,y,z] [-wave32|-wave64] [-lds BYTES] [-buf NAME=TYPE:N[=CONTENTS]]... " +
			"[-arg u32:V|i32:V|f32:V]... [-sgpr V]... [-dump NAME]... [-json] kernel.o|kernel.s|kernel.bin",
		summary: "run one gfx1201 kernel on the emulated GPU and print its buffers: an AMDHSA code object (ELF from llc, clang or " +
			"llvm-mc) is launched as the HSA ABI says, its explicit arguments the -buf pointers and -arg values in command-line " +
			"order; a .s file or raw code gets the buffers as 64-bit addresses in s0.., then the -sgpr values",
		run: runSimKernel,
	})
}

// listFlag collects a repeatable flag.
type listFlag []string

func (l *listFlag) String() string     { return strings.Join(*l, " ") }
func (l *listFlag) Set(v string) error { *l = append(*l, v); return nil }

// orderedFlag collects a repeatable flag into its own list and records
// its place among the kernel arguments (-buf and -arg interleave in
// command-line order).
type orderedFlag struct {
	list  *listFlag
	order *[]skArgRef
	isBuf bool
}

// skArgRef is one kernel argument as written: the i-th -buf or -arg.
type skArgRef struct {
	isBuf bool
	index int
}

func (o orderedFlag) String() string {
	if o.list == nil {
		return ""
	}
	return o.list.String()
}

func (o orderedFlag) Set(v string) error {
	*o.order = append(*o.order, skArgRef{isBuf: o.isBuf, index: len(*o.list)})
	return o.list.Set(v)
}

// parseBuf reads a -buf NAME=TYPE:N[=CONTENTS] (simkernel.ParseBuffer);
// file(PATH) reads at most one byte more than the buffer holds.
func parseBuf(spec string) (*simkernel.Buffer, error) {
	b, err := simkernel.ParseBuffer(spec, readFileLimit)
	if err != nil {
		return nil, fmt.Errorf("-buf %w", err)
	}
	return b, nil
}

// parseDims reads the dimensions of flag -what.
func parseDims(s, what string) ([3]uint32, error) {
	d, err := simkernel.ParseDims(s)
	if err != nil {
		return d, fmt.Errorf("-%s %w", what, err)
	}
	return d, nil
}

func runSimKernel(e *env, args []string) int {
	c := commands["sim-kernel"]
	fs := newFlags(c, e)
	grid := fs.String("grid", "1,1,1", "workgroups along x,y,z")
	block := fs.String("block", "", "threads per workgroup along x,y,z (default: one wave)")
	wave32 := fs.Bool("wave32", false, "run 32-lane waves (the default unless the kernel's descriptor asks for wave64)")
	wave64 := fs.Bool("wave64", false, "run 64-lane waves (and assemble .s input for wave64)")
	lds := fs.Int("lds", -1, "LDS bytes per workgroup (default: the descriptor's group segment size, else 0)")
	kernel := fs.String("kernel", "", "the kernel (or label) to run when the .s file has several")
	budget := fs.Uint64("budget", sim.DefaultMaxInstructions, "instruction budget of the dispatch (a hang is reported past it)")
	timeout := fs.Duration("timeout", sim.DefaultMaxWall, "wall-clock bound of the dispatch (a hang is reported past it)")
	hazards := fs.String("hazards", "error", "races between workgroups or waves: error, warn or off (off also stops checking that loads are waited for)")
	floatMode := fs.Int("float-mode", -1, "FLOAT_MODE byte (RSRC1[19:12]); default the descriptor's, else 0xf0 (round to nearest even, denormals kept)")
	asJSON := fs.Bool("json", false, "print statistics and buffers as JSON")
	global := fs.String("global", "", "code objects: work-items along x,y,z (the HSA grid size; the last workgroups may be partial) instead of -grid")
	stack := fs.Uint("stack", 0, "code objects: private bytes per work-item for a dynamic stack and the least any kernel gets (default: 16384 for kernels with a dynamic stack)")
	dispatchID := fs.Uint64("dispatch-id", 0, "code objects: the dispatch id the kernel reads")
	var bufs, sgprs, dumps, kargs listFlag
	var order []skArgRef
	fs.Var(orderedFlag{&bufs, &order, true}, "buf", "a buffer NAME=TYPE:N[=CONTENTS]; TYPE f32, f16, u32, i32 or bytes; CONTENTS zeros, random(SEED), file(PATH) or v1,v2,... (repeatable)")
	fs.Var(orderedFlag{&kargs, &order, false}, "arg", "code objects: a by-value kernel argument u32:V, i32:V or f32:V, in order with the -buf pointers (repeatable)")
	fs.Var(&sgprs, "sgpr", "a scalar argument after the buffer addresses: V, u32:V, i32:V or f32:V (repeatable)")
	fs.Var(&dumps, "dump", "print only this buffer (repeatable; default all)")
	path, status := parseOneFile(e, c, fs, args)
	if status >= 0 {
		return status
	}
	usage := func(format string, a ...any) int {
		fmt.Fprintf(e.stderr, "zincc sim-kernel: "+format+"\n", a...)
		return exitUsage
	}
	if *wave32 && *wave64 {
		return usage("-wave32 and -wave64 exclude each other")
	}
	hazardMode, ok := sim.ParseHazardMode(*hazards)
	if !ok {
		return usage("-hazards %q: want error, warn or off", *hazards)
	}
	if flagSet(fs, "lds") && (*lds < 0 || *lds > simkernel.MaxLDS) {
		return usage("-lds %d: want 0 to %d bytes (gfx1201 gives a workgroup at most %d)", *lds, simkernel.MaxLDS, simkernel.MaxLDS)
	}
	if flagSet(fs, "float-mode") && (*floatMode < 0 || *floatMode > 0xff) {
		return usage("-float-mode %d: FLOAT_MODE is a byte, 0 to 255", *floatMode)
	}
	groups, err := parseDims(*grid, "grid")
	if err != nil {
		return usage("%v", err)
	}
	buffers, err := simkernel.ParseBuffers(bufs, parseBuf)
	if err != nil {
		return usage("%v", err)
	}
	src, path, err := readInput(e, path)
	if err != nil {
		fmt.Fprintf(e.stderr, "zincc sim-kernel: %v\n", err)
		return exitInput
	}
	if isa.IsELF(src) {
		o := &skELFOptions{path: path, kernel: *kernel, grid: *grid, global: *global, block: *block, wave32: *wave32, wave64: *wave64,
			gridSet: flagSet(fs, "grid"), budget: *budget, timeout: *timeout, hazards: hazardMode, stack: uint32(*stack), dispatchID: *dispatchID, asJSON: *asJSON,
			buffers: buffers, kargs: kargs, order: order, dumps: dumps}
		switch {
		case len(sgprs) > 0:
			return usage("-sgpr is for .s and raw kernels; a code object's arguments are -buf and -arg")
		case *lds >= 0:
			return usage("-lds: a code object's descriptor sets its LDS size")
		case *floatMode >= 0:
			return usage("-float-mode: a code object's descriptor sets its float mode")
		case *stack > 1<<20:
			return usage("-stack %d: at most 1048576 bytes", *stack)
		}
		return runSimKernelELF(e, o, src)
	}
	if len(kargs) > 0 {
		return usage("-arg is for code objects (ELF); .s and raw kernels take -sgpr")
	}
	if *global != "" {
		return usage("-global is for code objects (ELF); .s and raw kernels take -grid")
	}
	var scalars []uint32
	for _, s := range sgprs {
		v, err := simkernel.ParseScalar(s)
		if err != nil {
			return usage("-sgpr %s: %v", s, err)
		}
		scalars = append(scalars, v)
	}
	for _, d := range dumps {
		if simkernel.Find(buffers, d) == nil {
			return usage("-dump %s: no such buffer", d)
		}
	}
	if n := 2*len(buffers) + len(scalars); n > pm4.NumUserData {
		return usage("%d buffers and %d scalars need %d user SGPRs; there are %d", len(buffers), len(scalars), n, pm4.NumUserData)
	}
	k, err := simkernel.LoadKernel(path, src, *kernel, *wave32, *wave64)
	if err != nil {
		fmt.Fprintf(e.stderr, "zincc sim-kernel: %v\n", err)
		return exitInput
	}
	if len(k.Code) == 0 {
		fmt.Fprintf(e.stderr, "zincc sim-kernel: %s: no code\n", path)
		return exitInput
	}
	var threads [3]uint32 // zero: one wave
	if *block != "" {
		if threads, err = parseDims(*block, "block"); err != nil {
			return usage("%v", err)
		}
	}
	res, err := simkernel.Launch(k, simkernel.Options{Groups: groups, Block: threads, Buffers: buffers, Scalars: scalars,
		Wave64: *wave64, LDSBytes: *lds, FloatMode: *floatMode,
		Sim: sim.Config{MaxInstructions: *budget, MaxWall: *timeout, Hazards: hazardMode}})
	if err != nil {
		fmt.Fprintf(e.stderr, "zincc sim-kernel: %s: %v\n", path, err)
		return exitInput
	}
	return reportSimKernel(e, res, buffers, dumps, *asJSON)
}

// reportSimKernel prints the run's statistics and buffers (all, or the
// -dump ones) as text or JSON, and the error if there was one.
func reportSimKernel(e *env, res *simkernel.Result, buffers []*simkernel.Buffer, dumps []string, asJSON bool) int {
	shown := shownBuffers(buffers, dumps)
	st, runErr, groups, threads := res.Stats, res.Err, res.Groups, res.Block
	if asJSON {
		writeSimKernelJSON(e, res, shown)
	} else {
		fmt.Fprintf(e.stdout, "kernel %s (wave%d): grid %dx%dx%d, block %dx%dx%d: %d workgroups, %d waves, %d instructions, %d lane-instructions\n",
			res.Kernel, res.Wave, groups[0], groups[1], groups[2], threads[0], threads[1], threads[2],
			st.Workgroups, st.Waves, st.Instructions, st.LaneInstructions)
		if runErr == nil {
			printBuffers(e.stdout, shown)
		}
	}
	for _, w := range st.Warnings {
		fmt.Fprintf(e.stderr, "zincc sim-kernel: warning: %v\n", w)
	}
	if runErr != nil {
		fmt.Fprintf(e.stderr, "zincc sim-kernel: %v\n", runErr)
		return exitInput
	}
	return exitOK
}

// shownBuffers is the -dump selection of buffers (all without -dump).
func shownBuffers(buffers []*simkernel.Buffer, dumps []string) []*simkernel.Buffer {
	if len(dumps) == 0 {
		return buffers
	}
	var shown []*simkernel.Buffer
	for _, d := range dumps {
		if b := simkernel.Find(buffers, d); b != nil {
			shown = append(shown, b)
		}
	}
	return shown
}

// printBuffers lists buffers' elements, eight (or sixteen bytes) a line.
func printBuffers(w io.Writer, bufs []*simkernel.Buffer) {
	for _, b := range bufs {
		fmt.Fprintf(w, "%s %s[%d] at 0x%x:\n", b.Name, b.Type, b.Count, b.VA)
		per := 8
		if b.Type == "bytes" {
			per = 16
		}
		for i := 0; i < b.Count; i += per {
			fmt.Fprintf(w, "  %6d:", i)
			for j := i; j < i+per && j < b.Count; j++ {
				fmt.Fprintf(w, " %s", b.Text(j))
			}
			fmt.Fprintln(w)
		}
	}
}

// errorKind names the kind of a run error for -json.
func errorKind(err error) string {
	for _, k := range []struct {
		e    error
		name string
	}{{sim.ErrPageFault, "page fault"}, {sim.ErrHang, "hang"}, {sim.ErrHazard, "hazard"}, {sim.ErrMissingWait, "missing wait"},
		{sim.ErrUnsupportedInstruction, "unsupported instruction"}, {sim.ErrIllegalInstruction, "illegal instruction"},
		{sim.ErrBadLaunch, "bad launch"}, {sim.ErrInternal, "internal"}} {
		if errors.Is(err, k.e) {
			return k.name
		}
	}
	return "error"
}

// jsonBuf is a buffer in -json output; Values is left out after an error.
type jsonBuf struct {
	Name    string `json:"name"`
	Type    string `json:"type"`
	Count   int    `json:"count"`
	Address string `json:"address"`
	Values  []any  `json:"values,omitempty"`
}

// jsonRunErr is a failed run in -json output.
type jsonRunErr struct {
	Kind    string `json:"kind"`
	Message string `json:"message"`
}

// jsonBuffers describes bufs, with their values when withValues is set.
func jsonBuffers(bufs []*simkernel.Buffer, withValues bool) []jsonBuf {
	var out []jsonBuf
	for _, b := range bufs {
		j := jsonBuf{Name: b.Name, Type: b.Type, Count: b.Count, Address: fmt.Sprintf("0x%x", b.VA)}
		if withValues {
			j.Values = make([]any, b.Count)
			for i := range j.Values {
				j.Values[i] = b.Value(i)
			}
		}
		out = append(out, j)
	}
	return out
}

// runError describes err for -json output, or nil.
func runError(err error) *jsonRunErr {
	if err == nil {
		return nil
	}
	return &jsonRunErr{Kind: errorKind(err), Message: err.Error()}
}

// writeJSON prints v indented, naming command in the unlikely error.
func writeJSON(e *env, command string, v any) {
	enc := json.NewEncoder(e.stdout)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		fmt.Fprintf(e.stderr, "zincc %s: %v\n", command, err)
	}
}

func writeSimKernelJSON(e *env, res *simkernel.Result, bufs []*simkernel.Buffer) {
	st, runErr := res.Stats, res.Err
	out := struct {
		Kernel string      `json:"kernel"`
		Wave   uint32      `json:"wave"`
		Grid   [3]uint32   `json:"grid"`
		Block  [3]uint32   `json:"block"`
		Stats  any         `json:"stats"`
		Bufs   []jsonBuf   `json:"buffers"`
		Error  *jsonRunErr `json:"error,omitempty"`
	}{Kernel: res.Kernel, Wave: res.Wave, Grid: res.Groups, Block: res.Block,
		Stats: map[string]uint64{"workgroups": st.Workgroups, "waves": st.Waves, "instructions": st.Instructions, "lane_instructions": st.LaneInstructions},
		Bufs:  jsonBuffers(bufs, runErr == nil), Error: runError(runErr)}
	writeJSON(e, "sim-kernel", out)
}
