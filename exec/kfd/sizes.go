package kfd

import (
	"fmt"

	"zincc/exec/kmd"
)

// QueueSizes are the sizes amdkfd requires of a compute queue's buffers on
// a node (drivers/gpu/drm/amd/amdkfd/kfd_queue.c; shared/ref/amdgpu-uapi.md
// §5): CREATE_QUEUE checks each of them exactly.
type QueueSizes struct {
	EOP      uint64 // end-of-pipe buffer: 4096 on gfx8 and later
	CtlStack uint64 // ctl_stack_size
	SaveArea uint64 // ctx_save_restore_size: the node's cwsr_size
	Debug    uint64 // debugger area per XCC after the save area
	CWSR     uint64 // bytes of the CWSR mapping: ALIGN((SaveArea+Debug)*num_xcc, 4096)
}

// Per-CU context-save sizes of kfd_queue_ctx_save_restore_size for
// gfx 10.1 and later.
const (
	sgprPerCU        = 0x4000
	ldsPerCU         = 0x10000
	hwregPerCU       = 0x1000
	vgprPerCU        = 0x40000 // RDNA in general
	vgprPerCUWide    = 0x60000 // gfx 11.0.0, 11.0.1, 12.0.0, 12.0.1
	ctlHeaderBytes   = 40      // SIZEOF_HSA_USER_CONTEXT_SAVE_AREA_HEADER
	ctlBytesPerWave  = 12
	ctlStackCapGFX10 = 0x7000
	debugBytesWave   = 32
	debugAlign       = 64
	wavesPerCU       = 32
	eopBytes         = 4096
	pageBytes        = 4096
)

func alignUp(n, a uint64) uint64 { return (n + a - 1) / a * a }

// Sizes returns the queue buffer sizes of node: the kernel's published
// cwsr_size and ctl_stack_size when the topology has them (Linux commit
// 8fc2796dea6f and its backports), the kernel's formula otherwise.
func Sizes(node kmd.TopologyNode) (QueueSizes, error) {
	gfx, err := node.Uint64("gfx_target_version")
	if err != nil {
		return QueueSizes{}, err
	}
	simds, err := node.Uint64("simd_count")
	if err != nil {
		return QueueSizes{}, err
	}
	perCU, err := node.Uint64("simd_per_cu")
	if err != nil {
		return QueueSizes{}, err
	}
	xcc := node.Properties["num_xcc"]
	if xcc == 0 {
		xcc = 1
	}
	if gfx < 100100 {
		return QueueSizes{}, fmt.Errorf("kfd topology node %d: gfx_target_version %d predates gfx10.1; zincc sizes queues for gfx10.1 and later", node.ID, gfx)
	}
	if perCU == 0 || simds < perCU*xcc {
		return QueueSizes{}, fmt.Errorf("kfd topology node %d: simd_count %d, simd_per_cu %d, num_xcc %d leave no compute unit", node.ID, simds, perCU, xcc)
	}
	cu := simds / perCU / xcc
	waves := cu * wavesPerCU
	vgpr := uint64(vgprPerCU)
	switch gfx {
	case 110000, 110001, 120000, 120001:
		vgpr = vgprPerCUWide
	}
	workgroups := alignUp(cu*(vgpr+sgprPerCU+ldsPerCU+hwregPerCU), pageBytes)
	ctl := alignUp(ctlHeaderBytes+waves*ctlBytesPerWave+8, pageBytes)
	if gfx >= 100100 && gfx < 110000 {
		ctl = min(ctl, ctlStackCapGFX10)
	}
	s := QueueSizes{EOP: eopBytes, CtlStack: ctl, SaveArea: ctl + workgroups, Debug: alignUp(waves*debugBytesWave, debugAlign)}
	if v, ok := node.Properties["ctl_stack_size"]; ok {
		s.CtlStack = v
	}
	if v, ok := node.Properties["cwsr_size"]; ok {
		s.SaveArea = v
	}
	s.CWSR = alignUp((s.SaveArea+s.Debug)*xcc, pageBytes)
	return s, nil
}
