//go:build ignore

// zincc_rope: rotary position embedding of every head of x.
//
//   s[0:1] x, s[2:3] dst (f32 pointers), s4 pos, s5 n (heads*head_dim),
//   s6 head_dim, s7 dims (even, <= head_dim), s8 theta (f32 bits),
//   s9 mode: bit 0 clear, normal (pairs (2i, 2i+1)); set, NeoX (pairs
//   (i, i+dims/2)); bit 1 set: s[10:11] points to dims/2 f32 frequency
//   factors (else it is 0 and unread), s12 freq_scale (f32 bits)
//
// Launch: workgroups of 256 threads, Groups = ceil(n/256); thread
// t = ttmp9*256 + v0 < n writes dst[t], computed by rope.inc's rope_value
// (which says how; exact for n <= 2^22).
//
// SGPR discipline (gfx12 VALU-read-SGPR hazard): every SGPR a VALU reads is
// written once, before that read; masks live in fresh SGPR pairs.

.amdgcn_target "amdgcn-amd-amdhsa--gfx1201"
.amdhsa_code_object_version 5

.text

.include "common.inc"
.include "rope.inc"

.globl zincc_rope
.p2align 8
.type zincc_rope,@function
zincc_rope:
  thread_index s5, .Lrope_end           ; t < n
  rope_value s[0:1], s4, s6, s7, s8, s9, s[10:11], s12, rope
  global_store_b32 v15, v12, s[2:3]
.Lrope_end:
  s_endpgm
.Lrope_size:
.size zincc_rope, .Lrope_size-zincc_rope

.rodata
.p2align 6
.amdhsa_kernel zincc_rope
  .amdhsa_user_sgpr_count 13
  .amdhsa_next_free_vgpr 17
  .amdhsa_next_free_sgpr 37
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel
