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

// matvec_q_0 dtype, bytes: the body of zincc_matvec_q4_0 and
// zincc_matvec_q8_0 (labels .Ldtype_*). Lane 4b+k reads its quarter of block
// b (matvec_quarters), sums its eight code·x products and adds them times
// d (widened inside v_fma_mix_f32) to its accumulator.
.macro matvec_q_0 dtype, bytes, xs=global
.ifnc \xs, global
  mv_stage_x q8_0
.endif
.ifc \dtype, q4_0
  matvec_quarters .L\dtype\xs\()_end, \bytes, 2
.else
  matvec_quarters .L\dtype\xs\()_end, \bytes, 3
.endif
  matvec_loop .L\dtype\xs\()_loop
  global_load_u16 v8, v4, s[0:1]        ; d
.ifc \dtype, q4_0
  global_load_b32 v9, v5, s[0:1] offset:2
  mv_xload \xs, v[11:14]
  mv_xload \xs, v[15:18], 64
  mv_xwait \xs
  v_xor_b32 v9, 0x88888888, v9
  mv_dot4i 20, 19, 9, 11, 4, 0, mul     ; elements 4k..4k+3
  mv_dot4i 20, 19, 9, 15, 4, 4          ;   and 16+4k..16+4k+3
.else
  global_load_b64 v[9:10], v5, s[0:1] offset:2
  mv_xload \xs, v[11:14]
  mv_xload \xs, v[15:18], 16
  mv_xwait \xs
  mv_dot4i 20, 19, 9, 11, 8, 0, mul     ; elements 8k..8k+7
  mv_dot4i 20, 19, 10, 15, 8
.endif
  v_fma_mix_f32 v7, v20, v8, v7 op_sel_hi:[0,1,0]
  matvec_next .L\dtype\xs\()_loop, 8, 32, \bytes, v4, v5
  matvec_store v7, v8
.L\dtype\xs\()_end:
  s_endpgm
.endm

// zincc_matvec_f32: f32 weights. Lane l reads elements 4l..4l+3 of each
// 128-element step (global_load_b128 of W and of x); the last
// cols mod 128 elements go to lanes as whole quads, then single elements.
//   s[0:1] W, s[2:3] x, s[4:5] dst (f32 pointers), s6 rows, s7 cols (> 0)
.globl zincc_matvec_f32
.p2align 8
.type zincc_matvec_f32,@function
zincc_matvec_f32:
  matvec_dense f32
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
  matvec_dense f16
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
  matvec_q_0 q4_0, 18
.Lq4_0_size:
.size zincc_matvec_q4_0, .Lq4_0_size-zincc_matvec_q4_0

// zincc_matvec_q8_0: Q8_0 weights (34-byte blocks: f16 d, 32 int8 q). Lane
// 4b+k reads q[8k..8k+7] of block b.
//   s[0:1] W, s[2:3] x, s[4:5] dst, s6 rows, s7 cols (a multiple of 32)
.globl zincc_matvec_q8_0
.p2align 8
.type zincc_matvec_q8_0,@function
zincc_matvec_q8_0:
  matvec_q_0 q8_0, 34
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

