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


// zincc_rms_norm_q8_K: rms_norm of one vector fused with its quantisation
// to q8_K blocks: one dispatch instead of zincc_rms_norm then
// zincc_quantize_q8_K. Every workgroup sums the squares of the whole
// vector as zincc_rms_norm_q8_0 does (the split zincc_rms_norm's bits of
// r), then thread t of workgroup g takes block 256·g + t and runs
// zincc_quantize_q8_K's code on y_i = (x_i·r)·w_i, formed again from x and
// w in each of its two passes (the same products, the same bits): the
// bytes zincc_quantize_q8_K stores from zincc_rms_norm's y.
//   s[0:1] x, s[2:3] w (f32), s[4:5] dst (292-byte blocks), s6 n (> 0, a
//   multiple of 256), s7 eps (f32 bits)
//   LDS: 32 bytes (one partial sum per wave).
// Launch: kernels.RMSNormQ8KGroups, 256 threads.

// rk_load: the 32 values y_i = (x_i·r)·w_i at v2 into v4..v35 (w in
// v50..v81, r in v82).
.macro rk_load
  .irp i, 0,1,2,3,4,5,6,7
  global_load_b128 v[4+4*\i:7+4*\i], v2, s[0:1] offset:16*\i
  global_load_b128 v[50+4*\i:53+4*\i], v2, s[2:3] offset:16*\i
  .endr
  s_wait_loadcnt 0
  .irp x, 4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35
  v_mul_f32 v\x, v\x, v82               ; (x·r)·w, as zincc_rms_norm
  v_mul_f32 v\x, v\x, v[\x+46]
  .endr
.endm

.globl zincc_rms_norm_q8_K
.p2align 8
.type zincc_rms_norm_q8_K,@function
zincc_rms_norm_q8_K:
  v_and_b32 v0, 0x3ff, v0
  s_mov_b32 s16, 0x76543210             ; v_permlanex16 lane selects
  s_mov_b32 s17, 0xfedcba98
  s_lshl_b32 s18, s6, 2                 ; end of x in bytes
  s_lshr_b32 s19, s6, 11
  s_lshl_b32 s19, s19, 13               ; bytes of whole 2048-element trips
  v_lshlrev_b32 v1, 2, v0               ; byte offset of element t
  v_mov_b32 v2, 0                       ; this thread's sum of squares
  s_mov_b32 s21, 0                      ; trip start (bytes)
.Lrk_trip:                              ; eight loads in flight (as zincc_rms_norm)
  s_cmp_ge_u32 s21, s19
  s_cbranch_scc1 .Lrk_trips_done
  .irp k, 0,1,2,3,4,5,6,7
  global_load_b32 v[8+\k], v1, s[0:1] offset:1024*\k
  .endr
  .irp k, 0,1,2,3,4,5,6,7
  s_wait_loadcnt 7-\k
  v_fmac_f32 v2, v[8+\k], v[8+\k]
  .endr
  v_add_nc_u32 v1, 0x2000, v1
  s_add_co_u32 s21, s21, 0x2000
  s_branch .Lrk_trip
.Lrk_trips_done:                        ; the rest one element at a time
  norm_pass .Lrk_sum, .Lrk_sum_done, s20, v3
  v_fmac_f32 v2, v3, v3
  norm_next .Lrk_sum
.Lrk_sum_done:
  s_mov_b32 exec_lo, s20
  norm_wave add_f32                     ; the wave's sum of squares
  norm_slots add_f32, 6                 ; the sum of squares
  v_cvt_f32_u32 v7, s6
  v_rcp_f32 v7, v7
  v_mul_f32 v6, v6, v7                  ; mean
  v_add_f32 v6, s7, v6                  ; + eps
  v_rsq_f32 v82, v6                     ; r
  s_lshr_b32 s8, s6, 8                  ; blocks
  s_lshl_b32 s9, ttmp9, 8               ; the workgroup's first block
  v_add_nc_u32 v1, s9, v0               ; this thread's block
  v_cmp_gt_u32 vcc_lo, s8, v1
  s_and_saveexec_b32 s24, vcc_lo
  s_cbranch_execz .Lrk_end
  v_lshlrev_b32 v2, 10, v1              ; its x and w
  v_mul_u32_u24 v3, 292, v1             ; its bytes
  v_mov_b32 v36, 0                      ; amax (bits)
  v_mov_b32 v37, 0                      ; max
  s_mov_b32 s21, 8
.Lrk_max:                               ; zincc_quantize_q8_K's code from here
  rk_load
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
  s_cbranch_scc1 .Lrk_max
  v_subrev_nc_u32 v2, 0x400, v2         ; back to the block's x
  v_cmp_ne_u32 vcc_lo, 0, v36
  s_and_saveexec_b32 s22, vcc_lo        ; s22: the lanes of the launch
  s_mov_b32 s23, exec_lo                ; s23: the blocks with amax > 0
  s_cbranch_execz .Lrk_zero
  v_mov_b32 v39, 0xc2fe0000             ; −127
  q_div 45, 39, 37                      ; iscale = −127/max
  v_mov_b32 v39, 1.0
  q_div 46, 39, 45                      ; d = 1/iscale
  global_store_b32 v3, v46, s[4:5]
  v_add_nc_u32 v47, 4, v3               ; the codes' address
  v_add_nc_u32 v48, 260, v3             ; the bsums'
  s_mov_b32 s21, 8
.Lrk_codes:
  rk_load
  .irp h, 0,1
  v_mov_b32 v49, 0                      ; Σ of 16 codes
  .irp k, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
  v_mul_f32 v38, v45, v[4+16*\h+\k]     ; iscale·x
  v_add_f32 v38, 0x4b400000, v38        ; + 1.5·2^23
  v_and_b32 v38, 0x7fffff, v38
  v_add_nc_u32 v38, 0xffc00000, v38     ; nearest_int
  v_min_i32 v38, 0x7f, v38
  global_store_b8 v47, v38, s[4:5] offset:16*\h+\k
  v_bfe_i32 v38, v38, 0, 8
  v_add_nc_u32 v49, v49, v38
  .endr
  global_store_b16 v48, v49, s[4:5] offset:2*\h
  .endr
  v_add_nc_u32 v2, 0x80, v2
  v_add_nc_u32 v47, 32, v47
  v_add_nc_u32 v48, 4, v48
  s_sub_co_u32 s21, s21, 1
  s_cmp_lg_u32 s21, 0
  s_cbranch_scc1 .Lrk_codes
.Lrk_zero:
  s_and_not1_b32 exec_lo, s22, s23      ; the blocks with amax = 0
  s_cbranch_execz .Lrk_end
  v_mov_b32 v38, 0
  v_mov_b32 v39, 0
  v_mov_b32 v40, 0
  v_mov_b32 v41, 0
  s_mov_b32 s21, 18
.Lrk_clear:
  global_store_b128 v3, v[38:41], s[4:5]
  v_add_nc_u32 v3, 16, v3
  s_sub_co_u32 s21, s21, 1
  s_cmp_lg_u32 s21, 0
  s_cbranch_scc1 .Lrk_clear
  global_store_b32 v3, v38, s[4:5]      ; 18·16 + 4 = 292
.Lrk_end:
  s_endpgm
.Lrk_size:
.size zincc_rms_norm_q8_K, .Lrk_size-zincc_rms_norm_q8_K

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

.p2align 6
.amdhsa_kernel zincc_rms_norm_q8_K
  .amdhsa_user_sgpr_count 8
  .amdhsa_next_free_vgpr 83
  .amdhsa_next_free_sgpr 28
  .amdhsa_group_segment_fixed_size 32
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel
