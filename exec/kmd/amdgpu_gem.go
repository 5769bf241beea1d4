package kmd

import "unsafe"

// amdgpu buffer objects: create (GEM_CREATE), CPU-map (GEM_MMAP + mmap of
// the render node) and GPU-map (GEM_VA) them. Handles are released with the
// DRM core's GEM_CLOSE.

// GemCreate is union drm_amdgpu_gem_create (32 bytes), the argument of
// DRM_IOCTL_AMDGPU_GEM_CREATE: fill In, read Out.
type GemCreate struct{ raw [4]uint64 }

// In returns the request view of the union.
func (u *GemCreate) In() *GemCreateIn { return (*GemCreateIn)(unsafe.Pointer(u)) }

// Out returns the reply view of the union.
func (u *GemCreate) Out() *GemCreateOut { return (*GemCreateOut)(unsafe.Pointer(u)) }

// GemCreateIn is struct drm_amdgpu_gem_create_in.
type GemCreateIn struct {
	BOSize      uint64 // bytes
	Alignment   uint64 // bytes; 0 lets the kernel choose
	Domains     uint64 // GemDomain* mask
	DomainFlags uint64 // GemCreate* flags
}

// GemCreateOut is struct drm_amdgpu_gem_create_out. Handles start at 1.
type GemCreateOut struct {
	Handle uint32
	_      uint32 // _pad
}

// GemMmap is union drm_amdgpu_gem_mmap (8 bytes), the argument of
// DRM_IOCTL_AMDGPU_GEM_MMAP.
type GemMmap struct{ raw [1]uint64 }

// In returns the request view of the union.
func (u *GemMmap) In() *GemMmapIn { return (*GemMmapIn)(unsafe.Pointer(u)) }

// Out returns the reply view of the union.
func (u *GemMmap) Out() *GemMmapOut { return (*GemMmapOut)(unsafe.Pointer(u)) }

// GemMmapIn is struct drm_amdgpu_gem_mmap_in.
type GemMmapIn struct {
	Handle uint32
	_      uint32 // _pad
}

// GemMmapOut is struct drm_amdgpu_gem_mmap_out: AddrPtr is the fake file
// offset to pass to mmap(MAP_SHARED) on the render node. BOs created with
// GemCreateNoCPUAccess (and userptr BOs) give EPERM instead.
type GemMmapOut struct {
	AddrPtr uint64
}

// GemVA is struct drm_amdgpu_gem_va as of Linux 6.1 (40 bytes), the argument
// of DRM_IOCTL_AMDGPU_GEM_VA (IoctlAMDGPUGemVA). The request is _IOW: the
// kernel never writes it back.
//
// Upstream appended timeline-syncobj fields (64 bytes, GemVATimeline). This
// 40-byte form is accepted by every kernel: drm_ioctl dispatches on the nr,
// zero-fills the missing 24 bytes, and vm_timeline_syncobj_out == 0 together
// with num_syncobj_handles == 0 means "no timeline, no input fences".
type GemVA struct {
	Handle     uint32
	_          uint32 // _pad
	Operation  uint32 // VAOp*
	Flags      uint32 // VMPage* | VMMtype* | VMDelayUpdate
	VAAddress  uint64 // GPU VA; CPU-page aligned, >= 64 KiB, outside the hole
	OffsetInBO uint64
	MapSize    uint64
}

// GemVATimeline is the upstream struct drm_amdgpu_gem_va (64 bytes, request
// IoctlAMDGPUGemVATimeline): GemVA plus a timeline syncobj the kernel
// signals, at VMTimelinePoint, when the page-table update is done. User
// queues need that fence because, unlike a kernel CS, nothing else orders
// their first packets after the update. Kernels older than the extension
// read only the first 40 bytes and ignore the rest (drm_ioctl copies the
// caller's size in and dispatches on nr), so the timeline is then never
// signalled; callers must check the kernel supports it before waiting.
// Newer kernels reject VMDelayUpdate together with a timeline (EINVAL).
type GemVATimeline struct {
	GemVA
	VMTimelinePoint          uint64
	VMTimelineSyncobjOut     uint32 // syncobj handle, 0 = none
	NumSyncobjHandles        uint32
	InputFenceSyncobjHandles uint64 // pointer to NumSyncobjHandles u32 handles
}

// GEM domains (AMDGPU_GEM_DOMAIN_*).
const (
	GemDomainCPU  = 0x1
	GemDomainGTT  = 0x2
	GemDomainVRAM = 0x4
	GemDomainGDS  = 0x8
	GemDomainGWS  = 0x10
	GemDomainOA   = 0x20
	// GemDomainDoorbell (upstream, with user queues) allocates doorbell
	// pages for DRM_IOCTL_AMDGPU_USERQ.
	GemDomainDoorbell  = 0x40
	GemDomainMMIORemap = 0x80 // upstream
)

// GEM create flags (AMDGPU_GEM_CREATE_*), the DomainFlags of GemCreateIn.
const (
	GemCreateCPUAccessRequired = 1 << 0
	GemCreateNoCPUAccess       = 1 << 1
	GemCreateCPUGTTUSWC        = 1 << 2
	GemCreateVRAMCleared       = 1 << 3
	GemCreateVRAMContiguous    = 1 << 5
	GemCreateVMAlwaysValid     = 1 << 6 // per-VM BO: always resident, never in BO lists
	GemCreateExplicitSync      = 1 << 7
	GemCreateVRAMWipeOnRelease = 1 << 9
	GemCreateEncrypted         = 1 << 10
	GemCreatePreemptible       = 1 << 11
	GemCreateDiscardable       = 1 << 12 // upstream
	GemCreateCoherent          = 1 << 13 // upstream
	GemCreateUncached          = 1 << 14 // upstream
	GemCreateExtCoherent       = 1 << 15 // upstream
	GemCreateGFX12DCC          = 1 << 16 // upstream
)

// GEM_VA operations (AMDGPU_VA_OP_*).
const (
	VAOpMap     = 1
	VAOpUnmap   = 2
	VAOpClear   = 3
	VAOpReplace = 4
)

// GEM_VA flags (AMDGPU_VM_*).
const (
	VMDelayUpdate    = 1 << 0
	VMPageReadable   = 1 << 1
	VMPageWriteable  = 1 << 2
	VMPageExecutable = 1 << 3
	VMPagePRT        = 1 << 4
	VMMtypeMask      = 0xf << 5
	VMMtypeDefault   = 0 << 5
	VMMtypeNC        = 1 << 5
	VMMtypeWC        = 2 << 5
	VMMtypeCC        = 3 << 5
	VMMtypeUC        = 4 << 5
	VMMtypeRW        = 5 << 5
	VMPageNoalloc    = 1 << 9 // upstream: don't allocate in MALL
)
