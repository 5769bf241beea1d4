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

// TestAttentionCombineQ8 runs zincc_attention_split_* then
// zincc_attention_combine_q8_0 and holds the blocks to what
// zincc_attention_combine then zincc_quantize_q8_0 store from the same
// partials, byte for byte, and to the CPU oracle of attention_quantize;
// the combine must leave the scratch zero.
func TestAttentionCombineQ8(t *testing.T) {
	h := newGPU(t)
	r := rand.New(rand.NewSource(41))
	shapes := []attentionCase{
		{heads: 4, kvHeads: 1, headDim: 64, ctx: 300, qScale: 1, kvScale: 1},
		{heads: 8, kvHeads: 2, headDim: 128, ctx: 1100, qScale: 0.5, kvScale: 1},
		{heads: 2, kvHeads: 2, headDim: 256, ctx: 700, qScale: 0.3, kvScale: 1},
		{heads: 2, kvHeads: 1, headDim: 128, ctx: 130, qScale: 1, kvScale: -1e4},
		{heads: 6, kvHeads: 3, headDim: 128, ctx: 4096, qScale: 0.3, kvScale: 1.5},
	}
	for _, dt := range []ir.DType{ir.F32, ir.F16} {
		for _, s := range shapes {
			for _, pos := range []int{0, s.ctx / 3, s.ctx - 1} {
				c := s
				c.pos = pos
				t.Run(fmt.Sprintf("%v/h%d:%d/d%d/ctx%d/pos%d", dt, c.heads, c.kvHeads, c.headDim, c.ctx, c.pos), func(t *testing.T) {
					q, k, v := attentionInputs(r, dt, c)
					n := c.heads * c.headDim
					blocks := n / 32
					// The unfused kernels: combine to f32, then quantize.
					f := runSplitAttention(t, h, dt, c, q, k, v)
					vf, want := h.buffer("f", f32bytes(f)), h.zeros("want", 34*blocks)
					h.run("zincc_quantize_q8_0", kernels.Size{N: blocks}, ptr(vf), ptr(want), u32(blocks))

					size := kernels.Size{Heads: c.heads, Ctx: c.ctx, N: c.headDim}
					log2S := kernels.AttentionSplits(c.ctx)
					vq, vk, vv, vd := h.buffer("q", f32bytes(q)), h.buffer("k", k), h.buffer("v", v), h.zeros("dst", 34*blocks)
					part := h.zeros("part", int(kernels.AttentionSplitScratch(size)))
					scale := float32(1 / math.Sqrt(float64(c.headDim)))
					h.run(fmt.Sprintf("zincc_attention_split_%v_d%d", dt, c.headDim), size, ptr(vq), ptr(vk), ptr(vv), ptr(part),
						u32(c.pos), u32(c.heads), u32(c.kvHeads), u32(log2S), f32(scale))
					h.run("zincc_attention_combine_q8_0", size, ptr(part), ptr(vd), u32(c.pos), u32(c.headDim), u32(log2S))
					got := h.read(vd, 34*blocks)
					if !bytes.Equal(got, h.read(want, 34*blocks)) {
						t.Error("the blocks differ from zincc_attention_combine then zincc_quantize_q8_0's")
					}
					if err := cpu.CheckAttentionQuantize(got, q, k, v, dt, c.pos, c.heads, c.kvHeads, c.headDim, scale, ir.Q8_0); err != nil {
						t.Error(err)
					}
					if b := h.read(part, int(kernels.AttentionSplitScratch(size))); !bytes.Equal(b, make([]byte, len(b))) {
						t.Error("the combine left the scratch nonzero")
					}
				})
			}
		}
	}
}

// TestQuantizeQ8Clear: zincc_quantize_q8_0_clear stores what
// zincc_quantize_q8_0 stores (and exec/cpu's Quantize, exactly) and leaves
// its input zero.
func TestQuantizeQ8Clear(t *testing.T) {
	h := newGPU(t)
	r := rand.New(rand.NewSource(42))
	for _, blocks := range []int{1, 3, 255, 256, 257, 700} {
		x := wildF32(r, 32*blocks)
		vx, vx2 := h.buffer("x", f32bytes(x)), h.buffer("x'", f32bytes(x))
		got, want := h.zeros("got", 34*blocks), h.zeros("want", 34*blocks)
		h.run("zincc_quantize_q8_0_clear", kernels.Size{Heads: 1, N: 32 * blocks}, ptr(vx), ptr(got), u32(blocks))
		h.run("zincc_quantize_q8_0", kernels.Size{N: blocks}, ptr(vx2), ptr(want), u32(blocks))
		g := h.read(got, 34*blocks)
		if !bytes.Equal(g, h.read(want, 34*blocks)) {
			t.Errorf("%d blocks: differ from zincc_quantize_q8_0's", blocks)
		}
		ref := make([]byte, 34*blocks)
		if err := cpu.Quantize(ref, x, ir.Q8_0); err != nil {
			t.Fatal(err)
		}
		if err := cpu.CheckQuantized(g, ref, ir.Q8_0); err != nil {
			t.Errorf("%d blocks: %v", blocks, err)
		}
		if b := h.read(vx, 4*len(x)); !bytes.Equal(b, make([]byte, len(b))) {
			t.Errorf("%d blocks: the input is not left zero", blocks)
		}
	}
}
