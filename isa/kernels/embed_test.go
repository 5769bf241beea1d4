package kernels_test

import (
	"fmt"
	"math/rand"
	"testing"

	"zincc/exec/cpu"
	"zincc/ir"
	"zincc/isa/kernels"
)

func TestEmbedExact(t *testing.T) {
	h := newGPU(t)
	r := rand.New(rand.NewSource(3))
	for _, dt := range []ir.DType{ir.F32, ir.F16, ir.Q4_0, ir.Q8_0} {
		for _, shape := range [][2]int{{1, 32}, {5, 64}, {3, 288}, {7, 800}} {
			rows, cols := shape[0], shape[1]
			t.Run(fmt.Sprintf("%v/%dx%d", dt, rows, cols), func(t *testing.T) {
				var table []byte
				switch dt {
				case ir.F32:
					table = f32bytes(randBits(r, rows*cols))
				case ir.F16:
					table = randF16Bytes(r, rows*cols)
				case ir.Q4_0:
					table = randQuant(t, r, true, rows, cols, 3)
				case ir.Q8_0:
					table = randQuant(t, r, false, rows, cols, 1e-3)
				}
				vt := h.buffer("table", table)
				for _, row := range []int{0, rows / 2, rows - 1} {
					vd := h.zeros("dst", 4*cols)
					h.run("zincc_embed_"+dt.String(), kernels.Size{N: cols}, ptr(vt), ptr(vd), u32(row), u32(cols))
					want := make([]float32, cols)
					if err := cpu.Embed(want, table, dt, cols, row); err != nil {
						t.Fatal(err)
					}
					if err := cpu.Check("embed", h.readF32(vd, cols), want, nil, 0); err != nil {
						t.Fatalf("row %d: %v", row, err)
					}
				}
			})
		}
	}
}
