//go:build ignore

// Embedding lookup for q4_1, q5_0, q5_1 and bf16 tables: dst[t] =
// table[row][t] as float32, formed as ggml's dequantisers form it. Each is
// exact or rounds once as the CPU does: bf16 widens exactly; q5_0's
// (q − 16)·d is exact; q4_1/q5_1's q·d is exact and one fused
// multiply-add rounds q·d + m once, as the CPU's product-then-add does.
// So the kernels are bit-exact with exec/cpu.Embed.
//
// Launch (all four): as embed.s, workgroups of 256 threads, Groups =
// ceil(cols/256); thread t = ttmp9*256 + v0 writes dst[t] for t < cols.
// The row's byte offset is computed in 64 bits; offsets inside a row are
// 32-bit. The row index is not range-checked: the runtime must pass
// row < rows.

.amdgcn_target "amdgcn-amd-amdhsa--gfx1201"
.amdhsa_code_object_version 5

.text

// zincc_embed_bf16: bf16 table, widened exactly (the 16 bits become the
// high half of the float32).
//   s[0:1] table, s[2:3] dst (f32), s4 row, s5 cols
.globl zincc_embed_bf16
.p2align 8
.type zincc_embed_bf16,@function
zincc_embed_bf16:
  v_and_b32 v0, 0x3ff, v0
  s_lshl_b32 s16, ttmp9, 8
  v_add_nc_u32 v1, s16, v0              ; t
  v_cmp_gt_u32 vcc_lo, s5, v1           ; t < cols
  s_and_saveexec_b32 s18, vcc_lo
  s_cbranch_execz .Lembed_bf16_end
  s_lshl_b32 s20, s5, 1                 ; row bytes
  s_mul_i32 s22, s4, s20
  s_mul_hi_u32 s23, s4, s20
  s_add_co_u32 s0, s0, s22
  s_add_co_ci_u32 s1, s1, s23           ; s[0:1] = the row
  v_lshlrev_b32 v2, 1, v1               ; source offset
  global_load_u16 v3, v2, s[0:1]
  v_lshlrev_b32 v1, 2, v1               ; destination offset
  s_wait_loadcnt 0
  v_lshlrev_b32 v3, 16, v3
  global_store_b32 v1, v3, s[2:3]
.Lembed_bf16_end:
  s_endpgm
.Lembed_bf16_size:
.size zincc_embed_bf16, .Lembed_bf16_size-zincc_embed_bf16

// zincc_embed_q4_1: Q4_1 table (20-byte blocks: f16 d, f16 m, 16 bytes of
// nibbles as Q4_0's); dst[t] = q·d + m.
//   s[0:1] table, s[2:3] dst (f32), s4 row, s5 cols (a multiple of 32)
.globl zincc_embed_q4_1
.p2align 8
.type zincc_embed_q4_1,@function
zincc_embed_q4_1:
  v_and_b32 v0, 0x3ff, v0
  s_lshl_b32 s16, ttmp9, 8
  v_add_nc_u32 v1, s16, v0              ; t
  v_cmp_gt_u32 vcc_lo, s5, v1           ; t < cols
  s_and_saveexec_b32 s18, vcc_lo
  s_cbranch_execz .Lembed_q4_1_end
  s_lshr_b32 s20, s5, 5                 ; blocks per row
  s_mul_i32 s20, s20, 20                ; row bytes
  s_mul_i32 s22, s4, s20
  s_mul_hi_u32 s23, s4, s20
  s_add_co_u32 s0, s0, s22
  s_add_co_ci_u32 s1, s1, s23           ; s[0:1] = the row
  v_lshrrev_b32 v2, 5, v1               ; block
  v_mul_u32_u24 v2, 20, v2              ; block offset
  v_and_b32 v3, 15, v1                  ; byte within the block's nibbles
  v_add_nc_u32 v3, v2, v3
  global_load_b32 v4, v2, s[0:1]        ; d, m
  global_load_u8 v5, v3, s[0:1] offset:4
  v_lshrrev_b32 v6, 2, v1
  v_and_b32 v6, 4, v6                   ; nibble shift: 4 for the block's upper half
  v_lshlrev_b32 v1, 2, v1               ; destination offset
  s_wait_loadcnt 0
  v_bfe_u32 v5, v5, v6, 4
  v_cvt_f32_u32 v5, v5
  v_cvt_f32_f16 v6, v4                  ; d
  v_lshrrev_b32 v4, 16, v4
  v_cvt_f32_f16 v4, v4                  ; m
  v_fma_f32 v4, v5, v6, v4              ; fl(q·d + m)
  global_store_b32 v1, v4, s[2:3]
.Lembed_q4_1_end:
  s_endpgm
.Lembed_q4_1_size:
.size zincc_embed_q4_1, .Lembed_q4_1_size-zincc_embed_q4_1

// zincc_embed_q5_0: Q5_0 table (22-byte blocks: f16 d, u32 qh, nibbles;
// bit j of qh is element j's fifth bit); dst[t] = (q−16)·d.
//   s[0:1] table, s[2:3] dst (f32), s4 row, s5 cols (a multiple of 32)
.globl zincc_embed_q5_0
.p2align 8
.type zincc_embed_q5_0,@function
zincc_embed_q5_0:
  v_and_b32 v0, 0x3ff, v0
  s_lshl_b32 s16, ttmp9, 8
  v_add_nc_u32 v1, s16, v0              ; t
  v_cmp_gt_u32 vcc_lo, s5, v1           ; t < cols
  s_and_saveexec_b32 s18, vcc_lo
  s_cbranch_execz .Lembed_q5_0_end
  s_lshr_b32 s20, s5, 5                 ; blocks per row
  s_mul_i32 s20, s20, 22                ; row bytes
  s_mul_i32 s22, s4, s20
  s_mul_hi_u32 s23, s4, s20
  s_add_co_u32 s0, s0, s22
  s_add_co_ci_u32 s1, s1, s23           ; s[0:1] = the row
  v_lshrrev_b32 v2, 5, v1               ; block
  v_mul_u32_u24 v2, 22, v2              ; block offset
  v_and_b32 v3, 15, v1                  ; byte within the block's nibbles
  v_add_nc_u32 v3, v2, v3
  global_load_u16 v4, v2, s[0:1]        ; d
  global_load_u8 v5, v3, s[0:1] offset:6
  global_load_b32 v7, v2, s[0:1] offset:2 ; qh
  v_lshrrev_b32 v6, 2, v1
  v_and_b32 v6, 4, v6                   ; nibble shift: 4 for the block's upper half
  v_and_b32 v8, 31, v1                  ; element j of the block
  v_lshlrev_b32 v1, 2, v1               ; destination offset
  s_wait_loadcnt 0
  v_bfe_u32 v5, v5, v6, 4
  v_bfe_u32 v7, v7, v8, 1               ; bit j of qh
  v_lshl_or_b32 v5, v7, 4, v5           ; q
  v_subrev_nc_u32 v5, 16, v5            ; q - 16
  v_cvt_f32_i32 v5, v5
  v_cvt_f32_f16 v6, v4                  ; d
  v_mul_f32 v4, v5, v6                  ; (exact)
  global_store_b32 v1, v4, s[2:3]
.Lembed_q5_0_end:
  s_endpgm
.Lembed_q5_0_size:
.size zincc_embed_q5_0, .Lembed_q5_0_size-zincc_embed_q5_0

// zincc_embed_q5_1: Q5_1 table (24-byte blocks: f16 d, f16 m, u32 qh,
// nibbles); dst[t] = q·d + m.
//   s[0:1] table, s[2:3] dst (f32), s4 row, s5 cols (a multiple of 32)
.globl zincc_embed_q5_1
.p2align 8
.type zincc_embed_q5_1,@function
zincc_embed_q5_1:
  v_and_b32 v0, 0x3ff, v0
  s_lshl_b32 s16, ttmp9, 8
  v_add_nc_u32 v1, s16, v0              ; t
  v_cmp_gt_u32 vcc_lo, s5, v1           ; t < cols
  s_and_saveexec_b32 s18, vcc_lo
  s_cbranch_execz .Lembed_q5_1_end
  s_lshr_b32 s20, s5, 5                 ; blocks per row
  s_mul_i32 s20, s20, 24                ; row bytes
  s_mul_i32 s22, s4, s20
  s_mul_hi_u32 s23, s4, s20
  s_add_co_u32 s0, s0, s22
  s_add_co_ci_u32 s1, s1, s23           ; s[0:1] = the row
  v_lshrrev_b32 v2, 5, v1               ; block
  v_mul_u32_u24 v2, 24, v2              ; block offset
  v_and_b32 v3, 15, v1                  ; byte within the block's nibbles
  v_add_nc_u32 v3, v2, v3
  global_load_b32 v4, v2, s[0:1]        ; d, m
  global_load_u8 v5, v3, s[0:1] offset:8
  global_load_b32 v7, v2, s[0:1] offset:4 ; qh
  v_lshrrev_b32 v6, 2, v1
  v_and_b32 v6, 4, v6                   ; nibble shift: 4 for the block's upper half
  v_and_b32 v8, 31, v1                  ; element j of the block
  v_lshlrev_b32 v1, 2, v1               ; destination offset
  s_wait_loadcnt 0
  v_bfe_u32 v5, v5, v6, 4
  v_bfe_u32 v7, v7, v8, 1               ; bit j of qh
  v_lshl_or_b32 v5, v7, 4, v5           ; q
  v_cvt_f32_u32 v5, v5
  v_cvt_f32_f16 v6, v4                  ; d
  v_lshrrev_b32 v4, 16, v4
  v_cvt_f32_f16 v4, v4                  ; m
  v_fma_f32 v4, v5, v6, v4              ; fl(q·d + m)
  global_store_b32 v1, v4, s[2:3]
.Lembed_q5_1_end:
  s_endpgm
.Lembed_q5_1_size:
.size zincc_embed_q5_1, .Lembed_q5_1_size-zincc_embed_q5_1

.rodata
.p2align 6
.amdhsa_kernel zincc_embed_bf16
  .amdhsa_user_sgpr_count 6
  .amdhsa_next_free_vgpr 4
  .amdhsa_next_free_sgpr 24
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_embed_q4_1
  .amdhsa_user_sgpr_count 6
  .amdhsa_next_free_vgpr 7
  .amdhsa_next_free_sgpr 24
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_embed_q5_0
  .amdhsa_user_sgpr_count 6
  .amdhsa_next_free_vgpr 9
  .amdhsa_next_free_sgpr 24
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_embed_q5_1
  .amdhsa_user_sgpr_count 6
  .amdhsa_next_free_vgpr 9
  .amdhsa_next_free_sgpr 24
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel
