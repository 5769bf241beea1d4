//go:build ignore

// zincc_rms_norm_q8_0: rms_norm of one vector fused with the quantisation
// of its result to q8_0 blocks (the rms_norm_quantize op, made by the
// fuse-norm-quantize pass): one dispatch instead of zincc_rms_norm then
// zincc_quantize_q8_0, and no barrier between them.
//
// Every workgroup first sums the squares of the whole vector exactly as a
// split zincc_rms_norm workgroup does (the same loads, the same order,
// the same wave and slot reductions: the same bits of r), then thread t of
// workgroup g takes block 256·g + t: y_i = (x_i·r)·w_i with zincc_rms_norm's
// two products (the bits zincc_rms_norm would store), quantised with
// zincc_quantize_q8_0's code (the bytes it would store from those y). The
// intermediate f32 vector is never written.
//   s[0:1] x, s[2:3] w (f32), s[4:5] dst (34-byte blocks), s6 n (> 0, a
//   multiple of 32), s7 eps (f32 bits)
//   LDS: 32 bytes (one partial sum per wave).
// Launch: kernels.RMSNormQ8Groups, 256 threads; every thread takes part in
// the sum (its workgroup barriers need all eight waves).

.amdgcn_target "amdgcn-amd-amdhsa--gfx1201"
.amdhsa_code_object_version 5

.text

.include "norm.inc"
.include "quantize.inc"

.globl zincc_rms_norm_q8_0
.p2align 8
.type zincc_rms_norm_q8_0,@function
zincc_rms_norm_q8_0:
  v_and_b32 v0, 0x3ff, v0
  s_mov_b32 s16, 0x76543210             ; v_permlanex16 lane selects
  s_mov_b32 s17, 0xfedcba98
  s_lshl_b32 s18, s6, 2                 ; end of x in bytes
  s_lshr_b32 s19, s6, 11
  s_lshl_b32 s19, s19, 13               ; bytes of whole 2048-element trips
  v_lshlrev_b32 v1, 2, v0               ; byte offset of element t
  v_mov_b32 v2, 0                       ; this thread's sum of squares
  s_mov_b32 s21, 0                      ; trip start (bytes)
.Lrq_trip:                              ; eight loads in flight (as zincc_rms_norm)
  s_cmp_ge_u32 s21, s19
  s_cbranch_scc1 .Lrq_trips_done
  .irp k, 0,1,2,3,4,5,6,7
  global_load_b32 v[8+\k], v1, s[0:1] offset:1024*\k
  .endr
  .irp k, 0,1,2,3,4,5,6,7
  s_wait_loadcnt 7-\k
  v_fmac_f32 v2, v[8+\k], v[8+\k]
  .endr
  v_add_nc_u32 v1, 0x2000, v1
  s_add_co_u32 s21, s21, 0x2000
  s_branch .Lrq_trip
.Lrq_trips_done:                        ; the rest one element at a time
  norm_pass .Lrq_sum, .Lrq_sum_done, s20, v3
  v_fmac_f32 v2, v3, v3
  norm_next .Lrq_sum
.Lrq_sum_done:
  s_mov_b32 exec_lo, s20
  norm_wave add_f32                     ; the wave's sum of squares
  norm_slots add_f32, 6                 ; the sum of squares
  v_cvt_f32_u32 v7, s6
  v_rcp_f32 v7, v7
  v_mul_f32 v6, v6, v7                  ; mean
  v_add_f32 v6, s7, v6                  ; + eps
  v_rsq_f32 v47, v6                     ; r
  s_lshr_b32 s8, s6, 5                  ; blocks
  s_lshl_b32 s9, ttmp9, 8               ; the workgroup's first block
  v_add_nc_u32 v1, s9, v0               ; this thread's block
  v_cmp_gt_u32 vcc_lo, s8, v1
  s_and_saveexec_b32 s22, vcc_lo
  s_cbranch_execz .Lrq_end
  v_lshlrev_b32 v2, 7, v1               ; its x and w
  v_mul_u32_u24 v3, 34, v1              ; its bytes
  .irp i, 0,1,2,3,4,5,6,7
  global_load_b128 v[4+4*\i:7+4*\i], v2, s[0:1] offset:16*\i
  global_load_b128 v[50+4*\i:53+4*\i], v2, s[2:3] offset:16*\i
  .endr
  s_wait_loadcnt 0
  .irp x, 4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35
  v_mul_f32 v\x, v\x, v47               ; (x·r)·w, as zincc_rms_norm
  v_mul_f32 v\x, v\x, v[\x+46]
  .endr
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
  global_store_b16 v3, v37, s[4:5]
  .irp x, 4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35
  v_mul_f32 v\x, v\x, v46               ; v = x·id
  v_trunc_f32 v37, v\x                  ; t
  v_sub_f32 v38, v\x, v37
  v_add_f32 v38, v38, v38
  v_trunc_f32 v38, v38                  ; ±1 when |v − t| >= 1/2
  v_add_f32 v\x, v37, v38
  v_cvt_i32_f32 v\x, v\x
  global_store_b8 v3, v\x, s[4:5] offset:2+\x-4
  .endr
.Lrq_end:
  s_endpgm
.Lrq_size:
.size zincc_rms_norm_q8_0, .Lrq_size-zincc_rms_norm_q8_0

.rodata
.p2align 6
.amdhsa_kernel zincc_rms_norm_q8_0
  .amdhsa_user_sgpr_count 8
  .amdhsa_next_free_vgpr 82
  .amdhsa_next_free_sgpr 28
  .amdhsa_group_segment_fixed_size 32
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel
