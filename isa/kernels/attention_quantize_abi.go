package kernels

// attention_quantize runs as zincc_attention_split_* then
// zincc_attention_combine_q8_0 (the combine stores q8_0 blocks) where the
// split attention applies (emitted as one launch of
// zincc_attention_fused_q8_0_* or _q8_K_*, attention_fused_abi.go), and
// otherwise as zincc_attention_* into the launch's scratch then
// zincc_quantize_q8_0_clear or zincc_quantize_q8_K_clear, which quantise
// the scratch and leave it zero. Both launches of the second form are sized
// by the attention's Size (Heads, Ctx, N = head_dim), so that a node's
// launches share one size.

// attentionBlockGroups launches one thread per q8_0 block of an
// attention's result (Heads·N values), 256 to a workgroup.
func attentionBlockGroups(s Size) uint32 { return uint32(((s.Heads*s.N+31)/32 + 255) / 256) }

// attentionScratchF32 is the f32 result of an attention, kept in the
// scratch between zincc_attention_* and zincc_quantize_q8_0_clear.
func attentionScratchF32(s Size) uint32 { return uint32(4 * s.Heads * s.N) }

func init() {
	ABIs = append(ABIs, KernelABI{Name: "zincc_quantize_q8_K_clear", Args: []Arg{ptr("x"), ptr("dst"), u32("blocks")},
		Block: 256, Groups: attentionBlockGroupsK, Scratch: attentionScratchF32, Doc: "256 blocks of 256 from the scratch, which is left zero"})
	for i := range ABIs {
		ABIs[i].index = i // abi.go's init does the same, whichever runs first
	}
}

// attentionBlockGroupsK launches one thread per q8_K block of an
// attention's result (Heads·N values), 256 to a workgroup.
func attentionBlockGroupsK(s Size) uint32 { return uint32(((s.Heads*s.N+255)/256 + 255) / 256) }
