package sim

import (
	"math/bits"
	"strings"

	"zincc/isa"
)

// Profiling: with Config.Profile set, every dispatch also records what a
// cost model needs to predict its time on a real gfx1201 (package
// exec/sim/perf): wave instructions by class, the bytes each memory
// mapping gives and takes (requested, and the distinct 128-byte lines
// touched), and the wave's serial chain of memory round trips: a wait that
// finds loads outstanding is one round trip, and the bytes still in flight
// when it is reached are what Little's law needs. The emulator itself has
// no notion of time; none of this is a measurement.

// ProfileConfig turns profiling on (Config.Profile).
type ProfileConfig struct {
	// SampleGroups, when positive, runs only that many workgroups of a
	// dispatch that has more, spread evenly over its workgroup ids (the
	// first and the last included); DispatchProfile.Groups and GroupsRun
	// say how many of each, so that counts can be scaled. The other
	// workgroups do not run: their outputs stay as they were, so a sampled
	// run computes wrong values and serves only to count.
	SampleGroups int
	// Streamed names the mappings whose loads are taken to go to DRAM
	// (weights, KV caches); loads from other mappings are taken to hit in
	// a cache. The split only labels round trips (FarWaits, NearWaits).
	Streamed []string
}

// Instruction classes of DispatchProfile.Classes.
const (
	ClassSALU      = iota // scalar ALU (SOP1, SOP2, SOPK, SOPC)
	ClassSMEM             // scalar loads
	ClassVALU             // vector ALU at full rate (a VOPD pair counts once)
	ClassTrans            // transcendental VALU (v_exp, v_log, v_rcp, v_rsq, v_sqrt, v_sin, v_cos): quarter rate
	ClassVMEMLoad         // global/flat/scratch loads (and returning atomics)
	ClassVMEMStore        // global/flat/scratch stores and atomics without return
	ClassLDS              // DS instructions
	ClassBranch           // s_branch, s_cbranch_*
	ClassWait             // s_wait_*, s_waitcnt
	ClassBarrier          // s_barrier_signal, s_barrier_wait, s_barrier_leave
	ClassOther            // s_nop, s_endpgm and the rest of SOPP
	NumClasses
)

// ClassNames names the classes, indexed by Class*.
var ClassNames = [NumClasses]string{"salu", "smem", "valu", "trans", "vmem_load", "vmem_store", "lds", "branch", "wait", "barrier", "other"}

// classOf classifies an instruction for the profile.
func classOf(op *isa.Inst) uint8 {
	name := op.Op.String()
	switch {
	case op.Enc == isa.VOPD:
		return ClassVALU
	case op.Enc.IsVALU():
		for _, p := range []string{"v_exp_", "v_log_", "v_rcp_", "v_rsq_", "v_sqrt_", "v_sin_", "v_cos_"} {
			if strings.HasPrefix(name, p) {
				return ClassTrans
			}
		}
		return ClassVALU
	case op.Enc.IsVMEM():
		if op.Dst.Kind != isa.OpndNone && op.Dst.Kind != isa.OpndNull {
			return ClassVMEMLoad
		}
		return ClassVMEMStore
	case op.Enc == isa.DS:
		return ClassLDS
	case op.Enc == isa.SMEM:
		return ClassSMEM
	case op.Enc == isa.SOPP:
		switch {
		case strings.HasPrefix(name, "s_branch"), strings.HasPrefix(name, "s_cbranch"):
			return ClassBranch
		case strings.HasPrefix(name, "s_wait"):
			return ClassWait
		case strings.HasPrefix(name, "s_barrier"):
			return ClassBarrier
		}
		return ClassOther
	}
	return ClassSALU
}

// DispatchProfile is what profiling records of one dispatch. Counts cover
// the workgroups that ran (GroupsRun of Groups).
type DispatchProfile struct {
	Groups, GroupsRun uint64
	WavesRun          uint64
	WavesPerGroup     int
	Wave32            bool
	VGPRs             int // allocated per wave (RSRC1.VGPRS)
	LDSBytes          int // per workgroup (RSRC2.LDS_SIZE)
	// Classes counts wave instructions by class (Class*).
	Classes [NumClasses]uint64
	// Lanes counts, over vector instructions, their active lanes.
	Lanes uint64
	// SMEMBytes is the bytes scalar loads fetched; LDSInsts the DS
	// instructions (also in Classes).
	SMEMBytes uint64
	// Mappings holds the vector-memory traffic by mapping, in order of
	// first access.
	Mappings []MappingTraffic
	// Round trips, summed over waves: a wait that finds loads outstanding
	// past its count, one of which was issued since the wave's previous
	// round trip ended (the others arrived during it). FarWaits are those
	// where such a load is from a streamed mapping; FarInFlight sums the
	// bytes of streamed mappings outstanding at each (MaxInFlight is the
	// largest).
	FarWaits, NearWaits, KMWaits, DSWaits uint64
	FarInFlight, MaxInFlight              uint64
	// BarrierWaits counts s_barrier_wait instructions executed.
	BarrierWaits uint64
}

// MappingTraffic is one mapping's vector-memory traffic in a dispatch.
type MappingTraffic struct {
	Name      string
	Streamed  bool
	ReadBytes uint64 // bytes loaded (active lanes × access size)
	// WriteBytes is bytes stored, and atomics' bytes.
	WriteBytes uint64
	// Distinct 128-byte lines touched: by one sampled workgroup only
	// (PrivateLines) or by several (SharedLines). With sampling, private
	// lines stand for the workgroups that did not run too; shared ones do
	// not.
	PrivateLines, SharedLines uint64
	WrittenLines              uint64 // lines with at least one store
}

// ProfileLine is the granule of MappingTraffic's line counts.
const ProfileLine = 128

// profiler is one dispatch's profile being collected.
type profiler struct {
	p        DispatchProfile
	streamed map[string]bool
	maps     map[*mapping]int // index into p.Mappings
	lines    map[uint64]lineState
	group    uint32 // 1 + the index of the running workgroup among those run
}

type lineState struct {
	group   uint32 // the first workgroup (profiler.group) that touched it
	shared  bool
	written bool
	m       int32
}

// waveProfile is one wave's outstanding operations, for round trips.
type waveProfile struct {
	loads    []pendingBytes // in issue order (LOADcnt returns in order)
	inFlight uint64         // bytes of streamed mappings in loads
	ds, km   int
	// epoch counts the wave's round trips so far: a load issued in an
	// earlier epoch was in flight during the last round trip and has
	// arrived by its end.
	epoch uint32
}

type pendingBytes struct {
	n     uint64
	far   bool
	epoch uint32
}

func (w *waveProfile) reset() {
	w.loads, w.inFlight, w.ds, w.km, w.epoch = w.loads[:0], 0, 0, 0, 0
}

func newProfiler(cfg *ProfileConfig) *profiler {
	pr := &profiler{maps: map[*mapping]int{}, lines: map[uint64]lineState{}, streamed: map[string]bool{}}
	for _, s := range cfg.Streamed {
		pr.streamed[s] = true
	}
	return pr
}

// issue counts one instruction of w and, for a wait, the round trip it
// may be.
func (pr *profiler) issue(w *wave, in *inst) {
	p := &pr.p
	p.Classes[in.class]++
	if in.vector {
		p.Lanes += uint64(bits.OnesCount64(w.exec()))
	}
	wp := &w.prof
	switch in.class {
	case ClassSMEM:
		if in.op.Dst.Kind != isa.OpndNone {
			p.SMEMBytes += 4 * uint64(max(in.op.Dst.Count, 1))
			wp.km++
		}
	case ClassLDS:
		if in.wait.issues != 0 {
			wp.ds++
		}
	case ClassBarrier:
		if in.op.Op.String() == "s_barrier_wait" {
			p.BarrierWaits++
		}
	}
	if !in.wait.isWait {
		return
	}
	if n := in.wait.waits[cntLoad]; n >= 0 && len(wp.loads) > int(n) {
		// A round trip when a load it waits for was issued since the
		// last one ended; loads issued before it arrived during it.
		done := len(wp.loads) - int(n)
		trip, far := false, false
		for _, l := range wp.loads[:done] {
			if l.epoch == wp.epoch {
				trip, far = true, far || l.far
			}
		}
		switch {
		case !trip:
		case far:
			p.FarWaits++
			p.FarInFlight += wp.inFlight
			p.MaxInFlight = max(p.MaxInFlight, wp.inFlight)
			wp.epoch++
		default:
			p.NearWaits++
			wp.epoch++
		}
		for _, l := range wp.loads[:done] {
			if l.far {
				wp.inFlight -= l.n
			}
		}
		wp.loads = append(wp.loads[:0], wp.loads[done:]...)
	}
	if n := in.wait.waits[cntDS]; n >= 0 && wp.ds > int(n) {
		p.DSWaits++
		wp.ds = int(n)
	}
	if n := in.wait.waits[cntKM]; n == 0 && wp.km > 0 {
		p.KMWaits++
		wp.km = 0
	}
}

// vmem records a vector memory instruction's lanes: n bytes at each
// address of addrs whose bit is set in exec.
func (pr *profiler) vmem(w *wave, in *inst, addrs *[64]uint64, exec, n uint64, access Access) {
	lanes := uint64(bits.OnesCount64(exec))
	first := addrs[bits.TrailingZeros64(exec)]
	mp := w.d.g.mem.find(first, 1)
	if mp == nil {
		return // a fault, or the LDS or private aperture: not profiled
	}
	mi, ok := pr.maps[mp]
	if !ok {
		mi = len(pr.p.Mappings)
		pr.maps[mp] = mi
		pr.p.Mappings = append(pr.p.Mappings, MappingTraffic{Name: mp.name, Streamed: pr.streamed[mp.name]})
	}
	t := &pr.p.Mappings[mi]
	bytes := lanes * n
	write := access != AccessRead
	if write {
		t.WriteBytes += bytes
	} else {
		t.ReadBytes += bytes
	}
	if in.class == ClassVMEMLoad {
		wp := &w.prof
		wp.loads = append(wp.loads, pendingBytes{n: bytes, far: t.Streamed, epoch: wp.epoch})
		if t.Streamed {
			wp.inFlight += bytes
		}
	}
	last := ^uint64(0)
	for mm := exec; mm != 0; mm &= mm - 1 {
		a := addrs[bits.TrailingZeros64(mm)]
		for line := a / ProfileLine; line <= (a+n-1)/ProfileLine; line++ {
			if line == last {
				continue
			}
			last = line
			pr.touch(line, int32(mi), write)
		}
	}
}

func (pr *profiler) touch(line uint64, m int32, write bool) {
	s, ok := pr.lines[line]
	if !ok {
		s = lineState{group: pr.group, m: m}
	} else if s.group != pr.group {
		s.shared = true
	}
	s.written = s.written || write
	pr.lines[line] = s
}

// finish totals the line counts into the mappings.
func (pr *profiler) finish() *DispatchProfile {
	for _, s := range pr.lines {
		t := &pr.p.Mappings[s.m]
		if s.shared {
			t.SharedLines++
		} else {
			t.PrivateLines++
		}
		if s.written {
			t.WrittenLines++
		}
	}
	p := pr.p
	return &p
}

// sampled returns the linear workgroup indexes to run of total, at most
// k of them spread evenly, the first and the last included (all of them
// when k <= 0 or total <= k).
func sampled(total uint64, k int) []uint64 {
	if k <= 0 || total <= uint64(k) {
		return nil
	}
	out := make([]uint64, 0, k)
	if k == 1 {
		return append(out, 0)
	}
	for i := 0; i < k; i++ {
		idx := uint64(i) * (total - 1) / uint64(k-1)
		if len(out) == 0 || out[len(out)-1] != idx {
			out = append(out, idx)
		}
	}
	return out
}
