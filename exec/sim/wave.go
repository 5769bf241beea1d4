package sim

import (
	"fmt"
	"math/bits"
	"time"
)

// Wave states.
const (
	waveRunning = iota
	waveAtBarrier
	waveEnded
	waveFaulted
)

// Scalar source codes (the ISA sheet §2.1) used as indexes into wave.s.
const (
	codeVCCLo  = 106
	codeTTMP0  = 108
	codeNull   = 124
	codeM0     = 125
	codeExecLo = 126
)

// wave is one wavefront: its registers, its program counter and where it
// is in the workgroup's barrier.
type wave struct {
	// s is the scalar register file indexed by operand code: s0..s105,
	// vcc_lo/hi (106/107), ttmp0..15 (108..123), null (124, always 0),
	// m0 (125), exec_lo/hi (126/127).
	s   [numSGPRCodes]uint32
	scc uint32
	pc  uint64
	// vgpr holds VGPR r of lane i at r*64+i, for r below nvgpr.
	vgpr  []uint32
	nvgpr int
	// dirty is the number of VGPR rows instructions may have written since
	// they were last cleared; only those are cleared for the next wave.
	dirty int

	w64      bool
	width    int
	laneMask uint64 // the lanes that exist: 32 or 64 ones

	// float mode (MODE register bits 7:0, RSRC1[19:12]) and what it means
	mode                   uint32
	ftz32In, ftz32Out      bool
	ftz16In, ftz16Out      bool
	state                  int
	signalled, leftBarrier bool
	barrierDone            bool
	index                  int
	err                    error
	d                      *dispatch
	wg                     *workgroup
	prog                   *program
	lds                    []byte
	ldsSpill               [16]byte // what a flat access past the LDS allocation reads
	// priv holds the lanes' private segments, lane l at
	// [l*privStride, (l+1)*privStride); privUsed bounds the bytes any lane
	// has touched since they were last cleared.
	priv                 []byte
	privUsed, privStride int
	waits                waitState     // the wait checker's counters (nil checks: hazards off)
	sync                 waveSync      // the race checker's release and acquire state (sync.go)
	prof                 waveProfile   // outstanding operations, when profiling (profile.go)
	epoch                uint32        // the LDS race checker's barrier epoch (ldsrace.go)
	tmp                  [4][64]uint32 // operand scratch
	tmp64                [3][64]uint64
	res                  [64]uint32
	res64                [64]uint64
}

// setMode installs a MODE value: denorm handling for f32 ([5:4]) and
// f16/f64 ([7:6]): 0 flush inputs and outputs, 1 flush outputs (keep
// inputs), 2 flush inputs, 3 keep both.
func (w *wave) setMode(m uint32) {
	w.mode = m & 0xff
	d32, d16 := m>>4&3, m>>6&3
	w.ftz32In = d32 == 0 || d32 == 2
	w.ftz32Out = d32 == 0 || d32 == 1
	w.ftz16In = d16 == 0 || d16 == 2
	w.ftz16Out = d16 == 0 || d16 == 1
}

// exec is the EXEC mask (exec_lo only in wave32).
func (w *wave) exec() uint64 {
	return (uint64(w.s[codeExecLo]) | uint64(w.s[codeExecLo+1])<<32) & w.laneMask
}

// setExec writes EXEC (exec_lo only in wave32).
func (w *wave) setExec(m uint64) {
	w.s[codeExecLo] = uint32(m)
	if w.w64 {
		w.s[codeExecLo+1] = uint32(m >> 32)
	}
}

// vcc is VCC (vcc_lo only in wave32).
func (w *wave) vcc() uint64 {
	return (uint64(w.s[codeVCCLo]) | uint64(w.s[codeVCCLo+1])<<32) & w.laneMask
}

// mask reads a lane mask from SGPR-file index r (one register in wave32,
// a pair in wave64).
func (w *wave) mask(r uint16) uint64 {
	v := uint64(w.s[r&127])
	if w.w64 {
		v |= uint64(w.s[(r+1)&127]) << 32
	}
	return v
}

// setMask writes a lane mask to SGPR-file index r.
func (w *wave) setMask(r uint16, m uint64) {
	w.setS(r, uint32(m))
	if w.w64 {
		w.setS(r+1, uint32(m>>32))
	}
}

// setS writes one scalar register; writes to null vanish.
func (w *wave) setS(r uint16, v uint32) {
	r &= 127
	if r != codeNull {
		w.s[r] = v
	}
}

// row returns VGPR r's lanes.
func (w *wave) row(r uint16) []uint32 {
	b := int(r) << 6
	return w.vgpr[b : b+64 : b+64]
}

// run executes instructions until the wave ends, waits at a barrier,
// faults, or the dispatch's budget runs out.
func (w *wave) run() {
	d := w.d
	p := w.prog
	for w.state == waveRunning {
		pc := w.pc
		var in *inst
		if i := (pc - p.base) >> 2; pc >= p.base && i < uint64(len(p.insts)) && pc&3 == 0 {
			in = p.insts[i]
		}
		if in == nil {
			var err error
			if in, err = d.g.decodeAt(p, pc, w); err != nil {
				w.fail(err)
				return
			}
		}
		if d.insts >= d.budget {
			w.fail(&HangError{Reason: "the dispatch exceeded its instruction budget (an endless loop?)", Budget: d.budget,
				Site: w.siteAt(in), Waves: w.wg.states()})
			return
		}
		if d.insts&0xffff == 0xffff && !d.deadline.IsZero() && time.Now().After(d.deadline) {
			w.fail(&HangError{Reason: fmt.Sprintf("the dispatch ran longer than its wall-clock bound of %v", d.g.cfg.MaxWall),
				Site: w.siteAt(in), Waves: w.wg.states()})
			return
		}
		if in.vmax > w.dirty {
			if in.vmax > w.nvgpr {
				w.fail(w.illegal(in, fmt.Sprintf("uses VGPRs up to v%d but the dispatch allocates %d (RSRC1.VGPRS)", in.vmax-1, w.nvgpr)))
				return
			}
			w.dirty = in.vmax
		}
		d.insts++
		if d.ops != nil {
			d.count(in)
		}
		if in.vector {
			d.lanes += uint64(bits.OnesCount64(w.exec()))
		} else {
			d.lanes++
		}
		if d.checkWaits && (len(w.waits.pending) != 0 || in.wait.issues != 0 || in.wait.isWait) {
			if err := w.waitStep(in); err != nil {
				w.fail(err)
				return
			}
			if in.wait.isWait && w.sync.wbOpen {
				w.syncWaited()
			}
		}
		if d.prof != nil {
			d.prof.issue(w, in)
		}
		w.pc = in.next
		in.x(w, in)
	}
}

// fail stops the wave with err.
func (w *wave) fail(err error) {
	if w.err == nil {
		w.err = err
	}
	w.state = waveFaulted
}

// site describes where the wave is, for errors.
func (w *wave) site() Site {
	s := w.d.site
	s.Workgroup = w.wg.id
	s.Wave = w.index
	s.Lane = -1
	s.PC = w.pc
	return s
}

// siteAt describes the wave executing in.
func (w *wave) siteAt(in *inst) Site {
	s := w.site()
	s.PC = in.pc
	s.Inst = in.text()
	return s
}

func (w *wave) illegal(in *inst, detail string) error {
	return &InstructionError{Mnemonic: in.op.Op.String(), Detail: detail, Site: w.siteAt(in), sentinel: ErrIllegalInstruction}
}

func (w *wave) unsupported(in *inst, detail string) error {
	return &InstructionError{Mnemonic: in.op.Op.String(), Detail: detail, Site: w.siteAt(in), sentinel: ErrUnsupportedInstruction}
}

// mem returns the bytes [addr, addr+n) for a shader access by lane, or
// stops the wave with a page fault and returns nil. It records the access
// for the hazard checker.
func (w *wave) mem(in *inst, lane int, addr, n uint64, access Access) []byte {
	g := w.d.g
	b, f := g.mem.check(addr, n, access)
	if f != nil {
		f.Site = w.siteAt(in)
		f.Site.Lane = lane
		w.fail(f)
		return nil
	}
	if s := w.d.group; s != nil {
		s.record(coherentKind(in, access), addr, n)
		w.syncRecord(coherentKind(in, access), addr, n)
	}
	return b
}
