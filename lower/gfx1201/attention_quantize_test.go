package gfx1201

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"zincc/pm4"
)

// TestAttentionQuantizeLowering: attention_quantize runs as one launch of
// zincc_attention_fused_q8_0_* or _q8_K_* where the split kernels take the
// head size (64, 128 here), and as zincc_attention_* into the scratch then
// zincc_quantize_q8_0_clear or _q8_K_clear elsewhere (head size 32): two
// dispatches with a barrier between; the scratch sized for them either
// way.
func TestAttentionQuantizeLowering(t *testing.T) {
	lib := stubLibrary(t)
	for _, tc := range []struct {
		format        string
		heads, hd     int
		first, second string
	}{
		{"q8_0", 4, 64, "zincc_attention_fused_q8_0_f16_d64", ""}, // one launch (attention_fused.go)
		{"q8_0", 4, 32, "zincc_attention_f16", "zincc_quantize_q8_0_clear"},
		{"q8_K", 4, 64, "zincc_attention_fused_q8_K_f16_d64", ""}, // a block of four heads
		{"q8_K", 4, 128, "zincc_attention_fused_q8_K_f16_d128", ""},
		{"q8_K", 2, 256, "zincc_attention_fused_q8_K_f16_d256", ""},
		{"q8_K", 8, 32, "zincc_attention_f16", "zincc_quantize_q8_K_clear"},
	} {
		src := strings.NewReplacer("{N}", strconv.Itoa(tc.heads*tc.hd), "{W}", strconv.Itoa(tc.heads/2*tc.hd),
			"{H}", strconv.Itoa(tc.heads), "{KV}", strconv.Itoa(tc.heads/2), "{F}", tc.format).Replace(`graph @g {
  input %tok : u32
  input %pos : u32
  weight %e : f32[8, {N}] = random(seed = 1)
  state %kc : f16[16, {W}]
  state %vc : f16[16, {W}]
  %q = embed %e, %tok
  %aq = attention_quantize %q, %kc, %vc, %pos {heads = {H}, kv_heads = {KV}, format = {F}}
  output %aq
}`)
		m := parseText(t, src)
		e, err := Lower(m, lib, Options{})
		if err != nil {
			t.Fatal(err)
		}
		checkStructure(t, e, lib)
		var names []string
		for _, d := range e.Dispatches {
			if m.Nodes[d.Node].Op.Name == "attention_quantize" {
				names = append(names, d.KernelName())
			}
		}
		want := []string{tc.first, tc.second}
		if tc.second == "" {
			want = want[:1]
		}
		if !slices.Equal(names, want) {
			t.Errorf("%s, head size %d: attention_quantize runs %v, want %v", tc.format, tc.hd, names, want)
		}
		pkts, err := pm4.Decode(e.IB)
		if err != nil {
			t.Fatal(err)
		}
		last, barrier := e.Dispatches[len(e.Dispatches)-1], false
		for _, p := range pkts {
			barrier = barrier || (p.Offset >= last.First && p.Offset < last.Dword && p.Op() == pm4.OpAcquireMem)
		}
		if !barrier && len(want) == 2 {
			t.Errorf("head size %d: no barrier before the second launch", tc.hd)
		}
		if e.Buffers[BufArena].Used < uint64(4*tc.heads*tc.hd) {
			t.Errorf("head size %d: the arena (%d bytes) has no room for the scratch", tc.hd, e.Buffers[BufArena].Used)
		}
	}
}
