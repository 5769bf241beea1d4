//go:build !amd64

package cpu

import "zincc/ir"

// Without amd64 assembly MatVecF32Acc runs dotAcc32 (the same order and
// bits).
var acc32Kernels map[ir.DType]acc32Kernel
