package isa

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// kernelFile wraps .amdhsa_* directives into a one-kernel file.
func kernelFile(dirs string) string {
	var b strings.Builder
	b.WriteString(".amdgcn_target \"amdgcn-amd-amdhsa--gfx1201\"\n.text\n.globl k\n.p2align 8\n.type k,@function\nk:\n  s_endpgm\n.rodata\n.p2align 6\n.amdhsa_kernel k\n")
	for _, d := range strings.Split(dirs, ";") {
		if d = strings.TrimSpace(d); d != "" {
			b.WriteString("  .amdhsa_" + d + "\n")
		}
	}
	b.WriteString(".end_amdhsa_kernel\n")
	return b.String()
}

// descriptorCases pair directive sets with the field values they must
// produce; the expected values follow from the directives and the field
// definitions in ../shared/ref/pm4-gfx12.md §4-5, not from any tool.
var descriptorCases = []struct {
	dirs   string
	wave64 bool
	want   map[string]uint64
}{
	{"next_free_vgpr 3; next_free_sgpr 5", false, map[string]uint64{
		"wavefront_size32": 1, "rsrc2.user_sgpr_count": 0, "rsrc2.system_sgpr_workgroup_id_x": 1,
		"rsrc1.float_denorm_mode_32": 0, "rsrc1.float_denorm_mode_16_64": 3,
		"rsrc1.workgroup_processor_mode": 1, "rsrc1.memory_ordered": 1, "rsrc1.granulated_workitem_vgpr_count": 0}},
	{"next_free_vgpr 9; next_free_sgpr 5", false, map[string]uint64{"rsrc1.granulated_workitem_vgpr_count": 1}},
	{"next_free_vgpr 33; next_free_sgpr 5", false, map[string]uint64{"rsrc1.granulated_workitem_vgpr_count": 4}},
	{"next_free_vgpr 256; next_free_sgpr 106", false, map[string]uint64{"rsrc1.granulated_workitem_vgpr_count": 31}},
	{"next_free_vgpr 9; next_free_sgpr 5", true, map[string]uint64{"rsrc1.granulated_workitem_vgpr_count": 2, "wavefront_size32": 0}},
	{"next_free_vgpr 256; next_free_sgpr 5", true, map[string]uint64{"rsrc1.granulated_workitem_vgpr_count": 63}},
	{"next_free_vgpr 5; next_free_sgpr 5; wavefront_size32 1", true, map[string]uint64{"rsrc1.granulated_workitem_vgpr_count": 0, "wavefront_size32": 1}},
	{"next_free_vgpr 5; next_free_sgpr 5; wavefront_size32 0", false, map[string]uint64{"rsrc1.granulated_workitem_vgpr_count": 1, "wavefront_size32": 0}},
	{"next_free_vgpr 0; next_free_sgpr 0", false, map[string]uint64{"rsrc1.granulated_workitem_vgpr_count": 0}},
	{"next_free_vgpr 3; next_free_sgpr 5; user_sgpr_count 4; system_sgpr_workgroup_id_x 1; float_denorm_mode_32 3; float_denorm_mode_16_64 3", false,
		map[string]uint64{"rsrc2.user_sgpr_count": 4, "rsrc1.float_denorm_mode_32": 3, "rsrc1.float_denorm_mode_16_64": 3}},
	{"next_free_vgpr 9; next_free_sgpr 5; user_sgpr_dispatch_ptr 1; user_sgpr_kernarg_segment_ptr 1; system_sgpr_workgroup_id_y 1; system_vgpr_workitem_id 2; group_segment_fixed_size 1024; kernarg_size 64", false,
		map[string]uint64{"rsrc2.user_sgpr_count": 4, "user_sgpr_dispatch_ptr": 1, "user_sgpr_kernarg_segment_ptr": 1,
			"rsrc2.system_sgpr_workgroup_id_y": 1, "rsrc2.system_vgpr_workitem_id": 2, "group_segment_fixed_size": 1024, "kernarg_size": 64,
			"rsrc2.granulated_lds_size": 0}},
	{"next_free_vgpr 1; next_free_sgpr 1; user_sgpr_dispatch_ptr 1; user_sgpr_queue_ptr 1; user_sgpr_kernarg_segment_ptr 1; user_sgpr_dispatch_id 1; user_sgpr_private_segment_size 1", false,
		map[string]uint64{"rsrc2.user_sgpr_count": 9, "user_sgpr_queue_ptr": 1, "user_sgpr_dispatch_id": 1, "user_sgpr_private_segment_size": 1}},
	{"next_free_vgpr 1; next_free_sgpr 1; user_sgpr_count 16", false, map[string]uint64{"rsrc2.user_sgpr_count": 16}},
	{"next_free_vgpr 1; next_free_sgpr 1; user_sgpr_count 31", false, map[string]uint64{"rsrc2.user_sgpr_count": 31}},
	{"next_free_vgpr 1; next_free_sgpr 1; system_sgpr_workgroup_id_x 0; system_sgpr_workgroup_id_z 1; system_sgpr_workgroup_info 1", false,
		map[string]uint64{"rsrc2.system_sgpr_workgroup_id_x": 0, "rsrc2.system_sgpr_workgroup_id_z": 1, "rsrc2.system_sgpr_workgroup_info": 1}},
	{"next_free_vgpr 1; next_free_sgpr 1; float_round_mode_32 1; float_round_mode_16_64 2; fp16_overflow 1; round_robin_scheduling 1; forward_progress 1; workgroup_processor_mode 0; memory_ordered 0", false,
		map[string]uint64{"rsrc1.float_round_mode_32": 1, "rsrc1.float_round_mode_16_64": 2, "rsrc1.fp16_overflow": 1,
			"rsrc1.round_robin_scheduling": 1, "rsrc1.forward_progress": 1, "rsrc1.workgroup_processor_mode": 0, "rsrc1.memory_ordered": 0}},
	{"next_free_vgpr 1; next_free_sgpr 1; enable_private_segment 1; private_segment_fixed_size 256; uses_dynamic_stack 1", false,
		map[string]uint64{"rsrc2.enable_private_segment": 1, "private_segment_fixed_size": 256, "uses_dynamic_stack": 1}},
	{"next_free_vgpr 1; next_free_sgpr 1; exception_fp_ieee_invalid_op 1; exception_fp_ieee_div_zero 1; exception_int_div_zero 1", false,
		map[string]uint64{"rsrc2.exception_fp_ieee_invalid_op": 1, "rsrc2.exception_fp_ieee_div_zero": 1, "rsrc2.exception_int_div_zero": 1, "rsrc2.exception_fp_denorm_src": 0}},
	{"next_free_vgpr 1; next_free_sgpr 1; group_segment_fixed_size 65536; reserve_vcc 0; reserve_xnack_mask 0", false,
		map[string]uint64{"group_segment_fixed_size": 65536}},
}

// TestDescriptorsMatchLLVM builds each descriptor with this package and
// with llvm-mc and requires the same 64 bytes; it then parses llvm-mc's
// bytes and checks the named fields against the directives.
func TestDescriptorsMatchLLVM(t *testing.T) {
	for i, c := range descriptorCases {
		src := kernelFile(c.dirs)
		name := fmt.Sprintf("case%d", i)
		want, err := llvmAssembleFile(t, name, []byte(src), c.wave64)
		if err != nil {
			t.Fatalf("%s (%s): %v", name, c.dirs, err)
		}
		obj, err := AssembleWith(name+".s", []byte(src), Options{Wave64: c.wave64})
		if err != nil {
			t.Fatalf("%s (%s): %v", name, c.dirs, err)
		}
		got := obj.Kernels[0].Descriptor.Bytes()
		if !bytes.Equal(got[:], want.descriptors["k"]) {
			t.Errorf("%s (%s):\n got % x\nwant % x", name, c.dirs, got, want.descriptors["k"])
		}
		var raw [64]byte
		copy(raw[:], want.descriptors["k"])
		d, err := ParseDescriptor(raw)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		fields := map[string]uint64{}
		for _, f := range d.Fields() {
			fields[f.Name] = f.Value
		}
		for k, v := range c.want {
			if fv, ok := fields[k]; !ok || fv != v {
				t.Errorf("%s (%s): field %s = %d, want %d", name, c.dirs, k, fv, v)
			}
		}
		if d.Bytes() != raw {
			t.Errorf("%s: ParseDescriptor/Bytes do not round-trip", name)
		}
	}
}

// TestDescriptorDerived checks the register values lowering writes,
// against the field layout of COMPUTE_PGM_RSRC1/2 (pm4-gfx12.md §4.1-4.2).
func TestDescriptorDerived(t *testing.T) {
	src := kernelFile("next_free_vgpr 17; next_free_sgpr 5; user_sgpr_count 6; user_sgpr_kernarg_segment_ptr 1; group_segment_fixed_size 4100; system_vgpr_workitem_id 1; float_denorm_mode_32 3")
	obj, err := Assemble("k.s", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	d := obj.Kernels[0].Descriptor
	if d.WaveSize() != 32 || d.UserSGPRCount() != 6 || d.LDSBytes() != 4100 || d.WorkitemIDs() != 1 {
		t.Errorf("wave %d user %d lds %d tidig %d", d.WaveSize(), d.UserSGPRCount(), d.LDSBytes(), d.WorkitemIDs())
	}
	// 17 VGPRs in wave32: ceil(17/8)-1 = 2 blocks, 24 allocated.
	if d.VGPRBlocks() != 2 || d.VGPRs() != 24 {
		t.Errorf("vgpr blocks %d vgprs %d", d.VGPRBlocks(), d.VGPRs())
	}
	// 4100 bytes of LDS round up to 5 KiB = 10 units of 512 bytes in LDS_SIZE [23:15].
	if d.LDSGranules() != 10 || d.ComputePgmRsrc2()>>15&0x1ff != 10 {
		t.Errorf("lds granules %d rsrc2 0x%x", d.LDSGranules(), d.ComputePgmRsrc2())
	}
	if d.ComputePgmRsrc2()&^(0x1ff<<15) != d.RSRC2 {
		t.Errorf("ComputePgmRsrc2 changed bits other than LDS_SIZE: 0x%x vs 0x%x", d.ComputePgmRsrc2(), d.RSRC2)
	}
	// USER_SGPR [5:1] = 6, TGID_X_EN bit 7 (default), TIDIG_COMP_CNT [12:11] = 1.
	if want := uint32(6<<1 | 1<<7 | 1<<11); d.RSRC2 != want {
		t.Errorf("rsrc2 0x%x, want 0x%x", d.RSRC2, want)
	}
	// VGPRS [5:0]=2, DENORM f32 [17:16]=3, f16/f64 [19:18]=3, WGP_MODE 29, MEM_ORDERED 30.
	if want := uint32(2 | 3<<16 | 3<<18 | 1<<29 | 1<<30); d.ComputePgmRsrc1() != want {
		t.Errorf("rsrc1 0x%x, want 0x%x", d.ComputePgmRsrc1(), want)
	}
	if d.FloatMode() != 0xf0 {
		t.Errorf("float mode 0x%x", d.FloatMode())
	}
	var raw [64]byte
	raw[13] = 1
	if _, err := ParseDescriptor(raw); err == nil {
		t.Error("ParseDescriptor accepted a non-zero reserved byte")
	}
	if !strings.Contains(d.String(), "rsrc2.user_sgpr_count 6") {
		t.Errorf("String() lacks the user SGPR count:\n%s", d.String())
	}
}

// TestDescriptorErrors checks that blocks llvm-mc rejects are rejected
// here with the same diagnosis.
func TestDescriptorErrors(t *testing.T) {
	cases := []struct{ dirs, msg string }{
		{"next_free_sgpr 5", ".amdhsa_next_free_vgpr directive is required"},
		{"next_free_vgpr 5", ".amdhsa_next_free_sgpr directive is required"},
		{"next_free_vgpr 1; next_free_sgpr 1; ieee_mode 1", "directive unsupported on gfx12+"},
		{"next_free_vgpr 1; next_free_sgpr 1; dx10_clamp 1", "directive unsupported on gfx12+"},
		{"next_free_vgpr 1; next_free_sgpr 1; user_sgpr_private_segment_buffer 1", "architected flat scratch"},
		{"next_free_vgpr 1; next_free_sgpr 1; user_sgpr_kernarg_preload_length 1", "requires gfx90a+"},
		{"next_free_vgpr 1; next_free_sgpr 1; shared_vgpr_count 1", "requires gfx10 or gfx11"},
		{"next_free_vgpr 1; next_free_sgpr 1; float_denorm_mode_32 4", "value out of range"},
		{"next_free_vgpr 1; next_free_sgpr 1; wavefront_size32 2", "value out of range"},
		{"next_free_vgpr 1; next_free_sgpr 1; user_sgpr_count 32", "too many user SGPRs enabled"},
		{"next_free_vgpr 1; next_free_sgpr 1; user_sgpr_count 2; user_sgpr_dispatch_ptr 1; user_sgpr_kernarg_segment_ptr 1", "smaller than than implied"},
		{"next_free_vgpr 1; next_free_vgpr 2; next_free_sgpr 1", "cannot be repeated"},
		{"next_free_vgpr 1; next_free_sgpr 1; bogus 1", "unknown .amdhsa_kernel directive"},
	}
	haveLLVM := llvmAvailable(t)
	for _, c := range cases {
		src := kernelFile(c.dirs)
		if haveLLVM {
			if _, err := llvmAssembleFile(t, "bad", []byte(src), false); err == nil {
				t.Errorf("llvm-mc accepts %q", c.dirs)
			}
		}
		_, err := Assemble("bad.s", []byte(src))
		if err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%q: got %v, want an error containing %q", c.dirs, err, c.msg)
		}
	}
}
