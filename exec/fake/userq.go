package fake

import (
	"math/bits"
	"unsafe"

	"golang.org/x/sys/unix"

	"zincc/exec/kmd"
)

func userqIoctl(f *file, req uint, arg unsafe.Pointer) unix.Errno {
	d := f.d
	switch d.cfg.Userq {
	case UserqAbsent:
		return unix.EINVAL // no handler for the nr
	case UserqNoIP:
		return kmd.ENOTSUPP
	}
	u := loadArg[kmd.Userq](req, arg)
	in := *u.In()
	switch in.Op {
	case kmd.UserqOpCreate:
		id, errno := f.createUserq(in)
		if errno != 0 {
			return errno
		}
		*u = kmd.Userq{}
		u.Out().QueueID = id
		storeArg(req, arg, u)
		return 0
	case kmd.UserqOpFree:
		rest := in
		rest.Op, rest.QueueID = 0, 0
		if rest != (kmd.UserqIn{}) {
			return unix.EINVAL
		}
		q, errno := forget(f.userqs, in.QueueID, unix.ENOENT)
		if errno != 0 {
			return errno
		}
		q.stop()
		return 0
	}
	return unix.EINVAL
}

// createUserq runs amdgpu_userq_create's checks (shared/ref/amdgpu-uapi.md
// §6) for a compute queue and starts it.
func (f *file) createUserq(in kmd.UserqIn) (uint32, unix.Errno) {
	d := f.d
	if in.Flags&^uint32(kmd.UserqCreateFlagsQueuePriorityMask|kmd.UserqCreateFlagsQueueSecure) != 0 {
		return 0, unix.EINVAL
	}
	if in.Flags&kmd.UserqCreateFlagsQueuePriorityMask == kmd.UserqCreateFlagsQueuePriorityHigh {
		return 0, unix.EACCES
	}
	if in.IPType != kmd.HWIPCompute || d.cfg.Userq != UserqWorking {
		return 0, unix.EINVAL // "Usermode queue is not supported for this IP" (or GFX/SDMA, not modelled)
	}
	covers := func(va, size uint64) bool {
		m := f.vm.find(va)
		return va != 0 && m != nil && uint64(len(m.Data)) >= size
	}
	if in.QueueSize < 4096 || bits.OnesCount64(in.QueueSize) != 1 || !covers(in.QueueVA, in.QueueSize) ||
		in.RptrVA%8 != 0 || in.WptrVA%8 != 0 || !covers(in.RptrVA, PageSize) || !covers(in.WptrVA, PageSize) {
		return 0, unix.EINVAL
	}
	db := f.handles[in.DoorbellHandle]
	if db == nil || db.domains&kmd.GemDomainDoorbell == 0 || (uint64(in.DoorbellOffset)+1)*8 > db.size {
		return 0, unix.EINVAL
	}
	// mes_userq_mqd_create: "Invalid compute IP MQD size" unless mqd_size
	// is exactly the kernel's struct size (8 upstream, 24 with the cwsr
	// params series).
	switch want := d.cfg.userqMQDSize(); {
	case in.MQDSize != want:
		return 0, unix.EINVAL
	case want == uint64(unsafe.Sizeof(kmd.UserqMQDComputeCWSR{})):
		mqd, errno := userSlice[kmd.UserqMQDComputeCWSR](in.MQD, 1)
		if errno != 0 {
			return 0, errno
		}
		ctl, cwsr, _ := d.cfg.nodeCWSR()
		m := mqd[0]
		if !covers(m.EOPVA, uint64(d.cfg.UserqEOPSize)) || uint64(m.CtxSaveAreaSize) < cwsr ||
			uint64(m.CtlStackSize) != ctl || !covers(m.CtxSaveAreaVA, uint64(m.CtxSaveAreaSize)) {
			return 0, unix.EINVAL
		}
	default:
		mqd, errno := userSlice[kmd.UserqMQDComputeGFX11](in.MQD, 1)
		if errno != 0 {
			return 0, errno
		}
		if !covers(mqd[0].EOPVA, uint64(d.cfg.UserqEOPSize)) {
			return 0, unix.EINVAL
		}
	}
	if d.cfg.UserqCreateErrno != 0 {
		return 0, d.cfg.UserqCreateErrno
	}
	id := f.nextUserq
	f.nextUserq++
	q := &queue{d: d, id: id, vm: f.vm, owner: f, ringVA: in.QueueVA, ringSize: in.QueueSize,
		wptrVA: in.WptrVA, rptrVA: in.RptrVA, doorbell: u64At(db.mem, uint64(in.DoorbellOffset)*8),
		userq: true, stopCh: make(chan struct{})}
	q.seen = *q.doorbell
	f.userqs[id] = q
	go q.watch(d.cfg.UserqPollPeriod)
	return id, 0
}
