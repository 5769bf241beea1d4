package kernels_test

import (
	"bytes"
	"fmt"
	"math"
	"math/rand"
	"testing"

	"zincc/exec/cpu"
	"zincc/ir"
	"zincc/isa/kernels"
)

// runFusedAttention runs zincc_attention_fused[_q8_0]_DTYPE_dHD (one
// launch; the race checker is on) over a zeroed scratch and returns its
// dst (outBytes of it); it fails the test if the kernel leaves the
// scratch (partials and counters) nonzero.
func runFusedAttention(t *testing.T, h *gpu, kernel string, c attentionCase, q []float32, k, v []byte, outBytes int) []byte {
	t.Helper()
	size := kernels.Size{Heads: c.heads, Ctx: c.ctx, N: c.headDim}
	abi := kernels.LookupABI(kernel)
	log2S := kernels.AttentionSplits(c.ctx)
	vq, vk, vv, vd := h.buffer("q", f32bytes(q)), h.buffer("k", k), h.buffer("v", v), h.zeros("dst", outBytes)
	n := int(abi.Scratch(size))
	part := h.zeros("part", n)
	scale := float32(1 / math.Sqrt(float64(c.headDim)))
	h.run(kernel, size, ptr(vq), ptr(vk), ptr(vv), ptr(part), u32(c.pos), u32(c.heads), u32(c.kvHeads), u32(log2S), f32(scale), ptr(vd))
	if b := h.read(part, n); !bytes.Equal(b, make([]byte, n)) {
		t.Fatalf("%s left the scratch nonzero", kernel)
	}
	return h.read(vd, outBytes)
}

// fusedShapes are TestSplitAttention's shapes.
var fusedShapes = []attentionCase{
	{heads: 4, kvHeads: 1, headDim: 64, ctx: 300, qScale: 1, kvScale: 1},
	{heads: 8, kvHeads: 2, headDim: 128, ctx: 1100, qScale: 0.5, kvScale: 1},
	{heads: 2, kvHeads: 2, headDim: 256, ctx: 700, qScale: 0.3, kvScale: 1},
	{heads: 3, kvHeads: 3, headDim: 64, ctx: 64, qScale: 1, kvScale: 1},
	{heads: 2, kvHeads: 1, headDim: 64, ctx: 200, qScale: 3, kvScale: 3},
	{heads: 2, kvHeads: 1, headDim: 128, ctx: 130, qScale: 1, kvScale: -1e4},
	{heads: 6, kvHeads: 3, headDim: 128, ctx: 4096, qScale: 0.3, kvScale: 1.5},
}

// TestFusedAttention holds the one-launch kernels to the two-launch
// ones byte for byte (zincc_attention_split_* then
// zincc_attention_combine, or _combine_q8_0), and to the CPU oracle of
// attention (attention_quantize), at the split boundaries of each
// shape; each launch runs under the emulator's race checker, so the
// last workgroup's reads of the others' partials must be ordered by the
// release and acquire sequences.
func TestFusedAttention(t *testing.T) {
	h := newGPU(t)
	r := rand.New(rand.NewSource(43))
	for _, dt := range []ir.DType{ir.F32, ir.F16} {
		for _, s := range fusedShapes {
			for _, pos := range splitBoundaries(s.ctx) {
				c := s
				c.pos = pos
				t.Run(fmt.Sprintf("%v/h%d:%d/d%d/ctx%d/pos%d", dt, c.heads, c.kvHeads, c.headDim, c.ctx, c.pos), func(t *testing.T) {
					q, k, v := attentionInputs(r, dt, c)
					n := c.heads * c.headDim
					want := runSplitAttention(t, h, dt, c, q, k, v)
					got := runFusedAttention(t, h, fmt.Sprintf("zincc_attention_fused_%v_d%d", dt, c.headDim), c, q, k, v, 4*n)
					if !bytes.Equal(got, f32bytes(want)) {
						t.Fatal("differs from zincc_attention_split_* then zincc_attention_combine")
					}
					checkAttentionOracle(t, dt, c, q, k, v, f32s(got))

					// q8_0: against split + combine_q8_0 (itself held to
					// combine + quantize by TestAttentionCombineQ8).
					blocks := n / 32
					size := kernels.Size{Heads: c.heads, Ctx: c.ctx, N: c.headDim}
					log2S := kernels.AttentionSplits(c.ctx)
					scale := float32(1 / math.Sqrt(float64(c.headDim)))
					vq, vk, vv, vd := h.buffer("q", f32bytes(q)), h.buffer("k", k), h.buffer("v", v), h.zeros("dst", 34*blocks)
					part := h.zeros("part", int(kernels.AttentionSplitScratch(size)))
					h.run(fmt.Sprintf("zincc_attention_split_%v_d%d", dt, c.headDim), size, ptr(vq), ptr(vk), ptr(vv), ptr(part),
						u32(c.pos), u32(c.heads), u32(c.kvHeads), u32(log2S), f32(scale))
					h.run("zincc_attention_combine_q8_0", size, ptr(part), ptr(vd), u32(c.pos), u32(c.headDim), u32(log2S))
					gotQ := runFusedAttention(t, h, fmt.Sprintf("zincc_attention_fused_q8_0_%v_d%d", dt, c.headDim), c, q, k, v, 34*blocks)
					if !bytes.Equal(gotQ, h.read(vd, 34*blocks)) {
						t.Fatal("q8_0: differs from zincc_attention_split_* then zincc_attention_combine_q8_0")
					}
					if err := cpu.CheckAttentionQuantize(gotQ, q, k, v, dt, c.pos, c.heads, c.kvHeads, c.headDim, scale, ir.Q8_0); err != nil {
						t.Fatal(err)
					}
				})
			}
		}
	}
}

// TestFusedAttentionSteps runs one fused kernel at consecutive
// positions over the same scratch, as a decode loop does: each launch
// must find the counters it left at zero.
func TestFusedAttentionSteps(t *testing.T) {
	h := newGPU(t)
	r := rand.New(rand.NewSource(44))
	c := attentionCase{heads: 4, kvHeads: 2, headDim: 128, ctx: 1000, qScale: 0.5, kvScale: 1}
	size := kernels.Size{Heads: c.heads, Ctx: c.ctx, N: c.headDim}
	kernel := "zincc_attention_fused_f16_d128"
	n := int(kernels.LookupABI(kernel).Scratch(size))
	part := h.zeros("part", n)
	log2S := kernels.AttentionSplits(c.ctx)
	scale := float32(1 / math.Sqrt(float64(c.headDim)))
	q, k, v := attentionInputs(r, ir.F16, c)
	vq, vk, vv := h.buffer("q", f32bytes(q)), h.buffer("k", k), h.buffer("v", v)
	for _, pos := range []int{0, 63, 64, 500, 999} {
		c.pos = pos
		vd := h.zeros("dst", 4*c.heads*c.headDim)
		h.run(kernel, size, ptr(vq), ptr(vk), ptr(vv), ptr(part), u32(c.pos), u32(c.heads), u32(c.kvHeads), u32(log2S), f32(scale), ptr(vd))
		checkAttentionOracle(t, ir.F16, c, q, k, v, h.readF32(vd, c.heads*c.headDim))
		if b := h.read(part, n); !bytes.Equal(b, make([]byte, n)) {
			t.Fatalf("pos %d: the scratch is left nonzero", pos)
		}
	}
}

// checkAttentionOracle holds got to the attention rule against the CPU
// reference.
func checkAttentionOracle(t *testing.T, dt ir.DType, c attentionCase, q []float32, k, v []byte, got []float32) {
	t.Helper()
	n := c.heads * c.headDim
	scale := float32(1 / math.Sqrt(float64(c.headDim)))
	want := make([]float32, n)
	if err := cpu.Attention(want, q, k, v, dt, c.pos, c.heads, c.kvHeads, c.headDim, scale, make([]float32, c.pos+1)); err != nil {
		t.Fatal(err)
	}
	sc := make([]float64, n)
	nn, err := cpu.AttentionScale(sc, q, k, v, dt, c.pos, c.heads, c.kvHeads, c.headDim, scale)
	if err != nil {
		t.Fatal(err)
	}
	if err := cpu.Check("attention", got, want, sc, nn); err != nil {
		t.Fatal(err)
	}
}
