package ggml

import "math"

// BF16ToF32 returns the value of the bfloat16 number h: the top 16 bits of
// a float32, so the conversion is exact and keeps every bit (a NaN keeps
// its payload and is not quieted), as ggml_compute_bf16_to_fp32 does.
func BF16ToF32(h uint16) float32 { return math.Float32frombits(uint32(h) << 16) }

// F32ToBF16 rounds f to bfloat16 as ggml_compute_fp32_to_bf16 (ggml
// src/ggml-impl.h) does: a NaN keeps its sign and top payload bits and is
// made quiet ((bits>>16) | 0x40); anything else is rounded to nearest, ties
// to even, on the raw bits ((u + 0x7FFF + ((u>>16)&1)) >> 16), which turns
// magnitudes past the largest bfloat16 into infinities and keeps float32
// subnormals (rounded, not flushed).
func F32ToBF16(f float32) uint16 {
	u := math.Float32bits(f)
	if u&0x7FFFFFFF > 0x7F800000 {
		return uint16(u>>16) | 0x40
	}
	return uint16((u + 0x7FFF + (u>>16)&1) >> 16)
}

// BF16ToF32Row converts len(dst) bfloat16 values stored little-endian in
// src (2 bytes each) into dst.
func BF16ToF32Row(dst []float32, src []byte) error {
	if len(src) != 2*len(dst) {
		return lengthError("bf16 row", len(dst), len(src), 2)
	}
	for i := range dst {
		dst[i] = BF16ToF32(uint16(src[2*i]) | uint16(src[2*i+1])<<8)
	}
	return nil
}

// F32ToBF16Row converts src into bfloat16 values stored little-endian in
// dst (2 bytes each), rounding as F32ToBF16 does.
func F32ToBF16Row(dst []byte, src []float32) error {
	if len(dst) != 2*len(src) {
		return lengthError("bf16 row", len(src), len(dst), 2)
	}
	for i, v := range src {
		h := F32ToBF16(v)
		dst[2*i] = byte(h)
		dst[2*i+1] = byte(h >> 8)
	}
	return nil
}
