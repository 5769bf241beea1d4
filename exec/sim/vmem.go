package sim

import (
	"encoding/binary"
	"math/bits"
	"strings"

	"zincc/isa"
)

// Global memory (VGLOBAL). The address of a lane is the SGPR pair saddr
// plus the zero-extended 32-bit VGPR vaddr, or (saddr = off) the VGPR pair
// vaddr; plus the signed 24-bit instruction offset (the ISA sheet §5.4).
// Inactive lanes do not access memory at all. Every access is checked
// against the mappings (a page fault names the lane) and recorded for the
// hazard checker. Misaligned addresses are allowed.

type vmemKind uint8

const (
	vmLoad vmemKind = iota
	vmStore
	vmAtomic
)

type vmemOp struct {
	kind   vmemKind
	bytes  int
	signed bool
	d16    int // 0 whole registers, 1 low half, 2 high half
	fn     rmw
}

var vmemOps []vmemOp

// access is the kind of access op makes, for faults and the hazard checker.
func (op *vmemOp) access() Access {
	switch op.kind {
	case vmStore:
		return AccessWrite
	case vmAtomic:
		return AccessAtomic
	}
	return AccessRead
}

func xVMEM(w *wave, in *inst) {
	op := &vmemOps[in.sem.aux]
	exec := w.exec()
	if exec == 0 {
		return
	}
	access := op.access()
	// Fast path: every lane's access inside one mapping that permits it,
	// checked once for the instruction.
	n := uint64(op.bytes)
	addrs := &w.res64
	lo, hi := ^uint64(0), uint64(0)
	off := uint64(int64(in.op.Offset))
	vlo := w.row(in.src[0].reg)
	if in.src[2].kind == opSGPR {
		r := in.src[2].reg
		sb := uint64(w.s[r]) | uint64(w.s[(r+1)&127])<<32
		for mm := exec; mm != 0; mm &= mm - 1 {
			l := bits.TrailingZeros64(mm)
			a := sb + uint64(vlo[l]) + off
			addrs[l] = a
			lo, hi = min(lo, a), max(hi, a)
		}
	} else {
		vhi := w.row(in.src[0].reg + 1)
		for mm := exec; mm != 0; mm &= mm - 1 {
			l := bits.TrailingZeros64(mm)
			a := uint64(vlo[l]) | uint64(vhi[l])<<32 + off
			addrs[l] = a
			lo, hi = min(lo, a), max(hi, a)
		}
	}
	if hi > ^uint64(0)-n {
		hi = ^uint64(0) // wraps: take the slow path, which faults
	} else {
		hi += n
	}
	if p := w.d.prof; p != nil {
		p.vmem(w, in, addrs, exec, n, access)
	}
	var data []byte
	var base uint64
	if in.op.Enc == isa.VFLAT && (isAperture(lo) || isAperture(hi-1)) {
		// Some lanes may address LDS or private memory: per lane.
		hi = ^uint64(0)
	}
	if mp, f := w.d.g.mem.check(lo, hi-lo, access); f == nil && hi != ^uint64(0) {
		data, base = mp, lo
		if s := w.d.group; s != nil {
			recordRuns(s, coherentKind(in, access), addrs, exec, n)
			w.syncRuns(coherentKind(in, access), addrs, exec, n)
		}
	}
	if w.d.group != nil {
		switch op.kind {
		case vmAtomic:
			w.syncAtomic(in, addrs, exec)
		case vmStore:
			w.syncStore(addrs, exec, n)
		}
	}
	if data != nil && n == 4 && op.d16 == 0 {
		// The common dword load and store, without the general loop.
		switch op.kind {
		case vmLoad:
			d := w.row(in.dst.reg)
			for mm := exec; mm != 0; mm &= mm - 1 {
				l := bits.TrailingZeros64(mm)
				d[l] = binary.LittleEndian.Uint32(data[addrs[l]-base:])
			}
			return
		case vmStore:
			v := w.row(in.src[1].reg)
			for mm := exec; mm != 0; mm &= mm - 1 {
				l := bits.TrailingZeros64(mm)
				binary.LittleEndian.PutUint32(data[addrs[l]-base:], v[l])
			}
			return
		}
	}
	flat := in.op.Enc == isa.VFLAT
	for mm := exec; mm != 0; mm &= mm - 1 {
		l := bits.TrailingZeros64(mm)
		var b []byte
		switch {
		case flat && isAperture(addrs[l]):
			if b = w.flatPrivateOrLDS(in, l, addrs[l], op.bytes); b == nil {
				return
			}
		case data != nil:
			o := addrs[l] - base
			b = data[o : o+n]
		default:
			if b = w.mem(in, l, addrs[l], n, access); b == nil {
				return
			}
		}
		w.vmemLane(in, op, l, b)
		if flat && isAperture(addrs[l]) && uint32(addrs[l]>>32) != privateBaseHi && int(uint32(addrs[l]))+len(b) <= len(w.lds) {
			w.ldsTouch(in, uint32(addrs[l]), b, access)
		}
	}
}

// vmemLane performs lane l's part of a memory instruction on the bytes b
// it addresses.
func (w *wave) vmemLane(in *inst, op *vmemOp, l int, b []byte) {
	nreg := (op.bytes + 3) / 4
	switch op.kind {
	case vmLoad:
		v := loadLE(b, op.signed)
		w.writeData(in.dst.reg, l, v[:nreg], op.d16)
	case vmStore:
		storeLE(b, w.readData(in.src[1].reg, l, nreg, op.d16))
	case vmAtomic:
		wide := op.bytes == 8
		d0 := w.reg64(in.src[1].reg, l, wide)
		var d1 uint64
		if in.src[1].n >= 2 && !wide || in.src[1].n >= 4 {
			// cmpswap: the data tuple is {src, cmp}
			k := uint16(1)
			if wide {
				k = 2
			}
			d1 = w.reg64(in.src[1].reg+k, l, wide)
		}
		old := getLE(b)
		putLE(b, op.fn(old, d0, d1))
		if in.dst.kind == opVGPR {
			w.setReg64(in.dst.reg, l, old, wide)
		}
	}
}

// recordRuns records the lanes' accesses for the hazard checker, merging
// runs of consecutive addresses first (the usual pattern: lane i reads
// base + i*n).
func recordRuns(s *accessSets, access Access, addrs *[64]uint64, exec, n uint64) {
	var runLo, runHi uint64
	started := false
	for mm := exec; mm != 0; mm &= mm - 1 {
		a := addrs[bits.TrailingZeros64(mm)]
		if started && a == runHi {
			runHi += n
			continue
		}
		if started {
			s.record(access, runLo, runHi-runLo)
		}
		runLo, runHi, started = a, a+n, true
	}
	if started {
		s.record(access, runLo, runHi-runLo)
	}
}

func registerVMEM() {
	add := func(name string, op vmemOp) {
		vmemOps = append(vmemOps, op)
		setup := func(in *inst) string {
			in.src[2] = resolve(in.op.SAddr, cB32, false, false)
			return ""
		}
		def(name, &semantics{exec: xVMEM, aux: len(vmemOps) - 1, setup: setup})
		// The flat form addresses global memory the same way (a VGPR
		// pair), or LDS and private memory through their apertures; the
		// scratch form addresses the work-item's private memory.
		if flat := "flat_" + strings.TrimPrefix(name, "global_"); flat != name {
			def(flat, &semantics{exec: xVMEM, aux: len(vmemOps) - 1, setup: setup})
		}
		if op.kind != vmAtomic {
			def("scratch_"+strings.TrimPrefix(name, "global_"), &semantics{exec: xScratch, aux: len(vmemOps) - 1, setup: setup})
		}
	}
	for _, v := range []struct {
		sfx   string
		bytes int
	}{{"b32", 4}, {"b64", 8}, {"b96", 12}, {"b128", 16}} {
		add("global_load_"+v.sfx, vmemOp{kind: vmLoad, bytes: v.bytes})
		add("global_store_"+v.sfx, vmemOp{kind: vmStore, bytes: v.bytes})
	}
	add("global_store_b8", vmemOp{kind: vmStore, bytes: 1})
	add("global_store_b16", vmemOp{kind: vmStore, bytes: 2})
	add("global_store_d16_hi_b8", vmemOp{kind: vmStore, bytes: 1, d16: 2})
	add("global_store_d16_hi_b16", vmemOp{kind: vmStore, bytes: 2, d16: 2})
	add("global_load_u8", vmemOp{kind: vmLoad, bytes: 1})
	add("global_load_i8", vmemOp{kind: vmLoad, bytes: 1, signed: true})
	add("global_load_u16", vmemOp{kind: vmLoad, bytes: 2})
	add("global_load_i16", vmemOp{kind: vmLoad, bytes: 2, signed: true})
	add("global_load_d16_u8", vmemOp{kind: vmLoad, bytes: 1, d16: 1})
	add("global_load_d16_i8", vmemOp{kind: vmLoad, bytes: 1, signed: true, d16: 1})
	add("global_load_d16_b16", vmemOp{kind: vmLoad, bytes: 2, d16: 1})
	add("global_load_d16_hi_u8", vmemOp{kind: vmLoad, bytes: 1, d16: 2})
	add("global_load_d16_hi_i8", vmemOp{kind: vmLoad, bytes: 1, signed: true, d16: 2})
	add("global_load_d16_hi_b16", vmemOp{kind: vmLoad, bytes: 2, d16: 2})
	// Cache maintenance changes nothing in a memory without caches; at
	// device scope it takes part in the race checker's release and
	// acquire (sync.go).
	def("global_wb", &semantics{exec: xGlobalWB})
	def("global_inv", &semantics{exec: xGlobalInv})
	def("global_wbinv", &semantics{exec: func(w *wave, in *inst) { xGlobalWB(w, in); xGlobalInv(w, in) }})
	for _, name := range opNames() {
		if !strings.HasPrefix(name, "global_atomic_") {
			continue
		}
		fnName, width := splitAtomic(strings.TrimPrefix(name, "global_atomic_"))
		fn, ok := atomicFn(fnName, width)
		if !ok {
			continue
		}
		add(name, vmemOp{kind: vmAtomic, bytes: width / 8, fn: fn})
	}
}
