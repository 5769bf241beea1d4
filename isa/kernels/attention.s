//go:build ignore

// Attention of one query over the cached keys and values (one decode step):
// for query head h, KV head kh = h / (heads/kv_heads) (consecutive query
// heads share a KV head, as llama.cpp), rows j = 0..pos:
//   s_j = scale * (q_h . K[j][kh]),  m = max_j s_j,  e_j = exp(s_j - m),
//   dst_h[d] = (sum_j e_j * V[j][kh][d]) / sum_j e_j.
// K and V are [ctx, kv_heads*head_dim] states of f32 or f16.
//
//   s[0:1] q, s[2:3] k, s[4:5] v, s[6:7] dst (q and dst f32),
//   s8 pos (< ctx <= MaxAttentionContext = 16112), s9 heads, s10 kv_heads,
//   s11 head_dim, s12 scale (f32 bits)
//
// Launch: Groups = heads, workgroups of 256 threads (8 waves); workgroup h
// (ttmp9) computes head h. LDS: 256 partial sums at 0 (1 KiB), 8 wave
// maxima at 1024 and 8 wave sums at 1056 (the descriptor's fixed 1088
// bytes), then the scores/weights of rows 0..ctx-1 at 1088 + 4j, which the
// launch adds to the LDS size (KernelABI.ExtraLDS): up to 16112 rows fill
// the 64 KiB a workgroup can have.
//   1. Scores: thread t takes rows t, t+256, ...; it dots q (read 16 values
//      at a time into SGPRs with s_load_b512) with its K row (16-byte
//      vector loads) and stores s_j in LDS.
//   2. Max: each wave reduces its lanes' maxima (DPP row_xmask, then
//      v_permlanex16_b32), wave maxima meet in LDS after a barrier.
//   3. Weights: each thread turns its rows' s_j into e_j = exp2((s_j - m) *
//      log2 e) in LDS and sums them; the sum is reduced as the max was.
//   4. Output: with D = the power of two >= head_dim (at most 256) and
//      G = 256/D, thread t handles dimension d = t mod D of rows
//      j = t/D, t/D + G, ...: it accumulates e_j * V[j][d]; the G partial
//      sums of d meet in LDS and the thread with t/D = 0 adds them in
//      order, multiplies by rcp(sum) and stores dst[h*head_dim + d]. Head
//      sizes above 256 take several such blocks of 256 dimensions.
// Numerics: attention rule of docs/numerics.md.
//
// SGPR discipline (gfx12 VALU-read-SGPR hazard, LLVM AMDGPUWaitSGPRHazards):
// an SGPR pair that a VALU instruction has read is never written again by
// SALU or VALU (q values in s[40:55] are rewritten only by s_load, which
// the rule exempts).

.amdgcn_target "amdgcn-amd-amdhsa--gfx1201"
.amdhsa_code_object_version 5

.text

.include "attention_common.inc"

// attention P, dtype: the body of zincc_attention_DTYPE (labels .LP_*).
.macro attention P, dtype
  attn_setup \P, \dtype
  // 1. Scores.
  attn_scores \P, score, \dtype, 1
  // 2. Max over the workgroup.
  attn_max
  // 3. Weights e_j and their sum.
  v_mov_b32 v6, 0
  v_mov_b32 v4, v0
  s_add_co_u32 s24, s8, 0x100
  s_lshr_b32 s24, s24, 8
.L\P\()_exp_pass:
  v_cmp_ge_u32 vcc_lo, s8, v4
  s_and_saveexec_b32 s28, vcc_lo
  s_cbranch_execz .L\P\()_exp_next
  v_lshlrev_b32 v8, 2, v4
  ds_load_b32 v9, v8 offset:1088
  s_wait_dscnt 0
  attn_weight v9, v8, v6
.L\P\()_exp_next:
  s_mov_b32 exec_lo, s28
  v_add_nc_u32 v4, 0x100, v4
  s_sub_co_u32 s24, s24, 1
  s_cmp_lg_u32 s24, 0
  s_cbranch_scc1 .L\P\()_exp_pass
  attn_sum
  // 4. Output. L = log2 D = min(8, ceil(log2 head_dim)), G = 256/D.
  attn_out_shape
  s_add_co_u32 s76, s8, 1               ; rows
  s_lshr_b32 s60, s76, s75              ; F = rows / G: passes where every j <= pos
  s_add_co_i32 s77, s56, -1
  s_and_b32 s66, s76, s77               ; R = rows mod G: the last pass has j <= pos for t/D < R
  s_add_co_u32 s79, s11, s36
  s_lshr_b32 s78, s79, s34              ; blocks of D dimensions
  v_lshrrev_b32 v16, s34, v0            ; g = t/D
  v_and_b32 v17, s36, v0                ; t mod D
  v_mov_b32 v18, v17                    ; d
  v_lshlrev_b32 v19, 2, v0              ; LDS slot of this thread's partial sum
  v_cmp_eq_u32_e64 s84, 0, v16          ; g = 0: the threads that finish a dimension
.L\P\()_block:
  v_mov_b32 v10, 0                      ; partial sum
  v_cmp_gt_u32 vcc_lo, s11, v18         ; d < head_dim
  s_and_saveexec_b32 s80, vcc_lo
  s_cbranch_execz .L\P\()_rows_done
  v_mul_lo_u32 v20, v16, s22
  v_lshl_add_u32 v20, v18, attn_shift_\dtype, v20 ; byte offset of V[g][d]
  v_lshlrev_b32 v21, 2, v16             ; LDS offset of e_g
  attn_rows \P, \dtype, v10, s60, s66, v16
  s_mov_b32 exec_lo, s80
  ds_store_b32 v19, v10
  s_wait_dscnt 0
  s_barrier_signal -1
  s_barrier_wait -1
  v_cmp_gt_u32_e64 s86, s11, v18
  s_and_b32 s88, s84, s86
  s_and_saveexec_b32 s90, s88           ; g = 0 and d < head_dim
  s_cbranch_execz .L\P\()_stored
  attn_combine \P, v17, v18
.L\P\()_stored:
  s_mov_b32 exec_lo, s90
  v_add_nc_u32 v18, s74, v18            ; next block of dimensions
  s_sub_co_u32 s78, s78, 1
  s_cmp_eq_u32 s78, 0
  s_cbranch_scc1 .L\P\()_end
  s_barrier_signal -1                   ; the partial sums are reused
  s_barrier_wait -1
  s_branch .L\P\()_block
.L\P\()_end:
  s_endpgm
.endm

// zincc_attention_f32: K and V states of f32.
.globl zincc_attention_f32
.p2align 8
.type zincc_attention_f32,@function
zincc_attention_f32:
  attention attn_f32, f32
.Lattn_f32_size:
.size zincc_attention_f32, .Lattn_f32_size-zincc_attention_f32

// zincc_attention_f16: K and V states of f16 (widened exactly inside v_fma_mix_f32).
.globl zincc_attention_f16
.p2align 8
.type zincc_attention_f16,@function
zincc_attention_f16:
  attention attn_f16, f16
.Lattn_f16_size:
.size zincc_attention_f16, .Lattn_f16_size-zincc_attention_f16

.rodata
.p2align 6
.amdhsa_kernel zincc_attention_f32
  .amdhsa_user_sgpr_count 13
  .amdhsa_next_free_vgpr 27
  .amdhsa_next_free_sgpr 92
  .amdhsa_group_segment_fixed_size 1088
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_attention_f16
  .amdhsa_user_sgpr_count 13
  .amdhsa_next_free_vgpr 27
  .amdhsa_next_free_sgpr 92
  .amdhsa_group_segment_fixed_size 1088
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel
