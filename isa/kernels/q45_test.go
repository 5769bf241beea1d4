package kernels_test

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/rand"
	"testing"

	"zincc/exec/cpu"
	"zincc/internal/ggml"
	"zincc/ir"
	"zincc/isa/kernels"
)

// The bf16, q4_1, q5_0 and q5_1 kernels (matvec_bf16.s, matvec_q45.s,
// embed_q45.s) against exec/cpu, on quantised, random-byte, all-max and
// non-finite-scale blocks (kBlocks' kinds).

var q45Types = []ir.DType{ir.Q4_1, ir.Q5_0, ir.Q5_1}

// q45Scales returns the byte offsets of a block's f16 fields: d, and m
// for q4_1/q5_1.
func q45Scales(dt ir.DType) []int {
	if dt == ir.Q5_0 {
		return []int{0}
	}
	return []int{0, 2}
}

// q45Blocks returns n blocks of dtype dt of the given kind.
func q45Blocks(t testing.TB, r *rand.Rand, dt ir.DType, n, kind int, scale float32) []byte {
	t.Helper()
	bb := dt.BlockBytes()
	b := make([]byte, n*bb)
	switch kind {
	case kQuantised:
		src := randF32(r, n*32, scale)
		var err error
		switch dt {
		case ir.Q4_1:
			err = ggml.QuantizeQ4_1(b, src)
		case ir.Q5_0:
			err = ggml.QuantizeQ5_0(b, src)
		case ir.Q5_1:
			err = ggml.QuantizeQ5_1(b, src)
		}
		if err != nil {
			t.Fatal(err)
		}
		return b
	case kAllMax:
		for i := range b {
			b[i] = 0xFF
		}
		for k := 0; k < n; k++ {
			for j, off := range q45Scales(dt) {
				h := uint16(0x7bff)
				if (k+j)%2 == 1 {
					h = 0xfbff
				}
				binary.LittleEndian.PutUint16(b[k*bb+off:], h)
			}
		}
		return b
	}
	r.Read(b)
	for k := 0; k < n; k++ {
		for _, off := range q45Scales(dt) {
			copy(b[k*bb+off:], randF16Bytes(r, 1))
			if kind == kNonFinite {
				switch r.Intn(5) {
				case 0:
					binary.LittleEndian.PutUint16(b[k*bb+off:], 0x7c00)
				case 1:
					binary.LittleEndian.PutUint16(b[k*bb+off:], 0xfc00)
				case 2:
					binary.LittleEndian.PutUint16(b[k*bb+off:], 0x7e01)
				}
			}
		}
	}
	return b
}

// bf16Row returns n bf16 values: the high halves of random float32s of
// magnitude up to scale.
func bf16Row(r *rand.Rand, n int, scale float32) []byte {
	b := make([]byte, 2*n)
	for i, v := range randF32(r, n, scale) {
		binary.LittleEndian.PutUint16(b[2*i:], uint16(math.Float32bits(v)>>16))
	}
	return b
}

func TestMatVecQ45(t *testing.T) {
	h := newGPU(t)
	r := rand.New(rand.NewSource(16))
	worst := map[ir.DType]float64{}
	for _, dt := range q45Types {
		for _, kind := range []int{kQuantised, kRandom, kAllMax, kNonFinite} {
			for _, cols := range []int{32, 64, 96, 224, 256, 288, 1056, 4096} {
				for _, rows := range []int{1, 7, 8, 9, 33} {
					t.Run(fmt.Sprintf("%v/%s/%dx%d", dt, kquantKinds[kind], rows, cols), func(t *testing.T) {
						w := q45Blocks(t, r, dt, rows*cols/32, kind, 1)
						var x []float32
						switch {
						case kind == kQuantised && rows%2 == 1:
							x = wildF32(r, cols)
						case kind == kAllMax:
							x = randF32(r, cols, 1e20)
						default:
							x = randF32(r, cols, 4)
						}
						worst[dt] = math.Max(worst[dt], checkMatVec(t, h, dt, w, rows, cols, x))
					})
				}
			}
		}
	}
	for _, cols := range []int{1, 5, 8, 64, 100, 255, 256, 257, 520, 1056} {
		for _, rows := range []int{1, 7, 8, 9, 64} {
			t.Run(fmt.Sprintf("bf16/%dx%d", rows, cols), func(t *testing.T) {
				worst[ir.BF16] = math.Max(worst[ir.BF16], checkMatVec(t, h, ir.BF16, bf16Row(r, rows*cols, 1e3), rows, cols, wildF32(r, cols)))
			})
		}
	}
	for _, dt := range append([]ir.DType{ir.BF16}, q45Types...) {
		t.Logf("%v: largest fraction of the matvec bound used %.3f", dt, worst[dt])
	}
}

// TestMatVecQ45SpecialX: NaN, infinite, zero and cancelling activations.
func TestMatVecQ45SpecialX(t *testing.T) {
	h := newGPU(t)
	r := rand.New(rand.NewSource(17))
	rows, cols := 9, 320
	for _, dt := range q45Types {
		for i, mk := range []func() []float32{
			func() []float32 { x := randF32(r, cols, 2); x[100] = float32(math.NaN()); return x },
			func() []float32 { x := randF32(r, cols, 2); x[37] = float32(math.Inf(-1)); return x },
			func() []float32 { return make([]float32, cols) },
			func() []float32 {
				x := randF32(r, cols, 2)
				for j := 0; j < cols; j += 2 {
					x[j+1] = -x[j]
				}
				return x
			},
		} {
			for _, kind := range []int{kRandom, kNonFinite} {
				t.Run(fmt.Sprintf("%v/%d/%s", dt, i, kquantKinds[kind]), func(t *testing.T) {
					checkMatVec(t, h, dt, q45Blocks(t, r, dt, rows*cols/32, kind, 1), rows, cols, mk())
				})
			}
		}
	}
}

func TestEmbedQ45Exact(t *testing.T) {
	h := newGPU(t)
	r := rand.New(rand.NewSource(18))
	for _, dt := range append([]ir.DType{ir.BF16}, q45Types...) {
		for _, kind := range []int{kQuantised, kRandom, kAllMax, kNonFinite} {
			for _, shape := range [][2]int{{1, 32}, {5, 64}, {3, 288}, {7, 800}} {
				rows, cols := shape[0], shape[1]
				if dt == ir.BF16 && kind != kRandom {
					continue
				}
				t.Run(fmt.Sprintf("%v/%s/%dx%d", dt, kquantKinds[kind], rows, cols), func(t *testing.T) {
					var table []byte
					if dt == ir.BF16 {
						table = make([]byte, 2*rows*cols)
						r.Read(table) // every bit pattern, NaNs and infinities included
					} else {
						table = q45Blocks(t, r, dt, rows*cols/32, kind, 3)
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
}
