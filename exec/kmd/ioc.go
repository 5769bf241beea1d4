package kmd

import "unsafe"

// The Linux ioctl request number packs four fields (include/uapi/asm-generic/
// ioctl.h, which x86-64 uses unchanged): nr in bits 0-7, type in bits 8-15,
// the argument size in bits 16-29 and the direction in bits 30-31.
const (
	iocNRBits   = 8
	iocTypeBits = 8
	iocSizeBits = 14
	iocDirBits  = 2

	iocNRShift   = 0
	iocTypeShift = iocNRShift + iocNRBits
	iocSizeShift = iocTypeShift + iocTypeBits
	iocDirShift  = iocSizeShift + iocSizeBits
)

// Directions of an ioctl request, seen from user space: Write means the
// kernel reads the argument, Read means the kernel writes it back.
const (
	IOCNone  = 0
	IOCWrite = 1
	IOCRead  = 2
)

// Request type bytes (the "magic" of _IOC).
const (
	DRMIoctlBase = 'd' // DRM_IOCTL_BASE, include/uapi/drm/drm.h
	KFDIoctlBase = 'K' // AMDKFD_IOCTL_BASE, include/uapi/linux/kfd_ioctl.h
)

// DRMCommandBase is the first request nr that a DRM driver (amdgpu) owns;
// DRM_AMDGPU_x requests are DRMCommandBase + x.
const DRMCommandBase = 0x40

// IOC builds a request number from its direction, type, nr and argument size,
// like the C macro _IOC. Fields wider than their bit range are truncated, as
// the C macro would overflow into the neighbouring field.
func IOC(dir, typ, nr, size uint) uint {
	return (dir&(1<<iocDirBits-1))<<iocDirShift |
		(size&(1<<iocSizeBits-1))<<iocSizeShift |
		(typ&(1<<iocTypeBits-1))<<iocTypeShift |
		(nr&(1<<iocNRBits-1))<<iocNRShift
}

// IO is _IO: a request without an argument.
func IO(typ, nr uint) uint { return IOC(IOCNone, typ, nr, 0) }

// IOR is _IOR: the kernel writes a size-byte argument back.
func IOR(typ, nr uint, size uintptr) uint { return IOC(IOCRead, typ, nr, uint(size)) }

// IOW is _IOW: the kernel only reads the size-byte argument.
func IOW(typ, nr uint, size uintptr) uint { return IOC(IOCWrite, typ, nr, uint(size)) }

// IOWR is _IOWR: the kernel reads the argument and writes it back.
func IOWR(typ, nr uint, size uintptr) uint {
	return IOC(IOCRead|IOCWrite, typ, nr, uint(size))
}

// RequestDir returns the direction bits (IOCRead, IOCWrite) of req.
func RequestDir(req uint) uint { return req >> iocDirShift & (1<<iocDirBits - 1) }

// RequestType returns the type byte of req ('d' for DRM, 'K' for KFD).
func RequestType(req uint) uint { return req >> iocTypeShift & (1<<iocTypeBits - 1) }

// RequestNr returns the command number of req.
func RequestNr(req uint) uint { return req >> iocNRShift & (1<<iocNRBits - 1) }

// RequestSize returns the argument size in bytes encoded in req.
func RequestSize(req uint) uint { return req >> iocSizeShift & (1<<iocSizeBits - 1) }

// The request constants are built from these so that each reads like its C
// macro: direction and type, then nr, then the size of the Go argument type.
const (
	drmW   = IOCWrite<<iocDirShift | DRMIoctlBase<<iocTypeShift
	drmRW  = (IOCRead|IOCWrite)<<iocDirShift | DRMIoctlBase<<iocTypeShift
	kfdR   = IOCRead<<iocDirShift | KFDIoctlBase<<iocTypeShift
	kfdW   = IOCWrite<<iocDirShift | KFDIoctlBase<<iocTypeShift
	kfdRW  = (IOCRead|IOCWrite)<<iocDirShift | KFDIoctlBase<<iocTypeShift
	sizeSh = iocSizeShift
)

// The package assumes a 64-bit target: pointer and size_t fields of the C
// structs are declared uint64. This fails to compile on 32-bit targets.
const _ = uint64(unsafe.Sizeof(uintptr(0)) - 8)
