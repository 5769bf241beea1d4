//go:build ignore

// Whole-vector reductions: rms_norm, softmax, argmax.
//
// A workgroup is 256 threads (8 wave32 waves). Thread t handles elements
// t, t+256, t+512, ... of its range (byte offsets are 32-bit, so n <
// 2^30). Each wave reduces its lanes' partial results across lanes (DPP
// row_xmask 1, 2, 4, 8 inside each 16-lane row, then v_permlanex16_b32
// across the two rows, which leaves every lane with the wave's result),
// wave w stores it in LDS slot w, and after a workgroup barrier every wave
// combines the 8 slots in the same order, so every thread sees the same
// bits.
//
// softmax runs as one workgroup. rms_norm and argmax spread over several
// (kernels.RMSNormSplit, kernels.ArgmaxSplit): every rms_norm workgroup
// sums the whole head itself, in the same order (the same bits in all of
// them, with no communication) and writes its own range of the output;
// every argmax workgroup publishes the best pair of its range, and the
// last to finish (an atomic counter) merges them all. Where a range allows,
// loads go eight at a time, waited for one by one (s_wait_loadcnt 7..0).
//
// SGPR discipline (gfx12 VALU-read-SGPR hazard, LLVM AMDGPUWaitSGPRHazards):
// an SGPR pair that a VALU instruction has read is never written again,
// except VCC in argmax, where s_wait_alu depctr_sa_sdst(0) (or va_vcc(0))
// orders each write of VCC before the v_cndmask that reads it.

.amdgcn_target "amdgcn-amd-amdhsa--gfx1201"
.amdhsa_code_object_version 5

.text

.include "norm.inc"

// am_take i: argmax's merge of the candidate (v4, i) into the pair (v2,
// v3): taken when v4 > v2, or v4 == v2 and i < v3 (s24..s26, vcc
// clobbered).
.macro am_take i
  v_cmp_gt_f32_e64 s24, v4, v2
  v_cmp_eq_f32_e64 s25, v4, v2
  v_cmp_lt_u32_e64 s26, \i, v3
  s_and_b32 s25, s25, s26
  s_or_b32 vcc_lo, s24, s25
  s_wait_alu depctr_sa_sdst(0)
  v_cndmask_b32 v2, v2, v4, vcc_lo
  v_cndmask_b32 v3, v3, \i, vcc_lo
.endm

// am_lanes masks: argmax's merges across lanes, one for each DPP
// row_xmask of masks: each fetches the partner's pair into (v4, v5).
.macro am_lanes masks:vararg
  .irp m, \masks
  v_mov_b32_dpp v4, v2 row_xmask:\m row_mask:0xf bank_mask:0xf
  v_mov_b32_dpp v5, v3 row_xmask:\m row_mask:0xf bank_mask:0xf
  am_take v5
  .endr
.endm


// zincc_rms_norm: dst[i] = (x[i] * r) * w[i], r = rsq(sum(x²)/n + eps)
// (rms_norm rule of docs/numerics.md: an any-order float32 sum of squares,
// then mean, +eps, rsq and two products).
//   s[0:1] x, s[2:3] w, s[4:5] dst (f32 pointers), s6 n (> 0), s7 eps (f32
//   bits), s8 per (> 0), s9 split
//   LDS: 32 bytes (one partial sum per wave).
// Not split (s9 = 0): workgroup g (ttmp9) normalises head g, the n values
// at x + 4·g·n, into dst + 4·g·n, all heads with the same w (heads·n <
// 2^30). Split (s9 = 1, one head): workgroup g sums all n squares and
// writes elements [g·per, min(n, g·per + per)).
.globl zincc_rms_norm
.p2align 8
.type zincc_rms_norm,@function
zincc_rms_norm:
  v_and_b32 v0, 0x3ff, v0
  s_cmp_eq_u32 s9, 0
  s_cselect_b32 s23, ttmp9, 0           ; head
  s_cselect_b32 s24, 0, ttmp9           ; range within the head
  s_cselect_b32 s8, s6, s8              ; per: the whole head unless split
  s_mul_i32 s23, s23, s6
  s_lshl_b32 s23, s23, 2                ; byte offset of the head
  s_add_co_u32 s0, s0, s23
  s_add_co_ci_u32 s1, s1, 0
  s_add_co_u32 s4, s4, s23
  s_add_co_ci_u32 s5, s5, 0
  s_mul_i32 s25, s24, s8                ; first element written
  s_add_co_u32 s26, s25, s8
  s_min_u32 s26, s26, s6                ; end of the elements written
  s_lshl_b32 s25, s25, 2                ; (in bytes)
  s_lshl_b32 s26, s26, 2
  norm_sumsq .Lrms, 0                   ; v6 = mean of the squares + eps
  v_rsq_f32 v6, v6                      ; r
  v_lshlrev_b32 v1, 2, v0
  v_add_nc_u32 v1, s25, v1              ; byte offset of the first element written
  s_add_co_u32 s27, s25, 0x1000         ; end of the first 1024-element quad
.Lrms_quad:                             ; four elements a thread, loads in flight
  s_cmp_gt_u32 s27, s26
  s_cbranch_scc1 .Lrms_quads_done
  .irp k, 0,1,2,3
  global_load_b32 v[14+\k], v1, s[0:1] offset:1024*\k
  global_load_b32 v[18+\k], v1, s[2:3] offset:1024*\k
  .endr
  .irp k, 0,1,2,3
  s_wait_loadcnt 6-2*\k
  v_mul_f32 v[14+\k], v[14+\k], v6
  v_mul_f32 v[14+\k], v[14+\k], v[18+\k]
  global_store_b32 v1, v[14+\k], s[4:5] offset:1024*\k
  .endr
  v_add_nc_u32 v1, 0x1000, v1
  s_add_co_u32 s27, s27, 0x1000
  s_branch .Lrms_quad
.Lrms_quads_done:                       ; the rest one element at a time
  v_cmp_gt_u32 vcc_lo, s26, v1
  s_and_saveexec_b32 s22, vcc_lo
  s_cbranch_execz .Lrms_end
.Lrms_out:
  global_load_b32 v3, v1, s[0:1]
  global_load_b32 v4, v1, s[2:3]
  s_wait_loadcnt 0
  v_mul_f32 v3, v3, v6
  v_mul_f32 v3, v3, v4
  global_store_b32 v1, v3, s[4:5]
  v_add_nc_u32 v1, 0x400, v1
  v_cmp_gt_u32 vcc_lo, s26, v1
  s_and_b32 exec_lo, exec_lo, vcc_lo
  s_cbranch_execnz .Lrms_out
.Lrms_end:
  s_endpgm
.Lrms_size:
.size zincc_rms_norm, .Lrms_size-zincc_rms_norm

// zincc_softmax: dst[i] = e_i * rcp(sum_j e_j), e_i = exp2((x_i - m)*log2 e),
// m = max x (v_max_num_f32: NaNs are passed over, and then make the sum and
// every output NaN, as exec/cpu.Softmax). The exponentials are computed
// again in the last pass rather than stored.
//   s[0:1] x, s[2:3] dst (f32 pointers), s4 n (> 0)
//   LDS: 64 bytes (per-wave maxima, then per-wave sums).
.globl zincc_softmax
.p2align 8
.type zincc_softmax,@function
zincc_softmax:
  v_and_b32 v0, 0x3ff, v0
  s_mov_b32 s16, 0x76543210
  s_mov_b32 s17, 0xfedcba98
  s_lshl_b32 s18, s4, 2                 ; end of x in bytes
  v_lshlrev_b32 v1, 2, v0
  v_mov_b32 v2, 0xff800000              ; this thread's max: -inf
  norm_pass .Lsm_max, .Lsm_max_done, s20, v3
  v_max_num_f32 v2, v2, v3
  norm_next .Lsm_max
.Lsm_max_done:
  s_mov_b32 exec_lo, s20
  norm_wave max_num_f32                 ; the wave's max
  norm_slots max_num_f32, 6             ; m
  v_lshlrev_b32 v1, 2, v0
  v_mov_b32 v2, 0                       ; this thread's sum of e
  norm_pass .Lsm_sum, .Lsm_sum_done, s22, v3
  v_sub_f32 v3, v3, v6
  v_mul_f32 v3, 0x3fb8aa3b, v3          ; (x - m) * log2(e)
  v_exp_f32 v3, v3
  v_add_f32 v2, v2, v3
  norm_next .Lsm_sum
.Lsm_sum_done:
  s_mov_b32 exec_lo, s22
  norm_wave add_f32, 32                 ; the wave's sum
  norm_slots add_f32, 8, 32             ; sum
  v_rcp_f32 v7, v8
  v_lshlrev_b32 v1, 2, v0
  norm_pass .Lsm_out, .Lsm_end, s24
  global_load_b32 v3, v1, s[0:1]
  s_wait_loadcnt 0
  v_sub_f32 v3, v3, v6
  v_mul_f32 v3, 0x3fb8aa3b, v3
  v_exp_f32 v3, v3
  v_mul_f32 v3, v3, v7
  global_store_b32 v1, v3, s[2:3]
  v_add_nc_u32 v1, 0x400, v1
  norm_next .Lsm_out
.Lsm_end:
  s_endpgm
.Lsm_size:
.size zincc_softmax, .Lsm_size-zincc_softmax

// zincc_argmax: dst[0] = the lowest index of the largest x (float32
// compares: +0 == -0; NaN never wins; all-NaN gives 0). Each thread keeps
// (best value, best byte offset) with offset 0xffffffff for "none"; a
// candidate (v, i) replaces (b, j) when v > b, or v == b and i < j (as
// unsigned, so any index beats "none"). The same rule merges lanes, waves
// and workgroups, so the order of merging does not matter: the result is
// exact whatever order the workgroups finish in.
//   s[0:1] x (f32), s[2:3] dst (u32), s[4:5] scratch, s6 n, s7 per (> 0),
//   s8 groups (ceil(n/per), the workgroups launched)
//   scratch: a u32 counter (zero between launches), then a (value, offset)
//   pair per workgroup.
//   LDS: 64 bytes (a (value, offset) pair per wave).
// Workgroup g scans [g·per, min(n, g·per + per)), stores its pair in slot
// g and adds one to the counter (device scope); the workgroup that brings
// it to s8 merges every slot, writes dst and sets the counter back to 0.
.globl zincc_argmax
.p2align 8
.type zincc_argmax,@function
zincc_argmax:
  v_and_b32 v0, 0x3ff, v0
  s_mov_b32 s16, 0x76543210
  s_mov_b32 s17, 0xfedcba98
  s_mul_i32 s9, ttmp9, s7               ; first element of the range
  s_add_co_u32 s10, s9, s7
  s_min_u32 s10, s10, s6
  s_lshl_b32 s9, s9, 2                  ; (in bytes)
  s_lshl_b32 s18, s10, 2                ; end of the range in bytes
  v_lshlrev_b32 v1, 2, v0
  v_add_nc_u32 v1, s9, v1               ; byte offset of the thread's first element
  v_mov_b32 v2, 0xff800000              ; best value
  v_mov_b32 v3, -1                      ; best byte offset: none
  s_add_co_u32 s12, s9, 0x2000          ; end of the first 2048-element trip
.Lam_trip:                              ; eight loads in flight
  s_cmp_gt_u32 s12, s18
  s_cbranch_scc1 .Lam_trips_done
  .irp k, 0,1,2,3,4,5,6,7
  global_load_b32 v[8+\k], v1, s[0:1] offset:1024*\k
  .endr
  .irp k, 0,1,2,3,4,5,6,7
  s_wait_loadcnt 7-\k
  v_mov_b32 v4, v[8+\k]
  v_add_nc_u32 v5, 1024*\k, v1
  am_take v5
  .endr
  v_add_nc_u32 v1, 0x2000, v1
  s_add_co_u32 s12, s12, 0x2000
  s_branch .Lam_trip
.Lam_trips_done:                        ; the rest one element at a time
  norm_pass .Lam_scan, .Lam_scan_done, s20
  global_load_b32 v4, v1, s[0:1]
  s_wait_loadcnt 0
  am_take v1
  v_add_nc_u32 v1, 0x400, v1
  v_cmp_gt_u32_e64 s28, s18, v1
  s_and_b32 exec_lo, exec_lo, s28
  s_cbranch_execnz .Lam_scan
.Lam_scan_done:
  s_mov_b32 exec_lo, s20
  // Merge across lanes: each step fetches the partner's pair.
  am_lanes 1,2,4,8
  v_permlanex16_b32 v4, v2, s16, s17
  v_permlanex16_b32 v5, v3, s16, s17
  am_take v5                            ; the wave's pair, in every lane
  v_lshrrev_b32 v6, 2, v0
  v_and_b32 v6, 0x38, v6                ; LDS slot of the wave: 8*(t/32)
  ds_store_b64 v6, v[2:3]
  s_wait_dscnt 0
  s_barrier_signal -1
  s_barrier_wait -1
  v_lshrrev_b32 v7, 5, v0
  v_readfirstlane_b32 s30, v7           ; wave in the workgroup
  s_cmp_lg_u32 s30, 0
  s_cbranch_scc1 .Lam_end
  // Wave 0: lane l loads wave (l & 7)'s pair, then three more merges.
  v_and_b32 v6, 7, v0
  v_lshlrev_b32 v6, 3, v6
  ds_load_b64 v[2:3], v6
  s_wait_dscnt 0
  am_lanes 1,2,4                        ; the workgroup's pair, in lane 0
  // Publish it in slot g, then count the workgroup in.
  s_mov_b32 s21, exec_lo
  s_mov_b32 exec_lo, 1
  s_lshl_b32 s13, ttmp9, 3
  v_mov_b32 v6, s13
  global_store_b64 v6, v[2:3], s[4:5] offset:8 scope:SCOPE_DEV
  s_wait_storecnt 0
  v_mov_b32 v6, 0
  v_mov_b32 v7, 1
  global_atomic_add_u32 v7, v6, v7, s[4:5] th:TH_ATOMIC_RETURN scope:SCOPE_DEV
  s_wait_loadcnt 0
  v_readfirstlane_b32 s14, v7
  s_add_co_u32 s14, s14, 1
  s_cmp_lg_u32 s14, s8
  s_cbranch_scc1 .Lam_end               ; not the last workgroup
  // The last workgroup: lane l merges slots l, l+32, ..., then the lanes.
  s_mov_b32 exec_lo, s21
  s_lshl_b32 s15, s8, 3                 ; bytes of the slots
  v_lshlrev_b32 v1, 3, v0
  v_mov_b32 v2, 0xff800000
  v_mov_b32 v3, -1
  v_cmp_gt_u32 vcc_lo, s15, v1
  s_and_saveexec_b32 s20, vcc_lo
  s_cbranch_execz .Lam_slots_done
.Lam_slots:
  global_load_b64 v[4:5], v1, s[4:5] offset:8 scope:SCOPE_DEV
  s_wait_loadcnt 0
  am_take v5
  v_add_nc_u32 v1, 0x100, v1
  v_cmp_gt_u32_e64 s28, s15, v1
  s_and_b32 exec_lo, exec_lo, s28
  s_cbranch_execnz .Lam_slots
.Lam_slots_done:
  s_mov_b32 exec_lo, s20
  am_lanes 1,2,4,8
  v_permlanex16_b32 v4, v2, s16, s17
  v_permlanex16_b32 v5, v3, s16, s17
  am_take v5                            ; the best pair of all, in every lane
  v_lshrrev_b32 v3, 2, v3               ; byte offset -> index ("none" -> 0x3fffffff)
  v_cmp_eq_u32 vcc_lo, 0x3fffffff, v3
  s_wait_alu depctr_va_vcc(0)
  v_cndmask_b32 v3, v3, 0, vcc_lo       ; all NaN (or n = 0): index 0
  v_mov_b32 v4, 0
  s_mov_b32 exec_lo, 1
  global_store_b32 v4, v3, s[2:3]
  global_store_b32 v4, v4, s[4:5] scope:SCOPE_DEV ; the counter, for the next launch
.Lam_end:
  s_endpgm
.Lam_size:
.size zincc_argmax, .Lam_size-zincc_argmax

.rodata
.p2align 6
.amdhsa_kernel zincc_rms_norm
  .amdhsa_user_sgpr_count 10
  .amdhsa_next_free_vgpr 22
  .amdhsa_next_free_sgpr 28
  .amdhsa_group_segment_fixed_size 32
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_softmax
  .amdhsa_user_sgpr_count 5
  .amdhsa_next_free_vgpr 16
  .amdhsa_next_free_sgpr 25
  .amdhsa_group_segment_fixed_size 64
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_argmax
  .amdhsa_user_sgpr_count 9
  .amdhsa_next_free_vgpr 16
  .amdhsa_next_free_sgpr 31
  .amdhsa_group_segment_fixed_size 64
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel
