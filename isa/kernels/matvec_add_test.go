package kernels_test

import (
	"bytes"
	"fmt"
	"math/rand"
	"testing"

	"zincc/exec/cpu"
	"zincc/ir"
	"zincc/isa/kernels"
)

// TestMatVecAddQ8 runs each zincc_matvec_FMT_q8_add against the unfused
// GPU pair, zincc_matvec_FMT_q8 then zincc_add (r + W·x), which it must
// match byte for byte (the same sums, one float32 add), and against
// exec/cpu's oracle for matvec_add.
func TestMatVecAddQ8(t *testing.T) {
	h := newGPU(t)
	r := rand.New(rand.NewSource(1402))
	for _, dt := range streamQ8 {
		xdt := ir.ActivationFormat(dt)
		shapes := [][2]int{{1, 32}, {13, 96}, {17, 4096}}
		if dt.BlockElems() == 256 {
			shapes = [][2]int{{1, 256}, {13, 512}, {17, 4096}}
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
					res := randF32(r, rows, 4)
					vw, vx, vr := h.buffer("w", w), h.buffer("x", xq), h.buffer("r", f32bytes(res))
					vd := h.buffer("dst", randBytes(r, 4*rows))
					size := kernels.Size{Rows: rows, N: cols}
					h.run("zincc_matvec_"+dt.String()+"_q8_add", size, ptr(vw), ptr(vx), ptr(vd), u32(rows), u32(cols), ptr(vr))
					got := h.read(vd, 4*rows)

					vo, vh := h.zeros("o", 4*rows), h.zeros("h", 4*rows)
					h.run("zincc_matvec_"+dt.String()+"_q8", size, ptr(vw), ptr(vx), ptr(vo), u32(rows), u32(cols))
					h.run("zincc_add", kernels.Size{N: rows}, ptr(vr), ptr(vo), ptr(vh), u32(rows))
					if want := h.read(vh, 4*rows); !bytes.Equal(got, want) {
						t.Fatalf("fused %v differs from zincc_matvec_%v_q8 + zincc_add %v", f32s(got), dt, f32s(want))
					}
					if err := cpu.CheckMatVecAdd(f32s(got), w, dt, rows, cols, xq, xdt, res); err != nil {
						t.Error(err)
					}
				})
			}
		}
	}
}
