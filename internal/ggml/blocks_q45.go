package ggml

import (
	"encoding/binary"
	"math"
)

// Block geometry of the other 32-element formats (ggml src/ggml-common.h:
// block_q4_1, block_q5_0, block_q5_1). In all of them byte j of qs holds
// element j in its low nibble and element j+16 in its high nibble; the
// 5-bit formats keep the fifth bit of element e in bit e of the
// little-endian uint32 qh.
const (
	// Q4_1BlockBytes: f16 d at byte 0, f16 m at 2, qs[16] at 4; value
	// q·d + m with q in 0..15.
	Q4_1BlockBytes = 20
	// Q5_0BlockBytes: f16 d at byte 0, qh at 2, qs[16] at 6; value
	// (q − 16)·d with q in 0..31.
	Q5_0BlockBytes = 22
	// Q5_1BlockBytes: f16 d at 0, f16 m at 2, qh at 4, qs[16] at 8; value
	// q·d + m with q in 0..31.
	Q5_1BlockBytes = 24
)

func f16At(b []byte) float32 { return F16ToF32(binary.LittleEndian.Uint16(b)) }

func putF16(b []byte, f float32) { binary.LittleEndian.PutUint16(b, F32ToF16(f)) }

// DequantizeQ4_1 decodes Q4_1 blocks as ggml's dequantize_row_q4_1:
// fl32(q·d + m). q·d is exact in float32 (4 by 11 significant bits), so
// the sum is rounded once whether or not it is fused.
func DequantizeQ4_1(dst []float32, src []byte) error {
	nb, err := blockCount("q4_1", len(dst), len(src), Q4_1BlockBytes)
	if err != nil {
		return err
	}
	for b := 0; b < nb; b++ {
		blk := src[b*Q4_1BlockBytes : (b+1)*Q4_1BlockBytes]
		out := dst[b*BlockElems : (b+1)*BlockElems]
		d, m := f16At(blk[0:]), f16At(blk[2:])
		for j := 0; j < 16; j++ {
			q := blk[4+j]
			out[j] = float32(float32(q&0xF)*d) + m
			out[j+16] = float32(float32(q>>4)*d) + m
		}
	}
	return nil
}

// DequantizeQ5_0 decodes Q5_0 blocks as ggml's dequantize_row_q5_0:
// (q − 16)·d, exact in float32.
func DequantizeQ5_0(dst []float32, src []byte) error {
	nb, err := blockCount("q5_0", len(dst), len(src), Q5_0BlockBytes)
	if err != nil {
		return err
	}
	for b := 0; b < nb; b++ {
		blk := src[b*Q5_0BlockBytes : (b+1)*Q5_0BlockBytes]
		out := dst[b*BlockElems : (b+1)*BlockElems]
		d := f16At(blk[0:])
		qh := binary.LittleEndian.Uint32(blk[2:])
		for j := 0; j < 16; j++ {
			q := blk[6+j]
			q0 := int32(q&0xF) | int32(qh>>j&1)<<4
			q1 := int32(q>>4) | int32(qh>>(j+16)&1)<<4
			out[j] = float32(q0-16) * d
			out[j+16] = float32(q1-16) * d
		}
	}
	return nil
}

// DequantizeQ5_1 decodes Q5_1 blocks as ggml's dequantize_row_q5_1:
// fl32(q·d + m), q·d exact (5 by 11 significant bits).
func DequantizeQ5_1(dst []float32, src []byte) error {
	nb, err := blockCount("q5_1", len(dst), len(src), Q5_1BlockBytes)
	if err != nil {
		return err
	}
	for b := 0; b < nb; b++ {
		blk := src[b*Q5_1BlockBytes : (b+1)*Q5_1BlockBytes]
		out := dst[b*BlockElems : (b+1)*BlockElems]
		d, m := f16At(blk[0:]), f16At(blk[2:])
		qh := binary.LittleEndian.Uint32(blk[4:])
		for j := 0; j < 16; j++ {
			q := blk[8+j]
			q0 := uint32(q&0xF) | (qh>>j&1)<<4
			q1 := uint32(q>>4) | (qh>>(j+16)&1)<<4
			out[j] = float32(float32(q0)*d) + m
			out[j+16] = float32(float32(q1)*d) + m
		}
	}
	return nil
}

// minMax returns the smallest and largest of x as ggml's q4_1/q5_1
// quantizers find them: starting from FLT_MAX and -FLT_MAX, with strict
// comparisons (so NaNs are skipped).
func minMax(x []float32) (lo, hi float32) {
	lo, hi = math.MaxFloat32, -math.MaxFloat32
	for _, v := range x {
		if v < lo {
			lo = v
		}
		if v > hi {
			hi = v
		}
	}
	return lo, hi
}

// QuantizeQ4_1 quantizes src into Q4_1 blocks, byte-identical to ggml's
// quantize_row_q4_1_ref compiled without floating-point contraction:
// per block min and max (minMax), d = (max − min)/15, id = 1/d (0 if d is
// 0), q = min(15, (int8)(fl32(fl32(x − min)·id) + 0.5)); stored f16(d),
// f16(min). As for Q4_0, a build that fuses the multiply-add can differ
// when the product is within an ulp of a half-integer.
func QuantizeQ4_1(dst []byte, src []float32) error {
	nb, err := blockCount("q4_1", len(src), len(dst), Q4_1BlockBytes)
	if err != nil {
		return err
	}
	for b := 0; b < nb; b++ {
		x := src[b*BlockElems : (b+1)*BlockElems]
		blk := dst[b*Q4_1BlockBytes : (b+1)*Q4_1BlockBytes]
		lo, hi := minMax(x)
		d := (hi - lo) / 15
		var id float32
		if d != 0 {
			id = 1 / d
		}
		putF16(blk[0:], d)
		putF16(blk[2:], lo)
		for j := 0; j < 16; j++ {
			blk[4+j] = minCode(x[j], lo, id, 15) | minCode(x[j+16], lo, id, 15)<<4
		}
	}
	return nil
}

// minCode is ggml's code for x in a block with a minimum: the truncation
// of fl32(fl32(x − lo)·id) + 0.5 to an int8 (cInt8), limited to top when
// top is 15 (q4_1's MIN); q5_1 has no MIN and keeps the low byte.
func minCode(x, lo, id float32, top int8) uint8 {
	x0 := float32(float32(x-lo) * id)
	q := cInt8(float64(float32(x0 + 0.5)))
	if top == 15 && q > 15 {
		q = 15
	}
	return uint8(q)
}

// QuantizeQ5_0 quantizes src into Q5_0 blocks, byte-identical to ggml's
// quantize_row_q5_0_ref compiled without contraction: max = the value of
// largest |x| (first on ties), d = max/−16, id = 1/d (0 if d is 0),
// q = min(31, (int8)(fl32(x·id) + 16.5)); the low nibbles go to qs as in
// Q4_0 and bit 4 of the code of element e to bit e of qh.
func QuantizeQ5_0(dst []byte, src []float32) error {
	nb, err := blockCount("q5_0", len(src), len(dst), Q5_0BlockBytes)
	if err != nil {
		return err
	}
	for b := 0; b < nb; b++ {
		x := src[b*BlockElems : (b+1)*BlockElems]
		blk := dst[b*Q5_0BlockBytes : (b+1)*Q5_0BlockBytes]
		var amax, max float32
		for _, v := range x {
			if a := float32(math.Abs(float64(v))); amax < a {
				amax, max = a, v
			}
		}
		d := max / -16
		var id float32
		if d != 0 {
			id = 1 / d
		}
		putF16(blk[0:], d)
		var qh uint32
		for j := 0; j < 16; j++ {
			q0, q1 := q5Code(x[j], id), q5Code(x[j+16], id)
			blk[6+j] = q0&0xF | q1&0xF<<4
			qh |= uint32(q0>>4&1)<<j | uint32(q1>>4&1)<<(j+16)
		}
		binary.LittleEndian.PutUint32(blk[2:], qh)
	}
	return nil
}

func q5Code(x, id float32) uint8 {
	q := cInt8(float64(float32(x*id) + 16.5))
	if q > 31 {
		q = 31
	}
	return uint8(q)
}

// QuantizeQ5_1 quantizes src into Q5_1 blocks, byte-identical to ggml's
// quantize_row_q5_1_ref compiled without contraction: min and max as for
// Q4_1, d = (max − min)/31, q = (uint8)(fl32(fl32(x − min)·id) + 0.5)
// (no clamp: ggml has none), fifth bits into qh as in Q5_0; stored f16(d),
// f16(min).
func QuantizeQ5_1(dst []byte, src []float32) error {
	nb, err := blockCount("q5_1", len(src), len(dst), Q5_1BlockBytes)
	if err != nil {
		return err
	}
	for b := 0; b < nb; b++ {
		x := src[b*BlockElems : (b+1)*BlockElems]
		blk := dst[b*Q5_1BlockBytes : (b+1)*Q5_1BlockBytes]
		lo, hi := minMax(x)
		d := (hi - lo) / 31
		var id float32
		if d != 0 {
			id = 1 / d
		}
		putF16(blk[0:], d)
		putF16(blk[2:], lo)
		var qh uint32
		for j := 0; j < 16; j++ {
			q0, q1 := minCode(x[j], lo, id, 31), minCode(x[j+16], lo, id, 31)
			blk[8+j] = q0&0xF | q1&0xF<<4
			qh |= uint32(q0>>4&1)<<j | uint32(q1>>4&1)<<(j+16)
		}
		binary.LittleEndian.PutUint32(blk[4:], qh)
	}
	return nil
}
