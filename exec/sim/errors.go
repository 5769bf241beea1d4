package sim

import (
	"errors"
	"fmt"
	"strings"
)

// Sentinel errors: every error a submission returns wraps exactly one of
// them, so callers can test the kind with errors.Is and read the details
// with errors.As on the typed error.
var (
	ErrPageFault              = errors.New("GPU page fault")
	ErrHang                   = errors.New("GPU hang")
	ErrHazard                 = errors.New("memory hazard between dispatches")
	ErrUnsupportedPacket      = errors.New("unsupported PM4 packet")
	ErrBadPacket              = errors.New("malformed PM4 packet")
	ErrUnsupportedInstruction = errors.New("unsupported instruction")
	ErrIllegalInstruction     = errors.New("illegal instruction")
	ErrBadLaunch              = errors.New("invalid dispatch state")
	ErrMapping                = errors.New("invalid mapping request")
	ErrMissingWait            = errors.New("register used before its load returned")
	// ErrInternal marks a panic inside the emulator, recovered and
	// reported instead of crashing the host: always an emulator bug.
	ErrInternal = errors.New("internal emulator error")
)

// Access is the kind of a memory access.
type Access uint8

// Access kinds. Atomic accesses read and write.
const (
	AccessRead Access = iota + 1
	AccessWrite
	AccessExec // instruction fetch
	AccessAtomic
	AccessScalarRead // SMEM: goes through the scalar (K$) cache
)

var accessNames = [...]string{"", "read", "write", "instruction fetch", "atomic", "scalar read"}

// String names the access ("read", "write", ...).
func (a Access) String() string {
	if int(a) < len(accessNames) && a != 0 {
		return accessNames[a]
	}
	return fmt.Sprintf("access(%d)", uint8(a))
}

// Site says where in a submission something happened. Fields that do not
// apply hold -1 (Dispatch, Wave, Lane) or are empty.
type Site struct {
	// Dispatch is the index of the dispatch within the submission, counted
	// from 0 in packet order; -1 when the command processor itself (not a
	// shader) did the access.
	Dispatch int
	// Packet names the PM4 packet being executed ("direct launch" for
	// GPU.Dispatch); IBOffset is the dword index of its header in the IB at
	// IBAddr (0 for an IB passed by value to Execute), -1 when there is no
	// IB.
	Packet   string
	IBOffset int
	IBAddr   uint64
	// Kernel is the code address of the dispatch and its label, if one was
	// given with GPU.Label.
	Kernel     uint64
	KernelName string
	// Workgroup, Wave and Lane locate the thread: the workgroup id, the wave
	// index within its workgroup and the lane within the wave.
	Workgroup [3]uint32
	Wave      int
	Lane      int
	// PC is the address of the instruction and Inst its disassembly.
	PC   uint64
	Inst string
}

// noSite is the site of an access made outside any submission (a host
// Read or Write).
func noSite() Site { return Site{Dispatch: -1, Wave: -1, Lane: -1, IBOffset: -1} }

// String formats the site on one line, leaving out what does not apply.
func (s Site) String() string {
	var b strings.Builder
	if s.Packet != "" {
		b.WriteString(s.Packet)
		if s.IBOffset >= 0 {
			fmt.Fprintf(&b, " at IB dword %d", s.IBOffset)
		}
		if s.IBAddr != 0 {
			fmt.Fprintf(&b, " (IB 0x%x)", s.IBAddr)
		}
	}
	if s.Dispatch >= 0 {
		if b.Len() > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "dispatch %d", s.Dispatch)
		if s.KernelName != "" {
			fmt.Fprintf(&b, " (%s)", s.KernelName)
		}
		if s.Wave >= 0 {
			fmt.Fprintf(&b, ", workgroup (%d,%d,%d) wave %d", s.Workgroup[0], s.Workgroup[1], s.Workgroup[2], s.Wave)
			if s.Lane >= 0 {
				fmt.Fprintf(&b, " lane %d", s.Lane)
			}
			fmt.Fprintf(&b, ", pc 0x%x", s.PC)
			if s.Inst != "" {
				fmt.Fprintf(&b, ": %s", s.Inst)
			}
		}
	}
	if b.Len() == 0 {
		return "host access"
	}
	return b.String()
}

// MappingInfo describes one mapping of simulated GPU memory.
type MappingInfo struct {
	Name string
	VA   uint64
	Size uint64
	Perm Perm
}

// String formats the mapping as `"name" [0xva, 0xend) rw-`.
func (m MappingInfo) String() string {
	return fmt.Sprintf("%q [0x%x, 0x%x) %s", m.Name, m.VA, m.VA+m.Size, m.Perm)
}

// PageFault is an access to an address no mapping covers, or one the
// mapping does not permit (a write to read-only memory, an instruction
// fetch from memory that is not executable).
type PageFault struct {
	Addr   uint64
	Size   int
	Access Access
	// Reason says why the access faulted: "unmapped", "read-only",
	// "not readable" or "not executable".
	Reason string
	// Nearest is the mapping closest to Addr (the one that holds it, for a
	// permission fault); nil when nothing is mapped.
	Nearest *MappingInfo
	Site    Site
}

// Error describes the fault: the access, the address, the nearest mapping and where it happened.
func (e *PageFault) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "GPU page fault: %d-byte %s at 0x%x (%s)", e.Size, e.Access, e.Addr, e.Reason)
	if e.Nearest != nil {
		n := e.Nearest
		switch {
		case e.Addr < n.VA:
			fmt.Fprintf(&b, "; 0x%x bytes below the start of the nearest mapping %s", n.VA-e.Addr, n)
		case e.Addr >= n.VA+n.Size:
			fmt.Fprintf(&b, "; 0x%x bytes past the end of the nearest mapping %s", e.Addr-(n.VA+n.Size), n)
		default:
			fmt.Fprintf(&b, "; in mapping %s at offset 0x%x", n, e.Addr-n.VA)
		}
	} else {
		b.WriteString("; nothing is mapped")
	}
	fmt.Fprintf(&b, "; %s", e.Site)
	return b.String()
}

// Unwrap returns ErrPageFault.
func (e *PageFault) Unwrap() error { return ErrPageFault }

// WaveState is where one wave was when a hang was reported.
type WaveState struct {
	Workgroup [3]uint32
	Wave      int
	PC        uint64
	State     string // "running", "at barrier", "ended"
}

// HangError reports work that would never finish on a GPU: a dispatch that
// exceeded its instruction budget (an endless loop, or a budget set too
// low), a WAIT_REG_MEM whose condition nothing in a single queue can make
// true, or a chain of packets longer than the packet budget.
type HangError struct {
	Reason string
	// Budget is the limit that was exceeded (instructions per dispatch or
	// packets per submission); 0 when no budget applies.
	Budget uint64
	// Site is where the hang was detected: the wave that used the last
	// instruction of the budget, or the packet.
	Site Site
	// Waves lists the waves of the workgroup that was running.
	Waves []WaveState
}

// Error describes the hang: why, where, and the state of every wave.
func (e *HangError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "GPU hang: %s", e.Reason)
	if e.Budget != 0 {
		fmt.Fprintf(&b, " (budget %d)", e.Budget)
	}
	fmt.Fprintf(&b, "; %s", e.Site)
	for _, w := range e.Waves {
		fmt.Fprintf(&b, "; wave %d of workgroup (%d,%d,%d) %s at pc 0x%x", w.Wave, w.Workgroup[0], w.Workgroup[1], w.Workgroup[2], w.State, w.PC)
	}
	return b.String()
}

// Unwrap returns ErrHang.
func (e *HangError) Unwrap() error { return ErrHang }

// DispatchRef names a dispatch (or a command-processor memory access) in a
// hazard report.
type DispatchRef struct {
	Index      int    // dispatch index in the submission; -1 for a CP packet
	Packet     string // DISPATCH_DIRECT, WRITE_DATA, ...
	IBOffset   int
	IBAddr     uint64
	Kernel     uint64
	KernelName string
}

// String names the dispatch (or CP packet) and where its packet is.
func (d DispatchRef) String() string {
	var b strings.Builder
	if d.Index >= 0 {
		fmt.Fprintf(&b, "dispatch %d", d.Index)
		if d.KernelName != "" {
			fmt.Fprintf(&b, " (%s)", d.KernelName)
		} else if d.Kernel != 0 {
			fmt.Fprintf(&b, " (code 0x%x)", d.Kernel)
		}
		b.WriteString(" from ")
	}
	b.WriteString(d.Packet)
	if d.IBOffset >= 0 {
		fmt.Fprintf(&b, " at IB dword %d", d.IBOffset)
	}
	if d.IBAddr != 0 {
		fmt.Fprintf(&b, " (IB 0x%x)", d.IBAddr)
	}
	return b.String()
}

// HazardError reports two dispatches that touch the same bytes, at least
// one of them writing, with no barrier between them that would order them
// on a GPU (see the package documentation for what counts as a barrier).
type HazardError struct {
	Earlier, Later             DispatchRef
	EarlierAccess, LaterAccess Access
	// Lo and Hi bound the first overlapping byte range, [Lo, Hi).
	Lo, Hi uint64
	// Mapping names the mapping that holds Lo ("" if none does).
	Mapping string
	// Missing says what barrier would have ordered them.
	Missing string
	// Race marks a race between two workgroups of one dispatch (Earlier
	// and Later are the same): EarlierGroup ran before LaterGroup here,
	// but nothing orders them on a GPU, which runs them concurrently.
	Race                     bool
	EarlierGroup, LaterGroup [3]uint32
	// LDS marks a race between two waves of one workgroup over LDS bytes
	// [Lo, Hi) with no barrier between their accesses (Race is unset);
	// Site is where the later access happened.
	LDS                    bool
	EarlierWave, LaterWave int
	Site                   Site
}

// Error names both accesses, the bytes they share and what would have ordered them.
func (e *HazardError) Error() string {
	where := ""
	if e.Mapping != "" {
		where = fmt.Sprintf(" in %q", e.Mapping)
	}
	if e.LDS {
		return fmt.Sprintf("LDS race: wave %d %s LDS [0x%x, 0x%x) which wave %d of the same workgroup %s since the last barrier; "+
			"waves run concurrently, so put s_barrier_signal -1 / s_barrier_wait -1 between them; %s",
			e.LaterWave, presentTense(e.LaterAccess), e.Lo, e.Hi, e.EarlierWave, pastTense(e.EarlierAccess), e.Site)
	}
	if e.Race {
		return fmt.Sprintf("memory race: workgroup (%d,%d,%d) of %s %s [0x%x, 0x%x)%s which workgroup (%d,%d,%d) of the same dispatch %s; "+
			"the workgroups of a dispatch run in no fixed order (use atomics, release and acquire through an atomic at device scope, or split the work into dispatches with a barrier between them)",
			e.LaterGroup[0], e.LaterGroup[1], e.LaterGroup[2], e.Later, presentTense(e.LaterAccess), e.Lo, e.Hi, where,
			e.EarlierGroup[0], e.EarlierGroup[1], e.EarlierGroup[2], pastTense(e.EarlierAccess))
	}
	return fmt.Sprintf("memory hazard: %s %s [0x%x, 0x%x)%s which %s %s, with no barrier between them (missing %s)",
		e.Later, presentTense(e.LaterAccess), e.Lo, e.Hi, where, e.Earlier, pastTense(e.EarlierAccess), e.Missing)
}

func presentTense(a Access) string {
	switch a {
	case AccessRead:
		return "reads"
	case AccessWrite:
		return "writes"
	case AccessAtomic:
		return "updates atomically"
	case AccessScalarRead:
		return "reads through the scalar cache"
	}
	return a.String() + "es"
}

func pastTense(a Access) string {
	switch a {
	case AccessRead, AccessScalarRead:
		return "read"
	case AccessWrite:
		return "wrote"
	case AccessAtomic:
		return "updated atomically"
	}
	return a.String()
}

// Unwrap returns ErrHazard.
func (e *HazardError) Unwrap() error { return ErrHazard }

// PacketError is a PM4 packet the emulated command processor does not
// execute, or one whose fields it cannot honour.
type PacketError struct {
	Name     string // packet name, e.g. "SET_UCONFIG_REG"
	Offset   int    // dword index of the header in its IB
	IBAddr   uint64 // GPU address of the IB, 0 for an IB passed by value
	Detail   string
	sentinel error
}

// Error names the packet, where it is and why it cannot run.
func (e *PacketError) Error() string {
	at := fmt.Sprintf("IB dword %d", e.Offset)
	if e.IBAddr != 0 {
		at += fmt.Sprintf(" (IB 0x%x)", e.IBAddr)
	}
	if e.sentinel == ErrUnsupportedPacket {
		return fmt.Sprintf("unsupported PM4 packet %s at %s: %s", e.Name, at, e.Detail)
	}
	return fmt.Sprintf("bad PM4 packet %s at %s: %s", e.Name, at, e.Detail)
}

// Unwrap returns ErrUnsupportedPacket or ErrBadPacket.
func (e *PacketError) Unwrap() error { return e.sentinel }

// InstructionError is an instruction the interpreter cannot execute: one
// it has no semantics for (ErrUnsupportedInstruction), bytes that do not
// decode, or a use the hardware forbids, such as a VGPR beyond the
// dispatch's allocation (ErrIllegalInstruction).
type InstructionError struct {
	Mnemonic string // "" when the bytes did not decode
	Detail   string
	Site     Site
	sentinel error
}

// Error names the instruction, why it cannot run and where.
func (e *InstructionError) Error() string {
	what := "illegal instruction"
	if e.sentinel == ErrUnsupportedInstruction {
		what = "unsupported instruction"
	}
	name := e.Mnemonic
	if name == "" {
		name = "(undecodable)"
	}
	return fmt.Sprintf("%s %s at pc 0x%x: %s; %s", what, name, e.Site.PC, e.Detail, e.Site)
}

// Unwrap returns ErrUnsupportedInstruction or ErrIllegalInstruction.
func (e *InstructionError) Unwrap() error { return e.sentinel }

// LaunchError is dispatch state the emulator refuses: a workgroup larger
// than the hardware allows, an LDS request over 64 KiB, a zero shader
// enable bit, an unmodelled rounding mode.
type LaunchError struct {
	Detail string
	Site   Site
}

// Error says what is wrong with the launch and where it was made.
func (e *LaunchError) Error() string {
	return fmt.Sprintf("invalid dispatch: %s; %s", e.Detail, e.Site)
}

// Unwrap returns ErrBadLaunch.
func (e *LaunchError) Unwrap() error { return ErrBadLaunch }
