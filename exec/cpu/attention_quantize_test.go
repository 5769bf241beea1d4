package cpu_test

import (
	"bytes"
	"strings"
	"testing"

	"zincc/ir"
)

// TestAttentionQuantizeBitIdentical runs a graph with and without
// fuse-attention-quantize on the cpu tier: every output must be the same
// bytes at every step (an attention read only by the quantize that
// quantize-activations puts before a q4_0 matvec), f32 and f16 caches.
func TestAttentionQuantizeBitIdentical(t *testing.T) {
	const graph = `graph @g {
  input %tok : u32
  input %pos : u32
  weight %e : f32[8, 128] = random(seed = 1)
  weight %wo : q4_0[64, 128] = random(seed = 2, scale = 0.2)
  state %kc : {DT}[12, 64]
  state %vc : {DT}[12, 64]
  %q = embed %e, %tok
  %kh = rope %q, %pos {heads = 4}
  %x = matvec %wo, %q
  kv_store %kc, %x, %pos
  kv_store %vc, %x, %pos
  %a = attention %kh, %kc, %vc, %pos {heads = 4, kv_heads = 2}
  %o = matvec %wo, %a
  output %o
}`
	for _, dt := range []string{"f32", "f16"} {
		t.Run(dt, func(t *testing.T) {
			src := strings.ReplaceAll(graph, "{DT}", dt)
			fused := ringOf(t, src, "quantize-activations,cse,fuse-attention-quantize,dce")
			unfused := ringOf(t, src, "quantize-activations,cse,dce")
			if n := countOp(fused.m, ir.OpAttentionQuantize); n != 1 {
				t.Fatalf("fuse-attention-quantize made %d attention_quantize, want 1", n)
			}
			for step := 0; step < 12; step++ {
				in := []uint32{uint32(step % 8), uint32(step)}
				a, err := fused.r.Step(in)
				if err != nil {
					t.Fatal(err)
				}
				b, err := unfused.r.Step(in)
				if err != nil {
					t.Fatal(err)
				}
				for i := range a {
					if !bytes.Equal(a[i].Data, b[i].Data) {
						t.Fatalf("step %d: output %d differs", step, i)
					}
				}
			}
		})
	}
}
