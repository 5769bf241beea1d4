package sim

import "math/bits"

// The waves of a workgroup run here one at a time, each until it ends or
// waits at a barrier, so LDS that one wave writes and another reads
// without a barrier between them usually holds what the kernel expects;
// on a GPU the waves run concurrently and the reader may see the old
// bytes. The LDS race checker catches that: every LDS byte remembers the
// barrier epoch and wave of its last write and which waves read it in its
// epoch, and two waves touching a byte in one epoch, one of them writing,
// is a race. Atomics do not race with atomics or reads (compare-and-swap
// loops read what atomics update); stores of the value already stored by
// another wave are no race.

// ldsCell is what the checker remembers of one LDS byte.
type ldsCell struct {
	wEpoch, rEpoch uint32 // epoch of the last write, and of the readers
	readers        uint64 // waves (bit = index in the workgroup) that read it in rEpoch
	writer         uint8  // wave that wrote it last
	atomic         bool   // the last write was an atomic
	value          byte   // what it wrote
}

// ldsTracker holds the cells and hands out epochs. An epoch is a stretch
// of a workgroup between barriers; epochs are never reused, so cells left
// by earlier workgroups and dispatches never match and need no clearing.
type ldsTracker struct {
	cells []ldsCell
	epoch uint32
}

// next returns a fresh epoch.
func (t *ldsTracker) next() uint32 {
	t.epoch++
	return t.epoch
}

// ldsTouch records that w made an access of kind to b, the n LDS bytes at
// addr (after the access, so b holds what a store wrote), and stops the
// wave at the first race.
func (w *wave) ldsTouch(in *inst, addr uint32, b []byte, kind Access) {
	d := w.d
	if d.sets == nil || d.race != nil && d.g.hz.mode != HazardStop {
		return // hazards off, or a race already reported
	}
	t := &d.g.ldsT
	if need := int(addr) + len(b); need > len(t.cells) {
		t.cells = append(t.cells, make([]ldsCell, max(need, len(w.lds))-len(t.cells))...)
	}
	me, bit := uint8(w.index), uint64(1)<<(w.index&63)
	for i := range b {
		c := &t.cells[int(addr)+i]
		var earlier Access // what another wave did to the byte in this epoch, if it races
		if c.wEpoch == w.epoch && c.writer != me {
			switch {
			case kind != AccessWrite && !c.atomic, kind == AccessWrite && !c.atomic && c.value != b[i]:
				earlier = AccessWrite
			case kind == AccessWrite && c.atomic:
				earlier = AccessAtomic
			}
		}
		if earlier != 0 {
			w.ldsRace(in, addr+uint32(i), kind, earlier, int(c.writer))
			return
		}
		if others := c.readers &^ bit; kind == AccessWrite && c.rEpoch == w.epoch && others != 0 {
			w.ldsRace(in, addr+uint32(i), kind, AccessRead, bits.TrailingZeros64(others))
			return
		}
		switch kind {
		case AccessRead:
			if c.rEpoch != w.epoch {
				c.rEpoch, c.readers = w.epoch, 0
			}
			c.readers |= bit
		default:
			c.wEpoch, c.writer, c.atomic, c.value = w.epoch, me, kind == AccessAtomic, b[i]
		}
	}
}

// ldsRace reports an LDS race at byte addr between w and wave other of
// its workgroup.
func (w *wave) ldsRace(in *inst, addr uint32, later, earlier Access, other int) {
	d := w.d
	h := &HazardError{Earlier: d.ref, Later: d.ref, EarlierAccess: earlier, LaterAccess: later, Lo: uint64(addr), Hi: uint64(addr) + 1,
		LDS: true, LaterGroup: w.wg.id, EarlierGroup: w.wg.id, LaterWave: w.index, EarlierWave: other, Site: w.siteAt(in)}
	if d.g.hz.mode == HazardStop {
		w.fail(h)
		return
	}
	d.race = h
}
