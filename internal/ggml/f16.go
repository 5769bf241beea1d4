package ggml

import "math"

// F16ToF32 returns the value of the IEEE binary16 number h as a float32.
// Every binary16 value is exactly representable in binary32, so the
// conversion is exact: zeros keep their sign, subnormals become normal
// float32 values, infinities stay infinite. A NaN keeps its sign and
// payload and is returned quiet (the quiet bit set), as an IEEE
// conversion of a signalling NaN does.
func F16ToF32(h uint16) float32 {
	sign := uint32(h&0x8000) << 16
	exp := uint32(h>>10) & 0x1F
	man := uint32(h) & 0x3FF
	switch exp {
	case 0:
		// Zero or subnormal: man * 2^-24, exact in float32 (man < 2^10).
		v := float32(man) * (1.0 / (1 << 24))
		return math.Float32frombits(sign | math.Float32bits(v))
	case 0x1F:
		if man == 0 {
			return math.Float32frombits(sign | 0x7F800000)
		}
		return math.Float32frombits(sign | 0x7FC00000 | man<<13)
	}
	// Normal: rebias the exponent from 15 to 127.
	return math.Float32frombits(sign | (exp+127-15)<<23 | man<<13)
}

// F32ToF16 returns f rounded to the nearest IEEE binary16 value, ties to
// even. Values whose magnitude rounds past 65504 become infinities;
// magnitudes below the smallest subnormal's half become signed zeros.
// Every NaN becomes sign|0x7E00, as ggml's portable conversion
// (ggml_compute_fp32_to_fp16 in src/ggml-impl.h) produces.
func F32ToF16(f float32) uint16 {
	bits := math.Float32bits(f)
	sign := uint16(bits>>16) & 0x8000
	exp := int(bits>>23) & 0xFF
	man := bits & 0x7FFFFF
	if exp == 0xFF {
		if man != 0 {
			return sign | 0x7E00
		}
		return sign | 0x7C00
	}
	e := exp - 127 // unbiased exponent; f32 subnormals give -127 here
	if e > 15 {
		return sign | 0x7C00
	}
	if e >= -14 {
		// Normal range: keep 10 of the 23 fraction bits. A carry out of
		// the fraction increments the exponent, and past e = 15 gives
		// exactly 0x7C00 (infinity), which is the right rounding.
		v := uint32(e+15)<<10 | man>>13
		rest := man & 0x1FFF
		if rest > 0x1000 || rest == 0x1000 && v&1 == 1 {
			v++
		}
		return sign | uint16(v)
	}
	if exp == 0 {
		// Float32 subnormals are below 2^-126, far under half of the
		// smallest binary16 subnormal (2^-25).
		return sign
	}
	// Binary16 subnormal: the significand (with its implicit bit) shifted
	// right so that one unit is 2^-24. A round-up to 0x400 yields the
	// smallest normal, which is again the right encoding.
	m := man | 0x800000
	shift := uint(-1 - e) // 14..(-1+127): e = -15 gives 14
	if shift > 24 {
		return sign
	}
	v := m >> shift
	rest := m & (1<<shift - 1)
	half := uint32(1) << (shift - 1)
	if rest > half || rest == half && v&1 == 1 {
		v++
	}
	return sign | uint16(v)
}

// F16ToF32Row converts len(src) binary16 values stored little-endian in
// src (2 bytes each) into dst.
func F16ToF32Row(dst []float32, src []byte) error {
	if len(src) != 2*len(dst) {
		return lengthError("f16 row", len(dst), len(src), 2)
	}
	for i := range dst {
		dst[i] = F16ToF32(uint16(src[2*i]) | uint16(src[2*i+1])<<8)
	}
	return nil
}

// F32ToF16Row converts src into binary16 values stored little-endian in dst
// (2 bytes each), rounding as F32ToF16 does.
func F32ToF16Row(dst []byte, src []float32) error {
	if len(dst) != 2*len(src) {
		return lengthError("f16 row", len(src), len(dst), 2)
	}
	for i, v := range src {
		h := F32ToF16(v)
		dst[2*i] = byte(h)
		dst[2*i+1] = byte(h >> 8)
	}
	return nil
}
