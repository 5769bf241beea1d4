//go:build ignore

// Matrix-vector products for the ggml 32-element formats with a minimum or
// a fifth bit: q4_1 (20-byte blocks: f16 d, f16 m, 16 bytes of nibbles),
// q5_0 (22 bytes: f16 d, u32 qh, 16 bytes of nibbles) and q5_1 (24 bytes:
// f16 d, f16 m, u32 qh, nibbles). Element j of a block is the low nibble
// of byte j (j < 16) or the high nibble of byte j-16, with bit j of qh as
// its fifth bit (q5_*); its value is d·q + m (q4_1, q5_1) or d·(q − 16)
// (q5_0).
//
// Launch (all three): as matvec.s, workgroups of 256 threads, Groups =
// ceil(rows/8); wave w of workgroup g computes row r = 8g + w. Lane 4b+k
// of the wave takes bytes 4k..4k+3 of block b of each step of 8 blocks
// (elements 4k..4k+3 and 16+4k..16+4k+3) and forms the float32 sum of
// its eight exact code·x products and of its eight x. The four lanes of a
// block add their sums across lanes (DPP row_xmask 1 and 2), so each holds
// the block's whole sums s and Σx, and adds d·s (and m·Σx) to its
// accumulator, as exec/cpu's kernels form the terms: an infinite or NaN
// scale gives NaN or infinity exactly when exec/cpu's does. The four
// lanes hold equal accumulators; the final reduction adds one lane per
// block (row_xmask 4 and 8, then v_permlanex16_b32) and lane 0 stores
// dst[r]. Numerics: matvec rule of docs/numerics.md.
//
// The row's byte offset is computed in 64 bits; offsets inside a row are
// 32-bit. Blocks are not 4-byte aligned: the loads rely on unaligned
// global access, as matvec.s's q4_0/q8_0 do.
//
// The fifth bits of four consecutive elements, a nibble n of qh, are
// spread to bit 4 of four bytes by n·0x204081 (n, n<<7, n<<14 and n<<21
// do not overlap) masked with 0x01010101, shifted left by 4.
//
// SGPR discipline (gfx12 VALU-read-SGPR hazard): an SGPR pair that a VALU
// instruction has read is never written again.

.amdgcn_target "amdgcn-amd-amdhsa--gfx1201"
.amdhsa_code_object_version 5

.text

.include "matvec_common.inc"

// matvec_q45 dtype, bytes: the body of zincc_matvec_DTYPE (labels
// .Ldtype_*) for q4_1, q5_0 and q5_1, blocks of the given bytes: lane 4b+k
// reads its quarter of block b (matvec_quarters), the block's d (and m)
// and, for q5_*, qh (its nibbles of fifth bits at bit 4k and 16+4k: v24,
// v25).
.macro matvec_q45 dtype, bytes, xs=global
.ifnc \xs, global
  mv_stage_x q8_0
.endif
  matvec_quarters .L\dtype\xs\()_end, \bytes, 2
.ifnc \dtype, q4_1
  v_lshlrev_b32 v24, 2, v3              ; 4k: qh bits of elements 4k..
  v_add_nc_u32 v25, 16, v24             ;   and of 16+4k..
.endif
  matvec_loop .L\dtype\xs\()_loop
.ifc \dtype, q5_0
  global_load_u16 v8, v4, s[0:1]        ; d
.else
  global_load_b32 v8, v4, s[0:1]        ; d, m
.endif
.ifnc \dtype, q4_1
  global_load_b32 v10, v4, s[0:1] offset:\bytes-20 ; qh
.endif
  global_load_b32 v9, v5, s[0:1] offset:\bytes-16 ; nibbles 4k..4k+3
  mv_xload \xs, v[11:14]
  mv_xload \xs, v[15:18], 64
  mv_xwait \xs
  v_and_b32 v19, 0x0f0f0f0f, v9        ; codes of elements 4k..4k+3
  v_lshrrev_b32 v20, 4, v9
  v_and_b32 v20, 0x0f0f0f0f, v20       ;   and of 16+4k..16+4k+3
.ifnc \dtype, q4_1
  .irp h, 0,1                           ; their fifth bits, to bit 4
  v_bfe_u32 v21, v10, v[24+\h], 4
  v_mul_u32_u24 v21, 0x204081, v21
  v_and_b32 v21, 0x01010101, v21
  v_lshl_or_b32 v[19+\h], v21, 4, v[19+\h]
  .endr
.endif
.ifc \dtype, q5_0
  v_xor_b32 v19, 0x10101010, v19        ; q − 16 as signed 5-bit fields
  v_xor_b32 v20, 0x10101010, v20
  mv_dot4i 22, 21, 19, 11, 5, 0, mul    ; s
  mv_dot4i 22, 21, 20, 15, 5
  matvec_quad_sum v22
  v_cvt_f32_f16 v21, v8                 ; d
  v_fmac_f32 v7, v21, v22
.else
  mv_dot4u 22, 21, 19, 11, mul          ; s
  mv_dot4u 22, 21, 20, 15
  v_add_f32 v23, v11, v12               ; Σx
  .irp i, 13,15,17
  v_add_f32 v21, v\i, v[\i+1]
  v_add_f32 v23, v23, v21
  .endr
  matvec_quad_sum v22, v23
  v_cvt_f32_f16 v21, v8                 ; d
  v_fmac_f32 v7, v21, v22
  v_lshrrev_b32 v8, 16, v8
  v_cvt_f32_f16 v21, v8                 ; m
  v_fmac_f32 v7, v21, v23
.endif
  matvec_next .L\dtype\xs\()_loop, 8, 32, \bytes, v4, v5
  matvec_store v7, v8, 4
.L\dtype\xs\()_end:
  s_endpgm
.endm

// zincc_matvec_q4_1: Q4_1 weights; per block acc += d·s, then acc += m·Σx.
//   s[0:1] W, s[2:3] x, s[4:5] dst, s6 rows, s7 cols (a multiple of 32)
.globl zincc_matvec_q4_1
.p2align 8
.type zincc_matvec_q4_1,@function
zincc_matvec_q4_1:
  matvec_q45 q4_1, 20
.Lq4_1_size:
.size zincc_matvec_q4_1, .Lq4_1_size-zincc_matvec_q4_1

// zincc_matvec_q5_0: Q5_0 weights; a code q becomes q − 16 as a signed
// 5-bit field (q xor 16), which v_bfe_i32 extracts exactly; acc += d·s.
//   s[0:1] W, s[2:3] x, s[4:5] dst, s6 rows, s7 cols (a multiple of 32)
.globl zincc_matvec_q5_0
.p2align 8
.type zincc_matvec_q5_0,@function
zincc_matvec_q5_0:
  matvec_q45 q5_0, 22
.Lq5_0_size:
.size zincc_matvec_q5_0, .Lq5_0_size-zincc_matvec_q5_0

// zincc_matvec_q5_1: Q5_1 weights; per block acc += d·s, then acc += m·Σx.
//   s[0:1] W, s[2:3] x, s[4:5] dst, s6 rows, s7 cols (a multiple of 32)
.globl zincc_matvec_q5_1
.p2align 8
.type zincc_matvec_q5_1,@function
zincc_matvec_q5_1:
  matvec_q45 q5_1, 24
.Lq5_1_size:
.size zincc_matvec_q5_1, .Lq5_1_size-zincc_matvec_q5_1

.rodata
.p2align 6
.amdhsa_kernel zincc_matvec_q4_1
  .amdhsa_user_sgpr_count 8
  .amdhsa_next_free_vgpr 24
  .amdhsa_next_free_sgpr 39
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_matvec_q5_0
  .amdhsa_user_sgpr_count 8
  .amdhsa_next_free_vgpr 26
  .amdhsa_next_free_sgpr 39
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_matvec_q5_1
  .amdhsa_user_sgpr_count 8
  .amdhsa_next_free_vgpr 26
  .amdhsa_next_free_sgpr 39
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel
