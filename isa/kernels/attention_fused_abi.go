package kernels

import "fmt"

// The fused split attention (attention_split.s, split_arrive): the
// workgroups of zincc_attention_split_* and, in the same launch, the
// merge of zincc_attention_combine (or _q8_0): the workgroup that
// arrives last at its head's counter merges the head's partials. The
// counters (a u32 per head) follow the partials in the launch's scratch,
// which starts zero and which the kernel leaves zero. The q8_K kernels
// with heads under 256 values (split_arrive_k) also keep the merged heads'
// f32 results there and a counter per q8_K block: the head that completes
// a block quantises it.

// attentionFusedScratch is the partials of a split attention and a
// counter per head.
func attentionFusedScratch(s Size) uint32 { return AttentionSplitScratch(s) + 4*uint32(s.Heads) }

// attentionFusedScratchK is the scratch of the q8_K kernels: the
// partials and head counters, then, for heads under a block (256 values),
// the heads' f32 results and a counter per block.
func attentionFusedScratchK(s Size) uint32 {
	if s.N >= 256 {
		return attentionFusedScratch(s)
	}
	return attentionFusedScratch(s) + 4*uint32(s.Heads*s.N) + 4*uint32(s.Heads*s.N/256)
}

// fusedAttentionABIs are the fused kernels: for each state dtype and
// head size, zincc_attention_fused_DTYPE_dHD (f32 result),
// zincc_attention_fused_q8_0_DTYPE_dHD (q8_0 blocks, attention_quantize)
// and zincc_attention_fused_q8_K_DTYPE_dHD (q8_K blocks).
func fusedAttentionABIs() []KernelABI {
	var out []KernelABI
	for _, f := range []struct {
		prefix, doc string
		scratch     func(Size) uint32
	}{
		{"zincc_attention_fused", "one split of one query head; the last to arrive merges the head", attentionFusedScratch},
		{"zincc_attention_fused_q8_0", "one split of one query head; the last to arrive merges the head into q8_0 blocks", attentionFusedScratch},
		{"zincc_attention_fused_q8_K", "one split of one query head; the last to arrive merges the head, the last head of a q8_K block quantises it", attentionFusedScratchK},
	} {
		for _, dt := range []string{"f32", "f16"} {
			for _, hd := range AttentionSplitHeadDims {
				out = append(out, KernelABI{Name: fmt.Sprintf("%s_%s_d%d", f.prefix, dt, hd),
					Args:  []Arg{ptr("q"), ptr("k"), ptr("v"), ptr("part"), u32("pos"), u32("heads"), u32("kv_heads"), u32("log2_splits"), f32("scale"), ptr("dst")},
					Block: 256, Groups: splitGroups, ExtraLDS: splitLDS, Scratch: f.scratch, Doc: f.doc})
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
