package ir_test

import (
	"strings"
	"testing"

	"zincc/frontend"
)

// TestRopeKVChecks: rope_kv's operand and attribute checks, each with its
// message (and a well-formed node for contrast).
func TestRopeKVChecks(t *testing.T) {
	const head = `graph @g {
  input %tok : u32
  input %pos : u32
  weight %e : f32[8, 64] = random(seed = 1)
  weight %e32 : f32[8, 32] = random(seed = 2)
  weight %e16 : f32[8, 16] = random(seed = 3)
  weight %f : f32[3] = random(seed = 4)
  weight %wk : f32[16, 32] = random(seed = 5)
  state %kc : f32[16, 32]
  state %vc : f32[16, 32]
  state %vh : f16[16, 32]
  %q = embed %e, %tok
  %k = embed %e32, %tok
  %v = embed %e32, %tok
  %v2 = embed %e16, %tok
`
	tests := []struct{ name, node, want string }{
		{"well formed", "%r = rope_kv %q, %k, %v, %kc, %vc, %pos {heads = 4, kv_heads = 2}", ""},
		{"kv_heads does not divide k", "%r = rope_kv %q, %k, %v, %kc, %vc, %pos {heads = 4, kv_heads = 3}",
			"rope_kv: attribute kv_heads = 3: does not divide the 32 elements of k"},
		{"k's heads of another size", "%r = rope_kv %q, %k, %v, %kc, %vc, %pos {heads = 4, kv_heads = 1}",
			"rope_kv operand 2 (k): %k has heads of 32 elements (kv_heads = 1); q's have 16"},
		{"v shorter than k", "%r = rope_kv %q, %k, %v2, %kc, %vc, %pos {heads = 4, kv_heads = 2}",
			"rope_kv operand 3 (v): %v2 has 16 elements; k has 32, and rope_kv stores rows of one width"},
		{"caches of two dtypes", "%r = rope_kv %q, %k, %v, %kc, %vh, %pos {heads = 4, kv_heads = 2}",
			"rope_kv operand 5 (v_cache): %vh is f16[16, 32] but k_cache %kc is f32[16, 32]; rope_kv takes caches of one dtype and row count"},
		{"freqs of the wrong length", "%r = rope_kv %q, %k, %v, %kc, %vc, %pos, %f {heads = 4, kv_heads = 2}",
			"rope_kv operand 7 (freqs): %f has 3 factors; rope rotates dims/2 = 8 pairs"},
		{"a weight as a cache", "%r = rope_kv %q, %k, %v, %wk, %vc, %pos {heads = 4, kv_heads = 2}",
			"rope_kv operand 4 (k_cache): %wk is a weight; expected a state"},
		{"odd dims", "%r = rope_kv %q, %k, %v, %kc, %vc, %pos {heads = 4, kv_heads = 2, dims = 3}",
			"rope_kv: attribute dims = 3: must be even and between 2 and the head size 16"},
		{"no result", "rope_kv %q, %k, %v, %kc, %vc, %pos {heads = 4, kv_heads = 2}",
			"rope_kv computes a value; write %name = rope_kv ..."},
	}
	for _, tc := range tests {
		out := "%r"
		if !strings.HasPrefix(tc.node, "%r") {
			out = "%q"
		}
		src := head + "  " + tc.node + "\n  output " + out + "\n}"
		_, err := frontend.Parse("g.zir", []byte(src))
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: %s", tc.name, frontend.FormatErrors(err, []byte(src)))
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s: got %v, want %q", tc.name, err, tc.want)
		}
	}
}
