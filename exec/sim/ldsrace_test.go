package sim

import (
	"errors"
	"strings"
	"testing"

	"zincc/pm4"
)

// runLDS runs src over one workgroup of 64 threads (two wave32 waves) with
// 512 bytes of LDS; v0 holds the thread id t.
func runLDS(t *testing.T, src string, mode HazardMode) (Stats, error) {
	t.Helper()
	code, _ := llvmAssemble(t, src+"\n  s_endpgm\n", false)
	g := New(Config{Hazards: mode})
	must(t, g.MapBacking(testCodeVA, code, PermRX, "code"))
	rsrc2, err := pm4.PgmRsrc2{LDSSize: 1}.Pack()
	must(t, err)
	return g.Dispatch(Launch{Entry: testCodeVA, Rsrc2: rsrc2, Groups: [3]uint32{1, 1, 1}, Block: [3]uint32{64, 1, 1}, Wave32: true})
}

// Thread t stores t at LDS 4t, then loads LDS 4((t+32) mod 64), which the
// other wave stored: the shape of every cross-wave reduction.
const (
	ldsExchange = `
  v_lshlrev_b32 v1, 2, v0
  ds_store_b32 v1, v0
  v_add_nc_u32 v2, 32, v0
  v_and_b32 v2, 63, v2
  v_lshlrev_b32 v2, 2, v2
`
	ldsBarrier = "  s_wait_dscnt 0x0\n  s_barrier_signal -1\n  s_barrier_wait -1\n"
	ldsLoad    = "  ds_load_b32 v3, v2\n  s_wait_dscnt 0x0\n"
)

func TestLDSRaces(t *testing.T) {
	for _, c := range []struct {
		name, src   string
		race        string // "" when the kernel is correct
		later, earl int    // waves
	}{
		// Wave 0 runs first here: it loads wave 1's words before wave 1
		// stores them, so the race shows as wave 1's store.
		{"load of another wave's store", ldsExchange + ldsLoad, "wave 1 writes LDS [0x80, 0x81) which wave 0 of the same workgroup read", 1, 0},
		{"with a barrier", ldsExchange + ldsBarrier + ldsLoad, "", 0, 0},
		{"store over another wave's load", "  v_lshlrev_b32 v1, 2, v0\n  v_xor_b32 v2, 32, v0\n  v_lshlrev_b32 v2, 2, v2\n" +
			"  ds_load_b32 v3, v1\n  s_wait_dscnt 0x0\n  ds_store_b32 v2, v0\n", "wave 1 reads LDS [0x80, 0x81) which wave 0 of the same workgroup wrote", 1, 0},
		{"stores of other values to one word", "  v_mov_b32 v1, 0\n  ds_store_b32 v1, v0\n", "wave 1 writes LDS [0x0, 0x1) which wave 0 of the same workgroup wrote", 1, 0},
		{"stores of one value to one word", "  v_mov_b32 v1, 0\n  v_mov_b32 v2, 7\n  ds_store_b32 v1, v2\n", "", 0, 0},
		{"atomics and a load", "  v_mov_b32 v1, 0\n  v_mov_b32 v2, 1\n  ds_add_u32 v1, v2\n  ds_load_b32 v3, v1\n  s_wait_dscnt 0x0\n", "", 0, 0},
		{"a store and atomics", "  v_mov_b32 v1, 0\n  v_mov_b32 v2, 1\n  v_cmp_gt_u32 vcc_lo, 32, v0\n  s_and_saveexec_b32 s0, vcc_lo\n" +
			"  ds_store_b32 v1, v2\n  s_mov_b32 exec_lo, s0\n  v_cmp_le_u32 vcc_lo, 32, v0\n  s_and_saveexec_b32 s0, vcc_lo\n  ds_add_u32 v1, v2\n",
			"wave 1 updates atomically LDS [0x0, 0x1) which wave 0 of the same workgroup wrote", 1, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := runLDS(t, c.src, HazardStop)
			if c.race == "" {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			var h *HazardError
			if !errors.As(err, &h) || !errors.Is(err, ErrHazard) || !h.LDS || h.LaterWave != c.later || h.EarlierWave != c.earl {
				t.Fatalf("want an LDS race of wave %d after wave %d, got %v", c.later, c.earl, err)
			}
			if msg := err.Error(); !strings.HasPrefix(msg, "LDS race: "+c.race) || !strings.Contains(msg, "s_barrier_signal -1") {
				t.Errorf("message %q", msg)
			}
			st, err := runLDS(t, c.src, HazardWarn)
			if err != nil || len(st.Warnings) != 1 || !st.Warnings[0].LDS {
				t.Errorf("warn mode: %v, %v", err, st.Warnings)
			}
			if _, err := runLDS(t, c.src, HazardOff); err != nil {
				t.Errorf("hazards off: %v", err)
			}
		})
	}
}
