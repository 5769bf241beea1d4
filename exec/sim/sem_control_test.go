package sim

import (
	"fmt"
	"math/rand"
)

// Program control: branches, the program counter, SOPK immediates,
// hardware registers, waits and hints (no-ops in an in-order
// interpreter), barriers across the waves of a workgroup, and the
// instructions the emulator refuses.

func branchCases(rng *rand.Rand) []*scase {
	var cases []*scase
	type br struct {
		name string
		take func(c *scase) bool
	}
	list := []br{
		{"s_branch", func(*scase) bool { return true }},
		{"s_cbranch_scc0", func(c *scase) bool { return c.in.scc == 0 }},
		{"s_cbranch_scc1", func(c *scase) bool { return c.in.scc != 0 }},
		{"s_cbranch_vccz", func(c *scase) bool { return c.in.vcc&c.laneMask() == 0 }},
		{"s_cbranch_vccnz", func(c *scase) bool { return c.in.vcc&c.laneMask() != 0 }},
		{"s_cbranch_execz", func(c *scase) bool { return c.in.exec&c.laneMask() == 0 }},
		{"s_cbranch_execnz", func(c *scase) bool { return c.in.exec&c.laneMask() != 0 }},
	}
	for _, b := range list {
		for rep := 0; rep < 4; rep++ {
			w64 := rep%2 == 1
			asm := fmt.Sprintf("%s %%Ltaken\n  s_mov_b32 s16, 1\n  s_branch %%Lend\n%%Ltaken:\n  s_mov_b32 s16, 2\n%%Lend:", b.name)
			c := newCase(fmt.Sprintf("%s/%d", b.name, rep), asm, w64, rng)
			switch rep {
			case 0:
				c.in.vcc, c.in.exec = 0, 0
			case 1:
				c.in.vcc = 1 << 40
				c.in.exec = 0
			case 2:
				c.in.vcc = 1 << 40 // only vcc_hi: zero in wave32
				c.in.exec = 1 << 33
			}
			c.in.scc = uint32(rep / 2)
			c.want = c.in
			if b.take(c) {
				c.want.s[12] = 2
			} else {
				c.want.s[12] = 1
			}
			cases = append(cases, c)
		}
	}
	// a loop: sum 1..s4%16 with s_cbranch_scc1 back
	c := newCase("loop", "s_and_b32 s5, s4, 15\n  s_mov_b32 s16, 0\n%Lloop:\n  s_add_co_u32 s16, s16, s5\n  s_sub_co_u32 s5, s5, 1\n  s_cmp_lg_u32 s5, 0\n  s_cbranch_scc1 %Lloop", false, rng)
	c.in.s[0] |= 1
	c.want.s[0] = c.in.s[0]
	n := c.in.s[0] & 15
	c.want.s[1], c.want.s[12], c.want.scc = 0, n*(n+1)/2, 0
	cases = append(cases, c)
	// EXEC-masked divergence: the typical if/else
	c = newCase("if/else", `v_cmp_gt_u32 vcc_lo, v2, v3
  s_and_saveexec_b32 s20, vcc_lo
  s_cbranch_execz %Lelse
  v_mov_b32 v1, 1
%Lelse:
  s_xor_b32 exec_lo, exec_lo, s20
  s_cbranch_execz %Ldone
  v_mov_b32 v1, 2
%Ldone:
  s_or_b32 exec_lo, exec_lo, s20`, false, rng)
	for l := 0; l < 32; l++ {
		if !c.active(l) {
			continue
		}
		if c.in.v[1][l] > c.in.v[2][l] {
			c.want.v[0][l] = 1
		} else {
			c.want.v[0][l] = 2
		}
	}
	var vcc uint64
	for l := 0; l < 32; l++ {
		if c.active(l) && c.in.v[1][l] > c.in.v[2][l] {
			vcc |= 1 << l
		}
	}
	c.want.vcc = c.in.vcc&^m32 | vcc
	c.want.scc = 1 // from the final s_or_b32 (EXEC is never empty here)
	cases = append(cases, c)
	return cases
}

func b2u32(b bool) uint32 {
	if b {
		return 1
	}
	return 0
}

func pcCases(rng *rand.Rand) []*scase {
	var cases []*scase
	// s_getpc_b64 returns the address of the next instruction: two in a
	// row differ by 4.
	c := newCase("s_getpc_b64", "s_getpc_b64 s[16:17]\n  s_getpc_b64 s[18:19]\n  s_sub_co_u32 s16, s18, s16\n  s_mov_b32 s17, 0\n  s_mov_b32 s18, 0\n  s_mov_b32 s19, 0", false, rng)
	c.want.s[12], c.want.s[13], c.want.s[14], c.want.s[15], c.want.scc = 4, 0, 0, 0, 0
	cases = append(cases, c)
	// s_setpc_b64 jumps over one instruction (getpc at P returns P+4; the
	// target P+20 is 16 bytes on)
	c = newCase("s_setpc_b64", "s_getpc_b64 s[20:21]\n  s_add_co_u32 s20, s20, 16\n  s_add_co_ci_u32 s21, s21, 0\n  s_setpc_b64 s[20:21]\n  s_mov_b32 s16, 1\n  s_mov_b32 s17, 2", false, rng)
	c.want.s[13] = 2
	c.want.scc = 0
	cases = append(cases, c)
	// s_swappc_b64 returns the address after itself
	c = newCase("s_swappc_b64", "s_getpc_b64 s[20:21]\n  s_add_co_u32 s20, s20, 16\n  s_add_co_ci_u32 s21, s21, 0\n  s_swappc_b64 s[22:23], s[20:21]\n  s_mov_b32 s16, 1\n  s_sub_co_u32 s17, s22, s20", false, rng)
	c.want.s[13] = 0xfffffffc
	c.want.scc = 1
	cases = append(cases, c)
	return cases
}

func sopkCases(rng *rand.Rand) []*scase {
	var cases []*scase
	for _, imm := range []int32{0x1234, -2, 0x7fff, -0x8000} {
		k := uint32(imm) & 0xffff
		sx := uint32(imm)
		c := newCase(fmt.Sprintf("sopk %#x", k), fmt.Sprintf("s_movk_i32 s16, %#x\n  s_cmovk_i32 s17, %#x\n  s_addk_co_i32 s18, %#x\n  s_mulk_i32 s19, %#x", k, k, k, k), false, rng)
		c.want.s[12] = sx
		if c.in.scc != 0 {
			c.want.s[13] = sx
		}
		sum := int64(int32(c.in.s[14])) + int64(int32(sx))
		c.want.s[14] = uint32(sum)
		c.want.scc = b2u32(sum != int64(int32(sum)))
		c.want.s[15] = c.in.s[15] * sx
		cases = append(cases, c)
	}
	// hardware registers: MODE is readable and writable
	c := newCase("s_setreg/s_getreg", "s_setreg_b32 hwreg(HW_REG_MODE, 4, 4), s4\n  s_getreg_b32 s16, hwreg(HW_REG_MODE)\n  s_setreg_imm32_b32 hwreg(HW_REG_MODE, 4, 4), 0xf\n  s_getreg_b32 s17, hwreg(HW_REG_MODE, 4, 2)", false, rng)
	c.in.s[0] = 0xc
	c.want = c.in
	c.want.s[12] = 0xc0 // harness mode 0xf0 with [7:4] := 0xc
	c.want.s[13] = 3    // two bits at offset 4 of 0xf0
	cases = append(cases, c)
	c = newCase("s_setreg round mode", "s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 2), 1", false, rng)
	c.wantErr = "round mode"
	cases = append(cases, c)
	return cases
}

func hintCases(rng *rand.Rand) []*scase {
	var cases []*scase
	// Every wait and scheduling hint leaves the state alone.
	c := newCase("waits and hints", `s_nop 5
  s_clause 0x2
  s_delay_alu instid0(VALU_DEP_1)
  s_wait_alu 0xfffd
  s_waitcnt 0
  s_wait_idle
  s_wait_event 0x2
  s_wait_loadcnt 0
  s_wait_storecnt 0
  s_wait_samplecnt 0
  s_wait_bvhcnt 0
  s_wait_expcnt 0
  s_wait_dscnt 0
  s_wait_kmcnt 0
  s_wait_loadcnt_dscnt 0
  s_wait_storecnt_dscnt 0
  s_sleep 1
  s_setprio 2
  s_wakeup
  s_icache_inv
  s_incperflevel 1
  s_decperflevel 1
  s_ttracedata
  s_ttracedata_imm 1
  s_round_mode 0x0
  s_sendmsg sendmsg(MSG_DEALLOC_VGPRS)`, false, rng)
	cases = append(cases, c)
	// Refused instructions name themselves.
	for _, r := range []struct{ asm, err string }{
		{"s_trap 2", "s_trap"},
		{"s_sethalt 1", "s_sethalt"},
		{"s_setkill 1", "s_setkill"},
		{"s_endpgm_saved", "s_endpgm_saved"},
		{"s_sendmsghalt sendmsg(MSG_INTERRUPT)", "s_sendmsghalt"},
		{"s_sendmsg sendmsg(MSG_INTERRUPT)", "message 1"},
		{"s_round_mode 0x1", "round mode"},
		{"s_code_end", "s_code_end is padding"},
		{"v_illegal", "v_illegal"},
	} {
		c := newCase(r.asm, r.asm, false, rng)
		c.wantErr = r.err
		cases = append(cases, c)
	}
	// s_endpgm in the middle: nothing after it runs, the output stays zero.
	c = newCase("s_endpgm early", "s_endpgm", false, rng)
	c.want = hstate{}
	cases = append(cases, c)
	return cases
}

func barrierCases(rng *rand.Rand) []*scase {
	var cases []*scase
	// Wave 0 and wave 1 of a 64-thread workgroup exchange data through LDS
	// across the barrier: thread t reads what thread t^32 stored.
	c := newCase("barrier exchange", `v_lshlrev_b32 v9, 2, v0
  ds_store_b32 v9, v2
  s_wait_dscnt 0
  s_barrier_signal -1
  s_barrier_wait -1
  v_xor_b32 v10, 0x80, v9
  ds_load_b32 v1, v10
  s_wait_dscnt 0`, false, rng)
	c.twoWaves = true
	c.want = c.in
	for t := 0; t < 64; t++ {
		if !c.active(t % 32) {
			continue
		}
		p := t ^ 32
		if c.active(p % 32) {
			c.want.v[0][t] = c.in.v[1][p]
		} else {
			c.want.v[0][t] = 0
		}
	}
	cases = append(cases, c)
	// s_barrier_signal_isfirst sets SCC in the first wave to signal only;
	// each wave records it in v3.
	c = newCase("barrier isfirst", `s_barrier_signal_isfirst -1
  s_cselect_b32 s30, 1, 0
  s_barrier_wait -1
  v_mov_b32 v3, s30`, false, rng)
	c.twoWaves = true
	c.want = c.in
	for t := 0; t < 64; t++ {
		if c.active(t % 32) {
			c.want.v[2][t] = b2u32(t < 32)
		}
	}
	c.want.scc = 0 // the scalars stored last are wave 1's
	cases = append(cases, c)
	// Wave 1 leaves the barrier; wave 0's barrier completes without it.
	c = newCase("barrier leave", `s_bfe_u32 s31, ttmp8, 0x50019
  s_cmp_eq_u32 s31, 0
  s_cbranch_scc1 %Lwave0
  s_barrier_leave
  s_branch %Ldone
%Lwave0:
  s_barrier_signal -1
  s_barrier_wait -1
  v_mov_b32 v1, 7
%Ldone:`, false, rng)
	c.twoWaves = true
	c.want = c.in
	for t := 0; t < 32; t++ {
		if c.active(t) {
			c.want.v[0][t] = 7
		}
	}
	c.want.scc = 0
	cases = append(cases, c)
	return cases
}

func controlCases(rng *rand.Rand) []*scase {
	cases := branchCases(rng)
	cases = append(cases, pcCases(rng)...)
	cases = append(cases, sopkCases(rng)...)
	cases = append(cases, hintCases(rng)...)
	return append(cases, barrierCases(rng)...)
}
