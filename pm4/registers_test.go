package pm4

import (
	"debug/elf"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestRegisterOffsetsFromLinuxHeader checks the table against the Linux
// offsets in gc_12_0_0_offset.h (regCOMPUTE_*, BASE_IDX 0, read through
// tinygrad runtime/autogen/am/regs.py) and GC_BASE__INST0_SEG0 = 0x1260
// (navi_offsets.py): SH offset = 0x1260 + reg − 0x2C00.
func TestRegisterOffsetsFromLinuxHeader(t *testing.T) {
	linux := map[string]uint32{
		"COMPUTE_DISPATCH_INITIATOR": 0x1ba0, "COMPUTE_DIM_X": 0x1ba1, "COMPUTE_START_X": 0x1ba4,
		"COMPUTE_NUM_THREAD_X": 0x1ba7, "COMPUTE_NUM_THREAD_Z": 0x1ba9, "COMPUTE_PIPELINESTAT_ENABLE": 0x1baa,
		"COMPUTE_PERFCOUNT_ENABLE": 0x1bab, "COMPUTE_PGM_LO": 0x1bac, "COMPUTE_PGM_HI": 0x1bad,
		"COMPUTE_DISPATCH_PKT_ADDR_LO": 0x1bae, "COMPUTE_DISPATCH_SCRATCH_BASE_LO": 0x1bb0,
		"COMPUTE_PGM_RSRC1": 0x1bb2, "COMPUTE_PGM_RSRC2": 0x1bb3, "COMPUTE_VMID": 0x1bb4,
		"COMPUTE_RESOURCE_LIMITS": 0x1bb5, "COMPUTE_STATIC_THREAD_MGMT_SE0": 0x1bb6,
		"COMPUTE_TMPRING_SIZE": 0x1bb8, "COMPUTE_RESTART_X": 0x1bbb, "COMPUTE_DISPATCH_ID": 0x1bc0,
		"COMPUTE_STATIC_THREAD_MGMT_SE8": 0x1bc3, "COMPUTE_USER_ACCUM_0": 0x1bc4, "COMPUTE_PGM_RSRC3": 0x1bc8,
		"COMPUTE_SHADER_CHKSUM": 0x1bca, "COMPUTE_STATIC_THREAD_MGMT_SE7": 0x1bce,
		"COMPUTE_DISPATCH_INTERLEAVE": 0x1bcf, "COMPUTE_PRESCALED_DIM_Z": 0x1bd7,
		"COMPUTE_USER_DATA_0": 0x1be0, "COMPUTE_USER_DATA_15": 0x1bef, "COMPUTE_DISPATCH_TUNNEL": 0x1c1d,
		"COMPUTE_NOWHERE": 0x1c1f,
	}
	for name, off := range linux {
		r, ok := RegByName(name)
		if !ok {
			t.Errorf("%s missing from the table", name)
			continue
		}
		if want := Reg(0x1260 + off - 0x2C00); r != want {
			t.Errorf("%s = %#x, want %#x", name, uint16(r), uint16(want))
		}
	}
	// Dword address: 0x1260 + 0x1BA0 = 0x2E00 for the initiator.
	if a := COMPUTE_DISPATCH_INITIATOR.Address(); a != 0x2E00 {
		t.Errorf("COMPUTE_DISPATCH_INITIATOR.Address() = %#x, want 0x2e00", a)
	}
	if _, ok := RegByName("COMPUTE_NO_SUCH_REG"); ok {
		t.Error("RegByName found a register that does not exist")
	}
	// mesa's byte names R_00Bxxx: (0xBxxx − SI_SH_REG_OFFSET 0xB000) / 4.
	for r, mesa := range map[Reg]uint32{COMPUTE_DISPATCH_INITIATOR: 0xB800, COMPUTE_PGM_LO: 0xB830,
		COMPUTE_PGM_RSRC1: 0xB848, COMPUTE_PGM_RSRC3: 0xB8A0, COMPUTE_USER_DATA_0: 0xB900, COMPUTE_DISPATCH_TUNNEL: 0xB9F4} {
		if uint32(r) != (mesa-0xB000)/4 {
			t.Errorf("%v = %#x, mesa R_%06X says %#x", r, uint16(r), mesa, (mesa-0xB000)/4)
		}
	}
}

func TestRegisterTableIsConsistent(t *testing.T) {
	seen := map[string]bool{}
	var prev Reg
	for i, ri := range Registers() {
		if seen[ri.Name] {
			t.Errorf("duplicate name %s", ri.Name)
		}
		seen[ri.Name] = true
		if i > 0 && ri.Reg <= prev {
			t.Errorf("%s at %#x not after %#x", ri.Name, uint16(ri.Reg), uint16(prev))
		}
		prev = ri.Reg
		if got := LookupReg(ri.Reg); got == nil || got.Name != ri.Name {
			t.Errorf("LookupReg(%#x) = %v, want %s", uint16(ri.Reg), got, ri.Name)
		}
		if ri.Reg.String() != ri.Name {
			t.Errorf("String() = %s, want %s", ri.Reg.String(), ri.Name)
		}
		var used uint32
		for _, f := range ri.Fields {
			if f.Lo > f.Hi || f.Hi > 31 {
				t.Errorf("%s.%s bits %d..%d", ri.Name, f.Name, f.Lo, f.Hi)
			}
			if used&f.Mask() != 0 {
				t.Errorf("%s.%s overlaps another field", ri.Name, f.Name)
			}
			used |= f.Mask()
		}
	}
	if LookupReg(0x234) != nil || LookupReg(0x1FF) != nil || LookupReg(0x3FF) != nil {
		t.Error("LookupReg found a register in a gap")
	}
	if s := Reg(0x3F0).String(); s != "SH_0x3f0" {
		t.Errorf("unknown register named %q", s)
	}
	if UserData(5) != COMPUTE_USER_DATA_5 {
		t.Error("UserData(5)")
	}
}

// TestPackersMatchFieldMasks packs named fields and compares with values
// written from the gc_12_0_0_sh_mask.h masks (through tinygrad regs.py) and
// from initiator values the drivers use.
func TestPackersMatchFieldMasks(t *testing.T) {
	check := func(name string, got uint32, err error, want uint32) {
		t.Helper()
		if err != nil {
			t.Errorf("%s: %v", name, err)
		} else if got != want {
			t.Errorf("%s = %#08x, want %#08x", name, got, want)
		}
	}
	// RSRC3: SHARED_VGPR_CNT [3:0], INST_PREF_SIZE [11:4], GLG_EN 13, IMAGE_OP 31.
	v, err := PgmRsrc3{SharedVGPRCnt: 0xF, InstPrefSize: 0xFF, GLGEn: true, ImageOp: true}.Pack()
	check("RSRC3 all", v, err, 0xF|0xFF0|0x2000|0x80000000)
	v, err = PgmRsrc3{InstPrefSize: 3}.Pack()
	check("RSRC3 INST_PREF_SIZE=3", v, err, 0x30)
	// NUM_THREAD_X: FULL [12:0], INTERLEAVE_BITS_X [15:13], PARTIAL [31:16]; Z: FULL [15:0].
	v, err = NumThread{Full: 64, Interleave: 2, Partial: 32}.Pack(COMPUTE_NUM_THREAD_X)
	check("NUM_THREAD_X", v, err, 64|2<<13|32<<16)
	v, err = NumThread{Full: 0xFFFF, Partial: 1}.Pack(COMPUTE_NUM_THREAD_Z)
	check("NUM_THREAD_Z", v, err, 0x1FFFF)
	// DISPATCH_INITIATOR values in drivers: tinygrad 0x8005, radeonsi 0x8045,
	// RADV 0xA045 (shared/ref/pm4-gfx12.md §4.4), TTRACE_QUEUE_ID [31:29].
	v, err = DispatchInitiator{ComputeShaderEn: true, ForceStartAt000: true, CSW32En: true}.Pack()
	check("tinygrad initiator", v, err, 0x8005)
	v, err = DispatchInitiator{ComputeShaderEn: true, ForceStartAt000: true, OrderMode: true, CSW32En: true}.Pack()
	check("radeonsi initiator", v, err, 0x8045)
	v, err = DispatchInitiator{ComputeShaderEn: true, ForceStartAt000: true, OrderMode: true, TunnelEnable: true, CSW32En: true}.Pack()
	check("RADV initiator", v, err, 0xA045)
	v, err = DispatchInitiator{TTraceQueueID: 7, Interleave2DEn: true, PingPongEn: true}.Pack()
	check("gfx12-only initiator bits", v, err, 0xE0000000|1<<18|1<<12)
	// RSRC2 LDS_SIZE [23:15] in 512-byte units: 1 KiB → 2.
	v, err = PgmRsrc2{LDSSize: 2, UserSGPR: 2}.Pack()
	check("RSRC2 LDS", v, err, 2<<15|2<<1)
}

func TestPackersRejectValuesThatDoNotFit(t *testing.T) {
	errs := []error{
		func() error { _, err := (PgmRsrc1{VGPRs: 64}).Pack(); return err }(),
		func() error { _, err := (PgmRsrc1{FloatMode: 256}).Pack(); return err }(),
		func() error { _, err := (PgmRsrc2{UserSGPR: 17}).Pack(); return err }(),
		func() error { _, err := (PgmRsrc2{LDSSize: 512}).Pack(); return err }(),
		func() error { _, err := (PgmRsrc3{InstPrefSize: 256}).Pack(); return err }(),
		func() error { _, err := (NumThread{Full: 8192}).Pack(COMPUTE_NUM_THREAD_Y); return err }(),
		func() error { _, err := (NumThread{Full: 1, Interleave: 1}).Pack(COMPUTE_NUM_THREAD_Z); return err }(),
		func() error { _, err := (NumThread{Full: 1}).Pack(COMPUTE_PGM_LO); return err }(),
		func() error { _, err := (DispatchInitiator{TTraceQueueID: 8}).Pack(); return err }(),
	}
	for i, err := range errs {
		if !errors.Is(err, ErrInvalid) {
			t.Errorf("case %d: err = %v, want ErrInvalid", i, err)
		}
	}
}

// llvmMC returns the path of llvm-mc-19. Without it the test is skipped,
// except under CI=true, where it fails.
func llvmMC(t *testing.T) string {
	t.Helper()
	p, err := exec.LookPath("llvm-mc-19")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("llvm-mc-19 is required under CI: %v", err)
		}
		t.Skipf("llvm-mc-19 not installed: %v", err)
	}
	return p
}

// descriptorRsrc assembles a gfx1201 kernel descriptor with llvm-mc-19 and
// returns its compute_pgm_rsrc1/2/3 (bytes 48, 52, 44 of the descriptor,
// AMDGPUUsage "Kernel Descriptor").
func descriptorRsrc(t *testing.T, mc string, directives string) (rsrc1, rsrc2, rsrc3 uint32) {
	t.Helper()
	dir := t.TempDir()
	src := fmt.Sprintf(`.amdgcn_target "amdgcn-amd-amdhsa--gfx1201"
.text
.globl k
.p2align 8
.type k,@function
k:
  s_endpgm
.rodata
.p2align 6
.amdhsa_kernel k
  .amdhsa_next_free_sgpr 8
%s
.end_amdhsa_kernel
`, directives)
	s, o := filepath.Join(dir, "k.s"), filepath.Join(dir, "k.o")
	if err := os.WriteFile(s, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(mc, "-triple=amdgcn-amd-amdhsa", "-mcpu=gfx1201", "-filetype=obj", s, "-o", o).CombinedOutput(); err != nil {
		t.Fatalf("llvm-mc: %v\n%s", err, out)
	}
	f, err := elf.Open(o)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	syms, err := f.Symbols()
	if err != nil {
		t.Fatal(err)
	}
	for _, sym := range syms {
		if sym.Name != "k.kd" {
			continue
		}
		data, err := f.Sections[sym.Section].Data()
		if err != nil {
			t.Fatal(err)
		}
		kd := data[sym.Value : sym.Value+64]
		le := func(i int) uint32 {
			return uint32(kd[i]) | uint32(kd[i+1])<<8 | uint32(kd[i+2])<<16 | uint32(kd[i+3])<<24
		}
		return le(48), le(52), le(44)
	}
	t.Fatal("no k.kd symbol")
	return
}

// TestPgmRsrcMatchesLLVM packs RSRC1/RSRC2 from named fields and compares
// with what llvm-mc 19 writes into a gfx1201 kernel descriptor for the
// matching .amdhsa directives. The fields follow AMDGPUUsage: VGPRS =
// ceil(next_free_vgpr/8)−1 in wave32 (/4 in wave64); FLOAT_MODE bits
// [19:18] = f16/f64 denorm mode, default 3 → field value 0xC0; WGP_MODE and
// MEM_ORDERED default to 1 on gfx10+.
func TestPgmRsrcMatchesLLVM(t *testing.T) {
	mc := llvmMC(t)
	base := PgmRsrc1{VGPRs: 1, FloatMode: 0xC0, WGPMode: true, MemOrdered: true}
	cases := []struct {
		directives string
		rsrc1      PgmRsrc1
		rsrc2      PgmRsrc2
	}{
		{`.amdhsa_next_free_vgpr 9
.amdhsa_wavefront_size32 1
.amdhsa_user_sgpr_dispatch_ptr 1
.amdhsa_user_sgpr_kernarg_segment_ptr 1
.amdhsa_system_sgpr_workgroup_id_x 1
.amdhsa_system_sgpr_workgroup_id_y 1
.amdhsa_system_vgpr_workitem_id 2`,
			base, PgmRsrc2{UserSGPR: 4, TGIDXEn: true, TGIDYEn: true, TIDIGCompCnt: 2}},
		{`.amdhsa_next_free_vgpr 256
.amdhsa_wavefront_size32 0
.amdhsa_workgroup_processor_mode 0
.amdhsa_memory_ordered 0
.amdhsa_forward_progress 1
.amdhsa_round_robin_scheduling 1
.amdhsa_float_round_mode_32 1
.amdhsa_enable_private_segment 1
.amdhsa_system_sgpr_workgroup_id_z 1
.amdhsa_system_sgpr_workgroup_info 1
.amdhsa_exception_fp_ieee_invalid_op 1
.amdhsa_exception_int_div_zero 1`,
			PgmRsrc1{VGPRs: 63, FloatMode: 0xC1, FwdProgress: true, WGRREn: true},
			PgmRsrc2{ScratchEn: true, TGIDXEn: true, TGIDZEn: true, TGSizeEn: true, ExcpEn: 1 | 1<<6}},
	}
	for i, c := range cases {
		want1, want2, want3 := descriptorRsrc(t, mc, c.directives)
		got1, err := c.rsrc1.Pack()
		if err != nil {
			t.Fatal(err)
		}
		got2, err := c.rsrc2.Pack()
		if err != nil {
			t.Fatal(err)
		}
		if got1 != want1 || got2 != want2 {
			t.Errorf("case %d: packed rsrc1/2 = %#08x/%#08x, llvm-mc = %#08x/%#08x", i, got1, got2, want1, want2)
		}
		if UnpackPgmRsrc1(want1) != c.rsrc1 || UnpackPgmRsrc2(want2) != c.rsrc2 {
			t.Errorf("case %d: unpacking llvm-mc's words: %+v %+v", i, UnpackPgmRsrc1(want1), UnpackPgmRsrc2(want2))
		}
		if want3 != 0 {
			t.Errorf("case %d: llvm-mc 19 wrote rsrc3 %#x; expected 0 (no gfx12 rsrc3 directives)", i, want3)
		}
		// And the disassembler shows the fields LLVM set, by name.
		var sb strings.Builder
		ib := []uint32{0xC0027600, uint32(COMPUTE_PGM_RSRC1), want1, want2}
		if err := Disassemble(&sb, ib, Options{}); err != nil {
			t.Fatal(err)
		}
		if i == 0 && !strings.Contains(sb.String(), "COMPUTE_PGM_RSRC2=0x00001188(USER_SGPR=4 TGID_X_EN TGID_Y_EN TIDIG_COMP_CNT=2)") {
			t.Errorf("listing:\n%s", sb.String())
		}
	}
}
