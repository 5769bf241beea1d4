package perf

import (
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"
	"text/tabwriter"

	"zincc/exec/sim"
	"zincc/ir"
	"zincc/lower/gfx1201"
)

// Report is the model of one decode step. Times are seconds, bytes bytes.
type Report struct {
	Label        string `json:"label"` // always Label
	Graph        string `json:"graph"`
	Pos          int    `json:"pos"`
	SampleGroups int    `json:"sample_groups"` // 0: every workgroup ran
	// Copied counts the dispatches whose counts were copied from an
	// identical earlier one (Options.Dedup).
	Copied int `json:"copied"`
	// Sampled counts the dispatches (that ran) whose workgroups were
	// sampled.
	Sampled int     `json:"sampled"`
	Machine []Param `json:"machine"`

	Dispatches []Dispatch  `json:"dispatches"`
	ByOp       []OpSummary `json:"by_op"`

	// Time is the step's predicted time; TokensPerSecond its inverse.
	Time            float64 `json:"time_s"`
	TokensPerSecond float64 `json:"tokens_per_s"`
	// FloorBytes is the DRAM traffic the step cannot avoid (FloorBytes)
	// and FloorTime that at sustained bandwidth; Ratio is Time/FloorTime.
	FloorBytes float64 `json:"floor_bytes"`
	FloorTime  float64 `json:"floor_s"`
	Ratio      float64 `json:"ratio"`
	// DRAMBytes sums the dispatches' modelled DRAM traffic.
	DRAMBytes float64 `json:"dram_bytes"`
	Barriers  int     `json:"barriers"`
	// EmulatorSeconds is how long the emulator took (a measurement of
	// the emulator, not of a GPU).
	EmulatorSeconds float64 `json:"emulator_s"`
}

// Dispatch is one dispatch's counts and modelled time.
type Dispatch struct {
	Index  int    `json:"index"`
	Op     string `json:"op"`
	Node   string `json:"node"` // the IR statement: "%q0 = matvec"
	Line   int    `json:"line,omitempty"`
	Kernel string `json:"kernel"`
	// Groups, GroupsRun: workgroups in the grid and those the emulator ran.
	Groups       uint64             `json:"groups"`
	GroupsRun    uint64             `json:"groups_run"`
	Waves        float64            `json:"waves"`
	VGPRs        int                `json:"vgprs"`
	LDSBytes     int                `json:"lds_bytes"`
	WavesPerSIMD float64            `json:"waves_per_simd"`
	Insts        map[string]float64 `json:"insts"` // wave instructions by class, all waves
	ReadBytes    float64            `json:"read_bytes"`
	WriteBytes   float64            `json:"write_bytes"`
	DRAMBytes    float64            `json:"dram_bytes"`
	// Per wave: DRAM and cache round trips, bytes in flight at a DRAM one.
	FarTrips      float64 `json:"dram_round_trips_per_wave"`
	NearTrips     float64 `json:"cache_round_trips_per_wave"`
	InFlightBytes float64 `json:"bytes_in_flight_per_wave"`
	Barrier       bool    `json:"barrier_before"`
	// CopyOf is the index of the earlier dispatch whose counts this one
	// took (Options.Dedup), or -1: it ran.
	CopyOf int     `json:"copy_of"`
	Start  float64 `json:"start_s"`
	Terms
}

// OpSummary totals the dispatches of one op kind.
type OpSummary struct {
	Op         string  `json:"op"`
	Dispatches int     `json:"dispatches"`
	Time       float64 `json:"time_s"`
	Share      float64 `json:"share"`
	DRAMBytes  float64 `json:"dram_bytes"`
	FloorBytes float64 `json:"floor_bytes"`
}

func build(exe *gfx1201.Executable, st *sim.Stats, mach *Machine, opts Options, copyOf []int) *Report {
	m := exe.Module
	r := &Report{Label: Label, Graph: m.Name, Pos: opts.Pos, SampleGroups: opts.SampleGroups, Machine: mach.Table()}
	byOp := map[string]*OpSummary{}
	var order []string
	floorBytes, floorByNode := floor(m, opts.Pos)
	now := 0.0
	for i := range st.PerDispatch {
		ds := &st.PerDispatch[i]
		if ds.Profile == nil {
			continue
		}
		c := CountsOf(ds)
		t := mach.Predict(&c)
		d := Dispatch{Index: i, Kernel: ds.KernelName, Groups: c.Groups, GroupsRun: c.GroupsRun, Waves: c.Waves,
			VGPRs: c.VGPRs, LDSBytes: c.LDSBytes, WavesPerSIMD: mach.WavesPerSIMD(&c), Insts: map[string]float64{},
			ReadBytes: c.ReadBytes, WriteBytes: c.WriteBytes, DRAMBytes: c.DRAMBytes,
			FarTrips: c.FarTrips, NearTrips: c.NearTrips, InFlightBytes: c.InFlightBytes,
			Barrier: ds.Flushes > 0, Start: now, Terms: t, CopyOf: -1}
		if i < len(copyOf) {
			d.CopyOf = copyOf[i]
			if d.CopyOf >= 0 {
				r.Copied++
			} else if d.GroupsRun < d.Groups {
				r.Sampled++
			}
		}
		for k, n := range c.Insts {
			if n > 0 {
				d.Insts[sim.ClassNames[k]] = n
			}
		}
		var nodes []*ir.Node // the statements the dispatch implements
		if i < len(exe.Dispatches) {
			nodes = m.Nodes[exe.Dispatches[i].Node : exe.Dispatches[i].Last()+1]
			n := nodes[0]
			d.Op, d.Line = dispatchKind(nodes), n.Pos.Line
			d.Node = n.Op.Name
			if n.Result != nil {
				d.Node = n.Result.Ref() + " = " + n.Op.Name
			} else if len(n.Args) > 0 {
				d.Node = n.Op.Name + " " + n.Args[0].Ref()
			}
			for _, o := range nodes[1:] { // a grouped or folded dispatch's others
				d.Node += ", " + o.Result.Ref()
			}
		}
		now += t.Time
		r.Barriers += ds.Flushes
		r.DRAMBytes += c.DRAMBytes
		s := byOp[d.Op]
		if s == nil {
			s = &OpSummary{Op: d.Op}
			byOp[d.Op] = s
			order = append(order, d.Op)
		}
		s.Dispatches++
		s.Time += t.Time
		s.DRAMBytes += c.DRAMBytes
		for _, n := range nodes {
			s.FloorBytes += floorByNode[n]
		}
		r.Dispatches = append(r.Dispatches, d)
	}
	r.Time = now
	if now > 0 {
		r.TokensPerSecond = 1 / now
	}
	r.FloorBytes = floorBytes
	r.FloorTime = r.FloorBytes / (mach.DRAMGBs * 1e9 * mach.DRAMEff)
	if r.FloorTime > 0 {
		r.Ratio = r.Time / r.FloorTime
	}
	for _, op := range order {
		s := byOp[op]
		s.Share = s.Time / now
		r.ByOp = append(r.ByOp, *s)
	}
	sort.SliceStable(r.ByOp, func(i, j int) bool { return r.ByOp[i].Time > r.ByOp[j].Time })
	return r
}

// dispatchKind names what a dispatch computes for the summary by op: its
// statements' ops in order, each once ("matvec" for a group of matvecs,
// "rms_norm_quantize+matvec" for a norm folded into their dispatch).
func dispatchKind(nodes []*ir.Node) string {
	var ops []string
	for _, n := range nodes {
		if !slices.Contains(ops, n.Op.Name) {
			ops = append(ops, n.Op.Name)
		}
	}
	return strings.Join(ops, "+")
}

func us(s float64) string { return fmt.Sprintf("%.2f", s*1e6) }

func mb(b float64) string { return fmt.Sprintf("%.2f", b/1e6) }

// WriteText prints the report: the label, the per-dispatch table (when
// perDispatch), the summary by op and the totals.
func (r *Report) WriteText(w io.Writer, perDispatch bool) error {
	bw := &errWriter{w: w}
	fmt.Fprintf(bw, "%s — gfx1201 R9700 cost model of one step of @%s at pos %d\n", Label, r.Graph, r.Pos)
	if r.Sampled > 0 {
		fmt.Fprintf(bw, "(%d dispatches have more than %d workgroups and were sampled: %d evenly spaced workgroups ran, counts scaled; 'groups' shows ran/all)\n",
			r.Sampled, r.SampleGroups, r.SampleGroups)
	}
	if r.Copied > 0 {
		fmt.Fprintf(bw, "(%d dispatches launch the same kernel on the same grid for the same op, operand types and attributes as an earlier one: that one's counts are used; 'node' shows =#N)\n", r.Copied)
	}
	if perDispatch {
		fmt.Fprintln(bw)
		tw := tabwriter.NewWriter(bw, 0, 0, 1, ' ', tabwriter.AlignRight)
		fmt.Fprintln(tw, "#\tnode\tkernel\tgroups\twaves/SIMD\tVGPRs\tLDS\tMB read\tMB DRAM\tDRAM trips/wave\tB in flight/wave\tvalu\tvmem\tbar\tdram µs\tcache µs\tissue µs\tlatency µs\tµs\tbound\t")
		for _, d := range r.Dispatches {
			bar := ""
			if d.Barrier {
				bar = "|"
			}
			groups := fmt.Sprint(d.Groups)
			if d.GroupsRun != d.Groups {
				groups = fmt.Sprintf("%d/%d", d.GroupsRun, d.Groups)
			}
			kernel := strings.TrimPrefix(d.Kernel, "zincc_")
			if d.CopyOf >= 0 {
				kernel += fmt.Sprintf(" =#%d", d.CopyOf)
			}
			fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%.1f\t%d\t%d\t%s\t%s\t%.1f\t%.0f\t%.0f\t%.0f\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t\n",
				d.Index, d.Node, kernel, groups, d.WavesPerSIMD, d.VGPRs, d.LDSBytes,
				mb(d.ReadBytes), mb(d.DRAMBytes), d.FarTrips, d.InFlightBytes,
				d.Insts["valu"]+d.Insts["trans"], d.Insts["vmem_load"]+d.Insts["vmem_store"], bar,
				us(d.DRAM), us(d.Cache), us(d.Issue), us(d.Latency), us(d.Time), d.Bound)
		}
		if err := tw.Flush(); err != nil {
			return err
		}
	}
	fmt.Fprintln(bw)
	tw := tabwriter.NewWriter(bw, 0, 0, 1, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "op\tdispatches\tµs\tshare\tMB DRAM (model)\tMB floor\t")
	for _, s := range r.ByOp {
		fmt.Fprintf(tw, "%s\t%d\t%s\t%.1f%%\t%s\t%s\t\n", s.Op, s.Dispatches, us(s.Time), 100*s.Share, mb(s.DRAMBytes), mb(s.FloorBytes))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintln(bw)
	fmt.Fprintf(bw, "dispatches %d, barriers %d\n", len(r.Dispatches), r.Barriers)
	fmt.Fprintf(bw, "predicted step time   %s µs = %.1f tok/s   (%s)\n", us(r.Time), r.TokensPerSecond, Label)
	fmt.Fprintf(bw, "memory floor          %s µs = %s MB at %.0f GB/s sustained (%s)\n", us(r.FloorTime), mb(r.FloorBytes),
		r.sustained(), Label)
	fmt.Fprintf(bw, "ratio to the floor    %.2fx\n", r.Ratio)
	return bw.err
}

func (r *Report) sustained() float64 {
	bw, eff := 0.0, 0.0
	for _, p := range r.Machine {
		switch p.Name {
		case "dram_gbs":
			bw = p.Value
		case "dram_eff":
			eff = p.Value
		}
	}
	return bw * eff
}

type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) Write(p []byte) (int, error) {
	if e.err != nil {
		return 0, e.err
	}
	n, err := e.w.Write(p)
	e.err = err
	return n, err
}
