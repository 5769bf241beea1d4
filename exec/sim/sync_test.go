package sim

import (
	"encoding/binary"
	"errors"
	"strings"
	"testing"

	"zincc/pm4"
)

// lastArrival is a kernel in which every workgroup (one wave) stores
// buf[1+g] = 100+g, then counts itself in at buf[0] with a returning
// atomic at device scope; the workgroup that arrives last (the atomic
// returns 2, of 3) reads buf[1] and buf[2], which the others wrote, and
// stores their sum at buf[8]. REL and ACQ are replaced by the release
// and acquire sequences (or by less, to see the race reported).
const lastArrival = `
  s_lshl_b32 s2, ttmp9, 2
  v_mov_b32 v0, s2
  v_add_nc_u32 v2, ttmp9, 100
  global_store_b32 v0, v2, s[0:1] offset:4
REL
  v_mov_b32 v3, 0
  v_mov_b32 v4, 1
  s_mov_b32 exec_lo, 1
  global_atomic_add_u32 v5, v3, v4, s[0:1] th:TH_ATOMIC_RETURN scope:SCOPE_DEV
ACQ1
  s_wait_loadcnt 0
ACQ2
  v_readfirstlane_b32 s3, v5
  s_cmp_eq_u32 s3, 2
  s_cbranch_scc0 .Lend
  global_load_b32 v6, v3, s[0:1] offset:4
  global_load_b32 v7, v3, s[0:1] offset:8
  s_wait_loadcnt 0
  v_add_nc_u32 v6, v6, v7
  global_store_b32 v3, v6, s[0:1] offset:32
.Lend:
  s_endpgm
`

// The release and acquire of AMDGPUUsage's GFX12 table at agent scope
// (what llc-19 emits for gfx1201, testdata/llvm/release_acquire.ll).
const (
	releaseSeq = "  global_wb scope:SCOPE_DEV\n  s_wait_storecnt 0\n"
	acquireSeq = "  global_inv scope:SCOPE_DEV\n"
)

func lastArrivalKernel(rel, acq1, acq2 string) string {
	return strings.NewReplacer("REL\n", rel, "ACQ1\n", acq1, "ACQ2\n", acq2).Replace(lastArrival)
}

// runSync runs src over three workgroups of block threads on the race
// checker's buffer (zeroed) and returns the buffer.
func runSync(t *testing.T, src string, block uint32) ([]byte, error) {
	t.Helper()
	code, _ := llvmAssemble(t, src, false)
	g := New(Config{Hazards: HazardStop})
	must(t, g.MapBacking(testCodeVA, code, PermRX, "code"))
	must(t, g.Map(testOutVA, 64, PermRW, "buf"))
	rsrc2, err := pm4.PgmRsrc2{UserSGPR: 2, TGIDXEn: true, LDSSize: 1}.Pack()
	must(t, err)
	buf := uint64(testOutVA + 16)
	_, err = g.Dispatch(Launch{Entry: testCodeVA, Rsrc2: rsrc2, UserSGPRs: []uint32{uint32(buf), uint32(buf >> 32)},
		Groups: [3]uint32{3, 1, 1}, Block: [3]uint32{block, 1, 1}, Wave32: true})
	out := make([]byte, 48)
	if rerr := g.Read(buf, out); rerr != nil {
		t.Fatal(rerr)
	}
	return out, err
}

func TestReleaseAcquire(t *testing.T) {
	buf := uint64(testOutVA + 16)
	t.Run("ordered", func(t *testing.T) {
		out, err := runSync(t, lastArrivalKernel(releaseSeq, "", acquireSeq), 32)
		if err != nil {
			t.Fatal(err)
		}
		if got := binary.LittleEndian.Uint32(out[32:]); got != 100+101 {
			t.Fatalf("the last workgroup stored %d; want 201", got)
		}
	})
	for _, c := range []struct{ name, rel, acq1, acq2 string }{
		{"no release", "", "", acquireSeq},
		{"no global_wb", "  s_wait_storecnt 0\n", "", acquireSeq},
		{"no wait for the stores", "  global_wb scope:SCOPE_DEV\n", "", acquireSeq},
		{"release at workgroup scope", "  global_wb scope:SCOPE_SE\n  s_wait_storecnt 0\n", "", acquireSeq},
		{"no acquire", releaseSeq, "", ""},
		{"acquire before the value arrived", releaseSeq, acquireSeq, ""},
		{"acquire at workgroup scope", releaseSeq, "", "  global_inv scope:SCOPE_SE\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := runSync(t, lastArrivalKernel(c.rel, c.acq1, c.acq2), 32)
			var h *HazardError
			if !errors.As(err, &h) || !h.Race {
				t.Fatalf("want a race, got %v", err)
			}
			if h.LaterGroup != [3]uint32{2, 0, 0} || h.EarlierGroup != [3]uint32{0, 0, 0} || h.Lo != buf+4 || h.LaterAccess != AccessRead {
				t.Errorf("race %+v: want workgroup 2 reading buf[1], which workgroup 0 wrote", h)
			}
		})
	}
}

// crossWave is lastArrival with two waves per workgroup: wave 1 stores
// the value and releases (REL), a workgroup barrier, then wave 0 counts
// the workgroup in and, if last, passes the word through LDS; after a
// second barrier wave 1 acquires (ACQ) and reads.
const crossWave = `
  v_readfirstlane_b32 s4, v0
  s_cmp_lt_u32 s4, 32
  s_cbranch_scc1 .Lw0
  s_lshl_b32 s2, ttmp9, 2
  v_mov_b32 v1, s2
  v_add_nc_u32 v2, ttmp9, 100
  global_store_b32 v1, v2, s[0:1] offset:4
REL
  s_barrier_signal -1
  s_barrier_wait -1
  s_barrier_signal -1
  s_barrier_wait -1
  v_mov_b32 v3, 0
  ds_load_b32 v5, v3
  s_wait_dscnt 0
  v_readfirstlane_b32 s3, v5
  s_cmp_eq_u32 s3, 2
  s_cbranch_scc0 .Lend
ACQ
  global_load_b32 v6, v3, s[0:1] offset:4
  global_load_b32 v7, v3, s[0:1] offset:8
  s_wait_loadcnt 0
  v_add_nc_u32 v6, v6, v7
  global_store_b32 v3, v6, s[0:1] offset:32
  s_endpgm
.Lw0:
  s_barrier_signal -1
  s_barrier_wait -1
  v_mov_b32 v3, 0
  v_mov_b32 v4, 1
  s_mov_b32 exec_lo, 1
  global_atomic_add_u32 v5, v3, v4, s[0:1] th:TH_ATOMIC_RETURN scope:SCOPE_DEV
  s_wait_loadcnt 0
  ds_store_b32 v3, v5
  s_wait_dscnt 0
  s_barrier_signal -1
  s_barrier_wait -1
.Lend:
  s_endpgm
`

// Release and acquire by waves other than the one doing the atomic,
// through workgroup barriers, as the fused attention does it.
func TestReleaseAcquireAcrossWaves(t *testing.T) {
	k := func(rel, acq string) string {
		return strings.NewReplacer("REL\n", rel, "ACQ\n", acq).Replace(crossWave)
	}
	out, err := runSync(t, k(releaseSeq, acquireSeq), 64)
	if err != nil {
		t.Fatal(err)
	}
	if got := binary.LittleEndian.Uint32(out[32:]); got != 201 {
		t.Fatalf("the last workgroup stored %d; want 201", got)
	}
	for name, src := range map[string]string{"no release": k("", acquireSeq), "no acquire": k(releaseSeq, "")} {
		t.Run(name, func(t *testing.T) {
			_, err := runSync(t, src, 64)
			var h *HazardError
			if !errors.As(err, &h) || !h.Race || h.LaterGroup != [3]uint32{2, 0, 0} {
				t.Fatalf("want a race in workgroup 2, got %v", err)
			}
		})
	}
}
