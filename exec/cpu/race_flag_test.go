//go:build race

package cpu

// The race detector's instrumentation changes how the compiler lays out
// the frozen kernels' registers, and with it which of two NaN operands an
// instruction returns; see TestMatVecMatchesFrozen.
func init() { raceBuild = true }
