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
// Clobbers v5..v7.
.macro mvs_issue_q4_0 b
  v_min_u32 v5, s25, v4
  v_mul_u32_u24 v6, 18, v5
  v_mul_u32_u24 v7, 34, v5
  global_load_u16 v[\b], v6, s[0:1]
  global_load_b128 v[\b+1:\b+4], v6, s[0:1] offset:2
  global_load_u16 v[\b+5], v7, s[2:3]
  global_load_b128 v[\b+6:\b+9], v7, s[2:3] offset:2
  global_load_b128 v[\b+10:\b+13], v7, s[2:3] offset:18
  v_add_nc_u32 v4, 32, v4
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
.macro mvs_term_q4_0 b
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

.macro mvs_term_q8_0 b
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

// mvs_stage fmt, k, b: consume step s27 from the set at v[b] (set k),
// then load step s27 + 4 into it if the row has one.
.macro mvs_stage fmt, loads, k, b
  s_cmp_ge_u32 s27, s26
  s_cbranch_scc1 .L\fmt\()_q8s_reduce
  mvs_wait \loads, \fmt\()_\k
  mvs_term_\fmt \b
  v_cmp_gt_u32 vcc_lo, s24, v3          ; a block of the row
  s_and_saveexec_b32 s28, vcc_lo
  v_add_f32 v2, v2, v6
  s_mov_b32 exec_lo, s28
  v_add_nc_u32 v3, 32, v3
  s_add_co_u32 s27, s27, 1
  s_add_co_u32 s29, s27, 3
  s_cmp_lt_u32 s29, s26                 ; step s27 + 3 exists: load it
  s_cbranch_scc0 .L\fmt\()_q8s_skip\k
  mvs_issue_\fmt \b
.L\fmt\()_q8s_skip\k:
.endm

// mvs_prologue fmt, n, b: load step n-1 into the set at v[b] if the row
// has n steps.
.macro mvs_prologue fmt, n, b
  s_cmp_ge_u32 s26, \n
  s_cbranch_scc0 .L\fmt\()_q8s_loop
  mvs_issue_\fmt \b
.endm

// matvec_stream fmt, bytes, loads, b0, b1, b2, b3: the body of
// zincc_matvec_FMT_q8 (blocks of `bytes`, `loads` loads a step, the four
// register sets at v[b0..b3]). s24 = blocks per
// row, s25 = s24 − 1, s26 = steps of 32 blocks, s27 = the step consumed
// next; v1 = lane, v2 = the lane's float32 sum, v3 = the block consumed
// next, v4 = the block loaded next.
.macro matvec_stream fmt, bytes, loads, b0, b1, b2, b3
  matvec_row .L\fmt\()_q8s_end
  matvec_blocks 5, \bytes
  s_sub_co_u32 s25, s24, 1
  s_add_co_u32 s26, s24, 31
  s_lshr_b32 s26, s26, 5                ; steps
  v_and_b32 v1, 31, v0                  ; lane
  v_mov_b32 v2, 0                       ; the lane's sum
  v_mov_b32 v3, v1                      ; block consumed next
  v_mov_b32 v4, v1                      ; block loaded next
  s_mov_b32 s27, 0
  mvs_prologue \fmt, 1, \b0               ; steps 0..3
  mvs_prologue \fmt, 2, \b1
  mvs_prologue \fmt, 3, \b2
  mvs_prologue \fmt, 4, \b3
.L\fmt\()_q8s_loop:
  mvs_stage \fmt, \loads, 0, \b0
  mvs_stage \fmt, \loads, 1, \b1
  mvs_stage \fmt, \loads, 2, \b2
  mvs_stage \fmt, \loads, 3, \b3
  s_branch .L\fmt\()_q8s_loop
.L\fmt\()_q8s_reduce:
  matvec_store v2, v5
.L\fmt\()_q8s_end:
  s_endpgm
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
