// Package llvmtest holds the differential test of the emulated GPU
// against LLVM: the kernels under testdata/llvm (LLVM IR and OpenCL C)
// are compiled by llc-19 and clang-19 for gfx1201 at -O0 and -O2, in
// wave32 and wave64, loaded as AMDHSA code objects, run on exec/sim, and
// their outputs compared with Go references of the same computations
// written in the tests. The package has no code of its own: it keeps
// the corpus's runtime out of exec/sim's unit tests.
package llvmtest
