package kmd

import (
	"errors"
	"io/fs"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"unsafe"

	"golang.org/x/sys/unix"
)

// These tests drive OSOpener against character devices every Linux has:
// /dev/zero accepts a shared mmap and rejects every ioctl with ENOTTY, which
// exercises the same syscalls and error paths as a render node.

func openZero(t *testing.T) Device {
	t.Helper()
	dev, err := OSOpener{}.Open("/dev/zero")
	if err != nil {
		t.Skipf("cannot open /dev/zero: %v", err)
	}
	return dev
}

func TestOpenMissingNode(t *testing.T) {
	path := filepath.Join(t.TempDir(), "renderD128")
	_, err := OSOpener{}.Open(path)
	if !errors.Is(err, unix.ENOENT) || !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("Open(missing) = %v, want ENOENT matching fs.ErrNotExist", err)
	}
	var kerr *Error
	if !errors.As(err, &kerr) || kerr.Op != "open" || kerr.Path != path {
		t.Fatalf("Open(missing) error = %#v, want *Error{Op: open, Path: %s}", err, path)
	}
	if want := "open on " + path + ": ENOENT (no such file or directory)"; err.Error() != want {
		t.Fatalf("message %q, want %q", err.Error(), want)
	}
}

func TestIoctlErrorNamesRequestAndErrno(t *testing.T) {
	dev := openZero(t)
	defer dev.Close()
	var args GemCreate
	err := dev.Ioctl(IoctlAMDGPUGemCreate, unsafe.Pointer(&args))
	if !errors.Is(err, unix.ENOTTY) {
		t.Fatalf("GEM_CREATE on /dev/zero = %v, want ENOTTY", err)
	}
	var kerr *Error
	if !errors.As(err, &kerr) || kerr.Request != IoctlAMDGPUGemCreate || kerr.Errno != unix.ENOTTY {
		t.Fatalf("error %#v does not carry the request and errno", err)
	}
	msg := err.Error()
	for _, want := range []string{"ioctl AMDGPU_GEM_CREATE", "/dev/zero", "ENOTTY"} {
		if !strings.Contains(msg, want) {
			t.Errorf("message %q lacks %q", msg, want)
		}
	}
}

func TestMmapMunmapClose(t *testing.T) {
	dev := openZero(t)
	page := unix.Getpagesize()
	b, err := dev.Mmap(0, 2*page, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_SHARED)
	if err != nil {
		dev.Close()
		t.Fatalf("Mmap: %v", err)
	}
	if len(b) != 2*page || b[0] != 0 || b[len(b)-1] != 0 {
		dev.Close()
		t.Fatalf("mapping of /dev/zero: len %d, first %d, last %d", len(b), b[0], b[len(b)-1])
	}
	b[page] = 0x5a // writable
	if err := dev.Munmap(b[:page]); !errors.Is(err, unix.EINVAL) {
		t.Errorf("Munmap of part of a mapping = %v, want EINVAL", err)
	}
	if err := dev.Munmap(b); err != nil {
		t.Errorf("Munmap: %v", err)
	}
	if err := dev.Munmap(b); !errors.Is(err, unix.EINVAL) {
		t.Errorf("second Munmap = %v, want EINVAL", err)
	}
	// A mapping left live is released by Close.
	if _, err := dev.Mmap(0, page, unix.PROT_READ, unix.MAP_SHARED); err != nil {
		t.Fatalf("Mmap: %v", err)
	}
	if n := len(dev.(*osDevice).maps); n != 1 {
		t.Fatalf("%d live mappings tracked, want 1", n)
	}
	if err := dev.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	if n := len(dev.(*osDevice).maps); n != 0 {
		t.Fatalf("%d mappings survive Close", n)
	}
	if err := dev.Close(); !errors.Is(err, unix.EBADF) {
		t.Errorf("second Close = %v, want EBADF", err)
	}
	if err := dev.Ioctl(IoctlDRMVersion, nil); !errors.Is(err, unix.EBADF) {
		t.Errorf("Ioctl after Close = %v, want EBADF", err)
	}
	if _, err := dev.Mmap(0, page, unix.PROT_READ, unix.MAP_SHARED); !errors.Is(err, unix.EBADF) {
		t.Errorf("Mmap after Close = %v, want EBADF", err)
	}
}

func TestMmapRejectsBadArguments(t *testing.T) {
	dev := openZero(t)
	defer dev.Close()
	cases := []struct {
		name   string
		length int
		flags  int
	}{
		{"zero length", 0, unix.MAP_SHARED},
		{"negative length", -1, unix.MAP_SHARED},
		{"MAP_FIXED without an address", 4096, unix.MAP_SHARED | unix.MAP_FIXED},
	}
	for _, c := range cases {
		if _, err := dev.Mmap(0, c.length, unix.PROT_READ, c.flags); !errors.Is(err, unix.EINVAL) {
			t.Errorf("%s: %v, want EINVAL", c.name, err)
		}
	}
	// The kernel's own refusal surfaces as the errno: /dev/null cannot be mapped.
	null, err := OSOpener{}.Open("/dev/null")
	if err != nil {
		t.Skipf("cannot open /dev/null: %v", err)
	}
	defer null.Close()
	if _, err := null.Mmap(0, 4096, unix.PROT_READ, unix.MAP_SHARED); !errors.Is(err, unix.ENODEV) {
		t.Errorf("mmap of /dev/null = %v, want ENODEV", err)
	}
}

func TestRetryEINTR(t *testing.T) {
	calls := 0
	got := retryEINTR(func() unix.Errno {
		calls++
		if calls < 3 {
			return unix.EINTR
		}
		return unix.EAGAIN
	})
	if got != unix.EAGAIN || calls != 3 {
		t.Fatalf("retryEINTR = %v after %d calls, want EAGAIN after 3", got, calls)
	}
	if got := retryEINTR(func() unix.Errno { return 0 }); got != 0 {
		t.Fatalf("retryEINTR(success) = %v", got)
	}
}

func TestErrnoName(t *testing.T) {
	cases := []struct {
		errno unix.Errno
		want  string
	}{
		{unix.ENOENT, "ENOENT"},
		{unix.ETIME, "ETIME"},
		{unix.ECANCELED, "ECANCELED"},
		{ENOTSUPP, "ENOTSUPP"},
		{unix.Errno(4000), "errno 4000"},
	}
	for _, c := range cases {
		if got := ErrnoName(c.errno); got != c.want {
			t.Errorf("ErrnoName(%d) = %q, want %q", int(c.errno), got, c.want)
		}
	}
	err := NewIoctlError("", IoctlAMDGPUUserq, ENOTSUPP)
	if got, want := err.Error(), "ioctl AMDGPU_USERQ: ENOTSUPP (operation not supported by the driver)"; got != want {
		t.Errorf("message %q, want %q", got, want)
	}
	if !errors.Is(err, ENOTSUPP) || errors.Is(err, unix.EOPNOTSUPP) {
		t.Errorf("ENOTSUPP error matches wrongly: Is(ENOTSUPP)=%v Is(EOPNOTSUPP)=%v",
			errors.Is(err, ENOTSUPP), errors.Is(err, unix.EOPNOTSUPP))
	}
}

func TestAddr(t *testing.T) {
	var pin runtime.Pinner
	defer pin.Unpin()
	v := new(HWIPInfo)
	if got := Addr(&pin, unsafe.Pointer(v)); got != uint64(uintptr(unsafe.Pointer(v))) {
		t.Fatalf("Addr = %#x, want the pointer %p", got, v)
	}
	if Addr(&pin, nil) != 0 {
		t.Fatal("Addr(nil) != 0")
	}
	entries := make([]BOListEntry, 3)
	if got := SliceAddr(&pin, entries); got != uint64(uintptr(unsafe.Pointer(&entries[0]))) {
		t.Fatalf("SliceAddr = %#x, want &entries[0] %p", got, &entries[0])
	}
	if SliceAddr[BOListEntry](&pin, nil) != 0 {
		t.Fatal("SliceAddr(nil) != 0")
	}
}

// BenchmarkIoctlSeam measures one failing ioctl through the seam: the cost
// the Device interface, the lock and the error value add to a syscall.
func BenchmarkIoctlSeam(b *testing.B) {
	dev, err := OSOpener{}.Open("/dev/zero")
	if err != nil {
		b.Skipf("cannot open /dev/zero: %v", err)
	}
	defer dev.Close()
	var args WaitCS
	b.ReportAllocs()
	for b.Loop() {
		if err := dev.Ioctl(IoctlAMDGPUWaitCS, unsafe.Pointer(&args)); err == nil {
			b.Fatal("ioctl on /dev/zero succeeded")
		}
	}
}
