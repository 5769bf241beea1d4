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

// TestRMSNormQ8 runs zincc_rms_norm_q8_0 against (a) the unfused GPU
// sequence, zincc_rms_norm then zincc_quantize_q8_0, which it must match
// byte for byte (the same sum, the same products, the same quantiser), and
// (b) exec/cpu's oracle under rms_norm_quantize's rule.
func TestRMSNormQ8(t *testing.T) {
	h := newGPU(t)
	r := rand.New(rand.NewSource(21))
	for _, n := range []int{32, 96, 4096, 8192 + 96, 3 * 8192} {
		for _, kind := range []string{"unit", "large", "tiny"} {
			t.Run(fmt.Sprintf("%s/n=%d", kind, n), func(t *testing.T) {
				s := map[string]float32{"unit": 1, "large": 1e15, "tiny": 1e-3}[kind]
				x, w := randF32(r, n, s), randF32(r, n, 2)
				eps := float32(1e-5)
				nb := n / 32 * 34
				vx, vw := h.buffer("x", f32bytes(x)), h.buffer("w", f32bytes(w))
				vd := h.buffer("dst", randBytes(r, nb))
				h.run("zincc_rms_norm_q8_0", kernels.Size{N: n}, ptr(vx), ptr(vw), ptr(vd), u32(n), f32(eps))
				got := h.read(vd, nb)

				vy, vq := h.zeros("y", 4*n), h.buffer("q", randBytes(r, nb))
				size, args := rmsNormArgs(vx, vw, vy, n, 1, eps)
				h.run("zincc_rms_norm", size, args...)
				h.run("zincc_quantize_q8_0", kernels.Size{N: n / 32}, ptr(vy), ptr(vq), u32(n/32))
				if err := cpu.CheckQuantized(got, h.read(vq, nb), ir.Q8_0); err != nil {
					t.Errorf("fused vs zincc_rms_norm + zincc_quantize_q8_0: %v", err)
				}
				if err := cpu.CheckRMSNormQuantize(got, x, w, eps); err != nil {
					t.Errorf("vs exec/cpu: %v", err)
				}
				// The rule is not vacuous: a code off by 2 or a scale off
				// by 1% is refused.
				bad := append([]byte(nil), got...)
				bad[2+r.Intn(32)] += 2
				if cpu.CheckRMSNormQuantize(bad, x, w, eps) == nil {
					t.Error("a code off by 2 passes the oracle")
				}
				bad = append(bad[:0], got...)
				d := ggml.F16ToF32(uint16(bad[0]) | uint16(bad[1])<<8)
				v := ggml.F32ToF16(d * 1.01)
				bad[0], bad[1] = byte(v), byte(v>>8)
				if cpu.CheckRMSNormQuantize(bad, x, w, eps) == nil {
					t.Error("a scale off by 1% passes the oracle")
				}
			})
		}
	}
}

// TestRMSNormQ8K runs zincc_rms_norm_q8_K against (a) zincc_rms_norm then
// zincc_quantize_q8_K, byte for byte, and (b) exec/cpu's oracle under
// rms_norm_quantize's rule (which refuses a code off by 2 or a scale off
// by 1%).
func TestRMSNormQ8K(t *testing.T) {
	h := newGPU(t)
	r := rand.New(rand.NewSource(22))
	for _, n := range []int{256, 768, 4096, 65536 + 256} {
		for _, kind := range []string{"unit", "large", "tiny"} {
			t.Run(fmt.Sprintf("%s/n=%d", kind, n), func(t *testing.T) {
				s := map[string]float32{"unit": 1, "large": 1e15, "tiny": 1e-3}[kind]
				x, w := randF32(r, n, s), randF32(r, n, 2)
				if n == 768 { // a block of zeros: 292 zero bytes
					clear(x[256:512])
				}
				eps := float32(1e-5)
				nb := n / 256 * 292
				vx, vw := h.buffer("x", f32bytes(x)), h.buffer("w", f32bytes(w))
				vd := h.buffer("dst", randBytes(r, nb))
				h.run("zincc_rms_norm_q8_K", kernels.Size{N: n}, ptr(vx), ptr(vw), ptr(vd), u32(n), f32(eps))
				got := h.read(vd, nb)

				vy, vq := h.zeros("y", 4*n), h.buffer("q", randBytes(r, nb))
				size, args := rmsNormArgs(vx, vw, vy, n, 1, eps)
				h.run("zincc_rms_norm", size, args...)
				h.run("zincc_quantize_q8_K", kernels.Size{N: n / 256}, ptr(vy), ptr(vq), u32(n/256))
				if want := h.read(vq, nb); !bytes.Equal(got, want) {
					t.Errorf("fused differs from zincc_rms_norm + zincc_quantize_q8_K: %v", cpu.CheckQuantized(got, want, ir.Q8_K))
				}
				if err := cpu.CheckRMSNormQuantizeK(got, x, w, eps); err != nil {
					t.Errorf("vs exec/cpu: %v", err)
				}
				bad := append([]byte(nil), got...)
				i := 4 + r.Intn(256)
				bad[i] += 2
				if cpu.CheckRMSNormQuantizeK(bad, x, w, eps) == nil {
					t.Errorf("a code off by 2 (byte %d) passes the oracle", i)
				}
				bad = append(bad[:0], got...)
				d := math.Float32frombits(binary.LittleEndian.Uint32(bad))
				binary.LittleEndian.PutUint32(bad, math.Float32bits(d*1.01))
				if cpu.CheckRMSNormQuantizeK(bad, x, w, eps) == nil {
					t.Error("a scale off by 1% passes the oracle")
				}
			})
		}
	}
}
