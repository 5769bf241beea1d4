// Package hwring holds what zincc's three real-GPU rings (exec/cs,
// exec/kfd, exec/umq) share: their configuration (which device nodes, which
// opener, how long a step may take), the error that names the bring-up or
// step that failed, the placement of a lowered gfx1201.Executable in GPU
// buffers the CPU can reach (upload, per-step patching, reading outputs and
// state back), a GPU virtual-address allocator, the packets the queue
// rings (kfd, umq) write around each IB, and the smoke executable the
// probes run.
//
// Besides opening and identifying the render node (OpenRender, Query),
// which every ring does the same way, the ioctls are the rings' own. All
// of them go through the kmd.Device seam, so the same code runs against
// the kernel or against the fake driver in exec/fake.
package hwring
