package passes

import (
	"strings"
	"testing"

	"zincc/frontend"
)

func TestFuseAttentionQuantize(t *testing.T) {
	const src = `graph @g {
  input %tok : u32
  input %pos : u32
  weight %e : f32[8, 256] = random(seed = 1)
  weight %e32 : f32[8, 128] = random(seed = 2)
  state %kc : f32[16, 128]
  state %vc : f32[16, 128]
  %q = embed %e, %tok
  %k = embed %e32, %tok
  %a = attention %q, %kc, %vc, %pos {heads = 4, kv_heads = 2}
{MID}
  %aq = quantize %a {format = {FMT}}
  output %aq
}`
	fill := func(mid, fmt string) string {
		return strings.NewReplacer("{MID}", mid, "{FMT}", fmt).Replace(src)
	}
	for _, format := range []string{"q8_0", "q8_K"} {
		got := runPass(t, "fused "+format, fill("", format), "fuse-attention-quantize")
		want := "%q = embed %e, %tok\n%k = embed %e32, %tok\n%aq = attention_quantize %q, %kc, %vc, %pos {heads = 4, kv_heads = 2, format = " + format + "}\noutput %aq"
		if got != want {
			t.Errorf("fused %s:\n%s\nwant\n%s", format, got, want)
		}
	}
	// q8_K with heads of 128 (two in a block), of 256 (one block) and of
	// 32 (eight in a block): fused.
	for _, heads := range []string{"2", "1", "8"} {
		src := strings.Replace(fill("", "q8_K"), "{heads = 4, kv_heads = 2}", "{heads = "+heads+", kv_heads = 1}", 1)
		src = strings.Replace(src, "f32[16, 128]", "f32[16, "+map[string]string{"2": "128", "1": "256", "8": "32"}[heads]+"]", 2)
		if got := runPass(t, "q8_K heads "+heads, src, "fuse-attention-quantize"); !strings.Contains(got, "attention_quantize") {
			t.Errorf("q8_K, %s heads of 256 values: not fused:\n%s", heads, got)
		}
	}
	// Each case breaks one condition: the pass must leave the graph as it is.
	for _, tc := range []struct{ name, src string }{
		{"attention read elsewhere", strings.Replace(fill("", "q8_0"), "output %aq", "output %aq\n  output %a", 1)},
		// heads of 96 values: a q8_K block would hold two and a part of a third.
		{"q8_K blocks across heads", strings.Replace(strings.Replace(strings.Replace(strings.Replace(fill("", "q8_K"),
			"f32[8, 256]", "f32[8, 768]", 1), "f32[16, 128]", "f32[16, 192]", 2), "heads = 4,", "heads = 8,", 1), "e32 : f32[8, 128]", "e32 : f32[8, 192]", 1)},
		{"a cache written between", fill("  kv_store %vc, %k, %pos", "q8_0")},
	} {
		m, err := frontend.Parse("g.zir", []byte(tc.src))
		if err != nil {
			t.Fatalf("%s: %s", tc.name, frontend.FormatErrors(err, []byte(tc.src)))
		}
		if got := runPass(t, tc.name, tc.src, "fuse-attention-quantize"); got != nodes(m) {
			t.Errorf("%s: fused, but should not have:\n%s", tc.name, got)
		}
	}
}
