package kmd

import (
	"fmt"
	"unsafe"
)

// Request numbers, each built like its C macro (DRM_IOWR(DRM_COMMAND_BASE +
// DRM_AMDGPU_GEM_CREATE, union drm_amdgpu_gem_create), ...) from its
// direction, type, nr and the size of the Go argument type; the layout test
// checks every one against the C macro compiled from the installed headers.
const (
	// DRM core.
	IoctlDRMVersion             = drmRW /* nr 0x00 */ | uint(unsafe.Sizeof(Version{}))<<sizeSh
	IoctlDRMGemClose            = drmW | 0x09 | uint(unsafe.Sizeof(GemClose{}))<<sizeSh
	IoctlDRMSyncobjCreate       = drmRW | 0xBF | uint(unsafe.Sizeof(SyncobjCreate{}))<<sizeSh
	IoctlDRMSyncobjDestroy      = drmRW | 0xC0 | uint(unsafe.Sizeof(SyncobjDestroy{}))<<sizeSh
	IoctlDRMSyncobjWait         = drmRW | 0xC3 | uint(unsafe.Sizeof(SyncobjWait{}))<<sizeSh
	IoctlDRMSyncobjTimelineWait = drmRW | 0xCA | uint(unsafe.Sizeof(SyncobjTimelineWait{}))<<sizeSh

	// amdgpu: DRM_COMMAND_BASE + DRM_AMDGPU_*.
	IoctlAMDGPUGemCreate     = drmRW | (DRMCommandBase + 0x00) | uint(unsafe.Sizeof(GemCreate{}))<<sizeSh
	IoctlAMDGPUGemMmap       = drmRW | (DRMCommandBase + 0x01) | uint(unsafe.Sizeof(GemMmap{}))<<sizeSh
	IoctlAMDGPUCtx           = drmRW | (DRMCommandBase + 0x02) | uint(unsafe.Sizeof(Ctx{}))<<sizeSh
	IoctlAMDGPUBOList        = drmRW | (DRMCommandBase + 0x03) | uint(unsafe.Sizeof(BOList{}))<<sizeSh
	IoctlAMDGPUCS            = drmRW | (DRMCommandBase + 0x04) | uint(unsafe.Sizeof(CS{}))<<sizeSh
	IoctlAMDGPUInfo          = drmW | (DRMCommandBase + 0x05) | uint(unsafe.Sizeof(Info{}))<<sizeSh
	IoctlAMDGPUGemVA         = drmW | (DRMCommandBase + 0x08) | uint(unsafe.Sizeof(GemVA{}))<<sizeSh
	IoctlAMDGPUGemVATimeline = drmW | (DRMCommandBase + 0x08) | uint(unsafe.Sizeof(GemVATimeline{}))<<sizeSh
	IoctlAMDGPUWaitCS        = drmRW | (DRMCommandBase + 0x09) | uint(unsafe.Sizeof(WaitCS{}))<<sizeSh
	IoctlAMDGPUUserq         = drmRW | (DRMCommandBase + 0x16) | uint(unsafe.Sizeof(Userq{}))<<sizeSh

	// amdkfd.
	IoctlKFDGetVersion             = kfdR | 0x01 | uint(unsafe.Sizeof(KFDGetVersionArgs{}))<<sizeSh
	IoctlKFDCreateQueue            = kfdRW | 0x02 | uint(unsafe.Sizeof(KFDCreateQueueArgs{}))<<sizeSh
	IoctlKFDDestroyQueue           = kfdRW | 0x03 | uint(unsafe.Sizeof(KFDDestroyQueueArgs{}))<<sizeSh
	IoctlKFDCreateEvent            = kfdRW | 0x08 | uint(unsafe.Sizeof(KFDCreateEventArgs{}))<<sizeSh
	IoctlKFDDestroyEvent           = kfdW | 0x09 | uint(unsafe.Sizeof(KFDDestroyEventArgs{}))<<sizeSh
	IoctlKFDWaitEvents             = kfdRW | 0x0C | uint(unsafe.Sizeof(KFDWaitEventsArgs{}))<<sizeSh
	IoctlKFDGetProcessAperturesNew = kfdRW | 0x14 | uint(unsafe.Sizeof(KFDGetProcessAperturesNewArgs{}))<<sizeSh
	IoctlKFDAcquireVM              = kfdW | 0x15 | uint(unsafe.Sizeof(KFDAcquireVMArgs{}))<<sizeSh
	IoctlKFDAllocMemoryOfGPU       = kfdRW | 0x16 | uint(unsafe.Sizeof(KFDAllocMemoryOfGPUArgs{}))<<sizeSh
	IoctlKFDFreeMemoryOfGPU        = kfdW | 0x17 | uint(unsafe.Sizeof(KFDFreeMemoryOfGPUArgs{}))<<sizeSh
	IoctlKFDMapMemoryToGPU         = kfdRW | 0x18 | uint(unsafe.Sizeof(KFDMapMemoryArgs{}))<<sizeSh
	IoctlKFDUnmapMemoryFromGPU     = kfdRW | 0x19 | uint(unsafe.Sizeof(KFDMapMemoryArgs{}))<<sizeSh
)

// requestNames names every request number above. Two numbers may share a
// name when they are two sizes of one kernel ioctl (GEM_VA).
var requestNames = map[uint]string{
	IoctlDRMVersion:             "DRM_VERSION",
	IoctlDRMGemClose:            "DRM_GEM_CLOSE",
	IoctlDRMSyncobjCreate:       "DRM_SYNCOBJ_CREATE",
	IoctlDRMSyncobjDestroy:      "DRM_SYNCOBJ_DESTROY",
	IoctlDRMSyncobjWait:         "DRM_SYNCOBJ_WAIT",
	IoctlDRMSyncobjTimelineWait: "DRM_SYNCOBJ_TIMELINE_WAIT",

	IoctlAMDGPUGemCreate:     "AMDGPU_GEM_CREATE",
	IoctlAMDGPUGemMmap:       "AMDGPU_GEM_MMAP",
	IoctlAMDGPUCtx:           "AMDGPU_CTX",
	IoctlAMDGPUBOList:        "AMDGPU_BO_LIST",
	IoctlAMDGPUCS:            "AMDGPU_CS",
	IoctlAMDGPUInfo:          "AMDGPU_INFO",
	IoctlAMDGPUGemVA:         "AMDGPU_GEM_VA",
	IoctlAMDGPUGemVATimeline: "AMDGPU_GEM_VA",
	IoctlAMDGPUWaitCS:        "AMDGPU_WAIT_CS",
	IoctlAMDGPUUserq:         "AMDGPU_USERQ",

	IoctlKFDGetVersion:             "KFD_GET_VERSION",
	IoctlKFDCreateQueue:            "KFD_CREATE_QUEUE",
	IoctlKFDDestroyQueue:           "KFD_DESTROY_QUEUE",
	IoctlKFDCreateEvent:            "KFD_CREATE_EVENT",
	IoctlKFDDestroyEvent:           "KFD_DESTROY_EVENT",
	IoctlKFDWaitEvents:             "KFD_WAIT_EVENTS",
	IoctlKFDGetProcessAperturesNew: "KFD_GET_PROCESS_APERTURES_NEW",
	IoctlKFDAcquireVM:              "KFD_ACQUIRE_VM",
	IoctlKFDAllocMemoryOfGPU:       "KFD_ALLOC_MEMORY_OF_GPU",
	IoctlKFDFreeMemoryOfGPU:        "KFD_FREE_MEMORY_OF_GPU",
	IoctlKFDMapMemoryToGPU:         "KFD_MAP_MEMORY_TO_GPU",
	IoctlKFDUnmapMemoryFromGPU:     "KFD_UNMAP_MEMORY_FROM_GPU",
}

// commandNames names a (type, nr) pair, so a request with a known command
// but an unexpected size or direction still gets a readable name.
var commandNames = func() map[[2]uint]string {
	m := make(map[[2]uint]string, len(requestNames))
	for req, name := range requestNames {
		m[[2]uint{RequestType(req), RequestNr(req)}] = name
	}
	return m
}()

// KnownRequests returns every request number this package defines.
func KnownRequests() []uint {
	reqs := make([]uint, 0, len(requestNames))
	for req := range requestNames {
		reqs = append(reqs, req)
	}
	return reqs
}

// RequestName names req for error messages: "AMDGPU_GEM_CREATE" for a
// request this package defines; the command name with its direction and size
// in brackets when only the (type, nr) pair is known, e.g.
// "AMDGPU_GEM_VA[W size 48]"; otherwise a decoded description such as
// "ioctl 0xc0086499 (type 'd' nr 0x99 RW size 8)".
func RequestName(req uint) string {
	if name, ok := requestNames[req]; ok {
		return name
	}
	if name, ok := commandNames[[2]uint{RequestType(req), RequestNr(req)}]; ok {
		return fmt.Sprintf("%s[%s size %d]", name, dirName(RequestDir(req)), RequestSize(req))
	}
	typ := RequestType(req)
	typName := fmt.Sprintf("0x%02x", typ)
	if typ >= 0x21 && typ <= 0x7e {
		typName = fmt.Sprintf("'%c'", rune(typ))
	}
	return fmt.Sprintf("ioctl %#x (type %s nr %#02x %s size %d)",
		req, typName, RequestNr(req), dirName(RequestDir(req)), RequestSize(req))
}

func dirName(dir uint) string {
	switch dir {
	case IOCNone:
		return "none"
	case IOCWrite:
		return "W"
	case IOCRead:
		return "R"
	default:
		return "RW"
	}
}
