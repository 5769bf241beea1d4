package main

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand"
	"path/filepath"
	"strconv"
	"strings"

	"zincc/exec/sim"
	"zincc/internal/ggml"
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

// Addresses sim-kernel maps things at: code, then each buffer on its own
// 64 KiB-aligned slot with an unmapped gap after it, so running off the
// end of a buffer is a page fault rather than a write into the next.
const (
	skCodeVA   = 0x1_0000_0000
	skBufferVA = 0x2_0000_0000
)

// skBuffer is one -buf: a typed array placed in simulated GPU memory.
type skBuffer struct {
	name  string
	typ   string // f32, f16, u32, i32, bytes
	count int
	va    uint64
	data  []byte
}

func elemSize(typ string) int {
	switch typ {
	case "f32", "u32", "i32":
		return 4
	case "f16":
		return 2
	case "bytes":
		return 1
	}
	return 0
}

// parseBuffers parses every -buf with parse, refusing two of one name.
func parseBuffers(specs []string, parse func(string) (*skBuffer, error)) ([]*skBuffer, error) {
	var buffers []*skBuffer
	for _, spec := range specs {
		b, err := parse(spec)
		if err != nil {
			return nil, err
		}
		for _, o := range buffers {
			if o.name == b.name {
				return nil, fmt.Errorf("two buffers are called %q", b.name)
			}
		}
		buffers = append(buffers, b)
	}
	return buffers, nil
}

// parseBuf reads NAME=TYPE:N[=CONTENTS]; CONTENTS is zeros (the default),
// random(SEED), file(PATH) or a comma-separated list of N values.
func parseBuf(spec string) (*skBuffer, error) {
	name, rest, ok := strings.Cut(spec, "=")
	if !ok || name == "" {
		return nil, fmt.Errorf("-buf %q: want NAME=TYPE:N[=CONTENTS]", spec)
	}
	typeCount, contents, _ := strings.Cut(rest, "=")
	typ, n, ok := strings.Cut(typeCount, ":")
	if !ok || elemSize(typ) == 0 {
		return nil, fmt.Errorf("-buf %s: type must be f32, f16, u32, i32 or bytes followed by :COUNT, not %q", name, typeCount)
	}
	count, err := strconv.Atoi(n)
	if err != nil || count <= 0 || count > 1<<26 {
		return nil, fmt.Errorf("-buf %s: element count %q is not a positive number up to 2^26", name, n)
	}
	b := &skBuffer{name: name, typ: typ, count: count, data: make([]byte, count*elemSize(typ))}
	switch {
	case contents == "" || contents == "zeros":
	case strings.HasPrefix(contents, "random(") && strings.HasSuffix(contents, ")"):
		seed, err := strconv.ParseInt(contents[7:len(contents)-1], 0, 64)
		if err != nil {
			return nil, fmt.Errorf("-buf %s: bad seed in %q", name, contents)
		}
		b.fillRandom(seed)
	case strings.HasPrefix(contents, "file(") && strings.HasSuffix(contents, ")"):
		// Read at most one byte more than the buffer holds: file(/dev/zero)
		// must not read forever.
		data, err := readFileLimit(contents[5:len(contents)-1], int64(len(b.data)))
		if err != nil {
			return nil, fmt.Errorf("-buf %s: %v (the buffer holds %d bytes)", name, err, len(b.data))
		}
		copy(b.data, data)
	default:
		vals := strings.Split(contents, ",")
		if len(vals) != count {
			return nil, fmt.Errorf("-buf %s: %d values given for %d elements", name, len(vals), count)
		}
		for i, v := range vals {
			if err := b.set(i, strings.TrimSpace(v)); err != nil {
				return nil, fmt.Errorf("-buf %s: element %d: %v", name, i, err)
			}
		}
	}
	return b, nil
}

func (b *skBuffer) fillRandom(seed int64) {
	rng := rand.New(rand.NewSource(seed))
	for i := 0; i < b.count; i++ {
		switch b.typ {
		case "f32":
			binary.LittleEndian.PutUint32(b.data[4*i:], math.Float32bits(float32(rng.Float64()*2-1)))
		case "f16":
			binary.LittleEndian.PutUint16(b.data[2*i:], ggml.F32ToF16(float32(rng.Float64()*2-1)))
		case "u32", "i32":
			binary.LittleEndian.PutUint32(b.data[4*i:], rng.Uint32())
		case "bytes":
			b.data[i] = byte(rng.Intn(256))
		}
	}
}

func (b *skBuffer) set(i int, v string) error {
	switch b.typ {
	case "f32", "f16":
		f, err := strconv.ParseFloat(v, 32)
		if err != nil {
			return err
		}
		if b.typ == "f32" {
			binary.LittleEndian.PutUint32(b.data[4*i:], math.Float32bits(float32(f)))
		} else {
			binary.LittleEndian.PutUint16(b.data[2*i:], ggml.F32ToF16(float32(f)))
		}
	case "u32":
		x, err := strconv.ParseUint(v, 0, 32)
		if err != nil {
			return err
		}
		binary.LittleEndian.PutUint32(b.data[4*i:], uint32(x))
	case "i32":
		x, err := strconv.ParseInt(v, 0, 32)
		if err != nil {
			return err
		}
		binary.LittleEndian.PutUint32(b.data[4*i:], uint32(x))
	case "bytes":
		x, err := strconv.ParseUint(v, 0, 8)
		if err != nil {
			return err
		}
		b.data[i] = byte(x)
	}
	return nil
}

// value returns element i for printing: a float64, an int64 or a string
// for a non-finite float (JSON has no NaN).
func (b *skBuffer) value(i int) any {
	var f float64
	switch b.typ {
	case "f32":
		f = float64(math.Float32frombits(binary.LittleEndian.Uint32(b.data[4*i:])))
	case "f16":
		f = float64(ggml.F16ToF32(binary.LittleEndian.Uint16(b.data[2*i:])))
	case "u32":
		return int64(binary.LittleEndian.Uint32(b.data[4*i:]))
	case "i32":
		return int64(int32(binary.LittleEndian.Uint32(b.data[4*i:])))
	case "bytes":
		return int64(b.data[i])
	}
	switch {
	case math.IsNaN(f):
		return "NaN"
	case math.IsInf(f, 1):
		return "+Inf"
	case math.IsInf(f, -1):
		return "-Inf"
	}
	return f
}

func (b *skBuffer) text(i int) string {
	switch v := b.value(i).(type) {
	case float64:
		if b.typ == "f32" {
			return strconv.FormatFloat(v, 'g', -1, 32)
		}
		return strconv.FormatFloat(v, 'g', -1, 64)
	case int64:
		if b.typ == "bytes" {
			return fmt.Sprintf("%02x", v)
		}
		return strconv.FormatInt(v, 10)
	case string:
		return v
	}
	return "?"
}

// parseSGPR reads a scalar argument: an integer (decimal, 0x hex or
// negative), or u32:V, i32:V, f32:V.
func parseSGPR(s string) (uint32, error) {
	typ, v, ok := strings.Cut(s, ":")
	if !ok {
		typ, v = "", s
	}
	switch typ {
	case "f32":
		f, err := strconv.ParseFloat(v, 32)
		return math.Float32bits(float32(f)), err
	case "u32":
		x, err := strconv.ParseUint(v, 0, 32)
		return uint32(x), err
	case "i32":
		x, err := strconv.ParseInt(v, 0, 32)
		return uint32(x), err
	case "":
		if x, err := strconv.ParseInt(v, 0, 64); err == nil && x >= math.MinInt32 && x <= math.MaxUint32 {
			return uint32(x), nil
		}
		return 0, fmt.Errorf("%q is not a 32-bit integer", v)
	}
	return 0, fmt.Errorf("type %q: want u32, i32 or f32 (as in u32:7)", typ)
}

func parseDims(s, what string) ([3]uint32, error) {
	var d [3]uint32
	parts := strings.Split(s, ",")
	if len(parts) > 3 {
		return d, fmt.Errorf("-%s %q: at most three dimensions", what, s)
	}
	d = [3]uint32{1, 1, 1}
	for i, p := range parts {
		x, err := strconv.ParseUint(strings.TrimSpace(p), 0, 32)
		if err != nil || x == 0 {
			return d, fmt.Errorf("-%s %q: dimension %d is not a positive integer", what, s, i)
		}
		d[i] = uint32(x)
	}
	return d, nil
}

// skKernel is the code sim-kernel runs and what its source says about it.
type skKernel struct {
	name  string
	code  []byte
	entry uint64 // byte offset of the entry in code
	desc  *isa.Descriptor
	w64   bool
}

func loadKernel(path string, src []byte, name string, wave32, wave64 bool) (*skKernel, error) {
	if !strings.HasSuffix(path, ".s") && !strings.HasSuffix(path, ".S") && !strings.HasSuffix(path, ".asm") {
		k := &skKernel{name: filepath.Base(path), code: src, w64: wave64}
		if name != "" {
			return nil, errors.New("-kernel needs assembly input (raw code has no symbols)")
		}
		return k, nil
	}
	obj, err := isa.AssembleWith(path, src, isa.Options{Wave64: wave64})
	if err != nil {
		return nil, err
	}
	pick := func(obj *isa.Object) (*skKernel, error) {
		k := &skKernel{code: obj.Code, w64: obj.Wave64}
		switch {
		case name != "":
			if kk, ok := obj.Kernel(name); ok {
				k.name, k.entry, k.desc = kk.Name, uint64(kk.Entry), &kk.Descriptor
				return k, nil
			}
			off, ok := obj.Symbols[name]
			if !ok {
				return nil, fmt.Errorf("no kernel or label %q in %s", name, path)
			}
			k.name, k.entry = name, uint64(off)
		case len(obj.Kernels) == 1:
			kk := obj.Kernels[0]
			k.name, k.entry, k.desc = kk.Name, uint64(kk.Entry), &kk.Descriptor
		case len(obj.Kernels) > 1:
			var names []string
			for _, kk := range obj.Kernels {
				names = append(names, kk.Name)
			}
			return nil, fmt.Errorf("%s has %d kernels (%s): choose one with -kernel", path, len(names), strings.Join(names, ", "))
		default:
			k.name = filepath.Base(path)
		}
		return k, nil
	}
	k, err := pick(obj)
	if err != nil {
		return nil, err
	}
	// A descriptor that asks for wave64 decides, unless -wave32 was given.
	if k.desc != nil && k.desc.WaveSize() == 64 && !wave64 && !wave32 {
		obj, err = isa.AssembleWith(path, src, isa.Options{Wave64: true})
		if err != nil {
			return nil, err
		}
		return pick(obj)
	}
	return k, nil
}

// maxLDS is the LDS a gfx1201 workgroup may have, in bytes.
const maxLDS = 64 * 1024

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
	if flagSet(fs, "lds") && (*lds < 0 || *lds > maxLDS) {
		return usage("-lds %d: want 0 to %d bytes (gfx1201 gives a workgroup at most %d)", *lds, maxLDS, maxLDS)
	}
	if flagSet(fs, "float-mode") && (*floatMode < 0 || *floatMode > 0xff) {
		return usage("-float-mode %d: FLOAT_MODE is a byte, 0 to 255", *floatMode)
	}
	groups, err := parseDims(*grid, "grid")
	if err != nil {
		return usage("%v", err)
	}
	buffers, err := parseBuffers(bufs, parseBuf)
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
		v, err := parseSGPR(s)
		if err != nil {
			return usage("-sgpr %s: %v", s, err)
		}
		scalars = append(scalars, v)
	}
	for _, d := range dumps {
		found := false
		for _, b := range buffers {
			found = found || b.name == d
		}
		if !found {
			return usage("-dump %s: no such buffer", d)
		}
	}
	if n := 2*len(buffers) + len(scalars); n > pm4.NumUserData {
		return usage("%d buffers and %d scalars need %d user SGPRs; there are %d", len(buffers), len(scalars), n, pm4.NumUserData)
	}
	k, err := loadKernel(path, src, *kernel, *wave32, *wave64)
	if err != nil {
		fmt.Fprintf(e.stderr, "zincc sim-kernel: %v\n", err)
		return exitInput
	}
	if len(k.code) == 0 {
		fmt.Fprintf(e.stderr, "zincc sim-kernel: %s: no code\n", path)
		return exitInput
	}
	w64 := k.w64 || *wave64
	width := uint32(32)
	if w64 {
		width = 64
	}
	threads := [3]uint32{width, 1, 1}
	if *block != "" {
		if threads, err = parseDims(*block, "block"); err != nil {
			return usage("%v", err)
		}
	}
	// Resources: the descriptor's where there is one, else everything
	// (256 VGPRs, all three work-item ids).
	rsrc1 := uint32(0x3f) // VGPRS: the most the field holds, capped at 256
	mode := uint32(0xf0)
	rsrc2 := pm4.PgmRsrc2{TIDIGCompCnt: 2}
	ldsBytes := 0
	if k.desc != nil {
		rsrc1 = k.desc.ComputePgmRsrc1()
		mode = uint32(k.desc.FloatMode())
		rsrc2 = pm4.UnpackPgmRsrc2(k.desc.ComputePgmRsrc2())
		ldsBytes = int(k.desc.LDSBytes())
	}
	if k.desc != nil && k.desc.LDSBytes() > maxLDS && *lds < 0 {
		fmt.Fprintf(e.stderr, "zincc sim-kernel: %s: kernel %s asks for %d bytes of LDS (.amdhsa_group_segment_fixed_size); gfx1201 gives a workgroup at most %d\n",
			path, k.name, k.desc.LDSBytes(), maxLDS)
		return exitInput
	}
	if *floatMode >= 0 {
		mode = uint32(*floatMode)
	}
	if *lds >= 0 {
		ldsBytes = *lds
	}
	rsrc2.LDSSize = uint32((ldsBytes + 511) / 512)
	rsrc2.UserSGPR = 0
	r2, err := rsrc2.Pack()
	if err != nil {
		fmt.Fprintf(e.stderr, "zincc sim-kernel: %v\n", err)
		return exitInput
	}
	rsrc1 = rsrc1&^(0xff<<12) | mode<<12

	g := sim.New(sim.Config{MaxInstructions: *budget, MaxWall: *timeout, Hazards: hazardMode})
	code := make([]byte, (len(k.code)+4095)&^4095)
	copy(code, k.code)
	if err := g.MapBacking(skCodeVA, code, sim.PermRX, "code"); err != nil {
		fmt.Fprintf(e.stderr, "zincc sim-kernel: %v\n", err)
		return exitInput
	}
	g.Label(skCodeVA+k.entry, k.name)
	var user []uint32
	va := uint64(skBufferVA)
	for _, b := range buffers {
		b.va = va
		if err := g.MapBacking(va, b.data, sim.PermRW, b.name); err != nil {
			fmt.Fprintf(e.stderr, "zincc sim-kernel: %v\n", err)
			return exitInput
		}
		user = append(user, uint32(va), uint32(va>>32))
		va += (uint64(len(b.data)) + 0xffff) &^ 0xffff
		va += 0x10000 // unmapped guard
	}
	user = append(user, scalars...)
	launch := sim.Launch{Entry: skCodeVA + k.entry, Rsrc1: rsrc1, Rsrc2: r2, UserSGPRs: user,
		Groups: groups, Block: threads, Wave32: !w64}
	st, runErr := g.Dispatch(launch)

	return reportSimKernel(e, k, groups, threads, width, st, buffers, dumps, *asJSON, runErr)
}

// reportSimKernel prints the run's statistics and buffers (all, or the
// -dump ones) as text or JSON, and the error if there was one.
func reportSimKernel(e *env, k *skKernel, groups, threads [3]uint32, width uint32, st sim.Stats, buffers []*skBuffer, dumps []string, asJSON bool, runErr error) int {
	shown := shownBuffers(buffers, dumps)
	if asJSON {
		writeSimKernelJSON(e, k, groups, threads, width, st, shown, runErr)
	} else {
		fmt.Fprintf(e.stdout, "kernel %s (wave%d): grid %dx%dx%d, block %dx%dx%d: %d workgroups, %d waves, %d instructions, %d lane-instructions\n",
			k.name, width, groups[0], groups[1], groups[2], threads[0], threads[1], threads[2],
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
func shownBuffers(buffers []*skBuffer, dumps []string) []*skBuffer {
	if len(dumps) == 0 {
		return buffers
	}
	var shown []*skBuffer
	for _, d := range dumps {
		for _, b := range buffers {
			if b.name == d {
				shown = append(shown, b)
			}
		}
	}
	return shown
}

// printBuffers lists buffers' elements, eight (or sixteen bytes) a line.
func printBuffers(w io.Writer, bufs []*skBuffer) {
	for _, b := range bufs {
		fmt.Fprintf(w, "%s %s[%d] at 0x%x:\n", b.name, b.typ, b.count, b.va)
		per := 8
		if b.typ == "bytes" {
			per = 16
		}
		for i := 0; i < b.count; i += per {
			fmt.Fprintf(w, "  %6d:", i)
			for j := i; j < i+per && j < b.count; j++ {
				fmt.Fprintf(w, " %s", b.text(j))
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
func jsonBuffers(bufs []*skBuffer, withValues bool) []jsonBuf {
	var out []jsonBuf
	for _, b := range bufs {
		j := jsonBuf{Name: b.name, Type: b.typ, Count: b.count, Address: fmt.Sprintf("0x%x", b.va)}
		if withValues {
			j.Values = make([]any, b.count)
			for i := range j.Values {
				j.Values[i] = b.value(i)
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

func writeSimKernelJSON(e *env, k *skKernel, groups, block [3]uint32, width uint32, st sim.Stats, bufs []*skBuffer, runErr error) {
	out := struct {
		Kernel string      `json:"kernel"`
		Wave   uint32      `json:"wave"`
		Grid   [3]uint32   `json:"grid"`
		Block  [3]uint32   `json:"block"`
		Stats  any         `json:"stats"`
		Bufs   []jsonBuf   `json:"buffers"`
		Error  *jsonRunErr `json:"error,omitempty"`
	}{Kernel: k.name, Wave: width, Grid: groups, Block: block,
		Stats: map[string]uint64{"workgroups": st.Workgroups, "waves": st.Waves, "instructions": st.Instructions, "lane_instructions": st.LaneInstructions},
		Bufs:  jsonBuffers(bufs, runErr == nil), Error: runError(runErr)}
	writeJSON(e, "sim-kernel", out)
}
