//go:build amd64

#include "textflag.h"

// AVX-512 (VNNI) block sums for the matvec of a quantised x
// (blocksums_avx512.go). x comes prepared once per call (prepX32, prepXK):
// rearranged to the order the weight permutations below produce, with the
// row-independent offset terms formed. Every product and partial sum is an
// exact integer. VPDPBUSD (unsigned weight bytes × signed activation
// bytes, four products into each int32, no int16 step) takes the 32-element
// formats: q4_0's codes c with the offset −8 applied as −8·Σy per block
// afterwards, q8_0's signed codes as c+128 (XOR 0x80) with −128·Σy. The
// K-quants keep their eight lanes l = e mod 8: codes are permuted so that
// dword l of a 32-element sub-block holds elements l, l+8, l+16, l+24;
// VPMADDUBSW forms word pairs (at most 2·63·128 in magnitude: no
// saturation, even for −128 activations) and VPDPWSSD multiplies them by
// the sub-block scales into int32 lanes.

// Byte offsets into ·zTab (blocksums_avx512.go's z* constants).
#define T_PERM32 0
#define T_Q40LO 64
#define T_Q40HI 128
#define T_Q40D 192
#define T_Q80LO 256
#define T_Q80HI 320
#define T_Q80D 384
#define T_Q80D2 448
#define T_RED 512
#define T_Q4KSC 576
#define T_Q5KBIT 832
#define T_Q6KSC 1088
#define T_Q6KSHL 1344
#define T_Q6KSHR 1408
#define T_Q50LO 1472
#define T_Q50HI 1536
#define T_Q50D 1600
#define T_Q50D2 1664
#define T_Q50QH 1728
#define T_Q50QH2 1792
#define T_Q50BIT 1856
#define T_Q50BI2 1920
#define T_Q41LO 1984
#define T_Q41HI 2048
#define T_Q41DM 2112
#define T_Q41DM2 2176
#define T_Q51LO 2240
#define T_Q51HI 2304
#define T_Q51DM 2368
#define T_Q51DM2 2432
#define T_Q51QH 2496
#define T_Q51QH2 2560

// Prefetch distance, as the AVX2 kernels'.
#define PFDIST 6144

#define PF3 \
	PREFETCHT0 PFDIST(SI) \
	PREFETCHT0 PFDIST+64(SI) \
	PREFETCHT0 PFDIST+128(SI)

#define PF5 \
	PF3 \
	PREFETCHT0 PFDIST+192(SI) \
	PREFETCHT0 PFDIST+256(SI)

// RED2 sums the four dwords of each 128-bit lane of Z7 (blocks 0..3) and
// Z8 (blocks 4..7) into Y9 in block order; clobbers Z9, Z10.
#define RED2 \
	VPUNPCKLQDQ Z8, Z7, Z9 \
	VPUNPCKHQDQ Z8, Z7, Z10 \
	VPADDD Z10, Z9, Z9 \
	VPSHUFD $0xb1, Z9, Z10 \
	VPADDD Z10, Z9, Z9 \
	VPERMD Z9, Z27, Z9

// OFFSUB subtracts Σy·2^sh (x's per-block sums at 256(DI)) from Y9 and
// stores the eight block sums.
#define OFFSUB(sh) \
	VMOVDQU 256(DI), Y10 \
	VPSLLD $sh, Y10, Y10 \
	VPSUBD Y10, Y9, Y9 \
	VMOVDQU Y9, (DX)

// func sumsQ4_0AVX512(w, xp *byte, n int, out *int32, d *float32)
TEXT ·sumsQ4_0AVX512(SB), NOSPLIT, $0-40
	MOVQ w+0(FP), SI
	MOVQ xp+8(FP), DI
	MOVQ n+16(FP), CX
	MOVQ out+24(FP), DX
	MOVQ d+32(FP), R8
	MOVL $0x0f, AX
	VPBROADCASTB AX, Z31
	VMOVDQU64 ·zTab+T_Q40LO(SB), Z30
	VMOVDQU64 ·zTab+T_Q40HI(SB), Z29
	VMOVDQU64 ·zTab+T_Q40D(SB), Z28
	VMOVDQU64 ·zTab+T_RED(SB), Z27
q40zloop:
	PF3
	VMOVDQU64 0(SI), Z1
	VPERMT2B 64(SI), Z30, Z1
	VMOVDQU64 64(SI), Z2
	VMOVDQU 128(SI), X3
	VPERMT2B Z3, Z29, Z2
	VMOVDQU64 0(SI), Z4
	VPERMT2W 64(SI), Z28, Z4
	VCVTPH2PS X4, Y4
	VMOVUPS Y4, (R8)
	VPSRLW $4, Z1, Z5
	VPANDD Z31, Z1, Z1
	VPANDD Z31, Z5, Z5
	VPSRLW $4, Z2, Z6
	VPANDD Z31, Z2, Z2
	VPANDD Z31, Z6, Z6
	VPXORD Z7, Z7, Z7
	VPXORD Z8, Z8, Z8
	VPDPBUSD 0(DI), Z1, Z7
	VPDPBUSD 64(DI), Z5, Z7
	VPDPBUSD 128(DI), Z2, Z8
	VPDPBUSD 192(DI), Z6, Z8
	RED2
	OFFSUB(3)
	ADDQ $144, SI
	ADDQ $512, DI
	ADDQ $32, DX
	ADDQ $32, R8
	SUBQ $8, CX
	JNZ  q40zloop
	VZEROUPPER
	RET

// func sumsQ8_0AVX512(w, xp *byte, n int, out *int32, d *float32)
TEXT ·sumsQ8_0AVX512(SB), NOSPLIT, $0-40
	MOVQ w+0(FP), SI
	MOVQ xp+8(FP), DI
	MOVQ n+16(FP), CX
	MOVQ out+24(FP), DX
	MOVQ d+32(FP), R8
	MOVL $0x80, AX
	VPBROADCASTB AX, Z31
	VMOVDQU64 ·zTab+T_Q80LO(SB), Z30
	VMOVDQU64 ·zTab+T_Q80HI(SB), Z29
	VMOVDQU64 ·zTab+T_Q80D(SB), Z28
	VMOVDQU64 ·zTab+T_RED(SB), Z27
	VMOVDQU64 ·zTab+T_Q80D2(SB), Z26
q80zloop:
	PF5
	VMOVDQU64 0(SI), Z1
	VPERMT2B 64(SI), Z30, Z1
	VMOVDQU64 8(SI), Z2
	VPERMT2B 72(SI), Z29, Z2
	VMOVDQU64 136(SI), Z3
	VPERMT2B 200(SI), Z30, Z3
	VMOVDQU64 144(SI), Z4
	VPERMT2B 208(SI), Z29, Z4
	VMOVDQU64 0(SI), Z5
	VPERMT2W 64(SI), Z28, Z5
	VMOVDQU64 128(SI), Z6
	VPERMT2W 192(SI), Z26, Z6
	VPUNPCKLQDQ X6, X5, X5
	VCVTPH2PS X5, Y5
	VMOVUPS Y5, (R8)
	VPXORD Z31, Z1, Z1
	VPXORD Z31, Z2, Z2
	VPXORD Z31, Z3, Z3
	VPXORD Z31, Z4, Z4
	VPXORD Z7, Z7, Z7
	VPXORD Z8, Z8, Z8
	VPDPBUSD 0(DI), Z1, Z7
	VPDPBUSD 64(DI), Z2, Z7
	VPDPBUSD 128(DI), Z3, Z8
	VPDPBUSD 192(DI), Z4, Z8
	RED2
	OFFSUB(7)
	ADDQ $272, SI
	ADDQ $512, DI
	ADDQ $32, DX
	ADDQ $32, R8
	SUBQ $8, CX
	JNZ  q80zloop
	VZEROUPPER
	RET

// The 32-element formats' dot of four rows (dot4Q8): per eight blocks
// each row's block sums and scales as sums*AVX512's, the terms t_b in the
// Go code's roundings (VCVTDQ2PS, VMULPS in its order, no fused
// multiply-add), then the four rows' terms transposed so that block b's
// are one XMM [t_0b t_1b t_2b t_3b], added to the accumulators (lane k:
// row k) one block at a time in block order: each lane is its row's
// sequential float32 sum. Only NaN payloads may differ; the caller
// recomputes such rows in Go.

// Q40ROW(r) sets Y9 to the eight q4_0 block sums of the row at r (x at
// DI, 8·Σy in Y25) and Y4 to the scales; clobbers Z1..Z10.
#define Q40ROW(r) \
	VMOVDQU64 0(r), Z1 \
	VPERMT2B 64(r), Z30, Z1 \
	VMOVDQU64 64(r), Z2 \
	VMOVDQU 128(r), X3 \
	VPERMT2B Z3, Z29, Z2 \
	VMOVDQU64 0(r), Z4 \
	VPERMT2W 64(r), Z28, Z4 \
	VCVTPH2PS X4, Y4 \
	VPSRLW $4, Z1, Z5 \
	VPANDD Z31, Z1, Z1 \
	VPANDD Z31, Z5, Z5 \
	VPSRLW $4, Z2, Z6 \
	VPANDD Z31, Z2, Z2 \
	VPANDD Z31, Z6, Z6 \
	VPXORD Z7, Z7, Z7 \
	VPXORD Z8, Z8, Z8 \
	VPDPBUSD 0(DI), Z1, Z7 \
	VPDPBUSD 64(DI), Z5, Z7 \
	VPDPBUSD 128(DI), Z2, Z8 \
	VPDPBUSD 192(DI), Z6, Z8 \
	RED2 \
	VPSUBD Y25, Y9, Y9

// Q80ROW(r) is Q40ROW for q8_0 (128·Σy in Y25). Each 128-bit lane of a
// code register is one block's 16 codes, unaligned at 34k+2 (lows) or
// 34k+18 (highs): a 16-byte load and three VINSERTI32X4 from memory, which
// measured faster than a pair of 64-byte loads and a VPERMT2B (the
// sums*AVX512 tables T_Q80LO, T_Q80HI).
#define Q80ROW(r) \
	VMOVDQU 2(r), X1 \
	VINSERTI32X4 $1, 36(r), Z1, Z1 \
	VINSERTI32X4 $2, 70(r), Z1, Z1 \
	VINSERTI32X4 $3, 104(r), Z1, Z1 \
	VMOVDQU 18(r), X2 \
	VINSERTI32X4 $1, 52(r), Z2, Z2 \
	VINSERTI32X4 $2, 86(r), Z2, Z2 \
	VINSERTI32X4 $3, 120(r), Z2, Z2 \
	VMOVDQU 138(r), X3 \
	VINSERTI32X4 $1, 172(r), Z3, Z3 \
	VINSERTI32X4 $2, 206(r), Z3, Z3 \
	VINSERTI32X4 $3, 240(r), Z3, Z3 \
	VMOVDQU 154(r), X4 \
	VINSERTI32X4 $1, 188(r), Z4, Z4 \
	VINSERTI32X4 $2, 222(r), Z4, Z4 \
	VINSERTI32X4 $3, 256(r), Z4, Z4 \
	VPXORD Z24, Z1, Z1 \
	VPXORD Z24, Z2, Z2 \
	VPXORD Z24, Z3, Z3 \
	VPXORD Z24, Z4, Z4 \
	VPXORD Z7, Z7, Z7 \
	VPXORD Z8, Z8, Z8 \
	VPDPBUSD 0(DI), Z1, Z7 \
	VPDPBUSD 64(DI), Z2, Z7 \
	VPDPBUSD 128(DI), Z3, Z8 \
	VPDPBUSD 192(DI), Z4, Z8 \
	VMOVDQU64 0(r), Z5 \
	VPERMT2W 64(r), Z28, Z5 \
	VMOVDQU64 128(r), Z6 \
	VPERMT2W 192(r), Z26, Z6 \
	VPUNPCKLQDQ X6, X5, X5 \
	VCVTPH2PS X5, Y4 \
	RED2 \
	VPSUBD Y25, Y9, Y9

// q4_0: t = fl(fl(float(s)·d_w)·d_x), d_x in Y23.
#define T40(t) \
	VCVTDQ2PS Y9, Y9 \
	VMULPS Y4, Y9, Y9 \
	VMULPS Y23, Y9, t

// q8_0: t = fl(float(s)·fl(d_w·d_x)).
#define T80(t) \
	VMULPS Y23, Y4, Y4 \
	VCVTDQ2PS Y9, Y9 \
	VMULPS Y4, Y9, t

// ACC4 transposes the terms of rows 0..3 in Y11..Y14 and adds them to X22
// block by block; clobbers Y11..Y21.
#define ACC4 \
	VUNPCKLPS Y12, Y11, Y15 \
	VUNPCKHPS Y12, Y11, Y16 \
	VUNPCKLPS Y14, Y13, Y17 \
	VUNPCKHPS Y14, Y13, Y18 \
	VUNPCKLPD Y17, Y15, Y11 \
	VUNPCKHPD Y17, Y15, Y12 \
	VUNPCKLPD Y18, Y16, Y13 \
	VUNPCKHPD Y18, Y16, Y14 \
	VADDPS X11, X22, X22 \
	VADDPS X12, X22, X22 \
	VADDPS X13, X22, X22 \
	VADDPS X14, X22, X22 \
	VEXTRACTF128 $1, Y11, X11 \
	VEXTRACTF128 $1, Y12, X12 \
	VEXTRACTF128 $1, Y13, X13 \
	VEXTRACTF128 $1, Y14, X14 \
	VADDPS X11, X22, X22 \
	VADDPS X12, X22, X22 \
	VADDPS X13, X22, X22 \
	VADDPS X14, X22, X22

// DOT4HEAD, after the arguments are loaded (w in SI, rb in R9, xp in DI,
// n in CX, acc in DX): rows at SI, R11, R12, R13, acc in X22.
#define DOT4HEAD \
	LEAQ (SI)(R9*1), R11 \
	LEAQ (SI)(R9*2), R12 \
	LEAQ (R11)(R9*2), R13 \
	VMOVUPS (DX), X22

// PF4(o) prefetches offset o of the next four rows (4·rb on: the rows
// this call's successor reads) at the position being read.
#define PF4(o) \
	PREFETCHT0 o(R13)(R9*1) \
	PREFETCHT0 o(R13)(R9*2) \
	PREFETCHT0 o(R12)(R9*4) \
	PREFETCHT0 o(R13)(R9*4)

// func dot4Q4_0AVX512(w *byte, rb int, xp *byte, n int, acc *[4]float32)
TEXT ·dot4Q4_0AVX512(SB), NOSPLIT, $0-40
	MOVQ w+0(FP), SI
	MOVQ rb+8(FP), R9
	MOVQ xp+16(FP), DI
	MOVQ n+24(FP), CX
	MOVQ acc+32(FP), DX
	DOT4HEAD
	MOVL $0x0f, AX
	VPBROADCASTB AX, Z31
	VMOVDQU64 ·zTab+T_Q40LO(SB), Z30
	VMOVDQU64 ·zTab+T_Q40HI(SB), Z29
	VMOVDQU64 ·zTab+T_Q40D(SB), Z28
	VMOVDQU64 ·zTab+T_RED(SB), Z27
d40zloop:
	PF4(0)
	PF4(64)
	PF4(128)
	VMOVDQU32 256(DI), Y25
	VPSLLD $3, Y25, Y25
	VMOVUPS 288(DI), Y23
	Q40ROW(SI)
	T40(Y11)
	Q40ROW(R11)
	T40(Y12)
	Q40ROW(R12)
	T40(Y13)
	Q40ROW(R13)
	T40(Y14)
	ACC4
	ADDQ $144, SI
	ADDQ $144, R11
	ADDQ $144, R12
	ADDQ $144, R13
	ADDQ $512, DI
	SUBQ $8, CX
	JNZ  d40zloop
	VMOVUPS X22, (DX)
	VZEROUPPER
	RET

// func dot4Q8_0AVX512(w *byte, rb int, xp *byte, n int, acc *[4]float32)
TEXT ·dot4Q8_0AVX512(SB), NOSPLIT, $0-40
	MOVQ w+0(FP), SI
	MOVQ rb+8(FP), R9
	MOVQ xp+16(FP), DI
	MOVQ n+24(FP), CX
	MOVQ acc+32(FP), DX
	DOT4HEAD
	MOVL $0x80, AX
	VPBROADCASTB AX, Z24
	VMOVDQU64 ·zTab+T_Q80D(SB), Z28
	VMOVDQU64 ·zTab+T_RED(SB), Z27
	VMOVDQU64 ·zTab+T_Q80D2(SB), Z26
d80zloop:
	PF4(0)
	PF4(64)
	PF4(128)
	PF4(192)
	PF4(256)
	VMOVDQU32 256(DI), Y25
	VPSLLD $7, Y25, Y25
	VMOVUPS 288(DI), Y23
	Q80ROW(SI)
	T80(Y11)
	Q80ROW(R11)
	T80(Y12)
	Q80ROW(R12)
	T80(Y13)
	Q80ROW(R13)
	T80(Y14)
	ACC4
	ADDQ $272, SI
	ADDQ $272, R11
	ADDQ $272, R12
	ADDQ $272, R13
	ADDQ $512, DI
	SUBQ $8, CX
	JNZ  d80zloop
	VMOVUPS X22, (DX)
	VZEROUPPER
	RET

// Q50ROW(r) is Q40ROW for q5_0 (16·Σy in Y25): bytes 128..175 of the
// group by a masked load (K6: none past the group is read); the fifth
// bits of each code byte picked from its block's qh by VPSHUFBITQMB and
// added as 0x10 under those masks. Clobbers Z1..Z10, Z15..Z17, K1..K4.
#define Q50ROW(r) \
	VMOVDQU8.Z 128(r), K6, Z3 \
	VMOVDQU64 0(r), Z1 \
	VPERMT2B 64(r), Z30, Z1 \
	VMOVDQU64 64(r), Z2 \
	VPERMT2B Z3, Z29, Z2 \
	VMOVDQU64 0(r), Z15 \
	VPERMT2W 64(r), Z21, Z15 \
	VMOVDQU64 64(r), Z16 \
	VPERMT2W Z3, Z20, Z16 \
	VPSHUFBITQMB Z19, Z15, K1 \
	VPSHUFBITQMB Z0, Z15, K2 \
	VPSHUFBITQMB Z19, Z16, K3 \
	VPSHUFBITQMB Z0, Z16, K4 \
	VPSRLW $4, Z1, Z5 \
	VPANDD Z31, Z1, Z1 \
	VPANDD Z31, Z5, Z5 \
	VPSRLW $4, Z2, Z6 \
	VPANDD Z31, Z2, Z2 \
	VPANDD Z31, Z6, Z6 \
	VPADDB Z24, Z1, K1, Z1 \
	VPADDB Z24, Z5, K2, Z5 \
	VPADDB Z24, Z2, K3, Z2 \
	VPADDB Z24, Z6, K4, Z6 \
	VPXORD Z7, Z7, Z7 \
	VPXORD Z8, Z8, Z8 \
	VPDPBUSD 0(DI), Z1, Z7 \
	VPDPBUSD 64(DI), Z5, Z7 \
	VPDPBUSD 128(DI), Z2, Z8 \
	VPDPBUSD 192(DI), Z6, Z8 \
	VMOVDQU64 0(r), Z4 \
	VPERMT2W 64(r), Z28, Z4 \
	VMOVDQU64 64(r), Z17 \
	VPERMT2W Z3, Z26, Z17 \
	VPUNPCKLQDQ X17, X4, X4 \
	VCVTPH2PS X4, Y4 \
	RED2 \
	VPSUBD Y25, Y9, Y9

// func dot4Q5_0AVX512(w *byte, rb int, xp *byte, n int, acc *[4]float32)
TEXT ·dot4Q5_0AVX512(SB), NOSPLIT, $0-40
	MOVQ w+0(FP), SI
	MOVQ rb+8(FP), R9
	MOVQ xp+16(FP), DI
	MOVQ n+24(FP), CX
	MOVQ acc+32(FP), DX
	DOT4HEAD
	MOVL $0x0f, AX
	VPBROADCASTB AX, Z31
	MOVL $0x10, AX
	VPBROADCASTB AX, Z24
	MOVQ $0x0000ffffffffffff, AX
	KMOVQ AX, K6
	VMOVDQU64 ·zTab+T_Q50LO(SB), Z30
	VMOVDQU64 ·zTab+T_Q50HI(SB), Z29
	VMOVDQU64 ·zTab+T_Q50D(SB), Z28
	VMOVDQU64 ·zTab+T_RED(SB), Z27
	VMOVDQU64 ·zTab+T_Q50D2(SB), Z26
	VMOVDQU64 ·zTab+T_Q50QH(SB), Z21
	VMOVDQU64 ·zTab+T_Q50QH2(SB), Z20
	VMOVDQU64 ·zTab+T_Q50BIT(SB), Z19
	VMOVDQU64 ·zTab+T_Q50BI2(SB), Z0
d50zloop:
	PF4(0)
	PF4(64)
	PF4(128)
	VMOVDQU32 256(DI), Y25
	VPSLLD $4, Y25, Y25
	VMOVUPS 288(DI), Y23
	Q50ROW(SI)
	T80(Y11)
	Q50ROW(R11)
	T80(Y12)
	Q50ROW(R12)
	T80(Y13)
	Q50ROW(R13)
	T80(Y14)
	ACC4
	ADDQ $176, SI
	ADDQ $176, R11
	ADDQ $176, R12
	ADDQ $176, R13
	ADDQ $512, DI
	SUBQ $8, CX
	JNZ  d50zloop
	VMOVUPS X22, (DX)
	VZEROUPPER
	RET

// q4_1 and q5_1: t = fl(fl(fl(d_w·d_x)·float(s)) + fl(m_w·s_x)), the
// codes without offset. DM(r, t2) sets Y4 to the eight blocks' d and Y15
// to their m, the second half's bytes from t2; clobbers Z17.
#define DM(r, t2) \
	VMOVDQU64 0(r), Z4 \
	VPERMT2W 64(r), Z28, Z4 \
	VMOVDQU64 64(r), Z17 \
	VPERMT2W t2, Z26, Z17 \
	VPUNPCKHQDQ X17, X4, X15 \
	VPUNPCKLQDQ X17, X4, X4 \
	VCVTPH2PS X4, Y4 \
	VCVTPH2PS X15, Y15

// T41(t): s_x in Y25, d_x in Y23.
#define T41(t) \
	VMULPS Y23, Y4, Y4 \
	VCVTDQ2PS Y9, Y9 \
	VMULPS Y9, Y4, Y4 \
	VMULPS Y25, Y15, Y15 \
	VADDPS Y15, Y4, t

// Q41ROW(r): the q4_1 block sums of the row at r in Y9, d in Y4, m in
// Y15 (bytes 128..159 by one 32-byte load); clobbers Z1..Z10, Z15, Z17.
#define Q41ROW(r) \
	VMOVDQU 128(r), Y3 \
	VMOVDQU64 0(r), Z1 \
	VPERMT2B 64(r), Z30, Z1 \
	VMOVDQU64 64(r), Z2 \
	VPERMT2B Z3, Z29, Z2 \
	VPSRLW $4, Z1, Z5 \
	VPANDD Z31, Z1, Z1 \
	VPANDD Z31, Z5, Z5 \
	VPSRLW $4, Z2, Z6 \
	VPANDD Z31, Z2, Z2 \
	VPANDD Z31, Z6, Z6 \
	VPXORD Z7, Z7, Z7 \
	VPXORD Z8, Z8, Z8 \
	VPDPBUSD 0(DI), Z1, Z7 \
	VPDPBUSD 64(DI), Z5, Z7 \
	VPDPBUSD 128(DI), Z2, Z8 \
	VPDPBUSD 192(DI), Z6, Z8 \
	DM(r, Z3) \
	RED2

// Q51ROW: q5_1 (192-byte groups: three whole ZMM loads), the fifth bits
// as Q50ROW's; clobbers Z1..Z10, Z15..Z17, K1..K4.
#define Q51ROW(r) \
	VMOVDQU64 0(r), Z1 \
	VPERMT2B 64(r), Z30, Z1 \
	VMOVDQU64 64(r), Z2 \
	VPERMT2B 128(r), Z29, Z2 \
	VMOVDQU64 0(r), Z15 \
	VPERMT2W 64(r), Z21, Z15 \
	VMOVDQU64 64(r), Z16 \
	VPERMT2W 128(r), Z20, Z16 \
	VPSHUFBITQMB Z19, Z15, K1 \
	VPSHUFBITQMB Z0, Z15, K2 \
	VPSHUFBITQMB Z19, Z16, K3 \
	VPSHUFBITQMB Z0, Z16, K4 \
	VPSRLW $4, Z1, Z5 \
	VPANDD Z31, Z1, Z1 \
	VPANDD Z31, Z5, Z5 \
	VPSRLW $4, Z2, Z6 \
	VPANDD Z31, Z2, Z2 \
	VPANDD Z31, Z6, Z6 \
	VPADDB Z24, Z1, K1, Z1 \
	VPADDB Z24, Z5, K2, Z5 \
	VPADDB Z24, Z2, K3, Z2 \
	VPADDB Z24, Z6, K4, Z6 \
	VPXORD Z7, Z7, Z7 \
	VPXORD Z8, Z8, Z8 \
	VPDPBUSD 0(DI), Z1, Z7 \
	VPDPBUSD 64(DI), Z5, Z7 \
	VPDPBUSD 128(DI), Z2, Z8 \
	VPDPBUSD 192(DI), Z6, Z8 \
	DM(r, 128(r)) \
	RED2

// func dot4Q4_1AVX512(w *byte, rb int, xp *byte, n int, acc *[4]float32)
TEXT ·dot4Q4_1AVX512(SB), NOSPLIT, $0-40
	MOVQ w+0(FP), SI
	MOVQ rb+8(FP), R9
	MOVQ xp+16(FP), DI
	MOVQ n+24(FP), CX
	MOVQ acc+32(FP), DX
	DOT4HEAD
	MOVL $0x0f, AX
	VPBROADCASTB AX, Z31
	VMOVDQU64 ·zTab+T_Q41LO(SB), Z30
	VMOVDQU64 ·zTab+T_Q41HI(SB), Z29
	VMOVDQU64 ·zTab+T_Q41DM(SB), Z28
	VMOVDQU64 ·zTab+T_RED(SB), Z27
	VMOVDQU64 ·zTab+T_Q41DM2(SB), Z26
d41zloop:
	PF4(0)
	PF4(64)
	PF4(128)
	VMOVUPS 320(DI), Y25
	VMOVUPS 288(DI), Y23
	Q41ROW(SI)
	T41(Y11)
	Q41ROW(R11)
	T41(Y12)
	Q41ROW(R12)
	T41(Y13)
	Q41ROW(R13)
	T41(Y14)
	ACC4
	ADDQ $160, SI
	ADDQ $160, R11
	ADDQ $160, R12
	ADDQ $160, R13
	ADDQ $512, DI
	SUBQ $8, CX
	JNZ  d41zloop
	VMOVUPS X22, (DX)
	VZEROUPPER
	RET

// func dot4Q5_1AVX512(w *byte, rb int, xp *byte, n int, acc *[4]float32)
TEXT ·dot4Q5_1AVX512(SB), NOSPLIT, $0-40
	MOVQ w+0(FP), SI
	MOVQ rb+8(FP), R9
	MOVQ xp+16(FP), DI
	MOVQ n+24(FP), CX
	MOVQ acc+32(FP), DX
	DOT4HEAD
	MOVL $0x0f, AX
	VPBROADCASTB AX, Z31
	MOVL $0x10, AX
	VPBROADCASTB AX, Z24
	VMOVDQU64 ·zTab+T_Q51LO(SB), Z30
	VMOVDQU64 ·zTab+T_Q51HI(SB), Z29
	VMOVDQU64 ·zTab+T_Q51DM(SB), Z28
	VMOVDQU64 ·zTab+T_RED(SB), Z27
	VMOVDQU64 ·zTab+T_Q51DM2(SB), Z26
	VMOVDQU64 ·zTab+T_Q51QH(SB), Z21
	VMOVDQU64 ·zTab+T_Q51QH2(SB), Z20
	VMOVDQU64 ·zTab+T_Q50BIT(SB), Z19
	VMOVDQU64 ·zTab+T_Q50BI2(SB), Z0
d51zloop:
	PF4(0)
	PF4(64)
	PF4(128)
	VMOVUPS 320(DI), Y25
	VMOVUPS 288(DI), Y23
	Q51ROW(SI)
	T41(Y11)
	Q51ROW(R11)
	T41(Y12)
	Q51ROW(R12)
	T41(Y13)
	Q51ROW(R13)
	T41(Y14)
	ACC4
	ADDQ $192, SI
	ADDQ $192, R11
	ADDQ $192, R12
	ADDQ $192, R13
	ADDQ $512, DI
	SUBQ $8, CX
	JNZ  d51zloop
	VMOVUPS X22, (DX)
	VZEROUPPER
	RET

// KSCALESZ unpacks the eight 6-bit scales and mins of the q4_K/q5_K
// super-block at SI (ggml's utmp bit trick, as the AVX2 KSCALES): X2's
// bytes 0..7 are the scales; dword 0 of X3 gets the mins term
// S = Σ_j m_j·(bsums_2j + bsums_2j+1) with the bsums at 256(DI).
// Clobbers AX, BX, R9..R12, X2..X4.
#define KSCALESZ \
	MOVL 4(SI), AX \
	MOVL 8(SI), BX \
	MOVL 12(SI), R12 \
	MOVL AX, R9 \
	ANDL $0x3f3f3f3f, R9 \
	SHRL $6, AX \
	ANDL $0x03030303, AX \
	SHLL $4, AX \
	MOVL R12, R10 \
	ANDL $0x0f0f0f0f, R10 \
	ORL  AX, R10 \
	MOVL BX, R11 \
	ANDL $0x3f3f3f3f, R11 \
	SHRL $6, BX \
	ANDL $0x03030303, BX \
	SHLL $4, BX \
	SHRL $4, R12 \
	ANDL $0x0f0f0f0f, R12 \
	ORL  BX, R12 \
	VMOVD R9, X2 \
	VPINSRD $1, R10, X2, X2 \
	VMOVD R11, X3 \
	VPINSRD $1, R12, X3, X3 \
	VPUNPCKLBW X3, X3, X3 \
	VPMOVZXBW X3, Y3 \
	VPMADDWD 256(DI), Y3, Y3 \
	VEXTRACTI128 $1, Y3, X4 \
	VPADDD X4, X3, X3 \
	VPSHUFD $0x4e, X3, X4 \
	VPADDD X4, X3, X3 \
	VPSHUFD $0xb1, X3, X4 \
	VPADDD X4, X3, X3

// KCODES4 sets Z5..Z8 to the permuted q4_K codes of sub-blocks (0|2),
// (1|3), (4|6), (5|7) from the 128 qs bytes at qo(SI).
#define KCODES4(qo) \
	VPERMB qo(SI), Z30, Z5 \
	VPSRLW $4, Z5, Z6 \
	VPANDD Z31, Z5, Z5 \
	VPANDD Z31, Z6, Z6 \
	VPERMB qo+64(SI), Z30, Z7 \
	VPSRLW $4, Z7, Z8 \
	VPANDD Z31, Z7, Z7 \
	VPANDD Z31, Z8, Z8

// KFIFTH adds 0x10 to the codes in Z5..Z8 whose fifth bit (the permuted
// qh in Z16, bit masks in Z24..Z27) is set.
#define KFIFTH \
	VPTESTMB Z24, Z16, K2 \
	VPADDB Z19, Z5, K2, Z5 \
	VPTESTMB Z25, Z16, K3 \
	VPADDB Z19, Z6, K3, Z6 \
	VPTESTMB Z26, Z16, K4 \
	VPADDB Z19, Z7, K4, Z7 \
	VPTESTMB Z27, Z16, K5 \
	VPADDB Z19, Z8, K5, Z8

// KLANES45 sets Y0 to the eight lane sums of the codes in Z5..Z8 with the
// prepared activations at DI and the scales in X2; clobbers Z0, Z1,
// Z5..Z8, Z12..Z15.
#define KLANES45 \
	VPMADDUBSW 0(DI), Z5, Z5 \
	VPMADDUBSW 64(DI), Z6, Z6 \
	VPMADDUBSW 128(DI), Z7, Z7 \
	VPMADDUBSW 192(DI), Z8, Z8 \
	VPERMB.Z Z2, Z20, K1, Z12 \
	VPERMB.Z Z2, Z21, K1, Z13 \
	VPERMB.Z Z2, Z22, K1, Z14 \
	VPERMB.Z Z2, Z23, K1, Z15 \
	VPXORD Z0, Z0, Z0 \
	VPXORD Z1, Z1, Z1 \
	VPDPWSSD Z12, Z5, Z0 \
	VPDPWSSD Z13, Z6, Z1 \
	VPDPWSSD Z14, Z7, Z0 \
	VPDPWSSD Z15, Z8, Z1 \
	VPADDD Z1, Z0, Z0 \
	VEXTRACTI64X4 $1, Z0, Y1 \
	VPADDD Y1, Y0, Y0

// KSETUP45 loads the q4_K/q5_K constants.
#define KSETUP45 \
	MOVL $0x0f, AX \
	VPBROADCASTB AX, Z31 \
	MOVL $0x10, AX \
	VPBROADCASTB AX, Z19 \
	MOVQ $0x5555555555555555, AX \
	KMOVQ AX, K1 \
	VMOVDQU64 ·zTab+T_PERM32(SB), Z30 \
	VMOVDQU64 ·zTab+T_Q4KSC(SB), Z20 \
	VMOVDQU64 ·zTab+T_Q4KSC+64(SB), Z21 \
	VMOVDQU64 ·zTab+T_Q4KSC+128(SB), Z22 \
	VMOVDQU64 ·zTab+T_Q4KSC+192(SB), Z23 \
	VMOVDQU64 ·zTab+T_Q5KBIT(SB), Z24 \
	VMOVDQU64 ·zTab+T_Q5KBIT+64(SB), Z25 \
	VMOVDQU64 ·zTab+T_Q5KBIT+128(SB), Z26 \
	VMOVDQU64 ·zTab+T_Q5KBIT+192(SB), Z27

// KQ5QH sets Z16 to the q5_K qh bytes at 16(SI), permuted, in both halves.
#define KQ5QH \
	VBROADCASTI64X4 16(SI), Z16 \
	VPERMB Z16, Z30, Z16

// The float32 combination, as the AVX2 kernels' (blocksums_amd64.s):
// sums_0..7 in Y29, acc in X28. KDX45: X9 = [fl(d·d_x), fl(dmin·d_x)].
#define KDX45 \
	VMOVD (SI), X9 \
	VCVTPH2PS X9, X9 \
	VBROADCASTSS 288(DI), X10 \
	VMULPS X10, X9, X9

// KMINSZ: acc −= fl(fl(dmin·d_x)·float(S)).
#define KMINSZ \
	VCVTDQ2PS X3, X3 \
	VMOVSHDUP X9, X10 \
	VMULSS X3, X10, X10 \
	VSUBSS X10, X28, X28

// KCOMBZ: sums_l += fl(d·float(a_l)) for the lanes in Y0, d in X9.
#define KCOMBZ \
	VCVTDQ2PS Y0, Y0 \
	VBROADCASTSS X9, Y9 \
	VMULPS Y0, Y9, Y9 \
	VADDPS Y9, Y29, Y29

#define KSTATEIN \
	VMOVUPS (DX), Y29 \
	VMOVSS 32(DX), X28

#define KSTATEOUT \
	VMOVUPS Y29, (DX) \
	VMOVSS X28, 32(DX)

// func lanesQ4KAVX512(w, xp *byte, n int, out *int32)
TEXT ·lanesQ4KAVX512(SB), NOSPLIT, $0-32
	MOVQ w+0(FP), SI
	MOVQ xp+8(FP), DI
	MOVQ n+16(FP), CX
	MOVQ out+24(FP), DX
	KSETUP45
q4kzlloop:
	PF3
	KSCALESZ
	KCODES4(16)
	KLANES45
	VMOVDQU Y0, (DX)
	VMOVD X3, 32(DX)
	ADDQ $144, SI
	ADDQ $320, DI
	ADDQ $36, DX
	DECQ CX
	JNZ  q4kzlloop
	VZEROUPPER
	RET

// func lanesQ5KAVX512(w, xp *byte, n int, out *int32)
TEXT ·lanesQ5KAVX512(SB), NOSPLIT, $0-32
	MOVQ w+0(FP), SI
	MOVQ xp+8(FP), DI
	MOVQ n+16(FP), CX
	MOVQ out+24(FP), DX
	KSETUP45
q5kzlloop:
	PF3
	KSCALESZ
	KQ5QH
	KCODES4(48)
	KFIFTH
	KLANES45
	VMOVDQU Y0, (DX)
	VMOVD X3, 32(DX)
	ADDQ $176, SI
	ADDQ $320, DI
	ADDQ $36, DX
	DECQ CX
	JNZ  q5kzlloop
	VZEROUPPER
	RET

// func dotQ4KAVX512(w, xp *byte, n int, st *[9]float32)
TEXT ·dotQ4KAVX512(SB), NOSPLIT, $0-32
	MOVQ w+0(FP), SI
	MOVQ xp+8(FP), DI
	MOVQ n+16(FP), CX
	MOVQ st+24(FP), DX
	KSETUP45
	KSTATEIN
q4kzdloop:
	PF3
	KSCALESZ
	KCODES4(16)
	KLANES45
	KDX45
	KMINSZ
	KCOMBZ
	ADDQ $144, SI
	ADDQ $320, DI
	DECQ CX
	JNZ  q4kzdloop
	KSTATEOUT
	VZEROUPPER
	RET

// func dotQ5KAVX512(w, xp *byte, n int, st *[9]float32)
TEXT ·dotQ5KAVX512(SB), NOSPLIT, $0-32
	MOVQ w+0(FP), SI
	MOVQ xp+8(FP), DI
	MOVQ n+16(FP), CX
	MOVQ st+24(FP), DX
	KSETUP45
	KSTATEIN
q5kzdloop:
	PF3
	KSCALESZ
	KQ5QH
	KCODES4(48)
	KFIFTH
	KLANES45
	KDX45
	KMINSZ
	KCOMBZ
	ADDQ $176, SI
	ADDQ $320, DI
	DECQ CX
	JNZ  q5kzdloop
	KSTATEOUT
	VZEROUPPER
	RET

// q6_K: codes c = (nibble of ql) | (two bits of qh) << 4, 0..63; the −32
// offset is the prepared 32·(y_a + y_b) word subtracted from each
// VPMADDUBSW word (|(c−32)·y pair| ≤ 8192). Register r of the four holds
// sub-blocks 2r | 2r+1; its scale words (sc_2s, sc_2s+1) per dword.

// Q6CODES(qlo, qho, lo, hi) sets lo and hi to the codes of the half whose
// ql is at qlo(SI) and qh at qho(SI); clobbers Z16, Z17.
#define Q6CODES(qlo, qho, lo, hi) \
	VPERMB qlo(SI), Z30, hi \
	VBROADCASTI64X4 qho(SI), Z16 \
	VPERMB Z16, Z30, Z16 \
	VPANDD Z31, hi, lo \
	VPSLLVW Z24, Z16, Z17 \
	VPANDD Z19, Z17, Z17 \
	VPORD Z17, lo, lo \
	VPSRLW $4, hi, hi \
	VPANDD Z31, hi, hi \
	VPSRLVW Z25, Z16, Z17 \
	VPANDD Z19, Z17, Z17 \
	VPORD Z17, hi, hi

// KLANES6 sets Y0 to the eight lane sums of the q6_K super-block at SI
// with the prepared activations at DI; clobbers Z0..Z2, Z5..Z8,
// Z12..Z17.
#define KLANES6 \
	VPMOVSXBW 192(SI), Y2 \
	VPERMD Z2, Z20, Z12 \
	VPERMD Z2, Z21, Z13 \
	VPERMD Z2, Z22, Z14 \
	VPERMD Z2, Z23, Z15 \
	Q6CODES(0, 128, Z5, Z6) \
	Q6CODES(64, 160, Z7, Z8) \
	VPMADDUBSW 0(DI), Z5, Z5 \
	VPSUBW 256(DI), Z5, Z5 \
	VPMADDUBSW 64(DI), Z6, Z6 \
	VPSUBW 320(DI), Z6, Z6 \
	VPMADDUBSW 128(DI), Z7, Z7 \
	VPSUBW 384(DI), Z7, Z7 \
	VPMADDUBSW 192(DI), Z8, Z8 \
	VPSUBW 448(DI), Z8, Z8 \
	VPXORD Z0, Z0, Z0 \
	VPXORD Z1, Z1, Z1 \
	VPDPWSSD Z12, Z5, Z0 \
	VPDPWSSD Z13, Z6, Z1 \
	VPDPWSSD Z14, Z7, Z0 \
	VPDPWSSD Z15, Z8, Z1 \
	VPADDD Z1, Z0, Z0 \
	VEXTRACTI64X4 $1, Z0, Y1 \
	VPADDD Y1, Y0, Y0

#define KSETUP6 \
	MOVL $0x0f, AX \
	VPBROADCASTB AX, Z31 \
	MOVL $0x30, AX \
	VPBROADCASTB AX, Z19 \
	VMOVDQU64 ·zTab+T_PERM32(SB), Z30 \
	VMOVDQU64 ·zTab+T_Q6KSC(SB), Z20 \
	VMOVDQU64 ·zTab+T_Q6KSC+64(SB), Z21 \
	VMOVDQU64 ·zTab+T_Q6KSC+128(SB), Z22 \
	VMOVDQU64 ·zTab+T_Q6KSC+192(SB), Z23 \
	VMOVDQU64 ·zTab+T_Q6KSHL(SB), Z24 \
	VMOVDQU64 ·zTab+T_Q6KSHR(SB), Z25

// func lanesQ6KAVX512(w, xp *byte, n int, out *int32)
TEXT ·lanesQ6KAVX512(SB), NOSPLIT, $0-32
	MOVQ w+0(FP), SI
	MOVQ xp+8(FP), DI
	MOVQ n+16(FP), CX
	MOVQ out+24(FP), DX
	KSETUP6
q6kzlloop:
	PF3
	PREFETCHT0 PFDIST+192(SI)
	KLANES6
	VMOVDQU Y0, (DX)
	ADDQ $210, SI
	ADDQ $576, DI
	ADDQ $32, DX
	DECQ CX
	JNZ  q6kzlloop
	VZEROUPPER
	RET

// func dotQ6KAVX512(w, xp *byte, n int, st *[9]float32)
TEXT ·dotQ6KAVX512(SB), NOSPLIT, $0-32
	MOVQ w+0(FP), SI
	MOVQ xp+8(FP), DI
	MOVQ n+16(FP), CX
	MOVQ st+24(FP), DX
	KSETUP6
	KSTATEIN
q6kzdloop:
	PF3
	PREFETCHT0 PFDIST+192(SI)
	KLANES6
	MOVWLZX 208(SI), AX
	VMOVD AX, X9
	VCVTPH2PS X9, X9
	VBROADCASTSS 512(DI), X10
	VMULPS X10, X9, X9
	KCOMBZ
	ADDQ $210, SI
	ADDQ $576, DI
	DECQ CX
	JNZ  q6kzdloop
	KSTATEOUT
	VZEROUPPER
	RET
