package simkernel

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"zincc/isa"
)

// Kernel is code to run and what its source says about it.
type Kernel struct {
	Name       string
	Code       []byte
	Entry      uint64          // byte offset of the entry in Code
	Descriptor *isa.Descriptor // nil for raw code and plain labels
	Wave64     bool            // assembled for (or asked to run) 64-lane waves
}

// IsAssembly reports whether path names assembly source (.s, .S, .asm)
// rather than raw code.
func IsAssembly(path string) bool {
	return strings.HasSuffix(path, ".s") || strings.HasSuffix(path, ".S") || strings.HasSuffix(path, ".asm")
}

// LoadKernel makes a Kernel of src, read from path: raw code bytes, or
// assembly, of which it takes the kernel or label called name, or the
// only kernel when name is "". Assembly is assembled for wave64 when
// wave64 is set, or when the chosen kernel's descriptor asks for it and
// wave32 is not set.
func LoadKernel(path string, src []byte, name string, wave32, wave64 bool) (*Kernel, error) {
	if !IsAssembly(path) {
		if name != "" {
			return nil, errors.New("-kernel needs assembly input (raw code has no symbols)")
		}
		return &Kernel{Name: filepath.Base(path), Code: src, Wave64: wave64}, nil
	}
	obj, err := isa.AssembleWith(path, src, isa.Options{Wave64: wave64})
	if err != nil {
		return nil, err
	}
	pick := func(obj *isa.Object) (*Kernel, error) {
		k := &Kernel{Code: obj.Code, Wave64: obj.Wave64}
		switch {
		case name != "":
			if kk, ok := obj.Kernel(name); ok {
				k.Name, k.Entry, k.Descriptor = kk.Name, uint64(kk.Entry), &kk.Descriptor
				return k, nil
			}
			off, ok := obj.Symbols[name]
			if !ok {
				return nil, fmt.Errorf("no kernel or label %q in %s", name, path)
			}
			k.Name, k.Entry = name, uint64(off)
		case len(obj.Kernels) == 1:
			kk := obj.Kernels[0]
			k.Name, k.Entry, k.Descriptor = kk.Name, uint64(kk.Entry), &kk.Descriptor
		case len(obj.Kernels) > 1:
			var names []string
			for _, kk := range obj.Kernels {
				names = append(names, kk.Name)
			}
			return nil, fmt.Errorf("%s has %d kernels (%s): choose one with -kernel", path, len(names), strings.Join(names, ", "))
		default:
			k.Name = filepath.Base(path)
		}
		return k, nil
	}
	k, err := pick(obj)
	if err != nil {
		return nil, err
	}
	// A descriptor that asks for wave64 decides, unless wave32 was asked.
	if k.Descriptor != nil && k.Descriptor.WaveSize() == 64 && !wave64 && !wave32 {
		obj, err = isa.AssembleWith(path, src, isa.Options{Wave64: true})
		if err != nil {
			return nil, err
		}
		return pick(obj)
	}
	return k, nil
}
