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

// zincc_matvec_q4_1: Q4_1 weights; per block acc += d·s, then acc += m·Σx.
//   s[0:1] W, s[2:3] x, s[4:5] dst, s6 rows, s7 cols (a multiple of 32)
.globl zincc_matvec_q4_1
.p2align 8
.type zincc_matvec_q4_1,@function
zincc_matvec_q4_1:
  v_and_b32 v0, 0x3ff, v0
  v_lshrrev_b32 v1, 5, v0
  v_readfirstlane_b32 s16, v1           ; wave in the workgroup
  s_lshl_b32 s17, ttmp9, 3
  s_add_co_u32 s16, s16, s17            ; row r
  s_cmp_ge_u32 s16, s6
  s_cbranch_scc1 .Lq4_1_end
  s_mov_b32 s18, 0x76543210             ; v_permlanex16 lane selects: lane i
  s_mov_b32 s19, 0xfedcba98             ;   reads lane i of the other row
  s_lshr_b32 s24, s7, 5                 ; blocks per row
  s_mul_i32 s20, s24, 20                ; row bytes
  s_mul_i32 s22, s16, s20
  s_mul_hi_u32 s23, s16, s20
  s_add_co_u32 s0, s0, s22
  s_add_co_ci_u32 s1, s1, s23           ; s[0:1] = row r of W
  v_and_b32 v1, 31, v0                  ; lane
  s_add_co_u32 s26, s24, 7
  s_lshr_b32 s26, s26, 3                ; steps of 8 blocks
  v_lshrrev_b32 v2, 2, v1               ; block b of this lane
  v_and_b32 v3, 3, v1                   ; quarter k of the block
  v_mul_u32_u24 v4, 20, v2              ; byte offset of the block
  v_lshl_add_u32 v5, v3, 2, v4          ; its bytes 4k.. of nibbles (at +4)
  v_lshlrev_b32 v6, 7, v2
  v_lshl_add_u32 v6, v3, 4, v6          ; byte offset of x[32b+4k]
  v_mov_b32 v7, 0                       ; accumulator
.Lq4_1_loop:
  v_cmp_gt_u32 vcc_lo, s24, v2          ; block < blocks per row
  s_and_saveexec_b32 s28, vcc_lo
  global_load_b32 v8, v4, s[0:1]        ; d, m
  global_load_b32 v9, v5, s[0:1] offset:4
  global_load_b128 v[11:14], v6, s[2:3]
  global_load_b128 v[15:18], v6, s[2:3] offset:64
  s_wait_loadcnt 0
  v_and_b32 v19, 0x0f0f0f0f, v9        ; codes of elements 4k..4k+3
  v_lshrrev_b32 v20, 4, v9
  v_and_b32 v20, 0x0f0f0f0f, v20       ;   and of 16+4k..16+4k+3
  v_cvt_f32_ubyte0 v21, v19
  v_mul_f32 v22, v21, v11               ; s
  v_cvt_f32_ubyte1 v21, v19
  v_fmac_f32 v22, v21, v12
  v_cvt_f32_ubyte2 v21, v19
  v_fmac_f32 v22, v21, v13
  v_cvt_f32_ubyte3 v21, v19
  v_fmac_f32 v22, v21, v14
  v_cvt_f32_ubyte0 v21, v20
  v_fmac_f32 v22, v21, v15
  v_cvt_f32_ubyte1 v21, v20
  v_fmac_f32 v22, v21, v16
  v_cvt_f32_ubyte2 v21, v20
  v_fmac_f32 v22, v21, v17
  v_cvt_f32_ubyte3 v21, v20
  v_fmac_f32 v22, v21, v18
  v_add_f32 v23, v11, v12               ; Σx
  v_add_f32 v21, v13, v14
  v_add_f32 v23, v23, v21
  v_add_f32 v21, v15, v16
  v_add_f32 v23, v23, v21
  v_add_f32 v21, v17, v18
  v_add_f32 v23, v23, v21
  v_add_f32_dpp v22, v22, v22 row_xmask:1 row_mask:0xf bank_mask:0xf
  v_add_f32_dpp v23, v23, v23 row_xmask:1 row_mask:0xf bank_mask:0xf
  v_add_f32_dpp v22, v22, v22 row_xmask:2 row_mask:0xf bank_mask:0xf
  v_add_f32_dpp v23, v23, v23 row_xmask:2 row_mask:0xf bank_mask:0xf
  v_cvt_f32_f16 v21, v8                 ; d
  v_fmac_f32 v7, v21, v22
  v_lshrrev_b32 v8, 16, v8
  v_cvt_f32_f16 v21, v8                 ; m
  v_fmac_f32 v7, v21, v23
  s_mov_b32 exec_lo, s28
  v_add_nc_u32 v2, 8, v2
  v_add_nc_u32 v4, 0xa0, v4
  v_add_nc_u32 v5, 0xa0, v5
  v_add_nc_u32 v6, 0x400, v6
  s_sub_co_u32 s26, s26, 1
  s_cmp_lg_u32 s26, 0
  s_cbranch_scc1 .Lq4_1_loop
  v_add_f32_dpp v7, v7, v7 row_xmask:4 row_mask:0xf bank_mask:0xf
  v_add_f32_dpp v7, v7, v7 row_xmask:8 row_mask:0xf bank_mask:0xf
  v_permlanex16_b32 v8, v7, s18, s19
  v_add_f32 v7, v7, v8
  s_lshl_b32 s38, s16, 2
  v_mov_b32 v8, s38                     ; byte offset of dst[r]
  s_mov_b32 exec_lo, 1
  global_store_b32 v8, v7, s[4:5]
.Lq4_1_end:
  s_endpgm
.Lq4_1_size:
.size zincc_matvec_q4_1, .Lq4_1_size-zincc_matvec_q4_1

// zincc_matvec_q5_0: Q5_0 weights; a code q becomes q − 16 as a signed
// 5-bit field (q xor 16), which v_bfe_i32 extracts exactly; acc += d·s.
//   s[0:1] W, s[2:3] x, s[4:5] dst, s6 rows, s7 cols (a multiple of 32)
.globl zincc_matvec_q5_0
.p2align 8
.type zincc_matvec_q5_0,@function
zincc_matvec_q5_0:
  v_and_b32 v0, 0x3ff, v0
  v_lshrrev_b32 v1, 5, v0
  v_readfirstlane_b32 s16, v1           ; wave in the workgroup
  s_lshl_b32 s17, ttmp9, 3
  s_add_co_u32 s16, s16, s17            ; row r
  s_cmp_ge_u32 s16, s6
  s_cbranch_scc1 .Lq5_0_end
  s_mov_b32 s18, 0x76543210             ; v_permlanex16 lane selects: lane i
  s_mov_b32 s19, 0xfedcba98             ;   reads lane i of the other row
  s_lshr_b32 s24, s7, 5                 ; blocks per row
  s_mul_i32 s20, s24, 22                ; row bytes
  s_mul_i32 s22, s16, s20
  s_mul_hi_u32 s23, s16, s20
  s_add_co_u32 s0, s0, s22
  s_add_co_ci_u32 s1, s1, s23           ; s[0:1] = row r of W
  v_and_b32 v1, 31, v0                  ; lane
  s_add_co_u32 s26, s24, 7
  s_lshr_b32 s26, s26, 3                ; steps of 8 blocks
  v_lshrrev_b32 v2, 2, v1               ; block b of this lane
  v_and_b32 v3, 3, v1                   ; quarter k of the block
  v_mul_u32_u24 v4, 22, v2              ; byte offset of the block
  v_lshl_add_u32 v5, v3, 2, v4          ; its bytes 4k.. of nibbles (at +6)
  v_lshlrev_b32 v6, 7, v2
  v_lshl_add_u32 v6, v3, 4, v6          ; byte offset of x[32b+4k]
  v_lshlrev_b32 v24, 2, v3              ; 4k: qh bits of elements 4k..
  v_add_nc_u32 v25, 16, v24             ;   and of 16+4k..
  v_mov_b32 v7, 0                       ; accumulator
.Lq5_0_loop:
  v_cmp_gt_u32 vcc_lo, s24, v2          ; block < blocks per row
  s_and_saveexec_b32 s28, vcc_lo
  global_load_u16 v8, v4, s[0:1]        ; d
  global_load_b32 v10, v4, s[0:1] offset:2 ; qh
  global_load_b32 v9, v5, s[0:1] offset:6
  global_load_b128 v[11:14], v6, s[2:3]
  global_load_b128 v[15:18], v6, s[2:3] offset:64
  s_wait_loadcnt 0
  v_and_b32 v19, 0x0f0f0f0f, v9        ; codes of elements 4k..4k+3
  v_lshrrev_b32 v20, 4, v9
  v_and_b32 v20, 0x0f0f0f0f, v20       ;   and of 16+4k..16+4k+3
  v_bfe_u32 v21, v10, v24, 4
  v_mul_u32_u24 v21, 0x204081, v21
  v_and_b32 v21, 0x01010101, v21
  v_lshl_or_b32 v19, v21, 4, v19
  v_bfe_u32 v21, v10, v25, 4
  v_mul_u32_u24 v21, 0x204081, v21
  v_and_b32 v21, 0x01010101, v21
  v_lshl_or_b32 v20, v21, 4, v20
  v_xor_b32 v19, 0x10101010, v19        ; q − 16 as signed 5-bit fields
  v_xor_b32 v20, 0x10101010, v20
  v_bfe_i32 v21, v19, 0, 5
  v_cvt_f32_i32 v21, v21
  v_mul_f32 v22, v21, v11               ; s
  v_bfe_i32 v21, v19, 8, 5
  v_cvt_f32_i32 v21, v21
  v_fmac_f32 v22, v21, v12
  v_bfe_i32 v21, v19, 16, 5
  v_cvt_f32_i32 v21, v21
  v_fmac_f32 v22, v21, v13
  v_bfe_i32 v21, v19, 24, 5
  v_cvt_f32_i32 v21, v21
  v_fmac_f32 v22, v21, v14
  v_bfe_i32 v21, v20, 0, 5
  v_cvt_f32_i32 v21, v21
  v_fmac_f32 v22, v21, v15
  v_bfe_i32 v21, v20, 8, 5
  v_cvt_f32_i32 v21, v21
  v_fmac_f32 v22, v21, v16
  v_bfe_i32 v21, v20, 16, 5
  v_cvt_f32_i32 v21, v21
  v_fmac_f32 v22, v21, v17
  v_bfe_i32 v21, v20, 24, 5
  v_cvt_f32_i32 v21, v21
  v_fmac_f32 v22, v21, v18
  v_add_f32_dpp v22, v22, v22 row_xmask:1 row_mask:0xf bank_mask:0xf
  v_add_f32_dpp v22, v22, v22 row_xmask:2 row_mask:0xf bank_mask:0xf
  v_cvt_f32_f16 v21, v8                 ; d
  v_fmac_f32 v7, v21, v22
  s_mov_b32 exec_lo, s28
  v_add_nc_u32 v2, 8, v2
  v_add_nc_u32 v4, 0xb0, v4
  v_add_nc_u32 v5, 0xb0, v5
  v_add_nc_u32 v6, 0x400, v6
  s_sub_co_u32 s26, s26, 1
  s_cmp_lg_u32 s26, 0
  s_cbranch_scc1 .Lq5_0_loop
  v_add_f32_dpp v7, v7, v7 row_xmask:4 row_mask:0xf bank_mask:0xf
  v_add_f32_dpp v7, v7, v7 row_xmask:8 row_mask:0xf bank_mask:0xf
  v_permlanex16_b32 v8, v7, s18, s19
  v_add_f32 v7, v7, v8
  s_lshl_b32 s38, s16, 2
  v_mov_b32 v8, s38                     ; byte offset of dst[r]
  s_mov_b32 exec_lo, 1
  global_store_b32 v8, v7, s[4:5]
.Lq5_0_end:
  s_endpgm
.Lq5_0_size:
.size zincc_matvec_q5_0, .Lq5_0_size-zincc_matvec_q5_0

// zincc_matvec_q5_1: Q5_1 weights; per block acc += d·s, then acc += m·Σx.
//   s[0:1] W, s[2:3] x, s[4:5] dst, s6 rows, s7 cols (a multiple of 32)
.globl zincc_matvec_q5_1
.p2align 8
.type zincc_matvec_q5_1,@function
zincc_matvec_q5_1:
  v_and_b32 v0, 0x3ff, v0
  v_lshrrev_b32 v1, 5, v0
  v_readfirstlane_b32 s16, v1           ; wave in the workgroup
  s_lshl_b32 s17, ttmp9, 3
  s_add_co_u32 s16, s16, s17            ; row r
  s_cmp_ge_u32 s16, s6
  s_cbranch_scc1 .Lq5_1_end
  s_mov_b32 s18, 0x76543210             ; v_permlanex16 lane selects: lane i
  s_mov_b32 s19, 0xfedcba98             ;   reads lane i of the other row
  s_lshr_b32 s24, s7, 5                 ; blocks per row
  s_mul_i32 s20, s24, 24                ; row bytes
  s_mul_i32 s22, s16, s20
  s_mul_hi_u32 s23, s16, s20
  s_add_co_u32 s0, s0, s22
  s_add_co_ci_u32 s1, s1, s23           ; s[0:1] = row r of W
  v_and_b32 v1, 31, v0                  ; lane
  s_add_co_u32 s26, s24, 7
  s_lshr_b32 s26, s26, 3                ; steps of 8 blocks
  v_lshrrev_b32 v2, 2, v1               ; block b of this lane
  v_and_b32 v3, 3, v1                   ; quarter k of the block
  v_mul_u32_u24 v4, 24, v2              ; byte offset of the block
  v_lshl_add_u32 v5, v3, 2, v4          ; its bytes 4k.. of nibbles (at +8)
  v_lshlrev_b32 v6, 7, v2
  v_lshl_add_u32 v6, v3, 4, v6          ; byte offset of x[32b+4k]
  v_lshlrev_b32 v24, 2, v3              ; 4k: qh bits of elements 4k..
  v_add_nc_u32 v25, 16, v24             ;   and of 16+4k..
  v_mov_b32 v7, 0                       ; accumulator
.Lq5_1_loop:
  v_cmp_gt_u32 vcc_lo, s24, v2          ; block < blocks per row
  s_and_saveexec_b32 s28, vcc_lo
  global_load_b32 v8, v4, s[0:1]        ; d, m
  global_load_b32 v10, v4, s[0:1] offset:4 ; qh
  global_load_b32 v9, v5, s[0:1] offset:8
  global_load_b128 v[11:14], v6, s[2:3]
  global_load_b128 v[15:18], v6, s[2:3] offset:64
  s_wait_loadcnt 0
  v_and_b32 v19, 0x0f0f0f0f, v9        ; codes of elements 4k..4k+3
  v_lshrrev_b32 v20, 4, v9
  v_and_b32 v20, 0x0f0f0f0f, v20       ;   and of 16+4k..16+4k+3
  v_bfe_u32 v21, v10, v24, 4
  v_mul_u32_u24 v21, 0x204081, v21
  v_and_b32 v21, 0x01010101, v21
  v_lshl_or_b32 v19, v21, 4, v19
  v_bfe_u32 v21, v10, v25, 4
  v_mul_u32_u24 v21, 0x204081, v21
  v_and_b32 v21, 0x01010101, v21
  v_lshl_or_b32 v20, v21, 4, v20
  v_cvt_f32_ubyte0 v21, v19
  v_mul_f32 v22, v21, v11               ; s
  v_cvt_f32_ubyte1 v21, v19
  v_fmac_f32 v22, v21, v12
  v_cvt_f32_ubyte2 v21, v19
  v_fmac_f32 v22, v21, v13
  v_cvt_f32_ubyte3 v21, v19
  v_fmac_f32 v22, v21, v14
  v_cvt_f32_ubyte0 v21, v20
  v_fmac_f32 v22, v21, v15
  v_cvt_f32_ubyte1 v21, v20
  v_fmac_f32 v22, v21, v16
  v_cvt_f32_ubyte2 v21, v20
  v_fmac_f32 v22, v21, v17
  v_cvt_f32_ubyte3 v21, v20
  v_fmac_f32 v22, v21, v18
  v_add_f32 v23, v11, v12               ; Σx
  v_add_f32 v21, v13, v14
  v_add_f32 v23, v23, v21
  v_add_f32 v21, v15, v16
  v_add_f32 v23, v23, v21
  v_add_f32 v21, v17, v18
  v_add_f32 v23, v23, v21
  v_add_f32_dpp v22, v22, v22 row_xmask:1 row_mask:0xf bank_mask:0xf
  v_add_f32_dpp v23, v23, v23 row_xmask:1 row_mask:0xf bank_mask:0xf
  v_add_f32_dpp v22, v22, v22 row_xmask:2 row_mask:0xf bank_mask:0xf
  v_add_f32_dpp v23, v23, v23 row_xmask:2 row_mask:0xf bank_mask:0xf
  v_cvt_f32_f16 v21, v8                 ; d
  v_fmac_f32 v7, v21, v22
  v_lshrrev_b32 v8, 16, v8
  v_cvt_f32_f16 v21, v8                 ; m
  v_fmac_f32 v7, v21, v23
  s_mov_b32 exec_lo, s28
  v_add_nc_u32 v2, 8, v2
  v_add_nc_u32 v4, 0xc0, v4
  v_add_nc_u32 v5, 0xc0, v5
  v_add_nc_u32 v6, 0x400, v6
  s_sub_co_u32 s26, s26, 1
  s_cmp_lg_u32 s26, 0
  s_cbranch_scc1 .Lq5_1_loop
  v_add_f32_dpp v7, v7, v7 row_xmask:4 row_mask:0xf bank_mask:0xf
  v_add_f32_dpp v7, v7, v7 row_xmask:8 row_mask:0xf bank_mask:0xf
  v_permlanex16_b32 v8, v7, s18, s19
  v_add_f32 v7, v7, v8
  s_lshl_b32 s38, s16, 2
  v_mov_b32 v8, s38                     ; byte offset of dst[r]
  s_mov_b32 exec_lo, 1
  global_store_b32 v8, v7, s[4:5]
.Lq5_1_end:
  s_endpgm
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
