package kernels

// attention_quantize runs as zincc_attention_split_* then
// zincc_attention_combine_q8_0 (the combine stores q8_0 blocks) where the
// split attention applies, and otherwise as zincc_attention_* into the
// launch's scratch then zincc_quantize_q8_0_clear, which quantises the
// scratch and leaves it zero. Both launches of the second form are sized
// by the attention's Size (Heads, Ctx, N = head_dim), so that a node's
// launches share one size.

// attentionBlockGroups launches one thread per q8_0 block of an
// attention's result (Heads·N values), 256 to a workgroup.
func attentionBlockGroups(s Size) uint32 { return uint32(((s.Heads*s.N+31)/32 + 255) / 256) }

// attentionScratchF32 is the f32 result of an attention, kept in the
// scratch between zincc_attention_* and zincc_quantize_q8_0_clear.
func attentionScratchF32(s Size) uint32 { return uint32(4 * s.Heads * s.N) }
