package kmd

import (
	"fmt"
	"runtime"
	"unsafe"

	"golang.org/x/sys/unix"
)

// Device is an open kernel device node (a DRM render node or /dev/kfd) as
// the rings see it. OSOpener returns the kernel's; a fake driver implements
// the same interface so ring code runs unchanged against either. Errors from
// every method are *Error, so errors.Is(err, unix.ENOENT) works.
type Device interface {
	// Ioctl issues request req with arg pointing at its argument struct of
	// RequestSize(req) bytes. The kernel reads and writes through arg and
	// through the user pointers the struct holds (see Addr).
	Ioctl(req uint, arg unsafe.Pointer) error
	// Mmap maps length bytes of the device at offset with mmap(2)'s prot and
	// flags (MAP_SHARED; MAP_FIXED is refused, there is no address). The
	// offset is unsigned because KFD encodes a type in bits 63:62.
	Mmap(offset uint64, length int, prot, flags int) ([]byte, error)
	// Munmap unmaps a slice returned by Mmap on this device.
	Munmap(b []byte) error
	// Fd is the descriptor number the kernel knows this device by; KFD
	// ACQUIRE_VM takes the render node's. A fake returns its own numbering.
	Fd() int
	// Close releases the device. Mappings still live are unmapped first.
	Close() error
}

// Opener opens device nodes by path ("/dev/dri/renderD128", "/dev/kfd").
type Opener interface {
	Open(path string) (Device, error)
}

// ENOTSUPP is the kernel-internal errno 524 that some amdgpu and amdkfd
// paths return to user space (USERQ without user-queue support, KFD
// CREATE_QUEUE with an unknown queue type). It is not EOPNOTSUPP (95), and
// x/sys/unix does not name it.
const ENOTSUPP = unix.Errno(524)

// Error is a failed device operation: which operation, on which device node,
// which ioctl request, and the errno. It unwraps to the unix.Errno.
type Error struct {
	Op      string // "open", "ioctl", "mmap", "munmap", "close"
	Path    string // device node; empty when unknown
	Request uint   // ioctl request number; 0 for other operations
	Errno   unix.Errno
}

// NewIoctlError returns the error a Device reports when request req failed
// with errno. Fake drivers use it so their errors read like the kernel's.
func NewIoctlError(path string, req uint, errno unix.Errno) *Error {
	return &Error{Op: "ioctl", Path: path, Request: req, Errno: errno}
}

// Error formats e as "ioctl AMDGPU_GEM_CREATE on /dev/dri/renderD128: ENOENT
// (no such file or directory)".
func (e *Error) Error() string {
	what := e.Op
	if e.Op == "ioctl" {
		what += " " + RequestName(e.Request)
	}
	if e.Path != "" {
		what += " on " + e.Path
	}
	return fmt.Sprintf("%s: %s (%s)", what, ErrnoName(e.Errno), errnoText(e.Errno))
}

// Unwrap returns the errno, for errors.Is and errors.As.
func (e *Error) Unwrap() error { return e.Errno }

// ErrnoName returns the symbolic name of errno ("ENOENT", "ENOTSUPP"), or
// "errno N" for a number without one.
func ErrnoName(errno unix.Errno) string {
	if errno == ENOTSUPP {
		return "ENOTSUPP"
	}
	if name := unix.ErrnoName(errno); name != "" {
		return name
	}
	return fmt.Sprintf("errno %d", int(errno))
}

func errnoText(errno unix.Errno) string {
	if errno == ENOTSUPP {
		return "operation not supported by the driver"
	}
	return errno.Error()
}

// Addr pins the Go object p points into and returns p as the uint64 a
// pointer field of an ioctl struct holds. Pinning keeps the object alive and
// in place (a stack object escapes to the heap) until pin.Unpin, which the
// caller does after the ioctl returns.
func Addr(pin *runtime.Pinner, p unsafe.Pointer) uint64 {
	if p == nil {
		return 0
	}
	pin.Pin(p)
	return uint64(uintptr(p))
}

// SliceAddr is Addr for the first element of s; 0 for an empty slice.
func SliceAddr[T any](pin *runtime.Pinner, s []T) uint64 {
	if len(s) == 0 {
		return 0
	}
	return Addr(pin, unsafe.Pointer(unsafe.SliceData(s)))
}
