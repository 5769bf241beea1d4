//go:build ignore

// Matrix-vector products of f16 (bf16) weights and an x that quantize
// rounded to f16 (bf16), as ggml's mul_mat computes them (vec_dot_type F16
// and BF16): zincc_matvec_f16_f16 and zincc_matvec_bf16_bf16; and that
// quantize, zincc_quantize_f16 and zincc_quantize_bf16.
//
// Matvec launch as every matvec (matvec.s): workgroups of 256 threads,
// Groups = ceil(rows/8); wave w of workgroup g computes row r = 8g + w.
// Lane l of a wave takes whole octets of the row (16 bytes: eight
// elements): octet 32t + l of each step t of 32 octets, the weights' and
// x's in one global_load_b128 each. Streaming as matvec_q8.s: four steps
// in flight per wave (four register sets; the loads of step t+4 issued as
// soon as step t is consumed; step t waited for with s_wait_loadcnt 6, its
// own two loads, while three younger steps are in flight, 0 for the last
// ones). Lanes whose octet is past the row's whole octets load the last
// one (the address clamped) and add nothing; the last cols mod 8 elements
// go to lanes 0..6, one each (global_load_u16: the high halves are +0).
//
// Numerics (docs/numerics.md §2.1.3): f16 × f16 is v_dot2_f32_f16, two
// exact products added to the lane's float32 sum one after the other, each
// add rounded; bf16 × bf16 widens both halves exactly (a shift or a mask)
// and adds each exact product with v_fmac_f32 (one rounding). Each lane
// adds its elements in order, the wave adds its lanes (matvec_store): a
// float32 sum of exact products in an order of its own, which the matvec
// rule allows.
//
// SGPR discipline (gfx12 VALU-read-SGPR hazard, see matvec.s): VALU
// instructions read only s[0:3], s24, s25, s31, s33 and s38 (s[18:19] by
// v_permlanex16), none written after; s26..s29 are SALU-only.

.amdgcn_target "amdgcn-amd-amdhsa--gfx1201"
.amdhsa_code_object_version 5

.text

.include "matvec_common.inc"

// mvh_issue b: the loads of one step into the set at v[b] (v[b:b+3] the
// weights, v[b+4:b+7] x): octet v4 of the row, clamped to the last (s25),
// then v4 moves on a step. Clobbers v5, v6.
.macro mvh_issue b
  v_min_u32 v5, s25, v4
  v_lshlrev_b32 v6, 4, v5               ; byte offset of the octet
  global_load_b128 v[\b:\b+3], v6, s[0:1]
  global_load_b128 v[\b+4:\b+7], v6, s[2:3]
  v_add_nc_u32 v4, 32, v4
.endm

// mvh_dot_f16 acc, w, x: acc += the two products of the f16 halves of w
// and x.
.macro mvh_dot_f16 acc, w, x
  v_dot2_f32_f16 \acc, \w, \x, \acc
.endm

// mvh_dot_bf16 acc, w, x: acc += the products of the bf16 halves of w and
// x, widened exactly, low half first, each added with one rounding.
// Clobbers v5, v6.
.macro mvh_dot_bf16 acc, w, x
  v_lshlrev_b32 v5, 16, \w
  v_lshlrev_b32 v6, 16, \x
  v_fmac_f32 \acc, v5, v6
  v_and_b32 v5, 0xffff0000, \w
  v_and_b32 v6, 0xffff0000, \x
  v_fmac_f32 \acc, v5, v6
.endm

// mvh_stage dt, k, b: consume step s27 from the set at v[b] (set k) into
// the lanes' sums v2 (lanes holding a whole octet of the row: v3 < s24),
// then load step s27 + 4 into it if the row has one.
.macro mvh_stage dt, k, b
  s_cmp_ge_u32 s27, s26
  s_cbranch_scc1 .L\dt\()_hx_tail
  s_add_co_u32 s29, s27, 3
  s_cmp_lt_u32 s29, s26                 ; three younger steps in flight
  s_cbranch_scc0 .L\dt\()_hx_w0_\k
  s_wait_loadcnt 6
  s_branch .L\dt\()_hx_go_\k
.L\dt\()_hx_w0_\k:
  s_wait_loadcnt 0
.L\dt\()_hx_go_\k:
  v_cmp_gt_u32 vcc_lo, s24, v3          ; a whole octet of the row
  s_and_saveexec_b32 s28, vcc_lo
  .irp i, 0,1,2,3
  mvh_dot_\dt v2, v[\b+\i], v[\b+4+\i]
  .endr
  s_mov_b32 exec_lo, s28
  v_add_nc_u32 v3, 32, v3
  s_add_co_u32 s27, s27, 1
  s_add_co_u32 s29, s27, 3
  s_cmp_lt_u32 s29, s26                 ; step s27 + 3 exists: load it
  s_cbranch_scc0 .L\dt\()_hx_skip_\k
  mvh_issue \b
.L\dt\()_hx_skip_\k:
.endm

// matvec_half_x dt: the body of zincc_matvec_DT_DT. s24 = whole octets of
// a row, s25 = s24 − 1, s26 = steps of 32 octets, s27 = the step consumed
// next; v1 = lane, v2 = the lane's float32 sum, v3 = the octet consumed
// next, v4 = the octet loaded next; the sets at v8, v16, v24, v32.
.macro matvec_half_x dt
  matvec_row .L\dt\()_hx_end
  s_lshl_b32 s20, s7, 1                 ; row bytes
  row_base s0, s1, s16                  ; s[0:1] = row r of W
  s_lshr_b32 s24, s7, 3                 ; whole octets
  s_sub_co_u32 s25, s24, 1
  s_add_co_u32 s26, s24, 31
  s_lshr_b32 s26, s26, 5                ; steps
  v_and_b32 v1, 31, v0                  ; lane
  v_mov_b32 v2, 0                       ; the lane's sum
  v_mov_b32 v3, v1                      ; octet consumed next
  v_mov_b32 v4, v1                      ; octet loaded next
  s_mov_b32 s27, 0
  .irp n, 1,2,3,4                       ; steps 0..3
  s_cmp_ge_u32 s26, \n
  s_cbranch_scc0 .L\dt\()_hx_loop
  mvh_issue 8*\n
  .endr
.L\dt\()_hx_loop:
  mvh_stage \dt, 0, 8
  mvh_stage \dt, 1, 16
  mvh_stage \dt, 2, 24
  mvh_stage \dt, 3, 32
  s_branch .L\dt\()_hx_loop
.L\dt\()_hx_tail:
  s_and_b32 s31, s7, 7                  ; elements past the octets
  s_and_b32 s33, s7, -8                 ; the first one's index
  v_cmp_gt_u32 vcc_lo, s31, v1
  s_and_saveexec_b32 s32, vcc_lo
  s_cbranch_execz .L\dt\()_hx_reduce
  v_add_nc_u32 v5, s33, v1
  v_lshlrev_b32 v7, 1, v5               ; its byte offset
  global_load_u16 v8, v7, s[0:1]
  global_load_u16 v9, v7, s[2:3]
  s_wait_loadcnt 0
  mvh_dot_\dt v2, v8, v9
.L\dt\()_hx_reduce:
  s_mov_b32 exec_lo, s32
  matvec_store v2, v5
.L\dt\()_hx_end:
  s_endpgm
.endm

// zincc_matvec_f16_f16: f16 weights times an f16 x (v_dot2_f32_f16).
//   s[0:1] W, s[2:3] x (f16), s[4:5] dst, s6 rows, s7 cols (> 0)
.globl zincc_matvec_f16_f16
.p2align 8
.type zincc_matvec_f16_f16,@function
zincc_matvec_f16_f16:
  matvec_half_x f16
.Lf16_f16_size:
.size zincc_matvec_f16_f16, .Lf16_f16_size-zincc_matvec_f16_f16

// zincc_matvec_bf16_bf16: bf16 weights times a bf16 x.
//   s[0:1] W, s[2:3] x (bf16), s[4:5] dst, s6 rows, s7 cols (> 0)
.globl zincc_matvec_bf16_bf16
.p2align 8
.type zincc_matvec_bf16_bf16,@function
zincc_matvec_bf16_bf16:
  matvec_half_x bf16
.Lbf16_bf16_size:
.size zincc_matvec_bf16_bf16, .Lbf16_bf16_size-zincc_matvec_bf16_bf16

// quantize_half dt: the body of zincc_quantize_DT: thread i =
// ttmp9*256 + v0 rounds x[i] (s[0:1]) to dst[i] (s[2:3]) for i < n (s4).
// f16: v_cvt_f16_f32, to nearest even (MODE's round mode, which the
// kernels leave at its default). bf16: ggml's rounding on the raw bits,
// (u + 0x7fff + ((u >> 16) & 1)) >> 16, and a NaN quietened as
// (u >> 16) | 0x40.
.macro quantize_half dt
  v_and_b32 v0, 0x3ff, v0               ; local id x
  s_lshl_b32 s16, ttmp9, 8              ; first element of the workgroup
  v_add_nc_u32 v1, s16, v0              ; i
  v_cmp_gt_u32 vcc_lo, s4, v1           ; i < n
  s_and_saveexec_b32 s18, vcc_lo
  s_cbranch_execz .L\dt\()_q_end
  v_lshlrev_b32 v2, 2, v1               ; x's byte offset
  v_lshlrev_b32 v1, 1, v1               ; dst's
  global_load_b32 v3, v2, s[0:1]
  s_wait_loadcnt 0
.ifc \dt, f16
  v_cvt_f16_f32 v4, v3
.else
  v_bfe_u32 v4, v3, 16, 1
  v_add3_u32 v4, v3, 0x7fff, v4
  v_lshrrev_b32 v4, 16, v4              ; rounded to nearest even
  v_and_b32 v5, 0x7fffffff, v3
  v_lshrrev_b32 v6, 16, v3
  v_or_b32 v6, 0x40, v6                 ; a NaN, quiet
  v_cmp_lt_u32 vcc_lo, 0x7f800000, v5
  v_cndmask_b32 v4, v4, v6, vcc_lo
.endif
  global_store_b16 v1, v4, s[2:3]
.L\dt\()_q_end:
  s_endpgm
.endm

// zincc_quantize_f16: x rounded to f16.
//   s[0:1] x (f32), s[2:3] dst (f16), s4 n
.globl zincc_quantize_f16
.p2align 8
.type zincc_quantize_f16,@function
zincc_quantize_f16:
  quantize_half f16
.Lquantize_f16_size:
.size zincc_quantize_f16, .Lquantize_f16_size-zincc_quantize_f16

// zincc_quantize_bf16: x rounded to bf16 as ggml rounds it.
//   s[0:1] x (f32), s[2:3] dst (bf16), s4 n
.globl zincc_quantize_bf16
.p2align 8
.type zincc_quantize_bf16,@function
zincc_quantize_bf16:
  quantize_half bf16
.Lquantize_bf16_size:
.size zincc_quantize_bf16, .Lquantize_bf16_size-zincc_quantize_bf16

.rodata
.p2align 6
.amdhsa_kernel zincc_matvec_f16_f16
  .amdhsa_user_sgpr_count 8
  .amdhsa_next_free_vgpr 40
  .amdhsa_next_free_sgpr 39
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_matvec_bf16_bf16
  .amdhsa_user_sgpr_count 8
  .amdhsa_next_free_vgpr 40
  .amdhsa_next_free_sgpr 39
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_quantize_f16
  .amdhsa_user_sgpr_count 5
  .amdhsa_next_free_vgpr 7
  .amdhsa_next_free_sgpr 19
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_quantize_bf16
  .amdhsa_user_sgpr_count 5
  .amdhsa_next_free_vgpr 7
  .amdhsa_next_free_sgpr 19
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel
