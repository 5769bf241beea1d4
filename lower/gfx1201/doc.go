// Package gfx1201 lowers a decode graph for AMD RDNA4 (gfx1201) GPUs: per
// node it picks a kernel from the library, places operands by the memory
// plan, and writes the PM4 packets that set the kernel's registers and
// dispatch it, with a barrier only where one dispatch depends on another.
// The result is an Executable.
package gfx1201
