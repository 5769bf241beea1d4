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
// t = ttmp9*256 + v0 < n writes dst[t]. Its index in the head, h = t mod
// head_dim, comes from a float reciprocal and a one-step correction
// (exact for n <= 2^22). Dimensions h >= dims are copied bit for bit. A
// rotated element of pair i reads itself and its partner and computes
//   angle = pos * exp2(-2i/dims * log2 theta) * freq_scale [* rcp(freqs[i])],
//   in revolutions (/2pi), fract
//   c = v_cos_f32, s = v_sin_f32 (they take revolutions)
//   first of the pair:  x0*c - x1*s      second:  x1*c + x0*s
// with each product rounded, as exec/cpu.Rope does; only the angle differs
// from ggml's recurrence (rope rule of docs/numerics.md).
//
// SGPR discipline (gfx12 VALU-read-SGPR hazard): every SGPR a VALU reads is
// written once, before that read; masks live in fresh SGPR pairs.

.amdgcn_target "amdgcn-amd-amdhsa--gfx1201"
.amdhsa_code_object_version 5

.text

.include "common.inc"

.globl zincc_rope
.p2align 8
.type zincc_rope,@function
zincc_rope:
  thread_index s5, .Lrope_end           ; t < n
  // h = t mod head_dim: q = trunc(t * rcp(head_dim)) is within one of
  // the quotient; fix the remainder once in each direction.
  v_cvt_f32_u32 v2, v1
  v_cvt_f32_u32 v3, s6
  v_rcp_f32 v3, v3
  v_mul_f32 v2, v2, v3
  v_cvt_u32_f32 v2, v2
  v_mul_lo_u32 v3, v2, s6
  v_sub_nc_u32 v3, v1, v3               ; t - q*head_dim
  v_add_nc_u32 v4, s6, v3
  v_cmp_gt_i32_e64 s20, 0, v3           ; negative: q was one too large
  v_cndmask_b32_e64 v3, v3, v4, s20
  v_subrev_nc_u32 v4, s6, v3
  v_cmp_le_u32_e64 s22, s6, v3          ; >= head_dim: q was one too small
  v_cndmask_b32_e64 v3, v3, v4, s22     ; h
  v_lshlrev_b32 v15, 2, v1              ; byte offset of x[t]
  v_cmp_gt_u32_e64 s24, s7, v3          ; rotated: h < dims
  s_and_saveexec_b32 s26, s24
  s_cbranch_execz .Lrope_copy
  // Pair index i (v6), second-of-pair flag (s28) and partner offset (s36).
  s_lshr_b32 s34, s7, 1                 ; dims/2
  s_bitcmp1_b32 s9, 0
  s_cbranch_scc1 .Lrope_neox
  v_and_b32 v5, 1, v3
  v_cmp_ne_u32_e64 s28, 0, v5           ; odd h: second of (2i, 2i+1)
  v_lshrrev_b32 v6, 1, v3               ; i = h/2
  s_mov_b32 s36, 1
  s_branch .Lrope_paired
.Lrope_neox:
  v_cmp_le_u32_e64 s28, s34, v3         ; h >= dims/2: second of (i, i+dims/2)
  v_subrev_nc_u32 v5, s34, v3
  v_cndmask_b32_e64 v6, v3, v5, s28     ; i
  s_mov_b32 s36, s34
.Lrope_paired:
  v_add_nc_u32 v7, s36, v1
  v_subrev_nc_u32 v8, s36, v1
  v_cndmask_b32_e64 v7, v7, v8, s28     ; partner element
  v_lshlrev_b32 v7, 2, v7
  global_load_b32 v12, v15, s[0:1]      ; this element
  global_load_b32 v13, v7, s[0:1]       ; its partner
  // angle in revolutions: pos * 2^(-2i/dims * log2 theta) / 2pi
  v_cvt_f32_u32 v9, v6
  v_cvt_f32_u32 v10, s7
  v_rcp_f32 v10, v10
  v_mul_f32 v9, v9, v10                 ; i/dims
  v_log_f32 v10, s8                     ; log2 theta
  v_mul_f32 v9, v9, v10
  v_mul_f32 v9, -2.0, v9                ; -2i/dims * log2 theta
  v_exp_f32 v9, v9                      ; theta^(-2i/dims)
  v_cvt_f32_u32 v10, s4
  v_mul_f32 v9, v10, v9                 ; angle in radians
  v_mul_f32 v9, s12, v9                 ; * freq_scale
  s_bitcmp1_b32 s9, 1
  s_cbranch_scc0 .Lrope_angle
  v_lshlrev_b32 v16, 2, v6              ; byte offset of freqs[i]
  global_load_b32 v16, v16, s[10:11]
  s_wait_loadcnt 0
  v_rcp_f32 v16, v16
  v_mul_f32 v9, v9, v16                 ; / freqs[i]
.Lrope_angle:
  v_mul_f32 v9, 0.15915494, v9          ; in revolutions
  v_fract_f32 v9, v9                    ; [0, 1): the range v_sin/v_cos take
  v_sin_f32 v10, v9
  v_cos_f32 v11, v9
  // first: x0*c + x1*(-s); second: x1*c + x0*s
  v_xor_b32 v14, 0x80000000, v10
  v_cndmask_b32_e64 v10, v14, v10, s28
  s_wait_loadcnt 0
  v_mul_f32 v12, v12, v11
  v_mul_f32 v13, v13, v10
  v_add_f32 v12, v12, v13
  global_store_b32 v15, v12, s[2:3]
.Lrope_copy:
  s_and_not1_b32 exec_lo, s26, s24      ; the dimensions past dims
  s_cbranch_execz .Lrope_end
  global_load_b32 v12, v15, s[0:1]
  s_wait_loadcnt 0
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
