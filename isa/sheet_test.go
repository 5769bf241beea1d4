package isa

import (
	"bytes"
	enchex "encoding/hex"
	"strings"
	"testing"
)

// sheetExamples are encodings quoted in ../shared/ref/rdna4-isa.md (tagged
// [C]: bytes llvm-mc 19 produced when the sheet was written), by section.
// They hold without llvm-mc installed.
var sheetExamples = []struct{ src, bytes string }{
	{"v_add_f32_e64 v0, v1, v2", "00 00 03 d5 01 05 02 00"},                                      // §1.2
	{"v_mov_b32_e64 v0, v1", "00 00 81 d5 01 01 00 00"},                                          // §1.2
	{"v_add_f32_e64 v0, -v1, |v2|", "00 02 03 d5 01 05 02 20"},                                   // §1.3
	{"v_add_f32_e64 v0, v1, v2 clamp", "00 80 03 d5 01 05 02 00"},                                // §1.3
	{"v_cmp_gt_f32_e64 s4, |v1|, -v2", "04 01 14 d4 01 05 02 40"},                                // §1.3
	{"v_pk_add_f16 v0, v1, v2", "00 40 0f cc 01 05 02 18"},                                       // §1.3
	{"v_pk_fma_f16 v0, v1, v2, v3", "00 40 0e cc 01 05 0e 1c"},                                   // §1.3
	{"v_fma_mix_f32 v0, v1, v2, v0 op_sel:[1,0,0] op_sel_hi:[1,0,0]", "00 08 20 cc 01 05 02 0c"}, // §1.3
	{"v_lshrrev_b32 v0, 16, v1", "90 02 00 32"},                                                  // §1.3
	{"v_mov_b32_dpp v0, v1 row_shr:1 row_mask:0xf bank_mask:0xf", "fa 02 00 7e 01 11 01 ff"},     // §1.3
	{"v_add_f32_dpp v1, v1, v1 row_xmask:1 row_mask:0xf bank_mask:0xf", "fa 02 02 06 01 61 01 ff"},
	{"v_add_f32_e64_dpp v0, v1, v2 row_xmask:4 row_mask:0xf bank_mask:0xf", "00 00 03 d5 fa 04 02 00 01 64 01 ff"},
	{"v_mov_b32_dpp v0, v1 dpp8:[1,0,3,2,5,4,7,6]", "e9 02 00 7e 01 c1 54 de"},
	{"v_fmac_f32 v0, 0x3f800000, v1", "f2 02 00 56"},                     // §2.2
	{"s_mov_b32 s0, 0xffffffff", "c1 00 80 be"},                          // §2.2
	{"v_mov_b32 v0, 0xfffffff0", "d0 02 00 7e"},                          // §2.2
	{"v_add_f16 v0, 0x3800, v1", "f0 02 00 64"},                          // §2.2
	{"v_mul_f32 v0, v1, 2.0", "00 00 08 d5 01 e9 01 00"},                 // §2.3
	{"v_mul_f32 v0, 2.0, v1", "f4 02 00 10"},                             // §2.3
	{"v_lshlrev_b32 v0, 2, v1", "82 02 00 30"},                           // §2.3
	{"v_add_co_u32 v0, vcc_lo, v1, v2", "00 6a 00 d7 01 05 02 00"},       // §2.3
	{"v_cmpx_gt_u32_e64 v1, s2", "7e 00 cc d4 01 05 00 00"},              // §2.3
	{"s_mov_b32 s0, s1", "01 00 80 be"},                                  // §3 SOP1
	{"s_barrier_signal -1", "c1 4e 80 be"},                               // §3 SOP1
	{"s_add_co_u32 s0, s1, s2", "01 02 00 80"},                           // §3 SOP2
	{"s_bfe_u32 s0, s1, 0x80008", "01 ff 00 93 08 00 08 00"},             // §3 SOP2
	{"s_movk_i32 s0, 0x1234", "34 12 00 b0"},                             // §3 SOPK
	{"s_cmp_eq_u32 s0, s1", "00 01 06 bf"},                               // §3 SOPC
	{"s_endpgm", "00 00 b0 bf"},                                          // §3 SOPP
	{"s_load_b32 s4, s[0:1], 0x10", "00 01 00 f4 10 00 00 f8"},           // §3 SMEM
	{"s_load_b64 s[4:5], s[0:1], 0x8", "00 21 00 f4 08 00 00 f8"},        // §3 SMEM
	{"s_load_b32 s4, s[0:1], s2 offset:0x10", "00 01 00 f4 10 00 00 04"}, // §3 SMEM
	{"s_load_b32 s4, s[2:3], 0x0 th:TH_LOAD_NT scope:SCOPE_SYS", "01 01 e0 f4 00 00 00 f8"},
	{"v_mov_b32 v0, v1", "01 03 00 7e"},                        // §3 VOP1
	{"v_readfirstlane_b32 s0, v1", "01 05 00 7e"},              // §3 VOP1
	{"v_exp_f32 v0, v1", "01 4b 00 7e"},                        // §3 VOP1
	{"v_cndmask_b32_e32 v0, v1, v2, vcc_lo", "01 05 00 02"},    // §3 VOP2
	{"v_add_f32 v0, v1, v2", "01 05 00 06"},                    // §3 VOP2
	{"v_cmp_gt_f32_e32 vcc_lo, v1, v2", "01 05 28 7c"},         // §3 VOPC
	{"v_cmp_lt_u32_e64 s4, v1, v2", "04 00 49 d4 01 05 02 00"}, // §3 VOPC
	{"v_bfe_u32 v0, v1, 10, 10", "00 00 10 d6 01 15 29 02"},    // §3 VOP3
	{"v_fma_f32 v0, v1, v2, v3", "00 00 13 d6 01 05 0e 04"},    // §3 VOP3
	{"v_readlane_b32 s0, v1, 5", "00 00 60 d7 01 0b 01 00"},    // §3 VOP3
	{"v_mad_co_u64_u32 v[0:1], null, v1, v2, v[4:5]", "00 7c fe d6 01 05 12 04"},
	{"v_add_co_ci_u32_e64 v3, null, 0, v10, vcc_lo", "03 7c 20 d5 80 14 aa 01"},
	{"v_dot4_i32_iu8 v0, v1, v2, v3 neg_lo:[1,1,0]", "00 40 16 cc 01 05 0e 7c"}, // §3 VOP3P
	{"global_load_b32 v1, v0, s[0:1] offset:16", "00 00 05 ee 01 00 00 00 00 10 00 00"},
	{"global_load_b32 v1, v[2:3], off", "7c 00 05 ee 01 00 00 00 02 00 00 00"},
	{"global_load_u16 v2, v10, s[4:5]", "04 80 04 ee 02 00 00 00 0a 00 00 00"},
	{"global_store_b32 v0, v1, s[0:1]", "00 80 06 ee 00 00 80 00 00 00 00 00"},
	{"global_store_b128 v0, v[4:7], s[0:1]", "00 40 07 ee 00 00 00 02 00 00 00 00"},
	{"global_atomic_add_f32 v0, v1, s[0:1]", "00 80 15 ee 00 00 80 00 00 00 00 00"},
	{"ds_load_b32 v1, v0 offset:16", "10 00 d8 d8 00 00 00 01"}, // §3 DS
	{"ds_load_2addr_b32 v[2:3], v0 offset0:1 offset1:2", "01 02 dc d8 00 00 00 02"},
	{"ds_bpermute_b32 v0, v1, v2", "00 00 cc da 01 02 00 00"},
	{"ds_swizzle_b32 v0, v1 offset:swizzle(SWAP,16)", "1f 40 d4 d8 01 00 00 00"}, // §5.4 (vdst v0 here)
	{"s_waitcnt vmcnt(0)", "f7 03 89 bf"},                                        // §4
	{"s_waitcnt lgkmcnt(0)", "07 fc 89 bf"},                                      // §4
	{"s_wait_kmcnt 0x0", "00 00 c7 bf"},                                          // §4
	{"s_barrier_wait -1", "ff ff 94 bf"},                                         // §4
	{"s_sendmsg sendmsg(MSG_DEALLOC_VGPRS)", "03 00 b6 bf"},                      // §4
	{"s_code_end", "00 00 9f bf"},                                                // §4
	{"s_wait_alu depctr_va_vcc(0)", "9d ff 88 bf"},                               // §4
	{"s_wait_alu depctr_va_sdst(0)", "9f f1 88 bf"},                              // §4
	{"s_lshl_b32 s4, ttmp9, 6", "75 86 04 84"},                                   // §7
	{"v_add_nc_u32 v1, s4, v0", "04 00 02 4a"},                                   // §7
	{"global_load_b32 v2, v1, s[0:1]", "00 00 05 ee 02 00 00 00 01 00 00 00"},    // §7
	{"s_wait_loadcnt 0", "00 00 c0 bf"},                                          // §7
	{"global_store_b32 v1, v2, s[2:3]", "02 80 06 ee 00 00 00 01 01 00 00 00"},   // §7
	{"s_mov_b32 s0, 0x76543210", "ff 00 80 be 10 32 54 76"},                      // §5.4
	{"v_permlanex16_b32 v2, v1, s0, s1", "02 00 5c d6 01 01 04 00"},              // §5.4
	{"v_permlane64_b32 v2, v1", "01 cf 04 7e"},                                   // §5.4
}

// TestSheetExamples assembles the sheet's examples and decodes them back.
func TestSheetExamples(t *testing.T) {
	for _, ex := range sheetExamples {
		want, err := enchex.DecodeString(strings.ReplaceAll(ex.bytes, " ", ""))
		if err != nil {
			t.Fatalf("%q: bad test bytes: %v", ex.src, err)
		}
		obj, err := Assemble("sheet.s", []byte(ex.src))
		if err != nil {
			t.Errorf("%q: %v", ex.src, err)
			continue
		}
		if !bytes.Equal(obj.Code, want) {
			t.Errorf("%q: got % x, want % x", ex.src, obj.Code, want)
		}
		in, err := Decode(want, 0, false)
		if err != nil {
			t.Errorf("%q: decode: %v", ex.src, err)
			continue
		}
		if int(in.Size) != len(want) {
			t.Errorf("%q: decoded size %d, want %d", ex.src, in.Size, len(want))
		}
	}
}

// TestBranchEncoding checks PC-relative branches against §5.1: a taken
// branch goes to PC + 4 + simm16*4; s_branch at 0x4 back to 0x0 is
// fe ff a0 bf, s_cbranch_scc1 at 0x8 to 0x14 is 02 00 a2 bf.
func TestBranchEncoding(t *testing.T) {
	src := "top:\n s_nop 0\n s_branch top\n s_cbranch_scc1 out\n s_nop 0\n s_nop 0\nout:\n s_endpgm\n"
	obj, err := Assemble("b.s", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if got := obj.Code[4:8]; !bytes.Equal(got, []byte{0xfe, 0xff, 0xa0, 0xbf}) {
		t.Errorf("s_branch: % x", got)
	}
	if got := obj.Code[8:12]; !bytes.Equal(got, []byte{0x02, 0x00, 0xa2, 0xbf}) {
		t.Errorf("s_cbranch_scc1: % x", got)
	}
	in, err := Decode(obj.Code, 8, false)
	if err != nil {
		t.Fatal(err)
	}
	if !in.IsBranch() || in.BranchTarget(8) != 0x14 || obj.Symbols["out"] != 0x14 {
		t.Errorf("target 0x%x, label at 0x%x", in.BranchTarget(8), obj.Symbols["out"])
	}
}
