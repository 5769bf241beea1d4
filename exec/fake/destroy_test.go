package fake

import (
	"runtime"
	"testing"
	"unsafe"

	"golang.org/x/sys/unix"

	"zincc/exec/kmd"
)

// TestDestroyForgetsOnce destroys each kind of object twice: the first
// call releases it, the second, like a call with an id never handed out,
// fails with the errno the kernel gives: EINVAL from drm_gem_handle_delete,
// amdgpu_ctx_free, drm_syncobj_destroy, kfd_event_destroy and
// pqm_destroy_queue; the fake's own EINVAL for a BO list (the kernel
// ignores an unknown list).
func TestDestroyForgetsOnce(t *testing.T) {
	d := New(DefaultConfig())
	dev := openRender(t, d)
	defer dev.Close()
	kfd, err := d.Open("/dev/kfd")
	if err != nil {
		t.Fatal(err)
	}
	defer kfd.Close()

	var c kmd.Ctx
	*c.In() = kmd.CtxIn{Op: kmd.CtxOpAllocCtx}
	if err := dev.Ioctl(kmd.IoctlAMDGPUCtx, unsafe.Pointer(&c)); err != nil {
		t.Fatal(err)
	}
	ctx := c.AllocOut().CtxID
	var sc kmd.SyncobjCreate
	if err := dev.Ioctl(kmd.IoctlDRMSyncobjCreate, unsafe.Pointer(&sc)); err != nil {
		t.Fatal(err)
	}
	entries := []kmd.BOListEntry{{BOHandle: newBO(t, dev, 4096, kmd.GemDomainGTT, 0)}}
	var pin runtime.Pinner
	defer pin.Unpin()
	var l kmd.BOList
	*l.In() = kmd.BOListIn{Operation: kmd.BOListOpCreate, BONumber: 1, BOInfoSize: uint32(unsafe.Sizeof(entries[0])),
		BOInfoPtr: kmd.SliceAddr(&pin, entries)}
	if err := dev.Ioctl(kmd.IoctlAMDGPUBOList, unsafe.Pointer(&l)); err != nil {
		t.Fatal(err)
	}
	list := l.Out().ListHandle
	bo := newBO(t, dev, 4096, kmd.GemDomainGTT, 0)
	ev := kmd.KFDCreateEventArgs{EventType: kmd.KFDEventMemory}
	if err := kfd.Ioctl(kmd.IoctlKFDCreateEvent, unsafe.Pointer(&ev)); err != nil {
		t.Fatal(err)
	}
	if live := d.Live(); live.BOs != 2 || live.Contexts != 1 || live.Syncobjs != 1 || live.BOLists != 1 || live.Events != 1 {
		t.Fatalf("live after creating one of each: %+v", live)
	}

	for _, tc := range []struct {
		name    string
		destroy func() error
	}{
		{"DRM_GEM_CLOSE", func() error {
			a := kmd.GemClose{Handle: bo}
			return dev.Ioctl(kmd.IoctlDRMGemClose, unsafe.Pointer(&a))
		}},
		{"AMDGPU_CTX free", func() error {
			var c kmd.Ctx
			*c.In() = kmd.CtxIn{Op: kmd.CtxOpFreeCtx, CtxID: ctx}
			return dev.Ioctl(kmd.IoctlAMDGPUCtx, unsafe.Pointer(&c))
		}},
		{"DRM_SYNCOBJ_DESTROY", func() error {
			a := kmd.SyncobjDestroy{Handle: sc.Handle}
			return dev.Ioctl(kmd.IoctlDRMSyncobjDestroy, unsafe.Pointer(&a))
		}},
		{"AMDGPU_BO_LIST destroy", func() error {
			var l kmd.BOList
			*l.In() = kmd.BOListIn{Operation: kmd.BOListOpDestroy, ListHandle: list}
			return dev.Ioctl(kmd.IoctlAMDGPUBOList, unsafe.Pointer(&l))
		}},
		{"KFD_DESTROY_EVENT", func() error {
			a := kmd.KFDDestroyEventArgs{EventID: ev.EventID}
			return kfd.Ioctl(kmd.IoctlKFDDestroyEvent, unsafe.Pointer(&a))
		}},
	} {
		if err := tc.destroy(); err != nil {
			t.Errorf("%s: %v", tc.name, err)
		}
		if err := tc.destroy(); errnoOf(err) != unix.EINVAL {
			t.Errorf("second %s: %v, want EINVAL", tc.name, err)
		}
	}
	if live := d.Live(); live.BOs != 1 || live.Contexts != 0 || live.Syncobjs != 0 || live.BOLists != 0 || live.Events != 0 {
		t.Errorf("live after destroying them: %+v", live)
	}
	q := kmd.KFDDestroyQueueArgs{QueueID: 7}
	if err := kfd.Ioctl(kmd.IoctlKFDDestroyQueue, unsafe.Pointer(&q)); errnoOf(err) != unix.EINVAL {
		t.Errorf("KFD_DESTROY_QUEUE of an unknown queue: %v, want EINVAL", err)
	}
}
