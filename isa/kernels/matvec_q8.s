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

.include "matvec_q8.inc"

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
