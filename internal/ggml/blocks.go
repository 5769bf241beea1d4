package ggml

import (
	"fmt"
	"math"
)

// Block geometry of the GGML 32-element block formats (ggml
// src/ggml-common.h: block_q4_0, block_q8_0).
const (
	// BlockElems is the number of elements in one Q4_0 or Q8_0 block.
	BlockElems = 32
	// Q4_0BlockBytes is the size of a Q4_0 block: an f16 scale d at byte 0,
	// then 16 bytes of 4-bit codes. Byte 2+j holds element j in its low
	// nibble and element j+16 in its high nibble; element value =
	// (nibble - 8) * d.
	Q4_0BlockBytes = 18
	// Q8_0BlockBytes is the size of a Q8_0 block: an f16 scale d at byte 0,
	// then 32 signed bytes q; element j value = q[j] * d.
	Q8_0BlockBytes = 34
)

func lengthError(what string, elems, bytes, perUnit int) error {
	return fmt.Errorf("ggml: %s of %d elements needs %d bytes, got %d", what, elems, elems*perUnit, bytes)
}

// blockCount checks that n elements are a whole number of blocks and that
// the byte slice holds exactly those blocks.
func blockCount(what string, n, bytes, blockBytes int) (int, error) {
	return blockCountN(what, n, bytes, BlockElems, blockBytes)
}

// blockCountN is blockCount for blocks of blockElems elements.
func blockCountN(what string, n, bytes, blockElems, blockBytes int) (int, error) {
	if n%blockElems != 0 {
		return 0, fmt.Errorf("ggml: %s row of %d elements is not a multiple of %d", what, n, blockElems)
	}
	nb := n / blockElems
	if bytes != nb*blockBytes {
		return 0, fmt.Errorf("ggml: %s row of %d elements needs %d bytes, got %d", what, n, nb*blockBytes, bytes)
	}
	return nb, nil
}

// DequantizeQ4_0 decodes the Q4_0 blocks in src into dst, which must hold
// exactly 32 elements per 18-byte block. Each value (q-8)*d is exact in
// float32 (a 4-bit integer times an 11-bit significand).
func DequantizeQ4_0(dst []float32, src []byte) error {
	nb, err := blockCount("q4_0", len(dst), len(src), Q4_0BlockBytes)
	if err != nil {
		return err
	}
	for b := 0; b < nb; b++ {
		blk := src[b*Q4_0BlockBytes : (b+1)*Q4_0BlockBytes]
		out := dst[b*BlockElems : (b+1)*BlockElems]
		d := F16ToF32(uint16(blk[0]) | uint16(blk[1])<<8)
		for j := 0; j < 16; j++ {
			q := blk[2+j]
			out[j] = float32(int32(q&0xF)-8) * d
			out[j+16] = float32(int32(q>>4)-8) * d
		}
	}
	return nil
}

// DequantizeQ8_0 decodes the Q8_0 blocks in src into dst, which must hold
// exactly 32 elements per 34-byte block. Each value q*d is exact in
// float32 (an 8-bit integer times an 11-bit significand).
func DequantizeQ8_0(dst []float32, src []byte) error {
	nb, err := blockCount("q8_0", len(dst), len(src), Q8_0BlockBytes)
	if err != nil {
		return err
	}
	for b := 0; b < nb; b++ {
		blk := src[b*Q8_0BlockBytes : (b+1)*Q8_0BlockBytes]
		out := dst[b*BlockElems : (b+1)*BlockElems]
		d := F16ToF32(uint16(blk[0]) | uint16(blk[1])<<8)
		for j := 0; j < BlockElems; j++ {
			out[j] = float32(int8(blk[2+j])) * d
		}
	}
	return nil
}

// cInt8 converts f to int8 the way C's (int8_t)f compiles on x86-64 with
// GCC and Clang: a truncating conversion to int32 (CVTTSS2SI), whose result
// for NaN and out-of-range inputs is 0x80000000, then the low byte. C
// leaves those cases undefined; matching x86-64 keeps the quantizers
// byte-identical to ggml builds there even for non-finite inputs.
func cInt8(f float64) int8 {
	if !(f > -2147483649 && f < 2147483648) { // NaN or outside int32
		return 0 // low byte of 0x80000000
	}
	return int8(int32(f))
}

// QuantizeQ8_0 quantizes src (a multiple of 32 values) into Q8_0 blocks in
// dst, byte-identical to ggml's quantize_row_q8_0_ref: per block
// amax = max |x| (C's MAX(a,b) = a > b ? a : b, so a NaN is dropped by the
// next comparison), d = amax/127 in float32, id = 1/d (0 if d is 0),
// q = roundf(x*id) (half away from zero), and the stored scale is d
// rounded to f16. The quants use the float32 d, not the rounded scale.
func QuantizeQ8_0(dst []byte, src []float32) error {
	nb, err := blockCount("q8_0", len(src), len(dst), Q8_0BlockBytes)
	if err != nil {
		return err
	}
	for b := 0; b < nb; b++ {
		x := src[b*BlockElems : (b+1)*BlockElems]
		blk := dst[b*Q8_0BlockBytes : (b+1)*Q8_0BlockBytes]
		var amax float32
		for _, v := range x {
			a := float32(math.Abs(float64(v)))
			if !(amax > a) { // MAX(amax, a)
				amax = a
			}
		}
		d := amax / 127
		var id float32
		if d != 0 {
			id = 1 / d
		}
		h := F32ToF16(d)
		blk[0], blk[1] = byte(h), byte(h>>8)
		for j, v := range x {
			x0 := float32(v * id) // float32() keeps Go from fusing
			blk[2+j] = byte(cInt8(math.Round(float64(x0))))
		}
	}
	return nil
}

// QuantizeQ4_0 quantizes src (a multiple of 32 values) into Q4_0 blocks in
// dst, byte-identical to ggml's quantize_row_q4_0_ref compiled without
// floating-point contraction: per block max = the value of largest |x|
// (the first one on ties), d = max / -8, id = 1/d (0 if d is 0),
// q = min(15, (int8)(x*id + 8.5)) with x*id and the addition each rounded
// to float32; element j goes to the low nibble of byte j, element j+16 to
// the high nibble; the stored scale is d rounded to f16.
func QuantizeQ4_0(dst []byte, src []float32) error {
	return quantizeQ4_0(dst, src, false)
}

// QuantizeQ4_0Fused is QuantizeQ4_0 for a ggml built with floating-point
// contraction (x*id + 8.5 computed as one fused multiply-add, rounded once),
// which is what GCC does by default when FMA instructions are enabled; it
// also matches gguf-py's numpy quantizer. The two variants differ only
// when x*id is within a float32 ulp of a half-integer, where x*id + 8.5
// crosses an integer.
func QuantizeQ4_0Fused(dst []byte, src []float32) error {
	return quantizeQ4_0(dst, src, true)
}

func quantizeQ4_0(dst []byte, src []float32, fused bool) error {
	nb, err := blockCount("q4_0", len(src), len(dst), Q4_0BlockBytes)
	if err != nil {
		return err
	}
	for b := 0; b < nb; b++ {
		x := src[b*BlockElems : (b+1)*BlockElems]
		blk := dst[b*Q4_0BlockBytes : (b+1)*Q4_0BlockBytes]
		var amax, max float32
		for _, v := range x {
			a := float32(math.Abs(float64(v)))
			if amax < a {
				amax, max = a, v
			}
		}
		d := max / -8
		var id float32
		if d != 0 {
			id = 1 / d
		}
		h := F32ToF16(d)
		blk[0], blk[1] = byte(h), byte(h>>8)
		for j := 0; j < 16; j++ {
			blk[2+j] = q4Code(x[j], id, fused) | q4Code(x[j+16], id, fused)<<4
		}
	}
	return nil
}

// q4Code is MIN(15, (int8_t)(x*id + 8.5f)) converted to uint8, as ggml
// writes it (a negative int8 would survive the MIN; it only arises from
// non-finite inputs, where cInt8 already yields 0).
func q4Code(x, id float32, fused bool) uint8 {
	var t float64
	if fused {
		// The product of two float32 values is exact in float64, and adding
		// 8.5 is exact too whenever |x*id| >= 1/2 (both then sit on the
		// 2^-48 grid within 53 bits): rounding that to float32 is fmaf's
		// single rounding. When |x*id| < 1/2 the sum lies in (8, 9), where
		// only rounding up to 9 changes the truncation, and that needs the
		// float64 sum to land on the float32 midpoint 9 - 2^-21; x*id is a
		// multiple of 2^-49 there, so it lands on it only when it is exactly
		// on it, and the double rounding agrees with fmaf.
		t = float64(float32(float64(x)*float64(id) + 8.5))
	} else {
		t = float64(float32(x*id) + 8.5)
	}
	q := cInt8(t)
	if q > 15 {
		q = 15
	}
	return uint8(q)
}
