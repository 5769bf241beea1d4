package isa

import (
	"errors"
	"strconv"
	"strings"
	"testing"
)

// errorCases are inputs the assembler must reject with a positioned
// diagnostic. llvmRejects says whether llvm-mc 19 rejects them too (a few
// rules are zincc's own, e.g. 256-byte kernel entries).
var errorCases = []struct {
	src         string
	line, col   int
	msg         string
	llvmRejects bool
}{
	{"  v_bogus_op v0, v1\n", 1, 3, "unsupported instruction 'v_bogus_op'", true},
	{"s_mov_b32 v0, s1\n", 1, 11, "invalid operand for instruction: expected a scalar register", true},
	{"v_add_f32 v0, v1, v[2:3]\n", 1, 19, "invalid operand for instruction", true},
	{"v_add_f32 v0, s[2:3], v1\n", 1, 15, "invalid operand for instruction", true},
	{"s_load_b32 s4, v[0:1], 0x10\n", 1, 16, "expected a scalar register", true},
	{"global_load_b32 v1, s0, s[0:1]\n", 1, 21, "expected a VGPR", true},
	{"s_movk_i32 s0, 0x10000\n", 1, 16, "immediate out of range", true},
	{"s_nop 0x12345\n", 1, 7, "immediate out of range", false},
	{"global_load_b32 v1, v0, s[0:1] offset:0x800000\n", 1, 39, "expected a 24-bit signed offset", true},
	{"s_load_b32 s4, s[0:1], 0x800000\n", 1, 24, "expected a 24-bit signed offset", true},
	{"ds_load_b32 v1, v0 offset:65536\n", 1, 27, "expected a 16-bit unsigned offset", true},
	{"ds_store_2addr_b32 v0, v1, v2 offset0:256\n", 1, 39, "invalid offset0 value", true},
	{"s_mov_b32 s0, 0x100000000\n", 1, 15, "invalid operand for instruction", true},
	{"v_add_f16 v0, 0x12345, v1\n", 1, 15, "invalid operand for instruction", true},
	{"s_nop 0\ns_branch .Lnowhere\n", 2, 10, "undefined label '.Lnowhere'", true},
	{"s_cbranch_scc0 .Lmissing\n", 1, 16, "undefined label '.Lmissing'", true},
	{"x:\ns_cbranch_scc0 x + 4\n", 2, 16, "expected an absolute expression or a label", true},
	{"foo:\ns_mov_b32 s0, foo\n", 2, 15, "label 'foo' can only be used as a branch target", false},
	{"s_mov_b32 s0, bar\n", 1, 15, "undefined symbol 'bar'", false},
	{"s_mov_b32 s106, 0\n", 1, 11, "register index out of range", true},
	{"s_mov_b64 s[1:2], 0\n", 1, 11, "invalid register alignment", true},
	{"s_load_b128 s[6:9], s[0:1], 0x0\n", 1, 13, "invalid register alignment", true},
	{"v_mov_b32 v0, v1, v2\n", 1, 19, "too many operands for instruction", true},
	{"v_add_f32 v0, v1\n", 1, 15, "too few operands for instruction", true},
	{"v_fma_f32 v0, 0x12345678, 0x12345679, v1\n", 1, 27, "only one unique literal operand is allowed", true},
	{"v_fma_f32 v0, s1, s2, s3\n", 1, 23, "constant bus", true},
	{"v_lshlrev_b64 v[0:1], s2, s[4:5]\n", 1, 27, "constant bus", true},
	{"v_add_nc_u32 v0, -v1, v2\n", 1, 18, "not a valid operand", true},
	{"v_mov_b32 v0, v1 clamp\n", 1, 18, "invalid operand for instruction", true},
	{"v_add_f32 v0, v1, v2 foo:1\n", 1, 22, "invalid modifier 'foo'", true},
	{"v_add_f32 v0, v1, v2 bogus\n", 1, 22, "unknown modifier 'bogus'", true},
	{"v_mov_b32_dpp v0, s1 row_shr:1\n", 1, 19, "DPP src0 must be a VGPR", true},
	{"v_mov_b32_dpp v0, v1\n", 1, 1, "missing DPP control", true},
	{"v_add_f32 v0, v1, v2 row_shr:16\n", 1, 30, "invalid row_shr value", true},
	{"v_cmp_gt_f32 s[4:5], v1, v2\n", 1, 14, "wave32 masks are single registers", true},
	{"v_readfirstlane_b32_e64 s0, v1\n", 1, 1, "e64 variant of this instruction is not supported", true},
	{"v_add_f32_e32 v0, v1, s2\n", 1, 1, "not encodable as e32", true},
	{"ds_load_b32 v1, v0 gds\n", 1, 20, "gds modifier is not supported on this GPU", true},
	{"global_load_b32 v1, v0, s[0:1] th:TH_STORE_NT\n", 1, 35, "invalid th value", true},
	{"global_load_b32 v1, v0, s[0:1] th:TH_LOAD_BYPASS\n", 1, 35, "scope and th combination is not valid", true},
	{"global_atomic_add_u32 v2, v0, v1, s[0:1]\n", 1, 23, "must use th:TH_ATOMIC_RETURN", true},
	{"s_waitcnt vmcnt(64)\n", 1, 11, "too large value for vmcnt", true},
	{"s_delay_alu instid0(BOGUS)\n", 1, 21, "invalid value name BOGUS", true},
	{"s_sendmsg sendmsg(MSG_BOGUS)\n", 1, 19, "invalid message id", true},
	{"s_getreg_b32 s0, hwreg(HW_REG_MODE, 32, 1)\n", 1, 37, "invalid bit offset", true},
	{"v_mov_b32 v0, src_vccz\n", 1, 15, "not available on this GPU", true},
	{".rodata\ns_nop 0\n", 2, 1, "instructions must be in .text", false},
	{".bogus 1\n", 1, 1, "unknown directive '.bogus'", true},
	{".byte 1\n.p2align 2\n", 2, 1, "data in .text must fill whole dwords", false},
	{".byte 1\ns_nop 0\n", 2, 1, "not 4-byte aligned", false},
	{".amdgcn_target \"amdgcn-amd-amdhsa--gfx1100\"\n", 1, 16, "does not match", true},
	{"a:\na:\n", 2, 1, "label 'a' is already defined", true},
	{"s_mov_b32 s0, 1 +\n", 1, 18, "expected an expression", true},
	{"s_mov_b32 s0, `x\n", 1, 15, "unexpected character", true},
	{".text\nk:\n s_nop 0\n k2:\n s_endpgm\n.rodata\n.amdhsa_kernel k2\n .amdhsa_next_free_vgpr 1\n .amdhsa_next_free_sgpr 1\n.end_amdhsa_kernel\n", 7, 16, "not 256-byte aligned", false},
	{".rodata\n.amdhsa_kernel nothere\n .amdhsa_next_free_vgpr 1\n .amdhsa_next_free_sgpr 1\n.end_amdhsa_kernel\n", 2, 16, "no code label nothere", false},
	{".rodata\n.amdhsa_kernel k\n .amdhsa_next_free_vgpr 1\n", 2, 16, "missing .end_amdhsa_kernel", true},
}

func TestAssemblerErrors(t *testing.T) {
	haveLLVM := llvmAvailable(t)
	for _, c := range errorCases {
		_, err := Assemble("x.s", []byte(c.src))
		if err == nil {
			t.Errorf("%q: no error", c.src)
			continue
		}
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("%q: error %T is not *isa.Error", c.src, err)
			continue
		}
		if e.File != "x.s" || e.Line != c.line || e.Col != c.col || !strings.Contains(e.Msg, c.msg) {
			t.Errorf("%q:\n got %v\nwant x.s:%d:%d: ...%s...", c.src, err, c.line, c.col, c.msg)
		}
		prefix := "x.s:" + itoa(c.line) + ":" + itoa(c.col) + ": "
		if !strings.HasPrefix(err.Error(), prefix) {
			t.Errorf("%q: %q does not start with %q", c.src, err.Error(), prefix)
		}
		if c.llvmRejects && haveLLVM {
			if _, lerr := llvmAssembleFile(t, "x.s", []byte(c.src), false); lerr == nil {
				t.Errorf("%q: llvm-mc accepts it", c.src)
			}
		}
	}
}

func itoa(i int) string { return strconv.Itoa(i) }
