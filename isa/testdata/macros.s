// Macros, repetition and conditionals: TestFilesMatchLLVM assembles this
// file with llvm-mc 19 and with package isa and requires the same bytes.

.text

// Parameters: positional, defaults, named, required, vararg.
.macro mov2 dst, src=7, dst2:req, src2=8
  s_mov_b32 s\dst, \src
  s_mov_b32 s\dst2, \src2
.endm
  mov2 1,,2
  mov2 1 2 3
  mov2 dst2=5, dst=4
  mov2 1, 2 + 3, 4
  mov2 1, (2 + 3) 4
  mov2 1, "9", 4
  mov2 1, -2, 3, 0x10

.macro va a, rest:vararg
  v_add_f32 \a, \rest
.endm
  va v1, v2, v3
  va v1 v2, v3

// \@ counts macro instantiations, \+ this macro's, \() separates.
.macro count r
  s_mov_b32 s\r, \@
  s_mov_b32 s\r\()1, \+
.endm
  count 1
  count 2
  count 3

// Nested invocation and a label made unique by \@.
.macro loop n, body
.Lloop\@:
  s_sub_co_u32 s\n, s\n, 1
  \body
  s_cmp_lg_u32 s\n, 0
  s_cbranch_scc1 .Lloop\@
.endm
.macro twice n
  loop \n, "s_nop 0"
  loop \n, "s_nop 1"
.endm
  twice 4
label_then_macro: count 5

// .exitm and conditionals inside a macro.
.macro clamp_to n
  .if \n > 8
    s_mov_b32 s9, 8
    .exitm
  .elseif \n == 8
    s_mov_b32 s9, 88
  .else
    s_mov_b32 s9, \n
  .endif
  s_nop 2
.endm
  clamp_to 3
  clamp_to 8
  clamp_to 12

// String comparisons choose code per type.
.macro load dtype, dst, off
  .ifc \dtype, f16
    global_load_u16 v\dst, v\off, s[2:3]
  .else
    .ifnc \dtype, f32
      s_nop 9
    .endif
    global_load_b32 v\dst, v\off, s[2:3]
  .endif
.endm
  load f16, 1, 0
  load f32, 2, 0
  load bf16, 3, 0

// Repetition.
.rept 3
  v_add_f32 v0, v0, v1
.endr
.rept 2
  s_mov_b32 s2, \+
.endr
.irp r, 4, 5, 7
  v_fmac_f32 v6, s\r, v\r
.endr
.irpc i, 0123
  v_max_num_f32_dpp v3, v3, v3 row_xmask:\i row_mask:0xf bank_mask:0xf
.endr
.irp sz, 32, 64
  .irp half, 0, 1
    s_mov_b32 s\half, \sz
  .endr
.endr

// Conditionals on symbols.
N = 3
.if N >= 3
  s_mov_b32 s10, N
.endif
.ifdef N
  s_nop 3
.endif
.ifndef M
  s_nop 4
.endif
.ifeq N - 3
  s_nop 5
.else
  s_nop 6
.endif
.if 0
  this line is not assembled \q
  .if 1
    nor this
  .else
    nor this
  .endif
.endif

// Redefinition after .purgem.
.macro m
  s_nop 7
.endm
  m
.purgem m
.macro m
  s_nop 8
.endm
  m
  s_endpgm
