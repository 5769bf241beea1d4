// Package isa is zincc's gfx1201 (RDNA4) assembler, decoder and
// disassembler, and its kernel-descriptor reader.
//
// The assembler accepts the llvm-mc 19 dialect for
// -triple=amdgcn-amd-amdhsa -mcpu=gfx1201 and produces the same bytes
// llvm-mc does, including its choice between the e32 and e64 forms and
// between inline constants and 32-bit literals. The decoder turns code
// bytes back into Inst values (typed operands, modifiers, DPP controls,
// memory offsets and cache policy) without allocating, so an emulator can
// pre-decode a code blob once and switch on Inst.Op; Inst.String prints
// the text llvm-mc -disassemble prints.
//
// Everything is driven by one instruction table (optable.go): each entry
// names the mnemonic, its native format and opcode, and the types of its
// operands. The VOP3 forms of VOP1, VOP2 and VOPC instructions are not
// listed separately: they follow from the promotion rule (VOPC op n ->
// VOP3 op n, VOP2 op n -> 256+n, VOP1 op n -> 384+n).
//
// Facts come from ../shared/ref/rdna4-isa.md and from experiments with
// llvm-mc 19; the tests compare every encoding against llvm-mc run at
// test time.
package isa
