//go:build ignore

// Embedding lookup for the ggml k-quant formats: dst[t] = table[row][t] as
// float32, for q4_K, q5_K and q6_K tables (256-element super-blocks;
// layouts: internal/ggml/kquants.go). Each value is formed as ggml's
// dequantisers form it, and every step but the last is exact: q6_K's
// fl(fl(d·sc)·(q−32)) is exact outright; q4_K/q5_K's d·sc·q − dmin·m has
// exact d·sc, dmin·m and d·sc·q, and one fused multiply-add rounds the
// difference once, as the CPU's product-then-subtract does. So the kernels
// are bit-exact with exec/cpu.Embed.
//
// Launch (all three): as embed.s, workgroups of 256 threads, Groups =
// ceil(cols/256); thread t = ttmp9*256 + v0 writes dst[t] for t < cols.
// The row's byte offset is computed in 64 bits; offsets inside a row are
// 32-bit. The row index is not range-checked: the runtime must pass
// row < rows. Per-thread choices use v_bfi_b32 with a lane mask (no VCC
// read by a VALU).

.amdgcn_target "amdgcn-amd-amdhsa--gfx1201"
.amdhsa_code_object_version 5

.text

.include "embed_common.inc"

// embed_kquant dtype, bytes: the body of zincc_embed_DTYPE (q4_K, q5_K,
// q6_K; super-blocks of the given bytes). v2 = the byte offset of t's
// super-block, v3 = e, t's element in it.
.macro embed_kquant dtype, bytes
  embed_row \dtype, 8, \bytes
  v_lshrrev_b32 v2, 8, v1               ; super-block
  v_mul_u32_u24 v2, \bytes, v2          ; its byte offset
  v_and_b32 v3, 0xff, v1                ; e
.ifc \dtype, q6_K
  v_and_b32 v4, 63, v3                  ; 32(i mod 2) + l
  v_lshrrev_b32 v5, 1, v3
  v_and_b32 v5, 64, v5                  ; 64n
  v_add3_u32 v4, v2, v4, v5             ; byte of ql[64n+32(i mod 2)+l]
  v_and_b32 v6, 31, v3                  ; l
  v_lshrrev_b32 v7, 2, v3
  v_and_b32 v7, 32, v7                  ; 32n
  v_add3_u32 v6, v2, v6, v7             ; byte of qh[32n+l] (at +128)
  v_lshrrev_b32 v7, 4, v3
  v_add_nc_u32 v7, v2, v7               ; byte of scale e/16 (at +192)
  global_load_u16 v8, v2, s[0:1] offset:208 ; d
  global_load_u8 v9, v4, s[0:1]
  global_load_u8 v10, v6, s[0:1] offset:128
  global_load_i8 v11, v7, s[0:1] offset:192
  v_lshrrev_b32 v12, 4, v3
  v_and_b32 v13, 4, v12                 ; nibble shift 4·(i div 2)
  v_and_b32 v12, 6, v12                 ; qh shift 2i
  v_lshlrev_b32 v1, 2, v1               ; destination offset
  s_wait_loadcnt 0
  v_bfe_u32 v9, v9, v13, 4
  v_bfe_u32 v10, v10, v12, 2
  v_lshl_or_b32 v9, v10, 4, v9          ; q
  v_subrev_nc_u32 v9, 32, v9            ; q − 32
  v_cvt_f32_i32 v9, v9
  v_cvt_f32_i32 v11, v11                ; sc
  v_cvt_f32_f16 v8, v8                  ; d
  v_mul_f32 v8, v8, v11                 ; d·sc (exact)
  v_mul_f32 v8, v8, v9                  ; (exact)
  embed_store \dtype, v8
.else
  v_and_b32 v4, 31, v3                  ; l
.ifc \dtype, q5_K
  v_add_nc_u32 v20, v2, v4              ; byte of qh[l] (at +16)
.endif
  v_lshrrev_b32 v5, 1, v3
  v_and_b32 v5, 0x60, v5                ; 32c
  v_add3_u32 v4, v2, v4, v5             ; byte of qs[32c+l] (at +16, q5_K +48)
  global_load_b32 v6, v2, s[0:1]        ; d, dmin
  global_load_b96 v[7:9], v2, s[0:1] offset:4
.ifc \dtype, q5_K
  global_load_u8 v10, v4, s[0:1] offset:48
  global_load_u8 v21, v20, s[0:1] offset:16
.else
  global_load_u8 v10, v4, s[0:1] offset:16
.endif
  v_lshrrev_b32 v11, 3, v3
  v_and_b32 v11, 4, v11                 ; nibble shift 4·(j mod 2)
  v_lshrrev_b32 v12, 2, v3
  v_and_b32 v12, 24, v12                ; bit offset 8·(j mod 4)
  v_lshrrev_b32 v13, 7, v3
  v_sub_nc_u32 v13, 0, v13              ; all ones for j >= 4
.ifc \dtype, q5_K
  v_lshrrev_b32 v22, 5, v3              ; j
.endif
  v_lshlrev_b32 v1, 2, v1               ; destination offset
  s_wait_loadcnt 0
  v_bfe_u32 v10, v10, v11, 4            ; q (its low four bits)
.ifc \dtype, q5_K
  v_bfe_u32 v21, v21, v22, 1
  v_lshl_or_b32 v10, v21, 4, v10        ; q
.endif
  v_bfe_u32 v14, v7, v12, 6             ; j < 4: sc = scales[j] & 63
  v_bfe_u32 v15, v8, v12, 6             ;        m = scales[j+4] & 63
  v_add_nc_u32 v16, 6, v12
  v_bfe_u32 v17, v7, v16, 2             ; j >= 4: scales[j-4] >> 6
  v_bfe_u32 v18, v9, v12, 4             ;   scales[j+4] & 15
  v_lshl_or_b32 v17, v17, 4, v18        ;   sc
  v_bfe_u32 v19, v8, v16, 2             ;   scales[j] >> 6
  v_add_nc_u32 v16, 4, v12
  v_bfe_u32 v18, v9, v16, 4             ;   scales[j+4] >> 4
  v_lshl_or_b32 v19, v19, 4, v18        ;   m
  v_bfi_b32 v14, v13, v17, v14          ; sc
  v_bfi_b32 v15, v13, v19, v15          ; m
  .irp r, 14,15,10
  v_cvt_f32_u32 v\r, v\r
  .endr
  f16_pair v17, v18, v6, v6             ; d, dmin
  v_mul_f32 v14, v17, v14               ; d·sc (exact)
  v_mul_f32 v15, v18, v15               ; dmin·m (exact)
  v_fma_f32 v10, v14, v10, -v15         ; fl(d·sc·q − dmin·m)
  embed_store \dtype, v10
.endif
.endm

// zincc_embed_q4_K: element e of a super-block (sub-block j = e/32, chunk
// c = e/64, l = e mod 32) is nibble j mod 2 of qs[32c+l] (byte 16+32c+l);
// its 6-bit scale and min are ScaleMinK4(j) of bytes 4..15.
//   s[0:1] table, s[2:3] dst (f32), s4 row, s5 cols (a multiple of 256)
.globl zincc_embed_q4_K
.p2align 8
.type zincc_embed_q4_K,@function
zincc_embed_q4_K:
  embed_kquant q4_K, 144
.Lembed_q4_K_size:
.size zincc_embed_q4_K, .Lembed_q4_K_size-zincc_embed_q4_K

// zincc_embed_q5_K: as zincc_embed_q4_K with qh[32] at byte 16 and qs at
// byte 48; bit j of qh[l] is the code's fifth bit.
//   s[0:1] table, s[2:3] dst (f32), s4 row, s5 cols (a multiple of 256)
.globl zincc_embed_q5_K
.p2align 8
.type zincc_embed_q5_K,@function
zincc_embed_q5_K:
  embed_kquant q5_K, 176
.Lembed_q5_K_size:
.size zincc_embed_q5_K, .Lembed_q5_K_size-zincc_embed_q5_K

// zincc_embed_q6_K: element e = 128n+32i+l of a super-block has the low
// (i < 2) or high (i >= 2) nibble of ql[64n+32(i mod 2)+l], bits 2i, 2i+1
// of qh[32n+l] (byte 128+32n+l) as bits 4, 5, and the int8 scale at byte
// 192+e/16; dst = fl(d·sc)·(q − 32).
//   s[0:1] table, s[2:3] dst (f32), s4 row, s5 cols (a multiple of 256)
.globl zincc_embed_q6_K
.p2align 8
.type zincc_embed_q6_K,@function
zincc_embed_q6_K:
  embed_kquant q6_K, 210
.Lembed_q6_K_size:
.size zincc_embed_q6_K, .Lembed_q6_K_size-zincc_embed_q6_K

.rodata
.p2align 6
.amdhsa_kernel zincc_embed_q4_K
  .amdhsa_user_sgpr_count 6
  .amdhsa_next_free_vgpr 20
  .amdhsa_next_free_sgpr 24
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_embed_q5_K
  .amdhsa_user_sgpr_count 6
  .amdhsa_next_free_vgpr 23
  .amdhsa_next_free_sgpr 24
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel

.p2align 6
.amdhsa_kernel zincc_embed_q6_K
  .amdhsa_user_sgpr_count 6
  .amdhsa_next_free_vgpr 14
  .amdhsa_next_free_sgpr 24
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel
