// Code written by hand; the f16 and f32 bodies differ only in how a state
// value is loaded and widened (the score kernels share one body macro each).

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


// WIDEN_F16 and WIDEN_F32 widen four state values at src to the float64
// lanes of y (x: scratch for the f16 step); the score kernels' bodies
// (ATTN_SCORES, ATTN_SCORES_4H) take one of them and the bytes four values
// take (STEP), so each body is written once for both state types.
#define WIDEN_F16(src, y, x) VCVTPH2PS src, x; VCVTPS2PD x, y
#define WIDEN_F32(src, y, x) VCVTPS2PD src, y

#define ATTN_SCORES(WIDEN, STEP) \
	MOVQ q+0(FP), DI \
	MOVQ k+8(FP), SI \
	MOVQ stride+16(FP), R8 \
	MOVQ rows+24(FP), BX \
	MOVQ n+32(FP), R10 \
	VMOVSD scale+40(FP), X15 \
	MOVQ out+48(FP), DX \
	LEAQ (R8)(R8*2), R9 \
L_rows4: \
	CMPQ BX, $4 \
	JLT L_rows1 \
	VXORPD Y0, Y0, Y0 \
	VXORPD Y1, Y1, Y1 \
	VXORPD Y2, Y2, Y2 \
	VXORPD Y3, Y3, Y3 \
	MOVQ SI, R11 \
	MOVQ DI, R12 \
	MOVQ R10, CX \
L_loop4: \
	WIDEN((R11), Y4, X4) \
	VFMADD231PD (R12), Y4, Y0 \
	WIDEN((R11)(R8*1), Y5, X5) \
	VFMADD231PD (R12), Y5, Y1 \
	WIDEN((R11)(R8*2), Y6, X6) \
	VFMADD231PD (R12), Y6, Y2 \
	WIDEN((R11)(R9*1), Y7, X7) \
	VFMADD231PD (R12), Y7, Y3 \
	ADDQ $STEP, R11 \
	ADDQ $32, R12 \
	SUBQ $4, CX \
	JNZ L_loop4 \
	REDUCE(Y0, X0, X8) \
	VMOVSS X0, 0(DX) \
	REDUCE(Y1, X1, X9) \
	VMOVSS X1, 4(DX) \
	REDUCE(Y2, X2, X10) \
	VMOVSS X2, 8(DX) \
	REDUCE(Y3, X3, X11) \
	VMOVSS X3, 12(DX) \
	ADDQ $16, DX \
	LEAQ (SI)(R8*4), SI \
	SUBQ $4, BX \
	JMP L_rows4 \
L_rows1: \
	TESTQ BX, BX \
	JZ L_done \
	VXORPD Y0, Y0, Y0 \
	MOVQ SI, R11 \
	MOVQ DI, R12 \
	MOVQ R10, CX \
L_loop1: \
	WIDEN((R11), Y4, X4) \
	VFMADD231PD (R12), Y4, Y0 \
	ADDQ $STEP, R11 \
	ADDQ $32, R12 \
	SUBQ $4, CX \
	JNZ L_loop1 \
	REDUCE(Y0, X0, X8) \
	VMOVSS X0, (DX) \
	ADDQ $4, DX \
	ADDQ R8, SI \
	DECQ BX \
	JMP L_rows1 \
L_done: \
	VZEROUPPER \
	RET

#define ATTN_SCORES_4H(WIDEN, STEP) \
	MOVQ q+0(FP), DI \
	MOVQ k+8(FP), SI \
	MOVQ stride+16(FP), R8 \
	MOVQ rows+24(FP), BX \
	MOVQ n+32(FP), R10 \
	VMOVSD scale+40(FP), X15 \
	MOVQ out+48(FP), DX \
	MOVQ outStride+56(FP), AX \
	LEAQ (AX)(AX*2), R9 \
	LEAQ (R10*8), R13 \
	LEAQ (R13)(R13*2), R14 \
L_rows2: \
	CMPQ BX, $2 \
	JLT L_rows1 \
	VXORPD Y0, Y0, Y0 \
	VXORPD Y1, Y1, Y1 \
	VXORPD Y2, Y2, Y2 \
	VXORPD Y3, Y3, Y3 \
	VXORPD Y4, Y4, Y4 \
	VXORPD Y5, Y5, Y5 \
	VXORPD Y6, Y6, Y6 \
	VXORPD Y7, Y7, Y7 \
	MOVQ SI, R11 \
	MOVQ DI, R12 \
	MOVQ R10, CX \
L_loop2: \
	WIDEN((R11), Y8, X8) \
	WIDEN((R11)(R8*1), Y9, X9) \
	VMOVUPD (R12), Y10 \
	VFMADD231PD Y10, Y8, Y0 \
	VFMADD231PD Y10, Y9, Y1 \
	VMOVUPD (R12)(R13*1), Y11 \
	VFMADD231PD Y11, Y8, Y2 \
	VFMADD231PD Y11, Y9, Y3 \
	VMOVUPD (R12)(R13*2), Y12 \
	VFMADD231PD Y12, Y8, Y4 \
	VFMADD231PD Y12, Y9, Y5 \
	VMOVUPD (R12)(R14*1), Y13 \
	VFMADD231PD Y13, Y8, Y6 \
	VFMADD231PD Y13, Y9, Y7 \
	ADDQ $STEP, R11 \
	ADDQ $32, R12 \
	SUBQ $4, CX \
	JNZ L_loop2 \
	REDUCE(Y0, X0, X14) \
	VMOVSS X0, 0(DX) \
	REDUCE(Y1, X1, X14) \
	VMOVSS X1, 4(DX) \
	REDUCE(Y2, X2, X14) \
	VMOVSS X2, 0(DX)(AX*1) \
	REDUCE(Y3, X3, X14) \
	VMOVSS X3, 4(DX)(AX*1) \
	REDUCE(Y4, X4, X14) \
	VMOVSS X4, 0(DX)(AX*2) \
	REDUCE(Y5, X5, X14) \
	VMOVSS X5, 4(DX)(AX*2) \
	REDUCE(Y6, X6, X14) \
	VMOVSS X6, 0(DX)(R9*1) \
	REDUCE(Y7, X7, X14) \
	VMOVSS X7, 4(DX)(R9*1) \
	ADDQ $8, DX \
	LEAQ (SI)(R8*2), SI \
	SUBQ $2, BX \
	JMP L_rows2 \
L_rows1: \
	TESTQ BX, BX \
	JZ L_done \
	VXORPD Y0, Y0, Y0 \
	VXORPD Y2, Y2, Y2 \
	VXORPD Y4, Y4, Y4 \
	VXORPD Y6, Y6, Y6 \
	MOVQ SI, R11 \
	MOVQ DI, R12 \
	MOVQ R10, CX \
L_loop1: \
	WIDEN((R11), Y8, X8) \
	VMOVUPD (R12), Y10 \
	VFMADD231PD Y10, Y8, Y0 \
	VMOVUPD (R12)(R13*1), Y11 \
	VFMADD231PD Y11, Y8, Y2 \
	VMOVUPD (R12)(R13*2), Y12 \
	VFMADD231PD Y12, Y8, Y4 \
	VMOVUPD (R12)(R14*1), Y13 \
	VFMADD231PD Y13, Y8, Y6 \
	ADDQ $STEP, R11 \
	ADDQ $32, R12 \
	SUBQ $4, CX \
	JNZ L_loop1 \
	REDUCE(Y0, X0, X14) \
	VMOVSS X0, 0(DX) \
	REDUCE(Y2, X2, X14) \
	VMOVSS X2, 0(DX)(AX*1) \
	REDUCE(Y4, X4, X14) \
	VMOVSS X4, 0(DX)(AX*2) \
	REDUCE(Y6, X6, X14) \
	VMOVSS X6, 0(DX)(R9*1) \
L_done: \
	VZEROUPPER \
	RET

// func attnScoresF16AVX2(q *float64, k *byte, stride, rows, n int, scale float64, out *float32)
//
// out[j] = float32(scale·dot_j) for the rows j < rows at k + j·stride of n
// (a positive multiple of 4) binary16 values, dot_j = (a0+a1)+(a2+a3) with lane i
// of one YMM accumulating q_d·k_jd for d ≡ i (mod 4) in d order: dotF32F16's
// order. q holds the query widened to float64. Four rows at a time, for
// four independent dependency chains.
TEXT ·attnScoresF16AVX2(SB), NOSPLIT, $0-56
	ATTN_SCORES(WIDEN_F16, 8)

// func attnScoresF32AVX2(q *float64, k *byte, stride, rows, n int, scale float64, out *float32)
//
// out[j] = float32(scale·dot_j) for the rows j < rows at k + j·stride of n
// (a positive multiple of 4) float32 values, dot_j = (a0+a1)+(a2+a3) with lane i
// of one YMM accumulating q_d·k_jd for d ≡ i (mod 4) in d order: dotF32F32's
// order. q holds the query widened to float64. Four rows at a time, for
// four independent dependency chains.
TEXT ·attnScoresF32AVX2(SB), NOSPLIT, $0-56
	ATTN_SCORES(WIDEN_F32, 16)

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

// The exponentials: math.Exp's amd64 code (Go's src/math/exp_amd64.s, the
// branch it takes where the CPU has AVX and FMA, which useAttnAVX2
// implies) run on four lanes with the same operations in the same order,
// each rounding as its scalar twin. The constants are written as there
// (the assembler parses them to the same float64s).

DATA expLog2e<>+0(SB)/8, $1.4426950408889634073599246810018920
DATA expLog2e<>+8(SB)/8, $1.4426950408889634073599246810018920
DATA expLog2e<>+16(SB)/8, $1.4426950408889634073599246810018920
DATA expLog2e<>+24(SB)/8, $1.4426950408889634073599246810018920
GLOBL expLog2e<>(SB), RODATA|NOPTR, $32
DATA expLn2U<>+0(SB)/8, $0.69314718055966295651160180568695068359375
DATA expLn2U<>+8(SB)/8, $0.69314718055966295651160180568695068359375
DATA expLn2U<>+16(SB)/8, $0.69314718055966295651160180568695068359375
DATA expLn2U<>+24(SB)/8, $0.69314718055966295651160180568695068359375
GLOBL expLn2U<>(SB), RODATA|NOPTR, $32
DATA expLn2L<>+0(SB)/8, $0.28235290563031577122588448175013436025525412068e-12
DATA expLn2L<>+8(SB)/8, $0.28235290563031577122588448175013436025525412068e-12
DATA expLn2L<>+16(SB)/8, $0.28235290563031577122588448175013436025525412068e-12
DATA expLn2L<>+24(SB)/8, $0.28235290563031577122588448175013436025525412068e-12
GLOBL expLn2L<>(SB), RODATA|NOPTR, $32
DATA expSixteenth<>+0(SB)/8, $0.0625
DATA expSixteenth<>+8(SB)/8, $0.0625
DATA expSixteenth<>+16(SB)/8, $0.0625
DATA expSixteenth<>+24(SB)/8, $0.0625
GLOBL expSixteenth<>(SB), RODATA|NOPTR, $32
DATA expC2<>+0(SB)/8, $0.5
DATA expC2<>+8(SB)/8, $0.5
DATA expC2<>+16(SB)/8, $0.5
DATA expC2<>+24(SB)/8, $0.5
GLOBL expC2<>(SB), RODATA|NOPTR, $32
DATA expOne<>+0(SB)/8, $1.0
DATA expOne<>+8(SB)/8, $1.0
DATA expOne<>+16(SB)/8, $1.0
DATA expOne<>+24(SB)/8, $1.0
GLOBL expOne<>(SB), RODATA|NOPTR, $32
DATA expTwo<>+0(SB)/8, $2.0
DATA expTwo<>+8(SB)/8, $2.0
DATA expTwo<>+16(SB)/8, $2.0
DATA expTwo<>+24(SB)/8, $2.0
GLOBL expTwo<>(SB), RODATA|NOPTR, $32
DATA expC3<>+0(SB)/8, $1.6666666666666666667e-1
DATA expC3<>+8(SB)/8, $1.6666666666666666667e-1
DATA expC3<>+16(SB)/8, $1.6666666666666666667e-1
DATA expC3<>+24(SB)/8, $1.6666666666666666667e-1
GLOBL expC3<>(SB), RODATA|NOPTR, $32
DATA expC4<>+0(SB)/8, $4.1666666666666666667e-2
DATA expC4<>+8(SB)/8, $4.1666666666666666667e-2
DATA expC4<>+16(SB)/8, $4.1666666666666666667e-2
DATA expC4<>+24(SB)/8, $4.1666666666666666667e-2
GLOBL expC4<>(SB), RODATA|NOPTR, $32
DATA expC5<>+0(SB)/8, $8.3333333333333333333e-3
DATA expC5<>+8(SB)/8, $8.3333333333333333333e-3
DATA expC5<>+16(SB)/8, $8.3333333333333333333e-3
DATA expC5<>+24(SB)/8, $8.3333333333333333333e-3
GLOBL expC5<>(SB), RODATA|NOPTR, $32
DATA expC6<>+0(SB)/8, $1.3888888888888888889e-3
DATA expC6<>+8(SB)/8, $1.3888888888888888889e-3
DATA expC6<>+16(SB)/8, $1.3888888888888888889e-3
DATA expC6<>+24(SB)/8, $1.3888888888888888889e-3
GLOBL expC6<>(SB), RODATA|NOPTR, $32
DATA expC7<>+0(SB)/8, $1.9841269841269841270e-4
DATA expC7<>+8(SB)/8, $1.9841269841269841270e-4
DATA expC7<>+16(SB)/8, $1.9841269841269841270e-4
DATA expC7<>+24(SB)/8, $1.9841269841269841270e-4
GLOBL expC7<>(SB), RODATA|NOPTR, $32
DATA expC8<>+0(SB)/8, $2.4801587301587301587e-5
DATA expC8<>+8(SB)/8, $2.4801587301587301587e-5
DATA expC8<>+16(SB)/8, $2.4801587301587301587e-5
DATA expC8<>+24(SB)/8, $2.4801587301587301587e-5
GLOBL expC8<>(SB), RODATA|NOPTR, $32
DATA expLo<>+0(SB)/8, $-700.0
DATA expLo<>+8(SB)/8, $-700.0
DATA expLo<>+16(SB)/8, $-700.0
DATA expLo<>+24(SB)/8, $-700.0
GLOBL expLo<>(SB), RODATA|NOPTR, $32
DATA expHi<>+0(SB)/8, $700.0
DATA expHi<>+8(SB)/8, $700.0
DATA expHi<>+16(SB)/8, $700.0
DATA expHi<>+24(SB)/8, $700.0
GLOBL expHi<>(SB), RODATA|NOPTR, $32
DATA expBias<>+0(SB)/8, $0x3ff
DATA expBias<>+8(SB)/8, $0x3ff
DATA expBias<>+16(SB)/8, $0x3ff
DATA expBias<>+24(SB)/8, $0x3ff
GLOBL expBias<>(SB), RODATA|NOPTR, $32

// EXP4 replaces the four float64 arguments in Y0 (each in [-700, 700]) by
// their math.Exp, clobbering Y1..Y4: math.Exp's FMA branch lane for lane,
// its ldexp the plain one (the exponent is in range).
#define EXP4 \
	VMULPD expLog2e<>(SB), Y0, Y1 \
	VCVTPD2DQY Y1, X1 \
	VCVTDQ2PD X1, Y2 \
	VFNMADD231PD expLn2U<>(SB), Y2, Y0 \
	VFNMADD231PD expLn2L<>(SB), Y2, Y0 \
	VMULPD expSixteenth<>(SB), Y0, Y0 \
	VMOVUPD expC8<>(SB), Y3 \
	VFMADD213PD expC7<>(SB), Y0, Y3 \
	VFMADD213PD expC6<>(SB), Y0, Y3 \
	VFMADD213PD expC5<>(SB), Y0, Y3 \
	VFMADD213PD expC4<>(SB), Y0, Y3 \
	VFMADD213PD expC3<>(SB), Y0, Y3 \
	VFMADD213PD expC2<>(SB), Y0, Y3 \
	VFMADD213PD expOne<>(SB), Y0, Y3 \
	VMULPD Y3, Y0, Y0 \
	VADDPD expTwo<>(SB), Y0, Y3 \
	VMULPD Y3, Y0, Y0 \
	VADDPD expTwo<>(SB), Y0, Y3 \
	VMULPD Y3, Y0, Y0 \
	VADDPD expTwo<>(SB), Y0, Y3 \
	VMULPD Y3, Y0, Y0 \
	VADDPD expTwo<>(SB), Y0, Y3 \
	VFMADD213PD expOne<>(SB), Y3, Y0 \
	VPMOVSXDQ X1, Y4 \
	VPADDQ expBias<>(SB), Y4, Y4 \
	VPSLLQ $52, Y4, Y4 \
	VMULPD Y4, Y0, Y0


// func expScoresAVX2(s *float32, n int, m float64) (done int)
//
// s[j] = float32(exp(float64(s[j]) - m)) for j < n (n a positive multiple
// of 4), four at a time, with math.Exp's bits. It stops before the first
// group of four with an x = s[j] - m outside [-700, 700] (NaN, infinite,
// or where math.Exp's special cases and denormal scaling could apply),
// leaving that group as it was, and returns how many values it did.
TEXT ·expScoresAVX2(SB), NOSPLIT, $0-32
	MOVQ s+0(FP), SI
	MOVQ n+8(FP), CX
	VBROADCASTSD m+16(FP), Y15
	XORQ AX, AX
exp_loop:
	VCVTPS2PD (SI)(AX*4), Y0
	VSUBPD Y15, Y0, Y0
	VCMPPD $0x1d, expLo<>(SB), Y0, Y5
	VCMPPD $0x12, expHi<>(SB), Y0, Y6
	VANDPD Y6, Y5, Y5
	VMOVMSKPD Y5, DX
	CMPQ DX, $15
	JNE exp_done
	EXP4
	VCVTPD2PSY Y0, X0
	VMOVUPS X0, (SI)(AX*4)
	ADDQ $4, AX
	CMPQ AX, CX
	JLT exp_loop
exp_done:
	MOVQ AX, done+24(FP)
	VZEROUPPER
	RET

// func expF64AVX2(x *float64, n int)
//
// x[i] = math.Exp(x[i]) for i < n (a positive multiple of 4, every x[i]
// in [-700, 700]): EXP4 without the float32 rounding, for the tests to
// see every bit of it.
TEXT ·expF64AVX2(SB), NOSPLIT, $0-16
	MOVQ x+0(FP), SI
	MOVQ n+8(FP), CX
expf64_loop:
	VMOVUPD (SI), Y0
	EXP4
	VMOVUPD Y0, (SI)
	ADDQ $32, SI
	SUBQ $4, CX
	JNZ expf64_loop
	VZEROUPPER
	RET

// func attnScores4HF16AVX2(q *float64, k *byte, stride, rows, n int, scale float64, out *float32, outStride int)
//
// attnScoresF16AVX2 for four query heads that read the same KV head: head
// i's widened query at q + i·n, its scores at out + i·outStride bytes.
// Two rows at a time: each row's values are widened once for four heads,
// and the eight accumulators (head i, row r in Y(2i+r)) are eight
// independent dependency chains.
TEXT ·attnScores4HF16AVX2(SB), NOSPLIT, $0-64
	ATTN_SCORES_4H(WIDEN_F16, 8)

// func attnScores4HF32AVX2(q *float64, k *byte, stride, rows, n int, scale float64, out *float32, outStride int)
//
// attnScoresF32AVX2 for four query heads that read the same KV head: head
// i's widened query at q + i·n, its scores at out + i·outStride bytes.
// Two rows at a time: each row's values are widened once for four heads,
// and the eight accumulators (head i, row r in Y(2i+r)) are eight
// independent dependency chains.
TEXT ·attnScores4HF32AVX2(SB), NOSPLIT, $0-64
	ATTN_SCORES_4H(WIDEN_F32, 16)
