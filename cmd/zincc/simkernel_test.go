package main

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The copy kernel of the ISA sheet §7 (wave32, 64 threads per group).
const skCopyKernel = `.amdgcn_target "amdgcn-amd-amdhsa--gfx1201"
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
  s_nop 0
  s_sendmsg sendmsg(MSG_DEALLOC_VGPRS)
  s_endpgm
.Lend:
.size copy_f32, .Lend-copy_f32
.rodata
.p2align 6
.amdhsa_kernel copy_f32
  .amdhsa_user_sgpr_count 4
  .amdhsa_next_free_vgpr 3
  .amdhsa_next_free_sgpr 5
  .amdhsa_wavefront_size32 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_float_denorm_mode_16_64 3
.end_amdhsa_kernel
`

// skScale: out[i] = in[i] * s4 + s5 (f32), one thread per element, the
// workgroup size in s6.
const skScaleKernel = `.text
scale:
  s_mul_i32 s7, ttmp9, s6
  v_add_nc_u32 v1, s7, v0
  v_lshlrev_b32 v1, 2, v1
  global_load_b32 v2, v1, s[0:1]
  s_wait_loadcnt 0
  v_fma_f32 v2, v2, s4, s5
  global_store_b32 v1, v2, s[2:3]
  s_endpgm
`

func writeTemp(t *testing.T, name, content string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// bufferValues parses the "name type[n] at ..." block of sim-kernel's
// text output.
func bufferValues(t *testing.T, out, name string) []string {
	t.Helper()
	var vals []string
	in := false
	for _, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(line, name+" ") {
			in = true
			continue
		}
		if in {
			if !strings.HasPrefix(line, "  ") {
				break
			}
			_, rest, _ := strings.Cut(line, ":")
			vals = append(vals, strings.Fields(rest)...)
		}
	}
	return vals
}

func TestSimKernelCopy(t *testing.T) {
	src := writeTemp(t, "copy.s", skCopyKernel)
	var list []string
	for i := 0; i < 128; i++ {
		list = append(list, strconv.Itoa(i*3-50))
	}
	out, errOut, code := zincc(t, "sim-kernel", "-grid", "2", "-block", "64", "-buf", "in=f32:128="+strings.Join(list, ","), "-buf", "out=f32:128", src)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.Contains(out, "kernel copy_f32 (wave32): grid 2x1x1, block 64x1x1: 2 workgroups, 4 waves, 36 instructions") {
		t.Errorf("summary: %s", strings.SplitN(out, "\n", 2)[0])
	}
	got := bufferValues(t, out, "out")
	if len(got) != 128 {
		t.Fatalf("%d values", len(got))
	}
	for i, v := range got {
		if v != list[i] {
			t.Fatalf("out[%d] = %s, want %s", i, v, list[i])
		}
	}
}

func TestSimKernelScaleJSON(t *testing.T) {
	src := writeTemp(t, "scale.s", skScaleKernel)
	out, errOut, code := zincc(t, "sim-kernel", "-json", "-grid", "4", "-block", "32", "-buf", "in=f32:128=random(7)",
		"-buf", "out=f32:128", "-sgpr", "f32:1.5", "-sgpr", "f32:-0.25", "-sgpr", "32", src)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var res struct {
		Kernel  string
		Wave    int
		Stats   map[string]uint64
		Buffers []struct {
			Name   string
			Type   string
			Count  int
			Values []float64
		}
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if res.Wave != 32 || res.Stats["waves"] != 4 || len(res.Buffers) != 2 {
		t.Fatalf("%+v", res)
	}
	in, o := res.Buffers[0].Values, res.Buffers[1].Values
	for i := range in {
		// one rounding (v_fma_f32), computed here in float64 and rounded
		want := float32(in[i]*1.5 - 0.25)
		if float32(o[i]) != want {
			t.Fatalf("out[%d] = %v, want %v", i, o[i], want)
		}
	}
}

func TestSimKernelRawBinaryWave64(t *testing.T) {
	// The copy kernel's bytes (ISA sheet §7): copies 64 dwords per group.
	words := []uint32{0x84048675, 0x4A020004, 0x30020282, 0xEE050000, 0x00000002, 0x00000001, 0xBFC00000,
		0xEE068002, 0x01000000, 0x00000001, 0xBF800000, 0xBFB60003, 0xBFB00000}
	b := make([]byte, 4*len(words))
	for i, w := range words {
		binary.LittleEndian.PutUint32(b[4*i:], w)
	}
	p := filepath.Join(t.TempDir(), "copy.bin")
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := zincc(t, "sim-kernel", "-wave64", "-block", "64", "-buf", "in=u32:64=random(3)", "-buf", "out=u32:64", "-dump", "out", p)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if strings.Contains(out, "in u32") {
		t.Error("-dump out printed in")
	}
	got := bufferValues(t, out, "out")
	out2, _, _ := zincc(t, "sim-kernel", "-wave64", "-block", "64", "-buf", "in=u32:64=random(3)", "-buf", "out=u32:64", "-dump", "in", p)
	want := bufferValues(t, out2, "in")
	if len(got) != 64 || strings.Join(got, " ") != strings.Join(want, " ") {
		t.Fatalf("out %v\nin  %v", got, want)
	}
	if !strings.Contains(out, "(wave64)") || !strings.Contains(out, "1 waves") {
		t.Errorf("summary: %s", out)
	}
}

func TestSimKernelFaultAndHang(t *testing.T) {
	src := writeTemp(t, "copy.s", skCopyKernel)
	// Two groups read 128 floats from a 64-float buffer.
	_, errOut, code := zincc(t, "sim-kernel", "-grid", "2", "-block", "64", "-buf", "in=f32:64", "-buf", "out=f32:128", src)
	if code != exitInput || !strings.Contains(errOut, "page fault") || !strings.Contains(errOut, `"in"`) ||
		!strings.Contains(errOut, "workgroup (1,0,0)") || !strings.Contains(errOut, "global_load_b32") {
		t.Errorf("fault: exit %d: %s", code, errOut)
	}
	out, _, code := zincc(t, "sim-kernel", "-json", "-grid", "2", "-block", "64", "-buf", "in=f32:64", "-buf", "out=f32:128", src)
	if code != exitInput || !strings.Contains(out, `"kind": "page fault"`) {
		t.Errorf("fault JSON: exit %d: %s", code, out)
	}
	loop := writeTemp(t, "loop.s", ".text\nspin:\n  s_branch spin\n  s_endpgm\n")
	_, errOut, code = zincc(t, "sim-kernel", "-budget", "500", loop)
	if code != exitInput || !strings.Contains(errOut, "GPU hang") || !strings.Contains(errOut, "budget 500") {
		t.Errorf("hang: exit %d: %s", code, errOut)
	}
}

func TestSimKernelLDSBarrier(t *testing.T) {
	// Two waves: each thread stores its id to LDS, waits at the barrier,
	// and writes the id of thread (id ^ 32) to out.
	src := writeTemp(t, "swap.s", `.text
swap:
  v_lshlrev_b32 v1, 2, v0
  ds_store_b32 v1, v0
  s_wait_dscnt 0
  s_barrier_signal -1
  s_barrier_wait -1
  v_xor_b32 v2, 0x80, v1
  ds_load_b32 v3, v2
  s_wait_dscnt 0
  global_store_b32 v1, v3, s[0:1]
  s_endpgm
`)
	out, errOut, code := zincc(t, "sim-kernel", "-block", "64", "-lds", "256", "-buf", "out=u32:64", src)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	got := bufferValues(t, out, "out")
	for i, v := range got {
		if v != strconv.Itoa(i^32) {
			t.Fatalf("out[%d] = %s, want %d", i, v, i^32)
		}
	}
	// Without LDS the store is dropped and the load reads 0.
	out, _, _ = zincc(t, "sim-kernel", "-block", "64", "-buf", "out=u32:64", src)
	if v := bufferValues(t, out, "out"); len(v) != 64 || v[5] != "0" {
		t.Errorf("no LDS: %v", v)
	}
}

func TestSimKernelUsage(t *testing.T) {
	src := writeTemp(t, "copy.s", skCopyKernel)
	for _, args := range [][]string{
		{"-buf", "x=f64:4", src},
		{"-buf", "x=f32:0", src},
		{"-buf", "x=f32:2=1,2,3", src},
		{"-buf", "x=f32:2", "-buf", "x=u32:2", src},
		{"-sgpr", "f16:1", src},
		{"-grid", "0", src},
		{"-wave32", "-wave64", src},
		{"-dump", "nope", src},
		{"-lds", "70000", src},
		{"-buf", "a=u32:1", "-buf", "b=u32:1", "-buf", "c=u32:1", "-buf", "d=u32:1", "-buf", "e=u32:1", "-buf", "f=u32:1", "-buf", "g=u32:1", "-buf", "h=u32:1", "-sgpr", "1", src},
	} {
		if _, errOut, code := zincc(t, append([]string{"sim-kernel"}, args...)...); code != exitUsage {
			t.Errorf("%v: exit %d %s", args, code, errOut)
		}
	}
	bad := writeTemp(t, "bad.s", ".text\n  v_bogus v1\n")
	if _, errOut, code := zincc(t, "sim-kernel", bad); code != exitInput || !strings.Contains(errOut, "bad.s:2:") {
		t.Errorf("bad assembly: %d %s", code, errOut)
	}
	// file() contents and value formats
	data := make([]byte, 8)
	binary.LittleEndian.PutUint32(data, math.Float32bits(2.5))
	binary.LittleEndian.PutUint32(data[4:], math.Float32bits(float32(math.Inf(-1))))
	f := filepath.Join(t.TempDir(), "in.bin")
	if err := os.WriteFile(f, data, 0o644); err != nil {
		t.Fatal(err)
	}
	nop := writeTemp(t, "nop.s", ".text\n  s_endpgm\n")
	out, errOut, code := zincc(t, "sim-kernel", "-buf", fmt.Sprintf("x=f32:2=file(%s)", f), "-buf", "h=f16:2=0.5,-2", "-buf", "b=bytes:3=1,0x10,255", nop)
	if code != exitOK || strings.Join(bufferValues(t, out, "x"), " ") != "2.5 -Inf" ||
		strings.Join(bufferValues(t, out, "h"), " ") != "0.5 -2" || strings.Join(bufferValues(t, out, "b"), " ") != "01 10 ff" {
		t.Errorf("exit %d %s\n%s", code, errOut, out)
	}
}

// Every workgroup stores its id to o[0]: a race between workgroups that
// -hazards turns into an error (the default), a warning, or nothing.
func TestSimKernelHazards(t *testing.T) {
	k := writeTemp(t, "race.s", ".text\nk:\n  v_mov_b32 v1, 0\n  v_mov_b32 v2, ttmp9\n  global_store_b32 v1, v2, s[0:1]\n  s_endpgm\n")
	args := []string{"sim-kernel", "-grid", "2,1,1", "-buf", "o=u32:4"}
	for _, c := range []struct {
		flag   []string
		status int
		stderr string
	}{
		{nil, exitInput, "zincc sim-kernel: memory race: workgroup (1,0,0)"},
		{[]string{"-hazards", "warn"}, exitOK, "zincc sim-kernel: warning: memory race: workgroup (1,0,0)"},
		{[]string{"-hazards", "off"}, exitOK, ""},
		{[]string{"-hazards", "some"}, exitUsage, `-hazards "some": want error, warn or off`},
	} {
		_, errOut, status := zincc(t, append(append(append([]string(nil), args...), c.flag...), k)...)
		if status != c.status || (c.stderr == "") != (errOut == "") || !strings.Contains(errOut, c.stderr) {
			t.Errorf("%v: exit %d, stderr %q; want %d, %q", c.flag, status, errOut, c.status, c.stderr)
		}
	}
}
