package sim

import (
	"bytes"
	"errors"
	"fmt"

	"zincc/isa"
)

// progKey identifies a pre-decoded program: code address and wave size
// (the decoder types lane masks by wave size).
type progKey struct {
	va  uint64
	w64 bool
}

// program is a kernel's code, decoded lazily one instruction at a time as
// waves reach it, and kept across dispatches. Before each dispatch the
// bytes the instructions were decoded from are compared with memory, so a
// program whose code changed (by any writer: a shader, the CP, the host
// through a shared mapping) is decoded afresh.
type program struct {
	base  uint64
	mp    *mapping
	w64   bool
	insts []*inst          // instruction at base+4*i, nil until decoded
	other map[uint64]*inst // decoded instructions outside insts' window
	// lo, hi bound the bytes decoded so far; snap is their contents.
	lo, hi uint64
	snap   []byte
}

// maxProgramWindow bounds the instruction index table; code further than
// this from the entry goes to program.other.
const maxProgramWindow = 1 << 20

// program returns the (cached, still valid) program at entry.
func (g *GPU) program(entry uint64, w64 bool, site Site) (*program, error) {
	key := progKey{entry, w64}
	if p := g.progs[key]; p != nil {
		if p.valid(&g.mem) {
			return p, nil
		}
		delete(g.progs, key)
	}
	if _, f := g.mem.check(entry, 4, AccessExec); f != nil {
		f.Site = site
		f.Site.PC = entry
		return nil, f
	}
	p := &program{base: entry, mp: g.mem.find(entry, 4), w64: w64, lo: entry, hi: entry}
	g.progs[key] = p
	return p, nil
}

// valid reports whether memory still holds the bytes p was decoded from.
func (p *program) valid(m *memory) bool {
	if p.hi == p.lo {
		return m.find(p.base, 4) == p.mp
	}
	mp := m.find(p.lo, p.hi-p.lo)
	if mp != p.mp {
		return false
	}
	return bytes.Equal(mp.data[p.lo-mp.va:p.hi-mp.va], p.snap)
}

// cover extends the snapshot to include [a, b).
func (p *program) cover(a, b uint64) {
	mp := p.mp
	if a >= p.lo && b <= p.hi {
		return
	}
	if a >= p.lo && a <= p.hi {
		p.snap = append(p.snap, mp.data[p.hi-mp.va:b-mp.va]...)
		p.hi = b
		return
	}
	if a < p.lo {
		p.lo = a
	}
	if b > p.hi {
		p.hi = b
	}
	p.snap = append(p.snap[:0], mp.data[p.lo-mp.va:p.hi-mp.va]...)
}

// decodeAt decodes (and caches) the instruction at pc for wave w.
func (g *GPU) decodeAt(p *program, pc uint64, w *wave) (*inst, error) {
	site := w.site()
	site.PC = pc
	if pc&3 != 0 {
		return nil, &InstructionError{Detail: "the program counter is not 4-byte aligned", Site: site, sentinel: ErrIllegalInstruction}
	}
	if in := p.other[pc]; in != nil {
		return in, nil
	}
	_, f := g.mem.check(pc, 4, AccessExec)
	if f != nil {
		f.Site = site
		return nil, f
	}
	mp := g.mem.find(pc, 4)
	if mp != p.mp {
		return nil, &InstructionError{Detail: fmt.Sprintf("code at 0x%x is in mapping %q, not in %q with the kernel's entry (not modelled)", pc, mp.name, p.mp.name),
			Site: site, sentinel: ErrUnsupportedInstruction}
	}
	off := pc - mp.va
	end := off + 16
	if end > mp.size {
		end = mp.size
	}
	code := mp.data[off:end]
	op, err := isa.Decode(code, 0, p.w64)
	if err != nil {
		detail := err.Error()
		var de *isa.DecodeError
		if errors.As(err, &de) {
			detail = fmt.Sprintf("%s %08x", de.Msg, de.Words)
		}
		return nil, &InstructionError{Detail: "bytes do not decode as a gfx1201 instruction: " + detail, Site: site, sentinel: ErrIllegalInstruction}
	}
	in, perr := predecode(op, pc, p.w64)
	if perr != "" {
		site.Inst = op.String()
		return nil, &InstructionError{Mnemonic: op.Op.String(), Detail: perr, Site: site, sentinel: ErrUnsupportedInstruction}
	}
	in.wait = waitInfoOf(&in.op)
	in.class = classOf(&in.op)
	p.cover(pc, pc+uint64(op.Size))
	if i := (pc - p.base) >> 2; pc >= p.base && i < maxProgramWindow {
		if i >= uint64(len(p.insts)) {
			n := 2 * len(p.insts)
			if n <= int(i) {
				n = int(i) + 64
			}
			grown := make([]*inst, n)
			copy(grown, p.insts)
			p.insts = grown
		}
		p.insts[i] = in
	} else {
		if p.other == nil {
			p.other = map[uint64]*inst{}
		}
		p.other[pc] = in
	}
	return in, nil
}
