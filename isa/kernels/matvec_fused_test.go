package kernels_test

import (
	"bytes"
	"fmt"
	"math/rand"
	"testing"

	"zincc/ir"
	"zincc/isa/kernels"
)

// fusedFormats are the weight formats with fused kernels (matvec_fused.s):
// every streaming one (x quantised to q8_0 or q8_K).
var fusedFormats = []ir.DType{ir.Q4_0, ir.Q8_0, ir.Q4_1, ir.Q5_0, ir.Q5_1, ir.Q4_K, ir.Q5_K, ir.Q6_K}

// fusedCols are the columns the tests take for x's format: one block and
// a few, a llama's 4096 and 11008 (two blocks a thread for q8_0) and the
// most the LDS holds.
func fusedCols(xdt ir.DType) []int {
	if xdt == ir.Q8_K {
		return []int{256, 768, 4096, 256 * kernels.XQMaxBlocksQ8_K}
	}
	return []int{96, 4096, 11008, 32 * kernels.XQMaxBlocksQ8_0}
}

// TestMatVecGroupNorm runs each zincc_matvec_FMT_q8_group_norm and
// requires (a) x's blocks in memory byte for byte what
// zincc_rms_norm_q8_0 or _q8_K stores (over random bytes, so that a block workgroup
// 0 did not write shows), (b) every segment's rows byte for byte what
// zincc_matvec_FMT_q8_group computes from those blocks, and (c) the rows
// within the matvec rule of exec/cpu's MatVecQ8 (checkMatVecQ8). The
// norm's input lies before or after x's blocks and its weight before or
// after W, so both signs of the offsets are taken; 11008 columns make
// threads quantise two q8_0 blocks each, 15360 (q8_0) and 14336 (q8_K)
// are the most LDS holds, and a q8_K block of zeros takes the zero path.
func TestMatVecGroupNorm(t *testing.T) {
	r := rand.New(rand.NewSource(1405))
	for _, dt := range fusedFormats {
		xdt := ir.ActivationFormat(dt)
		for _, cols := range fusedCols(xdt) {
			for _, segs := range [][]int{{13, 5, 9}, {16}} {
				before := len(segs) == 1
				t.Run(fmt.Sprintf("%v/cols=%d/%v", dt, cols, segs), func(t *testing.T) {
					h := newGPU(t)
					x, nw := randF32(r, cols, 3), randF32(r, cols, 2)
					eps := float32(1e-5)
					nb, _ := xdt.RowBytes(cols)
					if cols == 768 { // a q8_K block of zeros: 292 zero bytes
						clear(x[256:512])
					}
					var vx, vxq, vnw uint64
					if before {
						vx = h.buffer("x", f32bytes(x))
						vxq = h.buffer("xq", randBytes(r, nb))
						vnw = h.buffer("norm_w", f32bytes(nw))
					} else {
						vxq = h.buffer("xq", randBytes(r, nb))
						vx = h.buffer("x", f32bytes(x))
					}
					ws, vw, vd := make([][]byte, len(segs)), make([]uint64, len(segs)), make([]uint64, len(segs))
					rb, _ := dt.RowBytes(cols)
					for i, rows := range segs {
						ws[i] = make([]byte, rows*rb)
						if err := quantizeAny(ws[i], randF32(r, rows*cols, 1), dt, cols); err != nil {
							t.Fatal(err)
						}
						vw[i] = h.buffer(fmt.Sprintf("w%d", i), ws[i])
					}
					if !before {
						vnw = h.buffer("norm_w", f32bytes(nw))
					}
					for i, rows := range segs {
						vd[i] = h.buffer(fmt.Sprintf("dst%d", i), randBytes(r, 4*rows))
					}
					var more [2]int
					var offs [4]int
					for k := 1; k < len(segs); k++ {
						more[k-1] = segs[k]
						offs[k-1] = int(int32(vw[k] - vw[k-1]))
						offs[k+1] = int(int32(vd[k] - vd[k-1]))
					}
					size := kernels.Size{Rows: segs[0], N: cols, More: more}
					h.run("zincc_matvec_"+dt.String()+"_q8_group_norm", size, ptr(vw[0]), ptr(vxq), ptr(vd[0]), u32(segs[0]), u32(cols),
						u32(more[0]|more[1]<<16), u32(offs[0]), u32(offs[1]), u32(offs[2]), u32(offs[3]),
						u32(int(int32(vx-vxq))), u32(int(int32(vnw-vw[0]))), f32(eps))
					xq := h.read(vxq, nb)

					vq := h.buffer("q", randBytes(r, nb))
					h.run("zincc_rms_norm_"+xdt.String(), kernels.Size{N: cols}, ptr(vx), ptr(vnw), ptr(vq), u32(cols), f32(eps))
					if want := h.read(vq, nb); !bytes.Equal(xq, want) {
						t.Fatalf("x's blocks differ from zincc_rms_norm_%v's", xdt)
					}
					vd2 := make([]uint64, len(segs))
					for i, rows := range segs {
						vd2[i] = h.zeros(fmt.Sprintf("alone%d", i), 4*rows)
					}
					for k := 1; k < len(segs); k++ {
						offs[k+1] = int(int32(vd2[k] - vd2[k-1]))
					}
					h.run("zincc_matvec_"+dt.String()+"_q8_group", size, ptr(vw[0]), ptr(vq), ptr(vd2[0]), u32(segs[0]), u32(cols),
						u32(more[0]), u32(more[1]), u32(offs[0]), u32(offs[1]), u32(offs[2]), u32(offs[3]))
					for i, rows := range segs {
						got := h.read(vd[i], 4*rows)
						if want := h.read(vd2[i], 4*rows); !bytes.Equal(got, want) {
							t.Fatalf("segment %d: fused %v, unfused %v", i, f32s(got), f32s(want))
						}
						checkMatVecQ8(t, dt, rows, cols, ws[i], xq, f32s(got))
					}
				})
			}
		}
	}
}

// TestMatVecAddSwiGLU runs each zincc_matvec_FMT_q8_add_swiglu and
// requires x's blocks byte for byte what zincc_swiglu_q8_0 or _q8_K stores, the
// rows byte for byte what zincc_matvec_FMT_q8_add computes from them, and
// those rows minus r within the matvec rule of exec/cpu.
func TestMatVecAddSwiGLU(t *testing.T) {
	r := rand.New(rand.NewSource(1406))
	for _, dt := range fusedFormats {
		xdt := ir.ActivationFormat(dt)
		for _, cols := range fusedCols(xdt)[1:] {
			const rows = 13
			t.Run(fmt.Sprintf("%v/cols=%d", dt, cols), func(t *testing.T) {
				h := newGPU(t)
				g, u, res := randF32(r, cols, 4), randF32(r, cols, 2), randF32(r, rows, 10)
				nb, _ := xdt.RowBytes(cols)
				if cols == 768 { // a q8_K block of zeros
					clear(u[256:512])
				}
				vg, vu, vr := h.buffer("gate", f32bytes(g)), h.buffer("up", f32bytes(u)), h.buffer("r", f32bytes(res))
				vxq := h.buffer("xq", randBytes(r, nb))
				rb, _ := dt.RowBytes(cols)
				w := make([]byte, rows*rb)
				if err := quantizeAny(w, randF32(r, rows*cols, 1), dt, cols); err != nil {
					t.Fatal(err)
				}
				vw, vd := h.buffer("w", w), h.buffer("dst", randBytes(r, 4*rows))
				h.run("zincc_matvec_"+dt.String()+"_q8_add_swiglu", kernels.Size{Rows: rows, N: cols},
					ptr(vw), ptr(vxq), ptr(vd), u32(rows), u32(cols), ptr(vr), ptr(vg), ptr(vu))
				xq := h.read(vxq, nb)

				vq := h.buffer("q", randBytes(r, nb))
				blocks := cols / xdt.BlockElems()
				h.run("zincc_swiglu_"+xdt.String(), kernels.Size{N: blocks}, ptr(vg), ptr(vu), ptr(vq), u32(blocks))
				if want := h.read(vq, nb); !bytes.Equal(xq, want) {
					t.Fatalf("x's blocks differ from zincc_swiglu_%v's", xdt)
				}
				vd2 := h.zeros("alone", 4*rows)
				h.run("zincc_matvec_"+dt.String()+"_q8_add", kernels.Size{Rows: rows, N: cols},
					ptr(vw), ptr(vq), ptr(vd2), u32(rows), u32(cols), ptr(vr))
				got := h.read(vd, 4*rows)
				if want := h.read(vd2, 4*rows); !bytes.Equal(got, want) {
					t.Fatalf("fused %v, unfused %v", f32s(got), f32s(want))
				}
				// Unfused, the add is one float32 addition after the
				// matvec: its rows are held to the rule directly.
				vm := h.zeros("matvec", 4*rows)
				h.run("zincc_matvec_"+dt.String()+"_q8", kernels.Size{Rows: rows, N: cols}, ptr(vw), ptr(vq), ptr(vm), u32(rows), u32(cols))
				mv := h.readF32(vm, rows)
				checkMatVecQ8(t, dt, rows, cols, w, xq, mv)
				for i, s := range f32s(got) {
					if want := res[i] + mv[i]; s != want {
						t.Fatalf("row %d: %v, want r + W·x = %v", i, s, want)
					}
				}
			})
		}
	}
}

// TestMatVecGroupNormMixed runs zincc_matvec_q4_K_q6_K_q8_group_norm and
// its q5_K twin (segments 0 and 1 in the first format, segment 2 in q6_K:
// a Q4_K_M layer's q, k and v) and requires x's blocks byte for byte
// zincc_rms_norm_q8_K's and every segment's rows byte for byte what
// zincc_matvec_FMT_q8 computes alone from them, and within the matvec
// rule.
func TestMatVecGroupNormMixed(t *testing.T) {
	r := rand.New(rand.NewSource(1407))
	for _, dt := range []ir.DType{ir.Q4_K, ir.Q5_K} {
		for _, cols := range []int{256, 4096} {
			t.Run(fmt.Sprintf("%v+q6_K/cols=%d", dt, cols), func(t *testing.T) {
				h := newGPU(t)
				segs, fmts := []int{13, 5, 9}, []ir.DType{dt, dt, ir.Q6_K}
				x, nw := randF32(r, cols, 3), randF32(r, cols, 2)
				eps := float32(1e-5)
				nb, _ := ir.Q8_K.RowBytes(cols)
				vx, vxq := h.buffer("x", f32bytes(x)), h.buffer("xq", randBytes(r, nb))
				ws, vw, vd := make([][]byte, 3), make([]uint64, 3), make([]uint64, 3)
				for i, rows := range segs {
					rb, _ := fmts[i].RowBytes(cols)
					ws[i] = make([]byte, rows*rb)
					if err := quantizeAny(ws[i], randF32(r, rows*cols, 1), fmts[i], cols); err != nil {
						t.Fatal(err)
					}
					vw[i] = h.buffer(fmt.Sprintf("w%d", i), ws[i])
				}
				vnw := h.buffer("norm_w", f32bytes(nw))
				for i, rows := range segs {
					vd[i] = h.buffer(fmt.Sprintf("dst%d", i), randBytes(r, 4*rows))
				}
				off := func(a, b uint64) arg { return u32(int(int32(a - b))) }
				size := kernels.Size{Rows: segs[0], N: cols, More: [2]int{segs[1], segs[2]}}
				h.run("zincc_matvec_"+dt.String()+"_q6_K_q8_group_norm", size, ptr(vw[0]), ptr(vxq), ptr(vd[0]), u32(segs[0]), u32(cols),
					u32(segs[1]|segs[2]<<16), off(vw[1], vw[0]), off(vw[2], vw[1]), off(vd[1], vd[0]), off(vd[2], vd[1]),
					off(vx, vxq), off(vnw, vw[0]), f32(eps))
				xq := h.read(vxq, nb)
				vq := h.buffer("q", randBytes(r, nb))
				h.run("zincc_rms_norm_q8_K", kernels.Size{N: cols}, ptr(vx), ptr(vnw), ptr(vq), u32(cols), f32(eps))
				if want := h.read(vq, nb); !bytes.Equal(xq, want) {
					t.Fatalf("x's blocks differ from zincc_rms_norm_q8_K's")
				}
				for i, rows := range segs {
					alone := h.zeros("alone", 4*rows)
					h.run("zincc_matvec_"+fmts[i].String()+"_q8", kernels.Size{Rows: rows, N: cols}, ptr(vw[i]), ptr(vq), ptr(alone), u32(rows), u32(cols))
					got := h.read(vd[i], 4*rows)
					if want := h.read(alone, 4*rows); !bytes.Equal(got, want) {
						t.Fatalf("segment %d (%v): fused %v, alone %v", i, fmts[i], f32s(got), f32s(want))
					}
					checkMatVecQ8(t, fmts[i], rows, cols, ws[i], xq, f32s(got))
				}
			})
		}
	}
}
