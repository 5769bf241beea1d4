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
	f, ftzIn, ftzOut := &fmt32, w.ftz32In, w.ftz32Out
	if in.sem.dst != cF32 {
		f, ftzIn, ftzOut = &fmt16, w.ftz16In, w.ftz16Out
	}
	all := f.sign<<1 - 1 // the format's bits
	o := &in.src[0]
	x := uint64(w.scalar32(o)) & all
	if ftzIn {
		x = f.flush(x)
	}
	if o.abs {
		x &^= f.sign
	}
	if o.neg {
		x ^= f.sign
	}
	r := f.post(uint64(in.sem.f1(uint32(x)))&all, in.op.Omod, in.op.Clamp, ftzOut)
	w.swrite(&in.dst, cB32, r)
}
