//go:build ignore

// zincc_rms_norm_q8_0: rms_norm of one vector fused with the quantisation
// of its result to q8_0 blocks (the rms_norm_quantize op, made by the
// fuse-norm-quantize pass): one dispatch instead of zincc_rms_norm then
// zincc_quantize_q8_0, and no barrier between them.
//
// Every workgroup first sums the squares of the whole vector exactly as a
// split zincc_rms_norm workgroup does (the same loads, the same order,
// the same wave and slot reductions: the same bits of r), then thread t of
// workgroup g takes block 256·g + t: y_i = (x_i·r)·w_i with zincc_rms_norm's
// two products (the bits zincc_rms_norm would store), quantised with
// zincc_quantize_q8_0's code (the bytes it would store from those y). The
// intermediate f32 vector is never written.
//   s[0:1] x, s[2:3] w (f32), s[4:5] dst (34-byte blocks), s6 n (> 0, a
//   multiple of 32), s7 eps (f32 bits)
//   LDS: 32 bytes (one partial sum per wave).
// Launch: kernels.RMSNormQ8Groups, 256 threads; every thread takes part in
// the sum (its workgroup barriers need all eight waves).

.amdgcn_target "amdgcn-amd-amdhsa--gfx1201"
.amdhsa_code_object_version 5

.text

.include "norm.inc"
.include "quantize.inc"
.include "xq_lds.inc"


// rq_block log2n, save, end, xshift, bytes: thread t of workgroup g takes
// block v1 = 256·g + t of 2^log2n elements (s8 = blocks); threads past the
// last go to end (exec saved in save); v2 = its byte offset in x and w
// (v1 << xshift), v3 in dst (v1·bytes).
.macro rq_block log2n, save, end, xshift, bytes
  s_lshr_b32 s8, s6, \log2n              ; blocks
  s_lshl_b32 s9, ttmp9, 8               ; the workgroup's first block
  v_add_nc_u32 v1, s9, v0               ; this thread's block
  v_cmp_gt_u32 vcc_lo, s8, v1
  s_and_saveexec_b32 \save, vcc_lo
  s_cbranch_execz \end
  v_lshlrev_b32 v2, \xshift, v1          ; its x and w
  v_mul_u32_u24 v3, \bytes, v1           ; its bytes
.endm

.globl zincc_rms_norm_q8_0
.p2align 8
.type zincc_rms_norm_q8_0,@function
zincc_rms_norm_q8_0:
  norm_sumsq .Lrq
  v_rsq_f32 v47, v6                     ; r
  rq_block 5, s22, .Lrq_end, 7, 34
  rk_load v47
  q_block_q8_0 s[4:5]
.Lrq_end:
  s_endpgm
.Lrq_size:
.size zincc_rms_norm_q8_0, .Lrq_size-zincc_rms_norm_q8_0


// zincc_rms_norm_q8_K: rms_norm of one vector fused with its quantisation
// to q8_K blocks: one dispatch instead of zincc_rms_norm then
// zincc_quantize_q8_K. Every workgroup sums the squares of the whole
// vector as zincc_rms_norm_q8_0 does (the split zincc_rms_norm's bits of
// r), then thread t of workgroup g takes block 256·g + t and runs
// zincc_quantize_q8_K's code on y_i = (x_i·r)·w_i, formed again from x and
// w in each of its two passes (the same products, the same bits): the
// bytes zincc_quantize_q8_K stores from zincc_rms_norm's y.
//   s[0:1] x, s[2:3] w (f32), s[4:5] dst (292-byte blocks), s6 n (> 0, a
//   multiple of 256), s7 eps (f32 bits)
//   LDS: 32 bytes (one partial sum per wave).
// Launch: kernels.RMSNormQ8KGroups, 256 threads.
.globl zincc_rms_norm_q8_K
.p2align 8
.type zincc_rms_norm_q8_K,@function
zincc_rms_norm_q8_K:
  norm_sumsq .Lrk
  v_rsq_f32 v82, v6                     ; r
  rq_block 8, s24, .Lrk_end, 10, 292
  q_block_q8_K s[4:5], rk_load, .Lrk    ; zincc_quantize_q8_K's code
.Lrk_end:
  s_endpgm
.Lrk_size:
.size zincc_rms_norm_q8_K, .Lrk_size-zincc_rms_norm_q8_K

.rodata
.p2align 6
.amdhsa_kernel zincc_rms_norm_q8_0
  .amdhsa_user_sgpr_count 8
  .amdhsa_next_free_vgpr 82
  .amdhsa_next_free_sgpr 28
  .amdhsa_group_segment_fixed_size 32
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_rms_norm_q8_K
  .amdhsa_user_sgpr_count 8
  .amdhsa_next_free_vgpr 83
  .amdhsa_next_free_sgpr 28
  .amdhsa_group_segment_fixed_size 32
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel
