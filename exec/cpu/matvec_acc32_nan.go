package cpu

import (
	"encoding/binary"
	"math"

	"zincc/ir"
)

// Which NaN a float32-accumulated row ends in would depend on the order in
// which each instruction of the kernel that ran met two NaN operands (x86
// returns the first source), and on the machine's default NaN for an
// invalid operation (x86 and ARM differ). dotAcc32NaN fixes both, so the
// SIMD kernels and the Go loop, which recompute every NaN row with it,
// give the same bits on every machine.

// acc32DefaultNaN is the NaN an invalid operation (∞−∞, 0·∞) on non-NaN
// operands gives: x86's default NaN, written out for every GOARCH.
var acc32DefaultNaN = math.Float32frombits(0xFFC00000)

// dotAcc32NaN is dotAcc32 with NaN precedence written out: in a product
// the weight comes before x, in an add the lane before the product, and
// in the reduction lane l before lane l+h; an operation returns its first
// NaN operand made quiet, or acc32DefaultNaN when it makes a NaN of
// non-NaN operands. Only NaN rows come here, so speed does not matter.
func dotAcc32NaN(dt ir.DType, w []byte, x []float32) float32 {
	var acc [acc32Lanes]float32
	for i, xv := range x {
		var wv float32
		switch dt {
		case ir.F16:
			wv = f16to32(binary.LittleEndian.Uint16(w[2*i:]))
		case ir.BF16:
			wv = bf16to32(binary.LittleEndian.Uint16(w[2*i:]))
		default:
			wv = math.Float32frombits(binary.LittleEndian.Uint32(w[4*i:]))
		}
		l := i % acc32Lanes
		acc[l] = add32First(acc[l], mul32First(wv, xv))
	}
	for h := acc32Lanes / 2; h >= 1; h /= 2 {
		for l := 0; l < h; l++ {
			acc[l] = add32First(acc[l], acc[l+h])
		}
	}
	return acc[0]
}

// quiet32 sets a float32 NaN's quiet bit.
func quiet32(v float32) float32 { return math.Float32frombits(math.Float32bits(v) | 1<<22) }

// add32First returns fl32(a+b) with acc32's NaN rules.
func add32First(a, b float32) float32 {
	switch {
	case a != a:
		return quiet32(a)
	case b != b:
		return quiet32(b)
	}
	if s := a + b; s == s {
		return s
	}
	return acc32DefaultNaN
}

// mul32First returns fl32(a·b) with acc32's NaN rules.
func mul32First(a, b float32) float32 {
	switch {
	case a != a:
		return quiet32(a)
	case b != b:
		return quiet32(b)
	}
	if p := a * b; p == p {
		return p
	}
	return acc32DefaultNaN
}
