//go:build ignore

// zincc_copy: copies n bytes from src to dst, bit for bit (exec/cpu.Copy).
//
//   s[0:1] src, s[2:3] dst, s4 n (bytes)
//
// Launch: workgroups of 256 threads, Groups = ceil(n/1024); thread
// t = ttmp9*256 + v0 copies the dword at byte 4t when 4t+4 <= n; the thread
// at 4t = n & ~3 copies the last n & 3 bytes one by one. src and dst must be
// 4-byte aligned for the dword accesses to be aligned (the memory plan
// aligns every buffer far more); n < 2^32.
//
// SGPR discipline (gfx12 VALU-read-SGPR hazard): a pair a VALU has read is
// never written again.

.amdgcn_target "amdgcn-amd-amdhsa--gfx1201"
.amdhsa_code_object_version 5

.text
.globl zincc_copy
.p2align 8
.type zincc_copy,@function
zincc_copy:
  v_and_b32 v0, 0x3ff, v0
  s_lshl_b32 s16, ttmp9, 10             ; first byte of the workgroup
  s_and_b32 s17, s4, -4                 ; end of the whole dwords
  v_lshl_add_u32 v1, v0, 2, s16         ; 4t
  v_cmp_gt_u32 vcc_lo, s17, v1          ; a whole dword
  s_and_saveexec_b32 s18, vcc_lo
  s_cbranch_execz .Lcopy_tail
  global_load_b32 v2, v1, s[0:1]
  s_wait_loadcnt 0
  global_store_b32 v1, v2, s[2:3]
.Lcopy_tail:
  s_mov_b32 exec_lo, s18
  s_and_b32 s20, s4, 3                  ; bytes after the last whole dword
  s_cmp_eq_u32 s20, 0
  s_cbranch_scc1 .Lcopy_end
  v_cmp_eq_u32 vcc_lo, s17, v1          ; the one thread at 4t = n & ~3
  s_and_saveexec_b32 s22, vcc_lo
  s_cbranch_execz .Lcopy_end
  .irp i, 0,1,2                         ; byte i of them, while i < n & 3
  .if \i
  s_cmp_eq_u32 s20, \i
  s_cbranch_scc1 .Lcopy_end
  .endif
  global_load_u8 v2, v1, s[0:1] offset:\i
  s_wait_loadcnt 0
  global_store_b8 v1, v2, s[2:3] offset:\i
  .endr
.Lcopy_end:
  s_endpgm
.Lcopy_size:
.size zincc_copy, .Lcopy_size-zincc_copy

.rodata
.p2align 6
.amdhsa_kernel zincc_copy
  .amdhsa_user_sgpr_count 5
  .amdhsa_next_free_vgpr 3
  .amdhsa_next_free_sgpr 23
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel
