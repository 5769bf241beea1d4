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
// dimensions); the lowering refuses more. The setup, the dot products and
// the max and sum reductions are copies of zincc_attention_*'s; a change
// there belongs here too, and TestLongAttentionSameBits compares the two
// kernels bit for bit.
//
//   s[0:1] q, s[2:3] k, s[4:5] v, s[6:7] dst, s8 pos, s9 heads, s10 kv_heads,
//   s11 head_dim (<= 256), s12 scale (f32 bits): the ABI of zincc_attention_*.
//
// Launch: Groups = heads, workgroups of 256 threads; LDS 1088 + 4*8192 bytes.
// Numerics: attention rule of docs/numerics.md.

.amdgcn_target "amdgcn-amd-amdhsa--gfx1201"
.amdhsa_code_object_version 5

.text

// zincc_attention_long_f32: K and V states of f32.
.globl zincc_attention_long_f32
.p2align 8
.type zincc_attention_long_f32,@function
zincc_attention_long_f32:
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
  s_cbranch_scc0 .Llong_f32_kh_low
  s_add_co_i32 s18, s18, -1
  s_add_co_i32 s19, s19, s9
.Llong_f32_kh_low:
  s_cmp_ge_u32 s19, s9
  s_cbranch_scc0 .Llong_f32_kh_done
  s_add_co_i32 s18, s18, 1
.Llong_f32_kh_done:
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
  // A. The largest score over every row; the scores are not kept.
  v_mov_b32 v3, 0xff800000              ; this thread's max score
  v_mov_b32 v4, v0                      ; row j
  v_mul_lo_u32 v5, v0, s22              ; byte offset of K row j
.Llong_f32_a_pass:
  v_cmp_ge_u32 vcc_lo, s8, v4           ; j <= pos
  s_and_saveexec_b32 s28, vcc_lo
  s_cbranch_execz .Llong_f32_a_next
  v_mov_b32 v6, 0                       ; dot
  v_mov_b32 v7, v5
  s_mov_b64 s[30:31], s[0:1]            ; q cursor
  s_lshr_b32 s32, s11, 4                ; whole 16-dimension chunks
  s_cmp_eq_u32 s32, 0
  s_cbranch_scc1 .Llong_f32_a_tail
.Llong_f32_a_chunk:
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
  s_cbranch_scc1 .Llong_f32_a_chunk
.Llong_f32_a_tail:
  s_and_b32 s33, s11, 15                ; dimensions left
  s_cmp_eq_u32 s33, 0
  s_cbranch_scc1 .Llong_f32_a_done
.Llong_f32_a_one:
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
  s_cbranch_scc1 .Llong_f32_a_one
.Llong_f32_a_done:
  v_mul_f32 v6, s12, v6                 ; s_j
  v_max_num_f32 v3, v3, v6
.Llong_f32_a_next:
  s_mov_b32 exec_lo, s28
  v_add_nc_u32 v4, 0x100, v4
  v_add_nc_u32 v5, s26, v5
  s_sub_co_u32 s24, s24, 1
  s_cmp_lg_u32 s24, 0
  s_cbranch_scc1 .Llong_f32_a_pass
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
  v_lshrrev_b32 v28, s34, v0            ; g = t/D
  v_and_b32 v29, s36, v0                ; d = t mod D (one block: head_dim <= 256)
  v_mov_b32 v26, 0                      ; this thread's sum of weights
  v_mov_b32 v27, 0                      ; this thread's partial output
  s_add_co_i32 s77, s56, -1             ; G - 1
  s_mov_b32 s92, 0                      ; c0: the first row of the chunk
.Llong_f32_chunk:
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
.Llong_f32_b_pass:
  v_cmp_gt_u32 vcc_lo, s97, v4          ; j < c0 + rows
  s_and_saveexec_b32 s28, vcc_lo
  s_cbranch_execz .Llong_f32_b_next
  v_mov_b32 v6, 0                       ; dot
  v_mov_b32 v7, v5
  s_mov_b64 s[30:31], s[0:1]            ; q cursor
  s_lshr_b32 s32, s11, 4                ; whole 16-dimension chunks
  s_cmp_eq_u32 s32, 0
  s_cbranch_scc1 .Llong_f32_b_tail
.Llong_f32_b_chunk:
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
  s_cbranch_scc1 .Llong_f32_b_chunk
.Llong_f32_b_tail:
  s_and_b32 s33, s11, 15                ; dimensions left
  s_cmp_eq_u32 s33, 0
  s_cbranch_scc1 .Llong_f32_b_done
.Llong_f32_b_one:
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
  s_cbranch_scc1 .Llong_f32_b_one
.Llong_f32_b_done:
  v_mul_f32 v6, s12, v6                 ; s_j
  v_sub_f32 v6, v6, v3
  v_mul_f32 v6, 0x3fb8aa3b, v6          ; (s_j - m) * log2(e)
  v_exp_f32 v6, v6
  ds_store_b32 v30, v6 offset:1088
  v_add_f32 v26, v26, v6
.Llong_f32_b_next:
  s_mov_b32 exec_lo, s28
  v_add_nc_u32 v4, 0x100, v4
  v_add_nc_u32 v5, s26, v5
  v_add_nc_u32 v30, 0x400, v30
  s_sub_co_u32 s24, s24, 1
  s_cmp_lg_u32 s24, 0
  s_cbranch_scc1 .Llong_f32_b_pass
  s_wait_dscnt 0
  s_barrier_signal -1
  s_barrier_wait -1
  // C. Thread (g, d) adds e_j V[j][d] for rows j = c0+g, c0+g+G, ... of the chunk.
  v_cmp_gt_u32 vcc_lo, s11, v29         ; d < head_dim
  s_and_saveexec_b32 s80, vcc_lo
  s_cbranch_execz .Llong_f32_rows_done
  v_add_nc_u32 v20, s92, v28
  v_mul_lo_u32 v20, v20, s22
  v_lshl_add_u32 v20, v29, 2, v20       ; byte offset of V[c0+g][d]
  v_lshlrev_b32 v21, 2, v28             ; LDS offset of e_(c0+g)
  s_mov_b32 s81, s94
  s_cmp_eq_u32 s81, 0
  s_cbranch_scc1 .Llong_f32_rows_last
.Llong_f32_rows:
  ds_load_b32 v22, v21 offset:1088
  global_load_b32 v23, v20, s[4:5]
  v_add_nc_u32 v21, s58, v21
  v_add_nc_u32 v20, s38, v20
  s_sub_co_u32 s81, s81, 1
  s_wait_dscnt 0
  s_wait_loadcnt 0
  v_fmac_f32 v27, v22, v23
  s_cmp_lg_u32 s81, 0
  s_cbranch_scc1 .Llong_f32_rows
.Llong_f32_rows_last:
  v_cmp_gt_u32 vcc_lo, s95, v28         ; g < R
  s_and_saveexec_b32 s82, vcc_lo
  s_cbranch_execz .Llong_f32_rows_done
  ds_load_b32 v22, v21 offset:1088
  global_load_b32 v23, v20, s[4:5]
  s_wait_dscnt 0
  s_wait_loadcnt 0
  v_fmac_f32 v27, v22, v23
.Llong_f32_rows_done:
  s_mov_b32 exec_lo, s80
  s_barrier_signal -1                   ; the next chunk replaces the weights
  s_barrier_wait -1
  s_add_co_u32 s92, s92, 0x2000
  s_wait_alu depctr_sa_sdst(0)          ; VALUs read s92
  s_cmp_le_u32 s92, s8
  s_cbranch_scc1 .Llong_f32_chunk               ; another chunk while c0 <= pos
  // D. The sum of the weights over the workgroup, then 1/sum.
  v_mov_b32 v6, v26
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
  s_cbranch_execz .Llong_f32_end
  v_lshlrev_b32 v24, 2, v29
  v_mov_b32 v25, 0
  s_mov_b32 s91, s56
.Llong_f32_combine:
  ds_load_b32 v22, v24
  v_add_nc_u32 v24, s68, v24
  s_sub_co_u32 s91, s91, 1
  s_wait_dscnt 0
  v_add_f32 v25, v25, v22
  s_cmp_lg_u32 s91, 0
  s_cbranch_scc1 .Llong_f32_combine
  v_mul_f32 v25, v25, v7
  v_lshlrev_b32 v26, 2, v29
  global_store_b32 v26, v25, s[6:7]
.Llong_f32_end:
  s_endpgm
.Llong_f32_size:
.size zincc_attention_long_f32, .Llong_f32_size-zincc_attention_long_f32

// zincc_attention_long_f16: K and V states of f16.
.globl zincc_attention_long_f16
.p2align 8
.type zincc_attention_long_f16,@function
zincc_attention_long_f16:
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
  s_cbranch_scc0 .Llong_f16_kh_low
  s_add_co_i32 s18, s18, -1
  s_add_co_i32 s19, s19, s9
.Llong_f16_kh_low:
  s_cmp_ge_u32 s19, s9
  s_cbranch_scc0 .Llong_f16_kh_done
  s_add_co_i32 s18, s18, 1
.Llong_f16_kh_done:
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
  // A. The largest score over every row; the scores are not kept.
  v_mov_b32 v3, 0xff800000              ; this thread's max score
  v_mov_b32 v4, v0                      ; row j
  v_mul_lo_u32 v5, v0, s22              ; byte offset of K row j
.Llong_f16_a_pass:
  v_cmp_ge_u32 vcc_lo, s8, v4           ; j <= pos
  s_and_saveexec_b32 s28, vcc_lo
  s_cbranch_execz .Llong_f16_a_next
  v_mov_b32 v6, 0                       ; dot
  v_mov_b32 v7, v5
  s_mov_b64 s[30:31], s[0:1]            ; q cursor
  s_lshr_b32 s32, s11, 4                ; whole 16-dimension chunks
  s_cmp_eq_u32 s32, 0
  s_cbranch_scc1 .Llong_f16_a_tail
.Llong_f16_a_chunk:
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
  s_cbranch_scc1 .Llong_f16_a_chunk
.Llong_f16_a_tail:
  s_and_b32 s33, s11, 15                ; dimensions left
  s_cmp_eq_u32 s33, 0
  s_cbranch_scc1 .Llong_f16_a_done
.Llong_f16_a_one:
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
  s_cbranch_scc1 .Llong_f16_a_one
.Llong_f16_a_done:
  v_mul_f32 v6, s12, v6                 ; s_j
  v_max_num_f32 v3, v3, v6
.Llong_f16_a_next:
  s_mov_b32 exec_lo, s28
  v_add_nc_u32 v4, 0x100, v4
  v_add_nc_u32 v5, s26, v5
  s_sub_co_u32 s24, s24, 1
  s_cmp_lg_u32 s24, 0
  s_cbranch_scc1 .Llong_f16_a_pass
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
  v_lshrrev_b32 v28, s34, v0            ; g = t/D
  v_and_b32 v29, s36, v0                ; d = t mod D (one block: head_dim <= 256)
  v_mov_b32 v26, 0                      ; this thread's sum of weights
  v_mov_b32 v27, 0                      ; this thread's partial output
  s_add_co_i32 s77, s56, -1             ; G - 1
  s_mov_b32 s92, 0                      ; c0: the first row of the chunk
.Llong_f16_chunk:
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
.Llong_f16_b_pass:
  v_cmp_gt_u32 vcc_lo, s97, v4          ; j < c0 + rows
  s_and_saveexec_b32 s28, vcc_lo
  s_cbranch_execz .Llong_f16_b_next
  v_mov_b32 v6, 0                       ; dot
  v_mov_b32 v7, v5
  s_mov_b64 s[30:31], s[0:1]            ; q cursor
  s_lshr_b32 s32, s11, 4                ; whole 16-dimension chunks
  s_cmp_eq_u32 s32, 0
  s_cbranch_scc1 .Llong_f16_b_tail
.Llong_f16_b_chunk:
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
  s_cbranch_scc1 .Llong_f16_b_chunk
.Llong_f16_b_tail:
  s_and_b32 s33, s11, 15                ; dimensions left
  s_cmp_eq_u32 s33, 0
  s_cbranch_scc1 .Llong_f16_b_done
.Llong_f16_b_one:
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
  s_cbranch_scc1 .Llong_f16_b_one
.Llong_f16_b_done:
  v_mul_f32 v6, s12, v6                 ; s_j
  v_sub_f32 v6, v6, v3
  v_mul_f32 v6, 0x3fb8aa3b, v6          ; (s_j - m) * log2(e)
  v_exp_f32 v6, v6
  ds_store_b32 v30, v6 offset:1088
  v_add_f32 v26, v26, v6
.Llong_f16_b_next:
  s_mov_b32 exec_lo, s28
  v_add_nc_u32 v4, 0x100, v4
  v_add_nc_u32 v5, s26, v5
  v_add_nc_u32 v30, 0x400, v30
  s_sub_co_u32 s24, s24, 1
  s_cmp_lg_u32 s24, 0
  s_cbranch_scc1 .Llong_f16_b_pass
  s_wait_dscnt 0
  s_barrier_signal -1
  s_barrier_wait -1
  // C. Thread (g, d) adds e_j V[j][d] for rows j = c0+g, c0+g+G, ... of the chunk.
  v_cmp_gt_u32 vcc_lo, s11, v29         ; d < head_dim
  s_and_saveexec_b32 s80, vcc_lo
  s_cbranch_execz .Llong_f16_rows_done
  v_add_nc_u32 v20, s92, v28
  v_mul_lo_u32 v20, v20, s22
  v_lshl_add_u32 v20, v29, 1, v20       ; byte offset of V[c0+g][d]
  v_lshlrev_b32 v21, 2, v28             ; LDS offset of e_(c0+g)
  s_mov_b32 s81, s94
  s_cmp_eq_u32 s81, 0
  s_cbranch_scc1 .Llong_f16_rows_last
.Llong_f16_rows:
  ds_load_b32 v22, v21 offset:1088
  global_load_u16 v23, v20, s[4:5]
  v_add_nc_u32 v21, s58, v21
  v_add_nc_u32 v20, s38, v20
  s_sub_co_u32 s81, s81, 1
  s_wait_dscnt 0
  s_wait_loadcnt 0
  v_fma_mix_f32 v27, v23, v22, v27 op_sel_hi:[1,0,0]
  s_cmp_lg_u32 s81, 0
  s_cbranch_scc1 .Llong_f16_rows
.Llong_f16_rows_last:
  v_cmp_gt_u32 vcc_lo, s95, v28         ; g < R
  s_and_saveexec_b32 s82, vcc_lo
  s_cbranch_execz .Llong_f16_rows_done
  ds_load_b32 v22, v21 offset:1088
  global_load_u16 v23, v20, s[4:5]
  s_wait_dscnt 0
  s_wait_loadcnt 0
  v_fma_mix_f32 v27, v23, v22, v27 op_sel_hi:[1,0,0]
.Llong_f16_rows_done:
  s_mov_b32 exec_lo, s80
  s_barrier_signal -1                   ; the next chunk replaces the weights
  s_barrier_wait -1
  s_add_co_u32 s92, s92, 0x2000
  s_wait_alu depctr_sa_sdst(0)          ; VALUs read s92
  s_cmp_le_u32 s92, s8
  s_cbranch_scc1 .Llong_f16_chunk               ; another chunk while c0 <= pos
  // D. The sum of the weights over the workgroup, then 1/sum.
  v_mov_b32 v6, v26
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
  s_cbranch_execz .Llong_f16_end
  v_lshlrev_b32 v24, 2, v29
  v_mov_b32 v25, 0
  s_mov_b32 s91, s56
.Llong_f16_combine:
  ds_load_b32 v22, v24
  v_add_nc_u32 v24, s68, v24
  s_sub_co_u32 s91, s91, 1
  s_wait_dscnt 0
  v_add_f32 v25, v25, v22
  s_cmp_lg_u32 s91, 0
  s_cbranch_scc1 .Llong_f16_combine
  v_mul_f32 v25, v25, v7
  v_lshlrev_b32 v26, 2, v29
  global_store_b32 v26, v25, s[6:7]
.Llong_f16_end:
  s_endpgm
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
