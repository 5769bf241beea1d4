package pm4

import "zincc/hwreg"

// This file defines the typed packets: one struct per packet kind the
// builder writes and the decoder returns, the bit layout of every control
// dword (as Field tables shared by builder, decoder and disassembler), the
// enumerations those fields use, and the dword position of each value
// inside its packet (for patch tables).

// Event is a VGT_EVENT_TYPE value, carried by EVENT_WRITE and RELEASE_MEM.
type Event uint32

// Event types used on the compute ring (soc24 VGT_EVENT_TYPE enum, as
// generated into tinygrad's soc_12.py). eventNames lists all of them.
const (
	CACHE_FLUSH_TS               Event = 0x04
	CS_PARTIAL_FLUSH             Event = 0x07
	CACHE_FLUSH_AND_INV_TS_EVENT Event = 0x14
	CS_CONTEXT_DONE              Event = 0x23
	BOTTOM_OF_PIPE_TS            Event = 0x28
	CS_DONE                      Event = 0x2F
	THREAD_TRACE_FINISH          Event = 0x37
)

// eventNames names every VGT_EVENT_TYPE value (soc24_enum.h).
var eventNames = []string{
	0x01: "SAMPLE_STREAMOUTSTATS1", 0x02: "SAMPLE_STREAMOUTSTATS2", 0x03: "SAMPLE_STREAMOUTSTATS3",
	0x04: "CACHE_FLUSH_TS", 0x05: "CONTEXT_DONE", 0x06: "CACHE_FLUSH", 0x07: "CS_PARTIAL_FLUSH",
	0x08: "VGT_STREAMOUT_SYNC", 0x09: "EVENT_STATE_CHANGE", 0x0a: "VGT_STREAMOUT_RESET",
	0x0b: "END_OF_PIPE_INCR_DE", 0x0c: "END_OF_PIPE_IB_END", 0x0d: "RST_PIX_CNT", 0x0e: "BREAK_BATCH",
	0x0f: "VS_PARTIAL_FLUSH", 0x10: "PS_PARTIAL_FLUSH", 0x11: "FLUSH_HS_OUTPUT", 0x12: "FLUSH_DFSM",
	0x13: "RESET_TO_LOWEST_VGT", 0x14: "CACHE_FLUSH_AND_INV_TS_EVENT", 0x15: "WAIT_SYNC",
	0x16: "CACHE_FLUSH_AND_INV_EVENT", 0x17: "PERFCOUNTER_START", 0x18: "PERFCOUNTER_STOP",
	0x19: "PIPELINESTAT_START", 0x1a: "PIPELINESTAT_STOP", 0x1b: "PERFCOUNTER_SAMPLE",
	0x1c: "FLUSH_ES_OUTPUT", 0x1d: "BIN_CONF_OVERRIDE_CHECK", 0x1e: "SAMPLE_PIPELINESTAT",
	0x1f: "SO_VGTSTREAMOUT_FLUSH", 0x20: "SAMPLE_STREAMOUTSTATS", 0x21: "RESET_VTX_CNT",
	0x22: "BLOCK_CONTEXT_DONE", 0x23: "CS_CONTEXT_DONE", 0x24: "VGT_FLUSH", 0x25: "TGID_ROLLOVER",
	0x26: "SQ_NON_EVENT", 0x27: "SC_SEND_DB_VPZ", 0x28: "BOTTOM_OF_PIPE_TS", 0x29: "FLUSH_SX_TS",
	0x2a: "DB_CACHE_FLUSH_AND_INV", 0x2b: "FLUSH_AND_INV_DB_DATA_TS", 0x2c: "FLUSH_AND_INV_DB_META",
	0x2d: "FLUSH_AND_INV_CB_DATA_TS", 0x2e: "FLUSH_AND_INV_CB_META", 0x2f: "CS_DONE", 0x30: "PS_DONE",
	0x31: "FLUSH_AND_INV_CB_PIXEL_DATA", 0x32: "SX_CB_RAT_ACK_REQUEST", 0x33: "THREAD_TRACE_START",
	0x34: "THREAD_TRACE_STOP", 0x35: "THREAD_TRACE_MARKER", 0x36: "THREAD_TRACE_DRAW",
	0x37: "THREAD_TRACE_FINISH", 0x38: "PIXEL_PIPE_STAT_CONTROL", 0x39: "PIXEL_PIPE_STAT_DUMP",
	0x3a: "PIXEL_PIPE_STAT_RESET", 0x3b: "CONTEXT_SUSPEND", 0x3c: "OFFCHIP_HS_DEALLOC",
	0x3d: "ENABLE_NGG_PIPELINE", 0x3e: "ENABLE_PIPELINE_NOT_USED", 0x3f: "DRAW_DONE",
}

// String is the event's VGT_EVENT_TYPE name, or its number.
func (e Event) String() string {
	if s := evEventType.Symbol(uint32(e)); s != "" {
		return s
	}
	return hex32(uint32(e))
}

// EVENT_INDEX values (nvd.h EVENT_INDEX comment; RELEASE_MEM enum in
// kfd_pm4_headers_ai.h).
const (
	EventIndexOther        = 0 // any non-TS event
	EventIndexPartialFlush = 4 // *S_PARTIAL_FLUSH
	EventIndexEndOfPipe    = 5 // RELEASE_MEM: TS events, end of pipe
	EventIndexShaderDone   = 6 // RELEASE_MEM: CS_DONE / PS_DONE
)

// GCRCntl is a set of cache actions in the layout of ACQUIRE_MEM's
// GCR_CNTL dword (Linux nvd.h PACKET3_ACQUIRE_MEM_GCR_CNTL_*, mesa
// pkt3.json). RELEASE_MEM takes the same set and the builder moves each
// action to its RELEASE_MEM bit, the way mesa's release helper converts a
// gcr_cntl; see ReleaseMem.
type GCRCntl uint32

// Cache actions (bits of GCRCntl).
const (
	GCR_GLI_INV_ALL        GCRCntl = 1 << 0 // GLI_INV [1:0] = 1: invalidate the instruction cache
	GCR_GLI_INV_RANGE      GCRCntl = 2 << 0
	GCR_GLI_INV_FIRST_LAST GCRCntl = 3 << 0
	GCR_GL1_RANGE_RANGE    GCRCntl = 2 << 2 // GL1_RANGE [3:2]
	GCR_GL1_RANGE_FL       GCRCntl = 3 << 2
	GCR_GLM_WB             GCRCntl = 1 << 4 // metadata cache write-back
	GCR_GLM_INV            GCRCntl = 1 << 5 // metadata cache invalidate
	GCR_GLK_WB             GCRCntl = 1 << 6 // scalar cache write-back
	GCR_GLK_INV            GCRCntl = 1 << 7 // scalar cache invalidate
	GCR_GLV_INV            GCRCntl = 1 << 8 // vector L0 invalidate
	GCR_GL1_INV            GCRCntl = 1 << 9 // GL1 invalidate (mesa skips it on GFX12)
	GCR_GL2_US             GCRCntl = 1 << 10
	GCR_GL2_RANGE_VOL      GCRCntl = 1 << 11 // GL2_RANGE [12:11]: 0 ALL, 1 VOL, 2 RANGE, 3 FIRST_LAST
	GCR_GL2_RANGE_RANGE    GCRCntl = 2 << 11
	GCR_GL2_RANGE_FL       GCRCntl = 3 << 11
	GCR_GL2_DISCARD        GCRCntl = 1 << 13
	GCR_GL2_INV            GCRCntl = 1 << 14 // L2 invalidate
	GCR_GL2_WB             GCRCntl = 1 << 15 // L2 write-back
	GCR_SEQ_FORWARD        GCRCntl = 1 << 16 // SEQ [17:16]: 0 parallel, 1 forward, 2 reverse
	GCR_SEQ_REVERSE        GCRCntl = 2 << 16
	GCR_RANGE_IS_PA        GCRCntl = 1 << 18
)

// GCR_CNTL fields (ACQUIRE_MEM dword 7), derived from the cache-action
// constants above so that each bit position is written once.
var (
	gcrGLIInv     = gcrField("GLI_INV", GCR_GLI_INV_FIRST_LAST, "NOP", "ALL", "RANGE", "FIRST_LAST")
	gcrGL1Range   = gcrField("GL1_RANGE", GCR_GL1_RANGE_FL, "ALL", "", "RANGE", "FIRST_LAST")
	gcrGLMWB      = gcrField("GLM_WB", GCR_GLM_WB)
	gcrGLMInv     = gcrField("GLM_INV", GCR_GLM_INV)
	gcrGLKWB      = gcrField("GLK_WB", GCR_GLK_WB)
	gcrGLKInv     = gcrField("GLK_INV", GCR_GLK_INV)
	gcrGLVInv     = gcrField("GLV_INV", GCR_GLV_INV)
	gcrGL1Inv     = gcrField("GL1_INV", GCR_GL1_INV)
	gcrGL2US      = gcrField("GL2_US", GCR_GL2_US)
	gcrGL2Range   = gcrField("GL2_RANGE", GCR_GL2_RANGE_FL, gl2RangeEnum...)
	gcrGL2Discard = gcrField("GL2_DISCARD", GCR_GL2_DISCARD)
	gcrGL2Inv     = gcrField("GL2_INV", GCR_GL2_INV)
	gcrGL2WB      = gcrField("GL2_WB", GCR_GL2_WB)
	gcrSeq        = gcrField("SEQ", GCR_SEQ_FORWARD|GCR_SEQ_REVERSE, seqEnum...)
	gcrRangeIsPA  = gcrField("RANGE_IS_PA", GCR_RANGE_IS_PA)

	gcrFields = []Field{gcrGLIInv, gcrGL1Range, gcrGLMWB, gcrGLMInv, gcrGLKWB, gcrGLKInv, gcrGLVInv,
		gcrGL1Inv, gcrGL2US, gcrGL2Range, gcrGL2Discard, gcrGL2Inv, gcrGL2WB, gcrSeq, gcrRangeIsPA}

	// gcrMask is every bit GCR_CNTL defines (bits 18:0).
	gcrMask = GCRCntl(fieldsMask(gcrFields))

	gl2RangeEnum = []string{"ALL", "VOL", "RANGE", "FIRST_LAST"}
	seqEnum      = []string{"PARALLEL", "FORWARD", "REVERSE"}
)

// gcrField is the GCR_CNTL field whose bits are those of mask (every value
// of a multi-bit field ORed together), with names for its values.
func gcrField(name string, mask GCRCntl, enum ...string) Field {
	f := hwreg.MaskField(name, uint32(mask))
	f.Enum = enum
	return f
}

// Common enumerations.
var (
	cachePolicyEnum = []string{"LRU", "STREAM", "NOA", "BYPASS"}
	engineEnum      = []string{"ME", "PFP", "CE"}
)

// SetShReg is a SET_SH_REG packet: Values written to consecutive SH
// registers starting at Reg.
//
//	dw1: REG_OFFSET [15:0], VMID_SHIFT [27:23], INDEX [31:28] (kfd_pm4_headers_ai.h / pm4_nv.py)
//	dw2..: one value per register
type SetShReg struct {
	Reg       Reg
	VMIDShift uint32
	Index     uint32
	Values    []uint32
}

var (
	shRegOffset    = hexBits("REG_OFFSET", 0, 15)
	shRegVMIDShift = bits("VMID_SHIFT", 23, 27)
	shRegIndex     = bits("INDEX", 28, 31)
	setShRegDw1    = []Field{shRegOffset, shRegVMIDShift, shRegIndex}
)

// Nop is a NOP packet. An empty Payload is the header-only NOP 0xFFFF1000.
type Nop struct {
	Payload []uint32
}

// DispatchDirect is DISPATCH_DIRECT: DimX/Y/Z workgroups (threads with
// USE_THREAD_DIMENSIONS; end values when COMPUTE_START_* is used) and the
// COMPUTE_DISPATCH_INITIATOR value (radv radv_emit_dispatch_packets, nvd.h).
type DispatchDirect struct {
	DimX, DimY, DimZ uint32
	Initiator        uint32
}

// DispatchIndirect is the compute-ring (MEC) DISPATCH_INDIRECT: the group
// counts are three dwords at Addr (radv).
type DispatchIndirect struct {
	Addr      uint64
	Initiator uint32
}

// ReleaseMem is RELEASE_MEM: when Event has passed through the pipe
// (EventIndexEndOfPipe: all prior work done), perform the cache actions,
// then write Data (per DataSel) to Addr and raise the interrupt IntSel
// asks for. Layout: Linux nvd.h PACKET3_RELEASE_MEM_*, kfd_pm4_headers_ai.h
// pm4_mec_release_mem, mesa pkt3.json.
//
//	dw1: EVENT_TYPE [5:0], EVENT_INDEX [11:8], cache actions [24:12],
//	     CACHE_POLICY [26:25], EXECUTE [29:28]
//	dw2: DST_SEL [17:16], INT_SEL [26:24], DATA_SEL [31:29]
//	dw3, dw4: address lo, hi; dw5, dw6: data lo, hi; dw7: INT_CTXID
//
// Cache actions are given as a GCRCntl and land at these dw1 bits:
// GLM_WB 12, GLM_INV 13, GLV_INV 14, GL1_INV 15, GL2_US 16, GL2_RANGE 18:17,
// GL2_DISCARD 19, GL2_INV 20, GL2_WB 21, SEQ 23:22, GLK_WB 24. GLI_INV,
// GL1_RANGE, GLK_INV and RANGE_IS_PA have no RELEASE_MEM bit here (GLK_INV's
// gfx12 position is UNCONFIRMED) and are rejected by the builder.
type ReleaseMem struct {
	Event       Event
	EventIndex  uint32
	GCR         GCRCntl
	CachePolicy uint32
	Execute     uint32 // [29:28]; nvd.h: EXECUTE = 1<<28, EXECUTE_GFX11 = 3<<28
	DstSel      uint32 // 0 memory controller, 1 TC_L2, 2/3 queue write pointer
	IntSel      uint32 // 0 none, 1 interrupt only, 2 interrupt after write confirm, ...
	DataSel     uint32 // 0 none, 1 low 32 bits, 2 64 bits, 3 GPU clock, 4 perf counter, 5 GDS
	Addr        uint64
	Data        uint64
	IntCtxID    uint32
}

// RELEASE_MEM DATA_SEL values (nvd.h PACKET3_RELEASE_MEM_DATA_SEL comment).
const (
	DataSelNone     = 0
	DataSelValue32  = 1
	DataSelValue64  = 2
	DataSelGPUClock = 3
)

var (
	relEventType   = Field{Name: "EVENT_TYPE", Lo: 0, Hi: 5, Enum: eventNames}
	relEventIndex  = bits("EVENT_INDEX", 8, 11)
	relGLMWB       = bit("GLM_WB", 12)
	relGLMInv      = bit("GLM_INV", 13)
	relGLVInv      = bit("GLV_INV", 14)
	relGL1Inv      = bit("GL1_INV", 15)
	relGL2US       = bit("GL2_US", 16)
	relGL2Range    = Field{Name: "GL2_RANGE", Lo: 17, Hi: 18, Enum: gl2RangeEnum}
	relGL2Discard  = bit("GL2_DISCARD", 19)
	relGL2Inv      = bit("GL2_INV", 20)
	relGL2WB       = bit("GL2_WB", 21)
	relSeq         = Field{Name: "SEQ", Lo: 22, Hi: 23, Enum: seqEnum}
	relGLKWB       = bit("GLK_WB", 24)
	relCachePolicy = Field{Name: "CACHE_POLICY", Lo: 25, Hi: 26, Enum: cachePolicyEnum}
	relExecute     = bits("EXECUTE", 28, 29)
	releaseMemDw1  = []Field{relEventType, relEventIndex, relGLMWB, relGLMInv, relGLVInv, relGL1Inv,
		relGL2US, relGL2Range, relGL2Discard, relGL2Inv, relGL2WB, relSeq, relGLKWB, relCachePolicy, relExecute}

	relDstSel = Field{Name: "DST_SEL", Lo: 16, Hi: 17, Enum: []string{"MEMORY", "TC_L2", "QUEUE_WPTR", "QUEUE_WPTR_POLL_MASK"}}
	relIntSel = Field{Name: "INT_SEL", Lo: 24, Hi: 26, Enum: []string{"NONE", "INT_ONLY",
		"INT_AFTER_WR_CONFIRM", "DATA_AFTER_WR_CONFIRM", "INT_CTXID", "INT_CTXID_CMP32", "INT_CTXID_CMP64"}}
	relDataSel = Field{Name: "DATA_SEL", Lo: 29, Hi: 31, Enum: []string{"NONE", "VALUE_32BIT",
		"VALUE_64BIT", "GPU_CLOCK", "PERF_COUNTER", "GDS"}}
	releaseMemDw2 = []Field{relDstSel, relIntSel, relDataSel}
)

// gcrToRelease maps each GCR_CNTL field that RELEASE_MEM has to the
// RELEASE_MEM dw1 field holding it.
var gcrToRelease = []struct{ gcr, rel Field }{
	{gcrGLMWB, relGLMWB}, {gcrGLMInv, relGLMInv}, {gcrGLKWB, relGLKWB},
	{gcrGLVInv, relGLVInv}, {gcrGL1Inv, relGL1Inv}, {gcrGL2US, relGL2US},
	{gcrGL2Range, relGL2Range}, {gcrGL2Discard, relGL2Discard}, {gcrGL2Inv, relGL2Inv},
	{gcrGL2WB, relGL2WB}, {gcrSeq, relSeq},
}

// releaseGCRMask is the part of a GCRCntl that RELEASE_MEM can express.
var releaseGCRMask = func() (m GCRCntl) {
	for _, e := range gcrToRelease {
		m |= GCRCntl(e.gcr.Mask())
	}
	return m
}()

// AcquireMem is the gfx10+ ACQUIRE_MEM (COUNT 6): make memory written
// before it visible to what follows by performing the GCR cache actions
// over the range (CoherSize = 0xFFFFFFFF etc. means everything).
// Layout: kfd_pm4_headers_ai.h / pm4_nv.py, Linux gfx_v12_0.c emit_mem_sync.
//
//	dw1: COHER_CNTL [30:0] (0 on gfx10+), ENGINE_SEL [31] (mesa: 1 = ME)
//	dw2: COHER_SIZE, dw3: COHER_SIZE_HI, dw4: COHER_BASE_LO, dw5: COHER_BASE_HI
//	dw6: POLL_INTERVAL [15:0], dw7: GCR_CNTL [18:0]
//
// The size and base dwords are kept whole: drivers write all-ones into
// COHER_SIZE_HI although its field is [7:0].
type AcquireMem struct {
	CoherCntl    uint32
	EngineSel    uint32
	CoherSize    uint32
	CoherSizeHi  uint32
	CoherBase    uint32
	CoherBaseHi  uint32
	PollInterval uint32
	GCR          GCRCntl
}

var (
	acqCoherCntl    = hexBits("COHER_CNTL", 0, 30)
	acqEngineSel    = Field{Name: "ENGINE_SEL", Lo: 31, Hi: 31, Enum: []string{"PFP", "ME"}}
	acquireMemDw1   = []Field{acqCoherCntl, acqEngineSel}
	acqPollInterval = bits("POLL_INTERVAL", 0, 15)
	acquireMemDw6   = []Field{acqPollInterval}
)

// EventWrite is EVENT_WRITE: signal Event to the pipeline; e.g.
// CS_PARTIAL_FLUSH with EventIndexPartialFlush waits for earlier compute
// waves. Some events carry an address (body of 3 dwords); HasAddr says so.
//
//	dw1: EVENT_TYPE [5:0], EVENT_INDEX [11:8] (nvd.h)
//	dw2, dw3: address lo, hi (only when HasAddr)
type EventWrite struct {
	Event      Event
	EventIndex uint32
	HasAddr    bool
	Addr       uint64
}

var (
	evEventType   = Field{Name: "EVENT_TYPE", Lo: 0, Hi: 5, Enum: eventNames}
	evEventIndex  = bits("EVENT_INDEX", 8, 11)
	eventWriteDw1 = []Field{evEventType, evEventIndex}
)

// WriteData is WRITE_DATA: write Data to Addr when the CP reaches the
// packet (it does not wait for earlier waves). Layout: nvd.h WRITE_DATA_*,
// kfd_pm4_headers_ai.h.
//
//	dw1: DST_SEL [11:8], WR_ONE_ADDR [16], WR_CONFIRM [20],
//	     CACHE_POLICY [26:25], ENGINE_SEL [31:30]
//	dw2, dw3: destination lo, hi (register offset and 0 for DST_SEL 0)
//	dw4..: data
type WriteData struct {
	DstSel      uint32
	WrOneAddr   bool
	WrConfirm   bool
	CachePolicy uint32
	EngineSel   uint32
	Addr        uint64
	Data        []uint32
}

// WRITE_DATA DST_SEL values (nvd.h).
const (
	WriteDstRegister = 0
	WriteDstTCL2     = 2
	WriteDstMemory   = 5
)

var (
	wdDstSel      = Field{Name: "DST_SEL", Lo: 8, Hi: 11, Enum: []string{"REGISTER", "MEMORY_GRBM", "TC_L2", "GDS", "", "MEMORY", "MEM_MAPPED_ADC"}}
	wdWrOneAddr   = bit("WR_ONE_ADDR", 16)
	wdWrConfirm   = bit("WR_CONFIRM", 20)
	wdCachePolicy = Field{Name: "CACHE_POLICY", Lo: 25, Hi: 26, Enum: cachePolicyEnum}
	wdEngineSel   = Field{Name: "ENGINE_SEL", Lo: 30, Hi: 31, Enum: engineEnum}
	writeDataDw1  = []Field{wdDstSel, wdWrOneAddr, wdWrConfirm, wdCachePolicy, wdEngineSel}
)

// CopyData is COPY_DATA: copy 32 (or 64, CountSel64) bits from Src to Dst.
// Layout: kfd_pm4_headers_ai.h / pm4_nv.py, mesa sid.h COPY_DATA_*.
//
//	dw1: SRC_SEL [3:0], DST_SEL [11:8], SRC_CACHE_POLICY [14:13],
//	     COUNT_SEL [16], WR_CONFIRM [20], DST_CACHE_POLICY [26:25],
//	     PQ_EXE_STATUS [29], ENGINE_SEL [30] (1 = PFP)
//	dw2, dw3: source lo, hi (address, register offset or immediate)
//	dw4, dw5: destination lo, hi
type CopyData struct {
	SrcSel         uint32
	DstSel         uint32
	SrcCachePolicy uint32
	CountSel64     bool
	WrConfirm      bool
	DstCachePolicy uint32
	PQExeStatus    bool
	EnginePFP      bool
	Src            uint64
	Dst            uint64
}

// COPY_DATA selectors (mesa sid.h COPY_DATA_SRC_MEM / COPY_DATA_DST_MEM).
const (
	CopySrcRegister  = 0
	CopySrcMemory    = 1
	CopySrcImmediate = 5
	CopyDstRegister  = 0
	CopyDstMemory    = 5
)

var (
	cdSrcSel = Field{Name: "SRC_SEL", Lo: 0, Hi: 3, Enum: []string{"REGISTER", "MEMORY", "TC_L2", "GDS",
		"PERFCOUNTERS", "IMMEDIATE", "ATOMIC_RETURN", "GDS_ATOMIC_RETURN0", "GDS_ATOMIC_RETURN1",
		"GPU_CLOCK", "SYSTEM_CLOCK"}}
	cdDstSel = Field{Name: "DST_SEL", Lo: 8, Hi: 11, Enum: []string{"REGISTER", "MEMORY_GRBM", "TC_L2",
		"GDS", "PERFCOUNTERS", "MEMORY", "MEM_MAPPED_REG_DC"}}
	cdSrcCachePolicy = Field{Name: "SRC_CACHE_POLICY", Lo: 13, Hi: 14, Enum: cachePolicyEnum}
	cdCountSel       = bit("COUNT_SEL", 16)
	cdWrConfirm      = bit("WR_CONFIRM", 20)
	cdDstCachePolicy = Field{Name: "DST_CACHE_POLICY", Lo: 25, Hi: 26, Enum: cachePolicyEnum}
	cdPQExeStatus    = bit("PQ_EXE_STATUS", 29)
	cdEnginePFP      = bit("ENGINE_PFP", 30)
	copyDataDw1      = []Field{cdSrcSel, cdDstSel, cdSrcCachePolicy, cdCountSel, cdWrConfirm,
		cdDstCachePolicy, cdPQExeStatus, cdEnginePFP}
)

// Compare is WAIT_REG_MEM's FUNCTION: how (value & Mask) is compared with
// Reference (nvd.h WAIT_REG_MEM_FUNCTION).
type Compare uint32

// Comparison functions.
const (
	CompareAlways Compare = 0
	CompareLT     Compare = 1
	CompareLE     Compare = 2
	CompareEQ     Compare = 3
	CompareNE     Compare = 4
	CompareGE     Compare = 5
	CompareGT     Compare = 6
)

// WaitRegMem is WAIT_REG_MEM: stall until (*Addr & Mask) Function
// Reference holds, polling every PollInterval. Layout: nvd.h
// WAIT_REG_MEM_*, kfd_pm4_headers_ai.h / pm4_nv.py.
//
//	dw1: FUNCTION [2:0], MEM_SPACE [5:4] (0 register, 1 memory),
//	     OPERATION [7:6], ENGINE_SEL [8] (0 ME; compute has no PFP),
//	     CACHE_POLICY [26:25]
//	dw2, dw3: poll address lo, hi (MEM_SPACE 0: poll register, write register)
//	dw4: REFERENCE, dw5: MASK, dw6: POLL_INTERVAL [15:0], OPTIMIZE_ACE_OFFLOAD_MODE [31]
type WaitRegMem struct {
	Function           Compare
	MemSpace           uint32
	Operation          uint32
	EngineSel          uint32
	CachePolicy        uint32
	Addr               uint64
	Reference          uint32
	Mask               uint32
	PollInterval       uint32
	OptimizeACEOffload bool
}

var (
	wrmFunction    = Field{Name: "FUNCTION", Lo: 0, Hi: 2, Enum: []string{"ALWAYS", "LT", "LE", "EQ", "NE", "GE", "GT"}}
	wrmMemSpace    = Field{Name: "MEM_SPACE", Lo: 4, Hi: 5, Enum: []string{"REGISTER", "MEMORY"}}
	wrmOperation   = Field{Name: "OPERATION", Lo: 6, Hi: 7, Enum: []string{"WAIT", "WR_WAIT_WR_REG", "", "WAIT_MEM_PREEMPTABLE"}}
	wrmEngineSel   = Field{Name: "ENGINE_SEL", Lo: 8, Hi: 8, Enum: []string{"ME", "PFP"}}
	wrmCachePolicy = Field{Name: "CACHE_POLICY", Lo: 25, Hi: 26, Enum: cachePolicyEnum}
	waitRegMemDw1  = []Field{wrmFunction, wrmMemSpace, wrmOperation, wrmEngineSel, wrmCachePolicy}

	wrmPollInterval = bits("POLL_INTERVAL", 0, 15)
	wrmOptimizeACE  = bit("OPTIMIZE_ACE_OFFLOAD_MODE", 31)
	waitRegMemDw6   = []Field{wrmPollInterval, wrmOptimizeACE}
)

// IndirectBuffer is INDIRECT_BUFFER: execute SizeDwords dwords at Addr
// (dword aligned), then continue after this packet (or not, with Chain).
// Layout: kfd_pm4_headers_ai.h / pm4_nv.py, nvd.h INDIRECT_BUFFER_*, Linux
// gfx_v12_0.c ring_emit_ib_compute.
//
//	dw1: SWAP [1:0] (Linux sets 2 on big-endian hosts), IB_BASE_LO [31:2]
//	dw2: IB_BASE_HI
//	dw3: IB_SIZE [19:0], CHAIN [20], PRE_ENA [21], INHERIT_VMID_MQD_GFX [22],
//	     VALID (VALID_COMPUTE) [23], VMID [27:24], CACHE_POLICY [29:28],
//	     INHERIT_VMID_MQD_COMPUTE [30], PRIV [31]
//
// Bits 22 and 30 are user-queue only: mesa sid.h names them
// S_3F3_INHERIT_VMID_MQD_GFX and S_3F3_INHERIT_VMID_MQD_COMPUTE ("userqueue
// only"), and mesa's and libdrm/IGT's user-queue submission
// (lib/amdgpu/amd_ip_blocks.c user_queue_submit) set VALID_COMPUTE |
// INHERIT_VMID_MQD_COMPUTE on every compute IB, so the CP takes the VMID
// from the queue's MQD instead of the packet's VMID field (0).
//
// CHAIN semantics beyond mesa's use for chaining command-stream chunks are
// UNCONFIRMED; the compute queue has no IB2, so an IB inside an IB must chain.
type IndirectBuffer struct {
	Addr        uint64
	Swap        uint32
	SizeDwords  uint32
	Chain       bool
	PreEna      bool
	Valid       bool
	VMID        uint32
	CachePolicy uint32
	Priv        bool
	// InheritVMIDGFX (bit 22) and InheritVMIDCompute (bit 30) make a user
	// queue's CP run the IB in the VMID of the queue's MQD.
	InheritVMIDGFX     bool
	InheritVMIDCompute bool
}

// MaxIBDwords is the largest IB an INDIRECT_BUFFER packet can name:
// IB_SIZE is 20 bits.
const MaxIBDwords = 1<<20 - 1

var (
	ibSwap        = bits("SWAP", 0, 1)
	ibSize        = bits("IB_SIZE", 0, 19)
	ibChain       = bit("CHAIN", 20)
	ibPreEna      = bit("PRE_ENA", 21)
	ibValid       = bit("VALID", 23)
	ibVMID        = bits("VMID", 24, 27)
	ibCachePolicy = Field{Name: "CACHE_POLICY", Lo: 28, Hi: 29, Enum: []string{"LRU", "STREAM", "BYPASS", ""}}
	ibPriv        = bit("PRIV", 31)
	ibInheritGFX  = bit("INHERIT_VMID_MQD_GFX", 22)
	ibInheritCS   = bit("INHERIT_VMID_MQD_COMPUTE", 30)
	ibDw3         = []Field{ibSize, ibChain, ibPreEna, ibInheritGFX, ibValid, ibVMID, ibCachePolicy, ibInheritCS, ibPriv}
)

// Dword positions of values inside packets, counted from the packet's
// header (position 0). A caller that needs to rewrite a value later (a
// patch table) records b.Written() before emitting the packet and adds the
// position: after
//
//	at := b.Written()
//	b.SetShReg(pm4.COMPUTE_USER_DATA_0, lo, hi)
//
// lo is at ib[at+PosSetShRegValues] and hi at ib[at+PosSetShRegValues+1].
const (
	PosSetShRegOffset        = 1 // SET_SH_REG: register offset dword
	PosSetShRegValues        = 2 // SET_SH_REG: first value; value i at +i
	PosDispatchDimX          = 1 // DISPATCH_DIRECT: DIM_X; DIM_Y, DIM_Z follow
	PosDispatchInitiator     = 4 // DISPATCH_DIRECT: COMPUTE_DISPATCH_INITIATOR
	PosDispatchIndirectAddr  = 1 // DISPATCH_INDIRECT: args address lo, hi
	PosDispatchIndirectInit  = 3 // DISPATCH_INDIRECT: initiator
	PosReleaseMemAddr        = 3 // RELEASE_MEM: address lo, hi
	PosReleaseMemData        = 5 // RELEASE_MEM: data lo, hi
	PosWriteDataAddr         = 2 // WRITE_DATA: destination lo, hi
	PosWriteDataData         = 4 // WRITE_DATA: first data dword
	PosCopyDataSrc           = 2 // COPY_DATA: source lo, hi
	PosCopyDataDst           = 4 // COPY_DATA: destination lo, hi
	PosWaitRegMemAddr        = 2 // WAIT_REG_MEM: poll address lo, hi
	PosWaitRegMemReference   = 4 // WAIT_REG_MEM: reference value
	PosIndirectBufferAddr    = 1 // INDIRECT_BUFFER: IB address lo, hi
	PosIndirectBufferControl = 3 // INDIRECT_BUFFER: size/flags dword
	PosEventWriteEvent       = 1 // EVENT_WRITE: event dword
	PosAcquireMemGCR         = 7 // ACQUIRE_MEM: GCR_CNTL
	PosNopPayload            = 1 // NOP: first payload dword
)

// Body lengths (dwords after the header) of the fixed-size packets.
const (
	bodyDispatchDirect   = 4
	bodyDispatchIndirect = 3
	bodyReleaseMem       = 7
	bodyAcquireMem       = 7
	bodyCopyData         = 5
	bodyWaitRegMem       = 6
	bodyIndirectBuffer   = 3
)
