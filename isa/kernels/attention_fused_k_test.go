package kernels_test

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"math/rand"
	"strings"
	"testing"

	"zincc/exec/cpu"
	"zincc/exec/sim"
	"zincc/ir"
	"zincc/isa"
	"zincc/isa/kernels"
)

// fusedShapesK are the shapes of fusedShapes whose result is whole q8_K
// blocks (the others cannot be attention_quantize to q8_K), and a few
// with more heads to a block: heads of 64 (four to a block), 128 (two)
// and 256 (one).
func fusedShapesK() []attentionCase {
	var out []attentionCase
	for _, c := range fusedShapes {
		if c.heads*c.headDim%256 == 0 {
			out = append(out, c)
		}
	}
	return append(out,
		attentionCase{heads: 8, kvHeads: 2, headDim: 64, ctx: 500, qScale: 0.7, kvScale: 1},
		attentionCase{heads: 4, kvHeads: 4, headDim: 128, ctx: 64, qScale: 2, kvScale: 2},
	)
}

// TestFusedAttentionQ8K holds zincc_attention_fused_q8_K_DTYPE_dHD byte
// for byte to zincc_attention_fused_DTYPE_dHD's f32 result quantised by
// zincc_quantize_q8_K, and to attention_quantize's CPU oracle (q8_K), at
// the split boundaries of each shape; the launch runs under the race
// checker (the heads' results and the block counters are ordered by
// release and acquire) and must leave its scratch zero.
func TestFusedAttentionQ8K(t *testing.T) {
	h := newGPU(t)
	r := rand.New(rand.NewSource(45))
	for _, dt := range []ir.DType{ir.F32, ir.F16} {
		for _, s := range fusedShapesK() {
			for _, pos := range splitBoundaries(s.ctx) {
				c := s
				c.pos = pos
				t.Run(fmt.Sprintf("%v/h%d:%d/d%d/ctx%d/pos%d", dt, c.heads, c.kvHeads, c.headDim, c.ctx, c.pos), func(t *testing.T) {
					q, k, v := attentionInputs(r, dt, c)
					n := c.heads * c.headDim
					blocks := n / 256
					y := runFusedAttention(t, h, fmt.Sprintf("zincc_attention_fused_%v_d%d", dt, c.headDim), c, q, k, v, 4*n)
					vy, want := h.buffer("y", y), h.zeros("want", 292*blocks)
					h.run("zincc_quantize_q8_K", kernels.Size{N: blocks}, ptr(vy), ptr(want), u32(blocks))
					got := runFusedAttention(t, h, fmt.Sprintf("zincc_attention_fused_q8_K_%v_d%d", dt, c.headDim), c, q, k, v, 292*blocks)
					if !bytes.Equal(got, h.read(want, 292*blocks)) {
						t.Fatal("differs from zincc_attention_fused_* then zincc_quantize_q8_K")
					}
					scale := float32(1 / math.Sqrt(float64(c.headDim)))
					if err := cpu.CheckAttentionQuantize(got, q, k, v, dt, c.pos, c.heads, c.kvHeads, c.headDim, scale, ir.Q8_K); err != nil {
						t.Fatal(err)
					}
				})
			}
		}
	}
}

// TestFusedAttentionQ8KSteps runs a q8_K kernel whose blocks hold two
// heads at consecutive positions over one scratch, as a decode loop
// does: each launch must find the head and block counters at zero.
func TestFusedAttentionQ8KSteps(t *testing.T) {
	h := newGPU(t)
	r := rand.New(rand.NewSource(46))
	c := attentionCase{heads: 4, kvHeads: 2, headDim: 128, ctx: 1000, qScale: 0.5, kvScale: 1}
	size := kernels.Size{Heads: c.heads, Ctx: c.ctx, N: c.headDim}
	kernel := "zincc_attention_fused_q8_K_f16_d128"
	n := int(kernels.LookupABI(kernel).Scratch(size))
	part := h.zeros("part", n)
	log2S := kernels.AttentionSplits(c.ctx)
	scale := float32(1 / math.Sqrt(float64(c.headDim)))
	q, k, v := attentionInputs(r, ir.F16, c)
	vq, vk, vv := h.buffer("q", f32bytes(q)), h.buffer("k", k), h.buffer("v", v)
	blocks := c.heads * c.headDim / 256
	for _, pos := range []int{0, 63, 64, 500, 999} {
		c.pos = pos
		vd := h.zeros("dst", 292*blocks)
		h.run(kernel, size, ptr(vq), ptr(vk), ptr(vv), ptr(part), u32(c.pos), u32(c.heads), u32(c.kvHeads), u32(log2S), f32(scale), ptr(vd))
		if err := cpu.CheckAttentionQuantize(h.read(vd, 292*blocks), q, k, v, ir.F16, c.pos, c.heads, c.kvHeads, c.headDim, scale, ir.Q8_K); err != nil {
			t.Fatalf("pos %d: %v", pos, err)
		}
		if b := h.read(part, n); !bytes.Equal(b, make([]byte, n)) {
			t.Fatalf("pos %d: the scratch is left nonzero", pos)
		}
	}
}

// TestFusedAttentionQ8KNeedsAcquire assembles a q8_K kernel without the
// acquire (global_inv scope:SCOPE_DEV) of the head that completes a
// block: the race checker must report its reads of the other heads'
// results, so the test above passing means the ordering is there.
func TestFusedAttentionQ8KNeedsAcquire(t *testing.T) {
	const name = "zincc_attention_fused_q8_K_f32_d128"
	const acquire = "global_inv scope:SCOPE_DEV             ; acquire the block's results"
	lib, err := kernels.Load()
	if err != nil {
		t.Fatal(err)
	}
	k, _ := lib.Kernel(name)
	if strings.Count(k.Source, acquire) != 1 {
		t.Fatalf("%s's source has %d lines %q, want 1", name, strings.Count(k.Source, acquire), acquire)
	}
	for _, c := range []struct {
		what, src string
		race      bool
	}{
		{"as written", k.Source, false},
		{"without the acquire", strings.Replace(k.Source, acquire, "", 1), true},
	} {
		obj, err := isa.AssembleWith(name+".s", []byte(c.src), isa.Options{})
		if err != nil {
			t.Fatal(err)
		}
		g := sim.New(sim.Config{Hazards: sim.HazardStop})
		h := &gpu{t: t, g: g, lib: lib, next: bufferVA}
		if err := g.MapBacking(codeVA, append([]byte(nil), obj.Code...), sim.PermRX, "kernel"); err != nil {
			t.Fatal(err)
		}
		ac := attentionCase{heads: 4, kvHeads: 2, headDim: 128, ctx: 700, pos: 650, qScale: 1, kvScale: 1}
		q, kk, v := attentionInputs(rand.New(rand.NewSource(47)), ir.F32, ac)
		size := kernels.Size{Heads: ac.heads, Ctx: ac.ctx, N: ac.headDim}
		abi := kernels.LookupABI(name)
		user := []uint32{}
		for _, a := range []uint64{h.buffer("q", f32bytes(q)), h.buffer("k", kk), h.buffer("v", v), h.zeros("part", int(abi.Scratch(size)))} {
			user = append(user, uint32(a), uint32(a>>32))
		}
		dst := h.zeros("dst", 292*ac.heads*ac.headDim/256)
		user = append(user, uint32(ac.pos), uint32(ac.heads), uint32(ac.kvHeads), uint32(kernels.AttentionSplits(ac.ctx)),
			math.Float32bits(float32(1/math.Sqrt(float64(ac.headDim)))), uint32(dst), uint32(dst>>32))
		d := obj.Kernels[0].Descriptor
		_, err = g.Dispatch(sim.Launch{
			Entry: codeVA + uint64(obj.Kernels[0].Entry), Rsrc1: d.ComputePgmRsrc1(), Rsrc3: d.ComputePgmRsrc3(),
			Rsrc2:     kernels.WithLDS(d.ComputePgmRsrc2(), abi.LDSBytes(d.LDSBytes(), size)),
			UserSGPRs: user, Groups: [3]uint32{abi.Groups(size), 1, 1}, Block: [3]uint32{abi.Block, 1, 1}, Wave32: true,
		})
		var he *sim.HazardError
		switch race := errors.As(err, &he) && he.Race; {
		case c.race && !race:
			t.Errorf("%s: no race reported (error %v)", c.what, err)
		case !c.race && err != nil:
			t.Errorf("%s: %v", c.what, err)
		}
	}
}

// TestQuantizeQ8KClear: zincc_quantize_q8_K_clear stores what
// zincc_quantize_q8_K stores (and exec/cpu's Quantize, exactly) and leaves
// its input zero.
func TestQuantizeQ8KClear(t *testing.T) {
	h := newGPU(t)
	r := rand.New(rand.NewSource(48))
	for _, blocks := range []int{1, 3, 255, 256, 257} {
		x := wildF32(r, 256*blocks)
		if blocks == 3 {
			clear(x[256:512]) // a block of zeros: 292 zero bytes
		}
		vx, vx2 := h.buffer("x", f32bytes(x)), h.buffer("x'", f32bytes(x))
		got, want := h.zeros("got", 292*blocks), h.zeros("want", 292*blocks)
		h.run("zincc_quantize_q8_K_clear", kernels.Size{Heads: 1, N: 256 * blocks}, ptr(vx), ptr(got), u32(blocks))
		h.run("zincc_quantize_q8_K", kernels.Size{N: blocks}, ptr(vx2), ptr(want), u32(blocks))
		g := h.read(got, 292*blocks)
		if !bytes.Equal(g, h.read(want, 292*blocks)) {
			t.Errorf("%d blocks: differ from zincc_quantize_q8_K's", blocks)
		}
		ref := make([]byte, 292*blocks)
		if err := cpu.Quantize(ref, x, ir.Q8_K); err != nil {
			t.Fatal(err)
		}
		if err := cpu.CheckQuantized(g, ref, ir.Q8_K); err != nil {
			t.Errorf("%d blocks: %v", blocks, err)
		}
		if b := h.read(vx, 4*len(x)); !bytes.Equal(b, make([]byte, len(b))) {
			t.Errorf("%d blocks: the input is not left zero", blocks)
		}
	}
}
