//go:build ignore

// Matrix-vector products for the ggml k-quant formats: dst[r] = sum_j
// W[r][j] * x[j] with W row-major (row r = output r) in q4_K, q5_K or q6_K
// super-blocks of 256 elements (layouts: docs of internal/ggml/kquants.go).
//
// Launch (all three): as matvec.s, workgroups of 256 threads, Groups =
// ceil(rows/8); wave w of workgroup g computes row r = 8g + w. Lanes
// 0..15 of the wave take one super-block and lanes 16..31 the next (two
// super-blocks per step; on an odd last step lanes 16..31 sit out). Each
// lane forms sums of exact code·x products (float32 fused multiply-adds)
// over its 16 elements. Lanes 4g..4g+3 cover whole sub-blocks together:
// their partial sums are added across the four lanes (DPP row_xmask 1
// and 2), so each of the four holds the sub-block's full sum s (and, for
// q4_K/q5_K, its full Σx), and each adds the sub-block's terms
// d·sc·s (and −dmin·m·Σx) to its accumulator with d·sc and dmin·m exact
// in float32, as exec/cpu's kernels form them. The four lanes of a group
// hold equal accumulators, so the final reduction adds one lane per group
// (row_xmask 4 and 8, then v_permlanex16_b32) and lane 0 stores dst[r].
// Because every term is formed from whole sub-block sums, an infinite or
// NaN scale gives NaN or infinity exactly when exec/cpu's does. Numerics:
// matvec rule of docs/numerics.md.
//
// The row's byte offset is computed in 64 bits; offsets inside a row are
// 32-bit. Super-blocks (144, 176, 210 bytes) are not 16-byte aligned: the
// loads rely on unaligned global access, as matvec.s's q4_0/q8_0 do.
//
// SGPR discipline (gfx12 VALU-read-SGPR hazard): an SGPR pair that a VALU
// instruction has read is never written again; per-lane choices use
// v_bfi_b32 with a lane mask, not v_cndmask, so VCC is only read by SALU.

.amdgcn_target "amdgcn-amd-amdhsa--gfx1201"
.amdhsa_code_object_version 5

.text

.include "matvec_common.inc"

// matvec_kquant dtype, bytes, ptrs: the body of zincc_matvec_DTYPE
// (labels .Ldtype_*) for q4_K, q5_K and q6_K, super-blocks of the given
// bytes; ptrs are the W offsets that move on with each step. The lanes'
// registers: v4 the super-block's byte offset, v5 its codes (qs, ql), v52
// and v53 its qh and (q6_K) scales, v6 x; v[14:29] the lane's 16 x,
// v34..v37 its codes, v39, v40 (and v41, v51) its sums, v7 the
// accumulator.
.macro matvec_kquant dtype, bytes, xs, ptrs:vararg
.ifnc \xs, global
  mv_stage_x q8_K
.endif
  matvec_row .L\dtype\xs\()_end
  matvec_blocks 8, \bytes
  s_add_co_u32 s26, s24, 1
  s_lshr_b32 s26, s26, 1                ; steps of 2 super-blocks
  v_and_b32 v1, 31, v0                  ; lane
  v_lshrrev_b32 v2, 4, v1               ; super-block b of this lane
.ifc \dtype, q6_K
  v_and_b32 v3, 15, v1                  ; 8n+k
  v_lshrrev_b32 v30, 3, v3              ; n
  v_and_b32 v31, 7, v3                  ; k
  v_mul_u32_u24 v4, \bytes, v2          ; byte offset of the super-block
  v_lshl_add_u32 v52, v3, 2, v4         ; its qh[32n+4k] (at +128)
  v_lshl_add_u32 v5, v30, 5, v52        ; its ql[64n+4k]
  v_lshl_add_u32 v53, v30, 3, v4        ; its scales[8n] (at +192)
  v_lshlrev_b32 v6, 10, v2
  v_lshl_add_u32 v6, v30, 9, v6
  v_lshl_add_u32 v6, v31, 4, v6         ; byte offset of x[256b+128n+4k]
  v_lshrrev_b32 v33, 2, v31
  v_lshlrev_b32 v33, 3, v33             ; bit offset of scale 2i+k/4 mod 4
  v_add_nc_u32 v47, 16, v33             ;   and of the next quadrant's
.else
  v_and_b32 v3, 15, v1                  ; 4c+k
  v_mul_u32_u24 v4, \bytes, v2          ; byte offset of the super-block
  v_lshl_add_u32 v5, v3, 3, v4          ; its qs[32c+8k] (at +16, q5_K +48)
  v_lshrrev_b32 v30, 2, v3              ; c
  v_and_b32 v31, 3, v3                  ; k
.ifc \dtype, q5_K
  v_lshl_add_u32 v52, v31, 3, v4        ; its qh[8k] (at +16)
  v_lshlrev_b32 v53, 1, v30             ; 2c: qh bit of sub-block 2c
.endif
  v_lshlrev_b32 v6, 10, v2
  v_lshl_add_u32 v6, v30, 8, v6
  v_lshl_add_u32 v6, v31, 5, v6         ; byte offset of x[256b+64c+8k]
  v_lshrrev_b32 v32, 1, v30
  v_sub_nc_u32 v32, 0, v32              ; all ones for sub-blocks 4..7
  v_and_b32 v33, 1, v30
  v_lshlrev_b32 v33, 4, v33             ; bit offset of scale 2c mod 4
  v_add_nc_u32 v47, 8, v33              ;   and of scale 2c+1 mod 4
.endif
  matvec_loop .L\dtype\xs\()_loop
.ifc \dtype, q6_K
  global_load_u16 v8, v4, s[0:1] offset:208 ; d
  global_load_b64 v[9:10], v53, s[0:1] offset:192
  global_load_b32 v11, v5, s[0:1]       ; ql[64n+4k..]
  global_load_b32 v12, v5, s[0:1] offset:32 ; ql[64n+32+4k..]
  global_load_b32 v13, v52, s[0:1] offset:128 ; qh[32n+4k..]
  mv_xload \xs, v[14:17]
  mv_xload \xs, v[18:21], 128
  mv_xload \xs, v[22:25], 256
  mv_xload \xs, v[26:29], 384
  mv_xwait \xs
  v_and_b32 v38, 0x03030303, v13
  v_and_b32 v34, 0x0f0f0f0f, v11
  v_lshl_or_b32 v34, v38, 4, v34        ; quadrant 0 codes
  v_and_b32 v38, 0x0c0c0c0c, v13
  v_and_b32 v35, 0x0f0f0f0f, v12
  v_lshl_or_b32 v35, v38, 2, v35        ; quadrant 1
  v_lshrrev_b32 v38, 4, v11
  v_and_b32 v38, 0x0f0f0f0f, v38
  v_and_or_b32 v36, v13, 0x30303030, v38 ; quadrant 2
  v_lshrrev_b32 v38, 4, v12
  v_and_b32 v38, 0x0f0f0f0f, v38
  v_lshrrev_b32 v37, 2, v13
  v_and_or_b32 v37, v37, 0x30303030, v38 ; quadrant 3
  .irp r, 34,35,36,37
  v_xor_b32 v\r, 0x20202020, v\r        ; q − 32 as signed 6-bit fields
  .endr
.L\dtype\xs\()_dot:
  mv_dot4i 39, 38, 34, 14, 6, 0, mul    ; s_0
  mv_dot4i 40, 38, 35, 18, 6, 0, mul    ; s_1
  mv_dot4i 41, 38, 36, 22, 6, 0, mul    ; s_2
  mv_dot4i 51, 38, 37, 26, 6, 0, mul    ; s_3
.else
  global_load_b32 v8, v4, s[0:1]        ; d, dmin
  global_load_b96 v[9:11], v4, s[0:1] offset:4
.ifc \dtype, q5_K
  global_load_b64 v[12:13], v5, s[0:1] offset:48
  global_load_b64 v[54:55], v52, s[0:1] offset:16
.else
  global_load_b64 v[12:13], v5, s[0:1] offset:16
.endif
  mv_xload \xs, v[14:17]
  mv_xload \xs, v[18:21], 16
  mv_xload \xs, v[22:25], 128
  mv_xload \xs, v[26:29], 144
  mv_xwait \xs
  v_and_b32 v34, 0x0f0f0f0f, v12       ; low nibbles: sub-block 2c
  v_and_b32 v35, 0x0f0f0f0f, v13
  .irp i, 0,1
  v_lshrrev_b32 v[36+\i], 4, v[12+\i]
  v_and_b32 v[36+\i], 0x0f0f0f0f, v[36+\i] ; high nibbles: sub-block 2c+1
  .endr
.ifc \dtype, q5_K
  v_lshrrev_b32 v54, v53, v54           ; qh bits of sub-blocks 2c, 2c+1
  v_lshrrev_b32 v55, v53, v55           ;   in bits 0 and 1 of each byte
  .irp i, 0,1,2,3                       ; to bit 4 of the codes
  v_and_b32 v38, 0x01010101<<(\i>>1), v[54+(\i&1)]
  v_lshl_or_b32 v[34+\i], v38, 4-(\i>>1), v[34+\i]
  .endr
.endif
.L\dtype\xs\()_dot:
  mv_dot4u 39, 38, 34, 14, mul          ; s_a
  mv_dot4u 39, 38, 35, 18
  mv_dot4u 40, 38, 36, 22, mul          ; s_b
  mv_dot4u 40, 38, 37, 26
  mvk_sumx 41, 14                       ; Σx_a
  mvk_sumx 51, 22                       ; Σx_b
.endif
  matvec_quad_sum v39, v40, v41, v51
.L\dtype\xs\()_terms:
.ifc \dtype, q6_K
  v_bfe_i32 v42, v9, v33, 8             ; sc of quadrant 0's sub-block
  v_bfe_i32 v43, v9, v47, 8             ;   quadrant 1's
  v_bfe_i32 v44, v10, v33, 8            ;   quadrant 2's
  v_bfe_i32 v45, v10, v47, 8            ;   quadrant 3's
  .irp r, 42,43,44,45
  v_cvt_f32_i32 v\r, v\r
  .endr
  v_cvt_f32_f16 v49, v8                 ; d
  .irp r, 42,43,44,45
  v_mul_f32 v\r, v49, v\r               ; d·sc (exact)
  .endr
  v_fmac_f32 v7, v42, v39
  v_fmac_f32 v7, v43, v40
  v_fmac_f32 v7, v44, v41
  v_fmac_f32 v7, v45, v51
.else
  v_and_b32 v42, 0x3f3f3f3f, v9        ; scales of sub-blocks 0..3
  v_and_b32 v43, 0x3f3f3f3f, v10       ; mins of sub-blocks 0..3
  v_lshrrev_b32 v44, 2, v9
  v_and_b32 v44, 0x30303030, v44
  v_and_or_b32 v44, v11, 0x0f0f0f0f, v44 ; scales of sub-blocks 4..7
  v_lshrrev_b32 v45, 2, v10
  v_and_b32 v45, 0x30303030, v45
  v_lshrrev_b32 v46, 4, v11
  v_and_or_b32 v45, v46, 0x0f0f0f0f, v45 ; mins of sub-blocks 4..7
  v_bfi_b32 v42, v32, v44, v42
  v_bfi_b32 v43, v32, v45, v43
  v_bfe_u32 v44, v42, v33, 8            ; sc_2c
  v_bfe_u32 v45, v42, v47, 8            ; sc_2c+1
  v_bfe_u32 v46, v43, v33, 8            ; m_2c
  v_bfe_u32 v48, v43, v47, 8            ; m_2c+1
  .irp r, 44,45,46,48
  v_cvt_f32_u32 v\r, v\r
  .endr
  f16_pair v49, v50, v8, v50            ; d, dmin
  v_mul_f32 v44, v49, v44               ; d·sc (exact)
  v_mul_f32 v45, v49, v45
  v_mul_f32 v46, v50, v46               ; dmin·m (exact)
  v_mul_f32 v48, v50, v48
  v_fmac_f32 v7, v44, v39
  v_fma_f32 v7, -v46, v41, v7
  v_fmac_f32 v7, v45, v40
  v_fma_f32 v7, -v48, v51, v7
.endif
  matvec_next .L\dtype\xs\()_loop, 2, 256, \bytes, \ptrs
  matvec_store v7, v8, 4
.L\dtype\xs\()_end:
  s_endpgm
.endm

// mvk_sumx d, x: vD = Σ of v[X..X+7], as a tree of pairs (v42..v44
// clobbered).
.macro mvk_sumx d, x
  v_add_f32 v\d, v\x, v[\x+1]
  .irp i, 1,2,3
  v_add_f32 v[41+\i], v[\x+2*\i], v[\x+2*\i+1]
  .endr
  v_add_f32 v\d, v\d, v42
  v_add_f32 v43, v43, v44
  v_add_f32 v\d, v\d, v43
.endm

// zincc_matvec_q4_K: Q4_K weights (144-byte super-blocks: f16 d, f16 dmin,
// 12 bytes of 6-bit scales and mins, 128 bytes of nibbles; element
// 64c+l is the low nibble of qs[32c+l] (sub-block 2c), 64c+32+l its high
// nibble (sub-block 2c+1)). Lane 4c+k of a super-block's 16 reads
// qs[32c+8k..32c+8k+7]: elements 64c+8k..+7 and 64c+32+8k..+7.
//   s[0:1] W, s[2:3] x, s[4:5] dst, s6 rows, s7 cols (a multiple of 256)
.globl zincc_matvec_q4_K
.p2align 8
.type zincc_matvec_q4_K,@function
zincc_matvec_q4_K:
  matvec_kquant q4_K, 144, global, v4, v5
.Lq4_K_size:
.size zincc_matvec_q4_K, .Lq4_K_size-zincc_matvec_q4_K

// zincc_matvec_q5_K: Q5_K weights (176-byte super-blocks: f16 d, f16 dmin,
// 12 bytes of scales and mins, qh[32], then qs[128] as Q4_K's; bit 2c of
// qh[l] is the fifth bit of element 64c+l, bit 2c+1 that of 64c+32+l).
// Lanes as zincc_matvec_q4_K; lane 4c+k also reads qh[8k..8k+7].
//   s[0:1] W, s[2:3] x, s[4:5] dst, s6 rows, s7 cols (a multiple of 256)
.globl zincc_matvec_q5_K
.p2align 8
.type zincc_matvec_q5_K,@function
zincc_matvec_q5_K:
  matvec_kquant q5_K, 176, global, v4, v5, v52
.Lq5_K_size:
.size zincc_matvec_q5_K, .Lq5_K_size-zincc_matvec_q5_K

// zincc_matvec_q6_K: Q6_K weights (210-byte super-blocks: ql[128], qh[64],
// 16 int8 scales, f16 d; element 128n+32i+l, for half n, quadrant i and
// l < 32, has the code (low nibble of ql[64n+l] for i = 0, of ql[64n+32+l]
// for 1, their high nibbles for 2, 3) | (bits 2i, 2i+1 of qh[32n+l]) << 4,
// minus 32, and the scale of sub-block 8n+2i+l/16). Lane 8n+k of a
// super-block's 16 takes l = 4k..4k+3 of half n in all four quadrants:
// four sub-blocks, four elements of each. A code q becomes q − 32 as a
// signed 6-bit field (q xor 32), which v_bfe_i32 extracts exactly.
//   s[0:1] W, s[2:3] x, s[4:5] dst, s6 rows, s7 cols (a multiple of 256)
.globl zincc_matvec_q6_K
.p2align 8
.type zincc_matvec_q6_K,@function
zincc_matvec_q6_K:
  matvec_kquant q6_K, 210, global, v4, v5, v52, v53
.Lq6_K_size:
.size zincc_matvec_q6_K, .Lq6_K_size-zincc_matvec_q6_K

.rodata
.p2align 6
.amdhsa_kernel zincc_matvec_q4_K
  .amdhsa_user_sgpr_count 8
  .amdhsa_next_free_vgpr 52
  .amdhsa_next_free_sgpr 39
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_matvec_q5_K
  .amdhsa_user_sgpr_count 8
  .amdhsa_next_free_vgpr 56
  .amdhsa_next_free_sgpr 39
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_matvec_q6_K
  .amdhsa_user_sgpr_count 8
  .amdhsa_next_free_vgpr 54
  .amdhsa_next_free_sgpr 39
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel
