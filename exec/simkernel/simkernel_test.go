package simkernel

import (
	"bytes"
	"errors"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"zincc/exec/sim"
	"zincc/hwreg"
	_ "zincc/internal/golden"
	"zincc/pm4"
)

// copyKernel: out[i] = in[i], 64 threads per group, in at s[0:1] and out
// at s[2:3].
const copyKernel = `.amdgcn_target "amdgcn-amd-amdhsa--gfx1201"
.text
.globl copy_f32
.p2align 8
copy_f32:
  s_lshl_b32 s4, ttmp9, 6
  v_add_nc_u32 v1, s4, v0
  v_lshlrev_b32 v1, 2, v1
  global_load_b32 v2, v1, s[0:1]
  s_wait_loadcnt 0
  global_store_b32 v1, v2, s[2:3]
  s_endpgm
.rodata
.p2align 6
.amdhsa_kernel copy_f32
  .amdhsa_user_sgpr_count 4
  .amdhsa_next_free_vgpr 3
  .amdhsa_next_free_sgpr 5
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel
`

func TestParseBuffer(t *testing.T) {
	b, err := ParseBuffer("x=f32:3=1.5,-2,inf", nil)
	if err != nil {
		t.Fatal(err)
	}
	if b.Name != "x" || b.Type != "f32" || b.Count != 3 || len(b.Data) != 12 {
		t.Fatalf("%+v", b)
	}
	if got := []string{b.Text(0), b.Text(1), b.Text(2)}; strings.Join(got, " ") != "1.5 -2 +Inf" {
		t.Errorf("values %v", got)
	}
	h, _ := ParseBuffer("h=f16:2=0.5,-2", nil)
	by, _ := ParseBuffer("b=bytes:3=1,0x10,255", nil)
	i, _ := ParseBuffer("i=i32:1=-7", nil)
	if h.Text(0) != "0.5" || h.Text(1) != "-2" || by.Text(2) != "ff" || i.Value(0) != int64(-7) {
		t.Errorf("f16 %s %s, bytes %s, i32 %v", h.Text(0), h.Text(1), by.Text(2), i.Value(0))
	}
	r1, _ := ParseBuffer("r=u32:8=random(3)", nil)
	r2, _ := ParseBuffer("r=u32:8=random(3)", nil)
	if !bytes.Equal(r1.Data, r2.Data) || bytes.Equal(r1.Data, make([]byte, 32)) {
		t.Error("random(3) is not a fixed, non-zero fill")
	}
	path := filepath.Join(t.TempDir(), "in.bin")
	if err := os.WriteFile(path, []byte{1, 2, 3, 4, 5}, 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := ParseBuffer("f=bytes:4=file("+path+")", nil)
	if err != nil || !bytes.Equal(f.Data, []byte{1, 2, 3, 4}) {
		t.Errorf("file(): %v %v", f, err)
	}
	for spec, want := range map[string]string{
		"x":                 "want NAME=TYPE:N",
		"x=f64:4":           "type must be",
		"x=f32:0":           "not a positive number",
		"x=f32:2=1,2,3":     "3 values given for 2 elements",
		"x=u32:1=random(":   "element 0",
		"x=u32:1=-1":        "element 0",
		"x=u32:1=random(z)": "bad seed",
	} {
		if _, err := ParseBuffer(spec, nil); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", spec, err, want)
		}
	}
	if _, err := ParseBuffers([]string{"a=u32:1", "a=f32:1"}, func(s string) (*Buffer, error) { return ParseBuffer(s, nil) }); err == nil {
		t.Error("two buffers of one name")
	}
}

func TestParseScalarsAndDims(t *testing.T) {
	for s, want := range map[string]uint32{"7": 7, "-1": 0xffffffff, "0x10": 16, "f32:1": math.Float32bits(1), "i32:-2": 0xfffffffe} {
		if got, err := ParseScalar(s); err != nil || got != want {
			t.Errorf("ParseScalar(%s) = %#x, %v", s, got, err)
		}
	}
	if _, err := ParseScalar("f16:1"); err == nil {
		t.Error("f16 scalar accepted")
	}
	if d, err := ParseDims("4,2"); err != nil || d != [3]uint32{4, 2, 1} {
		t.Errorf("ParseDims(4,2) = %v, %v", d, err)
	}
	for _, s := range []string{"0", "1,2,3,4", "x"} {
		if _, err := ParseDims(s); err == nil {
			t.Errorf("ParseDims(%s) accepted", s)
		}
	}
	if a, err := ParseArg("f32:2"); err != nil || !reflect.DeepEqual(a, sim.F32Arg(2)) {
		t.Errorf("ParseArg(f32:2) = %v, %v", a, err)
	}
}

func TestLaunchCopy(t *testing.T) {
	k, err := LoadKernel("copy.s", []byte(copyKernel), "", false, false)
	if err != nil {
		t.Fatal(err)
	}
	in, _ := ParseBuffer("in=f32:128=random(1)", nil)
	out, _ := ParseBuffer("out=f32:128", nil)
	res, err := Launch(k, Options{Groups: [3]uint32{2, 1, 1}, Block: [3]uint32{64, 1, 1}, Buffers: []*Buffer{in, out}, LDSBytes: -1, FloatMode: -1})
	if err != nil || res.Err != nil {
		t.Fatal(err, res.Err)
	}
	if !bytes.Equal(in.Data, out.Data) {
		t.Error("out is not a copy of in")
	}
	// Each buffer on its own 64 KiB slot with an unmapped slot after it.
	if in.VA != BufferVA || out.VA != BufferVA+2*bufferSlot {
		t.Errorf("buffers at %#x and %#x", in.VA, out.VA)
	}
	if res.Kernel != "copy_f32" || res.Wave != 32 || res.Stats.Workgroups != 2 || res.Stats.Waves != 4 {
		t.Errorf("%+v", res)
	}

	// Three groups run off the end of 128 elements into the guard gap.
	res, err = Launch(k, Options{Groups: [3]uint32{3, 1, 1}, Block: [3]uint32{64, 1, 1}, Buffers: []*Buffer{in, out}, LDSBytes: -1, FloatMode: -1})
	if err != nil || !errors.Is(res.Err, sim.ErrPageFault) {
		t.Errorf("off the end: %v, %v", err, res.Err)
	}
}

func TestResources(t *testing.T) {
	raw := &Kernel{Name: "raw", Code: []byte{0, 0, 0xb0, 0xbf}}
	r1, r2, err := Resources(raw, &Options{LDSBytes: 1000, FloatMode: -1})
	if err != nil {
		t.Fatal(err)
	}
	p1, p2 := pm4.UnpackPgmRsrc1(r1), pm4.UnpackPgmRsrc2(r2)
	if p1.VGPRs != 0x3f || p1.FloatMode != 0xf0 || p2.TIDIGCompCnt != 2 || p2.LDSSize != 2 || p2.UserSGPR != 0 {
		t.Errorf("raw: %+v %+v", p1, p2)
	}
	k, err := LoadKernel("copy.s", []byte(copyKernel), "copy_f32", false, false)
	if err != nil {
		t.Fatal(err)
	}
	r1, r2, err = Resources(k, &Options{LDSBytes: -1, FloatMode: 0x30})
	if err != nil {
		t.Fatal(err)
	}
	if want := hwreg.Rsrc1FloatMode.Put(k.Descriptor.ComputePgmRsrc1(), 0x30); r1 != want {
		t.Errorf("RSRC1 %#x, want %#x", r1, want)
	}
	if p2 := pm4.UnpackPgmRsrc2(r2); p2.UserSGPR != 0 || !p2.TGIDXEn || p2.LDSSize != 0 {
		t.Errorf("RSRC2 %+v", p2)
	}
	big := *k.Descriptor
	big.GroupSegmentFixedSize = MaxLDS + 1
	if _, _, err := Resources(&Kernel{Name: "big", Descriptor: &big}, &Options{LDSBytes: -1}); err == nil {
		t.Error("more LDS than a workgroup has")
	}
}

func TestLoadKernel(t *testing.T) {
	two := copyKernel + strings.Replace(strings.Replace(copyKernel, "copy_f32", "copy2", -1), `.amdgcn_target "amdgcn-amd-amdhsa--gfx1201"`, "", 1)
	if _, err := LoadKernel("two.s", []byte(two), "", false, false); err == nil || !strings.Contains(err.Error(), "2 kernels (copy_f32, copy2)") {
		t.Errorf("two kernels, none chosen: %v", err)
	}
	if k, err := LoadKernel("two.s", []byte(two), "copy2", false, false); err != nil || k.Name != "copy2" || k.Entry != 256 {
		t.Errorf("copy2: %+v %v", k, err)
	}
	if _, err := LoadKernel("k.bin", []byte{0, 0, 0xb0, 0xbf}, "k", false, false); err == nil {
		t.Error("a kernel name for raw code")
	}
	wave64 := strings.Replace(copyKernel, ".amdhsa_wavefront_size32 1", ".amdhsa_wavefront_size32 0", 1)
	if k, err := LoadKernel("w.s", []byte(wave64), "", false, false); err != nil || !k.Wave64 {
		t.Errorf("a wave64 descriptor: %+v %v", k, err)
	}
}

// axpyIR: out[i] = a[i] * s + float(k) for i < n.
const axpyIR = `target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @axpy(ptr addrspace(1) %out, ptr addrspace(1) %a, float %s, i32 %k, i32 %n) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %wg = call i32 @llvm.amdgcn.workgroup.id.x()
  %base = mul i32 %wg, 32
  %i = add i32 %base, %tid
  %in = icmp ult i32 %i, %n
  br i1 %in, label %body, label %done
body:
  %pa = getelementptr float, ptr addrspace(1) %a, i32 %i
  %x = load float, ptr addrspace(1) %pa
  %kf = sitofp i32 %k to float
  %m = fmul float %x, %s
  %r = fadd float %m, %kf
  %po = getelementptr float, ptr addrspace(1) %out, i32 %i
  store float %r, ptr addrspace(1) %po
  br label %done
done:
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()
`

func TestLaunchCodeObject(t *testing.T) {
	llc, err := exec.LookPath("llc-19")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("llc-19 is required when CI=true: %v", err)
		}
		t.Skipf("llc-19 not installed: %v", err)
	}
	dir := t.TempDir()
	in, obj := filepath.Join(dir, "k.ll"), filepath.Join(dir, "k.o")
	if err := os.WriteFile(in, []byte(axpyIR), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(llc, "-mtriple=amdgcn-amd-amdhsa", "-mcpu=gfx1201", "-filetype=obj", in, "-o", obj).CombinedOutput(); err != nil {
		t.Fatalf("llc-19: %v: %s", err, out)
	}
	src, err := os.ReadFile(obj)
	if err != nil {
		t.Fatal(err)
	}
	out, _ := ParseBuffer("out=f32:40", nil)
	a, _ := ParseBuffer("a=f32:40=random(2)", nil)
	args := []Arg{{Buffer: out}, {Buffer: a}, {Value: sim.F32Arg(2)}, {Value: sim.I32Arg(1)}, {Value: sim.U32Arg(40)}}
	res, err := LaunchCodeObject(src, CodeObjectOptions{Args: args, Groups: [3]uint32{2, 1, 1}, Block: [3]uint32{32, 1, 1}})
	if err != nil || res.Err != nil {
		t.Fatal(err, res.Err)
	}
	for i := 0; i < 40; i++ {
		x := a.Value(i).(float64)
		if got, want := out.Value(i).(float64), float64(float32(float32(x)*2)+1); got != want {
			t.Fatalf("out[%d] = %v, want %v", i, got, want)
		}
	}
	if res.Groups != [3]uint32{2, 1, 1} || res.Wave != 32 || res.Kernel != "axpy" {
		t.Errorf("%+v", res)
	}
	var we *WaveError
	if _, err := LaunchCodeObject(src, CodeObjectOptions{Args: args, Wave: 64}); !errors.As(err, &we) {
		t.Errorf("wave64 asked of a wave32 kernel: %v", err)
	}
	if _, err := GridSize([3]uint32{1 << 30, 1, 1}, [3]uint32{8, 1, 1}); !errors.Is(err, ErrGridTooLarge) {
		t.Errorf("GridSize: %v", err)
	}
}
