package sim

import (
	"bytes"
	"fmt"
	"time"

	"zincc/hwreg"
	"zincc/isa"
	"zincc/pm4"
)

// Launch describes one kernel launch: what the SH registers and a dispatch
// packet give the hardware. The PM4 path builds it from COMPUTE_* registers;
// a direct launch (GPU.Dispatch) fills it in, so the user SGPR layout is
// whatever the caller's ABI says (plain pointers for zincc's own kernels,
// the HSA order for code objects).
type Launch struct {
	// Entry is the code address of the first instruction.
	Entry uint64
	// Rsrc1..3 are COMPUTE_PGM_RSRC1..3: VGPR allocation and float mode
	// (RSRC1), TIDIG_COMP_CNT and LDS_SIZE (RSRC2). RSRC2.USER_SGPR is not
	// used: UserSGPRs says what s0.. hold.
	Rsrc1, Rsrc2, Rsrc3 uint32
	// UserSGPRs are loaded into s0, s1, ... of every wave (at most 16
	// words, the COMPUTE_USER_DATA registers).
	UserSGPRs []uint32
	// Start is the first workgroup id and Groups the number of workgroups
	// along each axis.
	Start, Groups [3]uint32
	// Block is the workgroup size in threads along each axis.
	Block [3]uint32
	// LastBlock, where not 0, is the size of the last workgroup along an
	// axis (a partial workgroup).
	LastBlock [3]uint32
	// Wave32 selects 32-lane waves (COMPUTE_DISPATCH_INITIATOR.CS_W32_EN);
	// otherwise waves have 64 lanes.
	Wave32 bool
	// PrivateBytes is each work-item's private (scratch) segment, which
	// scratch_* and private-aperture flat_* instructions address (0: none;
	// at most 128 KiB).
	PrivateBytes uint32
}

// Hardware limits checked at launch.
const (
	maxWorkgroupThreads = 1024      // threads per workgroup
	maxLDSBytes         = 64 * 1024 // LDS per workgroup on gfx1201
	maxVGPRs            = 256       // architectural VGPRs per lane
	numSGPRCodes        = 128       // the scalar register file by operand code
)

// Dispatch runs one launch directly, without PM4; it is its own
// submission for the hazard checker. Stats.PerDispatch[0] describes it.
func (g *GPU) Dispatch(l Launch) (Stats, error) {
	var st Stats
	g.hz.clear()
	site := Site{Dispatch: 0, Wave: -1, Lane: -1, Packet: "direct launch", IBOffset: -1, Kernel: l.Entry, KernelName: g.labels[l.Entry]}
	ref := DispatchRef{Index: 0, Packet: "direct launch", IBOffset: -1, Kernel: l.Entry, KernelName: site.KernelName}
	c := cp{g: g, st: &st}
	err := g.launch(&l, ref, site, &st, &c)
	return st, err
}

// launch validates l, runs every workgroup and checks the dispatch's
// accesses against earlier ones.
func (g *GPU) launch(l *Launch, ref DispatchRef, site Site, st *Stats, c *cp) error {
	d, err := g.newDispatch(l, site)
	if err != nil {
		return err
	}
	d.ref = ref
	defer d.releaseGroups()
	ds := DispatchStats{Index: ref.Index, Packet: ref.Packet, IBOffset: ref.IBOffset, Kernel: l.Entry, KernelName: ref.KernelName,
		Groups: l.Groups, Block: l.Block, Wave32: l.Wave32, Flushes: c.flushes, Acquires: c.acquires}
	c.flushes, c.acquires = 0, 0
	runErr := d.runSafe()
	ds.Waves, ds.Instructions, ds.LaneInstructions = d.waves, d.insts, d.lanes
	if d.prof != nil {
		ds.Profile = d.prof.finish()
	}
	g.clock += d.insts
	st.add(ds)
	if d.ops != nil {
		if st.Ops == nil {
			st.Ops = map[isa.Op]uint64{}
		}
		for op, n := range d.ops {
			st.Ops[op] += n
		}
	}
	if runErr != nil {
		g.hz.free = append(g.hz.free, d.sets)
		return runErr
	}
	if d.race != nil { // HazardWarn: the dispatch ran to the end
		if err := c.hazard(d.race); err != nil {
			g.hz.free = append(g.hz.free, d.sets)
			return err
		}
	}
	if d.sets != nil {
		if h := g.hz.check(ref, d.sets, false, &g.mem); h != nil {
			if err := c.hazard(h); err != nil {
				g.hz.free = append(g.hz.free, d.sets)
				return err
			}
		}
		g.hz.push(ref, d.sets)
	}
	return nil
}

// dispatch is one launch being executed.
type dispatch struct {
	g    *GPU
	l    *Launch
	site Site
	prog *program
	w64  bool
	// lanes per wave, VGPRs per wave, LDS bytes per workgroup.
	width, nvgpr, ldsBytes int
	privBytes              uint32 // private segment bytes per work-item
	mode                   uint32 // RSRC1 FLOAT_MODE [19:12]
	tidig                  uint32
	ref                    DispatchRef
	// Accesses, when hazards are on (else nil): sets holds the finished
	// workgroups' (the whole dispatch's at the end), group the running
	// workgroup's, groups each finished workgroup's, to name the other
	// side of a race between workgroups; race is the first such race.
	sets    *accessSets
	group   *accessSets
	groups  []finishedGroup
	race    *HazardError
	scratch []byte
	// written is what the finished workgroups left in the bytes of
	// sets.write, by 4 KiB page. Until a race is found, every workgroup
	// that wrote a byte left the same value there (another is a race), so
	// one image stands for them all and a workgroup is checked against it
	// in time proportional to its own writes, not to the workgroups before
	// it.
	written map[uint64]*[pageBytes]byte
	// checkWaits turns the wait checker on (with the hazard checker).
	checkWaits bool
	budget     uint64
	deadline   time.Time // Config.MaxWall from the start of run
	// statistics
	waves, insts, lanes uint64
	ops                 map[isa.Op]uint64 // executed instructions by mnemonic (Config.CountOps)
	prof                *profiler         // Config.Profile
	wg                  workgroup         // the workgroup being run (reused)
	gsync               groupSync         // its barriers' release and acquire state (sync.go)
	// pubs holds, per atomic address, the publications made on it
	// (sync.go).
	pubs map[uint64][]publication
}

func (g *GPU) newDispatch(l *Launch, site Site) (*dispatch, error) {
	bad := func(format string, args ...any) error {
		return &LaunchError{Detail: fmt.Sprintf(format, args...), Site: site}
	}
	if len(l.UserSGPRs) > pm4.NumUserData {
		return nil, bad("%d user SGPRs; at most %d (COMPUTE_USER_DATA_0..15)", len(l.UserSGPRs), pm4.NumUserData)
	}
	threads := uint64(1)
	for i, n := range l.Block {
		if n == 0 {
			return nil, bad("workgroup size %c is 0 (COMPUTE_NUM_THREAD_%c)", 'X'+i, 'X'+i)
		}
		if l.LastBlock[i] > n {
			return nil, bad("partial workgroup size %c (%d) exceeds the full size %d", 'X'+i, l.LastBlock[i], n)
		}
		threads *= uint64(n)
		if uint64(l.Start[i])+uint64(l.Groups[i]) > 1<<32 {
			return nil, bad("workgroup ids along %c pass 2^32", 'X'+i)
		}
	}
	if threads > maxWorkgroupThreads {
		return nil, bad("workgroup of %dx%dx%d = %d threads; gfx1201 allows %d", l.Block[0], l.Block[1], l.Block[2], threads, maxWorkgroupThreads)
	}
	if l.Block[0] > 1024 || l.Block[1] > 1024 || l.Block[2] > 1024 {
		return nil, bad("workgroup dimension over 1024 does not fit the 10-bit work-item id fields of v0")
	}
	if l.Entry%4 != 0 {
		return nil, bad("kernel entry 0x%x is not 4-byte aligned", l.Entry)
	}
	r1 := pm4.UnpackPgmRsrc1(l.Rsrc1)
	r2 := pm4.UnpackPgmRsrc2(l.Rsrc2)
	mode := r1.FloatMode
	if hwreg.Rsrc1FloatRound32.Get(l.Rsrc1) != 0 || hwreg.Rsrc1FloatRound1664.Get(l.Rsrc1) != 0 {
		return nil, bad("RSRC1.FLOAT_MODE rounds other than to nearest even (0x%02x); only round-to-nearest-even is modelled", mode)
	}
	lds := int(r2.LDSSize) * hwreg.LDSUnit
	if lds > maxLDSBytes {
		return nil, bad("RSRC2.LDS_SIZE requests %d bytes of LDS; gfx1201 gives a workgroup at most %d", lds, maxLDSBytes)
	}
	if l.PrivateBytes > maxPrivateBytes {
		return nil, bad("private segment of %d bytes per work-item; the emulator allows %d", l.PrivateBytes, maxPrivateBytes)
	}
	if r2.TIDIGCompCnt > 2 {
		return nil, bad("RSRC2.TIDIG_COMP_CNT is %d; 0, 1 and 2 are defined", r2.TIDIGCompCnt)
	}
	d := &dispatch{g: g, l: l, site: site, w64: !l.Wave32, width: 32, mode: mode, tidig: r2.TIDIGCompCnt,
		ldsBytes: lds, budget: g.cfg.MaxInstructions, privBytes: l.PrivateBytes}
	granule := 8
	if d.w64 {
		d.width, granule = 64, 4
	}
	d.nvgpr = (int(r1.VGPRs) + 1) * granule
	if d.nvgpr > maxVGPRs {
		d.nvgpr = maxVGPRs
	}
	prog, err := g.program(l.Entry, d.w64, site)
	if err != nil {
		return nil, err
	}
	d.prog = prog
	if g.hz.mode != HazardOff {
		d.sets = g.hz.newSets()
		d.checkWaits = true
	}
	if g.cfg.CountOps {
		d.ops = map[isa.Op]uint64{}
	}
	if pc := g.cfg.Profile; pc != nil {
		d.prof = newProfiler(pc)
		p := &d.prof.p
		p.Groups = uint64(l.Groups[0]) * uint64(l.Groups[1]) * uint64(l.Groups[2])
		p.Wave32, p.VGPRs, p.LDSBytes = l.Wave32, d.nvgpr, lds
		threads := int(l.Block[0] * l.Block[1] * l.Block[2])
		p.WavesPerGroup = (threads + d.width - 1) / d.width
	}
	return d, nil
}

// finishedGroup is the accesses of one finished workgroup.
type finishedGroup struct {
	id   [3]uint32
	sets *accessSets
	// written holds the bytes of sets.write, interval after interval, as
	// the workgroup left them: a later workgroup that stores the same
	// values there (every workgroup setting one flag) is no race.
	written []byte
}

// endGroup checks the accesses of workgroup id, which just finished,
// against the workgroups of the dispatch that ran before it, then adds
// them to the dispatch's. A race is returned in HazardStop mode and kept
// in d.race otherwise (the first one).
func (d *dispatch) endGroup(id [3]uint32) error {
	cur := d.group
	d.group = nil
	if d.race == nil {
		if h := d.groupRace(id, cur); h != nil {
			if d.g.hz.mode == HazardStop {
				d.g.hz.free = append(d.g.hz.free, cur)
				return h
			}
			d.race = h
		}
	}
	d.sets.addSets(cur)
	f := finishedGroup{id: id, sets: cur}
	for _, iv := range cur.write.iv {
		f.written = d.g.mem.appendBytes(f.written, iv.lo, iv.hi)
	}
	d.groups = append(d.groups, f)
	return nil
}

// groupRace returns the first race between workgroup id's accesses (cur)
// and those of the workgroups that ran before it, or nil.
func (d *dispatch) groupRace(id [3]uint32, cur *accessSets) *HazardError {
	raced := func(r interval, laterK, earlierK Access, earlier [3]uint32) *HazardError {
		h := &HazardError{Earlier: d.ref, Later: d.ref, EarlierAccess: earlierK, LaterAccess: laterK,
			Lo: r.lo, Hi: r.hi, Race: true, LaterGroup: id, EarlierGroup: earlier}
		if mp := d.g.mem.find(r.lo, 1); mp != nil {
			h.Mapping = mp.name
		}
		return h
	}
	for _, c := range groupConflicts {
		r, ok := c.later(cur).overlap(c.earlier(d.sets))
		if !ok {
			continue
		}
		seen := false
		for i := range d.groups {
			f := &d.groups[i]
			if _, ok := c.later(cur).overlap(c.earlier(f.sets)); !ok {
				continue
			}
			seen = true
			// Bytes an acquisition orders after f's release are no race.
			if r, ok := unordered(c.later(cur), c.earlier(f.sets), d.orderedBy(c, f)); ok {
				return raced(r, c.laterK, c.earlierK, f.id)
			}
		}
		if !seen {
			return raced(r, c.laterK, c.earlierK, [3]uint32{})
		}
	}
	if d.rewritten(cur) {
		ww := conflict{later: setWrite, earlier: setWrite}
		for i := range d.groups {
			f := &d.groups[i]
			if r, ok := d.changedWrite(cur, f, d.orderedBy(ww, f)); ok {
				return raced(r, AccessWrite, AccessWrite, f.id)
			}
		}
	}
	d.record(cur)
	return nil
}

// pageBytes is the granule of dispatch.written.
const pageBytes = 4096

// rewritten reports whether workgroup cur left a byte that an earlier
// workgroup wrote with another value than that one left (see
// dispatch.written).
func (d *dispatch) rewritten(cur *accessSets) bool {
	if len(d.written) == 0 {
		return false
	}
	changed := false
	cur.write.intersect(&d.sets.write, func(lo, hi uint64) bool {
		d.scratch = d.g.mem.appendBytes(d.scratch[:0], lo, hi)
		for a, i := lo, 0; a < hi && !changed; {
			page, off := a/pageBytes, a%pageBytes
			n := min(hi-a, pageBytes-off)
			if img := d.written[page]; img == nil || !bytes.Equal(img[off:off+n], d.scratch[i:i+int(n)]) {
				changed = true
			}
			a, i = a+n, i+int(n)
		}
		return !changed
	})
	return changed
}

// record copies what workgroup cur left in the bytes it wrote into
// d.written.
func (d *dispatch) record(cur *accessSets) {
	if d.written == nil {
		d.written = map[uint64]*[pageBytes]byte{}
	}
	for _, iv := range cur.write.iv {
		d.scratch = d.g.mem.appendBytes(d.scratch[:0], iv.lo, iv.hi)
		for a, i := iv.lo, 0; a < iv.hi; {
			page, off := a/pageBytes, a%pageBytes
			n := min(iv.hi-a, pageBytes-off)
			img := d.written[page]
			if img == nil {
				img = new([pageBytes]byte)
				d.written[page] = img
			}
			copy(img[off:off+n], d.scratch[i:i+int(n)])
			a, i = a+n, i+int(n)
		}
	}
}

// changedWrite finds bytes that workgroup f wrote and cur wrote again with
// another value.
func (d *dispatch) changedWrite(cur *accessSets, f *finishedGroup, ordered *intervalSet) (interval, bool) {
	off := uint64(0)
	for _, a := range f.sets.write.iv {
		for _, b := range cur.write.iv {
			lo, hi := max(a.lo, b.lo), min(a.hi, b.hi)
			if lo >= hi {
				continue
			}
			if ordered.covers(lo, hi) {
				continue // written again after an acquire of f's release
			}
			d.scratch = d.g.mem.appendBytes(d.scratch[:0], lo, hi)
			if !bytes.Equal(d.scratch, f.written[off+lo-a.lo:off+hi-a.lo]) {
				return interval{lo, hi}, true
			}
		}
		off += a.hi - a.lo
	}
	return interval{}, false
}

// releaseGroups returns the per-workgroup access sets to the pool.
func (d *dispatch) releaseGroups() {
	for _, f := range d.groups {
		d.g.hz.free = append(d.g.hz.free, f.sets)
	}
	if d.group != nil {
		d.g.hz.free = append(d.g.hz.free, d.group)
	}
	d.groups, d.group, d.written = nil, nil, nil
}

// count records an executed instruction for Stats.Ops.
func (d *dispatch) count(in *inst) {
	d.ops[in.op.Op]++
	if in.op.Enc == isa.VOPD {
		d.ops[in.op.Y.Op]++
	}
}

// runSafe runs the dispatch and turns a panic (an emulator bug: no input
// should cause one) into an error, so that a bad kernel cannot take its
// host down; the fuzz tests treat ErrInternal as a failure.
func (d *dispatch) runSafe() (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%w: %v (%s)", ErrInternal, r, d.site)
		}
	}()
	return d.run()
}

// run executes every workgroup of the dispatch, x fastest.
func (d *dispatch) run() error {
	l := d.l
	if l.Groups[0] == 0 || l.Groups[1] == 0 || l.Groups[2] == 0 {
		return nil
	}
	d.deadline = time.Now().Add(d.g.cfg.MaxWall)
	if d.prof != nil {
		if idx := sampled(d.prof.p.Groups, d.g.cfg.Profile.SampleGroups); idx != nil {
			return d.runSampled(idx)
		}
	}
	for gz := uint32(0); gz < l.Groups[2]; gz++ {
		for gy := uint32(0); gy < l.Groups[1]; gy++ {
			for gx := uint32(0); gx < l.Groups[0]; gx++ {
				size := l.Block
				idx := [3]uint32{gx, gy, gz}
				for i := 0; i < 3; i++ {
					if idx[i] == l.Groups[i]-1 && l.LastBlock[i] != 0 {
						size[i] = l.LastBlock[i]
					}
				}
				id := [3]uint32{l.Start[0] + gx, l.Start[1] + gy, l.Start[2] + gz}
				if err := d.checkWall(id); err != nil {
					return err
				}
				if err := d.runWorkgroup(id, size); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// runSampled runs the workgroups of the given linear indexes (x fastest).
func (d *dispatch) runSampled(idx []uint64) error {
	l := d.l
	for _, i := range idx {
		gx := uint32(i % uint64(l.Groups[0]))
		gy := uint32(i / uint64(l.Groups[0]) % uint64(l.Groups[1]))
		gz := uint32(i / (uint64(l.Groups[0]) * uint64(l.Groups[1])))
		size := l.Block
		idx := [3]uint32{gx, gy, gz}
		for k := 0; k < 3; k++ {
			if idx[k] == l.Groups[k]-1 && l.LastBlock[k] != 0 {
				size[k] = l.LastBlock[k]
			}
		}
		id := [3]uint32{l.Start[0] + gx, l.Start[1] + gy, l.Start[2] + gz}
		if err := d.checkWall(id); err != nil {
			return err
		}
		if err := d.runWorkgroup(id, size); err != nil {
			return err
		}
	}
	return nil
}

// checkWall reports a hang once the dispatch has run past its wall-clock
// bound (Config.MaxWall); id is the workgroup about to run.
func (d *dispatch) checkWall(id [3]uint32) error {
	if time.Now().Before(d.deadline) {
		return nil
	}
	return &HangError{Reason: fmt.Sprintf("the dispatch ran longer than its wall-clock bound of %v (at workgroup (%d,%d,%d) of %d×%d×%d, after %d instructions)",
		d.g.cfg.MaxWall, id[0], id[1], id[2], d.l.Groups[0], d.l.Groups[1], d.l.Groups[2], d.insts), Site: d.site}
}

// workgroup is the barrier state of the workgroup being run.
type workgroup struct {
	id      [3]uint32
	waves   []*wave
	members int    // waves that take part in the barrier (not ended, not left)
	signals int    // members that have signalled the current barrier
	epoch   uint32 // the LDS race checker's epoch since the last barrier
	tracker *ldsTracker
}

// signal records that w reached s_barrier_signal and releases the barrier
// when every member has.
func (wg *workgroup) signal(w *wave) (first bool) {
	if w.signalled || w.leftBarrier {
		return false
	}
	first = wg.signals == 0
	w.signalled = true
	w.syncSignal()
	wg.signals++
	wg.tryRelease()
	return first
}

// leave removes w from the barrier (s_endpgm, s_barrier_leave).
func (wg *workgroup) leave(w *wave) {
	if w.leftBarrier {
		return
	}
	w.leftBarrier = true
	wg.members--
	if w.signalled {
		w.signalled = false
		wg.signals--
	}
	wg.tryRelease()
}

// tryRelease completes the barrier once every member has signalled: a
// wave blocked in s_barrier_wait resumes (its wait is satisfied); any
// other member finds the completion recorded when it reaches its wait
// (WAVE_BARRIER_COMPLETE in the pcode of S_BARRIER_WAIT).
func (wg *workgroup) tryRelease() {
	if wg.signals == 0 || wg.signals < wg.members {
		return
	}
	wg.signals = 0
	wg.epoch = wg.tracker.next()
	if len(wg.waves) > 0 {
		wg.syncBarrier(wg.waves[0].d)
	}
	for _, o := range wg.waves {
		o.signalled = false
		switch {
		case o.state == waveAtBarrier:
			o.state = waveRunning
			o.epoch = wg.epoch
		case o.state == waveRunning && !o.leftBarrier:
			o.barrierDone = true
		}
	}
}

func (d *dispatch) runWorkgroup(id, size [3]uint32) error {
	g := d.g
	threads := int(size[0] * size[1] * size[2])
	nw := (threads + d.width - 1) / d.width
	for len(g.wavePool) < nw {
		g.wavePool = append(g.wavePool, &wave{})
	}
	if cap(g.lds) < d.ldsBytes {
		g.lds = make([]byte, d.ldsBytes)
	}
	lds := g.lds[:d.ldsBytes]
	clear(lds)
	wg := &d.wg
	*wg = workgroup{id: id, waves: g.wavePool[:nw], members: nw, tracker: &g.ldsT}
	wg.epoch = g.ldsT.next()
	for i, w := range wg.waves {
		d.initWave(w, wg, i, size, threads, lds)
	}
	d.waves += uint64(nw)
	if d.prof != nil {
		d.prof.group++
		d.prof.p.GroupsRun++
		d.prof.p.WavesRun += uint64(nw)
	}
	if d.sets != nil {
		d.group = d.g.hz.newSets()
		d.gsync.reset()
	}
	for live := nw; live > 0; {
		progress := false
		for _, w := range wg.waves {
			if w.state != waveRunning {
				continue
			}
			progress = true
			w.run()
			if w.err != nil {
				return w.err
			}
			if w.state == waveEnded {
				live--
			}
		}
		if !progress {
			return &HangError{Reason: "every wave of the workgroup waits at a barrier that cannot complete", Site: wg.waves[0].site(), Waves: wg.states()}
		}
	}
	if d.group != nil {
		return d.endGroup(id)
	}
	return nil
}

func (wg *workgroup) states() []WaveState {
	out := make([]WaveState, len(wg.waves))
	for i, w := range wg.waves {
		st := "running"
		switch w.state {
		case waveAtBarrier:
			st = "at barrier"
		case waveEnded:
			st = "ended"
		}
		out[i] = WaveState{Workgroup: wg.id, Wave: i, PC: w.pc, State: st}
	}
	return out
}

// initWave sets up wave i of a workgroup of the given size the way gfx12
// launches it (AMDGPUUsage "Initial Kernel Execution State", the ISA
// sheet §6): user SGPRs in s0.., workgroup ids in ttmp9 (X) and ttmp7
// (Y low, Z high), the wave's index in ttmp8[29:25], packed work-item ids
// in v0 as TIDIG_COMP_CNT enables them, EXEC covering the wave's threads;
// everything else zero.
func (d *dispatch) initWave(w *wave, wg *workgroup, i int, size [3]uint32, threads int, lds []byte) {
	w.d = d
	w.wg = wg
	w.index = i
	w.prog = d.prog
	w.pc = d.l.Entry
	w.state = waveRunning
	w.err = nil
	w.signalled, w.leftBarrier, w.barrierDone = false, false, false
	w.w64 = d.w64
	w.width = d.width
	w.laneMask = 1<<32 - 1
	if d.w64 {
		w.laneMask = ^uint64(0)
	}
	w.lds = lds
	d.initPrivate(w)
	w.setMode(d.mode)
	w.s = [numSGPRCodes]uint32{}
	copy(w.s[:], d.l.UserSGPRs)
	w.s[codeTTMP0+9] = wg.id[0]
	w.s[codeTTMP0+7] = wg.id[1]&0xffff | wg.id[2]<<16
	w.s[codeTTMP0+8] = uint32(i&31) << 25
	w.scc = 0
	w.waits.reset()
	w.sync.reset()
	w.prof.reset()
	w.epoch = wg.epoch
	n := d.nvgpr * 64
	if cap(w.vgpr) < n {
		w.vgpr = make([]uint32, n)
		w.dirty = 0
	}
	clear(w.vgpr[:min(w.dirty*64, cap(w.vgpr))])
	w.vgpr = w.vgpr[:n]
	w.dirty = 1 // v0 below
	w.nvgpr = d.nvgpr
	first := i * d.width
	active := threads - first
	if active > d.width {
		active = d.width
	}
	var exec uint64
	if active >= 64 {
		exec = ^uint64(0)
	} else {
		exec = 1<<uint(active) - 1
	}
	w.s[codeExecLo] = uint32(exec)
	if d.w64 {
		w.s[codeExecLo+1] = uint32(exec >> 32)
	}
	sx, sy := int(size[0]), int(size[1])
	for lane := 0; lane < active; lane++ {
		t := first + lane
		x, y, z := t%sx, (t/sx)%sy, t/(sx*sy)
		v := uint32(x)
		if d.tidig >= 1 {
			v |= uint32(y) << 10
		}
		if d.tidig >= 2 {
			v |= uint32(z) << 20
		}
		w.vgpr[lane] = v
	}
}
