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

// widen decodes a state of f32 or f16 values to float32 (f16 exactly).
func widen(b []byte, dt ir.DType) []float32 {
	if dt == ir.F32 {
		return f32s(b)
	}
	v := make([]float32, len(b)/2)
	for i := range v {
		v[i] = ggml.F16ToF32(binary.LittleEndian.Uint16(b[2*i:]))
	}
	return v
}

func TestKVStoreExact(t *testing.T) {
	h := newGPU(t)
	r := rand.New(rand.NewSource(5))
	for _, dt := range []ir.DType{ir.F32, ir.F16} {
		for _, shape := range [][2]int{{4, 1}, {16, 32}, {128, 48}, {9, 300}} {
			ctx, width := shape[0], shape[1]
			eb := 4
			if dt == ir.F16 {
				eb = 2
			}
			t.Run(fmt.Sprintf("%v/%dx%d", dt, ctx, width), func(t *testing.T) {
				// The state starts random, so a store to a wrong row or
				// past the row shows up as a difference.
				state := make([]byte, ctx*width*eb)
				r.Read(state)
				want := append([]byte(nil), state...)
				vs := h.buffer("cache", state)
				for _, pos := range []int{0, ctx / 2, ctx - 1} {
					// Values that exercise f16 rounding: ties, overflow,
					// denormals, NaN.
					x := wildF32(r, width)
					special := []float32{65504, 65520, 65519.996, 0x1p-25, 0x1.8p-25, 0x1p-24, 1 + 0x1p-11, 1 + 0x3p-11, float32(math.NaN()), -0x1p-30}
					for i := 0; i < len(special) && i < width; i++ {
						x[(i*7)%width] = special[i]
					}
					vx := h.buffer("x", f32bytes(x))
					h.run("zincc_kv_store_"+dt.String(), kernels.Size{N: width}, ptr(vx), ptr(vs), u32(pos), u32(width))
					if err := cpu.KVStore(want, dt, width, pos, x); err != nil {
						t.Fatal(err)
					}
					if err := cpu.Check("kv_store", widen(h.read(vs, len(state)), dt), widen(want, dt), nil, 0); err != nil {
						t.Fatalf("pos %d: %v", pos, err)
					}
				}
			})
		}
	}
}
