package pm4

import (
	"slices"
	"testing"
)

// Expected dwords in this file are written by hand from the field
// definitions (or the literal values) in the public sources named with each
// case, not computed with this package's helpers. Source keys:
//
//	[nvd]    torvalds/linux drivers/gpu/drm/amd/amdgpu/nvd.h: PACKET3(op, n) =
//	         3<<30 | (op&0xFF)<<8 | (n&0x3FFF)<<16, the PACKET3_* opcodes and the
//	         WRITE_DATA / WAIT_REG_MEM / EVENT_WRITE / RELEASE_MEM / INDIRECT_BUFFER bits
//	[sid]    mesa src/amd/common/sid.h: PKT3_NOP_PAD, COPY_DATA_* selectors
//	[gfx12c] torvalds/linux drivers/gpu/drm/amd/amdgpu/gfx_v12_0.c: ring_emit_fence,
//	         emit_mem_sync, ring_emit_ib_compute, gfx_v12_ring_insert_nop, KIQ fence
//	[kfdai]  torvalds/linux drivers/gpu/drm/amd/amdkfd/kfd_pm4_headers_ai.h
//	         (pm4_mec_release_mem ordinals) and tinygrad tinygrad/runtime/autogen/am/pm4_nv.py
//	         (PACKET3_ACQUIRE_MEM__*, PACKET3_INDIRECT_BUFFER__*, PACKET3_COPY_DATA__*,
//	         PACKET3_SET_SH_REG__*, PACKET3_WAIT_REG_MEM__*)
//	[tg]     tinygrad tinygrad/runtime/ops_amd.py AMDComputeQueue: exec, acquire_mem,
//	         release_mem, wait_reg_mem, the CS_PARTIAL_FLUSH event, IB submission
//	[radv]   mesa src/amd/vulkan: COPY_DATA memory→memory with WR_CONFIRM;
//	         radv_emit_dispatch_packets (MEC DISPATCH_INDIRECT)
//	[gc12]   gc_12_0_0_offset.h + GC_BASE__INST0_SEG0 0x1260 (tinygrad
//	         runtime/autogen/am/regs.py, navi_offsets.py): SH offset = 0x1260 + reg − 0x2C00
//	[soc12]  soc24 VGT_EVENT_TYPE via tinygrad runtime/autogen/am/soc_12.py
var encodingCases = []struct {
	name   string
	source string
	emit   func(b *Builder) error
	want   []uint32
}{
	{
		name:   "header-only NOP",
		source: "[sid] PKT3_NOP_PAD = PKT3(PKT3_NOP, 0x3fff, 0)",
		emit:   func(b *Builder) error { return b.Nop(0) },
		want:   []uint32{0xFFFF1000},
	},
	{
		name:   "NOP with 3 payload dwords",
		source: "[nvd] PACKET3(PACKET3_NOP=0x10, 2)",
		emit:   func(b *Builder) error { return b.Nop(3) },
		want:   []uint32{0xC0021000, 0, 0, 0},
	},
	{
		name:   "NOP carrying data",
		source: "[nvd] PACKET3(NOP, 1) then the payload",
		emit:   func(b *Builder) error { return b.NopData(0xDEADBEEF, 7) },
		want:   []uint32{0xC0011000, 0xDEADBEEF, 7},
	},
	{
		name:   "pad to 5 from 0 writes nothing",
		source: "alignment already met",
		emit:   func(b *Builder) error { return b.PadTo(5) },
		want:   []uint32{},
	},
	{
		name:   "pad 5 dwords with one NOP",
		source: "[gfx12c] gfx_v12_ring_insert_nop: PACKET3(NOP, k-2) covers k dwords; k=5 → count 3",
		emit: func(b *Builder) error {
			_ = b.Raw(0xC0001000, 0) // a 2-dword NOP: cursor 2, pad to 7
			return b.PadTo(7)
		},
		want: []uint32{0xC0001000, 0, 0xC0031000, 0, 0, 0, 0},
	},
	{
		name:   "pad 1 dword with the header-only NOP",
		source: "[gfx12c] gfx_v12_ring_insert_nop: num_nop == 1 writes the ring nop PACKET3(NOP, 0x3FFF)",
		emit: func(b *Builder) error {
			_ = b.Nop(0)
			return b.PadTo(2)
		},
		want: []uint32{0xFFFF1000, 0xFFFF1000},
	},
	{
		name:   "SET_SH_REG program address (the issue's example)",
		source: "[nvd] PACKET3(SET_SH_REG=0x76, 2 values); [gc12] regCOMPUTE_PGM_LO 0x1bac → 0x20c",
		emit:   func(b *Builder) error { return b.SetShReg(COMPUTE_PGM_LO, 0x1000, 0) },
		want:   []uint32{0xC0027600, 0x20C, 0x1000, 0},
	},
	{
		name:   "SetProgram splits entry>>8 and entry>>40",
		source: "[gc12] COMPUTE_PGM_LO DATA[31:0], COMPUTE_PGM_HI DATA[7:0]; [tg] data64_le(prog_addr >> 8)",
		emit:   func(b *Builder) error { return b.SetProgram(0xABCD_EF01_2300) },
		want:   []uint32{0xC0027600, 0x20C, 0xCDEF0123, 0xAB},
	},
	{
		name:   "single register RSRC3",
		source: "[nvd] PACKET3(SET_SH_REG, 1); [gc12] regCOMPUTE_PGM_RSRC3 0x1bc8 → 0x228",
		emit:   func(b *Builder) error { return b.SetReg(COMPUTE_PGM_RSRC3, 0) },
		want:   []uint32{0xC0017600, 0x228, 0},
	},
	{
		name:   "SetUserData64 at s[2:3]",
		source: "[gc12] regCOMPUTE_USER_DATA_0 0x1be0 → 0x240, +2 = 0x242; low dword first ([tg] data64_le)",
		emit:   func(b *Builder) error { return b.SetUserData64(2, 0x0000_1234_5678_9ABC) },
		want:   []uint32{0xC0027600, 0x242, 0x56789ABC, 0x1234},
	},
	{
		name:   "SET_SH_REG with INDEX 3",
		source: "[kfdai] PACKET3_SET_SH_REG__INDEX(x) = (x&0xF)<<28, VMID_SHIFT (x&0x1F)<<23",
		emit: func(b *Builder) error {
			return b.SetShRegIndex(SetShReg{Reg: COMPUTE_STATIC_THREAD_MGMT_SE0, Index: 3, VMIDShift: 1, Values: []uint32{0xFFFFFFFF}})
		},
		want: []uint32{0xC0017600, 0x3<<28 | 1<<23 | 0x216, 0xFFFFFFFF},
	},
	{
		name:   "DISPATCH_DIRECT wave32",
		source: "[nvd] PACKET3(DISPATCH_DIRECT=0x15, 3); [tg] initiator compute_shader_en|force_start_at_000|cs_w32_en = 0x8005",
		emit:   func(b *Builder) error { return b.Dispatch(4, 2, 1, 0x8005) },
		want:   []uint32{0xC0031500, 4, 2, 1, 0x8005},
	},
	{
		name:   "DISPATCH_INDIRECT (MEC form)",
		source: "[radv] PKT3(PKT3_DISPATCH_INDIRECT=0x16, 2): va lo, va hi, dispatch_initiator",
		emit: func(b *Builder) error {
			return b.DispatchIndirect(DispatchIndirect{Addr: 0x0000_0001_0000_0040, Initiator: 0x5})
		},
		want: []uint32{0xC0021600, 0x40, 0x1, 0x5},
	},
	{
		name: "Fence32 = the Linux gfx12 fence",
		source: "[gfx12c] ring_emit_fence: PACKET3(RELEASE_MEM, 6); GCR_SEQ(1<<22)|GCR_GL2_WB(1<<21)|" +
			"CACHE_POLICY(3)<<25|EVENT_TYPE(0x14)|EVENT_INDEX(5)<<8 = 0x06600514; DATA_SEL(1)<<29; addr, seq, 0",
		emit: func(b *Builder) error { return b.Fence32(0x0000_00AB_CDEF_0004, 0x1234) },
		want: []uint32{0xC0064900, 0x06600514, 0x20000000, 0xCDEF0004, 0xAB, 0x1234, 0, 0},
	},
	{
		name:   "Fence64",
		source: "[gfx12c] ring_emit_fence with AMDGPU_FENCE_FLAG_64BIT: DATA_SEL(2) = 0x40000000, qword-aligned address",
		emit:   func(b *Builder) error { return b.Fence64(0x1000, 0x1_0000_0002) },
		want:   []uint32{0xC0064900, 0x06600514, 0x40000000, 0x1000, 0, 2, 1, 0},
	},
	{
		name: "RELEASE_MEM with tinygrad's cache flush",
		source: "[tg] release_mem(cache_flush=True): GLV_INV|GL1_INV|GL2_INV|GLM_WB|GLM_INV|GL2_WB|SEQ; " +
			"[nvd] bits 14,15,20,12,13,21,22 → 0x0070F000 | event 0x14 | index 5<<8; [kfdai] INT_SEL [26:24], DATA_SEL [31:29]",
		emit: func(b *Builder) error {
			return b.ReleaseMem(ReleaseMem{Event: CACHE_FLUSH_AND_INV_TS_EVENT, EventIndex: 5,
				GCR:     GCR_GLV_INV | GCR_GL1_INV | GCR_GL2_INV | GCR_GLM_WB | GCR_GLM_INV | GCR_GL2_WB | GCR_SEQ_FORWARD,
				DataSel: 1, IntSel: 2, Addr: 0x2000, Data: 9, IntCtxID: 0x77})
		},
		want: []uint32{0xC0064900, 0x0070F514, 0x22000000, 0x2000, 0, 9, 0, 0x77},
	},
	{
		name: "AcquireMemAll = the Linux gfx12 per-IB cache sync",
		source: "[gfx12c] emit_mem_sync: PACKET3(ACQUIRE_MEM, 6), 0, 0xffffffff, 0xffffff, 0, 0, 0x0A, " +
			"GL2_INV|GL2_WB|GLM_INV|GLM_WB|GL1_INV|GLV_INV|GLK_INV|GLI_INV(1) = 0xC3B1 ([nvd] GCR_CNTL shifts)",
		emit: func(b *Builder) error {
			return b.AcquireMemAll(GCR_GL2_INV | GCR_GL2_WB | GCR_GLM_INV | GCR_GLM_WB | GCR_GL1_INV | GCR_GLV_INV |
				GCR_GLK_INV | GCR_GLI_INV_ALL)
		},
		want: []uint32{0xC0065800, 0, 0xFFFFFFFF, 0x00FFFFFF, 0, 0, 0x0A, 0xC3B1},
	},
	{
		name: "ACQUIRE_MEM as tinygrad writes it before a dispatch",
		source: "[tg] acquire_mem(gli=0, gl2=0): 0, size lo/hi = all ones, base 0, 0, poll 0; " +
			"GLM_INV|GLM_WB|GLK_INV|GLK_WB|GLV_INV|GL1_INV = 0x3F0 ([kfdai] GCR_CNTL shifts)",
		emit: func(b *Builder) error {
			return b.AcquireMem(AcquireMem{CoherSize: 0xFFFFFFFF, CoherSizeHi: 0xFFFFFFFF,
				GCR: GCR_GLM_INV | GCR_GLM_WB | GCR_GLK_INV | GCR_GLK_WB | GCR_GLV_INV | GCR_GL1_INV})
		},
		want: []uint32{0xC0065800, 0, 0xFFFFFFFF, 0xFFFFFFFF, 0, 0, 0, 0x3F0},
	},
	{
		name:   "CS_PARTIAL_FLUSH",
		source: "[nvd] PACKET3(EVENT_WRITE=0x46, 0), EVENT_TYPE(x)|EVENT_INDEX(x)<<8; [soc12] CS_PARTIAL_FLUSH=7; [tg] index 4 → 0x407",
		emit:   func(b *Builder) error { return b.CSPartialFlush() },
		want:   []uint32{0xC0004600, 0x00000407},
	},
	{
		name:   "EVENT_WRITE with an address",
		source: "[nvd] PACKET3(EVENT_WRITE, 2); [kfdai] PACKET3_EVENT_WRITE__ADDRESS_LO/HI follow the event dword",
		emit: func(b *Builder) error {
			return b.EventWrite(EventWrite{Event: 0x1e, EventIndex: 2, HasAddr: true, Addr: 0x5_0000_0008})
		},
		want: []uint32{0xC0024600, 0x21E, 8, 5},
	},
	{
		name: "WriteData64 = the Linux KIQ fence control",
		source: "[gfx12c] emit_fence_kiq: WRITE_DATA_ENGINE_SEL(0)|WRITE_DATA_DST_SEL(5)|WR_CONFIRM = 0x00100500 " +
			"([nvd] DST_SEL<<8, WR_CONFIRM 1<<20); PACKET3(WRITE_DATA=0x37, 2+2 data − 1 = 4)",
		emit: func(b *Builder) error { return b.WriteData64(0x7_0000_0010, 0xAAAA_BBBB_CCCC_DDDD) },
		want: []uint32{0xC0043700, 0x00100500, 0x10, 7, 0xCCCCDDDD, 0xAAAABBBB},
	},
	{
		name:   "WRITE_DATA to a register, one address",
		source: "[nvd] PACKET3(WRITE_DATA, 2+3 data), WRITE_DATA_DST_SEL(0) register, WR_ONE_ADDR 1<<16, CACHE_POLICY(x)<<25",
		emit: func(b *Builder) error {
			return b.WriteData(WriteData{DstSel: 0, WrOneAddr: true, CachePolicy: 1, EngineSel: 0, Addr: 0x2E00,
				Data: []uint32{1, 2, 3}})
		},
		want: []uint32{0xC0053700, 1<<16 | 1<<25, 0x2E00, 0, 1, 2, 3},
	},
	{
		name:   "CopyData32 memory to memory",
		source: "[radv] COPY_DATA_SRC_SEL(COPY_DATA_SRC_MEM=1)|COPY_DATA_DST_SEL(COPY_DATA_DST_MEM=5)|COPY_DATA_WR_CONFIRM(1<<20); [sid] PKT3(COPY_DATA=0x40, 4)",
		emit:   func(b *Builder) error { return b.CopyData32(0x1_0000_0100, 0x2_0000_0200) },
		want:   []uint32{0xC0044000, 0x00100501, 0x100, 1, 0x200, 2},
	},
	{
		name:   "COPY_DATA 64-bit GPU clock to memory",
		source: "[kfdai] PACKET3_COPY_DATA__SRC_SEL__GPU_CLOCK_COUNT=9, COUNT_SEL 1<<16, DST_SEL<<8",
		emit: func(b *Builder) error {
			return b.CopyData(CopyData{SrcSel: 9, DstSel: CopyDstMemory, CountSel64: true, WrConfirm: true, Dst: 0x3000})
		},
		want: []uint32{0xC0044000, 9 | 5<<8 | 1<<16 | 1<<20, 0, 0, 0x3000, 0},
	},
	{
		name:   "WaitMem ≥ on memory",
		source: "[tg] wait_reg_mem(mem=...): MEM_SPACE(1)|FUNCTION(GEQ=5) = 0x15, addr lo/hi, value, mask, 4; [nvd] PACKET3(WAIT_REG_MEM=0x3C, 5)",
		emit:   func(b *Builder) error { return b.WaitMem(CompareGE, 0x9_0000_0040, 17, 0xFFFFFFFF) },
		want:   []uint32{0xC0053C00, 0x15, 0x40, 9, 17, 0xFFFFFFFF, 4},
	},
	{
		name:   "WAIT_REG_MEM on registers, write-then-wait",
		source: "[nvd] WAIT_REG_MEM_OPERATION(1)<<6 wr_wait_wr_reg, MEM_SPACE 0 register; [kfdai] OPTIMIZE_ACE_OFFLOAD_MODE 1<<31",
		emit: func(b *Builder) error {
			return b.WaitRegMem(WaitRegMem{Function: CompareEQ, Operation: 1, Addr: 0x0000_0020_0000_0010,
				Reference: 1, Mask: 1, PollInterval: 0x20, OptimizeACEOffload: true})
		},
		want: []uint32{0xC0053C00, 3 | 1<<6, 0x10, 0x20, 1, 1, 0x20 | 1<<31},
	},
	{
		name:   "CallIB = tinygrad's submission",
		source: "[tg] PACKET3(INDIRECT_BUFFER=0x3F, 2), data64_le(addr), len | INDIRECT_BUFFER_VALID ([nvd] 1<<23)",
		emit:   func(b *Builder) error { return b.CallIB(0x8_0000_1000, 64) },
		want:   []uint32{0xC0023F00, 0x1000, 8, 0x00800040},
	},
	{
		name:   "INDIRECT_BUFFER with VMID and CHAIN",
		source: "[gfx12c] ring_emit_ib_compute: INDIRECT_BUFFER_VALID | length_dw | vmid<<24; [kfdai] CHAIN 1<<20, CACHE_POLICY<<28, PRIV 1<<31",
		emit: func(b *Builder) error {
			return b.IndirectBuffer(IndirectBuffer{Addr: 0x4000, SizeDwords: 0x100, Valid: true, VMID: 3, Chain: true, CachePolicy: 2, Priv: true})
		},
		want: []uint32{0xC0023F00, 0x4000, 0, 0x100 | 1<<20 | 1<<23 | 3<<24 | 2<<28 | 1<<31},
	},
}

func TestEncodingMatchesSources(t *testing.T) {
	for _, c := range encodingCases {
		t.Run(c.name, func(t *testing.T) {
			buf := make([]uint32, 64)
			b := NewBuilder(buf)
			if err := c.emit(&b); err != nil {
				t.Fatalf("emit: %v (source: %s)", err, c.source)
			}
			if got := b.Words(); !slices.Equal(got, c.want) {
				t.Errorf("dwords\n got %08x\nwant %08x\nsource: %s", got, c.want, c.source)
			}
			// Every packet the builder wrote must decode, and re-encode as a
			// listing without error.
			if _, err := Decode(b.Words()); err != nil {
				t.Errorf("decode: %v", err)
			}
		})
	}
}

// TestLargePaddingUsesFewestNOPs pads 0x4001 dwords: one maximal NOP
// (COUNT 0x3FFE covers 0x4000 dwords, [gfx12c] "Max HW optimization till
// 0x3ffe") and a header-only NOP for the last dword.
func TestLargePaddingUsesFewestNOPs(t *testing.T) {
	buf := make([]uint32, 0x8000)
	b := NewBuilder(buf)
	if err := b.Nop(0x3FFE); err != nil { // 0x3FFF dwords: cursor at 0x3FFF
		t.Fatal(err)
	}
	start := b.Written()
	if err := b.PadTo(0x8000); err != nil {
		t.Fatal(err)
	}
	if b.Written() != 0x8000 {
		t.Fatalf("cursor %#x after PadTo(0x8000)", b.Written())
	}
	pk, err := Decode(b.Words()[start:])
	if err != nil {
		t.Fatal(err)
	}
	if len(pk) != 2 || pk[0].Header != 0xFFFE1000 || pk[1].Header != 0xFFFF1000 {
		t.Fatalf("padding packets: %d, headers %08x %08x", len(pk), pk[0].Header, pk[len(pk)-1].Header)
	}
}
