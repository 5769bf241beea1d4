package sim

import "math/bits"

// Vector compares (VOPC and their VOP3 forms). A compare writes one bit
// per lane to VCC (e32) or to its SGPR destination (e64); v_cmpx writes
// EXEC instead. Bits of inactive lanes are written as 0 (the ISA sheet
// §5.1, "hardware verified" per tinygrad). Float compares see inputs
// after abs/neg and denormal flushing; NaN compares unordered.

func xCmp(w *wave, in *inst) {
	m := w.exec()
	s := in.sem
	var res uint64
	if s.src[0].is64() {
		a, b := w.src64(in, 0, m), w.src64(in, 1, m)
		for mm := m; mm != 0; mm &= mm - 1 {
			l := bits.TrailingZeros64(mm)
			if s.cmp(a[l], b[l]) {
				res |= 1 << uint(l)
			}
		}
	} else {
		a := w.src(in, 0, &m)
		b := w.src(in, 1, &m)
		for mm := m; mm != 0; mm &= mm - 1 {
			l := bits.TrailingZeros64(mm)
			if s.cmp(uint64(a[l]), uint64(b[l])) {
				res |= 1 << uint(l)
			}
		}
	}
	if s.aux == 1 {
		w.setExec(res)
		return
	}
	if in.dst.kind == opSGPR {
		w.setMask(in.dst.reg, res)
	}
}

func registerVOPC() {
	cmp := func(name string, c cls, f func(a, b uint64) bool) {
		def("v_cmp_"+name, &semantics{exec: xCmp, src: [3]cls{c, c}, cmp: f, dpp: !c.is64(), clamp: true})
		def("v_cmpx_"+name, &semantics{exec: xCmp, src: [3]cls{c, c}, cmp: f, dpp: !c.is64(), clamp: true, aux: 1})
	}
	for _, p := range floatPreds {
		f := p.f
		cmp(p.name+"_f32", cF32, func(a, b uint64) bool { return f(float64(f32(uint32(a))), float64(f32(uint32(b)))) })
		cmp(p.name+"_f16", cF16, func(a, b uint64) bool { return f(f16to64(uint32(a)), f16to64(uint32(b))) })
		cmp(p.name+"_f64", cF64, func(a, b uint64) bool { return f(f64(a), f64(b)) })
	}
	for _, p := range intPreds {
		f, name := p.f, p.name
		if name == "lg" {
			name = "ne" // SOPC's lg is VOPC's ne
		}
		cmp(name+"_i32", cB32, func(a, b uint64) bool { return f(int64(int32(a)), int64(int32(b))) })
		cmp(name+"_u32", cB32, func(a, b uint64) bool { return f(int64(uint32(a)), int64(uint32(b))) })
		cmp(name+"_i64", cB64, func(a, b uint64) bool { return f(int64(a), int64(b)) })
		cmp(name+"_u64", cB64, func(a, b uint64) bool {
			// compare as unsigned: map to signed order by flipping the top bit
			return f(int64(a^1<<63), int64(b^1<<63))
		})
	}
	// Class tests look at the value itself (sign modifiers apply, denormal
	// flushing does not); the mask operand is a plain 32-bit integer.
	for aux, p := range []string{"v_cmp_class_", "v_cmpx_class_"} {
		for _, t := range []struct {
			sfx string
			src cls
			f   *fpfmt
		}{{"f32", cM32, &fmt32}, {"f16", cF16, &fmt16}, {"f64", cF64, &fmt64}} {
			f := t.f
			def(p+t.sfx, &semantics{exec: xCmp, src: [3]cls{t.src, cB32}, clamp: true, dpp: t.src != cF64, aux: aux,
				cmp: func(a, b uint64) bool { return f.class(a, uint32(b)) }})
		}
	}
}
