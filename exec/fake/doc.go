// Package fake is an in-process fake of the Linux amdgpu and amdkfd
// drivers, for tests: it implements kmd.Opener and kmd.Device, so the rings
// of exec/cs, exec/kfd and exec/umq run against it unchanged, byte for byte
// through the same ioctl request numbers and argument structs they send the
// kernel.
//
// It models what the rings depend on (shared/ref/amdgpu-uapi.md §7): GEM
// buffer objects and their CPU mappings, a GPU virtual address space per
// render file with the kernel's GEM_VA checks, contexts with per-ring fence
// sequence numbers and injectable reset state, BO lists (a submission sees
// only resident buffers), CS and WAIT_CS with absolute deadlines, the INFO
// queries with an R9700-like fixture, sync objects, user queues with their
// doorbell BO, and KFD: topology (a sysfs fixture), VM acquisition,
// apertures, allocations and GPU mappings, compute queues with the
// kernel's buffer checks, doorbells, write and read pointers, and events.
//
// Submitted indirect buffers run on a pluggable Executor, by default the
// emulated gfx1201 of exec/sim (SimExecutor), so the bytes a ring submits
// are the bytes that run. Queue rings are walked by the fake's
// command-processor front end (cp.go), which executes INDIRECT_BUFFER
// packets on the Executor and handles RELEASE_MEM and interrupts itself.
//
// The driver counts every live resource (Live) and what closing a file had
// to reclaim (Reaped), logs every device operation (Ops), and fails any one
// operation on demand (FailAt), which is how the rings' error paths are
// swept for leaks.
package fake
