// Code written by hand; the f16 and f32 bodies differ only in how a state
// value is loaded and widened.

#include "textflag.h"

// Why a fused multiply-add gives the Go path's bits: every product here is
// a float32 (24 significant bits) times a binary16 (11) or float32 (24)
// value, at most 48 significant bits, so it is exact in float64 (53). The
// Go path rounds the exact product (no rounding) and then rounds the sum;
// VFMADD231PD rounds the exact product plus the sum once: the same number.
// Signed zeros and infinities follow the same IEEE rules in both; only NaN
// payloads may differ (x86 picks among NaN operands by operand position),
// so the Go callers recompute any row or head that comes out NaN in Go.


// REDUCE leaves (a0+a1)+(a2+a3) of the four lanes of y in the low lane of
// x (y's low half), rounds scale·that (X15) to float32 in place; t is
// scratch. VHADDPD adds a lane pair in the other order (a1+a0), the same
// number: addition commutes bit for bit except for NaN payloads.
#define REDUCE(y, x, t) \
	VEXTRACTF128 $1, y, t \
	VHADDPD t, x, x \
	VHADDPD x, x, x \
	VMULSD X15, x, x \
	VCVTSD2SS x, x, x


// func attnScoresF16AVX2(q *float64, k *byte, stride, rows, n int, scale float64, out *float32)
//
// out[j] = float32(scale·dot_j) for the rows j < rows at k + j·stride of n
// (a positive multiple of 4) binary16 values, dot_j = (a0+a1)+(a2+a3) with lane i
// of one YMM accumulating q_d·k_jd for d ≡ i (mod 4) in d order: dotF32F16's
// order. q holds the query widened to float64. Four rows at a time, for
// four independent dependency chains.
TEXT ·attnScoresF16AVX2(SB), NOSPLIT, $0-56
	MOVQ q+0(FP), DI
	MOVQ k+8(FP), SI
	MOVQ stride+16(FP), R8
	MOVQ rows+24(FP), BX
	MOVQ n+32(FP), R10
	VMOVSD scale+40(FP), X15
	MOVQ out+48(FP), DX
	LEAQ (R8)(R8*2), R9
sf16_rows4:
	CMPQ BX, $4
	JLT sf16_rows1
	VXORPD Y0, Y0, Y0
	VXORPD Y1, Y1, Y1
	VXORPD Y2, Y2, Y2
	VXORPD Y3, Y3, Y3
	MOVQ SI, R11
	MOVQ DI, R12
	MOVQ R10, CX
sf16_loop4:
	VCVTPH2PS (R11), X4
	VCVTPS2PD X4, Y4
	VFMADD231PD (R12), Y4, Y0
	VCVTPH2PS (R11)(R8*1), X5
	VCVTPS2PD X5, Y5
	VFMADD231PD (R12), Y5, Y1
	VCVTPH2PS (R11)(R8*2), X6
	VCVTPS2PD X6, Y6
	VFMADD231PD (R12), Y6, Y2
	VCVTPH2PS (R11)(R9*1), X7
	VCVTPS2PD X7, Y7
	VFMADD231PD (R12), Y7, Y3
	ADDQ $8, R11
	ADDQ $32, R12
	SUBQ $4, CX
	JNZ sf16_loop4
	REDUCE(Y0, X0, X8)
	VMOVSS X0, 0(DX)
	REDUCE(Y1, X1, X9)
	VMOVSS X1, 4(DX)
	REDUCE(Y2, X2, X10)
	VMOVSS X2, 8(DX)
	REDUCE(Y3, X3, X11)
	VMOVSS X3, 12(DX)
	ADDQ $16, DX
	LEAQ (SI)(R8*4), SI
	SUBQ $4, BX
	JMP sf16_rows4
sf16_rows1:
	TESTQ BX, BX
	JZ sf16_done
	VXORPD Y0, Y0, Y0
	MOVQ SI, R11
	MOVQ DI, R12
	MOVQ R10, CX
sf16_loop1:
	VCVTPH2PS (R11), X4
	VCVTPS2PD X4, Y4
	VFMADD231PD (R12), Y4, Y0
	ADDQ $8, R11
	ADDQ $32, R12
	SUBQ $4, CX
	JNZ sf16_loop1
	REDUCE(Y0, X0, X8)
	VMOVSS X0, (DX)
	ADDQ $4, DX
	ADDQ R8, SI
	DECQ BX
	JMP sf16_rows1
sf16_done:
	VZEROUPPER
	RET

// func attnScoresF32AVX2(q *float64, k *byte, stride, rows, n int, scale float64, out *float32)
//
// out[j] = float32(scale·dot_j) for the rows j < rows at k + j·stride of n
// (a positive multiple of 4) float32 values, dot_j = (a0+a1)+(a2+a3) with lane i
// of one YMM accumulating q_d·k_jd for d ≡ i (mod 4) in d order: dotF32F32's
// order. q holds the query widened to float64. Four rows at a time, for
// four independent dependency chains.
TEXT ·attnScoresF32AVX2(SB), NOSPLIT, $0-56
	MOVQ q+0(FP), DI
	MOVQ k+8(FP), SI
	MOVQ stride+16(FP), R8
	MOVQ rows+24(FP), BX
	MOVQ n+32(FP), R10
	VMOVSD scale+40(FP), X15
	MOVQ out+48(FP), DX
	LEAQ (R8)(R8*2), R9
sf32_rows4:
	CMPQ BX, $4
	JLT sf32_rows1
	VXORPD Y0, Y0, Y0
	VXORPD Y1, Y1, Y1
	VXORPD Y2, Y2, Y2
	VXORPD Y3, Y3, Y3
	MOVQ SI, R11
	MOVQ DI, R12
	MOVQ R10, CX
sf32_loop4:
	VCVTPS2PD (R11), Y4
	VFMADD231PD (R12), Y4, Y0
	VCVTPS2PD (R11)(R8*1), Y5
	VFMADD231PD (R12), Y5, Y1
	VCVTPS2PD (R11)(R8*2), Y6
	VFMADD231PD (R12), Y6, Y2
	VCVTPS2PD (R11)(R9*1), Y7
	VFMADD231PD (R12), Y7, Y3
	ADDQ $16, R11
	ADDQ $32, R12
	SUBQ $4, CX
	JNZ sf32_loop4
	REDUCE(Y0, X0, X8)
	VMOVSS X0, 0(DX)
	REDUCE(Y1, X1, X9)
	VMOVSS X1, 4(DX)
	REDUCE(Y2, X2, X10)
	VMOVSS X2, 8(DX)
	REDUCE(Y3, X3, X11)
	VMOVSS X3, 12(DX)
	ADDQ $16, DX
	LEAQ (SI)(R8*4), SI
	SUBQ $4, BX
	JMP sf32_rows4
sf32_rows1:
	TESTQ BX, BX
	JZ sf32_done
	VXORPD Y0, Y0, Y0
	MOVQ SI, R11
	MOVQ DI, R12
	MOVQ R10, CX
sf32_loop1:
	VCVTPS2PD (R11), Y4
	VFMADD231PD (R12), Y4, Y0
	ADDQ $16, R11
	ADDQ $32, R12
	SUBQ $4, CX
	JNZ sf32_loop1
	REDUCE(Y0, X0, X8)
	VMOVSS X0, (DX)
	ADDQ $4, DX
	ADDQ R8, SI
	DECQ BX
	JMP sf32_rows1
sf32_done:
	VZEROUPPER
	RET

// func attnWeightedF16x32AVX2(e *float32, v *byte, stride, rows int, acc *[32]float64)
//
// acc[i] = Σ_j e_j·v_ji over the rows j < rows (rows > 0) at v + j·stride,
// in j order: 32 output dims at once, one YMM of four dims each.
TEXT ·attnWeightedF16x32AVX2(SB), NOSPLIT, $0-40
	MOVQ e+0(FP), DI
	MOVQ v+8(FP), SI
	MOVQ stride+16(FP), R8
	MOVQ rows+24(FP), CX
	MOVQ acc+32(FP), DX
	VXORPD Y0, Y0, Y0
	VXORPD Y1, Y1, Y1
	VXORPD Y2, Y2, Y2
	VXORPD Y3, Y3, Y3
	VXORPD Y4, Y4, Y4
	VXORPD Y5, Y5, Y5
	VXORPD Y6, Y6, Y6
	VXORPD Y7, Y7, Y7
wf16x32_loop:
	VBROADCASTSS (DI), X8
	VCVTPS2PD X8, Y8
	VCVTPH2PS 0(SI), X9
	VCVTPS2PD X9, Y9
	VFMADD231PD Y8, Y9, Y0
	VCVTPH2PS 8(SI), X10
	VCVTPS2PD X10, Y10
	VFMADD231PD Y8, Y10, Y1
	VCVTPH2PS 16(SI), X11
	VCVTPS2PD X11, Y11
	VFMADD231PD Y8, Y11, Y2
	VCVTPH2PS 24(SI), X12
	VCVTPS2PD X12, Y12
	VFMADD231PD Y8, Y12, Y3
	VCVTPH2PS 32(SI), X13
	VCVTPS2PD X13, Y13
	VFMADD231PD Y8, Y13, Y4
	VCVTPH2PS 40(SI), X14
	VCVTPS2PD X14, Y14
	VFMADD231PD Y8, Y14, Y5
	VCVTPH2PS 48(SI), X9
	VCVTPS2PD X9, Y9
	VFMADD231PD Y8, Y9, Y6
	VCVTPH2PS 56(SI), X10
	VCVTPS2PD X10, Y10
	VFMADD231PD Y8, Y10, Y7
	ADDQ $4, DI
	ADDQ R8, SI
	DECQ CX
	JNZ wf16x32_loop
	VMOVUPD Y0, 0(DX)
	VMOVUPD Y1, 32(DX)
	VMOVUPD Y2, 64(DX)
	VMOVUPD Y3, 96(DX)
	VMOVUPD Y4, 128(DX)
	VMOVUPD Y5, 160(DX)
	VMOVUPD Y6, 192(DX)
	VMOVUPD Y7, 224(DX)
	VZEROUPPER
	RET

// func attnWeightedF16x16AVX2(e *float32, v *byte, stride, rows int, acc *[16]float64)
//
// acc[i] = Σ_j e_j·v_ji over the rows j < rows (rows > 0) at v + j·stride,
// in j order: 16 output dims at once, one YMM of four dims each.
TEXT ·attnWeightedF16x16AVX2(SB), NOSPLIT, $0-40
	MOVQ e+0(FP), DI
	MOVQ v+8(FP), SI
	MOVQ stride+16(FP), R8
	MOVQ rows+24(FP), CX
	MOVQ acc+32(FP), DX
	VXORPD Y0, Y0, Y0
	VXORPD Y1, Y1, Y1
	VXORPD Y2, Y2, Y2
	VXORPD Y3, Y3, Y3
wf16x16_loop:
	VBROADCASTSS (DI), X8
	VCVTPS2PD X8, Y8
	VCVTPH2PS 0(SI), X9
	VCVTPS2PD X9, Y9
	VFMADD231PD Y8, Y9, Y0
	VCVTPH2PS 8(SI), X10
	VCVTPS2PD X10, Y10
	VFMADD231PD Y8, Y10, Y1
	VCVTPH2PS 16(SI), X11
	VCVTPS2PD X11, Y11
	VFMADD231PD Y8, Y11, Y2
	VCVTPH2PS 24(SI), X12
	VCVTPS2PD X12, Y12
	VFMADD231PD Y8, Y12, Y3
	ADDQ $4, DI
	ADDQ R8, SI
	DECQ CX
	JNZ wf16x16_loop
	VMOVUPD Y0, 0(DX)
	VMOVUPD Y1, 32(DX)
	VMOVUPD Y2, 64(DX)
	VMOVUPD Y3, 96(DX)
	VZEROUPPER
	RET

// func attnWeightedF16x4AVX2(e *float32, v *byte, stride, rows int, acc *[4]float64)
//
// acc[i] = Σ_j e_j·v_ji over the rows j < rows (rows > 0) at v + j·stride,
// in j order: 4 output dims at once, one YMM of four dims each.
TEXT ·attnWeightedF16x4AVX2(SB), NOSPLIT, $0-40
	MOVQ e+0(FP), DI
	MOVQ v+8(FP), SI
	MOVQ stride+16(FP), R8
	MOVQ rows+24(FP), CX
	MOVQ acc+32(FP), DX
	VXORPD Y0, Y0, Y0
wf16x4_loop:
	VBROADCASTSS (DI), X8
	VCVTPS2PD X8, Y8
	VCVTPH2PS 0(SI), X9
	VCVTPS2PD X9, Y9
	VFMADD231PD Y8, Y9, Y0
	ADDQ $4, DI
	ADDQ R8, SI
	DECQ CX
	JNZ wf16x4_loop
	VMOVUPD Y0, 0(DX)
	VZEROUPPER
	RET

// func attnWeightedF32x32AVX2(e *float32, v *byte, stride, rows int, acc *[32]float64)
//
// acc[i] = Σ_j e_j·v_ji over the rows j < rows (rows > 0) at v + j·stride,
// in j order: 32 output dims at once, one YMM of four dims each.
TEXT ·attnWeightedF32x32AVX2(SB), NOSPLIT, $0-40
	MOVQ e+0(FP), DI
	MOVQ v+8(FP), SI
	MOVQ stride+16(FP), R8
	MOVQ rows+24(FP), CX
	MOVQ acc+32(FP), DX
	VXORPD Y0, Y0, Y0
	VXORPD Y1, Y1, Y1
	VXORPD Y2, Y2, Y2
	VXORPD Y3, Y3, Y3
	VXORPD Y4, Y4, Y4
	VXORPD Y5, Y5, Y5
	VXORPD Y6, Y6, Y6
	VXORPD Y7, Y7, Y7
wf32x32_loop:
	VBROADCASTSS (DI), X8
	VCVTPS2PD X8, Y8
	VCVTPS2PD 0(SI), Y9
	VFMADD231PD Y8, Y9, Y0
	VCVTPS2PD 16(SI), Y10
	VFMADD231PD Y8, Y10, Y1
	VCVTPS2PD 32(SI), Y11
	VFMADD231PD Y8, Y11, Y2
	VCVTPS2PD 48(SI), Y12
	VFMADD231PD Y8, Y12, Y3
	VCVTPS2PD 64(SI), Y13
	VFMADD231PD Y8, Y13, Y4
	VCVTPS2PD 80(SI), Y14
	VFMADD231PD Y8, Y14, Y5
	VCVTPS2PD 96(SI), Y9
	VFMADD231PD Y8, Y9, Y6
	VCVTPS2PD 112(SI), Y10
	VFMADD231PD Y8, Y10, Y7
	ADDQ $4, DI
	ADDQ R8, SI
	DECQ CX
	JNZ wf32x32_loop
	VMOVUPD Y0, 0(DX)
	VMOVUPD Y1, 32(DX)
	VMOVUPD Y2, 64(DX)
	VMOVUPD Y3, 96(DX)
	VMOVUPD Y4, 128(DX)
	VMOVUPD Y5, 160(DX)
	VMOVUPD Y6, 192(DX)
	VMOVUPD Y7, 224(DX)
	VZEROUPPER
	RET

// func attnWeightedF32x16AVX2(e *float32, v *byte, stride, rows int, acc *[16]float64)
//
// acc[i] = Σ_j e_j·v_ji over the rows j < rows (rows > 0) at v + j·stride,
// in j order: 16 output dims at once, one YMM of four dims each.
TEXT ·attnWeightedF32x16AVX2(SB), NOSPLIT, $0-40
	MOVQ e+0(FP), DI
	MOVQ v+8(FP), SI
	MOVQ stride+16(FP), R8
	MOVQ rows+24(FP), CX
	MOVQ acc+32(FP), DX
	VXORPD Y0, Y0, Y0
	VXORPD Y1, Y1, Y1
	VXORPD Y2, Y2, Y2
	VXORPD Y3, Y3, Y3
wf32x16_loop:
	VBROADCASTSS (DI), X8
	VCVTPS2PD X8, Y8
	VCVTPS2PD 0(SI), Y9
	VFMADD231PD Y8, Y9, Y0
	VCVTPS2PD 16(SI), Y10
	VFMADD231PD Y8, Y10, Y1
	VCVTPS2PD 32(SI), Y11
	VFMADD231PD Y8, Y11, Y2
	VCVTPS2PD 48(SI), Y12
	VFMADD231PD Y8, Y12, Y3
	ADDQ $4, DI
	ADDQ R8, SI
	DECQ CX
	JNZ wf32x16_loop
	VMOVUPD Y0, 0(DX)
	VMOVUPD Y1, 32(DX)
	VMOVUPD Y2, 64(DX)
	VMOVUPD Y3, 96(DX)
	VZEROUPPER
	RET

// func attnWeightedF32x4AVX2(e *float32, v *byte, stride, rows int, acc *[4]float64)
//
// acc[i] = Σ_j e_j·v_ji over the rows j < rows (rows > 0) at v + j·stride,
// in j order: 4 output dims at once, one YMM of four dims each.
TEXT ·attnWeightedF32x4AVX2(SB), NOSPLIT, $0-40
	MOVQ e+0(FP), DI
	MOVQ v+8(FP), SI
	MOVQ stride+16(FP), R8
	MOVQ rows+24(FP), CX
	MOVQ acc+32(FP), DX
	VXORPD Y0, Y0, Y0
wf32x4_loop:
	VBROADCASTSS (DI), X8
	VCVTPS2PD X8, Y8
	VCVTPS2PD 0(SI), Y9
	VFMADD231PD Y8, Y9, Y0
	ADDQ $4, DI
	ADDQ R8, SI
	DECQ CX
	JNZ wf32x4_loop
	VMOVUPD Y0, 0(DX)
	VZEROUPPER
	RET
