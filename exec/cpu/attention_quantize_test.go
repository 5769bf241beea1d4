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
// quantize-activations puts before a q4_0 matvec, q8_0 blocks, or a q4_K
// one, q8_K blocks over two heads each), f32 and f16 caches.
func TestAttentionQuantizeBitIdentical(t *testing.T) {
	const graph = `graph @g {
  input %tok : u32
  input %pos : u32
  weight %e : f32[8, {N}] = random(seed = 1)
  weight %wo : {W}[{KV}, {N}] = random(seed = 2, scale = 0.2)
  state %kc : {DT}[12, {KV}]
  state %vc : {DT}[12, {KV}]
  %q = embed %e, %tok
  %kh = rope %q, %pos {heads = {H}}
  %x = matvec %wo, %q
  kv_store %kc, %x, %pos
  kv_store %vc, %x, %pos
  %a = attention %kh, %kc, %vc, %pos {heads = {H}, kv_heads = {KVH}}
  %o = matvec %wo, %a
  output %o
}`
	for _, c := range []struct{ w, n, kv, heads, kvHeads, dt string }{
		{"q4_0", "128", "64", "4", "2", "f32"},
		{"q4_0", "128", "64", "4", "2", "f16"},
		{"q4_K", "512", "256", "4", "2", "f32"},
		{"q4_K", "512", "256", "4", "2", "f16"},
	} {
		t.Run(c.w+"/"+c.dt, func(t *testing.T) {
			src := strings.NewReplacer("{W}", c.w, "{N}", c.n, "{KV}", c.kv, "{H}", c.heads, "{KVH}", c.kvHeads, "{DT}", c.dt).Replace(graph)
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
