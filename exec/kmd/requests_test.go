package kmd

import (
	"strings"
	"testing"
	"unsafe"
)

// requestCase pairs a request constant with the C expression that computes
// it from the installed headers. For the two requests those headers lack,
// the expression is the C _IOC macro applied to the upstream nr and size
// (citeAMDGPU): DRM_AMDGPU_USERQ is 0x16 and union drm_amdgpu_userq is 72
// bytes; the upstream struct drm_amdgpu_gem_va is 64 bytes.
type requestCase struct {
	name  string
	got   uint
	cExpr string
}

func requestCases() []requestCase {
	return []requestCase{
		{"IoctlDRMVersion", IoctlDRMVersion, "DRM_IOCTL_VERSION"},
		{"IoctlDRMGemClose", IoctlDRMGemClose, "DRM_IOCTL_GEM_CLOSE"},
		{"IoctlDRMSyncobjCreate", IoctlDRMSyncobjCreate, "DRM_IOCTL_SYNCOBJ_CREATE"},
		{"IoctlDRMSyncobjDestroy", IoctlDRMSyncobjDestroy, "DRM_IOCTL_SYNCOBJ_DESTROY"},
		{"IoctlDRMSyncobjWait", IoctlDRMSyncobjWait, "DRM_IOCTL_SYNCOBJ_WAIT"},
		{"IoctlDRMSyncobjTimelineWait", IoctlDRMSyncobjTimelineWait, "DRM_IOCTL_SYNCOBJ_TIMELINE_WAIT"},
		{"IoctlAMDGPUGemCreate", IoctlAMDGPUGemCreate, "DRM_IOCTL_AMDGPU_GEM_CREATE"},
		{"IoctlAMDGPUGemMmap", IoctlAMDGPUGemMmap, "DRM_IOCTL_AMDGPU_GEM_MMAP"},
		{"IoctlAMDGPUCtx", IoctlAMDGPUCtx, "DRM_IOCTL_AMDGPU_CTX"},
		{"IoctlAMDGPUBOList", IoctlAMDGPUBOList, "DRM_IOCTL_AMDGPU_BO_LIST"},
		{"IoctlAMDGPUCS", IoctlAMDGPUCS, "DRM_IOCTL_AMDGPU_CS"},
		{"IoctlAMDGPUInfo", IoctlAMDGPUInfo, "DRM_IOCTL_AMDGPU_INFO"},
		{"IoctlAMDGPUGemVA", IoctlAMDGPUGemVA, "DRM_IOCTL_AMDGPU_GEM_VA"},
		{"IoctlAMDGPUGemVATimeline", IoctlAMDGPUGemVATimeline, "DRM_IOW(DRM_COMMAND_BASE + DRM_AMDGPU_GEM_VA, char[64])"},
		{"IoctlAMDGPUWaitCS", IoctlAMDGPUWaitCS, "DRM_IOCTL_AMDGPU_WAIT_CS"},
		{"IoctlAMDGPUUserq", IoctlAMDGPUUserq, "DRM_IOWR(DRM_COMMAND_BASE + 0x16, char[72])"},
		{"IoctlKFDGetVersion", IoctlKFDGetVersion, "AMDKFD_IOC_GET_VERSION"},
		{"IoctlKFDCreateQueue", IoctlKFDCreateQueue, "AMDKFD_IOC_CREATE_QUEUE"},
		{"IoctlKFDDestroyQueue", IoctlKFDDestroyQueue, "AMDKFD_IOC_DESTROY_QUEUE"},
		{"IoctlKFDCreateEvent", IoctlKFDCreateEvent, "AMDKFD_IOC_CREATE_EVENT"},
		{"IoctlKFDDestroyEvent", IoctlKFDDestroyEvent, "AMDKFD_IOC_DESTROY_EVENT"},
		{"IoctlKFDWaitEvents", IoctlKFDWaitEvents, "AMDKFD_IOC_WAIT_EVENTS"},
		{"IoctlKFDGetProcessAperturesNew", IoctlKFDGetProcessAperturesNew, "AMDKFD_IOC_GET_PROCESS_APERTURES_NEW"},
		{"IoctlKFDAcquireVM", IoctlKFDAcquireVM, "AMDKFD_IOC_ACQUIRE_VM"},
		{"IoctlKFDAllocMemoryOfGPU", IoctlKFDAllocMemoryOfGPU, "AMDKFD_IOC_ALLOC_MEMORY_OF_GPU"},
		{"IoctlKFDFreeMemoryOfGPU", IoctlKFDFreeMemoryOfGPU, "AMDKFD_IOC_FREE_MEMORY_OF_GPU"},
		{"IoctlKFDMapMemoryToGPU", IoctlKFDMapMemoryToGPU, "AMDKFD_IOC_MAP_MEMORY_TO_GPU"},
		{"IoctlKFDUnmapMemoryFromGPU", IoctlKFDUnmapMemoryFromGPU, "AMDKFD_IOC_UNMAP_MEMORY_FROM_GPU"},
	}
}

func TestRequestNumbersMatchCMacros(t *testing.T) {
	res := runProbe(t)
	for _, r := range requestCases() {
		if want := res.value(r.cExpr); uint64(r.got) != want {
			t.Errorf("%s = %#x, C %s = %#x", r.name, r.got, r.cExpr, want)
		}
	}
}

// Every defined request has a table entry (so the C check covers it) and a
// name; every table entry is a defined request.
func TestRequestTableComplete(t *testing.T) {
	inTable := make(map[uint]bool)
	for _, r := range requestCases() {
		inTable[r.got] = true
		if name := RequestName(r.got); strings.HasPrefix(name, "ioctl ") || strings.Contains(name, "[") {
			t.Errorf("%s has no exact name: %q", r.name, name)
		}
	}
	known := KnownRequests()
	if len(known) != len(inTable) {
		t.Errorf("KnownRequests has %d requests, the C table %d", len(known), len(inTable))
	}
	for _, req := range known {
		if !inTable[req] {
			t.Errorf("request %s (%#x) is missing from requestCases", RequestName(req), req)
		}
	}
}

// The builder functions agree with the constants (which are written as
// const expressions because Go constants cannot call functions).
func TestRequestBuilders(t *testing.T) {
	cases := []struct {
		name      string
		got, want uint
	}{
		{"GEM_CREATE", IoctlAMDGPUGemCreate, IOWR(DRMIoctlBase, DRMCommandBase+0x00, unsafe.Sizeof(GemCreate{}))},
		{"INFO", IoctlAMDGPUInfo, IOW(DRMIoctlBase, DRMCommandBase+0x05, unsafe.Sizeof(Info{}))},
		{"GET_VERSION", IoctlKFDGetVersion, IOR(KFDIoctlBase, 0x01, unsafe.Sizeof(KFDGetVersionArgs{}))},
		{"none", IO('x', 7), 0x7807},
	}
	for _, c := range cases {
		if c.got != c.want {
			t.Errorf("%s: %#x, builder gives %#x", c.name, c.got, c.want)
		}
	}
}

func TestRequestDecode(t *testing.T) {
	// DRM_IOCTL_AMDGPU_USERQ from the upstream header: _IOWR('d', 0x56, 72 bytes).
	req := IoctlAMDGPUUserq
	if d, ty, nr, sz := RequestDir(req), RequestType(req), RequestNr(req), RequestSize(req); d != IOCRead|IOCWrite || ty != 'd' || nr != 0x56 || sz != 72 {
		t.Fatalf("decode(%#x) = dir %d type %#x nr %#x size %d", req, d, ty, nr, sz)
	}
	// Fields are masked to their width, as the C macro's shifts overflow.
	if got := IOC(IOCRead, 'd', 0x1ff, 1<<14); got != IOC(IOCRead, 'd', 0xff, 0) {
		t.Fatalf("IOC does not truncate: %#x", got)
	}
}

func TestRequestName(t *testing.T) {
	cases := []struct {
		req  uint
		want string
	}{
		{IoctlAMDGPUGemCreate, "AMDGPU_GEM_CREATE"},
		{IoctlAMDGPUGemVATimeline, "AMDGPU_GEM_VA"},
		{IoctlKFDCreateQueue, "KFD_CREATE_QUEUE"},
		// CREATE_QUEUE of KFD 1.17 (96 bytes): known command, other size.
		{IOWR(KFDIoctlBase, 0x02, 96), "KFD_CREATE_QUEUE[RW size 96]"},
		{IOW(DRMIoctlBase, 0x99, 8), "ioctl 0x40086499 (type 'd' nr 0x99 W size 8)"},
		{IOC(IOCNone, 0x01, 0x02, 0), "ioctl 0x102 (type 0x01 nr 0x02 none size 0)"},
	}
	for _, c := range cases {
		if got := RequestName(c.req); got != c.want {
			t.Errorf("RequestName(%#x) = %q, want %q", c.req, got, c.want)
		}
	}
}

// FuzzRequestName decodes arbitrary request numbers: never a panic, always
// a non-empty name, and the decoded fields rebuild the number.
func FuzzRequestName(f *testing.F) {
	f.Add(uint32(IoctlAMDGPUCS))
	f.Add(uint32(0xffffffff))
	f.Add(uint32(0))
	f.Fuzz(func(t *testing.T, r uint32) {
		req := uint(r)
		if RequestName(req) == "" {
			t.Fatalf("empty name for %#x", req)
		}
		if got := IOC(RequestDir(req), RequestType(req), RequestNr(req), RequestSize(req)); got != req {
			t.Fatalf("IOC(decode(%#x)) = %#x", req, got)
		}
	})
}
