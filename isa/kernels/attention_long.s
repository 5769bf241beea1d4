//go:build ignore

// Attention over contexts too long for zincc_attention_* to keep every
// score in LDS (more than MaxAttentionContext rows): the same result, bit
// for bit, computed in chunks of 8192 rows. For query head h, KV head kh
// (as zincc_attention_*), rows j = 0..pos:
//   A. every thread computes the scores s_j of its rows (t, t+256, ...)
//      keeping only their maximum; the workgroup reduces it to m;
//   then for each chunk of rows [c0, c0 + 8192):
//   B. the scores again, turned into e_j = exp2((s_j - m) * log2 e) in LDS
//      (scratch at 0..1087 as in zincc_attention_*, weights from 1088),
//      each thread summing its own;
//   C. with D = the power of two >= head_dim and G = 256/D, thread t adds
//      e_j * V[j][d] for d = t mod D and the chunk's rows j = c0 + t/D,
//      c0 + t/D + G, ... to a partial output it keeps across chunks;
//   D. the weight sums meet as in zincc_attention_*: 1/sum;
//   E. the G partial outputs of each d meet in LDS, are added in order by
//      the thread with t/D = 0, scaled by 1/sum and stored.
// Every thread adds its terms in the order zincc_attention_* does (chunks
// are whole multiples of 256 rows), so the results are the same bits;
// the price is reading K twice. head_dim must be at most 256 (one block of
// dimensions); the lowering refuses more. The setup, the dot products, the
// max and sum reductions and the output steps are zincc_attention_*'s own
// macros (attention_common.inc), and TestLongAttentionSameBits compares the
// two kernels bit for bit.
//
//   s[0:1] q, s[2:3] k, s[4:5] v, s[6:7] dst, s8 pos, s9 heads, s10 kv_heads,
//   s11 head_dim (<= 256), s12 scale (f32 bits): the ABI of zincc_attention_*.
//
// Launch: Groups = heads, workgroups of 256 threads; LDS 1088 + 4*8192 bytes.
// Numerics: attention rule of docs/numerics.md.

.amdgcn_target "amdgcn-amd-amdhsa--gfx1201"
.amdhsa_code_object_version 5

.text

.include "attention_common.inc"

// attention_long P, dtype: the body of zincc_attention_long_DTYPE.
.macro attention_long P, dtype
  attn_setup \P, \dtype
  // A. The largest score over every row; the scores are not kept.
  attn_scores \P, a, \dtype
  // 2. Max over the workgroup.
  attn_max
  // 4. Output. L = log2 D = min(8, ceil(log2 head_dim)), G = 256/D.
  attn_out_shape
  v_lshrrev_b32 v28, s34, v0            ; g = t/D
  v_and_b32 v29, s36, v0                ; d = t mod D (one block: head_dim <= 256)
  v_mov_b32 v26, 0                      ; this thread's sum of weights
  v_mov_b32 v27, 0                      ; this thread's partial output
  s_add_co_i32 s77, s56, -1             ; G - 1
  s_mov_b32 s92, 0                      ; c0: the first row of the chunk
.L\P\()_chunk:
  s_sub_co_u32 s98, s8, s92             ; (s[98:99]: no VALU reads them)
  s_add_co_u32 s98, s98, 1
  s_min_u32 s98, s98, 0x2000            ; rows in the chunk: min(pos + 1 - c0, 8192)
  s_add_co_u32 s97, s92, s98            ; the chunk ends before row c0 + rows
  s_add_co_u32 s24, s98, 0xff
  s_lshr_b32 s24, s24, 8                ; passes of 256 rows
  s_lshr_b32 s94, s98, s75              ; F = rows / G
  s_and_b32 s95, s98, s77               ; R = rows mod G
  s_wait_alu depctr_sa_sdst(0)          ; VALUs read s95 and s97 of the last chunk
  // B. Weights e_j of the chunk into LDS: thread t takes rows c0+t, c0+t+256, ...
  v_add_nc_u32 v4, s92, v0              ; row j
  v_mul_lo_u32 v5, v4, s22              ; byte offset of K row j
  v_lshlrev_b32 v30, 2, v0              ; LDS offset of e_j: 4(j - c0)
.L\P\()_b_pass:
  v_cmp_gt_u32 vcc_lo, s97, v4          ; j < c0 + rows
  s_and_saveexec_b32 s28, vcc_lo
  s_cbranch_execz .L\P\()_b_next
  attn_dot \P, b, \dtype
  v_mul_f32 v6, s12, v6                 ; s_j
  attn_weight v6, v30, v26
.L\P\()_b_next:
  s_mov_b32 exec_lo, s28
  v_add_nc_u32 v4, 0x100, v4
  v_add_nc_u32 v5, s26, v5
  v_add_nc_u32 v30, 0x400, v30
  s_sub_co_u32 s24, s24, 1
  s_cmp_lg_u32 s24, 0
  s_cbranch_scc1 .L\P\()_b_pass
  s_wait_dscnt 0
  s_barrier_signal -1
  s_barrier_wait -1
  // C. Thread (g, d) adds e_j V[j][d] for rows j = c0+g, c0+g+G, ... of the chunk.
  v_cmp_gt_u32 vcc_lo, s11, v29         ; d < head_dim
  s_and_saveexec_b32 s80, vcc_lo
  s_cbranch_execz .L\P\()_rows_done
  v_add_nc_u32 v20, s92, v28
  v_mul_lo_u32 v20, v20, s22
  v_lshl_add_u32 v20, v29, attn_shift_\dtype, v20 ; byte offset of V[c0+g][d]
  v_lshlrev_b32 v21, 2, v28             ; LDS offset of e_(c0+g)
  attn_rows \P, \dtype, v27, s94, s95, v28
  s_mov_b32 exec_lo, s80
  s_barrier_signal -1                   ; the next chunk replaces the weights
  s_barrier_wait -1
  s_add_co_u32 s92, s92, 0x2000
  s_wait_alu depctr_sa_sdst(0)          ; VALUs read s92
  s_cmp_le_u32 s92, s8
  s_cbranch_scc1 .L\P\()_chunk          ; another chunk while c0 <= pos
  // D. The sum of the weights over the workgroup, then 1/sum.
  v_mov_b32 v6, v26
  attn_sum
  // E. The partial outputs meet in LDS; the threads with g = 0 finish them.
  v_lshlrev_b32 v19, 2, v0
  ds_store_b32 v19, v27
  s_wait_dscnt 0
  s_barrier_signal -1
  s_barrier_wait -1
  v_cmp_eq_u32_e64 s84, 0, v28
  v_cmp_gt_u32_e64 s86, s11, v29
  s_and_b32 s88, s84, s86
  s_and_saveexec_b32 s90, s88           ; g = 0 and d < head_dim
  s_cbranch_execz .L\P\()_end
  attn_combine \P, v29, v29
.L\P\()_end:
  s_endpgm
.endm

// zincc_attention_long_f32: K and V states of f32.
.globl zincc_attention_long_f32
.p2align 8
.type zincc_attention_long_f32,@function
zincc_attention_long_f32:
  attention_long long_f32, f32
.Llong_f32_size:
.size zincc_attention_long_f32, .Llong_f32_size-zincc_attention_long_f32

// zincc_attention_long_f16: K and V states of f16.
.globl zincc_attention_long_f16
.p2align 8
.type zincc_attention_long_f16,@function
zincc_attention_long_f16:
  attention_long long_f16, f16
.Llong_f16_size:
.size zincc_attention_long_f16, .Llong_f16_size-zincc_attention_long_f16

.rodata
.p2align 6
.amdhsa_kernel zincc_attention_long_f32
  .amdhsa_user_sgpr_count 13
  .amdhsa_next_free_vgpr 31
  .amdhsa_next_free_sgpr 100
  .amdhsa_group_segment_fixed_size 33856
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_attention_long_f16
  .amdhsa_user_sgpr_count 13
  .amdhsa_next_free_vgpr 31
  .amdhsa_next_free_sgpr 100
  .amdhsa_group_segment_fixed_size 33856
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel
