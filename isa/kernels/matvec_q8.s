//go:build ignore

// Matrix-vector products over a quantised x (x from quantize: ggml's q8_0
// blocks), streaming: zincc_matvec_q4_0_q8 and zincc_matvec_q8_0_q8.
//
// Launch as every matvec (matvec.s): workgroups of 256 threads, Groups =
// ceil(rows/8); wave w of workgroup g computes row r = 8g + w. Lane l of a
// wave takes whole blocks: block 32t + l of each step t of 32 blocks. Its
// weight block (d, then the codes in one or two b128 loads) and the q8_0
// block of x under it (d, two b128 loads) stay in registers; four steps
// are in flight per wave (software pipelining: four register sets, the
// loads of step t+4 issued as soon as step t is consumed, and each step
// waited for with s_wait_loadcnt 5·3 or 6·3, i.e. only its own loads;
// the last steps, with fewer behind them, wait with 0). Lanes whose block
// is past the row's end load the row's last block (the address clamped)
// and add nothing.
//
// Numerics (docs/numerics.md §2.1.1): each block's dot of codes is an
// exact int32 formed by v_dot4_i32_iu8 (signed × signed bytes); then the
// block's float32 term exactly as exec/cpu's MatVecQ8 forms it, every
// operation rounded on its own (no fused multiply-add):
//   q4_0: fl(fl(float(sumi)·d_w)·d_x)
//   q8_0: fl(float(sumi)·fl(d_w·d_x))
// Each lane adds its terms in block order; the wave adds its lanes
// (matvec_store). Only the order of that float32 summation differs from
// exec/cpu, which the matvec rule allows.
//
// q4_0 codes: byte k of a block holds element k (low nibble) and element
// k+16 (high nibble). With v = codes ^ 0x88888888, the bytes of v & 0xf0f0f0f0
// read as signed are 16·(hi − 8), those of (v << 4) & 0xf0f0f0f0 16·(lo − 8);
// the dots of these with x's codes sum to 16·sumi exactly (|16·sumi| ≤ 2^19),
// and an arithmetic shift by 4 gives sumi.
//
// SGPR discipline (gfx12 VALU-read-SGPR hazard, see matvec.s): VALU
// instructions read only s[0:5], s24, s25 and s38; the step counters
// s26, s27, s29 are read by SALU instructions only.

.amdgcn_target "amdgcn-amd-amdhsa--gfx1201"
.amdhsa_code_object_version 5

.text

.include "matvec_common.inc"

// Register sets: set k (0..3) at v[8+size·k] (size 14 or 18): the weight block's d,
// its codes, then x's d and its 32 codes.
//   q4_0: v[B] d_w, v[B+1:B+4] codes, v[B+5] d_x, v[B+6:B+13] x codes
//   q8_0: v[B] d_w, v[B+1:B+8] codes, v[B+9] d_x, v[B+10:B+17] x codes

// mvs_issue_FMT b: the loads of one step into the set at v[b]: block
// v4 of the row (clamped to the last, s25), then v4 moves on a step.
// Clobbers v5..v7. q4_0, q4_1, q5_0 and q5_1 share
// mvs_issue_q45 b, bytes, dm, qh: blocks of `bytes`, d alone
// (dm = 0: q4_0, q5_0) or d and m (dm = 1: q4_1, q5_1), a qh word before
// the codes (qh = 1: q5_0, q5_1); x's q8_0 block after them. Clobbers
// v5..v7.
.macro mvs_issue_q45 b, bytes, dm, qh
  v_min_u32 v5, s25, v4
  v_mul_u32_u24 v6, \bytes, v5
  v_mul_u32_u24 v7, 34, v5
  .if \dm
  global_load_b32 v[\b], v6, s[0:1]
  .else
  global_load_u16 v[\b], v6, s[0:1]
  .endif
  .if \qh
  global_load_b32 v[\b+1], v6, s[0:1] offset:2+2*\dm
  .endif
  global_load_b128 v[\b+1+\qh:\b+4+\qh], v6, s[0:1] offset:2+2*\dm+4*\qh
  global_load_u16 v[\b+5+\qh], v7, s[2:3]
  global_load_b128 v[\b+6+\qh:\b+9+\qh], v7, s[2:3] offset:2
  global_load_b128 v[\b+10+\qh:\b+13+\qh], v7, s[2:3] offset:18
  v_add_nc_u32 v4, 32, v4
.endm

.macro mvs_issue_q4_0 b
  mvs_issue_q45 \b, 18, 0, 0
.endm

.macro mvs_issue_q8_0 b
  v_min_u32 v5, s25, v4
  v_mul_u32_u24 v6, 34, v5
  global_load_u16 v[\b], v6, s[0:1]
  global_load_b128 v[\b+1:\b+4], v6, s[0:1] offset:2
  global_load_b128 v[\b+5:\b+8], v6, s[0:1] offset:18
  global_load_u16 v[\b+9], v6, s[2:3]
  global_load_b128 v[\b+10:\b+13], v6, s[2:3] offset:2
  global_load_b128 v[\b+14:\b+17], v6, s[2:3] offset:18
  v_add_nc_u32 v4, 32, v4
.endm

// mvs_term_FMT b: v6 = the float32 term of the block in the set at v[b].
// Clobbers v5, v7.
.macro mvs_term_q4_0 b, lbl
  .irp i, 0,1,2,3
  v_xor_b32 v7, 0x88888888, v[\b+1+\i]
  v_and_b32 v5, 0xf0f0f0f0, v7          ; 16·(hi − 8): elements 16+4i..
  .if \i == 0
  v_dot4_i32_iu8 v6, v5, v[\b+10+\i], 0 neg_lo:[1,1,0]
  .else
  v_dot4_i32_iu8 v6, v5, v[\b+10+\i], v6 neg_lo:[1,1,0]
  .endif
  v_lshlrev_b32 v7, 4, v7
  v_and_b32 v7, 0xf0f0f0f0, v7          ; 16·(lo − 8): elements 4i..
  v_dot4_i32_iu8 v6, v7, v[\b+6+\i], v6 neg_lo:[1,1,0]
  .endr
  v_ashrrev_i32 v6, 4, v6               ; sumi
  v_cvt_f32_i32 v6, v6
  v_cvt_f32_f16 v7, v[\b]
  v_mul_f32 v6, v6, v7                  ; fl(float(sumi)·d_w)
  v_cvt_f32_f16 v7, v[\b+5]
  v_mul_f32 v6, v6, v7                  ;   ·d_x
.endm

.macro mvs_term_q8_0 b, lbl
  .irp i, 0,1,2,3,4,5,6,7
  .if \i == 0
  v_dot4_i32_iu8 v6, v[\b+1], v[\b+10], 0 neg_lo:[1,1,0]
  .else
  v_dot4_i32_iu8 v6, v[\b+1+\i], v[\b+10+\i], v6 neg_lo:[1,1,0]
  .endif
  .endr
  v_cvt_f32_i32 v6, v6                  ; float(sumi)
  v_cvt_f32_f16 v5, v[\b]
  v_cvt_f32_f16 v7, v[\b+9]
  v_mul_f32 v5, v5, v7                  ; fl(d_w·d_x)
  v_mul_f32 v6, v6, v5
.endm

// mvs_wait n, loads, lbl: wait for the oldest step's loads: with all
// four sets in flight (step s27 + 3 < s26) only the three younger
// steps' loads may stay outstanding; otherwise wait for all.
.macro mvs_wait loads, lbl
  s_add_co_u32 s29, s27, 3
  s_cmp_lt_u32 s29, s26
  s_cbranch_scc0 .Lw0_\lbl
  s_wait_loadcnt 3*\loads
  s_branch .Lgo_\lbl
.Lw0_\lbl:
  s_wait_loadcnt 0
.Lgo_\lbl:
.endm

// mvs_stage fmt, loads, k, b, per, res: consume step s27 from the set at
// v[b] (set k; mvs_term_FMT leaves its term in res), then load step
// s27 + 4 into it if the row has one; per = blocks a step.
.macro mvs_stage fmt, loads, k, b, per=32, res=v6, t=
  s_cmp_ge_u32 s27, s26
  s_cbranch_scc1 .L\fmt\()\t\()_q8s_reduce
  mvs_wait \loads, \fmt\()\t\()_\k
  mvs_term_\fmt \b, \fmt\()\t\()_\k
  v_cmp_gt_u32 vcc_lo, s24, v3          ; a block of the row
  s_and_saveexec_b32 s28, vcc_lo
  v_add_f32 v2, v2, \res
  s_mov_b32 exec_lo, s28
  v_add_nc_u32 v3, \per, v3
  s_add_co_u32 s27, s27, 1
  s_add_co_u32 s29, s27, 3
  s_cmp_lt_u32 s29, s26                 ; step s27 + 3 exists: load it
  s_cbranch_scc0 .L\fmt\()\t\()_q8s_skip\k
  mvs_issue_\fmt \b
.L\fmt\()\t\()_q8s_skip\k:
.endm

// mvs_prologue fmt, n, b: load step n-1 into the set at v[b] if the row
// has n steps.
.macro mvs_prologue fmt, n, b, t=
  s_cmp_ge_u32 s26, \n
  s_cbranch_scc0 .L\fmt\()\t\()_q8s_loop
  mvs_issue_\fmt \b
.endm

// matvec_store_add acc, tmp, r: matvec_store with the epilogue of the
// matvec_add kernels: lane 0 loads r[row] (s[8:9]) into vR and stores
// r[row] + the row's sum, one float32 add, the add op's own rounding.
.macro matvec_store_add acc, tmp, r
  v_add_f32_dpp \acc, \acc, \acc row_xmask:1 row_mask:0xf bank_mask:0xf
  v_add_f32_dpp \acc, \acc, \acc row_xmask:2 row_mask:0xf bank_mask:0xf
  v_add_f32_dpp \acc, \acc, \acc row_xmask:4 row_mask:0xf bank_mask:0xf
  v_add_f32_dpp \acc, \acc, \acc row_xmask:8 row_mask:0xf bank_mask:0xf
  v_permlanex16_b32 \tmp, \acc, s18, s19
  v_add_f32 \acc, \acc, \tmp
  s_lshl_b32 s38, s16, 2
  v_mov_b32 \tmp, s38                   ; byte offset of r[r] and dst[r]
  s_mov_b32 exec_lo, 1
  global_load_b32 \r, \tmp, s[8:9]
  s_wait_loadcnt 0
  v_add_f32 \acc, \r, \acc              ; r + Σ
  global_store_b32 \tmp, \acc, s[4:5]
.endm

// mvs_pipeline fmt, loads, b0, b1, b2, b3, per, res, t: the part of
// matvec_stream and matvec_stream_k after the row's setup: steps 0..3
// loaded into the sets at v[b0..b3], then the loop consuming them in turn
// (mvs_stage, `per` blocks a step, the term in res), then the row's store.
.macro mvs_pipeline fmt, loads, b0, b1, b2, b3, per, res, t=
  mvs_prologue \fmt, 1, \b0, \t               ; steps 0..3
  mvs_prologue \fmt, 2, \b1, \t
  mvs_prologue \fmt, 3, \b2, \t
  mvs_prologue \fmt, 4, \b3, \t
.L\fmt\()\t\()_q8s_loop:
  mvs_stage \fmt, \loads, 0, \b0, \per, \res, \t
  mvs_stage \fmt, \loads, 1, \b1, \per, \res, \t
  mvs_stage \fmt, \loads, 2, \b2, \per, \res, \t
  mvs_stage \fmt, \loads, 3, \b3, \per, \res, \t
  s_branch .L\fmt\()\t\()_q8s_loop
.L\fmt\()\t\()_q8s_reduce:
.ifc \t, _add
  matvec_store_add v2, v5, v6
.else
  matvec_store v2, v5
.endif
.L\fmt\()\t\()_q8s_end:
  s_endpgm
.endm

// matvec_stream fmt, bytes, loads, b0, b1, b2, b3, t: the body of
// zincc_matvec_FMT_q8 (blocks of `bytes`, `loads` loads a step, the four
// register sets at v[b0..b3]). s24 = blocks per
// row, s25 = s24 − 1, s26 = steps of 32 blocks, s27 = the step consumed
// next; v1 = lane, v2 = the lane's float32 sum, v3 = the block consumed
// next, v4 = the block loaded next. t tags the labels: t = _add makes
// the matvec_add kernel (matvec_store_add adds r (s[8:9]) to each row);
// wg is the workgroup register matvec_row reads (s14 after matvec_segment).
.macro matvec_stream fmt, bytes, loads, b0, b1, b2, b3, t=, wg=ttmp9
  matvec_row .L\fmt\()\t\()_q8s_end, \wg
  matvec_blocks 5, \bytes
  s_sub_co_u32 s25, s24, 1
  s_add_co_u32 s26, s24, 31
  s_lshr_b32 s26, s26, 5                ; steps
  v_and_b32 v1, 31, v0                  ; lane
  v_mov_b32 v2, 0                       ; the lane's sum
  v_mov_b32 v3, v1                      ; block consumed next
  v_mov_b32 v4, v1                      ; block loaded next
  s_mov_b32 s27, 0
  mvs_pipeline \fmt, \loads, \b0, \b1, \b2, \b3, 32, v6, \t
.endm

// The K-quants (q4_K, q6_K) over q8_K: a group of eight lanes 8g..8g+7
// takes super-block 4t + g of step t, lane i = l & 7 of the group 32 of
// its elements (q4_K: the 16 code bytes 16i..16i+15, i.e. elements
// 64c+16h+k of sub-block 2c and 64c+32+16h+k of sub-block 2c+1, c = i/2,
// h = i&1; q6_K: elements 128·(i/4) + 8·(i&3) + k + 32q, q = 0..3). With
// exec/cpu's lanes a_l = Σ_{e≡l mod 8} sc(e)·q_e·y_e and every e here
// ≡ k mod 8, the lane forms its own exact share A = Σ sc·q·y and adds
// fl(D·float(A)), D = fl(d·d_x) as exec/cpu forms it; q4_K's mins term is
// exec/cpu's own, fl(fl(dmin·d_x)·float(S)) with S = Σ_k bsums_k·m_{k/2}
// summed over the group (integer DPP adds) and subtracted by lane 0 of the
// group. When D is infinite (an infinite scale, or d·d_x overflowing)
// the terms' infinities and NaNs must be exec/cpu's: the group then forms
// exec/cpu's eight a_l themselves (masked dots, summed over the group) and
// lane 0 adds Σ_l fl(D·float(a_l)) instead (mvs_slow_*). Registers: v5..v8
// lane constants, v9 the term, v10..v19 temporaries, sets from v20.

// mvs_kconst: s30 = the lanes i >= 4 of every group, s31 = the lanes
// i == 0 (read by VALU instructions, never written again).
.macro mvs_kconst
  s_mov_b32 s30, 0xf0f0f0f0
  s_mov_b32 s31, 0x01010101
.endm

// mvs_gsum r: r summed over its group of eight lanes (integers).
.macro mvs_gsum r
  .irp m, 1,2,4
  v_add_nc_u32_dpp \r, \r, \r row_xmask:\m row_mask:0xf bank_mask:0xf
  .endr
.endm

// q4_K set at v[b]: v[b] d | dmin << 16, v[b+1:b+3] scales, v[b+4:b+7]
// codes 16i.., v[b+8:b+11] y of the low nibbles, v[b+12:b+15] of the
// high ones, v[b+16] d_x, v[b+17], v[b+18] bsums 4c+h and 4c+2+h.
.macro mvs_issue_q4_K b
  v_min_u32 v10, s25, v4
  v_mul_u32_u24 v11, 144, v10           ; the super-block in W
  v_mul_u32_u24 v12, 292, v10           ; in x
  v_add_nc_u32 v13, v11, v5
  global_load_b128 v[\b:\b+3], v11, s[0:1] ; d, dmin, scales
  global_load_b128 v[\b+4:\b+7], v13, s[0:1] offset:16
  v_add_nc_u32 v13, v12, v6
  global_load_b128 v[\b+8:\b+11], v13, s[2:3] offset:4
  global_load_b128 v[\b+12:\b+15], v13, s[2:3] offset:36
  global_load_b32 v[\b+16], v12, s[2:3]  ; d_x
  v_add_nc_u32 v13, v12, v7
  global_load_i16 v[\b+17], v13, s[2:3] offset:260
  global_load_i16 v[\b+18], v13, s[2:3] offset:264
  v_add_nc_u32 v4, 4, v4
.endm

// mvs_term_q4_K b, lbl: v9 = the lane's term.
.macro mvs_term_q4_K b, lbl
  .irp m, 0,1,2,3
  v_and_b32 v10, 0x0f0f0f0f, v[\b+4+\m]
  .if \m == 0
  v_dot4_i32_iu8 v11, v10, v[\b+8], 0 neg_lo:[0,1,0]
  .else
  v_dot4_i32_iu8 v11, v10, v[\b+8+\m], v11 neg_lo:[0,1,0]
  .endif
  v_and_b32 v10, 0xf0f0f0f0, v[\b+4+\m]
  .if \m == 0
  v_dot4_i32_iu8 v12, v10, v[\b+12], 0 neg_lo:[0,1,0]
  .else
  v_dot4_i32_iu8 v12, v10, v[\b+12+\m], v12 neg_lo:[0,1,0]
  .endif
  .endr
  v_ashrrev_i32 v12, 4, v12             ; the high nibbles' sum
  mvs_ktail \b, 16, \lbl, mvs_slow_q4_K
.endm

// mvs_ktail b, dxo, lbl, slow: the end of q4_K's and q5_K's term, from
// v11 = the low codes' dot, v12 = the high codes' (sub-blocks 2c, 2c+1):
// the scales and mins of the header at v[b], d_x at v[b+dxo] and the two
// bsums after it; v9 = the term.
.macro mvs_ktail b, dxo, lbl, slow
  // sc and m of sub-blocks 2c, 2c+1 (get_scale_min_k4), as byte pairs
  v_bfe_u32 v13, v[\b+1], v8, 16
  v_bfe_u32 v14, v[\b+2], v8, 16
  v_bfe_u32 v15, v[\b+3], v8, 16
  v_and_b32 v16, 0xc0c0, v13
  v_lshrrev_b32 v16, 2, v16
  v_and_or_b32 v16, v15, 0x0f0f, v16    ; sc, sub-blocks 4..7
  v_and_b32 v13, 0x3f3f, v13            ; sc, sub-blocks 0..3
  v_cndmask_b32_e64 v13, v13, v16, s30
  v_and_b32 v16, 0xc0c0, v14
  v_lshrrev_b32 v16, 2, v16
  v_lshrrev_b32 v15, 4, v15
  v_and_or_b32 v16, v15, 0x0f0f, v16    ; m, sub-blocks 4..7
  v_and_b32 v14, 0x3f3f, v14            ; m, sub-blocks 0..3
  v_cndmask_b32_e64 v14, v14, v16, s30
  v_bfe_u32 v15, v13, 0, 8
  v_mul_i32_i24 v11, v15, v11
  v_lshrrev_b32 v15, 8, v13
  v_mad_i32_i24 v11, v15, v12, v11      ; A
  v_bfe_u32 v15, v14, 0, 8
  v_mul_i32_i24 v12, v15, v[\b+\dxo+1]
  v_lshrrev_b32 v15, 8, v14
  v_mad_i32_i24 v12, v15, v[\b+\dxo+2], v12
  mvs_gsum v12                          ; S
  v_cvt_f32_f16 v17, v[\b]
  v_mul_f32 v17, v17, v[\b+\dxo]          ; D = fl(d·d_x)
  v_lshrrev_b32 v18, 16, v[\b]
  v_cvt_f32_f16 v18, v18
  v_mul_f32 v18, v18, v[\b+\dxo]          ; fl(dmin·d_x)
  v_cvt_f32_i32 v12, v12
  v_mul_f32 v18, v18, v12               ; the mins term
  v_cndmask_b32_e64 v18, 0, v18, s31    ;   lane 0 of the group only
  v_cvt_f32_i32 v11, v11
  v_mul_f32 v11, v17, v11               ; fl(D·float(A))
  v_sub_f32 v9, v11, v18
  v_cmp_class_f32_e64 vcc_lo, v17, 0x204 ; D = ±inf
  s_and_saveexec_b32 s28, vcc_lo
  s_cbranch_execz .Lslow_\lbl
  \slow \b
  v_cndmask_b32_e64 v19, 0, v19, s31
  v_sub_f32 v9, v19, v18
.Lslow_\lbl:
  s_mov_b32 exec_lo, s28
.endm

// mvs_slow_k fmt, b: v19 = Σ_l fl(D·float(a_l)) with exec/cpu's a_l (the
// group's lanes' shares of element k ≡ l mod 8, codes k = l and l+8 of
// each half, masked out of the words): q4_K's nibbles of the set at v[b],
// or q5_K's 5-bit codes v24..v31.
.macro mvs_slow_k fmt, b
  .irp l, 0,1,2,3,4,5,6,7
  .ifc \fmt, q4_K
  v_and_b32 v10, 0x0f<<(8*(\l&3)), v[\b+4+\l/4]
  v_dot4_i32_iu8 v15, v10, v[\b+8+\l/4], 0 neg_lo:[0,1,0]
  v_and_b32 v10, 0x0f<<(8*(\l&3)), v[\b+6+\l/4]
  v_dot4_i32_iu8 v15, v10, v[\b+10+\l/4], v15 neg_lo:[0,1,0]
  v_and_b32 v10, 0xf0<<(8*(\l&3)), v[\b+4+\l/4]
  v_dot4_i32_iu8 v16, v10, v[\b+12+\l/4], 0 neg_lo:[0,1,0]
  v_and_b32 v10, 0xf0<<(8*(\l&3)), v[\b+6+\l/4]
  v_dot4_i32_iu8 v16, v10, v[\b+14+\l/4], v16 neg_lo:[0,1,0]
  v_ashrrev_i32 v16, 4, v16
  .else
  v_and_b32 v10, 0xff<<(8*(\l&3)), v[24+\l/4]
  v_dot4_i32_iu8 v15, v10, v[\b+12+\l/4], 0 neg_lo:[0,1,0]
  v_and_b32 v10, 0xff<<(8*(\l&3)), v[26+\l/4]
  v_dot4_i32_iu8 v15, v10, v[\b+14+\l/4], v15 neg_lo:[0,1,0]
  v_and_b32 v10, 0xff<<(8*(\l&3)), v[28+\l/4]
  v_dot4_i32_iu8 v16, v10, v[\b+16+\l/4], 0 neg_lo:[0,1,0]
  v_and_b32 v10, 0xff<<(8*(\l&3)), v[30+\l/4]
  v_dot4_i32_iu8 v16, v10, v[\b+18+\l/4], v16 neg_lo:[0,1,0]
  .endif
  v_bfe_u32 v10, v13, 0, 8
  v_mul_i32_i24 v15, v10, v15
  v_bfe_u32 v10, v13, 8, 8
  v_mad_i32_i24 v15, v10, v16, v15
  mvs_gsum v15                          ; a_l
  v_cvt_f32_i32 v15, v15
  .if \l == 0
  v_mul_f32 v19, v17, v15
  .else
  v_mul_f32 v15, v17, v15
  v_add_f32 v19, v19, v15
  .endif
  .endr
.endm

.macro mvs_slow_q4_K b
  mvs_slow_k q4_K, \b
.endm

// matvec_stream_k fmt, bytes, loads, b0, b1, b2, b3, t: the body of
// zincc_matvec_FMT_q8 for a K-quant: as matvec_stream, over super-blocks
// (s24 of them a row, four a step).
.macro matvec_stream_k fmt, bytes, loads, b0, b1, b2, b3, t=, wg=ttmp9
  matvec_row .L\fmt\()\t\()_q8s_end, \wg
  matvec_blocks 8, \bytes
  s_sub_co_u32 s25, s24, 1
  s_add_co_u32 s26, s24, 3
  s_lshr_b32 s26, s26, 2                ; steps
  mvs_kconst
  v_and_b32 v1, 31, v0                  ; lane
  v_mov_b32 v2, 0                       ; the lane's sum
  v_lshrrev_b32 v3, 3, v1               ; super-block consumed next
  v_mov_b32 v4, v3                      ; super-block loaded next
  v_and_b32 v9, 7, v1                   ; i
  mvs_lanes_\fmt
  s_mov_b32 s27, 0
  mvs_pipeline \fmt, \loads, \b0, \b1, \b2, \b3, 4, v9, \t
.endm

// mvs_lanes_q4_K: from v9 = i: v5 = 16i, v6 = 64c + 16h, v7 = 8c + 2h,
// v8 = 16·(c & 1).
.macro mvs_lanes_q4_K
  v_lshlrev_b32 v5, 4, v9
  v_lshrrev_b32 v10, 1, v9              ; c
  v_and_b32 v11, 1, v9                  ; h
  v_lshlrev_b32 v6, 6, v10
  v_lshl_or_b32 v6, v11, 4, v6
  v_lshlrev_b32 v7, 3, v10
  v_lshl_or_b32 v7, v11, 1, v7
  v_and_b32 v8, 1, v10
  v_lshlrev_b32 v8, 4, v8
.endm

// q6_K set at v[b]: v[b:b+1] ql (low nibbles of groups 0, 2), v[b+2:b+3]
// ql 32 bytes on (groups 1, 3), v[b+4:b+5] qh, v[b+6:b+9] the 16 scales,
// v[b+10] d, v[b+11] d_x, v[b+12+2q:b+13+2q] the y of group q (elements
// 128·hf + 8j + 32q.., hf = i/4, j = i&3).
.macro mvs_issue_q6_K b
  v_min_u32 v22, s25, v4
  v_mul_u32_u24 v23, 210, v22           ; the super-block in W
  v_mul_u32_u24 v24, 292, v22           ; in x
  v_add_nc_u32 v27, v23, v5
  global_load_b64 v[\b:\b+1], v27, s[0:1]
  global_load_b64 v[\b+2:\b+3], v27, s[0:1] offset:32
  v_add_nc_u32 v27, v23, v6
  global_load_b64 v[\b+4:\b+5], v27, s[0:1] offset:128
  global_load_b128 v[\b+6:\b+9], v23, s[0:1] offset:192
  global_load_u16 v[\b+10], v23, s[0:1] offset:208
  global_load_b32 v[\b+11], v24, s[2:3]  ; d_x
  v_add_nc_u32 v27, v24, v7
  global_load_b64 v[\b+12:\b+13], v27, s[2:3] offset:4
  global_load_b64 v[\b+14:\b+15], v27, s[2:3] offset:36
  global_load_b64 v[\b+16:\b+17], v27, s[2:3] offset:68
  global_load_b64 v[\b+18:\b+19], v27, s[2:3] offset:100
  v_add_nc_u32 v4, 4, v4
.endm

// mvs_q6 dst, ql, qhx, q: the four codes of group q in word ql/qhx as
// signed bytes 4·(code − 32): ((code ^ 32) << 2), the nibble moved to
// bits 2..5 and qh's field (its top bit flipped in qhx) to bits 6..7.
.macro mvs_q6 dst, ql, qhx, q
  .if \q < 2
  v_and_b32 \dst, 0x0f0f0f0f, \ql
  v_lshlrev_b32 \dst, 2, \dst
  .else
  v_and_b32 \dst, 0xf0f0f0f0, \ql
  v_lshrrev_b32 \dst, 2, \dst
  .endif
  .if \q == 0
  v_lshlrev_b32 v22, 6, \qhx
  .elseif \q == 1
  v_lshlrev_b32 v22, 4, \qhx
  .elseif \q == 2
  v_lshlrev_b32 v22, 2, \qhx
  .endif
  .if \q == 3
  v_and_or_b32 \dst, \qhx, 0xc0c0c0c0, \dst
  .else
  v_and_or_b32 \dst, v22, 0xc0c0c0c0, \dst
  .endif
.endm

// mvs_term_q6_K b, lbl: v9 = the lane's term. v10..v13 and v14..v17:
// the codes of words 0 and 1 of groups 0..3; v18..v21 the groups'
// scales; v24 A, v25 D.
.macro mvs_term_q6_K b, lbl
  .irp w, 0,1
  v_xor_b32 v23, 0xaaaaaaaa, v[\b+4+\w] ; qh, each field's top bit flipped
  mvs_q6 v[10+4*\w], v[\b+\w], v23, 0
  mvs_q6 v[11+4*\w], v[\b+2+\w], v23, 1
  mvs_q6 v[12+4*\w], v[\b+\w], v23, 2
  mvs_q6 v[13+4*\w], v[\b+2+\w], v23, 3
  .endr
  // scales 8hf + 2q + j/2: word 2hf + q/2, byte 2(q&1) + j/2
  v_cndmask_b32_e64 v22, v[\b+6], v[\b+8], s30
  v_lshrrev_b32 v22, v8, v22
  v_bfe_i32 v18, v22, 0, 8
  v_bfe_i32 v19, v22, 16, 8
  v_cndmask_b32_e64 v22, v[\b+7], v[\b+9], s30
  v_lshrrev_b32 v22, v8, v22
  v_bfe_i32 v20, v22, 0, 8
  v_bfe_i32 v21, v22, 16, 8
  .irp q, 0,1,2,3
  v_dot4_i32_iu8 v23, v[10+\q], v[\b+12+2*\q], 0 neg_lo:[1,1,0]
  v_dot4_i32_iu8 v23, v[14+\q], v[\b+13+2*\q], v23 neg_lo:[1,1,0]
  v_ashrrev_i32 v23, 2, v23
  .if \q == 0
  v_mul_i32_i24 v24, v18, v23
  .else
  v_mad_i32_i24 v24, v[18+\q], v23, v24
  .endif
  .endr
  v_cvt_f32_f16 v25, v[\b+10]
  v_mul_f32 v25, v25, v[\b+11]          ; D = fl(d·d_x)
  v_cvt_f32_i32 v24, v24
  v_mul_f32 v9, v25, v24                ; fl(D·float(A))
  v_cmp_class_f32_e64 vcc_lo, v25, 0x204 ; D = ±inf
  s_and_saveexec_b32 s28, vcc_lo
  s_cbranch_execz .Lslow_\lbl
  mvs_slow_q6_K \b
  v_cndmask_b32_e64 v9, 0, v26, s31
.Lslow_\lbl:
  s_mov_b32 exec_lo, s28
.endm

// mvs_slow_q6_K b: v26 = Σ_l fl(D·float(a_l)) with exec/cpu's a_l
// (byte l&3 of word l/4 of each group, summed over the group of lanes).
.macro mvs_slow_q6_K b
  .irp l, 0,1,2,3,4,5,6,7
  .irp q, 0,1,2,3
  v_and_b32 v22, 0xff<<(8*(\l&3)), v[10+4*(\l/4)+\q]
  v_dot4_i32_iu8 v23, v22, v[\b+12+2*\q+\l/4], 0 neg_lo:[1,1,0]
  v_ashrrev_i32 v23, 2, v23
  .if \q == 0
  v_mul_i32_i24 v24, v18, v23
  .else
  v_mad_i32_i24 v24, v[18+\q], v23, v24
  .endif
  .endr
  mvs_gsum v24                          ; a_l
  v_cvt_f32_i32 v24, v24
  .if \l == 0
  v_mul_f32 v26, v25, v24
  .else
  v_mul_f32 v24, v25, v24
  v_add_f32 v26, v26, v24
  .endif
  .endr
.endm

// mvs_lanes_q6_K: from v9 = i (hf = i/4, j = i&3): v5 = 64hf + 8j (ql),
// v6 = 32hf + 8j (qh), v7 = 128hf + 8j (y), v8 = 8·(j/2) (scale byte).
.macro mvs_lanes_q6_K
  v_lshrrev_b32 v10, 2, v9              ; hf
  v_and_b32 v11, 3, v9                  ; j
  v_lshlrev_b32 v11, 3, v11             ; 8j
  v_lshl_or_b32 v5, v10, 6, v11
  v_lshl_or_b32 v6, v10, 5, v11
  v_lshl_or_b32 v7, v10, 7, v11
  v_and_b32 v8, 16, v11                 ; 8·(j/2)
  v_lshrrev_b32 v8, 1, v8
.endm

// q5_K set at v[b]: v[b:b+3] header, v[b+4:b+7] qh bytes 16h.., v[b+8:b+11]
// codes 32c+16h.., v[b+12:b+15] and v[b+16:b+19] y of the low and high
// codes, v[b+20] d_x, v[b+21], v[b+22] bsums. v20 = 16h, v21 = 2c.
.macro mvs_issue_q5_K b
  v_min_u32 v10, s25, v4
  v_mul_u32_u24 v11, 176, v10           ; the super-block in W
  v_mul_u32_u24 v12, 292, v10           ; in x
  global_load_b128 v[\b:\b+3], v11, s[0:1] ; d, dmin, scales
  v_add_nc_u32 v13, v11, v20
  global_load_b128 v[\b+4:\b+7], v13, s[0:1] offset:16
  v_add_nc_u32 v13, v11, v5
  global_load_b128 v[\b+8:\b+11], v13, s[0:1] offset:48
  v_add_nc_u32 v13, v12, v6
  global_load_b128 v[\b+12:\b+15], v13, s[2:3] offset:4
  global_load_b128 v[\b+16:\b+19], v13, s[2:3] offset:36
  global_load_b32 v[\b+20], v12, s[2:3]  ; d_x
  v_add_nc_u32 v13, v12, v7
  global_load_i16 v[\b+21], v13, s[2:3] offset:260
  global_load_i16 v[\b+22], v13, s[2:3] offset:264
  v_add_nc_u32 v4, 4, v4
.endm

// mvs_term_q5_K b, lbl: v9 = the lane's term; the 5-bit codes (nibble +
// 16·qh bit 2c or 2c+1) of the low and high halves into v24..v27 and
// v28..v31.
.macro mvs_term_q5_K b, lbl
  .irp m, 0,1,2,3
  v_lshrrev_b32 v10, v21, v[\b+4+\m]    ; qh >> 2c
  v_and_b32 v15, 0x01010101, v10
  v_and_b32 v16, 0x0f0f0f0f, v[\b+8+\m]
  v_lshl_or_b32 v[24+\m], v15, 4, v16
  v_lshrrev_b32 v10, 1, v10
  v_and_b32 v10, 0x01010101, v10
  v_lshrrev_b32 v16, 4, v[\b+8+\m]
  v_and_b32 v16, 0x0f0f0f0f, v16
  v_lshl_or_b32 v[28+\m], v10, 4, v16
  .if \m == 0
  v_dot4_i32_iu8 v11, v24, v[\b+12], 0 neg_lo:[0,1,0]
  v_dot4_i32_iu8 v12, v28, v[\b+16], 0 neg_lo:[0,1,0]
  .else
  v_dot4_i32_iu8 v11, v[24+\m], v[\b+12+\m], v11 neg_lo:[0,1,0]
  v_dot4_i32_iu8 v12, v[28+\m], v[\b+16+\m], v12 neg_lo:[0,1,0]
  .endif
  .endr
  mvs_ktail \b, 20, \lbl, mvs_slow_q5_K
.endm

.macro mvs_slow_q5_K b
  mvs_slow_k q5_K, \b
.endm

// mvs_lanes_q5_K: as mvs_lanes_q4_K, and v20 = 16h, v21 = 2c.
.macro mvs_lanes_q5_K
  mvs_lanes_q4_K
  v_lshlrev_b32 v20, 4, v11
  v_lshlrev_b32 v21, 1, v10
.endm

// The other 32-element formats over q8_0 (one lane a block, as q4_0):
//   q4_1: v[b] d | m << 16, v[b+1:b+4] codes, v[b+5] d_x, v[b+6:b+13] y
//   q5_0: v[b] d, v[b+1] qh, v[b+2:b+5] codes, v[b+6] d_x, v[b+7:b+14] y
//   q5_1: v[b] d | m << 16, v[b+1] qh, v[b+2:b+5] codes, v[b+6] d_x,
//         v[b+7:b+14] y
// Terms (exec/cpu's): q5_0 fl(fl(d_w·d_x)·float(sumi)) with sumi over
// q − 16; q4_1, q5_1 fl(fl(fl(d_w·d_x)·float(sumi)) + fl(m·s_x)) with the
// unsigned codes and s_x = fl(float(Σ q_x)·d_x). q5's qh bits reach the
// bytes of a word through a multiply (4 bits times 0x204081: bit j to bit
// 8j, no carries).
.macro mvs_issue_q4_1 b
  mvs_issue_q45 \b, 20, 1, 0
.endm

.macro mvs_issue_q5_0 b
  mvs_issue_q45 \b, 22, 0, 1
.endm

.macro mvs_issue_q5_1 b
  mvs_issue_q45 \b, 24, 1, 1
.endm

// mvs_xsum y: v7 = Σ q_x over the eight words of y at v[y].
.macro mvs_xsum y
  .irp i, 0,1,2,3,4,5,6,7
  .if \i == 0
  v_dot4_i32_iu8 v7, 0x01010101, v[\y], 0 neg_lo:[0,1,0]
  .else
  v_dot4_i32_iu8 v7, 0x01010101, v[\y+\i], v7 neg_lo:[0,1,0]
  .endif
  .endr
.endm

// mvs_minterm dm, dx, y: v6 = fl(fl(fl(d_w·d_x)·float(v6)) + fl(m·s_x))
// for v[dm] = d | m << 16, v[dx] = d_x, x's codes at v[y].
.macro mvs_minterm dm, dx, y
  mvs_xsum \y
  v_cvt_f32_i32 v7, v7
  v_cvt_f32_f16 v5, v[\dx]
  v_mul_f32 v7, v7, v5                  ; s_x = fl(float(Σq)·d_x)
  v_lshrrev_b32 v8, 16, v[\dm]
  v_cvt_f32_f16 v8, v8
  v_mul_f32 v7, v8, v7                  ; fl(m·s_x)
  v_cvt_f32_f16 v8, v[\dm]
  v_mul_f32 v8, v8, v5                  ; fl(d_w·d_x)
  v_cvt_f32_i32 v6, v6
  v_mul_f32 v6, v8, v6
  v_add_f32 v6, v6, v7
.endm

.macro mvs_term_q4_1 b, lbl
  .irp i, 0,1,2,3
  v_and_b32 v5, 0xf0f0f0f0, v[\b+1+\i]   ; 16·hi: elements 16+4i..
  .if \i == 0
  v_dot4_i32_iu8 v6, v5, v[\b+10], 0 neg_lo:[0,1,0]
  .else
  v_dot4_i32_iu8 v6, v5, v[\b+10+\i], v6 neg_lo:[0,1,0]
  .endif
  v_lshlrev_b32 v7, 4, v[\b+1+\i]
  v_and_b32 v7, 0xf0f0f0f0, v7          ; 16·lo: elements 4i..
  v_dot4_i32_iu8 v6, v7, v[\b+6+\i], v6 neg_lo:[0,1,0]
  .endr
  v_ashrrev_i32 v6, 4, v6               ; sumi
  mvs_minterm \b, \b+5, \b+6
.endm

// mvs_q5bits dst, qh, pos: the four bits pos..pos+3 of qh at bit 0 of
// each byte of dst.
.macro mvs_q5bits dst, qh, pos
  v_bfe_u32 \dst, \qh, \pos, 4
  v_mul_u32_u24 \dst, 0x204081, \dst
  v_and_b32 \dst, 0x01010101, \dst
.endm

.macro mvs_term_q5_0 b, lbl
  v_not_b32 v8, v[\b+1]                 ; qh flipped: (q ^ 16) is q − 16
  .irp i, 0,1,2,3
  mvs_q5bits v5, v8, 4*\i
  v_and_b32 v7, 0x0f0f0f0f, v[\b+2+\i]
  v_lshlrev_b32 v7, 3, v7
  v_lshl_or_b32 v7, v5, 7, v7           ; 8·(q − 16): elements 4i..
  .if \i == 0
  v_dot4_i32_iu8 v6, v7, v[\b+7], 0 neg_lo:[1,1,0]
  .else
  v_dot4_i32_iu8 v6, v7, v[\b+7+\i], v6 neg_lo:[1,1,0]
  .endif
  mvs_q5bits v5, v8, 16+4*\i
  v_and_b32 v7, 0xf0f0f0f0, v[\b+2+\i]
  v_lshrrev_b32 v7, 1, v7
  v_lshl_or_b32 v7, v5, 7, v7           ; elements 16+4i..
  v_dot4_i32_iu8 v6, v7, v[\b+11+\i], v6 neg_lo:[1,1,0]
  .endr
  v_ashrrev_i32 v6, 3, v6               ; sumi
  v_cvt_f32_f16 v5, v[\b]
  v_cvt_f32_f16 v7, v[\b+6]
  v_mul_f32 v5, v5, v7                  ; fl(d_w·d_x)
  v_cvt_f32_i32 v6, v6
  v_mul_f32 v6, v5, v6
.endm

.macro mvs_term_q5_1 b, lbl
  .irp i, 0,1,2,3
  mvs_q5bits v5, v[\b+1], 4*\i
  v_and_b32 v7, 0x0f0f0f0f, v[\b+2+\i]
  v_lshl_or_b32 v7, v5, 4, v7           ; codes 4i..
  .if \i == 0
  v_dot4_i32_iu8 v6, v7, v[\b+7], 0 neg_lo:[0,1,0]
  .else
  v_dot4_i32_iu8 v6, v7, v[\b+7+\i], v6 neg_lo:[0,1,0]
  .endif
  mvs_q5bits v5, v[\b+1], 16+4*\i
  v_lshrrev_b32 v7, 4, v[\b+2+\i]
  v_and_b32 v7, 0x0f0f0f0f, v7
  v_lshl_or_b32 v7, v5, 4, v7           ; codes 16+4i..
  v_dot4_i32_iu8 v6, v7, v[\b+11+\i], v6 neg_lo:[0,1,0]
  .endr
  mvs_minterm \b, \b+6, \b+7
.endm

// zincc_matvec_q4_0_q8: q4_0 weights times an x quantised to q8_0.
//   s[0:1] W, s[2:3] x (q8_0 blocks), s[4:5] dst, s6 rows, s7 cols
.globl zincc_matvec_q4_0_q8
.p2align 8
.type zincc_matvec_q4_0_q8,@function
zincc_matvec_q4_0_q8:
  matvec_stream q4_0, 18, 5, 8, 22, 36, 50
.Lq4_0_q8_size:
.size zincc_matvec_q4_0_q8, .Lq4_0_q8_size-zincc_matvec_q4_0_q8

// zincc_matvec_q8_0_q8: q8_0 weights times an x quantised to q8_0.
//   s[0:1] W, s[2:3] x (q8_0 blocks), s[4:5] dst, s6 rows, s7 cols
.globl zincc_matvec_q8_0_q8
.p2align 8
.type zincc_matvec_q8_0_q8,@function
zincc_matvec_q8_0_q8:
  matvec_stream q8_0, 34, 6, 8, 26, 44, 62
.Lq8_0_q8_size:
.size zincc_matvec_q8_0_q8, .Lq8_0_q8_size-zincc_matvec_q8_0_q8

// zincc_matvec_q4_K_q8: q4_K weights times an x quantised to q8_K.
//   s[0:1] W, s[2:3] x (q8_K blocks), s[4:5] dst, s6 rows, s7 cols
.globl zincc_matvec_q4_K_q8
.p2align 8
.type zincc_matvec_q4_K_q8,@function
zincc_matvec_q4_K_q8:
  matvec_stream_k q4_K, 144, 7, 20, 39, 58, 77
.Lq4_K_q8_size:
.size zincc_matvec_q4_K_q8, .Lq4_K_q8_size-zincc_matvec_q4_K_q8

// zincc_matvec_q6_K_q8: q6_K weights times an x quantised to q8_K.
//   s[0:1] W, s[2:3] x (q8_K blocks), s[4:5] dst, s6 rows, s7 cols
.globl zincc_matvec_q6_K_q8
.p2align 8
.type zincc_matvec_q6_K_q8,@function
zincc_matvec_q6_K_q8:
  matvec_stream_k q6_K, 210, 10, 28, 48, 68, 88
.Lq6_K_q8_size:
.size zincc_matvec_q6_K_q8, .Lq6_K_q8_size-zincc_matvec_q6_K_q8

// zincc_matvec_q5_K_q8: q5_K weights times an x quantised to q8_K.
//   s[0:1] W, s[2:3] x (q8_K blocks), s[4:5] dst, s6 rows, s7 cols
.globl zincc_matvec_q5_K_q8
.p2align 8
.type zincc_matvec_q5_K_q8,@function
zincc_matvec_q5_K_q8:
  matvec_stream_k q5_K, 176, 8, 32, 55, 78, 101
.Lq5_K_q8_size:
.size zincc_matvec_q5_K_q8, .Lq5_K_q8_size-zincc_matvec_q5_K_q8

// zincc_matvec_q4_1_q8: q4_1 weights times an x quantised to q8_0.
//   s[0:1] W, s[2:3] x (q8_0 blocks), s[4:5] dst, s6 rows, s7 cols
.globl zincc_matvec_q4_1_q8
.p2align 8
.type zincc_matvec_q4_1_q8,@function
zincc_matvec_q4_1_q8:
  matvec_stream q4_1, 20, 5, 9, 23, 37, 51
.Lq4_1_q8_size:
.size zincc_matvec_q4_1_q8, .Lq4_1_q8_size-zincc_matvec_q4_1_q8

// zincc_matvec_q5_0_q8: q5_0 weights times an x quantised to q8_0.
//   s[0:1] W, s[2:3] x (q8_0 blocks), s[4:5] dst, s6 rows, s7 cols
.globl zincc_matvec_q5_0_q8
.p2align 8
.type zincc_matvec_q5_0_q8,@function
zincc_matvec_q5_0_q8:
  matvec_stream q5_0, 22, 6, 9, 24, 39, 54
.Lq5_0_q8_size:
.size zincc_matvec_q5_0_q8, .Lq5_0_q8_size-zincc_matvec_q5_0_q8

// zincc_matvec_q5_1_q8: q5_1 weights times an x quantised to q8_0.
//   s[0:1] W, s[2:3] x (q8_0 blocks), s[4:5] dst, s6 rows, s7 cols
.globl zincc_matvec_q5_1_q8
.p2align 8
.type zincc_matvec_q5_1_q8,@function
zincc_matvec_q5_1_q8:
  matvec_stream q5_1, 24, 6, 9, 24, 39, 54
.Lq5_1_q8_size:
.size zincc_matvec_q5_1_q8, .Lq5_1_q8_size-zincc_matvec_q5_1_q8


// The matvec_add kernels (the fuse-matvec-add pass): zincc_matvec_FMT_q8
// with r added to each row's sum before the store (matvec_store_add).
//   s[0:1] W, s[2:3] x (q8_0 or q8_K blocks), s[4:5] dst, s6 rows,
//   s7 cols, s[8:9] r (f32, rows)

// zincc_matvec_q4_0_q8_add: zincc_matvec_q4_0_q8, then dst = r + W·x.
.globl zincc_matvec_q4_0_q8_add
.p2align 8
.type zincc_matvec_q4_0_q8_add,@function
zincc_matvec_q4_0_q8_add:
  matvec_stream q4_0, 18, 5, 8, 22, 36, 50, _add
.Lq4_0_q8a_size:
.size zincc_matvec_q4_0_q8_add, .Lq4_0_q8a_size-zincc_matvec_q4_0_q8_add

// zincc_matvec_q8_0_q8_add: zincc_matvec_q8_0_q8, then dst = r + W·x.
.globl zincc_matvec_q8_0_q8_add
.p2align 8
.type zincc_matvec_q8_0_q8_add,@function
zincc_matvec_q8_0_q8_add:
  matvec_stream q8_0, 34, 6, 8, 26, 44, 62, _add
.Lq8_0_q8a_size:
.size zincc_matvec_q8_0_q8_add, .Lq8_0_q8a_size-zincc_matvec_q8_0_q8_add

// zincc_matvec_q4_K_q8_add: zincc_matvec_q4_K_q8, then dst = r + W·x.
.globl zincc_matvec_q4_K_q8_add
.p2align 8
.type zincc_matvec_q4_K_q8_add,@function
zincc_matvec_q4_K_q8_add:
  matvec_stream_k q4_K, 144, 7, 20, 39, 58, 77, _add
.Lq4_K_q8a_size:
.size zincc_matvec_q4_K_q8_add, .Lq4_K_q8a_size-zincc_matvec_q4_K_q8_add

// zincc_matvec_q6_K_q8_add: zincc_matvec_q6_K_q8, then dst = r + W·x.
.globl zincc_matvec_q6_K_q8_add
.p2align 8
.type zincc_matvec_q6_K_q8_add,@function
zincc_matvec_q6_K_q8_add:
  matvec_stream_k q6_K, 210, 10, 28, 48, 68, 88, _add
.Lq6_K_q8a_size:
.size zincc_matvec_q6_K_q8_add, .Lq6_K_q8a_size-zincc_matvec_q6_K_q8_add

// zincc_matvec_q5_K_q8_add: zincc_matvec_q5_K_q8, then dst = r + W·x.
.globl zincc_matvec_q5_K_q8_add
.p2align 8
.type zincc_matvec_q5_K_q8_add,@function
zincc_matvec_q5_K_q8_add:
  matvec_stream_k q5_K, 176, 8, 32, 55, 78, 101, _add
.Lq5_K_q8a_size:
.size zincc_matvec_q5_K_q8_add, .Lq5_K_q8a_size-zincc_matvec_q5_K_q8_add

// zincc_matvec_q4_1_q8_add: zincc_matvec_q4_1_q8, then dst = r + W·x.
.globl zincc_matvec_q4_1_q8_add
.p2align 8
.type zincc_matvec_q4_1_q8_add,@function
zincc_matvec_q4_1_q8_add:
  matvec_stream q4_1, 20, 5, 9, 23, 37, 51, _add
.Lq4_1_q8a_size:
.size zincc_matvec_q4_1_q8_add, .Lq4_1_q8a_size-zincc_matvec_q4_1_q8_add

// zincc_matvec_q5_0_q8_add: zincc_matvec_q5_0_q8, then dst = r + W·x.
.globl zincc_matvec_q5_0_q8_add
.p2align 8
.type zincc_matvec_q5_0_q8_add,@function
zincc_matvec_q5_0_q8_add:
  matvec_stream q5_0, 22, 6, 9, 24, 39, 54, _add
.Lq5_0_q8a_size:
.size zincc_matvec_q5_0_q8_add, .Lq5_0_q8a_size-zincc_matvec_q5_0_q8_add

// zincc_matvec_q5_1_q8_add: zincc_matvec_q5_1_q8, then dst = r + W·x.
.globl zincc_matvec_q5_1_q8_add
.p2align 8
.type zincc_matvec_q5_1_q8_add,@function
zincc_matvec_q5_1_q8_add:
  matvec_stream q5_1, 24, 6, 9, 24, 39, 54, _add
.Lq5_1_q8a_size:
.size zincc_matvec_q5_1_q8_add, .Lq5_1_q8a_size-zincc_matvec_q5_1_q8_add

// The grouped matvecs (lower/gfx1201 groups consecutive matvecs over the
// same x, weight format and columns): zincc_matvec_FMT_q8 over up to three
// segments in one dispatch, each workgroup finding its own (matvec_segment)
// and running the kernel's body on it unchanged.
//   s[0:1] W, s[2:3] x, s[4:5] dst, s6 rows (segment 0), s7 cols,
//   s8, s9 rows of segments 1, 2 (0: none), s10, s11 the byte offset of
//   their W from the previous segment's, s12, s13 of their dst

// zincc_matvec_q4_0_q8_group: zincc_matvec_q4_0_q8 over up to three segments.
.globl zincc_matvec_q4_0_q8_group
.p2align 8
.type zincc_matvec_q4_0_q8_group,@function
zincc_matvec_q4_0_q8_group:
  matvec_segment q4_0_group
  matvec_stream q4_0, 18, 5, 8, 22, 36, 50, _group, s14
.Lq4_0_q8g_size:
.size zincc_matvec_q4_0_q8_group, .Lq4_0_q8g_size-zincc_matvec_q4_0_q8_group

// zincc_matvec_q8_0_q8_group: zincc_matvec_q8_0_q8 over up to three segments.
.globl zincc_matvec_q8_0_q8_group
.p2align 8
.type zincc_matvec_q8_0_q8_group,@function
zincc_matvec_q8_0_q8_group:
  matvec_segment q8_0_group
  matvec_stream q8_0, 34, 6, 8, 26, 44, 62, _group, s14
.Lq8_0_q8g_size:
.size zincc_matvec_q8_0_q8_group, .Lq8_0_q8g_size-zincc_matvec_q8_0_q8_group

// zincc_matvec_q4_K_q8_group: zincc_matvec_q4_K_q8 over up to three segments.
.globl zincc_matvec_q4_K_q8_group
.p2align 8
.type zincc_matvec_q4_K_q8_group,@function
zincc_matvec_q4_K_q8_group:
  matvec_segment q4_K_group
  matvec_stream_k q4_K, 144, 7, 20, 39, 58, 77, _group, s14
.Lq4_K_q8g_size:
.size zincc_matvec_q4_K_q8_group, .Lq4_K_q8g_size-zincc_matvec_q4_K_q8_group

// zincc_matvec_q6_K_q8_group: zincc_matvec_q6_K_q8 over up to three segments.
.globl zincc_matvec_q6_K_q8_group
.p2align 8
.type zincc_matvec_q6_K_q8_group,@function
zincc_matvec_q6_K_q8_group:
  matvec_segment q6_K_group
  matvec_stream_k q6_K, 210, 10, 28, 48, 68, 88, _group, s14
.Lq6_K_q8g_size:
.size zincc_matvec_q6_K_q8_group, .Lq6_K_q8g_size-zincc_matvec_q6_K_q8_group

// zincc_matvec_q5_K_q8_group: zincc_matvec_q5_K_q8 over up to three segments.
.globl zincc_matvec_q5_K_q8_group
.p2align 8
.type zincc_matvec_q5_K_q8_group,@function
zincc_matvec_q5_K_q8_group:
  matvec_segment q5_K_group
  matvec_stream_k q5_K, 176, 8, 32, 55, 78, 101, _group, s14
.Lq5_K_q8g_size:
.size zincc_matvec_q5_K_q8_group, .Lq5_K_q8g_size-zincc_matvec_q5_K_q8_group

// zincc_matvec_q4_1_q8_group: zincc_matvec_q4_1_q8 over up to three segments.
.globl zincc_matvec_q4_1_q8_group
.p2align 8
.type zincc_matvec_q4_1_q8_group,@function
zincc_matvec_q4_1_q8_group:
  matvec_segment q4_1_group
  matvec_stream q4_1, 20, 5, 9, 23, 37, 51, _group, s14
.Lq4_1_q8g_size:
.size zincc_matvec_q4_1_q8_group, .Lq4_1_q8g_size-zincc_matvec_q4_1_q8_group

// zincc_matvec_q5_0_q8_group: zincc_matvec_q5_0_q8 over up to three segments.
.globl zincc_matvec_q5_0_q8_group
.p2align 8
.type zincc_matvec_q5_0_q8_group,@function
zincc_matvec_q5_0_q8_group:
  matvec_segment q5_0_group
  matvec_stream q5_0, 22, 6, 9, 24, 39, 54, _group, s14
.Lq5_0_q8g_size:
.size zincc_matvec_q5_0_q8_group, .Lq5_0_q8g_size-zincc_matvec_q5_0_q8_group

// zincc_matvec_q5_1_q8_group: zincc_matvec_q5_1_q8 over up to three segments.
.globl zincc_matvec_q5_1_q8_group
.p2align 8
.type zincc_matvec_q5_1_q8_group,@function
zincc_matvec_q5_1_q8_group:
  matvec_segment q5_1_group
  matvec_stream q5_1, 24, 6, 9, 24, 39, 54, _group, s14
.Lq5_1_q8g_size:
.size zincc_matvec_q5_1_q8_group, .Lq5_1_q8g_size-zincc_matvec_q5_1_q8_group


.rodata
.p2align 6
.amdhsa_kernel zincc_matvec_q4_0_q8
  .amdhsa_user_sgpr_count 8
  .amdhsa_next_free_vgpr 64
  .amdhsa_next_free_sgpr 42
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_matvec_q8_0_q8
  .amdhsa_user_sgpr_count 8
  .amdhsa_next_free_vgpr 80
  .amdhsa_next_free_sgpr 42
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_matvec_q4_K_q8
  .amdhsa_user_sgpr_count 8
  .amdhsa_next_free_vgpr 96
  .amdhsa_next_free_sgpr 42
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_matvec_q6_K_q8
  .amdhsa_user_sgpr_count 8
  .amdhsa_next_free_vgpr 108
  .amdhsa_next_free_sgpr 42
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_matvec_q5_K_q8
  .amdhsa_user_sgpr_count 8
  .amdhsa_next_free_vgpr 124
  .amdhsa_next_free_sgpr 42
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_matvec_q4_1_q8
  .amdhsa_user_sgpr_count 8
  .amdhsa_next_free_vgpr 65
  .amdhsa_next_free_sgpr 42
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_matvec_q5_0_q8
  .amdhsa_user_sgpr_count 8
  .amdhsa_next_free_vgpr 69
  .amdhsa_next_free_sgpr 42
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_matvec_q5_1_q8
  .amdhsa_user_sgpr_count 8
  .amdhsa_next_free_vgpr 69
  .amdhsa_next_free_sgpr 42
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_matvec_q4_0_q8_add
  .amdhsa_user_sgpr_count 10
  .amdhsa_next_free_vgpr 64
  .amdhsa_next_free_sgpr 42
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_matvec_q8_0_q8_add
  .amdhsa_user_sgpr_count 10
  .amdhsa_next_free_vgpr 80
  .amdhsa_next_free_sgpr 42
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_matvec_q4_K_q8_add
  .amdhsa_user_sgpr_count 10
  .amdhsa_next_free_vgpr 96
  .amdhsa_next_free_sgpr 42
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_matvec_q6_K_q8_add
  .amdhsa_user_sgpr_count 10
  .amdhsa_next_free_vgpr 108
  .amdhsa_next_free_sgpr 42
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_matvec_q5_K_q8_add
  .amdhsa_user_sgpr_count 10
  .amdhsa_next_free_vgpr 124
  .amdhsa_next_free_sgpr 42
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_matvec_q4_1_q8_add
  .amdhsa_user_sgpr_count 10
  .amdhsa_next_free_vgpr 65
  .amdhsa_next_free_sgpr 42
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_matvec_q5_0_q8_add
  .amdhsa_user_sgpr_count 10
  .amdhsa_next_free_vgpr 69
  .amdhsa_next_free_sgpr 42
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_matvec_q5_1_q8_add
  .amdhsa_user_sgpr_count 10
  .amdhsa_next_free_vgpr 69
  .amdhsa_next_free_sgpr 42
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_matvec_q4_0_q8_group
  .amdhsa_user_sgpr_count 14
  .amdhsa_next_free_vgpr 64
  .amdhsa_next_free_sgpr 42
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_matvec_q8_0_q8_group
  .amdhsa_user_sgpr_count 14
  .amdhsa_next_free_vgpr 80
  .amdhsa_next_free_sgpr 42
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_matvec_q4_K_q8_group
  .amdhsa_user_sgpr_count 14
  .amdhsa_next_free_vgpr 96
  .amdhsa_next_free_sgpr 42
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_matvec_q6_K_q8_group
  .amdhsa_user_sgpr_count 14
  .amdhsa_next_free_vgpr 108
  .amdhsa_next_free_sgpr 42
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_matvec_q5_K_q8_group
  .amdhsa_user_sgpr_count 14
  .amdhsa_next_free_vgpr 124
  .amdhsa_next_free_sgpr 42
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_matvec_q4_1_q8_group
  .amdhsa_user_sgpr_count 14
  .amdhsa_next_free_vgpr 65
  .amdhsa_next_free_sgpr 42
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_matvec_q5_0_q8_group
  .amdhsa_user_sgpr_count 14
  .amdhsa_next_free_vgpr 69
  .amdhsa_next_free_sgpr 42
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_matvec_q5_1_q8_group
  .amdhsa_user_sgpr_count 14
  .amdhsa_next_free_vgpr 69
  .amdhsa_next_free_sgpr 42
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel
