package sim

import (
	"zincc/isa"
)

// semantics is what the interpreter knows about one instruction: the
// function that executes it, how it reads its operands, which modifiers
// it honours, and the per-lane (or scalar) operation its executor
// applies. One executor serves a whole family; the lane function is what
// differs between the family's members.
type semantics struct {
	exec  func(*wave, *inst)
	src   [3]cls
	dst   cls
	mods  bool // abs/neg apply to non-float classes too (they never do on gfx12)
	dpp   bool // the executor honours DPP on src0
	clamp bool // the clamp bit is modelled
	omod  bool // output modifiers are modelled
	// setup runs at predecode time; it may rearrange operands and returns
	// a reason to refuse the instruction, or "".
	setup func(*inst) string

	f1 func(a uint32) uint32
	f2 func(a, b uint32) uint32
	f3 func(a, b, c uint32) uint32
	g3 func(a, b, c uint64) uint64
	// cmp is a compare on operands widened to 64 bits.
	cmp func(a, b uint64) bool
	// s2 is a scalar ALU operation: result and SCC (sccKeep: unchanged).
	s2 func(w *wave, a, b uint64) (uint64, int)
	// aux is the executor's own parameter (an operation kind, a table
	// index, ...).
	aux int
}

// sccKeep marks a scalar operation that leaves SCC alone.
const sccKeep = -1

// semTable maps isa.Op to its semantics; nil means unsupported.
var semTable []*semantics

// opByName maps a mnemonic to its isa.Op.
var opByName map[string]isa.Op

func init() {
	n := isa.NumOps()
	semTable = make([]*semantics, n)
	opByName = make(map[string]isa.Op, n)
	for i := 1; i < n; i++ {
		op := isa.Op(i)
		if s := op.String(); s != "op?" {
			opByName[s] = op
		}
	}
	registerSALU()
	registerSOPP()
	registerSMEM()
	registerVALU()
	registerVOPC()
	registerVOP3P()
	registerCrossLane()
	registerDS()
	registerVMEM()
	registerVALU16()
	registerSALU16()
	registerVSTrans()
	registerVOPD()
}

// opNames lists the mnemonics of the isa table in Op order.
func opNames() []string {
	var out []string
	for i := 1; i < isa.NumOps(); i++ {
		if s := isa.Op(i).String(); s != "op?" {
			out = append(out, s)
		}
	}
	return out
}

// def installs s for the instruction called name. Names the isa package
// does not (yet) know are skipped: the coverage test reports the other
// direction, isa instructions without semantics.
func def(name string, s *semantics) {
	op, ok := opByName[name]
	if !ok {
		return
	}
	c := *s
	semTable[op] = &c
}

// Supported reports whether the interpreter has semantics for op.
func Supported(op isa.Op) bool {
	return int(op) < len(semTable) && semTable[op] != nil
}
