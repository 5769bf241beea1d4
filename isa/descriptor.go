package isa

import (
	"encoding/binary"
	"fmt"
	"strings"
)

// Descriptor is the 64-byte amdhsa kernel descriptor (llvm
// AMDHSAKernelDescriptor.h; ../shared/ref/pm4-gfx12.md §5.1). The three
// COMPUTE_PGM_RSRC words are stored as the descriptor holds them; the
// accessors decode their fields.
type Descriptor struct {
	GroupSegmentFixedSize     uint32 // LDS bytes (offset 0)
	PrivateSegmentFixedSize   uint32 // scratch bytes per work-item (offset 4)
	KernargSize               uint32 // offset 8
	KernelCodeEntryByteOffset int64  // offset 16: entry minus descriptor address (0 until placed)
	RSRC3                     uint32 // COMPUTE_PGM_RSRC3 (offset 44)
	RSRC1                     uint32 // COMPUTE_PGM_RSRC1 (offset 48)
	RSRC2                     uint32 // COMPUTE_PGM_RSRC2 (offset 52)
	KernelCodeProperties      uint16 // offset 56
	KernargPreload            uint16 // offset 58
}

// kernel_code_properties bits.
const (
	KCPPrivateSegmentBuffer = 1 << 0
	KCPDispatchPtr          = 1 << 1
	KCPQueuePtr             = 1 << 2
	KCPKernargSegmentPtr    = 1 << 3
	KCPDispatchID           = 1 << 4
	KCPFlatScratchInit      = 1 << 5
	KCPPrivateSegmentSize   = 1 << 6
	KCPWavefrontSize32      = 1 << 10
	KCPUsesDynamicStack     = 1 << 11
)

// reserved byte ranges that must be zero.
var descriptorReserved = [][2]int{{12, 16}, {24, 44}, {60, 64}}

// ParseDescriptor decodes a 64-byte kernel descriptor. Reserved bytes
// must be zero.
func ParseDescriptor(b [64]byte) (Descriptor, error) {
	for _, r := range descriptorReserved {
		for i := r[0]; i < r[1]; i++ {
			if b[i] != 0 {
				return Descriptor{}, fmt.Errorf("kernel descriptor: reserved byte %d is 0x%02x, want 0", i, b[i])
			}
		}
	}
	le := binary.LittleEndian
	return Descriptor{
		GroupSegmentFixedSize:     le.Uint32(b[0:]),
		PrivateSegmentFixedSize:   le.Uint32(b[4:]),
		KernargSize:               le.Uint32(b[8:]),
		KernelCodeEntryByteOffset: int64(le.Uint64(b[16:])),
		RSRC3:                     le.Uint32(b[44:]),
		RSRC1:                     le.Uint32(b[48:]),
		RSRC2:                     le.Uint32(b[52:]),
		KernelCodeProperties:      le.Uint16(b[56:]),
		KernargPreload:            le.Uint16(b[58:]),
	}, nil
}

// Bytes encodes the descriptor.
func (d *Descriptor) Bytes() [64]byte {
	var b [64]byte
	le := binary.LittleEndian
	le.PutUint32(b[0:], d.GroupSegmentFixedSize)
	le.PutUint32(b[4:], d.PrivateSegmentFixedSize)
	le.PutUint32(b[8:], d.KernargSize)
	le.PutUint64(b[16:], uint64(d.KernelCodeEntryByteOffset))
	le.PutUint32(b[44:], d.RSRC3)
	le.PutUint32(b[48:], d.RSRC1)
	le.PutUint32(b[52:], d.RSRC2)
	le.PutUint16(b[56:], d.KernelCodeProperties)
	le.PutUint16(b[58:], d.KernargPreload)
	return b
}

func bits(v uint32, hi, lo uint) uint32 { return v >> lo & (1<<(hi-lo+1) - 1) }

// WaveSize is 32 or 64 (kernel_code_properties ENABLE_WAVEFRONT_SIZE32).
func (d *Descriptor) WaveSize() int {
	if d.KernelCodeProperties&KCPWavefrontSize32 != 0 {
		return 32
	}
	return 64
}

// UserSGPRCount is RSRC2.USER_SGPR [5:1]: how many COMPUTE_USER_DATA
// registers are loaded into s0.. at wave launch.
func (d *Descriptor) UserSGPRCount() int { return int(bits(d.RSRC2, 5, 1)) }

// LDSBytes is the group segment (LDS) size the kernel needs.
func (d *Descriptor) LDSBytes() uint32 { return d.GroupSegmentFixedSize }

// VGPRBlocks is RSRC1.VGPRS [5:0], the granulated VGPR count.
func (d *Descriptor) VGPRBlocks() int { return int(bits(d.RSRC1, 5, 0)) }

// VGPRs is the VGPR count the granulated field allocates: (blocks+1) times
// the encoding granule (8 in wave32, 4 in wave64).
func (d *Descriptor) VGPRs() int {
	g := 4
	if d.WaveSize() == 32 {
		g = 8
	}
	return (d.VGPRBlocks() + 1) * g
}

// FloatMode is RSRC1.FLOAT_MODE [19:12] (round and denorm modes), the
// wave's initial MODE register bits.
func (d *Descriptor) FloatMode() uint8 { return uint8(bits(d.RSRC1, 19, 12)) }

// WorkitemIDs is RSRC2.TIDIG_COMP_CNT [12:11]: 0 = X, 1 = X,Y, 2 = X,Y,Z.
func (d *Descriptor) WorkitemIDs() int { return int(bits(d.RSRC2, 12, 11)) }

// WorkgroupIDEnabled reports RSRC2.TGID_{X,Y,Z}_EN for dim 0..2.
func (d *Descriptor) WorkgroupIDEnabled(dim int) bool { return d.RSRC2>>(7+uint(dim))&1 != 0 }

// PrivateSegment reports RSRC2.SCRATCH_EN.
func (d *Descriptor) PrivateSegment() bool { return d.RSRC2&1 != 0 }

// LDSGranules is the RSRC2.LDS_SIZE value the command stream must supply
// (the descriptor leaves it 0): the LDS size in 512-byte encoding units,
// rounded up to the 1 KiB allocation granule of gfx10.3+ (mesa
// ac_gpu_info.c).
func (d *Descriptor) LDSGranules() uint32 {
	kib := (d.GroupSegmentFixedSize + 1023) / 1024
	return kib * 2
}

// ComputePgmRsrc1 is the COMPUTE_PGM_RSRC1 register value (the descriptor
// word as is).
func (d *Descriptor) ComputePgmRsrc1() uint32 { return d.RSRC1 }

// ComputePgmRsrc2 is the COMPUTE_PGM_RSRC2 register value: the descriptor
// word with LDS_SIZE [23:15] filled in from the group segment size.
func (d *Descriptor) ComputePgmRsrc2() uint32 {
	return d.RSRC2&^(0x1ff<<15) | (d.LDSGranules()&0x1ff)<<15
}

// ComputePgmRsrc3 is the COMPUTE_PGM_RSRC3 register value.
func (d *Descriptor) ComputePgmRsrc3() uint32 { return d.RSRC3 }

// DescriptorField is one named, decoded descriptor field.
type DescriptorField struct {
	Name  string
	Value uint64
}

// Fields lists the descriptor's fields by name (the .amdhsa_* names where
// one exists), for printing and tests.
func (d *Descriptor) Fields() []DescriptorField {
	r1, r2, kcp := d.RSRC1, d.RSRC2, uint32(d.KernelCodeProperties)
	f := []DescriptorField{
		{"group_segment_fixed_size", uint64(d.GroupSegmentFixedSize)},
		{"private_segment_fixed_size", uint64(d.PrivateSegmentFixedSize)},
		{"kernarg_size", uint64(d.KernargSize)},
		{"kernel_code_entry_byte_offset", uint64(d.KernelCodeEntryByteOffset)},
		{"rsrc1.granulated_workitem_vgpr_count", uint64(bits(r1, 5, 0))},
		{"rsrc1.granulated_wavefront_sgpr_count", uint64(bits(r1, 9, 6))},
		{"rsrc1.float_round_mode_32", uint64(bits(r1, 13, 12))},
		{"rsrc1.float_round_mode_16_64", uint64(bits(r1, 15, 14))},
		{"rsrc1.float_denorm_mode_32", uint64(bits(r1, 17, 16))},
		{"rsrc1.float_denorm_mode_16_64", uint64(bits(r1, 19, 18))},
		{"rsrc1.round_robin_scheduling", uint64(bits(r1, 21, 21))},
		{"rsrc1.fp16_overflow", uint64(bits(r1, 26, 26))},
		{"rsrc1.workgroup_processor_mode", uint64(bits(r1, 29, 29))},
		{"rsrc1.memory_ordered", uint64(bits(r1, 30, 30))},
		{"rsrc1.forward_progress", uint64(bits(r1, 31, 31))},
		{"rsrc2.enable_private_segment", uint64(bits(r2, 0, 0))},
		{"rsrc2.user_sgpr_count", uint64(bits(r2, 5, 1))},
		{"rsrc2.system_sgpr_workgroup_id_x", uint64(bits(r2, 7, 7))},
		{"rsrc2.system_sgpr_workgroup_id_y", uint64(bits(r2, 8, 8))},
		{"rsrc2.system_sgpr_workgroup_id_z", uint64(bits(r2, 9, 9))},
		{"rsrc2.system_sgpr_workgroup_info", uint64(bits(r2, 10, 10))},
		{"rsrc2.system_vgpr_workitem_id", uint64(bits(r2, 12, 11))},
		{"rsrc2.granulated_lds_size", uint64(bits(r2, 23, 15))},
		{"rsrc2.exception_fp_ieee_invalid_op", uint64(bits(r2, 24, 24))},
		{"rsrc2.exception_fp_denorm_src", uint64(bits(r2, 25, 25))},
		{"rsrc2.exception_fp_ieee_div_zero", uint64(bits(r2, 26, 26))},
		{"rsrc2.exception_fp_ieee_overflow", uint64(bits(r2, 27, 27))},
		{"rsrc2.exception_fp_ieee_underflow", uint64(bits(r2, 28, 28))},
		{"rsrc2.exception_fp_ieee_inexact", uint64(bits(r2, 29, 29))},
		{"rsrc2.exception_int_div_zero", uint64(bits(r2, 30, 30))},
		{"rsrc3", uint64(d.RSRC3)},
		{"user_sgpr_dispatch_ptr", uint64(bits(kcp, 1, 1))},
		{"user_sgpr_queue_ptr", uint64(bits(kcp, 2, 2))},
		{"user_sgpr_kernarg_segment_ptr", uint64(bits(kcp, 3, 3))},
		{"user_sgpr_dispatch_id", uint64(bits(kcp, 4, 4))},
		{"user_sgpr_private_segment_size", uint64(bits(kcp, 6, 6))},
		{"wavefront_size32", uint64(bits(kcp, 10, 10))},
		{"uses_dynamic_stack", uint64(bits(kcp, 11, 11))},
	}
	return f
}

// String prints the fields one per line.
func (d *Descriptor) String() string {
	var b strings.Builder
	for _, f := range d.Fields() {
		fmt.Fprintf(&b, "%s %d\n", f.Name, f.Value)
	}
	return b.String()
}

// descDirective describes one .amdhsa_* directive: the largest value it
// takes and how it sets the descriptor. A non-empty reject is the error
// llvm-mc 19 gives for it on gfx1201.
type descDirective struct {
	max    uint64
	reject string
	set    func(k *kernelDesc, v uint64)
}

// kernelDesc accumulates an .amdhsa_kernel block.
type kernelDesc struct {
	d             Descriptor
	nextFreeVGPR  int64
	haveVGPR      bool
	haveSGPR      bool
	userSGPRCount int64 // explicit .amdhsa_user_sgpr_count, or -1
	impliedUser   int64
	wave32        bool
	haveWave      bool
	denorm32      uint32
	denorm1664    uint32
	wgp, memOrd   uint32
	tgidX         uint32
}

func setBit(w *uint32, bit uint, v uint64) {
	*w = *w&^(1<<bit) | uint32(v&1)<<bit
}

func setField(w *uint32, hi, lo uint, v uint64) {
	m := uint32(1<<(hi-lo+1)-1) << lo
	*w = *w&^m | uint32(v)<<lo&m
}

func kcpBit(bit uint, sgprs int64) func(k *kernelDesc, v uint64) {
	return func(k *kernelDesc, v uint64) {
		p := uint32(k.d.KernelCodeProperties)
		setBit(&p, bit, v)
		k.d.KernelCodeProperties = uint16(p)
		if v != 0 {
			k.impliedUser += sgprs
		}
	}
}

func rsrc2Bit(bit uint) func(k *kernelDesc, v uint64) {
	return func(k *kernelDesc, v uint64) { setBit(&k.d.RSRC2, bit, v) }
}

func rsrc1Bit(bit uint) func(k *kernelDesc, v uint64) {
	return func(k *kernelDesc, v uint64) { setBit(&k.d.RSRC1, bit, v) }
}

const (
	rejectGFX12    = "directive unsupported on gfx12+"
	rejectScratch  = "directive is not supported with architected flat scratch"
	rejectGFX90A   = "directive requires gfx90a+"
	rejectGFX10_11 = "directive requires gfx10 or gfx11"
)

var descDirectives = map[string]descDirective{
	"group_segment_fixed_size":       {max: 1<<32 - 1, set: func(k *kernelDesc, v uint64) { k.d.GroupSegmentFixedSize = uint32(v) }},
	"private_segment_fixed_size":     {max: 1<<32 - 1, set: func(k *kernelDesc, v uint64) { k.d.PrivateSegmentFixedSize = uint32(v) }},
	"kernarg_size":                   {max: 1<<32 - 1, set: func(k *kernelDesc, v uint64) { k.d.KernargSize = uint32(v) }},
	"user_sgpr_count":                {max: 1 << 20, set: func(k *kernelDesc, v uint64) { k.userSGPRCount = int64(v) }},
	"user_sgpr_dispatch_ptr":         {max: 1, set: kcpBit(1, 2)},
	"user_sgpr_queue_ptr":            {max: 1, set: kcpBit(2, 2)},
	"user_sgpr_kernarg_segment_ptr":  {max: 1, set: kcpBit(3, 2)},
	"user_sgpr_dispatch_id":          {max: 1, set: kcpBit(4, 2)},
	"user_sgpr_private_segment_size": {max: 1, set: kcpBit(6, 1)},
	"wavefront_size32": {max: 1, set: func(k *kernelDesc, v uint64) {
		k.wave32, k.haveWave = v == 1, true
	}},
	"uses_dynamic_stack":                           {max: 1, set: kcpBit(11, 0)},
	"enable_private_segment":                       {max: 1, set: rsrc2Bit(0)},
	"system_sgpr_workgroup_id_x":                   {max: 1, set: func(k *kernelDesc, v uint64) { k.tgidX = uint32(v) }},
	"system_sgpr_workgroup_id_y":                   {max: 1, set: rsrc2Bit(8)},
	"system_sgpr_workgroup_id_z":                   {max: 1, set: rsrc2Bit(9)},
	"system_sgpr_workgroup_info":                   {max: 1, set: rsrc2Bit(10)},
	"system_vgpr_workitem_id":                      {max: 3, set: func(k *kernelDesc, v uint64) { setField(&k.d.RSRC2, 12, 11, v) }},
	"next_free_vgpr":                               {max: 1 << 20, set: func(k *kernelDesc, v uint64) { k.nextFreeVGPR, k.haveVGPR = int64(v), true }},
	"next_free_sgpr":                               {max: 1 << 20, set: func(k *kernelDesc, v uint64) { k.haveSGPR = true }},
	"reserve_vcc":                                  {max: 1, set: func(*kernelDesc, uint64) {}},
	"reserve_xnack_mask":                           {max: 1, set: func(*kernelDesc, uint64) {}},
	"float_round_mode_32":                          {max: 3, set: func(k *kernelDesc, v uint64) { setField(&k.d.RSRC1, 13, 12, v) }},
	"float_round_mode_16_64":                       {max: 3, set: func(k *kernelDesc, v uint64) { setField(&k.d.RSRC1, 15, 14, v) }},
	"float_denorm_mode_32":                         {max: 3, set: func(k *kernelDesc, v uint64) { k.denorm32 = uint32(v) }},
	"float_denorm_mode_16_64":                      {max: 3, set: func(k *kernelDesc, v uint64) { k.denorm1664 = uint32(v) }},
	"fp16_overflow":                                {max: 1, set: rsrc1Bit(26)},
	"workgroup_processor_mode":                     {max: 1, set: func(k *kernelDesc, v uint64) { k.wgp = uint32(v) }},
	"memory_ordered":                               {max: 1, set: func(k *kernelDesc, v uint64) { k.memOrd = uint32(v) }},
	"forward_progress":                             {max: 1, set: rsrc1Bit(31)},
	"round_robin_scheduling":                       {max: 1, set: rsrc1Bit(21)},
	"exception_fp_ieee_invalid_op":                 {max: 1, set: rsrc2Bit(24)},
	"exception_fp_denorm_src":                      {max: 1, set: rsrc2Bit(25)},
	"exception_fp_ieee_div_zero":                   {max: 1, set: rsrc2Bit(26)},
	"exception_fp_ieee_overflow":                   {max: 1, set: rsrc2Bit(27)},
	"exception_fp_ieee_underflow":                  {max: 1, set: rsrc2Bit(28)},
	"exception_fp_ieee_inexact":                    {max: 1, set: rsrc2Bit(29)},
	"exception_int_div_zero":                       {max: 1, set: rsrc2Bit(30)},
	"ieee_mode":                                    {reject: rejectGFX12},
	"dx10_clamp":                                   {reject: rejectGFX12},
	"user_sgpr_private_segment_buffer":             {reject: rejectScratch},
	"user_sgpr_flat_scratch_init":                  {reject: rejectScratch},
	"system_sgpr_private_segment_wavefront_offset": {reject: rejectScratch},
	"reserve_flat_scratch":                         {reject: rejectScratch},
	"user_sgpr_kernarg_preload_length":             {reject: rejectGFX90A},
	"user_sgpr_kernarg_preload_offset":             {reject: rejectGFX90A},
	"tg_split":                                     {reject: rejectGFX90A},
	"accum_offset":                                 {reject: rejectGFX90A},
	"shared_vgpr_count":                            {reject: rejectGFX10_11},
}

func newKernelDesc(wave64 bool) *kernelDesc {
	return &kernelDesc{
		userSGPRCount: -1,
		wave32:        !wave64,
		denorm1664:    3,
		wgp:           1,
		memOrd:        1,
		tgidX:         1,
	}
}

// finish derives the RSRC words and checks the block as llvm-mc does.
func (k *kernelDesc) finish() (Descriptor, string) {
	if !k.haveVGPR {
		return Descriptor{}, ".amdhsa_next_free_vgpr directive is required"
	}
	if !k.haveSGPR {
		return Descriptor{}, ".amdhsa_next_free_sgpr directive is required"
	}
	d := k.d
	user := k.impliedUser
	if k.userSGPRCount >= 0 {
		if k.userSGPRCount < k.impliedUser {
			return Descriptor{}, "amdgpu_user_sgpr_count smaller than than implied by enabled user SGPRs"
		}
		user = k.userSGPRCount
	}
	if user > 31 {
		return Descriptor{}, "too many user SGPRs enabled"
	}
	setField(&d.RSRC2, 5, 1, uint64(user))
	setBit(&d.RSRC2, 7, uint64(k.tgidX))
	granule := int64(4)
	if k.wave32 {
		granule = 8
		d.KernelCodeProperties |= KCPWavefrontSize32
	} else {
		d.KernelCodeProperties &^= KCPWavefrontSize32
	}
	blocks := (k.nextFreeVGPR + granule - 1) / granule
	if blocks < 1 {
		blocks = 1
	}
	blocks--
	if blocks > 63 {
		return Descriptor{}, "too many VGPRs"
	}
	setField(&d.RSRC1, 5, 0, uint64(blocks))
	setField(&d.RSRC1, 17, 16, uint64(k.denorm32))
	setField(&d.RSRC1, 19, 18, uint64(k.denorm1664))
	setBit(&d.RSRC1, 29, uint64(k.wgp))
	setBit(&d.RSRC1, 30, uint64(k.memOrd))
	return d, ""
}
