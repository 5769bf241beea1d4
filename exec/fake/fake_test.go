package fake

import (
	"errors"
	"runtime"
	"testing"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"

	"zincc/exec/kmd"
	"zincc/exec/sim"
	_ "zincc/internal/golden"
	"zincc/pm4"
)

// Expected values below come from shared/ref/amdgpu-uapi.md (§3 GEM_VA
// checks, §4 CS rules, §5 KFD checks, §6 USERQ, §7 fake behaviour).

func openRender(t *testing.T, d *Driver) kmd.Device {
	t.Helper()
	dev, err := d.Open("/dev/dri/renderD128")
	if err != nil {
		t.Fatal(err)
	}
	return dev
}

func errnoOf(err error) unix.Errno {
	var e unix.Errno
	errors.As(err, &e)
	return e
}

func newBO(t *testing.T, dev kmd.Device, size uint64, domain, flags uint64) uint32 {
	t.Helper()
	var gc kmd.GemCreate
	*gc.In() = kmd.GemCreateIn{BOSize: size, Domains: domain, DomainFlags: flags}
	if err := dev.Ioctl(kmd.IoctlAMDGPUGemCreate, unsafe.Pointer(&gc)); err != nil {
		t.Fatal(err)
	}
	return gc.Out().Handle
}

func mapVA(dev kmd.Device, h uint32, op uint32, va, size, off uint64, flags uint32) error {
	gv := kmd.GemVA{Handle: h, Operation: op, Flags: flags, VAAddress: va, MapSize: size, OffsetInBO: off}
	return dev.Ioctl(kmd.IoctlAMDGPUGemVA, unsafe.Pointer(&gv))
}

func TestDispatchRules(t *testing.T) {
	d := New(DefaultConfig())
	dev := openRender(t, d)
	defer dev.Close()
	var x [8]uint64
	if err := dev.Ioctl(kmd.IOWR(kmd.DRMIoctlBase, kmd.DRMCommandBase+0x30, 8), unsafe.Pointer(&x)); errnoOf(err) != unix.EINVAL {
		t.Errorf("unknown amdgpu nr: %v, want EINVAL", err)
	}
	if err := dev.Ioctl(kmd.IoctlKFDGetVersion, unsafe.Pointer(&x)); errnoOf(err) != unix.ENOTTY {
		t.Errorf("a KFD request on a render node: %v, want ENOTTY", err)
	}
	// INFO is _IOW: the argument is never written back, and at most
	// return_size bytes of the result are.
	var out [16]byte
	for i := range out {
		out[i] = 0xEE
	}
	var pin runtime.Pinner
	info := kmd.Info{ReturnPointer: kmd.SliceAddr(&pin, out[:]), ReturnSize: 8, Query: kmd.InfoQueryDevInfo}
	before := info
	err := dev.Ioctl(kmd.IoctlAMDGPUInfo, unsafe.Pointer(&info))
	pin.Unpin()
	if err != nil || info != before {
		t.Fatalf("INFO: %v, argument %+v -> %+v", err, before, info)
	}
	if out[0] != 0x51 || out[1] != 0x75 || out[8] != 0xEE {
		t.Errorf("DEV_INFO with return_size 8 wrote % x; want device id 0x7551 then nothing past byte 8", out)
	}
	// Both GEM_VA sizes reach the same handler; another size does not.
	h := newBO(t, dev, 8192, kmd.GemDomainGTT, 0)
	gv := kmd.GemVATimeline{GemVA: kmd.GemVA{Handle: h, Operation: kmd.VAOpMap, Flags: kmd.VMPageReadable, VAAddress: 1 << 32, MapSize: 4096}}
	if err := dev.Ioctl(kmd.IoctlAMDGPUGemVATimeline, unsafe.Pointer(&gv)); err != nil {
		t.Errorf("64-byte GEM_VA: %v", err)
	}
	if err := dev.Ioctl(kmd.IOW(kmd.DRMIoctlBase, kmd.DRMCommandBase+0x08, 48), unsafe.Pointer(&gv)); errnoOf(err) != unix.EINVAL {
		t.Errorf("48-byte GEM_VA: %v, want EINVAL", err)
	}
}

func TestGemVAChecks(t *testing.T) {
	d := New(DefaultConfig())
	dev := openRender(t, d)
	defer dev.Close()
	h := newBO(t, dev, 3*4096, kmd.GemDomainVRAM, 0)
	if h != 1 {
		t.Errorf("first handle %d, want 1", h)
	}
	r := uint32(kmd.VMPageReadable)
	for _, tc := range []struct {
		name          string
		handle        uint32
		op            uint32
		va, size, off uint64
		flags         uint32
		want          unix.Errno
	}{
		{"below 64 KiB", h, kmd.VAOpMap, 0x8000, 4096, 0, r, unix.EINVAL},
		{"in the hole", h, kmd.VAOpMap, 0x0000_9000_0000_0000, 4096, 0, r, unix.EINVAL},
		{"unknown flag", h, kmd.VAOpMap, 1 << 32, 4096, 0, 1 << 12, unix.EINVAL},
		{"unaligned", h, kmd.VAOpMap, 1<<32 + 8, 4096, 0, r, unix.EINVAL},
		{"past the BO", h, kmd.VAOpMap, 1 << 32, 4096, 3 * 4096, r, unix.EINVAL},
		{"bad handle", 9, kmd.VAOpMap, 1 << 32, 4096, 0, r, unix.ENOENT},
		{"ok", h, kmd.VAOpMap, 1 << 32, 8192, 0, r, 0},
		{"overlap", h, kmd.VAOpMap, 1<<32 + 4096, 4096, 0, r, unix.EINVAL},
		{"unmap a miss", h, kmd.VAOpUnmap, 1 << 33, 4096, 0, r, unix.ENOENT},
		{"unmap", h, kmd.VAOpUnmap, 1 << 32, 8192, 0, r, 0},
	} {
		if err := mapVA(dev, tc.handle, tc.op, tc.va, tc.size, tc.off, tc.flags); errnoOf(err) != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, err, tc.want)
		}
	}
	h2 := newBO(t, dev, 4096, kmd.GemDomainVRAM, kmd.GemCreateNoCPUAccess)
	var gm kmd.GemMmap
	gm.In().Handle = h2
	if err := dev.Ioctl(kmd.IoctlAMDGPUGemMmap, unsafe.Pointer(&gm)); errnoOf(err) != unix.EPERM {
		t.Errorf("GEM_MMAP of a NO_CPU_ACCESS BO: %v, want EPERM", err)
	}
}

// submit issues a CS of ib (already in the BO at va) on ctx with list.
func submit(dev kmd.Device, ctx, list uint32, va uint64, dwords int, extra *kmd.BOListIn) (uint64, error) {
	var pin runtime.Pinner
	defer pin.Unpin()
	ib := kmd.CSChunkIB{VAStart: va, IBBytes: uint32(4 * dwords), IPType: kmd.HWIPCompute}
	chunks := []kmd.CSChunk{{ChunkID: kmd.ChunkIDIB, LengthDW: kmd.CSChunkIBLengthDW, ChunkData: kmd.Addr(&pin, unsafe.Pointer(&ib))}}
	if extra != nil {
		chunks = append(chunks, kmd.CSChunk{ChunkID: kmd.ChunkIDBOHandles, LengthDW: kmd.BOListInLengthDW, ChunkData: kmd.Addr(&pin, unsafe.Pointer(extra))})
	}
	ptrs := make([]uint64, len(chunks))
	for i := range chunks {
		ptrs[i] = kmd.Addr(&pin, unsafe.Pointer(&chunks[i]))
	}
	var cs kmd.CS
	*cs.In() = kmd.CSIn{CtxID: ctx, BOListHandle: list, NumChunks: uint32(len(ptrs)), Chunks: kmd.SliceAddr(&pin, ptrs)}
	err := dev.Ioctl(kmd.IoctlAMDGPUCS, unsafe.Pointer(&cs))
	return cs.Out().Handle, err
}

func TestCSResidencyAndWait(t *testing.T) {
	d := New(DefaultConfig())
	dev := openRender(t, d)
	defer dev.Close()
	ibBO := newBO(t, dev, 4096, kmd.GemDomainGTT, 0)
	dst := newBO(t, dev, 4096, kmd.GemDomainVRAM, 0)
	const ibVA, dstVA = 1 << 32, 1<<32 + 1<<20
	if err := mapVA(dev, ibBO, kmd.VAOpMap, ibVA, 4096, 0, kmd.VMPageReadable); err != nil {
		t.Fatal(err)
	}
	if err := mapVA(dev, dst, kmd.VAOpMap, dstVA, 4096, 0, kmd.VMPageReadable|kmd.VMPageWriteable); err != nil {
		t.Fatal(err)
	}
	var gm kmd.GemMmap
	gm.In().Handle = ibBO
	if err := dev.Ioctl(kmd.IoctlAMDGPUGemMmap, unsafe.Pointer(&gm)); err != nil {
		t.Fatal(err)
	}
	cpu, err := dev.Mmap(gm.Out().AddrPtr, 4096, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_SHARED)
	if err != nil {
		t.Fatal(err)
	}
	ib := unsafe.Slice((*uint32)(unsafe.Pointer(&cpu[0])), 1024)
	b := pm4.NewBuilder(ib)
	_ = b.WriteData(pm4.WriteData{DstSel: pm4.WriteDstMemory, Addr: dstVA, Data: []uint32{42}})
	n := b.Written()
	var c kmd.Ctx
	c.In().Op = kmd.CtxOpAllocCtx
	if err := dev.Ioctl(kmd.IoctlAMDGPUCtx, unsafe.Pointer(&c)); err != nil || c.AllocOut().CtxID != 1 {
		t.Fatalf("ctx alloc: %v, id %d", err, c.AllocOut().CtxID)
	}
	ctx := c.AllocOut().CtxID
	// With only the IB resident, the write to dst faults.
	var pin runtime.Pinner
	entries := []kmd.BOListEntry{{BOHandle: ibBO}}
	onlyIB := kmd.BOListIn{Operation: ^uint32(0), ListHandle: ^uint32(0), BONumber: 1, BOInfoSize: 8, BOInfoPtr: kmd.SliceAddr(&pin, entries)}
	// A BO list and a BO_HANDLES chunk together are EINVAL.
	if _, err := submit(dev, ctx, 1, ibVA, n, &onlyIB); errnoOf(err) != unix.EINVAL {
		t.Errorf("list handle and BO_HANDLES chunk: %v, want EINVAL", err)
	}
	seq, err := submit(dev, ctx, 0, ibVA, n, &onlyIB)
	if err != nil || seq != 1 {
		t.Fatalf("first CS: seq %d, %v; want seq 1", seq, err)
	}
	var f *sim.PageFault
	if faults := d.Faults(); len(faults) != 1 || !errors.As(faults[0], &f) || f.Addr != dstVA || f.Reason != "unmapped" {
		t.Errorf("faults %v, want an unmapped write at %#x", faults, uint64(dstVA))
	}
	// The guilty context refuses more work.
	entries2 := []kmd.BOListEntry{{BOHandle: ibBO}, {BOHandle: dst}}
	both := kmd.BOListIn{BONumber: 2, BOInfoSize: 8, BOInfoPtr: kmd.SliceAddr(&pin, entries2)}
	if _, err := submit(dev, ctx, 0, ibVA, n, &both); errnoOf(err) != unix.ECANCELED {
		t.Errorf("CS on a guilty context: %v, want ECANCELED", err)
	}
	c = kmd.Ctx{}
	c.In().Op = kmd.CtxOpAllocCtx
	_ = dev.Ioctl(kmd.IoctlAMDGPUCtx, unsafe.Pointer(&c))
	ctx2 := c.AllocOut().CtxID
	seq, err = submit(dev, ctx2, 0, ibVA, n, &both)
	pin.Unpin()
	if err != nil || seq != 1 {
		t.Fatalf("CS on a fresh context: seq %d, %v", seq, err)
	}
	var w kmd.WaitCS
	*w.In() = kmd.WaitCSIn{Handle: ^uint64(0), Timeout: monotonic() + uint64(time.Second), IPType: kmd.HWIPCompute, CtxID: ctx2}
	if err := dev.Ioctl(kmd.IoctlAMDGPUWaitCS, unsafe.Pointer(&w)); err != nil || w.Out().Status != 0 {
		t.Errorf("WAIT_CS latest: %v, status %d", err, w.Out().Status)
	}
	*w.In() = kmd.WaitCSIn{Handle: 2, Timeout: monotonic(), IPType: kmd.HWIPCompute, CtxID: ctx2}
	if err := dev.Ioctl(kmd.IoctlAMDGPUWaitCS, unsafe.Pointer(&w)); errnoOf(err) != unix.EINVAL {
		t.Errorf("WAIT_CS of a future seq: %v, want EINVAL", err)
	}
	// A hung submission: busy at the deadline, no errno.
	d.SetCompletion(NeverRetire)
	seq, _ = submit(dev, ctx2, 0, ibVA, n, nil)
	start := time.Now()
	*w.In() = kmd.WaitCSIn{Handle: seq, Timeout: monotonic() + uint64(20*time.Millisecond), IPType: kmd.HWIPCompute, CtxID: ctx2}
	if err := dev.Ioctl(kmd.IoctlAMDGPUWaitCS, unsafe.Pointer(&w)); err != nil || w.Out().Status != 1 || time.Since(start) < 20*time.Millisecond {
		t.Errorf("WAIT_CS of a hung job: %v, status %d after %v", err, w.Out().Status, time.Since(start))
	}
	if got := *(*uint32)(unsafe.Pointer(&d.files[dev.Fd()].handles[dst].mem[0])); got != 42 {
		t.Errorf("dst holds %d, want 42 from the resident submission", got)
	}
}

func TestCloseReapsAndFailAt(t *testing.T) {
	d := New(DefaultConfig())
	dev := openRender(t, d)
	h := newBO(t, dev, 4096, kmd.GemDomainGTT, 0)
	_ = mapVA(dev, h, kmd.VAOpMap, 1<<32, 4096, 0, kmd.VMPageReadable)
	if live := d.Live(); live != (Counts{FDs: 1, BOs: 1, VAMaps: 1}) {
		t.Errorf("live %+v", live)
	}
	d.FailAt(len(d.Ops())+1, unix.ENOMEM)
	gc := kmd.GemClose{Handle: h}
	if err := dev.Ioctl(kmd.IoctlDRMGemClose, unsafe.Pointer(&gc)); errnoOf(err) != unix.ENOMEM {
		t.Fatalf("injected GEM_CLOSE: %v", err)
	}
	if op, ok := d.Injected(); !ok || op.Name != "ioctl DRM_GEM_CLOSE" || !op.Release {
		t.Errorf("injected op %+v", op)
	}
	if live := d.Live(); live.BOs != 1 {
		t.Errorf("a failed GEM_CLOSE had an effect: %+v", live)
	}
	if err := dev.Close(); err != nil {
		t.Fatal(err)
	}
	if live, reaped := d.Live(), d.Reaped(); !live.Zero() || reaped != (Counts{BOs: 1, VAMaps: 1}) {
		t.Errorf("after close: live %+v, reaped %+v", live, reaped)
	}
	if err := dev.Close(); errnoOf(err) != unix.EBADF {
		t.Errorf("second close: %v", err)
	}
	if _, err := d.Open("/dev/nvidia0"); errnoOf(err) != unix.ENOENT {
		t.Errorf("open of an unknown node: %v", err)
	}
}

func TestKFDQueueChecks(t *testing.T) {
	d := New(DefaultConfig())
	render := openRender(t, d)
	defer render.Close()
	kfd, err := d.Open("/dev/kfd")
	if err != nil {
		t.Fatal(err)
	}
	defer kfd.Close()
	gpu := d.cfg.GPUID
	acq := kmd.KFDAcquireVMArgs{DRMFd: uint32(render.Fd()), GPUID: gpu}
	if err := kfd.Ioctl(kmd.IoctlKFDAcquireVM, unsafe.Pointer(&acq)); err != nil {
		t.Fatal(err)
	}
	va := uint64(1 << 32)
	alloc := func(size uint64, flags uint32) (uint64, uint64) {
		a := kmd.KFDAllocMemoryOfGPUArgs{VAAddr: va, Size: size, GPUID: gpu, Flags: flags}
		if err := kfd.Ioctl(kmd.IoctlKFDAllocMemoryOfGPU, unsafe.Pointer(&a)); err != nil {
			t.Fatal(err)
		}
		ids := []uint32{gpu}
		var pin runtime.Pinner
		m := kmd.KFDMapMemoryArgs{Handle: a.Handle, DeviceIDsArrayPtr: kmd.SliceAddr(&pin, ids), NDevices: 1}
		if err := kfd.Ioctl(kmd.IoctlKFDMapMemoryToGPU, unsafe.Pointer(&m)); err != nil || m.NSuccess != 1 {
			t.Fatalf("map: %v, n_success %d", err, m.NSuccess)
		}
		pin.Unpin()
		at := va
		va += size + 1<<20
		return a.Handle, at
	}
	gtt := kmd.KFDAllocMemFlagsGTT | kmd.KFDAllocMemFlagsWritable
	_, ring := alloc(4096, gtt)
	_, ptrs := alloc(4096, gtt)
	_, eop := alloc(4096, gtt)
	cwsrSize := uint64(0x1D57000) // §5: the R9700 CWSR BO
	_, cwsr := alloc(cwsrSize, gtt)
	_, short := alloc(cwsrSize-4096, gtt)
	base := kmd.KFDCreateQueueArgs{RingBaseAddress: ring, RingSize: 4096, WritePointerAddress: ptrs + 0x38, ReadPointerAddress: ptrs + 0x80,
		GPUID: gpu, QueueType: kmd.KFDQueueTypeCompute, QueuePercentage: 100, QueuePriority: 7,
		EOPBufferAddress: eop, EOPBufferSize: 4096, CtxSaveRestoreAddress: cwsr, CtxSaveRestoreSize: DefaultCWSRSize, CtlStackSize: DefaultCtlStack}
	for _, tc := range []struct {
		name string
		edit func(*kmd.KFDCreateQueueArgs)
		want unix.Errno
	}{
		{"priority 16", func(a *kmd.KFDCreateQueueArgs) { a.QueuePriority = 16 }, unix.EINVAL},
		{"ring size not a power of two", func(a *kmd.KFDCreateQueueArgs) { a.RingSize = 3000 }, unix.EINVAL},
		{"ring mapping longer than the ring", func(a *kmd.KFDCreateQueueArgs) { a.RingSize = 2048 }, unix.EINVAL},
		{"unknown type", func(a *kmd.KFDCreateQueueArgs) { a.QueueType = 9 }, kmd.ENOTSUPP},
		{"EOP size", func(a *kmd.KFDCreateQueueArgs) { a.EOPBufferSize = 8192 }, unix.EINVAL},
		{"CWSR mapping one page short", func(a *kmd.KFDCreateQueueArgs) { a.CtxSaveRestoreAddress = short }, unix.EINVAL},
		{"save area not the node's", func(a *kmd.KFDCreateQueueArgs) { a.CtxSaveRestoreSize += 4096 }, unix.EINVAL},
		{"ctl stack", func(a *kmd.KFDCreateQueueArgs) { a.CtlStackSize = 4096 }, unix.EINVAL},
		{"wptr not in a one-page mapping", func(a *kmd.KFDCreateQueueArgs) { a.WritePointerAddress = cwsr }, unix.EINVAL},
		{"ok", func(a *kmd.KFDCreateQueueArgs) {}, 0},
	} {
		a := base
		tc.edit(&a)
		err := kfd.Ioctl(kmd.IoctlKFDCreateQueue, unsafe.Pointer(&a))
		if errnoOf(err) != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, err, tc.want)
		}
		if tc.want == 0 {
			want := kmd.KFDMmapTypeDoorbell | uint64(gpu&0xFFFF)<<kmd.KFDMmapGPUIDShift
			if a.QueueID != 0 || a.DoorbellOffset != want {
				t.Errorf("queue %d, doorbell offset %#x; want queue 0 at %#x", a.QueueID, a.DoorbellOffset, want)
			}
			if _, err := kfd.Mmap(a.DoorbellOffset, 4096, unix.PROT_WRITE, unix.MAP_SHARED); errnoOf(err) != unix.EINVAL {
				t.Errorf("4 KiB doorbell mmap: %v, want EINVAL", err)
			}
			db, err := kfd.Mmap(a.DoorbellOffset, DoorbellSlice, unix.PROT_WRITE, unix.MAP_SHARED)
			if err != nil || len(db) != DoorbellSlice {
				t.Errorf("8 KiB doorbell mmap: %v", err)
			}
		}
	}
}

func TestUserqModes(t *testing.T) {
	for _, tc := range []struct {
		cfg  Config
		want unix.Errno
	}{
		{DefaultConfig().WithUserq(UserqAbsent), unix.EINVAL},
		{DefaultConfig().WithUserq(UserqNoIP), kmd.ENOTSUPP},
		{DefaultConfig().WithUserq(UserqNoCompute), unix.EINVAL},
		{DefaultConfig(), unix.EINVAL}, // working, but the queue VA is 0
	} {
		d := New(tc.cfg)
		dev := openRender(t, d)
		var u kmd.Userq
		*u.In() = kmd.UserqIn{Op: kmd.UserqOpCreate, IPType: kmd.HWIPCompute}
		if err := dev.Ioctl(kmd.IoctlAMDGPUUserq, unsafe.Pointer(&u)); errnoOf(err) != tc.want {
			t.Errorf("userq %d: CREATE %v, want %v", tc.cfg.Userq, err, tc.want)
		}
		*u.In() = kmd.UserqIn{Op: kmd.UserqOpFree, QueueID: 5}
		if err := dev.Ioctl(kmd.IoctlAMDGPUUserq, unsafe.Pointer(&u)); tc.cfg.Userq == UserqWorking && errnoOf(err) != unix.ENOENT {
			t.Errorf("FREE of an unknown queue: %v, want ENOENT", err)
		}
		*u.In() = kmd.UserqIn{Op: kmd.UserqOpFree, QueueID: 1, Flags: 1}
		if err := dev.Ioctl(kmd.IoctlAMDGPUUserq, unsafe.Pointer(&u)); tc.cfg.Userq == UserqWorking && errnoOf(err) != unix.EINVAL {
			t.Errorf("FREE with flags: %v, want EINVAL", err)
		}
		dev.Close()
	}
}

func TestSimExecutorRunsIBs(t *testing.T) {
	mem := alignedBytes(3 * 4096)
	vm := &VM{}
	vm.insert(&vaMap{Mapping: Mapping{VA: 0x10000, Data: mem[:4096], Read: true}})
	vm.insert(&vaMap{Mapping: Mapping{VA: 0x20000, Data: mem[4096:8192], Read: true, Write: true}})
	vm.insert(&vaMap{Mapping: Mapping{VA: 0x30000, Data: mem[8192:], Read: true}})
	// IB 1 at 0x10000: WRITE_DATA, COPY_DATA, RELEASE_MEM, then a chained
	// IB 2 at 0x30000 with one more WRITE_DATA.
	ib1 := make([]uint32, 64)
	b := pm4.NewBuilder(ib1)
	_ = b.WriteData(pm4.WriteData{DstSel: pm4.WriteDstMemory, Addr: 0x20000, Data: []uint32{7, 8}})
	_ = b.CopyData(pm4.CopyData{SrcSel: pm4.CopySrcMemory, DstSel: pm4.CopyDstMemory, Src: 0x20004, Dst: 0x20010})
	_ = b.Fence64(0x20018, 0x1122334455)
	ib2 := make([]uint32, 16)
	b2 := pm4.NewBuilder(ib2)
	_ = b2.WriteData(pm4.WriteData{DstSel: pm4.WriteDstMemory, Addr: 0x20020, Data: []uint32{9}})
	_ = b.IndirectBuffer(pm4.IndirectBuffer{Addr: 0x30000, SizeDwords: uint32(b2.Written()), Chain: true, Valid: true})
	copyDwords(mem, ib1[:b.Written()])
	copyDwords(mem[8192:], ib2[:b2.Written()])
	var runs int
	exe := &SimExecutor{Stats: func(sim.Stats) { runs++ }}
	if err := exe.Execute(vm, 0x10000, b.Written()); err != nil {
		t.Fatal(err)
	}
	got, _ := vm.ReadDwords(0x20000, 9)
	want := []uint32{7, 8, 0, 0, 8, 0, 0x22334455, 0x11, 9}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("memory %v, want %v", got, want)
		}
	}
	// The emulator sees the VM's permissions: a write to read-only memory
	// is a page fault at its address.
	b.Reset()
	_ = b.WriteData(pm4.WriteData{DstSel: pm4.WriteDstMemory, Addr: 0x10100, Data: []uint32{1}})
	copyDwords(mem, ib1[:b.Written()])
	err := exe.Execute(vm, 0x10000, b.Written())
	if va, ok := faultAddress(err); !ok || va != 0x10100 || !errors.Is(err, sim.ErrPageFault) {
		t.Errorf("write to read-only memory: %v", err)
	}
	// A changed VM is mapped afresh.
	vm.remove(vm.maps[1])
	b.Reset()
	_ = b.WriteData(pm4.WriteData{DstSel: pm4.WriteDstMemory, Addr: 0x20000, Data: []uint32{1}})
	copyDwords(mem, ib1[:b.Written()])
	if err := exe.Execute(vm, 0x10000, b.Written()); !errors.Is(err, sim.ErrPageFault) {
		t.Errorf("write to an unmapped buffer: %v", err)
	}
	if runs != 3 {
		t.Errorf("%d submissions reported, want 3", runs)
	}
}

func copyDwords(dst []byte, w []uint32) {
	for i, x := range w {
		*(*uint32)(unsafe.Pointer(&dst[4*i])) = x
	}
}

// FuzzQueueRing feeds arbitrary dwords to the command-processor front end
// of a queue: it must stop with an error or finish, never panic or spin.
func FuzzQueueRing(f *testing.F) {
	ring := make([]uint32, 32)
	b := pm4.NewBuilder(ring)
	_ = b.AcquireMemAll(pm4.GCR_GL2_INV)
	_ = b.CallIB(0x20000, 4)
	_ = b.Fence64(0x20100, 1)
	seed := make([]byte, 4*b.Written())
	copyDwords(seed, ring[:b.Written()])
	f.Add(seed)
	f.Fuzz(func(t *testing.T, data []byte) {
		mem := alignedBytes(2 * 4096)
		vm := &VM{}
		vm.insert(&vaMap{Mapping: Mapping{VA: 0x20000, Data: mem, Read: true, Write: true}})
		d := New(DefaultConfig())
		kfd := newFile(d, 1, "/dev/kfd", kfdFile)
		q := &queue{d: d, vm: vm, owner: kfd}
		words := make([]uint32, min(len(data)/4, 512))
		for i := range words {
			words[i] = *(*uint32)(unsafe.Pointer(&data[4*i]))
		}
		n, _ := q.run(words)
		if n < 0 || n > len(words) {
			t.Fatalf("consumed %d of %d dwords", n, len(words))
		}
	})
}
