package perf

import (
	"strings"
	"testing"
)

// TestSplitAttentionModel logs the modelled attention time of the
// 8B-shaped step at positions 64, 2048 and 16000 (docs/perf-model.md,
// "Split attention") and holds the split dispatch, where it reads more
// than a few rows, within 1.25x of its K and V bytes at the sustained
// bandwidth. Every attention workgroup runs (512 of them). A model, not
// a measurement.
func TestSplitAttentionModel(t *testing.T) {
	if testing.Short() {
		t.Skip("profiles three 32-layer steps")
	}
	mach := R9700()
	for _, c := range []struct{ ctx, pos int }{{4096, 64}, {4096, 2048}, {16112, 16000}} {
		m := llamaModule(t, llama8BQ4KM(c.ctx))
		r, err := Run(m, Options{Pos: c.pos, SampleGroups: 512, Dedup: true})
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range r.ByOp {
			if s.Op == "attention" {
				t.Logf("%s: 8B ctx %d pos %d: attention %.3f ms over %d dispatches; step %.2f ms, floor %.2f ms",
					Label, c.ctx, c.pos, s.Time*1e3, s.Dispatches, r.Time*1e3, r.FloorTime*1e3)
			}
		}
		// KV rows 0..pos of one layer: 8 KV heads of 128 f16, K and V.
		kv := float64(c.pos+1) * 8 * 128 * 2 * 2
		floor := kv / (mach.DRAMGBs * 1e9 * mach.DRAMEff)
		for _, d := range r.Dispatches {
			if !strings.HasPrefix(d.Kernel, "zincc_attention_split_") || d.CopyOf >= 0 {
				continue
			}
			t.Logf("  %s: %.2f us, %.2f MB from DRAM, %.1f DRAM round trips a wave; the KV bytes at sustained bandwidth take %.2f us",
				d.Kernel, d.Time*1e6, d.DRAMBytes/1e6, d.FarTrips, floor*1e6)
			if c.pos >= 2048 && d.Time > 1.25*floor {
				t.Errorf("pos %d: the split attention takes %.2f us, more than 1.25x its %.2f us of KV bytes", c.pos, d.Time*1e6, floor*1e6)
			}
		}
	}
}
