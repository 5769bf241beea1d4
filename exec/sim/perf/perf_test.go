package perf

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"io"
	"math"
	"os"
	"strings"
	"testing"

	"zincc/exec/sim"
	"zincc/frontend"
	_ "zincc/internal/golden"
	"zincc/ir"
	"zincc/passes"
)

func parse(t *testing.T, src string) *ir.Module {
	t.Helper()
	m, err := frontend.Parse("test.zir", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if err := passes.Run(m, passes.Options{}); err != nil {
		t.Fatal(err)
	}
	return m
}

func near(a, b float64) bool { return math.Abs(a-b) <= 1e-9*math.Max(math.Abs(a), math.Abs(b)) }

// TestMemoryBoundMatVec: a 65536×64 f32 matvec reads 16 MiB of weights;
// each wave reads one 256-byte row in one round trip, so with 2048
// resident waves latency takes 32 × 0.75 µs = 24 µs, less than the 16 MiB
// at 0.86 × 640 GB/s = 30.5 µs: the model must say DRAM-bound and predict
// exactly bytes / sustained bandwidth + the launch overhead. The 8192
// workgroups are sampled (64 run): the weight lines each touches are its
// own and scale; the x vector all of them read is not streamed.
func TestMemoryBoundMatVec(t *testing.T) {
	m := parse(t, `graph @mv {
  weight %w : f32[65536, 64] = zeros
  weight %x : f32[64] = zeros
  %y = matvec %w, %x
  output %y
}`)
	r, err := Run(m, Options{SampleGroups: 64})
	if err != nil {
		t.Fatal(err)
	}
	// The weights are the DRAM traffic: w's lines are each workgroup's
	// own (scaled), x's are shared by all of them (counted once).
	if len(r.Dispatches) != 1 {
		t.Fatalf("%d dispatches", len(r.Dispatches))
	}
	d := r.Dispatches[0]
	const bytes = 65536*64*4 + 64*4
	mach := R9700()
	want := bytes/(mach.DRAMGBs*1e9*mach.DRAMEff) + mach.LaunchNs*1e-9
	if d.DRAMBytes != bytes || d.Bound != "dram" || !near(d.Time, want) || !near(r.Time, want) {
		t.Errorf("DRAM bytes %.0f (want %d), bound %s, time %.4g s (want %.4g s)", d.DRAMBytes, bytes, d.Bound, d.Time, want)
	}
	if d.GroupsRun != 64 || d.Groups != 8192 {
		t.Errorf("ran %d of %d workgroups, want 64 of 8192", d.GroupsRun, d.Groups)
	}
	if r.FloorBytes != bytes || !near(r.Ratio, want/(bytes/(mach.DRAMGBs*1e9*mach.DRAMEff))) {
		t.Errorf("floor %.0f bytes, ratio %.4f", r.FloorBytes, r.Ratio)
	}
	// One round trip, waiting for the row (256 bytes) and x (256 bytes,
	// also a weight).
	if d.FarTrips != 1 || d.InFlightBytes != 512 {
		t.Errorf("%.2f DRAM round trips per wave with %.0f bytes in flight; want 1 with 512", d.FarTrips, d.InFlightBytes)
	}
}

// TestIssueBound: 8192 wave32 waves of 10000 VALU instructions each on
// 128 SIMDs at 2.92 GHz issue in 8192e4 / (128 × 2.92e9) s = 219.2 µs;
// each wave's own chain is 10000 cycles = 3.42 µs, and 8192 waves over
// 2048 slots queue 4 deep: 13.7 µs. Issue-bound.
func TestIssueBound(t *testing.T) {
	mach := R9700()
	c := Counts{Groups: 1024, GroupsRun: 1024, Waves: 8192, WavesPerGroup: 8, Wave32: true, VGPRs: 24}
	c.Insts[sim.ClassVALU] = 8192 * 10000
	tm := mach.Predict(&c)
	issue := 8192e4 / (128 * 2.92e9)
	if tm.Bound != "issue" || !near(tm.Issue, issue) || !near(tm.Time, issue+mach.LaunchNs*1e-9) {
		t.Errorf("%+v; want issue-bound at %.4g s", tm, issue)
	}
	if lat := 4 * 10000 / 2.92e9; !near(tm.Latency, lat) {
		t.Errorf("latency term %.4g s, want %.4g", tm.Latency, lat)
	}
	// Transcendentals issue at a quarter of the rate; wave64 at half.
	c.Insts[sim.ClassVALU], c.Insts[sim.ClassTrans] = 0, 8192*10000
	if tm := mach.Predict(&c); !near(tm.Issue, 4*issue) {
		t.Errorf("transcendental issue %.4g s, want %.4g", tm.Issue, 4*issue)
	}
	// A barrier before the dispatch adds its cost.
	c.Flushes = 1
	if tm2 := mach.Predict(&c); !near(tm2.Time-tm2.Issue, (mach.LaunchNs+mach.BarrierNs)*1e-9) {
		t.Errorf("overheads %.4g s", tm2.Time-tm2.Issue)
	}
}

// TestLatencyBound: one wave making 16 DRAM round trips (one workgroup)
// takes 16 × 750 ns plus its instructions.
func TestLatencyBound(t *testing.T) {
	mach := R9700()
	c := Counts{Groups: 1, GroupsRun: 1, Waves: 8, WavesPerGroup: 8, Wave32: true, VGPRs: 16, FarTrips: 16, DRAMBytes: 16384}
	c.Insts[sim.ClassVALU] = 8 * 100
	tm := mach.Predict(&c)
	want := 16*750e-9 + 100/2.92e9
	if tm.Bound != "latency" || !near(tm.Latency, want) {
		t.Errorf("%+v; want latency-bound at %.4g s", tm, want)
	}
}

// TestOccupancy checks the waves per SIMD against llc-19's table
// (rdna4-perf.md §1) and the LDS limit.
func TestOccupancy(t *testing.T) {
	mach := R9700()
	for _, c := range []struct {
		vgprs, lds, waves int
		wave32            bool
		want              float64
	}{
		{96, 0, 8, true, 16}, {120, 0, 8, true, 12}, {144, 0, 8, true, 10}, {168, 0, 8, true, 9}, {192, 0, 8, true, 8}, {256, 0, 8, true, 5},
		{32, 0, 4, false, 16}, {64, 0, 4, false, 10}, {96, 0, 4, false, 8}, {128, 0, 4, false, 5}, {256, 0, 4, false, 2},
		{24, 17920, 8, true, 12}, {24, 65536, 8, true, 4},
	} {
		cc := Counts{VGPRs: c.vgprs, LDSBytes: c.lds, WavesPerGroup: c.waves, Wave32: c.wave32}
		if got := mach.WavesPerSIMD(&cc); got != c.want {
			t.Errorf("%d VGPRs, %d LDS bytes, wave32 %v: %v waves per SIMD, want %v", c.vgprs, c.lds, c.wave32, got, c.want)
		}
	}
}

func tinyReport(t *testing.T) *Report {
	t.Helper()
	src, err := os.ReadFile("../../../testdata/tiny_llama.zir")
	if err != nil {
		t.Fatal(err)
	}
	r, err := Run(parse(t, string(src)), Options{Pos: 3, SampleGroups: DefaultSampleGroups, Dedup: true})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestReportShape checks the JSON's fields and the text's labels.
func TestReportShape(t *testing.T) {
	r := tinyReport(t)
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	var got map[string]any
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"label", "graph", "pos", "machine", "dispatches", "by_op", "time_s", "tokens_per_s", "floor_bytes", "floor_s", "ratio", "barriers"} {
		if _, ok := got[k]; !ok {
			t.Errorf("JSON lacks %q", k)
		}
	}
	if got["label"] != Label {
		t.Errorf("label %v", got["label"])
	}
	ds := got["dispatches"].([]any)
	if len(ds) != len(r.Dispatches) || len(ds) == 0 {
		t.Fatalf("%d dispatches in JSON", len(ds))
	}
	d0 := ds[0].(map[string]any)
	for _, k := range []string{"index", "op", "node", "kernel", "groups", "groups_run", "waves", "vgprs", "lds_bytes", "waves_per_simd", "insts",
		"read_bytes", "write_bytes", "dram_bytes", "dram_round_trips_per_wave", "bytes_in_flight_per_wave", "barrier_before", "copy_of",
		"start_s", "time_s", "dram_s", "cache_s", "issue_s", "latency_s", "launch_s", "barrier_s", "bound"} {
		if _, ok := d0[k]; !ok {
			t.Errorf("dispatch JSON lacks %q", k)
		}
	}
	for _, p := range got["machine"].([]any) {
		if p.(map[string]any)["source"] == "" {
			t.Errorf("parameter without a source: %v", p)
		}
	}
	sum := 0.0
	for _, d := range r.Dispatches {
		sum += d.Time
	}
	if !near(sum, r.Time) || r.Ratio <= 1 || r.TokensPerSecond != 1/r.Time {
		t.Errorf("time %.4g (dispatches sum to %.4g), ratio %.3f", r.Time, sum, r.Ratio)
	}
	var text bytes.Buffer
	if err := r.WriteText(&text, true); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{Label, "predicted step time", "memory floor", "ratio to the floor", "matvec", "bound"} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("text lacks %q:\n%s", want, text.String())
		}
	}
}

// TestSVG checks that the timeline is well-formed XML with one bar per
// dispatch per row it is drawn on, and says it is a model.
func TestSVG(t *testing.T) {
	r := tinyReport(t)
	var b bytes.Buffer
	if err := r.WriteSVG(&b); err != nil {
		t.Fatal(err)
	}
	svg := b.String()
	if !strings.Contains(svg, Label) {
		t.Errorf("SVG does not say %q", Label)
	}
	dec := xml.NewDecoder(&b)
	titles, root := 0, ""
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("SVG is not well-formed: %v", err)
		}
		if se, ok := tok.(xml.StartElement); ok {
			if root == "" {
				root = se.Name.Local
			}
			if se.Name.Local == "title" {
				titles++
			}
		}
	}
	if root != "svg" || titles != 2*len(r.Dispatches) {
		t.Errorf("root <%s>, %d bar titles for %d dispatches", root, titles, len(r.Dispatches))
	}
}

// TestParamsDocumented: every parameter has a source and a row in
// docs/perf-model.md, and Set changes it.
func TestParamsDocumented(t *testing.T) {
	doc, err := os.ReadFile("../../../docs/perf-model.md")
	if err != nil {
		t.Fatal(err)
	}
	m := R9700()
	for _, p := range m.Table() {
		if p.Source == "" || p.Value <= 0 {
			t.Errorf("parameter %s: value %v, source %q", p.Name, p.Value, p.Source)
		}
		if !strings.Contains(string(doc), "`"+p.Name+"`") {
			t.Errorf("docs/perf-model.md lacks `%s`", p.Name)
		}
	}
	if err := m.Set("dram_latency_ns=500"); err != nil || m.DRAMLatencyNs != 500 {
		t.Errorf("Set: %v, %v", err, m.DRAMLatencyNs)
	}
	for _, bad := range []string{"nope=1", "dram_gbs", "dram_gbs=-1", "dram_gbs=x"} {
		if err := m.Set(bad); err == nil {
			t.Errorf("Set(%q) accepted", bad)
		}
	}
}

// TestFloorBytes: weights once (the embedding table one row), attention
// rows 0..pos of each state, kv_store one row.
func TestFloorBytes(t *testing.T) {
	m := parse(t, `graph @f {
  input %tok : u32
  input %pos : u32
  weight %emb : f32[100, 8] = zeros
  weight %w : f16[8, 8] = zeros
  state %k : f16[16, 8]
  state %v : f16[16, 8]
  %x = embed %emb, %tok
  %y = matvec %w, %x
  %z = matvec %w, %y
  kv_store %k, %z, %pos
  kv_store %v, %z, %pos
  %a = attention %z, %k, %v, %pos {heads = 1}
  output %a
}`)
	want := 8*4.0 + 8*8*2 + 2*(16) + 2*(5*16)
	if got := FloorBytes(m, 4); got != want {
		t.Errorf("floor %v bytes, want %v", got, want)
	}
}
