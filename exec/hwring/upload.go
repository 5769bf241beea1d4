package hwring

import (
	"encoding/binary"
	"fmt"
	"sort"

	"zincc/exec"
	"zincc/exec/kmd"
	"zincc/ir"
	"zincc/lower/gfx1201"
	"zincc/pm4"
)

// Uploading weights without a large BAR.
//
// The CPU reaches VRAM only through the PCIe BAR. Without resizable BAR
// the BAR shows 256 MiB of VRAM; a buffer the CPU maps must be moved into
// that window (amdgpu_bo_fault_reserve_notify), and a multi-GB weights
// buffer cannot be: on GEM the first touch of the mapping raises SIGBUS, on
// KFD the PUBLIC allocation fails. tinygrad's ops_amd.py refuses such a
// machine ("enable resizable BAR"). zincc instead places the weights in
// VRAM the CPU never maps (GEM: AMDGPU_GEM_CREATE_NO_CPU_ACCESS; KFD: a VRAM
// allocation without KFD_IOC_ALLOC_MEM_FLAGS_PUBLIC, which
// amdgpu_amdkfd_gpuvm_alloc_memory_of_gpu turns into a BO without
// CPU_ACCESS_REQUIRED) and has the GPU copy them there from a GTT staging
// buffer (system memory the CPU writes directly) with the command
// processor's DMA engine, DMA_DATA (Linux nvd.h PACKET3_DMA_DATA; mesa's
// si_cp_dma_copy_buffer copies buffers the same way), one staging-buffer
// load at a time. Code, state (read back by State) and the arena (outputs
// are read back after every step) stay CPU-visible; the per-step inputs
// are patched into the IB, which lives in GTT.

// DefaultStagingBytes is the default staging buffer: 64 MiB, one
// DMA_DATA packet's reach (26-bit BYTE_COUNT) rounded to pages.
const DefaultStagingBytes = 64 << 20

// UploadPath is how the weights reach VRAM.
type UploadPath int

// The upload paths.
const (
	// UploadAuto lets PlanUpload choose.
	UploadAuto UploadPath = iota
	// UploadDirect maps the weights for the CPU and writes them through
	// the BAR.
	UploadDirect
	// UploadStaged places the weights in CPU-invisible VRAM and copies
	// them in through a GTT staging buffer with DMA_DATA.
	UploadStaged
)

// String reads "direct" or "staged through GTT".
func (p UploadPath) String() string {
	switch p {
	case UploadDirect:
		return "direct"
	case UploadStaged:
		return "staged through GTT"
	}
	return "auto"
}

// UploadPlan is where a ring puts an Executable's buffers and how it
// fills the weights.
type UploadPlan struct {
	Path        UploadPath
	Visible     uint64 // CPU-visible VRAM the kernel offers (bytes)
	VisibleNeed uint64 // bytes of VRAM the ring maps for the CPU on this path
	Weights     uint64 // bytes of the weights buffer
	Staging     uint64 // bytes of the staging buffer's data area (0 on the direct path)
	Chunks      int    // staging-buffer loads (0 on the direct path)
}

// visibleBuffers are the image buffers that live in VRAM and that the CPU
// maps on every path: the code (written once), the state (read back by
// State) and the arena (outputs read back every step).
var visibleBuffers = [...]int{gfx1201.BufCode, gfx1201.BufState, gfx1201.BufArena}

// PlanUpload decides the upload path of an image of sizes (BufferSizes)
// on a device with visible bytes of CPU-visible VRAM: direct when the
// weights fit the window together with the buffers that are always
// visible, else staged through a staging buffer of staging bytes. force
// (UploadDirect, UploadStaged) overrides the choice, except that a graph
// without weights bytes to speak of (one page) always goes direct. A plan
// whose always-visible buffers alone do not fit is an error wrapping
// ErrRefused.
func PlanUpload(sizes [NumImageBuffers]uint64, visible, staging uint64, force UploadPath) (UploadPlan, error) {
	p := UploadPlan{Visible: visible, Weights: sizes[gfx1201.BufWeights]}
	for _, i := range visibleBuffers {
		p.VisibleNeed += sizes[i]
	}
	direct := p.VisibleNeed + p.Weights
	switch {
	case p.Weights <= PageSize:
		p.Path = UploadDirect
	case force != UploadAuto:
		p.Path = force
	case direct <= visible:
		p.Path = UploadDirect
	default:
		p.Path = UploadStaged
	}
	if p.Path == UploadDirect {
		p.VisibleNeed = direct
		return p, nil
	}
	if p.VisibleNeed > visible {
		return p, Refusedf("code, state and arena take %s of VRAM the CPU must map, more than the %s CPU-visible (staging the %s of weights through GTT does not help; a large BAR would)",
			Bytes(p.VisibleNeed), Bytes(visible), Bytes(p.Weights))
	}
	p.Staging = min(RoundPage(max(staging, PageSize)), p.Weights)
	p.Chunks = int((p.Weights + p.Staging - 1) / p.Staging)
	return p, nil
}

// Bytes formats n as "256 MiB", "1.5 GiB" or "4096 bytes".
func Bytes(n uint64) string {
	switch {
	case n >= 1<<30:
		return trim(fmt.Sprintf("%.1f", float64(n)/(1<<30))) + " GiB"
	case n >= 1<<20:
		return trim(fmt.Sprintf("%.1f", float64(n)/(1<<20))) + " MiB"
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

func trim(s string) string {
	if len(s) > 2 && s[len(s)-2:] == ".0" {
		return s[:len(s)-2]
	}
	return s
}

// VisibleVRAM returns the CPU-visible VRAM the device at dev offers:
// AMDGPU_INFO_MEMORY's cpu_accessible_vram.usable_heap_size, the visible
// window (adev->gmc.visible_vram_size) less what the kernel pinned there
// (amdgpu_kms.c amdgpu_info_ioctl; IGT's amdgpu tests read the same
// field). AMDGPU_INFO_VRAM_GTT's vram_cpu_accessible_size says the same
// without the pinned part. The kfd ring asks the render node it opens for
// KFD_ACQUIRE_VM: amdkfd itself publishes only whether all of VRAM is
// visible (the KFD topology's mem_banks heap_type is FB_PUBLIC when
// amdgpu_amdkfd_get_local_mem_info reports no private part, else
// FB_PRIVATE with the whole size — kfd_crat.c kfd_create_vcrat_image_gpu;
// ROCR's libhsakmt reads that heap type), and AMDKFD_IOC_AVAILABLE_MEMORY
// is free VRAM for allocations, not the window.
func VisibleVRAM(dev kmd.Device) (uint64, error) {
	m, err := Query[kmd.MemoryInfo](dev, kmd.InfoQueryMemory, nil)
	if err != nil {
		return 0, err
	}
	return m.CPUAccessibleVRAM.UsableHeapSize, nil
}

// PlanUpload asks the render node for its CPU-visible VRAM and plans the
// upload of e under cfg (see PlanUpload). The failures are *StepErrors.
func (r *Render) PlanUpload(cfg Config, e *gfx1201.Executable) (UploadPlan, error) {
	cfg = cfg.WithDefaults()
	visible, err := VisibleVRAM(r.Dev)
	if err != nil {
		return UploadPlan{}, r.fail("query the CPU-visible VRAM (AMDGPU_INFO MEMORY)", err)
	}
	p, err := PlanUpload(BufferSizes(e), visible, cfg.StagingBytes, cfg.Upload)
	if err != nil {
		return p, r.fail("plan the weights upload", err)
	}
	return p, nil
}

// UploadProgress is how far a staged upload got.
type UploadProgress struct {
	Done, Total   uint64 // bytes copied into VRAM so far, and in all
	Chunk, Chunks int    // chunks done (0: the upload starts), and in all
	Staging       uint64 // bytes of the staging buffer
}

// Staging is the GTT buffer a staged upload goes through: StagingIBBytes
// behind the data area hold the upload IB.
type Staging struct {
	VA  uint64
	CPU []byte // data area, then the IB page
}

// StagingIBBytes is the room behind the staging data for one chunk's IB.
const StagingIBBytes = PageSize

// StagingBufferBytes is the size of the buffer a plan's staging needs.
func StagingBufferBytes(p UploadPlan) uint64 { return p.Staging + StagingIBBytes }

// SubmitIB runs the IB of dwords at ibVA on the ring and waits for it;
// what names it in errors ("upload chunk 2 of 8"), seq is the next fence
// value of a queue ring (rings that wait on a kernel fence ignore it).
type SubmitIB func(what string, ibVA uint64, dwords int, seq uint64) error

// UploadStaged fills the weights buffer, which the CPU does not map,
// through st: for each chunk of the buffer (the weights at their
// placements, zeros between them, as Load leaves a mapped weights buffer)
// the CPU fills the staging data area and writes behind it an IB of
// DMA_DATA copies into the weights buffer, which submit runs and waits for
// before the next chunk reuses the staging buffer. The ring's
// submissions invalidate the GPU caches before every IB (CS: the kernel's
// EMIT_MEM_SYNC; queue rings: StepPackets' ACQUIRE_MEM), so no chunk
// reads a stale line of the previous one; the CP_SYNC on each chunk's last
// copy keeps its fence behind the copy. progress may be nil.
func (s *Stepper) UploadStaged(w *exec.Weights, p UploadPlan, st Staging, submit SubmitIB, progress func(UploadProgress)) error {
	im := s.Image
	if !im.staged {
		return s.fail("upload the weights", fmt.Errorf("the weights buffer is CPU-mapped; nothing to stage"))
	}
	if uint64(len(st.CPU)) < p.Staging+StagingIBBytes || p.Staging == 0 || p.Staging%PageSize != 0 {
		return s.fail("upload the weights", fmt.Errorf("staging buffer of %d bytes for chunks of %d", len(st.CPU), p.Staging))
	}
	type piece struct {
		off  uint64
		data []byte
	}
	var pieces []piece
	for _, v := range im.exe.Module.DeclsOf(ir.Weight) {
		pl, _ := im.exe.Placement(v)
		if pl.Buffer != gfx1201.BufWeights {
			continue
		}
		pieces = append(pieces, piece{pl.Offset, w.Data(v)})
	}
	sort.Slice(pieces, func(i, j int) bool { return pieces[i].off < pieces[j].off })
	total := BufferSizes(&im.exe)[gfx1201.BufWeights]
	dst := im.VA(gfx1201.BufWeights)
	data := st.CPU[:p.Staging]
	ibBytes := st.CPU[p.Staging : p.Staging+StagingIBBytes]
	var ibBuf [StagingIBBytes / 4]uint32
	pr := UploadProgress{Total: total, Chunks: int((total + p.Staging - 1) / p.Staging), Staging: p.Staging}
	if progress != nil {
		progress(pr)
	}
	for off := uint64(0); off < total; off += p.Staging {
		n := min(p.Staging, total-off)
		clear(data[:n])
		for _, pc := range pieces {
			end := pc.off + uint64(len(pc.data))
			if end <= off || pc.off >= off+n {
				continue
			}
			from, to := max(pc.off, off), min(end, off+n)
			copy(data[from-off:to-off], pc.data[from-pc.off:to-pc.off])
		}
		b := pm4.NewBuilder(ibBuf[:])
		_ = b.CopyMemory(dst+off, st.VA, n, 0)
		_ = b.PadTo(gfx1201.IBAlignDwords)
		what := fmt.Sprintf("upload chunk %d of %d", pr.Chunk+1, pr.Chunks)
		if err := b.Err(); err != nil {
			return s.fail(what+": build the DMA_DATA IB", err)
		}
		words := b.Words()
		for i, v := range words {
			binary.LittleEndian.PutUint32(ibBytes[4*i:], v)
		}
		s.seq++
		if err := submit(what, st.VA+p.Staging, len(words), s.seq); err != nil {
			return err
		}
		pr.Chunk++
		pr.Done = off + n
		if progress != nil {
			progress(pr)
		}
	}
	return nil
}
