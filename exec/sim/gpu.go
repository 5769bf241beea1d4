package sim

import (
	"fmt"
	"time"

	"zincc/isa"
	"zincc/pm4"
)

// Defaults for the limits in Config.
const (
	// DefaultMaxInstructions is the per-dispatch instruction budget: about
	// a second or two of emulation, far above what any kernel of a tiny
	// model needs.
	DefaultMaxInstructions = 1 << 27
	// DefaultMaxWall is the per-dispatch wall-clock bound: far beyond
	// what the instruction budget takes to run out.
	DefaultMaxWall = 10 * time.Minute
	// DefaultMaxPackets bounds the packets one submission may execute, IB
	// chains included.
	DefaultMaxPackets = 1 << 22
	// DefaultMaxIBDepth is how deep INDIRECT_BUFFER packets may nest. A
	// real compute queue has ring -> IB1 only (no IB2); the emulator
	// allows a little more so a ring can call an IB that chains onward.
	DefaultMaxIBDepth = 4
	// DefaultMaxWarnings caps Stats.Warnings in HazardWarn mode.
	DefaultMaxWarnings = 64
)

// Config sets up an emulated GPU.
type Config struct {
	// Hazards says what a missing barrier between dispatches does
	// (default HazardStop).
	Hazards HazardMode
	// MaxInstructions is the watchdog: wave instructions one dispatch may
	// execute in all before it is reported as a hang (0: the default).
	MaxInstructions uint64
	// MaxWall bounds the wall-clock time of one dispatch (0: the
	// default, DefaultMaxWall): the instruction budget does not count the
	// emulator's own work per workgroup and per access (launching waves,
	// the race checkers), so a huge grid of tiny workgroups is caught here.
	MaxWall time.Duration
	// MaxPackets bounds the PM4 packets of one submission (0: the default).
	MaxPackets int
	// MaxIBDepth bounds INDIRECT_BUFFER nesting (0: the default).
	MaxIBDepth int
	// MaxWarnings caps the hazards kept in Stats.Warnings (0: the default).
	MaxWarnings int
	// CountOps makes every submission count the instructions it executes
	// by mnemonic (Stats.Ops); coverage tests use it.
	CountOps bool
	// Profile, if set, makes every dispatch record a DispatchProfile
	// (profile.go) for a cost model, and may sample workgroups.
	Profile *ProfileConfig
	// Interrupt, if set, is called when a RELEASE_MEM asks for an
	// interrupt (INT_SEL != 0), after its data is written; ctxID is the
	// packet's INT_CTXID. A fake driver uses it to signal fences.
	Interrupt func(ctxID uint32)
}

// GPU is an emulated gfx1201 GPU with one compute queue: a simulated GPU
// virtual address space, the SH registers of the compute pipe, a PM4
// command processor and a wave interpreter. It is not safe for concurrent
// use; a driver serialises submissions.
type GPU struct {
	cfg    Config
	mem    memory
	sh     [pm4.SHRegWindow]uint32
	progs  map[progKey]*program
	labels map[uint64]string
	hz     hazardChecker
	// clock counts instructions executed since New; RELEASE_MEM and
	// COPY_DATA read it as the GPU clock.
	clock uint64
	// wavePool and lds are reused between workgroups.
	wavePool []*wave
	lds      []byte
	ldsT     ldsTracker // the LDS race checker's memory (ldsrace.go)
}

// New returns a GPU with nothing mapped and every SH register zero.
func New(cfg Config) *GPU {
	if cfg.MaxInstructions == 0 {
		cfg.MaxInstructions = DefaultMaxInstructions
	}
	if cfg.MaxWall <= 0 {
		cfg.MaxWall = DefaultMaxWall
	}
	if cfg.MaxPackets <= 0 {
		cfg.MaxPackets = DefaultMaxPackets
	}
	if cfg.MaxIBDepth <= 0 {
		cfg.MaxIBDepth = DefaultMaxIBDepth
	}
	if cfg.MaxWarnings <= 0 {
		cfg.MaxWarnings = DefaultMaxWarnings
	}
	g := &GPU{cfg: cfg, progs: map[progKey]*program{}, labels: map[uint64]string{}}
	g.hz.mode = cfg.Hazards
	return g
}

// Config returns the configuration with defaults filled in.
func (g *GPU) Config() Config { return g.cfg }

// SetHazardMode changes what the hazard checker does from the next
// submission on.
func (g *GPU) SetHazardMode(m HazardMode) {
	g.cfg.Hazards = m
	g.hz.mode = m
}

// MaxMapSize bounds the memory Map allocates for one mapping; larger
// buffers can be mapped with MapBacking.
const MaxMapSize = 1 << 33

// Map maps size zeroed bytes at GPU virtual address va; the emulator
// allocates them (at most MaxMapSize).
func (g *GPU) Map(va, size uint64, perm Perm, name string) error {
	if size == 0 || size > MaxMapSize {
		return fmt.Errorf("%w: mapping %q of 0x%x bytes (Map allocates 1 to 0x%x bytes)", ErrMapping, name, size, uint64(MaxMapSize))
	}
	return g.mem.add(va, make([]byte, size), perm, name)
}

// MapBacking maps backing at va without copying it: the GPU's view and the
// caller's slice share memory, the way a CPU mapping of a buffer object
// shares it with the GPU. Writes the caller makes directly into backing
// bypass the emulator; if they change code, the next dispatch of that
// code still sees them (programs are re-checked against memory before
// every dispatch).
func (g *GPU) MapBacking(va uint64, backing []byte, perm Perm, name string) error {
	return g.mem.add(va, backing, perm, name)
}

// Unmap removes the mapping that starts at va.
func (g *GPU) Unmap(va uint64) error {
	if err := g.mem.remove(va); err != nil {
		return err
	}
	for k, p := range g.progs {
		if p.mp.va == va {
			delete(g.progs, k)
		}
	}
	return nil
}

// Mappings lists the mappings in address order.
func (g *GPU) Mappings() []MappingInfo {
	out := make([]MappingInfo, len(g.mem.maps))
	for i, m := range g.mem.maps {
		out[i] = m.info()
	}
	return out
}

// Read copies len(p) bytes at va into p. It may span adjacent mappings and
// ignores their permissions (it is the CPU's view).
func (g *GPU) Read(va uint64, p []byte) error {
	parts, err := g.mem.host(va, uint64(len(p)), AccessRead)
	if err != nil {
		return err
	}
	for _, b := range parts {
		p = p[copy(p, b):]
	}
	return nil
}

// Write copies p to va. It may span adjacent mappings and ignores their
// permissions, as a CPU upload does.
func (g *GPU) Write(va uint64, p []byte) error {
	parts, err := g.mem.host(va, uint64(len(p)), AccessWrite)
	if err != nil {
		return err
	}
	for _, b := range parts {
		p = p[copy(b, p):]
	}
	return nil
}

// Bytes returns the n bytes at va as a slice of the mapping's memory
// (no copy), or a page fault if they are not all inside one mapping.
func (g *GPU) Bytes(va, n uint64) ([]byte, error) {
	mp := g.mem.find(va, n)
	if mp == nil || n == 0 {
		return nil, &PageFault{Addr: va, Size: int(n), Access: AccessRead, Reason: "unmapped", Nearest: g.mem.nearest(va), Site: noSite()}
	}
	off := va - mp.va
	return mp.data[off : off+n : off+n], nil
}

// Label names the kernel whose code starts at va; errors and statistics
// show the name.
func (g *GPU) Label(va uint64, name string) { g.labels[va] = name }

// SHReg returns the current value of an SH register.
func (g *GPU) SHReg(r pm4.Reg) uint32 {
	if int(r) < len(g.sh) {
		return g.sh[r]
	}
	return 0
}

// SetSHReg sets an SH register, as a SET_SH_REG packet would.
func (g *GPU) SetSHReg(r pm4.Reg, v uint32) {
	if int(r) < len(g.sh) {
		g.sh[r] = v
	}
}

// InvalidateCode drops every pre-decoded program, as an instruction-cache
// invalidation does. Programs are also re-validated against memory before
// each dispatch, so this only frees memory.
func (g *GPU) InvalidateCode() {
	for k := range g.progs {
		delete(g.progs, k)
	}
}

// Stats describes one submission (or one direct Dispatch).
type Stats struct {
	Packets    int // PM4 packets executed, IB packets included
	Dispatches int
	Workgroups uint64
	Waves      uint64
	// Instructions counts wave instructions; LaneInstructions counts, for
	// each vector instruction, its active lanes (EXEC bits), and 1 for each
	// scalar instruction.
	Instructions     uint64
	LaneInstructions uint64
	Interrupts       int
	// Warnings holds the hazards found in HazardWarn mode.
	Warnings []*HazardError
	// PerDispatch describes each dispatch in order.
	PerDispatch []DispatchStats
	// Ops counts executed instructions by mnemonic (both operations of a
	// VOPD pair), when Config.CountOps is set.
	Ops map[isa.Op]uint64
}

// DispatchStats describes one dispatch.
type DispatchStats struct {
	Index            int
	Packet           string
	IBOffset         int
	Kernel           uint64
	KernelName       string
	Groups           [3]uint32
	Block            [3]uint32
	Wave32           bool
	Waves            uint64
	Instructions     uint64
	LaneInstructions uint64
	// Flushes and Acquires count the CS_PARTIAL_FLUSH events and
	// ACQUIRE_MEM packets the CP met since the previous dispatch (a
	// lowering's barrier is one of each).
	Flushes, Acquires int
	// Profile is the dispatch's profile when Config.Profile is set.
	Profile *DispatchProfile
}

func (s *Stats) add(d DispatchStats) {
	s.Dispatches++
	s.Waves += d.Waves
	s.Workgroups += uint64(d.Groups[0]) * uint64(d.Groups[1]) * uint64(d.Groups[2])
	s.Instructions += d.Instructions
	s.LaneInstructions += d.LaneInstructions
	s.PerDispatch = append(s.PerDispatch, d)
}
