//go:build ignore

// Matrix-vector products: dst[r] = sum_j W[r][j] * x[j] for W stored row-major
// as GGUF stores it (row r = output r), in f32, f16, q4_0 and q8_0.
//
// Launch (all four): workgroups of 256 threads, Groups = ceil(rows/8). Wave
// w of workgroup g computes row r = 8g + w (waves past the last row end at
// once). The 32 lanes of the wave stride over the row: each lane reads a
// 16-byte piece of the row per step (4 f32, 8 f16, or a quarter of a
// q4_0/q8_0 block: lanes 4b..4b+3 share block b, eight blocks per step)
// and the matching x values, and accumulates float32 fused products. The
// lanes' sums are then reduced across the wave (DPP row_xmask 1, 2, 4, 8,
// then v_permlanex16_b32 across the two 16-lane rows) and lane 0 stores
// dst[r]. Numerics: matvec rule of docs/numerics.md (an any-order float32
// sum of exact products; quantised blocks scaled by d once per quarter).
//
// The row's byte offset is computed in 64 bits; offsets inside a row are
// 32-bit. Rows of f32/f16 weights whose length is not a multiple of 4/8,
// and every q4_0/q8_0 block (18 and 34 bytes), are not 16-byte aligned:
// those loads rely on unaligned global access (gfx12 runs with
// SH_MEM_CONFIG.alignment_mode = unaligned under amdgpu).
//
// SGPR discipline (gfx12 VALU-read-SGPR hazard, LLVM AMDGPUWaitSGPRHazards):
// an SGPR pair that a VALU instruction has read is never written again.

.amdgcn_target "amdgcn-amd-amdhsa--gfx1201"
.amdhsa_code_object_version 5

.text

.include "matvec_common.inc"

// zincc_matvec_f32: f32 weights. Lane l reads elements 4l..4l+3 of each
// 128-element step (global_load_b128 of W and of x); the last
// cols mod 128 elements go to lanes as whole quads, then single elements.
//   s[0:1] W, s[2:3] x, s[4:5] dst (f32 pointers), s6 rows, s7 cols (> 0)
.globl zincc_matvec_f32
.p2align 8
.type zincc_matvec_f32,@function
zincc_matvec_f32:
  matvec_row .Lf32_end
  s_lshl_b32 s20, s7, 2                 ; row bytes
  s_mul_i32 s22, s16, s20
  s_mul_hi_u32 s23, s16, s20
  s_add_co_u32 s0, s0, s22
  s_add_co_ci_u32 s1, s1, s23           ; s[0:1] = row r of W
  v_and_b32 v1, 31, v0                  ; lane
  v_lshlrev_b32 v2, 4, v1               ; byte offset 16*lane
  v_mov_b32 v3, 0                       ; four accumulators
  v_mov_b32 v4, 0
  v_mov_b32 v5, 0
  v_mov_b32 v6, 0
  s_lshr_b32 s24, s7, 7                 ; whole 128-element steps
  s_cmp_eq_u32 s24, 0
  s_cbranch_scc1 .Lf32_tail
.Lf32_loop:
  global_load_b128 v[8:11], v2, s[0:1]
  global_load_b128 v[12:15], v2, s[2:3]
  v_add_nc_u32 v2, 0x200, v2
  s_sub_co_u32 s24, s24, 1
  s_wait_loadcnt 0
  v_fmac_f32 v3, v8, v12
  v_fmac_f32 v4, v9, v13
  v_fmac_f32 v5, v10, v14
  v_fmac_f32 v6, v11, v15
  s_cmp_lg_u32 s24, 0
  s_cbranch_scc1 .Lf32_loop
.Lf32_tail:
  s_and_b32 s25, s7, 0x7f               ; elements left
  s_lshr_b32 s26, s25, 2                ; whole quads left
  v_cmp_gt_u32 vcc_lo, s26, v1
  s_and_saveexec_b32 s34, vcc_lo
  s_cbranch_execz .Lf32_singles
  global_load_b128 v[8:11], v2, s[0:1]
  global_load_b128 v[12:15], v2, s[2:3]
  s_wait_loadcnt 0
  v_fmac_f32 v3, v8, v12
  v_fmac_f32 v4, v9, v13
  v_fmac_f32 v5, v10, v14
  v_fmac_f32 v6, v11, v15
.Lf32_singles:
  s_mov_b32 exec_lo, s34
  s_and_b32 s28, s7, 3                  ; single elements left
  s_and_b32 s30, s7, -4
  s_lshl_b32 s30, s30, 2                ; their first byte offset
  v_cmp_gt_u32 vcc_lo, s28, v1
  s_and_saveexec_b32 s36, vcc_lo
  s_cbranch_execz .Lf32_reduce
  v_lshl_add_u32 v7, v1, 2, s30
  global_load_b32 v8, v7, s[0:1]
  global_load_b32 v12, v7, s[2:3]
  s_wait_loadcnt 0
  v_fmac_f32 v3, v8, v12
.Lf32_reduce:
  s_mov_b32 exec_lo, s36
  v_add_f32 v3, v3, v4
  v_add_f32 v5, v5, v6
  v_add_f32 v3, v3, v5
  matvec_store v3, v4
.Lf32_end:
  s_endpgm
.Lf32_size:
.size zincc_matvec_f32, .Lf32_size-zincc_matvec_f32

// zincc_matvec_f16: f16 weights, widened inside v_fma_mix_f32 (exact).
// Lane l reads elements 8l..8l+7 of each 256-element step; the last
// cols mod 256 elements go to lanes as whole octets, then single elements.
//   s[0:1] W, s[2:3] x, s[4:5] dst, s6 rows, s7 cols (> 0)
.globl zincc_matvec_f16
.p2align 8
.type zincc_matvec_f16,@function
zincc_matvec_f16:
  matvec_row .Lf16_end
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
  s_cbranch_scc1 .Lf16_tail
.Lf16_loop:
  global_load_b128 v[8:11], v2, s[0:1]
  global_load_b128 v[12:15], v16, s[2:3]
  global_load_b128 v[17:20], v16, s[2:3] offset:16
  v_add_nc_u32 v2, 0x200, v2
  v_add_nc_u32 v16, 0x400, v16
  s_sub_co_u32 s24, s24, 1
  s_wait_loadcnt 0
  v_fma_mix_f32 v3, v8, v12, v3 op_sel_hi:[1,0,0]
  v_fma_mix_f32 v4, v8, v13, v4 op_sel:[1,0,0] op_sel_hi:[1,0,0]
  v_fma_mix_f32 v5, v9, v14, v5 op_sel_hi:[1,0,0]
  v_fma_mix_f32 v6, v9, v15, v6 op_sel:[1,0,0] op_sel_hi:[1,0,0]
  v_fma_mix_f32 v3, v10, v17, v3 op_sel_hi:[1,0,0]
  v_fma_mix_f32 v4, v10, v18, v4 op_sel:[1,0,0] op_sel_hi:[1,0,0]
  v_fma_mix_f32 v5, v11, v19, v5 op_sel_hi:[1,0,0]
  v_fma_mix_f32 v6, v11, v20, v6 op_sel:[1,0,0] op_sel_hi:[1,0,0]
  s_cmp_lg_u32 s24, 0
  s_cbranch_scc1 .Lf16_loop
.Lf16_tail:
  s_and_b32 s25, s7, 0xff               ; elements left
  s_lshr_b32 s26, s25, 3                ; whole octets left
  v_cmp_gt_u32 vcc_lo, s26, v1
  s_and_saveexec_b32 s34, vcc_lo
  s_cbranch_execz .Lf16_singles
  global_load_b128 v[8:11], v2, s[0:1]
  global_load_b128 v[12:15], v16, s[2:3]
  global_load_b128 v[17:20], v16, s[2:3] offset:16
  s_wait_loadcnt 0
  v_fma_mix_f32 v3, v8, v12, v3 op_sel_hi:[1,0,0]
  v_fma_mix_f32 v4, v8, v13, v4 op_sel:[1,0,0] op_sel_hi:[1,0,0]
  v_fma_mix_f32 v5, v9, v14, v5 op_sel_hi:[1,0,0]
  v_fma_mix_f32 v6, v9, v15, v6 op_sel:[1,0,0] op_sel_hi:[1,0,0]
  v_fma_mix_f32 v3, v10, v17, v3 op_sel_hi:[1,0,0]
  v_fma_mix_f32 v4, v10, v18, v4 op_sel:[1,0,0] op_sel_hi:[1,0,0]
  v_fma_mix_f32 v5, v11, v19, v5 op_sel_hi:[1,0,0]
  v_fma_mix_f32 v6, v11, v20, v6 op_sel:[1,0,0] op_sel_hi:[1,0,0]
.Lf16_singles:
  s_mov_b32 exec_lo, s34
  s_and_b32 s28, s7, 7                  ; single elements left
  s_and_b32 s30, s7, -8                 ; the first one's index
  v_cmp_gt_u32 vcc_lo, s28, v1
  s_and_saveexec_b32 s36, vcc_lo
  s_cbranch_execz .Lf16_reduce
  v_add_nc_u32 v7, s30, v1              ; element
  v_lshlrev_b32 v21, 1, v7
  v_lshlrev_b32 v7, 2, v7
  global_load_u16 v8, v21, s[0:1]
  global_load_b32 v12, v7, s[2:3]
  s_wait_loadcnt 0
  v_fma_mix_f32 v3, v8, v12, v3 op_sel_hi:[1,0,0]
.Lf16_reduce:
  s_mov_b32 exec_lo, s36
  v_add_f32 v3, v3, v4
  v_add_f32 v5, v5, v6
  v_add_f32 v3, v3, v5
  matvec_store v3, v4
.Lf16_end:
  s_endpgm
.Lf16_size:
.size zincc_matvec_f16, .Lf16_size-zincc_matvec_f16

// zincc_matvec_q4_0: Q4_0 weights (18-byte blocks: f16 d, then byte j holds
// element j in its low nibble and element j+16 in its high nibble). Lane
// 4b+k reads bytes 4k..4k+3 of block b, i.e. elements 4k..4k+3 and
// 16+4k..16+4k+3; xor 0x88888888 turns each nibble q into q-8 as a signed
// nibble, which v_bfe_i32 extracts exactly.
//   s[0:1] W, s[2:3] x, s[4:5] dst, s6 rows, s7 cols (a multiple of 32)
.globl zincc_matvec_q4_0
.p2align 8
.type zincc_matvec_q4_0,@function
zincc_matvec_q4_0:
  matvec_row .Lq4_0_end
  s_lshr_b32 s24, s7, 5                 ; blocks per row
  s_mul_i32 s20, s24, 18                ; row bytes
  s_mul_i32 s22, s16, s20
  s_mul_hi_u32 s23, s16, s20
  s_add_co_u32 s0, s0, s22
  s_add_co_ci_u32 s1, s1, s23           ; s[0:1] = row r of W
  v_and_b32 v1, 31, v0                  ; lane
  s_add_co_u32 s26, s24, 7
  s_lshr_b32 s26, s26, 3                ; steps of 8 blocks
  v_lshrrev_b32 v2, 2, v1               ; block b of this lane
  v_and_b32 v3, 3, v1                   ; quarter of the block
  v_mul_u32_u24 v4, 18, v2              ; byte offset of the block (d)
  v_lshl_add_u32 v5, v3, 2, v4          ; its quarter's quants (at +2)
  v_lshlrev_b32 v6, 7, v2
  v_lshl_add_u32 v6, v3, 4, v6          ; byte offset of its first x
  v_mov_b32 v7, 0                       ; accumulator
.Lq4_0_loop:
  v_cmp_gt_u32 vcc_lo, s24, v2          ; block < blocks per row
  s_and_saveexec_b32 s28, vcc_lo
  global_load_u16 v8, v4, s[0:1]        ; d
  global_load_b32 v9, v5, s[0:1] offset:2
  global_load_b128 v[11:14], v6, s[2:3]
  global_load_b128 v[15:18], v6, s[2:3] offset:64
  s_wait_loadcnt 0
  v_xor_b32 v9, 0x88888888, v9
  v_bfe_i32 v19, v9, 0, 4
  v_cvt_f32_i32 v19, v19
  v_mul_f32 v20, v19, v11
  v_bfe_i32 v19, v9, 8, 4
  v_cvt_f32_i32 v19, v19
  v_fmac_f32 v20, v19, v12
  v_bfe_i32 v19, v9, 16, 4
  v_cvt_f32_i32 v19, v19
  v_fmac_f32 v20, v19, v13
  v_bfe_i32 v19, v9, 24, 4
  v_cvt_f32_i32 v19, v19
  v_fmac_f32 v20, v19, v14
  v_bfe_i32 v19, v9, 4, 4
  v_cvt_f32_i32 v19, v19
  v_fmac_f32 v20, v19, v15
  v_bfe_i32 v19, v9, 12, 4
  v_cvt_f32_i32 v19, v19
  v_fmac_f32 v20, v19, v16
  v_bfe_i32 v19, v9, 20, 4
  v_cvt_f32_i32 v19, v19
  v_fmac_f32 v20, v19, v17
  v_ashrrev_i32 v19, 28, v9
  v_cvt_f32_i32 v19, v19
  v_fmac_f32 v20, v19, v18
  v_fma_mix_f32 v7, v20, v8, v7 op_sel_hi:[0,1,0]
  s_mov_b32 exec_lo, s28
  v_add_nc_u32 v2, 8, v2
  v_add_nc_u32 v4, 0x90, v4
  v_add_nc_u32 v5, 0x90, v5
  v_add_nc_u32 v6, 0x400, v6
  s_sub_co_u32 s26, s26, 1
  s_cmp_lg_u32 s26, 0
  s_cbranch_scc1 .Lq4_0_loop
  matvec_store v7, v8
.Lq4_0_end:
  s_endpgm
.Lq4_0_size:
.size zincc_matvec_q4_0, .Lq4_0_size-zincc_matvec_q4_0

// zincc_matvec_q8_0: Q8_0 weights (34-byte blocks: f16 d, 32 int8 q). Lane
// 4b+k reads q[8k..8k+7] of block b.
//   s[0:1] W, s[2:3] x, s[4:5] dst, s6 rows, s7 cols (a multiple of 32)
.globl zincc_matvec_q8_0
.p2align 8
.type zincc_matvec_q8_0,@function
zincc_matvec_q8_0:
  matvec_row .Lq8_0_end
  s_lshr_b32 s24, s7, 5                 ; blocks per row
  s_mul_i32 s20, s24, 34                ; row bytes
  s_mul_i32 s22, s16, s20
  s_mul_hi_u32 s23, s16, s20
  s_add_co_u32 s0, s0, s22
  s_add_co_ci_u32 s1, s1, s23           ; s[0:1] = row r of W
  v_and_b32 v1, 31, v0                  ; lane
  s_add_co_u32 s26, s24, 7
  s_lshr_b32 s26, s26, 3                ; steps of 8 blocks
  v_lshrrev_b32 v2, 2, v1               ; block b of this lane
  v_and_b32 v3, 3, v1                   ; quarter of the block
  v_mul_u32_u24 v4, 34, v2              ; byte offset of the block (d)
  v_lshl_add_u32 v5, v3, 3, v4          ; its quarter's quants (at +2)
  v_lshlrev_b32 v6, 7, v2
  v_lshl_add_u32 v6, v3, 5, v6          ; byte offset of its first x
  v_mov_b32 v7, 0                       ; accumulator
.Lq8_0_loop:
  v_cmp_gt_u32 vcc_lo, s24, v2          ; block < blocks per row
  s_and_saveexec_b32 s28, vcc_lo
  global_load_u16 v8, v4, s[0:1]        ; d
  global_load_b64 v[9:10], v5, s[0:1] offset:2
  global_load_b128 v[11:14], v6, s[2:3]
  global_load_b128 v[15:18], v6, s[2:3] offset:16
  s_wait_loadcnt 0
  v_bfe_i32 v19, v9, 0, 8
  v_cvt_f32_i32 v19, v19
  v_mul_f32 v20, v19, v11
  v_bfe_i32 v19, v9, 8, 8
  v_cvt_f32_i32 v19, v19
  v_fmac_f32 v20, v19, v12
  v_bfe_i32 v19, v9, 16, 8
  v_cvt_f32_i32 v19, v19
  v_fmac_f32 v20, v19, v13
  v_ashrrev_i32 v19, 24, v9
  v_cvt_f32_i32 v19, v19
  v_fmac_f32 v20, v19, v14
  v_bfe_i32 v19, v10, 0, 8
  v_cvt_f32_i32 v19, v19
  v_fmac_f32 v20, v19, v15
  v_bfe_i32 v19, v10, 8, 8
  v_cvt_f32_i32 v19, v19
  v_fmac_f32 v20, v19, v16
  v_bfe_i32 v19, v10, 16, 8
  v_cvt_f32_i32 v19, v19
  v_fmac_f32 v20, v19, v17
  v_ashrrev_i32 v19, 24, v10
  v_cvt_f32_i32 v19, v19
  v_fmac_f32 v20, v19, v18
  v_fma_mix_f32 v7, v20, v8, v7 op_sel_hi:[0,1,0]
  s_mov_b32 exec_lo, s28
  v_add_nc_u32 v2, 8, v2
  v_add_nc_u32 v4, 0x110, v4
  v_add_nc_u32 v5, 0x110, v5
  v_add_nc_u32 v6, 0x400, v6
  s_sub_co_u32 s26, s26, 1
  s_cmp_lg_u32 s26, 0
  s_cbranch_scc1 .Lq8_0_loop
  matvec_store v7, v8
.Lq8_0_end:
  s_endpgm
.Lq8_0_size:
.size zincc_matvec_q8_0, .Lq8_0_size-zincc_matvec_q8_0

.rodata
.p2align 6
.amdhsa_kernel zincc_matvec_f32
  .amdhsa_user_sgpr_count 8
  .amdhsa_next_free_vgpr 16
  .amdhsa_next_free_sgpr 39
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_matvec_f16
  .amdhsa_user_sgpr_count 8
  .amdhsa_next_free_vgpr 22
  .amdhsa_next_free_sgpr 39
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_matvec_q4_0
  .amdhsa_user_sgpr_count 8
  .amdhsa_next_free_vgpr 21
  .amdhsa_next_free_sgpr 39
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_matvec_q8_0
  .amdhsa_user_sgpr_count 8
  .amdhsa_next_free_vgpr 21
  .amdhsa_next_free_sgpr 39
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel
