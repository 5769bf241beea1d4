package kernels

import "fmt"

// The fused split attention (attention_split.s, split_arrive): the
// workgroups of zincc_attention_split_* and, in the same launch, the
// merge of zincc_attention_combine (or _q8_0): the workgroup that
// arrives last at its head's counter merges the head's partials. The
// counters (a u32 per head) follow the partials in the launch's scratch,
// which starts zero and which the kernel leaves zero.

// attentionFusedScratch is the partials of a split attention and a
// counter per head.
func attentionFusedScratch(s Size) uint32 { return AttentionSplitScratch(s) + 4*uint32(s.Heads) }

// fusedAttentionABIs are the fused kernels: for each state dtype and
// head size, zincc_attention_fused_DTYPE_dHD (f32 result) and
// zincc_attention_fused_q8_0_DTYPE_dHD (q8_0 blocks, attention_quantize).
func fusedAttentionABIs() []KernelABI {
	var out []KernelABI
	for _, f := range []struct{ prefix, doc string }{
		{"zincc_attention_fused", "one split of one query head; the last to arrive merges the head"},
		{"zincc_attention_fused_q8_0", "one split of one query head; the last to arrive merges the head into q8_0 blocks"},
	} {
		for _, dt := range []string{"f32", "f16"} {
			for _, hd := range AttentionSplitHeadDims {
				out = append(out, KernelABI{Name: fmt.Sprintf("%s_%s_d%d", f.prefix, dt, hd),
					Args:  []Arg{ptr("q"), ptr("k"), ptr("v"), ptr("part"), u32("pos"), u32("heads"), u32("kv_heads"), u32("log2_splits"), f32("scale"), ptr("dst")},
					Block: 256, Groups: splitGroups, ExtraLDS: splitLDS, Scratch: attentionFusedScratch, Doc: f.doc})
			}
		}
	}
	return out
}

func init() {
	ABIs = append(ABIs, fusedAttentionABIs()...)
	for i := range ABIs {
		ABIs[i].index = i // abi.go's init does the same, whichever runs first
	}
}
