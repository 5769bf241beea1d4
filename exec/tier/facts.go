package tier

import (
	"fmt"
	"math/bits"
	"runtime"
	"unsafe"

	"zincc/exec/hwring"
	"zincc/exec/kmd"
)

// Facts is what the kernel says about the GPU at the render node.
type Facts struct {
	RenderNode   string `json:"render_node"`
	Driver       string `json:"driver"`
	DRMVersion   string `json:"drm_version"`
	DeviceID     string `json:"device_id,omitempty"`
	Family       uint32 `json:"family,omitempty"`
	GCVersion    string `json:"gc_version,omitempty"`
	GfxTarget    string `json:"gfx_target,omitempty"`
	ComputeUnits uint32 `json:"compute_units,omitempty"`
	VRAMBytes    uint64 `json:"vram_bytes,omitempty"`
	// VRAMVisibleBytes is the CPU-visible part of VRAM (the PCIe BAR;
	// 256 MiB without resizable BAR), AMDGPU_INFO_VRAM_GTT
	// vram_cpu_accessible_size. zincc maps code, weights, state and
	// arena through it.
	VRAMVisibleBytes uint64 `json:"vram_visible_bytes,omitempty"`
	// VRAMVisibleUsableBytes is what of the window the kernel has not
	// pinned (AMDGPU_INFO_MEMORY cpu_accessible_vram.usable_heap_size):
	// what the rings plan uploads against (hwring.PlanUpload).
	VRAMVisibleUsableBytes uint64            `json:"vram_visible_usable_bytes,omitempty"`
	ComputeRings           int               `json:"compute_rings"`
	UserqIPMask            uint32            `json:"userq_ip_mask"`
	UserqSlots             uint32            `json:"userq_compute_slots"`
	Firmware               map[string]uint32 `json:"firmware,omitempty"`
	KFDVersion             string            `json:"kfd_version,omitempty"`
	KFDGPUID               uint32            `json:"kfd_gpu_id,omitempty"`
}

// firmwares are the microcode versions worth reporting for compute.
var firmwares = []struct {
	name string
	typ  uint32
}{{"ME", kmd.InfoFWGFXME}, {"PFP", kmd.InfoFWGFXPFP}, {"MEC", kmd.InfoFWGFXMEC}, {"MES", kmd.InfoFWMES},
	{"RLC", kmd.InfoFWGFXRLC}, {"IMU", kmd.InfoFWIMU}}

// ReadFacts asks the render node (and KFD, when present) about the GPU. It
// returns nil when there is no render node to ask; queries that fail are
// left out. It never allocates GPU memory.
func ReadFacts(cfg hwring.Config) *Facts {
	cfg = cfg.WithDefaults()
	dev, err := cfg.Opener.Open(cfg.RenderNode)
	if err != nil {
		return nil
	}
	defer dev.Close()
	f := &Facts{RenderNode: cfg.RenderNode}
	name := make([]byte, 64)
	v := kmd.Version{NameLen: uint64(len(name))}
	if err := ioctlWithBuffer(dev, &v, name); err != nil {
		return nil
	}
	f.Driver = string(name[:min(v.NameLen, uint64(len(name)))])
	f.DRMVersion = fmt.Sprintf("%d.%d.%d", v.Major, v.Minor, v.Patchlevel)
	if f.Driver != "amdgpu" {
		return f
	}
	if info, err := hwring.Query[kmd.DeviceInfo](dev, kmd.InfoQueryDevInfo, nil); err == nil {
		f.DeviceID, f.Family, f.ComputeUnits, f.UserqIPMask = fmt.Sprintf("%#04x", info.DeviceID), info.Family, info.CUActiveNumber, info.UserqIPMask
		if ip, err := hwring.Query[kmd.HWIPInfo](dev, kmd.InfoQueryHWIPInfo, func(i *kmd.Info) { i.HWIP().Type = kmd.HWIPCompute }); err == nil {
			f.GCVersion = hwring.IPVersionString(ip.IPDiscoveryVersion)
			f.ComputeRings = bits.OnesCount32(ip.AvailableRings)
			f.UserqSlots = ip.UserqNumSlots
			if hwring.CheckGfx1201(info, ip) == nil {
				f.GfxTarget = "gfx1201"
			}
		}
	}
	if vram, err := hwring.Query[kmd.VRAMGTTInfo](dev, kmd.InfoQueryVRAMGTT, nil); err == nil {
		f.VRAMBytes, f.VRAMVisibleBytes = vram.VRAMSize, vram.VRAMCPUAccessibleSize
	}
	if usable, err := hwring.VisibleVRAM(dev); err == nil {
		f.VRAMVisibleUsableBytes = usable
	}
	for _, fw := range firmwares {
		v, err := hwring.Query[kmd.FirmwareInfo](dev, kmd.InfoQueryFWVersion, func(i *kmd.Info) { i.FW().FWType = fw.typ })
		if err == nil && v.Ver != 0 {
			if f.Firmware == nil {
				f.Firmware = map[string]uint32{}
			}
			f.Firmware[fw.name] = v.Ver
		}
	}
	f.readKFD(cfg)
	return f
}

// readKFD adds the KFD version and the topology's view of the GPU.
func (f *Facts) readKFD(cfg hwring.Config) {
	if kd, err := cfg.Opener.Open(cfg.KFDNode); err == nil {
		var v kmd.KFDGetVersionArgs
		if kd.Ioctl(kmd.IoctlKFDGetVersion, unsafe.Pointer(&v)) == nil {
			f.KFDVersion = fmt.Sprintf("%d.%d", v.MajorVersion, v.MinorVersion)
		}
		kd.Close()
	}
	minor, err := kmd.RenderMinor(cfg.RenderNode)
	if err != nil {
		return
	}
	nodes, err := kmd.ReadTopology(cfg.Sysfs, kmd.TopologyNodesDir)
	if err != nil {
		return
	}
	if n, err := kmd.FindGPUByRenderMinor(nodes, minor); err == nil {
		f.KFDGPUID = n.GPUID
		if t, err := n.GfxTarget(); err == nil {
			f.GfxTarget = t
		}
	}
}

// FirmwareNames returns the reported firmware names in a fixed order.
func (f *Facts) FirmwareNames() []string {
	var names []string
	for _, fw := range firmwares {
		if _, ok := f.Firmware[fw.name]; ok {
			names = append(names, fw.name)
		}
	}
	return names
}

// ioctlWithBuffer issues DRM_VERSION with name as the driver-name buffer.
func ioctlWithBuffer(dev kmd.Device, v *kmd.Version, name []byte) error {
	var pin runtime.Pinner
	defer pin.Unpin()
	v.Name = kmd.SliceAddr(&pin, name)
	err := dev.Ioctl(kmd.IoctlDRMVersion, unsafe.Pointer(v))
	v.Name = 0
	return err
}

// Upload says how the rings would get a run's weights into VRAM on this
// device (hwring.PlanUpload): directly through the CPU-visible window, or
// staged through a GTT buffer with DMA_DATA.
type Upload struct {
	VisibleBytes uint64 `json:"visible_bytes"`      // the window the rings plan against
	LargeBAR     bool   `json:"large_bar"`          // all of VRAM is CPU-visible
	StagingBytes uint64 `json:"staging_bytes"`      // the staging buffer of a staged upload
	DirectUpTo   uint64 `json:"direct_up_to_bytes"` // the largest run that uploads directly
	SizeBytes    uint64 `json:"size_bytes,omitempty"`
	Path         string `json:"path,omitempty"` // for SizeBytes: "direct" or "staged through GTT"
}

// UploadFor says how a run needing size bytes of VRAM (code, weights,
// KV cache, activations; 0: no particular run) would upload on the device
// f describes, with a staging buffer of staging bytes (0: the default).
// It is nil when the kernel did not report the window.
func UploadFor(f *Facts, size, staging uint64) *Upload {
	if f == nil || (f.VRAMVisibleUsableBytes == 0 && f.VRAMVisibleBytes == 0) {
		return nil
	}
	if staging == 0 {
		staging = hwring.DefaultStagingBytes
	}
	u := &Upload{VisibleBytes: f.VRAMVisibleUsableBytes, StagingBytes: staging, SizeBytes: size,
		LargeBAR: f.VRAMBytes != 0 && f.VRAMVisibleBytes >= f.VRAMBytes}
	if u.VisibleBytes == 0 {
		u.VisibleBytes = f.VRAMVisibleBytes
	}
	u.DirectUpTo = u.VisibleBytes
	if size != 0 {
		u.Path = hwring.UploadDirect.String()
		if size > u.VisibleBytes {
			u.Path = hwring.UploadStaged.String()
		}
	}
	return u
}
