package kernels_test

import (
	"fmt"
	"math"
	"math/rand"
	"testing"

	"zincc/exec/cpu"
	"zincc/ir"
	"zincc/isa/kernels"
)

// attentionCase is one attention launch: shapes, position and scale.
type attentionCase struct {
	heads, kvHeads, headDim, ctx, pos int
	qScale, kvScale                   float32
}

// attentionInputs draws a query and K and V states of dtype dt for c.
func attentionInputs(r *rand.Rand, dt ir.DType, c attentionCase) (q []float32, k, v []byte) {
	width := c.kvHeads * c.headDim
	q = randF32(r, c.heads*c.headDim, c.qScale)
	if dt == ir.F16 {
		return q, f16bytes(randF32(r, c.ctx*width, c.kvScale)), f16bytes(randF32(r, c.ctx*width, c.kvScale))
	}
	return q, f32bytes(randF32(r, c.ctx*width, c.kvScale)), f32bytes(randF32(r, c.ctx*width, c.kvScale))
}

func checkAttention(t *testing.T, h *gpu, r *rand.Rand, dt ir.DType, c attentionCase) float64 {
	t.Helper()
	return checkAttentionWith(t, h, r, "zincc_attention_", dt, c)
}

// checkAttentionWith runs kernel prefix+dtype on random inputs and holds
// it to the attention rule against the CPU reference.
func checkAttentionWith(t *testing.T, h *gpu, r *rand.Rand, prefix string, dt ir.DType, c attentionCase) float64 {
	t.Helper()
	q, k, v := attentionInputs(r, dt, c)
	scale := float32(1 / math.Sqrt(float64(c.headDim)))
	n := c.heads * c.headDim
	vq, vk, vv, vd := h.buffer("q", f32bytes(q)), h.buffer("k", k), h.buffer("v", v), h.zeros("dst", 4*n)
	h.run(prefix+dt.String(), kernels.Size{Heads: c.heads, Ctx: c.ctx}, ptr(vq), ptr(vk), ptr(vv), ptr(vd),
		u32(c.pos), u32(c.heads), u32(c.kvHeads), u32(c.headDim), f32(scale))
	want := make([]float32, n)
	if err := cpu.Attention(want, q, k, v, dt, c.pos, c.heads, c.kvHeads, c.headDim, scale, make([]float32, c.pos+1)); err != nil {
		t.Fatal(err)
	}
	sc := make([]float64, n)
	nn, err := cpu.AttentionScale(sc, q, k, v, dt, c.pos, c.heads, c.kvHeads, c.headDim, scale)
	if err != nil {
		t.Fatal(err)
	}
	got := h.readF32(vd, n)
	if err := cpu.Check("attention", got, want, sc, nn); err != nil {
		t.Fatal(err)
	}
	return logUse(t, "attention", got, want, sc, nn)
}

func TestAttention(t *testing.T) {
	h := newGPU(t)
	r := rand.New(rand.NewSource(12))
	cases := []attentionCase{
		{heads: 1, kvHeads: 1, headDim: 16, ctx: 8, pos: 0, qScale: 1, kvScale: 1},
		{heads: 1, kvHeads: 1, headDim: 16, ctx: 8, pos: 7, qScale: 1, kvScale: 1},
		{heads: 4, kvHeads: 2, headDim: 16, ctx: 128, pos: 127, qScale: 1, kvScale: 1}, // tiny_llama
		{heads: 4, kvHeads: 2, headDim: 16, ctx: 128, pos: 5, qScale: 1, kvScale: 1},
		{heads: 8, kvHeads: 2, headDim: 32, ctx: 300, pos: 298, qScale: 2, kvScale: 2}, // GQA 4:1
		{heads: 4, kvHeads: 1, headDim: 3, ctx: 40, pos: 33, qScale: 1, kvScale: 1},    // odd head size
		{heads: 2, kvHeads: 2, headDim: 1, ctx: 10, pos: 9, qScale: 1, kvScale: 1},
		{heads: 2, kvHeads: 1, headDim: 100, ctx: 700, pos: 600, qScale: 0.5, kvScale: 1},
		{heads: 1, kvHeads: 1, headDim: 128, ctx: 4096, pos: 4095, qScale: 0.3, kvScale: 1},
		{heads: 2, kvHeads: 1, headDim: 64, ctx: kernels.MaxAttentionContext, pos: kernels.MaxAttentionContext - 1, qScale: 0.3, kvScale: 1}, // the longest context
		{heads: 2, kvHeads: 1, headDim: 300, ctx: 20, pos: 19, qScale: 0.2, kvScale: 1},                                                      // two blocks of dimensions
		{heads: 3, kvHeads: 3, headDim: 17, ctx: 64, pos: 40, qScale: 30, kvScale: 30},                                                       // peaked softmax, large scores
		{heads: 2, kvHeads: 1, headDim: 64, ctx: 260, pos: 256, qScale: 1, kvScale: -1e4},                                                    // large V
	}
	for _, dt := range []ir.DType{ir.F32, ir.F16} {
		for _, c := range cases {
			if dt == ir.F16 && c.kvScale < -6e4 {
				continue
			}
			t.Run(fmt.Sprintf("%v/h%d:%d/d%d/ctx%d/pos%d", dt, c.heads, c.kvHeads, c.headDim, c.ctx, c.pos), func(t *testing.T) {
				checkAttention(t, h, r, dt, c)
			})
		}
	}
}

// The attention kernels' descriptors declare exactly the scratch the ABI
// places the scores after, and the longest context fills the LDS.
func TestAttentionLDSLayout(t *testing.T) {
	lib, err := kernels.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"zincc_attention_f32", "zincc_attention_f16"} {
		k, ok := lib.Kernel(name)
		if !ok {
			t.Fatalf("no kernel %s", name)
		}
		if k.LDSBytes() != kernels.AttentionScratch {
			t.Errorf("%s: descriptor declares %d bytes of LDS, the ABI expects %d", name, k.LDSBytes(), kernels.AttentionScratch)
		}
		full := k.ABI.LDSBytes(k.LDSBytes(), kernels.Size{Ctx: kernels.MaxAttentionContext})
		if full > kernels.MaxLDS || full+4 <= kernels.MaxLDS {
			t.Errorf("%s: %d rows take %d bytes of LDS; the most is %d", name, kernels.MaxAttentionContext, full, kernels.MaxLDS)
		}
		if got := k.Rsrc2For(kernels.Size{Ctx: 128}) >> 15 & 0x1FF; got != (kernels.AttentionScratch+4*128+511)/512 {
			t.Errorf("%s: RSRC2.LDS_SIZE for 128 rows = %d", name, got)
		}
	}
}

// The long-context kernels give the very bits of zincc_attention_* on any
// context both can take: in one chunk, across the chunk boundary at row
// 8192, for several head sizes and GQA.
func TestLongAttentionSameBits(t *testing.T) {
	h := newGPU(t)
	r := rand.New(rand.NewSource(21))
	for _, dt := range []ir.DType{ir.F32, ir.F16} {
		for _, c := range []attentionCase{
			{heads: 1, kvHeads: 1, headDim: 16, ctx: 8, pos: 0, qScale: 1, kvScale: 1},
			{heads: 4, kvHeads: 2, headDim: 16, ctx: 128, pos: 127, qScale: 1, kvScale: 1},
			{heads: 4, kvHeads: 1, headDim: 3, ctx: 40, pos: 33, qScale: 1, kvScale: 1},
			{heads: 2, kvHeads: 2, headDim: 1, ctx: 10, pos: 9, qScale: 1, kvScale: 1},
			{heads: 2, kvHeads: 1, headDim: 100, ctx: 700, pos: 600, qScale: 0.5, kvScale: 1},
			{heads: 1, kvHeads: 1, headDim: 256, ctx: 300, pos: 299, qScale: 0.2, kvScale: 1},
			{heads: 3, kvHeads: 3, headDim: 17, ctx: 64, pos: 40, qScale: 30, kvScale: 30},
			{heads: 2, kvHeads: 1, headDim: 64, ctx: 8200, pos: 8191, qScale: 0.3, kvScale: 1},  // one whole chunk
			{heads: 2, kvHeads: 1, headDim: 128, ctx: 9000, pos: 8192, qScale: 0.3, kvScale: 1}, // one row into the second
			{heads: 2, kvHeads: 1, headDim: 64, ctx: kernels.MaxAttentionContext, pos: kernels.MaxAttentionContext - 1, qScale: 0.3, kvScale: 1},
		} {
			t.Run(fmt.Sprintf("%v/h%d:%d/d%d/pos%d", dt, c.heads, c.kvHeads, c.headDim, c.pos), func(t *testing.T) {
				q, k, v := attentionInputs(r, dt, c)
				n := c.heads * c.headDim
				vq, vk, vv := h.buffer("q", f32bytes(q)), h.buffer("k", k), h.buffer("v", v)
				var outs [2][]float32
				for i, name := range []string{"zincc_attention_", "zincc_attention_long_"} {
					vd := h.zeros("dst", 4*n)
					h.run(name+dt.String(), kernels.Size{Heads: c.heads, Ctx: c.ctx}, ptr(vq), ptr(vk), ptr(vv), ptr(vd),
						u32(c.pos), u32(c.heads), u32(c.kvHeads), u32(c.headDim), f32(float32(1/math.Sqrt(float64(c.headDim)))))
					outs[i] = h.readF32(vd, n)
				}
				for i := range outs[0] {
					if math.Float32bits(outs[0][i]) != math.Float32bits(outs[1][i]) {
						t.Fatalf("dst[%d]: long kernel %g (%#08x), zincc_attention_%v %g (%#08x)",
							i, outs[1][i], math.Float32bits(outs[1][i]), dt, outs[0][i], math.Float32bits(outs[0][i]))
					}
				}
			})
		}
	}
}

// Past MaxAttentionContext only the long kernels attend; they are held to
// the attention rule against the CPU reference.
func TestLongAttention(t *testing.T) {
	h := newGPU(t)
	r := rand.New(rand.NewSource(22))
	for _, dt := range []ir.DType{ir.F32, ir.F16} {
		for _, c := range []attentionCase{
			{heads: 2, kvHeads: 1, headDim: 64, ctx: 20000, pos: 19999, qScale: 0.3, kvScale: 1},
			{heads: 1, kvHeads: 1, headDim: 128, ctx: 24577, pos: 24576, qScale: 0.2, kvScale: 1}, // one row into the fourth chunk
		} {
			t.Run(fmt.Sprintf("%v/h%d:%d/d%d/ctx%d/pos%d", dt, c.heads, c.kvHeads, c.headDim, c.ctx, c.pos), func(t *testing.T) {
				checkAttentionWith(t, h, r, "zincc_attention_long_", dt, c)
			})
		}
	}
}
