package sim

// The v_s_* instructions (gfx12): the transcendental unit computing
// exp, log, rcp, rsq or sqrt of a scalar operand into an SGPR, which LLVM
// uses for uniform values. Each computes exactly what its vector
// counterpart (v_rcp_f32, ...) does for one lane, with the same input
// modifiers, clamp, output modifier and denormal handling; an f16 result
// is written zero-extended (the upper half is unspecified, as for the
// SALU f16 operations).

func registerVSTrans() {
	for _, name := range []string{"exp", "log", "rcp", "rsq", "sqrt"} {
		for _, t := range []string{"f32", "f16"} {
			vec := semTable[opByName["v_"+name+"_"+t]]
			if vec == nil || vec.f1 == nil {
				panic("sim: no vector semantics for v_" + name + "_" + t)
			}
			c := cF32
			if t == "f16" {
				c = cF16
			}
			def("v_s_"+name+"_"+t, &semantics{exec: xVSTrans, dst: c, src: [3]cls{c}, f1: vec.f1, clamp: true, omod: true})
		}
	}
}

func xVSTrans(w *wave, in *inst) {
	o := &in.src[0]
	x := w.scalar32(o)
	var r uint32
	if in.sem.dst == cF32 {
		if w.ftz32In {
			x = flush32(x)
		}
		if o.abs {
			x &= 0x7fffffff
		}
		if o.neg {
			x ^= 0x80000000
		}
		r = post32(in.sem.f1(x), in.op.Omod, in.op.Clamp, w.ftz32Out)
	} else {
		x &= 0xffff
		if w.ftz16In {
			x = flush16(x)
		}
		if o.abs {
			x &= 0x7fff
		}
		if o.neg {
			x ^= 0x8000
		}
		r = uint32(post16(uint16(in.sem.f1(x)), in.op.Omod, in.op.Clamp, w.ftz16Out))
	}
	w.swrite(&in.dst, cB32, uint64(r))
}
