package ggml

import (
	"encoding/binary"
	"math"
)

// Q8_KBlockBytes is the size of a Q8_K block (ggml's block_q8_K, the
// activation format of the K-quant dot products): float32 d at 0, 256
// int8 q at 4, 16 int16 bsums at 260 (bsums[k] = Σ q[16k..16k+15]);
// element e value = d·q[e].
const Q8_KBlockBytes = 292

// NearestInt is ggml's nearest_int: fval + 1.5·2^23 rounded to float32
// (to nearest, ties to even), then the low 23 bits of that float's bits
// minus 2^22. For |fval| < 2^22 it is fval rounded to the nearest integer,
// ties to even; for NaN and infinities it is what the bit trick gives
// (−2^22 for an infinity or the default NaN).
func NearestInt(fval float32) int32 {
	val := fval + 12582912
	return int32(math.Float32bits(val)&0x007fffff) - 0x00400000
}

// QuantizeQ8_K quantizes src (a multiple of 256 values) into Q8_K blocks
// in dst, byte-identical to ggml's quantize_row_q8_K_ref (c392e50) compiled
// without contraction: per block max = the value of largest |x| (the first
// one on ties; a NaN never wins), iscale = −127/max in float32,
// q = min(127, NearestInt(fl32(iscale·x))) stored as its low byte,
// d = 1/iscale (float32, so d < 0 when max > 0: that element becomes −127),
// bsums the int16 sums of each 16 stored q. A block whose largest |x| is 0
// gets d = 0 and zero codes; ggml leaves its bsums unwritten (unused, d
// being 0), zincc writes zeros there so that the bytes are defined.
func QuantizeQ8_K(dst []byte, src []float32) error {
	nb, err := blockCountN("q8_K", len(src), len(dst), KBlockElems, Q8_KBlockBytes)
	if err != nil {
		return err
	}
	for b := 0; b < nb; b++ {
		x := src[b*KBlockElems : (b+1)*KBlockElems]
		blk := dst[b*Q8_KBlockBytes : (b+1)*Q8_KBlockBytes]
		var max, amax float32
		for _, v := range x {
			if ax := float32(math.Abs(float64(v))); ax > amax {
				amax, max = ax, v
			}
		}
		if amax == 0 {
			clear(blk)
			continue
		}
		iscale := -127 / max
		for j, v := range x {
			q := min(127, NearestInt(float32(iscale*v))) // float32() keeps Go from fusing
			blk[4+j] = byte(q)
		}
		for k := 0; k < 16; k++ {
			var sum int32
			for _, q := range blk[4+16*k : 4+16*k+16] {
				sum += int32(int8(q))
			}
			binary.LittleEndian.PutUint16(blk[260+2*k:], uint16(int16(sum)))
		}
		binary.LittleEndian.PutUint32(blk, math.Float32bits(1/iscale))
	}
	return nil
}

// DequantizeQ8_K decodes Q8_K blocks as ggml's dequantize_row_q8_K: each
// value is fl32(d·q) (rounded: d is a full float32).
func DequantizeQ8_K(dst []float32, src []byte) error {
	nb, err := blockCountN("q8_K", len(dst), len(src), KBlockElems, Q8_KBlockBytes)
	if err != nil {
		return err
	}
	for b := 0; b < nb; b++ {
		blk := src[b*Q8_KBlockBytes : (b+1)*Q8_KBlockBytes]
		d := math.Float32frombits(binary.LittleEndian.Uint32(blk))
		for j := 0; j < KBlockElems; j++ {
			dst[b*KBlockElems+j] = d * float32(int8(blk[4+j]))
		}
	}
	return nil
}
