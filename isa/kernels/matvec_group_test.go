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

// TestMatVecQ8Group runs each zincc_matvec_FMT_q8_group over one, two and
// three segments (rows not multiples of 8) and requires every segment's
// rows byte for byte as zincc_matvec_FMT_q8 computes them on its own, and
// within the matvec rule of exec/cpu's MatVecQ8. The buffers straddle a
// 4 GiB boundary and segment 1 lies before segment 0, so the offsets'
// sign extension and carries are exercised; every buffer is mapped to its
// exact size, so a segment writing past its rows faults.
func TestMatVecQ8Group(t *testing.T) {
	r := rand.New(rand.NewSource(1404))
	for _, dt := range streamQ8 {
		xdt := ir.ActivationFormat(dt)
		cols := 4096
		for _, segs := range [][]int{{13, 5, 9}, {16, 7}, {3}, {1, 1, 1}} {
			for _, adv := range []bool{false, true} {
				t.Run(fmt.Sprintf("%v/%v/adv=%v", dt, segs, adv), func(t *testing.T) {
					h := newGPU(t)
					h.next = 0x2_fe00_0000 // segment 1's W just below 0x3_0000_0000, segment 0's at it
					xb, _ := xdt.RowBytes(cols)
					xq := make([]byte, xb)
					if err := cpu.Quantize(xq, wildOrRand(r, cols, adv), xdt); err != nil {
						t.Fatal(err)
					}
					ws := make([][]byte, len(segs))
					for i, rows := range segs {
						rb, _ := dt.RowBytes(cols)
						ws[i] = make([]byte, rows*rb)
						if err := quantizeAny(ws[i], wildOrRand(r, rows*cols, adv), dt, cols); err != nil {
							t.Fatal(err)
						}
						if adv { // x's adversarial blocks once, with segment 0's
							xa := xq
							if i > 0 {
								xa = make([]byte, len(xq))
							}
							adversarial(r, dt, ws[i], xdt, xa)
						}
					}
					vx := h.buffer("x", xq)
					// Segments are mapped in the order 1, 0, 2: W and dst.
					order := []int{1, 0, 2}
					vw, vd := make([]uint64, len(segs)), make([]uint64, len(segs))
					for _, i := range order {
						if i < len(segs) {
							vw[i] = h.buffer(fmt.Sprintf("w%d", i), ws[i])
						}
					}
					for _, i := range order {
						if i < len(segs) {
							vd[i] = h.zeros(fmt.Sprintf("dst%d", i), 4*segs[i])
						}
					}
					more := [2]int{}
					offs := [4]int{}
					for k := 1; k < len(segs); k++ {
						more[k-1] = segs[k]
						offs[k-1] = int(int32(vw[k] - vw[k-1]))
						offs[k+1] = int(int32(vd[k] - vd[k-1]))
						if int64(vw[k]-vw[k-1]) != int64(int32(vw[k]-vw[k-1])) {
							t.Fatalf("segment %d's W is not within 2 GiB of segment %d's", k, k-1)
						}
					}
					size := kernels.Size{Rows: segs[0], N: cols, More: more}
					h.run("zincc_matvec_"+dt.String()+"_q8_group", size, ptr(vw[0]), ptr(vx), ptr(vd[0]), u32(segs[0]), u32(cols),
						u32(more[0]), u32(more[1]), u32(offs[0]), u32(offs[1]), u32(offs[2]), u32(offs[3]))
					for i, rows := range segs {
						got := h.read(vd[i], 4*rows)
						alone := h.zeros("alone", 4*rows)
						h.run("zincc_matvec_"+dt.String()+"_q8", kernels.Size{Rows: rows, N: cols}, ptr(vw[i]), ptr(vx), ptr(alone), u32(rows), u32(cols))
						if want := h.read(alone, 4*rows); !bytes.Equal(got, want) {
							t.Fatalf("segment %d: grouped %v, alone %v", i, f32s(got), f32s(want))
						}
						checkMatVecQ8(t, dt, rows, cols, ws[i], xq, f32s(got))
					}
				})
			}
		}
	}
}
