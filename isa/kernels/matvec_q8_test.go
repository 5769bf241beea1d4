package kernels_test

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/rand"
	"testing"

	"zincc/exec/cpu"
	"zincc/ir"
	"zincc/isa/kernels"
)

// streamQ8 lists the weight formats whose matvec of a quantised x streams
// whole blocks with integer dots (matvec_q8.s).
var streamQ8 = []ir.DType{ir.Q4_0, ir.Q8_0, ir.Q4_1, ir.Q5_0, ir.Q5_1, ir.Q4_K, ir.Q5_K, ir.Q6_K}

// scaleOffsets gives, for a weight or activation format, the block size in
// bytes and the byte offsets of its f16 scales (q8_K: its f32 d).
func scaleOffsets(dt ir.DType) (block int, f16 []int) {
	switch dt {
	case ir.Q4_0:
		return 18, []int{0}
	case ir.Q8_0:
		return 34, []int{0}
	case ir.Q4_1:
		return 20, []int{0, 2}
	case ir.Q5_0:
		return 22, []int{0}
	case ir.Q5_1:
		return 24, []int{0, 2}
	case ir.Q4_K:
		return 144, []int{0, 2}
	case ir.Q5_K:
		return 176, []int{0, 2}
	case ir.Q6_K:
		return 210, []int{208}
	}
	return 0, nil
}

// specialF16 are scales that must reach the result as exec/cpu's do.
var specialF16 = []uint16{0x7c00, 0xfc00, 0x7e00, 0xfe01, 0x0001, 0x8001, 0x03ff, 0x7bff, 0xfbff, 0x0000, 0x8000}

// TestMatVecQ8Stream holds the streaming matvecs of a quantised x to
// exec/cpu's MatVecQ8 under the matvec rule: random weights and x, and
// adversarial ones (random code bytes, activation codes of -128 and 127,
// infinite, NaN, denormal and extreme scales in a few blocks), over rows
// that are not a multiple of 8, rows of 1 to 32 steps of the pipeline and
// rows past the 16384 columns the kernels staging x in LDS allowed.
func TestMatVecQ8Stream(t *testing.T) {
	h := newGPU(t)
	r := rand.New(rand.NewSource(1401))
	for _, dt := range streamQ8 {
		xdt := ir.ActivationFormat(dt)
		be := dt.BlockElems()
		shapes := [][2]int{{1, 32}, {3, 96}, {8, 1024}, {13, 4096}, {9, 4128}, {17, 9216}, {5, 11008}, {41, 2816}, {2, 32768}}
		if be == 256 {
			shapes = [][2]int{{1, 256}, {3, 512}, {8, 2048}, {13, 4096}, {9, 8448}, {17, 11008}, {5, 14336}, {41, 2816}, {2, 32768}}
		}
		for _, adv := range []bool{false, true} {
			for _, shape := range shapes {
				rows, cols := shape[0], shape[1]
				t.Run(fmt.Sprintf("%v/%dx%d/adv=%v", dt, rows, cols, adv), func(t *testing.T) {
					rb, _ := dt.RowBytes(cols)
					w := make([]byte, rows*rb)
					if err := quantizeAny(w, wildOrRand(r, rows*cols, adv), dt, cols); err != nil {
						t.Fatal(err)
					}
					xb, _ := xdt.RowBytes(cols)
					xq := make([]byte, xb)
					if err := cpu.Quantize(xq, wildOrRand(r, cols, adv), xdt); err != nil {
						t.Fatal(err)
					}
					if adv {
						adversarial(r, dt, w, xdt, xq)
					}
					checkStreamQ8(t, h, dt, rows, cols, w, xq)
				})
			}
		}
	}
}

// checkStreamQ8 runs zincc_matvec_DT_q8 on w and xq and holds it to
// exec/cpu's MatVecQ8 under the matvec rule, infinities and NaNs in the
// same rows.
func checkStreamQ8(t *testing.T, h *gpu, dt ir.DType, rows, cols int, w, xq []byte) {
	t.Helper()
	vw, vx, vd := h.buffer("w", w), h.buffer("x", xq), h.zeros("dst", 4*rows)
	h.run("zincc_matvec_"+dt.String()+"_q8", kernels.Size{Rows: rows, N: cols}, ptr(vw), ptr(vx), ptr(vd), u32(rows), u32(cols))
	checkMatVecQ8(t, dt, rows, cols, w, xq, h.readF32(vd, rows))
}

// checkMatVecQ8 holds got, a GPU's W·x over a quantised x, to exec/cpu's
// MatVecQ8 under the matvec rule, infinities and NaNs in the same rows.
func checkMatVecQ8(t *testing.T, dt ir.DType, rows, cols int, w, xq []byte, got []float32) {
	t.Helper()
	xdt := ir.ActivationFormat(dt)
	want := make([]float32, rows)
	if err := cpu.MatVecQ8(nil, want, w, dt, rows, cols, xq, xdt); err != nil {
		t.Fatal(err)
	}
	xd := make([]float32, cols)
	if err := cpu.Dequantize(xd, xq, xdt); err != nil {
		t.Fatal(err)
	}
	scale := make([]float64, rows)
	n, err := cpu.MatVecScale(scale, w, dt, rows, cols, xd)
	if err != nil {
		t.Fatal(err)
	}
	if err := cpu.Check("matvec", got, want, scale, n); err != nil {
		t.Fatal(err)
	}
	for i := range got {
		if g, w := float64(got[i]), float64(want[i]); math.IsInf(g, 0) != math.IsInf(w, 0) || math.IsNaN(g) != math.IsNaN(w) {
			t.Fatalf("row %d: got %v, want %v", i, got[i], want[i])
		}
	}
	if u := logUse(t, "matvec", got, want, scale, n); u > 0.5 {
		t.Errorf("used %.3g of the matvec bound", u)
	}
}

func wildOrRand(r *rand.Rand, n int, wild bool) []float32 {
	if wild {
		v := randF32(r, n, 1)
		for i := range v {
			v[i] *= float32(math.Exp(r.NormFloat64() * 2))
		}
		return v
	}
	return randF32(r, n, 1)
}

// adversarial rewrites weight and activation blocks in place: random code
// bytes in some weight blocks, activation codes of ±127 and -128, and
// special scales (infinities, NaNs, denormals, the largest f16) in a few
// blocks of each. q8_K's bsums are recomputed from its codes.
func adversarial(r *rand.Rand, dt ir.DType, w []byte, xdt ir.DType, xq []byte) {
	bw, offs := scaleOffsets(dt)
	nb := len(w) / bw
	for b := 0; b < nb; b++ {
		blk := w[b*bw : (b+1)*bw]
		switch r.Intn(8) {
		case 0: // random codes, scales kept
			keep := make([]uint16, len(offs))
			for i, o := range offs {
				keep[i] = binary.LittleEndian.Uint16(blk[o:])
			}
			r.Read(blk)
			for i, o := range offs {
				binary.LittleEndian.PutUint16(blk[o:], keep[i])
			}
		case 1:
			if r.Intn(6) == 0 {
				o := offs[r.Intn(len(offs))]
				binary.LittleEndian.PutUint16(blk[o:], specialF16[r.Intn(len(specialF16))])
			}
		}
	}
	if xdt == ir.Q8_0 {
		for b := 0; b < len(xq)/34; b++ {
			blk := xq[b*34 : b*34+34]
			switch r.Intn(10) {
			case 0:
				for i := 2; i < 34; i++ {
					blk[i] = 0x80 // -128
				}
			case 1:
				for i := 2; i < 34; i++ {
					blk[i] = []byte{0x80, 0x7f, 0x81}[r.Intn(3)]
				}
			case 2:
				if r.Intn(4) == 0 {
					binary.LittleEndian.PutUint16(blk, specialF16[r.Intn(len(specialF16))])
				}
			}
		}
		return
	}
	// q8_K: d (f32), 256 codes, 16 bsums.
	for b := 0; b < len(xq)/292; b++ {
		blk := xq[b*292 : b*292+292]
		switch r.Intn(8) {
		case 0:
			for i := 4; i < 260; i++ {
				blk[i] = []byte{0x80, 0x7f, 0x81}[r.Intn(3)]
			}
		case 1:
			if r.Intn(3) == 0 {
				d := []float32{float32(math.Inf(1)), float32(math.Inf(-1)), float32(math.NaN()), 1e-40, 3e38}[r.Intn(5)]
				binary.LittleEndian.PutUint32(blk, math.Float32bits(d))
			}
		}
		for k := 0; k < 16; k++ {
			s := 0
			for i := 0; i < 16; i++ {
				s += int(int8(blk[4+16*k+i]))
			}
			binary.LittleEndian.PutUint16(blk[260+2*k:], uint16(int16(s)))
		}
	}
}

// TestMatVecQ8StreamInfiniteD builds K-quant super-blocks whose D =
// d·d_x is infinite and whose x makes exec/cpu's eight lane sums a_l
// differ in sign or vanish while every GPU lane's share has one sign:
// exec/cpu's result is then NaN where a sum of the lanes' shares would be
// an infinity, which the kernels must reproduce (their exact a_l path).
func TestMatVecQ8StreamInfiniteD(t *testing.T) {
	h := newGPU(t)
	const rows, cols = 3, 512
	for _, dt := range []ir.DType{ir.Q4_K, ir.Q5_K, ir.Q6_K} {
		for pi, pattern := range []func(e int) int8{
			func(e int) int8 { return map[bool]int8{true: 100, false: -1}[e%8 == 0] },
			func(e int) int8 { return map[bool]int8{true: 0, false: 1}[e%8 == 3] },
			func(e int) int8 { return 1 },
		} {
			t.Run(fmt.Sprintf("%v/%d", dt, pi), func(t *testing.T) {
				rb, _ := dt.RowBytes(cols)
				w := make([]byte, rows*rb)
				bw := rb / (cols / 256)
				for b := 0; b < len(w)/bw; b++ {
					blk := w[b*bw : (b+1)*bw]
					if dt != ir.Q6_K {
						binary.LittleEndian.PutUint16(blk, 0x7c00) // d = +inf, dmin = 0
						copy(blk[4:16], []byte{1, 1, 1, 1, 0, 0, 0, 0, 1, 1, 1, 1})
						for i := 16; i < bw; i++ {
							blk[i] = 0x11 // q5_K: qh bits too, codes 17 or 1
						}
					} else {
						for i := 0; i < 128; i++ {
							blk[i] = 0x11
						}
						for i := 128; i < 192; i++ {
							blk[i] = 0xaa // codes 33
						}
						for i := 192; i < 208; i++ {
							blk[i] = 1
						}
						binary.LittleEndian.PutUint16(blk[208:], 0x7c00)
					}
				}
				xq := make([]byte, 292*cols/256)
				for b := 0; b < cols/256; b++ {
					blk := xq[b*292 : (b+1)*292]
					binary.LittleEndian.PutUint32(blk, math.Float32bits(1))
					for e := 0; e < 256; e++ {
						blk[4+e] = byte(pattern(e))
					}
					for k := 0; k < 16; k++ {
						s := 0
						for i := 0; i < 16; i++ {
							s += int(int8(blk[4+16*k+i]))
						}
						binary.LittleEndian.PutUint16(blk[260+2*k:], uint16(int16(s)))
					}
				}
				checkStreamQ8(t, h, dt, rows, cols, w, xq)
			})
		}
	}
}
