package kmd

import "unsafe"

// DRM_IOCTL_AMDGPU_USERQ (upstream, Linux 6.16 and later): create and free
// user-mode queues. None of this is in the Linux 6.1 headers; the layout test
// pins it to the upstream header. On a kernel without the ioctl, drm_ioctl
// finds no handler for the nr and returns EINVAL; on a kernel with it but no
// IP supporting user queues, the ioctl returns ENOTSUPP (524).

// Userq is union drm_amdgpu_userq (72 bytes), the argument of
// DRM_IOCTL_AMDGPU_USERQ.
type Userq struct{ raw [9]uint64 }

// In returns the request view of the union.
func (u *Userq) In() *UserqIn { return (*UserqIn)(unsafe.Pointer(u)) }

// Out returns the reply view of the union.
func (u *Userq) Out() *UserqOut { return (*UserqOut)(unsafe.Pointer(u)) }

// UserqIn is struct drm_amdgpu_userq_in. For UserqOpFree only QueueID is
// set; any other nonzero field gives EINVAL.
type UserqIn struct {
	Op             uint32 // UserqOp*
	QueueID        uint32 // UserqOpFree only
	IPType         uint32 // HWIPGFX, HWIPCompute or HWIPDMA
	DoorbellHandle uint32 // GEM handle of a GemDomainDoorbell BO
	DoorbellOffset uint32 // index of the doorbell in the BO, in 8-byte slots
	Flags          uint32 // UserqCreateFlags*
	QueueVA        uint64 // ring GPU VA, inside a GEM_VA mapping of QueueSize bytes
	QueueSize      uint64 // bytes, a power of two >= 4096
	RptrVA         uint64 // GPU VA of the u64 read pointer, 8-byte aligned
	WptrVA         uint64 // GPU VA of the u64 write pointer, 8-byte aligned
	MQD            uint64 // pointer to the IP's MQD struct (UserqMQDComputeGFX11)
	MQDSize        uint64 // must equal the MQD struct size exactly
}

// UserqOut is struct drm_amdgpu_userq_out. Queue ids start at 1.
type UserqOut struct {
	QueueID uint32
	_       uint32 // _pad
}

// UserqMQDComputeGFX11 is struct drm_amdgpu_userq_mqd_compute_gfx11 (8
// bytes), the MQD of a compute user queue on gfx11 and gfx12: the GPU VA of
// an EOP buffer sized and aligned as InfoQueryUQFWAreas reports.
type UserqMQDComputeGFX11 struct {
	EOPVA uint64
}

// UserqMQDComputeCWSR is the compute MQD as the 2026 amd-gfx series
// "drm/amdgpu: Add ioctl support for cwsr params" (Lijo Lazar, v2/v3) grows
// drm_amdgpu_userq_mqd_compute_gfx11: eop_va, then the user context-save
// area (ctx_save_area_va, ctx_save_area_size) and ctl_stack_size, 24
// bytes. mes_userq_mqd_create checks mqd_size against sizeof exactly, so a
// kernel takes either this or the 8-byte form, not both.
type UserqMQDComputeCWSR struct {
	EOPVA           uint64
	CtxSaveAreaVA   uint64
	CtxSaveAreaSize uint32
	CtlStackSize    uint32
}

// User queue operations (AMDGPU_USERQ_OP_*).
const (
	UserqOpCreate = 1
	UserqOpFree   = 2
)

// User queue create flags (AMDGPU_USERQ_CREATE_FLAGS_*).
const (
	UserqCreateFlagsQueuePriorityMask       = 0x3
	UserqCreateFlagsQueuePriorityNormalLow  = 0
	UserqCreateFlagsQueuePriorityLow        = 1
	UserqCreateFlagsQueuePriorityNormalHigh = 2
	UserqCreateFlagsQueuePriorityHigh       = 3 // admin only, else EACCES
	UserqCreateFlagsQueueSecure             = 1 << 2
)
