package pm4

import "fmt"

// Opcode is a type-3 packet's IT_OPCODE (header bits 15:8).
type Opcode uint8

// Opcodes this package builds and decodes into typed packets. Values from
// Linux nvd.h (PACKET3_*) and mesa sid.h (PKT3_*), which agree.
const (
	OpNOP              Opcode = 0x10
	OpDispatchDirect   Opcode = 0x15
	OpDispatchIndirect Opcode = 0x16
	OpWriteData        Opcode = 0x37
	OpWaitRegMem       Opcode = 0x3C
	OpIndirectBuffer   Opcode = 0x3F
	OpCopyData         Opcode = 0x40
	OpDMAData          Opcode = 0x50
	OpHDPFlush         Opcode = 0x95
	OpEventWrite       Opcode = 0x46
	OpReleaseMem       Opcode = 0x49
	OpAcquireMem       Opcode = 0x58
	OpSetShReg         Opcode = 0x76
	OpSetUconfigReg    Opcode = 0x79
)

// opNames names every opcode the public headers define, so that the
// disassembler can name packets it does not decode field by field. Sources:
// Linux nvd.h, mesa sid.h; GFX11/12-only entries (0xA7..0xEF) from sid.h and
// gfx_v12_0.c as collected in shared/ref/pm4-gfx12.md §2.1. Where a value has
// two names (0x33, 0x3F, 0x8C, 0x8D) the compute-relevant one is used.
var opNames = [256]string{
	0x10: "NOP", 0x11: "SET_BASE", 0x12: "CLEAR_STATE", 0x13: "INDEX_BUFFER_SIZE",
	0x15: "DISPATCH_DIRECT", 0x16: "DISPATCH_INDIRECT", 0x17: "INDIRECT_BUFFER_END",
	0x19: "INDIRECT_BUFFER_CNST_END", 0x1D: "ATOMIC_GDS", 0x1E: "ATOMIC_MEM",
	0x1F: "OCCLUSION_QUERY", 0x20: "SET_PREDICATION", 0x21: "REG_RMW", 0x22: "COND_EXEC",
	0x23: "PRED_EXEC", 0x24: "DRAW_INDIRECT", 0x25: "DRAW_INDEX_INDIRECT", 0x26: "INDEX_BASE",
	0x27: "DRAW_INDEX_2", 0x28: "CONTEXT_CONTROL", 0x2A: "INDEX_TYPE", 0x2C: "DRAW_INDIRECT_MULTI",
	0x2D: "DRAW_INDEX_AUTO", 0x2F: "NUM_INSTANCES", 0x30: "DRAW_INDEX_MULTI_AUTO",
	0x32: "INDIRECT_BUFFER_PRIV", 0x33: "INDIRECT_BUFFER_CNST", 0x34: "STRMOUT_BUFFER_UPDATE",
	0x35: "DRAW_INDEX_OFFSET_2", 0x36: "DRAW_PREAMBLE", 0x37: "WRITE_DATA",
	0x38: "DRAW_INDEX_INDIRECT_MULTI", 0x39: "MEM_SEMAPHORE", 0x3A: "DRAW_INDEX_MULTI_INST",
	0x3B: "COPY_DW", 0x3C: "WAIT_REG_MEM", 0x3F: "INDIRECT_BUFFER", 0x40: "COPY_DATA",
	0x41: "CP_DMA", 0x42: "PFP_SYNC_ME", 0x43: "SURFACE_SYNC", 0x44: "ME_INITIALIZE",
	0x45: "COND_WRITE", 0x46: "EVENT_WRITE", 0x47: "EVENT_WRITE_EOP", 0x48: "EVENT_WRITE_EOS",
	0x49: "RELEASE_MEM", 0x4A: "PREAMBLE_CNTL", 0x4C: "DISPATCH_MESH_INDIRECT_MULTI",
	0x4D: "DISPATCH_TASKMESH_GFX", 0x4E: "DISPATCH_MESH_DIRECT", 0x50: "DMA_DATA",
	0x51: "CONTEXT_REG_RMW", 0x52: "GFX_CNTX_UPDATE", 0x53: "BLK_CNTX_UPDATE",
	0x55: "INCR_UPDT_STATE", 0x58: "ACQUIRE_MEM", 0x59: "REWIND", 0x5A: "INTERRUPT",
	0x5B: "GEN_PDEPTE", 0x5C: "INDIRECT_BUFFER_PASID", 0x5D: "PRIME_UTCL2",
	0x5E: "LOAD_UCONFIG_REG", 0x5F: "LOAD_SH_REG", 0x60: "LOAD_CONFIG_REG",
	0x61: "LOAD_CONTEXT_REG", 0x62: "LOAD_COMPUTE_STATE", 0x63: "LOAD_SH_REG_INDEX",
	0x68: "SET_CONFIG_REG", 0x69: "SET_CONTEXT_REG", 0x6A: "SET_CONTEXT_REG_INDEX",
	0x71: "SET_VGPR_REG_DI_MULTI", 0x72: "SET_SH_REG_DI", 0x73: "SET_CONTEXT_REG_INDIRECT",
	0x74: "SET_SH_REG_DI_MULTI", 0x75: "GFX_PIPE_LOCK", 0x76: "SET_SH_REG",
	0x77: "SET_SH_REG_OFFSET", 0x78: "SET_QUEUE_REG", 0x79: "SET_UCONFIG_REG",
	0x7A: "SET_UCONFIG_REG_INDEX", 0x7C: "FORWARD_HEADER", 0x7D: "SCRATCH_RAM_WRITE",
	0x7E: "SCRATCH_RAM_READ", 0x80: "LOAD_CONST_RAM", 0x81: "WRITE_CONST_RAM",
	0x83: "DUMP_CONST_RAM", 0x84: "INCREMENT_CE_COUNTER", 0x85: "INCREMENT_DE_COUNTER",
	0x86: "WAIT_ON_CE_COUNTER", 0x88: "WAIT_ON_DE_COUNTER_DIFF", 0x8B: "SWITCH_BUFFER",
	0x8C: "DISPATCH_DRAW_PREAMBLE", 0x8D: "DISPATCH_DRAW", 0x8E: "GET_LOD_STATS",
	0x8F: "DRAW_MULTI_PREAMBLE", 0x90: "FRAME_CONTROL", 0x91: "INDEX_ATTRIBUTES_INDIRECT",
	0x93: "WAIT_REG_MEM64", 0x94: "COND_PREEMPT", 0x95: "HDP_FLUSH", 0x96: "COPY_DATA_RB",
	0x98: "INVALIDATE_TLBS", 0x99: "AQL_PACKET", 0x9A: "DMA_DATA_FILL_MULTI",
	0x9B: "SET_SH_REG_INDEX", 0x9C: "DRAW_INDIRECT_COUNT_MULTI",
	0x9D: "DRAW_INDEX_INDIRECT_COUNT_MULTI", 0x9E: "DUMP_CONST_RAM_OFFSET",
	0x9F: "LOAD_CONTEXT_REG_INDEX", 0xA0: "SET_RESOURCES", 0xA1: "MAP_PROCESS",
	0xA2: "MAP_QUEUES", 0xA3: "UNMAP_QUEUES", 0xA4: "QUERY_STATUS", 0xA5: "RUN_LIST",
	0xA6: "MAP_PROCESS_VM", 0xA7: "DISPATCH_DIRECT_INTERLEAVED",
	0xA8: "DISPATCH_INDIRECT_INTERLEAVED", 0xA9: "DISPATCH_TASK_STATE_INIT",
	0xAA: "DISPATCH_TASKMESH_DIRECT_ACE", 0xAD: "DISPATCH_TASKMESH_INDIRECT_MULTI_ACE",
	0xB1: "EVENT_WRITE_ZPASS", 0xB8: "SET_CONTEXT_REG_PAIRS", 0xB9: "SET_CONTEXT_REG_PAIRS_PACKED",
	0xBA: "SET_SH_REG_PAIRS", 0xBB: "SET_SH_REG_PAIRS_PACKED", 0xBD: "SET_SH_REG_PAIRS_PACKED_N",
	0xBE: "SET_UCONFIG_REG_PAIRS", 0xD2: "RUN_CLEANER_SHADER", 0xEF: "UPDATE_DB_SUMMARIZER_TIMEOUT",
	0xF0: "SET_Q_PREEMPTION_MODE",
}

// unknownNames holds "UNKNOWN_0xNN" for every opcode, built once so naming
// an unknown packet does not allocate.
var unknownNames = func() (n [256]string) {
	for i := range n {
		n[i] = fmt.Sprintf("UNKNOWN_0x%02X", i)
	}
	return n
}()

// String is the opcode's name, or UNKNOWN_0xNN when no public header names it.
func (o Opcode) String() string {
	if s := opNames[o]; s != "" {
		return s
	}
	return unknownNames[o]
}

// Known reports whether a public header names the opcode.
func (o Opcode) Known() bool { return opNames[o] != "" }

// Header is a PM4 packet header dword.
//
//	31:30 TYPE (3 for type-3 packets)
//	29:16 COUNT: body dwords − 1
//	15:8  IT_OPCODE
//	2     RESET_FILTER_CAM (gfx11+)
//	1     SHADER_TYPE (1 = compute; Linux PACKET3_COMPUTE)
//	0     PREDICATE
//
// Sources: Linux nvd.h (CP_PACKET_GET_*, PACKET3, PACKET3_COMPUTE), mesa
// sid.h (PKT3_SHADER_TYPE_S, PKT3_RESET_FILTER_CAM_S, PKT3_PREDICATE).
type Header uint32

// Header fields.
var (
	hdrType           = bits("TYPE", 30, 31)
	hdrCount          = bits("COUNT", 16, 29)
	hdrOpcode         = bits("IT_OPCODE", 8, 15)
	hdrReserved       = bits("RESERVED", 3, 7)
	hdrResetFilterCam = bit("RESET_FILTER_CAM", 2)
	hdrShaderType     = bit("SHADER_TYPE", 1)
	hdrPredicate      = bit("PREDICATE", 0)
)

// HeaderOnlyNOP is the single-dword NOP: PKT3(NOP, 0x3FFF), mesa's
// PKT3_NOP_PAD "header-only version", the gfx12 ring nop in Linux.
const HeaderOnlyNOP Header = 0xFFFF1000

// headerOnlyCount is the COUNT value that makes a NOP header-only.
const headerOnlyCount = 0x3FFF

// MaxBody is the most body dwords a type-3 packet can carry (COUNT 0x3FFF).
// A NOP carries at most MaxBody−1, because COUNT 0x3FFF marks the
// header-only NOP.
const MaxBody = 0x4000

// Type3 returns the type-3 header for opcode op with raw COUNT field count
// (body dwords − 1), like PACKET3(op, count) in Linux nvd.h. Bits of count
// above 14 are dropped.
func Type3(op Opcode, count uint32) Header {
	return Header(3<<30 | (count&0x3FFF)<<16 | uint32(op)<<8)
}

// Type returns the packet type (bits 31:30).
func (h Header) Type() int { return int(hdrType.Get(uint32(h))) }

// Count returns the raw COUNT field (bits 29:16).
func (h Header) Count() int { return int(hdrCount.Get(uint32(h))) }

// Opcode returns IT_OPCODE (bits 15:8).
func (h Header) Opcode() Opcode { return Opcode(hdrOpcode.Get(uint32(h))) }

// BodyLen is the number of dwords after the header: COUNT+1, except 0 for
// the header-only NOP.
func (h Header) BodyLen() int {
	if h.Opcode() == OpNOP && h.Count() == headerOnlyCount {
		return 0
	}
	return h.Count() + 1
}

// Predicate reports bit 0 (PREDICATE).
func (h Header) Predicate() bool { return hdrPredicate.Get(uint32(h)) != 0 }

// ShaderTypeCompute reports bit 1 (SHADER_TYPE = compute).
func (h Header) ShaderTypeCompute() bool { return hdrShaderType.Get(uint32(h)) != 0 }

// ResetFilterCam reports bit 2 (RESET_FILTER_CAM, gfx11+).
func (h Header) ResetFilterCam() bool { return hdrResetFilterCam.Get(uint32(h)) != 0 }

// ReservedBits returns header bits 7:3, which are 0 in every header the
// public drivers write.
func (h Header) ReservedBits() uint32 { return uint32(h) & hdrReserved.Mask() }
