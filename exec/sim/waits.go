package sim

import (
	"fmt"
	"strings"

	"zincc/isa"
)

// Memory instructions complete here the moment they issue, so a kernel
// that uses a loaded register before the s_wait_* that guarantees it has
// arrived runs correctly on the emulator and reads stale data on a GPU.
// The wait checker models the counters a wave waits on and stops such a
// kernel: each load's destination registers stay pending until a wait
// proves the load complete, and reading or overwriting a pending register
// is a *WaitError.

// counter is a wait counter the checker models.
type counter uint8

const (
	cntLoad  counter = iota // LOADcnt: vector-memory loads and returning atomics, returned in order
	cntDS                   // DScnt: LDS instructions (and FLAT), in order
	cntKM                   // KMcnt: scalar loads and messages, returned in any order
	cntStore                // STOREcnt: vector-memory stores, non-returning atomics and global_wb (no registers wait on it; the release tracking of sync.go reads it)
	numCounters
)

var counterWaits = [numCounters]string{"s_wait_loadcnt", "s_wait_dscnt", "s_wait_kmcnt", "s_wait_storecnt"}

// regRange is count registers from first: VGPRs, or scalar registers by
// operand code (s0..s105, vcc 106-107, ttmp 108-123, m0 125, exec 126-127).
type regRange struct {
	vector       bool
	first, count uint16
}

func (r regRange) overlaps(o regRange) bool {
	return r.vector == o.vector && r.first < o.first+o.count && o.first < r.first+r.count
}

func (r regRange) String() string {
	p := "s"
	if r.vector {
		p = "v"
	}
	if r.count == 1 {
		return fmt.Sprintf("%s%d", p, r.first)
	}
	return fmt.Sprintf("%s[%d:%d]", p, r.first, r.first+r.count-1)
}

// waitInfo is what the checker needs of one instruction, worked out when
// it is decoded.
type waitInfo struct {
	reads, writes []regRange
	issues        uint8 // bit c: counter c counts the instruction
	// load: the registers in writes arrive when the counters in issues
	// say so, not when the instruction issues.
	load bool
	// waits holds, for a wait instruction, the operations each counter
	// may still have outstanding afterwards (-1: it does not wait on it).
	waits  [numCounters]int8
	isWait bool
}

// regOperand converts a register operand to a range (false for others).
func regOperand(o isa.Operand) (regRange, bool) {
	n := uint16(max(o.Count, 1))
	switch o.Kind {
	case isa.OpndVGPR:
		return regRange{true, o.Reg, n}, true
	case isa.OpndSGPR:
		return regRange{false, o.Reg, n}, true
	case isa.OpndVCC:
		return regRange{false, codeVCCLo + o.Reg, n}, true
	case isa.OpndTTMP:
		return regRange{false, codeTTMP0 + o.Reg, n}, true
	case isa.OpndM0:
		return regRange{false, codeM0, 1}, true
	case isa.OpndEXEC:
		return regRange{false, codeExecLo + o.Reg, n}, true
	}
	return regRange{}, false
}

// waitInfoOf works out the registers op reads and writes, the counters
// that count it and what it waits for.
func waitInfoOf(op *isa.Inst) waitInfo {
	var wi waitInfo
	read := func(o isa.Operand) {
		if r, ok := regOperand(o); ok {
			wi.reads = append(wi.reads, r)
		}
	}
	write := func(o isa.Operand) {
		if r, ok := regOperand(o); ok {
			wi.writes = append(wi.writes, r)
		}
	}
	for _, s := range op.Src {
		read(s)
	}
	read(op.SAddr)
	write(op.Dst)
	write(op.SDst)
	if op.Enc == isa.VOPD {
		for _, s := range op.Y.Src {
			read(s)
		}
		write(op.Y.Dst)
	}
	if op.Enc.IsVALU() || op.Enc == isa.VOPD || op.Enc == isa.DS || op.Enc.IsVMEM() {
		wi.reads = append(wi.reads, regRange{false, codeExecLo, 2})
	}
	name := op.Op.String()
	hasDst := op.Dst.Kind != isa.OpndNone && op.Dst.Kind != isa.OpndNull
	switch {
	case op.Enc == isa.SMEM:
		wi.issues, wi.load = 1<<cntKM, hasDst
	case op.Enc == isa.DS:
		wi.issues, wi.load = 1<<cntDS, hasDst
	case op.Enc == isa.VFLAT && hasDst:
		wi.issues, wi.load = 1<<cntLoad|1<<cntDS, true
	case op.Enc == isa.VFLAT:
		wi.issues = 1 << cntDS // a store: only its LDS part is counted here
	case op.Enc.IsVMEM() && hasDst:
		wi.issues, wi.load = 1<<cntLoad, true
	case op.Enc.IsVMEM() && name != "global_inv":
		wi.issues = 1 << cntStore // stores, non-returning atomics, global_wb and global_wbinv
	case strings.HasPrefix(name, "s_sendmsg"):
		wi.issues, wi.load = 1<<cntKM, hasDst
	case name == "s_cbranch_vccz" || name == "s_cbranch_vccnz":
		wi.reads = append(wi.reads, regRange{false, codeVCCLo, 2})
	case name == "s_cbranch_execz" || name == "s_cbranch_execnz":
		wi.reads = append(wi.reads, regRange{false, codeExecLo, 2})
	}
	if op.Enc == isa.SOPP {
		wi.waits = [numCounters]int8{-1, -1, -1, -1}
		imm := uint32(op.Imm)
		count := func(v uint32) int8 { return int8(min(v, 63)) }
		switch name {
		case "s_wait_loadcnt":
			wi.waits[cntLoad] = count(imm)
		case "s_wait_dscnt":
			wi.waits[cntDS] = count(imm)
		case "s_wait_kmcnt":
			wi.waits[cntKM] = count(imm)
		case "s_wait_loadcnt_dscnt": // simm16: loadcnt [13:8], dscnt [5:0]
			wi.waits[cntLoad], wi.waits[cntDS] = count(imm>>8&0x3f), count(imm&0x3f)
		case "s_wait_storecnt":
			wi.waits[cntStore] = count(imm)
		case "s_wait_storecnt_dscnt": // simm16 as s_wait_loadcnt_dscnt's: storecnt [13:8], dscnt [5:0]
			wi.waits[cntStore], wi.waits[cntDS] = count(imm>>8&0x3f), count(imm&0x3f)
		case "s_waitcnt", "s_wait_idle": // the legacy wait and the wait for everything
			wi.waits = [numCounters]int8{}
		}
		wi.isWait = wi.waits != [numCounters]int8{-1, -1, -1, -1}
	}
	return wi
}

// pendingLoad is a load whose destination registers have not arrived.
type pendingLoad struct {
	regs regRange
	need [numCounters]uint32 // counter c must have completed need[c] operations (0: no need)
	by   *inst
}

// waitState is one wave's counters and pending loads.
type waitState struct {
	issued, done [numCounters]uint32
	pending      []pendingLoad
}

func (s *waitState) reset() {
	s.issued, s.done = [numCounters]uint32{}, [numCounters]uint32{}
	s.pending = s.pending[:0]
}

// complete reports whether load p has arrived.
func (s *waitState) complete(p *pendingLoad) bool {
	for c, n := range p.need {
		if n > s.done[c] {
			return false
		}
	}
	return true
}

// waitStep checks in against the pending loads and then records its effect on
// the counters. It returns the error for a register used too early.
func (w *wave) waitStep(in *inst) *WaitError {
	s := &w.waits
	wi := &in.wait
	if wi.isWait {
		for c, n := range wi.waits {
			switch {
			case n < 0:
			case counter(c) == cntKM && n > 0:
				// Scalar loads return in any order: only 0 says which.
			default:
				s.done[c] = max(s.done[c], s.issued[c]-min(s.issued[c], uint32(n)))
			}
		}
		k := 0
		for i := range s.pending {
			if !s.complete(&s.pending[i]) {
				s.pending[k] = s.pending[i]
				k++
			}
		}
		s.pending = s.pending[:k]
	}
	for i := range s.pending {
		p := &s.pending[i]
		for _, r := range wi.reads {
			if r.overlaps(p.regs) {
				return w.waitError(in, p, r, false)
			}
		}
		for _, r := range wi.writes {
			// A later load through the same in-order counter lands after
			// the earlier one: overwriting its registers is safe.
			if r.overlaps(p.regs) && !(wi.load && sameInOrder(wi.issues, p.need)) {
				return w.waitError(in, p, r, true)
			}
		}
	}
	if wi.issues != 0 {
		var need [numCounters]uint32
		for c := range need {
			if wi.issues&(1<<c) != 0 {
				s.issued[c]++
				need[c] = s.issued[c]
			}
		}
		if wi.load {
			for _, r := range wi.writes {
				s.pending = append(s.pending, pendingLoad{regs: r, need: need, by: in})
			}
		}
	}
	return nil
}

// sameInOrder reports whether an instruction counted by the counters in
// issues returns after a load that needs need: both go through one
// counter that returns in order (LOADcnt or DScnt).
func sameInOrder(issues uint8, need [numCounters]uint32) bool {
	for _, c := range [...]counter{cntLoad, cntDS} {
		if issues != 1<<c {
			continue
		}
		for o, n := range need {
			if (counter(o) == c) != (n != 0) {
				return false
			}
		}
		return true
	}
	return false
}

func (w *wave) waitError(in *inst, p *pendingLoad, r regRange, write bool) *WaitError {
	var waits []string
	for c, n := range p.need {
		if n > w.waits.done[c] {
			waits = append(waits, counterWaits[c])
		}
	}
	return &WaitError{Regs: r.String(), Write: write, Load: p.by.text(), LoadPC: p.by.pc, Waits: waits, Site: w.siteAt(in)}
}

// WaitError is an instruction that reads or overwrites registers a memory
// load has not yet returned into: on a GPU it would see (or be clobbered
// by) data the emulator delivers at once.
type WaitError struct {
	Regs   string   // the registers, e.g. "v[8:11]"
	Write  bool     // the instruction writes them (else reads)
	Load   string   // the load, disassembled
	LoadPC uint64   // its address
	Waits  []string // the waits that would complete it, e.g. "s_wait_loadcnt"
	Site   Site     // the instruction that uses them too early
}

// Error names the instruction, the registers, the load and the wait it lacks.
func (e *WaitError) Error() string {
	verb := "reads"
	if e.Write {
		verb = "overwrites"
	}
	return fmt.Sprintf("missing wait: %s %s before the load that writes them has returned (%s at pc 0x%x; wait with %s first); %s",
		e.Site.Inst, verb+" "+e.Regs, e.Load, e.LoadPC, strings.Join(e.Waits, " and "), e.Site)
}

// Unwrap returns ErrMissingWait.
func (e *WaitError) Unwrap() error { return ErrMissingWait }
