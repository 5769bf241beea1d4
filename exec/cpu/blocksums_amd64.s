//go:build amd64

#include "textflag.h"

// AVX2 block sums for the matvec of a quantised x (blocksums.go). Every
// product and partial sum is an exact integer: VPMADDUBSW takes unsigned
// weight codes (at most 63) against signed activation bytes, so its int16
// pair sums stay within ±16256 and never saturate, even for −128
// activations; q8_0 weights are signed, so q8_0·q8_0 widens both operands
// to int16 (VPMOVSXBW) and multiplies with VPMADDWD. Offsets (q4_0's −8,
// q5_0's −16, q6_K's −32) are subtracted as offset·y pair sums in int16.

// Per 128-bit lane: 0x0f bytes.
DATA nib<>+0(SB)/8, $0x0f0f0f0f0f0f0f0f
DATA nib<>+8(SB)/8, $0x0f0f0f0f0f0f0f0f
DATA nib<>+16(SB)/8, $0x0f0f0f0f0f0f0f0f
DATA nib<>+24(SB)/8, $0x0f0f0f0f0f0f0f0f
GLOBL nib<>(SB), RODATA|NOPTR, $32

DATA b8<>+0(SB)/8, $0x0808080808080808
DATA b8<>+8(SB)/8, $0x0808080808080808
DATA b8<>+16(SB)/8, $0x0808080808080808
DATA b8<>+24(SB)/8, $0x0808080808080808
GLOBL b8<>(SB), RODATA|NOPTR, $32

DATA b16<>+0(SB)/8, $0x1010101010101010
DATA b16<>+8(SB)/8, $0x1010101010101010
DATA b16<>+16(SB)/8, $0x1010101010101010
DATA b16<>+24(SB)/8, $0x1010101010101010
GLOBL b16<>(SB), RODATA|NOPTR, $32

DATA b32<>+0(SB)/8, $0x2020202020202020
DATA b32<>+8(SB)/8, $0x2020202020202020
DATA b32<>+16(SB)/8, $0x2020202020202020
DATA b32<>+24(SB)/8, $0x2020202020202020
GLOBL b32<>(SB), RODATA|NOPTR, $32

DATA b48<>+0(SB)/8, $0x3030303030303030
DATA b48<>+8(SB)/8, $0x3030303030303030
DATA b48<>+16(SB)/8, $0x3030303030303030
DATA b48<>+24(SB)/8, $0x3030303030303030
GLOBL b48<>(SB), RODATA|NOPTR, $32

// int16 ones.
DATA w1<>+0(SB)/8, $0x0001000100010001
DATA w1<>+8(SB)/8, $0x0001000100010001
DATA w1<>+16(SB)/8, $0x0001000100010001
DATA w1<>+24(SB)/8, $0x0001000100010001
GLOBL w1<>(SB), RODATA|NOPTR, $32

// Byte j of a qh word to all eight bytes 8j..8j+7 (per 128-bit lane, as
// ggml's bytes_from_bits_32), then the bit of each byte.
DATA bitshuf<>+0(SB)/8, $0x0000000000000000
DATA bitshuf<>+8(SB)/8, $0x0101010101010101
DATA bitshuf<>+16(SB)/8, $0x0202020202020202
DATA bitshuf<>+24(SB)/8, $0x0303030303030303
GLOBL bitshuf<>(SB), RODATA|NOPTR, $32

DATA bitmask<>+0(SB)/8, $0x7fbfdfeff7fbfdfe
DATA bitmask<>+8(SB)/8, $0x7fbfdfeff7fbfdfe
DATA bitmask<>+16(SB)/8, $0x7fbfdfeff7fbfdfe
DATA bitmask<>+24(SB)/8, $0x7fbfdfeff7fbfdfe
GLOBL bitmask<>(SB), RODATA|NOPTR, $32

// Per 128-bit lane, bytes 0,8,1,9,…,7,15: VPMADDUBSW then adds elements e
// and e+8, which are in the same lane e mod 8 of the K-quant lane sums.
DATA lanep<>+0(SB)/8, $0x0b030a0209010800
DATA lanep<>+8(SB)/8, $0x0f070e060d050c04
DATA lanep<>+16(SB)/8, $0x0b030a0209010800
DATA lanep<>+24(SB)/8, $0x0f070e060d050c04
GLOBL lanep<>(SB), RODATA|NOPTR, $32

// q6_K scales: int16 words s0..s7 of a lane to s0 s2 s1 s3 s4 s6 s5 s7,
// so dword 2m holds (s_4m, s_4m+2) and dword 2m+1 (s_4m+1, s_4m+3).
DATA q6sp<>+0(SB)/8, $0x0706030205040100
DATA q6sp<>+8(SB)/8, $0x0f0e0b0a0d0c0908
DATA q6sp<>+16(SB)/8, $0x0706030205040100
DATA q6sp<>+24(SB)/8, $0x0f0e0b0a0d0c0908
GLOBL q6sp<>(SB), RODATA|NOPTR, $32

// VPERMD indices: dword 2m to the low lane, 2m+1 to the high lane.
DATA q6idx<>+0(SB)/8, $0x0000000000000000
DATA q6idx<>+8(SB)/8, $0x0000000000000000
DATA q6idx<>+16(SB)/8, $0x0000000100000001
DATA q6idx<>+24(SB)/8, $0x0000000100000001
DATA q6idx<>+32(SB)/8, $0x0000000200000002
DATA q6idx<>+40(SB)/8, $0x0000000200000002
DATA q6idx<>+48(SB)/8, $0x0000000300000003
DATA q6idx<>+56(SB)/8, $0x0000000300000003
DATA q6idx<>+64(SB)/8, $0x0000000400000004
DATA q6idx<>+72(SB)/8, $0x0000000400000004
DATA q6idx<>+80(SB)/8, $0x0000000500000005
DATA q6idx<>+88(SB)/8, $0x0000000500000005
DATA q6idx<>+96(SB)/8, $0x0000000600000006
DATA q6idx<>+104(SB)/8, $0x0000000600000006
DATA q6idx<>+112(SB)/8, $0x0000000700000007
DATA q6idx<>+120(SB)/8, $0x0000000700000007
GLOBL q6idx<>(SB), RODATA|NOPTR, $128

// PFDIST is how far ahead of the weights being read the kernels prefetch
// (the hardware prefetcher alone leaves the integer work and the DRAM
// reads serialised: 19 against 37 GB/s on one core for q8_0). Prefetches
// past the end of the weights are harmless.
#define PFDIST 6144

#define PF3 \
	PREFETCHT0 PFDIST(SI) \
	PREFETCHT0 PFDIST+64(SI) \
	PREFETCHT0 PFDIST+128(SI)

#define PF5 \
	PF3 \
	PREFETCHT0 PFDIST+192(SI) \
	PREFETCHT0 PFDIST+256(SI)

// REDUCE8 stores the sums of the eight dwords of each of Y0..Y7 to
// (DX)..28(DX); clobbers Y0..Y7.
#define REDUCE8 \
	VPHADDD Y1, Y0, Y0 \
	VPHADDD Y3, Y2, Y2 \
	VPHADDD Y5, Y4, Y4 \
	VPHADDD Y7, Y6, Y6 \
	VPHADDD Y2, Y0, Y0 \
	VPHADDD Y6, Y4, Y4 \
	VPERM2I128 $0x20, Y4, Y0, Y1 \
	VPERM2I128 $0x31, Y4, Y0, Y2 \
	VPADDD Y2, Y1, Y1 \
	VMOVDQU Y1, (DX)

// SCALES8(bb) widens the f16 scales d (offset 0) of the eight blocks of bb
// bytes at SI to float32 (VCVTPH2PS: exact; a NaN comes out quiet with its
// payload, as ggml.F16ToF32 gives it) and stores them at (R8); clobbers
// X8, Y8.
#define SCALES8(bb) \
	VPXOR X8, X8, X8 \
	VPINSRW $0, 0(SI), X8, X8 \
	VPINSRW $1, bb(SI), X8, X8 \
	VPINSRW $2, 2*bb(SI), X8, X8 \
	VPINSRW $3, 3*bb(SI), X8, X8 \
	VPINSRW $4, 4*bb(SI), X8, X8 \
	VPINSRW $5, 5*bb(SI), X8, X8 \
	VPINSRW $6, 6*bb(SI), X8, X8 \
	VPINSRW $7, 7*bb(SI), X8, X8 \
	VCVTPH2PS X8, Y8 \
	VMOVUPS Y8, (R8)

// NIB32 sets y to the 32 nibble codes of the 16 bytes at qo(SI): low
// nibbles in the low lane (elements 0..15), high ones in the high lane.
#define NIB32(qo, y) \
	VMOVDQU qo(SI), X8 \
	VPSRLW $4, X8, X9 \
	VINSERTI128 $1, X9, Y8, y \
	VPAND Y15, y, y

// HIBITS sets y to 0x10 in byte j where bit j of the dword at ho(SI) is set.
#define HIBITS(ho, y) \
	VPBROADCASTD ho(SI), y \
	VPSHUFB Y12, y, y \
	VPOR Y11, y, y \
	VPCMPEQB Y10, y, y \
	VPAND Y13, y, y

// DOTOFF sets acc to the dword pair sums of (codes − off)·y for the codes
// in Y8 and the 32 activation bytes at xo(DI), off the bytes in offr.
#define DOTOFF(xo, offr, acc) \
	VMOVDQU xo(DI), Y9 \
	VPMADDUBSW Y9, Y8, Y8 \
	VPMADDUBSW Y9, offr, Y9 \
	VPSUBW Y9, Y8, Y8 \
	VPMADDWD Y14, Y8, acc

// DOT sets acc to the dword pair sums of codes·y (no offset).
#define DOT(xo, acc) \
	VMOVDQU xo(DI), Y9 \
	VPMADDUBSW Y9, Y8, Y8 \
	VPMADDWD Y14, Y8, acc

#define Q4_0(wo, xo, acc) \
	NIB32(wo, Y8) \
	DOTOFF(xo, Y13, acc)

// func sumsQ4_0AVX2(w, x *byte, n int, out *int32, d *float32)
TEXT ·sumsQ4_0AVX2(SB), NOSPLIT, $0-40
	MOVQ w+0(FP), SI
	MOVQ x+8(FP), DI
	MOVQ n+16(FP), CX
	MOVQ out+24(FP), DX
	MOVQ d+32(FP), R8
	VMOVDQU nib<>(SB), Y15
	VMOVDQU w1<>(SB), Y14
	VMOVDQU b8<>(SB), Y13
q40loop:
	PF3
	Q4_0(2, 2, Y0)
	Q4_0(20, 36, Y1)
	Q4_0(38, 70, Y2)
	Q4_0(56, 104, Y3)
	Q4_0(74, 138, Y4)
	Q4_0(92, 172, Y5)
	Q4_0(110, 206, Y6)
	Q4_0(128, 240, Y7)
	REDUCE8
	SCALES8(18)
	ADDQ $144, SI
	ADDQ $32, R8
	ADDQ $272, DI
	ADDQ $32, DX
	SUBQ $8, CX
	JNZ  q40loop
	VZEROUPPER
	RET

#define Q4_1(wo, xo, acc) \
	NIB32(wo, Y8) \
	DOT(xo, acc)

// func sumsQ4_1AVX2(w, x *byte, n int, out *int32, d *float32)
TEXT ·sumsQ4_1AVX2(SB), NOSPLIT, $0-40
	MOVQ w+0(FP), SI
	MOVQ x+8(FP), DI
	MOVQ n+16(FP), CX
	MOVQ out+24(FP), DX
	MOVQ d+32(FP), R8
	VMOVDQU nib<>(SB), Y15
	VMOVDQU w1<>(SB), Y14
q41loop:
	PF3
	Q4_1(4, 2, Y0)
	Q4_1(24, 36, Y1)
	Q4_1(44, 70, Y2)
	Q4_1(64, 104, Y3)
	Q4_1(84, 138, Y4)
	Q4_1(104, 172, Y5)
	Q4_1(124, 206, Y6)
	Q4_1(144, 240, Y7)
	REDUCE8
	SCALES8(20)
	ADDQ $160, SI
	ADDQ $32, R8
	ADDQ $272, DI
	ADDQ $32, DX
	SUBQ $8, CX
	JNZ  q41loop
	VZEROUPPER
	RET

// Q5 blocks: qh at ho, qs at ho+4.
#define Q5_0(ho, xo, acc) \
	HIBITS(ho, Y7) \
	NIB32(ho+4, Y8) \
	VPOR Y7, Y8, Y8 \
	DOTOFF(xo, Y13, acc)

#define Q5_1(ho, xo, acc) \
	HIBITS(ho, Y7) \
	NIB32(ho+4, Y8) \
	VPOR Y7, Y8, Y8 \
	DOT(xo, acc)

// q5 kernels keep Y7 as a temporary, so they reduce four blocks at a time
// through the stack-free pair: blocks 0..3 into Y0..Y3, 4..7 into Y4..Y6
// and Y7 last.

// func sumsQ5_0AVX2(w, x *byte, n int, out *int32, d *float32)
TEXT ·sumsQ5_0AVX2(SB), NOSPLIT, $0-40
	MOVQ w+0(FP), SI
	MOVQ x+8(FP), DI
	MOVQ n+16(FP), CX
	MOVQ out+24(FP), DX
	MOVQ d+32(FP), R8
	VMOVDQU nib<>(SB), Y15
	VMOVDQU w1<>(SB), Y14
	VMOVDQU b16<>(SB), Y13
	VMOVDQU bitshuf<>(SB), Y12
	VMOVDQU bitmask<>(SB), Y11
	VPCMPEQB Y10, Y10, Y10
q50loop:
	PF3
	Q5_0(2, 2, Y0)
	Q5_0(24, 36, Y1)
	Q5_0(46, 70, Y2)
	Q5_0(68, 104, Y3)
	Q5_0(90, 138, Y4)
	Q5_0(112, 172, Y5)
	Q5_0(134, 206, Y6)
	HIBITS(156, Y7)
	NIB32(160, Y8)
	VPOR Y7, Y8, Y8
	DOTOFF(240, Y13, Y7)
	REDUCE8
	SCALES8(22)
	ADDQ $176, SI
	ADDQ $32, R8
	ADDQ $272, DI
	ADDQ $32, DX
	SUBQ $8, CX
	JNZ  q50loop
	VZEROUPPER
	RET

// func sumsQ5_1AVX2(w, x *byte, n int, out *int32, d *float32)
TEXT ·sumsQ5_1AVX2(SB), NOSPLIT, $0-40
	MOVQ w+0(FP), SI
	MOVQ x+8(FP), DI
	MOVQ n+16(FP), CX
	MOVQ out+24(FP), DX
	MOVQ d+32(FP), R8
	VMOVDQU nib<>(SB), Y15
	VMOVDQU w1<>(SB), Y14
	VMOVDQU b16<>(SB), Y13
	VMOVDQU bitshuf<>(SB), Y12
	VMOVDQU bitmask<>(SB), Y11
	VPCMPEQB Y10, Y10, Y10
q51loop:
	PF3
	Q5_1(4, 2, Y0)
	Q5_1(28, 36, Y1)
	Q5_1(52, 70, Y2)
	Q5_1(76, 104, Y3)
	Q5_1(100, 138, Y4)
	Q5_1(124, 172, Y5)
	Q5_1(148, 206, Y6)
	HIBITS(172, Y7)
	NIB32(176, Y8)
	VPOR Y7, Y8, Y8
	DOT(240, Y7)
	REDUCE8
	SCALES8(24)
	ADDQ $192, SI
	ADDQ $32, R8
	ADDQ $272, DI
	ADDQ $32, DX
	SUBQ $8, CX
	JNZ  q51loop
	VZEROUPPER
	RET

#define Q8_0(o, acc) \
	VPMOVSXBW o(SI), Y8 \
	VPMOVSXBW o+16(SI), Y9 \
	VPMOVSXBW o(DI), Y10 \
	VPMOVSXBW o+16(DI), Y11 \
	VPMADDWD Y10, Y8, Y8 \
	VPMADDWD Y11, Y9, Y9 \
	VPADDD Y9, Y8, acc

// func sumsQ8_0AVX2(w, x *byte, n int, out *int32, d *float32)
TEXT ·sumsQ8_0AVX2(SB), NOSPLIT, $0-40
	MOVQ w+0(FP), SI
	MOVQ x+8(FP), DI
	MOVQ n+16(FP), CX
	MOVQ out+24(FP), DX
	MOVQ d+32(FP), R8
q80loop:
	PF5
	Q8_0(2, Y0)
	Q8_0(36, Y1)
	Q8_0(70, Y2)
	Q8_0(104, Y3)
	Q8_0(138, Y4)
	Q8_0(172, Y5)
	Q8_0(206, Y6)
	Q8_0(240, Y7)
	REDUCE8
	SCALES8(34)
	ADDQ $272, SI
	ADDQ $32, R8
	ADDQ $272, DI
	ADDQ $32, DX
	SUBQ $8, CX
	JNZ  q80loop
	VZEROUPPER
	RET

// K-quants. Codes and activations are permuted by lanep, so VPMADDUBSW's
// word k of a 16-element group is the sum for elements k and k+8, both in
// lane k. Two groups' words p = [a|b] and q = [c|d] (low|high 128-bit
// lane) are interleaved (VPUNPCKLWD: a0 c0 … a3 c3 | b0 d0 … b3 d3, and
// VPUNPCKHWD for words 4..7) and VPMADDWD multiplies by their scales
// (s_a, s_c) and (s_b, s_d): Y0 gathers lanes 0..3 (twice, one per 128-bit
// lane), Y1 lanes 4..7; the two halves are added at the end of the
// super-block.

// KPAIR adds the scaled lane sums of the code words pa and pb to Y0, Y1,
// with the scale pairs in Y12; clobbers pa, Y11.
#define KPAIR(pa, pb) \
	VPUNPCKLWD pb, pa, Y11 \
	VPUNPCKHWD pb, pa, pa \
	VPMADDWD Y12, Y11, Y11 \
	VPMADDWD Y12, pa, pa \
	VPADDD Y11, Y0, Y0 \
	VPADDD pa, Y1, Y1

// KSTORE adds the 128-bit halves of Y0 and Y1 and stores the eight lanes.
#define KSTORE \
	VEXTRACTI128 $1, Y0, X10 \
	VPADDD X10, X0, X0 \
	VEXTRACTI128 $1, Y1, X11 \
	VPADDD X11, X1, X1 \
	VMOVDQU X0, (DX) \
	VMOVDQU X1, 16(DX)

// KSCALES unpacks the eight 6-bit scales and mins of the q4_K/q5_K
// super-block at SI (ggml's utmp bit trick): Y2 gets the scales as words,
// dword c (s_2c, s_2c+1), in both 128-bit lanes; the mins term
// S = Σ_j m_j·(bsums_2j + bsums_2j+1) of the q8_K block at DI is left in
// dword 0 of X3 (which the pair macros leave alone). Clobbers AX, BX,
// R8..R11, Y3, Y4.
#define KSCALES \
	MOVL 4(SI), AX \
	MOVL 8(SI), BX \
	MOVL 12(SI), R8 \
	MOVL AX, R9 \
	ANDL $0x3f3f3f3f, R9 \
	SHRL $6, AX \
	ANDL $0x03030303, AX \
	SHLL $4, AX \
	MOVL R8, R10 \
	ANDL $0x0f0f0f0f, R10 \
	ORL  AX, R10 \
	MOVL BX, R11 \
	ANDL $0x3f3f3f3f, R11 \
	SHRL $6, BX \
	ANDL $0x03030303, BX \
	SHLL $4, BX \
	SHRL $4, R8 \
	ANDL $0x0f0f0f0f, R8 \
	ORL  BX, R8 \
	VMOVD R9, X2 \
	VPINSRD $1, R10, X2, X2 \
	VPMOVZXBW X2, X2 \
	VINSERTI128 $1, X2, Y2, Y2 \
	VMOVD R11, X3 \
	VPINSRD $1, R8, X3, X3 \
	VPUNPCKLBW X3, X3, X3 \
	VPMOVZXBW X3, Y3 \
	VPMADDWD 260(DI), Y3, Y3 \
	VEXTRACTI128 $1, Y3, X4 \
	VPADDD X4, X3, X3 \
	VPSHUFD $0x4e, X3, X4 \
	VPADDD X4, X3, X3 \
	VPSHUFD $0xb1, X3, X4 \
	VPADDD X4, X3, X3

// Q45PAIR: sub-blocks 2c, 2c+1 from the 32 code bytes in Y8 (permuted
// already; low nibbles are 2c, high 2c+1) plus the fifth bits in Y6, Y7
// (q5_K; zero for q4_K), activations at yo(DI), yo+32(DI), scales dword c
// of Y2 (sh = c·0x55).
#define Q45PAIR(yo, sh) \
	VPSRLW $4, Y8, Y9 \
	VPAND Y15, Y8, Y8 \
	VPAND Y15, Y9, Y9 \
	VPOR Y6, Y8, Y8 \
	VPOR Y7, Y9, Y9 \
	VMOVDQU yo(DI), Y10 \
	VPSHUFB Y14, Y10, Y10 \
	VMOVDQU yo+32(DI), Y11 \
	VPSHUFB Y14, Y11, Y11 \
	VPMADDUBSW Y10, Y8, Y8 \
	VPMADDUBSW Y11, Y9, Y9 \
	VPSHUFD $sh, Y2, Y12 \
	KPAIR(Y8, Y9)

#define Q4KPAIR(qo, yo, sh) \
	VMOVDQU qo(SI), Y8 \
	VPSHUFB Y14, Y8, Y8 \
	Q45PAIR(yo, sh)

// func lanesQ4KAVX2(w, x *byte, n int, out *int32)
TEXT ·lanesQ4KAVX2(SB), NOSPLIT, $0-32
	MOVQ w+0(FP), SI
	MOVQ x+8(FP), DI
	MOVQ n+16(FP), CX
	MOVQ out+24(FP), DX
	VMOVDQU nib<>(SB), Y15
	VMOVDQU lanep<>(SB), Y14
	VPXOR Y6, Y6, Y6
	VPXOR Y7, Y7, Y7
q4kloop:
	PF3
	VPXOR Y0, Y0, Y0
	VPXOR Y1, Y1, Y1
	KSCALES
	VMOVD X3, 32(DX)
	Q4KPAIR(16, 4, 0x00)
	Q4KPAIR(48, 68, 0x55)
	Q4KPAIR(80, 132, 0xaa)
	Q4KPAIR(112, 196, 0xff)
	KSTORE
	ADDQ $144, SI
	ADDQ $292, DI
	ADDQ $36, DX
	DECQ CX
	JNZ  q4kloop
	VZEROUPPER
	RET

// Q5KPAIR: the fifth bits of sub-blocks 2c, 2c+1 are bits 0, 1 of Y13 (the
// permuted qh shifted right by 2c); Y5 holds 0x10 bytes.
#define Q5KPAIR(qo, yo, sh) \
	VPSLLW $4, Y13, Y6 \
	VPAND Y5, Y6, Y6 \
	VPSLLW $3, Y13, Y7 \
	VPAND Y5, Y7, Y7 \
	VPSRLW $2, Y13, Y13 \
	VMOVDQU qo(SI), Y8 \
	VPSHUFB Y14, Y8, Y8 \
	Q45PAIR(yo, sh)

// func lanesQ5KAVX2(w, x *byte, n int, out *int32)
TEXT ·lanesQ5KAVX2(SB), NOSPLIT, $0-32
	MOVQ w+0(FP), SI
	MOVQ x+8(FP), DI
	MOVQ n+16(FP), CX
	MOVQ out+24(FP), DX
	VMOVDQU nib<>(SB), Y15
	VMOVDQU lanep<>(SB), Y14
	VMOVDQU b16<>(SB), Y5
q5kloop:
	PF3
	VPXOR Y0, Y0, Y0
	VPXOR Y1, Y1, Y1
	KSCALES
	VMOVD X3, 32(DX)
	VMOVDQU 16(SI), Y13
	VPSHUFB Y14, Y13, Y13
	Q5KPAIR(48, 4, 0x00)
	Q5KPAIR(80, 68, 0x55)
	Q5KPAIR(112, 132, 0xaa)
	Q5KPAIR(144, 196, 0xff)
	KSTORE
	ADDQ $176, SI
	ADDQ $292, DI
	ADDQ $36, DX
	DECQ CX
	JNZ  q5kloop
	VZEROUPPER
	RET

// Q6G sets dst to the word pair sums of (code − 32)·y for the permuted
// codes in code and the 32 activation bytes at yo(DI).
#define Q6G(code, yo, dst) \
	VMOVDQU yo(DI), Y11 \
	VPSHUFB Y14, Y11, Y11 \
	VPMADDUBSW Y11, code, dst \
	VPMADDUBSW Y11, Y7, Y11 \
	VPSUBW Y11, dst, dst

// Q6HALF: half h of a q6_K super-block (ql at 64h, qh at 128+32h,
// activations at 4+128h, scale pairs at dwords 4h..4h+3 of Y6).
#define Q6HALF(qlo, qho, yo, io) \
	VMOVDQU qlo(SI), Y2 \
	VPSHUFB Y14, Y2, Y2 \
	VMOVDQU qlo+32(SI), Y3 \
	VPSHUFB Y14, Y3, Y3 \
	VMOVDQU qho(SI), Y4 \
	VPSHUFB Y14, Y4, Y4 \
	VPSLLW $4, Y4, Y8 \
	VPAND Y13, Y8, Y8 \
	VPAND Y15, Y2, Y9 \
	VPOR Y9, Y8, Y8 \
	Q6G(Y8, yo, Y8) \
	VPSLLW $2, Y4, Y9 \
	VPAND Y13, Y9, Y9 \
	VPAND Y15, Y3, Y10 \
	VPOR Y10, Y9, Y9 \
	Q6G(Y9, yo+32, Y9) \
	VMOVDQU q6idx<>+io(SB), Y12 \
	VPERMD Y6, Y12, Y12 \
	KPAIR(Y8, Y9) \
	VPAND Y13, Y4, Y8 \
	VPSRLW $4, Y2, Y9 \
	VPAND Y15, Y9, Y9 \
	VPOR Y9, Y8, Y8 \
	Q6G(Y8, yo+64, Y8) \
	VPSRLW $2, Y4, Y9 \
	VPAND Y13, Y9, Y9 \
	VPSRLW $4, Y3, Y10 \
	VPAND Y15, Y10, Y10 \
	VPOR Y10, Y9, Y9 \
	Q6G(Y9, yo+96, Y9) \
	VMOVDQU q6idx<>+io+32(SB), Y12 \
	VPERMD Y6, Y12, Y12 \
	KPAIR(Y8, Y9)

// func lanesQ6KAVX2(w, x *byte, n int, out *int32)
TEXT ·lanesQ6KAVX2(SB), NOSPLIT, $0-32
	MOVQ w+0(FP), SI
	MOVQ x+8(FP), DI
	MOVQ n+16(FP), CX
	MOVQ out+24(FP), DX
	VMOVDQU nib<>(SB), Y15
	VMOVDQU lanep<>(SB), Y14
	VMOVDQU b48<>(SB), Y13
	VMOVDQU b32<>(SB), Y7
q6kloop:
	PF3
	PREFETCHT0 PFDIST+192(SI)
	VPXOR Y0, Y0, Y0
	VPXOR Y1, Y1, Y1
	VPMOVSXBW 192(SI), Y6
	VPSHUFB q6sp<>(SB), Y6, Y6
	Q6HALF(0, 128, 4, 0)
	Q6HALF(64, 160, 132, 64)
	KSTORE
	ADDQ $210, SI
	ADDQ $292, DI
	ADDQ $32, DX
	DECQ CX
	JNZ  q6kloop
	VZEROUPPER
	RET

// The K-quants' float32 combination (matvec_q8.go, dotQ45KQ8K and
// dotQ6KQ8K) next to their lane sums: st[0..7] are sums_0..sums_7, st[8]
// is acc. Per super-block d = fl(d_w·d_x) (VCVTPH2PS is exact), sums_l +=
// fl(d·float(a_l)) in the eight lanes of one YMM (VCVTDQ2PS: float32 of
// an int32, rounded to nearest even as Go's conversion; VMULPS, then
// VADDPS: no fused multiply-add), and for q4_K/q5_K acc −= fl(fl(dmin·d_x)
// ·float(S)): each lane rounds exactly as the Go code's scalar operations
// (only NaN payloads may differ, and the caller recomputes a NaN row in
// Go).

// KDQ45 sets dword 0 of X9 to fl(d·d_x), dword 1 to fl(dmin·d_x) for the
// q4_K/q5_K super-block at SI and the q8_K block at DI; clobbers X10.
#define KDQ45 \
	VMOVD (SI), X9 \
	VCVTPH2PS X9, X9 \
	VBROADCASTSS (DI), X10 \
	VMULPS X10, X9, X9

// KMINS: st[8] −= fl(dword 1 of X9 · float(dword 0 of X3)); clobbers X3,
// X10, X11.
#define KMINS \
	VCVTDQ2PS X3, X3 \
	VMOVSHDUP X9, X10 \
	VMULSS X3, X10, X10 \
	VMOVSS 32(DX), X11 \
	VSUBSS X10, X11, X11 \
	VMOVSS X11, 32(DX)

// KCOMB adds the 128-bit halves of Y0 and Y1 (lanes 0..3 and 4..7) and
// adds fl(d·float(a_l)) to st[l], d in dword 0 of X9; clobbers Y0, Y1,
// Y9, X10, X11.
#define KCOMB \
	VEXTRACTI128 $1, Y0, X10 \
	VPADDD X10, X0, X0 \
	VEXTRACTI128 $1, Y1, X11 \
	VPADDD X11, X1, X1 \
	VINSERTI128 $1, X1, Y0, Y0 \
	VCVTDQ2PS Y0, Y0 \
	VBROADCASTSS X9, Y9 \
	VMULPS Y0, Y9, Y9 \
	VADDPS (DX), Y9, Y9 \
	VMOVUPS Y9, (DX)

// func dotQ4KAVX2(w, x *byte, n int, st *[9]float32)
TEXT ·dotQ4KAVX2(SB), NOSPLIT, $0-32
	MOVQ w+0(FP), SI
	MOVQ x+8(FP), DI
	MOVQ n+16(FP), CX
	MOVQ st+24(FP), DX
	VMOVDQU nib<>(SB), Y15
	VMOVDQU lanep<>(SB), Y14
	VPXOR Y6, Y6, Y6
	VPXOR Y7, Y7, Y7
q4kdloop:
	PF3
	VPXOR Y0, Y0, Y0
	VPXOR Y1, Y1, Y1
	KSCALES
	Q4KPAIR(16, 4, 0x00)
	Q4KPAIR(48, 68, 0x55)
	Q4KPAIR(80, 132, 0xaa)
	Q4KPAIR(112, 196, 0xff)
	KDQ45
	KMINS
	KCOMB
	ADDQ $144, SI
	ADDQ $292, DI
	DECQ CX
	JNZ  q4kdloop
	VZEROUPPER
	RET

// func dotQ5KAVX2(w, x *byte, n int, st *[9]float32)
TEXT ·dotQ5KAVX2(SB), NOSPLIT, $0-32
	MOVQ w+0(FP), SI
	MOVQ x+8(FP), DI
	MOVQ n+16(FP), CX
	MOVQ st+24(FP), DX
	VMOVDQU nib<>(SB), Y15
	VMOVDQU lanep<>(SB), Y14
	VMOVDQU b16<>(SB), Y5
q5kdloop:
	PF3
	VPXOR Y0, Y0, Y0
	VPXOR Y1, Y1, Y1
	KSCALES
	VMOVDQU 16(SI), Y13
	VPSHUFB Y14, Y13, Y13
	Q5KPAIR(48, 4, 0x00)
	Q5KPAIR(80, 68, 0x55)
	Q5KPAIR(112, 132, 0xaa)
	Q5KPAIR(144, 196, 0xff)
	KDQ45
	KMINS
	KCOMB
	ADDQ $176, SI
	ADDQ $292, DI
	DECQ CX
	JNZ  q5kdloop
	VZEROUPPER
	RET

// func dotQ6KAVX2(w, x *byte, n int, st *[9]float32)
TEXT ·dotQ6KAVX2(SB), NOSPLIT, $0-32
	MOVQ w+0(FP), SI
	MOVQ x+8(FP), DI
	MOVQ n+16(FP), CX
	MOVQ st+24(FP), DX
	VMOVDQU nib<>(SB), Y15
	VMOVDQU lanep<>(SB), Y14
	VMOVDQU b48<>(SB), Y13
	VMOVDQU b32<>(SB), Y7
q6kdloop:
	PF3
	PREFETCHT0 PFDIST+192(SI)
	VPXOR Y0, Y0, Y0
	VPXOR Y1, Y1, Y1
	VPMOVSXBW 192(SI), Y6
	VPSHUFB q6sp<>(SB), Y6, Y6
	Q6HALF(0, 128, 4, 0)
	Q6HALF(64, 160, 132, 64)
	MOVWLZX 208(SI), AX
	VMOVD AX, X9
	VCVTPH2PS X9, X9
	VBROADCASTSS (DI), X10
	VMULPS X10, X9, X9
	KCOMB
	ADDQ $210, SI
	ADDQ $292, DI
	DECQ CX
	JNZ  q6kdloop
	VZEROUPPER
	RET

// The 32-element formats' float32 combination (matvec_q8.go, dot4Q8) for
// four rows: s and d point at row 0's block sums and scales, row k's at
// +k·2048 bytes (q8Scratch), dx at the q8_0 scales d_x as float32; for n
// blocks (a positive multiple of 8), eight blocks' terms t_b are formed at
// once per row (VCVTDQ2PS: float32 of an int32, rounded to nearest even as
// Go's conversion; VMULPS: the Go code's two roundings in its order, no
// fused multiply-add) and then added to acc[k] one at a time in block
// order (VADDSS), as the Go loop's acc += t_b. Only NaN payloads may
// differ; the caller recomputes such rows in Go.

// CADD4 adds dwords 0..3 of t to dword 0 of acc in order; clobbers t.
#define CADD4(t, acc) \
	VADDSS t, acc, acc \
	VPSHUFD $0x39, t, t \
	VADDSS t, acc, acc \
	VPSHUFD $0x39, t, t \
	VADDSS t, acc, acc \
	VPSHUFD $0x39, t, t \
	VADDSS t, acc, acc

// CADD8 adds the eight terms in Y(t) to acc in order; clobbers Yt, Xh.
#define CADD8(yt, xt, xh, acc) \
	VEXTRACTF128 $1, yt, xh \
	CADD4(xt, acc) \
	CADD4(xh, acc)

// COMBHEAD loads acc and turns n into a count of eight-block groups.
#define COMBHEAD \
	VMOVSS (DX), X8 \
	VMOVSS 4(DX), X9 \
	VMOVSS 8(DX), X10 \
	VMOVSS 12(DX), X11 \
	SHRQ $3, CX

#define COMBTAIL \
	CADD8(Y0, X0, X4, X8) \
	CADD8(Y1, X1, X5, X9) \
	CADD8(Y2, X2, X6, X10) \
	CADD8(Y3, X3, X7, X11) \
	ADDQ $32, SI \
	ADDQ $32, DI \
	ADDQ $32, R8 \
	DECQ CX

#define COMBEND \
	VMOVSS X8, (DX) \
	VMOVSS X9, 4(DX) \
	VMOVSS X10, 8(DX) \
	VMOVSS X11, 12(DX) \
	VZEROUPPER \
	RET

// q4_0: t = fl(fl(float(s)·d_w)·d_x).
#define TQ4_0(o, y) \
	VCVTDQ2PS o(SI), y \
	VMULPS o(DI), y, y \
	VMULPS Y15, y, y

// q8_0: t = fl(float(s)·fl(d_w·d_x)).
#define TQ8_0(o, y) \
	VMOVUPS o(DI), Y14 \
	VMULPS Y15, Y14, Y14 \
	VCVTDQ2PS o(SI), y \
	VMULPS Y14, y, y

// func comb4Q4_0AVX2(s *int32, d, dx *float32, n int, acc *[4]float32)
TEXT ·comb4Q4_0AVX2(SB), NOSPLIT, $0-40
	MOVQ s+0(FP), SI
	MOVQ d+8(FP), DI
	MOVQ dx+16(FP), R8
	MOVQ n+24(FP), CX
	MOVQ acc+32(FP), DX
	COMBHEAD
c40loop:
	VMOVUPS (R8), Y15
	TQ4_0(0, Y0)
	TQ4_0(2048, Y1)
	TQ4_0(4096, Y2)
	TQ4_0(6144, Y3)
	COMBTAIL
	JNZ c40loop
	COMBEND

// func comb4Q8_0AVX2(s *int32, d, dx *float32, n int, acc *[4]float32)
TEXT ·comb4Q8_0AVX2(SB), NOSPLIT, $0-40
	MOVQ s+0(FP), SI
	MOVQ d+8(FP), DI
	MOVQ dx+16(FP), R8
	MOVQ n+24(FP), CX
	MOVQ acc+32(FP), DX
	COMBHEAD
c80loop:
	VMOVUPS (R8), Y15
	TQ8_0(0, Y0)
	TQ8_0(2048, Y1)
	TQ8_0(4096, Y2)
	TQ8_0(6144, Y3)
	COMBTAIL
	JNZ c80loop
	COMBEND

// q5_0: t = fl(fl(d_w·d_x)·float(s)), the same two roundings as q8_0's.
// func comb4Q5_0AVX2(s *int32, d, dx *float32, n int, acc *[4]float32)
TEXT ·comb4Q5_0AVX2(SB), NOSPLIT, $0-40
	MOVQ s+0(FP), SI
	MOVQ d+8(FP), DI
	MOVQ dx+16(FP), R8
	MOVQ n+24(FP), CX
	MOVQ acc+32(FP), DX
	COMBHEAD
c50loop:
	VMOVUPS (R8), Y15
	TQ8_0(0, Y0)
	TQ8_0(2048, Y1)
	TQ8_0(4096, Y2)
	TQ8_0(6144, Y3)
	COMBTAIL
	JNZ c50loop
	COMBEND

// 2^-1008 as a float64 (dotF16's fold of binary16 weights).
DATA f16fold<>+0(SB)/8, $0x00f0000000000000
GLOBL f16fold<>(SB), RODATA|NOPTR, $8

// F16Q multiplies the four binary16 weights at wo(SI) (widened exactly:
// VCVTPH2PS, VCVTPS2PD, times 2^-1008) by the four float64 x at xo(DI) and
// adds the exact products to the lanes of Y1 (lane k: the elements ≡ k mod
// 4, in order, as dotF16Octs's a_k).
#define F16Q(wo, xo) \
	VCVTPH2PS wo(SI), X0 \
	VCVTPS2PD X0, Y0 \
	VMULPD Y15, Y0, Y0 \
	VMULPD xo(DI), Y0, Y0 \
	VADDPD Y0, Y1, Y1

// func dotF16OctsAVX2(w *byte, xs *float64, n int, a *[4]float64) (or uint64)
TEXT ·dotF16OctsAVX2(SB), NOSPLIT, $0-40
	MOVQ w+0(FP), SI
	MOVQ xs+8(FP), DI
	MOVQ n+16(FP), CX
	MOVQ a+24(FP), DX
	VBROADCASTSD f16fold<>(SB), Y15
	VXORPD Y1, Y1, Y1
	VPXOR X2, X2, X2
f16loop:
	VPOR (SI), X2, X2
	F16Q(0, 0)
	F16Q(8, 32)
	ADDQ $16, SI
	ADDQ $64, DI
	SUBQ $8, CX
	JNZ  f16loop
	VMOVUPD Y1, (DX)
	VPSHUFD $0x4e, X2, X3
	VPOR X3, X2, X2
	VMOVQ X2, AX
	MOVQ AX, or+32(FP)
	VZEROUPPER
	RET

// F16QA adds the exact products of the four binary16 weights at waddr
// (widened exactly) with the four float64 x·2^-113 at xo(DI) to acc.
#define F16QA(waddr, xo, acc) \
	VCVTPH2PS waddr, X0 \
	VCVTPS2PD X0, Y0 \
	VMULPD xo(DI), Y0, Y0 \
	VADDPD Y0, acc, acc

// func dotF16Octs4AVX2(w *byte, stride int, xs *float64, n int, a *[4][4]float64, or *[4]uint64)
//
// dotF16OctsAVX2 for four rows at w, w+stride, w+2·stride, w+3·stride, with
// xs = x·2^-113 (no fold of the weights): four independent dependency
// chains instead of one.
TEXT ·dotF16Octs4AVX2(SB), NOSPLIT, $0-48
	MOVQ w+0(FP), SI
	MOVQ stride+8(FP), R8
	MOVQ xs+16(FP), DI
	MOVQ n+24(FP), CX
	MOVQ a+32(FP), DX
	MOVQ or+40(FP), BX
	LEAQ (R8)(R8*2), R9
	VXORPD Y1, Y1, Y1
	VXORPD Y2, Y2, Y2
	VXORPD Y3, Y3, Y3
	VXORPD Y4, Y4, Y4
	VPXOR X5, X5, X5
	VPXOR X6, X6, X6
	VPXOR X7, X7, X7
	VPXOR X8, X8, X8
f16x4loop:
	PREFETCHT0 4096(SI)
	PREFETCHT0 4096(SI)(R8*1)
	PREFETCHT0 4096(SI)(R8*2)
	PREFETCHT0 4096(SI)(R9*1)
	VPOR (SI), X5, X5
	VPOR (SI)(R8*1), X6, X6
	VPOR (SI)(R8*2), X7, X7
	VPOR (SI)(R9*1), X8, X8
	F16QA(0(SI), 0, Y1)
	F16QA(0(SI)(R8*1), 0, Y2)
	F16QA(0(SI)(R8*2), 0, Y3)
	F16QA(0(SI)(R9*1), 0, Y4)
	F16QA(8(SI), 32, Y1)
	F16QA(8(SI)(R8*1), 32, Y2)
	F16QA(8(SI)(R8*2), 32, Y3)
	F16QA(8(SI)(R9*1), 32, Y4)
	ADDQ $16, SI
	ADDQ $64, DI
	SUBQ $8, CX
	JNZ  f16x4loop
	VMOVUPD Y1, (DX)
	VMOVUPD Y2, 32(DX)
	VMOVUPD Y3, 64(DX)
	VMOVUPD Y4, 96(DX)
	VPUNPCKLQDQ X6, X5, X9
	VPUNPCKHQDQ X6, X5, X10
	VPOR X10, X9, X9
	VMOVDQU X9, (BX)
	VPUNPCKLQDQ X8, X7, X9
	VPUNPCKHQDQ X8, X7, X10
	VPOR X10, X9, X9
	VMOVDQU X9, 16(BX)
	VZEROUPPER
	RET

// W32 adds the exact products of four float32 weights at waddr (widened
// by VCVTPS2PD) with the four float64 x at xo(DI) to acc.
#define W32(waddr, xo, acc) \
	VCVTPS2PD waddr, Y0 \
	VMULPD xo(DI), Y0, Y0 \
	VADDPD Y0, acc, acc

// WB16 is W32 for four bfloat16 weights (each shifted into a float32's
// top half: exact).
#define WB16(waddr, xo, acc) \
	VPMOVZXWD waddr, X0 \
	VPSLLD $16, X0, X0 \
	VCVTPS2PD X0, Y0 \
	VMULPD xo(DI), Y0, Y0 \
	VADDPD Y0, acc, acc

// func dotF32x4AVX2(w *byte, stride int, xs *float64, n int, a *[4][4]float64)
//
// The main loop of dotF32 (four float64 accumulators, a_k over the
// elements ≡ k mod 4 in order, exact products) for the four rows at
// w + k·stride over n elements (a positive multiple of 4).
TEXT ·dotF32x4AVX2(SB), NOSPLIT, $0-40
	MOVQ w+0(FP), SI
	MOVQ stride+8(FP), R8
	MOVQ xs+16(FP), DI
	MOVQ n+24(FP), CX
	MOVQ a+32(FP), DX
	LEAQ (R8)(R8*2), R9
	VXORPD Y1, Y1, Y1
	VXORPD Y2, Y2, Y2
	VXORPD Y3, Y3, Y3
	VXORPD Y4, Y4, Y4
f32x4loop:
	PREFETCHT0 4096(SI)
	PREFETCHT0 4096(SI)(R8*1)
	PREFETCHT0 4096(SI)(R8*2)
	PREFETCHT0 4096(SI)(R9*1)
	W32(0(SI), 0, Y1)
	W32(0(SI)(R8*1), 0, Y2)
	W32(0(SI)(R8*2), 0, Y3)
	W32(0(SI)(R9*1), 0, Y4)
	ADDQ $16, SI
	ADDQ $32, DI
	SUBQ $4, CX
	JNZ  f32x4loop
	VMOVUPD Y1, (DX)
	VMOVUPD Y2, 32(DX)
	VMOVUPD Y3, 64(DX)
	VMOVUPD Y4, 96(DX)
	VZEROUPPER
	RET

// func dotBF16x4AVX2(w *byte, stride int, xs *float64, n int, a *[4][4]float64)
//
// dotF32x4AVX2 for bfloat16 weights (dotBF16's main loop).
TEXT ·dotBF16x4AVX2(SB), NOSPLIT, $0-40
	MOVQ w+0(FP), SI
	MOVQ stride+8(FP), R8
	MOVQ xs+16(FP), DI
	MOVQ n+24(FP), CX
	MOVQ a+32(FP), DX
	LEAQ (R8)(R8*2), R9
	VXORPD Y1, Y1, Y1
	VXORPD Y2, Y2, Y2
	VXORPD Y3, Y3, Y3
	VXORPD Y4, Y4, Y4
bf16x4loop:
	PREFETCHT0 2048(SI)
	PREFETCHT0 2048(SI)(R8*1)
	PREFETCHT0 2048(SI)(R8*2)
	PREFETCHT0 2048(SI)(R9*1)
	WB16(0(SI), 0, Y1)
	WB16(0(SI)(R8*1), 0, Y2)
	WB16(0(SI)(R8*2), 0, Y3)
	WB16(0(SI)(R9*1), 0, Y4)
	ADDQ $8, SI
	ADDQ $32, DI
	SUBQ $4, CX
	JNZ  bf16x4loop
	VMOVUPD Y1, (DX)
	VMOVUPD Y2, 32(DX)
	VMOVUPD Y3, 64(DX)
	VMOVUPD Y4, 96(DX)
	VZEROUPPER
	RET
