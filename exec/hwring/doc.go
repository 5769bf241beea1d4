// Package hwring holds what zincc's three real-GPU rings (exec/cs,
// exec/kfd, exec/umq) share: their configuration (which device nodes, which
// opener, how long a step may take), the error that names the bring-up or
// step that failed, the placement of a lowered gfx1201.Executable in GPU
// buffers the CPU can reach (upload, per-step patching, reading outputs and
// state back), the step bookkeeping around each ring's own submission
// (Stepper), a GPU virtual-address allocator, the ring buffer the queue
// rings (kfd, umq) write, publish and poll (QueueRing), the smoke
// executable the probes run, the upload plan and the staged upload of
// weights that do not fit the CPU-visible VRAM (PlanUpload,
// Stepper.UploadStaged: GTT staging buffer, DMA_DATA), and GPU timestamps
// around a submission's IB (Timestamps, GPUTime).
//
// Of the ioctls, hwring issues those every ring, or every ring on the same
// kernel interface, issues the same way: opening and identifying the render
// node (OpenRender, Query), and the GEM buffer objects of the rings that
// allocate through the render node, cs and umq (CreateGEM, MapGEMForCPU,
// MapGEMForGPU, ReleaseGEM). The rest are the rings' own. All of them go
// through the kmd.Device seam, so the same code runs against the kernel or
// against the fake driver in exec/fake.
package hwring
