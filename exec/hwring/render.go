package hwring

import (
	"bytes"
	"fmt"
	"runtime"
	"unsafe"

	"zincc/exec/kmd"
)

// Render is an open amdgpu render node and what the rings learn about it
// before they allocate anything.
type Render struct {
	Tier    string // the tier that opened it, for errors
	Dev     kmd.Device
	Path    string
	Version kmd.Version // numbers only; the name is in Driver
	Driver  string
	Info    kmd.DeviceInfo
	Compute kmd.HWIPInfo // HW_IP_INFO(COMPUTE)
}

// GC 12.0.1 (gfx1201) as amdgpu identifies it (shared/ref/amdgpu-uapi.md
// §3, "gfx1201 test").
const (
	gfx1201Family       = kmd.FamilyGC12_0_0
	gfx1201IPDiscovery  = 0x0C0001
	gfx1201Name         = "gfx1201"
	driverNameAMDGPU    = "amdgpu"
	maxDriverNameLength = 64
)

// OpenRender opens the render node of cfg and identifies it: DRM_VERSION
// must name amdgpu, DEV_INFO and HW_IP_INFO(COMPUTE) must answer, and the
// GPU must be a gfx1201 (family GC 12.0.0 with IP discovery version
// 12.0.1). Each failure is a *StepError of tier naming the step. The caller
// closes r.Dev.
func OpenRender(cfg Config, tier string) (r *Render, err error) {
	cfg = cfg.WithDefaults()
	fail := func(step string, err error) (*Render, error) {
		if r != nil && r.Dev != nil {
			r.Dev.Close()
		}
		return nil, &StepError{Tier: tier, Step: step, Err: err}
	}
	dev, err := cfg.Opener.Open(cfg.RenderNode)
	if err != nil {
		return fail("open render node", err)
	}
	r = &Render{Tier: tier, Dev: dev, Path: cfg.RenderNode}
	name := make([]byte, maxDriverNameLength)
	var pin runtime.Pinner
	r.Version = kmd.Version{NameLen: uint64(len(name)), Name: kmd.SliceAddr(&pin, name)}
	err = dev.Ioctl(kmd.IoctlDRMVersion, unsafe.Pointer(&r.Version))
	pin.Unpin()
	if err != nil {
		return fail("identify the driver (DRM_VERSION)", err)
	}
	r.Driver = string(bytes.TrimRight(name[:min(r.Version.NameLen, uint64(len(name)))], "\x00"))
	r.Version.Name, r.Version.NameLen = 0, 0
	if r.Driver != driverNameAMDGPU {
		return fail("identify the driver (DRM_VERSION)", Refusedf("%s is driven by %q, not amdgpu", cfg.RenderNode, r.Driver))
	}
	if r.Info, err = Query[kmd.DeviceInfo](dev, kmd.InfoQueryDevInfo, nil); err != nil {
		return fail("query the device (AMDGPU_INFO DEV_INFO)", err)
	}
	if r.Compute, err = Query[kmd.HWIPInfo](dev, kmd.InfoQueryHWIPInfo, func(i *kmd.Info) { i.HWIP().Type = kmd.HWIPCompute }); err != nil {
		return fail("query the compute IP (AMDGPU_INFO HW_IP_INFO)", err)
	}
	if err := CheckGfx1201(r.Info, r.Compute); err != nil {
		return fail("check the GPU is a gfx1201", err)
	}
	return r, nil
}

// CheckGfx1201 refuses a device that is not a gfx1201: zincc's kernels are
// gfx1201 machine code.
func CheckGfx1201(info kmd.DeviceInfo, compute kmd.HWIPInfo) error {
	if info.Family != gfx1201Family || compute.IPDiscoveryVersion != gfx1201IPDiscovery {
		return Refusedf("device %#04x is family %d with GC IP %s; zincc emits %s code (family %d, GC 12.0.1)",
			info.DeviceID, info.Family, IPVersionString(compute.IPDiscoveryVersion), gfx1201Name, gfx1201Family)
	}
	return nil
}

// IPVersionString formats an IP discovery version ("12.0.1"; "unknown" for
// 0, which kernels before the field report).
func IPVersionString(v uint32) string {
	if v == 0 {
		return "unknown"
	}
	return fmt.Sprintf("%d.%d.%d", v>>16&0xFF, v>>8&0xFF, v&0xFF)
}

// Query issues AMDGPU_INFO query (set adds the query arguments) and
// returns its result: a zeroed T whose size is the return size, so an
// older kernel that writes less leaves the tail zero.
func Query[T any](dev kmd.Device, query uint32, set func(*kmd.Info)) (T, error) {
	var out T
	var pin runtime.Pinner
	defer pin.Unpin()
	info := kmd.Info{ReturnPointer: kmd.Addr(&pin, unsafe.Pointer(&out)), ReturnSize: uint32(unsafe.Sizeof(out)), Query: query}
	if set != nil {
		set(&info)
	}
	err := dev.Ioctl(kmd.IoctlAMDGPUInfo, unsafe.Pointer(&info))
	return out, err
}
