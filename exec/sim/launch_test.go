package sim

import (
	"encoding/binary"
	"errors"
	"fmt"
	"strings"
	"testing"
)

// idsKernel stores, for every thread, its v0 (packed work-item ids),
// EXEC, the workgroup ids of ttmp9/ttmp7 and s0, at out[tid*4 + k] where
// tid = wave*width + lane; s[2:3] = out.
const idsKernel = `
.text
ids:
  v_mbcnt_lo_u32_b32 v1, -1, 0
  %HI
  s_bfe_u32 s4, ttmp8, 0x50019
  s_mul_i32 s4, s4, %W
  v_add_nc_u32 v1, s4, v1
  s_sub_co_u32 s5, ttmp9, 5
  s_mul_i32 s5, s5, 1024
  v_add_nc_u32 v1, s5, v1
  v_lshlrev_b32 v1, 4, v1
  global_store_b32 v1, v0, s[2:3]
  v_mov_b32 v2, exec_lo
  global_store_b32 v1, v2, s[2:3] offset:4
  v_mov_b32 v2, ttmp7
  global_store_b32 v1, v2, s[2:3] offset:8
  v_mov_b32 v2, s0
  global_store_b32 v1, v2, s[2:3] offset:12
  s_endpgm
`

func TestWaveLaunchState(t *testing.T) {
	for _, tc := range []struct {
		w64   bool
		block [3]uint32
		tidig uint32
	}{
		{false, [3]uint32{40, 1, 1}, 0},  // a partial second wave of 8 lanes
		{false, [3]uint32{5, 3, 2}, 2},   // 30 threads, X/Y/Z ids
		{true, [3]uint32{7, 10, 1}, 1},   // 70 threads in wave64: 64 + 6
		{false, [3]uint32{4, 4, 4}, 1},   // Z not enabled: its field stays 0
		{true, [3]uint32{64, 2, 1}, 0},   // Y not enabled
		{false, [3]uint32{32, 1, 1}, 2},  // exactly one full wave
		{true, [3]uint32{1, 1, 1}, 2},    // one thread
		{false, [3]uint32{33, 31, 1}, 2}, // 1023 threads
	} {
		t.Run(fmt.Sprintf("w64=%v/%v/tidig%d", tc.w64, tc.block, tc.tidig), func(t *testing.T) {
			width := 32
			hi := ""
			if tc.w64 {
				width, hi = 64, "v_mbcnt_hi_u32_b32 v1, -1, v1"
			}
			src := strings.NewReplacer("%HI", hi, "%W", fmt.Sprint(width)).Replace(idsKernel)
			code, _ := llvmAssemble(t, src, tc.w64)
			g := New(Config{})
			must(t, g.MapBacking(testCodeVA, code, PermRX, "code"))
			must(t, g.Map(testOutVA, 3*1024*16, PermRW, "out"))
			l := Launch{Entry: testCodeVA, Rsrc1: 7 | 0xf0<<12, Rsrc2: tc.tidig << 11,
				UserSGPRs: []uint32{0xdeadbeef, 0, lo32(testOutVA), uint32(testOutVA >> 32)},
				Start:     [3]uint32{5, 6, 7}, Groups: [3]uint32{2, 1, 1}, Block: tc.block, Wave32: !tc.w64}
			st, err := g.Dispatch(l)
			if err != nil {
				t.Fatal(err)
			}
			threads := int(tc.block[0] * tc.block[1] * tc.block[2])
			waves := (threads + width - 1) / width
			if st.Waves != uint64(2*waves) {
				t.Errorf("%d waves, want %d", st.Waves, 2*waves)
			}
			out := make([]byte, 3*1024*16)
			must(t, g.Read(testOutVA, out))
			for grp := 0; grp < 2; grp++ {
				for tid := 0; tid < waves*width; tid++ {
					rec := out[(grp*1024+tid)*16:]
					v0 := binary.LittleEndian.Uint32(rec)
					exec := binary.LittleEndian.Uint32(rec[4:])
					ttmp7 := binary.LittleEndian.Uint32(rec[8:])
					s0 := binary.LittleEndian.Uint32(rec[12:])
					if tid >= threads {
						if v0|exec|ttmp7|s0 != 0 {
							t.Fatalf("group %d thread %d beyond the block was active", grp, tid)
						}
						continue
					}
					x := tid % int(tc.block[0])
					y := tid / int(tc.block[0]) % int(tc.block[1])
					z := tid / int(tc.block[0]*tc.block[1])
					want := uint32(x)
					if tc.tidig >= 1 {
						want |= uint32(y) << 10
					}
					if tc.tidig >= 2 {
						want |= uint32(z) << 20
					}
					if v0 != want {
						t.Fatalf("group %d thread %d: v0 = %#x, want %#x", grp, tid, v0, want)
					}
					// EXEC: the low min(width, remaining) lanes of the wave
					left := threads - tid/width*width
					wantExec := uint32(1<<min(left, 32) - 1)
					if left >= 32 {
						wantExec = 0xffffffff
					}
					if exec != wantExec {
						t.Fatalf("group %d thread %d: exec_lo = %#x, want %#x", grp, tid, exec, wantExec)
					}
					if ttmp7 != 6|7<<16 || s0 != 0xdeadbeef {
						t.Fatalf("group %d thread %d: ttmp7 %#x s0 %#x", grp, tid, ttmp7, s0)
					}
				}
			}
		})
	}
}

func TestLaunchErrors(t *testing.T) {
	g := New(Config{})
	code := make([]byte, 4096)
	binary.LittleEndian.PutUint32(code, 0xbfb00000) // s_endpgm
	must(t, g.MapBacking(testCodeVA, code, PermRX, "code"))
	must(t, g.Map(testInVA, 4096, PermRead, "data"))
	base := Launch{Entry: testCodeVA, Groups: [3]uint32{1, 1, 1}, Block: [3]uint32{32, 1, 1}, Wave32: true}
	for _, tc := range []struct {
		mod  func(*Launch)
		want string
		is   error
	}{
		{func(l *Launch) { l.Block = [3]uint32{1025, 1, 1} }, "allows 1024", ErrBadLaunch},
		{func(l *Launch) { l.Block = [3]uint32{0, 1, 1} }, "size X is 0", ErrBadLaunch},
		{func(l *Launch) { l.Rsrc2 = 129 << 15 }, "at most 65536", ErrBadLaunch},
		{func(l *Launch) { l.Rsrc1 = 1 << 12 }, "round", ErrBadLaunch},
		{func(l *Launch) { l.UserSGPRs = make([]uint32, 17) }, "at most 16", ErrBadLaunch},
		{func(l *Launch) { l.Entry = testInVA }, "not executable", ErrPageFault},
		{func(l *Launch) { l.Entry = 0x9_0000_0000 }, "unmapped", ErrPageFault},
		{func(l *Launch) { l.Entry = testCodeVA + 2 }, "4-byte aligned", ErrBadLaunch},
	} {
		l := base
		tc.mod(&l)
		_, err := g.Dispatch(l)
		if !errors.Is(err, tc.is) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("want %q (%v), got %v", tc.want, tc.is, err)
		}
	}
	// A VGPR beyond the allocation is an illegal instruction naming it.
	code2 := make([]byte, 4096)
	copy(code2, []byte{0x80, 0x02, 0x14, 0x7e, 0x00, 0x00, 0xb0, 0xbf}) // v_mov_b32 v10, 0; s_endpgm
	g2 := New(Config{})
	must(t, g2.MapBacking(testCodeVA, code2, PermRX, "code"))
	_, err := g2.Dispatch(base) // RSRC1.VGPRS 0: 8 VGPRs in wave32
	var ie *InstructionError
	if !errors.As(err, &ie) || ie.Mnemonic != "v_mov_b32" || !strings.Contains(ie.Detail, "v10") || ie.Site.PC != testCodeVA {
		t.Errorf("VGPR range: %v", err)
	}
	// Garbage code is an illegal instruction with its bytes.
	code3 := make([]byte, 4096)
	copy(code3, []byte{0xff, 0xff, 0xff, 0xff})
	g3 := New(Config{})
	must(t, g3.MapBacking(testCodeVA, code3, PermRX, "code"))
	_, err = g3.Dispatch(base)
	if !errors.As(err, &ie) || !errors.Is(err, ErrIllegalInstruction) || !strings.Contains(ie.Detail, "ffffffff") {
		t.Errorf("garbage: %v", err)
	}
}

func TestCodeChangesAreSeen(t *testing.T) {
	// A program is decoded once, but a change to its bytes (here through
	// the caller's shared slice) is picked up by the next dispatch.
	code := make([]byte, 4096)
	// v_mov_b32 v1, 1; global_store_b32 v0, v1, s[0:1]; s_endpgm
	prog := []uint32{0x7e020281, 0xEE068000, 0x00800000, 0x00000000, 0xbfb00000}
	for i, w := range prog {
		binary.LittleEndian.PutUint32(code[4*i:], w)
	}
	g := New(Config{})
	must(t, g.MapBacking(testCodeVA, code, PermRX, "code"))
	must(t, g.Map(testOutVA, 4096, PermRW, "out"))
	l := Launch{Entry: testCodeVA, UserSGPRs: []uint32{lo32(testOutVA), uint32(testOutVA >> 32)}, Rsrc1: 0xf0 << 12,
		Groups: [3]uint32{1, 1, 1}, Block: [3]uint32{1, 1, 1}, Wave32: true}
	read := func() uint32 {
		var b [4]byte
		must(t, g.Read(testOutVA, b[:]))
		return binary.LittleEndian.Uint32(b[:])
	}
	if _, err := g.Dispatch(l); err != nil || read() != 1 {
		t.Fatalf("first run: %v %d", err, read())
	}
	binary.LittleEndian.PutUint32(code, 0x7e020282) // v_mov_b32 v1, 2
	if _, err := g.Dispatch(l); err != nil || read() != 2 {
		t.Fatalf("after the change: %v %d", err, read())
	}
}
