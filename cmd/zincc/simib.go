package main

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"zincc/exec/sim"
	"zincc/exec/simkernel"
	"zincc/isa"
	"zincc/pm4"
)

func init() {
	register(&command{
		name: "sim-ib",
		args: "[-code VA=FILE]... [-buf NAME@VA=TYPE:N[=CONTENTS]]... [-ro NAME]... [-hazards error|warn|off] [-budget N] " +
			"[-wave64] [-dump NAME]... ib.bin|ib.hex|-",
		summary: "run a PM4 indirect buffer on the emulated GPU, with code and buffers mapped where the IB expects them, " +
			"and print the buffers; a missing barrier, a page fault or a hang is reported with its details",
		run: runSimIB,
	})
}

// siCode is one -code mapping: assembled or raw code at a GPU address.
type siCode struct {
	path    string
	va      uint64
	code    []byte
	symbols map[string]int // labels and kernels of an assembled file
}

// parseVA reads a GPU virtual address: hexadecimal with 0x, or decimal. It
// must be page aligned and inside the 48-bit space.
func parseVA(s string) (uint64, error) {
	va, err := strconv.ParseUint(s, 0, 64)
	switch {
	case err != nil:
		return 0, fmt.Errorf("address %q is not a number", s)
	case va%4096 != 0:
		return 0, fmt.Errorf("address %#x is not 4096-byte aligned", va)
	case va >= 1<<48:
		return 0, fmt.Errorf("address %#x is outside the 48-bit GPU address space", va)
	}
	return va, nil
}

// loadCode reads a -code VA=FILE: a .s file is assembled (every label
// keeps its offset), anything else is raw code bytes.
func loadCode(spec string, wave64 bool) (*siCode, error) {
	vaText, path, ok := strings.Cut(spec, "=")
	if !ok || path == "" {
		return nil, fmt.Errorf("-code %q: want VA=FILE", spec)
	}
	va, err := parseVA(vaText)
	if err != nil {
		return nil, fmt.Errorf("-code %s: %v", spec, err)
	}
	src, err := readFileLimit(path, maxInputBytes)
	if err != nil {
		return nil, err
	}
	c := &siCode{path: path, va: va, code: src}
	if strings.HasSuffix(path, ".s") || strings.HasSuffix(path, ".S") || strings.HasSuffix(path, ".asm") {
		obj, err := isa.AssembleWith(path, src, isa.Options{Wave64: wave64})
		if err != nil {
			return nil, err
		}
		c.code, c.symbols = obj.Code, obj.Symbols
	}
	if len(c.code) == 0 {
		return nil, fmt.Errorf("%s: no code", path)
	}
	return c, nil
}

// parsePlacedBuf reads NAME@VA=TYPE:N[=CONTENTS], a -buf of sim-kernel with
// the address the IB expects it at.
func parsePlacedBuf(spec string) (*simkernel.Buffer, error) {
	name, rest, ok := strings.Cut(spec, "@")
	if !ok || name == "" {
		return nil, fmt.Errorf("-buf %q: want NAME@VA=TYPE:N[=CONTENTS]", spec)
	}
	vaText, rest, ok := strings.Cut(rest, "=")
	if !ok {
		return nil, fmt.Errorf("-buf %q: want NAME@VA=TYPE:N[=CONTENTS]", spec)
	}
	va, err := parseVA(vaText)
	if err != nil {
		return nil, fmt.Errorf("-buf %s: %v", name, err)
	}
	b, err := parseBuf(name + "=" + rest)
	if err != nil {
		return nil, err
	}
	b.VA = va
	return b, nil
}

func runSimIB(e *env, args []string) int {
	c := commands["sim-ib"]
	fs := newFlags(c, e)
	hazards := fs.String("hazards", "error", "what a missing barrier between dependent dispatches does: error, warn or off")
	budget := fs.Uint64("budget", sim.DefaultMaxInstructions, "instruction budget of each dispatch (a hang is reported past it)")
	wave64 := fs.Bool("wave64", false, "assemble -code .s files for wave64 (the dispatch initiator still picks the wave size)")
	asJSON := fs.Bool("json", false, "print statistics and buffers as JSON")
	var codes, bufs, readOnly, dumps listFlag
	fs.Var(&codes, "code", "code at a GPU address, VA=FILE: a .s file (assembled; its labels are listed) or raw code bytes (repeatable)")
	fs.Var(&bufs, "buf", "a buffer NAME@VA=TYPE:N[=CONTENTS] as sim-kernel's -buf, at address VA (repeatable)")
	fs.Var(&readOnly, "ro", "map buffer NAME read-only, so that a write to it is a page fault (repeatable)")
	fs.Var(&dumps, "dump", "print only this buffer (repeatable; default all)")
	path, status := parseOneFile(e, c, fs, args)
	if status >= 0 {
		return status
	}
	usage := func(format string, a ...any) int {
		fmt.Fprintf(e.stderr, "zincc sim-ib: "+format+"\n", a...)
		return exitUsage
	}
	failed := func(err error) int {
		fmt.Fprintf(e.stderr, "zincc sim-ib: %v\n", err)
		return exitInput
	}
	mode, ok := sim.ParseHazardMode(*hazards)
	if !ok {
		return usage("-hazards %q: want error, warn or off", *hazards)
	}
	buffers, err := simkernel.ParseBuffers(bufs, parsePlacedBuf)
	if err != nil {
		return usage("%v", err)
	}
	ro := map[string]bool{}
	for _, name := range readOnly {
		ro[name] = true
	}
	for _, name := range append(append([]string(nil), readOnly...), dumps...) {
		if simkernel.Find(buffers, name) == nil {
			return usage("no buffer %q (see -buf)", name)
		}
	}

	src, path, err := readInput(e, path)
	if err != nil {
		return failed(err)
	}
	ib, format, err := pm4.ParseIB(src)
	if err != nil {
		return failed(fmt.Errorf("%s: %w", path, err))
	}
	if len(ib) == 0 {
		return failed(fmt.Errorf("%s: the IB is empty", path))
	}

	g := sim.New(sim.Config{Hazards: mode, MaxInstructions: *budget})
	var loaded []*siCode
	for _, spec := range codes {
		code, err := loadCode(spec, *wave64)
		if err != nil {
			return failed(err)
		}
		backing := make([]byte, (len(code.code)+4095)&^4095)
		copy(backing, code.code)
		if err := g.MapBacking(code.va, backing, sim.PermRX, code.path); err != nil {
			return failed(fmt.Errorf("-code %s: %w", spec, err))
		}
		for name, off := range code.symbols {
			g.Label(code.va+uint64(off), name)
		}
		loaded = append(loaded, code)
	}
	for _, b := range buffers {
		perm := sim.PermRW
		if ro[b.Name] {
			perm = sim.PermRead
		}
		backing := make([]byte, (len(b.Data)+4095)&^4095)
		copy(backing, b.Data)
		if err := g.MapBacking(b.VA, backing, perm, b.Name); err != nil {
			return failed(fmt.Errorf("-buf %s: %w", b.Name, err))
		}
		b.Data = backing[:len(b.Data)]
	}

	st, runErr := g.Execute(ib)
	if *asJSON {
		writeSimIBJSON(e, path, format, len(ib), st, shownBuffers(buffers, dumps), runErr)
	} else {
		fmt.Fprintf(e.stdout, "IB %s (%s, %d dwords): %d packets, %d dispatches, %d workgroups, %d waves, %d instructions, %d lane-instructions\n",
			path, format, len(ib), st.Packets, st.Dispatches, st.Workgroups, st.Waves, st.Instructions, st.LaneInstructions)
		for _, code := range loaded {
			fmt.Fprintf(e.stdout, "code %s at 0x%x, %d bytes%s\n", code.path, code.va, len(code.code), symbolList(code.symbols))
		}
		for _, w := range st.Warnings {
			fmt.Fprintf(e.stderr, "zincc sim-ib: warning: %v\n", w)
		}
		if runErr == nil {
			printBuffers(e.stdout, shownBuffers(buffers, dumps))
		}
	}
	if runErr != nil {
		return failed(runErr)
	}
	return exitOK
}

// symbolList lists an assembled file's labels by offset, for building IBs.
func symbolList(symbols map[string]int) string {
	if len(symbols) == 0 {
		return ""
	}
	names := make([]string, 0, len(symbols))
	for name := range symbols {
		names = append(names, name)
	}
	sort.Slice(names, func(i, j int) bool {
		if symbols[names[i]] != symbols[names[j]] {
			return symbols[names[i]] < symbols[names[j]]
		}
		return names[i] < names[j]
	})
	var b strings.Builder
	b.WriteString(":")
	for _, name := range names {
		fmt.Fprintf(&b, " %s=+0x%x", name, symbols[name])
	}
	return b.String()
}

func writeSimIBJSON(e *env, path string, format pm4.IBFormat, dwords int, st sim.Stats, bufs []*simkernel.Buffer, runErr error) {
	out := struct {
		IB       string      `json:"ib"`
		Format   string      `json:"format"`
		Dwords   int         `json:"dwords"`
		Stats    any         `json:"stats"`
		Warnings []string    `json:"warnings,omitempty"`
		Buffers  []jsonBuf   `json:"buffers"`
		Error    *jsonRunErr `json:"error,omitempty"`
	}{IB: path, Format: format.String(), Dwords: dwords,
		Stats: map[string]uint64{"packets": uint64(st.Packets), "dispatches": uint64(st.Dispatches), "workgroups": st.Workgroups,
			"waves": st.Waves, "instructions": st.Instructions, "lane_instructions": st.LaneInstructions},
		Buffers: jsonBuffers(bufs, runErr == nil), Error: runError(runErr)}
	for _, w := range st.Warnings {
		out.Warnings = append(out.Warnings, w.Error())
	}
	writeJSON(e, "sim-ib", out)
}
