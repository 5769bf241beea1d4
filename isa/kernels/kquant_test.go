package kernels_test

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/rand"
	"sync"
	"testing"

	"zincc/exec/cpu"
	"zincc/internal/ggml"
	"zincc/ir"
	"zincc/isa/kernels"
)

// The k-quant kernels (matvec_kquant.s, embed_kquant.s) against exec/cpu
// on quantised, random-byte and adversarial super-blocks.

var kquantTypes = []ir.DType{ir.Q4_K, ir.Q5_K, ir.Q6_K}

// kScaleFields returns the byte offsets of a super-block's f16 scales:
// d and dmin for q4_K/q5_K, d for q6_K.
func kScaleFields(dt ir.DType) []int {
	if dt == ir.Q6_K {
		return []int{208}
	}
	return []int{0, 2}
}

// kBlocks kinds.
const (
	kQuantised = iota // ggml's quantiser applied to uniform values
	kRandom           // every byte random, scales finite f16
	kAllMax           // every code and 6-bit scale at its maximum, d = dmin = ±65504 (q6_K: scale −128)
	kNonFinite        // random bytes, some scales ±Inf or NaN, some sub-block scales 0
)

// kBlocks returns n super-blocks of dtype dt of the given kind.
func kBlocks(t testing.TB, r *rand.Rand, dt ir.DType, n, kind int, scale float32) []byte {
	t.Helper()
	bb := dt.BlockBytes()
	b := make([]byte, n*bb)
	switch kind {
	case kQuantised:
		src := randF32(r, n*256, scale)
		var err error
		switch dt {
		case ir.Q4_K:
			err = ggml.QuantizeQ4_K(b, src)
		case ir.Q5_K:
			err = ggml.QuantizeQ5_K(b, src)
		case ir.Q6_K:
			err = ggml.QuantizeQ6_K(b, src)
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
			blk := b[k*bb : (k+1)*bb]
			for j, off := range kScaleFields(dt) {
				h := uint16(0x7bff) // 65504
				if (k+j)%2 == 1 {
					h = 0xfbff // -65504
				}
				binary.LittleEndian.PutUint16(blk[off:], h)
			}
			if dt == ir.Q6_K {
				for s := 192; s < 208; s++ {
					blk[s] = 0x80 // int8 −128
				}
			}
		}
		return b
	}
	r.Read(b)
	for k := 0; k < n; k++ {
		blk := b[k*bb : (k+1)*bb]
		for _, off := range kScaleFields(dt) {
			copy(blk[off:], randF16Bytes(r, 1))
			if kind == kNonFinite {
				switch r.Intn(6) {
				case 0:
					binary.LittleEndian.PutUint16(blk[off:], 0x7c00) // +Inf
				case 1:
					binary.LittleEndian.PutUint16(blk[off:], 0xfc00) // −Inf
				case 2:
					binary.LittleEndian.PutUint16(blk[off:], 0x7e01) // NaN
				}
			}
		}
		if kind == kNonFinite && r.Intn(2) == 0 { // zero scales: Inf·0
			if dt == ir.Q6_K {
				blk[192+r.Intn(16)] = 0
			} else {
				for s := 4; s < 16; s++ {
					blk[s] &^= byte(r.Intn(256))
				}
			}
		}
	}
	return b
}

var kquantKinds = map[int]string{kQuantised: "quantised", kRandom: "random", kAllMax: "allmax", kNonFinite: "nonfinite"}

// kquantUse is the largest fraction of the matvec bound used per dtype.
var kquantUse = struct {
	sync.Mutex
	m map[ir.DType]float64
}{m: map[ir.DType]float64{}}

func TestMatVecKQuant(t *testing.T) {
	h := newGPU(t)
	r := rand.New(rand.NewSource(12))
	for _, dt := range kquantTypes {
		for _, kind := range []int{kQuantised, kRandom, kAllMax, kNonFinite} {
			for _, cols := range []int{256, 512, 768, 1280, 4096} {
				for _, rows := range []int{1, 7, 8, 9, 33} {
					t.Run(fmt.Sprintf("%v/%s/%dx%d", dt, kquantKinds[kind], rows, cols), func(t *testing.T) {
						w := kBlocks(t, r, dt, rows*cols/256, kind, 1)
						var x []float32
						switch {
						case kind == kQuantised && rows%2 == 1:
							x = wildF32(r, cols)
						case kind == kAllMax:
							x = randF32(r, cols, 1e20) // large products, cancelling
						default:
							x = randF32(r, cols, 4)
						}
						use := checkMatVec(t, h, dt, w, rows, cols, x)
						kquantUse.Lock()
						kquantUse.m[dt] = math.Max(kquantUse.m[dt], use)
						kquantUse.Unlock()
					})
				}
			}
		}
	}
	for _, dt := range kquantTypes {
		t.Logf("%v: largest fraction of the matvec bound used %.3f", dt, kquantUse.m[dt])
	}
}

// TestMatVecKQuantSpecialX holds the kernels to exec/cpu with NaN and
// infinite activations, zero activations (Inf·0 in the min terms) and
// activations that cancel within a sub-block.
func TestMatVecKQuantSpecialX(t *testing.T) {
	h := newGPU(t)
	r := rand.New(rand.NewSource(13))
	rows, cols := 9, 768
	for _, dt := range kquantTypes {
		for i, mk := range []func() []float32{
			func() []float32 { x := randF32(r, cols, 2); x[300] = float32(math.NaN()); return x },
			func() []float32 { x := randF32(r, cols, 2); x[5] = float32(math.Inf(1)); return x },
			func() []float32 { return make([]float32, cols) },
			func() []float32 { // each sub-block of 16 sums to exactly 0
				x := randF32(r, cols, 2)
				for j := 0; j < cols; j += 2 {
					x[j+1] = -x[j]
				}
				return x
			},
		} {
			for _, kind := range []int{kRandom, kNonFinite} {
				t.Run(fmt.Sprintf("%v/%d/%s", dt, i, kquantKinds[kind]), func(t *testing.T) {
					checkMatVec(t, h, dt, kBlocks(t, r, dt, rows*cols/256, kind, 1), rows, cols, mk())
				})
			}
		}
	}
}

// TestMatVecKQuantMany runs rows that are not a multiple of 8 over many
// workgroups.
func TestMatVecKQuantMany(t *testing.T) {
	h := newGPU(t)
	r := rand.New(rand.NewSource(14))
	for _, dt := range kquantTypes {
		rows, cols := 203, 1536
		t.Run(dt.String(), func(t *testing.T) {
			checkMatVec(t, h, dt, kBlocks(t, r, dt, rows*cols/256, kQuantised, 3), rows, cols, randF32(r, cols, 1))
		})
	}
}

func TestEmbedKQuantExact(t *testing.T) {
	h := newGPU(t)
	r := rand.New(rand.NewSource(15))
	for _, dt := range kquantTypes {
		for _, kind := range []int{kQuantised, kRandom, kAllMax, kNonFinite} {
			for _, shape := range [][2]int{{1, 256}, {5, 512}, {3, 768}, {7, 1280}} {
				rows, cols := shape[0], shape[1]
				t.Run(fmt.Sprintf("%v/%s/%dx%d", dt, kquantKinds[kind], rows, cols), func(t *testing.T) {
					table := kBlocks(t, r, dt, rows*cols/256, kind, 3)
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
