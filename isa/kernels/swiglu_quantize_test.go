package kernels_test

import (
	"bytes"
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

// TestSwiGLUQ8 runs zincc_swiglu_q8_0 and zincc_swiglu_q8_K against (a)
// the unfused GPU sequence, zincc_swiglu then zincc_quantize_q8_0 or
// _q8_K, which they must match byte for byte (the same swiglu bits, the
// same quantiser), and (b) exec/cpu's oracle under swiglu_quantize's rule,
// which refuses a code off by 2 or a scale off by 1%.
func TestSwiGLUQ8(t *testing.T) {
	h := newGPU(t)
	r := rand.New(rand.NewSource(23))
	for _, dt := range []ir.DType{ir.Q8_0, ir.Q8_K} {
		be, bb := dt.BlockElems(), map[ir.DType]int{ir.Q8_0: 34, ir.Q8_K: 292}[dt]
		fused, quant := "zincc_swiglu_"+dt.String(), "zincc_quantize_"+dt.String()
		for _, blocks := range []int{1, 3, 255, 257} {
			for _, kind := range []string{"unit", "large", "tiny"} {
				n := blocks * be
				t.Run(fmt.Sprintf("%v/%s/n=%d", dt, kind, n), func(t *testing.T) {
					// gate and up scales that keep q8_0's f16 scale normal
					// (swiglu's bound grows with |g|: 1 + |g| ulps).
					sg := map[string]float32{"unit": 4, "large": 20, "tiny": 1}[kind]
					su := map[string]float32{"unit": 2, "large": 1e3, "tiny": 0.05}[kind]
					g, u := randF32(r, n, sg), randF32(r, n, su)
					if blocks == 3 { // a block of zeros
						clear(u[be : 2*be])
					}
					nb := blocks * bb
					vg, vu := h.buffer("gate", f32bytes(g)), h.buffer("up", f32bytes(u))
					vd := h.buffer("dst", randBytes(r, nb))
					h.run(fused, kernels.Size{N: blocks}, ptr(vg), ptr(vu), ptr(vd), u32(blocks))
					got := h.read(vd, nb)

					vy, vq := h.zeros("y", 4*n), h.buffer("q", randBytes(r, nb))
					h.run("zincc_swiglu", kernels.Size{N: n}, ptr(vg), ptr(vu), ptr(vy), u32(n))
					h.run(quant, kernels.Size{N: blocks}, ptr(vy), ptr(vq), u32(blocks))
					if want := h.read(vq, nb); !bytes.Equal(got, want) {
						t.Errorf("fused differs from zincc_swiglu + %s: %v", quant, cpu.CheckQuantized(got, want, dt))
					}
					if err := cpu.CheckSwiGLUQuantize(got, g, u, dt); err != nil {
						t.Errorf("vs exec/cpu: %v", err)
					}
					bad := append([]byte(nil), got...)
					off := map[ir.DType]int{ir.Q8_0: 2, ir.Q8_K: 4}[dt]
					i := off + r.Intn(be)
					bad[i] += 2
					if cpu.CheckSwiGLUQuantize(bad, g, u, dt) == nil {
						t.Errorf("a code off by 2 (byte %d) passes the oracle", i)
					}
					bad = append(bad[:0], got...)
					if dt == ir.Q8_0 {
						d := ggml.F16ToF32(uint16(bad[0]) | uint16(bad[1])<<8)
						v := ggml.F32ToF16(d * 1.01)
						bad[0], bad[1] = byte(v), byte(v>>8)
					} else {
						d := math.Float32frombits(binary.LittleEndian.Uint32(bad))
						binary.LittleEndian.PutUint32(bad, math.Float32bits(d*1.01))
					}
					if cpu.CheckSwiGLUQuantize(bad, g, u, dt) == nil {
						t.Error("a scale off by 1% passes the oracle")
					}
				})
			}
		}
	}
}
