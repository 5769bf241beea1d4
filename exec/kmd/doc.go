// Package kmd is zincc's view of the Linux kernel-mode driver ABI that the GPU
// rings (exec/cs, exec/kfd, exec/umq) speak: the ioctl request numbers and
// argument structs of amdgpu (DRM render node), of the generic DRM core and of
// amdkfd (/dev/kfd), the constants those structs carry, the KFD topology in
// sysfs, and the device seam through which a ring reaches either the kernel or
// a fake driver.
//
// # Layout
//
// Every struct here has the size, alignment and field offsets of its C
// counterpart on 64-bit Linux. Explicit pad words of the C headers are blank
// fields (_), so they are always zero. A C union is a Go struct holding opaque
// storage of the union's size and alignment, with methods (In, Out, ...)
// that return typed views of its members. The layout test compiles a C probe
// against the installed UAPI headers (Debian's linux-libc-dev and libdrm-dev)
// and requires the same sizeof, alignment and offsetof for every field; the
// user-queue structs, which those headers predate, are pinned to the upstream
// header instead.
//
// # Which version of a struct
//
// Several structs grew after Linux 6.1, the version of Debian 12's headers.
// The rule used here follows from how the kernel treats size:
//
//   - Argument structs whose size is encoded in the request number (GEM_VA,
//     KFD CREATE_QUEUE, SYNCOBJ_WAIT) follow the Debian 6.1 layout exactly.
//     Both DRM (drm_ioctl) and KFD (kfd_ioctl) look a handler up by its number
//     alone, copy in the size the caller encoded, zero-fill up to the kernel's
//     own size and copy back only the caller's size; a zero-filled new field
//     means "feature off" for every extension used here. The old request
//     therefore works on every kernel. Where zincc needs an extension, a second
//     type carries it (GemVATimeline) with its own request number.
//   - Result structs of AMDGPU_INFO (HWIPInfo, DeviceInfo) follow the newest
//     upstream layout: their size is not in the request number, the kernel
//     writes min(return_size, its own size) bytes, so an older kernel leaves
//     the tail at the zero the caller put there, and a newer one fills the
//     fields the user-queue probe needs (userq_num_slots, userq_ip_mask).
//
// # Pointer fields
//
// Fields the kernel reads as user addresses are uint64. The memory they point
// at must stay alive and must not move until the ioctl returns: take the
// address with Addr or SliceAddr, which pin it with a runtime.Pinner, and
// Unpin after the call.
package kmd
