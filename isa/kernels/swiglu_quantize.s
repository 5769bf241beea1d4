//go:build ignore

// zincc_swiglu_q8_0 and zincc_swiglu_q8_K: swiglu fused with the
// quantisation of its result to q8_0 or q8_K blocks (the swiglu_quantize
// op, made by the fuse-swiglu-quantize pass): one dispatch instead of
// zincc_swiglu then zincc_quantize_q8_0 or _q8_K, and no barrier between
// them.
//
// Thread t = 256·ttmp9 + v0 takes block t, as zincc_quantize_* does: it
// loads the block's gate and up values, forms y_i = silu(g_i)·u_i with
// zincc_swiglu's instructions (the bits zincc_swiglu would store), and
// quantises them with quantize.inc's q_block_q8_0 / q_block_q8_K (the
// bytes zincc_quantize_* would store from those y). q8_K reads its block
// twice (max, then codes) and forms y each time, the same bits both times.
// The intermediate f32 vector is never written.
//   s[0:1] gate, s[2:3] up (f32), s[4:5] dst (34- or 292-byte blocks),
//   s6 blocks
// Launch: workgroups of 256 threads, Groups = ceil(blocks/256).

.amdgcn_target "amdgcn-amd-amdhsa--gfx1201"
.amdhsa_code_object_version 5

.text

.include "common.inc"
.include "quantize.inc"
.include "xq_lds.inc"


// zincc_swiglu_q8_0: block t's 32 values of silu(gate)·up quantised as
// zincc_quantize_q8_0 does.
//   s[0:1] gate, s[2:3] up, s[4:5] dst (34-byte blocks), s6 blocks
.globl zincc_swiglu_q8_0
.p2align 8
.type zincc_swiglu_q8_0,@function
zincc_swiglu_q8_0:
  thread_index s6, .Lsq8_0_end          ; v1 = block
  v_lshlrev_b32 v2, 7, v1               ; its gate and up
  v_mul_u32_u24 v3, 34, v1              ; its bytes
  sq_load
  q_block_q8_0 s[4:5]
.Lsq8_0_end:
  s_endpgm
.Lsq8_0_size:
.size zincc_swiglu_q8_0, .Lsq8_0_size-zincc_swiglu_q8_0

// zincc_swiglu_q8_K: block t's 256 values of silu(gate)·up quantised as
// zincc_quantize_q8_K does (formed once for the max, once for the codes).
//   s[0:1] gate, s[2:3] up, s[4:5] dst (292-byte blocks), s6 blocks
.globl zincc_swiglu_q8_K
.p2align 8
.type zincc_swiglu_q8_K,@function
zincc_swiglu_q8_K:
  thread_index s6, .Lsq8_K_end          ; v1 = block
  v_lshlrev_b32 v2, 10, v1              ; its gate and up
  v_mul_u32_u24 v3, 292, v1             ; its bytes
  q_block_q8_K s[4:5], sq_load, .Lsq8_K
.Lsq8_K_end:
  s_endpgm
.Lsq8_K_size:
.size zincc_swiglu_q8_K, .Lsq8_K_size-zincc_swiglu_q8_K

.rodata
.p2align 6
.amdhsa_kernel zincc_swiglu_q8_0
  .amdhsa_user_sgpr_count 7
  .amdhsa_next_free_vgpr 83
  .amdhsa_next_free_sgpr 24
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_swiglu_q8_K
  .amdhsa_user_sgpr_count 7
  .amdhsa_next_free_vgpr 83
  .amdhsa_next_free_sgpr 24
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel
