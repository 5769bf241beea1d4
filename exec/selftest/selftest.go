// Package selftest is the bring-up a first user with an R9700 runs and
// attaches to a bug report (`zincc selftest`): probe every GPU tier, run
// the smoke submission on the chosen one, run the op library (testdata's
// ops.zir, which dispatches every kind of library kernel) once against the
// emulator and the CPU oracle, run tiny_llama for 8 steps against the
// CPU, and time a step. It stops at the first failure and names the
// stage, the ring's step, the errno, the IB packet offset when the GPU (or
// the emulator behind the fake driver) names one, and the dmesg lines to
// look for.
//
// With Fake, every stage runs against the in-process fake driver
// (exec/fake), whose GPU is the emulator: nothing in such a report is a
// hardware result, and the report says so.
package selftest

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"time"

	"zincc/exec"
	cpuring "zincc/exec/cpu"
	"zincc/exec/cs"
	"zincc/exec/fake"
	"zincc/exec/hwring"
	"zincc/exec/kfd"
	"zincc/exec/sim"
	"zincc/exec/simring"
	"zincc/exec/tier"
	"zincc/exec/umq"
	"zincc/frontend"
	"zincc/ir"
	lowercpu "zincc/lower/cpu"
	"zincc/lower/gfx1201"
	"zincc/passes"
)

//go:embed graphs
var graphs embed.FS

// Options configure a self-test.
type Options struct {
	Tier    string        // "auto", "cs", "kfd" or "umq"
	Fake    bool          // run against the in-process fake driver
	Config  hwring.Config // the real device's configuration (ignored with Fake)
	Steps   int           // tiny_llama steps (0 = 8)
	Timeout time.Duration // per GPU step (0 = the ring default)
	Log     io.Writer     // progress lines (nil = none)
}

// Stage is one stage's outcome.
type Stage struct {
	Name     string   `json:"name"`
	OK       bool     `json:"ok"`
	Detail   string   `json:"detail,omitempty"`
	Step     string   `json:"step,omitempty"`      // the ring's bring-up or step that failed
	Errno    string   `json:"errno,omitempty"`     // its errno
	Packet   string   `json:"packet,omitempty"`    // the IB packet the GPU stopped at
	Offset   int      `json:"ib_offset,omitempty"` // its dword offset in the IB (-1 = unknown)
	Dmesg    []string `json:"dmesg,omitempty"`     // kernel log lines to look for
	Millis   float64  `json:"ms"`
	Measured string   `json:"measured,omitempty"` // what a time is measured on
}

// Report is the whole self-test.
type Report struct {
	Tier     string        `json:"tier"`
	Fake     bool          `json:"fake"`
	Emulated bool          `json:"emulated"` // true: no stage ran on hardware
	Probe    []tier.Status `json:"probe"`
	Device   *tier.Facts   `json:"device"`
	Stages   []Stage       `json:"stages"`
	OK       bool          `json:"ok"`
	StepMs   float64       `json:"step_ms,omitempty"`   // GPU time of a step (GPU timestamps), else host time
	TokPerS  float64       `json:"tok_per_s,omitempty"` // 1000 / StepMs
	// HostStepMs is the host wall clock around Ring.Step (submission,
	// GPU, polling, reading outputs back).
	HostStepMs float64 `json:"host_step_ms,omitempty"`
	// GPUClockKHz is the GPU counter frequency the timestamps were
	// converted with (DEV_INFO gpu_counter_freq); 0 when the step was
	// timed on the host clock.
	GPUClockKHz uint32 `json:"gpu_clock_khz,omitempty"`
	Timing      string `json:"timing,omitempty"`
}

// opener opens the chosen GPU ring on a lowered graph (tier.OpenExecutable).
type opener func(hwring.Config, *gfx1201.Executable, *exec.Weights) (exec.Ring, error)

// dmesg names the kernel log lines worth grepping for after a failure on
// each tier (`sudo dmesg | grep -iE '...'`).
var dmesg = map[string][]string{
	cs.Tier:  {"amdgpu: ring comp_", "timeout", "GPU reset", "[gfxhub] page fault", "VM_L2_PROTECTION_FAULT_STATUS"},
	kfd.Tier: {"amdgpu: [gfxhub] page fault", "kfd kfd: amdgpu:", "HW exception", "GPU reset", "Failed to map queue", "MES failed"},
	umq.Tier: {"Invalid compute IP MQD size", "Usermode queue is not supported", "MES failed to respond", "userq", "[gfxhub] page fault", "GPU reset"},
}

// Run runs the self-test. It never returns without a report.
func Run(o Options) *Report {
	if o.Tier == "" {
		o.Tier = "auto"
	}
	if o.Steps <= 0 {
		o.Steps = 8
	}
	rep := &Report{Fake: o.Fake, Emulated: o.Fake}
	cfg := o.Config
	var d *fake.Driver
	if o.Fake {
		d = fake.New(fake.DefaultConfig())
		cfg = hwring.Config{Opener: d, Sysfs: d.Sysfs(), Spin: -1, Poll: 50 * time.Microsecond}
	}
	if o.Timeout > 0 {
		cfg.Timeout = o.Timeout
	}
	logf := func(format string, args ...any) {
		if o.Log != nil {
			fmt.Fprintf(o.Log, format+"\n", args...)
		}
	}
	stage := func(name string, f func(s *Stage) error) bool {
		s := Stage{Name: name, Offset: -1}
		start := time.Now()
		err := f(&s)
		if err != nil && d != nil {
			// The fake's GPU (the emulator) says why it stopped, as dmesg
			// would on a real machine.
			if faults := d.Faults(); len(faults) > 0 {
				err = fmt.Errorf("%w; the emulated GPU stopped: %w", err, faults[len(faults)-1])
			}
		}
		s.Millis = float64(time.Since(start).Microseconds()) / 1000
		s.OK = err == nil
		if err != nil {
			s.Detail = err.Error()
			s.Step, _ = hwring.StepOf(err)
			s.Errno = hwring.ErrnoName(err)
			var pe *sim.PacketError
			if errors.As(err, &pe) {
				s.Packet, s.Offset = pe.Name, pe.Offset
			}
			s.Dmesg = dmesg[rep.Tier]
			logf("selftest: %-10s FAILED: %v", name, err)
		} else {
			logf("selftest: %-10s ok (%.1f ms)", name, s.Millis)
		}
		rep.Stages = append(rep.Stages, s)
		return err == nil
	}

	// 1. probe
	if !stage("probe", func(s *Stage) error {
		rep.Probe = tier.ProbeGPU(cfg)
		rep.Device = tier.ReadFacts(cfg)
		for _, p := range rep.Probe {
			if (o.Tier == "auto" || o.Tier == p.Tier) && p.Admitted {
				rep.Tier = p.Tier
				return nil
			}
		}
		if !slices.Contains(tier.GPU, o.Tier) && o.Tier != "auto" {
			return fmt.Errorf("unknown tier %q (auto, cs, kfd or umq)", o.Tier)
		}
		var why []string
		for _, p := range rep.Probe {
			if o.Tier == "auto" || o.Tier == p.Tier {
				why = append(why, p.String())
			}
		}
		if o.Tier != "auto" {
			rep.Tier = o.Tier
		}
		return fmt.Errorf("no GPU tier admitted: %v", why)
	}) {
		return rep
	}
	var open opener = func(c hwring.Config, e *gfx1201.Executable, w *exec.Weights) (exec.Ring, error) {
		return tier.OpenExecutable(rep.Tier, c, e, w)
	}

	// 2. smoke submission
	if !stage("smoke", func(s *Stage) error {
		return hwring.RunSmoke(rep.Tier, func(e *gfx1201.Executable) (exec.Ring, error) { return open(cfg, e, nil) })
	}) {
		return rep
	}

	dir, err := os.MkdirTemp("", "zincc-selftest-")
	if err == nil {
		defer os.RemoveAll(dir)
		_ = os.WriteFile(filepath.Join(dir, "ops_freqs.bin"), mustRead("graphs/ops_freqs.bin"), 0o644)
	}

	// 3. the op library against the emulator (bit for bit) and the CPU
	if !stage("kernels", func(s *Stage) error {
		return compare("ops.zir", dir, 1, cfg, open, true)
	}) {
		return rep
	}
	// 4. tiny_llama for Steps steps against the CPU
	if !stage("tiny_llama", func(s *Stage) error {
		return compare("tiny_llama.zir", dir, o.Steps, cfg, open, false)
	}) {
		return rep
	}
	// 5. a timed step
	stage("timed step", func(s *Stage) error {
		tcfg := cfg
		tcfg.Timestamps = true
		t, err := timeStep(dir, tcfg, open)
		if err != nil {
			return err
		}
		rep.HostStepMs = t.hostMs
		ms, how := t.hostMs, "host clock"
		switch {
		case t.gpuErr == nil:
			ms, rep.GPUClockKHz = t.gpuMs, t.freqKHz
			how = fmt.Sprintf("GPU timestamps at %d kHz", t.freqKHz)
			s.Measured = fmt.Sprintf("GPU clock counter: RELEASE_MEM (BOTTOM_OF_PIPE_TS, DATA_SEL 3) before and after the step's IB, "+
				"converted at DEV_INFO gpu_counter_freq %d kHz; host wall clock around Ring.Step %.3f ms", t.freqKHz, t.hostMs)
		default:
			s.Measured = "host wall clock around Ring.Step (submission, GPU, polling); " + t.gpuErr.Error()
		}
		if o.Fake {
			how = "EMULATED " + how
			s.Measured += "; EMULATED: the fake driver runs the step on the emulator, whose GPU clock counts instructions executed " +
				"(read at the fake's gpu_counter_freq): not a time on any hardware"
		}
		rep.StepMs, rep.TokPerS, rep.Timing = ms, 1000/ms, s.Measured
		s.Detail = fmt.Sprintf("tiny_llama: %.3f ms/step, %.1f tok/s (%s)", ms, 1000/ms, how)
		return nil
	})
	rep.OK = true
	for _, s := range rep.Stages {
		rep.OK = rep.OK && s.OK
	}
	return rep
}

func mustRead(name string) []byte {
	b, err := graphs.ReadFile(name)
	if err != nil {
		panic("selftest: embedded " + name + ": " + err.Error())
	}
	return b
}

// load parses, optimises, binds and lowers an embedded graph.
func load(name, dir string) (*ir.Module, *exec.Weights, *gfx1201.Executable, error) {
	src := mustRead("graphs/" + name)
	m, err := frontend.Parse(name, src)
	if err != nil {
		return nil, nil, nil, errors.New(frontend.FormatErrors(err, src))
	}
	if err := passes.Run(m, passes.Options{}); err != nil {
		return nil, nil, nil, err
	}
	w, err := exec.Bind(m, exec.BindOptions{Dir: dir})
	if err != nil {
		return nil, nil, nil, err
	}
	e, err := gfx1201.Compile(m)
	if err != nil {
		w.Close()
		return nil, nil, nil, err
	}
	return m, w, e, nil
}

// run runs steps decode steps of m on r and returns every step's outputs.
func run(r exec.Ring, m *ir.Module, steps int) ([][]exec.Tensor, error) {
	var outs [][]exec.Tensor
	err := exec.RunSteps(r, m, make([]uint32, len(m.DeclsOf(ir.Input))), steps, func(s exec.StepResult) error {
		outs = append(outs, s.Outputs)
		return nil
	})
	return outs, err
}

// compare runs graph name on the GPU tier and on the CPU oracle and
// checks the greedy tokens agree; with exact, every output must also equal
// the emulator's bit for bit (the same IB and kernel bytes).
func compare(name, dir string, steps int, cfg hwring.Config, open opener, exact bool) error {
	m, w, e, err := load(name, dir)
	if err != nil {
		return err
	}
	defer w.Close()
	prog, err := lowercpu.Lower(m)
	if err != nil {
		return err
	}
	cpu, err := cpuring.NewRing(prog, w, 2)
	if err != nil {
		return err
	}
	want, err := run(cpu, m, steps)
	cpu.Close()
	if err != nil {
		return fmt.Errorf("cpu oracle: %w", err)
	}
	var ref [][]exec.Tensor
	if exact {
		sr, err := simring.New(e, w, sim.Config{Hazards: sim.HazardStop})
		if err != nil {
			return err
		}
		ref, err = run(sr, m, steps)
		sr.Close()
		if err != nil {
			return fmt.Errorf("emulator: %w", err)
		}
	}
	r, err := open(cfg, e, w)
	if err != nil {
		return err
	}
	got, err := run(r, m, steps)
	if cerr := r.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	roles, _ := exec.FindRoles(m)
	for s := range steps {
		if roles.Next >= 0 {
			g, c := got[s][roles.Next].Words()[0], want[s][roles.Next].Words()[0]
			if g != c {
				return fmt.Errorf("%s step %d: the GPU chose token %d, the CPU oracle %d", name, s, g, c)
			}
		}
		if exact {
			for j, t := range ref[s] {
				if !bytes.Equal(got[s][j].Data, t.Data) {
					return fmt.Errorf("%s step %d: output %%%s differs from the emulator's (same IB and kernels)", name, s, t.Name)
				}
			}
		}
	}
	return nil
}

// stepTimes is what timeStep measured: the mean host time of a step and,
// when the ring took GPU timestamps, the mean GPU time (else gpuErr).
type stepTimes struct {
	hostMs, gpuMs float64
	freqKHz       uint32
	gpuErr        error
}

// gpuTimed is a ring that times its last step on the GPU clock (the cs,
// kfd and umq rings opened with Config.Timestamps).
type gpuTimed interface {
	LastStepGPU() (hwring.GPUTime, error)
}

// timeStep opens tiny_llama, runs one warm-up step and times the next
// four, on the host clock and, where the ring has them, with GPU
// timestamps.
func timeStep(dir string, cfg hwring.Config, open opener) (stepTimes, error) {
	var t stepTimes
	m, w, e, err := load("tiny_llama.zir", dir)
	if err != nil {
		return t, err
	}
	defer w.Close()
	r, err := open(cfg, e, w)
	if err != nil {
		return t, err
	}
	defer r.Close()
	if _, err := run(r, m, 1); err != nil {
		return t, err
	}
	timed, ok := r.(gpuTimed)
	if !ok {
		t.gpuErr = fmt.Errorf("the %s ring takes no GPU timestamps", r.Tier())
	}
	const n = 4
	var gpu time.Duration
	start := time.Now()
	err = exec.RunSteps(r, m, make([]uint32, len(m.DeclsOf(ir.Input))), n, func(exec.StepResult) error {
		if t.gpuErr != nil {
			return nil
		}
		gt, err := timed.LastStepGPU()
		if err != nil {
			t.gpuErr = err
			return nil
		}
		gpu += gt.Duration()
		t.freqKHz = gt.FreqKHz
		return nil
	})
	if err != nil {
		return t, err
	}
	t.hostMs = float64(time.Since(start).Microseconds()) / 1000 / n
	t.gpuMs = float64(gpu.Nanoseconds()) / 1e6 / n
	if t.gpuErr == nil && t.gpuMs <= 0 {
		t.gpuErr = fmt.Errorf("the GPU timestamps are %v apart", gpu)
	}
	return t, nil
}
