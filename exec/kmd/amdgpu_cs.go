package kmd

import "unsafe"

// Kernel command submission: contexts (CTX), residency lists (BO_LIST), the
// submission itself (CS with its chunks) and the fence wait (WAIT_CS).

// Ctx is union drm_amdgpu_ctx (16 bytes), the argument of
// DRM_IOCTL_AMDGPU_CTX. Which Out view is valid depends on CtxIn.Op.
type Ctx struct{ raw [2]uint64 }

// In returns the request view of the union.
func (u *Ctx) In() *CtxIn { return (*CtxIn)(unsafe.Pointer(u)) }

// AllocOut returns the reply view of CtxOpAllocCtx.
func (u *Ctx) AllocOut() *CtxAllocOut { return (*CtxAllocOut)(unsafe.Pointer(u)) }

// StateOut returns the reply view of CtxOpQueryState and CtxOpQueryState2.
func (u *Ctx) StateOut() *CtxStateOut { return (*CtxStateOut)(unsafe.Pointer(u)) }

// PstateOut returns the reply view of CtxOpGetStablePstate.
func (u *Ctx) PstateOut() *CtxPstateOut { return (*CtxPstateOut)(unsafe.Pointer(u)) }

// CtxIn is struct drm_amdgpu_ctx_in.
type CtxIn struct {
	Op       uint32 // CtxOp*
	Flags    uint32
	CtxID    uint32 // for every op but CtxOpAllocCtx
	Priority int32  // CtxPriority*; above normal needs CAP_SYS_NICE or DRM master
}

// CtxAllocOut is the alloc member of union drm_amdgpu_ctx_out. Ids start at 1.
type CtxAllocOut struct {
	CtxID uint32
	_     uint32 // _pad
}

// CtxStateOut is the state member of union drm_amdgpu_ctx_out. For
// CtxOpQueryState2, Flags holds CtxQuery2Flags* bits.
type CtxStateOut struct {
	Flags       uint64
	Hangs       uint32
	ResetStatus uint32 // CtxNoReset, CtxGuiltyReset, ...
}

// CtxPstateOut is the pstate member of union drm_amdgpu_ctx_out.
type CtxPstateOut struct {
	Flags uint32
	_     uint32 // _pad
}

// Context operations (AMDGPU_CTX_OP_*).
const (
	CtxOpAllocCtx        = 1
	CtxOpFreeCtx         = 2
	CtxOpQueryState      = 3
	CtxOpQueryState2     = 4
	CtxOpGetStablePstate = 5
	CtxOpSetStablePstate = 6
)

// Reset status of CtxOpQueryState (AMDGPU_CTX_*_RESET).
const (
	CtxNoReset       = 0
	CtxGuiltyReset   = 1
	CtxInnocentReset = 2
	CtxUnknownReset  = 3
)

// Flags of CtxOpQueryState2 (AMDGPU_CTX_QUERY2_FLAGS_*).
const (
	CtxQuery2FlagsReset           = 1 << 0 // a GPU reset happened since the ctx was created
	CtxQuery2FlagsVRAMLost        = 1 << 1 // VRAM contents were lost: re-upload
	CtxQuery2FlagsGuilty          = 1 << 2 // this ctx caused a hang
	CtxQuery2FlagsRASCE           = 1 << 3
	CtxQuery2FlagsRASUE           = 1 << 4
	CtxQuery2FlagsResetInProgress = 1 << 5 // upstream
)

// Context priorities (AMDGPU_CTX_PRIORITY_*).
const (
	CtxPriorityUnset    int32 = -2048
	CtxPriorityVeryLow  int32 = -1023
	CtxPriorityLow      int32 = -512
	CtxPriorityNormal   int32 = 0
	CtxPriorityHigh     int32 = 512
	CtxPriorityVeryHigh int32 = 1023
)

// BOList is union drm_amdgpu_bo_list (24 bytes), the argument of
// DRM_IOCTL_AMDGPU_BO_LIST.
type BOList struct{ raw [3]uint64 }

// In returns the request view of the union.
func (u *BOList) In() *BOListIn { return (*BOListIn)(unsafe.Pointer(u)) }

// Out returns the reply view of the union.
func (u *BOList) Out() *BOListOut { return (*BOListOut)(unsafe.Pointer(u)) }

// BOListIn is struct drm_amdgpu_bo_list_in. It is also the payload of a CS
// ChunkIDBOHandles chunk.
type BOListIn struct {
	Operation  uint32 // BOListOp*
	ListHandle uint32 // 0 on create
	BONumber   uint32
	BOInfoSize uint32 // size of one entry: 8 (BOListEntry)
	BOInfoPtr  uint64 // pointer to BONumber BOListEntry
}

// BOListOut is struct drm_amdgpu_bo_list_out.
type BOListOut struct {
	ListHandle uint32
	_          uint32 // _pad
}

// BOListEntry is struct drm_amdgpu_bo_list_entry (8 bytes).
type BOListEntry struct {
	BOHandle   uint32
	BOPriority uint32
}

// BO list operations (AMDGPU_BO_LIST_OP_*).
const (
	BOListOpCreate  = 0
	BOListOpDestroy = 1
	BOListOpUpdate  = 2
)

// CS is union drm_amdgpu_cs (24 bytes), the argument of DRM_IOCTL_AMDGPU_CS.
type CS struct{ raw [3]uint64 }

// In returns the request view of the union.
func (u *CS) In() *CSIn { return (*CSIn)(unsafe.Pointer(u)) }

// Out returns the reply view of the union.
func (u *CS) Out() *CSOut { return (*CSOut)(unsafe.Pointer(u)) }

// CSIn is struct drm_amdgpu_cs_in.
type CSIn struct {
	CtxID        uint32
	BOListHandle uint32 // 0 = none; must be 0 when a ChunkIDBOHandles chunk is given
	NumChunks    uint32
	Flags        uint32
	Chunks       uint64 // pointer to NumChunks u64, each a pointer to a CSChunk
}

// CSOut is struct drm_amdgpu_cs_out: Handle is the fence sequence number to
// pass to WAIT_CS.
type CSOut struct {
	Handle uint64
}

// CSChunk is struct drm_amdgpu_cs_chunk (16 bytes).
type CSChunk struct {
	ChunkID   uint32 // ChunkID*
	LengthDW  uint32 // payload size in dwords (CSChunk*LengthDW)
	ChunkData uint64 // pointer to the payload
}

// CSChunkIB is struct drm_amdgpu_cs_chunk_ib (32 bytes), the ChunkIDIB payload.
type CSChunkIB struct {
	_          uint32 // _pad
	Flags      uint32 // IBFlag*
	VAStart    uint64 // GPU VA of the indirect buffer
	IBBytes    uint32
	IPType     uint32 // HWIP*
	IPInstance uint32
	Ring       uint32
}

// CSChunkFence is struct drm_amdgpu_cs_chunk_fence (8 bytes), the
// ChunkIDFence payload: the kernel writes the fence into the BO at Offset.
type CSChunkFence struct {
	Handle uint32
	Offset uint32
}

// CSChunkDep is struct drm_amdgpu_cs_chunk_dep (24 bytes), one element of a
// ChunkIDDependencies or ChunkIDScheduledDependencies payload.
type CSChunkDep struct {
	IPType     uint32
	IPInstance uint32
	Ring       uint32
	CtxID      uint32
	Handle     uint64 // fence sequence number
}

// CSChunkSem is struct drm_amdgpu_cs_chunk_sem (4 bytes), one element of a
// ChunkIDSyncobjIn or ChunkIDSyncobjOut payload.
type CSChunkSem struct {
	Handle uint32
}

// CSChunkSyncobj is struct drm_amdgpu_cs_chunk_syncobj (16 bytes), one
// element of a timeline wait or signal payload.
type CSChunkSyncobj struct {
	Handle uint32
	Flags  uint32
	Point  uint64
}

// Payload sizes in dwords, for CSChunk.LengthDW (per element for arrays).
const (
	CSChunkIBLengthDW      = uint32(unsafe.Sizeof(CSChunkIB{}) / 4)
	CSChunkFenceLengthDW   = uint32(unsafe.Sizeof(CSChunkFence{}) / 4)
	CSChunkDepLengthDW     = uint32(unsafe.Sizeof(CSChunkDep{}) / 4)
	CSChunkSemLengthDW     = uint32(unsafe.Sizeof(CSChunkSem{}) / 4)
	CSChunkSyncobjLengthDW = uint32(unsafe.Sizeof(CSChunkSyncobj{}) / 4)
	BOListInLengthDW       = uint32(unsafe.Sizeof(BOListIn{}) / 4)
)

// CS chunk ids (AMDGPU_CHUNK_ID_*).
const (
	ChunkIDIB                    = 0x01
	ChunkIDFence                 = 0x02
	ChunkIDDependencies          = 0x03
	ChunkIDSyncobjIn             = 0x04
	ChunkIDSyncobjOut            = 0x05
	ChunkIDBOHandles             = 0x06
	ChunkIDScheduledDependencies = 0x07
	ChunkIDSyncobjTimelineWait   = 0x08
	ChunkIDSyncobjTimelineSignal = 0x09
	ChunkIDCPGFXShadow           = 0x0a // upstream
)

// IB flags (AMDGPU_IB_FLAG*), CSChunkIB.Flags.
const (
	IBFlagCE                = 1 << 0
	IBFlagPreamble          = 1 << 1
	IBFlagPreempt           = 1 << 2
	IBFlagTCWBNotInvalidate = 1 << 3
	IBFlagResetGDSMaxWaveID = 1 << 4
	IBFlagSecure            = 1 << 5 // AMDGPU_IB_FLAGS_SECURE
	IBFlagEmitMemSync       = 1 << 6 // the kernel flushes and invalidates caches around the IB
)

// Hardware IP types (AMDGPU_HW_IP_*), for CS, WAIT_CS, INFO and USERQ.
const (
	HWIPGFX     = 0
	HWIPCompute = 1
	HWIPDMA     = 2
	HWIPUVD     = 3
	HWIPVCE     = 4
	HWIPUVDEnc  = 5
	HWIPVCNDec  = 6
	HWIPVCNEnc  = 7
	HWIPVCNJPEG = 8
	HWIPVPE     = 9 // upstream
)

// WaitCS is union drm_amdgpu_wait_cs (32 bytes), the argument of
// DRM_IOCTL_AMDGPU_WAIT_CS. A timeout is not an error: the ioctl returns 0
// and WaitCSOut.Status is 1.
type WaitCS struct{ raw [4]uint64 }

// In returns the request view of the union.
func (u *WaitCS) In() *WaitCSIn { return (*WaitCSIn)(unsafe.Pointer(u)) }

// Out returns the reply view of the union.
func (u *WaitCS) Out() *WaitCSOut { return (*WaitCSOut)(unsafe.Pointer(u)) }

// WaitCSIn is struct drm_amdgpu_wait_cs_in.
type WaitCSIn struct {
	Handle     uint64 // CSOut.Handle; ^0 waits for the latest submission
	Timeout    uint64 // absolute CLOCK_MONOTONIC ns; bit 63 set = infinite (TimeoutInfinite)
	IPType     uint32
	IPInstance uint32
	Ring       uint32
	CtxID      uint32
}

// WaitCSOut is struct drm_amdgpu_wait_cs_out: Status 0 = done, 1 = busy.
type WaitCSOut struct {
	Status uint64
}

// TimeoutInfinite is the absolute timeout that never expires: the kernel
// (amdgpu_gem_timeout) treats any value with bit 63 set as infinite; this is
// libdrm's AMDGPU_TIMEOUT_INFINITE.
const TimeoutInfinite = ^uint64(0)
