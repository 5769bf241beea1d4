package sim

// Release and acquire through atomics, for the race checker: a
// workgroup may read what another workgroup of the same dispatch wrote
// when the writer published it and the reader acquired it, as LLVM's
// AMDGPU memory model does it at agent scope on gfx12 (AMDGPUUsage,
// "Memory Model GFX12", the code sequences table; llc-19 for gfx1201
// emits exactly these, testdata/llvm/release_acquire.ll):
//
//   - release: global_wb scope:SCOPE_DEV (or SCOPE_SYS), then waits
//     until every load and store the wave issued before the global_wb
//     (and the global_wb itself, counted by STOREcnt) has completed
//     (s_wait_loadcnt 0, s_wait_storecnt 0). The wave's global accesses
//     before the global_wb are then released;
//   - publish: a global atomic read-modify-write at device or system
//     scope on address a, after the release, publishes the wave's
//     released accesses (and those other waves of its workgroup released
//     before a workgroup barrier the wave passed since);
//   - observe: a returning atomic at device or system scope on a
//     observes every publication on a made before it (atomics on one
//     address are performed in one order, and read-modify-writes extend
//     a release sequence); a store to a that is not a read-modify-write
//     ends the sequence, so later atomics observe nothing before it;
//   - acquire: global_inv scope:SCOPE_DEV (or SCOPE_SYS) after the
//     returned value has arrived (s_wait_loadcnt) acquires what the wave
//     observed, and what other waves of its workgroup observed (with
//     their values arrived) before a workgroup barrier the wave passed.
//
// The wave's global accesses after its acquire are ordered after the
// observed workgroups' published accesses: groupRace does not report
// those pairs. Everything else is as before: a missing global_wb, wait,
// atomic or global_inv leaves the accesses unordered and the race is
// reported. The emulator runs workgroups in order, so the observing
// workgroup is always a later one; what the checker decides is whether
// the kernel did what a GPU that runs them in any order needs.

import "math/bits"

// publication is one workgroup's accesses released before an atomic.
type publication struct {
	group [3]uint32
	sets  *accessSets
}

// acquisition is what a wave acquired and the accesses it made after.
type acquisition struct {
	pubs  []publication
	after accessSets
}

// waveSync is one wave's release and acquire state.
type waveSync struct {
	since    accessSets // accesses not before a global_wb yet
	wb       accessSets // accesses before a global_wb, waiting for their counters
	wbOpen   bool
	wbNeed   [numCounters]uint32 // the loads and stores (with the global_wb) to complete
	released accessSets          // released, not yet published
	observed []publication       // what the wave's returning atomics observed
	obsNeed  uint32              // the LOADcnt operations the last such atomic needs
	shared   int                 // groupSync.sharedObs already acquired
	acqs     []*acquisition
}

func (s *waveSync) reset() {
	s.since.reset()
	s.wb.reset()
	s.released.reset()
	s.wbOpen = false
	s.observed = nil
	s.obsNeed, s.shared = 0, 0
	s.acqs = s.acqs[:0]
}

// groupSync is what a workgroup's barriers pass between its waves.
type groupSync struct {
	signalled, shared   accessSets // released before a signal / a completed barrier
	signalObs, sharedOb []publication
	acqs                []*acquisition // every acquisition of the workgroup
}

func (g *groupSync) reset() {
	g.signalled.reset()
	g.shared.reset()
	g.signalObs, g.sharedOb, g.acqs = nil, nil, nil
}

// syncOn reports whether the race checker runs (and so the release and
// acquire tracking).
func (w *wave) syncOn() bool { return w.d.group != nil }

// syncRecord adds a global access to the wave's unreleased accesses and
// to those after each of its acquisitions.
func (w *wave) syncRecord(access Access, lo, n uint64) {
	w.sync.since.record(access, lo, n)
	for _, a := range w.sync.acqs {
		a.after.record(access, lo, n)
	}
}

// syncRuns is syncRecord for the lanes of one instruction.
func (w *wave) syncRuns(access Access, addrs *[64]uint64, exec, n uint64) {
	recordRuns(&w.sync.since, access, addrs, exec, n)
	for _, a := range w.sync.acqs {
		recordRuns(&a.after, access, addrs, exec, n)
	}
}

// xGlobalWB is global_wb: at device or system scope it starts a release.
func xGlobalWB(w *wave, in *inst) {
	if !w.syncOn() || in.op.Scope < 2 {
		return
	}
	s := &w.sync
	s.wb.addSets(&s.since)
	s.since.reset()
	s.wbOpen = true
	s.wbNeed = w.waits.issued
	s.wbNeed[cntDS], s.wbNeed[cntKM] = 0, 0
}

// syncWaited completes a release whose loads and stores have completed
// (called after every wait instruction).
func (w *wave) syncWaited() {
	s := &w.sync
	if !s.wbOpen || w.waits.done[cntLoad] < s.wbNeed[cntLoad] || w.waits.done[cntStore] < s.wbNeed[cntStore] {
		return
	}
	s.released.addSets(&s.wb)
	s.wb.reset()
	s.wbOpen = false
}

// xGlobalInv is global_inv: at device or system scope it acquires what
// the wave (its value arrived) and its workgroup's barriers observed.
func xGlobalInv(w *wave, in *inst) {
	if !w.syncOn() || in.op.Scope < 2 {
		return
	}
	s := &w.sync
	var pubs []publication
	if len(s.observed) > 0 && w.waits.done[cntLoad] >= s.obsNeed {
		pubs = append(pubs, s.observed...)
		s.observed = nil
	}
	gs := &w.d.gsync
	pubs = append(pubs, gs.sharedOb[s.shared:]...)
	s.shared = len(gs.sharedOb)
	if len(pubs) == 0 {
		return
	}
	a := &acquisition{pubs: pubs}
	s.acqs = append(s.acqs, a)
	gs.acqs = append(gs.acqs, a)
}

// syncAtomic is a global atomic at device or system scope over the
// lanes' addresses: it observes (if it returns a value) and then
// publishes on each address.
func (w *wave) syncAtomic(in *inst, addrs *[64]uint64, exec uint64) {
	if !w.syncOn() || in.op.Scope < 2 {
		return
	}
	d := w.d
	s := &w.sync
	var pub *accessSets
	for mm := exec; mm != 0; mm &= mm - 1 {
		a := addrs[bits.TrailingZeros64(mm)]
		list := d.pubs[a]
		if in.dst.kind == opVGPR {
			s.observed = append(s.observed, list...)
			s.obsNeed = w.waits.issued[cntLoad]
		}
		if pub == nil {
			pub = &accessSets{}
			pub.addSets(&s.released)
			pub.addSets(&d.gsync.shared)
		}
		if pub.read.empty() && pub.sread.empty() && pub.write.empty() && pub.atomic.empty() {
			continue
		}
		if len(list) > 0 && list[len(list)-1].sets == pub {
			continue // another lane on the same address
		}
		if d.pubs == nil {
			d.pubs = map[uint64][]publication{}
		}
		d.pubs[a] = append(list, publication{group: w.wg.id, sets: pub})
	}
}

// syncStore ends the release sequences of the addresses a store (not a
// read-modify-write) overwrites.
func (w *wave) syncStore(addrs *[64]uint64, exec, n uint64) {
	d := w.d
	if len(d.pubs) == 0 {
		return
	}
	for a := range d.pubs {
		for mm := exec; mm != 0; mm &= mm - 1 {
			if l := addrs[bits.TrailingZeros64(mm)]; l < a+4 && a < l+n {
				delete(d.pubs, a)
				break
			}
		}
	}
}

// syncSignal hands the wave's released accesses and arrived observations
// to the workgroup's barrier.
func (w *wave) syncSignal() {
	if !w.syncOn() {
		return
	}
	s, gs := &w.sync, &w.d.gsync
	gs.signalled.addSets(&s.released)
	s.released.reset()
	if len(s.observed) > 0 && w.waits.done[cntLoad] >= s.obsNeed {
		gs.signalObs = append(gs.signalObs, s.observed...)
	}
}

// syncBarrier makes what the waves handed to the barrier available to
// every wave after it.
func (wg *workgroup) syncBarrier(d *dispatch) {
	if d.group == nil {
		return
	}
	gs := &d.gsync
	gs.shared.addSets(&gs.signalled)
	gs.signalled.reset()
	gs.sharedOb = append(gs.sharedOb, gs.signalObs...)
	gs.signalObs = nil
}

// orderedBy returns the bytes where conflict c between the current
// workgroup's accesses and those of the earlier workgroup f is ordered
// by an acquisition (nil if none).
func (d *dispatch) orderedBy(c conflict, f *finishedGroup) *intervalSet {
	var ex *intervalSet
	for _, a := range d.gsync.acqs {
		for _, p := range a.pubs {
			if p.group != f.id {
				continue
			}
			c.later(&a.after).intersect(c.earlier(p.sets), func(lo, hi uint64) bool {
				if ex == nil {
					ex = &intervalSet{}
				}
				ex.add(lo, hi)
				return true
			})
		}
	}
	return ex
}

// covers reports whether s holds every byte of [lo, hi).
func (s *intervalSet) covers(lo, hi uint64) bool {
	if s == nil {
		return false
	}
	for _, v := range s.iv {
		if v.lo <= lo && hi <= v.hi {
			return true
		}
		if v.lo > lo {
			return false
		}
	}
	return false
}

// unordered returns the first byte range where sets a (the later
// workgroup's) and b (the earlier's) overlap outside ex.
func unordered(a, b, ex *intervalSet) (interval, bool) {
	var first interval
	found := false
	a.intersect(b, func(lo, hi uint64) bool {
		if ex.covers(lo, hi) {
			return true
		}
		first, found = interval{lo, hi}, true
		return false
	})
	return first, found
}
