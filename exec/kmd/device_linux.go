package kmd

import (
	"errors"
	"sync"
	"unsafe"

	"golang.org/x/sys/unix"
)

// OSOpener opens device nodes with open(2) (O_RDWR|O_CLOEXEC) and talks to
// the kernel through ioctl(2) and mmap(2).
type OSOpener struct{}

// Open opens path. A missing node gives an *Error that matches both
// unix.ENOENT and fs.ErrNotExist; a node without permission, unix.EACCES.
func (OSOpener) Open(path string) (Device, error) {
	var fd int
	errno := retryEINTR(func() unix.Errno {
		var err error
		fd, err = unix.Open(path, unix.O_RDWR|unix.O_CLOEXEC, 0)
		return toErrno(err)
	})
	if errno != 0 {
		return nil, &Error{Op: "open", Path: path, Errno: errno}
	}
	return &osDevice{fd: fd, path: path, maps: make(map[*byte][]byte)}, nil
}

// osDevice is a kernel device node. The RWMutex makes Close wait for calls
// in flight, so a descriptor number is never used after close(2) could have
// handed it to another open.
type osDevice struct {
	mu     sync.RWMutex
	fd     int
	path   string
	closed bool
	maps   map[*byte][]byte // live mappings by first byte
}

// Ioctl implements Device.Ioctl with ioctl(2), retried on EINTR.
func (d *osDevice) Ioctl(req uint, arg unsafe.Pointer) error {
	d.mu.RLock()
	defer d.mu.RUnlock()
	if d.closed {
		return NewIoctlError(d.path, req, unix.EBADF)
	}
	errno := retryEINTR(func() unix.Errno {
		_, _, e := unix.Syscall(unix.SYS_IOCTL, uintptr(d.fd), uintptr(req), uintptr(arg))
		return e
	})
	if errno != 0 {
		return NewIoctlError(d.path, req, errno)
	}
	return nil
}

// Mmap implements Device.Mmap with mmap(2) and records the mapping for Close.
func (d *osDevice) Mmap(offset uint64, length int, prot, flags int) ([]byte, error) {
	if length <= 0 || flags&unix.MAP_FIXED != 0 {
		return nil, &Error{Op: "mmap", Path: d.path, Errno: unix.EINVAL}
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.closed {
		return nil, &Error{Op: "mmap", Path: d.path, Errno: unix.EBADF}
	}
	// The offset's bits pass through unchanged: mmap's off_t is signed, but
	// KFD's offsets use bit 63 as part of their type field.
	b, err := unix.Mmap(d.fd, int64(offset), length, prot, flags)
	if err != nil {
		return nil, &Error{Op: "mmap", Path: d.path, Errno: toErrno(err)}
	}
	d.maps[&b[0]] = b
	return b, nil
}

// Munmap implements Device.Munmap for a whole mapping made by Mmap.
func (d *osDevice) Munmap(b []byte) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	if len(b) == 0 {
		return &Error{Op: "munmap", Path: d.path, Errno: unix.EINVAL}
	}
	full, ok := d.maps[&b[0]]
	if !ok || len(full) != len(b) {
		return &Error{Op: "munmap", Path: d.path, Errno: unix.EINVAL}
	}
	if err := unix.Munmap(full); err != nil {
		return &Error{Op: "munmap", Path: d.path, Errno: toErrno(err)}
	}
	delete(d.maps, &b[0])
	return nil
}

// Fd implements Device.Fd.
func (d *osDevice) Fd() int { return d.fd }

// Close implements Device.Close: it unmaps what is still mapped, then
// closes the descriptor; later calls fail with EBADF.
func (d *osDevice) Close() error {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.closed {
		return &Error{Op: "close", Path: d.path, Errno: unix.EBADF}
	}
	d.closed = true
	var first error
	for key, b := range d.maps {
		if err := unix.Munmap(b); err != nil && first == nil {
			first = &Error{Op: "munmap", Path: d.path, Errno: toErrno(err)}
		}
		delete(d.maps, key)
	}
	// close(2) is not retried on EINTR: Linux releases the descriptor first.
	if err := unix.Close(d.fd); err != nil && first == nil {
		first = &Error{Op: "close", Path: d.path, Errno: toErrno(err)}
	}
	return first
}

// retryEINTR repeats call while it fails with EINTR: a signal delivered
// during a blocking ioctl (WAIT_CS, KFD WAIT_EVENTS) interrupts it without
// changing the device's state. Absolute timeouts (WAIT_CS, syncobj waits)
// keep their meaning across a retry; relative ones (KFD WAIT_EVENTS) restart.
func retryEINTR(call func() unix.Errno) unix.Errno {
	for {
		if errno := call(); errno != unix.EINTR {
			return errno
		}
	}
}

// toErrno extracts the errno of an x/sys/unix error; other errors (there are
// none from the calls used here) map to EIO.
func toErrno(err error) unix.Errno {
	if err == nil {
		return 0
	}
	var errno unix.Errno
	if errors.As(err, &errno) {
		return errno
	}
	return unix.EIO
}
