// Assembler corpus: every instruction form the kernel library relies on,
// written as small kernels. The tests assemble this file with zincc and
// with llvm-mc 19 and require identical .text bytes and descriptors, and
// compare zincc's disassembly of the code with llvm-mc -disassemble.
.amdgcn_target "amdgcn-amd-amdhsa--gfx1201"
.amdhsa_code_object_version 5

.set ROW_BYTES, 256
.set LDS_BYTES, 4096
WAVES = 2

.text
.globl copy_f32
.p2align 8
.type copy_f32,@function
copy_f32:                               ; s[0:1] src, s[2:3] dst
  s_lshl_b32 s4, ttmp9, 6               ; workgroup id x * 64
  v_add_nc_u32 v1, s4, v0
  v_lshlrev_b32 v1, 2, v1
  global_load_b32 v2, v1, s[0:1]
  s_wait_loadcnt 0
  global_store_b32 v1, v2, s[2:3]
  s_nop 0
  s_sendmsg sendmsg(MSG_DEALLOC_VGPRS)
  s_endpgm
.Lcopy_end:
.size copy_f32, .Lcopy_end-copy_f32

// Scalar ALU: moves, arithmetic, logic, shifts, compares, selects.
.globl scalar_ops
.p2align 8
.type scalar_ops,@function
scalar_ops:
  s_load_b64 s[4:5], s[0:1], 0x0
  s_load_b128 s[8:11], s[0:1], 0x10
  s_load_b32 s12, s[0:1], 0x20
  s_load_b256 s[16:23], s[2:3], 0x40
  s_load_b512 s[32:47], s[2:3], 0x80
  s_load_b96 s[48:50], s[2:3], -0x10
  s_load_b32 s13, s[0:1], s12 offset:0x8
  s_load_u8 s14, s[0:1], 0x3
  s_load_i16 s15, s[0:1], 0x6
  s_load_b32 s24, s[0:1], 0x0 th:TH_LOAD_NT scope:SCOPE_SYS
  s_wait_kmcnt 0x0
  s_mov_b32 s25, 0
  s_mov_b32 s26, -1
  s_mov_b32 s27, 0x12345678
  s_mov_b32 s28, 1.0
  s_mov_b32 s29, 0.15915494
  s_mov_b32 m0, s25
  s_mov_b64 s[30:31], s[4:5]
  s_mov_b64 s[30:31], 0
  s_mov_b64 vcc, exec
  s_movk_i32 s51, 0x1234
  s_movk_i32 s52, -7
  s_cmov_b32 s53, s12
  s_add_co_u32 s54, s12, s13
  s_add_co_ci_u32 s55, s12, 0
  s_sub_co_u32 s56, s12, 64
  s_add_co_i32 s57, s12, -16
  s_sub_co_i32 s58, s12, 0x41
  s_addk_co_i32 s57, 0x10
  s_mulk_i32 s58, 3
  s_mul_i32 s59, s12, s13
  s_mul_hi_u32 s60, s12, s13
  s_mul_hi_i32 s61, s12, s13
  s_add_nc_u64 s[62:63], s[4:5], s[30:31]
  s_sub_nc_u64 s[62:63], s[62:63], 8
  s_lshl_b32 s64, s12, 2
  s_lshr_b32 s65, s12, 5
  s_ashr_i32 s66, s12, 31
  s_lshl_b64 s[64:65], s[4:5], 3
  s_lshr_b64 s[66:67], s[4:5], s12
  s_lshl2_add_u32 s68, s12, s13
  s_and_b32 s69, s12, 0xff
  s_or_b32 s70, s12, s13
  s_xor_b32 s71, s12, -1
  s_and_not1_b32 s72, s12, s13
  s_or_not1_b32 s73, s12, s13
  s_not_b32 s74, s12
  s_and_b64 s[74:75], s[4:5], exec
  s_or_b64 s[76:77], s[4:5], vcc
  s_min_u32 s78, s12, s13
  s_max_u32 s79, s12, s13
  s_min_i32 s80, s12, -5
  s_max_i32 s81, s12, 100
  s_bfe_u32 s82, ttmp8, 0x50019
  s_bfe_i32 s83, s12, 0x80008
  s_bcnt1_i32_b32 s84, s12
  s_ctz_i32_b32 s85, s12
  s_clz_i32_u32 s86, s12
  s_sext_i32_i16 s87, s12
  s_cmp_eq_u32 s12, s13
  s_cmp_lg_u32 s12, 0
  s_cmp_gt_u32 s12, 0x1000
  s_cmp_lt_i32 s12, -1
  s_cmp_ge_i32 s12, s13
  s_cmp_le_u32 s12, 63
  s_cmp_eq_u64 s[4:5], 0
  s_cmp_lg_u64 s[4:5], s[30:31]
  s_bitcmp1_b32 s12, 3
  s_cselect_b32 s88, s12, s13
  s_cselect_b64 s[88:89], s[4:5], 0
  s_add_f32 s90, s12, 1.0
  s_mul_f32 s91, s12, 0.5
  s_max_num_f32 s92, s12, s13
  s_fmac_f32 s93, s12, s13
  s_cvt_f32_u32 s94, s12
  s_cvt_u32_f32 s95, s94
  s_cmp_lt_f32 s12, s13
  s_getreg_b32 s96, hwreg(HW_REG_MODE)
  s_setreg_b32 hwreg(HW_REG_MODE, 4, 4), s12
  s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 4), 0xf
  s_getpc_b64 s[98:99]
  s_endpgm

// Branches, divergence and the scalar program-control instructions.
.globl control
.p2align 8
.type control,@function
control:
  s_delay_alu instid0(VALU_DEP_1)
  v_cmp_gt_u32_e32 vcc_lo, 16, v0
  s_and_saveexec_b32 s4, vcc_lo
  s_cbranch_execz .Lskip
  v_mov_b32 v1, 1.0
  s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_2)
  v_add_f32 v1, v1, v1
.Lskip:
  s_or_b32 exec_lo, exec_lo, s4
  s_or_saveexec_b32 s5, s4
  s_xor_saveexec_b32 s6, s4
  s_and_not1_saveexec_b32 s7, s4
  s_mov_b32 s8, 3
.Lloop:
  s_sub_co_i32 s8, s8, 1
  s_cmp_lg_u32 s8, 0
  s_cbranch_scc1 .Lloop
  s_cbranch_scc0 .Lnext
  s_cbranch_vccz .Lnext
  s_cbranch_vccnz .Lnext
  s_cbranch_execnz .Lnext
  s_branch .Lnext
.Lnext:
  s_wait_loadcnt 0x0
  s_wait_storecnt 0x0
  s_wait_dscnt 0x0
  s_wait_kmcnt 0x0
  s_wait_samplecnt 0x0
  s_wait_bvhcnt 0x0
  s_wait_expcnt 0x0
  s_wait_loadcnt_dscnt 0x0
  s_wait_storecnt_dscnt 0x0
  s_wait_alu depctr_va_vcc(0)
  s_wait_alu depctr_va_sdst(0)
  s_waitcnt vmcnt(0) lgkmcnt(0)
  s_wait_idle
  s_barrier_signal -1
  s_barrier_wait -1
  s_barrier_signal m0
  s_clause 0x3
  s_nop 7
  s_sleep 1
  s_setprio 2
  s_icache_inv
  s_sendmsg sendmsg(MSG_INTERRUPT)
  s_code_end
  s_endpgm

// Vector ALU: moves, integer and float arithmetic, conversions,
// transcendentals, compares and selects in both encodings.
.globl vector_ops
.p2align 8
.type vector_ops,@function
vector_ops:
  v_mov_b32 v1, v0
  v_mov_b32 v2, s4
  v_mov_b32 v3, 0
  v_mov_b32 v4, -16
  v_mov_b32 v5, 0.5
  v_mov_b32 v6, 0x3fc00000
  v_mov_b32 v7, 1.5
  v_mov_b32 v8, ttmp9
  v_mov_b32_e64 v9, v0
  v_readfirstlane_b32 s5, v1
  v_readlane_b32 s6, v1, 31
  v_readlane_b32 s7, v1, s4
  v_writelane_b32 v2, s6, 5
  v_writelane_b32 v2, s6, m0
  v_add_nc_u32 v10, v1, v2
  v_add_nc_u32 v10, 4, v1
  v_add_nc_u32 v10, 0x100, v1
  v_add_nc_u32 v10, v1, 4
  v_add_nc_u32_e64 v10, v1, s4
  v_sub_nc_u32 v11, v1, v2
  v_subrev_nc_u32 v11, s4, v1
  v_add_co_u32 v12, vcc_lo, v1, v2
  v_add_co_ci_u32 v13, vcc_lo, 0, v3, vcc_lo
  v_add_co_u32 v12, s8, v1, s4
  v_add_co_ci_u32 v13, null, v3, v4, s8
  v_sub_co_u32 v12, vcc_lo, v1, v2
  v_sub_co_ci_u32 v13, vcc_lo, v3, v4, vcc_lo
  v_mad_co_u64_u32 v[14:15], null, v1, v2, v[14:15]
  v_mad_co_u64_u32 v[14:15], s9, v1, 12, 0
  v_mul_lo_u32 v16, v1, v2
  v_mul_hi_u32 v17, v1, s4
  v_mul_u32_u24 v18, v1, v2
  v_mul_i32_i24 v18, 3, v2
  v_mad_u32_u24 v19, v1, v2, v3
  v_lshlrev_b32 v20, 2, v1
  v_lshrrev_b32 v20, 16, v1
  v_ashrrev_i32 v20, 31, v1
  v_lshlrev_b64 v[20:21], 3, v[14:15]
  v_lshrrev_b64 v[20:21], v1, v[14:15]
  v_and_b32 v21, 0x3ff, v0
  v_and_b32 v21, 15, v0
  v_or_b32 v22, v1, v2
  v_xor_b32 v22, v1, -1
  v_not_b32 v22, v1
  v_min_u32 v23, v1, v2
  v_max_u32 v23, v1, s4
  v_min_i32 v23, -5, v1
  v_max_i32 v23, v1, v2
  v_bfe_u32 v24, v0, 10, 10
  v_bfe_u32 v24, v0, 20, 10
  v_bfe_i32 v24, v1, 0, 8
  v_bfi_b32 v24, v1, v2, v3
  v_alignbit_b32 v24, v1, v2, 8
  v_perm_b32 v24, v1, v2, 0x5040100
  v_and_or_b32 v25, v1, 0xffff, v2
  v_lshl_or_b32 v25, v1, 16, v2
  v_lshl_add_u32 v25, v1, 2, s4
  v_add_lshl_u32 v25, v1, v2, 2
  v_add3_u32 v25, v1, v2, v3
  v_or3_b32 v25, v1, v2, v3
  v_xad_u32 v25, v1, v2, v3
  v_bcnt_u32_b32 v26, v1, 0
  v_mbcnt_lo_u32_b32 v26, -1, 0
  v_mbcnt_hi_u32_b32 v26, -1, v26
  v_clz_i32_u32 v26, v1
  v_ctz_i32_b32 v26, v1
  v_cndmask_b32 v27, v1, v2, vcc_lo
  v_cndmask_b32 v27, 0, 1.0, vcc_lo
  v_cndmask_b32 v27, v1, v2, s8
  v_cndmask_b32_e32 v27, v1, v2
  v_cndmask_b32 v27, -v1, |v2|, vcc_lo
  v_add_f32 v30, v1, v2
  v_add_f32 v30, s4, v1
  v_add_f32 v30, v1, s4
  v_add_f32 v30, 1.0, v1
  v_add_f32 v30, v1, 1.0
  v_add_f32 v30, -v1, |v2|
  v_add_f32 v30, v1, v2 clamp
  v_add_f32 v30, v1, v2 mul:2
  v_add_f32 v30, v1, v2 div:2
  v_add_f32_e64 v30, v1, v2
  v_sub_f32 v31, v1, v2
  v_subrev_f32 v31, v1, v2
  v_mul_f32 v32, v1, v2
  v_mul_f32 v32, 2.0, v1
  v_mul_f32 v32, v1, 2.0
  v_mul_f32 v32, 0x3fb8aa3b, v1
  v_fma_f32 v33, v1, v2, v3
  v_fma_f32 v33, v1, v2, 1.0
  v_fma_f32 v33, -v1, v2, v3
  v_fma_f32 v33, s4, 0x12345678, v3
  v_fmac_f32 v34, v1, v2
  v_fmac_f32 v34, s4, v2
  v_fmac_f32 v34, v1, s4
  v_fmamk_f32 v35, v1, 0x40000000, v2
  v_fmaak_f32 v35, v1, v2, 0x3f000000
  v_max_num_f32 v36, v1, v2
  v_min_num_f32 v36, v1, v2
  v_max3_num_f32 v36, v1, v2, v3
  v_min3_num_f32 v36, v1, v2, v3
  v_med3_num_f32 v36, v1, 0, 1.0
  v_maximum3_f32 v36, v1, v2, v3
  v_exp_f32 v37, v1
  v_log_f32 v37, v1
  v_rcp_f32 v37, v1
  v_rsq_f32 v37, v1
  v_sqrt_f32 v37, v1
  v_sin_f32 v37, v1
  v_cos_f32 v37, v1
  v_floor_f32 v37, v1
  v_ceil_f32 v37, v1
  v_trunc_f32 v37, v1
  v_rndne_f32 v37, v1
  v_fract_f32 v37, v1
  v_exp_f32_e64 v37, -v1
  v_rsq_f32_e64 v37, |v1| clamp
  v_frexp_mant_f32 v37, v1
  v_frexp_exp_i32_f32 v37, v1
  v_ldexp_f32 v37, v1, v2
  v_div_scale_f32 v38, vcc_lo, v1, v2, v1
  v_div_fmas_f32 v38, v1, v2, v3
  v_div_fixup_f32 v38, v1, v2, v3
  v_cvt_f32_i32 v39, v1
  v_cvt_f32_u32 v39, v1
  v_cvt_i32_f32 v39, v1
  v_cvt_u32_f32 v39, v1
  v_cvt_floor_i32_f32 v39, v1
  v_cvt_nearest_i32_f32 v39, v1
  v_cvt_f32_f16 v39, v1
  v_cvt_f16_f32 v39, v1
  v_cvt_f32_f16_e64 v39, -v1
  v_cvt_pk_rtz_f16_f32 v39, v1, v2
  v_cvt_f32_ubyte0 v39, v1
  v_cvt_f32_ubyte1 v39, v1
  v_cvt_f32_ubyte2 v39, v1
  v_cvt_f32_ubyte3 v39, v1
  v_cvt_off_f32_i4 v39, v1
  v_cvt_pk_i16_i32 v39, v1, v2
  v_cvt_pk_u16_u32 v39, v1, v2
  v_pack_b32_f16 v39, v1, v2
  v_add_f16 v40, v1, v2
  v_mul_f16 v40, 0x3800, v1
  v_fmac_f16 v40, v1, v2
  v_fma_f16 v40, v1, v2, v3
  v_max_num_f16 v40, v1, v2
  v_exp_f16 v40, v1
  v_add_f64 v[42:43], v[14:15], v[20:21]
  v_mul_f64 v[42:43], v[14:15], 0.5
  v_fma_f64 v[42:43], v[14:15], v[20:21], v[42:43]
  v_cvt_f64_f32 v[42:43], v1
  v_cvt_f32_f64 v41, v[42:43]
  v_pk_add_f16 v44, v1, v2
  v_pk_mul_f16 v44, v1, v2
  v_pk_fma_f16 v44, v1, v2, v3
  v_pk_fma_f16 v44, v1, v2, v3 op_sel:[1,0,0] op_sel_hi:[0,1,1]
  v_pk_max_num_f16 v44, v1, v2
  v_pk_add_u16 v44, v1, v2
  v_fma_mix_f32 v45, v1, v2, v45 op_sel_hi:[1,0,0]
  v_fma_mix_f32 v45, v1, v2, v45 op_sel:[1,0,0] op_sel_hi:[1,0,0]
  v_fma_mixlo_f16 v45, v1, v2, v3
  v_dot2_f32_f16 v46, v1, v2, v46
  v_dot4_i32_iu8 v46, v1, v2, v46 neg_lo:[1,1,0]
  v_dot4_u32_u8 v46, v1, v2, v46
  v_dot8_u32_u4 v46, v1, v2, v46
  v_cmp_gt_f32 vcc_lo, v1, v2
  v_cmp_gt_f32_e32 v1, v2
  v_cmp_lt_f32 s10, v1, v2
  v_cmp_eq_u32 vcc_lo, 0, v1
  v_cmp_eq_u32 s10, v1, 0
  v_cmp_ne_u32 vcc_lo, s4, v1
  v_cmp_ge_i32 vcc_lo, v1, v2
  v_cmp_le_u32 vcc_lo, 0x100, v1
  v_cmp_lt_u64 vcc_lo, v[14:15], v[20:21]
  v_cmp_neq_f32 null, v1, v2
  v_cmp_class_f32 vcc_lo, v1, v2
  v_cmp_u_f32 s10, v1, v1
  v_cmp_gt_f32 s10, |v1|, -v2
  v_cmpx_gt_u32 v1, v2
  v_cmpx_gt_u32 v1, s4
  v_cmpx_eq_f32_e64 v1, 1.0
  v_cmp_lt_f16 vcc_lo, v1, v2
  v_swap_b32 v1, v2
  v_nop
  s_endpgm

// Cross-lane data movement: DPP, permlane, swizzle, bpermute.
.globl crosslane
.p2align 8
.type crosslane,@function
crosslane:
  v_add_f32_dpp v1, v1, v1 row_xmask:1 row_mask:0xf bank_mask:0xf
  v_add_f32_dpp v1, v1, v1 row_xmask:2 row_mask:0xf bank_mask:0xf
  v_add_f32_dpp v1, v1, v1 row_xmask:4 row_mask:0xf bank_mask:0xf
  v_add_f32_dpp v1, v1, v1 row_xmask:8 row_mask:0xf bank_mask:0xf
  v_max_num_f32_dpp v2, v2, v2 row_xmask:1
  v_max_num_f32 v2, v2, v2 row_xmask:2
  v_mov_b32_dpp v3, v1 row_shr:1 row_mask:0xf bank_mask:0xf
  v_mov_b32_dpp v3, v1 row_shl:1 bound_ctrl:1
  v_mov_b32_dpp v3, v1 row_ror:4
  v_mov_b32_dpp v3, v1 row_mirror
  v_mov_b32_dpp v3, v1 row_half_mirror
  v_mov_b32_dpp v3, v1 row_share:15 row_mask:0xa
  v_mov_b32_dpp v3, v1 quad_perm:[1,0,3,2]
  v_mov_b32_dpp v3, v1 quad_perm:[3,3,3,3] bank_mask:0x1 fi:1
  v_mov_b32 v3, v1 dpp8:[1,0,3,2,5,4,7,6]
  v_mov_b32 v3, v1 dpp8:[7,7,7,7,7,7,7,7] fi:1
  v_add_nc_u32_dpp v4, v1, v2 row_shr:2
  v_add_f32_e64_dpp v4, v1, s4 row_xmask:4
  v_add_f32 v4, -v1, |v2| row_xmask:8
  v_add_f32_e64_dpp v4, v1, v2 clamp row_shr:3
  v_fma_f32_e64_dpp v4, v1, v2, v3 row_shr:1
  v_cmp_gt_f32_dpp vcc_lo, v1, v2 quad_perm:[0,0,2,2]
  v_cndmask_b32_dpp v5, v1, v2, vcc_lo row_shr:1
  s_mov_b32 s0, 0x76543210
  s_mov_b32 s1, 0xfedcba98
  v_permlanex16_b32 v2, v1, s0, s1
  v_permlane16_b32 v2, v1, s0, s1
  v_permlane16_b32 v2, v1, s0, s1 op_sel:[1,0]
  v_permlane64_b32 v2, v1
  v_add_f32 v1, v1, v2
  ds_swizzle_b32 v6, v1 offset:swizzle(SWAP,16)
  ds_swizzle_b32 v6, v1 offset:swizzle(QUAD_PERM,1,0,3,2)
  ds_swizzle_b32 v6, v1 offset:swizzle(BROADCAST,32,0)
  ds_swizzle_b32 v6, v1 offset:swizzle(REVERSE,8)
  ds_swizzle_b32 v6, v1 offset:swizzle(BITMASK_PERM,"01pip")
  ds_bpermute_b32 v7, v8, v1
  ds_permute_b32 v7, v8, v1 offset:4
  s_wait_dscnt 0x0
  s_endpgm

// Memory: global loads/stores/atomics of every width and addressing form,
// LDS loads/stores/atomics.
.globl memory
.p2align 8
.type memory,@function
memory:
  global_load_u8 v1, v0, s[0:1]
  global_load_i8 v1, v0, s[0:1] offset:1
  global_load_u16 v1, v0, s[0:1] offset:2
  global_load_i16 v1, v0, s[0:1] offset:-2
  global_load_b32 v1, v0, s[0:1] offset:16
  global_load_b64 v[2:3], v0, s[0:1]
  global_load_b96 v[4:6], v0, s[0:1]
  global_load_b128 v[4:7], v0, s[0:1] offset:4096
  global_load_b32 v1, v[8:9], off
  global_load_b128 v[4:7], v[8:9], off offset:-16
  global_load_d16_b16 v1, v0, s[0:1]
  global_load_d16_hi_b16 v1, v0, s[0:1]
  global_load_b32 v1, v0, s[0:1] th:TH_LOAD_NT
  global_load_b32 v1, v0, s[0:1] scope:SCOPE_SYS
  global_load_b32 v1, v0, s[0:1] th:TH_LOAD_NT_HT scope:SCOPE_DEV
  global_store_b8 v0, v1, s[2:3]
  global_store_b16 v0, v1, s[2:3] offset:2
  global_store_b32 v0, v1, s[2:3]
  global_store_b64 v0, v[2:3], s[2:3]
  global_store_b96 v0, v[4:6], s[2:3]
  global_store_b128 v0, v[4:7], s[2:3] offset:64
  global_store_b32 v[8:9], v1, off
  global_store_b32 v0, v1, s[2:3] th:TH_STORE_NT scope:SCOPE_SYS
  global_atomic_add_u32 v0, v1, s[2:3]
  global_atomic_add_u32 v10, v0, v1, s[2:3] th:TH_ATOMIC_RETURN
  global_atomic_max_u32 v0, v1, s[2:3] offset:8
  global_atomic_max_i32 v[8:9], v1, off
  global_atomic_min_u32 v0, v1, s[2:3]
  global_atomic_add_f32 v0, v1, s[2:3]
  global_atomic_cmpswap_b32 v0, v[2:3], s[2:3]
  global_atomic_cmpswap_b32 v10, v0, v[2:3], s[2:3] th:TH_ATOMIC_RETURN scope:SCOPE_DEV
  global_atomic_add_u64 v0, v[2:3], s[2:3]
  global_wb scope:SCOPE_SE
  global_inv scope:SCOPE_SE
  global_inv scope:SCOPE_SYS
  ds_load_b32 v1, v0
  ds_load_b32 v1, v0 offset:16
  ds_load_b64 v[2:3], v0 offset:8
  ds_load_b96 v[4:6], v0
  ds_load_b128 v[4:7], v0 offset:65520
  ds_load_u8 v1, v0
  ds_load_i8 v1, v0
  ds_load_u16 v1, v0 offset:2
  ds_load_i16 v1, v0
  ds_load_2addr_b32 v[2:3], v0 offset0:1 offset1:2
  ds_load_2addr_stride64_b32 v[2:3], v0 offset1:1
  ds_store_b32 v0, v1
  ds_store_b32 v0, v1 offset:4
  ds_store_b64 v0, v[2:3]
  ds_store_b96 v0, v[4:6] offset:12
  ds_store_b128 v0, v[4:7]
  ds_store_b8 v0, v1
  ds_store_b16 v0, v1 offset:6
  ds_store_2addr_b32 v0, v1, v2 offset0:4 offset1:5
  ds_add_u32 v0, v1
  ds_add_rtn_u32 v2, v0, v1
  ds_add_f32 v0, v1 offset:32
  ds_add_rtn_f32 v2, v0, v1
  ds_max_num_f32 v0, v1
  ds_min_num_f32 v0, v1
  ds_max_u32 v0, v1
  ds_max_rtn_u32 v2, v0, v1
  ds_cmpstore_b32 v0, v1, v2
  ds_cmpstore_rtn_b32 v3, v0, v1, v2
  s_wait_loadcnt_dscnt 0x0
  s_endpgm

// A reduction kernel in the shape the library will use: each wave sums
// 64 floats per lane group, reduces across lanes, then across waves in LDS.
.globl reduce_sum
.p2align 8
.type reduce_sum,@function
reduce_sum:
  s_load_b128 s[4:7], s[0:1], 0x0       ; src, dst
  s_load_b32 s8, s[0:1], 0x10            ; n
  v_and_b32 v1, 0x3ff, v0                ; local id
  v_lshrrev_b32 v2, 5, v1                ; wave index
  v_mov_b32 v3, 0
  s_wait_kmcnt 0x0
  v_lshlrev_b32 v4, 2, v1
  s_mov_b32 s9, 0
.Lsum_loop:
  s_cmp_ge_u32 s9, s8
  s_cbranch_scc1 .Lsum_done
  global_load_b32 v5, v4, s[4:5]
  s_wait_loadcnt 0x0
  v_add_f32 v3, v3, v5
  v_add_nc_u32 v4, ROW_BYTES * WAVES, v4
  s_add_co_i32 s9, s9, 0x200
  s_branch .Lsum_loop
.Lsum_done:
  v_add_f32_dpp v3, v3, v3 row_xmask:1 row_mask:0xf bank_mask:0xf
  v_add_f32_dpp v3, v3, v3 row_xmask:2 row_mask:0xf bank_mask:0xf
  v_add_f32_dpp v3, v3, v3 row_xmask:4 row_mask:0xf bank_mask:0xf
  v_add_f32_dpp v3, v3, v3 row_xmask:8 row_mask:0xf bank_mask:0xf
  v_permlanex16_b32 v6, v3, s10, s11
  v_add_f32 v3, v3, v6
  v_cmp_eq_u32 vcc_lo, 0, v1
  s_and_saveexec_b32 s12, vcc_lo
  v_lshlrev_b32 v7, 2, v2
  ds_store_b32 v7, v3
  s_or_b32 exec_lo, exec_lo, s12
  s_wait_dscnt 0x0
  s_barrier_signal -1
  s_barrier_wait -1
  v_cmp_gt_u32 vcc_lo, WAVES, v1
  s_and_saveexec_b32 s12, vcc_lo
  s_cbranch_execz .Lreduce_end
  ds_load_b32 v8, v4
  s_wait_dscnt 0x0
  v_readfirstlane_b32 s13, v8
  v_mov_b32 v9, s13
  global_store_b32 v4, v9, s[6:7]
.Lreduce_end:
  s_endpgm

.rodata
.p2align 6
.amdhsa_kernel copy_f32
  .amdhsa_user_sgpr_count 4
  .amdhsa_next_free_vgpr 3
  .amdhsa_next_free_sgpr 5
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.amdhsa_kernel scalar_ops
  .amdhsa_next_free_vgpr 1
  .amdhsa_next_free_sgpr 100
  .amdhsa_user_sgpr_dispatch_ptr 1
  .amdhsa_user_sgpr_kernarg_segment_ptr 1
  .amdhsa_kernarg_size 64
.end_amdhsa_kernel

.amdhsa_kernel control
  .amdhsa_next_free_vgpr 2
  .amdhsa_next_free_sgpr 9
  .amdhsa_user_sgpr_count 2
  .amdhsa_system_sgpr_workgroup_id_y 1
  .amdhsa_system_sgpr_workgroup_id_z 1
  .amdhsa_system_vgpr_workitem_id 2
  .amdhsa_float_round_mode_32 0
  .amdhsa_float_round_mode_16_64 0
.end_amdhsa_kernel

.amdhsa_kernel vector_ops
  .amdhsa_next_free_vgpr 47
  .amdhsa_next_free_sgpr 11
  .amdhsa_user_sgpr_count 6
  .amdhsa_user_sgpr_dispatch_ptr 1
  .amdhsa_user_sgpr_kernarg_segment_ptr 1
  .amdhsa_user_sgpr_dispatch_id 1
  .amdhsa_fp16_overflow 1
  .amdhsa_round_robin_scheduling 1
.end_amdhsa_kernel

.amdhsa_kernel crosslane
  .amdhsa_next_free_vgpr 9
  .amdhsa_next_free_sgpr 2
  .amdhsa_group_segment_fixed_size 0
  .amdhsa_workgroup_processor_mode 0
  .amdhsa_memory_ordered 0
  .amdhsa_forward_progress 1
.end_amdhsa_kernel

.amdhsa_kernel memory
  .amdhsa_next_free_vgpr 11
  .amdhsa_next_free_sgpr 4
  .amdhsa_user_sgpr_count 4
  .amdhsa_group_segment_fixed_size 65536
  .amdhsa_private_segment_fixed_size 16
  .amdhsa_enable_private_segment 1
  .amdhsa_uses_dynamic_stack 1
  .amdhsa_user_sgpr_queue_ptr 1
  .amdhsa_user_sgpr_private_segment_size 1
  .amdhsa_system_sgpr_workgroup_info 1
  .amdhsa_exception_fp_ieee_invalid_op 1
  .amdhsa_exception_fp_denorm_src 1
  .amdhsa_exception_fp_ieee_div_zero 1
  .amdhsa_exception_fp_ieee_overflow 1
  .amdhsa_exception_fp_ieee_underflow 1
  .amdhsa_exception_fp_ieee_inexact 1
  .amdhsa_exception_int_div_zero 1
.end_amdhsa_kernel

.section .rodata
.p2align 6
.amdhsa_kernel reduce_sum
  .amdhsa_next_free_vgpr 10
  .amdhsa_next_free_sgpr 14
  .amdhsa_user_sgpr_count 2
  .amdhsa_user_sgpr_kernarg_segment_ptr 1
  .amdhsa_kernarg_size ROW_BYTES / 16
  .amdhsa_group_segment_fixed_size LDS_BYTES
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
  .amdhsa_reserve_vcc 1
.end_amdhsa_kernel
