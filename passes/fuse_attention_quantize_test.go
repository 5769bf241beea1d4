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
	got := runPass(t, "fused", fill("", "q8_0"), "fuse-attention-quantize")
	want := "%q = embed %e, %tok\n%k = embed %e32, %tok\n%aq = attention_quantize %q, %kc, %vc, %pos {heads = 4, kv_heads = 2, format = q8_0}\noutput %aq"
	if got != want {
		t.Errorf("fused:\n%s\nwant\n%s", got, want)
	}
	// Each case breaks one condition: the pass must leave the graph as it is.
	for _, tc := range []struct{ name, src string }{
		{"attention read elsewhere", strings.Replace(fill("", "q8_0"), "output %aq", "output %aq\n  output %a", 1)},
		{"q8_K blocks", fill("", "q8_K")},
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
