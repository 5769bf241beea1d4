package fake

import (
	"encoding/binary"
	"errors"
	"fmt"
	"unsafe"

	"zincc/exec/sim"
	"zincc/pm4"
)

// Executor runs one indirect buffer of dwords at GPU address ibVA in vm,
// the way a GPU's command processor would. An error means the GPU stopped
// on this IB (a page fault, a hang, a packet it cannot run); the driver
// then fails the submission the way the kernel fails a hung job.
type Executor interface {
	Execute(vm *VM, ibVA uint64, dwords int) error
}

// ExecutorFunc adapts a function to Executor.
type ExecutorFunc func(vm *VM, ibVA uint64, dwords int) error

// Execute calls f.
func (f ExecutorFunc) Execute(vm *VM, ibVA uint64, dwords int) error { return f(vm, ibVA, dwords) }

// SimExecutor runs IBs on the emulated gfx1201 of exec/sim, the fake
// driver's default GPU. It keeps one emulated GPU (SH registers and
// decoded programs survive between submissions, as on hardware) and maps
// into it exactly the VM the submission sees, without copying: a buffer
// object's memory is the GPU's memory, as with a real BO.
type SimExecutor struct {
	// Config configures the emulated GPU (hazard mode, watchdog).
	Config sim.Config
	// Stats, when set, is called with the statistics of each submission.
	Stats func(sim.Stats)

	gpu    *sim.GPU
	mapped []Mapping // what gpu maps now
}

// Execute implements Executor.
func (s *SimExecutor) Execute(vm *VM, ibVA uint64, dwords int) error {
	if s.gpu == nil {
		s.gpu = sim.New(s.Config)
	}
	if err := s.sync(vm.Mappings()); err != nil {
		return err
	}
	if err := checkPrefetch(vm); err != nil {
		return err
	}
	st, err := s.gpu.ExecuteAt(ibVA, uint32(dwords))
	if s.Stats != nil {
		s.Stats(st)
	}
	return err
}

// GPUClock returns the emulated GPU clock (instructions executed so far;
// see sim.GPU.Clock), which the command-processor front end writes for
// ring-level timestamps.
func (s *SimExecutor) GPUClock() uint64 {
	if s.gpu == nil {
		return 0
	}
	return s.gpu.Clock()
}

// Clock is implemented by Executors with a GPU clock counter.
type Clock interface{ GPUClock() uint64 }

// sync makes the emulated GPU map exactly maps.
func (s *SimExecutor) sync(maps []Mapping) error {
	same := len(maps) == len(s.mapped)
	for i := 0; same && i < len(maps); i++ {
		a, b := maps[i], s.mapped[i]
		same = a.VA == b.VA && len(a.Data) == len(b.Data) && unsafe.SliceData(a.Data) == unsafe.SliceData(b.Data) &&
			a.Read == b.Read && a.Write == b.Write && a.Exec == b.Exec
	}
	if same {
		return nil
	}
	for _, m := range s.mapped {
		if err := s.gpu.Unmap(m.VA); err != nil {
			return err
		}
	}
	s.mapped = nil
	for _, m := range maps {
		var perm sim.Perm
		if m.Read {
			perm |= sim.PermRead
		}
		if m.Write {
			perm |= sim.PermWrite
		}
		if m.Exec {
			perm |= sim.PermExec
		}
		if err := s.gpu.MapBacking(m.VA, m.Data, perm, fmt.Sprintf("bo@%#x", m.VA)); err != nil {
			return err
		}
		s.mapped = append(s.mapped, m)
	}
	return nil
}

// ErrCodePrefetch is wrapped by the error of a submission whose code is
// not followed by the s_code_end padding instruction prefetch reads.
var ErrCodePrefetch = errors.New("instruction prefetch past the end of the code")

// Instruction prefetch as LLVM pads for it (AMDGPUTargetAsmStreamer::
// EmitCodeEnd): the SQ fetches up to three 128-byte cache lines past the
// line of the last instruction, so code must be followed, to there, by
// s_code_end.
const (
	sCodeEnd    = 0xBF9F0000
	prefetchPad = 3 * 128
)

// checkPrefetch models instruction prefetch on every code mapping (one
// the GPU may execute but not write): whatever the code blob holds (code,
// kernel descriptors), the last nonzero dwords of the mapping must be a
// run of s_code_end at least three cache lines long, which is what LLVM
// leaves after a code object's text.
func checkPrefetch(vm *VM) error {
	for _, m := range vm.maps {
		if !m.Exec || m.Write {
			continue
		}
		d := m.Data
		end := len(d) &^ 3
		for end >= 4 && binary.LittleEndian.Uint32(d[end-4:]) == 0 {
			end -= 4
		}
		if end == 0 {
			continue
		}
		run := 0
		for i := end; i >= 4 && binary.LittleEndian.Uint32(d[i-4:]) == sCodeEnd; i -= 4 {
			run += 4
		}
		if run < prefetchPad {
			return fmt.Errorf("%w: the code at %#x ends at +%#x with %d bytes of s_code_end; prefetch reads up to %d bytes past the last instruction's cache line (LLVM pads 3 cache lines)",
				ErrCodePrefetch, m.VA, end, run, prefetchPad)
		}
	}
	return nil
}

// faultAddress returns the GPU address of a page fault err reports.
func faultAddress(err error) (uint64, bool) {
	var f *Fault
	if errors.As(err, &f) {
		return f.VA, true
	}
	var pf *sim.PageFault
	if errors.As(err, &pf) {
		return pf.Addr, true
	}
	return 0, false
}

// ErrNotModelled is wrapped by errors of the command-processor front end
// for a ring packet it does not execute.
var ErrNotModelled = errors.New("packet not modelled")

// releaseData performs the memory write of a ring-level RELEASE_MEM
// (DATA_SEL 1 or 2, 3 the GPU clock of clock when it has one; 0 writes
// nothing). Interrupts are the caller's business.
func releaseData(vm *VM, rm pm4.ReleaseMem, clock Executor) error {
	switch rm.DataSel {
	case pm4.DataSelGPUClock:
		c, ok := clock.(Clock)
		if !ok {
			break
		}
		if rm.Addr%8 != 0 {
			return fmt.Errorf("GPU clock to %#x, not 8-byte aligned", rm.Addr)
		}
		return vm.Store(rm.Addr, c.GPUClock(), 8)
	case pm4.DataSelNone:
		return nil
	case pm4.DataSelValue32:
		return vm.Store(rm.Addr, rm.Data, 4)
	case pm4.DataSelValue64:
		return vm.Store(rm.Addr, rm.Data, 8)
	}
	return fmt.Errorf("DATA_SEL %d: %w", rm.DataSel, ErrNotModelled)
}
