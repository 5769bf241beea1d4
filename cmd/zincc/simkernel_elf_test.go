package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// skAxpyIR: out[i] = a[i] * s + float(k) for i < n, with i from the
// workgroup id, the hidden group size and the work-item id (partial
// workgroups leave the tail alone).
const skAxpyIR = `target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @axpy(ptr addrspace(1) %out, ptr addrspace(1) %a, float %s, i32 %k, i32 %n) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %wg = call i32 @llvm.amdgcn.workgroup.id.x()
  %ia = call ptr addrspace(4) @llvm.amdgcn.implicitarg.ptr()
  %gsp = getelementptr i8, ptr addrspace(4) %ia, i64 12
  %gs16 = load i16, ptr addrspace(4) %gsp, align 4
  %gs = zext i16 %gs16 to i32
  %base = mul i32 %wg, %gs
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
declare ptr addrspace(4) @llvm.amdgcn.implicitarg.ptr()
`

// llcObject compiles LLVM IR with llc-19 for gfx1201; without llc-19 the
// test skips, or fails when CI=true.
func llcObject(t *testing.T, ir string, extra ...string) string {
	t.Helper()
	llc, err := exec.LookPath("llc-19")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("llc-19 is required when CI=true: %v", err)
		}
		t.Skipf("llc-19 not installed: %v", err)
	}
	dir := t.TempDir()
	in, out := filepath.Join(dir, "k.ll"), filepath.Join(dir, "k.o")
	if err := os.WriteFile(in, []byte(ir), 0o644); err != nil {
		t.Fatal(err)
	}
	args := append([]string{"-mtriple=amdgcn-amd-amdhsa", "-mcpu=gfx1201", "-filetype=obj", in, "-o", out}, extra...)
	var stderr bytes.Buffer
	cmd := exec.Command(llc, args...)
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("llc-19: %v: %s", err, stderr.String())
	}
	return out
}

func TestSimKernelELF(t *testing.T) {
	for _, wave := range []string{"", "+wavefrontsize64"} {
		var extra []string
		if wave != "" {
			extra = []string{"-mattr=" + wave}
		}
		obj := llcObject(t, skAxpyIR, extra...)
		const n = 100
		var a []string
		for i := 0; i < n; i++ {
			a = append(a, strconv.Itoa(i-50))
		}
		// 100 work-items in blocks of 64: the second workgroup is partial;
		// n = 90 leaves the last ten elements at their initial 7.
		out, errOut, code := zincc(t, "sim-kernel", "-global", "100", "-block", "64",
			"-buf", "out=f32:100="+strings.Repeat("7,", n-1)+"7", "-buf", "a=f32:100="+strings.Join(a, ","),
			"-arg", "f32:0.5", "-arg", "i32:-3", "-arg", "u32:90", "-dump", "out", obj)
		if code != exitOK {
			t.Fatalf("%s: exit %d: %s", wave, code, errOut)
		}
		vals := bufferValues(t, out, "out")
		if len(vals) != n {
			t.Fatalf("%d values printed:\n%s", len(vals), out)
		}
		for i, v := range vals {
			want := 7.0
			if i < 90 {
				want = float64(i-50)*0.5 - 3
			}
			if got, err := strconv.ParseFloat(v, 64); err != nil || got != want {
				t.Errorf("%s: out[%d] = %s, want %g", wave, i, v, want)
			}
		}
		if !strings.Contains(out, "grid 2x1x1, block 64x1x1") {
			t.Errorf("%s: summary line: %s", wave, strings.SplitN(out, "\n", 2)[0])
		}
	}
}

func TestSimKernelELFJSON(t *testing.T) {
	obj := llcObject(t, skAxpyIR)
	out, errOut, code := zincc(t, "sim-kernel", "-json", "-global", "4", "-block", "4", "-buf", "out=f32:4",
		"-buf", "a=f32:4=1,2,3,4", "-arg", "f32:2", "-arg", "i32:1", "-arg", "u32:4", obj)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var r struct {
		Kernel  string `json:"kernel"`
		Wave    int    `json:"wave"`
		Buffers []struct {
			Name   string    `json:"name"`
			Values []float64 `json:"values"`
		} `json:"buffers"`
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("%v:\n%s", err, out)
	}
	if r.Kernel != "axpy" || r.Wave != 32 || len(r.Buffers) != 2 {
		t.Fatalf("%+v", r)
	}
	for i, v := range r.Buffers[0].Values {
		if want := float64(i+1)*2 + 1; v != want {
			t.Errorf("out[%d] = %g, want %g", i, v, want)
		}
	}
}

// TestSimKernelELFErrors: wrong arguments and options get precise
// messages and the right exit codes.
func TestSimKernelELFErrors(t *testing.T) {
	obj := llcObject(t, skAxpyIR)
	bufs := []string{"-buf", "out=f32:4", "-buf", "a=f32:4"}
	cases := []struct {
		args []string
		code int
		want string
	}{
		{append(append([]string{}, bufs...), "-arg", "f32:1"), exitInput, "3 explicit arguments given, the kernel takes 5: 0 (out: global_buffer"},
		{append(append([]string{}, bufs...), "-sgpr", "1"), exitUsage, "-sgpr is for .s and raw kernels"},
		{append(append([]string{}, bufs...), "-arg", "x32:1"), exitUsage, `type "x32"`},
		{append(append([]string{}, bufs...), "-lds", "1024"), exitUsage, "descriptor sets its LDS size"},
		{append(append([]string{}, bufs...), "-grid", "2", "-global", "8"), exitUsage, "exclude each other"},
		{append(append([]string{}, bufs...), "-wave64"), exitUsage, "compiled for wave32"},
		{append(append([]string{}, bufs...), "-kernel", "nope"), exitInput, `no kernel "nope" (it has axpy)`},
		{[]string{"-arg", "f32:1", "-buf", "out=f32:4", "-buf", "a=f32:4", "-arg", "f32:1", "-arg", "u32:4"}, exitInput, "argument 0 (out: global_buffer"},
	}
	for _, c := range cases {
		_, errOut, code := zincc(t, append(append([]string{"sim-kernel"}, c.args...), obj)...)
		if code != c.code || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d and %q", c.args, code, errOut, c.code, c.want)
		}
	}
	// -arg and -global belong to code objects.
	s := writeTemp(t, "k.s", skScaleKernel)
	if _, errOut, code := zincc(t, "sim-kernel", "-arg", "u32:1", s); code != exitUsage || !strings.Contains(errOut, "-arg is for code objects") {
		t.Errorf(".s with -arg: exit %d, %q", code, errOut)
	}
	// A truncated object is an input error, not a crash.
	data, err := os.ReadFile(obj)
	if err != nil {
		t.Fatal(err)
	}
	trunc := tempFile(t, "t.o", data[:len(data)/2])
	if _, errOut, code := zincc(t, "sim-kernel", trunc); code != exitInput || !strings.Contains(errOut, "read code object") {
		t.Errorf("truncated object: exit %d, %q", code, errOut)
	}
}
