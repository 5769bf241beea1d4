package sim

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"zincc/pm4"
)

// Kernels for the race checker: one 32-thread wave per workgroup, the
// buffer's address in s[0:1], the workgroup id in ttmp9; every lane does
// the same thing, so only workgroups differ.
const (
	// Workgroup g reads buf[g+1], then writes buf[g] = g: workgroup 1
	// overwrites what workgroup 0 read (write after read).
	raceWAR = `
  s_lshl_b32 s2, ttmp9, 2
  v_mov_b32 v0, s2
  global_load_b32 v1, v0, s[0:1] offset:4
  s_wait_loadcnt 0
  v_mov_b32 v2, ttmp9
  global_store_b32 v0, v2, s[0:1]
  s_endpgm
`
	// Workgroup g writes buf[g] = g, then reads buf[g-1]: workgroup 1
	// reads what workgroup 0 wrote (read after write).
	raceRAW = `
  s_lshl_b32 s2, ttmp9, 2
  v_mov_b32 v0, s2
  v_mov_b32 v2, ttmp9
  global_store_b32 v0, v2, s[0:1]
  global_load_b32 v1, v0, s[0:1] offset:-4
  s_wait_loadcnt 0
  s_endpgm
`
	// Every workgroup writes its id to buf[0].
	raceStoreID = `
  v_mov_b32 v0, 0
  v_mov_b32 v2, ttmp9
  global_store_b32 v0, v2, s[0:1]
  s_endpgm
`
	// Every workgroup writes 7 to buf[0]: the same value, no race.
	raceStoreSame = `
  v_mov_b32 v0, 0
  v_mov_b32 v2, 7
  global_store_b32 v0, v2, s[0:1]
  s_endpgm
`
	// Every workgroup adds 1 to buf[0] atomically, then reads buf[1]
	// plainly and adds it to buf[2] atomically: no race.
	raceAtomics = `
  v_mov_b32 v0, 0
  v_mov_b32 v1, 1
  global_atomic_add_u32 v0, v1, s[0:1]
  global_load_b32 v2, v0, s[0:1] offset:4
  s_wait_loadcnt 0
  global_atomic_add_u32 v0, v2, s[0:1] offset:8
  s_endpgm
`
	// Workgroup 0 stores to buf[0]; the others add to it atomically.
	raceMixed = `
  v_mov_b32 v0, 0
  v_mov_b32 v1, 1
  s_cmp_eq_u32 ttmp9, 0
  s_cbranch_scc0 .Latomic
  global_store_b32 v0, v1, s[0:1]
  s_endpgm
.Latomic:
  global_atomic_add_u32 v0, v1, s[0:1]
  s_endpgm
`
	// An atomic load (scope:SCOPE_DEV, what LLVM emits for a monotonic
	// agent-scope load) of buf[0], which the other workgroups update
	// atomically, followed by a plain load of it: no race.
	raceScopedLoad = `
  v_mov_b32 v0, 0
  v_mov_b32 v1, 1
  global_load_b32 v2, v0, s[0:1] scope:SCOPE_DEV
  s_wait_loadcnt 0
  global_atomic_add_u32 v0, v1, s[0:1]
  s_endpgm
`
)

// runRace runs src over groups workgroups on a 64-byte buffer "buf" (the
// kernel sees it 16 bytes in) with the given hazard mode.
func runRace(t *testing.T, src string, groups uint32, mode HazardMode) (Stats, error) {
	t.Helper()
	code, _ := llvmAssemble(t, src, false)
	g := New(Config{Hazards: mode})
	must(t, g.MapBacking(testCodeVA, code, PermRX, "code"))
	must(t, g.Map(testOutVA, 64, PermRW, "buf"))
	rsrc2, err := pm4.PgmRsrc2{UserSGPR: 2, TGIDXEn: true}.Pack()
	must(t, err)
	buf := uint64(testOutVA + 16)
	return g.Dispatch(Launch{Entry: testCodeVA, Rsrc2: rsrc2, UserSGPRs: []uint32{uint32(buf), uint32(buf >> 32)},
		Groups: [3]uint32{groups, 1, 1}, Block: [3]uint32{32, 1, 1}, Wave32: true})
}

func TestWorkgroupRaces(t *testing.T) {
	buf := uint64(testOutVA + 16)
	for _, c := range []struct {
		name, src                string
		laterAccess, earlierWhat string
		lo                       uint64
		laterGroup, earlierGroup uint32
	}{
		{"write after read", raceWAR, "writes", "read", buf + 4, 1, 0},
		{"read after write", raceRAW, "reads", "wrote", buf, 1, 0},
		{"stores of other values", raceStoreID, "writes", "wrote", buf, 1, 0},
		{"store and atomics", raceMixed, "updates atomically", "wrote", buf, 1, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := runRace(t, c.src, 3, HazardStop)
			var h *HazardError
			if !errors.As(err, &h) || !errors.Is(err, ErrHazard) || !h.Race {
				t.Fatalf("want a race between workgroups, got %v", err)
			}
			if h.Lo != c.lo || h.Hi != c.lo+4 || h.LaterGroup != [3]uint32{c.laterGroup, 0, 0} ||
				h.EarlierGroup != [3]uint32{c.earlierGroup, 0, 0} || h.Mapping != "buf" {
				t.Errorf("race %+v: want [%#x, %#x) in buf, workgroup %d after %d", h, c.lo, c.lo+4, c.laterGroup, c.earlierGroup)
			}
			want := fmt.Sprintf("memory race: workgroup (%d,0,0) of dispatch 0", c.laterGroup)
			if msg := err.Error(); !strings.HasPrefix(msg, want) || !strings.Contains(msg, c.laterAccess) ||
				!strings.Contains(msg, fmt.Sprintf("which workgroup (%d,0,0) of the same dispatch %s", c.earlierGroup, c.earlierWhat)) {
				t.Errorf("message %q", msg)
			}
		})
	}
	for _, c := range []struct{ name, src string }{
		{"stores of the same value", raceStoreSame},
		{"atomics and plain loads of what they update", raceAtomics},
		{"atomic loads", raceScopedLoad},
		{"one workgroup", raceStoreID},
	} {
		t.Run("no race/"+c.name, func(t *testing.T) {
			groups := uint32(3)
			if c.name == "one workgroup" {
				groups = 1
			}
			if _, err := runRace(t, c.src, groups, HazardStop); err != nil {
				t.Fatal(err)
			}
		})
	}
	t.Run("warn", func(t *testing.T) {
		st, err := runRace(t, raceStoreID, 3, HazardWarn)
		if err != nil || len(st.Warnings) != 1 || !st.Warnings[0].Race {
			t.Fatalf("err %v, warnings %v", err, st.Warnings)
		}
		if st.Workgroups != 3 {
			t.Errorf("%d workgroups ran; a warning must not stop the dispatch", st.Workgroups)
		}
	})
	t.Run("off", func(t *testing.T) {
		if st, err := runRace(t, raceStoreID, 3, HazardOff); err != nil || len(st.Warnings) != 0 {
			t.Fatalf("err %v, warnings %v", err, st.Warnings)
		}
	})
}
