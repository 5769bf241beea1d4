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
// pass row < rows. The bodies (embed_dense, embed_q32) and the prologue
// and epilogue every embed kernel shares are in embed_common.inc.
//
// SGPR discipline (gfx12 VALU-read-SGPR hazard): a pair a VALU has read is
// never written again.

.amdgcn_target "amdgcn-amd-amdhsa--gfx1201"
.amdhsa_code_object_version 5

.text

.include "embed_common.inc"

// zincc_embed_f32: f32 table, bits copied.
//   s[0:1] table, s[2:3] dst (f32), s4 row, s5 cols
.globl zincc_embed_f32
.p2align 8
.type zincc_embed_f32,@function
zincc_embed_f32:
  embed_dense f32
.Lembed_f32_size:
.size zincc_embed_f32, .Lembed_f32_size-zincc_embed_f32

// zincc_embed_f16: f16 table, widened exactly.
//   s[0:1] table, s[2:3] dst (f32), s4 row, s5 cols
.globl zincc_embed_f16
.p2align 8
.type zincc_embed_f16,@function
zincc_embed_f16:
  embed_dense f16
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
  embed_q32 q4_0, 18
.Lembed_q4_0_size:
.size zincc_embed_q4_0, .Lembed_q4_0_size-zincc_embed_q4_0

// zincc_embed_q8_0: Q8_0 table (34-byte blocks: f16 d, 32 int8 q);
// dst[t] = q*d.
//   s[0:1] table, s[2:3] dst (f32), s4 row, s5 cols (a multiple of 32)
.globl zincc_embed_q8_0
.p2align 8
.type zincc_embed_q8_0,@function
zincc_embed_q8_0:
  embed_q32 q8_0, 34
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
