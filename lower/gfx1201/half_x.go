package gfx1201

import (
	"zincc/ir"
	"zincc/isa/kernels"
)

// Matvecs of f16 (bf16) weights whose x quantize rounded to f16 (bf16),
// as ggml computes them (ir.ActivationFormat), and that quantize:
// isa/kernels/matvec_half_x.s.

var (
	// matvecHalfXKernels are the matvecs of an f16 or bf16 x, by weight
	// dtype (which is x's).
	matvecHalfXKernels = variants(map[ir.DType]string{ir.F16: "zincc_matvec_f16_f16", ir.BF16: "zincc_matvec_bf16_bf16"})
	// quantizeHalfKernels round an f32 x to f16 or bf16, by format.
	quantizeHalfKernels = variants(map[ir.DType]string{ir.F16: "zincc_quantize_f16", ir.BF16: "zincc_quantize_bf16"})
)

// matvecTable returns the kernels of a matvec whose x is xdt and the
// launch size of one of rows × cols weights: x in f32, quantised to q8
// blocks, or rounded to f16 or bf16.
func matvecTable(xdt ir.DType, rows, cols int) (*byDType, kernels.Size) {
	switch {
	case xdt == ir.F32:
		return &matvecKernels, kernels.Size{Rows: rows}
	case xdt.Quantized():
		return &matvecQ8Kernels, kernels.Size{Rows: rows, N: cols}
	}
	return &matvecHalfXKernels, kernels.Size{Rows: rows}
}

// lowerQuantizeHalf lowers a quantize to f16 or bf16: one thread per
// element.
func lowerQuantizeHalf(n *ir.Node, l *launch) error {
	k, err := quantizeHalfKernels.pick(n, n.Result.Type.DType)
	if err != nil {
		return err
	}
	c := n.Args[0].Type.Elems()
	l.set(k, kernels.Size{N: c}, addrOf(n.Args[0]), addrOf(n.Result), word(c))
	return nil
}
