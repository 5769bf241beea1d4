//go:build ignore

// Embedding lookup: dst[t] = table[row][t] as float32, for every table
// dtype. Every conversion is exact (f16 widening, (q-8)*d and q*d products
// of a small integer and an f16 scale), so the kernels are bit-exact with
// exec/cpu.Embed.
//
// Launch (all four): workgroups of 256 threads, Groups = ceil(cols/256);
// thread t = ttmp9*256 + v0 writes dst[t] for t < cols. The row's byte
// offset is computed in 64 bits (tables may pass 4 GiB); offsets inside a
// row are 32-bit. The row index is not range-checked: the runtime must
// pass row < rows.
//
// This file, elementwise.s and kv_store.s include nothing: exec/tier's
// lowering test assembles the three concatenated, outside this directory.
// The other embed files share embed_common.inc's version of these bodies.
//
// SGPR discipline (gfx12 VALU-read-SGPR hazard): a pair a VALU has read is
// never written again.

.amdgcn_target "amdgcn-amd-amdhsa--gfx1201"
.amdhsa_code_object_version 5

.text

// embed_kernel dtype, bytes: the body of zincc_embed_DTYPE (f32, f16;
// q4_0 and q8_0 with blocks of the given bytes).
.macro embed_kernel dtype, bytes=0
  v_and_b32 v0, 0x3ff, v0
  s_lshl_b32 s16, ttmp9, 8
  v_add_nc_u32 v1, s16, v0              ; t
  v_cmp_gt_u32 vcc_lo, s5, v1           ; t < cols
  s_and_saveexec_b32 s18, vcc_lo
  s_cbranch_execz .Lembed_\dtype\()_end
.if \bytes
  s_lshr_b32 s20, s5, 5                 ; blocks per row
  s_mul_i32 s20, s20, \bytes            ; row bytes
.else
.ifc \dtype, f32
  s_lshl_b32 s20, s5, 2                 ; row bytes
.else
  s_lshl_b32 s20, s5, 1
.endif
.endif
  s_mul_i32 s22, s4, s20                ; row offset, low
  s_mul_hi_u32 s23, s4, s20             ; row offset, high
  s_add_co_u32 s0, s0, s22
  s_add_co_ci_u32 s1, s1, s23           ; s[0:1] = the row
.ifc \dtype, f32
  v_lshlrev_b32 v1, 2, v1
  global_load_b32 v2, v1, s[0:1]
  s_wait_loadcnt 0
  global_store_b32 v1, v2, s[2:3]
.endif
.ifc \dtype, f16
  v_lshlrev_b32 v2, 1, v1               ; source offset
  global_load_u16 v3, v2, s[0:1]
  v_lshlrev_b32 v1, 2, v1               ; destination offset
  s_wait_loadcnt 0
  v_cvt_f32_f16 v3, v3
  global_store_b32 v1, v3, s[2:3]
.endif
.if \bytes
  v_lshrrev_b32 v2, 5, v1               ; block
  v_mul_u32_u24 v2, \bytes, v2          ; block offset
.ifc \dtype, q4_0
  v_and_b32 v3, 15, v1                  ; byte within the block's nibbles
  v_add_nc_u32 v3, v2, v3
  global_load_u16 v4, v2, s[0:1]        ; d
  global_load_u8 v5, v3, s[0:1] offset:2
  v_lshrrev_b32 v6, 2, v1
  v_and_b32 v6, 4, v6                   ; nibble shift: 4 for the block's upper half
  v_lshlrev_b32 v1, 2, v1
  s_wait_loadcnt 0
  v_bfe_u32 v5, v5, v6, 4               ; q
  v_subrev_nc_u32 v5, 8, v5             ; q - 8
.else
  v_and_b32 v3, 31, v1                  ; element within the block
  v_add_nc_u32 v3, v2, v3
  global_load_u16 v4, v2, s[0:1]        ; d
  global_load_i8 v5, v3, s[0:1] offset:2
  v_lshlrev_b32 v1, 2, v1
  s_wait_loadcnt 0
.endif
  v_cvt_f32_i32 v5, v5
  v_cvt_f32_f16 v4, v4
  v_mul_f32 v4, v5, v4                  ; (exact)
  global_store_b32 v1, v4, s[2:3]
.endif
.Lembed_\dtype\()_end:
  s_endpgm
.endm

// zincc_embed_f32: f32 table, bits copied.
//   s[0:1] table, s[2:3] dst (f32), s4 row, s5 cols
.globl zincc_embed_f32
.p2align 8
.type zincc_embed_f32,@function
zincc_embed_f32:
  embed_kernel f32
.Lembed_f32_size:
.size zincc_embed_f32, .Lembed_f32_size-zincc_embed_f32

// zincc_embed_f16: f16 table, widened exactly.
//   s[0:1] table, s[2:3] dst (f32), s4 row, s5 cols
.globl zincc_embed_f16
.p2align 8
.type zincc_embed_f16,@function
zincc_embed_f16:
  embed_kernel f16
.Lembed_f16_size:
.size zincc_embed_f16, .Lembed_f16_size-zincc_embed_f16

// zincc_embed_q4_0: Q4_0 table (18-byte blocks: f16 d, 16 bytes of nibbles;
// element j of a block is the low nibble of byte 2+j for j < 16, the high
// nibble of byte 2+j-16 otherwise); dst[t] = (q-8)*d.
//   s[0:1] table, s[2:3] dst (f32), s4 row, s5 cols (a multiple of 32)
.globl zincc_embed_q4_0
.p2align 8
.type zincc_embed_q4_0,@function
zincc_embed_q4_0:
  embed_kernel q4_0, 18
.Lembed_q4_0_size:
.size zincc_embed_q4_0, .Lembed_q4_0_size-zincc_embed_q4_0

// zincc_embed_q8_0: Q8_0 table (34-byte blocks: f16 d, 32 int8 q);
// dst[t] = q*d.
//   s[0:1] table, s[2:3] dst (f32), s4 row, s5 cols (a multiple of 32)
.globl zincc_embed_q8_0
.p2align 8
.type zincc_embed_q8_0,@function
zincc_embed_q8_0:
  embed_kernel q8_0, 34
.Lembed_q8_0_size:
.size zincc_embed_q8_0, .Lembed_q8_0_size-zincc_embed_q8_0

.rodata
.p2align 6
.amdhsa_kernel zincc_embed_f32
  .amdhsa_user_sgpr_count 6
  .amdhsa_next_free_vgpr 3
  .amdhsa_next_free_sgpr 24
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_embed_f16
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
.amdhsa_kernel zincc_embed_q4_0
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
.amdhsa_kernel zincc_embed_q8_0
  .amdhsa_user_sgpr_count 6
  .amdhsa_next_free_vgpr 6
  .amdhsa_next_free_sgpr 24
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel
