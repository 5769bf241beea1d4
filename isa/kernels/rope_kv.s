//go:build ignore

// zincc_rope_kv_f32, zincc_rope_kv_f16: rope_kv, that is zincc_rope of q
// and of k and zincc_kv_store_* of rope(k) and of v in one launch (the
// fuse-rope-kv pass): dst = rope(q), k_cache[pos] = rope(k), v_cache[pos]
// = v, the caches f32 or f16 (the kernel's suffix).
//
//   s[0:1] dst (f32), s[2:3] k_cache (row 0), s[4:5] freqs (dims/2 f32
//   factors, read when mode bit 1 is set, else 0), s6 pos,
//   s7, s8, s9 the byte offsets of q, k and v from dst (signed: all four
//   live in one buffer, the arena), s10 the byte offset of v_cache from
//   k_cache (signed: both are states), s11 head_dim | dims << 16,
//   s12 heads | kv_heads << 16, s13 theta (f32 bits), s14 mode (as
//   zincc_rope's s9), s15 freq_scale (f32 bits)
//
// Offsets stand in for three of the pointers: six pointers and the rope's
// parameters do not fit the 16 user SGPRs.
//
// Launch: workgroups of 256 threads in three parts, Groups = Gq + 2·Gk,
// Gq = ceil(nq/256), Gk = ceil(nk/256), nq = heads·head_dim, nk =
// kv_heads·head_dim (v has nk elements too). Workgroup w < Gq: thread t =
// 256w + v0 < nq writes dst[t] = rope of q (rope.inc's rope_value, as
// zincc_rope); Gq <= w < Gq+Gk: t = 256(w - Gq) + v0 < nk stores the rope
// of k[t] into k_cache[pos][t]; the rest: t = 256(w - Gq - Gk) + v0 < nk
// stores v[t] into v_cache[pos][t] (kv_store.inc's kv_copy, as
// zincc_kv_store_*). pos is not range-checked.
//
// SGPR discipline (gfx12 VALU-read-SGPR hazard): every SGPR a VALU reads is
// written once, before that read.

.amdgcn_target "amdgcn-amd-amdhsa--gfx1201"
.amdhsa_code_object_version 5

.text

.include "common.inc"
.include "rope.inc"
.include "kv_store.inc"

// ptr_offset lo, hi, base_lo, base_hi, off: s[lo:hi] = s[base_lo:base_hi]
// + off (a signed byte offset; s50 its sign word). Clobbers s50.
.macro ptr_offset lo, hi, base_lo, base_hi, off
  s_ashr_i32 s50, \off, 31
  s_add_co_u32 \lo, \base_lo, \off
  s_add_co_ci_u32 \hi, \base_hi, s50
.endm

// rope_kv dtype: the body of zincc_rope_kv_DTYPE (labels .Lrkv_DTYPE_*).
.macro rope_kv dtype
  s_and_b32 s40, s11, 0xffff            ; head_dim
  s_lshr_b32 s41, s11, 16               ; dims
  s_and_b32 s42, s12, 0xffff            ; heads
  s_lshr_b32 s43, s12, 16               ; kv_heads
  s_mul_i32 s44, s42, s40               ; nq
  s_mul_i32 s45, s43, s40               ; nk
  s_add_co_u32 s46, s44, 255
  s_lshr_b32 s46, s46, 8                ; Gq
  s_add_co_u32 s47, s45, 255
  s_lshr_b32 s47, s47, 8                ; Gk
  s_cmp_lt_u32 ttmp9, s46
  s_cbranch_scc1 .Lrkv_\dtype\()_q
  s_sub_co_u32 s48, ttmp9, s46          ; workgroup in the k part, then v
  s_cmp_lt_u32 s48, s47
  s_cbranch_scc1 .Lrkv_\dtype\()_k
  // v: v_cache[pos][t] = v[t]
  s_sub_co_u32 s49, s48, s47
  thread_index s45, .Lrkv_\dtype\()_end, s49
  ptr_offset s52, s53, s0, s1, s9           ; v
  ptr_offset s54, s55, s2, s3, s10          ; v_cache
  kv_row \dtype, s54, s55, s6, s45
  kv_copy \dtype, s[52:53], s[54:55]
  s_branch .Lrkv_\dtype\()_end
.Lrkv_\dtype\()_k:
  // k: k_cache[pos][t] = rope(k)[t]
  thread_index s45, .Lrkv_\dtype\()_end, s48
  ptr_offset s52, s53, s0, s1, s8           ; k
  kv_row \dtype, s2, s3, s6, s45
  rope_value s[52:53], s6, s40, s41, s13, s14, s[4:5], s15, rkv_\dtype\()_k
  kv_put \dtype, v1, v12, s[2:3]
  s_branch .Lrkv_\dtype\()_end
.Lrkv_\dtype\()_q:
  // q: dst[t] = rope(q)[t]
  thread_index s44, .Lrkv_\dtype\()_end
  ptr_offset s52, s53, s0, s1, s7           ; q
  rope_value s[52:53], s6, s40, s41, s13, s14, s[4:5], s15, rkv_\dtype\()_q
  global_store_b32 v15, v12, s[0:1]
.Lrkv_\dtype\()_end:
  s_endpgm
.endm

.globl zincc_rope_kv_f32
.p2align 8
.type zincc_rope_kv_f32,@function
zincc_rope_kv_f32:
  rope_kv f32
.Lrkv_f32_size:
.size zincc_rope_kv_f32, .Lrkv_f32_size-zincc_rope_kv_f32

.globl zincc_rope_kv_f16
.p2align 8
.type zincc_rope_kv_f16,@function
zincc_rope_kv_f16:
  rope_kv f16
.Lrkv_f16_size:
.size zincc_rope_kv_f16, .Lrkv_f16_size-zincc_rope_kv_f16

.rodata
.p2align 6
.amdhsa_kernel zincc_rope_kv_f32
  .amdhsa_user_sgpr_count 16
  .amdhsa_next_free_vgpr 17
  .amdhsa_next_free_sgpr 56
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_rope_kv_f16
  .amdhsa_user_sgpr_count 16
  .amdhsa_next_free_vgpr 17
  .amdhsa_next_free_sgpr 56
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel
