//go:build ignore

// Elementwise kernels: add, mul, silu, swiglu.
//
// Every kernel here runs one thread per element: workgroups of 256 threads
// (8 wave32 waves), Groups = ceil(n/256); thread i = ttmp9*256 + v0 computes
// dst[i] for i < n. Element offsets are 32-bit byte offsets, so n < 2^30.
//
// SGPR discipline (gfx12 VALU-read-SGPR hazard, LLVM AMDGPUWaitSGPRHazards):
// an SGPR pair that a VALU instruction has read is never written again, so no
// s_wait_alu is needed.
//
// This file includes nothing (as embed.s and kv_store.s): exec/tier's
// lowering test assembles the three concatenated, outside this directory.

.amdgcn_target "amdgcn-amd-amdhsa--gfx1201"
.amdhsa_code_object_version 5

.text

// elementwise op: the body of zincc_OP (labels .LOP_*) for add, mul (one
// correctly rounded float32 v_add_f32 / v_mul_f32 of a[i] and b[i]), silu
// and swiglu (silu(gate[i]) * up[i]). The binary ops read s[0:1] and
// s[2:3], write s[4:5] and have n in s6; silu reads s[0:1], writes s[2:3]
// and has n in s4.
.macro elementwise op
  v_and_b32 v0, 0x3ff, v0               ; local id x
  s_lshl_b32 s16, ttmp9, 8              ; first element of the workgroup
  v_add_nc_u32 v1, s16, v0              ; i
.ifc \op, silu
  v_cmp_gt_u32 vcc_lo, s4, v1           ; i < n
.else
  v_cmp_gt_u32 vcc_lo, s6, v1           ; i < n
.endif
  s_and_saveexec_b32 s18, vcc_lo
  s_cbranch_execz .L\op\()_end
  v_lshlrev_b32 v1, 2, v1               ; byte offset
  global_load_b32 v2, v1, s[0:1]
.ifc \op, silu
  s_wait_loadcnt 0
  silu v2
  global_store_b32 v1, v2, s[2:3]
.else
.ifc \op, swiglu
  global_load_b32 v4, v1, s[2:3]
  s_wait_loadcnt 0
  silu v2                               ; silu(g)
  v_mul_f32 v2, v2, v4                  ; * up
.else
  global_load_b32 v3, v1, s[2:3]
  s_wait_loadcnt 0
  v_\op\()_f32 v2, v2, v3
.endif
  global_store_b32 v1, v2, s[4:5]
.endif
.L\op\()_end:
  s_endpgm
.endm

// silu x: x = x * rcp(1 + exp2(-x*log2 e)) (v3 clobbered).
.macro silu x
  v_mul_f32 v3, 0xbfb8aa3b, \x          ; -x * log2(e)
  v_exp_f32 v3, v3                      ; exp(-x)
  v_add_f32 v3, 1.0, v3
  v_rcp_f32 v3, v3
  v_mul_f32 \x, \x, v3
.endm

// zincc_add: dst[i] = a[i] + b[i], one correctly rounded float32 add
// (bit-exact with exec/cpu.Add).
//   s[0:1] a, s[2:3] b, s[4:5] dst (f32 pointers), s6 n
.globl zincc_add
.p2align 8
.type zincc_add,@function
zincc_add:
  elementwise add
.Ladd_size:
.size zincc_add, .Ladd_size-zincc_add

// zincc_mul: dst[i] = a[i] * b[i], one correctly rounded float32 multiply
// (bit-exact with exec/cpu.Mul).
//   s[0:1] a, s[2:3] b, s[4:5] dst (f32 pointers), s6 n
.globl zincc_mul
.p2align 8
.type zincc_mul,@function
zincc_mul:
  elementwise mul
.Lmul_size:
.size zincc_mul, .Lmul_size-zincc_mul

// zincc_silu: dst[i] = x[i] / (1 + exp(-x[i])), computed as
// x * rcp(1 + exp2(-x*log2 e)) (silu rule of docs/numerics.md: the argument's
// rounding, exp, add, rcp and product).
//   s[0:1] x, s[2:3] dst (f32 pointers), s4 n
.globl zincc_silu
.p2align 8
.type zincc_silu,@function
zincc_silu:
  elementwise silu
.Lsilu_size:
.size zincc_silu, .Lsilu_size-zincc_silu

// zincc_swiglu: dst[i] = silu(gate[i]) * up[i], silu as in zincc_silu.
//   s[0:1] gate, s[2:3] up, s[4:5] dst (f32 pointers), s6 n
.globl zincc_swiglu
.p2align 8
.type zincc_swiglu,@function
zincc_swiglu:
  elementwise swiglu
.Lswiglu_size:
.size zincc_swiglu, .Lswiglu_size-zincc_swiglu

.rodata
.p2align 6
.amdhsa_kernel zincc_add
  .amdhsa_user_sgpr_count 7
  .amdhsa_next_free_vgpr 4
  .amdhsa_next_free_sgpr 19
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_mul
  .amdhsa_user_sgpr_count 7
  .amdhsa_next_free_vgpr 4
  .amdhsa_next_free_sgpr 19
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_silu
  .amdhsa_user_sgpr_count 5
  .amdhsa_next_free_vgpr 4
  .amdhsa_next_free_sgpr 19
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_swiglu
  .amdhsa_user_sgpr_count 7
  .amdhsa_next_free_vgpr 5
  .amdhsa_next_free_sgpr 19
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel
