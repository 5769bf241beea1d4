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

// runSplitAttention runs zincc_attention_split_* and zincc_attention_combine
// as the lowering does (two dispatches over one scratch) and returns dst;
// it fails the test if the combine leaves the scratch nonzero.
func runSplitAttention(t *testing.T, h *gpu, dt ir.DType, c attentionCase, q []float32, k, v []byte) []float32 {
	t.Helper()
	size := kernels.Size{Heads: c.heads, Ctx: c.ctx, N: c.headDim}
	log2S := kernels.AttentionSplits(c.ctx)
	n := c.heads * c.headDim
	vq, vk, vv, vd := h.buffer("q", f32bytes(q)), h.buffer("k", k), h.buffer("v", v), h.zeros("dst", 4*n)
	part := h.zeros("part", int(kernels.AttentionSplitScratch(size)))
	scale := float32(1 / math.Sqrt(float64(c.headDim)))
	h.run(fmt.Sprintf("zincc_attention_split_%v_d%d", dt, c.headDim), size, ptr(vq), ptr(vk), ptr(vv), ptr(part),
		u32(c.pos), u32(c.heads), u32(c.kvHeads), u32(log2S), f32(scale))
	h.run("zincc_attention_combine", size, ptr(part), ptr(vd), u32(c.pos), u32(c.headDim), u32(log2S))
	for i, b := range h.read(part, int(kernels.AttentionSplitScratch(size))) {
		if b != 0 {
			t.Fatalf("the combine left scratch byte %d = %#x", i, b)
		}
	}
	return h.readF32(vd, n)
}

// checkSplitAttention holds the split kernels to the attention rule
// against the CPU reference on q, k, v.
func checkSplitAttention(t *testing.T, h *gpu, dt ir.DType, c attentionCase, q []float32, k, v []byte) float64 {
	t.Helper()
	got := runSplitAttention(t, h, dt, c, q, k, v)
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
	return logUse(t, "attention", got, want, sc, nn)
}

// splitBoundaries are positions around the split boundaries of a context:
// the last row of a split and the first of the next, for the chunk sizes
// AttentionSplitChunk gives at those positions.
func splitBoundaries(ctx int) []int {
	log2S := kernels.AttentionSplits(ctx)
	seen := map[int]bool{}
	var ps []int
	add := func(p int) {
		if p >= 0 && p < ctx && !seen[p] {
			seen[p] = true
			ps = append(ps, p)
		}
	}
	add(0)
	add(1)
	for _, p := range []int{ctx / 3, ctx - 1} {
		cl := kernels.AttentionSplitChunk(p, log2S)
		for _, b := range []int{cl - 1, cl, 2*cl - 1, 2 * cl} {
			if kernels.AttentionSplitChunk(b, log2S) == cl {
				add(b)
			}
		}
		add(p)
	}
	return ps
}

func TestSplitAttention(t *testing.T) {
	h := newGPU(t)
	r := rand.New(rand.NewSource(31))
	shapes := []attentionCase{
		{heads: 4, kvHeads: 1, headDim: 64, ctx: 300, qScale: 1, kvScale: 1},     // GQA 4:1
		{heads: 8, kvHeads: 2, headDim: 128, ctx: 1100, qScale: 0.5, kvScale: 1}, // 8B-shaped groups
		{heads: 2, kvHeads: 2, headDim: 256, ctx: 700, qScale: 0.3, kvScale: 1},
		{heads: 3, kvHeads: 3, headDim: 64, ctx: 64, qScale: 1, kvScale: 1},        // one split's worth
		{heads: 2, kvHeads: 1, headDim: 64, ctx: 200, qScale: 3, kvScale: 3},       // peaked softmax
		{heads: 2, kvHeads: 1, headDim: 128, ctx: 130, qScale: 1, kvScale: -1e4},   // large V
		{heads: 6, kvHeads: 3, headDim: 128, ctx: 4096, qScale: 0.3, kvScale: 1.5}, // 16 splits
	}
	worst := 0.0
	for _, dt := range []ir.DType{ir.F32, ir.F16} {
		for _, s := range shapes {
			for _, pos := range splitBoundaries(s.ctx) {
				c := s
				c.pos = pos
				t.Run(fmt.Sprintf("%v/h%d:%d/d%d/ctx%d/pos%d", dt, c.heads, c.kvHeads, c.headDim, c.ctx, c.pos), func(t *testing.T) {
					q, k, v := attentionInputs(r, dt, c)
					worst = math.Max(worst, checkSplitAttention(t, h, dt, c, q, k, v))
				})
			}
		}
	}
	t.Logf("worst error / bound: %.3g", worst)
}

// Long contexts: past MaxAttentionContext, where zincc_attention_* cannot go.
func TestSplitAttentionLong(t *testing.T) {
	if testing.Short() {
		t.Skip("long contexts")
	}
	h := newGPU(t)
	r := rand.New(rand.NewSource(32))
	worst := 0.0
	for _, dt := range []ir.DType{ir.F32, ir.F16} {
		for _, c := range []attentionCase{
			{heads: 2, kvHeads: 1, headDim: 64, ctx: 20000, pos: 19999, qScale: 0.3, kvScale: 1},
			{heads: 2, kvHeads: 1, headDim: 128, ctx: 32768, pos: 32767, qScale: 0.2, kvScale: 1},
			{heads: 1, kvHeads: 1, headDim: 256, ctx: 65536 / dt.BlockBytes(), pos: 65536/dt.BlockBytes() - 1, qScale: 0.2, kvScale: 1}, // states of 16 MiB, the harness's slot
			{heads: 4, kvHeads: 1, headDim: 128, ctx: 32768, pos: 2047, qScale: 0.2, kvScale: 1},                                        // short rows in a long context: 16 splits of 128
		} {
			t.Run(fmt.Sprintf("%v/h%d:%d/d%d/ctx%d/pos%d", dt, c.heads, c.kvHeads, c.headDim, c.ctx, c.pos), func(t *testing.T) {
				q, k, v := attentionInputs(r, dt, c)
				worst = math.Max(worst, checkSplitAttention(t, h, dt, c, q, k, v))
			})
		}
	}
	t.Logf("worst error / bound: %.3g", worst)
}

// A NaN or an infinity in q makes every output NaN on the CPU (every score
// is NaN or infinite, and exp(s - m) is NaN for the largest); the split
// kernels must give NaN too, whichever split holds which rows.
func TestSplitAttentionNonFiniteQ(t *testing.T) {
	h := newGPU(t)
	r := rand.New(rand.NewSource(33))
	inf := float32(math.Inf(1))
	for _, dt := range []ir.DType{ir.F32, ir.F16} {
		for _, bad := range []float32{float32(math.NaN()), inf, -inf} {
			for _, pos := range []int{0, 1, 200, 299} {
				c := attentionCase{heads: 4, kvHeads: 2, headDim: 64, ctx: 300, pos: pos, qScale: 1, kvScale: 1}
				t.Run(fmt.Sprintf("%v/%v/pos%d", dt, bad, pos), func(t *testing.T) {
					q, k, v := attentionInputs(r, dt, c)
					q[1*c.headDim+5] = bad // head 1 only
					checkSplitAttention(t, h, dt, c, q, k, v)
					got := runSplitAttention(t, h, dt, c, q, k, v)
					for i, g := range got {
						if nan := i/c.headDim == 1; nan != math.IsNaN(float64(g)) {
							t.Fatalf("dst[%d] = %g", i, g)
						}
					}
				})
			}
		}
	}
}

// The split kernels give the same bits on every run: the combine adds the
// splits in a fixed order.
func TestSplitAttentionDeterministic(t *testing.T) {
	h := newGPU(t)
	r := rand.New(rand.NewSource(34))
	c := attentionCase{heads: 4, kvHeads: 2, headDim: 128, ctx: 3000, pos: 2999, qScale: 0.5, kvScale: 1}
	q, k, v := attentionInputs(r, ir.F16, c)
	a := runSplitAttention(t, h, ir.F16, c, q, k, v)
	b := runSplitAttention(t, h, ir.F16, c, q, k, v)
	for i := range a {
		if math.Float32bits(a[i]) != math.Float32bits(b[i]) {
			t.Fatalf("dst[%d]: %g then %g", i, a[i], b[i])
		}
	}
}

// The split shapes: every split holds at least one row up to the last, the
// LDS fits, and the partials are as the ABI says.
func TestAttentionSplitShape(t *testing.T) {
	for _, ctx := range []int{1, 2, 63, 64, 65, 128, 1000, 4096, 16112, 20000, 32768, 131072} {
		log2S := kernels.AttentionSplits(ctx)
		if 1<<log2S > kernels.MaxAttentionSplits {
			t.Fatalf("ctx %d: %d splits", ctx, 1<<log2S)
		}
		for _, pos := range []int{0, ctx / 2, ctx - 1} {
			cl := kernels.AttentionSplitChunk(pos, log2S)
			if cl%kernels.AttentionSplitRows != 0 || cl<<log2S < pos+1 {
				t.Fatalf("ctx %d pos %d: %d splits of %d rows", ctx, pos, 1<<log2S, cl)
			}
		}
		abi := kernels.LookupABI("zincc_attention_split_f16_d128")
		if lds := abi.LDSBytes(1088, kernels.Size{Heads: 1, Ctx: ctx, N: 128}); lds > kernels.MaxLDS {
			t.Fatalf("ctx %d: %d bytes of LDS", ctx, lds)
		}
	}
}

// Scores that overflow to -inf (a dot product beyond float32) weigh 0 on
// the CPU when another score is finite; a split holding only such rows
// must add nothing, not 0·NaN (its own max is -inf).
func TestSplitAttentionOverflowedScores(t *testing.T) {
	h := newGPU(t)
	r := rand.New(rand.NewSource(35))
	for _, dt := range []ir.DType{ir.F32, ir.F16} {
		c := attentionCase{heads: 2, kvHeads: 1, headDim: 64, ctx: 300, pos: 299, qScale: 1, kvScale: 1}
		q, k, v := attentionInputs(r, dt, c)
		big, neg := float32(1e36), float32(-1e20)
		if dt == ir.F16 {
			neg = -6e4
		}
		for i := range q {
			q[i] = big
		}
		// The rows of the first split (64 at pos 299, of 8 splits) score -inf.
		cl := kernels.AttentionSplitChunk(c.pos, kernels.AttentionSplits(c.ctx))
		row := make([]float32, c.headDim)
		for i := range row {
			row[i] = neg
		}
		kr := f32bytes(row)
		if dt == ir.F16 {
			kr = f16bytes(row)
		}
		for j := 0; j < cl; j++ {
			copy(k[j*len(kr):], kr)
		}
		// The other rows score finite values: K of 1e-36 (f32; zeros in f16,
		// which has no such values) against q of 1e36.
		small := randF32(r, (c.ctx-cl)*c.headDim, 1e-36)
		if dt == ir.F16 {
			copy(k[cl*len(kr):], f16bytes(make([]float32, len(small))))
		} else {
			copy(k[cl*len(kr):], f32bytes(small))
		}
		t.Run(dt.String(), func(t *testing.T) {
			got := runSplitAttention(t, h, dt, c, q, k, v)
			for i, g := range got {
				if math.IsNaN(float64(g)) || math.IsInf(float64(g), 0) {
					t.Fatalf("dst[%d] = %g", i, g)
				}
			}
			checkSplitAttention(t, h, dt, c, q, k, v)
		})
	}
}
