package gfx1201

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"zincc/pm4"
)

// TestAttentionQuantizeLowering: attention_quantize runs as one launch of
// zincc_attention_fused_q8_0_* where the split kernels take the head size
// (64 here), and as zincc_attention_* into the scratch then
// zincc_quantize_q8_0_clear elsewhere (head size 32): two dispatches with
// a barrier between; the scratch sized for them either way.
func TestAttentionQuantizeLowering(t *testing.T) {
	lib := stubLibrary(t)
	for _, tc := range []struct {
		hd            int
		first, second string
	}{
		{64, "zincc_attention_fused_q8_0_f16_d64", ""}, // one launch (attention_fused.go)
		{32, "zincc_attention_f16", "zincc_quantize_q8_0_clear"},
	} {
		src := strings.NewReplacer("{N}", strconv.Itoa(4*tc.hd), "{W}", strconv.Itoa(2*tc.hd)).Replace(`graph @g {
  input %tok : u32
  input %pos : u32
  weight %e : f32[8, {N}] = random(seed = 1)
  state %kc : f16[16, {W}]
  state %vc : f16[16, {W}]
  %q = embed %e, %tok
  %aq = attention_quantize %q, %kc, %vc, %pos {heads = 4, kv_heads = 2, format = q8_0}
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
			t.Errorf("head size %d: attention_quantize runs %v, want %v", tc.hd, names, want)
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
		if e.Buffers[BufArena].Used < uint64(4*4*tc.hd) {
			t.Errorf("head size %d: the arena (%d bytes) has no room for the scratch", tc.hd, e.Buffers[BufArena].Used)
		}
	}
}
