package main

import (
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"
	"time"

	"zincc/exec/tier"
)

func init() {
	register(&command{
		name:    "probe",
		args:    "[-json] [-timeout 2s]",
		summary: "say which execution tiers this machine admits, why the others are refused, and what the GPU is",
		run:     runProbe,
	})
}

// probeReport is what zincc probe prints (as JSON with -json).
type probeReport struct {
	Tiers  []tier.Status `json:"tiers"`
	Auto   string        `json:"auto"`   // what -tier=auto would try first among the admitted
	Device *tier.Facts   `json:"device"` // null without an amdgpu render node
}

func runProbe(e *env, args []string) int {
	c := commands["probe"]
	fs := newFlags(c, e)
	asJSON := fs.Bool("json", false, "print the report as JSON")
	timeout := fs.Duration("timeout", 2*time.Second, "how long a GPU tier's smoke submission may take")
	pos, status := parseFlags(fs, args)
	if status >= 0 {
		return status
	}
	if len(pos) != 0 {
		fmt.Fprintf(e.stderr, "zincc probe: takes no arguments, got %q\n", pos)
		return exitUsage
	}
	if *timeout <= 0 {
		fmt.Fprintf(e.stderr, "zincc probe: -timeout must be positive, got %v\n", *timeout)
		return exitUsage
	}
	cfg := gpuConfig
	cfg.Timeout = *timeout
	rep := probeReport{Tiers: tier.ProbeGPU(cfg), Device: tier.ReadFacts(cfg)}
	gpu := map[string]bool{}
	for _, n := range tier.GPU {
		gpu[n] = true
	}
	var software []string
	for _, n := range tier.Names() {
		if !gpu[n] {
			software = append(software, n)
		}
	}
	sort.Strings(software)
	for _, n := range software {
		rep.Tiers = append(rep.Tiers, tier.Status{Tier: n, Admitted: true})
	}
	admitted := map[string]bool{}
	for _, s := range rep.Tiers {
		admitted[s.Tier] = s.Admitted
	}
	for _, n := range tier.AutoOrder {
		if admitted[n] {
			rep.Auto = n
			break
		}
	}
	if *asJSON {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(rep); err != nil {
			fmt.Fprintf(e.stderr, "zincc probe: %v\n", err)
			return exitInput
		}
		return exitOK
	}
	writeProbe(e.stdout, rep, cfg.WithDefaults().RenderNode, gpu)
	return exitOK
}

// writeProbe prints the report as text: one line per tier, then the device.
func writeProbe(w io.Writer, rep probeReport, node string, gpu map[string]bool) {
	for _, s := range rep.Tiers {
		switch {
		case s.Admitted && gpu[s.Tier]:
			fmt.Fprintf(w, "%-4s admitted  a smoke submission retired and wrote back its value\n", s.Tier)
		case s.Admitted:
			fmt.Fprintf(w, "%-4s admitted  software, needs no device\n", s.Tier)
		default:
			detail := strings.TrimPrefix(s.Error, s.Tier+": ")
			fmt.Fprintf(w, "%-4s refused   %s\n", s.Tier, detail)
		}
	}
	fmt.Fprintf(w, "auto: %s\n", orNone(rep.Auto))
	f := rep.Device
	if f == nil {
		fmt.Fprintf(w, "device: no render node at %s\n", node)
		return
	}
	fmt.Fprintf(w, "device: %s: %s %s", f.RenderNode, f.Driver, f.DRMVersion)
	if f.DeviceID != "" {
		fmt.Fprintf(w, ", device %s, family %d", f.DeviceID, f.Family)
	}
	if f.GfxTarget != "" {
		fmt.Fprintf(w, ", %s", f.GfxTarget)
	}
	if f.GCVersion != "" {
		fmt.Fprintf(w, " (GC %s)", f.GCVersion)
	}
	if f.ComputeUnits != 0 {
		fmt.Fprintf(w, ", %d compute units", f.ComputeUnits)
	}
	if f.VRAMBytes != 0 {
		fmt.Fprintf(w, ", %.1f GiB VRAM", float64(f.VRAMBytes)/(1<<30))
	}
	fmt.Fprintf(w, ", %d compute rings\n", f.ComputeRings)
	if names := f.FirmwareNames(); len(names) > 0 {
		var parts []string
		for _, n := range names {
			parts = append(parts, fmt.Sprintf("%s %d", n, f.Firmware[n]))
		}
		fmt.Fprintf(w, "firmware: %s\n", strings.Join(parts, ", "))
	}
	if f.KFDVersion != "" {
		fmt.Fprintf(w, "kfd: %s, gpu_id %d\n", f.KFDVersion, f.KFDGPUID)
	}
	fmt.Fprintf(w, "user queues: ip mask %#x, %d compute slots\n", f.UserqIPMask, f.UserqSlots)
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}
