package kmd

import "testing"

// constantCase is one Go constant and where its value comes from: a C
// expression over the installed headers, or, for what they lack, a value
// pinned from a cited upstream source. Values compare as their low width
// bits, so a C int like (1 << 31) matches a Go uint32 0x80000000 and
// negative priorities compare in two's complement.
type constantCase struct {
	name   string
	got    uint64
	width  uint
	cExpr  string // "" for pinned
	pinned uint64
	cite   string
}

func c32(name string, got uint64, cExpr string) constantCase {
	return constantCase{name: name, got: got, width: 32, cExpr: cExpr}
}

func c64(name string, got uint64, cExpr string) constantCase {
	return constantCase{name: name, got: got, width: 64, cExpr: cExpr}
}

func pin(name string, got, want uint64, cite string) constantCase {
	return constantCase{name: name, got: got, width: 64, pinned: want, cite: cite}
}

// s32 converts a signed constant to the bits the C probe prints.
func s32(v int32) uint64 { return uint64(uint32(v)) }

func constantCases() []constantCase {
	return []constantCase{
		c32("DRMCommandBase", DRMCommandBase, "DRM_COMMAND_BASE"),
		c32("DRMIoctlBase", DRMIoctlBase, "DRM_IOCTL_BASE"),
		c32("KFDIoctlBase", KFDIoctlBase, "AMDKFD_IOCTL_BASE"),
		c32("SyncobjCreateSignaled", SyncobjCreateSignaled, "DRM_SYNCOBJ_CREATE_SIGNALED"),
		c32("SyncobjWaitFlagsWaitAll", SyncobjWaitFlagsWaitAll, "DRM_SYNCOBJ_WAIT_FLAGS_WAIT_ALL"),
		c32("SyncobjWaitFlagsWaitForSubmit", SyncobjWaitFlagsWaitForSubmit, "DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT"),
		c32("SyncobjWaitFlagsWaitAvailable", SyncobjWaitFlagsWaitAvailable, "DRM_SYNCOBJ_WAIT_FLAGS_WAIT_AVAILABLE"),

		c64("GemDomainCPU", GemDomainCPU, "AMDGPU_GEM_DOMAIN_CPU"),
		c64("GemDomainGTT", GemDomainGTT, "AMDGPU_GEM_DOMAIN_GTT"),
		c64("GemDomainVRAM", GemDomainVRAM, "AMDGPU_GEM_DOMAIN_VRAM"),
		c64("GemDomainGDS", GemDomainGDS, "AMDGPU_GEM_DOMAIN_GDS"),
		c64("GemDomainGWS", GemDomainGWS, "AMDGPU_GEM_DOMAIN_GWS"),
		c64("GemDomainOA", GemDomainOA, "AMDGPU_GEM_DOMAIN_OA"),
		pin("GemDomainDoorbell", GemDomainDoorbell, 0x40, citeAMDGPU),
		pin("GemDomainMMIORemap", GemDomainMMIORemap, 0x80, citeAMDGPU),
		c64("GemCreateCPUAccessRequired", GemCreateCPUAccessRequired, "AMDGPU_GEM_CREATE_CPU_ACCESS_REQUIRED"),
		c64("GemCreateNoCPUAccess", GemCreateNoCPUAccess, "AMDGPU_GEM_CREATE_NO_CPU_ACCESS"),
		c64("GemCreateCPUGTTUSWC", GemCreateCPUGTTUSWC, "AMDGPU_GEM_CREATE_CPU_GTT_USWC"),
		c64("GemCreateVRAMCleared", GemCreateVRAMCleared, "AMDGPU_GEM_CREATE_VRAM_CLEARED"),
		c64("GemCreateVRAMContiguous", GemCreateVRAMContiguous, "AMDGPU_GEM_CREATE_VRAM_CONTIGUOUS"),
		c64("GemCreateVMAlwaysValid", GemCreateVMAlwaysValid, "AMDGPU_GEM_CREATE_VM_ALWAYS_VALID"),
		c64("GemCreateExplicitSync", GemCreateExplicitSync, "AMDGPU_GEM_CREATE_EXPLICIT_SYNC"),
		c64("GemCreateVRAMWipeOnRelease", GemCreateVRAMWipeOnRelease, "AMDGPU_GEM_CREATE_VRAM_WIPE_ON_RELEASE"),
		c64("GemCreateEncrypted", GemCreateEncrypted, "AMDGPU_GEM_CREATE_ENCRYPTED"),
		c64("GemCreatePreemptible", GemCreatePreemptible, "AMDGPU_GEM_CREATE_PREEMPTIBLE"),
		pin("GemCreateDiscardable", GemCreateDiscardable, 1<<12, citeAMDGPU),
		pin("GemCreateCoherent", GemCreateCoherent, 1<<13, citeAMDGPU),
		pin("GemCreateUncached", GemCreateUncached, 1<<14, citeAMDGPU),
		pin("GemCreateExtCoherent", GemCreateExtCoherent, 1<<15, citeAMDGPU),
		pin("GemCreateGFX12DCC", GemCreateGFX12DCC, 1<<16, citeAMDGPU),

		c32("VAOpMap", VAOpMap, "AMDGPU_VA_OP_MAP"),
		c32("VAOpUnmap", VAOpUnmap, "AMDGPU_VA_OP_UNMAP"),
		c32("VAOpClear", VAOpClear, "AMDGPU_VA_OP_CLEAR"),
		c32("VAOpReplace", VAOpReplace, "AMDGPU_VA_OP_REPLACE"),
		c32("VMDelayUpdate", VMDelayUpdate, "AMDGPU_VM_DELAY_UPDATE"),
		c32("VMPageReadable", VMPageReadable, "AMDGPU_VM_PAGE_READABLE"),
		c32("VMPageWriteable", VMPageWriteable, "AMDGPU_VM_PAGE_WRITEABLE"),
		c32("VMPageExecutable", VMPageExecutable, "AMDGPU_VM_PAGE_EXECUTABLE"),
		c32("VMPagePRT", VMPagePRT, "AMDGPU_VM_PAGE_PRT"),
		c32("VMMtypeMask", VMMtypeMask, "AMDGPU_VM_MTYPE_MASK"),
		c32("VMMtypeDefault", VMMtypeDefault, "AMDGPU_VM_MTYPE_DEFAULT"),
		c32("VMMtypeNC", VMMtypeNC, "AMDGPU_VM_MTYPE_NC"),
		c32("VMMtypeWC", VMMtypeWC, "AMDGPU_VM_MTYPE_WC"),
		c32("VMMtypeCC", VMMtypeCC, "AMDGPU_VM_MTYPE_CC"),
		c32("VMMtypeUC", VMMtypeUC, "AMDGPU_VM_MTYPE_UC"),
		c32("VMMtypeRW", VMMtypeRW, "AMDGPU_VM_MTYPE_RW"),
		pin("VMPageNoalloc", VMPageNoalloc, 1<<9, citeAMDGPU),

		c32("CtxOpAllocCtx", CtxOpAllocCtx, "AMDGPU_CTX_OP_ALLOC_CTX"),
		c32("CtxOpFreeCtx", CtxOpFreeCtx, "AMDGPU_CTX_OP_FREE_CTX"),
		c32("CtxOpQueryState", CtxOpQueryState, "AMDGPU_CTX_OP_QUERY_STATE"),
		c32("CtxOpQueryState2", CtxOpQueryState2, "AMDGPU_CTX_OP_QUERY_STATE2"),
		c32("CtxOpGetStablePstate", CtxOpGetStablePstate, "AMDGPU_CTX_OP_GET_STABLE_PSTATE"),
		c32("CtxOpSetStablePstate", CtxOpSetStablePstate, "AMDGPU_CTX_OP_SET_STABLE_PSTATE"),
		c32("CtxNoReset", CtxNoReset, "AMDGPU_CTX_NO_RESET"),
		c32("CtxGuiltyReset", CtxGuiltyReset, "AMDGPU_CTX_GUILTY_RESET"),
		c32("CtxInnocentReset", CtxInnocentReset, "AMDGPU_CTX_INNOCENT_RESET"),
		c32("CtxUnknownReset", CtxUnknownReset, "AMDGPU_CTX_UNKNOWN_RESET"),
		c32("CtxQuery2FlagsReset", CtxQuery2FlagsReset, "AMDGPU_CTX_QUERY2_FLAGS_RESET"),
		c32("CtxQuery2FlagsVRAMLost", CtxQuery2FlagsVRAMLost, "AMDGPU_CTX_QUERY2_FLAGS_VRAMLOST"),
		c32("CtxQuery2FlagsGuilty", CtxQuery2FlagsGuilty, "AMDGPU_CTX_QUERY2_FLAGS_GUILTY"),
		c32("CtxQuery2FlagsRASCE", CtxQuery2FlagsRASCE, "AMDGPU_CTX_QUERY2_FLAGS_RAS_CE"),
		c32("CtxQuery2FlagsRASUE", CtxQuery2FlagsRASUE, "AMDGPU_CTX_QUERY2_FLAGS_RAS_UE"),
		pin("CtxQuery2FlagsResetInProgress", CtxQuery2FlagsResetInProgress, 1<<5, citeAMDGPU),
		c32("CtxPriorityUnset", s32(CtxPriorityUnset), "AMDGPU_CTX_PRIORITY_UNSET"),
		c32("CtxPriorityVeryLow", s32(CtxPriorityVeryLow), "AMDGPU_CTX_PRIORITY_VERY_LOW"),
		c32("CtxPriorityLow", s32(CtxPriorityLow), "AMDGPU_CTX_PRIORITY_LOW"),
		c32("CtxPriorityNormal", s32(CtxPriorityNormal), "AMDGPU_CTX_PRIORITY_NORMAL"),
		c32("CtxPriorityHigh", s32(CtxPriorityHigh), "AMDGPU_CTX_PRIORITY_HIGH"),
		c32("CtxPriorityVeryHigh", s32(CtxPriorityVeryHigh), "AMDGPU_CTX_PRIORITY_VERY_HIGH"),

		c32("BOListOpCreate", BOListOpCreate, "AMDGPU_BO_LIST_OP_CREATE"),
		c32("BOListOpDestroy", BOListOpDestroy, "AMDGPU_BO_LIST_OP_DESTROY"),
		c32("BOListOpUpdate", BOListOpUpdate, "AMDGPU_BO_LIST_OP_UPDATE"),

		c32("ChunkIDIB", ChunkIDIB, "AMDGPU_CHUNK_ID_IB"),
		c32("ChunkIDFence", ChunkIDFence, "AMDGPU_CHUNK_ID_FENCE"),
		c32("ChunkIDDependencies", ChunkIDDependencies, "AMDGPU_CHUNK_ID_DEPENDENCIES"),
		c32("ChunkIDSyncobjIn", ChunkIDSyncobjIn, "AMDGPU_CHUNK_ID_SYNCOBJ_IN"),
		c32("ChunkIDSyncobjOut", ChunkIDSyncobjOut, "AMDGPU_CHUNK_ID_SYNCOBJ_OUT"),
		c32("ChunkIDBOHandles", ChunkIDBOHandles, "AMDGPU_CHUNK_ID_BO_HANDLES"),
		c32("ChunkIDScheduledDependencies", ChunkIDScheduledDependencies, "AMDGPU_CHUNK_ID_SCHEDULED_DEPENDENCIES"),
		c32("ChunkIDSyncobjTimelineWait", ChunkIDSyncobjTimelineWait, "AMDGPU_CHUNK_ID_SYNCOBJ_TIMELINE_WAIT"),
		c32("ChunkIDSyncobjTimelineSignal", ChunkIDSyncobjTimelineSignal, "AMDGPU_CHUNK_ID_SYNCOBJ_TIMELINE_SIGNAL"),
		pin("ChunkIDCPGFXShadow", ChunkIDCPGFXShadow, 0x0a, citeAMDGPU),
		c32("IBFlagCE", IBFlagCE, "AMDGPU_IB_FLAG_CE"),
		c32("IBFlagPreamble", IBFlagPreamble, "AMDGPU_IB_FLAG_PREAMBLE"),
		c32("IBFlagPreempt", IBFlagPreempt, "AMDGPU_IB_FLAG_PREEMPT"),
		c32("IBFlagTCWBNotInvalidate", IBFlagTCWBNotInvalidate, "AMDGPU_IB_FLAG_TC_WB_NOT_INVALIDATE"),
		c32("IBFlagResetGDSMaxWaveID", IBFlagResetGDSMaxWaveID, "AMDGPU_IB_FLAG_RESET_GDS_MAX_WAVE_ID"),
		c32("IBFlagSecure", IBFlagSecure, "AMDGPU_IB_FLAGS_SECURE"),
		c32("IBFlagEmitMemSync", IBFlagEmitMemSync, "AMDGPU_IB_FLAG_EMIT_MEM_SYNC"),
		c32("CSChunkIBLengthDW", uint64(CSChunkIBLengthDW), "sizeof(struct drm_amdgpu_cs_chunk_ib) / 4"),
		c32("CSChunkFenceLengthDW", uint64(CSChunkFenceLengthDW), "sizeof(struct drm_amdgpu_cs_chunk_fence) / 4"),
		c32("CSChunkDepLengthDW", uint64(CSChunkDepLengthDW), "sizeof(struct drm_amdgpu_cs_chunk_dep) / 4"),
		c32("CSChunkSemLengthDW", uint64(CSChunkSemLengthDW), "sizeof(struct drm_amdgpu_cs_chunk_sem) / 4"),
		c32("CSChunkSyncobjLengthDW", uint64(CSChunkSyncobjLengthDW), "sizeof(struct drm_amdgpu_cs_chunk_syncobj) / 4"),
		c32("BOListInLengthDW", uint64(BOListInLengthDW), "sizeof(struct drm_amdgpu_bo_list_in) / 4"),

		c32("HWIPGFX", HWIPGFX, "AMDGPU_HW_IP_GFX"),
		c32("HWIPCompute", HWIPCompute, "AMDGPU_HW_IP_COMPUTE"),
		c32("HWIPDMA", HWIPDMA, "AMDGPU_HW_IP_DMA"),
		c32("HWIPUVD", HWIPUVD, "AMDGPU_HW_IP_UVD"),
		c32("HWIPVCE", HWIPVCE, "AMDGPU_HW_IP_VCE"),
		c32("HWIPUVDEnc", HWIPUVDEnc, "AMDGPU_HW_IP_UVD_ENC"),
		c32("HWIPVCNDec", HWIPVCNDec, "AMDGPU_HW_IP_VCN_DEC"),
		c32("HWIPVCNEnc", HWIPVCNEnc, "AMDGPU_HW_IP_VCN_ENC"),
		c32("HWIPVCNJPEG", HWIPVCNJPEG, "AMDGPU_HW_IP_VCN_JPEG"),
		pin("HWIPVPE", HWIPVPE, 9, citeAMDGPU),
		c64("TimeoutInfinite", TimeoutInfinite, "AMDGPU_TIMEOUT_INFINITE"),

		c32("InfoQueryAccelWorking", InfoQueryAccelWorking, "AMDGPU_INFO_ACCEL_WORKING"),
		c32("InfoQueryHWIPInfo", InfoQueryHWIPInfo, "AMDGPU_INFO_HW_IP_INFO"),
		c32("InfoQueryHWIPCount", InfoQueryHWIPCount, "AMDGPU_INFO_HW_IP_COUNT"),
		c32("InfoQueryTimestamp", InfoQueryTimestamp, "AMDGPU_INFO_TIMESTAMP"),
		c32("InfoQueryFWVersion", InfoQueryFWVersion, "AMDGPU_INFO_FW_VERSION"),
		c32("InfoQueryVRAMGTT", InfoQueryVRAMGTT, "AMDGPU_INFO_VRAM_GTT"),
		c32("InfoQueryDevInfo", InfoQueryDevInfo, "AMDGPU_INFO_DEV_INFO"),
		c32("InfoQueryMemory", InfoQueryMemory, "AMDGPU_INFO_MEMORY"),
		c32("InfoQueryVRAMLostCounter", InfoQueryVRAMLostCounter, "AMDGPU_INFO_VRAM_LOST_COUNTER"),
		pin("InfoQueryUQFWAreas", InfoQueryUQFWAreas, 0x24, citeAMDGPU),
		c32("InfoFWGFXME", InfoFWGFXME, "AMDGPU_INFO_FW_GFX_ME"),
		c32("InfoFWGFXPFP", InfoFWGFXPFP, "AMDGPU_INFO_FW_GFX_PFP"),
		c32("InfoFWGFXRLC", InfoFWGFXRLC, "AMDGPU_INFO_FW_GFX_RLC"),
		c32("InfoFWGFXMEC", InfoFWGFXMEC, "AMDGPU_INFO_FW_GFX_MEC"),
		c32("InfoFWSDMA", InfoFWSDMA, "AMDGPU_INFO_FW_SDMA"),
		pin("InfoFWMESKIQ", InfoFWMESKIQ, 0x19, citeAMDGPU),
		pin("InfoFWMES", InfoFWMES, 0x1a, citeAMDGPU),
		pin("InfoFWIMU", InfoFWIMU, 0x1b, citeAMDGPU),
		c32("FamilyNV", FamilyNV, "AMDGPU_FAMILY_NV"),
		pin("FamilyGC11_0_0", FamilyGC11_0_0, 145, citeAMDGPU),
		pin("FamilyGC12_0_0", FamilyGC12_0_0, 152, citeAMDGPU),

		pin("UserqOpCreate", UserqOpCreate, 1, citeAMDGPU),
		pin("UserqOpFree", UserqOpFree, 2, citeAMDGPU),
		pin("UserqCreateFlagsQueuePriorityMask", UserqCreateFlagsQueuePriorityMask, 0x3, citeAMDGPU),
		pin("UserqCreateFlagsQueuePriorityNormalLow", UserqCreateFlagsQueuePriorityNormalLow, 0, citeAMDGPU),
		pin("UserqCreateFlagsQueuePriorityLow", UserqCreateFlagsQueuePriorityLow, 1, citeAMDGPU),
		pin("UserqCreateFlagsQueuePriorityNormalHigh", UserqCreateFlagsQueuePriorityNormalHigh, 2, citeAMDGPU),
		pin("UserqCreateFlagsQueuePriorityHigh", UserqCreateFlagsQueuePriorityHigh, 3, citeAMDGPU),
		pin("UserqCreateFlagsQueueSecure", UserqCreateFlagsQueueSecure, 1<<2, citeAMDGPU),

		c32("KFDQueueTypeCompute", KFDQueueTypeCompute, "KFD_IOC_QUEUE_TYPE_COMPUTE"),
		c32("KFDQueueTypeSDMA", KFDQueueTypeSDMA, "KFD_IOC_QUEUE_TYPE_SDMA"),
		c32("KFDQueueTypeComputeAQL", KFDQueueTypeComputeAQL, "KFD_IOC_QUEUE_TYPE_COMPUTE_AQL"),
		c32("KFDQueueTypeSDMAXGMI", KFDQueueTypeSDMAXGMI, "KFD_IOC_QUEUE_TYPE_SDMA_XGMI"),
		c32("KFDMaxQueuePercentage", KFDMaxQueuePercentage, "KFD_MAX_QUEUE_PERCENTAGE"),
		c32("KFDMaxQueuePriority", KFDMaxQueuePriority, "KFD_MAX_QUEUE_PRIORITY"),
		c32("KFDMinQueueRingSize", KFDMinQueueRingSize, "KFD_MIN_QUEUE_RING_SIZE"),
		c32("KFDAllocMemFlagsVRAM", uint64(KFDAllocMemFlagsVRAM), "KFD_IOC_ALLOC_MEM_FLAGS_VRAM"),
		c32("KFDAllocMemFlagsGTT", uint64(KFDAllocMemFlagsGTT), "KFD_IOC_ALLOC_MEM_FLAGS_GTT"),
		c32("KFDAllocMemFlagsUserptr", uint64(KFDAllocMemFlagsUserptr), "KFD_IOC_ALLOC_MEM_FLAGS_USERPTR"),
		c32("KFDAllocMemFlagsDoorbell", uint64(KFDAllocMemFlagsDoorbell), "KFD_IOC_ALLOC_MEM_FLAGS_DOORBELL"),
		c32("KFDAllocMemFlagsMMIORemap", uint64(KFDAllocMemFlagsMMIORemap), "KFD_IOC_ALLOC_MEM_FLAGS_MMIO_REMAP"),
		c32("KFDAllocMemFlagsWritable", uint64(KFDAllocMemFlagsWritable), "KFD_IOC_ALLOC_MEM_FLAGS_WRITABLE"),
		c32("KFDAllocMemFlagsExecutable", uint64(KFDAllocMemFlagsExecutable), "KFD_IOC_ALLOC_MEM_FLAGS_EXECUTABLE"),
		c32("KFDAllocMemFlagsPublic", uint64(KFDAllocMemFlagsPublic), "KFD_IOC_ALLOC_MEM_FLAGS_PUBLIC"),
		c32("KFDAllocMemFlagsNoSubstitute", uint64(KFDAllocMemFlagsNoSubstitute), "KFD_IOC_ALLOC_MEM_FLAGS_NO_SUBSTITUTE"),
		c32("KFDAllocMemFlagsAQLQueueMem", uint64(KFDAllocMemFlagsAQLQueueMem), "KFD_IOC_ALLOC_MEM_FLAGS_AQL_QUEUE_MEM"),
		c32("KFDAllocMemFlagsCoherent", uint64(KFDAllocMemFlagsCoherent), "KFD_IOC_ALLOC_MEM_FLAGS_COHERENT"),
		c32("KFDAllocMemFlagsUncached", uint64(KFDAllocMemFlagsUncached), "KFD_IOC_ALLOC_MEM_FLAGS_UNCACHED"),
		c32("KFDEventSignal", KFDEventSignal, "KFD_IOC_EVENT_SIGNAL"),
		c32("KFDEventHWException", KFDEventHWException, "KFD_IOC_EVENT_HW_EXCEPTION"),
		c32("KFDEventMemory", KFDEventMemory, "KFD_IOC_EVENT_MEMORY"),
		c32("KFDWaitResultComplete", KFDWaitResultComplete, "KFD_IOC_WAIT_RESULT_COMPLETE"),
		c32("KFDWaitResultTimeout", KFDWaitResultTimeout, "KFD_IOC_WAIT_RESULT_TIMEOUT"),
		c32("KFDWaitResultFail", KFDWaitResultFail, "KFD_IOC_WAIT_RESULT_FAIL"),
		c32("KFDSignalEventLimit", KFDSignalEventLimit, "KFD_SIGNAL_EVENT_LIMIT"),
		pin("KFDMmapTypeDoorbell", KFDMmapTypeDoorbell, 0xC000000000000000, citeKFDPriv),
		pin("KFDMmapTypeEvents", KFDMmapTypeEvents, 0x8000000000000000, citeKFDPriv),
		pin("KFDMmapTypeReservedMem", KFDMmapTypeReservedMem, 0x4000000000000000, citeKFDPriv),
		pin("KFDMmapTypeMMIO", KFDMmapTypeMMIO, 0, citeKFDPriv),
		pin("KFDMmapTypeMask", KFDMmapTypeMask, 0xC000000000000000, citeKFDPriv),
		pin("KFDMmapGPUIDMask", KFDMmapGPUIDMask, 0x3FFFC00000000000, citeKFDPriv),
	}
}

func TestConstantsMatchHeaders(t *testing.T) {
	res := runProbe(t)
	for _, c := range constantCases() {
		if c.cExpr == "" {
			continue
		}
		mask := ^uint64(0)
		if c.width < 64 {
			mask = 1<<c.width - 1
		}
		if want := res.value(c.cExpr) & mask; c.got&mask != want {
			t.Errorf("%s = %#x, C %s = %#x", c.name, c.got&mask, c.cExpr, want)
		}
	}
}

// TestPinnedConstants checks the constants the installed headers lack
// against their cited upstream values; it needs no C compiler.
func TestPinnedConstants(t *testing.T) {
	for _, c := range constantCases() {
		if c.cExpr != "" {
			continue
		}
		if c.got != c.pinned {
			t.Errorf("%s = %#x, %s has %#x", c.name, c.got, c.cite, c.pinned)
		}
	}
}
