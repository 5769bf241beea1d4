// Directive and syntax forms: comments, labels, expressions, alignment.
.amdgcn_target "amdgcn-amd-amdhsa--gfx1201"
.amdhsa_code_object_version 5
.set BASE, 0x100
.equ SHIFT, 2
COUNT = (BASE >> 4) + 3 * 2 - 1   ; 21
.section .text
.global first, second
.p2align 8
.type first,%function
first: second:
  S_MOV_B32 s0, COUNT
  s_mov_b32 s1, BASE | 0x1
  s_mov_b32 s2, ~0
  s_mov_b32 s3, -(4 << SHIFT)
  s_mov_b32 s4, 'a'
  s_mov_b32 s5, 010
  s_mov_b32 s6, 0b1010
  s_mov_b32 s7, 1.0e0
  s_mov_b32 s8, 2.5e-1 /* inline block */ ; and a line comment
/* a block
   comment */ s_nop 1
  s_branch .Lfwd
  s_cbranch_scc0 .Lfwd
.Lback: s_nop 0
.Lfwd:
  s_cbranch_scc1 .Lback
  s_nop 0 // slash comment
# hash comment
  .byte 1, 2, 3, 4
  .short 5, 6
  .p2align 2
  s_endpgm
  .long 0xbf800000
  .quad 7
  .p2align 4
  s_code_end
.Lend:
.size first, .Lend - first
.text
.globl third
.balign 256
third:
  s_endpgm
.section .rodata
.p2align 6
.amdhsa_kernel first
  .amdhsa_next_free_vgpr 1
  .amdhsa_next_free_sgpr 9
  .amdhsa_group_segment_fixed_size BASE * 4
.end_amdhsa_kernel
.rodata
.amdhsa_kernel third
  .amdhsa_next_free_vgpr 4 * 64
  .amdhsa_next_free_sgpr 0
.end_amdhsa_kernel
