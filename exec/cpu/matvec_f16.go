package cpu

import (
	"encoding/binary"
	"math"
	"unsafe"
)

// f16Fold is the power of two folded out of binary16 weights by dotF16:
// it reads each weight's bits shifted into a float64's fields, which is
// the weight times 2^-1008, and multiplies x by 2^f16XScale beforehand and
// the row's sum by 2^(1008-f16XScale) afterwards. 895 keeps the largest
// float32 (< 2^128) finite in float64, and every product of a binary16
// and a float32 value, scaled by 2^-113, stays far from float64's
// subnormal range (>= 2^-286) and from overflow; so every rounding
// happens exactly as it would on unscaled values and the result is
// bit-identical to Σ f16(w_i)·x_i computed plainly.
const (
	f16XScale   = 895
	f16SumScale = 1008 - f16XScale
)

// f16ExpMask has the exponent fields of four binary16 lanes in a uint64,
// f16ExpOnes their lowest bits and f16Signs the lanes' sign bits.
const (
	f16ExpMask = 0x7C007C007C007C00
	f16ExpOnes = 0x0400040004000400
	f16Signs   = 0x8000800080008000
)

// dotF16 returns Σ w[i]·x[i] for a row of little-endian binary16 weights,
// with the same accumulator order as dotF32; xs is x·2^f16XScale. It
// reports false for rows holding an infinity or NaN, which the caller
// recomputes with dotF16Special.
//
// The main loop only ORs the weight words together: a lane with exponent
// 31 sets all five exponent bits of its position in the OR, so when no
// position has them all, the row is finite. Otherwise (weights of both
// |w| < 2 and |w| >= 2, or a real infinity or NaN) f16Finite decides
// lane by lane.
func dotF16(w []byte, xs []float64) (float64, bool) {
	n8 := len(xs) &^ 7
	a, or := dotF16Octs(w[:2*n8], xs[:n8])
	return dotF16Tail(w, xs, a, or)
}

// dotF16x4 is dotF16 for the four rows of w (rb bytes each), their main
// loops run together (AVX2 only: four independent chains of adds). x2 is
// x·2^-113: the AVX2 loop multiplies the weights as they are by it, the
// same exact products as dotF16Octs's (w·2^-1008)·(x·2^895).
func dotF16x4(w []byte, rb int, xs, x2 []float64, s *[4]float64, finite *[4]bool) {
	n8 := len(xs) &^ 7
	var a [4][4]float64
	var or [4]uint64
	if n8 > 0 {
		_, _ = w[3*rb+2*n8-1], x2[n8-1]
		dotF16Octs4AVX2(&w[0], rb, &x2[0], n8, &a, &or)
	}
	for k := 0; k < 4; k++ {
		s[k], finite[k] = dotF16Tail(w[k*rb:(k+1)*rb], xs, a[k], or[k])
	}
}

// dotF16Tail finishes dotF16 from its main loop's accumulators and OR.
func dotF16Tail(w []byte, xs []float64, a [4]float64, or uint64) (float64, bool) {
	n := len(xs)
	n8 := n &^ 7
	// The last 0-7 elements: those of a whole group of four into a[0..3],
	// the rest into a[0], as in dotF32.
	w = w[:2*n]
	for i := n8; i < n; i++ {
		u := uint64(w[2*i]) | uint64(w[2*i+1])<<8
		or |= u
		k := i & 3
		if i >= n&^3 {
			k = 0
		}
		a[k] += f16Bits(u<<48) * xs[i]
	}
	finite := (or&f16ExpMask+f16ExpOnes)&f16Signs == 0 || f16Finite(w)
	return ((a[0] + a[1]) + (a[2] + a[3])) * 0x1p113, finite
}

// dotF16Octs is dotF16's main loop, over a multiple of eight weights: it
// returns the four accumulators and the OR of the weight words. It reads
// groups of eight weights (16 bytes) and x values indexed by one counter:
// no bounds checks or pointer arithmetic per step. (A function of its own
// so that nothing the tail needs is live in the loop, which is short of
// registers.)
func dotF16Octs(w []byte, xs []float64) (a [4]float64, or uint64) {
	if len(xs) < 8 { // a pointer to a whole group must point into the slice
		return
	}
	if useAVX2 {
		_ = w[2*len(xs)-1]
		or = dotF16OctsAVX2(&w[0], &xs[0], len(xs), &a)
		return a, or
	}
	wo := unsafe.Slice((*[16]byte)(unsafe.Pointer(unsafe.SliceData(w))), len(w)/16)
	xo := unsafe.Slice((*[8]float64)(unsafe.Pointer(unsafe.SliceData(xs))), len(xs)/8)
	wo = wo[:len(xo)]
	var a0, a1, a2, a3 float64
	for q := range xo {
		u := binary.LittleEndian.Uint64(wo[q][:8])
		v := binary.LittleEndian.Uint64(wo[q][8:])
		xp := &xo[q]
		or |= u | v
		h := int64(u) >> 32
		a0 += f16Lane(int64(int16(u))<<42) * xp[0]
		a1 += f16Lane(int64(int32(u))<<26) * xp[1]
		a2 += f16Lane(int64(int16(h))<<42) * xp[2]
		a3 += f16Lane(h<<26) * xp[3]
		g := int64(v) >> 32
		a0 += f16Lane(int64(int16(v))<<42) * xp[4]
		a1 += f16Lane(int64(int32(v))<<26) * xp[5]
		a2 += f16Lane(int64(int16(g))<<42) * xp[6]
		a3 += f16Lane(g<<26) * xp[7]
	}
	return [4]float64{a0, a1, a2, a3}, or
}

// f16Finite reports whether no binary16 value in w has exponent 31 (an
// infinity or a NaN). Adding f16ExpOnes to a word's exponent fields
// carries into a lane's sign bit only when that lane's exponent is 31.
func f16Finite(w []byte) bool {
	var carry uint64
	for len(w) >= 8 {
		carry |= binary.LittleEndian.Uint64(w)&f16ExpMask + f16ExpOnes
		w = w[8:]
	}
	for ; len(w) >= 2; w = w[2:] {
		carry |= uint64(binary.LittleEndian.Uint16(w))&0x7C00 + 0x0400
	}
	return carry&f16Signs == 0
}

// f16Lane returns the float64 whose bits are t's sign bit and bits 56..42,
// for t holding a binary16 value sign-extended from bit 57 (its sign
// copied into bits 57..63) and its other fields at bits 56..42: the value
// times 2^-1008, as f16Bits.
func f16Lane(t int64) float64 {
	return math.Float64frombits(uint64(t) & 0x81FFFC0000000000)
}

// f16Bits takes a binary16 value in the top 16 bits of t (lower bits are
// ignored) and returns the float64 whose sign, exponent and fraction
// fields hold its sign, exponent and fraction: the value times 2^-1008
// for every finite input, subnormals and zeros included.
func f16Bits(t uint64) float64 {
	// The arithmetic shift moves exponent and fraction to bits 56..42 and
	// copies the sign into bits 63..57; the mask keeps the sign at 63.
	return math.Float64frombits(uint64(int64(t)>>6) & 0x81FFFC0000000000)
}

// f16to64 widens a binary16 value to float64 exactly. Infinities and NaNs
// keep their sign and fraction bits.
func f16to64(h uint16) float64 {
	u := uint64(h)
	if u&0x7C00 == 0x7C00 {
		return math.Float64frombits((u&0x8000)<<48 | 0x7FF0000000000000 | (u&0x3FF)<<42)
	}
	return f16Bits(u<<48) * 0x1p1008
}
