package gfx1201

import (
	"fmt"

	"zincc/isa"
)

// ObjectLibrary serves the kernels of one assembled object (every kernel's
// code in one blob) as a Library.
type ObjectLibrary struct{ Obj *isa.Object }

// Code returns the object's code blob.
func (o ObjectLibrary) Code() []byte { return o.Obj.Code }

// Kernel describes the kernel named name from its descriptor.
func (o ObjectLibrary) Kernel(name string) (KernelCode, error) {
	for _, k := range o.Obj.Kernels {
		if k.Name != name {
			continue
		}
		d := k.Descriptor
		return KernelCode{
			Entry: uint64(k.Entry),
			Rsrc1: d.RSRC1, Rsrc2: d.RSRC2, Rsrc3: d.RSRC3,
			LDSBytes:  d.GroupSegmentFixedSize,
			UserSGPRs: int(d.RSRC2>>1) & 0x1F,
			Wave32:    d.KernelCodeProperties&isa.KCPWavefrontSize32 != 0,
		}, nil
	}
	return KernelCode{}, fmt.Errorf("the kernel library has no kernel %s", name)
}
