package kernels_test

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"zincc/exec/sim"
	"zincc/internal/golden"
	"zincc/isa/kernels"
)

// launchSpec is one dispatch of a decode step.
type launchSpec struct {
	what string // the IR statement it stands for
	name string
	size kernels.Size
	args []arg
}

// tinyLlamaStep maps the buffers of testdata/tiny_llama.zir's shapes (dim
// 64, 4 query and 2 KV heads of 16, FFN 128, vocabulary 256, context 128,
// q4_0/q8_0 weights, f16 KV cache) with random contents and returns the
// launches of one decode step at position pos, in the graph's order.
func tinyLlamaStep(t testing.TB, h *gpu, pos int) []launchSpec {
	r := rand.New(rand.NewSource(99))
	const dim, heads, kvHeads, hd, ffn, vocab, ctx = 64, 4, 2, 16, 128, 256, 128
	kvw := kvHeads * hd
	act := func(name string, n int) uint64 { return h.zeros(name, 4*n) }
	wq := func(name string, q4 bool, rows, cols int) uint64 {
		return h.buffer(name, randQuant(t, r, q4, rows, cols, 0.2))
	}
	norm := func(name string) uint64 { return h.buffer(name, f32bytes(randF32(r, dim, 1))) }
	scale := float32(0.25) // 1/sqrt(16)
	var s []launchSpec
	add := func(what, name string, size kernels.Size, args ...arg) {
		s = append(s, launchSpec{what, name, size, args})
	}
	emb := wq("token_embd", false, vocab, dim)
	x := act("x", dim)
	add("embed", "zincc_embed_q8_0", kernels.Size{N: dim}, ptr(emb), ptr(x), u32(7), u32(dim))
	for l := 0; l < 2; l++ {
		p := fmt.Sprintf("blk%d.", l)
		xn, q0, k0, v, q, k := act(p+"xn", dim), act(p+"q0", dim), act(p+"k0", kvw), act(p+"v", kvw), act(p+"q", dim), act(p+"k", kvw)
		att, o, hh, hn, g, u, a, d, out := act(p+"att", dim), act(p+"o", dim), act(p+"h", dim), act(p+"hn", dim),
			act(p+"g", ffn), act(p+"u", ffn), act(p+"a", ffn), act(p+"d", dim), act(p+"out", dim)
		kc, vc := h.zeros(p+"k_cache", 2*ctx*kvw), h.zeros(p+"v_cache", 2*ctx*kvw)
		size, args := rmsNormArgs(x, norm(p+"attn_norm"), xn, dim, 1, 1e-5)
		add(p+"xn = rms_norm", "zincc_rms_norm", size, args...)
		add(p+"q0 = matvec", "zincc_matvec_q4_0", kernels.Size{Rows: dim}, ptr(wq(p+"attn_q", true, dim, dim)), ptr(xn), ptr(q0), u32(dim), u32(dim))
		add(p+"k0 = matvec", "zincc_matvec_q4_0", kernels.Size{Rows: kvw}, ptr(wq(p+"attn_k", true, kvw, dim)), ptr(xn), ptr(k0), u32(kvw), u32(dim))
		add(p+"v = matvec", "zincc_matvec_q8_0", kernels.Size{Rows: kvw}, ptr(wq(p+"attn_v", false, kvw, dim)), ptr(xn), ptr(v), u32(kvw), u32(dim))
		add(p+"q = rope", "zincc_rope", kernels.Size{N: dim}, ptr(q0), ptr(q), u32(pos), u32(dim), u32(hd), u32(hd), f32(10000), u32(1), ptr(0), f32(1))
		add(p+"k = rope", "zincc_rope", kernels.Size{N: kvw}, ptr(k0), ptr(k), u32(pos), u32(kvw), u32(hd), u32(hd), f32(10000), u32(1), ptr(0), f32(1))
		add("kv_store "+p+"k_cache", "zincc_kv_store_f16", kernels.Size{N: kvw}, ptr(k), ptr(kc), u32(pos), u32(kvw))
		add("kv_store "+p+"v_cache", "zincc_kv_store_f16", kernels.Size{N: kvw}, ptr(v), ptr(vc), u32(pos), u32(kvw))
		add(p+"att = attention", "zincc_attention_f16", kernels.Size{Heads: heads, Ctx: ctx}, ptr(q), ptr(kc), ptr(vc), ptr(att),
			u32(pos), u32(heads), u32(kvHeads), u32(hd), f32(scale))
		add(p+"o = matvec", "zincc_matvec_q8_0", kernels.Size{Rows: dim}, ptr(wq(p+"attn_output", false, dim, dim)), ptr(att), ptr(o), u32(dim), u32(dim))
		add(p+"h = add", "zincc_add", kernels.Size{N: dim}, ptr(x), ptr(o), ptr(hh), u32(dim))
		size, args = rmsNormArgs(hh, norm(p+"ffn_norm"), hn, dim, 1, 1e-5)
		add(p+"hn = rms_norm", "zincc_rms_norm", size, args...)
		add(p+"g = matvec", "zincc_matvec_q4_0", kernels.Size{Rows: ffn}, ptr(wq(p+"ffn_gate", true, ffn, dim)), ptr(hn), ptr(g), u32(ffn), u32(dim))
		add(p+"u = matvec", "zincc_matvec_q4_0", kernels.Size{Rows: ffn}, ptr(wq(p+"ffn_up", true, ffn, dim)), ptr(hn), ptr(u), u32(ffn), u32(dim))
		add(p+"a = swiglu", "zincc_swiglu", kernels.Size{N: ffn}, ptr(g), ptr(u), ptr(a), u32(ffn))
		add(p+"d = matvec", "zincc_matvec_q8_0", kernels.Size{Rows: dim}, ptr(wq(p+"ffn_down", false, dim, ffn)), ptr(a), ptr(d), u32(dim), u32(ffn))
		add(p+"out = add", "zincc_add", kernels.Size{N: dim}, ptr(hh), ptr(d), ptr(out), u32(dim))
		x = out
	}
	yn, logits, next := act("yn", dim), act("logits", vocab), h.zeros("next", 4)
	size, args := rmsNormArgs(x, norm("output_norm"), yn, dim, 1, 1e-5)
	add("yn = rms_norm", "zincc_rms_norm", size, args...)
	add("l = matvec", "zincc_matvec_q4_0", kernels.Size{Rows: vocab}, ptr(wq("output", true, vocab, dim)), ptr(yn), ptr(logits), u32(vocab), u32(dim))
	groups, per := kernels.ArgmaxSplit(vocab)
	add("next = argmax", "zincc_argmax", kernels.Size{N: vocab}, ptr(logits), ptr(next), ptr(h.zeros("argmax scratch", 8+8*groups)), u32(vocab), u32(per), u32(groups))
	return s
}

// TestTinyLlamaStepCounts runs one tiny_llama decode step at the last
// position of its context (the longest attention) and keeps the
// instructions each dispatch executes in a golden file, so that a change
// in any kernel's cost shows up in review.
func TestTinyLlamaStepCounts(t *testing.T) {
	h := newGPU(t)
	steps := tinyLlamaStep(t, h, 127)
	var b strings.Builder
	fmt.Fprintf(&b, "# tiny_llama decode step at pos 127: wave instructions per dispatch (exec/sim Stats)\n")
	fmt.Fprintf(&b, "%-26s %-22s %6s %6s %12s\n", "statement", "kernel", "groups", "waves", "instructions")
	var total, waves uint64
	for _, l := range steps {
		st := h.run(l.name, l.size, l.args...)
		total += st.Instructions
		waves += st.Waves
		fmt.Fprintf(&b, "%-26s %-22s %6d %6d %12d\n", l.what, l.name, st.Groups[0], st.Waves, st.Instructions)
	}
	fmt.Fprintf(&b, "%-26s %-22s %6s %6d %12d\n", "total", fmt.Sprintf("%d dispatches", len(steps)), "", waves, total)
	golden.Check(t, "testdata/tiny_llama_step.golden", []byte(b.String()))
	t.Logf("\n%s", b.String())
}

// BenchmarkTinyLlamaStep times one decode step of tiny_llama's shapes on
// the emulator (38 direct dispatches, attention over 128 rows).
func BenchmarkTinyLlamaStep(b *testing.B) {
	h := newGPU(b)
	steps := tinyLlamaStep(b, h, 127)
	var insts uint64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		insts = 0
		for _, l := range steps {
			st, err := h.launch(l.name, l.size, l.args...)
			if err != nil {
				b.Fatal(err)
			}
			insts += st.Instructions
		}
	}
	b.ReportMetric(float64(insts), "insts/op")
	b.ReportMetric(float64(len(steps)), "dispatches/op")
}

// BenchmarkKernels times each kernel alone at tiny_llama's largest launch
// of it.
func BenchmarkKernels(b *testing.B) {
	h := newGPU(b)
	largest := map[string]launchSpec{}
	var names []string
	for _, l := range tinyLlamaStep(b, h, 127) {
		c, ok := largest[l.name]
		if !ok {
			names = append(names, l.name)
		}
		if !ok || l.size.N+l.size.Rows+l.size.Heads > c.size.N+c.size.Rows+c.size.Heads {
			largest[l.name] = l
		}
	}
	for _, name := range names {
		l := largest[name]
		b.Run(l.name, func(b *testing.B) {
			var st sim.DispatchStats
			for i := 0; i < b.N; i++ {
				var err error
				if st, err = h.launch(l.name, l.size, l.args...); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(st.Instructions), "insts/op")
		})
	}
}
