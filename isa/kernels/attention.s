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

// zincc_attention_f32: K and V states of f32.
.globl zincc_attention_f32
.p2align 8
.type zincc_attention_f32,@function
zincc_attention_f32:
  v_and_b32 v0, 0x3ff, v0
  s_mov_b32 s14, 0x76543210             ; v_permlanex16 lane selects: lane i
  s_mov_b32 s15, 0xfedcba98             ;   reads lane i of the other row
  // kh = floor(h*kv_heads/heads): a float estimate, corrected once.
  s_mul_i32 s16, ttmp9, s10             ; h*kv_heads
  v_cvt_f32_u32 v1, s16
  v_cvt_f32_u32 v2, s9
  v_rcp_f32 v2, v2
  v_mul_f32 v1, v1, v2
  v_cvt_u32_f32 v1, v1
  v_readfirstlane_b32 s18, v1
  s_mul_i32 s19, s18, s9
  s_sub_co_u32 s19, s16, s19            ; remainder of the estimate
  s_cmp_lt_i32 s19, 0
  s_cbranch_scc0 .Lattn_f32_kh_low
  s_add_co_i32 s18, s18, -1
  s_add_co_i32 s19, s19, s9
.Lattn_f32_kh_low:
  s_cmp_ge_u32 s19, s9
  s_cbranch_scc0 .Lattn_f32_kh_done
  s_add_co_i32 s18, s18, 1
.Lattn_f32_kh_done:
  s_mul_i32 s20, ttmp9, s11
  s_lshl_b32 s20, s20, 2                ; byte offset of head h in q and dst
  s_add_co_u32 s0, s0, s20
  s_add_co_ci_u32 s1, s1, 0
  s_add_co_u32 s6, s6, s20
  s_add_co_ci_u32 s7, s7, 0
  s_mul_i32 s21, s18, s11
  s_lshl_b32 s21, s21, 2                ; byte offset of KV head kh in a row
  s_add_co_u32 s2, s2, s21
  s_add_co_ci_u32 s3, s3, 0
  s_add_co_u32 s4, s4, s21
  s_add_co_ci_u32 s5, s5, 0
  s_mul_i32 s22, s10, s11
  s_lshl_b32 s22, s22, 2                ; row stride of K and V in bytes
  s_lshl_b32 s26, s22, 8                ; 256 rows
  s_add_co_u32 s24, s8, 0x100
  s_lshr_b32 s24, s24, 8                ; passes of 256 rows: ceil((pos+1)/256)
  // 1. Scores.
  v_mov_b32 v3, 0xff800000              ; this thread's max score
  v_mov_b32 v4, v0                      ; row j
  v_mul_lo_u32 v5, v0, s22              ; byte offset of K row j
.Lattn_f32_score_pass:
  v_cmp_ge_u32 vcc_lo, s8, v4           ; j <= pos
  s_and_saveexec_b32 s28, vcc_lo
  s_cbranch_execz .Lattn_f32_score_next
  v_mov_b32 v6, 0                       ; dot
  v_mov_b32 v7, v5
  s_mov_b64 s[30:31], s[0:1]            ; q cursor
  s_lshr_b32 s32, s11, 4                ; whole 16-dimension chunks
  s_cmp_eq_u32 s32, 0
  s_cbranch_scc1 .Lattn_f32_score_tail
.Lattn_f32_score_chunk:
  s_load_b512 s[40:55], s[30:31], 0x0
  global_load_b128 v[8:11], v7, s[2:3]
  global_load_b128 v[12:15], v7, s[2:3] offset:16
  global_load_b128 v[16:19], v7, s[2:3] offset:32
  global_load_b128 v[20:23], v7, s[2:3] offset:48
  v_add_nc_u32 v7, 64, v7
  s_add_co_u32 s30, s30, 64
  s_add_co_ci_u32 s31, s31, 0
  s_sub_co_u32 s32, s32, 1
  s_wait_kmcnt 0
  s_wait_loadcnt 0
  v_fmac_f32 v6, s40, v8
  v_fmac_f32 v6, s41, v9
  v_fmac_f32 v6, s42, v10
  v_fmac_f32 v6, s43, v11
  v_fmac_f32 v6, s44, v12
  v_fmac_f32 v6, s45, v13
  v_fmac_f32 v6, s46, v14
  v_fmac_f32 v6, s47, v15
  v_fmac_f32 v6, s48, v16
  v_fmac_f32 v6, s49, v17
  v_fmac_f32 v6, s50, v18
  v_fmac_f32 v6, s51, v19
  v_fmac_f32 v6, s52, v20
  v_fmac_f32 v6, s53, v21
  v_fmac_f32 v6, s54, v22
  v_fmac_f32 v6, s55, v23
  s_cmp_lg_u32 s32, 0
  s_cbranch_scc1 .Lattn_f32_score_chunk
.Lattn_f32_score_tail:
  s_and_b32 s33, s11, 15                ; dimensions left
  s_cmp_eq_u32 s33, 0
  s_cbranch_scc1 .Lattn_f32_score_done
.Lattn_f32_score_one:
  s_load_b32 s40, s[30:31], 0x0
  global_load_b32 v8, v7, s[2:3]
  v_add_nc_u32 v7, 4, v7
  s_add_co_u32 s30, s30, 4
  s_add_co_ci_u32 s31, s31, 0
  s_sub_co_u32 s33, s33, 1
  s_wait_kmcnt 0
  s_wait_loadcnt 0
  v_fmac_f32 v6, s40, v8
  s_cmp_lg_u32 s33, 0
  s_cbranch_scc1 .Lattn_f32_score_one
.Lattn_f32_score_done:
  v_mul_f32 v6, s12, v6                 ; s_j
  v_lshlrev_b32 v8, 2, v4
  ds_store_b32 v8, v6 offset:1088
  v_max_num_f32 v3, v3, v6
.Lattn_f32_score_next:
  s_mov_b32 exec_lo, s28
  v_add_nc_u32 v4, 0x100, v4
  v_add_nc_u32 v5, s26, v5
  s_sub_co_u32 s24, s24, 1
  s_cmp_lg_u32 s24, 0
  s_cbranch_scc1 .Lattn_f32_score_pass
  // 2. Max over the workgroup.
  v_max_num_f32_dpp v3, v3, v3 row_xmask:1 row_mask:0xf bank_mask:0xf
  v_max_num_f32_dpp v3, v3, v3 row_xmask:2 row_mask:0xf bank_mask:0xf
  v_max_num_f32_dpp v3, v3, v3 row_xmask:4 row_mask:0xf bank_mask:0xf
  v_max_num_f32_dpp v3, v3, v3 row_xmask:8 row_mask:0xf bank_mask:0xf
  v_permlanex16_b32 v8, v3, s14, s15
  v_max_num_f32 v3, v3, v8
  v_lshrrev_b32 v24, 3, v0
  v_and_b32 v24, 0x1c, v24              ; 4*wave
  ds_store_b32 v24, v3 offset:1024
  s_wait_dscnt 0
  s_barrier_signal -1
  s_barrier_wait -1
  v_mov_b32 v25, 0
  ds_load_b128 v[8:11], v25 offset:1024
  ds_load_b128 v[12:15], v25 offset:1040
  s_wait_dscnt 0
  v_max_num_f32 v8, v8, v9
  v_max_num_f32 v10, v10, v11
  v_max_num_f32 v12, v12, v13
  v_max_num_f32 v14, v14, v15
  v_max_num_f32 v8, v8, v10
  v_max_num_f32 v12, v12, v14
  v_max_num_f32 v3, v8, v12             ; m
  // 3. Weights e_j and their sum.
  v_mov_b32 v6, 0
  v_mov_b32 v4, v0
  s_add_co_u32 s24, s8, 0x100
  s_lshr_b32 s24, s24, 8
.Lattn_f32_exp_pass:
  v_cmp_ge_u32 vcc_lo, s8, v4
  s_and_saveexec_b32 s28, vcc_lo
  s_cbranch_execz .Lattn_f32_exp_next
  v_lshlrev_b32 v8, 2, v4
  ds_load_b32 v9, v8 offset:1088
  s_wait_dscnt 0
  v_sub_f32 v9, v9, v3
  v_mul_f32 v9, 0x3fb8aa3b, v9          ; (s_j - m) * log2(e)
  v_exp_f32 v9, v9
  ds_store_b32 v8, v9 offset:1088
  v_add_f32 v6, v6, v9
.Lattn_f32_exp_next:
  s_mov_b32 exec_lo, s28
  v_add_nc_u32 v4, 0x100, v4
  s_sub_co_u32 s24, s24, 1
  s_cmp_lg_u32 s24, 0
  s_cbranch_scc1 .Lattn_f32_exp_pass
  v_add_f32_dpp v6, v6, v6 row_xmask:1 row_mask:0xf bank_mask:0xf
  v_add_f32_dpp v6, v6, v6 row_xmask:2 row_mask:0xf bank_mask:0xf
  v_add_f32_dpp v6, v6, v6 row_xmask:4 row_mask:0xf bank_mask:0xf
  v_add_f32_dpp v6, v6, v6 row_xmask:8 row_mask:0xf bank_mask:0xf
  v_permlanex16_b32 v8, v6, s14, s15
  v_add_f32 v6, v6, v8
  ds_store_b32 v24, v6 offset:1056
  s_wait_dscnt 0
  s_barrier_signal -1
  s_barrier_wait -1
  ds_load_b128 v[8:11], v25 offset:1056
  ds_load_b128 v[12:15], v25 offset:1072
  s_wait_dscnt 0
  v_add_f32 v8, v8, v9
  v_add_f32 v10, v10, v11
  v_add_f32 v12, v12, v13
  v_add_f32 v14, v14, v15
  v_add_f32 v8, v8, v10
  v_add_f32 v12, v12, v14
  v_add_f32 v7, v8, v12
  v_rcp_f32 v7, v7                      ; 1/sum
  // 4. Output. L = log2 D = min(8, ceil(log2 head_dim)), G = 256/D.
  s_add_co_i32 s71, s11, -1
  s_clz_i32_u32 s72, s71
  s_sub_co_u32 s73, 32, s72             ; ceil(log2 head_dim) for head_dim >= 2
  s_cmp_eq_u32 s11, 1
  s_cselect_b32 s73, 0, s73
  s_min_u32 s34, s73, 8                 ; L
  s_lshl_b32 s74, 1, s34                ; D
  s_sub_co_u32 s75, 8, s34              ; log2 G
  s_add_co_i32 s36, s74, -1             ; D - 1
  s_lshl_b32 s56, 1, s75                ; G
  s_lshl_b32 s58, 4, s75                ; 4G: LDS stride of rows j
  s_lshl_b32 s38, s22, s75              ; G rows of V in bytes
  s_lshl_b32 s68, s74, 2                ; 4D: LDS stride of partial sums
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
.Lattn_f32_block:
  v_mov_b32 v10, 0                      ; partial sum
  v_cmp_gt_u32 vcc_lo, s11, v18         ; d < head_dim
  s_and_saveexec_b32 s80, vcc_lo
  s_cbranch_execz .Lattn_f32_rows_done
  v_mul_lo_u32 v20, v16, s22
  v_lshl_add_u32 v20, v18, 2, v20          ; byte offset of V[g][d]
  v_lshlrev_b32 v21, 2, v16             ; LDS offset of e_g
  s_mov_b32 s81, s60
  s_cmp_eq_u32 s81, 0
  s_cbranch_scc1 .Lattn_f32_rows_last
.Lattn_f32_rows:
  ds_load_b32 v22, v21 offset:1088
  global_load_b32 v23, v20, s[4:5]
  v_add_nc_u32 v21, s58, v21
  v_add_nc_u32 v20, s38, v20
  s_sub_co_u32 s81, s81, 1
  s_wait_dscnt 0
  s_wait_loadcnt 0
  v_fmac_f32 v10, v22, v23
  s_cmp_lg_u32 s81, 0
  s_cbranch_scc1 .Lattn_f32_rows
.Lattn_f32_rows_last:
  v_cmp_gt_u32 vcc_lo, s66, v16         ; g < R
  s_and_saveexec_b32 s82, vcc_lo
  s_cbranch_execz .Lattn_f32_rows_done
  ds_load_b32 v22, v21 offset:1088
  global_load_b32 v23, v20, s[4:5]
  s_wait_dscnt 0
  s_wait_loadcnt 0
  v_fmac_f32 v10, v22, v23
.Lattn_f32_rows_done:
  s_mov_b32 exec_lo, s80
  ds_store_b32 v19, v10
  s_wait_dscnt 0
  s_barrier_signal -1
  s_barrier_wait -1
  v_cmp_gt_u32_e64 s86, s11, v18
  s_and_b32 s88, s84, s86
  s_and_saveexec_b32 s90, s88           ; g = 0 and d < head_dim
  s_cbranch_execz .Lattn_f32_stored
  v_lshlrev_b32 v24, 2, v17
  v_mov_b32 v25, 0
  s_mov_b32 s91, s56
.Lattn_f32_combine:
  ds_load_b32 v22, v24
  v_add_nc_u32 v24, s68, v24
  s_sub_co_u32 s91, s91, 1
  s_wait_dscnt 0
  v_add_f32 v25, v25, v22
  s_cmp_lg_u32 s91, 0
  s_cbranch_scc1 .Lattn_f32_combine
  v_mul_f32 v25, v25, v7
  v_lshlrev_b32 v26, 2, v18
  global_store_b32 v26, v25, s[6:7]
.Lattn_f32_stored:
  s_mov_b32 exec_lo, s90
  v_add_nc_u32 v18, s74, v18            ; next block of dimensions
  s_sub_co_u32 s78, s78, 1
  s_cmp_eq_u32 s78, 0
  s_cbranch_scc1 .Lattn_f32_end
  s_barrier_signal -1                   ; the partial sums are reused
  s_barrier_wait -1
  s_branch .Lattn_f32_block
.Lattn_f32_end:
  s_endpgm
.Lattn_f32_size:
.size zincc_attention_f32, .Lattn_f32_size-zincc_attention_f32

// zincc_attention_f16: K and V states of f16 (widened exactly inside v_fma_mix_f32).
.globl zincc_attention_f16
.p2align 8
.type zincc_attention_f16,@function
zincc_attention_f16:
  v_and_b32 v0, 0x3ff, v0
  s_mov_b32 s14, 0x76543210             ; v_permlanex16 lane selects: lane i
  s_mov_b32 s15, 0xfedcba98             ;   reads lane i of the other row
  // kh = floor(h*kv_heads/heads): a float estimate, corrected once.
  s_mul_i32 s16, ttmp9, s10             ; h*kv_heads
  v_cvt_f32_u32 v1, s16
  v_cvt_f32_u32 v2, s9
  v_rcp_f32 v2, v2
  v_mul_f32 v1, v1, v2
  v_cvt_u32_f32 v1, v1
  v_readfirstlane_b32 s18, v1
  s_mul_i32 s19, s18, s9
  s_sub_co_u32 s19, s16, s19            ; remainder of the estimate
  s_cmp_lt_i32 s19, 0
  s_cbranch_scc0 .Lattn_f16_kh_low
  s_add_co_i32 s18, s18, -1
  s_add_co_i32 s19, s19, s9
.Lattn_f16_kh_low:
  s_cmp_ge_u32 s19, s9
  s_cbranch_scc0 .Lattn_f16_kh_done
  s_add_co_i32 s18, s18, 1
.Lattn_f16_kh_done:
  s_mul_i32 s20, ttmp9, s11
  s_lshl_b32 s20, s20, 2                ; byte offset of head h in q and dst
  s_add_co_u32 s0, s0, s20
  s_add_co_ci_u32 s1, s1, 0
  s_add_co_u32 s6, s6, s20
  s_add_co_ci_u32 s7, s7, 0
  s_mul_i32 s21, s18, s11
  s_lshl_b32 s21, s21, 1                ; byte offset of KV head kh in a row
  s_add_co_u32 s2, s2, s21
  s_add_co_ci_u32 s3, s3, 0
  s_add_co_u32 s4, s4, s21
  s_add_co_ci_u32 s5, s5, 0
  s_mul_i32 s22, s10, s11
  s_lshl_b32 s22, s22, 1                ; row stride of K and V in bytes
  s_lshl_b32 s26, s22, 8                ; 256 rows
  s_add_co_u32 s24, s8, 0x100
  s_lshr_b32 s24, s24, 8                ; passes of 256 rows: ceil((pos+1)/256)
  // 1. Scores.
  v_mov_b32 v3, 0xff800000              ; this thread's max score
  v_mov_b32 v4, v0                      ; row j
  v_mul_lo_u32 v5, v0, s22              ; byte offset of K row j
.Lattn_f16_score_pass:
  v_cmp_ge_u32 vcc_lo, s8, v4           ; j <= pos
  s_and_saveexec_b32 s28, vcc_lo
  s_cbranch_execz .Lattn_f16_score_next
  v_mov_b32 v6, 0                       ; dot
  v_mov_b32 v7, v5
  s_mov_b64 s[30:31], s[0:1]            ; q cursor
  s_lshr_b32 s32, s11, 4                ; whole 16-dimension chunks
  s_cmp_eq_u32 s32, 0
  s_cbranch_scc1 .Lattn_f16_score_tail
.Lattn_f16_score_chunk:
  s_load_b512 s[40:55], s[30:31], 0x0
  global_load_b128 v[8:11], v7, s[2:3]
  global_load_b128 v[12:15], v7, s[2:3] offset:16
  v_add_nc_u32 v7, 32, v7
  s_add_co_u32 s30, s30, 64
  s_add_co_ci_u32 s31, s31, 0
  s_sub_co_u32 s32, s32, 1
  s_wait_kmcnt 0
  s_wait_loadcnt 0
  v_fma_mix_f32 v6, v8, s40, v6 op_sel_hi:[1,0,0]
  v_fma_mix_f32 v6, v8, s41, v6 op_sel:[1,0,0] op_sel_hi:[1,0,0]
  v_fma_mix_f32 v6, v9, s42, v6 op_sel_hi:[1,0,0]
  v_fma_mix_f32 v6, v9, s43, v6 op_sel:[1,0,0] op_sel_hi:[1,0,0]
  v_fma_mix_f32 v6, v10, s44, v6 op_sel_hi:[1,0,0]
  v_fma_mix_f32 v6, v10, s45, v6 op_sel:[1,0,0] op_sel_hi:[1,0,0]
  v_fma_mix_f32 v6, v11, s46, v6 op_sel_hi:[1,0,0]
  v_fma_mix_f32 v6, v11, s47, v6 op_sel:[1,0,0] op_sel_hi:[1,0,0]
  v_fma_mix_f32 v6, v12, s48, v6 op_sel_hi:[1,0,0]
  v_fma_mix_f32 v6, v12, s49, v6 op_sel:[1,0,0] op_sel_hi:[1,0,0]
  v_fma_mix_f32 v6, v13, s50, v6 op_sel_hi:[1,0,0]
  v_fma_mix_f32 v6, v13, s51, v6 op_sel:[1,0,0] op_sel_hi:[1,0,0]
  v_fma_mix_f32 v6, v14, s52, v6 op_sel_hi:[1,0,0]
  v_fma_mix_f32 v6, v14, s53, v6 op_sel:[1,0,0] op_sel_hi:[1,0,0]
  v_fma_mix_f32 v6, v15, s54, v6 op_sel_hi:[1,0,0]
  v_fma_mix_f32 v6, v15, s55, v6 op_sel:[1,0,0] op_sel_hi:[1,0,0]
  s_cmp_lg_u32 s32, 0
  s_cbranch_scc1 .Lattn_f16_score_chunk
.Lattn_f16_score_tail:
  s_and_b32 s33, s11, 15                ; dimensions left
  s_cmp_eq_u32 s33, 0
  s_cbranch_scc1 .Lattn_f16_score_done
.Lattn_f16_score_one:
  s_load_b32 s40, s[30:31], 0x0
  global_load_u16 v8, v7, s[2:3]
  v_add_nc_u32 v7, 2, v7
  s_add_co_u32 s30, s30, 4
  s_add_co_ci_u32 s31, s31, 0
  s_sub_co_u32 s33, s33, 1
  s_wait_kmcnt 0
  s_wait_loadcnt 0
  v_fma_mix_f32 v6, v8, s40, v6 op_sel_hi:[1,0,0]
  s_cmp_lg_u32 s33, 0
  s_cbranch_scc1 .Lattn_f16_score_one
.Lattn_f16_score_done:
  v_mul_f32 v6, s12, v6                 ; s_j
  v_lshlrev_b32 v8, 2, v4
  ds_store_b32 v8, v6 offset:1088
  v_max_num_f32 v3, v3, v6
.Lattn_f16_score_next:
  s_mov_b32 exec_lo, s28
  v_add_nc_u32 v4, 0x100, v4
  v_add_nc_u32 v5, s26, v5
  s_sub_co_u32 s24, s24, 1
  s_cmp_lg_u32 s24, 0
  s_cbranch_scc1 .Lattn_f16_score_pass
  // 2. Max over the workgroup.
  v_max_num_f32_dpp v3, v3, v3 row_xmask:1 row_mask:0xf bank_mask:0xf
  v_max_num_f32_dpp v3, v3, v3 row_xmask:2 row_mask:0xf bank_mask:0xf
  v_max_num_f32_dpp v3, v3, v3 row_xmask:4 row_mask:0xf bank_mask:0xf
  v_max_num_f32_dpp v3, v3, v3 row_xmask:8 row_mask:0xf bank_mask:0xf
  v_permlanex16_b32 v8, v3, s14, s15
  v_max_num_f32 v3, v3, v8
  v_lshrrev_b32 v24, 3, v0
  v_and_b32 v24, 0x1c, v24              ; 4*wave
  ds_store_b32 v24, v3 offset:1024
  s_wait_dscnt 0
  s_barrier_signal -1
  s_barrier_wait -1
  v_mov_b32 v25, 0
  ds_load_b128 v[8:11], v25 offset:1024
  ds_load_b128 v[12:15], v25 offset:1040
  s_wait_dscnt 0
  v_max_num_f32 v8, v8, v9
  v_max_num_f32 v10, v10, v11
  v_max_num_f32 v12, v12, v13
  v_max_num_f32 v14, v14, v15
  v_max_num_f32 v8, v8, v10
  v_max_num_f32 v12, v12, v14
  v_max_num_f32 v3, v8, v12             ; m
  // 3. Weights e_j and their sum.
  v_mov_b32 v6, 0
  v_mov_b32 v4, v0
  s_add_co_u32 s24, s8, 0x100
  s_lshr_b32 s24, s24, 8
.Lattn_f16_exp_pass:
  v_cmp_ge_u32 vcc_lo, s8, v4
  s_and_saveexec_b32 s28, vcc_lo
  s_cbranch_execz .Lattn_f16_exp_next
  v_lshlrev_b32 v8, 2, v4
  ds_load_b32 v9, v8 offset:1088
  s_wait_dscnt 0
  v_sub_f32 v9, v9, v3
  v_mul_f32 v9, 0x3fb8aa3b, v9          ; (s_j - m) * log2(e)
  v_exp_f32 v9, v9
  ds_store_b32 v8, v9 offset:1088
  v_add_f32 v6, v6, v9
.Lattn_f16_exp_next:
  s_mov_b32 exec_lo, s28
  v_add_nc_u32 v4, 0x100, v4
  s_sub_co_u32 s24, s24, 1
  s_cmp_lg_u32 s24, 0
  s_cbranch_scc1 .Lattn_f16_exp_pass
  v_add_f32_dpp v6, v6, v6 row_xmask:1 row_mask:0xf bank_mask:0xf
  v_add_f32_dpp v6, v6, v6 row_xmask:2 row_mask:0xf bank_mask:0xf
  v_add_f32_dpp v6, v6, v6 row_xmask:4 row_mask:0xf bank_mask:0xf
  v_add_f32_dpp v6, v6, v6 row_xmask:8 row_mask:0xf bank_mask:0xf
  v_permlanex16_b32 v8, v6, s14, s15
  v_add_f32 v6, v6, v8
  ds_store_b32 v24, v6 offset:1056
  s_wait_dscnt 0
  s_barrier_signal -1
  s_barrier_wait -1
  ds_load_b128 v[8:11], v25 offset:1056
  ds_load_b128 v[12:15], v25 offset:1072
  s_wait_dscnt 0
  v_add_f32 v8, v8, v9
  v_add_f32 v10, v10, v11
  v_add_f32 v12, v12, v13
  v_add_f32 v14, v14, v15
  v_add_f32 v8, v8, v10
  v_add_f32 v12, v12, v14
  v_add_f32 v7, v8, v12
  v_rcp_f32 v7, v7                      ; 1/sum
  // 4. Output. L = log2 D = min(8, ceil(log2 head_dim)), G = 256/D.
  s_add_co_i32 s71, s11, -1
  s_clz_i32_u32 s72, s71
  s_sub_co_u32 s73, 32, s72             ; ceil(log2 head_dim) for head_dim >= 2
  s_cmp_eq_u32 s11, 1
  s_cselect_b32 s73, 0, s73
  s_min_u32 s34, s73, 8                 ; L
  s_lshl_b32 s74, 1, s34                ; D
  s_sub_co_u32 s75, 8, s34              ; log2 G
  s_add_co_i32 s36, s74, -1             ; D - 1
  s_lshl_b32 s56, 1, s75                ; G
  s_lshl_b32 s58, 4, s75                ; 4G: LDS stride of rows j
  s_lshl_b32 s38, s22, s75              ; G rows of V in bytes
  s_lshl_b32 s68, s74, 2                ; 4D: LDS stride of partial sums
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
.Lattn_f16_block:
  v_mov_b32 v10, 0                      ; partial sum
  v_cmp_gt_u32 vcc_lo, s11, v18         ; d < head_dim
  s_and_saveexec_b32 s80, vcc_lo
  s_cbranch_execz .Lattn_f16_rows_done
  v_mul_lo_u32 v20, v16, s22
  v_lshl_add_u32 v20, v18, 1, v20          ; byte offset of V[g][d]
  v_lshlrev_b32 v21, 2, v16             ; LDS offset of e_g
  s_mov_b32 s81, s60
  s_cmp_eq_u32 s81, 0
  s_cbranch_scc1 .Lattn_f16_rows_last
.Lattn_f16_rows:
  ds_load_b32 v22, v21 offset:1088
  global_load_u16 v23, v20, s[4:5]
  v_add_nc_u32 v21, s58, v21
  v_add_nc_u32 v20, s38, v20
  s_sub_co_u32 s81, s81, 1
  s_wait_dscnt 0
  s_wait_loadcnt 0
  v_fma_mix_f32 v10, v23, v22, v10 op_sel_hi:[1,0,0]
  s_cmp_lg_u32 s81, 0
  s_cbranch_scc1 .Lattn_f16_rows
.Lattn_f16_rows_last:
  v_cmp_gt_u32 vcc_lo, s66, v16         ; g < R
  s_and_saveexec_b32 s82, vcc_lo
  s_cbranch_execz .Lattn_f16_rows_done
  ds_load_b32 v22, v21 offset:1088
  global_load_u16 v23, v20, s[4:5]
  s_wait_dscnt 0
  s_wait_loadcnt 0
  v_fma_mix_f32 v10, v23, v22, v10 op_sel_hi:[1,0,0]
.Lattn_f16_rows_done:
  s_mov_b32 exec_lo, s80
  ds_store_b32 v19, v10
  s_wait_dscnt 0
  s_barrier_signal -1
  s_barrier_wait -1
  v_cmp_gt_u32_e64 s86, s11, v18
  s_and_b32 s88, s84, s86
  s_and_saveexec_b32 s90, s88           ; g = 0 and d < head_dim
  s_cbranch_execz .Lattn_f16_stored
  v_lshlrev_b32 v24, 2, v17
  v_mov_b32 v25, 0
  s_mov_b32 s91, s56
.Lattn_f16_combine:
  ds_load_b32 v22, v24
  v_add_nc_u32 v24, s68, v24
  s_sub_co_u32 s91, s91, 1
  s_wait_dscnt 0
  v_add_f32 v25, v25, v22
  s_cmp_lg_u32 s91, 0
  s_cbranch_scc1 .Lattn_f16_combine
  v_mul_f32 v25, v25, v7
  v_lshlrev_b32 v26, 2, v18
  global_store_b32 v26, v25, s[6:7]
.Lattn_f16_stored:
  s_mov_b32 exec_lo, s90
  v_add_nc_u32 v18, s74, v18            ; next block of dimensions
  s_sub_co_u32 s78, s78, 1
  s_cmp_eq_u32 s78, 0
  s_cbranch_scc1 .Lattn_f16_end
  s_barrier_signal -1                   ; the partial sums are reused
  s_barrier_wait -1
  s_branch .Lattn_f16_block
.Lattn_f16_end:
  s_endpgm
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
