//go:build ignore

// Matrix-vector product for bf16 weights: dst[r] = sum_j W[r][j] * x[j],
// W row-major (row r = output r). Launch, lanes, reduction and numerics
// as matvec.s's zincc_matvec_f16, which this kernel copies with the f16
// widening inside v_fma_mix_f32 replaced by bf16's (a shift or a mask:
// the bf16 bits are the high half of the float32), so every product is
// exact and the matvec rule of docs/numerics.md holds as for f16.
//
// SGPR discipline (gfx12 VALU-read-SGPR hazard): an SGPR pair that a VALU
// instruction has read is never written again.

.amdgcn_target "amdgcn-amd-amdhsa--gfx1201"
.amdhsa_code_object_version 5

.text

// zincc_matvec_bf16: bf16 weights, widened exactly by moving the 16 bits
// to the high half of a float32 (the f16 kernel's shape and lane layout).
// Lane l reads elements 8l..8l+7 of each 256-element step; the last
// cols mod 256 elements go to lanes as whole octets, then single elements.
//   s[0:1] W, s[2:3] x, s[4:5] dst, s6 rows, s7 cols (> 0)
.globl zincc_matvec_bf16
.p2align 8
.type zincc_matvec_bf16,@function
zincc_matvec_bf16:
  v_and_b32 v0, 0x3ff, v0
  v_lshrrev_b32 v1, 5, v0
  v_readfirstlane_b32 s16, v1           ; wave in the workgroup
  s_lshl_b32 s17, ttmp9, 3
  s_add_co_u32 s16, s16, s17            ; row r
  s_cmp_ge_u32 s16, s6
  s_cbranch_scc1 .Lbf16_end
  s_mov_b32 s18, 0x76543210             ; v_permlanex16 lane selects: lane i
  s_mov_b32 s19, 0xfedcba98             ;   reads lane i of the other row
  s_lshl_b32 s20, s7, 1                 ; row bytes
  s_mul_i32 s22, s16, s20
  s_mul_hi_u32 s23, s16, s20
  s_add_co_u32 s0, s0, s22
  s_add_co_ci_u32 s1, s1, s23           ; s[0:1] = row r of W
  v_and_b32 v1, 31, v0                  ; lane
  v_lshlrev_b32 v2, 4, v1               ; W byte offset 16*lane
  v_lshlrev_b32 v16, 5, v1              ; x byte offset 32*lane
  v_mov_b32 v3, 0
  v_mov_b32 v4, 0
  v_mov_b32 v5, 0
  v_mov_b32 v6, 0
  s_lshr_b32 s24, s7, 8                 ; whole 256-element steps
  s_cmp_eq_u32 s24, 0
  s_cbranch_scc1 .Lbf16_tail
.Lbf16_loop:
  global_load_b128 v[8:11], v2, s[0:1]
  global_load_b128 v[12:15], v16, s[2:3]
  global_load_b128 v[17:20], v16, s[2:3] offset:16
  v_add_nc_u32 v2, 0x200, v2
  v_add_nc_u32 v16, 0x400, v16
  s_sub_co_u32 s24, s24, 1
  s_wait_loadcnt 0
  v_lshlrev_b32 v22, 16, v8
  v_fmac_f32 v3, v22, v12
  v_and_b32 v22, 0xffff0000, v8
  v_fmac_f32 v4, v22, v13
  v_lshlrev_b32 v22, 16, v9
  v_fmac_f32 v5, v22, v14
  v_and_b32 v22, 0xffff0000, v9
  v_fmac_f32 v6, v22, v15
  v_lshlrev_b32 v22, 16, v10
  v_fmac_f32 v3, v22, v17
  v_and_b32 v22, 0xffff0000, v10
  v_fmac_f32 v4, v22, v18
  v_lshlrev_b32 v22, 16, v11
  v_fmac_f32 v5, v22, v19
  v_and_b32 v22, 0xffff0000, v11
  v_fmac_f32 v6, v22, v20
  s_cmp_lg_u32 s24, 0
  s_cbranch_scc1 .Lbf16_loop
.Lbf16_tail:
  s_and_b32 s25, s7, 0xff               ; elements left
  s_lshr_b32 s26, s25, 3                ; whole octets left
  v_cmp_gt_u32 vcc_lo, s26, v1
  s_and_saveexec_b32 s34, vcc_lo
  s_cbranch_execz .Lbf16_singles
  global_load_b128 v[8:11], v2, s[0:1]
  global_load_b128 v[12:15], v16, s[2:3]
  global_load_b128 v[17:20], v16, s[2:3] offset:16
  s_wait_loadcnt 0
  v_lshlrev_b32 v22, 16, v8
  v_fmac_f32 v3, v22, v12
  v_and_b32 v22, 0xffff0000, v8
  v_fmac_f32 v4, v22, v13
  v_lshlrev_b32 v22, 16, v9
  v_fmac_f32 v5, v22, v14
  v_and_b32 v22, 0xffff0000, v9
  v_fmac_f32 v6, v22, v15
  v_lshlrev_b32 v22, 16, v10
  v_fmac_f32 v3, v22, v17
  v_and_b32 v22, 0xffff0000, v10
  v_fmac_f32 v4, v22, v18
  v_lshlrev_b32 v22, 16, v11
  v_fmac_f32 v5, v22, v19
  v_and_b32 v22, 0xffff0000, v11
  v_fmac_f32 v6, v22, v20
.Lbf16_singles:
  s_mov_b32 exec_lo, s34
  s_and_b32 s28, s7, 7                  ; single elements left
  s_and_b32 s30, s7, -8                 ; the first one's index
  v_cmp_gt_u32 vcc_lo, s28, v1
  s_and_saveexec_b32 s36, vcc_lo
  s_cbranch_execz .Lbf16_reduce
  v_add_nc_u32 v7, s30, v1              ; element
  v_lshlrev_b32 v21, 1, v7
  v_lshlrev_b32 v7, 2, v7
  global_load_u16 v8, v21, s[0:1]
  global_load_b32 v12, v7, s[2:3]
  s_wait_loadcnt 0
  v_lshlrev_b32 v8, 16, v8
  v_fmac_f32 v3, v8, v12
.Lbf16_reduce:
  s_mov_b32 exec_lo, s36
  v_add_f32 v3, v3, v4
  v_add_f32 v5, v5, v6
  v_add_f32 v3, v3, v5
  v_add_f32_dpp v3, v3, v3 row_xmask:1 row_mask:0xf bank_mask:0xf
  v_add_f32_dpp v3, v3, v3 row_xmask:2 row_mask:0xf bank_mask:0xf
  v_add_f32_dpp v3, v3, v3 row_xmask:4 row_mask:0xf bank_mask:0xf
  v_add_f32_dpp v3, v3, v3 row_xmask:8 row_mask:0xf bank_mask:0xf
  v_permlanex16_b32 v4, v3, s18, s19
  v_add_f32 v3, v3, v4
  s_lshl_b32 s38, s16, 2
  v_mov_b32 v4, s38                  ; byte offset of dst[r]
  s_mov_b32 exec_lo, 1
  global_store_b32 v4, v3, s[4:5]
.Lbf16_end:
  s_endpgm
.Lbf16_size:
.size zincc_matvec_bf16, .Lbf16_size-zincc_matvec_bf16

.rodata
.p2align 6
.amdhsa_kernel zincc_matvec_bf16
  .amdhsa_user_sgpr_count 8
  .amdhsa_next_free_vgpr 23
  .amdhsa_next_free_sgpr 39
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel
