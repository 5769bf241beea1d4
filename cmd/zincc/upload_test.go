package main

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"zincc/exec/fake"
	"zincc/exec/hwring"
	"zincc/frontend"
	"zincc/lower/gfx1201"
	"zincc/passes"
)

func TestProbeUploadPaths(t *testing.T) {
	withFake(t, fake.DefaultConfig()) // 256 MiB of 32 GiB visible
	out, _, code := zincc(t, "probe", "-size", "4GiB")
	if code != exitOK {
		t.Fatalf("exit %d", code)
	}
	for _, want := range []string{
		"upload: 256 MiB CPU-visible VRAM (resizable BAR off): runs up to 256 MiB upload directly, larger ones are staged through a 64 MiB GTT buffer with DMA_DATA\n",
		"upload of 4 GiB: staged through GTT\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("probe output lacks %q:\n%s", want, out)
		}
	}
	out, _, _ = zincc(t, "probe", "-json", "-size", "100M")
	var rep probeReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if u := rep.Upload; u == nil || u.VisibleBytes != 256<<20 || u.Path != "direct" || u.SizeBytes != 100<<20 || u.LargeBAR {
		t.Errorf("probe -json upload: %+v", rep.Upload)
	}
	withFake(t, fake.DefaultConfig().LargeBAR())
	out, _, _ = zincc(t, "probe", "-size", "4GiB")
	if !strings.Contains(out, "(all of VRAM: large BAR)") || !strings.Contains(out, "upload of 4 GiB: direct\n") {
		t.Errorf("probe with a large BAR:\n%s", out)
	}
	if _, errOut, code := zincc(t, "probe", "-size", "lots"); code != exitUsage || !strings.Contains(errOut, "not a positive size") {
		t.Errorf("probe -size lots: exit %d, %q", code, errOut)
	}
}

// TestRunStagesThroughGTT runs a graph on every GPU tier of a fake machine
// whose CPU-visible window is too small for its weights with the rest: the
// run uploads them through GTT, says so on stderr, and prints what the cpu
// tier prints.
func TestRunStagesThroughGTT(t *testing.T) {
	const file = "../../testdata/toy.zir"
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	m, err := frontend.Parse(file, src)
	if err != nil {
		t.Fatal(err)
	}
	if err := passes.Run(m, passes.Options{}); err != nil {
		t.Fatal(err)
	}
	e, err := gfx1201.Compile(m)
	if err != nil {
		t.Fatal(err)
	}
	sizes := hwring.BufferSizes(e)
	cfg := fake.DefaultConfig()
	cfg.VRAMGTT.VRAMCPUAccessibleSize = sizes[gfx1201.BufCode] + sizes[gfx1201.BufState] + sizes[gfx1201.BufArena] + sizes[gfx1201.BufWeights]/2
	withFake(t, cfg)
	gpuConfig.StagingBytes = hwring.RoundPage(sizes[gfx1201.BufWeights] / 2)
	want, _, code := zincc(t, "run", "-tier=cpu", "-steps", "4", file)
	if code != exitOK {
		t.Fatalf("cpu: exit %d", code)
	}
	for _, name := range []string{"cs", "kfd", "umq"} {
		got, errOut, code := zincc(t, "run", "-tier="+name, "-steps", "4", file)
		if code != exitOK || got != want {
			t.Errorf("-tier=%s: exit %d, stderr %q\n%s\nwant the cpu tier's\n%s", name, code, errOut, got, want)
		}
		if !strings.Contains(errOut, "uploading them through a") || !strings.Contains(errOut, "(100%, chunk 2 of 2)") {
			t.Errorf("-tier=%s: stderr %q, want the upload's progress", name, errOut)
		}
	}
}
