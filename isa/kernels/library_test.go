package kernels_test

import (
	"bytes"
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"

	"zincc/isa"
	"zincc/isa/kernels"
)

func TestLoad(t *testing.T) {
	lib, err := kernels.Load()
	if err != nil {
		t.Fatal(err)
	}
	again, err := kernels.Load()
	if err != nil || again != lib {
		t.Fatalf("second Load: %p, %v; want the cached %p", again, err, lib)
	}
	if len(lib.Kernels) != len(kernels.ABIs) {
		t.Fatalf("%d kernels, %d ABIs", len(lib.Kernels), len(kernels.ABIs))
	}
	entries := map[uint64]string{}
	for i, k := range lib.Kernels {
		a := &kernels.ABIs[i]
		if k.Name != a.Name || k.ABI != a {
			t.Errorf("kernel %d is %s (ABI %p), want %s (%p)", i, k.Name, k.ABI, a.Name, a)
		}
		if got, ok := lib.Kernel(a.Name); !ok || got != k {
			t.Errorf("Kernel(%q) = %v, %v", a.Name, got, ok)
		}
		if k.Entry%kernels.EntryAlign != 0 || k.Entry >= uint64(len(lib.Code)) {
			t.Errorf("%s: entry 0x%x is not a %d-byte aligned offset into %d bytes of code", k.Name, k.Entry, kernels.EntryAlign, len(lib.Code))
		}
		if k.Size == 0 || k.Size > uint64(len(lib.Code))-k.Entry {
			t.Errorf("%s: %d bytes at 0x%x do not fit the %d bytes of code", k.Name, k.Size, k.Entry, len(lib.Code))
		}
		if other, dup := entries[k.Entry]; dup {
			t.Errorf("%s and %s share entry 0x%x", k.Name, other, k.Entry)
		}
		entries[k.Entry] = k.Name
		if !k.Wave32() || k.UserSGPRs() != a.UserSGPRs() {
			t.Errorf("%s: wave32 %v, %d user SGPRs; ABI %d", k.Name, k.Wave32(), k.UserSGPRs(), a.UserSGPRs())
		}
		// RSRC2.USER_SGPR [5:1] and LDS_SIZE [23:15] as the command
		// stream programs them.
		if got := int(k.Rsrc2() >> 1 & 0x1f); got != a.UserSGPRs() {
			t.Errorf("%s: RSRC2.USER_SGPR %d, want %d", k.Name, got, a.UserSGPRs())
		}
		if lds := (k.Rsrc2() >> 15 & 0x1ff) * 512; lds < k.LDSBytes() {
			t.Errorf("%s: RSRC2.LDS_SIZE gives %d bytes, the kernel needs %d", k.Name, lds, k.LDSBytes())
		}
		if k.Rsrc1() != k.Descriptor.RSRC1 || k.Rsrc3() != k.Descriptor.RSRC3 {
			t.Errorf("%s: RSRC1/3 differ from the descriptor", k.Name)
		}
		if !strings.Contains(k.Source, k.Name+":") || !strings.Contains(k.Source, ".amdhsa_kernel "+k.Name) {
			t.Errorf("%s: source lacks its label or descriptor block:\n%s", k.Name, k.Source)
		}
	}
	if _, ok := lib.Kernel("zincc_nonexistent"); ok {
		t.Error("Kernel found a kernel that does not exist")
	}
	if len(lib.Files()) == 0 {
		t.Error("no source files")
	}
}

// TestKernelSourceAssemblesAlone: each kernel's Source assembles on its
// own into the very bytes and descriptor the library holds, so -emit=asm
// shows exactly what runs.
func TestKernelSourceAssemblesAlone(t *testing.T) {
	lib, err := kernels.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range lib.Kernels {
		obj, err := isa.Assemble(k.Name+".s", []byte(k.Source))
		if err != nil {
			t.Errorf("%s: %v", k.Name, err)
			continue
		}
		if len(obj.Kernels) != 1 || obj.Kernels[0].Name != k.Name || obj.Kernels[0].Entry != 0 {
			t.Errorf("%s: source defines %+v", k.Name, obj.Kernels)
			continue
		}
		if obj.Kernels[0].Descriptor != k.Descriptor {
			t.Errorf("%s: descriptor differs:\n%v\nwant\n%v", k.Name, obj.Kernels[0].Descriptor.String(), k.Descriptor.String())
		}
		end := k.Entry + uint64(len(obj.Code))
		if end > uint64(len(lib.Code)) || !bytes.Equal(obj.Code, lib.Code[k.Entry:end]) {
			t.Errorf("%s: code assembled from its source differs from the library's", k.Name)
		}
	}
}

// TestBuildRejects feeds the builder broken libraries: each must be
// refused with a message naming the problem.
func TestBuildRejects(t *testing.T) {
	real, err := fs.ReadFile(kernels.Sources, "copy.s")
	if err != nil {
		t.Fatal(err)
	}
	copyOnly := func(edit func(string) string) fstest.MapFS {
		return fstest.MapFS{"copy.s": {Data: []byte(edit(string(real)))}}
	}
	same := func(s string) string { return s }
	cases := []struct {
		name     string
		fsys     fs.FS
		complete bool
		want     string
	}{
		{"missing kernels", copyOnly(same), true, "ABI kernel zincc_add has no .amdhsa_kernel"},
		{"user SGPRs", copyOnly(func(s string) string {
			return strings.Replace(s, ".amdhsa_user_sgpr_count 5", ".amdhsa_user_sgpr_count 6", 1)
		}), false, "descriptor has 6 user SGPRs, ABI 5"},
		{"wave64", copyOnly(func(s string) string {
			return strings.Replace(s, ".amdhsa_wavefront_size32 1", ".amdhsa_wavefront_size32 0", 1)
		}), false, "wave64"},
		{"denormals flushed", copyOnly(func(s string) string {
			return strings.Replace(s, ".amdhsa_float_denorm_mode_32 3", ".amdhsa_float_denorm_mode_32 0", 1)
		}), false, "f32 denormals kept"},
		{"extra kernel", copyOnly(func(s string) string {
			return strings.ReplaceAll(s, "zincc_copy", "zincc_copy2")
		}), false, "kernel zincc_copy2 (copy.s) has no entry in ABIs"},
		{"assembly error", copyOnly(func(s string) string {
			return strings.Replace(s, "s_endpgm", "s_endpgm s0", 1)
		}), false, "copy.s:"},
		{"duplicate", fstest.MapFS{"a.s": {Data: real}, "b.s": {Data: real}}, false, "defined twice"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := kernels.Build(c.fsys, c.complete)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %v, want one containing %q", err, c.want)
			}
		})
	}
	if _, err := kernels.Build(copyOnly(same), false); err != nil {
		t.Fatalf("a partial library of valid kernels: %v", err)
	}
}

// TestLaunchShapes checks each ABI's Groups against its Block: the launch
// covers the work and has no workgroup with nothing to do.
func TestLaunchShapes(t *testing.T) {
	for _, a := range kernels.ABIs {
		if a.Block != 256 {
			t.Errorf("%s: block %d; every kernel is written for 256 threads", a.Name, a.Block)
		}
		for _, n := range []int{1, 31, 255, 256, 257, 1023, 1024, 1025, 100000} {
			s := kernels.Size{N: n, Rows: n, Heads: n}
			g := int(a.Groups(s))
			var per int // work items one workgroup covers
			switch {
			case strings.HasPrefix(a.Name, "zincc_matvec_"):
				per = 8 // rows
			case strings.HasPrefix(a.Name, "zincc_attention_"):
				per = 1 // heads
			case a.Name == "zincc_copy":
				per = 1024 // bytes
			case a.Name == "zincc_rms_norm":
				per = 1 // heads
			case a.Name == "zincc_rms_norm_q8_0":
				per = 8192 // elements: 256 blocks of 32
			case a.Name == "zincc_rms_norm_q8_K":
				per = 65536 // elements: 256 blocks of 256
			case a.Name == "zincc_argmax":
				_, per = kernels.ArgmaxSplit(n)
			case a.Name == "zincc_quantize_q8_0_clear":
				n, per = (n*n+31)/32, 256 // the q8_0 blocks of Heads·N values
			case a.Name == "zincc_quantize_q8_K_clear":
				n, per = (n*n+255)/256, 256 // the q8_K blocks of Heads·N values
			case a.Name == "zincc_softmax":
				if g != 1 {
					t.Errorf("%s: %d workgroups for a whole-vector reduction", a.Name, g)
				}
				continue
			default:
				per = 256 // elements
			}
			if g*per < n || (g-1)*per >= n {
				t.Errorf("%s: %d workgroups of %d for %d", a.Name, g, per, n)
			}
		}
	}
}
