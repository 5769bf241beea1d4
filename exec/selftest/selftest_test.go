package selftest

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"zincc/exec/hwring"
	_ "zincc/internal/golden"
)

// The embedded graphs are testdata's.
func TestEmbeddedGraphsMatchTestdata(t *testing.T) {
	for _, n := range []string{"tiny_llama.zir", "ops.zir", "ops_freqs.bin"} {
		want, err := os.ReadFile("../../testdata/" + n)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(mustRead("graphs/"+n), want) {
			t.Errorf("graphs/%s differs from testdata/%s: copy it again", n, n)
		}
	}
}

func TestFakeSelftest(t *testing.T) {
	var log bytes.Buffer
	rep := Run(Options{Fake: true, Log: &log})
	if !rep.Fake || !rep.Emulated {
		t.Error("a fake run is not labelled emulated")
	}
	if len(rep.Stages) == 0 || rep.Stages[0].Name != "probe" || !rep.Stages[0].OK {
		t.Fatalf("stages %+v\n%s", rep.Stages, log.String())
	}
	if rep.Tier != "umq" {
		t.Errorf("auto chose %q on the fake, want umq", rep.Tier)
	}
	for _, s := range rep.Stages {
		if !s.OK {
			t.Fatalf("stage %s failed: %s (step %q, errno %q)\n%s", s.Name, s.Detail, s.Step, s.Errno, log.String())
		}
	}
	want := []string{"probe", "smoke", "kernels", "tiny_llama", "timed step"}
	if len(rep.Stages) != len(want) || !rep.OK {
		t.Fatalf("stages %+v", rep.Stages)
	}
	if !strings.Contains(rep.Timing, "EMULATED") || rep.TokPerS <= 0 {
		t.Errorf("timing %q, %v tok/s", rep.Timing, rep.TokPerS)
	}
	// The timed step reads GPU timestamps (the emulator's clock behind the
	// fake), converted at the fake's gpu_counter_freq, and says so.
	if rep.GPUClockKHz != 100000 || !strings.Contains(rep.Timing, "GPU clock counter: RELEASE_MEM") ||
		!strings.Contains(rep.Timing, "counts instructions executed") || rep.HostStepMs <= 0 || rep.StepMs <= 0 {
		t.Errorf("timed step: %.3f ms GPU at %d kHz, %.3f ms host, %q", rep.StepMs, rep.GPUClockKHz, rep.HostStepMs, rep.Timing)
	}
	if d := rep.Stages[len(rep.Stages)-1].Detail; !strings.Contains(d, "EMULATED GPU timestamps at 100000 kHz") {
		t.Errorf("timed step detail %q", d)
	}
}

// A tier the machine refuses stops the run at the probe, with the reason.
func TestStopsAtFirstFailure(t *testing.T) {
	rep := Run(Options{Tier: "umq", Config: configWithNoDevice()})
	if rep.OK || len(rep.Stages) != 1 || rep.Stages[0].Name != "probe" || rep.Stages[0].OK ||
		!strings.Contains(rep.Stages[0].Detail, "no GPU tier admitted") {
		t.Fatalf("stages %+v", rep.Stages)
	}
}

func configWithNoDevice() (c hwring.Config) {
	c.RenderNode = "/nonexistent/renderD128"
	c.KFDNode = "/nonexistent/kfd"
	return c
}
