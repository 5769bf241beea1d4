package isa

import (
	"encoding/binary"
	"fmt"
	"strings"

	"zincc/hwreg"
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

// WaveSize is 32 or 64 (kernel_code_properties ENABLE_WAVEFRONT_SIZE32).
func (d *Descriptor) WaveSize() int {
	if d.KernelCodeProperties&KCPWavefrontSize32 != 0 {
		return 32
	}
	return 64
}

// UserSGPRCount is RSRC2.USER_SGPR: how many COMPUTE_USER_DATA registers
// are loaded into s0.. at wave launch.
func (d *Descriptor) UserSGPRCount() int { return int(hwreg.Rsrc2UserSGPR.Get(d.RSRC2)) }

// LDSBytes is the group segment (LDS) size the kernel needs.
func (d *Descriptor) LDSBytes() uint32 { return d.GroupSegmentFixedSize }

// VGPRBlocks is RSRC1.VGPRS, the granulated VGPR count.
func (d *Descriptor) VGPRBlocks() int { return int(hwreg.Rsrc1VGPRs.Get(d.RSRC1)) }

// VGPRs is the VGPR count the granulated field allocates: (blocks+1) times
// the encoding granule (8 in wave32, 4 in wave64).
func (d *Descriptor) VGPRs() int {
	g := 4
	if d.WaveSize() == 32 {
		g = 8
	}
	return (d.VGPRBlocks() + 1) * g
}

// FloatMode is RSRC1.FLOAT_MODE (round and denorm modes), the wave's
// initial MODE register bits.
func (d *Descriptor) FloatMode() uint8 { return uint8(hwreg.Rsrc1FloatMode.Get(d.RSRC1)) }

// WorkitemIDs is RSRC2.TIDIG_COMP_CNT: 0 = X, 1 = X,Y, 2 = X,Y,Z.
func (d *Descriptor) WorkitemIDs() int { return int(hwreg.Rsrc2TIDIGCompCnt.Get(d.RSRC2)) }

// WorkgroupIDEnabled reports RSRC2.TGID_{X,Y,Z}_EN for dim 0..2.
func (d *Descriptor) WorkgroupIDEnabled(dim int) bool {
	return [3]hwreg.Field{hwreg.Rsrc2TGIDXEn, hwreg.Rsrc2TGIDYEn, hwreg.Rsrc2TGIDZEn}[dim].Get(d.RSRC2) != 0
}

// PrivateSegment reports RSRC2.SCRATCH_EN.
func (d *Descriptor) PrivateSegment() bool { return hwreg.Rsrc2ScratchEn.Get(d.RSRC2) != 0 }

// LDSGranules is the RSRC2.LDS_SIZE value the command stream must supply
// (the descriptor leaves it 0): the LDS size in 512-byte encoding units,
// rounded up to the 1 KiB allocation granule of gfx10.3+ (mesa
// ac_gpu_info.c).
func (d *Descriptor) LDSGranules() uint32 {
	kib := (d.GroupSegmentFixedSize + 1023) / 1024
	return kib * (1024 / hwreg.LDSUnit)
}

// ComputePgmRsrc1 is the COMPUTE_PGM_RSRC1 register value (the descriptor
// word as is).
func (d *Descriptor) ComputePgmRsrc1() uint32 { return d.RSRC1 }

// ComputePgmRsrc2 is the COMPUTE_PGM_RSRC2 register value: the descriptor
// word with LDS_SIZE filled in from the group segment size.
func (d *Descriptor) ComputePgmRsrc2() uint32 {
	return hwreg.Rsrc2LDSSize.Put(d.RSRC2, d.LDSGranules())
}

// ComputePgmRsrc3 is the COMPUTE_PGM_RSRC3 register value.
func (d *Descriptor) ComputePgmRsrc3() uint32 { return d.RSRC3 }

// DescriptorField is one named, decoded descriptor field.
type DescriptorField struct {
	Name  string
	Value uint64
}

// descWord is a descriptor word that holds fields.
type descWord uint8

const (
	wordRSRC1 descWord = iota
	wordRSRC2
	wordRSRC3
	wordKCP // kernel_code_properties
)

// get and put read and write field f of word w of d.
func (d *Descriptor) get(w descWord, f hwreg.Field) uint32 {
	switch w {
	case wordRSRC1:
		return f.Get(d.RSRC1)
	case wordRSRC2:
		return f.Get(d.RSRC2)
	case wordRSRC3:
		return f.Get(d.RSRC3)
	}
	return f.Get(uint32(d.KernelCodeProperties))
}

func (d *Descriptor) put(w descWord, f hwreg.Field, v uint64) {
	switch w {
	case wordRSRC1:
		d.RSRC1 = f.Put(d.RSRC1, uint32(v))
	case wordRSRC2:
		d.RSRC2 = f.Put(d.RSRC2, uint32(v))
	case wordRSRC3:
		d.RSRC3 = f.Put(d.RSRC3, uint32(v))
	default:
		d.KernelCodeProperties = uint16(f.Put(uint32(d.KernelCodeProperties), uint32(v)))
	}
}

// kcp is the kernel_code_properties field of one KCP* bit.
func kcp(mask uint32) hwreg.Field { return hwreg.MaskField("", mask) }

// descFieldTable lists the fields of the RSRC words (bit positions from
// package hwreg) and of kernel_code_properties (the KCP* bits) by their
// .amdhsa_* names, in the order Fields prints them; the directives that
// set a field as is use the same entries.
var descFieldTable = []struct {
	name string
	word descWord
	f    hwreg.Field
}{
	{"granulated_workitem_vgpr_count", wordRSRC1, hwreg.Rsrc1VGPRs},
	{"granulated_wavefront_sgpr_count", wordRSRC1, hwreg.Rsrc1SGPRs},
	{"float_round_mode_32", wordRSRC1, hwreg.Rsrc1FloatRound32},
	{"float_round_mode_16_64", wordRSRC1, hwreg.Rsrc1FloatRound1664},
	{"float_denorm_mode_32", wordRSRC1, hwreg.Rsrc1FloatDenorm32},
	{"float_denorm_mode_16_64", wordRSRC1, hwreg.Rsrc1FloatDenorm1664},
	{"round_robin_scheduling", wordRSRC1, hwreg.Rsrc1WGRREn},
	{"fp16_overflow", wordRSRC1, hwreg.Rsrc1FP16Ovfl},
	{"workgroup_processor_mode", wordRSRC1, hwreg.Rsrc1WGPMode},
	{"memory_ordered", wordRSRC1, hwreg.Rsrc1MemOrdered},
	{"forward_progress", wordRSRC1, hwreg.Rsrc1FwdProgress},
	{"enable_private_segment", wordRSRC2, hwreg.Rsrc2ScratchEn},
	{"user_sgpr_count", wordRSRC2, hwreg.Rsrc2UserSGPR},
	{"system_sgpr_workgroup_id_x", wordRSRC2, hwreg.Rsrc2TGIDXEn},
	{"system_sgpr_workgroup_id_y", wordRSRC2, hwreg.Rsrc2TGIDYEn},
	{"system_sgpr_workgroup_id_z", wordRSRC2, hwreg.Rsrc2TGIDZEn},
	{"system_sgpr_workgroup_info", wordRSRC2, hwreg.Rsrc2TGSizeEn},
	{"system_vgpr_workitem_id", wordRSRC2, hwreg.Rsrc2TIDIGCompCnt},
	{"granulated_lds_size", wordRSRC2, hwreg.Rsrc2LDSSize},
	{"exception_fp_ieee_invalid_op", wordRSRC2, hwreg.Rsrc2ExcpInvalid},
	{"exception_fp_denorm_src", wordRSRC2, hwreg.Rsrc2ExcpDenormSrc},
	{"exception_fp_ieee_div_zero", wordRSRC2, hwreg.Rsrc2ExcpDivZero},
	{"exception_fp_ieee_overflow", wordRSRC2, hwreg.Rsrc2ExcpOverflow},
	{"exception_fp_ieee_underflow", wordRSRC2, hwreg.Rsrc2ExcpUnderflow},
	{"exception_fp_ieee_inexact", wordRSRC2, hwreg.Rsrc2ExcpInexact},
	{"exception_int_div_zero", wordRSRC2, hwreg.Rsrc2ExcpIntDiv0},
	{"rsrc3", wordRSRC3, hwreg.Bits("RSRC3", 0, 31)}, // no field is set by a directive on gfx12
	{"user_sgpr_dispatch_ptr", wordKCP, kcp(KCPDispatchPtr)},
	{"user_sgpr_queue_ptr", wordKCP, kcp(KCPQueuePtr)},
	{"user_sgpr_kernarg_segment_ptr", wordKCP, kcp(KCPKernargSegmentPtr)},
	{"user_sgpr_dispatch_id", wordKCP, kcp(KCPDispatchID)},
	{"user_sgpr_private_segment_size", wordKCP, kcp(KCPPrivateSegmentSize)},
	{"wavefront_size32", wordKCP, kcp(KCPWavefrontSize32)},
	{"uses_dynamic_stack", wordKCP, kcp(KCPUsesDynamicStack)},
}

// descFieldIndex finds an entry of descFieldTable by name.
func descFieldIndex(name string) int {
	for i, e := range descFieldTable {
		if e.name == name {
			return i
		}
	}
	panic("isa: no descriptor field " + name)
}

// Fields lists the descriptor's fields by name (the .amdhsa_* names where
// one exists; the RSRC words' fields prefixed rsrc1. and rsrc2.), for
// printing and tests.
func (d *Descriptor) Fields() []DescriptorField {
	f := []DescriptorField{
		{"group_segment_fixed_size", uint64(d.GroupSegmentFixedSize)},
		{"private_segment_fixed_size", uint64(d.PrivateSegmentFixedSize)},
		{"kernarg_size", uint64(d.KernargSize)},
		{"kernel_code_entry_byte_offset", uint64(d.KernelCodeEntryByteOffset)},
	}
	for _, e := range descFieldTable {
		name := e.name
		switch e.word {
		case wordRSRC1:
			name = "rsrc1." + name
		case wordRSRC2:
			name = "rsrc2." + name
		}
		f = append(f, DescriptorField{name, uint64(d.get(e.word, e.f))})
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

// setDesc is the directive setter that stores its value in the
// descriptor field of that name.
func setDesc(name string) func(k *kernelDesc, v uint64) {
	e := descFieldTable[descFieldIndex(name)]
	return func(k *kernelDesc, v uint64) { k.d.put(e.word, e.f, v) }
}

// setUserSGPR is the setter of a kernel_code_properties bit that enables a
// user SGPR pointer (or size) of sgprs registers.
func setUserSGPR(name string, sgprs int64) func(k *kernelDesc, v uint64) {
	set := setDesc(name)
	return func(k *kernelDesc, v uint64) {
		set(k, v)
		if v != 0 {
			k.impliedUser += sgprs
		}
	}
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
	"user_sgpr_dispatch_ptr":         {max: 1, set: setUserSGPR("user_sgpr_dispatch_ptr", 2)},
	"user_sgpr_queue_ptr":            {max: 1, set: setUserSGPR("user_sgpr_queue_ptr", 2)},
	"user_sgpr_kernarg_segment_ptr":  {max: 1, set: setUserSGPR("user_sgpr_kernarg_segment_ptr", 2)},
	"user_sgpr_dispatch_id":          {max: 1, set: setUserSGPR("user_sgpr_dispatch_id", 2)},
	"user_sgpr_private_segment_size": {max: 1, set: setUserSGPR("user_sgpr_private_segment_size", 1)},
	"wavefront_size32": {max: 1, set: func(k *kernelDesc, v uint64) {
		k.wave32, k.haveWave = v == 1, true
	}},
	"uses_dynamic_stack":                           {max: 1, set: setDesc("uses_dynamic_stack")},
	"enable_private_segment":                       {max: 1, set: setDesc("enable_private_segment")},
	"system_sgpr_workgroup_id_x":                   {max: 1, set: func(k *kernelDesc, v uint64) { k.tgidX = uint32(v) }},
	"system_sgpr_workgroup_id_y":                   {max: 1, set: setDesc("system_sgpr_workgroup_id_y")},
	"system_sgpr_workgroup_id_z":                   {max: 1, set: setDesc("system_sgpr_workgroup_id_z")},
	"system_sgpr_workgroup_info":                   {max: 1, set: setDesc("system_sgpr_workgroup_info")},
	"system_vgpr_workitem_id":                      {max: 3, set: setDesc("system_vgpr_workitem_id")},
	"next_free_vgpr":                               {max: 1 << 20, set: func(k *kernelDesc, v uint64) { k.nextFreeVGPR, k.haveVGPR = int64(v), true }},
	"next_free_sgpr":                               {max: 1 << 20, set: func(k *kernelDesc, v uint64) { k.haveSGPR = true }},
	"reserve_vcc":                                  {max: 1, set: func(*kernelDesc, uint64) {}},
	"reserve_xnack_mask":                           {max: 1, set: func(*kernelDesc, uint64) {}},
	"float_round_mode_32":                          {max: 3, set: setDesc("float_round_mode_32")},
	"float_round_mode_16_64":                       {max: 3, set: setDesc("float_round_mode_16_64")},
	"float_denorm_mode_32":                         {max: 3, set: func(k *kernelDesc, v uint64) { k.denorm32 = uint32(v) }},
	"float_denorm_mode_16_64":                      {max: 3, set: func(k *kernelDesc, v uint64) { k.denorm1664 = uint32(v) }},
	"fp16_overflow":                                {max: 1, set: setDesc("fp16_overflow")},
	"workgroup_processor_mode":                     {max: 1, set: func(k *kernelDesc, v uint64) { k.wgp = uint32(v) }},
	"memory_ordered":                               {max: 1, set: func(k *kernelDesc, v uint64) { k.memOrd = uint32(v) }},
	"forward_progress":                             {max: 1, set: setDesc("forward_progress")},
	"round_robin_scheduling":                       {max: 1, set: setDesc("round_robin_scheduling")},
	"exception_fp_ieee_invalid_op":                 {max: 1, set: setDesc("exception_fp_ieee_invalid_op")},
	"exception_fp_denorm_src":                      {max: 1, set: setDesc("exception_fp_denorm_src")},
	"exception_fp_ieee_div_zero":                   {max: 1, set: setDesc("exception_fp_ieee_div_zero")},
	"exception_fp_ieee_overflow":                   {max: 1, set: setDesc("exception_fp_ieee_overflow")},
	"exception_fp_ieee_underflow":                  {max: 1, set: setDesc("exception_fp_ieee_underflow")},
	"exception_fp_ieee_inexact":                    {max: 1, set: setDesc("exception_fp_ieee_inexact")},
	"exception_int_div_zero":                       {max: 1, set: setDesc("exception_int_div_zero")},
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
	d.put(wordRSRC2, hwreg.Rsrc2UserSGPR, uint64(user))
	d.put(wordRSRC2, hwreg.Rsrc2TGIDXEn, uint64(k.tgidX))
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
	d.put(wordRSRC1, hwreg.Rsrc1VGPRs, uint64(blocks))
	d.put(wordRSRC1, hwreg.Rsrc1FloatDenorm32, uint64(k.denorm32))
	d.put(wordRSRC1, hwreg.Rsrc1FloatDenorm1664, uint64(k.denorm1664))
	d.put(wordRSRC1, hwreg.Rsrc1WGPMode, uint64(k.wgp))
	d.put(wordRSRC1, hwreg.Rsrc1MemOrdered, uint64(k.memOrd))
	return d, ""
}
