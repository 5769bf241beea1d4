package pm4

import (
	"fmt"

	"zincc/hwreg"
)

// Reg is a register in the SH window, named by its dword offset from
// SHRegBase: the number SET_SH_REG carries in its first body dword.
// COMPUTE_PGM_LO is 0x20C because its dword address is 0x2E0C.
type Reg uint16

// SHRegBase is the dword address of SH offset 0 (PACKET3_SET_SH_REG_START in
// Linux nvd.h; mesa's byte form is SI_SH_REG_OFFSET 0xB000).
const SHRegBase = 0x2C00

// SHRegWindow is the number of dword registers a SET_SH_REG offset can
// reach: PACKET3_SET_SH_REG_END − START = 0x3000 − 0x2C00 (Linux nvd.h).
const SHRegWindow = 0x400

// RegInfo describes one SH register: its name, offset and bit fields. A
// register whose Fields is nil is a single 32-bit value.
type RegInfo struct {
	Name   string
	Reg    Reg
	Fields []Field
}

// Address is the register's dword address (SHRegBase + offset).
func (r Reg) Address() uint32 { return SHRegBase + uint32(r) }

// String is the register's name, or SH_0xNNN for an offset outside the table.
func (r Reg) String() string {
	if ri := LookupReg(r); ri != nil {
		return ri.Name
	}
	return fmt.Sprintf("SH_%#03x", uint16(r))
}

// UserData returns COMPUTE_USER_DATA_i (s[i] at wave launch), i in 0..15.
func UserData(i int) Reg { return COMPUTE_USER_DATA_0 + Reg(i) }

// NumUserData is how many COMPUTE_USER_DATA registers exist (s0..s15).
const NumUserData = 16

// LookupReg returns the table entry for r, or nil if r is not a known gfx12
// compute register. It does not allocate.
func LookupReg(r Reg) *RegInfo {
	i := int(r) - int(regTableFirst)
	if i < 0 || i >= len(regIndex) || regIndex[i] == 0 {
		return nil
	}
	return &shRegTable[regIndex[i]-1]
}

// RegByName returns the register called name (e.g. "COMPUTE_PGM_LO").
func RegByName(name string) (Reg, bool) {
	for i := range shRegTable {
		if shRegTable[i].Name == name {
			return shRegTable[i].Reg, true
		}
	}
	return 0, false
}

// Registers returns the register table, ordered by offset. The slice is
// shared: callers must not modify it.
func Registers() []RegInfo { return shRegTable[:] }

// regTableFirst and regIndex give LookupReg constant time without a map:
// regIndex[r-regTableFirst] is 1 + the table position of r, 0 for a gap.
const regTableFirst = COMPUTE_DISPATCH_INITIATOR

var regIndex = func() (idx [COMPUTE_NOWHERE - regTableFirst + 1]uint8) {
	for i, ri := range shRegTable {
		idx[ri.Reg-regTableFirst] = uint8(i + 1)
	}
	return idx
}()

// The gfx12 (GC 12.0.0) compute SH registers. Offsets are the Linux
// gc_12_0_0_offset.h values plus GC_BASE__INST0_SEG0 (0x1260, navi offsets)
// minus SHRegBase; the same numbers as mesa's R_00Bxxx byte names
// ((0xBxxx − 0xB000)/4). Fields come from gc_12_0_0_sh_mask.h. Where gfx11
// differs (fields only; offsets agree) this table follows gfx12.
const (
	COMPUTE_DISPATCH_INITIATOR       Reg = 0x200
	COMPUTE_DIM_X                    Reg = 0x201
	COMPUTE_DIM_Y                    Reg = 0x202
	COMPUTE_DIM_Z                    Reg = 0x203
	COMPUTE_START_X                  Reg = 0x204
	COMPUTE_START_Y                  Reg = 0x205
	COMPUTE_START_Z                  Reg = 0x206
	COMPUTE_NUM_THREAD_X             Reg = 0x207
	COMPUTE_NUM_THREAD_Y             Reg = 0x208
	COMPUTE_NUM_THREAD_Z             Reg = 0x209
	COMPUTE_PIPELINESTAT_ENABLE      Reg = 0x20a
	COMPUTE_PERFCOUNT_ENABLE         Reg = 0x20b
	COMPUTE_PGM_LO                   Reg = 0x20c
	COMPUTE_PGM_HI                   Reg = 0x20d
	COMPUTE_DISPATCH_PKT_ADDR_LO     Reg = 0x20e
	COMPUTE_DISPATCH_PKT_ADDR_HI     Reg = 0x20f
	COMPUTE_DISPATCH_SCRATCH_BASE_LO Reg = 0x210
	COMPUTE_DISPATCH_SCRATCH_BASE_HI Reg = 0x211
	COMPUTE_PGM_RSRC1                Reg = 0x212
	COMPUTE_PGM_RSRC2                Reg = 0x213
	COMPUTE_VMID                     Reg = 0x214
	COMPUTE_RESOURCE_LIMITS          Reg = 0x215
	COMPUTE_STATIC_THREAD_MGMT_SE0   Reg = 0x216
	COMPUTE_STATIC_THREAD_MGMT_SE1   Reg = 0x217
	COMPUTE_TMPRING_SIZE             Reg = 0x218
	COMPUTE_STATIC_THREAD_MGMT_SE2   Reg = 0x219
	COMPUTE_STATIC_THREAD_MGMT_SE3   Reg = 0x21a
	COMPUTE_RESTART_X                Reg = 0x21b
	COMPUTE_RESTART_Y                Reg = 0x21c
	COMPUTE_RESTART_Z                Reg = 0x21d
	COMPUTE_THREAD_TRACE_ENABLE      Reg = 0x21e
	COMPUTE_MISC_RESERVED            Reg = 0x21f
	COMPUTE_DISPATCH_ID              Reg = 0x220
	COMPUTE_THREADGROUP_ID           Reg = 0x221
	COMPUTE_REQ_CTRL                 Reg = 0x222
	COMPUTE_STATIC_THREAD_MGMT_SE8   Reg = 0x223
	COMPUTE_USER_ACCUM_0             Reg = 0x224
	COMPUTE_USER_ACCUM_1             Reg = 0x225
	COMPUTE_USER_ACCUM_2             Reg = 0x226
	COMPUTE_USER_ACCUM_3             Reg = 0x227
	COMPUTE_PGM_RSRC3                Reg = 0x228
	COMPUTE_DDID_INDEX               Reg = 0x229
	COMPUTE_SHADER_CHKSUM            Reg = 0x22a
	COMPUTE_STATIC_THREAD_MGMT_SE4   Reg = 0x22b
	COMPUTE_STATIC_THREAD_MGMT_SE5   Reg = 0x22c
	COMPUTE_STATIC_THREAD_MGMT_SE6   Reg = 0x22d
	COMPUTE_STATIC_THREAD_MGMT_SE7   Reg = 0x22e
	COMPUTE_DISPATCH_INTERLEAVE      Reg = 0x22f
	COMPUTE_RELAUNCH                 Reg = 0x230
	COMPUTE_WAVE_RESTORE_ADDR_LO     Reg = 0x231
	COMPUTE_WAVE_RESTORE_ADDR_HI     Reg = 0x232
	COMPUTE_RELAUNCH2                Reg = 0x233
	COMPUTE_PRESCALED_DIM_X          Reg = 0x235
	COMPUTE_PRESCALED_DIM_Y          Reg = 0x236
	COMPUTE_PRESCALED_DIM_Z          Reg = 0x237
	COMPUTE_USER_DATA_0              Reg = 0x240
	COMPUTE_USER_DATA_1              Reg = 0x241
	COMPUTE_USER_DATA_2              Reg = 0x242
	COMPUTE_USER_DATA_3              Reg = 0x243
	COMPUTE_USER_DATA_4              Reg = 0x244
	COMPUTE_USER_DATA_5              Reg = 0x245
	COMPUTE_USER_DATA_6              Reg = 0x246
	COMPUTE_USER_DATA_7              Reg = 0x247
	COMPUTE_USER_DATA_8              Reg = 0x248
	COMPUTE_USER_DATA_9              Reg = 0x249
	COMPUTE_USER_DATA_10             Reg = 0x24a
	COMPUTE_USER_DATA_11             Reg = 0x24b
	COMPUTE_USER_DATA_12             Reg = 0x24c
	COMPUTE_USER_DATA_13             Reg = 0x24d
	COMPUTE_USER_DATA_14             Reg = 0x24e
	COMPUTE_USER_DATA_15             Reg = 0x24f
	COMPUTE_DISPATCH_TUNNEL          Reg = 0x27d
	COMPUTE_DISPATCH_END             Reg = 0x27e
	COMPUTE_NOWHERE                  Reg = 0x27f
)

var shRegTable = [...]RegInfo{
	{"COMPUTE_DISPATCH_INITIATOR", COMPUTE_DISPATCH_INITIATOR, dispatchInitiatorFields},
	{"COMPUTE_DIM_X", COMPUTE_DIM_X, nil},
	{"COMPUTE_DIM_Y", COMPUTE_DIM_Y, nil},
	{"COMPUTE_DIM_Z", COMPUTE_DIM_Z, nil},
	{"COMPUTE_START_X", COMPUTE_START_X, nil},
	{"COMPUTE_START_Y", COMPUTE_START_Y, nil},
	{"COMPUTE_START_Z", COMPUTE_START_Z, nil},
	{"COMPUTE_NUM_THREAD_X", COMPUTE_NUM_THREAD_X, numThreadXFields},
	{"COMPUTE_NUM_THREAD_Y", COMPUTE_NUM_THREAD_Y, numThreadYFields},
	{"COMPUTE_NUM_THREAD_Z", COMPUTE_NUM_THREAD_Z, numThreadZFields},
	{"COMPUTE_PIPELINESTAT_ENABLE", COMPUTE_PIPELINESTAT_ENABLE, []Field{bit("PIPELINESTAT_ENABLE", 0)}},
	{"COMPUTE_PERFCOUNT_ENABLE", COMPUTE_PERFCOUNT_ENABLE, []Field{bit("PERFCOUNT_ENABLE", 0)}},
	{"COMPUTE_PGM_LO", COMPUTE_PGM_LO, nil},
	{"COMPUTE_PGM_HI", COMPUTE_PGM_HI, []Field{hexBits("DATA", 0, 7)}},
	{"COMPUTE_DISPATCH_PKT_ADDR_LO", COMPUTE_DISPATCH_PKT_ADDR_LO, nil},
	{"COMPUTE_DISPATCH_PKT_ADDR_HI", COMPUTE_DISPATCH_PKT_ADDR_HI, []Field{hexBits("DATA", 0, 7)}},
	{"COMPUTE_DISPATCH_SCRATCH_BASE_LO", COMPUTE_DISPATCH_SCRATCH_BASE_LO, nil},
	{"COMPUTE_DISPATCH_SCRATCH_BASE_HI", COMPUTE_DISPATCH_SCRATCH_BASE_HI, []Field{hexBits("DATA", 0, 7)}},
	{"COMPUTE_PGM_RSRC1", COMPUTE_PGM_RSRC1, hwreg.Rsrc1Fields},
	{"COMPUTE_PGM_RSRC2", COMPUTE_PGM_RSRC2, hwreg.Rsrc2Fields},
	{"COMPUTE_VMID", COMPUTE_VMID, []Field{hexBits("DATA", 0, 3)}},
	{"COMPUTE_RESOURCE_LIMITS", COMPUTE_RESOURCE_LIMITS, []Field{bits("WAVES_PER_SH", 0, 9), bits("TG_PER_CU", 12, 15), bits("LOCK_THRESHOLD", 16, 21), bit("SIMD_DEST_CNTL", 22), bit("FORCE_SIMD_DIST", 23), bits("CU_GROUP_COUNT", 24, 26)}},
	{"COMPUTE_STATIC_THREAD_MGMT_SE0", COMPUTE_STATIC_THREAD_MGMT_SE0, []Field{hexBits("SA0_CU_EN", 0, 15), hexBits("SA1_CU_EN", 16, 31)}},
	{"COMPUTE_STATIC_THREAD_MGMT_SE1", COMPUTE_STATIC_THREAD_MGMT_SE1, []Field{hexBits("SA0_CU_EN", 0, 15), hexBits("SA1_CU_EN", 16, 31)}},
	{"COMPUTE_TMPRING_SIZE", COMPUTE_TMPRING_SIZE, []Field{bits("WAVES", 0, 11), bits("WAVESIZE", 12, 29)}},
	{"COMPUTE_STATIC_THREAD_MGMT_SE2", COMPUTE_STATIC_THREAD_MGMT_SE2, []Field{hexBits("SA0_CU_EN", 0, 15), hexBits("SA1_CU_EN", 16, 31)}},
	{"COMPUTE_STATIC_THREAD_MGMT_SE3", COMPUTE_STATIC_THREAD_MGMT_SE3, []Field{hexBits("SA0_CU_EN", 0, 15), hexBits("SA1_CU_EN", 16, 31)}},
	{"COMPUTE_RESTART_X", COMPUTE_RESTART_X, nil},
	{"COMPUTE_RESTART_Y", COMPUTE_RESTART_Y, nil},
	{"COMPUTE_RESTART_Z", COMPUTE_RESTART_Z, nil},
	{"COMPUTE_THREAD_TRACE_ENABLE", COMPUTE_THREAD_TRACE_ENABLE, []Field{bit("THREAD_TRACE_ENABLE", 0)}},
	{"COMPUTE_MISC_RESERVED", COMPUTE_MISC_RESERVED, []Field{bits("SEND_SEID", 0, 3), bit("RESERVED4", 4), bits("WAVE_ID_BASE", 5, 16)}},
	{"COMPUTE_DISPATCH_ID", COMPUTE_DISPATCH_ID, nil},
	{"COMPUTE_THREADGROUP_ID", COMPUTE_THREADGROUP_ID, nil},
	{"COMPUTE_REQ_CTRL", COMPUTE_REQ_CTRL, []Field{bit("SOFT_GROUPING_EN", 0), bits("NUMBER_OF_REQUESTS_PER_CU", 1, 4), bits("SOFT_GROUPING_ALLOCATION_TIMEOUT", 5, 8), bit("HARD_LOCK_HYSTERESIS", 9), bits("HARD_LOCK_LOW_THRESHOLD", 10, 14), bit("PRODUCER_REQUEST_LOCKOUT", 15), bit("GLOBAL_SCANNING_EN", 16), bits("ALLOCATION_RATE_THROTTLING_THRESHOLD", 17, 19), bits("DEDICATED_PREALLOCATION_BUFFER_LIMIT", 20, 26)}},
	{"COMPUTE_STATIC_THREAD_MGMT_SE8", COMPUTE_STATIC_THREAD_MGMT_SE8, []Field{hexBits("SA0_CU_EN", 0, 15), hexBits("SA1_CU_EN", 16, 31)}},
	{"COMPUTE_USER_ACCUM_0", COMPUTE_USER_ACCUM_0, []Field{bits("CONTRIBUTION", 0, 6)}},
	{"COMPUTE_USER_ACCUM_1", COMPUTE_USER_ACCUM_1, []Field{bits("CONTRIBUTION", 0, 6)}},
	{"COMPUTE_USER_ACCUM_2", COMPUTE_USER_ACCUM_2, []Field{bits("CONTRIBUTION", 0, 6)}},
	{"COMPUTE_USER_ACCUM_3", COMPUTE_USER_ACCUM_3, []Field{bits("CONTRIBUTION", 0, 6)}},
	{"COMPUTE_PGM_RSRC3", COMPUTE_PGM_RSRC3, hwreg.Rsrc3Fields},
	{"COMPUTE_DDID_INDEX", COMPUTE_DDID_INDEX, []Field{bits("INDEX", 0, 10)}},
	{"COMPUTE_SHADER_CHKSUM", COMPUTE_SHADER_CHKSUM, nil},
	{"COMPUTE_STATIC_THREAD_MGMT_SE4", COMPUTE_STATIC_THREAD_MGMT_SE4, []Field{hexBits("SA0_CU_EN", 0, 15), hexBits("SA1_CU_EN", 16, 31)}},
	{"COMPUTE_STATIC_THREAD_MGMT_SE5", COMPUTE_STATIC_THREAD_MGMT_SE5, []Field{hexBits("SA0_CU_EN", 0, 15), hexBits("SA1_CU_EN", 16, 31)}},
	{"COMPUTE_STATIC_THREAD_MGMT_SE6", COMPUTE_STATIC_THREAD_MGMT_SE6, []Field{hexBits("SA0_CU_EN", 0, 15), hexBits("SA1_CU_EN", 16, 31)}},
	{"COMPUTE_STATIC_THREAD_MGMT_SE7", COMPUTE_STATIC_THREAD_MGMT_SE7, []Field{hexBits("SA0_CU_EN", 0, 15), hexBits("SA1_CU_EN", 16, 31)}},
	{"COMPUTE_DISPATCH_INTERLEAVE", COMPUTE_DISPATCH_INTERLEAVE, []Field{bits("INTERLEAVE_1D", 0, 9), bits("INTERLEAVE_2D_X_SIZE", 16, 19), bits("INTERLEAVE_2D_Y_SIZE", 24, 27)}},
	{"COMPUTE_RELAUNCH", COMPUTE_RELAUNCH, []Field{hexBits("PAYLOAD", 0, 29), bit("IS_EVENT", 30), bit("IS_STATE", 31)}},
	{"COMPUTE_WAVE_RESTORE_ADDR_LO", COMPUTE_WAVE_RESTORE_ADDR_LO, nil},
	{"COMPUTE_WAVE_RESTORE_ADDR_HI", COMPUTE_WAVE_RESTORE_ADDR_HI, []Field{hexBits("ADDR", 0, 15)}},
	{"COMPUTE_RELAUNCH2", COMPUTE_RELAUNCH2, []Field{hexBits("PAYLOAD", 0, 29), bit("IS_EVENT", 30), bit("IS_STATE", 31)}},
	{"COMPUTE_PRESCALED_DIM_X", COMPUTE_PRESCALED_DIM_X, nil},
	{"COMPUTE_PRESCALED_DIM_Y", COMPUTE_PRESCALED_DIM_Y, nil},
	{"COMPUTE_PRESCALED_DIM_Z", COMPUTE_PRESCALED_DIM_Z, nil},
	{"COMPUTE_USER_DATA_0", COMPUTE_USER_DATA_0, nil},
	{"COMPUTE_USER_DATA_1", COMPUTE_USER_DATA_1, nil},
	{"COMPUTE_USER_DATA_2", COMPUTE_USER_DATA_2, nil},
	{"COMPUTE_USER_DATA_3", COMPUTE_USER_DATA_3, nil},
	{"COMPUTE_USER_DATA_4", COMPUTE_USER_DATA_4, nil},
	{"COMPUTE_USER_DATA_5", COMPUTE_USER_DATA_5, nil},
	{"COMPUTE_USER_DATA_6", COMPUTE_USER_DATA_6, nil},
	{"COMPUTE_USER_DATA_7", COMPUTE_USER_DATA_7, nil},
	{"COMPUTE_USER_DATA_8", COMPUTE_USER_DATA_8, nil},
	{"COMPUTE_USER_DATA_9", COMPUTE_USER_DATA_9, nil},
	{"COMPUTE_USER_DATA_10", COMPUTE_USER_DATA_10, nil},
	{"COMPUTE_USER_DATA_11", COMPUTE_USER_DATA_11, nil},
	{"COMPUTE_USER_DATA_12", COMPUTE_USER_DATA_12, nil},
	{"COMPUTE_USER_DATA_13", COMPUTE_USER_DATA_13, nil},
	{"COMPUTE_USER_DATA_14", COMPUTE_USER_DATA_14, nil},
	{"COMPUTE_USER_DATA_15", COMPUTE_USER_DATA_15, nil},
	{"COMPUTE_DISPATCH_TUNNEL", COMPUTE_DISPATCH_TUNNEL, []Field{bits("OFF_DELAY", 0, 12)}},
	{"COMPUTE_DISPATCH_END", COMPUTE_DISPATCH_END, nil},
	{"COMPUTE_NOWHERE", COMPUTE_NOWHERE, nil},
}
