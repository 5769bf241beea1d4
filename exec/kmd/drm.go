package kmd

// Generic DRM core ioctls (include/uapi/drm/drm.h), valid on any DRM render
// node: identify the driver, close GEM handles, and the sync objects the
// user-queue path waits on.

// Version is struct drm_version, the argument of DRM_IOCTL_VERSION (64 bytes).
// The *Len fields are in/out: pass the capacity of the buffer the pointer
// field addresses (0 with a 0 pointer to ask for lengths only); the kernel
// returns the full length of each string and copies at most the capacity.
type Version struct {
	Major      int32 // version_major; amdgpu reports 3
	Minor      int32 // version_minor
	Patchlevel int32 // version_patchlevel
	_          int32 // implicit C padding before the 64-bit name_len
	NameLen    uint64
	Name       uint64 // char *: driver name, "amdgpu"
	DateLen    uint64
	Date       uint64 // char *
	DescLen    uint64
	Desc       uint64 // char *
}

// GemClose is struct drm_gem_close, the argument of DRM_IOCTL_GEM_CLOSE
// (8 bytes): it releases a GEM handle (an amdgpu BO).
type GemClose struct {
	Handle uint32
	_      uint32 // pad
}

// SyncobjCreate is struct drm_syncobj_create (8 bytes); Handle is returned.
type SyncobjCreate struct {
	Handle uint32
	Flags  uint32 // SyncobjCreateSignaled
}

// SyncobjDestroy is struct drm_syncobj_destroy (8 bytes).
type SyncobjDestroy struct {
	Handle uint32
	_      uint32 // pad
}

// SyncobjWait is struct drm_syncobj_wait as of Linux 6.1 (32 bytes). Newer
// kernels append deadline_nsec (40 bytes), which they read only with the
// DRM_SYNCOBJ_WAIT_FLAGS_WAIT_DEADLINE flag; a 32-byte request zero-fills
// it and never sets that flag, so it means the same on every kernel.
type SyncobjWait struct {
	Handles       uint64 // pointer to CountHandles u32 handles
	TimeoutNsec   int64  // absolute CLOCK_MONOTONIC; expiry returns ETIME
	CountHandles  uint32
	Flags         uint32 // SyncobjWaitFlags*
	FirstSignaled uint32 // out: index of the first signaled handle
	_             uint32 // pad
}

// SyncobjTimelineWait is struct drm_syncobj_timeline_wait as of Linux 6.1
// (40 bytes); like SyncobjWait, newer kernels append deadline_nsec (48
// bytes), read only with DRM_SYNCOBJ_WAIT_FLAGS_WAIT_DEADLINE.
type SyncobjTimelineWait struct {
	Handles       uint64 // pointer to CountHandles u32 handles
	Points        uint64 // pointer to CountHandles u64 timeline points
	TimeoutNsec   int64  // absolute CLOCK_MONOTONIC; expiry returns ETIME
	CountHandles  uint32
	Flags         uint32 // SyncobjWaitFlags*
	FirstSignaled uint32 // out
	_             uint32 // pad
}

// Sync object flags (include/uapi/drm/drm.h).
const (
	SyncobjCreateSignaled = 1 << 0 // DRM_SYNCOBJ_CREATE_SIGNALED

	SyncobjWaitFlagsWaitAll       = 1 << 0 // DRM_SYNCOBJ_WAIT_FLAGS_WAIT_ALL
	SyncobjWaitFlagsWaitForSubmit = 1 << 1 // DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT
	SyncobjWaitFlagsWaitAvailable = 1 << 2 // DRM_SYNCOBJ_WAIT_FLAGS_WAIT_AVAILABLE
)
