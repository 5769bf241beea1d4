package sim

import "fmt"

// Program control (SOPP) and the barrier instructions.
//
// The interpreter executes each instruction to completion before the
// next, so every wait (s_wait_loadcnt, s_wait_kmcnt, s_waitcnt, s_wait_alu,
// s_wait_idle, s_delay_alu, s_clause, ...) is already satisfied when it is
// reached and is a no-op here; the wait checker (waits.go) tracks what
// the memory waits would have guaranteed. Scheduling hints (s_setprio, s_sleep, s_nop)
// and cache maintenance (s_icache_inv, s_dcache_inv, global_inv/wb) are
// no-ops too.

func xNop(*wave, *inst) {}

func xEndpgm(w *wave, in *inst) {
	w.state = waveEnded
	w.pc = in.pc
	w.wg.leave(w)
}

// xBranch covers every conditional branch: aux selects the condition.
func xBranch(w *wave, in *inst) {
	var take bool
	switch in.sem.aux {
	case 0:
		take = true
	case 1:
		take = w.scc == 0
	case 2:
		take = w.scc != 0
	case 3:
		take = w.vcc() == 0
	case 4:
		take = w.vcc() != 0
	case 5:
		take = w.exec() == 0
	case 6:
		take = w.exec() != 0
	}
	if take {
		w.pc = in.op.BranchTarget(in.pc)
	}
}

// barrierNumber decodes s_barrier_signal's operand: an inline constant
// (-1 is the workgroup barrier) or M0[4:0].
func barrierNumber(w *wave, in *inst) int32 {
	if in.src[0].kind == opSGPR {
		return int32(w.s[in.src[0].reg] & 31)
	}
	return int32(w.scalar32(&in.src[0]))
}

func xBarrierSignal(w *wave, in *inst) {
	switch n := barrierNumber(w, in); n {
	case 0: // barrier 0 is a no-op
		if in.sem.aux == 1 {
			w.scc = 0
		}
	case -1:
		first := w.wg.signal(w)
		if in.sem.aux == 1 {
			w.scc = b2u(first)
		}
	default:
		w.fail(w.unsupported(in, fmt.Sprintf("barrier %d: only the workgroup barrier (-1) is modelled", n)))
	}
}

func xBarrierWait(w *wave, in *inst) {
	if int16(in.op.Imm) != -1 {
		w.fail(w.unsupported(in, fmt.Sprintf("barrier %d: only the workgroup barrier (-1) is modelled", int16(in.op.Imm))))
		return
	}
	if w.barrierDone {
		w.barrierDone = false
		w.epoch = w.wg.epoch
		return
	}
	w.state = waveAtBarrier
}

func xBarrierLeave(w *wave, in *inst) { w.wg.leave(w) }

func xSendmsg(w *wave, in *inst) {
	switch id := uint16(in.op.Imm) & 0xff; id {
	case 3: // MSG_DEALLOC_VGPRS: the wave is about to end
	default:
		w.fail(w.unsupported(in, fmt.Sprintf("message %d: only MSG_DEALLOC_VGPRS is modelled", id)))
	}
}

func xRoundMode(w *wave, in *inst) {
	if m := uint32(in.op.Imm) & 0xf; m != 0 {
		w.fail(w.unsupported(in, fmt.Sprintf("round mode 0x%x: only round-to-nearest-even is modelled", m)))
	}
}

func xDenormMode(w *wave, in *inst) {
	w.setMode(w.mode&^0xf0 | (uint32(in.op.Imm)&0xf)<<4)
}

func xUnsupported(msg string) func(*wave, *inst) {
	return func(w *wave, in *inst) { w.fail(w.unsupported(in, msg)) }
}

func registerSOPP() {
	for _, n := range []string{"s_nop", "s_sleep", "s_clause", "s_delay_alu", "s_wait_alu", "s_waitcnt", "s_wait_idle",
		"s_wait_event", "s_wakeup", "s_setprio", "s_incperflevel", "s_decperflevel", "s_ttracedata", "s_ttracedata_imm",
		"s_icache_inv", "s_wait_loadcnt", "s_wait_storecnt", "s_wait_samplecnt", "s_wait_bvhcnt", "s_wait_expcnt",
		"s_wait_dscnt", "s_wait_kmcnt", "s_wait_loadcnt_dscnt", "s_wait_storecnt_dscnt"} {
		def(n, &semantics{exec: xNop})
	}
	def("s_endpgm", &semantics{exec: xEndpgm})
	def("s_code_end", &semantics{exec: func(w *wave, in *inst) {
		w.fail(w.illegal(in, "s_code_end is padding after the program; execution ran past s_endpgm"))
	}})
	for i, n := range []string{"s_branch", "s_cbranch_scc0", "s_cbranch_scc1", "s_cbranch_vccz", "s_cbranch_vccnz",
		"s_cbranch_execz", "s_cbranch_execnz"} {
		def(n, &semantics{exec: xBranch, aux: i})
	}
	def("s_barrier_wait", &semantics{exec: xBarrierWait})
	def("s_barrier_leave", &semantics{exec: xBarrierLeave})
	def("s_sendmsg", &semantics{exec: xSendmsg})
	def("s_round_mode", &semantics{exec: xRoundMode})
	def("s_denorm_mode", &semantics{exec: xDenormMode})
	def("s_trap", &semantics{exec: xUnsupported("traps are not modelled (no trap handler)")})
	def("s_sethalt", &semantics{exec: xUnsupported("halting a wave is not modelled")})
	def("s_setkill", &semantics{exec: xUnsupported("s_setkill is not modelled")})
	def("s_endpgm_saved", &semantics{exec: xUnsupported("context save is not modelled")})
	def("s_sendmsghalt", &semantics{exec: xUnsupported("s_sendmsghalt is not modelled")})
}
