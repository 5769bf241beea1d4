package fake

import (
	"fmt"
	"io/fs"
	"strings"
	"sync"
	"time"

	"golang.org/x/sys/unix"

	"zincc/exec/kmd"
)

// UserqSupport is how far a fake kernel supports compute user queues.
type UserqSupport int

// The user-queue support levels, oldest kernel first.
const (
	// UserqAbsent is a kernel without DRM_IOCTL_AMDGPU_USERQ: the request
	// nr is unknown (EINVAL), UQ_FW_AREAS is an unknown query (EINVAL), and
	// the user-queue INFO fields read 0.
	UserqAbsent UserqSupport = iota
	// UserqNoIP has the ioctl but no IP with user-queue functions: USERQ
	// gives ENOTSUPP and UQ_FW_AREAS EOPNOTSUPP.
	UserqNoIP
	// UserqNoCompute supports user queues for GFX but not for compute
	// (what zinc saw on R9700 with Linux 6.17): CREATE for compute gives
	// EINVAL and UQ_FW_AREAS(COMPUTE) EOPNOTSUPP.
	UserqNoCompute
	// UserqWorking supports compute user queues.
	UserqWorking
)

// Completion says what the fake GPU does with submitted work.
type Completion int

// The completion behaviours.
const (
	// Retire executes submitted work and retires it (the default).
	Retire Completion = iota
	// NeverRetire accepts submissions and never runs or retires them: a
	// hung queue, or the KFD queue zinc saw accept PM4 it never retired.
	NeverRetire
)

// Config describes the fake machine. DefaultConfig is an R9700 (gfx1201)
// with a kernel that offers CS, KFD and compute user queues.
type Config struct {
	RenderNode string // path of the render node ("" = no render node)
	KFDNode    string // path of /dev/kfd ("" = no KFD)
	DriverName string // what DRM_VERSION reports ("amdgpu")
	DRMVersion [3]int32

	DeviceInfo kmd.DeviceInfo
	ComputeIP  kmd.HWIPInfo // HW_IP_INFO(COMPUTE)
	GFXIP      kmd.HWIPInfo // HW_IP_INFO(GFX)
	Firmware   map[uint32]kmd.FirmwareInfo
	VRAMGTT    kmd.VRAMGTTInfo

	Userq           UserqSupport
	UserqEOPSize    uint32 // UQ_FW_AREAS(COMPUTE) eop_size
	UserqEOPAlign   uint32 // UQ_FW_AREAS(COMPUTE) eop_alignment
	UserqPollPeriod time.Duration
	// UserqCreateErrno, when set, makes every valid USERQ CREATE fail with
	// it: a kernel whose INFO admits compute user queues but whose create
	// path refuses them.
	UserqCreateErrno unix.Errno
	// UserqMQDSize is the compute MQD size the kernel checks mqd_size
	// against (0 = 8, upstream drm_amdgpu_userq_mqd_compute_gfx11; 24 =
	// the 2026 cwsr-params series; anything else an unknown layout).
	UserqMQDSize uint64

	KFDVersion  [2]uint32 // major, minor
	GPUID       uint32    // the GPU's KFD gpu_id
	Properties  map[string]uint64
	GPUVMBase   uint64
	GPUVMLimit  uint64
	RelaxedCWSR bool // accept a CWSR size >= the node's (Linux commit d15deafab5d7)

	// Executor runs submitted IBs; nil means a SimExecutor with the
	// emulator's defaults (hazards stop the submission).
	Executor Executor
	// MaxSleep caps how long a wait ioctl sleeps toward its deadline, so
	// a test with a mistaken infinite timeout still ends.
	MaxSleep time.Duration
}

// Fake machine constants (shared/ref/amdgpu-uapi.md §7 fixtures).
const (
	DefaultGPUID     = 0xC0DE
	DefaultCWSRSize  = 30699520 // 0x1D47000, R9700
	DefaultCtlStack  = 28672    // 0x7000
	DoorbellSlice    = 0x2000   // the process doorbell slice on /dev/kfd
	signalPageSize   = kmd.KFDSignalEventLimit * 8
	unsignaledSlot   = ^uint64(0)
	kfdEOPSize       = 4096
	nonSignalEventID = 0x80000000 // first id of non-signal KFD events (KFD_FIRST_NONSIGNAL_EVENT_ID)
)

// DefaultConfig returns an R9700-like machine: device 0x7551, family
// GC 12.0.0, GC 12.0.1 IP discovery version, 64 compute units, four
// compute rings, 32 GiB of VRAM, KFD 1.17 with a gfx1201 node, and working
// compute user queues with 8 slots and a 2 KiB EOP area. Every number is a
// fixture, not a measurement.
func DefaultConfig() Config {
	c := Config{
		RenderNode: "/dev/dri/renderD128",
		KFDNode:    "/dev/kfd",
		DriverName: "amdgpu",
		DRMVersion: [3]int32{3, 61, 0},
		Firmware: map[uint32]kmd.FirmwareInfo{
			kmd.InfoFWGFXME: {Ver: 2780}, kmd.InfoFWGFXPFP: {Ver: 2840},
			kmd.InfoFWGFXMEC: {Ver: 3050}, kmd.InfoFWMES: {Ver: 123}, kmd.InfoFWGFXRLC: {Ver: 100},
		},
		// 256 MiB of the 32 GiB are CPU-visible: an R9700 without resizable
		// BAR (the PCIe BAR default). LargeBAR makes all of it visible.
		VRAMGTT:         kmd.VRAMGTTInfo{VRAMSize: 32 << 30, VRAMCPUAccessibleSize: 256 << 20, GTTSize: 64 << 30},
		Userq:           UserqWorking,
		UserqEOPSize:    2048,
		UserqEOPAlign:   256,
		UserqPollPeriod: 100 * time.Microsecond,
		KFDVersion:      [2]uint32{1, 17},
		GPUID:           DefaultGPUID,
		GPUVMBase:       0x1000000,
		GPUVMLimit:      1<<47 - 1,
		MaxSleep:        5 * time.Second,
		Properties: map[string]uint64{
			"gfx_target_version": 120001, "simd_count": 128, "simd_per_cu": 2, "num_xcc": 1,
			"cwsr_size": DefaultCWSRSize, "ctl_stack_size": DefaultCtlStack, "drm_render_minor": 128,
			"vendor_id": 0x1002, "device_id": 0x7551, "num_cp_queues": 32, "max_waves_per_simd": 16,
			"lds_size_in_kb": 64, "array_count": 8, "simd_arrays_per_engine": 2, "cu_per_simd_array": 8,
		},
	}
	d := &c.DeviceInfo
	d.DeviceID, d.Family = 0x7551, kmd.FamilyGC12_0_0
	d.NumShaderEngines, d.NumShaderArraysPerEngine = 4, 2
	d.CUActiveNumber, d.NumCUPerSH = 64, 8
	d.WaveFrontSize = 64
	d.VirtualAddressOffset, d.VirtualAddressMax, d.VirtualAddressAlignment = 0x200000, 1<<47, 4096
	d.GPUCounterFreq = 100000
	d.UserqIPMask = 1<<kmd.HWIPGFX | 1<<kmd.HWIPCompute
	c.ComputeIP = kmd.HWIPInfo{HWIPVersionMajor: 12, IBStartAlignment: 32, IBSizeAlignment: 32,
		AvailableRings: 0xF, IPDiscoveryVersion: 0x0C0001, UserqNumSlots: 8}
	c.GFXIP = kmd.HWIPInfo{HWIPVersionMajor: 12, IBStartAlignment: 32, IBSizeAlignment: 32,
		AvailableRings: 0x1, IPDiscoveryVersion: 0x0C0001, UserqNumSlots: 8}
	return c
}

func (c Config) userqMQDSize() uint64 {
	if c.UserqMQDSize == 0 {
		return 8
	}
	return c.UserqMQDSize
}

// LargeBAR returns c with all of VRAM CPU-visible (resizable BAR on).
func (c Config) LargeBAR() Config {
	c.VRAMGTT.VRAMCPUAccessibleSize = c.VRAMGTT.VRAMSize
	return c
}

// WithUserq returns c with user-queue support s and the INFO fields a
// kernel at that level reports.
func (c Config) WithUserq(s UserqSupport) Config {
	c.Userq = s
	switch s {
	case UserqAbsent, UserqNoIP:
		c.DeviceInfo.UserqIPMask, c.ComputeIP.UserqNumSlots = 0, 0
	case UserqNoCompute:
		c.DeviceInfo.UserqIPMask, c.ComputeIP.UserqNumSlots = 1<<kmd.HWIPGFX, 0
	}
	return c
}

// Op is one device operation the driver saw: open, ioctl or mmap.
type Op struct {
	Index   int    // 1-based position in the run
	Name    string // "open /dev/kfd", "ioctl AMDGPU_CTX free", "mmap /dev/dri/renderD128"
	Release bool   // it gives a resource back (GEM_CLOSE, CTX free, KFD FREE, ...)
}

// Counts are numbers of driver resources.
type Counts struct {
	FDs        int // open files
	Mmaps      int // CPU mappings of device memory
	BOs        int // GEM handles and KFD allocations
	VAMaps     int // GPU VA mappings (GEM_VA and KFD MAP_MEMORY_TO_GPU)
	Contexts   int
	BOLists    int
	Syncobjs   int
	Queues     int // KFD queues
	Events     int // KFD events
	UserQueues int
}

// Zero reports whether every count is zero.
func (c Counts) Zero() bool { return c == Counts{} }

// String lists the nonzero counts ("2 fds, 1 mmaps") or "none".
func (c Counts) String() string {
	var parts []string
	for _, f := range []struct {
		n    int
		name string
	}{{c.FDs, "fds"}, {c.Mmaps, "mmaps"}, {c.BOs, "buffer objects"}, {c.VAMaps, "GPU VA mappings"},
		{c.Contexts, "contexts"}, {c.BOLists, "BO lists"}, {c.Syncobjs, "syncobjs"}, {c.Queues, "KFD queues"},
		{c.Events, "KFD events"}, {c.UserQueues, "user queues"}} {
		if f.n != 0 {
			parts = append(parts, fmt.Sprintf("%d %s", f.n, f.name))
		}
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ", ")
}

func (c *Counts) add(o Counts) {
	c.FDs += o.FDs
	c.Mmaps += o.Mmaps
	c.BOs += o.BOs
	c.VAMaps += o.VAMaps
	c.Contexts += o.Contexts
	c.BOLists += o.BOLists
	c.Syncobjs += o.Syncobjs
	c.Queues += o.Queues
	c.Events += o.Events
	c.UserQueues += o.UserQueues
}

// Driver is one fake machine. It is safe for concurrent use.
type Driver struct {
	mu  sync.Mutex
	cfg Config
	exe Executor

	files      map[int]*file
	nextFd     int
	offsets    map[uint64]*bo // mmap offsets on render nodes
	nextOffset uint64
	nextBOID   int

	ops       []Op
	forgotten int // operations dropped from ops by ForgetOps
	failAt    int
	failErrno unix.Errno
	injected  *Op

	reaped      Counts
	faults      []error
	submissions int
	completion  Completion
	reset       *resetInjection
	visibleUsed uint64 // bytes of VRAM BOs the CPU maps (see mapVisible)
	hwException *hwException
}

// resetInjection is a GPU reset the next submission suffers.
type resetInjection struct {
	errno    unix.Errno
	guilty   bool
	vramLost bool
}

// New returns a fake machine configured by cfg.
func New(cfg Config) *Driver {
	d := &Driver{cfg: cfg, exe: cfg.Executor, files: map[int]*file{}, nextFd: 100,
		offsets: map[uint64]*bo{}, nextOffset: 1 << 32}
	if d.exe == nil {
		d.exe = &SimExecutor{}
	}
	if d.cfg.MaxSleep <= 0 {
		d.cfg.MaxSleep = 5 * time.Second
	}
	if d.cfg.UserqPollPeriod <= 0 {
		d.cfg.UserqPollPeriod = 100 * time.Microsecond
	}
	return d
}

// Config returns the machine's configuration.
func (d *Driver) Config() Config { return d.cfg }

// FailAt makes operation number step (1-based, counted over every open,
// ioctl and mmap from now on, as Ops numbers them) fail with errno, without
// any effect. Step 0 disarms it.
func (d *Driver) FailAt(step int, errno unix.Errno) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.failAt, d.failErrno, d.injected = step, errno, nil
}

// Injected returns the operation FailAt failed, if it happened.
func (d *Driver) Injected() (Op, bool) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.injected == nil {
		return Op{}, false
	}
	return *d.injected, true
}

// Ops returns every operation so far, in order.
func (d *Driver) Ops() []Op {
	d.mu.Lock()
	defer d.mu.Unlock()
	return append([]Op(nil), d.ops...)
}

// ForgetOps drops the operations recorded so far (Ops no longer returns
// them; the numbering of later ones goes on), so that a long run's log
// does not grow without bound.
func (d *Driver) ForgetOps() {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.forgotten += len(d.ops)
	d.ops = nil
}

// SetCompletion changes what happens to work submitted from now on.
func (d *Driver) SetCompletion(c Completion) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.completion = c
}

// InjectReset makes the next CS submission end in a GPU reset: its fence
// fails with errno (ECANCELED for an innocent context, ETIME for the guilty
// one), the submitting context reports RESET (and GUILTY, VRAMLOST as
// asked) to QUERY_STATE2, and a guilty context refuses further CS with
// ECANCELED.
func (d *Driver) InjectReset(errno unix.Errno, guilty, vramLost bool) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.reset = &resetInjection{errno: errno, guilty: guilty, vramLost: vramLost}
}

// Faults returns the errors the Executor (or the command-processor front
// end) stopped on, oldest first.
func (d *Driver) Faults() []error {
	d.mu.Lock()
	defer d.mu.Unlock()
	return append([]error(nil), d.faults...)
}

// Submissions counts IBs handed to the GPU (CS submissions and
// INDIRECT_BUFFER packets of queues).
func (d *Driver) Submissions() int {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.submissions
}

// Live counts the resources held right now.
func (d *Driver) Live() Counts {
	d.mu.Lock()
	defer d.mu.Unlock()
	var c Counts
	for _, f := range d.files {
		c.add(f.counts())
	}
	return c
}

// Reaped counts the resources that closing files released because their
// owner had not: zero for a ring that cleans up after itself.
func (d *Driver) Reaped() Counts {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.reaped
}

// Sysfs returns the KFD topology of the machine as a file system rooted at
// "/" (for hwring.Config.Sysfs): a CPU node 0 and the GPU as node 1. A
// machine without KFD has an empty file system.
func (d *Driver) Sysfs() fs.FS { return topologyFS(d.cfg) }

// Open implements kmd.Opener: the configured render node and KFD node
// exist; every other path gives ENOENT.
func (d *Driver) Open(path string) (kmd.Device, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if errno := d.step("open "+path, false); errno != 0 {
		return nil, &kmd.Error{Op: "open", Path: path, Errno: errno}
	}
	var kind fileKind
	switch {
	case path != "" && path == d.cfg.RenderNode:
		kind = renderFile
	case path != "" && path == d.cfg.KFDNode:
		kind = kfdFile
	default:
		return nil, &kmd.Error{Op: "open", Path: path, Errno: unix.ENOENT}
	}
	f := newFile(d, d.nextFd, path, kind)
	d.files[f.fd] = f
	d.nextFd++
	return f, nil
}

// step records an operation and reports the errno injected for it, if any.
// d.mu is held.
func (d *Driver) step(name string, release bool) unix.Errno {
	op := Op{Index: d.forgotten + len(d.ops) + 1, Name: name, Release: release}
	d.ops = append(d.ops, op)
	if d.failAt == op.Index {
		d.injected = &op
		return d.failErrno
	}
	return 0
}

// sleepUntil releases the lock and sleeps until deadline (capped at
// MaxSleep), then takes the lock again.
func (d *Driver) sleepUntil(deadline time.Time) {
	wait := min(time.Until(deadline), d.cfg.MaxSleep)
	if wait <= 0 {
		return
	}
	d.mu.Unlock()
	time.Sleep(wait)
	d.mu.Lock()
}

// fault records a GPU fault.
func (d *Driver) fault(err error) { d.faults = append(d.faults, err) }
