package sim

import "zincc/pm4"

// HazardMode says what the hazard checker does with a hazard.
type HazardMode uint8

// Hazard modes; the zero value (the default) stops the submission.
const (
	HazardStop HazardMode = iota // return a *HazardError and stop the submission
	HazardWarn                   // record it in Stats.Warnings and go on
	HazardOff                    // do not track accesses at all
)

// String names the mode as the -hazards flag spells it.
func (m HazardMode) String() string {
	switch m {
	case HazardStop:
		return "error"
	case HazardWarn:
		return "warn"
	case HazardOff:
		return "off"
	}
	return "hazard-mode?"
}

// ParseHazardMode reads "error", "warn" or "off".
func ParseHazardMode(s string) (HazardMode, bool) {
	switch s {
	case "error":
		return HazardStop, true
	case "warn":
		return HazardWarn, true
	case "off":
		return HazardOff, true
	}
	return 0, false
}

// accessSets are the bytes one dispatch touched, by kind of access.
type accessSets struct {
	read   intervalSet // vector (and LDS-free) loads
	sread  intervalSet // scalar loads, through the K$ cache
	write  intervalSet
	atomic intervalSet
}

// addSets adds every access of t to a.
func (a *accessSets) addSets(t *accessSets) {
	a.read.addSet(&t.read)
	a.sread.addSet(&t.sread)
	a.write.addSet(&t.write)
	a.atomic.addSet(&t.atomic)
}

func (a *accessSets) reset() {
	a.read.reset()
	a.sread.reset()
	a.write.reset()
	a.atomic.reset()
}

// coherentKind files a vector load or store with device or system scope
// (scope:SCOPE_DEV or SCOPE_SYS, what LLVM makes of atomic loads and
// stores) with the atomics: it is performed coherently and, like an
// atomic, does not race with other atomics.
func coherentKind(in *inst, access Access) Access {
	if in.op.Scope >= 2 && (access == AccessRead || access == AccessWrite) {
		return AccessAtomic
	}
	return access
}

// record adds [addr, addr+n) to the set for access.
func (a *accessSets) record(access Access, addr, n uint64) {
	switch access {
	case AccessRead:
		a.read.add(addr, addr+n)
	case AccessScalarRead:
		a.sread.add(addr, addr+n)
	case AccessWrite:
		a.write.add(addr, addr+n)
	case AccessAtomic:
		a.atomic.add(addr, addr+n)
	}
}

// pendingDispatch is an earlier dispatch that is not yet fully ordered
// before whatever comes next.
type pendingDispatch struct {
	ref  DispatchRef
	sets *accessSets
	// flushed: an EVENT_WRITE CS_PARTIAL_FLUSH came after it, so it has
	// finished executing before anything after the flush starts.
	flushed bool
	// invV / invK: after that flush, an ACQUIRE_MEM invalidated the vector
	// L0 (GLV_INV) / scalar (GLK_INV) caches, so later loads cannot hit
	// lines cached before the dispatch's writes landed in L2.
	invV, invK bool
}

// hazardChecker keeps the window of dispatches that a later access could
// still race with.
type hazardChecker struct {
	mode   HazardMode
	window []*pendingDispatch
	free   []*accessSets
}

func (h *hazardChecker) newSets() *accessSets {
	if n := len(h.free); n > 0 {
		s := h.free[n-1]
		h.free = h.free[:n-1]
		s.reset()
		return s
	}
	return &accessSets{}
}

// clear forgets the window (a submission boundary).
func (h *hazardChecker) clear() {
	for _, p := range h.window {
		h.free = append(h.free, p.sets)
	}
	h.window = h.window[:0]
}

// partialFlush records an EVENT_WRITE CS_PARTIAL_FLUSH.
func (h *hazardChecker) partialFlush() {
	for _, p := range h.window {
		p.flushed = true
	}
	h.prune()
}

// acquire records an ACQUIRE_MEM with the given cache actions. Only
// invalidations that follow a partial flush count: before it, the earlier
// dispatch may still be writing.
func (h *hazardChecker) acquire(gcr pm4.GCRCntl) {
	for _, p := range h.window {
		if !p.flushed {
			continue
		}
		if gcr&pm4.GCR_GLV_INV != 0 {
			p.invV = true
		}
		if gcr&pm4.GCR_GLK_INV != 0 {
			p.invK = true
		}
	}
	h.prune()
}

// prune drops dispatches that nothing later can race with any more.
func (h *hazardChecker) prune() {
	k := 0
	for _, p := range h.window {
		wrote := !p.sets.write.empty() || !p.sets.atomic.empty()
		done := p.flushed && (!wrote || (p.invV && p.invK))
		if done {
			h.free = append(h.free, p.sets)
			continue
		}
		h.window[k] = p
		k++
	}
	for i := k; i < len(h.window); i++ {
		h.window[i] = nil
	}
	h.window = h.window[:k]
}

// conflict is one kind of overlap the checker looks for: the later
// access set against the earlier one, and what orders them.
type conflict struct {
	later, earlier     func(*accessSets) *intervalSet
	laterK, earlierK   Access
	needInvV, needInvK bool
}

var (
	setRead   = func(a *accessSets) *intervalSet { return &a.read }
	setSRead  = func(a *accessSets) *intervalSet { return &a.sread }
	setWrite  = func(a *accessSets) *intervalSet { return &a.write }
	setAtomic = func(a *accessSets) *intervalSet { return &a.atomic }
)

// conflicts lists every pair of access kinds that races without a
// barrier. Atomics against atomics do not: they are performed in L2 in
// some order, which is what atomics promise.
var conflicts = []conflict{
	{setRead, setWrite, AccessRead, AccessWrite, true, false},
	{setRead, setAtomic, AccessRead, AccessAtomic, true, false},
	{setSRead, setWrite, AccessScalarRead, AccessWrite, false, true},
	{setSRead, setAtomic, AccessScalarRead, AccessAtomic, false, true},
	{setWrite, setWrite, AccessWrite, AccessWrite, false, false},
	{setWrite, setAtomic, AccessWrite, AccessAtomic, false, false},
	{setAtomic, setWrite, AccessAtomic, AccessWrite, false, false},
	{setWrite, setRead, AccessWrite, AccessRead, false, false},
	{setWrite, setSRead, AccessWrite, AccessScalarRead, false, false},
	{setAtomic, setRead, AccessAtomic, AccessRead, false, false},
	{setAtomic, setSRead, AccessAtomic, AccessScalarRead, false, false},
}

// check compares a finished dispatch's accesses with the window and
// returns the first hazard; cp marks an access made by the command
// processor, which reads and writes memory (L2) directly, so only the
// partial flush matters for it.
func (h *hazardChecker) check(later DispatchRef, sets *accessSets, cp bool, m *memory) *HazardError {
	for _, p := range h.window {
		for _, c := range conflicts {
			r, ok := c.later(sets).overlap(c.earlier(p.sets))
			if !ok {
				continue
			}
			missing := ""
			switch {
			case !p.flushed && (c.needInvV || c.needInvK) && !cp:
				missing = "EVENT_WRITE CS_PARTIAL_FLUSH followed by ACQUIRE_MEM with " + invName(c)
			case !p.flushed:
				missing = "EVENT_WRITE CS_PARTIAL_FLUSH"
			case cp:
				continue
			case c.needInvV && !p.invV, c.needInvK && !p.invK:
				missing = "ACQUIRE_MEM with " + invName(c) + " after the CS_PARTIAL_FLUSH"
			default:
				continue
			}
			e := &HazardError{Earlier: p.ref, Later: later, EarlierAccess: c.earlierK, LaterAccess: c.laterK,
				Lo: r.lo, Hi: r.hi, Missing: missing}
			if mp := m.find(r.lo, 1); mp != nil {
				e.Mapping = mp.name
			}
			return e
		}
	}
	return nil
}

// groupConflicts are the pairs of access kinds that race between two
// workgroups of one dispatch. Two more are handled apart or not at all:
// stores race with stores only where the values differ (endGroup), and
// plain loads of what atomics update are no race, since every
// compare-and-swap loop LLVM expands starts with one.
var groupConflicts = []conflict{
	{later: setRead, earlier: setWrite, laterK: AccessRead, earlierK: AccessWrite},
	{later: setSRead, earlier: setWrite, laterK: AccessScalarRead, earlierK: AccessWrite},
	{later: setWrite, earlier: setRead, laterK: AccessWrite, earlierK: AccessRead},
	{later: setWrite, earlier: setSRead, laterK: AccessWrite, earlierK: AccessScalarRead},
	{later: setWrite, earlier: setAtomic, laterK: AccessWrite, earlierK: AccessAtomic},
	{later: setAtomic, earlier: setWrite, laterK: AccessAtomic, earlierK: AccessWrite},
}

func invName(c conflict) string {
	if c.needInvK {
		return "GLK_INV (scalar cache invalidate)"
	}
	return "GLV_INV (vector L0 invalidate)"
}

// push adds a finished dispatch to the window.
func (h *hazardChecker) push(ref DispatchRef, sets *accessSets) {
	if sets.read.empty() && sets.sread.empty() && sets.write.empty() && sets.atomic.empty() {
		h.free = append(h.free, sets)
		return
	}
	h.window = append(h.window, &pendingDispatch{ref: ref, sets: sets})
}
