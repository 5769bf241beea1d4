package cpu

import (
	"fmt"
	"math"

	"zincc/internal/ggml"
	"zincc/ir"
)

// Quantize writes x quantised to dt (q8_0 or q8_K) into dst, exactly as
// ggml's quantize_row_q8_0_ref and quantize_row_q8_K_ref compute it
// (internal/ggml: QuantizeQ8_0, QuantizeQ8_K; docs/numerics.md §1), or
// rounded to f16 or bf16 as ggml's fp32 conversions round (F32ToF16Row,
// F32ToBF16Row: to nearest, ties to even). The op is exact: another tier
// must write the same bytes.
func Quantize(dst []byte, x []float32, dt ir.DType) error {
	switch dt {
	case ir.Q8_0:
		return ggml.QuantizeQ8_0(dst, x)
	case ir.Q8_K:
		return ggml.QuantizeQ8_K(dst, x)
	case ir.F16:
		return ggml.F32ToF16Row(dst, x)
	case ir.BF16:
		return ggml.F32ToBF16Row(dst, x)
	}
	return fmt.Errorf("cpu: quantize to %v is not supported (q8_0, q8_K, f16, bf16)", dt)
}

// Dequantize decodes an activation quantised to dt (q8_0, q8_K, f16 or
// bf16) into dst: d·q, exact for q8_0 (an f16 d), rounded to float32 for
// q8_K; f16 and bf16 widen exactly.
func Dequantize(dst []float32, xq []byte, dt ir.DType) error {
	switch dt {
	case ir.Q8_0:
		return ggml.DequantizeQ8_0(dst, xq)
	case ir.Q8_K:
		return ggml.DequantizeQ8_K(dst, xq)
	case ir.F16, ir.BF16:
		return WidenHalf(dst, xq, dt)
	}
	return fmt.Errorf("cpu: dequantize of %v is not supported (q8_0, q8_K, f16, bf16)", dt)
}

// CheckQuantized compares another tier's quantised activation got with
// want block by block: the codes (and q8_K's bsums) byte for byte, the
// scale by value, a NaN scale matching any NaN (its payload is the one
// thing a tier may choose).
func CheckQuantized(got, want []byte, dt ir.DType) error {
	if len(got) != len(want) {
		return fmt.Errorf("quantize: %d bytes, want %d", len(got), len(want))
	}
	if !dt.Quantized() {
		return checkHalves(got, want, dt)
	}
	bb, be := dt.BlockBytes(), dt.BlockElems()
	for b := 0; b*bb < len(want); b++ {
		g, w := got[b*bb:(b+1)*bb], want[b*bb:(b+1)*bb]
		if string(g) == string(w) {
			continue
		}
		var gd, wd float32
		head := 2
		if dt == ir.Q8_K {
			head = 4
			gd, wd = f32At(g), f32At(w)
		} else {
			gd, wd = ggml.F16ToF32(uint16(g[0])|uint16(g[1])<<8), ggml.F16ToF32(uint16(w[0])|uint16(w[1])<<8)
		}
		if !(gd != gd && wd != wd) && string(g[:head]) != string(w[:head]) {
			return fmt.Errorf("quantize: block %d (elements %d..%d): scale %g, want %g", b, b*be, (b+1)*be-1, gd, wd)
		}
		for i := head; i < bb; i++ {
			if g[i] != w[i] {
				if i < head+be {
					return fmt.Errorf("quantize: element %d: code %d, want %d", b*be+i-head, int8(g[i]), int8(w[i]))
				}
				return fmt.Errorf("quantize: block %d: bsums differ at byte %d", b, i)
			}
		}
	}
	return nil
}

// f32At reads a little-endian float32.
func f32At(b []byte) float32 {
	return math.Float32frombits(uint32(b[0]) | uint32(b[1])<<8 | uint32(b[2])<<16 | uint32(b[3])<<24)
}

// checkHalves is CheckQuantized for f16 and bf16: every element bit for
// bit, a NaN matching any NaN (the payload is a tier's choice, as for the
// q8 scales).
func checkHalves(got, want []byte, dt ir.DType) error {
	widen := ggml.F16ToF32
	if dt == ir.BF16 {
		widen = ggml.BF16ToF32
	}
	for i := 0; i+1 < len(want); i += 2 {
		g, w := uint16(got[i])|uint16(got[i+1])<<8, uint16(want[i])|uint16(want[i+1])<<8
		if g == w {
			continue
		}
		if gf, wf := widen(g), widen(w); gf != gf && wf != wf {
			continue
		}
		return fmt.Errorf("quantize: element %d: %v %#04x (%g), want %#04x (%g)", i/2, dt, g, widen(g), w, widen(w))
	}
	return nil
}
