package gfx1201

import (
	"fmt"

	"zincc/ir"
	"zincc/isa"
	"zincc/isa/kernels"
)

// ObjectLibrary serves the kernels of one assembled object (every kernel's
// code in one blob) as a Library.
type ObjectLibrary struct{ Obj *isa.Object }

// Code returns the object's code blob.
func (o ObjectLibrary) Code() []byte { return o.Obj.Code }

// Kernel describes the kernel named name from its descriptor; its code
// runs to the next kernel's entry or the end of the object.
func (o ObjectLibrary) Kernel(name string) (KernelCode, error) {
	for i, k := range o.Obj.Kernels {
		if k.Name != name {
			continue
		}
		ends, err := o.Obj.KernelEnds()
		if err != nil {
			return KernelCode{}, fmt.Errorf("kernel %s cannot be copied on its own: %w", name, err)
		}
		return kernelCode(uint64(k.Entry), uint64(ends[i]-k.Entry), &k.Descriptor), nil
	}
	return KernelCode{}, fmt.Errorf("the kernel library has no kernel %s", name)
}

// kernelCode is what the lowering needs of a kernel at [entry, entry+size)
// with descriptor d.
func kernelCode(entry, size uint64, d *isa.Descriptor) KernelCode {
	return KernelCode{Entry: entry, Size: size, Rsrc1: d.RSRC1, Rsrc2: d.RSRC2, Rsrc3: d.RSRC3,
		LDSBytes: d.LDSBytes(), UserSGPRs: d.UserSGPRCount(), Wave32: d.WaveSize() == 32}
}

// libraryAdapter serves package isa/kernels to the lowering.
type libraryAdapter struct{ lib *kernels.Library }

func (a libraryAdapter) Code() []byte { return a.lib.Code }

func (a libraryAdapter) Kernel(name string) (KernelCode, error) {
	k, ok := a.lib.Kernel(name)
	if !ok {
		return KernelCode{}, fmt.Errorf("the kernel library has no kernel %s", name)
	}
	return kernelCode(k.Entry, k.Size, &k.Descriptor), nil
}

// Source returns the assembly of kernel name, for listings.
func (a libraryAdapter) Source(name string) (string, bool) {
	k, ok := a.lib.Kernel(name)
	if !ok {
		return "", false
	}
	return k.Source, true
}

// DefaultLibrary is zincc's own kernel library (package isa/kernels),
// assembled once per process.
func DefaultLibrary() (Library, error) {
	lib, err := kernels.Load()
	if err != nil {
		return nil, fmt.Errorf("the gfx1201 kernel library: %w", err)
	}
	return libraryAdapter{lib}, nil
}

// Compile lowers m with the default kernel library.
func Compile(m *ir.Module) (*Executable, error) {
	lib, err := DefaultLibrary()
	if err != nil {
		return nil, err
	}
	return Lower(m, lib, Options{})
}
