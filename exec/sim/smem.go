package sim

import "encoding/binary"

// Scalar memory: s_load_* and s_buffer_load_*. The address is the base
// SGPR pair plus the signed 24-bit offset plus the soffset SGPR (when
// present). Loads of a dword or more ignore the low two address bits, as
// the scalar cache reads whole dwords (the alignment behaviour is
// unconfirmed on hardware; LLVM always aligns).

type smemKind struct {
	bytes  int  // bytes loaded: 1, 2, or 4*dwords
	signed bool // sign-extend a sub-dword load
	buffer bool // s_buffer_load: the base is a buffer resource (V#)
}

func xSMEM(w *wave, in *inst) {
	k := smemKinds[in.sem.aux]
	var addr uint64
	off := uint64(int64(in.op.Offset))
	if in.src[2].kind == opSGPR { // soffset
		off += uint64(w.s[in.src[2].reg])
	}
	if k.buffer {
		// V#: base [47:0] in dwords 0..1, NUM_RECORDS in dword 2. With
		// stride 0 (the raw buffers LLVM makes), an offset at or past
		// NUM_RECORDS reads 0.
		r := in.src[0].reg
		base := uint64(w.s[r]) | uint64(w.s[(r+1)&127]&0xffff)<<32
		num := uint64(w.s[(r+2)&127])
		if off >= num {
			for i := 0; i < int(in.dst.n); i++ {
				w.setS(in.dst.reg+uint16(i), 0)
			}
			return
		}
		addr = base + off
	} else {
		addr = w.scalar64(&in.src[0]) + off
	}
	if k.bytes >= 4 {
		addr &^= 3
	}
	b := w.mem(in, -1, addr, uint64(k.bytes), AccessScalarRead)
	if b == nil {
		return
	}
	switch k.bytes {
	case 1:
		v := uint32(b[0])
		if k.signed {
			v = uint32(int32(int8(b[0])))
		}
		w.setS(in.dst.reg, v)
	case 2:
		v := uint32(binary.LittleEndian.Uint16(b))
		if k.signed {
			v = uint32(int32(int16(v)))
		}
		w.setS(in.dst.reg, v)
	default:
		for i := 0; i < k.bytes/4; i++ {
			w.setS(in.dst.reg+uint16(i), binary.LittleEndian.Uint32(b[4*i:]))
		}
	}
}

var smemKinds []smemKind

func registerSMEM() {
	add := func(name string, k smemKind) {
		smemKinds = append(smemKinds, k)
		def(name, &semantics{exec: xSMEM, aux: len(smemKinds) - 1, setup: func(in *inst) string {
			in.src[2] = resolve(in.op.SAddr, cB32, false, false)
			return ""
		}})
	}
	for _, buf := range []bool{false, true} {
		p := "s_load_"
		if buf {
			p = "s_buffer_load_"
		}
		add(p+"b32", smemKind{bytes: 4, buffer: buf})
		add(p+"b64", smemKind{bytes: 8, buffer: buf})
		add(p+"b96", smemKind{bytes: 12, buffer: buf})
		add(p+"b128", smemKind{bytes: 16, buffer: buf})
		add(p+"b256", smemKind{bytes: 32, buffer: buf})
		add(p+"b512", smemKind{bytes: 64, buffer: buf})
		add(p+"i8", smemKind{bytes: 1, signed: true, buffer: buf})
		add(p+"u8", smemKind{bytes: 1, buffer: buf})
		add(p+"i16", smemKind{bytes: 2, signed: true, buffer: buf})
		add(p+"u16", smemKind{bytes: 2, buffer: buf})
	}
	def("s_dcache_inv", &semantics{exec: xNop})
}
