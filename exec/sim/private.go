package sim

import (
	"fmt"
	"math/bits"
)

// Private (scratch) memory and the flat apertures.
//
// gfx12 has architected flat scratch: every work-item owns a private
// segment of Launch.PrivateBytes bytes, which scratch_* instructions
// address by a 32-bit offset (the SGPR saddr plus the VGPR vaddr plus the
// instruction offset) and flat_* instructions address through the private
// aperture. How the hardware interleaves the lanes' segments in the
// scratch buffer is invisible to the program, so each lane simply has its
// own bytes. Flat addresses whose high 32 bits are the shared aperture's
// (src_shared_base) go to the workgroup's LDS instead. A private access
// outside the segment is a page fault; an LDS access outside the
// allocation reads 0 and drops writes, as DS instructions do.

// isAperture reports whether a flat address falls in the LDS or the
// private aperture (neither overlaps the 48-bit global address space).
func isAperture(a uint64) bool {
	hi := uint32(a >> 32)
	return hi == sharedBaseHi || hi == privateBaseHi
}

// privateAt returns lane l's private bytes [off, off+n), or stops the
// wave with a page fault.
func (w *wave) privateAt(in *inst, l int, off int64, n int) []byte {
	p := int64(w.d.privBytes)
	if off < 0 || off+int64(n) > p {
		f := &PageFault{Addr: uint64(off), Size: n, Access: vmemOps[in.sem.aux].access(), Site: w.siteAt(in),
			Reason: fmt.Sprintf("outside the work-item's %d-byte private segment", p)}
		f.Site.Lane = l
		w.fail(f)
		return nil
	}
	if end := int(off) + n; end > w.privUsed {
		w.privUsed = end
	}
	base := int64(l) * p
	return w.priv[base+off : base+off+int64(n)]
}

// flatPrivateOrLDS returns the bytes a flat access to an aperture address
// reaches for lane l (a scratch buffer when LDS is out of range), or nil
// after a fault.
func (w *wave) flatPrivateOrLDS(in *inst, l int, a uint64, n int) []byte {
	lo := uint32(a)
	if uint32(a>>32) == privateBaseHi {
		return w.privateAt(in, l, int64(lo), n)
	}
	if b := w.ldsAt(lo, n); b != nil {
		return b
	}
	clear(w.ldsSpill[:n])
	return w.ldsSpill[:n]
}

// xScratch executes scratch_* loads and stores.
func xScratch(w *wave, in *inst) {
	op := &vmemOps[in.sem.aux]
	exec := w.exec()
	var sbase int64
	if in.src[2].kind != opNone {
		sbase = int64(int32(w.scalar32(&in.src[2])))
	}
	off := int64(in.op.Offset)
	var v []uint32
	if in.src[0].kind == opVGPR {
		v = w.row(in.src[0].reg)
	}
	for mm := exec; mm != 0; mm &= mm - 1 {
		l := bits.TrailingZeros64(mm)
		a := sbase + off
		if v != nil {
			a += int64(int32(v[l]))
		}
		b := w.privateAt(in, l, a, op.bytes)
		if b == nil {
			return
		}
		w.vmemLane(in, op, l, b)
	}
}

// maxPrivateBytes bounds the private segment of a work-item: the
// scratch a gfx11/gfx12 wave may have (SPI_TMPRING_SIZE.WAVESIZE, 15 bits
// of 256-byte units, is 8 MiB) spread over 64 lanes.
const maxPrivateBytes = 128 << 10

// initPrivate gives the wave its lanes' private segments, zeroed (the
// hardware leaves whatever an earlier wave wrote; zero is deterministic).
// Only the bytes the wave's previous use touched are cleared.
func (d *dispatch) initPrivate(w *wave) {
	p := int(d.privBytes)
	n := p * d.width
	if cap(w.priv) < n {
		w.priv = make([]byte, n)
		w.privUsed, w.privStride = 0, p
	}
	if w.privStride != p {
		clear(w.priv[:cap(w.priv)])
		w.privUsed, w.privStride = 0, p
	}
	w.priv = w.priv[:n]
	for l := 0; l < d.width && w.privUsed > 0; l++ {
		clear(w.priv[l*p : l*p+min(w.privUsed, p)])
	}
	w.privUsed = 0
}
