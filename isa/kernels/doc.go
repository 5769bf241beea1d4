// Package kernels is zincc's library of gfx1201 compute kernels: assembly
// files (.s, in the llvm-mc dialect, embedded in the binary and assembled by
// package isa) with one kernel or more per IR op, and the ABI table that
// says which user SGPRs each kernel reads and how it is launched.
package kernels
