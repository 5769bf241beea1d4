package main

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"
	"time"

	"zincc/exec/hwring"
	"zincc/exec/tier"
)

func init() {
	register(&command{
		name:    "probe",
		args:    "[-json] [-timeout 2s] [-size BYTES]",
		summary: "say which execution tiers this machine admits, why the others are refused, and what the GPU is",
		run:     runProbe,
	})
}

// probeReport is what zincc probe prints (as JSON with -json).
type probeReport struct {
	Tiers  []tier.Status `json:"tiers"`
	Auto   string        `json:"auto"`   // what -tier=auto would try first among the admitted
	Device *tier.Facts   `json:"device"` // null without an amdgpu render node
	// Upload says how weights reach VRAM here: the CPU-visible window and,
	// for -size, which path a run of that size takes. Null without a
	// device that reports its window.
	Upload *tier.Upload `json:"upload"`
}

func runProbe(e *env, args []string) int {
	c := commands["probe"]
	fs := newFlags(c, e)
	asJSON := fs.Bool("json", false, "print the report as JSON")
	timeout := fs.Duration("timeout", 2*time.Second, "how long a GPU tier's smoke submission may take")
	sizeFlag := fs.String("size", "", "say which upload path a run needing this much VRAM takes (code, weights, KV cache, activations; bytes, or with K, M, G, T, KiB, MiB, GiB, TiB)")
	pos, status := parseFlags(fs, args)
	if status >= 0 {
		return status
	}
	var size uint64
	if *sizeFlag != "" {
		n, err := parseBytes(*sizeFlag)
		if err != nil {
			fmt.Fprintf(e.stderr, "zincc probe: -size: %v\n", err)
			return exitUsage
		}
		size = n
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
	rep.Upload = tier.UploadFor(rep.Device, size, cfg.StagingBytes)
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
	if u := rep.Upload; u != nil {
		bar := "resizable BAR off"
		if u.LargeBAR {
			bar = "all of VRAM: large BAR"
		}
		fmt.Fprintf(w, "upload: %s CPU-visible VRAM (%s): runs up to %s upload directly, larger ones are staged through a %s GTT buffer with DMA_DATA\n",
			hwring.Bytes(u.VisibleBytes), bar, hwring.Bytes(u.DirectUpTo), hwring.Bytes(u.StagingBytes))
		if u.SizeBytes != 0 {
			fmt.Fprintf(w, "upload of %s: %s\n", hwring.Bytes(u.SizeBytes), u.Path)
		}
	}
}

// parseBytes reads a size: a decimal number of bytes, optionally followed
// by K, M, G or T (powers of 1024), with or without "iB" or "B".
func parseBytes(s string) (uint64, error) {
	t := strings.TrimSpace(s)
	t = strings.TrimSuffix(strings.TrimSuffix(t, "B"), "i")
	shift := 0
	if n := len(t); n > 0 {
		switch t[n-1] {
		case 'K', 'k':
			shift = 10
		case 'M', 'm':
			shift = 20
		case 'G', 'g':
			shift = 30
		case 'T', 't':
			shift = 40
		}
		if shift != 0 {
			t = t[:n-1]
		}
	}
	v, err := strconv.ParseFloat(t, 64)
	if err != nil || v <= 0 || math.IsInf(v, 0) || v*float64(uint64(1)<<shift) >= 1<<62 {
		return 0, fmt.Errorf("%q is not a positive size in bytes (e.g. 4GiB, 512M, 1048576)", s)
	}
	return uint64(v * float64(uint64(1)<<shift)), nil
}

// uploadProgress prints a staged upload's progress to w (stderr): where
// it starts, then one line each time another tenth is done.
func uploadProgress(w io.Writer) func(hwring.UploadProgress) {
	last := -1
	return func(p hwring.UploadProgress) {
		if p.Chunk == 0 {
			fmt.Fprintf(w, "zincc: the weights (%s) do not fit the CPU-visible VRAM with the rest; uploading them through a %s GTT staging buffer in %d chunks\n",
				hwring.Bytes(p.Total), hwring.Bytes(p.Staging), p.Chunks)
			return
		}
		tenth := int(p.Done * 10 / max(p.Total, 1))
		if tenth != last || p.Chunk == p.Chunks {
			last = tenth
			fmt.Fprintf(w, "zincc: uploaded %s of %s (%d%%, chunk %d of %d)\n", hwring.Bytes(p.Done), hwring.Bytes(p.Total), tenth*10, p.Chunk, p.Chunks)
		}
	}
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}
