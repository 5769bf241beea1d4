package cpu

import (
	"unsafe"

	"zincc/internal/ggml"
)

// The AVX-512 (VNNI) block sums (blocksums_avx512_amd64.s) read x not as
// quantize wrote it but rearranged once per MatVecQ8 call (prepX*), into
// the order their weight permutations produce, with the row-independent
// terms formed once: per-block Σy for the 32-element formats' code
// offsets, and for q6_K the −32 offset's 32·(y_a + y_b) pair sums. The
// integers they give are the Go code's (blocksums.go); only the order of
// exact int32 additions differs.

// zTab holds the AVX-512 kernels' 64-byte permutation and constant
// tables; the z* constants are the byte offsets the assembly uses (its
// #defines repeat them). The assembly reads the array itself (·zTab), so
// it is a value, not a pointer.
var zTab = buildZTab()

const (
	zPerm32 = 64 * iota      // K-quant lane order: per 32 bytes, dword l = bytes l, l+8, l+16, l+24
	zQ40Lo                   // q4_0: qs of blocks 0..3 of an 8-block group, from bytes 0..127
	zQ40Hi                   // q4_0: qs of blocks 4..7, from bytes 64..191
	zQ40D                    // q4_0: the eight f16 d words (word 9k), from bytes 0..127
	zQ80Lo                   // q8_0: codes 0..15 of four blocks, from 128 bytes at the block base
	zQ80Hi                   // q8_0: codes 16..31 of four blocks, from 128 bytes at base + 8
	zQ80D                    // q8_0: the f16 d of four blocks (word 17k), from bytes 0..127
	zQ80D2                   // q8_0: the f16 d of blocks 4..7 (word 17k+4), from bytes 128..255
	zRed                     // VPERMD: dword 0 of each 128-bit lane of two accumulators, in block order
	zQ4KSc                   // q4_K/q5_K: four VPERMB tables, sub-block scale bytes to words
	zQ5KBit = zQ4KSc + 4*64  // q5_K: four tables of each half's fifth-bit mask
	zQ6KSc  = zQ5KBit + 4*64 // q6_K: four VPERMD tables, scale pairs of two sub-blocks
	zQ6KShl = zQ6KSc + 4*64  // q6_K: VPSLLVW counts placing qh bits 0,1 | 2,3 at bits 4,5
	zQ6KShr = zQ6KShl + 64   // q6_K: VPSRLVW counts placing qh bits 4,5 | 6,7 at bits 4,5
	zQ50Lo  = zQ6KShr + 64   // q5_0: qs of blocks 0..3 of an 8-block group, from bytes 0..127
	zQ50Hi  = zQ50Lo + 64    // q5_0: qs of blocks 4..7, from bytes 64..191
	zQ50D   = zQ50Hi + 64    // q5_0: the f16 d of blocks 0..3 (word 11k), from bytes 0..127
	zQ50D2  = zQ50D + 64     // q5_0: the f16 d of blocks 4..7 (word 11k+12), from bytes 64..191
	zQ50QH  = zQ50D2 + 64    // q5_0: qh of block k (words 11k+1, 11k+2) in qwords 2k, 2k+1
	zQ50QH2 = zQ50QH + 64    // q5_0: the same for blocks 4..7, from bytes 64..191
	zQ50Bit = zQ50QH2 + 64   // q5_0: VPSHUFBITQMB bit of each code byte: elements 0..15
	zQ50Bi2 = zQ50Bit + 64   // q5_0: the same for elements 16..31
	zQ41Lo  = zQ50Bi2 + 64   // q4_1: qs of blocks 0..3 of an 8-block group, from bytes 0..127
	zQ41Hi  = zQ41Lo + 64    // q4_1: qs of blocks 4..7, from bytes 64..191
	zQ41DM  = zQ41Hi + 64    // q4_1: d (words 0..3) and m (4..7) of blocks 0..3
	zQ41DM2 = zQ41DM + 64    // q4_1: the same for blocks 4..7, from bytes 64..191
	zQ51Lo  = zQ41DM2 + 64   // q5_1: qs of blocks 0..3
	zQ51Hi  = zQ51Lo + 64    // q5_1: qs of blocks 4..7, from bytes 64..191
	zQ51DM  = zQ51Hi + 64    // q5_1: d and m of blocks 0..3
	zQ51DM2 = zQ51DM + 64    // q5_1: d and m of blocks 4..7, from bytes 64..191
	zQ51QH  = zQ51DM2 + 64   // q5_1: qh of block k in qwords 2k, 2k+1
	zQ51QH2 = zQ51QH + 64    // q5_1: the same for blocks 4..7, from bytes 64..191
	zTabLen = zQ51QH2 + 64
)

// kPairs lists the two sub-blocks (low 256-bit half, high half) of the
// q4_K/q5_K code registers in the order the kernels form them: the low
// and high nibbles of qs bytes 0..63, then of bytes 64..127.
var kPairs = [4][2]int{{0, 2}, {1, 3}, {4, 6}, {5, 7}}

func buildZTab() [zTabLen]byte {
	var t [zTabLen]byte
	for h := 0; h < 2; h++ {
		for l := 0; l < 8; l++ {
			for m := 0; m < 4; m++ {
				t[zPerm32+32*h+4*l+m] = byte(32*h + l + 8*m)
			}
		}
	}
	for k := 0; k < 4; k++ {
		for m := 0; m < 16; m++ {
			t[zQ40Lo+16*k+m] = byte(18*k + 2 + m)
			t[zQ40Hi+16*k+m] = byte(18*k + 10 + m)
			t[zQ80Lo+16*k+m] = byte(34*k + 2 + m)
			t[zQ80Hi+16*k+m] = byte(34*k + 10 + m)
		}
		t[zQ80D+2*k] = byte(17 * k)
		t[zQ80D2+2*k] = byte(17*k + 4)
	}
	for k := 0; k < 8; k++ {
		t[zQ40D+2*k] = byte(9 * k)
	}
	for i, v := range []byte{0, 4, 8, 12, 2, 6, 10, 14} {
		t[zRed+4*i] = v
	}
	for r, p := range kPairs {
		for h := 0; h < 2; h++ {
			for i := 0; i < 32; i++ {
				t[zQ4KSc+64*r+32*h+i] = byte(p[h])
				t[zQ5KBit+64*r+32*h+i] = 1 << p[h]
			}
			// q6_K: register r holds sub-blocks 2r, 2r+1; their scale
			// pair is dword 2r+h of the sign-extended scales.
			for i := 0; i < 8; i++ {
				t[zQ6KSc+64*r+32*h+4*i] = byte(2*r + h)
			}
		}
	}
	for k := 0; k < 4; k++ {
		for m := 0; m < 16; m++ {
			t[zQ50Lo+16*k+m] = byte(22*k + 6 + m)
			t[zQ50Hi+16*k+m] = byte(22*k + 30 + m)
			t[zQ50Bit+16*k+m] = byte(m)
			t[zQ50Bi2+16*k+m] = byte(16 + m)
		}
		t[zQ50D+2*k] = byte(11 * k)
		t[zQ50D2+2*k] = byte(11*k + 12)
		for q := 2 * k; q < 2*k+2; q++ {
			t[zQ50QH+8*q], t[zQ50QH+8*q+2] = byte(11*k+1), byte(11*k+2)
			t[zQ50QH2+8*q], t[zQ50QH2+8*q+2] = byte(11*k+13), byte(11*k+14)
		}
	}
	// q4_1 blocks are 20 bytes (d, m, qs), q5_1 blocks 24 (d, m, qh, qs).
	for k := 0; k < 4; k++ {
		for m := 0; m < 16; m++ {
			t[zQ41Lo+16*k+m] = byte(20*k + 4 + m)
			t[zQ41Hi+16*k+m] = byte(20*k + 20 + m)
			t[zQ51Lo+16*k+m] = byte(24*k + 8 + m)
			t[zQ51Hi+16*k+m] = byte(24*k + 40 + m)
		}
		t[zQ41DM+2*k], t[zQ41DM+8+2*k] = byte(10*k), byte(10*k+1)
		t[zQ41DM2+2*k], t[zQ41DM2+8+2*k] = byte(10*k+8), byte(10*k+9)
		t[zQ51DM+2*k], t[zQ51DM+8+2*k] = byte(12*k), byte(12*k+1)
		t[zQ51DM2+2*k], t[zQ51DM2+8+2*k] = byte(12*k+16), byte(12*k+17)
		for q := 2 * k; q < 2*k+2; q++ {
			t[zQ51QH+8*q], t[zQ51QH+8*q+2] = byte(12*k+2), byte(12*k+3)
			t[zQ51QH2+8*q], t[zQ51QH2+8*q+2] = byte(12*k+18), byte(12*k+19)
		}
	}
	for i := 0; i < 16; i++ {
		t[zQ6KShl+2*i], t[zQ6KShl+32+2*i] = 4, 2
		t[zQ6KShr+2*i], t[zQ6KShr+32+2*i] = 0, 2
	}
	return t
}

// Sizes of x prepared for the AVX-512 kernels, in uint64 words: eight
// per 32-element block (as swarY's), per q8_K super-block 40 (q4_K,
// q5_K) or 72 (q6_K).
const (
	xp32Words  = 8
	xpK45Bytes = 320
	xpK6Bytes  = 576
)

// xpBytes is the []byte view of prepared x words.
func xpBytes(xp []uint64) []byte {
	return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(xp))), 8*len(xp))
}

// prepX32 lays out the q8_0 blocks of xq, in groups of eight (a partial
// group is left out: the Go code takes those blocks), for the AVX-512
// 32-element formats' kernels: per group of 512 bytes, codes 0..15 of blocks 0..3
// (16 bytes each), their codes 16..31, the same for blocks 4..7, then Σy
// of each block as an int32 (bytes 256..287), its d_x widened to float32
// (288..319) and q4_1's and q5_1's s_x = fl32(d_x·Σy) (320..351, as
// q8Sums).
func prepX32(xp []uint64, xq []byte) {
	b := xpBytes(xp)
	for g := 0; g < len(xq)/34/8; g++ {
		o := b[512*g : 512*g+512]
		for k := 0; k < 8; k++ {
			y := xq[34*(8*g+k)+2 : 34*(8*g+k)+34]
			base := 128*(k/4) + 16*(k%4)
			copy(o[base:base+16], y[:16])
			copy(o[base+64:base+80], y[16:])
			var s int32
			for _, v := range y {
				s += int32(int8(v))
			}
			*(*int32)(unsafe.Pointer(&o[256+4*k])) = s
			dx := h16(xq, 34*(8*g+k))
			*(*float32)(unsafe.Pointer(&o[288+4*k])) = dx
			*(*float32)(unsafe.Pointer(&o[320+4*k])) = float32(s) * dx
		}
	}
}

// prepXK lays out the q8_K blocks of xq for the AVX-512 K-quant kernels:
// per super-block the 256 codes as eight 32-byte sub-blocks in the order
// of the weight registers (order), each permuted as zPerm32 (dword l holds
// elements l, l+8, l+16, l+24); then for q4_K/q5_K (six false) the
// sixteen bsums and d (stride xpK45Bytes), for q6_K the word pair sums
// 32·(y_a + y_b) of the permuted codes and d (stride xpK6Bytes).
func prepXK(xp []uint64, xq []byte, six bool) {
	b := xpBytes(xp)
	const xbb = ggml.Q8_KBlockBytes
	stride, order := xpK45Bytes, [8]int{0, 2, 1, 3, 4, 6, 5, 7}
	if six {
		stride, order = xpK6Bytes, [8]int{0, 1, 2, 3, 4, 5, 6, 7}
	}
	for k := 0; k < len(xq)/xbb; k++ {
		xb := xq[k*xbb : (k+1)*xbb]
		o := b[k*stride : (k+1)*stride]
		for p, j := range order {
			for l := 0; l < 8; l++ {
				for m := 0; m < 4; m++ {
					o[32*p+4*l+m] = xb[4+32*j+l+8*m]
				}
			}
		}
		if six {
			for w := 0; w < 128; w++ {
				v := 32 * (int16(int8(o[2*w])) + int16(int8(o[2*w+1])))
				o[256+2*w], o[257+2*w] = byte(v), byte(uint16(v)>>8)
			}
			copy(o[512:516], xb[0:4])
		} else {
			copy(o[256:288], xb[260:292])
			copy(o[288:292], xb[0:4])
		}
	}
}
