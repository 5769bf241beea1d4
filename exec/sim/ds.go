package sim

import (
	"encoding/binary"
	"fmt"
	"math/bits"
	"strings"
)

// LDS (DS) instructions. An address is the 32-bit sum of the address VGPR
// and the instruction's offset; the workgroup's LDS starts at 0 and has
// the size RSRC2.LDS_SIZE requests. Out of range, loads return 0 and
// stores and atomics are dropped (the behaviour the ISA sheet gives,
// unconfirmed on hardware). Lanes execute in increasing order, so atomics
// of one instruction apply lane by lane. M0 is not used.

type dsKind uint8

const (
	dsLoad dsKind = iota
	dsStore
	dsAtomic
	dsLoad2
	dsStore2
	dsXchg2
	dsSwizzle
	dsPermute
	dsBpermute
	dsAppend
	dsConsume
)

type dsOp struct {
	kind   dsKind
	bytes  int  // element size
	signed bool // sign-extending sub-dword load
	d16    int  // 0 whole register, 1 low half (d16), 2 high half (d16_hi)
	stride int  // 2addr forms: bytes per offset unit
	rtn    bool // atomics: return the old value
	fn     rmw
}

var dsOps []dsOp

// ldsAt returns the n LDS bytes at addr, or nil when out of range.
func (w *wave) ldsAt(addr uint32, n int) []byte {
	if uint64(addr)+uint64(n) > uint64(len(w.lds)) {
		return nil
	}
	return w.lds[addr : int(addr)+n]
}

func getLE(b []byte) uint64 {
	var v uint64
	for i := len(b) - 1; i >= 0; i-- {
		v = v<<8 | uint64(b[i])
	}
	return v
}

func xDS(w *wave, in *inst) {
	op := &dsOps[in.sem.aux]
	switch op.kind {
	case dsSwizzle:
		xSwizzle(w, in)
		return
	case dsPermute, dsBpermute:
		xPermute(w, in, op.kind == dsBpermute)
		return
	case dsAppend, dsConsume:
		n := uint32(bits.OnesCount64(w.exec()))
		b := w.ldsAt(uint32(uint16(in.op.Offset)), 4)
		var old uint32
		if b != nil {
			old = binary.LittleEndian.Uint32(b)
			if op.kind == dsAppend {
				binary.LittleEndian.PutUint32(b, old+n)
			} else {
				binary.LittleEndian.PutUint32(b, old-n)
			}
			w.ldsTouch(in, uint32(uint16(in.op.Offset)), b, AccessAtomic)
		}
		d := w.row(in.dst.reg)
		for m := w.exec(); m != 0; m &= m - 1 {
			d[bits.TrailingZeros64(m)] = old
		}
		return
	}
	addr := w.row(in.src[0].reg)
	off := uint32(in.op.Offset)
	nreg := (op.bytes + 3) / 4
	for m := w.exec(); m != 0; m &= m - 1 {
		l := bits.TrailingZeros64(m)
		base := addr[l]
		switch op.kind {
		case dsLoad:
			var v [4]uint32
			if b := w.ldsAt(base+off, op.bytes); b != nil {
				v = loadLE(b, op.signed)
				w.ldsTouch(in, base+off, b, AccessRead)
			}
			w.writeData(in.dst.reg, l, v[:nreg], op.d16)
		case dsStore:
			v := w.readData(in.src[1].reg, l, nreg, op.d16)
			if b := w.ldsAt(base+off, op.bytes); b != nil {
				storeLE(b, v)
				w.ldsTouch(in, base+off, b, AccessWrite)
			}
		case dsAtomic:
			var d0, d1 uint64
			d0 = w.reg64(in.src[1].reg, l, op.bytes == 8)
			if in.src[2].kind == opVGPR {
				d1 = w.reg64(in.src[2].reg, l, op.bytes == 8)
			}
			var old uint64
			if b := w.ldsAt(base+off, op.bytes); b != nil {
				old = getLE(b)
				putLE(b, op.fn(old, d0, d1))
				w.ldsTouch(in, base+off, b, AccessAtomic)
			}
			if op.rtn {
				w.setReg64(in.dst.reg, l, old, op.bytes == 8)
			}
		case dsLoad2:
			var v [4]uint32
			k := op.bytes / 4
			for j, o := range [2]uint32{uint32(in.op.Offset), uint32(in.op.Offset1)} {
				if b := w.ldsAt(base+o*uint32(op.stride), op.bytes); b != nil {
					getDwords(v[j*k:(j+1)*k], b)
					w.ldsTouch(in, base+o*uint32(op.stride), b, AccessRead)
				}
			}
			w.writeData(in.dst.reg, l, v[:2*k], 0)
		case dsStore2:
			k := op.bytes / 4
			for j, o := range [2]uint32{uint32(in.op.Offset), uint32(in.op.Offset1)} {
				v := w.readData(in.src[1+j].reg, l, k, 0)
				if b := w.ldsAt(base+o*uint32(op.stride), op.bytes); b != nil {
					storeLE(b, v)
					w.ldsTouch(in, base+o*uint32(op.stride), b, AccessWrite)
				}
			}
		case dsXchg2:
			var v [4]uint32
			k := op.bytes / 4
			for j, o := range [2]uint32{uint32(in.op.Offset), uint32(in.op.Offset1)} {
				nv := w.readData(in.src[1+j].reg, l, k, 0)
				if b := w.ldsAt(base+o*uint32(op.stride), op.bytes); b != nil {
					getDwords(v[j*k:(j+1)*k], b)
					storeLE(b, nv)
					w.ldsTouch(in, base+o*uint32(op.stride), b, AccessAtomic)
				}
			}
			w.writeData(in.dst.reg, l, v[:2*k], 0)
		}
	}
}

// readData reads n registers of lane l from VGPR r on; d16 == 2 takes the
// high half of the first register (the _d16_hi stores).
func (w *wave) readData(r uint16, l, n, d16 int) []uint32 {
	var v [4]uint32
	for k := 0; k < n; k++ {
		v[k] = w.vgpr[(int(r)+k)<<6|l]
	}
	if d16 == 2 {
		v[0] >>= 16
	}
	return v[:n]
}

// writeData writes loaded dwords to lane l of VGPR r on; d16 loads write
// only the low (1) or high (2) half of the register.
func (w *wave) writeData(r uint16, l int, v []uint32, d16 int) {
	switch d16 {
	case 1:
		p := &w.vgpr[int(r)<<6|l]
		*p = *p&0xffff0000 | v[0]&0xffff
	case 2:
		p := &w.vgpr[int(r)<<6|l]
		*p = *p&0xffff | v[0]<<16
	default:
		for k, x := range v {
			w.vgpr[(int(r)+k)<<6|l] = x
		}
	}
}

func (w *wave) reg64(r uint16, l int, wide bool) uint64 {
	v := uint64(w.vgpr[int(r)<<6|l])
	if wide {
		v |= uint64(w.vgpr[(int(r)+1)<<6|l]) << 32
	}
	return v
}

func (w *wave) setReg64(r uint16, l int, v uint64, wide bool) {
	w.vgpr[int(r)<<6|l] = uint32(v)
	if wide {
		w.vgpr[(int(r)+1)<<6|l] = uint32(v >> 32)
	}
}

// loadLE returns the value a load of len(b) bytes reads: the dwords of
// b, or a sub-dword value zero- or sign-extended to one dword.
func loadLE(b []byte, signed bool) (v [4]uint32) {
	if len(b) >= 4 {
		getDwords(v[:len(b)/4], b)
		return v
	}
	x := getLE(b)
	if signed {
		x = signExtend(x, uint32(8*len(b)))
	}
	v[0] = uint32(x)
	return v
}

// getDwords fills v with the little-endian dwords at the start of b.
func getDwords(v []uint32, b []byte) {
	for k := range v {
		v[k] = binary.LittleEndian.Uint32(b[4*k:])
	}
}

// storeLE writes the dwords v over b (b may be shorter: sub-dword stores).
func storeLE(b []byte, v []uint32) {
	for i := range b {
		b[i] = byte(v[i/4] >> (8 * uint(i%4)))
	}
}

// xSwizzle is ds_swizzle_b32 (the pcode and the ISA sheet §5.4): offset
// bit 15 clear is bitmask mode within 32 lanes (and [4:0], or [9:5], xor
// [14:10]); 0x8000-0xbfff is quad-perm mode; from 0xe000 is FFT mode. An
// inactive source lane gives 0.
func xSwizzle(w *wave, in *inst) {
	off := uint32(uint16(in.op.Offset))
	if off >= 0xc000 && off < 0xe000 {
		w.fail(w.unsupported(in, fmt.Sprintf("swizzle offset 0x%x (rotate mode) is not modelled", off)))
		return
	}
	src := w.row(in.src[0].reg)
	tmp := &w.res
	copy(tmp[:], src)
	exec := w.exec()
	d := w.row(in.dst.reg)
	for m := exec; m != 0; m &= m - 1 {
		i := bits.TrailingZeros64(m)
		var j int
		switch {
		case off >= 0xe000:
			mask := int(off & 31)
			j = int(bits.Reverse8(uint8(i&31)) >> 3)
			j >>= uint(bits.OnesCount32(uint32(mask)))
			j |= i & mask
			j |= i & 0x20
		case off&0x8000 != 0:
			j = i&^3 | int(off>>(2*uint(i&3))&3)
		default:
			and, or, xor := int(off&31), int(off>>5&31), int(off>>10&31)
			j = i&0x20 | ((i&31)&and | or) ^ xor
		}
		if j < w.width && exec>>uint(j)&1 != 0 {
			d[i] = tmp[j]
		} else {
			d[i] = 0
		}
	}
}

// xPermute is ds_permute_b32 (push) and ds_bpermute_b32 (pull): the lane
// is ((address + offset) / 4) mod the wave size.
func xPermute(w *wave, in *inst, pull bool) {
	addr := w.row(in.src[0].reg)
	data := w.row(in.src[1].reg)
	off := uint32(uint16(in.op.Offset))
	exec := w.exec()
	n := uint32(w.width)
	tmp := &w.res
	*tmp = [64]uint32{}
	for m := exec; m != 0; m &= m - 1 {
		i := bits.TrailingZeros64(m)
		lane := int((addr[i] + off) / 4 % n)
		if pull {
			if exec>>uint(lane)&1 != 0 {
				tmp[i] = data[lane]
			}
		} else {
			tmp[lane] = data[i] // the highest source lane wins
		}
	}
	d := w.row(in.dst.reg)
	for m := exec; m != 0; m &= m - 1 {
		i := bits.TrailingZeros64(m)
		d[i] = tmp[i]
	}
}

func registerDS() {
	add := func(name string, op dsOp) {
		dsOps = append(dsOps, op)
		def(name, &semantics{exec: xDS, aux: len(dsOps) - 1})
	}
	for _, v := range []struct {
		sfx   string
		bytes int
	}{{"b8", 1}, {"b16", 2}, {"b32", 4}, {"b64", 8}, {"b96", 12}, {"b128", 16}} {
		add("ds_store_"+v.sfx, dsOp{kind: dsStore, bytes: v.bytes})
		if v.bytes >= 4 {
			add("ds_load_"+v.sfx, dsOp{kind: dsLoad, bytes: v.bytes})
		}
	}
	add("ds_store_b8_d16_hi", dsOp{kind: dsStore, bytes: 1, d16: 2})
	add("ds_store_b16_d16_hi", dsOp{kind: dsStore, bytes: 2, d16: 2})
	add("ds_load_u8", dsOp{kind: dsLoad, bytes: 1})
	add("ds_load_i8", dsOp{kind: dsLoad, bytes: 1, signed: true})
	add("ds_load_u16", dsOp{kind: dsLoad, bytes: 2})
	add("ds_load_i16", dsOp{kind: dsLoad, bytes: 2, signed: true})
	add("ds_load_u8_d16", dsOp{kind: dsLoad, bytes: 1, d16: 1})
	add("ds_load_u8_d16_hi", dsOp{kind: dsLoad, bytes: 1, d16: 2})
	add("ds_load_i8_d16", dsOp{kind: dsLoad, bytes: 1, signed: true, d16: 1})
	add("ds_load_i8_d16_hi", dsOp{kind: dsLoad, bytes: 1, signed: true, d16: 2})
	add("ds_load_u16_d16", dsOp{kind: dsLoad, bytes: 2, d16: 1})
	add("ds_load_u16_d16_hi", dsOp{kind: dsLoad, bytes: 2, d16: 2})
	for _, v := range []struct {
		sfx   string
		bytes int
	}{{"b32", 4}, {"b64", 8}} {
		add("ds_load_2addr_"+v.sfx, dsOp{kind: dsLoad2, bytes: v.bytes, stride: v.bytes})
		add("ds_load_2addr_stride64_"+v.sfx, dsOp{kind: dsLoad2, bytes: v.bytes, stride: 64 * v.bytes})
		add("ds_store_2addr_"+v.sfx, dsOp{kind: dsStore2, bytes: v.bytes, stride: v.bytes})
		add("ds_store_2addr_stride64_"+v.sfx, dsOp{kind: dsStore2, bytes: v.bytes, stride: 64 * v.bytes})
		add("ds_storexchg_2addr_rtn_"+v.sfx, dsOp{kind: dsXchg2, bytes: v.bytes, stride: v.bytes})
		add("ds_storexchg_2addr_stride64_rtn_"+v.sfx, dsOp{kind: dsXchg2, bytes: v.bytes, stride: 64 * v.bytes})
	}
	add("ds_swizzle_b32", dsOp{kind: dsSwizzle})
	add("ds_permute_b32", dsOp{kind: dsPermute})
	add("ds_bpermute_b32", dsOp{kind: dsBpermute})
	add("ds_append", dsOp{kind: dsAppend})
	add("ds_consume", dsOp{kind: dsConsume})
	// Atomics: every remaining ds_ mnemonic of the isa table names its
	// operation: ds_<op>[_rtn]_<type>.
	for _, name := range opNames() {
		if !strings.HasPrefix(name, "ds_") || semTable[opByName[name]] != nil {
			continue
		}
		rest := strings.TrimPrefix(name, "ds_")
		rtn := strings.Contains(rest, "_rtn_")
		rest = strings.Replace(rest, "_rtn_", "_", 1)
		fnName, width := splitAtomic(rest)
		fn, ok := atomicFn(fnName, width)
		if !ok {
			continue
		}
		add(name, dsOp{kind: dsAtomic, bytes: width / 8, rtn: rtn, fn: fn})
	}
}
