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
// row < rows. The bodies and the shared prologue and epilogue are in
// embed_common.inc.

.amdgcn_target "amdgcn-amd-amdhsa--gfx1201"
.amdhsa_code_object_version 5

.text

.include "embed_common.inc"

// zincc_embed_bf16: bf16 table, widened exactly (the 16 bits become the
// high half of the float32).
//   s[0:1] table, s[2:3] dst (f32), s4 row, s5 cols
.globl zincc_embed_bf16
.p2align 8
.type zincc_embed_bf16,@function
zincc_embed_bf16:
  embed_row bf16, 1
  v_lshlrev_b32 v2, 1, v1               ; source offset
  global_load_u16 v3, v2, s[0:1]
  v_lshlrev_b32 v1, 2, v1               ; destination offset
  s_wait_loadcnt 0
  v_lshlrev_b32 v3, 16, v3
  embed_store bf16, v3
.Lembed_bf16_size:
.size zincc_embed_bf16, .Lembed_bf16_size-zincc_embed_bf16

// zincc_embed_q4_1: Q4_1 table (20-byte blocks: f16 d, f16 m, 16 bytes of
// nibbles as Q4_0's); dst[t] = q·d + m.
//   s[0:1] table, s[2:3] dst (f32), s4 row, s5 cols (a multiple of 32)
.globl zincc_embed_q4_1
.p2align 8
.type zincc_embed_q4_1,@function
zincc_embed_q4_1:
  embed_q45 q4_1, 20
.Lembed_q4_1_size:
.size zincc_embed_q4_1, .Lembed_q4_1_size-zincc_embed_q4_1

// zincc_embed_q5_0: Q5_0 table (22-byte blocks: f16 d, u32 qh, nibbles;
// bit j of qh is element j's fifth bit); dst[t] = (q−16)·d.
//   s[0:1] table, s[2:3] dst (f32), s4 row, s5 cols (a multiple of 32)
.globl zincc_embed_q5_0
.p2align 8
.type zincc_embed_q5_0,@function
zincc_embed_q5_0:
  embed_q45 q5_0, 22
.Lembed_q5_0_size:
.size zincc_embed_q5_0, .Lembed_q5_0_size-zincc_embed_q5_0

// zincc_embed_q5_1: Q5_1 table (24-byte blocks: f16 d, f16 m, u32 qh,
// nibbles); dst[t] = q·d + m.
//   s[0:1] table, s[2:3] dst (f32), s4 row, s5 cols (a multiple of 32)
.globl zincc_embed_q5_1
.p2align 8
.type zincc_embed_q5_1,@function
zincc_embed_q5_1:
  embed_q45 q5_1, 24
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
