package sim

import (
	"encoding/binary"
	"errors"
	"math"
	"testing"

	"zincc/pm4"
)

// Addresses the tests map buffers at.
const (
	testCodeVA = 0x1_0000_0000
	testInVA   = 0x2_0000_0000
	testOutVA  = 0x3_0000_0000
)

// copyKernel is the worked example of the ISA sheet §7: each thread copies
// one dword from s[0:1] to s[2:3]; 64 threads per workgroup.
const copyKernel = `
.text
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
`

func le32s(v []uint32) []byte {
	b := make([]byte, 4*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint32(b[4*i:], x)
	}
	return b
}

// copyIB builds the PM4 stream that dispatches copyKernel over groups
// workgroups of 64 threads (wave32), with a fence at the end.
func copyIB(t *testing.T, src, dst, fence uint64, groups uint32) []uint32 {
	t.Helper()
	buf := make([]uint32, 256)
	b := pm4.NewBuilder(buf)
	b.SetProgram(testCodeVA)
	// RSRC1: VGPRS 0 (8 VGPRs in wave32), f32 denormals kept (mode 0xF0).
	b.SetShReg(pm4.COMPUTE_PGM_RSRC1, 0x000F0000, 0x88) // RSRC2: USER_SGPR 4, TGID_X_EN
	b.SetShReg(pm4.COMPUTE_NUM_THREAD_X, 64, 1, 1)
	b.SetUserData64(0, src)
	b.SetUserData64(2, dst)
	init, _ := pm4.DispatchInitiator{ComputeShaderEn: true, ForceStartAt000: true, CSW32En: true}.Pack()
	b.Dispatch(groups, 1, 1, init)
	b.Fence32(fence, 7)
	if err := b.Err(); err != nil {
		t.Fatal(err)
	}
	return b.Words()
}

func TestCopyKernelPM4(t *testing.T) {
	code, _ := llvmAssemble(t, copyKernel, false)
	g := New(Config{})
	must(t, g.MapBacking(testCodeVA, append(code, make([]byte, 4096-len(code))...), PermRX, "code"))
	must(t, g.Map(testInVA, 4096, PermRead, "in"))
	must(t, g.Map(testOutVA, 4096, PermRW, "out"))
	must(t, g.Map(0x4_0000_0000, 4096, PermRW, "fence"))
	in := make([]uint32, 256)
	for i := range in {
		in[i] = math.Float32bits(float32(i) * 1.5)
	}
	must(t, g.Write(testInVA, le32s(in)))
	st, err := g.Execute(copyIB(t, testInVA, testOutVA, 0x4_0000_0000, 4))
	if err != nil {
		t.Fatal(err)
	}
	out := make([]byte, 1024)
	must(t, g.Read(testOutVA, out))
	for i := range in {
		if got := binary.LittleEndian.Uint32(out[4*i:]); got != in[i] {
			t.Fatalf("out[%d] = %#x, want %#x", i, got, in[i])
		}
	}
	var fence [4]byte
	must(t, g.Read(0x4_0000_0000, fence[:]))
	if binary.LittleEndian.Uint32(fence[:]) != 7 {
		t.Errorf("fence = %v, want 7", fence)
	}
	// 4 workgroups × 2 waves × 9 instructions.
	if st.Dispatches != 1 || st.Waves != 8 || st.Instructions != 72 {
		t.Errorf("stats: %+v", st)
	}
	// Every vector instruction ran with 32 active lanes.
	if want := uint64(8 * (4*32 + 5)); st.LaneInstructions != want {
		t.Errorf("lane instructions %d, want %d", st.LaneInstructions, want)
	}
}

func TestCopyKernelFaults(t *testing.T) {
	code, _ := llvmAssemble(t, copyKernel, false)
	g := New(Config{})
	must(t, g.MapBacking(testCodeVA, code, PermRX, "code"))
	must(t, g.Map(testInVA, 512, PermRead, "in")) // only 128 dwords: group 2 reads past the end
	must(t, g.Map(testOutVA, 4096, PermRW, "out"))
	must(t, g.Map(0x4_0000_0000, 4096, PermRW, "fence"))
	_, err := g.Execute(copyIB(t, testInVA, testOutVA, 0x4_0000_0000, 4))
	var pf *PageFault
	if !errors.As(err, &pf) {
		t.Fatalf("want a page fault, got %v", err)
	}
	if pf.Addr != testInVA+512 || pf.Access != AccessRead || pf.Size != 4 || pf.Reason != "unmapped" {
		t.Errorf("fault %+v", pf)
	}
	if pf.Site.Dispatch != 0 || pf.Site.Workgroup != [3]uint32{2, 0, 0} || pf.Site.Wave != 0 || pf.Site.Lane != 0 ||
		pf.Site.PC != testCodeVA+0xc || pf.Site.Inst != "global_load_b32 v2, v1, s[0:1]" {
		t.Errorf("site %+v", pf.Site)
	}
	if pf.Nearest == nil || pf.Nearest.Name != "in" {
		t.Errorf("nearest %+v", pf.Nearest)
	}
	t.Log(err)

	// A store into the read-only input is a permission fault.
	g2 := New(Config{})
	must(t, g2.MapBacking(testCodeVA, code, PermRX, "code"))
	must(t, g2.Map(testInVA, 4096, PermRead, "in"))
	must(t, g2.Map(0x4_0000_0000, 4096, PermRW, "fence"))
	_, err = g2.Execute(copyIB(t, testInVA, testInVA, 0x4_0000_0000, 1))
	if !errors.As(err, &pf) || pf.Reason != "read-only" || pf.Access != AccessWrite || pf.Site.PC != testCodeVA+0x1c {
		t.Fatalf("want a read-only fault at the store, got %v", err)
	}
}

func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
