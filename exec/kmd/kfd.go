package kmd

import "unsafe"

// amdkfd (/dev/kfd, include/uapi/linux/kfd_ioctl.h): the compute ABI ROCm
// and tinygrad use. kfd_ioctl dispatches on the request nr, copies the
// caller's size in, zero-fills up to the kernel's size and copies the
// caller's size back, so structs sized by an older header keep working.

// KFDGetVersionArgs is struct kfd_ioctl_get_version_args (8 bytes).
type KFDGetVersionArgs struct {
	MajorVersion uint32 // 1
	MinorVersion uint32 // 11 on Linux 6.1, 15..18 on 2025 kernels
}

// KFDCreateQueueArgs is struct kfd_ioctl_create_queue_args as of KFD 1.11
// (Linux 6.1, 88 bytes). KFD 1.17 appended sdma_engine_id and a pad (96
// bytes); the kernel reads sdma_engine_id only for SDMA_BY_ENG_ID queues
// and zero-fills it for this shorter request, so compute queues need the
// 88-byte form on every kernel.
type KFDCreateQueueArgs struct {
	RingBaseAddress       uint64 // in: GPU VA of the ring
	WritePointerAddress   uint64 // in (despite the header's comment): GPU VA of the u64 wptr
	ReadPointerAddress    uint64 // in: GPU VA of the u64 rptr
	DoorbellOffset        uint64 // out: mmap offset on /dev/kfd of the doorbell (KFDMmapTypeDoorbell | gpu_id<<46 | byte offset)
	RingSize              uint32 // bytes, a power of two
	GPUID                 uint32
	QueueType             uint32 // KFDQueueType*
	QueuePercentage       uint32 // bits 7:0 <= 100
	QueuePriority         uint32 // 0..15
	QueueID               uint32 // out
	EOPBufferAddress      uint64
	EOPBufferSize         uint64
	CtxSaveRestoreAddress uint64 // CWSR area
	CtxSaveRestoreSize    uint32
	CtlStackSize          uint32
}

// KFDDestroyQueueArgs is struct kfd_ioctl_destroy_queue_args (8 bytes).
type KFDDestroyQueueArgs struct {
	QueueID uint32
	_       uint32 // pad
}

// KFDProcessDeviceApertures is struct kfd_process_device_apertures (56
// bytes), one element of the array GET_PROCESS_APERTURES_NEW fills.
type KFDProcessDeviceApertures struct {
	LDSBase      uint64
	LDSLimit     uint64
	ScratchBase  uint64
	ScratchLimit uint64
	GPUVMBase    uint64 // ALLOC_MEMORY_OF_GPU VAs must lie in [GPUVMBase, GPUVMLimit]
	GPUVMLimit   uint64
	GPUID        uint32
	_            uint32 // pad
}

// KFDGetProcessAperturesNewArgs is struct
// kfd_ioctl_get_process_apertures_new_args (16 bytes).
type KFDGetProcessAperturesNewArgs struct {
	KFDProcessDeviceAperturesPtr uint64 // pointer to NumOfNodes KFDProcessDeviceApertures
	NumOfNodes                   uint32 // in: capacity; out: entries filled
	_                            uint32 // pad
}

// KFDAcquireVMArgs is struct kfd_ioctl_acquire_vm_args (8 bytes): it binds
// this process's KFD GPU VM to the VM of a render node fd opened by the same
// process (Device.Fd of the render node).
type KFDAcquireVMArgs struct {
	DRMFd uint32
	GPUID uint32
}

// KFDAllocMemoryOfGPUArgs is struct kfd_ioctl_alloc_memory_of_gpu_args (40
// bytes).
type KFDAllocMemoryOfGPUArgs struct {
	VAAddr     uint64 // in: caller-chosen GPU VA inside the GPUVM aperture
	Size       uint64
	Handle     uint64 // out
	MmapOffset uint64 // out: offset for mmap on the render node fd; in: CPU address for userptr
	GPUID      uint32
	Flags      uint32 // KFDAllocMemFlags*
}

// KFDFreeMemoryOfGPUArgs is struct kfd_ioctl_free_memory_of_gpu_args (8 bytes).
type KFDFreeMemoryOfGPUArgs struct {
	Handle uint64
}

// KFDMapMemoryArgs is both struct kfd_ioctl_map_memory_to_gpu_args and
// struct kfd_ioctl_unmap_memory_from_gpu_args (24 bytes, the same layout).
// NSuccess is in/out: start at 0; on success it equals NDevices.
type KFDMapMemoryArgs struct {
	Handle            uint64
	DeviceIDsArrayPtr uint64 // pointer to NDevices u32 gpu ids
	NDevices          uint32
	NSuccess          uint32
}

// KFDCreateEventArgs is struct kfd_ioctl_create_event_args (32 bytes).
type KFDCreateEventArgs struct {
	EventPageOffset  uint64 // in for the first signal event: handle of the signal-page BO; out: mmap offset
	EventTriggerData uint32 // out
	EventType        uint32 // KFDEvent*
	AutoReset        uint32
	NodeID           uint32
	EventID          uint32 // out
	EventSlotIndex   uint32 // out: slot of the 8-byte mailbox in the signal page
}

// KFDDestroyEventArgs is struct kfd_ioctl_destroy_event_args (8 bytes).
type KFDDestroyEventArgs struct {
	EventID uint32
	_       uint32 // pad
}

// KFDWaitEventsArgs is struct kfd_ioctl_wait_events_args (24 bytes).
type KFDWaitEventsArgs struct {
	EventsPtr  uint64 // pointer to NumEvents KFDEventData
	NumEvents  uint32
	WaitForAll uint32
	Timeout    uint32 // milliseconds, relative; 0 polls, 0xFFFFFFFF waits forever
	WaitResult uint32 // out: KFDWaitResult*
}

// KFDEventData is struct kfd_event_data (48 bytes), one element of the
// WAIT_EVENTS array; the 32-byte union at the start is filled for memory
// and hardware exception events.
type KFDEventData struct {
	data            [4]uint64
	KFDEventDataExt uint64 // pointer to an extension struct, 0
	EventID         uint32
	_               uint32 // pad
}

// MemoryException returns the memory_exception_data view of the union.
func (e *KFDEventData) MemoryException() *KFDMemoryExceptionData {
	return (*KFDMemoryExceptionData)(unsafe.Pointer(&e.data))
}

// HWException returns the hw_exception_data view of the union.
func (e *KFDEventData) HWException() *KFDHWExceptionData {
	return (*KFDHWExceptionData)(unsafe.Pointer(&e.data))
}

// KFDMemoryExceptionData is struct kfd_hsa_memory_exception_data (32 bytes)
// with its struct kfd_memory_exception_failure flattened.
type KFDMemoryExceptionData struct {
	NotPresent uint32
	ReadOnly   uint32
	NoExecute  uint32
	Imprecise  uint32
	VA         uint64 // faulting GPU VA
	GPUID      uint32
	ErrorType  uint32 // KFDMemErr*
}

// KFDHWExceptionData is struct kfd_hsa_hw_exception_data (16 bytes).
type KFDHWExceptionData struct {
	ResetType  uint32
	ResetCause uint32
	MemoryLost uint32
	GPUID      uint32
}

// KFD queue types (KFD_IOC_QUEUE_TYPE_*). COMPUTE is a PM4 queue.
const (
	KFDQueueTypeCompute    = 0x0
	KFDQueueTypeSDMA       = 0x1
	KFDQueueTypeComputeAQL = 0x2
	KFDQueueTypeSDMAXGMI   = 0x3
)

// CREATE_QUEUE limits (KFD_MAX_QUEUE_PERCENTAGE, KFD_MAX_QUEUE_PRIORITY,
// KFD_MIN_QUEUE_RING_SIZE).
const (
	KFDMaxQueuePercentage = 100
	KFDMaxQueuePriority   = 15
	KFDMinQueueRingSize   = 1024
)

// ALLOC_MEMORY_OF_GPU flags (KFD_IOC_ALLOC_MEM_FLAGS_*): one memory type and
// any attributes.
const (
	KFDAllocMemFlagsVRAM         uint32 = 1 << 0
	KFDAllocMemFlagsGTT          uint32 = 1 << 1
	KFDAllocMemFlagsUserptr      uint32 = 1 << 2
	KFDAllocMemFlagsDoorbell     uint32 = 1 << 3
	KFDAllocMemFlagsMMIORemap    uint32 = 1 << 4
	KFDAllocMemFlagsWritable     uint32 = 1 << 31
	KFDAllocMemFlagsExecutable   uint32 = 1 << 30
	KFDAllocMemFlagsPublic       uint32 = 1 << 29
	KFDAllocMemFlagsNoSubstitute uint32 = 1 << 28
	KFDAllocMemFlagsAQLQueueMem  uint32 = 1 << 27
	KFDAllocMemFlagsCoherent     uint32 = 1 << 26
	KFDAllocMemFlagsUncached     uint32 = 1 << 25
)

// KFD event types (KFD_IOC_EVENT_*).
const (
	KFDEventSignal      = 0
	KFDEventHWException = 3
	KFDEventMemory      = 8
)

// WAIT_EVENTS results (KFD_IOC_WAIT_RESULT_*).
const (
	KFDWaitResultComplete = 0
	KFDWaitResultTimeout  = 1
	KFDWaitResultFail     = 2
)

// KFDSignalEventLimit is KFD_SIGNAL_EVENT_LIMIT, the number of 8-byte
// mailbox slots in the signal page.
const KFDSignalEventLimit = 4096

// KFD mmap offsets carry a type in bits 63:62 and a gpu id in bits 61:46
// (drivers/gpu/drm/amd/amdkfd/kfd_priv.h, KFD_MMAP_TYPE_* and
// KFD_MMAP_GPU_ID_*; kernel-internal but visible in the offsets the kernel
// returns, e.g. KFDCreateQueueArgs.DoorbellOffset).
const (
	KFDMmapTypeShift       = 62
	KFDMmapTypeMask        = uint64(0x3) << KFDMmapTypeShift
	KFDMmapTypeDoorbell    = uint64(0x3) << KFDMmapTypeShift
	KFDMmapTypeEvents      = uint64(0x2) << KFDMmapTypeShift
	KFDMmapTypeReservedMem = uint64(0x1) << KFDMmapTypeShift
	KFDMmapTypeMMIO        = uint64(0x0) << KFDMmapTypeShift
	KFDMmapGPUIDShift      = 46
	KFDMmapGPUIDMask       = uint64(1<<16-1) << KFDMmapGPUIDShift
)
