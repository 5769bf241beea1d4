package kernels

// The kernel ABI: the contract between each kernel of the library (the .s
// files of this package) and the lowering (lower/gfx1201). A kernel receives its arguments in
// user SGPRs s0, s1, ... in the order listed (a pointer takes two SGPRs, low
// half first; at most 16 SGPRs in all), its workgroup id X in ttmp9, and its
// local thread id in v0. Every kernel is wave32 with a one-dimensional
// workgroup of Block threads; the lowering launches Groups(Size) workgroups.

// ArgKind is the type of one kernel argument.
type ArgKind uint8

// The argument kinds.
const (
	ArgPtr ArgKind = iota + 1 // a 64-bit GPU address, two SGPRs
	ArgU32                    // a 32-bit integer, one SGPR
	ArgF32                    // a float32's bits, one SGPR
)

// SGPRs is the number of SGPRs an argument of this kind takes.
func (k ArgKind) SGPRs() int {
	if k == ArgPtr {
		return 2
	}
	return 1
}

// Arg names one kernel argument.
type Arg struct {
	Name string
	Kind ArgKind
}

// Size is what a launch is sized by: the element count, the rows of a
// matrix, the heads of an attention.
type Size struct {
	N     int // elements (elementwise ops, embed, rope, kv_store, copy bytes)
	Rows  int // matvec rows
	Heads int // attention query heads
	Ctx   int // attention: rows of the K and V states
	KV    int // rope_kv: elements of k (and of v); N is q's
	// More is a grouped matvec's rows of its segments after the first
	// (Rows); 0 for none.
	More [MatvecSegments - 1]int
}

// KernelABI describes one kernel of the library.
type KernelABI struct {
	Name   string // the .amdhsa_kernel symbol
	Args   []Arg  // user SGPRs, in order
	Block  uint32 // threads per workgroup
	Groups func(s Size) uint32
	// ExtraLDS, if set, is the LDS a workgroup needs beyond the
	// descriptor's fixed group segment for a launch of size s; the launch
	// adds it to RSRC2.LDS_SIZE (LDSBytes).
	ExtraLDS func(s Size) uint32
	Doc      string // what one workgroup does
	// Scratch, if set, is the bytes of zero-initialised GPU memory a
	// launch of size s needs across its workgroups (an argument the
	// lowering fills); the kernel leaves them zero when it ends (a node
	// lowered to two launches over the scratch, split attention and its
	// combine: the second).
	Scratch func(s Size) uint32
	index   int // position in ABIs
}

func init() {
	for i := range ABIs {
		ABIs[i].index = i
	}
}

// Index is the kernel's position in ABIs: callers keep per-kernel tables
// in slices indexed by it.
func (k *KernelABI) Index() int { return k.index }

// UserSGPRs is the number of user SGPRs the arguments fill.
func (k *KernelABI) UserSGPRs() int {
	n := 0
	for _, a := range k.Args {
		n += a.Kind.SGPRs()
	}
	return n
}

func ptr(name string) Arg { return Arg{name, ArgPtr} }
func u32(name string) Arg { return Arg{name, ArgU32} }
func f32(name string) Arg { return Arg{name, ArgF32} }

// perThread launches one thread per element, 256 to a workgroup.
func perThread(s Size) uint32 { return uint32((s.N + 255) / 256) }

// perDword launches one thread per 4 bytes, 256 to a workgroup.
func perDword(s Size) uint32 { return uint32((s.N + 1023) / 1024) }

// oneGroup launches a single workgroup (parallel reductions over a vector).
func oneGroup(Size) uint32 { return 1 }

// RMSNormChunk is the fewest elements a zincc_rms_norm workgroup writes
// when one head (the whole vector) is split over workgroups.
const RMSNormChunk = 1024

// maxRMSNormGroups bounds the workgroups of a split rms_norm: each sums
// the whole vector itself.
const maxRMSNormGroups = 64

// RMSNormSplit says how a zincc_rms_norm of size s is launched: with
// several heads, one workgroup per head (per = s.N, split false); with one,
// the vector is split into groups ranges of per elements (a multiple of
// RMSNormChunk), each workgroup summing the whole vector and writing its
// range (split true).
func RMSNormSplit(s Size) (groups, per int, split bool) {
	if s.Heads > 1 {
		return s.Heads, max(s.N, 1), false
	}
	n := max(s.N, 1)
	per = RMSNormChunk * max(1, (n+RMSNormChunk*maxRMSNormGroups-1)/(RMSNormChunk*maxRMSNormGroups))
	return (n + per - 1) / per, per, true
}

func rmsNormGroups(s Size) uint32 {
	g, _, _ := RMSNormSplit(s)
	return uint32(g)
}

// rmsNormQ8Groups launches zincc_rms_norm_q8_0 over s.N elements: a
// thread per 32-element block, 8192 elements a workgroup.
func rmsNormQ8Groups(s Size) uint32 { return uint32((s.N + 8191) / 8192) }

// rmsNormQ8KGroups launches zincc_rms_norm_q8_K over s.N elements: a
// thread per 256-element block, 65536 elements a workgroup.
func rmsNormQ8KGroups(s Size) uint32 { return uint32((s.N + 65535) / 65536) }

// ArgmaxTrip is the elements a zincc_argmax workgroup loads at a time
// (eight per thread).
const ArgmaxTrip = 2048

// maxArgmaxGroups bounds the workgroups of an argmax (and its slots).
const maxArgmaxGroups = 256

// ArgmaxSplit says how a zincc_argmax over n elements is launched: groups
// workgroups, each scanning per elements (a multiple of ArgmaxTrip).
func ArgmaxSplit(n int) (groups, per int) {
	n = max(n, 1)
	per = ArgmaxTrip * max(1, (n+ArgmaxTrip*maxArgmaxGroups-1)/(ArgmaxTrip*maxArgmaxGroups))
	return (n + per - 1) / per, per
}

func argmaxGroups(s Size) uint32 {
	g, _ := ArgmaxSplit(s.N)
	return uint32(g)
}

// argmaxScratch is a zincc_argmax's scratch: the counter (8 bytes, for
// alignment) and a (value, offset) slot per workgroup.
func argmaxScratch(s Size) uint32 { return 8 + 8*argmaxGroups(s) }

// perRow launches one wave per matrix row, eight to a workgroup.
func perRow(s Size) uint32 { return uint32((s.Rows + 7) / 8) }

// MatvecSegments is the most matvecs one grouped matvec kernel
// (zincc_matvec_FMT_q8_group) computes.
const MatvecSegments = 3

// groupArgs are the arguments of the grouped matvecs: segment 0's W, the
// shared x, segment 0's dst, its rows, the shared cols, the rows of
// segments 1 and 2, then the byte offsets of their W and dst from the
// previous segment's (two's complement: a segment may lie before the
// previous one).
var groupArgs = []Arg{ptr("w"), ptr("x"), ptr("dst"), u32("rows"), u32("cols"), u32("rows1"), u32("rows2"),
	u32("w1_off"), u32("w2_off"), u32("dst1_off"), u32("dst2_off")}

// perSegmentRow launches a grouped matvec: one wave per row of each
// segment, eight to a workgroup, a segment's workgroups after the
// previous segment's.
func perSegmentRow(s Size) uint32 {
	g := perRow(s)
	for _, r := range s.More {
		g += perRow(Size{Rows: r})
	}
	return g
}

// perHead launches one workgroup per attention query head.
func perHead(s Size) uint32 { return uint32(s.Heads) }

// attentionScratch is the attention kernels' fixed LDS: 256 partial sums,
// 8 wave maxima and 8 wave sums (their descriptors' group segment).
const attentionScratch = 1088

// MaxAttentionContext bounds the rows an attention kernel attends over: its
// scores live in LDS after the scratch, 4 bytes each, and a workgroup has at
// most MaxLDS bytes.
const MaxAttentionContext = (MaxLDS - attentionScratch) / 4

// MaxLongAttentionHeadDim bounds the head size of zincc_attention_long_*,
// which keeps one block of dimensions.
const MaxLongAttentionHeadDim = 256

// MaxLDS is the most LDS one gfx1201 workgroup can have.
const MaxLDS = 64 << 10

// attentionScores is the LDS of the scores of every row of the states.
func attentionScores(s Size) uint32 { return 4 * uint32(s.Ctx) }

// MaxAttentionSplits bounds the workgroups one query head is split over
// by zincc_attention_split_* (zincc_attention_combine keeps every split's
// loads in flight at once).
const MaxAttentionSplits = 16

// AttentionSplitRows is the fewest rows a split takes (one pass of the
// kernel's loop: 16 half-waves × 4 rows).
const AttentionSplitRows = 64

// AttentionSplitHeadDims are the head sizes zincc_attention_split_* take.
var AttentionSplitHeadDims = []int{64, 128, 256}

// AttentionSplits is log2 of the splits per head of a split attention over
// states of ctx rows: the power of two S <= MaxAttentionSplits with
// S·AttentionSplitRows >= ctx where one exists. The grid is sized for the
// whole context; the kernels size each split from pos
// (AttentionSplitChunk), so the IB stays the same for every position.
func AttentionSplits(ctx int) int {
	l := 0
	for 1<<l < MaxAttentionSplits && (1<<l)*AttentionSplitRows < ctx {
		l++
	}
	return l
}

// AttentionSplitChunk is the rows per split at position pos with 2^log2S
// splits: ceil((pos+1)/S) rounded up to a multiple of AttentionSplitRows.
// Splits c with c·chunk > pos hold no rows.
func AttentionSplitChunk(pos, log2S int) int {
	n := pos + 1
	c := (n + 1<<log2S - 1) >> log2S
	return (c + AttentionSplitRows - 1) / AttentionSplitRows * AttentionSplitRows
}

// splitGroups launches S workgroups per query head.
func splitGroups(s Size) uint32 { return uint32(s.Heads << AttentionSplits(s.Ctx)) }

// splitLDS is a split's LDS past the fixed scratch: its rows' scores (at
// most AttentionSplitChunk(ctx-1) of them), or the 16 half-wave sums of the
// output (Size.N = head_dim), whichever is larger.
func splitLDS(s Size) uint32 {
	return uint32(max(4*AttentionSplitChunk(s.Ctx-1, AttentionSplits(s.Ctx)), 64*s.N))
}

// AttentionSplitFits reports whether a split attention of size s fits a
// workgroup's LDS (contexts up to about 250000 rows do).
func AttentionSplitFits(s Size) bool { return attentionScratch+splitLDS(s) <= MaxLDS }

// AttentionSplitScratch is the partials of a split attention: head_dim + 2
// floats (o_c, m_c, l_c) per split of every head.
func AttentionSplitScratch(s Size) uint32 {
	return uint32(4 * s.Heads << AttentionSplits(s.Ctx) * (s.N + 2))
}

// LDSBytes is the LDS a workgroup of a launch of size s needs, given the
// descriptor's fixed group segment size.
func (k *KernelABI) LDSBytes(fixed uint32, s Size) uint32 {
	if k.ExtraLDS == nil {
		return fixed
	}
	return fixed + k.ExtraLDS(s)
}

// ABIs lists every kernel of the library.
var ABIs = []KernelABI{
	// embed: thread t writes dst[t] = table[row][t] as f32 (t < cols).
	{Name: "zincc_embed_f32", Args: []Arg{ptr("table"), ptr("dst"), u32("row"), u32("cols")}, Block: 256, Groups: perThread, Doc: "256 elements of the row"},
	{Name: "zincc_embed_f16", Args: []Arg{ptr("table"), ptr("dst"), u32("row"), u32("cols")}, Block: 256, Groups: perThread, Doc: "256 elements of the row"},
	{Name: "zincc_embed_q4_0", Args: []Arg{ptr("table"), ptr("dst"), u32("row"), u32("cols")}, Block: 256, Groups: perThread, Doc: "256 elements of the row"},
	{Name: "zincc_embed_q8_0", Args: []Arg{ptr("table"), ptr("dst"), u32("row"), u32("cols")}, Block: 256, Groups: perThread, Doc: "256 elements of the row"},
	{Name: "zincc_embed_q4_K", Args: []Arg{ptr("table"), ptr("dst"), u32("row"), u32("cols")}, Block: 256, Groups: perThread, Doc: "256 elements of the row"},
	{Name: "zincc_embed_q5_K", Args: []Arg{ptr("table"), ptr("dst"), u32("row"), u32("cols")}, Block: 256, Groups: perThread, Doc: "256 elements of the row"},
	{Name: "zincc_embed_q6_K", Args: []Arg{ptr("table"), ptr("dst"), u32("row"), u32("cols")}, Block: 256, Groups: perThread, Doc: "256 elements of the row"},
	{Name: "zincc_embed_bf16", Args: []Arg{ptr("table"), ptr("dst"), u32("row"), u32("cols")}, Block: 256, Groups: perThread, Doc: "256 elements of the row"},
	{Name: "zincc_embed_q4_1", Args: []Arg{ptr("table"), ptr("dst"), u32("row"), u32("cols")}, Block: 256, Groups: perThread, Doc: "256 elements of the row"},
	{Name: "zincc_embed_q5_0", Args: []Arg{ptr("table"), ptr("dst"), u32("row"), u32("cols")}, Block: 256, Groups: perThread, Doc: "256 elements of the row"},
	{Name: "zincc_embed_q5_1", Args: []Arg{ptr("table"), ptr("dst"), u32("row"), u32("cols")}, Block: 256, Groups: perThread, Doc: "256 elements of the row"},

	// rms_norm: workgroup g reduces sum(x²) over head g (n elements; one
	// head unless Size.Heads says more) across its waves, then scales.
	{Name: "zincc_rms_norm", Args: []Arg{ptr("x"), ptr("w"), ptr("dst"), u32("n"), f32("eps"), u32("per"), u32("split")}, Block: 256, Groups: rmsNormGroups,
		Doc: "one head, or one range of a single head (RMSNormSplit; it sums the whole head)"},
	// rms_norm_quantize (q8_0): every workgroup sums the whole vector
	// (n elements), then thread t quantises block 256·g + t.
	{Name: "zincc_rms_norm_q8_0", Args: []Arg{ptr("x"), ptr("w"), ptr("dst"), u32("n"), f32("eps")}, Block: 256, Groups: rmsNormQ8Groups,
		Doc: "256 blocks of 32 (each workgroup sums the whole vector)"},
	// rms_norm_quantize (q8_K): as q8_0, thread t quantising the 256
	// elements of block 256·g + t.
	{Name: "zincc_rms_norm_q8_K", Args: []Arg{ptr("x"), ptr("w"), ptr("dst"), u32("n"), f32("eps")}, Block: 256, Groups: rmsNormQ8KGroups,
		Doc: "256 blocks of 256 (each workgroup sums the whole vector)"},

	// elementwise: thread t computes dst[t] (t < n).
	{Name: "zincc_add", Args: []Arg{ptr("a"), ptr("b"), ptr("dst"), u32("n")}, Block: 256, Groups: perThread, Doc: "256 elements"},
	{Name: "zincc_mul", Args: []Arg{ptr("a"), ptr("b"), ptr("dst"), u32("n")}, Block: 256, Groups: perThread, Doc: "256 elements"},
	{Name: "zincc_swiglu", Args: []Arg{ptr("gate"), ptr("up"), ptr("dst"), u32("n")}, Block: 256, Groups: perThread, Doc: "256 elements"},
	{Name: "zincc_silu", Args: []Arg{ptr("x"), ptr("dst"), u32("n")}, Block: 256, Groups: perThread, Doc: "256 elements"},
	// copy: thread t copies the dword at byte 4t (4t+4 <= n bytes); the
	// thread at 4t = n&^3 copies the last n&3 bytes.
	{Name: "zincc_copy", Args: []Arg{ptr("src"), ptr("dst"), u32("n")}, Block: 256, Groups: perDword, Doc: "1024 bytes"},

	// matvec: each wave computes one row's dot product across its 32 lanes
	// and reduces it with cross-lane operations; lane 0 writes dst[row].
	{Name: "zincc_matvec_f32", Args: []Arg{ptr("w"), ptr("x"), ptr("dst"), u32("rows"), u32("cols")}, Block: 256, Groups: perRow, Doc: "8 rows, one per wave"},
	{Name: "zincc_matvec_f16", Args: []Arg{ptr("w"), ptr("x"), ptr("dst"), u32("rows"), u32("cols")}, Block: 256, Groups: perRow, Doc: "8 rows, one per wave"},
	{Name: "zincc_matvec_q4_0", Args: []Arg{ptr("w"), ptr("x"), ptr("dst"), u32("rows"), u32("cols")}, Block: 256, Groups: perRow, Doc: "8 rows, one per wave"},
	{Name: "zincc_matvec_q8_0", Args: []Arg{ptr("w"), ptr("x"), ptr("dst"), u32("rows"), u32("cols")}, Block: 256, Groups: perRow, Doc: "8 rows, one per wave"},
	// The k-quant matvecs: lanes 0..15 of a wave take one 256-element
	// super-block, lanes 16..31 the next.
	{Name: "zincc_matvec_q4_K", Args: []Arg{ptr("w"), ptr("x"), ptr("dst"), u32("rows"), u32("cols")}, Block: 256, Groups: perRow, Doc: "8 rows, one per wave"},
	{Name: "zincc_matvec_q5_K", Args: []Arg{ptr("w"), ptr("x"), ptr("dst"), u32("rows"), u32("cols")}, Block: 256, Groups: perRow, Doc: "8 rows, one per wave"},
	{Name: "zincc_matvec_q6_K", Args: []Arg{ptr("w"), ptr("x"), ptr("dst"), u32("rows"), u32("cols")}, Block: 256, Groups: perRow, Doc: "8 rows, one per wave"},
	// The matvecs of a quantised x (q8_0 or q8_K blocks from quantize):
	// whole blocks streamed with integer dots (matvec_q8.s), no LDS.
	{Name: "zincc_matvec_q4_0_q8", Args: []Arg{ptr("w"), ptr("x"), ptr("dst"), u32("rows"), u32("cols")}, Block: 256, Groups: perRow, Doc: "8 rows, one per wave; a lane per block"},
	{Name: "zincc_matvec_q8_0_q8", Args: []Arg{ptr("w"), ptr("x"), ptr("dst"), u32("rows"), u32("cols")}, Block: 256, Groups: perRow, Doc: "8 rows, one per wave; a lane per block"},
	{Name: "zincc_matvec_q4_1_q8", Args: []Arg{ptr("w"), ptr("x"), ptr("dst"), u32("rows"), u32("cols")}, Block: 256, Groups: perRow, Doc: "8 rows, one per wave; a lane per block"},
	{Name: "zincc_matvec_q5_0_q8", Args: []Arg{ptr("w"), ptr("x"), ptr("dst"), u32("rows"), u32("cols")}, Block: 256, Groups: perRow, Doc: "8 rows, one per wave; a lane per block"},
	{Name: "zincc_matvec_q5_1_q8", Args: []Arg{ptr("w"), ptr("x"), ptr("dst"), u32("rows"), u32("cols")}, Block: 256, Groups: perRow, Doc: "8 rows, one per wave; a lane per block"},
	{Name: "zincc_matvec_q4_K_q8", Args: []Arg{ptr("w"), ptr("x"), ptr("dst"), u32("rows"), u32("cols")}, Block: 256, Groups: perRow, Doc: "8 rows, one per wave; eight lanes per super-block"},
	{Name: "zincc_matvec_q5_K_q8", Args: []Arg{ptr("w"), ptr("x"), ptr("dst"), u32("rows"), u32("cols")}, Block: 256, Groups: perRow, Doc: "8 rows, one per wave; eight lanes per super-block"},
	{Name: "zincc_matvec_q6_K_q8", Args: []Arg{ptr("w"), ptr("x"), ptr("dst"), u32("rows"), u32("cols")}, Block: 256, Groups: perRow, Doc: "8 rows, one per wave; eight lanes per super-block"},
	// matvec_add (the fuse-matvec-add pass): the kernels above with r
	// added to each row's sum before the store.
	{Name: "zincc_matvec_q4_0_q8_add", Args: []Arg{ptr("w"), ptr("x"), ptr("dst"), u32("rows"), u32("cols"), ptr("r")}, Block: 256, Groups: perRow, Doc: "8 rows, one per wave; a lane per block; dst = r + W·x"},
	{Name: "zincc_matvec_q8_0_q8_add", Args: []Arg{ptr("w"), ptr("x"), ptr("dst"), u32("rows"), u32("cols"), ptr("r")}, Block: 256, Groups: perRow, Doc: "8 rows, one per wave; a lane per block; dst = r + W·x"},
	{Name: "zincc_matvec_q4_1_q8_add", Args: []Arg{ptr("w"), ptr("x"), ptr("dst"), u32("rows"), u32("cols"), ptr("r")}, Block: 256, Groups: perRow, Doc: "8 rows, one per wave; a lane per block; dst = r + W·x"},
	{Name: "zincc_matvec_q5_0_q8_add", Args: []Arg{ptr("w"), ptr("x"), ptr("dst"), u32("rows"), u32("cols"), ptr("r")}, Block: 256, Groups: perRow, Doc: "8 rows, one per wave; a lane per block; dst = r + W·x"},
	{Name: "zincc_matvec_q5_1_q8_add", Args: []Arg{ptr("w"), ptr("x"), ptr("dst"), u32("rows"), u32("cols"), ptr("r")}, Block: 256, Groups: perRow, Doc: "8 rows, one per wave; a lane per block; dst = r + W·x"},
	{Name: "zincc_matvec_q4_K_q8_add", Args: []Arg{ptr("w"), ptr("x"), ptr("dst"), u32("rows"), u32("cols"), ptr("r")}, Block: 256, Groups: perRow, Doc: "8 rows, one per wave; eight lanes per super-block; dst = r + W·x"},
	{Name: "zincc_matvec_q5_K_q8_add", Args: []Arg{ptr("w"), ptr("x"), ptr("dst"), u32("rows"), u32("cols"), ptr("r")}, Block: 256, Groups: perRow, Doc: "8 rows, one per wave; eight lanes per super-block; dst = r + W·x"},
	{Name: "zincc_matvec_q6_K_q8_add", Args: []Arg{ptr("w"), ptr("x"), ptr("dst"), u32("rows"), u32("cols"), ptr("r")}, Block: 256, Groups: perRow, Doc: "8 rows, one per wave; eight lanes per super-block; dst = r + W·x"},
	// The grouped matvecs (lower/gfx1201 groups consecutive matvecs over
	// one x): zincc_matvec_FMT_q8 over up to MatvecSegments segments, each
	// taking ceil(rows/8) consecutive workgroups; the later segments' W and
	// dst are byte offsets (signed 32-bit) from the previous segment's, so
	// that three matvecs fit the 16 user SGPRs. Size: Rows (segment 0),
	// More (the other segments' rows), N (cols).
	{Name: "zincc_matvec_q4_0_q8_group", Args: groupArgs, Block: 256, Groups: perSegmentRow, Doc: "8 rows of one segment, one per wave; a lane per block"},
	{Name: "zincc_matvec_q8_0_q8_group", Args: groupArgs, Block: 256, Groups: perSegmentRow, Doc: "8 rows of one segment, one per wave; a lane per block"},
	{Name: "zincc_matvec_q4_1_q8_group", Args: groupArgs, Block: 256, Groups: perSegmentRow, Doc: "8 rows of one segment, one per wave; a lane per block"},
	{Name: "zincc_matvec_q5_0_q8_group", Args: groupArgs, Block: 256, Groups: perSegmentRow, Doc: "8 rows of one segment, one per wave; a lane per block"},
	{Name: "zincc_matvec_q5_1_q8_group", Args: groupArgs, Block: 256, Groups: perSegmentRow, Doc: "8 rows of one segment, one per wave; a lane per block"},
	{Name: "zincc_matvec_q4_K_q8_group", Args: groupArgs, Block: 256, Groups: perSegmentRow, Doc: "8 rows of one segment, one per wave; eight lanes per super-block"},
	{Name: "zincc_matvec_q5_K_q8_group", Args: groupArgs, Block: 256, Groups: perSegmentRow, Doc: "8 rows of one segment, one per wave; eight lanes per super-block"},
	{Name: "zincc_matvec_q6_K_q8_group", Args: groupArgs, Block: 256, Groups: perSegmentRow, Doc: "8 rows of one segment, one per wave; eight lanes per super-block"},
	// The matvecs that form their own x (matvec_fused.s, matvec_fused_abi.go).
	{Name: "zincc_matvec_q4_0_q8_group_norm", Args: groupNormArgs, Block: 256, Groups: perSegmentRow, Doc: "all of x rms_norm'd and quantised to LDS, then 8 rows of one segment"},
	{Name: "zincc_matvec_q8_0_q8_group_norm", Args: groupNormArgs, Block: 256, Groups: perSegmentRow, Doc: "all of x rms_norm'd and quantised to LDS, then 8 rows of one segment"},
	{Name: "zincc_matvec_q4_1_q8_group_norm", Args: groupNormArgs, Block: 256, Groups: perSegmentRow, Doc: "all of x rms_norm'd and quantised to LDS, then 8 rows of one segment"},
	{Name: "zincc_matvec_q5_0_q8_group_norm", Args: groupNormArgs, Block: 256, Groups: perSegmentRow, Doc: "all of x rms_norm'd and quantised to LDS, then 8 rows of one segment"},
	{Name: "zincc_matvec_q5_1_q8_group_norm", Args: groupNormArgs, Block: 256, Groups: perSegmentRow, Doc: "all of x rms_norm'd and quantised to LDS, then 8 rows of one segment"},
	{Name: "zincc_matvec_q4_0_q8_add_swiglu", Args: addSwigluArgs, Block: 256, Groups: perRow, Doc: "all of x swiglu'd and quantised to LDS, then 8 rows; dst = r + W·x"},
	{Name: "zincc_matvec_q8_0_q8_add_swiglu", Args: addSwigluArgs, Block: 256, Groups: perRow, Doc: "all of x swiglu'd and quantised to LDS, then 8 rows; dst = r + W·x"},
	{Name: "zincc_matvec_q4_1_q8_add_swiglu", Args: addSwigluArgs, Block: 256, Groups: perRow, Doc: "all of x swiglu'd and quantised to LDS, then 8 rows; dst = r + W·x"},
	{Name: "zincc_matvec_q5_0_q8_add_swiglu", Args: addSwigluArgs, Block: 256, Groups: perRow, Doc: "all of x swiglu'd and quantised to LDS, then 8 rows; dst = r + W·x"},
	{Name: "zincc_matvec_q5_1_q8_add_swiglu", Args: addSwigluArgs, Block: 256, Groups: perRow, Doc: "all of x swiglu'd and quantised to LDS, then 8 rows; dst = r + W·x"},
	{Name: "zincc_matvec_q4_K_q8_group_norm", Args: groupNormArgs, Block: 256, Groups: perSegmentRow, Doc: "all of x rms_norm'd and quantised to LDS, then 8 rows of one segment"},
	{Name: "zincc_matvec_q5_K_q8_group_norm", Args: groupNormArgs, Block: 256, Groups: perSegmentRow, Doc: "all of x rms_norm'd and quantised to LDS, then 8 rows of one segment"},
	{Name: "zincc_matvec_q6_K_q8_group_norm", Args: groupNormArgs, Block: 256, Groups: perSegmentRow, Doc: "all of x rms_norm'd and quantised to LDS, then 8 rows of one segment"},
	{Name: "zincc_matvec_q4_K_q8_add_swiglu", Args: addSwigluArgs, Block: 256, Groups: perRow, Doc: "all of x swiglu'd and quantised to LDS, then 8 rows; dst = r + W·x"},
	{Name: "zincc_matvec_q5_K_q8_add_swiglu", Args: addSwigluArgs, Block: 256, Groups: perRow, Doc: "all of x swiglu'd and quantised to LDS, then 8 rows; dst = r + W·x"},
	{Name: "zincc_matvec_q6_K_q8_add_swiglu", Args: addSwigluArgs, Block: 256, Groups: perRow, Doc: "all of x swiglu'd and quantised to LDS, then 8 rows; dst = r + W·x"},
	{Name: "zincc_matvec_q4_K_q6_K_q8_group_norm", Args: groupNormArgs, Block: 256, Groups: perSegmentRow, Doc: "all of x rms_norm'd and quantised to LDS, then 8 rows of one segment (segment 2 in q6_K)"},
	{Name: "zincc_matvec_q5_K_q6_K_q8_group_norm", Args: groupNormArgs, Block: 256, Groups: perSegmentRow, Doc: "all of x rms_norm'd and quantised to LDS, then 8 rows of one segment (segment 2 in q6_K)"},
	// quantize: thread t quantises block t of x (32 or 256 elements).
	{Name: "zincc_quantize_q8_0", Args: []Arg{ptr("x"), ptr("dst"), u32("blocks")}, Block: 256, Groups: perThread, Doc: "256 blocks of 32"},
	{Name: "zincc_quantize_q8_K", Args: []Arg{ptr("x"), ptr("dst"), u32("blocks")}, Block: 256, Groups: perThread, Doc: "256 blocks of 256"},
	// swiglu_quantize (the fuse-swiglu-quantize pass): thread t forms
	// block t's silu(gate)·up as zincc_swiglu and quantises it as
	// zincc_quantize_q8_0 / _q8_K.
	{Name: "zincc_swiglu_q8_0", Args: []Arg{ptr("gate"), ptr("up"), ptr("dst"), u32("blocks")}, Block: 256, Groups: perThread, Doc: "256 blocks of 32"},
	{Name: "zincc_swiglu_q8_K", Args: []Arg{ptr("gate"), ptr("up"), ptr("dst"), u32("blocks")}, Block: 256, Groups: perThread, Doc: "256 blocks of 256"},
	{Name: "zincc_matvec_bf16", Args: []Arg{ptr("w"), ptr("x"), ptr("dst"), u32("rows"), u32("cols")}, Block: 256, Groups: perRow, Doc: "8 rows, one per wave"},
	{Name: "zincc_matvec_q4_1", Args: []Arg{ptr("w"), ptr("x"), ptr("dst"), u32("rows"), u32("cols")}, Block: 256, Groups: perRow, Doc: "8 rows, one per wave"},
	{Name: "zincc_matvec_q5_0", Args: []Arg{ptr("w"), ptr("x"), ptr("dst"), u32("rows"), u32("cols")}, Block: 256, Groups: perRow, Doc: "8 rows, one per wave"},
	{Name: "zincc_matvec_q5_1", Args: []Arg{ptr("w"), ptr("x"), ptr("dst"), u32("rows"), u32("cols")}, Block: 256, Groups: perRow, Doc: "8 rows, one per wave"},

	// rope: thread t writes dst[t] from its rotation pair (t < n <= 2^22);
	// mode bit 0 clear is normal (pairs 2i, 2i+1), set NeoX (pairs i,
	// i+dims/2); mode bit 1 set divides the angle of pair i by freqs[i]
	// (freqs is a null pointer otherwise). Every angle is multiplied by
	// freq_scale.
	{Name: "zincc_rope", Args: []Arg{ptr("x"), ptr("dst"), u32("pos"), u32("n"), u32("head_dim"), u32("dims"), f32("theta"), u32("mode"),
		ptr("freqs"), f32("freq_scale")},
		Block: 256, Groups: perThread, Doc: "256 elements"},

	// rope_kv (the fuse-rope-kv pass): rope_kv.s, its grid ropeKVGroups.
	{Name: "zincc_rope_kv_f32", Args: ropeKVArgs, Block: 256, Groups: ropeKVGroups, Doc: "256 elements of q, of k or of v"},
	{Name: "zincc_rope_kv_f16", Args: ropeKVArgs, Block: 256, Groups: ropeKVGroups, Doc: "256 elements of q, of k or of v"},

	// kv_store: thread t writes cache[pos][t] = x[t] (t < width).
	{Name: "zincc_kv_store_f32", Args: []Arg{ptr("x"), ptr("cache"), u32("pos"), u32("width")}, Block: 256, Groups: perThread, Doc: "256 elements of the row"},
	{Name: "zincc_kv_store_f16", Args: []Arg{ptr("x"), ptr("cache"), u32("pos"), u32("width")}, Block: 256, Groups: perThread, Doc: "256 elements of the row"},

	// attention: workgroup h handles query head h: scores for rows 0..pos in
	// LDS, max and sum reductions, then the weighted sum of V rows. It reads
	// q with scalar loads, so the barrier after q's producer must invalidate
	// the scalar cache (GLK_INV) as well as the vector L0 (GLV_INV).
	{Name: "zincc_attention_f32", Args: []Arg{ptr("q"), ptr("k"), ptr("v"), ptr("dst"), u32("pos"), u32("heads"), u32("kv_heads"), u32("head_dim"), f32("scale")},
		Block: 256, Groups: perHead, ExtraLDS: attentionScores, Doc: "one query head"},
	{Name: "zincc_attention_f16", Args: []Arg{ptr("q"), ptr("k"), ptr("v"), ptr("dst"), u32("pos"), u32("heads"), u32("kv_heads"), u32("head_dim"), f32("scale")},
		Block: 256, Groups: perHead, ExtraLDS: attentionScores, Doc: "one query head"},
	// attention_long: the same bits for contexts of more than
	// MaxAttentionContext rows, in chunks of 8192 rows (K is read twice);
	// head_dim at most MaxLongAttentionHeadDim.
	{Name: "zincc_attention_long_f32", Args: []Arg{ptr("q"), ptr("k"), ptr("v"), ptr("dst"), u32("pos"), u32("heads"), u32("kv_heads"), u32("head_dim"), f32("scale")},
		Block: 256, Groups: perHead, Doc: "one query head, 8192 rows at a time"},
	{Name: "zincc_attention_long_f16", Args: []Arg{ptr("q"), ptr("k"), ptr("v"), ptr("dst"), u32("pos"), u32("heads"), u32("kv_heads"), u32("head_dim"), f32("scale")},
		Block: 256, Groups: perHead, Doc: "one query head, 8192 rows at a time"},

	// attention_split (flash decoding): workgroup w computes the partial
	// softmax (o_c, m_c, l_c) of head w >> log2_splits over split
	// w & (S-1) of the rows 0..pos; zincc_attention_combine, a second
	// dispatch, merges each head's partials in split order (and zeroes
	// them). Size: Heads, Ctx (rows of the states), N = head_dim (the
	// kernel's: 64, 128 or 256).
	{Name: "zincc_attention_split_f32_d64", Args: []Arg{ptr("q"), ptr("k"), ptr("v"), ptr("part"), u32("pos"), u32("heads"), u32("kv_heads"), u32("log2_splits"), f32("scale")},
		Block: 256, Groups: splitGroups, ExtraLDS: splitLDS, Scratch: AttentionSplitScratch, Doc: "one split of one query head"},
	{Name: "zincc_attention_split_f32_d128", Args: []Arg{ptr("q"), ptr("k"), ptr("v"), ptr("part"), u32("pos"), u32("heads"), u32("kv_heads"), u32("log2_splits"), f32("scale")},
		Block: 256, Groups: splitGroups, ExtraLDS: splitLDS, Scratch: AttentionSplitScratch, Doc: "one split of one query head"},
	{Name: "zincc_attention_split_f32_d256", Args: []Arg{ptr("q"), ptr("k"), ptr("v"), ptr("part"), u32("pos"), u32("heads"), u32("kv_heads"), u32("log2_splits"), f32("scale")},
		Block: 256, Groups: splitGroups, ExtraLDS: splitLDS, Scratch: AttentionSplitScratch, Doc: "one split of one query head"},
	{Name: "zincc_attention_split_f16_d64", Args: []Arg{ptr("q"), ptr("k"), ptr("v"), ptr("part"), u32("pos"), u32("heads"), u32("kv_heads"), u32("log2_splits"), f32("scale")},
		Block: 256, Groups: splitGroups, ExtraLDS: splitLDS, Scratch: AttentionSplitScratch, Doc: "one split of one query head"},
	{Name: "zincc_attention_split_f16_d128", Args: []Arg{ptr("q"), ptr("k"), ptr("v"), ptr("part"), u32("pos"), u32("heads"), u32("kv_heads"), u32("log2_splits"), f32("scale")},
		Block: 256, Groups: splitGroups, ExtraLDS: splitLDS, Scratch: AttentionSplitScratch, Doc: "one split of one query head"},
	{Name: "zincc_attention_split_f16_d256", Args: []Arg{ptr("q"), ptr("k"), ptr("v"), ptr("part"), u32("pos"), u32("heads"), u32("kv_heads"), u32("log2_splits"), f32("scale")},
		Block: 256, Groups: splitGroups, ExtraLDS: splitLDS, Scratch: AttentionSplitScratch, Doc: "one split of one query head"},
	{Name: "zincc_attention_combine", Args: []Arg{ptr("part"), ptr("dst"), u32("pos"), u32("head_dim"), u32("log2_splits")},
		Block: 256, Groups: perHead, Scratch: AttentionSplitScratch, Doc: "the partials of one query head"},
	// attention_quantize (the fuse-attention-quantize pass):
	// attention_quantize_abi.go.
	{Name: "zincc_attention_combine_q8_0", Args: []Arg{ptr("part"), ptr("dst"), u32("pos"), u32("head_dim"), u32("log2_splits")},
		Block: 256, Groups: perHead, Scratch: AttentionSplitScratch, Doc: "the partials of one query head, stored as q8_0 blocks"},
	{Name: "zincc_quantize_q8_0_clear", Args: []Arg{ptr("x"), ptr("dst"), u32("blocks")},
		Block: 256, Groups: attentionBlockGroups, Scratch: attentionScratchF32, Doc: "256 blocks of 32 of the scratch"},

	// softmax and argmax: one workgroup reduces the whole vector. argmax
	// writes the lowest index of the largest element (NaN never wins; an
	// all-NaN vector gives 0).
	{Name: "zincc_softmax", Args: []Arg{ptr("x"), ptr("dst"), u32("n")}, Block: 256, Groups: oneGroup, Doc: "the whole vector"},
	{Name: "zincc_argmax", Args: []Arg{ptr("x"), ptr("dst"), ptr("scratch"), u32("n"), u32("per"), u32("groups")}, Block: 256, Groups: argmaxGroups,
		Scratch: argmaxScratch, Doc: "a range of the vector (ArgmaxSplit); the last to finish merges them all"},
}

// LookupABI returns the ABI of the kernel named name, or nil.
func LookupABI(name string) *KernelABI {
	for i := range ABIs {
		if ABIs[i].Name == name {
			return &ABIs[i]
		}
	}
	return nil
}
