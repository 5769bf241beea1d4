package ggml

import (
	"math"
)

// Geometry of the K-quant super-block formats (ggml src/ggml-common.h:
// block_q4_K, block_q5_K, block_q6_K; QK_K = 256).
const (
	// KBlockElems is the number of elements in one K-quant super-block.
	KBlockElems = 256
	// Q4_KBlockBytes: f16 d at 0, f16 dmin at 2, scales[12] at 4 (eight
	// 6-bit scales and eight 6-bit mins, see ScaleMinK4), qs[128] at 16.
	// Chunk c (0..3) covers elements 64c..64c+63: element 64c+l takes the
	// low nibble of qs[32c+l] with sub-block 2c, element 64c+32+l its high
	// nibble with sub-block 2c+1. Value (d·sc)·q − dmin·m.
	Q4_KBlockBytes = 144
	// Q5_KBlockBytes: as Q4_K with qh[32] at 16 and qs[128] at 48; bit j of
	// qh[l] is the fifth bit of element 32j+l (sub-block j, position l).
	Q5_KBlockBytes = 176
	// Q6_KBlockBytes: ql[128] at 0, qh[64] at 128, 16 int8 scales at 192,
	// f16 d at 208. Half n (0, 1) covers elements 128n..128n+127; for
	// l = 0..31 the four elements 128n+l+32i (i = 0..3) take the low nibble
	// of ql[64n+l] (i = 0), of ql[64n+32+l] (1), the high nibble of
	// ql[64n+l] (2), of ql[64n+32+l] (3), and bits 2i..2i+1 of qh[32n+l] as
	// bits 4..5. Element e has scale scales[e/16]; value (d·sc)·(q − 32).
	Q6_KBlockBytes = 210
)

// ScaleMinK4 returns the 6-bit scale and min of sub-block j (0..7) from the
// 12 packed bytes s of a Q4_K or Q5_K block (ggml's get_scale_min_k4):
// bytes 0-3 hold scales 0-3 in bits 0-5 and bits 4-5 of scales 4-7 in bits
// 6-7; bytes 4-7 the same for the mins; bytes 8-11 bits 0-3 of scale 4+i
// (low nibble) and of min 4+i (high nibble).
func ScaleMinK4(j int, s []byte) (sc, m uint8) {
	if j < 4 {
		return s[j] & 63, s[j+4] & 63
	}
	return s[j+4]&0xF | s[j-4]>>6<<4, s[j+4]>>4 | s[j]>>6<<4
}

// packScaleMinK4 is the inverse of ScaleMinK4 for eight 6-bit scales and
// mins.
func packScaleMinK4(s []byte, sc, m *[8]uint8) {
	for j := 0; j < 4; j++ {
		s[j] = sc[j]&63 | sc[j+4]>>4<<6
		s[j+4] = m[j]&63 | m[j+4]>>4<<6
		s[j+8] = sc[j+4]&0xF | m[j+4]&0xF<<4
	}
}

// DequantizeQ4_K decodes Q4_K super-blocks as ggml's dequantize_row_q4_K:
// d1 = d·sc and m1 = dmin·m in float32, value fl32(d1·q − m1). d1, m1 and
// d1·q are exact (at most 21 significant bits), so each value is the
// exact d·sc·q − dmin·m rounded once, with or without a fused multiply-add.
func DequantizeQ4_K(dst []float32, src []byte) error {
	return dequantizeQ45K("q4_K", dst, src, Q4_KBlockBytes)
}

// DequantizeQ5_K decodes Q5_K super-blocks as ggml's dequantize_row_q5_K:
// as Q4_K with q += 16 when the element's qh bit is set (d1·q is still
// exact: 22 significant bits).
func DequantizeQ5_K(dst []float32, src []byte) error {
	return dequantizeQ45K("q5_K", dst, src, Q5_KBlockBytes)
}

func dequantizeQ45K(what string, dst []float32, src []byte, bb int) error {
	nb, err := blockCountN(what, len(dst), len(src), KBlockElems, bb)
	if err != nil {
		return err
	}
	five := bb == Q5_KBlockBytes
	for b := 0; b < nb; b++ {
		blk := src[b*bb : (b+1)*bb]
		out := dst[b*KBlockElems : (b+1)*KBlockElems]
		d, dmin := f16At(blk[0:]), f16At(blk[2:])
		scales := blk[4:16]
		qs, qh := blk[16:144], []byte(nil)
		if five {
			qh, qs = blk[16:48], blk[48:176]
		}
		for c := 0; c < 4; c++ {
			sc0, m0 := ScaleMinK4(2*c, scales)
			sc1, m1 := ScaleMinK4(2*c+1, scales)
			d0, mm0 := d*float32(sc0), dmin*float32(m0)
			d1, mm1 := d*float32(sc1), dmin*float32(m1)
			for l := 0; l < 32; l++ {
				q := qs[32*c+l]
				lo, hi := uint32(q&0xF), uint32(q>>4)
				if five {
					lo |= uint32(qh[l]>>(2*c)&1) << 4
					hi |= uint32(qh[l]>>(2*c+1)&1) << 4
				}
				out[64*c+l] = float32(d0*float32(lo)) - mm0
				out[64*c+32+l] = float32(d1*float32(hi)) - mm1
			}
		}
	}
	return nil
}

// DequantizeQ6_K decodes Q6_K super-blocks as ggml's dequantize_row_q6_K:
// fl32(fl32(d·sc)·(q − 32)) with sc the signed int8 scale, which is exact
// (d·sc has at most 18 significant bits, times at most 5 more).
func DequantizeQ6_K(dst []float32, src []byte) error {
	nb, err := blockCountN("q6_K", len(dst), len(src), KBlockElems, Q6_KBlockBytes)
	if err != nil {
		return err
	}
	for b := 0; b < nb; b++ {
		blk := src[b*Q6_KBlockBytes : (b+1)*Q6_KBlockBytes]
		out := dst[b*KBlockElems : (b+1)*KBlockElems]
		d := f16At(blk[208:])
		for n := 0; n < 2; n++ {
			ql, qh := blk[64*n:64*n+64], blk[128+32*n:128+32*n+32]
			sc := blk[192+8*n : 192+8*n+8]
			o := out[128*n : 128*n+128]
			for l := 0; l < 32; l++ {
				is := l / 16
				h := qh[l]
				q1 := int32(ql[l]&0xF|h&3<<4) - 32
				q2 := int32(ql[l+32]&0xF|h>>2&3<<4) - 32
				q3 := int32(ql[l]>>4|h>>4&3<<4) - 32
				q4 := int32(ql[l+32]>>4|h>>6&3<<4) - 32
				o[l] = float32(d*float32(int8(sc[is]))) * float32(q1)
				o[l+32] = float32(d*float32(int8(sc[is+2]))) * float32(q2)
				o[l+64] = float32(d*float32(int8(sc[is+4]))) * float32(q3)
				o[l+96] = float32(d*float32(int8(sc[is+6]))) * float32(q4)
			}
		}
	}
	return nil
}

// roundClamp returns v rounded to the nearest integer, ties to even (as
// ggml's nearest_int), limited to [lo, hi]; NaN gives lo.
func roundClamp(v float32, lo, hi int) int {
	switch {
	case !(v >= float32(lo)):
		return lo
	case v >= float32(hi):
		return hi
	}
	return int(math.RoundToEven(float64(v)))
}

// QuantizeQ4_K quantizes src (a multiple of 256 values) into Q4_K blocks
// with a simple one-pass quantizer, not ggml's iterative search
// (make_qkx2_quants), so its bytes differ from llama-quantize's; the
// blocks are valid and decode with any Q4_K reader. In float32: for each
// sub-block j of 32, lo_j = min(0, min x), scale_j = (max x − lo_j)/15 and
// min_j = −lo_j; d = max_j scale_j / 63 and dmin = max_j min_j / 63,
// stored as f16; with D and M the stored values decoded, sc_j =
// round(scale_j/D) and m_j = round(min_j/dmin) in 0..63 (0 when D or M is
// 0); each code q = round((x + M·m_j)/(D·sc_j)) in 0..15 (0 when D·sc_j is
// 0). Rounding is to nearest, ties to even. When d and dmin are normal f16
// values, |x − value| <= D·sc_j/2 + 7.5·D + M/2 (plus float32 rounding);
// the largest sub-block gets scale 63 and the largest min 63, so the top
// bits of the 6-bit fields are used.
func QuantizeQ4_K(dst []byte, src []float32) error {
	return quantizeQ45K("q4_K", dst, src, Q4_KBlockBytes, 15)
}

// QuantizeQ5_K is QuantizeQ4_K for Q5_K: codes 0..31 (scale_j =
// (max − lo_j)/31), the fifth bit of each code in qh. The bound becomes
// D·sc_j/2 + 15.5·D + M/2.
func QuantizeQ5_K(dst []byte, src []float32) error {
	return quantizeQ45K("q5_K", dst, src, Q5_KBlockBytes, 31)
}

func quantizeQ45K(what string, dst []byte, src []float32, bb, top int) error {
	nb, err := blockCountN(what, len(src), len(dst), KBlockElems, bb)
	if err != nil {
		return err
	}
	for b := 0; b < nb; b++ {
		x := src[b*KBlockElems : (b+1)*KBlockElems]
		blk := dst[b*bb : (b+1)*bb]
		var scale, mins [8]float32
		var maxScale, maxMin float32
		for j := 0; j < 8; j++ {
			var lo, hi float32
			for i, v := range x[32*j : 32*j+32] {
				if i == 0 || v > hi {
					hi = v
				}
				if v < lo {
					lo = v
				}
			}
			scale[j] = (hi - lo) / float32(top)
			mins[j] = -lo
			if scale[j] > maxScale {
				maxScale = scale[j]
			}
			if mins[j] > maxMin {
				maxMin = mins[j]
			}
		}
		putF16(blk[0:], maxScale/63)
		putF16(blk[2:], maxMin/63)
		D, M := f16At(blk[0:]), f16At(blk[2:])
		var sc, mm [8]uint8
		for j := 0; j < 8; j++ {
			if D > 0 {
				sc[j] = uint8(roundClamp(scale[j]/D, 0, 63))
			}
			if M > 0 {
				mm[j] = uint8(roundClamp(mins[j]/M, 0, 63))
			}
		}
		packScaleMinK4(blk[4:16], &sc, &mm)
		qs, qh := blk[16:144], []byte(nil)
		if bb == Q5_KBlockBytes {
			qh, qs = blk[16:48], blk[48:176]
			clear(qh)
		}
		for c := 0; c < 4; c++ {
			var codes [2][32]uint8
			for h := 0; h < 2; h++ {
				j := 2*c + h
				step := D * float32(sc[j])
				off := M * float32(mm[j])
				for l := 0; l < 32; l++ {
					if step > 0 {
						codes[h][l] = uint8(roundClamp((x[32*j+l]+off)/step, 0, top))
					}
				}
			}
			for l := 0; l < 32; l++ {
				lo, hi := codes[0][l], codes[1][l]
				qs[32*c+l] = lo&0xF | hi&0xF<<4
				if qh != nil {
					qh[l] |= lo>>4<<(2*c) | hi>>4<<(2*c+1)
				}
			}
		}
	}
	return nil
}

// QuantizeQ6_K quantizes src (a multiple of 256 values) into Q6_K blocks
// with the structure of ggml's quantize_row_q6_K_ref but without its
// search over scales (make_qx_quants with rmse_type 1): for each
// sub-block k of 16, max_k = the value of largest |x| (first on ties) and
// scale_k = max_k/−32; over the block, the scale of largest |scale_k| is
// s, iscale = −128/s, d = 1/iscale (stored f16, decoded D) and sc_k =
// min(127, round(iscale·scale_k)) (so the largest one is −128); each code
// q = round(x/(D·sc_k)) in −32..31, stored as q + 32 (0 when D·sc_k is 0).
// Rounding is to nearest, ties to even. For a normal f16 d,
// |x − value| <= |D·sc_k| + 16·|D| (plus float32 rounding).
func QuantizeQ6_K(dst []byte, src []float32) error {
	nb, err := blockCountN("q6_K", len(src), len(dst), KBlockElems, Q6_KBlockBytes)
	if err != nil {
		return err
	}
	for b := 0; b < nb; b++ {
		x := src[b*KBlockElems : (b+1)*KBlockElems]
		blk := dst[b*Q6_KBlockBytes : (b+1)*Q6_KBlockBytes]
		var scale [16]float32
		var maxScale, maxAbs float32
		for k := 0; k < 16; k++ {
			var amax, max float32
			for _, v := range x[16*k : 16*k+16] {
				if a := float32(math.Abs(float64(v))); a > amax {
					amax, max = a, v
				}
			}
			scale[k] = max / -32
			if a := float32(math.Abs(float64(scale[k]))); a > maxAbs {
				maxAbs, maxScale = a, scale[k]
			}
		}
		var iscale float32
		if maxAbs > 0 {
			iscale = -128 / maxScale
			putF16(blk[208:], 1/iscale)
		} else {
			putF16(blk[208:], 0)
		}
		D := f16At(blk[208:])
		var codes [KBlockElems]uint8
		for k := 0; k < 16; k++ {
			sc := int8(roundClamp(iscale*scale[k], -128, 127))
			blk[192+k] = byte(sc)
			step := D * float32(sc)
			for i := 16 * k; i < 16*k+16; i++ {
				codes[i] = 32
				if step != 0 {
					codes[i] = uint8(roundClamp(x[i]/step, -32, 31) + 32)
				}
			}
		}
		for n := 0; n < 2; n++ {
			q := codes[128*n : 128*n+128]
			for l := 0; l < 32; l++ {
				blk[64*n+l] = q[l]&0xF | q[l+64]&0xF<<4
				blk[64*n+32+l] = q[l+32]&0xF | q[l+96]&0xF<<4
				blk[128+32*n+l] = q[l]>>4 | q[l+32]>>4<<2 | q[l+64]>>4<<4 | q[l+96]>>4<<6
			}
		}
	}
	return nil
}
