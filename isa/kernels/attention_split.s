//go:build ignore

// Split-context (flash-decoding) attention: the rows 0..pos of one query
// head are split over several workgroups, each computing a partial
// softmax over its chunk; a second dispatch (zincc_attention_combine)
// merges the partials of a head in a fixed order. The fused kernels
// (zincc_attention_fused[_q8_0|_q8_K]_DTYPE_dHD, split_arrive below) do
// both in one launch: the last workgroup of a head to arrive merges it;
// for q8_K with heads under 256 values, the last head of a block to be
// merged also quantises the block (split_arrive_k).
//
// zincc_attention_split_DTYPE_dHD (HD = 64, 128 or 256: the head size is
// part of the kernel, so that every loop has a fixed number of loads in
// flight and waits with counts):
//
//   s[0:1] q (f32), s[2:3] k, s[4:5] v (states of DTYPE), s[6:7] part
//   (the partials, f32), s8 pos, s9 heads, s10 kv_heads, s11 log2 S (the
//   splits per head, a power of two, kernels.AttentionSplits), s12 scale
//
// Launch: heads·S workgroups of 256 threads; workgroup w takes head
// h = w >> log2 S and split c = w & (S-1). The rows per split are
// cl = roundup64(ceil((pos+1)/S)), computed here from pos (a per-step
// input patched into the IB), so the grid is fixed for the whole context
// and a workgroup whose chunk starts past pos ends at once. Chunk c holds
// rows [c·cl, min((c+1)·cl, pos+1)). KV head kh = floor(h·kv_heads/heads)
// as in zincc_attention_*.
//
// Thread t is lane l = t mod 16 of half-wave g = t/16 (16 rows at a
// time, one per half-wave). Lane l holds head dimensions 4l + 64i + 0..3
// for i < HD/64, so a half-wave reads a whole K or V row with one vector
// load per 64 dimensions (16 lanes × 16 bytes for f32, × 8 bytes for
// f16): loads are contiguous across lanes. Each pass of a loop takes
// rows g, g+16, g+32, g+48 of 64: four rows per half-wave in flight,
// waited for one by one with s_wait_loadcnt 3·HD/64 .. 0.
//   1. Scores: the half-wave's 16 partial dots of a row meet by DPP
//      row_xmask 1, 2, 4, 8 (every lane gets the sum); s_j = scale·dot,
//      stored by lane 0 to LDS at 1088 + 4(j - c0). Rows past the chunk's
//      end are read as its last row (a valid address; a duplicate leaves
//      the max unchanged) and not stored.
//   2. m_c = max s_j over the workgroup (attn_max), e_j = exp2((s_j -
//      m_c)·log2 e) into LDS, l_c = Σ e_j (attn_sum, without the rcp).
//   3. o_c[d] = Σ_j e_j·V[j][d]: thread (g, l) adds the rows of its
//      half-wave (rows past the end masked off); the 16 half-wave sums of
//      each dimension meet in LDS (1088 + 4(g·HD + d)) and thread d adds
//      them in g order.
//   4. part[(h·S + c)·(HD+2) + 0..HD-1] = o_c, then m_c, l_c.
// LDS: the 1088 bytes of zincc_attention_* (descriptor), then
// max(4·cl, 64·HD) bytes (KernelABI.ExtraLDS).
//
// zincc_attention_combine: s[0:1] part, s[2:3] dst, s4 pos, s5 head_dim
// (<= 256), s6 log2 S. Workgroup h (256 threads) merges the A =
// ceil((pos+1)/cl) partials of head h in split order: M = max m_c,
// w_c = exp2((m_c - M)·log2 e), L = Σ w_c·l_c, O_d = Σ w_c·o_c[d] (fused
// multiply-adds, c = 0, 1, ...; a split whose w_c is 0 is passed over, so
// that one whose scores are all -inf adds nothing, as on the CPU, rather
// than 0·NaN), dst[h·head_dim + d] = O_d·rcp(L). All
// 16 slots' loads are in flight at once (S <= 16; the loads of splits
// past A read split A-1 and are not used). Then the workgroup zeroes the
// partials it read: the lowering's scratch must be left zero
// (KernelABI.Scratch). The order of every sum is fixed by pos and the
// shapes, so the bits do not depend on scheduling.
// Numerics: attention rule of docs/numerics.md (§2.3, split attention).
//
// SGPR discipline (gfx12 VALU-read-SGPR hazard, LLVM AMDGPUWaitSGPRHazards):
// an SGPR pair that a VALU instruction has read is never written again;
// no VALU reads VCC.

.amdgcn_target "amdgcn-amd-amdhsa--gfx1201"
.amdhsa_code_object_version 5

.text

.include "attention_common.inc"
.include "quantize.inc"

// split_load dtype, addr, base, NQ, k: the NQ loads of one row slot k,
// chunk i (64 dimensions on) into v[64 + W·NQ·k + W·i ...], W = 4 for
// f32, 2 for f16.
.macro split_load dtype, addr, base, NQ, k
  .irp i, 0,1,2,3
  .if \i < \NQ
  .ifc \dtype, f32
  global_load_b128 v[64+4*\NQ*\k+4*\i:67+4*\NQ*\k+4*\i], \addr, \base offset:256*\i
  .else
  global_load_b64 v[64+2*\NQ*\k+2*\i:65+2*\NQ*\k+2*\i], \addr, \base offset:128*\i
  .endif
  .endif
  .endr
.endm

// split_addr k, rs: v147 = byte offset of this lane's part of row slot k:
// min(row, end-1)·stride + lane offset (rs: the stride's SGPR).
.macro split_addr k, rs=s22
  v_add_nc_u32 v147, 16*\k, v144
  v_min_u32 v147, s26, v147
  v_mul_lo_u32 v147, v147, \rs
  v_add_nc_u32 v147, v147, v146
.endm

// split_dot4 dtype, acc, NQ, k, i: acc += q·K over the 4 dimensions of
// chunk i of row slot k.
.macro split_dot4 dtype, acc, NQ, k, i
.ifc \dtype, f32
  v_fmac_f32 \acc, v[16+4*\i], v[64+4*\NQ*\k+4*\i]
  v_fmac_f32 \acc, v[17+4*\i], v[65+4*\NQ*\k+4*\i]
  v_fmac_f32 \acc, v[18+4*\i], v[66+4*\NQ*\k+4*\i]
  v_fmac_f32 \acc, v[19+4*\i], v[67+4*\NQ*\k+4*\i]
.else
  v_fma_mix_f32 \acc, v[64+2*\NQ*\k+2*\i], v[16+4*\i], \acc op_sel_hi:[1,0,0]
  v_fma_mix_f32 \acc, v[64+2*\NQ*\k+2*\i], v[17+4*\i], \acc op_sel:[1,0,0] op_sel_hi:[1,0,0]
  v_fma_mix_f32 \acc, v[65+2*\NQ*\k+2*\i], v[18+4*\i], \acc op_sel_hi:[1,0,0]
  v_fma_mix_f32 \acc, v[65+2*\NQ*\k+2*\i], v[19+4*\i], \acc op_sel:[1,0,0] op_sel_hi:[1,0,0]
.endif
.endm

// split_axpy4 dtype, e, NQ, k, i: o[chunk i] += e·V over the 4
// dimensions of chunk i of row slot k (accumulators v[128+4i..]).
.macro split_axpy4 dtype, e, NQ, k, i
.ifc \dtype, f32
  v_fmac_f32 v[128+4*\i], \e, v[64+4*\NQ*\k+4*\i]
  v_fmac_f32 v[129+4*\i], \e, v[65+4*\NQ*\k+4*\i]
  v_fmac_f32 v[130+4*\i], \e, v[66+4*\NQ*\k+4*\i]
  v_fmac_f32 v[131+4*\i], \e, v[67+4*\NQ*\k+4*\i]
.else
  v_fma_mix_f32 v[128+4*\i], v[64+2*\NQ*\k+2*\i], \e, v[128+4*\i] op_sel_hi:[1,0,0]
  v_fma_mix_f32 v[129+4*\i], v[64+2*\NQ*\k+2*\i], \e, v[129+4*\i] op_sel:[1,0,0] op_sel_hi:[1,0,0]
  v_fma_mix_f32 v[130+4*\i], v[65+2*\NQ*\k+2*\i], \e, v[130+4*\i] op_sel_hi:[1,0,0]
  v_fma_mix_f32 v[131+4*\i], v[65+2*\NQ*\k+2*\i], \e, v[131+4*\i] op_sel:[1,0,0] op_sel_hi:[1,0,0]
.endif
.endm

// split_chunks op, dtype, acc, NQ, k: op (split_dot4 or split_axpy4)
// over the NQ chunks of row slot k.
.macro split_chunks op, dtype, acc, NQ, k
  .irp i, 0,1,2,3
  .if \i < \NQ
  \op \dtype, \acc, \NQ, \k, \i
  .endif
  .endr
.endm

// split_next loop: the next pass of 64 rows (slot 0's row and LDS offset
// moved on), while s28 counts passes.
.macro split_next loop
  v_add_nc_u32 v144, 64, v144
  v_add_nc_u32 v145, 0x100, v145
  s_sub_co_u32 s28, s28, 1
  s_cmp_lg_u32 s28, 0
  s_cbranch_scc1 \loop
.endm

// attention_split P, dtype, NQ, fmt, rs, c0: the body of
// zincc_attention_split_DTYPE_d(64·NQ) (fmt blank) or of the fused kernels
// (fmt f32, q8_0 or q8_K: split_arrive). rs and c0 are the SGPRs of the
// rows' stride and of the chunk's first row, which VALU instructions read:
// the q8_K kernels move them off s22 and s23, which quantize.inc's
// q_block_q8_K writes and reads (the gfx12 VALU-read-SGPR hazard).
.macro attention_split P, dtype, NQ, fmt, rs=s22, c0=s23
.ifnb \fmt
  s_mov_b64 s[42:43], s[6:7]            ; part, for the combine
  s_mov_b32 s44, s13                    ; dst
  s_mov_b32 s45, s14
.endif
.ifc \fmt, q8_K
  s_mov_b64 s[32:33], s[6:7]            ; part and dst, kept for split_arrive_k
  s_mov_b32 s34, s13
  s_mov_b32 s35, s14
.endif
  v_and_b32 v0, 0x3ff, v0
  s_mov_b32 s14, 0x76543210             ; v_permlanex16 lane selects (attn_max)
  s_mov_b32 s15, 0xfedcba98
  s_lshr_b32 s16, ttmp9, s11            ; h
  s_lshl_b32 s13, 1, s11
  s_add_co_i32 s13, s13, -1             ; S - 1
  s_and_b32 s17, ttmp9, s13             ; c
  s_add_co_u32 s20, s8, 1               ; n = pos + 1
  s_add_co_u32 s21, s20, s13
  s_lshr_b32 s21, s21, s11              ; ceil(n / S)
  s_add_co_u32 s21, s21, 63
  s_and_b32 s21, s21, 0xffffffc0        ; cl: rows per split
  s_mul_i32 \c0, s17, s21               ; c0: the chunk's first row
  s_cmp_ge_u32 \c0, s20
  s_cbranch_scc1 .L\P\()_end            ; the chunk starts past pos
  s_add_co_u32 s25, \c0, s21
  s_min_u32 s25, s25, s20               ; end: one past the chunk's last row
  s_sub_co_u32 s24, s25, \c0            ; rows in the chunk
  s_add_co_i32 s26, s25, -1             ; the chunk's last row
  s_add_co_u32 s27, s24, 63
  s_lshr_b32 s27, s27, 6                ; passes of 64 rows
  // Partials of (h, c): part + ((h << log2 S) + c)·(HD+2)·4.
  s_lshl_b32 s19, s16, s11
  s_add_co_u32 s19, s19, s17
  s_mul_i32 s19, s19, 4*(64*\NQ+2)
  s_add_co_u32 s6, s6, s19
  s_add_co_ci_u32 s7, s7, 0
  s_mul_i32 s19, s16, 4*64*\NQ          ; head h in q
  s_add_co_u32 s0, s0, s19
  s_add_co_ci_u32 s1, s1, 0
  // kh = floor(h*kv_heads/heads): a float estimate, corrected once.
  s_mul_i32 s40, s16, s10               ; h*kv_heads
  v_cvt_f32_u32 v1, s40
  v_cvt_f32_u32 v2, s9
  v_rcp_f32 v2, v2
  v_mul_f32 v1, v1, v2
  v_cvt_u32_f32 v1, v1
  v_readfirstlane_b32 s18, v1
  s_mul_i32 s19, s18, s9
  s_sub_co_u32 s19, s40, s19            ; remainder of the estimate
  s_cmp_lt_i32 s19, 0
  s_cbranch_scc0 .L\P\()_kh_low
  s_add_co_i32 s18, s18, -1
  s_add_co_i32 s19, s19, s9
.L\P\()_kh_low:
  s_cmp_ge_u32 s19, s9
  s_cbranch_scc0 .L\P\()_kh_done
  s_add_co_i32 s18, s18, 1
.L\P\()_kh_done:
  s_mul_i32 s19, s18, 64*\NQ
  s_lshl_b32 s19, s19, attn_shift_\dtype ; byte offset of KV head kh in a row
  s_add_co_u32 s2, s2, s19
  s_add_co_ci_u32 s3, s3, 0
  s_add_co_u32 s4, s4, s19
  s_add_co_ci_u32 s5, s5, 0
  s_mul_i32 \rs, s10, 64*\NQ
  s_lshl_b32 \rs, \rs, attn_shift_\dtype ; row stride of K and V in bytes
  v_and_b32 v1, 15, v0                  ; l: lane in the half-wave
  v_lshrrev_b32 v2, 4, v0               ; g: half-wave
  v_cmp_eq_u32_e64 s30, 0, v1           ; lanes that store a row's score
  v_lshlrev_b32 v147, 4, v1
  .irp i, 0,1,2,3
  .if \i < \NQ
  global_load_b128 v[16+4*\i:19+4*\i], v147, s[0:1] offset:256*\i ; q[4l + 64i + 0..3]
  .endif
  .endr
  v_lshlrev_b32 v146, 2+attn_shift_\dtype, v1 ; byte offset of dimension 4l in a row
  v_add_nc_u32 v144, \c0, v2             ; row of slot 0
  v_lshlrev_b32 v145, 2, v2              ; LDS offset of its score: 4(row - c0)
  v_mov_b32 v3, 0xff800000              ; this thread's max score
  s_mov_b32 s28, s27
  s_wait_loadcnt 0
  // 1. Scores.
.L\P\()_scores:
  .irp k, 0,1,2,3
  split_addr \k, \rs
  split_load \dtype, v147, s[2:3], \NQ, \k
  .endr
  .irp k, 0,1,2,3
  s_wait_loadcnt (3-\k)*\NQ
  v_mov_b32 v[36+\k], 0
  split_chunks split_dot4, \dtype, v[36+\k], \NQ, \k
  .endr
  .irp m, 1,2,4,8
  .irp k, 0,1,2,3
  v_add_f32_dpp v[36+\k], v[36+\k], v[36+\k] row_xmask:\m row_mask:0xf bank_mask:0xf
  .endr
  .endr
  .irp k, 0,1,2,3
  v_mul_f32 v[36+\k], s12, v[36+\k]     ; s_j
  v_max_num_f32 v3, v3, v[36+\k]
  v_add_nc_u32 v147, 16*\k, v144
  v_cmp_gt_u32 vcc_lo, s25, v147         ; row < end
  s_and_b32 s31, vcc_lo, s30
  s_and_saveexec_b32 s29, s31
  ds_store_b32 v145, v[36+\k] offset:1088+64*\k
  s_mov_b32 exec_lo, s29
  .endr
  split_next .L\P\()_scores
  // 2. m_c, the weights and l_c.
  attn_max
  v_mov_b32 v6, 0
  v_mov_b32 v4, v0                      ; j - c0
  s_add_co_u32 s28, s24, 0xff
  s_lshr_b32 s28, s28, 8
.L\P\()_exp:
  v_cmp_gt_u32 vcc_lo, s24, v4
  s_and_saveexec_b32 s29, vcc_lo
  s_cbranch_execz .L\P\()_exp_next
  v_lshlrev_b32 v8, 2, v4
  ds_load_b32 v9, v8 offset:1088
  s_wait_dscnt 0
  attn_weight v9, v8, v6
.L\P\()_exp_next:
  s_mov_b32 exec_lo, s29
  v_add_nc_u32 v4, 0x100, v4
  s_sub_co_u32 s28, s28, 1
  s_cmp_lg_u32 s28, 0
  s_cbranch_scc1 .L\P\()_exp
  attn_sum 0                            ; v7 = l_c
  // 3. o_c = Σ e_j V[j].
  .irp i, 0,1,2,3
  .if \i < \NQ
  v_mov_b32 v[128+4*\i], 0
  v_mov_b32 v[129+4*\i], 0
  v_mov_b32 v[130+4*\i], 0
  v_mov_b32 v[131+4*\i], 0
  .endif
  .endr
  v_add_nc_u32 v144, \c0, v2
  v_lshlrev_b32 v145, 2, v2
  s_mov_b32 s28, s27
.L\P\()_values:
  .irp k, 0,1,2,3
  split_addr \k, \rs
  split_load \dtype, v147, s[4:5], \NQ, \k
  ds_load_b32 v[36+\k], v145 offset:1088+64*\k
  .endr
  .irp k, 0,1,2,3
  s_wait_loadcnt (3-\k)*\NQ
  s_wait_dscnt 3-\k
  v_add_nc_u32 v147, 16*\k, v144
  v_cmp_gt_u32 vcc_lo, s25, v147         ; row < end
  s_and_saveexec_b32 s29, vcc_lo
  split_chunks split_axpy4, \dtype, v[36+\k], \NQ, \k
  s_mov_b32 exec_lo, s29
  .endr
  split_next .L\P\()_values
  // The half-wave sums meet in LDS, over the weights: wait for every wave.
  s_barrier_signal -1
  s_barrier_wait -1
  v_mul_u32_u24 v147, 4*64*\NQ, v2
  v_lshlrev_b32 v148, 4, v1
  v_add_nc_u32 v147, v147, v148            ; 4(g·HD + 4l)
  .irp i, 0,1,2,3
  .if \i < \NQ
  ds_store_b128 v147, v[128+4*\i:131+4*\i] offset:1088+256*\i
  .endif
  .endr
  s_wait_dscnt 0
  s_barrier_signal -1
  s_barrier_wait -1
  v_cmp_gt_u32 vcc_lo, 64*\NQ, v0       ; d = t < HD
  s_and_saveexec_b32 s29, vcc_lo
  s_cbranch_execz .L\P\()_o_done
  v_lshlrev_b32 v147, 2, v0
  .irp g, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
  ds_load_b32 v[40+\g], v147 offset:1088+256*\NQ*\g
  .endr
  s_wait_dscnt 14
  v_add_f32 v148, v40, v41
  .irp g, 2,3,4,5,6,7,8,9,10,11,12,13,14,15
  s_wait_dscnt 15-\g
  v_add_f32 v148, v148, v[40+\g]
  .endr
  global_store_b32 v147, v148, s[6:7]
.L\P\()_o_done:
  s_mov_b32 exec_lo, s29
  // 4. m_c and l_c after o_c.
  v_cmp_eq_u32 vcc_lo, 0, v0
  s_and_saveexec_b32 s29, vcc_lo
.ifb \fmt
  s_cbranch_execz .L\P\()_end
.else
  s_cbranch_execz .L\P\()_parted
.endif
  v_mov_b32 v40, v3
  v_mov_b32 v41, v7
  v_mov_b32 v147, 0
  global_store_b64 v147, v[40:41], s[6:7] offset:4*64*\NQ
.ifnb \fmt
.L\P\()_parted:
  s_mov_b32 exec_lo, s29
  split_arrive \P, \NQ, \fmt
.endif
.L\P\()_end:
  s_endpgm
.endm

// split_arrive P, NQ, fmt: the fused kernels' end (after a workgroup's
// partials are stored): the workgroup counts itself in at head h's
// counter, and the one that arrives last (A - 1 before it, A the splits
// that hold rows) merges the head's partials with split_combine.
// Ordering, as LLVM's AMDGPU memory model does it on gfx12 at agent
// scope (AMDGPUUsage, "Memory Model GFX12", the code sequences table;
// llc-19 for gfx1201 emits these for testdata/llvm/release_acquire.ll):
// every wave releases its stores (global_wb scope:SCOPE_DEV, then
// s_wait_loadcnt 0 and s_wait_storecnt 0: a fence release at agent
// scope), a workgroup barrier, then lane 0 of wave 0 adds 1 to the
// counter with a returning atomic at device scope; its value goes to
// the other waves through LDS behind a second barrier, and in the last
// workgroup every wave acquires (s_wait_loadcnt 0, global_inv
// scope:SCOPE_DEV: a fence acquire at agent scope) before reading the
// partials. The last workgroup sets the counter back to 0 (a device
// scope store) for the next launch.
// Counters: part + (heads << log2 S)·(HD+2)·4 + 4h, after the partials.
// SGPRs: s[42:48] the combine's arguments (split_combine at base 42:
// part, dst, pos, head_dim, log2 S), s101..s103 here; none of them is
// one the split part's VALU instructions read.
.macro split_arrive P, NQ, fmt
  global_wb scope:SCOPE_DEV
  s_wait_loadcnt 0
  s_wait_storecnt 0
  s_barrier_signal -1
  s_barrier_wait -1
  // A - 1 = the last split holding rows: c·cl <= pos < (c+1)·cl.
  s_mov_b32 s102, 0
  s_mov_b32 s103, s21
.L\P\()_last:
  s_cmp_lt_u32 s103, s20                ; (c+1)·cl < n: a later split holds rows
  s_cbranch_scc0 .L\P\()_last_done
  s_add_co_u32 s102, s102, 1
  s_add_co_u32 s103, s103, s21
  s_branch .L\P\()_last
.L\P\()_last_done:
  v_lshrrev_b32 v1, 5, v0
  v_readfirstlane_b32 s101, v1          ; wave
  s_cmp_lg_u32 s101, 0
  s_cbranch_scc1 .L\P\()_counted
  s_lshl_b32 s103, s9, s11
  s_mul_i32 s103, s103, 4*(64*\NQ+2)
  s_lshl_b32 s101, s16, 2
  s_add_co_u32 s103, s103, s101         ; the counter's offset in part
  s_mov_b32 s101, exec_lo
  s_mov_b32 exec_lo, 1
  v_mov_b32 v2, s103
  v_mov_b32 v3, 1
  global_atomic_add_u32 v3, v2, v3, s[42:43] th:TH_ATOMIC_RETURN scope:SCOPE_DEV
  v_mov_b32 v4, 0
  s_wait_loadcnt 0
  v_cmp_eq_u32 vcc_lo, s102, v3
  s_and_b32 vcc_lo, vcc_lo, exec_lo
  s_cbranch_vccz .L\P\()_told
  global_store_b32 v2, v4, s[42:43] scope:SCOPE_DEV ; the last: the counter back to 0
.L\P\()_told:
  ds_store_b32 v4, v3 offset:1024       ; past the q8_0 combine's O
  s_wait_dscnt 0
  s_mov_b32 exec_lo, s101
.L\P\()_counted:
  s_barrier_signal -1
  s_barrier_wait -1
  v_mov_b32 v4, 0
  ds_load_b32 v3, v4 offset:1024
  s_wait_dscnt 0
  v_readfirstlane_b32 s101, v3
  s_cmp_lg_u32 s101, s102
  s_cbranch_scc1 .L\P\()_end          ; not the last to arrive
  s_wait_loadcnt 0
  global_inv scope:SCOPE_DEV
  s_mov_b32 s46, s8                     ; pos
  s_mov_b32 s47, 64*\NQ                 ; head_dim
  s_mov_b32 s48, s11                    ; log2 S
.ifnc \fmt, q8_K
  split_combine \fmt, \P\()_c, 42, s16
.else
.if \NQ < 4
  split_arrive_k \P, \NQ
.else
  split_combine q8_K, \P\()_c, 42, s16 ; a head is whole q8_K blocks
.endif
.endif
.endm

// q_lds_load: q_load from LDS: the 32 floats at v2 into v4..v35 (the
// q8_K quantiser's load, split_combine q8_K).
.macro q_lds_load
  .irp i, 0,1,2,3,4,5,6,7
  ds_load_b128 v[4+4*\i:7+4*\i], v2 offset:16*\i
  .endr
  s_wait_dscnt 0
.endm

// split_arrive_k P, NQ: the end of zincc_attention_fused_q8_K_* for heads
// of 64·NQ < 256 values, K = 4/NQ heads to a q8_K block: head h's last
// workgroup merges it (split_combine f32) into the scratch's f32 results
// (F = the partials and head counters' bytes, then 4·heads·HD bytes of
// results, then a counter per block), then counts the head in at its
// block's counter as split_arrive counts a split in at its head's (the
// same release, returning device-scope atomic and acquire); the workgroup
// that brings the count to K resets the counter, and thread 0 quantises
// the block's 256 values with quantize.inc's q_block_q8_K (the bytes
// zincc_quantize_q8_K stores for them); then wave 0 zeroes them, so the
// scratch is left zero. SGPRs: s[32:33] part, s[34:35] dst (attention_split
// kept them), s38 the block counter's offset in part and s39 = K - 1 (VALU
// instructions read both: never written again), s20 and s21 scratch
// words, s[0:1] the block's results; none of s21..s23 (q_block_q8_K's) is
// one a VALU instruction reads.
.macro split_arrive_k P, NQ
  s_lshr_b32 s20, s16, 3-\NQ             ; the block: h·HD/256
  s_lshl_b32 s21, s9, s11
  s_mul_i32 s21, s21, 4*(64*\NQ+2)
  s_lshl_b32 s38, s9, 2
  s_add_co_u32 s21, s21, s38            ; F: past the head counters
  s_add_co_u32 s44, s32, s21            ; the combine's dst: the f32 results
  s_add_co_ci_u32 s45, s33, 0
  s_lshl_b32 s38, s20, 10
  s_add_co_u32 s38, s38, s21
  s_add_co_u32 s0, s32, s38             ; the block's results
  s_add_co_ci_u32 s1, s33, 0
  s_mul_i32 s38, s9, 4*64*\NQ
  s_add_co_u32 s38, s38, s21
  s_lshl_b32 s21, s20, 2
  s_add_co_u32 s38, s38, s21            ; the block's counter
  s_mul_i32 s21, s20, 292
  s_add_co_u32 s34, s34, s21            ; the block's bytes in dst
  s_add_co_ci_u32 s35, s35, 0
  s_mov_b32 s39, 4/\NQ-1
  split_combine f32, \P\()_c, 42, s16
  // The head is merged: count it in at its block.
  global_wb scope:SCOPE_DEV
  s_wait_loadcnt 0
  s_wait_storecnt 0
  s_barrier_signal -1
  s_barrier_wait -1
  v_lshrrev_b32 v1, 5, v0
  v_readfirstlane_b32 s20, v1           ; wave
  s_cmp_lg_u32 s20, 0
  s_cbranch_scc1 .L\P\()_kcounted
  s_mov_b32 s20, exec_lo
  s_mov_b32 exec_lo, 1
  v_mov_b32 v2, s38
  v_mov_b32 v3, 1
  global_atomic_add_u32 v3, v2, v3, s[32:33] th:TH_ATOMIC_RETURN scope:SCOPE_DEV
  v_mov_b32 v4, 0
  s_wait_loadcnt 0
  v_cmp_eq_u32 vcc_lo, s39, v3
  s_and_b32 vcc_lo, vcc_lo, exec_lo
  s_cbranch_vccz .L\P\()_ktold
  global_store_b32 v2, v4, s[32:33] scope:SCOPE_DEV ; the last: the counter back to 0
.L\P\()_ktold:
  ds_store_b32 v4, v3 offset:1024
  s_wait_dscnt 0
  s_mov_b32 exec_lo, s20
.L\P\()_kcounted:
  s_barrier_signal -1
  s_barrier_wait -1
  v_mov_b32 v4, 0
  ds_load_b32 v3, v4 offset:1024
  s_wait_dscnt 0
  v_readfirstlane_b32 s20, v3
  s_cmp_lg_u32 s20, s39
  s_cbranch_scc1 .L\P\()_end          ; not the block's last head
  v_cmp_gt_u32 vcc_lo, 32, v0           ; wave 0 reads and clears the block
  s_and_saveexec_b32 s20, vcc_lo
  s_cbranch_execz .L\P\()_end
  s_wait_loadcnt 0
  global_inv scope:SCOPE_DEV             ; acquire the block's results
  v_cmp_eq_u32 vcc_lo, 0, v0
  s_and_saveexec_b32 s20, vcc_lo        ; s20: wave 0's lanes
  v_mov_b32 v2, 0                       ; the block's values, from s[0:1]
  v_mov_b32 v3, 0                       ; its bytes, from s[34:35]
  q_block_q8_K s[34:35], q_load, .L\P\()_k
.L\P\()_k_end:
  s_mov_b32 exec_lo, s20
  v_lshlrev_b32 v2, 5, v0
  v_mov_b32 v4, 0
  v_mov_b32 v5, 0
  v_mov_b32 v6, 0
  v_mov_b32 v7, 0
  global_store_b128 v2, v[4:7], s[0:1]
  global_store_b128 v2, v[4:7], s[0:1] offset:16
.endm

// zincc_attention_split_f32_d64: K and V states of f32, heads of 64.
.globl zincc_attention_split_f32_d64
.p2align 8
.type zincc_attention_split_f32_d64,@function
zincc_attention_split_f32_d64:
  attention_split split_f32_64, f32, 1
.Lsplit_f32_64_size:
.size zincc_attention_split_f32_d64, .Lsplit_f32_64_size-zincc_attention_split_f32_d64

// zincc_attention_split_f32_d128: K and V states of f32, heads of 128.
.globl zincc_attention_split_f32_d128
.p2align 8
.type zincc_attention_split_f32_d128,@function
zincc_attention_split_f32_d128:
  attention_split split_f32_128, f32, 2
.Lsplit_f32_128_size:
.size zincc_attention_split_f32_d128, .Lsplit_f32_128_size-zincc_attention_split_f32_d128

// zincc_attention_split_f32_d256: K and V states of f32, heads of 256.
.globl zincc_attention_split_f32_d256
.p2align 8
.type zincc_attention_split_f32_d256,@function
zincc_attention_split_f32_d256:
  attention_split split_f32_256, f32, 4
.Lsplit_f32_256_size:
.size zincc_attention_split_f32_d256, .Lsplit_f32_256_size-zincc_attention_split_f32_d256

// zincc_attention_split_f16_d64: K and V states of f16, heads of 64.
.globl zincc_attention_split_f16_d64
.p2align 8
.type zincc_attention_split_f16_d64,@function
zincc_attention_split_f16_d64:
  attention_split split_f16_64, f16, 1
.Lsplit_f16_64_size:
.size zincc_attention_split_f16_d64, .Lsplit_f16_64_size-zincc_attention_split_f16_d64

// zincc_attention_split_f16_d128: K and V states of f16, heads of 128.
.globl zincc_attention_split_f16_d128
.p2align 8
.type zincc_attention_split_f16_d128,@function
zincc_attention_split_f16_d128:
  attention_split split_f16_128, f16, 2
.Lsplit_f16_128_size:
.size zincc_attention_split_f16_d128, .Lsplit_f16_128_size-zincc_attention_split_f16_d128

// zincc_attention_split_f16_d256: K and V states of f16, heads of 256.
.globl zincc_attention_split_f16_d256
.p2align 8
.type zincc_attention_split_f16_d256,@function
zincc_attention_split_f16_d256:
  attention_split split_f16_256, f16, 4
.Lsplit_f16_256_size:
.size zincc_attention_split_f16_d256, .Lsplit_f16_256_size-zincc_attention_split_f16_d256

// split_combine fmt, l: the body of zincc_attention_combine (fmt f32: it
// stores O) and of zincc_attention_combine_q8_0 (fmt q8_0: O_d goes to
// LDS at 4d, and after the workgroup's barrier thread b < head_dim/32
// quantises block b of the head with quantize.inc's q_block_q8_0, the
// bytes zincc_quantize_q8_0 would store from O; fmt q8_K, heads of 256:
// the same with thread b < head_dim/256 and q_block_q8_K). Labels .L<l>_*.
// v[40:55] o_c, v[56:87] (m_c, l_c), v[88:103] addresses of o_c,
// v[104:119] addresses of (m_c, l_c); s[16+c] = min(c, A-1)·(HD+2)·4,
// s[32+c] that + 4·HD. SGPR numbers are from b (the combine kernels: 0;
// the fused ones: 42, past every SGPR the split part's VALU instructions
// read), the arguments at s[b+0..b+6]; head is the head's register
// (ttmp9 in the combine kernels).
.macro split_combine fmt, l, b=0, head=ttmp9
  v_and_b32 v0, 0x3ff, v0
  s_add_co_u32 s[\b+8], s[\b+4], 1                ; n
  s_lshl_b32 s[\b+9], 1, s[\b+6]                  ; S
  s_add_co_u32 s[\b+10], s[\b+8], s[\b+9]
  s_add_co_i32 s[\b+10], s[\b+10], -1
  s_lshr_b32 s[\b+10], s[\b+10], s[\b+6]
  s_add_co_u32 s[\b+10], s[\b+10], 63
  s_and_b32 s[\b+10], s[\b+10], 0xffffffc0        ; cl
  s_mov_b32 s[\b+11], 0                      ; A: the splits that hold rows
  s_mov_b32 s[\b+12], 0                      ; their first row
.L\l\()_count:
  s_add_co_u32 s[\b+11], s[\b+11], 1
  s_add_co_u32 s[\b+12], s[\b+12], s[\b+10]
  s_cmp_lt_u32 s[\b+12], s[\b+8]
  s_cbranch_scc1 .L\l\()_count
  s_add_co_u32 s[\b+13], s[\b+5], 2
  s_lshl_b32 s[\b+13], s[\b+13], 2                ; (HD+2)·4: bytes of one split's partials
  s_mul_i32 s[\b+14], \head, s[\b+9]
  s_mul_i32 s[\b+14], s[\b+14], s[\b+13]
  s_add_co_u32 s[\b+0], s[\b+0], s[\b+14]              ; head h's partials
  s_add_co_ci_u32 s[\b+1], s[\b+1], 0
.ifc \fmt, f32
  s_mul_i32 s[\b+15], \head, s[\b+5]
  s_lshl_b32 s[\b+15], s[\b+15], 2
.endif
.ifc \fmt, q8_0
  s_lshr_b32 s[\b+56], s[\b+5], 5                 ; head_dim/32: the head's q8_0 blocks
  s_mul_i32 s[\b+15], \head, s[\b+56]
  s_mul_i32 s[\b+15], s[\b+15], 34
.endif
.ifc \fmt, q8_K
  s_lshr_b32 s[\b+56], s[\b+5], 8                 ; head_dim/256: the head's q8_K blocks
  s_mul_i32 s[\b+15], \head, s[\b+56]
  s_mul_i32 s[\b+15], s[\b+15], 292
.endif
  s_add_co_u32 s[\b+2], s[\b+2], s[\b+15]              ; dst of head h
  s_add_co_ci_u32 s[\b+3], s[\b+3], 0
  s_add_co_i32 s[\b+48], s[\b+11], -1             ; A - 1
  s_lshl_b32 s[\b+49], s[\b+5], 2                 ; 4·HD
  .irp c, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
  s_min_u32 s[\b+16+\c], s[\b+48], \c
  s_mul_i32 s[\b+16+\c], s[\b+16+\c], s[\b+13]
  s_add_co_u32 s[\b+32+\c], s[\b+16+\c], s[\b+49]
  .endr
  v_lshlrev_b32 v1, 2, v0               ; 4d
  .irp c, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
  v_mov_b32 v[104+\c], s[\b+32+\c]
  global_load_b64 v[56+2*\c:57+2*\c], v[104+\c], s[\b+0:\b+1]
  .endr
  v_cmp_gt_u32 vcc_lo, s[\b+5], v0           ; d < head_dim
  s_and_saveexec_b32 s[\b+50], vcc_lo
  s_cbranch_execz .L\l\()_stored
  .irp c, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
  v_add_nc_u32 v[88+\c], s[\b+16+\c], v1
  global_load_b32 v[40+\c], v[88+\c], s[\b+0:\b+1]
  .endr
  v_mov_b32 v2, 0xff800000              ; M
  .irp c, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
  s_cmp_le_u32 s[\b+11], \c
  s_cbranch_scc1 .L\l\()_max_done
  s_wait_loadcnt 31-\c
  v_max_num_f32 v2, v2, v[56+2*\c]
  .endr
.L\l\()_max_done:
  v_mov_b32 v3, 0                       ; L
  v_mov_b32 v4, 0                       ; O_d
  .irp c, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
  s_cmp_le_u32 s[\b+11], \c
  s_cbranch_scc1 .L\l\()_sum_done
  s_wait_loadcnt 15-\c
  v_sub_f32 v5, v[56+2*\c], v2
  v_mul_f32 v5, 0x3fb8aa3b, v5          ; (m_c - M)·log2 e
  v_exp_f32 v5, v5                      ; w_c
  v_cmp_neq_f32 vcc_lo, 0, v5           ; a split with w_c = 0 adds nothing, not 0·NaN
  s_and_saveexec_b32 s[\b+53], vcc_lo        ;   (its scores all -inf, another's finite)
  v_fmac_f32 v3, v5, v[57+2*\c]
  v_fmac_f32 v4, v5, v[40+\c]
  s_mov_b32 exec_lo, s[\b+53]
  .endr
.L\l\()_sum_done:
  v_rcp_f32 v3, v3
  v_mul_f32 v4, v4, v3
.ifc \fmt, f32
  global_store_b32 v1, v4, s[\b+2:\b+3]
.else
  ds_store_b32 v1, v4                   ; O_d to LDS, for the head's blocks
.endif
.L\l\()_stored:
  s_mov_b32 exec_lo, s[\b+50]
  // Leave the scratch zero: every wave has its loads back first.
  s_wait_loadcnt 0
.ifnc \fmt, f32
  s_wait_dscnt 0
.endif
  s_barrier_signal -1
  s_barrier_wait -1
.ifnc \fmt, f32
.ifc \fmt, q8_0
  // Thread b < head_dim/32 quantises block b of the head from LDS, as
  // zincc_quantize_q8_0 does (quantize.inc).
  v_cmp_gt_u32 vcc_lo, s[\b+56], v0
  s_and_saveexec_b32 s[\b+58], vcc_lo        ; not s57: a VALU read s[56:57]
  s_cbranch_execz .L\l\()_quantised
  v_lshlrev_b32 v2, 7, v0               ; the block's values in LDS
  v_mul_u32_u24 v3, 34, v0              ; its bytes from the head's
  .irp i, 0,1,2,3,4,5,6,7
  ds_load_b128 v[4+4*\i:7+4*\i], v2 offset:16*\i
  .endr
  s_wait_dscnt 0
  q_block_q8_0 s[\b+2:\b+3]
.L\l\()_quantised:
.endif
.ifc \fmt, q8_K
  // Thread b < head_dim/256 quantises block b of the head from LDS, as
  // zincc_quantize_q8_K does (quantize.inc).
  v_cmp_gt_u32 vcc_lo, s[\b+56], v0
  s_and_saveexec_b32 s[\b+58], vcc_lo
  s_cbranch_execz .L\l\()_quantised
  v_lshlrev_b32 v2, 10, v0              ; the block's values in LDS
  v_mul_u32_u24 v3, 292, v0             ; its bytes from the head's
  q_block_q8_K s[\b+2:\b+3], q_lds_load, .L\l\()_k
.L\l\()_k_end:
.L\l\()_quantised:
.endif
  s_mov_b32 exec_lo, s[\b+58]
.endif
  s_mul_i32 s[\b+51], s[\b+11], s[\b+13]               ; bytes of the head's partials read
  s_add_co_u32 s[\b+52], s[\b+51], 0x3ff
  s_lshr_b32 s[\b+52], s[\b+52], 10
  v_mov_b32 v2, 0
.L\l\()_zero:
  v_cmp_gt_u32 vcc_lo, s[\b+51], v1
  s_and_saveexec_b32 s[\b+54], vcc_lo
  global_store_b32 v1, v2, s[\b+0:\b+1]
  s_mov_b32 exec_lo, s[\b+54]
  v_add_nc_u32 v1, 0x400, v1
  s_sub_co_u32 s[\b+52], s[\b+52], 1
  s_cmp_lg_u32 s[\b+52], 0
  s_cbranch_scc1 .L\l\()_zero
.endm

// zincc_attention_combine: the partials of head ttmp9 merged (see above).
.globl zincc_attention_combine
.p2align 8
.type zincc_attention_combine,@function
zincc_attention_combine:
  split_combine f32, combine
  s_endpgm
.Lcombine_size:
.size zincc_attention_combine, .Lcombine_size-zincc_attention_combine

// zincc_attention_combine_q8_0: zincc_attention_combine of head ttmp9 with
// its result quantised to q8_0 blocks (attention_quantize, the
// fuse-attention-quantize pass): dst holds the head's head_dim/32 blocks
// of 34 bytes at ttmp9·(head_dim/32)·34 (head_dim a multiple of 32).
//   s[0:1] part, s[2:3] dst, s4 pos, s5 head_dim, s6 log2 S
.globl zincc_attention_combine_q8_0
.p2align 8
.type zincc_attention_combine_q8_0,@function
zincc_attention_combine_q8_0:
  split_combine q8_0, combine_q8
  s_endpgm
.Lcombine_q8_size:
.size zincc_attention_combine_q8_0, .Lcombine_q8_size-zincc_attention_combine_q8_0


// zincc_attention_fused_f32_d64: zincc_attention_split_f32_d64 and zincc_attention_combine in
// one launch (its result f32; split_arrive).
.globl zincc_attention_fused_f32_d64
.p2align 8
.type zincc_attention_fused_f32_d64,@function
zincc_attention_fused_f32_d64:
  attention_split fused_f32_f32_64, f32, 1, f32
.Lfused_f32_f32_64_size:
.size zincc_attention_fused_f32_d64, .Lfused_f32_f32_64_size-zincc_attention_fused_f32_d64

// zincc_attention_fused_f32_d128: zincc_attention_split_f32_d128 and zincc_attention_combine in
// one launch (its result f32; split_arrive).
.globl zincc_attention_fused_f32_d128
.p2align 8
.type zincc_attention_fused_f32_d128,@function
zincc_attention_fused_f32_d128:
  attention_split fused_f32_f32_128, f32, 2, f32
.Lfused_f32_f32_128_size:
.size zincc_attention_fused_f32_d128, .Lfused_f32_f32_128_size-zincc_attention_fused_f32_d128

// zincc_attention_fused_f32_d256: zincc_attention_split_f32_d256 and zincc_attention_combine in
// one launch (its result f32; split_arrive).
.globl zincc_attention_fused_f32_d256
.p2align 8
.type zincc_attention_fused_f32_d256,@function
zincc_attention_fused_f32_d256:
  attention_split fused_f32_f32_256, f32, 4, f32
.Lfused_f32_f32_256_size:
.size zincc_attention_fused_f32_d256, .Lfused_f32_f32_256_size-zincc_attention_fused_f32_d256

// zincc_attention_fused_f16_d64: zincc_attention_split_f16_d64 and zincc_attention_combine in
// one launch (its result f32; split_arrive).
.globl zincc_attention_fused_f16_d64
.p2align 8
.type zincc_attention_fused_f16_d64,@function
zincc_attention_fused_f16_d64:
  attention_split fused_f32_f16_64, f16, 1, f32
.Lfused_f32_f16_64_size:
.size zincc_attention_fused_f16_d64, .Lfused_f32_f16_64_size-zincc_attention_fused_f16_d64

// zincc_attention_fused_f16_d128: zincc_attention_split_f16_d128 and zincc_attention_combine in
// one launch (its result f32; split_arrive).
.globl zincc_attention_fused_f16_d128
.p2align 8
.type zincc_attention_fused_f16_d128,@function
zincc_attention_fused_f16_d128:
  attention_split fused_f32_f16_128, f16, 2, f32
.Lfused_f32_f16_128_size:
.size zincc_attention_fused_f16_d128, .Lfused_f32_f16_128_size-zincc_attention_fused_f16_d128

// zincc_attention_fused_f16_d256: zincc_attention_split_f16_d256 and zincc_attention_combine in
// one launch (its result f32; split_arrive).
.globl zincc_attention_fused_f16_d256
.p2align 8
.type zincc_attention_fused_f16_d256,@function
zincc_attention_fused_f16_d256:
  attention_split fused_f32_f16_256, f16, 4, f32
.Lfused_f32_f16_256_size:
.size zincc_attention_fused_f16_d256, .Lfused_f32_f16_256_size-zincc_attention_fused_f16_d256

// zincc_attention_fused_q8_0_f32_d64: zincc_attention_split_f32_d64 and zincc_attention_combine_q8_0 in
// one launch (its result quantised to q8_0 blocks; split_arrive).
.globl zincc_attention_fused_q8_0_f32_d64
.p2align 8
.type zincc_attention_fused_q8_0_f32_d64,@function
zincc_attention_fused_q8_0_f32_d64:
  attention_split fused_q8_0_f32_64, f32, 1, q8_0
.Lfused_q8_0_f32_64_size:
.size zincc_attention_fused_q8_0_f32_d64, .Lfused_q8_0_f32_64_size-zincc_attention_fused_q8_0_f32_d64

// zincc_attention_fused_q8_0_f32_d128: zincc_attention_split_f32_d128 and zincc_attention_combine_q8_0 in
// one launch (its result quantised to q8_0 blocks; split_arrive).
.globl zincc_attention_fused_q8_0_f32_d128
.p2align 8
.type zincc_attention_fused_q8_0_f32_d128,@function
zincc_attention_fused_q8_0_f32_d128:
  attention_split fused_q8_0_f32_128, f32, 2, q8_0
.Lfused_q8_0_f32_128_size:
.size zincc_attention_fused_q8_0_f32_d128, .Lfused_q8_0_f32_128_size-zincc_attention_fused_q8_0_f32_d128

// zincc_attention_fused_q8_0_f32_d256: zincc_attention_split_f32_d256 and zincc_attention_combine_q8_0 in
// one launch (its result quantised to q8_0 blocks; split_arrive).
.globl zincc_attention_fused_q8_0_f32_d256
.p2align 8
.type zincc_attention_fused_q8_0_f32_d256,@function
zincc_attention_fused_q8_0_f32_d256:
  attention_split fused_q8_0_f32_256, f32, 4, q8_0
.Lfused_q8_0_f32_256_size:
.size zincc_attention_fused_q8_0_f32_d256, .Lfused_q8_0_f32_256_size-zincc_attention_fused_q8_0_f32_d256

// zincc_attention_fused_q8_0_f16_d64: zincc_attention_split_f16_d64 and zincc_attention_combine_q8_0 in
// one launch (its result quantised to q8_0 blocks; split_arrive).
.globl zincc_attention_fused_q8_0_f16_d64
.p2align 8
.type zincc_attention_fused_q8_0_f16_d64,@function
zincc_attention_fused_q8_0_f16_d64:
  attention_split fused_q8_0_f16_64, f16, 1, q8_0
.Lfused_q8_0_f16_64_size:
.size zincc_attention_fused_q8_0_f16_d64, .Lfused_q8_0_f16_64_size-zincc_attention_fused_q8_0_f16_d64

// zincc_attention_fused_q8_0_f16_d128: zincc_attention_split_f16_d128 and zincc_attention_combine_q8_0 in
// one launch (its result quantised to q8_0 blocks; split_arrive).
.globl zincc_attention_fused_q8_0_f16_d128
.p2align 8
.type zincc_attention_fused_q8_0_f16_d128,@function
zincc_attention_fused_q8_0_f16_d128:
  attention_split fused_q8_0_f16_128, f16, 2, q8_0
.Lfused_q8_0_f16_128_size:
.size zincc_attention_fused_q8_0_f16_d128, .Lfused_q8_0_f16_128_size-zincc_attention_fused_q8_0_f16_d128

// zincc_attention_fused_q8_0_f16_d256: zincc_attention_split_f16_d256 and zincc_attention_combine_q8_0 in
// one launch (its result quantised to q8_0 blocks; split_arrive).
.globl zincc_attention_fused_q8_0_f16_d256
.p2align 8
.type zincc_attention_fused_q8_0_f16_d256,@function
zincc_attention_fused_q8_0_f16_d256:
  attention_split fused_q8_0_f16_256, f16, 4, q8_0
.Lfused_q8_0_f16_256_size:
.size zincc_attention_fused_q8_0_f16_d256, .Lfused_q8_0_f16_256_size-zincc_attention_fused_q8_0_f16_d256

// zincc_attention_fused_q8_K_f32_d64: zincc_attention_split_f32_d64 and its combine in
// one launch, the result quantised to q8_K blocks (split_arrive, then
// split_arrive_k).
.globl zincc_attention_fused_q8_K_f32_d64
.p2align 8
.type zincc_attention_fused_q8_K_f32_d64,@function
zincc_attention_fused_q8_K_f32_d64:
  attention_split fused_q8_K_f32_64, f32, 1, q8_K, s36, s37
.Lfused_q8_K_f32_64_size:
.size zincc_attention_fused_q8_K_f32_d64, .Lfused_q8_K_f32_64_size-zincc_attention_fused_q8_K_f32_d64

// zincc_attention_fused_q8_K_f32_d128: zincc_attention_split_f32_d128 and its combine in
// one launch, the result quantised to q8_K blocks (split_arrive, then
// split_arrive_k).
.globl zincc_attention_fused_q8_K_f32_d128
.p2align 8
.type zincc_attention_fused_q8_K_f32_d128,@function
zincc_attention_fused_q8_K_f32_d128:
  attention_split fused_q8_K_f32_128, f32, 2, q8_K, s36, s37
.Lfused_q8_K_f32_128_size:
.size zincc_attention_fused_q8_K_f32_d128, .Lfused_q8_K_f32_128_size-zincc_attention_fused_q8_K_f32_d128

// zincc_attention_fused_q8_K_f32_d256: zincc_attention_split_f32_d256 and its combine in
// one launch, the result quantised to q8_K blocks (split_arrive, then
// split_combine q8_K).
.globl zincc_attention_fused_q8_K_f32_d256
.p2align 8
.type zincc_attention_fused_q8_K_f32_d256,@function
zincc_attention_fused_q8_K_f32_d256:
  attention_split fused_q8_K_f32_256, f32, 4, q8_K, s36, s37
.Lfused_q8_K_f32_256_size:
.size zincc_attention_fused_q8_K_f32_d256, .Lfused_q8_K_f32_256_size-zincc_attention_fused_q8_K_f32_d256

// zincc_attention_fused_q8_K_f16_d64: zincc_attention_split_f16_d64 and its combine in
// one launch, the result quantised to q8_K blocks (split_arrive, then
// split_arrive_k).
.globl zincc_attention_fused_q8_K_f16_d64
.p2align 8
.type zincc_attention_fused_q8_K_f16_d64,@function
zincc_attention_fused_q8_K_f16_d64:
  attention_split fused_q8_K_f16_64, f16, 1, q8_K, s36, s37
.Lfused_q8_K_f16_64_size:
.size zincc_attention_fused_q8_K_f16_d64, .Lfused_q8_K_f16_64_size-zincc_attention_fused_q8_K_f16_d64

// zincc_attention_fused_q8_K_f16_d128: zincc_attention_split_f16_d128 and its combine in
// one launch, the result quantised to q8_K blocks (split_arrive, then
// split_arrive_k).
.globl zincc_attention_fused_q8_K_f16_d128
.p2align 8
.type zincc_attention_fused_q8_K_f16_d128,@function
zincc_attention_fused_q8_K_f16_d128:
  attention_split fused_q8_K_f16_128, f16, 2, q8_K, s36, s37
.Lfused_q8_K_f16_128_size:
.size zincc_attention_fused_q8_K_f16_d128, .Lfused_q8_K_f16_128_size-zincc_attention_fused_q8_K_f16_d128

// zincc_attention_fused_q8_K_f16_d256: zincc_attention_split_f16_d256 and its combine in
// one launch, the result quantised to q8_K blocks (split_arrive, then
// split_combine q8_K).
.globl zincc_attention_fused_q8_K_f16_d256
.p2align 8
.type zincc_attention_fused_q8_K_f16_d256,@function
zincc_attention_fused_q8_K_f16_d256:
  attention_split fused_q8_K_f16_256, f16, 4, q8_K, s36, s37
.Lfused_q8_K_f16_256_size:
.size zincc_attention_fused_q8_K_f16_d256, .Lfused_q8_K_f16_256_size-zincc_attention_fused_q8_K_f16_d256

.rodata
.p2align 6
.amdhsa_kernel zincc_attention_split_f32_d64
  .amdhsa_user_sgpr_count 13
  .amdhsa_next_free_vgpr 149
  .amdhsa_next_free_sgpr 42
  .amdhsa_group_segment_fixed_size 1088
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_attention_split_f32_d128
  .amdhsa_user_sgpr_count 13
  .amdhsa_next_free_vgpr 149
  .amdhsa_next_free_sgpr 42
  .amdhsa_group_segment_fixed_size 1088
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_attention_split_f32_d256
  .amdhsa_user_sgpr_count 13
  .amdhsa_next_free_vgpr 149
  .amdhsa_next_free_sgpr 42
  .amdhsa_group_segment_fixed_size 1088
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_attention_split_f16_d64
  .amdhsa_user_sgpr_count 13
  .amdhsa_next_free_vgpr 149
  .amdhsa_next_free_sgpr 42
  .amdhsa_group_segment_fixed_size 1088
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_attention_split_f16_d128
  .amdhsa_user_sgpr_count 13
  .amdhsa_next_free_vgpr 149
  .amdhsa_next_free_sgpr 42
  .amdhsa_group_segment_fixed_size 1088
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_attention_split_f16_d256
  .amdhsa_user_sgpr_count 13
  .amdhsa_next_free_vgpr 149
  .amdhsa_next_free_sgpr 42
  .amdhsa_group_segment_fixed_size 1088
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_attention_combine
  .amdhsa_user_sgpr_count 7
  .amdhsa_next_free_vgpr 120
  .amdhsa_next_free_sgpr 56
  .amdhsa_group_segment_fixed_size 0
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_attention_combine_q8_0
  .amdhsa_user_sgpr_count 7
  .amdhsa_next_free_vgpr 120
  .amdhsa_next_free_sgpr 60
  .amdhsa_group_segment_fixed_size 1024
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_attention_fused_f32_d64
  .amdhsa_user_sgpr_count 15
  .amdhsa_next_free_vgpr 149
  .amdhsa_next_free_sgpr 104
  .amdhsa_group_segment_fixed_size 1088
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_attention_fused_f32_d128
  .amdhsa_user_sgpr_count 15
  .amdhsa_next_free_vgpr 149
  .amdhsa_next_free_sgpr 104
  .amdhsa_group_segment_fixed_size 1088
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_attention_fused_f32_d256
  .amdhsa_user_sgpr_count 15
  .amdhsa_next_free_vgpr 149
  .amdhsa_next_free_sgpr 104
  .amdhsa_group_segment_fixed_size 1088
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_attention_fused_f16_d64
  .amdhsa_user_sgpr_count 15
  .amdhsa_next_free_vgpr 149
  .amdhsa_next_free_sgpr 104
  .amdhsa_group_segment_fixed_size 1088
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_attention_fused_f16_d128
  .amdhsa_user_sgpr_count 15
  .amdhsa_next_free_vgpr 149
  .amdhsa_next_free_sgpr 104
  .amdhsa_group_segment_fixed_size 1088
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_attention_fused_f16_d256
  .amdhsa_user_sgpr_count 15
  .amdhsa_next_free_vgpr 149
  .amdhsa_next_free_sgpr 104
  .amdhsa_group_segment_fixed_size 1088
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_attention_fused_q8_0_f32_d64
  .amdhsa_user_sgpr_count 15
  .amdhsa_next_free_vgpr 149
  .amdhsa_next_free_sgpr 104
  .amdhsa_group_segment_fixed_size 1088
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_attention_fused_q8_0_f32_d128
  .amdhsa_user_sgpr_count 15
  .amdhsa_next_free_vgpr 149
  .amdhsa_next_free_sgpr 104
  .amdhsa_group_segment_fixed_size 1088
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_attention_fused_q8_0_f32_d256
  .amdhsa_user_sgpr_count 15
  .amdhsa_next_free_vgpr 149
  .amdhsa_next_free_sgpr 104
  .amdhsa_group_segment_fixed_size 1088
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_attention_fused_q8_0_f16_d64
  .amdhsa_user_sgpr_count 15
  .amdhsa_next_free_vgpr 149
  .amdhsa_next_free_sgpr 104
  .amdhsa_group_segment_fixed_size 1088
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_attention_fused_q8_0_f16_d128
  .amdhsa_user_sgpr_count 15
  .amdhsa_next_free_vgpr 149
  .amdhsa_next_free_sgpr 104
  .amdhsa_group_segment_fixed_size 1088
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_attention_fused_q8_0_f16_d256
  .amdhsa_user_sgpr_count 15
  .amdhsa_next_free_vgpr 149
  .amdhsa_next_free_sgpr 104
  .amdhsa_group_segment_fixed_size 1088
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_attention_fused_q8_K_f32_d64
  .amdhsa_user_sgpr_count 15
  .amdhsa_next_free_vgpr 149
  .amdhsa_next_free_sgpr 104
  .amdhsa_group_segment_fixed_size 1088
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_attention_fused_q8_K_f32_d128
  .amdhsa_user_sgpr_count 15
  .amdhsa_next_free_vgpr 149
  .amdhsa_next_free_sgpr 104
  .amdhsa_group_segment_fixed_size 1088
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_attention_fused_q8_K_f32_d256
  .amdhsa_user_sgpr_count 15
  .amdhsa_next_free_vgpr 149
  .amdhsa_next_free_sgpr 104
  .amdhsa_group_segment_fixed_size 1088
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_attention_fused_q8_K_f16_d64
  .amdhsa_user_sgpr_count 15
  .amdhsa_next_free_vgpr 149
  .amdhsa_next_free_sgpr 104
  .amdhsa_group_segment_fixed_size 1088
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_attention_fused_q8_K_f16_d128
  .amdhsa_user_sgpr_count 15
  .amdhsa_next_free_vgpr 149
  .amdhsa_next_free_sgpr 104
  .amdhsa_group_segment_fixed_size 1088
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_attention_fused_q8_K_f16_d256
  .amdhsa_user_sgpr_count 15
  .amdhsa_next_free_vgpr 149
  .amdhsa_next_free_sgpr 104
  .amdhsa_group_segment_fixed_size 1088
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel
