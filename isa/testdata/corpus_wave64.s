// Wave64 corpus (assembled with llvm-mc -mattr=+wavefrontsize64): wave
// masks are SGPR pairs and vcc is the 64-bit register.
.amdgcn_target "amdgcn-amd-amdhsa--gfx1201"
.text
.globl argmax64
.p2align 8
.type argmax64,@function
argmax64:
  s_load_b128 s[4:7], s[0:1], 0x0
  v_and_b32 v1, 0x3ff, v0
  s_wait_kmcnt 0x0
  v_lshlrev_b32 v2, 2, v1
  global_load_b32 v3, v2, s[4:5]
  s_wait_loadcnt 0x0
  v_cmp_gt_f32 vcc, v3, 0
  v_cmp_gt_f32_e32 v3, v1
  v_cmp_lt_f32 s[8:9], v3, v1
  v_cmp_eq_u32 s[10:11], 0, v1
  v_cmp_ne_u32 null, v1, v2
  v_cndmask_b32 v4, v1, v3, vcc
  v_cndmask_b32 v4, v1, v3, s[8:9]
  v_cndmask_b32_e32 v4, 0, v3
  v_add_co_u32 v5, vcc, v1, v2
  v_add_co_ci_u32 v6, vcc, 0, v1, vcc
  v_add_co_u32 v5, s[12:13], v1, v2
  v_add_co_ci_u32 v6, s[14:15], v1, v2, s[12:13]
  v_sub_co_ci_u32 v6, null, v1, v2, vcc
  v_mad_co_u64_u32 v[8:9], s[12:13], v1, v2, 0
  v_div_scale_f32 v7, vcc, v1, v2, v1
  v_cmpx_gt_u32 v1, v2
  s_and_saveexec_b64 s[16:17], vcc
  s_cbranch_execz .Lout
  v_permlane64_b32 v10, v3
  v_max_num_f32 v3, v3, v10
  s_or_b64 exec, exec, s[16:17]
  s_mov_b64 s[18:19], exec
  s_and_b64 vcc, vcc, exec
  s_cbranch_vccz .Lout
  global_store_b32 v2, v3, s[6:7]
.Lout:
  s_endpgm

.rodata
.p2align 6
.amdhsa_kernel argmax64
  .amdhsa_next_free_vgpr 11
  .amdhsa_next_free_sgpr 20
  .amdhsa_user_sgpr_count 2
  .amdhsa_user_sgpr_kernarg_segment_ptr 1
  .amdhsa_wavefront_size32 0
  .amdhsa_float_denorm_mode_32 3
.end_amdhsa_kernel
