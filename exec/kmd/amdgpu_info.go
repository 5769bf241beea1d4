package kmd

import "unsafe"

// DRM_IOCTL_AMDGPU_INFO: one request struct selecting a query, and the result
// structs the kernel writes to ReturnPointer.

// Info is struct drm_amdgpu_info (32 bytes), the argument of
// DRM_IOCTL_AMDGPU_INFO. The request is _IOW: the kernel never writes this
// struct back; it answers only by writing at most ReturnSize bytes (and at
// most the size of its own result struct) to ReturnPointer. Bad queries, IPs
// or instances give EINVAL.
type Info struct {
	ReturnPointer uint64 // pointer to the result struct
	ReturnSize    uint32 // size of the result buffer
	Query         uint32 // InfoQuery*
	args          [4]uint32
}

// HWIP returns the query_hw_ip view of the query arguments, used by
// InfoQueryHWIPInfo, InfoQueryHWIPCount and InfoQueryUQFWAreas.
func (i *Info) HWIP() *InfoHWIPArgs { return (*InfoHWIPArgs)(unsafe.Pointer(&i.args)) }

// FW returns the query_fw view of the query arguments, used by
// InfoQueryFWVersion.
func (i *Info) FW() *InfoFWArgs { return (*InfoFWArgs)(unsafe.Pointer(&i.args)) }

// InfoHWIPArgs is the query_hw_ip member of the drm_amdgpu_info union.
type InfoHWIPArgs struct {
	Type       uint32 // HWIP*
	IPInstance uint32 // must be 0 (AMDGPU_HW_IP_INSTANCE_MAX_COUNT is 1)
}

// InfoFWArgs is struct drm_amdgpu_query_fw, the query_fw member of the
// drm_amdgpu_info union.
type InfoFWArgs struct {
	FWType     uint32 // InfoFW*
	IPInstance uint32
	Index      uint32 // engine index for MEC, SDMA, ...
	_          uint32 // _pad
}

// INFO queries (AMDGPU_INFO_*) and what each writes to ReturnPointer.
const (
	InfoQueryAccelWorking    = 0x00 // u32
	InfoQueryHWIPInfo        = 0x02 // HWIPInfo
	InfoQueryHWIPCount       = 0x03 // u32
	InfoQueryTimestamp       = 0x05 // u64
	InfoQueryFWVersion       = 0x0e // FirmwareInfo
	InfoQueryVRAMGTT         = 0x14 // VRAMGTTInfo
	InfoQueryDevInfo         = 0x16 // DeviceInfo
	InfoQueryMemory          = 0x19 // MemoryInfo
	InfoQueryVRAMLostCounter = 0x1f // u32
	InfoQueryUQFWAreas       = 0x24 // UQMetadata (upstream); EOPNOTSUPP when the IP has no user queues
)

// Firmware types of InfoQueryFWVersion (AMDGPU_INFO_FW_*).
const (
	InfoFWGFXME  = 0x04
	InfoFWGFXPFP = 0x05
	InfoFWGFXRLC = 0x07
	InfoFWGFXMEC = 0x08
	InfoFWSDMA   = 0x0b
	InfoFWMESKIQ = 0x19 // upstream
	InfoFWMES    = 0x1a // upstream
	InfoFWIMU    = 0x1b // upstream
)

// HWIPInfo is struct drm_amdgpu_info_hw_ip in its upstream layout (40 bytes;
// Linux 6.1 has 32). The kernel writes min(ReturnSize, its size) bytes, so
// on 6.1 IPDiscoveryVersion (6.1's _pad) and UserqNumSlots stay 0.
type HWIPInfo struct {
	HWIPVersionMajor   uint32
	HWIPVersionMinor   uint32
	CapabilitiesFlags  uint64
	IBStartAlignment   uint32
	IBSizeAlignment    uint32
	AvailableRings     uint32 // bit n: kernel ring n accepts CS
	IPDiscoveryVersion uint32 // bits 23:16 major, 15:8 minor, 7:0 revision; GC 12.0.1 = 0x0C0001
	UserqNumSlots      uint32 // upstream: MES slots for user queues (userq_num_hqds before its rename)
	_                  uint32 // implicit C tail padding
}

// DeviceInfo is struct drm_amdgpu_info_device in its upstream layout
// (448 bytes; Linux 6.1 has 368, ending at TCCDisabledMask). The kernel
// writes min(ReturnSize, its size) bytes; fields past the kernel's struct
// stay as the caller left them (zero).
type DeviceInfo struct {
	DeviceID                 uint32 // PCI device id
	ChipRev                  uint32
	ExternalRev              uint32
	PCIRev                   uint32
	Family                   uint32 // Family*
	NumShaderEngines         uint32
	NumShaderArraysPerEngine uint32
	GPUCounterFreq           uint32 // kHz
	MaxEngineClock           uint64
	MaxMemoryClock           uint64
	CUActiveNumber           uint32
	CUAOMask                 uint32 // invalid, do not use
	CUBitmap                 [4][4]uint32
	EnabledRBPipesMask       uint32
	NumRBPipes               uint32
	NumHWGFXContexts         uint32
	PCIeGen                  uint32 // _pad in 6.1
	IDsFlags                 uint64
	VirtualAddressOffset     uint64 // first VA user space may map
	VirtualAddressMax        uint64
	VirtualAddressAlignment  uint32
	PTEFragmentSize          uint32
	GARTPageSize             uint32
	CERAMSize                uint32
	VRAMType                 uint32
	VRAMBitWidth             uint32
	VCEHarvestConfig         uint32
	GCDoubleOffchipLDSBuf    uint32
	PrimBufGPUAddr           uint64
	PosBufGPUAddr            uint64
	CntlSBBufGPUAddr         uint64
	ParamBufGPUAddr          uint64
	PrimBufSize              uint32
	PosBufSize               uint32
	CntlSBBufSize            uint32
	ParamBufSize             uint32
	WaveFrontSize            uint32
	NumShaderVisibleVGPRs    uint32
	NumCUPerSH               uint32
	NumTCCBlocks             uint32
	GSVGTTableDepth          uint32
	GSPrimBufferDepth        uint32
	MaxGSWavesPerVGT         uint32
	PCIeNumLanes             uint32 // _pad1 in 6.1
	CUAOBitmap               [4][4]uint32
	HighVAOffset             uint64
	HighVAMax                uint64
	PASCTileSteeringOverride uint32
	_                        uint32 // implicit C padding before the 64-bit mask
	TCCDisabledMask          uint64 // last field of the 6.1 struct
	MinEngineClock           uint64 // upstream from here on
	MinMemoryClock           uint64
	TCPCacheSize             uint32
	NumSQCPerWGP             uint32
	SQCDataCacheSize         uint32
	SQCInstCacheSize         uint32
	GL1CCacheSize            uint32
	GL2CCacheSize            uint32
	MALLSize                 uint64
	EnabledRBPipesMaskHi     uint32
	ShadowSize               uint32
	ShadowAlignment          uint32
	CSASize                  uint32
	CSAAlignment             uint32
	UserqIPMask              uint32 // bit 1<<HWIP*: the kernel installed user-queue support for that IP
	_                        uint32 // pad
	_                        uint32 // implicit C tail padding
}

// GPU families (AMDGPU_FAMILY_*), DeviceInfo.Family.
const (
	FamilyNV       = 143
	FamilyGC11_0_0 = 145 // upstream
	FamilyGC12_0_0 = 152 // upstream: gfx1200 / gfx1201 (RDNA4)
)

// FirmwareInfo is struct drm_amdgpu_info_firmware, the result of
// InfoQueryFWVersion.
type FirmwareInfo struct {
	Ver     uint32
	Feature uint32
}

// VRAMGTTInfo is struct drm_amdgpu_info_vram_gtt, the result of
// InfoQueryVRAMGTT.
type VRAMGTTInfo struct {
	VRAMSize              uint64
	VRAMCPUAccessibleSize uint64
	GTTSize               uint64
}

// HeapInfo is struct drm_amdgpu_heap_info.
type HeapInfo struct {
	TotalHeapSize  uint64
	UsableHeapSize uint64
	HeapUsage      uint64
	MaxAllocation  uint64
}

// MemoryInfo is struct drm_amdgpu_memory_info, the result of InfoQueryMemory.
type MemoryInfo struct {
	VRAM              HeapInfo
	CPUAccessibleVRAM HeapInfo
	GTT               HeapInfo
}

// UQMetadata is the upstream struct drm_amdgpu_info_uq_metadata (16 bytes),
// the result of InfoQueryUQFWAreas: a union chosen by the queried IP type.
// It is absent from Linux 6.1.
type UQMetadata struct{ raw [4]uint32 }

// GFX returns the view for HWIPGFX.
func (u *UQMetadata) GFX() *UQMetadataGFX { return (*UQMetadataGFX)(unsafe.Pointer(u)) }

// Compute returns the view for HWIPCompute.
func (u *UQMetadata) Compute() *UQMetadataCompute {
	return (*UQMetadataCompute)(unsafe.Pointer(u))
}

// SDMA returns the view for HWIPDMA.
func (u *UQMetadata) SDMA() *UQMetadataSDMA { return (*UQMetadataSDMA)(unsafe.Pointer(u)) }

// UQMetadataGFX is struct drm_amdgpu_info_uq_metadata_gfx.
type UQMetadataGFX struct {
	ShadowSize      uint32
	ShadowAlignment uint32
	CSASize         uint32
	CSAAlignment    uint32
}

// UQMetadataCompute is struct drm_amdgpu_info_uq_metadata_compute: the EOP
// buffer a compute user queue's MQD must point at.
type UQMetadataCompute struct {
	EOPSize      uint32
	EOPAlignment uint32
}

// UQMetadataSDMA is struct drm_amdgpu_info_uq_metadata_sdma.
type UQMetadataSDMA struct {
	CSASize      uint32
	CSAAlignment uint32
}
