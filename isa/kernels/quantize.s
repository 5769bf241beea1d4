//go:build ignore

// Activation quantisation (the quantize op): x (f32) to ggml's q8_0 or
// q8_K blocks, byte for byte as exec/cpu.Quantize (ggml's
// quantize_row_q8_0_ref and quantize_row_q8_K_ref; docs/numerics.md §1).
//
// Launch: workgroups of 256 threads, Groups = ceil(blocks/256); thread
// t = 256·ttmp9 + v0 quantises block t (32 or 256 elements).
//
// Exactness: the divisions (amax/127, 1/d, −127/max, 1/iscale) are LLVM's
// IEEE float32 division sequence (v_div_scale, v_rcp, Newton steps,
// v_div_fmas, v_div_fixup), which gives the correctly rounded quotient as
// C's '/' does. Comparisons of |x| are integer comparisons of the bits
// (|x| is non-negative, so its bits order as its values), a NaN first
// mapped to what C's comparison makes of it. q8_0's roundf (half away
// from zero) is t + trunc(2·(v − t)) with t = trunc(v) (v − t is exact);
// q8_K's nearest_int is ggml's own bit trick (add 1.5·2^23, keep the low
// 23 bits, subtract 2^22). A code is stored as the low byte of the
// integer, as C's (int8_t) conversion on x86-64 does; a NaN gives 0.
//
// SGPR discipline (gfx12 VALU-read-SGPR hazard): VCC, written by a VALU
// after a VALU read it, is waited for (s_wait_alu depctr_va_vcc(0))
// before it is read again.

.amdgcn_target "amdgcn-amd-amdhsa--gfx1201"
.amdhsa_code_object_version 5

.text

.include "common.inc"

.include "quantize.inc"

// zincc_quantize_q8_0: amax = C's MAX(amax, |x|) over the block (a NaN
// |x| is taken, and dropped by the next comparison: the bits of a NaN
// amax count as 0), d = amax/127, id = 1/d, q = roundf(x·id); stores
// f16(d) (RNE) and the 32 codes. (id for d = 0 is 1/0 = inf here where
// ggml takes 0: every code is then 0 either way, x·inf being ±inf or NaN.)
//   s[0:1] x, s[2:3] dst (34-byte blocks), s4 blocks
.globl zincc_quantize_q8_0
.p2align 8
.type zincc_quantize_q8_0,@function
zincc_quantize_q8_0:
  thread_index s4, .Lq8_0_end           ; v1 = block
  v_lshlrev_b32 v2, 7, v1               ; its x
  v_mul_u32_u24 v3, 34, v1              ; its bytes
  q_load
  q_block_q8_0 s[2:3]
.Lq8_0_end:
  s_endpgm
.Lq8_0_size:
.size zincc_quantize_q8_0, .Lq8_0_size-zincc_quantize_q8_0

// zincc_quantize_q8_0_clear: zincc_quantize_q8_0 of a launch's scratch,
// which it leaves zero (attention_quantize's lowering when the split
// attention does not apply: the attention kernel writes its f32 result to
// the scratch, this quantises it): block t's 32 floats are loaded, zeroed
// in memory, and quantised from the registers.
//   s[0:1] x (the scratch), s[2:3] dst (34-byte blocks), s4 blocks
.globl zincc_quantize_q8_0_clear
.p2align 8
.type zincc_quantize_q8_0_clear,@function
zincc_quantize_q8_0_clear:
  thread_index s4, .Lq8_0c_end          ; v1 = block
  v_lshlrev_b32 v2, 7, v1               ; its x
  v_mul_u32_u24 v3, 34, v1              ; its bytes
  q_load
  v_mov_b32 v36, 0
  v_mov_b32 v37, 0
  v_mov_b32 v38, 0
  v_mov_b32 v39, 0
  .irp i, 0,1,2,3,4,5,6,7
  global_store_b128 v2, v[36:39], s[0:1] offset:16*\i
  .endr
  q_block_q8_0 s[2:3]
.Lq8_0c_end:
  s_endpgm
.Lq8_0c_size:
.size zincc_quantize_q8_0_clear, .Lq8_0c_size-zincc_quantize_q8_0_clear

// zincc_quantize_q8_K: max = the value of largest |x| (the first on ties;
// a NaN never wins: its bits count as 0), iscale = −127/max,
// q = min(127, nearest_int(iscale·x)), d = 1/iscale, bsums = Σ of each 16
// codes; a block whose largest |x| is 0 is 292 zero bytes (exec/cpu
// writes its bsums, which ggml leaves alone, as zeros).
//   s[0:1] x, s[2:3] dst (292-byte blocks), s4 blocks
.globl zincc_quantize_q8_K
.p2align 8
.type zincc_quantize_q8_K,@function
zincc_quantize_q8_K:
  thread_index s4, .Lq8_K_end           ; v1 = block
  v_lshlrev_b32 v2, 10, v1              ; its x
  v_mul_u32_u24 v3, 292, v1             ; its bytes
  q_block_q8_K s[2:3], q_load, .Lq8_K
.Lq8_K_end:
  s_endpgm
.Lq8_K_size:
.size zincc_quantize_q8_K, .Lq8_K_size-zincc_quantize_q8_K

// zincc_quantize_q8_K_clear: zincc_quantize_q8_K of a launch's scratch,
// which it leaves zero (attention_quantize to q8_K where the fused split
// attention does not apply: the attention kernel writes its f32 result to
// the scratch, this quantises it): block t is quantised from memory as
// zincc_quantize_q8_K does (which reads it twice), then its 256 floats
// are zeroed.
//   s[0:1] x (the scratch), s[2:3] dst (292-byte blocks), s4 blocks
.globl zincc_quantize_q8_K_clear
.p2align 8
.type zincc_quantize_q8_K_clear,@function
zincc_quantize_q8_K_clear:
  thread_index s4, .Lq8_Kc_done         ; v1 = block
  v_lshlrev_b32 v2, 10, v1              ; its x
  v_mul_u32_u24 v3, 292, v1             ; its bytes
  s_mov_b32 s19, exec_lo                ; the launch's blocks
  q_block_q8_K s[2:3], q_load, .Lq8_Kc
.Lq8_Kc_end:
  s_mov_b32 exec_lo, s19
  v_lshlrev_b32 v2, 10, v1
  v_mov_b32 v4, 0
  v_mov_b32 v5, 0
  v_mov_b32 v6, 0
  v_mov_b32 v7, 0
  .irp i, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,63
  global_store_b128 v2, v[4:7], s[0:1] offset:16*\i
  .endr
.Lq8_Kc_done:
  s_endpgm
.Lq8_Kc_size:
.size zincc_quantize_q8_K_clear, .Lq8_Kc_size-zincc_quantize_q8_K_clear

.rodata
.p2align 6
.amdhsa_kernel zincc_quantize_q8_0
  .amdhsa_user_sgpr_count 5
  .amdhsa_next_free_vgpr 47
  .amdhsa_next_free_sgpr 24
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_quantize_q8_K
  .amdhsa_user_sgpr_count 5
  .amdhsa_next_free_vgpr 50
  .amdhsa_next_free_sgpr 24
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_quantize_q8_0_clear
  .amdhsa_user_sgpr_count 5
  .amdhsa_next_free_vgpr 47
  .amdhsa_next_free_sgpr 24
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_quantize_q8_K_clear
  .amdhsa_user_sgpr_count 5
  .amdhsa_next_free_vgpr 50
  .amdhsa_next_free_sgpr 24
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel
