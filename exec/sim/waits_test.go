package sim

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"zincc/pm4"
)

// runWaits runs src as one wave32 workgroup with a 256-byte buffer at
// s[0:1] and 64 bytes of LDS.
func runWaits(t *testing.T, src string, mode HazardMode) error {
	t.Helper()
	code, _ := llvmAssemble(t, src+"\n  s_endpgm\n", false)
	g := New(Config{Hazards: mode})
	must(t, g.MapBacking(testCodeVA, code, PermRX, "code"))
	must(t, g.Map(testOutVA, 256, PermRW, "buf"))
	rsrc2, err := pm4.PgmRsrc2{UserSGPR: 2, LDSSize: 1}.Pack()
	must(t, err)
	buf := uint64(testOutVA)
	_, err = g.Dispatch(Launch{Entry: testCodeVA, Rsrc2: rsrc2, UserSGPRs: []uint32{uint32(buf), uint32(buf >> 32)},
		Groups: [3]uint32{1, 1, 1}, Block: [3]uint32{32, 1, 1}, Wave32: true})
	return err
}

func TestMissingWaits(t *testing.T) {
	const vload = "  v_mov_b32 v0, 0\n  global_load_b32 v1, v0, s[0:1]\n  global_load_b64 v[2:3], v0, s[0:1] offset:8\n"
	const sload = "  s_load_b32 s4, s[0:1], 0x0\n  s_load_b32 s5, s[0:1], 0x4\n"
	const dsload = "  v_mov_b32 v0, 0\n  ds_load_b32 v1, v0\n  ds_store_b32 v0, v0 offset:4\n"
	for _, c := range []struct {
		name, src string
		regs      string // "" when the kernel is correct
		write     bool
		waits     string
	}{
		{"vector load read at once", vload + "  v_add_nc_u32 v4, v1, 1", "v1", false, "s_wait_loadcnt"},
		{"vector load overwritten at once", vload + "  v_mov_b32 v2, 0", "v2", true, "s_wait_loadcnt"},
		{"vector loads waited for", vload + "  s_wait_loadcnt 0x0\n  v_add_nc_u32 v4, v3, v1", "", false, ""},
		{"older vector load waited for", vload + "  s_wait_loadcnt 0x1\n  v_add_nc_u32 v4, v1, 1", "", false, ""},
		{"newer vector load not waited for", vload + "  s_wait_loadcnt 0x1\n  v_add_nc_u32 v4, v3, 1", "v3", false, "s_wait_loadcnt"},
		{"vector load as a store's data", vload + "  global_store_b32 v0, v1, s[0:1] offset:64", "v1", false, "s_wait_loadcnt"},
		{"load over an earlier load's register", vload + "  global_load_b32 v1, v0, s[0:1] offset:4\n  s_wait_loadcnt 0x0\n  v_mov_b32 v5, v1", "", false, ""},
		{"scalar load read at once", sload + "  s_add_co_u32 s6, s4, 1", "s4", false, "s_wait_kmcnt"},
		{"scalar loads return in any order", sload + "  s_wait_kmcnt 0x1\n  s_add_co_u32 s6, s4, 1", "s4", false, "s_wait_kmcnt"},
		{"scalar loads waited for", sload + "  s_wait_kmcnt 0x0\n  s_add_co_u32 s6, s4, s5", "", false, ""},
		{"scalar load as a vector operand", sload + "  v_mov_b32 v4, s5", "s5", false, "s_wait_kmcnt"},
		{"LDS load read at once", dsload + "  v_mov_b32 v4, v1", "v1", false, "s_wait_dscnt"},
		{"LDS load older than the store waited for", dsload + "  s_wait_dscnt 0x1\n  v_mov_b32 v4, v1", "", false, ""},
		{"combined wait: dscnt in bits 5:0", dsload + "  s_wait_loadcnt_dscnt 0x3f00\n  v_mov_b32 v4, v1", "", false, ""},
		{"combined wait: loadcnt in bits 13:8", vload + "  s_wait_loadcnt_dscnt 0x3f00\n  v_mov_b32 v4, v1", "v1", false, "s_wait_loadcnt"},
		{"combined wait: loadcnt 0", vload + "  s_wait_loadcnt_dscnt 0x003f\n  v_mov_b32 v4, v1", "", false, ""},
		{"combined wait for both", vload + "  s_wait_loadcnt_dscnt 0x0\n  v_mov_b32 v4, v1", "", false, ""},
		{"waits on another counter do not help", vload + "  s_wait_dscnt 0x0\n  s_wait_kmcnt 0x0\n  v_mov_b32 v4, v1", "v1", false, "s_wait_loadcnt"},
		{"a returning atomic", "  v_mov_b32 v0, 0\n  v_mov_b32 v1, 1\n  global_atomic_add_u32 v2, v0, v1, s[0:1] th:TH_ATOMIC_RETURN\n  v_mov_b32 v4, v2", "v2", false, "s_wait_loadcnt"},
		{"a non-returning atomic", "  v_mov_b32 v0, 0\n  v_mov_b32 v1, 1\n  global_atomic_add_u32 v0, v1, s[0:1]\n  v_mov_b32 v4, v1", "", false, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := runWaits(t, c.src, HazardStop)
			if c.regs == "" {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			var we *WaitError
			if !errors.As(err, &we) || !errors.Is(err, ErrMissingWait) {
				t.Fatalf("want a missing wait on %s, got %v", c.regs, err)
			}
			if we.Regs != c.regs || we.Write != c.write || strings.Join(we.Waits, " ") != c.waits {
				t.Errorf("got %+v; want %s (write %v), %s", we, c.regs, c.write, c.waits)
			}
			if msg := err.Error(); !strings.HasPrefix(msg, "missing wait: ") || !strings.Contains(msg, fmt.Sprintf("wait with %s first", c.waits)) {
				t.Errorf("message %q", msg)
			}
			if err := runWaits(t, c.src, HazardOff); err != nil {
				t.Errorf("with hazards off: %v", err)
			}
		})
	}
}
