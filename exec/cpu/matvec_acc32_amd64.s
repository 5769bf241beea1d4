#include "textflag.h"

// The kernels of MatVecF32Acc (matvec_acc32.go): each row's 64 float32
// lanes live in eight YMM registers (AVX2, Y0..Y7: lanes 8k..8k+7 in Yk)
// or four ZMM registers (AVX-512, Z0..Z3: lanes 16k..16k+15 in Zk), so
// element i of a row goes to lane i mod 64 whichever width runs. Each
// step converts the weights exactly to float32 (VCVTPH2PS), multiplies
// by x (VMULPS, rounded) and adds to the lanes (VADDPS, rounded): no FMA,
// the Go loop's operations. NaN payloads are whatever the instructions
// give; the caller recomputes NaN rows.
//
// One row at a time: rows are contiguous, so a kernel reads one sequential
// stream, and eight (AVX2) or four (AVX-512) independent chains of adds
// already keep up with memory. An AVX-512 variant running two rows at a
// time with each chunk's x held in registers (eight chains) was measured
// against this one on the matvec benchmarks and was no faster from L3 or
// for the 256-row shape and no better (if anything worse) from DRAM, on a
// machine shared with other work.

// ACC32PF is how far ahead of the weights being read the kernels prefetch
// (the distance the older f16 kernel used).
#define ACC32PF 4096

// F16STEP, BF16STEP and F32STEP add fl(w·x) of the 8 (YMM) or 16 (ZMM)
// weights at woff(SI), widened exactly, and the x at xoff(DI) to acc,
// through tmp.
#define F16STEP(woff, xoff, tmp, acc) \
	VCVTPH2PS woff(SI), tmp \
	VMULPS xoff(DI), tmp, tmp \
	VADDPS tmp, acc, acc

#define BF16STEP(woff, xoff, tmp, acc) \
	VPMOVZXWD woff(SI), tmp \
	VPSLLD $16, tmp, tmp \
	VMULPS xoff(DI), tmp, tmp \
	VADDPS tmp, acc, acc

#define F32STEP(woff, xoff, tmp, acc) \
	VMOVUPS woff(SI), tmp \
	VMULPS xoff(DI), tmp, tmp \
	VADDPS tmp, acc, acc

// CHUNK2Y and CHUNK2Z run one chunk of 64 elements of 2-byte weights
// (128 bytes; 256 of x) with STEP; CHUNK4Y and CHUNK4Z of float32 weights
// (256 bytes).
#define CHUNK2Y(STEP) \
	PREFETCHT0 ACC32PF(SI) \
	PREFETCHT0 ACC32PF+64(SI) \
	STEP(0, 0, Y8, Y0) \
	STEP(16, 32, Y9, Y1) \
	STEP(32, 64, Y10, Y2) \
	STEP(48, 96, Y11, Y3) \
	STEP(64, 128, Y12, Y4) \
	STEP(80, 160, Y13, Y5) \
	STEP(96, 192, Y14, Y6) \
	STEP(112, 224, Y15, Y7)

#define CHUNK2Z(STEP) \
	PREFETCHT0 ACC32PF(SI) \
	PREFETCHT0 ACC32PF+64(SI) \
	STEP(0, 0, Z8, Z0) \
	STEP(32, 64, Z9, Z1) \
	STEP(64, 128, Z10, Z2) \
	STEP(96, 192, Z11, Z3)

#define CHUNK4Y(STEP) \
	PREFETCHT0 ACC32PF(SI) \
	PREFETCHT0 ACC32PF+64(SI) \
	PREFETCHT0 ACC32PF+128(SI) \
	PREFETCHT0 ACC32PF+192(SI) \
	STEP(0, 0, Y8, Y0) \
	STEP(32, 32, Y9, Y1) \
	STEP(64, 64, Y10, Y2) \
	STEP(96, 96, Y11, Y3) \
	STEP(128, 128, Y12, Y4) \
	STEP(160, 160, Y13, Y5) \
	STEP(192, 192, Y14, Y6) \
	STEP(224, 224, Y15, Y7)

#define CHUNK4Z(STEP) \
	PREFETCHT0 ACC32PF(SI) \
	PREFETCHT0 ACC32PF+64(SI) \
	PREFETCHT0 ACC32PF+128(SI) \
	PREFETCHT0 ACC32PF+192(SI) \
	STEP(0, 0, Z8, Z0) \
	STEP(64, 64, Z9, Z1) \
	STEP(128, 128, Z10, Z2) \
	STEP(192, 192, Z11, Z3)

#define ZEROY \
	VXORPS Y0, Y0, Y0 \
	VXORPS Y1, Y1, Y1 \
	VXORPS Y2, Y2, Y2 \
	VXORPS Y3, Y3, Y3 \
	VXORPS Y4, Y4, Y4 \
	VXORPS Y5, Y5, Y5 \
	VXORPS Y6, Y6, Y6 \
	VXORPS Y7, Y7, Y7

#define ZEROZ \
	VPXORD Z0, Z0, Z0 \
	VPXORD Z1, Z1, Z1 \
	VPXORD Z2, Z2, Z2 \
	VPXORD Z3, Z3, Z3

// TREEX finishes the reduction from lanes 0..7 in Y0: h = 4 (the high
// half of Y0 onto the low), 2 (lanes 2, 3 onto 0, 1), 1; lane 0 of X0 is
// the row's result.
#define TREEX \
	VEXTRACTF128 $1, Y0, X1 \
	VADDPS X1, X0, X0 \
	VMOVHLPS X0, X0, X1 \
	VADDPS X1, X0, X0 \
	VMOVSHDUP X0, X1 \
	VADDSS X1, X0, X0

// TREEY: h = 32 (Y4..Y7 onto Y0..Y3), 16, 8, then TREEX.
#define TREEY \
	VADDPS Y4, Y0, Y0 \
	VADDPS Y5, Y1, Y1 \
	VADDPS Y6, Y2, Y2 \
	VADDPS Y7, Y3, Y3 \
	VADDPS Y2, Y0, Y0 \
	VADDPS Y3, Y1, Y1 \
	VADDPS Y1, Y0, Y0 \
	TREEX

// TREEZ: h = 32 (Z2, Z3 onto Z0, Z1), 16, 8 (the high half of Z0 onto
// the low), then TREEX.
#define TREEZ \
	VADDPS Z2, Z0, Z0 \
	VADDPS Z3, Z1, Z1 \
	VADDPS Z1, Z0, Z0 \
	VEXTRACTF64X4 $1, Z0, Y1 \
	VADDPS Y1, Y0, Y0 \
	TREEX


// ROWS(CHUNK, STEP, wbytes, ZERO, TREE) is the body of a *Rows kernel:
// func(w *byte, x *float32, chunks, rows int, dst *float32), chunks of
// wbytes weight bytes.
#define ROWS(CHUNK, STEP, wbytes, ZERO, TREE) \
	MOVQ w+0(FP), SI \
	MOVQ x+8(FP), DX \
	MOVQ chunks+16(FP), BX \
	MOVQ rows+24(FP), R9 \
	MOVQ dst+32(FP), R10 \
row: \
	ZERO \
	MOVQ DX, DI \
	MOVQ BX, CX \
chunk: \
	CHUNK(STEP) \
	ADDQ $wbytes, SI \
	ADDQ $256, DI \
	DECQ CX \
	JNZ  chunk \
	TREE \
	VMOVSS X0, (R10) \
	ADDQ $4, R10 \
	DECQ R9 \
	JNZ  row \
	VZEROUPPER \
	RET

// LANES(CHUNK, STEP, wbytes, ZERO, STORE) is the body of a *Lanes kernel:
// func(w *byte, x *float32, chunks int, acc *[64]float32).
#define LANES(CHUNK, STEP, wbytes, ZERO, STORE) \
	MOVQ w+0(FP), SI \
	MOVQ x+8(FP), DI \
	MOVQ chunks+16(FP), CX \
	MOVQ acc+24(FP), R10 \
	ZERO \
chunk: \
	CHUNK(STEP) \
	ADDQ $wbytes, SI \
	ADDQ $256, DI \
	DECQ CX \
	JNZ  chunk \
	STORE \
	VZEROUPPER \
	RET

#define STOREY \
	VMOVUPS Y0, 0(R10) \
	VMOVUPS Y1, 32(R10) \
	VMOVUPS Y2, 64(R10) \
	VMOVUPS Y3, 96(R10) \
	VMOVUPS Y4, 128(R10) \
	VMOVUPS Y5, 160(R10) \
	VMOVUPS Y6, 192(R10) \
	VMOVUPS Y7, 224(R10)

#define STOREZ \
	VMOVUPS Z0, 0(R10) \
	VMOVUPS Z1, 64(R10) \
	VMOVUPS Z2, 128(R10) \
	VMOVUPS Z3, 192(R10)

// func f16RowsAVX2(w *byte, x *float32, chunks, rows int, dst *float32)
TEXT ·f16RowsAVX2(SB), NOSPLIT, $0-40
	ROWS(CHUNK2Y, F16STEP, 128, ZEROY, TREEY)

// func f16LanesAVX2(w *byte, x *float32, chunks int, acc *[64]float32)
TEXT ·f16LanesAVX2(SB), NOSPLIT, $0-32
	LANES(CHUNK2Y, F16STEP, 128, ZEROY, STOREY)

// func f16RowsAVX512(w *byte, x *float32, chunks, rows int, dst *float32)
TEXT ·f16RowsAVX512(SB), NOSPLIT, $0-40
	ROWS(CHUNK2Z, F16STEP, 128, ZEROZ, TREEZ)

// func f16LanesAVX512(w *byte, x *float32, chunks int, acc *[64]float32)
TEXT ·f16LanesAVX512(SB), NOSPLIT, $0-32
	LANES(CHUNK2Z, F16STEP, 128, ZEROZ, STOREZ)

// func bf16RowsAVX2(w *byte, x *float32, chunks, rows int, dst *float32)
TEXT ·bf16RowsAVX2(SB), NOSPLIT, $0-40
	ROWS(CHUNK2Y, BF16STEP, 128, ZEROY, TREEY)

// func bf16LanesAVX2(w *byte, x *float32, chunks int, acc *[64]float32)
TEXT ·bf16LanesAVX2(SB), NOSPLIT, $0-32
	LANES(CHUNK2Y, BF16STEP, 128, ZEROY, STOREY)

// func bf16RowsAVX512(w *byte, x *float32, chunks, rows int, dst *float32)
TEXT ·bf16RowsAVX512(SB), NOSPLIT, $0-40
	ROWS(CHUNK2Z, BF16STEP, 128, ZEROZ, TREEZ)

// func bf16LanesAVX512(w *byte, x *float32, chunks int, acc *[64]float32)
TEXT ·bf16LanesAVX512(SB), NOSPLIT, $0-32
	LANES(CHUNK2Z, BF16STEP, 128, ZEROZ, STOREZ)

// func f32RowsAVX2(w *byte, x *float32, chunks, rows int, dst *float32)
TEXT ·f32RowsAVX2(SB), NOSPLIT, $0-40
	ROWS(CHUNK4Y, F32STEP, 256, ZEROY, TREEY)

// func f32LanesAVX2(w *byte, x *float32, chunks int, acc *[64]float32)
TEXT ·f32LanesAVX2(SB), NOSPLIT, $0-32
	LANES(CHUNK4Y, F32STEP, 256, ZEROY, STOREY)

// func f32RowsAVX512(w *byte, x *float32, chunks, rows int, dst *float32)
TEXT ·f32RowsAVX512(SB), NOSPLIT, $0-40
	ROWS(CHUNK4Z, F32STEP, 256, ZEROZ, TREEZ)

// func f32LanesAVX512(w *byte, x *float32, chunks int, acc *[64]float32)
TEXT ·f32LanesAVX512(SB), NOSPLIT, $0-32
	LANES(CHUNK4Z, F32STEP, 256, ZEROZ, STOREZ)
