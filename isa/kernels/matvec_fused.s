//go:build ignore

// Matvecs that form their own quantised x: the producer of x (an
// rms_norm_quantize or swiglu_quantize to q8_0 or q8_K) folded into the matvec
// dispatch that is its only reader (lower/gfx1201/fold_x.go), so that the
// producer's dispatch and the barrier after it go.
//
// Every workgroup first runs the producer over the WHOLE of x, into its
// own LDS (xq_lds.inc's layout): rms_norm's sum of squares exactly as
// zincc_rms_norm_q8_0/_K do it (norm.inc's norm_sumsq: the same loads,
// order and reductions, the same bits of r), or nothing for swiglu; then
// thread t forms and quantises blocks t, t+256, ... with the standalone
// kernels' code (rk_load or sq_load, then quantize.inc's q_block_q8_0 or
// q_block_q8_K: the same bytes). Workgroup 0 also stores the blocks to
// x's memory, byte for byte what zincc_rms_norm_q8_* / zincc_swiglu_q8_*
// store, so
// the value exists for anyone who reads it later; no other workgroup
// writes there. After a workgroup barrier the kernel's ordinary body runs
// (matvec_q8.inc's matvec_stream with xs = lds: x's blocks come from LDS
// instead of global memory, the same values, so the rows are byte for
// byte zincc_matvec_FMT_q8_group's or _add's). FMT is q4_0, q8_0, q4_1,
// q5_0, q5_1 (x in q8_0) or q4_K, q5_K, q6_K (x in q8_K).
//
// zincc_matvec_FMT_q8_group_norm: rms_norm_quantize + grouped
// matvec (up to three segments, matvec_segment):
//   s[0:1] W (segment 0), s[2:3] xq (x's q8_0 blocks, written), s[4:5]
//   dst, s6 rows, s7 cols (n), s8 rows1 | rows2 << 16, s9, s10 the byte
//   offsets of segments 1 and 2's W from the previous one's, s11, s12 of
//   their dst, s13 the norm's input x as a byte offset from xq, s14 the
//   norm's weight as one from W, s15 eps (f32 bits). Signed offsets: the
//   arguments must fit the 16 user SGPRs.
// zincc_matvec_FMT_q8_add_swiglu: swiglu_quantize + matvec_add:
//   s[0:1] W, s[2:3] xq (written), s[4:5] dst, s6 rows, s7 cols, s[8:9]
//   r, s[10:11] gate, s[12:13] up.
// LDS: 16384 bytes (at most 480 q8_0 blocks of x, 15360 columns, or 56
// q8_K blocks, 14336 columns: xq_lds.inc). Launch as
// the unfused matvec (perSegmentRow, perRow); every wave takes part in
// the prologue (its barriers need all eight), then waves past the last
// row end.
//
// The prologue runs with the producer's pointers in s[0:5] (the matvec's
// wait in s[44:49]) and its other SGPRs at s56 and up (mvf_group_norm).

.amdgcn_target "amdgcn-amd-amdhsa--gfx1201"
.amdhsa_code_object_version 5

.text

.include "matvec_q8.inc"
.include "norm.inc"
.include "quantize.inc"
.include "xq_lds.inc"

// mvf_xq load, blocks, lbl, xq: every block of x (q8_0 or q8_K, xq) into
// LDS (the SGPR blocks; workgroup 0 also to memory at s[4:5]), then a
// workgroup barrier.
.macro mvf_xq load, blocks, lbl, xq=q8_0
  s_cmp_lg_u32 ttmp9, 0
  s_cbranch_scc1 \lbl\()_lds
.ifc \xq, q8_0
  xq_blocks_q8_0 \load, q_st_both, \blocks, \lbl\()_wg0
.else
  xq_blocks_q8_K \load, q_stk_both, \blocks, \lbl\()_wg0
.endif
  s_branch \lbl\()_formed
\lbl\()_lds:
.ifc \xq, q8_0
  xq_blocks_q8_0 \load, q_st_lds, \blocks, \lbl\()_all
.else
  xq_blocks_q8_K \load, q_stk_lds, \blocks, \lbl\()_all
.endif
\lbl\()_formed:
  s_wait_dscnt 0
  s_barrier_signal -1
  s_barrier_wait -1
.endm

// mvf_stream_FMT: the streaming body for x in format FMT.
.macro mvf_stream_q8_0 fmt, bytes, loads, b0, b1, b2, b3, t, wg
  matvec_stream \fmt, \bytes, \loads, \b0, \b1, \b2, \b3, \t, \wg, lds
.endm

.macro mvf_stream_q8_K fmt, bytes, loads, b0, b1, b2, b3, t, wg
  matvec_stream_k \fmt, \bytes, \loads, \b0, \b1, \b2, \b3, \t, \wg, lds
.endm

// mvf_save: the matvec's W, xq and dst into s[44:49].
.macro mvf_save
  s_mov_b64 s[44:45], s[0:1]
  s_mov_b64 s[46:47], s[2:3]
  s_mov_b64 s[48:49], s[4:5]
.endm

// mvf_restore: them back into s[0:5].
.macro mvf_restore
  s_mov_b64 s[0:1], s[44:45]
  s_mov_b64 s[2:3], s[46:47]
  s_mov_b64 s[4:5], s[48:49]
.endm

// mvf_group_norm fmt, bytes, loads, b0, b1, b2, b3: the body of
// zincc_matvec_FMT_q8_group_norm (matvec_stream's parameters). The
// prologue's VALU instructions read only SGPRs the matvec body never
// writes (n s56, eps s57, lane selects s58, s59, end s60, blocks s62),
// so the gfx12 SGPR hazard (matvec.s) needs no wait; it changes s[0:5]
// (read by memory instructions only), s19..s22 and nothing of s6..s12.
// mvf_group_norm's first part, up to the grouped matvec's layout (lbl
// tags the labels).
.macro mvf_norm_prologue lbl, xq
  mvf_save
  s_ashr_i32 s17, s13, 31
  s_add_co_u32 s0, s46, s13
  s_add_co_ci_u32 s1, s47, s17          ; the norm's x = xq + sext(s13)
  s_ashr_i32 s17, s14, 31
  s_add_co_u32 s2, s44, s14
  s_add_co_ci_u32 s3, s45, s17          ; its weight = W + sext(s14)
  s_mov_b64 s[4:5], s[46:47]            ; x's blocks (workgroup 0)
  s_mov_b32 s56, s7                     ; n = cols
  s_mov_b32 s57, s15                    ; eps
  norm_sumsq \lbl, 1, s56, s57, s58, s59, s60
  v_rsq_f32 v82, v6                     ; r, as zincc_rms_norm_q8_0
  s_lshr_b32 s62, s56, xq_shift_\xq    ; blocks
  mvf_xq rk_load, s62, \lbl, \xq
  mvf_restore
  s_mov_b32 s13, s12                    ; the group's layout: rows1 s8,
  s_mov_b32 s12, s11                    ;   rows2 s9, W offsets s10, s11,
  s_mov_b32 s11, s10                    ;   dst offsets s12, s13
  s_mov_b32 s10, s9
  s_lshr_b32 s9, s8, 16
  s_and_b32 s8, s8, 0xffff
.endm

.macro mvf_group_norm fmt, bytes, loads, b0, b1, b2, b3, xq=q8_0
  mvf_norm_prologue .L\fmt\()_gn, \xq
  matvec_segment \fmt\()_gn
  mvf_stream_\xq \fmt, \bytes, \loads, \b0, \b1, \b2, \b3, _group, s14
.endm

// mvf_group_norm_mixed fa, ba, la, a0, a1, a2, a3, fb, bb, lb, c0, c1, c2,
// c3: zincc_matvec_FA_FB_q8_group_norm, for x in q8_K: as
// zincc_matvec_FA_q8_group_norm, but segment 2 is a matvec of format FB
// (a Q4_K_M layer's q, k in q4_K and v in q6_K): its workgroups (from
// ceil(rows/8) + ceil(rows1/8) on) run FB's body, the others FA's.
.macro mvf_group_norm_mixed fa, ba, la, a0, a1, a2, a3, fb, bb, lb, c0, c1, c2, c3
  mvf_norm_prologue .L\fa\()_\fb\()_gn, q8_K
  s_add_co_u32 s66, s6, 7
  s_lshr_b32 s66, s66, 3
  s_add_co_u32 s67, s8, 7
  s_lshr_b32 s67, s67, 3
  s_add_co_u32 s66, s66, s67            ; segment 2's first workgroup
  matvec_segment \fa\()_\fb\()_gn
  s_cmp_ge_u32 ttmp9, s66
  s_cbranch_scc1 .L\fa\()_\fb\()_seg2
  matvec_stream_k \fa, \ba, \la, \a0, \a1, \a2, \a3, _mix_\fb, s14, lds
.L\fa\()_\fb\()_seg2:
  matvec_stream_k \fb, \bb, \lb, \c0, \c1, \c2, \c3, _mix_\fa, s14, lds
.endm

// mvf_add_swiglu fmt, bytes, loads, b0, b1, b2, b3: the body of
// zincc_matvec_FMT_q8_add_swiglu (blocks in s62, as above).
.macro mvf_add_swiglu fmt, bytes, loads, b0, b1, b2, b3, xq=q8_0
  mvf_save
  s_mov_b64 s[0:1], s[10:11]            ; gate
  s_mov_b64 s[2:3], s[12:13]            ; up
  s_mov_b64 s[4:5], s[46:47]            ; x's blocks (workgroup 0)
  s_lshr_b32 s62, s7, xq_shift_\xq     ; blocks
  v_and_b32 v0, 0x3ff, v0
  mvf_xq sq_load, s62, .L\fmt\()_as, \xq
  mvf_restore
  mvf_stream_\xq \fmt, \bytes, \loads, \b0, \b1, \b2, \b3, _add, ttmp9
.endm

// zincc_matvec_q4_0_q8_group_norm: rms_norm_quantize (q8_0) of x, then zincc_matvec_q4_0_q8_group over it.
.globl zincc_matvec_q4_0_q8_group_norm
.p2align 8
.type zincc_matvec_q4_0_q8_group_norm,@function
zincc_matvec_q4_0_q8_group_norm:
  mvf_group_norm q4_0, 18, 5, 8, 22, 36, 50
.Lq4_0_group_norm_size:
.size zincc_matvec_q4_0_q8_group_norm, .Lq4_0_group_norm_size-zincc_matvec_q4_0_q8_group_norm

// zincc_matvec_q4_0_q8_add_swiglu: swiglu_quantize (q8_0) of gate and up, then zincc_matvec_q4_0_q8_add over it.
.globl zincc_matvec_q4_0_q8_add_swiglu
.p2align 8
.type zincc_matvec_q4_0_q8_add_swiglu,@function
zincc_matvec_q4_0_q8_add_swiglu:
  mvf_add_swiglu q4_0, 18, 5, 8, 22, 36, 50
.Lq4_0_add_swiglu_size:
.size zincc_matvec_q4_0_q8_add_swiglu, .Lq4_0_add_swiglu_size-zincc_matvec_q4_0_q8_add_swiglu

// zincc_matvec_q8_0_q8_group_norm: rms_norm_quantize (q8_0) of x, then zincc_matvec_q8_0_q8_group over it.
.globl zincc_matvec_q8_0_q8_group_norm
.p2align 8
.type zincc_matvec_q8_0_q8_group_norm,@function
zincc_matvec_q8_0_q8_group_norm:
  mvf_group_norm q8_0, 34, 6, 8, 26, 44, 62
.Lq8_0_group_norm_size:
.size zincc_matvec_q8_0_q8_group_norm, .Lq8_0_group_norm_size-zincc_matvec_q8_0_q8_group_norm

// zincc_matvec_q8_0_q8_add_swiglu: swiglu_quantize (q8_0) of gate and up, then zincc_matvec_q8_0_q8_add over it.
.globl zincc_matvec_q8_0_q8_add_swiglu
.p2align 8
.type zincc_matvec_q8_0_q8_add_swiglu,@function
zincc_matvec_q8_0_q8_add_swiglu:
  mvf_add_swiglu q8_0, 34, 6, 8, 26, 44, 62
.Lq8_0_add_swiglu_size:
.size zincc_matvec_q8_0_q8_add_swiglu, .Lq8_0_add_swiglu_size-zincc_matvec_q8_0_q8_add_swiglu

// zincc_matvec_q4_1_q8_group_norm: rms_norm_quantize (q8_0) of x, then zincc_matvec_q4_1_q8_group over it.
.globl zincc_matvec_q4_1_q8_group_norm
.p2align 8
.type zincc_matvec_q4_1_q8_group_norm,@function
zincc_matvec_q4_1_q8_group_norm:
  mvf_group_norm q4_1, 20, 5, 9, 23, 37, 51
.Lq4_1_group_norm_size:
.size zincc_matvec_q4_1_q8_group_norm, .Lq4_1_group_norm_size-zincc_matvec_q4_1_q8_group_norm

// zincc_matvec_q4_1_q8_add_swiglu: swiglu_quantize (q8_0) of gate and up, then zincc_matvec_q4_1_q8_add over it.
.globl zincc_matvec_q4_1_q8_add_swiglu
.p2align 8
.type zincc_matvec_q4_1_q8_add_swiglu,@function
zincc_matvec_q4_1_q8_add_swiglu:
  mvf_add_swiglu q4_1, 20, 5, 9, 23, 37, 51
.Lq4_1_add_swiglu_size:
.size zincc_matvec_q4_1_q8_add_swiglu, .Lq4_1_add_swiglu_size-zincc_matvec_q4_1_q8_add_swiglu

// zincc_matvec_q5_0_q8_group_norm: rms_norm_quantize (q8_0) of x, then zincc_matvec_q5_0_q8_group over it.
.globl zincc_matvec_q5_0_q8_group_norm
.p2align 8
.type zincc_matvec_q5_0_q8_group_norm,@function
zincc_matvec_q5_0_q8_group_norm:
  mvf_group_norm q5_0, 22, 6, 9, 24, 39, 54
.Lq5_0_group_norm_size:
.size zincc_matvec_q5_0_q8_group_norm, .Lq5_0_group_norm_size-zincc_matvec_q5_0_q8_group_norm

// zincc_matvec_q5_0_q8_add_swiglu: swiglu_quantize (q8_0) of gate and up, then zincc_matvec_q5_0_q8_add over it.
.globl zincc_matvec_q5_0_q8_add_swiglu
.p2align 8
.type zincc_matvec_q5_0_q8_add_swiglu,@function
zincc_matvec_q5_0_q8_add_swiglu:
  mvf_add_swiglu q5_0, 22, 6, 9, 24, 39, 54
.Lq5_0_add_swiglu_size:
.size zincc_matvec_q5_0_q8_add_swiglu, .Lq5_0_add_swiglu_size-zincc_matvec_q5_0_q8_add_swiglu

// zincc_matvec_q5_1_q8_group_norm: rms_norm_quantize (q8_0) of x, then zincc_matvec_q5_1_q8_group over it.
.globl zincc_matvec_q5_1_q8_group_norm
.p2align 8
.type zincc_matvec_q5_1_q8_group_norm,@function
zincc_matvec_q5_1_q8_group_norm:
  mvf_group_norm q5_1, 24, 6, 9, 24, 39, 54
.Lq5_1_group_norm_size:
.size zincc_matvec_q5_1_q8_group_norm, .Lq5_1_group_norm_size-zincc_matvec_q5_1_q8_group_norm

// zincc_matvec_q5_1_q8_add_swiglu: swiglu_quantize (q8_0) of gate and up, then zincc_matvec_q5_1_q8_add over it.
.globl zincc_matvec_q5_1_q8_add_swiglu
.p2align 8
.type zincc_matvec_q5_1_q8_add_swiglu,@function
zincc_matvec_q5_1_q8_add_swiglu:
  mvf_add_swiglu q5_1, 24, 6, 9, 24, 39, 54
.Lq5_1_add_swiglu_size:
.size zincc_matvec_q5_1_q8_add_swiglu, .Lq5_1_add_swiglu_size-zincc_matvec_q5_1_q8_add_swiglu


// zincc_matvec_q4_K_q8_group_norm: rms_norm_quantize (q8_K) of x, then zincc_matvec_q4_K_q8_group over it.
.globl zincc_matvec_q4_K_q8_group_norm
.p2align 8
.type zincc_matvec_q4_K_q8_group_norm,@function
zincc_matvec_q4_K_q8_group_norm:
  mvf_group_norm q4_K, 144, 7, 20, 39, 58, 77, q8_K
.Lq4_K_group_norm_size:
.size zincc_matvec_q4_K_q8_group_norm, .Lq4_K_group_norm_size-zincc_matvec_q4_K_q8_group_norm

// zincc_matvec_q4_K_q8_add_swiglu: swiglu_quantize (q8_K) of gate and up, then zincc_matvec_q4_K_q8_add over it.
.globl zincc_matvec_q4_K_q8_add_swiglu
.p2align 8
.type zincc_matvec_q4_K_q8_add_swiglu,@function
zincc_matvec_q4_K_q8_add_swiglu:
  mvf_add_swiglu q4_K, 144, 7, 20, 39, 58, 77, q8_K
.Lq4_K_add_swiglu_size:
.size zincc_matvec_q4_K_q8_add_swiglu, .Lq4_K_add_swiglu_size-zincc_matvec_q4_K_q8_add_swiglu

// zincc_matvec_q6_K_q8_group_norm: rms_norm_quantize (q8_K) of x, then zincc_matvec_q6_K_q8_group over it.
.globl zincc_matvec_q6_K_q8_group_norm
.p2align 8
.type zincc_matvec_q6_K_q8_group_norm,@function
zincc_matvec_q6_K_q8_group_norm:
  mvf_group_norm q6_K, 210, 10, 28, 48, 68, 88, q8_K
.Lq6_K_group_norm_size:
.size zincc_matvec_q6_K_q8_group_norm, .Lq6_K_group_norm_size-zincc_matvec_q6_K_q8_group_norm

// zincc_matvec_q6_K_q8_add_swiglu: swiglu_quantize (q8_K) of gate and up, then zincc_matvec_q6_K_q8_add over it.
.globl zincc_matvec_q6_K_q8_add_swiglu
.p2align 8
.type zincc_matvec_q6_K_q8_add_swiglu,@function
zincc_matvec_q6_K_q8_add_swiglu:
  mvf_add_swiglu q6_K, 210, 10, 28, 48, 68, 88, q8_K
.Lq6_K_add_swiglu_size:
.size zincc_matvec_q6_K_q8_add_swiglu, .Lq6_K_add_swiglu_size-zincc_matvec_q6_K_q8_add_swiglu

// zincc_matvec_q5_K_q8_group_norm: rms_norm_quantize (q8_K) of x, then zincc_matvec_q5_K_q8_group over it.
.globl zincc_matvec_q5_K_q8_group_norm
.p2align 8
.type zincc_matvec_q5_K_q8_group_norm,@function
zincc_matvec_q5_K_q8_group_norm:
  mvf_group_norm q5_K, 176, 8, 32, 55, 78, 101, q8_K
.Lq5_K_group_norm_size:
.size zincc_matvec_q5_K_q8_group_norm, .Lq5_K_group_norm_size-zincc_matvec_q5_K_q8_group_norm

// zincc_matvec_q5_K_q8_add_swiglu: swiglu_quantize (q8_K) of gate and up, then zincc_matvec_q5_K_q8_add over it.
.globl zincc_matvec_q5_K_q8_add_swiglu
.p2align 8
.type zincc_matvec_q5_K_q8_add_swiglu,@function
zincc_matvec_q5_K_q8_add_swiglu:
  mvf_add_swiglu q5_K, 176, 8, 32, 55, 78, 101, q8_K
.Lq5_K_add_swiglu_size:
.size zincc_matvec_q5_K_q8_add_swiglu, .Lq5_K_add_swiglu_size-zincc_matvec_q5_K_q8_add_swiglu

// zincc_matvec_q4_K_q6_K_q8_group_norm: rms_norm_quantize (q8_K) of x, then
// zincc_matvec_q4_K_q8_group over segments 0 and 1 and zincc_matvec_q6_K_q8
// over segment 2.
.globl zincc_matvec_q4_K_q6_K_q8_group_norm
.p2align 8
.type zincc_matvec_q4_K_q6_K_q8_group_norm,@function
zincc_matvec_q4_K_q6_K_q8_group_norm:
  mvf_group_norm_mixed q4_K, 144, 7, 20, 39, 58, 77, q6_K, 210, 10, 28, 48, 68, 88
.Lq4_K_q6_K_gn_size:
.size zincc_matvec_q4_K_q6_K_q8_group_norm, .Lq4_K_q6_K_gn_size-zincc_matvec_q4_K_q6_K_q8_group_norm

// zincc_matvec_q5_K_q6_K_q8_group_norm: rms_norm_quantize (q8_K) of x, then
// zincc_matvec_q5_K_q8_group over segments 0 and 1 and zincc_matvec_q6_K_q8
// over segment 2.
.globl zincc_matvec_q5_K_q6_K_q8_group_norm
.p2align 8
.type zincc_matvec_q5_K_q6_K_q8_group_norm,@function
zincc_matvec_q5_K_q6_K_q8_group_norm:
  mvf_group_norm_mixed q5_K, 176, 8, 32, 55, 78, 101, q6_K, 210, 10, 28, 48, 68, 88
.Lq5_K_q6_K_gn_size:
.size zincc_matvec_q5_K_q6_K_q8_group_norm, .Lq5_K_q6_K_gn_size-zincc_matvec_q5_K_q6_K_q8_group_norm

.rodata
.p2align 6
.amdhsa_kernel zincc_matvec_q4_0_q8_group_norm
  .amdhsa_user_sgpr_count 16
  .amdhsa_next_free_vgpr 83
  .amdhsa_next_free_sgpr 66
  .amdhsa_group_segment_fixed_size 16384
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_matvec_q4_0_q8_add_swiglu
  .amdhsa_user_sgpr_count 14
  .amdhsa_next_free_vgpr 83
  .amdhsa_next_free_sgpr 66
  .amdhsa_group_segment_fixed_size 16384
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_matvec_q8_0_q8_group_norm
  .amdhsa_user_sgpr_count 16
  .amdhsa_next_free_vgpr 83
  .amdhsa_next_free_sgpr 66
  .amdhsa_group_segment_fixed_size 16384
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_matvec_q8_0_q8_add_swiglu
  .amdhsa_user_sgpr_count 14
  .amdhsa_next_free_vgpr 83
  .amdhsa_next_free_sgpr 66
  .amdhsa_group_segment_fixed_size 16384
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_matvec_q4_1_q8_group_norm
  .amdhsa_user_sgpr_count 16
  .amdhsa_next_free_vgpr 83
  .amdhsa_next_free_sgpr 66
  .amdhsa_group_segment_fixed_size 16384
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_matvec_q4_1_q8_add_swiglu
  .amdhsa_user_sgpr_count 14
  .amdhsa_next_free_vgpr 83
  .amdhsa_next_free_sgpr 66
  .amdhsa_group_segment_fixed_size 16384
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_matvec_q5_0_q8_group_norm
  .amdhsa_user_sgpr_count 16
  .amdhsa_next_free_vgpr 83
  .amdhsa_next_free_sgpr 66
  .amdhsa_group_segment_fixed_size 16384
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_matvec_q5_0_q8_add_swiglu
  .amdhsa_user_sgpr_count 14
  .amdhsa_next_free_vgpr 83
  .amdhsa_next_free_sgpr 66
  .amdhsa_group_segment_fixed_size 16384
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_matvec_q5_1_q8_group_norm
  .amdhsa_user_sgpr_count 16
  .amdhsa_next_free_vgpr 83
  .amdhsa_next_free_sgpr 66
  .amdhsa_group_segment_fixed_size 16384
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_matvec_q5_1_q8_add_swiglu
  .amdhsa_user_sgpr_count 14
  .amdhsa_next_free_vgpr 83
  .amdhsa_next_free_sgpr 66
  .amdhsa_group_segment_fixed_size 16384
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_matvec_q4_K_q8_group_norm
  .amdhsa_user_sgpr_count 16
  .amdhsa_next_free_vgpr 96
  .amdhsa_next_free_sgpr 66
  .amdhsa_group_segment_fixed_size 16384
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_matvec_q4_K_q8_add_swiglu
  .amdhsa_user_sgpr_count 14
  .amdhsa_next_free_vgpr 96
  .amdhsa_next_free_sgpr 66
  .amdhsa_group_segment_fixed_size 16384
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_matvec_q6_K_q8_group_norm
  .amdhsa_user_sgpr_count 16
  .amdhsa_next_free_vgpr 108
  .amdhsa_next_free_sgpr 66
  .amdhsa_group_segment_fixed_size 16384
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_matvec_q6_K_q8_add_swiglu
  .amdhsa_user_sgpr_count 14
  .amdhsa_next_free_vgpr 108
  .amdhsa_next_free_sgpr 66
  .amdhsa_group_segment_fixed_size 16384
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_matvec_q5_K_q8_group_norm
  .amdhsa_user_sgpr_count 16
  .amdhsa_next_free_vgpr 124
  .amdhsa_next_free_sgpr 66
  .amdhsa_group_segment_fixed_size 16384
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_matvec_q5_K_q8_add_swiglu
  .amdhsa_user_sgpr_count 14
  .amdhsa_next_free_vgpr 124
  .amdhsa_next_free_sgpr 66
  .amdhsa_group_segment_fixed_size 16384
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_matvec_q4_K_q6_K_q8_group_norm
  .amdhsa_user_sgpr_count 16
  .amdhsa_next_free_vgpr 108
  .amdhsa_next_free_sgpr 68
  .amdhsa_group_segment_fixed_size 16384
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_matvec_q5_K_q6_K_q8_group_norm
  .amdhsa_user_sgpr_count 16
  .amdhsa_next_free_vgpr 124
  .amdhsa_next_free_sgpr 68
  .amdhsa_group_segment_fixed_size 16384
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

