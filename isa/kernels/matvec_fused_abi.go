package kernels

// The matvecs that form their own quantised x (matvec_fused.s): every
// workgroup runs the producer of x (rms_norm_quantize or swiglu_quantize
// to q8_0 or q8_K) over the whole vector into its LDS, workgroup 0 also storing
// the blocks to x's memory, then the grouped matvec or the matvec_add
// reads x from LDS. Launched as the unfused matvec.

// XQMaxBlocksQ8_0 is the most q8_0 blocks of x the fused matvecs hold in
// LDS (xq_lds.inc: 32 bytes of wave slots, 2 + 32 bytes a block, in
// 16384 bytes): 15360 columns.
const XQMaxBlocksQ8_0 = 480

// XQMaxBlocksQ8_K is the most q8_K blocks of x they hold (xq_lds.inc: 32
// bytes of slots, 292 bytes a block): 14336 columns, an 8B llama's
// ffn_down.
const XQMaxBlocksQ8_K = 56

// groupNormArgs are zincc_matvec_FMT_q8_group_norm's arguments: the grouped
// matvec's (groupArgs) with the rows of segments 1 and 2 in one word, then
// the norm's input as a byte offset from xq, its weight as one from w and
// its eps: 16 user SGPRs.
var groupNormArgs = []Arg{ptr("w"), ptr("xq"), ptr("dst"), u32("rows"), u32("cols"), u32("rows1_rows2"),
	u32("w1_off"), u32("w2_off"), u32("dst1_off"), u32("dst2_off"), u32("x_off"), u32("norm_w_off"), f32("eps")}

// addSwigluArgs are zincc_matvec_FMT_q8_add_swiglu's arguments: the
// matvec_add's, then swiglu's gate and up.
var addSwigluArgs = []Arg{ptr("w"), ptr("xq"), ptr("dst"), u32("rows"), u32("cols"), ptr("r"), ptr("gate"), ptr("up")}
