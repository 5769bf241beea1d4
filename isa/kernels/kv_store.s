//go:build ignore

// KV-cache store: row pos of a [ctx, width] state gets x (exec/cpu.KVStore).
//
// Launch (both): workgroups of 256 threads, Groups = ceil(width/256);
// thread t = ttmp9*256 + v0 writes cache[pos][t] for t < width. The row's
// byte offset is computed in 64 bits; pos is not range-checked (the runtime
// must pass pos < ctx).
//
// SGPR discipline (gfx12 VALU-read-SGPR hazard): a pair a VALU has read is
// never written again.
//
// The row and the store are kv_store.inc's, shared with zincc_rope_kv_*.

.amdgcn_target "amdgcn-amd-amdhsa--gfx1201"
.amdhsa_code_object_version 5

.text

.include "common.inc"
.include "kv_store.inc"

// kv_store dtype: the body of zincc_kv_store_DTYPE (labels .Lkv_DTYPE_*):
// thread t of width (s5) writes row pos (s4) of the cache, s[2:3].
.macro kv_store dtype
  thread_index s5, .Lkv_\dtype\()_end  ; t < width
  kv_row \dtype, s2, s3, s4, s5
  kv_copy \dtype, s[0:1], s[2:3]
.Lkv_\dtype\()_end:
  s_endpgm
.endm

// zincc_kv_store_f32: f32 state, bits copied.
//   s[0:1] x (f32), s[2:3] cache, s4 pos, s5 width
.globl zincc_kv_store_f32
.p2align 8
.type zincc_kv_store_f32,@function
zincc_kv_store_f32:
  kv_store f32
.Lkv_f32_size:
.size zincc_kv_store_f32, .Lkv_f32_size-zincc_kv_store_f32

// zincc_kv_store_f16: f16 state, each value rounded to nearest even
// (v_cvt_f16_f32 with f16 denormals kept), as ggml.F32ToF16; NaN payloads
// may differ from ggml's 0x7E00.
//   s[0:1] x (f32), s[2:3] cache, s4 pos, s5 width
.globl zincc_kv_store_f16
.p2align 8
.type zincc_kv_store_f16,@function
zincc_kv_store_f16:
  kv_store f16
.Lkv_f16_size:
.size zincc_kv_store_f16, .Lkv_f16_size-zincc_kv_store_f16

.rodata
.p2align 6
.amdhsa_kernel zincc_kv_store_f32
  .amdhsa_user_sgpr_count 6
  .amdhsa_next_free_vgpr 4
  .amdhsa_next_free_sgpr 24
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_kv_store_f16
  .amdhsa_user_sgpr_count 6
  .amdhsa_next_free_vgpr 4
  .amdhsa_next_free_sgpr 24
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel
