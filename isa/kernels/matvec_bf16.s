//go:build ignore

// Matrix-vector product for bf16 weights: dst[r] = sum_j W[r][j] * x[j],
// W row-major (row r = output r). Launch, lanes, reduction and numerics
// as matvec.s's zincc_matvec_f16, whose body (matvec_dense in
// matvec_common.inc) this kernel shares with the f16 widening inside
// v_fma_mix_f32 replaced by bf16's (a shift or a mask: the bf16 bits are
// the high half of the float32), so every product is exact and the matvec
// rule of docs/numerics.md holds as for f16.
//
// SGPR discipline (gfx12 VALU-read-SGPR hazard): an SGPR pair that a VALU
// instruction has read is never written again.

.amdgcn_target "amdgcn-amd-amdhsa--gfx1201"
.amdhsa_code_object_version 5

.text

.include "matvec_common.inc"

// zincc_matvec_bf16: bf16 weights, widened exactly by moving the 16 bits
// to the high half of a float32 (the f16 kernel's shape and lane layout).
// Lane l reads elements 8l..8l+7 of each 256-element step; the last
// cols mod 256 elements go to lanes as whole octets, then single elements.
//   s[0:1] W, s[2:3] x, s[4:5] dst, s6 rows, s7 cols (> 0)
.globl zincc_matvec_bf16
.p2align 8
.type zincc_matvec_bf16,@function
zincc_matvec_bf16:
  matvec_dense bf16
.Lbf16_size:
.size zincc_matvec_bf16, .Lbf16_size-zincc_matvec_bf16

.rodata
.p2align 6
.amdhsa_kernel zincc_matvec_bf16
  .amdhsa_user_sgpr_count 8
  .amdhsa_next_free_vgpr 23
  .amdhsa_next_free_sgpr 39
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel
