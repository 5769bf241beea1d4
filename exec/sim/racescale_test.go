package sim

import (
	"errors"
	"strings"
	"testing"
	"time"

	"zincc/pm4"
)

// runRaceConfig is runRace with a chosen Config.
func runRaceConfig(t *testing.T, src string, groups uint32, cfg Config) (Stats, error) {
	t.Helper()
	code, _ := llvmAssemble(t, src, false)
	g := New(cfg)
	must(t, g.MapBacking(testCodeVA, code, PermRX, "code"))
	must(t, g.Map(testOutVA, 64, PermRW, "buf"))
	rsrc2, err := pm4.PgmRsrc2{UserSGPR: 2, TGIDXEn: true}.Pack()
	must(t, err)
	buf := uint64(testOutVA + 16)
	return g.Dispatch(Launch{Entry: testCodeVA, Rsrc2: rsrc2, UserSGPRs: []uint32{uint32(buf), uint32(buf >> 32)},
		Groups: [3]uint32{groups, 1, 1}, Block: [3]uint32{32, 1, 1}, Wave32: true})
}

// Issue 17 item 4: the race checker compared each workgroup with every
// earlier one, so a kernel storing the same values took 1.1 s at 10,000
// workgroups and more than 60 s at 100,000. Now near-linear.
func TestRaceCheckerLinearInWorkgroups(t *testing.T) {
	if testing.Short() {
		t.Skip("100,000 workgroups")
	}
	start := time.Now()
	if _, err := runRaceConfig(t, raceStoreSame, 100000, Config{}); err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d > 30*time.Second {
		t.Errorf("100,000 workgroups storing the same value took %v", d)
	}
}

// The image of written bytes must still catch the one workgroup, after
// many agreeing ones, that stores another value.
func TestRaceCheckerLastWorkgroupDiffers(t *testing.T) {
	const src = `
  v_mov_b32 v0, 0
  v_mov_b32 v2, 7
  s_cmp_eq_u32 ttmp9, 4999
  s_cbranch_scc0 .Lstore
  v_mov_b32 v2, 8
.Lstore:
  global_store_b32 v0, v2, s[0:1]
  s_endpgm
`
	_, err := runRaceConfig(t, src, 5000, Config{})
	var h *HazardError
	if !errors.As(err, &h) || !h.Race || h.LaterGroup != [3]uint32{4999, 0, 0} {
		t.Fatalf("err = %v, want a race of workgroup 4999", err)
	}
}

// Issue 17 item 4: the watchdog counted instructions only; a huge grid of
// tiny workgroups ran unbounded. Config.MaxWall bounds the wall time.
func TestWatchdogBoundsWallTime(t *testing.T) {
	start := time.Now()
	_, err := runRaceConfig(t, raceStoreSame, 1<<30, Config{MaxWall: 50 * time.Millisecond})
	var h *HangError
	if !errors.As(err, &h) || !strings.Contains(h.Reason, "wall-clock bound of 50ms") {
		t.Fatalf("err = %v, want a wall-clock hang", err)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("the 50 ms bound stopped the dispatch after %v", d)
	}
}
