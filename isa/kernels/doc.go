// Package kernels is zincc's library of gfx1201 compute kernels: assembly
// files (.s, in the llvm-mc 19 dialect, embedded in the binary and
// assembled by package isa) with one kernel or more per IR op, and the ABI
// table (ABIs) that says which user SGPRs each kernel reads and how it is
// launched.
//
// The files group kernels by family: embed.s, elementwise.s (add, mul,
// silu, swiglu), matvec.s (f32, f16, q4_0, q8_0 weights), norm.s
// (rms_norm, softmax, argmax), rope.s, kv_store.s, attention.s and copy.s.
// Each kernel's header comment gives its SGPR layout, launch shape and
// numerics. Every kernel is wave32 with 256-thread one-dimensional
// workgroups, reads its workgroup id from ttmp9 and its local id from v0,
// keeps f32 denormals and rounds to nearest even, so the ops that
// docs/numerics.md requires to be exact (embed, add, mul, copy, kv_store,
// argmax) are bit-exact with exec/cpu. Each .s file starts with
// "//go:build ignore", a comment to llvm-mc, so that the Go toolchain does
// not take it for Go assembly.
//
// Load assembles every file once and lays all kernels out in one code
// blob (Library.Code) with 256-byte aligned entries; Library.Kernel gives
// a kernel's entry offset, its self-contained size (the lowering copies
// only the kernels a graph uses), descriptor and the COMPUTE_PGM_RSRC1/2/3
// values to program, and Kernel.Source its text for listings. Load refuses a
// library that disagrees with ABIs (a missing or extra kernel, a user SGPR
// count that differs, wave64, flushed denormals, scratch).
package kernels
