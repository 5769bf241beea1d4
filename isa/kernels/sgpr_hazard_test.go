package kernels_test

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"zincc/isa"
	"zincc/isa/kernels"
)

// gfx12 has a hazard on SGPRs that a VALU instruction has read (LLVM's
// AMDGPUWaitSGPRHazards pass, applied to gfx12 but not gfx1250): once a
// VALU has read an SGPR pair, a later SALU or VALU write to it must be
// waited for (s_wait_alu depctr_sa_sdst(0) for a SALU write,
// depctr_va_sdst(0) for a VALU write read by a VALU, depctr_va_vcc(0) for
// VCC) before the register is read again; an SMEM instruction clears
// everything. The emulator does not model it, so this file re-implements
// the rule over each kernel's control-flow graph and requires that no
// read needs a wait the kernel does not have.

// hazardState is the rule's state at one point of a kernel.
type hazardState struct {
	tracked [64]bool  // SGPR pairs a VALU has read
	salu    [128]bool // SGPRs with a pending SALU write
	valu    [128]bool // SGPRs with a pending VALU write
	vccSALU bool      // VCC written by SALU, not waited for
	vccVALU bool      // VCC written by VALU, not waited for
}

func (s *hazardState) merge(o *hazardState) bool {
	changed := false
	or := func(a *bool, b bool) {
		if b && !*a {
			*a, changed = true, true
		}
	}
	for i := range s.tracked {
		or(&s.tracked[i], o.tracked[i])
	}
	for i := range s.salu {
		or(&s.salu[i], o.salu[i])
		or(&s.valu[i], o.valu[i])
	}
	or(&s.vccSALU, o.vccSALU)
	or(&s.vccVALU, o.vccVALU)
	return changed
}

// sgprRegs lists the SGPR numbers (vcc_lo = 106) an operand names, for
// the rule's purposes (EXEC, M0, null and SCC are not tracked).
func sgprRegs(o isa.Operand) []int {
	var base int
	switch o.Kind {
	case isa.OpndSGPR:
		base = int(o.Reg)
	case isa.OpndVCC:
		base = 106 + int(o.Reg)
	default:
		return nil
	}
	n := int(o.Count)
	if n == 0 {
		n = 1
	}
	out := make([]int, n)
	for i := range out {
		out[i] = base + i
	}
	return out
}

const (
	waitSALU = 1 << iota
	waitVALU
	waitVCC
)

// hazardStep applies one instruction to st and returns the waits the
// instruction needs that st does not already satisfy.
func hazardStep(st *hazardState, in *isa.Inst) int {
	enc := in.Enc
	switch {
	case enc == isa.SMEM:
		st.salu, st.valu = [128]bool{}, [128]bool{}
		st.vccSALU, st.vccVALU = false, false
		return 0
	case in.Op == isa.S_WAIT_ALU:
		v := uint32(uint16(in.Imm))
		if v>>1&1 == 0 {
			st.vccVALU = false
		}
		if v&1 == 0 {
			st.salu = [128]bool{}
			st.vccSALU = false
		}
		if v>>9&7 == 0 {
			st.valu = [128]bool{}
		}
		return 0
	}
	valu := enc.IsVALU()
	salu := enc == isa.SOP1 || enc == isa.SOP2 || enc == isa.SOPK || enc == isa.SOPC
	if !valu && !salu {
		return 0
	}
	var uses, defs []isa.Operand
	uses = append(uses, in.Src[:]...)
	if enc == isa.SOPK {
		uses = append(uses, in.Dst) // s_cmpk, s_addk read their register
	}
	defs = append(defs, in.Dst, in.SDst)
	wait := 0
	seen := map[int]bool{}
	for _, o := range uses {
		for _, r := range sgprRegs(o) {
			if seen[r] {
				continue
			}
			seen[r] = true
			pair := r >> 1
			if !st.tracked[pair] {
				if valu {
					st.tracked[pair] = true
				}
				continue
			}
			isVCC := r == 106 || r == 107
			if salu {
				if isVCC {
					st.vccVALU = false
				} else {
					st.valu = [128]bool{}
				}
			}
			if st.salu[r] {
				wait |= waitSALU
			}
			if valu && st.valu[r] {
				wait |= waitVALU
			}
			if isVCC {
				if st.vccSALU {
					wait |= waitSALU
				}
				if st.vccVALU {
					wait |= waitVCC
				}
			}
		}
	}
	// The kernel would need a wait here; record it and carry on as if it
	// had one, so each missing wait is reported once.
	if wait&waitSALU != 0 {
		st.salu = [128]bool{}
		st.vccSALU = false
	}
	if wait&waitVALU != 0 {
		st.valu = [128]bool{}
	}
	if wait&waitVCC != 0 {
		st.vccVALU = false
	}
	seen = map[int]bool{}
	for _, o := range defs {
		for _, r := range sgprRegs(o) {
			if seen[r] || !st.tracked[r>>1] {
				continue
			}
			seen[r] = true
			switch {
			case r == 106 || r == 107:
				st.vccSALU, st.vccVALU = salu, valu
			case salu:
				st.salu[r] = true
			default:
				st.valu[r] = true
			}
		}
	}
	return wait
}

// sgprHazards walks the code reachable from entry and returns one line per
// instruction that reads an SGPR needing a wait it does not have.
func sgprHazards(code []byte, entry int) ([]string, error) {
	insts := map[int]isa.Inst{}
	var order []int
	work := []int{entry}
	for len(work) > 0 {
		pc := work[len(work)-1]
		work = work[:len(work)-1]
		if _, ok := insts[pc]; ok {
			continue
		}
		in, err := isa.Decode(code, pc, false)
		if err != nil {
			return nil, err
		}
		insts[pc] = in
		order = append(order, pc)
		if in.IsBranch() {
			work = append(work, int(in.BranchTarget(uint64(pc))))
		}
		if in.Op != isa.S_ENDPGM && in.Op != isa.S_BRANCH {
			work = append(work, pc+int(in.Size))
		}
	}
	sort.Ints(order)
	// Iterate the per-instruction entry states to a fixed point.
	in := map[int]*hazardState{entry: {}}
	problems := map[int]string{}
	for changed := true; changed; {
		changed = false
		for _, pc := range order {
			s0, ok := in[pc]
			if !ok {
				continue
			}
			st := *s0
			inst := insts[pc]
			if w := hazardStep(&st, &inst); w != 0 {
				var need []string
				for bit, name := range map[int]string{waitSALU: "depctr_sa_sdst(0)", waitVALU: "depctr_va_sdst(0)", waitVCC: "depctr_va_vcc(0)"} {
					if w&bit != 0 {
						need = append(need, name)
					}
				}
				sort.Strings(need)
				problems[pc] = fmt.Sprintf("+0x%x %s: needs s_wait_alu %s", pc-entry, inst.String(), strings.Join(need, " "))
			}
			var succ []int
			if inst.IsBranch() {
				succ = append(succ, int(inst.BranchTarget(uint64(pc))))
			}
			if inst.Op != isa.S_ENDPGM && inst.Op != isa.S_BRANCH {
				succ = append(succ, pc+int(inst.Size))
			}
			for _, n := range succ {
				if cur, ok := in[n]; !ok {
					c := st
					in[n] = &c
					changed = true
				} else if cur.merge(&st) {
					changed = true
				}
			}
		}
	}
	var out []string
	for _, pc := range order {
		if p, ok := problems[pc]; ok {
			out = append(out, p)
		}
	}
	return out, nil
}

// TestNoSGPRHazards holds every kernel of the library to the rule.
func TestNoSGPRHazards(t *testing.T) {
	lib, err := kernels.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range lib.Kernels {
		p, err := sgprHazards(lib.Code, int(k.Entry))
		if err != nil {
			t.Fatalf("%s: %v", k.Name, err)
		}
		for _, line := range p {
			t.Errorf("%s %s", k.Name, line)
		}
	}
}

// TestSGPRHazardRule checks the re-implementation on small programs: a
// VALU read, then a SALU write, then a read needs a wait; the wait, an
// SMEM instruction in between, or a write before the first VALU read
// removes the need.
func TestSGPRHazardRule(t *testing.T) {
	cases := []struct {
		name, src string
		want      int // missing waits
	}{
		{"salu write after valu read", "v_mov_b32 v1, s4\ns_mov_b32 s5, 1\ns_add_co_u32 s6, s5, 1\n", 1},
		{"waited", "v_mov_b32 v1, s4\ns_mov_b32 s5, 1\ns_wait_alu depctr_sa_sdst(0)\ns_add_co_u32 s6, s5, 1\n", 0},
		{"smem between", "v_mov_b32 v1, s4\ns_mov_b32 s5, 1\ns_load_b32 s8, s[0:1], 0x0\ns_add_co_u32 s6, s5, 1\n", 0},
		{"write before read", "s_mov_b32 s5, 1\nv_mov_b32 v1, s5\nv_mov_b32 v2, s5\n", 0},
		{"valu write, valu read", "v_mov_b32 v1, s4\nv_cmp_gt_u32_e64 s4, v1, v2\nv_cndmask_b32_e64 v3, v1, v2, s4\n", 1},
		{"valu write, salu read", "v_mov_b32 v1, s4\nv_cmp_gt_u32_e64 s4, v1, v2\ns_and_b32 s6, s4, 1\n", 0},
		{"vcc from salu", "v_cndmask_b32 v1, v2, v3, vcc_lo\ns_mov_b32 vcc_lo, 1\nv_cndmask_b32 v1, v2, v3, vcc_lo\n", 1},
		{"vcc from valu", "v_cndmask_b32 v1, v2, v3, vcc_lo\nv_cmp_gt_u32 vcc_lo, v1, v2\nv_cndmask_b32 v1, v2, v3, vcc_lo\n", 1},
		{"vcc waited", "v_cndmask_b32 v1, v2, v3, vcc_lo\nv_cmp_gt_u32 vcc_lo, v1, v2\ns_wait_alu depctr_va_vcc(0)\nv_cndmask_b32 v1, v2, v3, vcc_lo\n", 0},
		{"loop carried", "s_mov_b32 s4, 3\n.Ll:\nv_mov_b32 v1, s4\ns_sub_co_u32 s4, s4, 1\ns_cmp_lg_u32 s4, 0\ns_cbranch_scc1 .Ll\n", 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			obj, err := isa.Assemble("h.s", []byte(".text\n"+c.src+"s_endpgm\n"))
			if err != nil {
				t.Fatal(err)
			}
			p, err := sgprHazards(obj.Code, 0)
			if err != nil {
				t.Fatal(err)
			}
			if len(p) != c.want {
				t.Errorf("%d missing waits, want %d: %q", len(p), c.want, p)
			}
		})
	}
}
