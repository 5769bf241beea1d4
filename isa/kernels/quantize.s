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
  v_mov_b32 v36, 0                      ; amax
  .irp x, 4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35
  v_and_b32 v37, 0x7fffffff, v\x        ; |x|
  v_add_nc_u32 v38, 0x807fffff, v36
  v_ashrrev_i32 v38, 31, v38            ; 0 if amax is a NaN, else all ones
  v_and_b32 v36, v36, v38
  v_max_u32 v36, v36, v37
  .endr
  v_mov_b32 v39, 0x42fe0000             ; 127
  q_div 45, 36, 39                      ; d = amax/127
  v_mov_b32 v39, 1.0
  q_div 46, 39, 45                      ; id = 1/d
  v_cvt_f16_f32 v37, v45
  global_store_b16 v3, v37, s[2:3]
  .irp x, 4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35
  v_mul_f32 v\x, v\x, v46               ; v = x·id
  v_trunc_f32 v37, v\x                  ; t
  v_sub_f32 v38, v\x, v37
  v_add_f32 v38, v38, v38
  v_trunc_f32 v38, v38                  ; ±1 when |v − t| >= 1/2
  v_add_f32 v\x, v37, v38
  v_cvt_i32_f32 v\x, v\x
  global_store_b8 v3, v\x, s[2:3] offset:2+\x-4
  .endr
.Lq8_0_end:
  s_endpgm
.Lq8_0_size:
.size zincc_quantize_q8_0, .Lq8_0_size-zincc_quantize_q8_0

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
  v_mov_b32 v36, 0                      ; amax (bits)
  v_mov_b32 v37, 0                      ; max
  s_mov_b32 s21, 8
.Lq8_K_max:
  q_load
  .irp x, 4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35
  v_and_b32 v38, 0x7fffffff, v\x        ; |x|
  v_add_nc_u32 v39, 0x807fffff, v38
  v_ashrrev_i32 v39, 31, v39
  v_and_b32 v38, v38, v39               ; a NaN's bits as 0
  v_cmp_gt_u32 vcc_lo, v38, v36         ; |x| > amax
  s_wait_alu depctr_va_vcc(0)
  v_cndmask_b32 v37, v37, v\x, vcc_lo
  v_max_u32 v36, v36, v38
  .endr
  v_add_nc_u32 v2, 0x80, v2
  s_sub_co_u32 s21, s21, 1
  s_cmp_lg_u32 s21, 0
  s_cbranch_scc1 .Lq8_K_max
  v_subrev_nc_u32 v2, 0x400, v2         ; back to the block's x
  v_cmp_ne_u32 vcc_lo, 0, v36
  s_and_saveexec_b32 s22, vcc_lo        ; s22: the lanes of the launch
  s_mov_b32 s23, exec_lo                ; s23: the blocks with amax > 0
  s_cbranch_execz .Lq8_K_zero
  v_mov_b32 v39, 0xc2fe0000             ; −127
  q_div 45, 39, 37                      ; iscale = −127/max
  v_mov_b32 v39, 1.0
  q_div 46, 39, 45                      ; d = 1/iscale
  global_store_b32 v3, v46, s[2:3]
  v_add_nc_u32 v47, 4, v3               ; the codes' address
  v_add_nc_u32 v48, 260, v3             ; the bsums'
  s_mov_b32 s21, 8
.Lq8_K_codes:
  q_load
  .irp h, 0,1
  v_mov_b32 v49, 0                      ; Σ of 16 codes
  .irp k, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
  v_mul_f32 v38, v45, v[4+16*\h+\k]     ; iscale·x
  v_add_f32 v38, 0x4b400000, v38        ; + 1.5·2^23
  v_and_b32 v38, 0x7fffff, v38
  v_add_nc_u32 v38, 0xffc00000, v38     ; nearest_int
  v_min_i32 v38, 0x7f, v38
  global_store_b8 v47, v38, s[2:3] offset:16*\h+\k
  v_bfe_i32 v38, v38, 0, 8
  v_add_nc_u32 v49, v49, v38
  .endr
  global_store_b16 v48, v49, s[2:3] offset:2*\h
  .endr
  v_add_nc_u32 v2, 0x80, v2
  v_add_nc_u32 v47, 32, v47
  v_add_nc_u32 v48, 4, v48
  s_sub_co_u32 s21, s21, 1
  s_cmp_lg_u32 s21, 0
  s_cbranch_scc1 .Lq8_K_codes
.Lq8_K_zero:
  s_and_not1_b32 exec_lo, s22, s23      ; the blocks with amax = 0
  s_cbranch_execz .Lq8_K_end
  v_mov_b32 v38, 0
  v_mov_b32 v39, 0
  v_mov_b32 v40, 0
  v_mov_b32 v41, 0
  s_mov_b32 s21, 18
.Lq8_K_clear:
  global_store_b128 v3, v[38:41], s[2:3]
  v_add_nc_u32 v3, 16, v3
  s_sub_co_u32 s21, s21, 1
  s_cmp_lg_u32 s21, 0
  s_cbranch_scc1 .Lq8_K_clear
  global_store_b32 v3, v38, s[2:3]      ; 18·16 + 4 = 292
.Lq8_K_end:
  s_endpgm
.Lq8_K_size:
.size zincc_quantize_q8_K, .Lq8_K_size-zincc_quantize_q8_K

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
