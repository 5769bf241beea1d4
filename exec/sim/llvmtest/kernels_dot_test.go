package llvmtest

import (
	"fmt"
	"math"
	"math/rand"
	"testing"

	"zincc/exec/sim"
	"zincc/isa"
)

// Dot products and packed math (testdata/llvm/dot.ll): the instructions a
// fast decode kernel relies on (issue 14 item 6). The integer references
// are the intrinsics' definitions (AMDGPUUsage, IntrinsicsAMDGPU.td):
// a sum of byte or nibble products, signed where the intrinsic's i1 says
// so, plus c, wrapping or, with clamp, saturated to the result's range.
// LLVM does not define how the float dots round; the references follow
// AMD's RDNA4 pseudocode (rdna4-perf.md [amdxml]): the products are
// exact and are added to S2 one after another in element order, each
// addition rounded (fma32 from the exact product). FP8 is OCP E4M3 and
// BF8 OCP E5M2, the formats gfx12 converts with v_cvt_f32_fp8/bf8.

func dotKernels() []kernelCase {
	return []kernelCase{{file: "dot.ll", kernel: "dot", check: checkDot}}
}

// dotLanes is the lanes checkDot runs (one workgroup).
const dotLanes = 128

func checkDot(r *run) {
	a, b, c, f, h, g, out := u32s(dotLanes), u32s(dotLanes), u32s(dotLanes), u32s(dotLanes), u32s(dotLanes), u32s(dotLanes), u32s(20*dotLanes)
	for i := 0; i < dotLanes; i++ {
		var x, y, z uint32
		switch i % 4 {
		case 0: // random bits
			x, y, z = genI32(r.rng), genI32(r.rng), genI32(r.rng)
		case 1: // the extremes of every byte and nibble: saturation
			pick := []uint32{0x7f7f7f7f, 0x80808080, 0xffffffff, 0x77777777, 0x88888888, 0x01010101}
			x, y = pick[r.rng.Intn(len(pick))], pick[r.rng.Intn(len(pick))]
			z = []uint32{0x7fffffff, 0x80000000, 0xfffffff0, 0x7ffffff0, 0x80000010, 0}[r.rng.Intn(6)]
		case 2: // moderate fp8 values whose sums are often exact
			x, y = moderateFP8x4(r.rng), moderateFP8x4(r.rng)
			z = genI32(r.rng)
		default: // fp8 specials (NaN, infinity, zero, subnormals) among ordinary bytes
			sp := []byte{0x7f, 0xff, 0x7c, 0xfc, 0x7b, 0x00, 0x80, 0x01, 0x07, 0x78, 0x3c}
			for k := 0; k < 4; k++ {
				x |= uint32(sp[r.rng.Intn(len(sp))]) << (8 * k)
				y |= uint32(r.rng.Intn(256)) << (8 * k)
			}
			z = genI32(r.rng)
		}
		putU32(a, i, x)
		putU32(b, i, y)
		putU32(c, i, z)
		putF32(f, i, genF32(r.rng))
		if i%4 == 2 {
			putF32(f, i, float32(r.rng.Intn(2001)-1000)/64)
		}
		putU32(h, i, uint32(genF16(r.rng))|uint32(genF16(r.rng))<<16)
		putU32(g, i, uint32(genF16(r.rng))|uint32(genF16(r.rng))<<16)
		if i%8 == 6 {
			// fdot2 clamped: products and f near [0, 1], so that
			// results fall below, inside and above it; f16 values with
			// low bits set, so that the adds round.
			small := func() uint32 { return uint32(f16Of((r.rng.Float64()*2 - 0.5) * (1 + float64(r.rng.Intn(1024))/1024))) }
			putU32(h, i, small()|small()<<16)
			putU32(g, i, small()|small()<<16)
			putF32(f, i, float32(r.rng.Float64()*1.5-0.5))
		}
	}
	r.dispatch(grid1(dotLanes), grid1(dotLanes), sim.PointerArg(r.buf("out", out)), sim.PointerArg(r.buf("A", a)), sim.PointerArg(r.buf("B", b)),
		sim.PointerArg(r.buf("C", c)), sim.PointerArg(r.buf("F", f)), sim.PointerArg(r.buf("H", h)), sim.PointerArg(r.buf("G", g)))
	ck := &checker{t: r.t, what: "dot"}
	for i := 0; i < dotLanes; i++ {
		x, y, z, fl := getU32(a, i), getU32(b, i), getU32(c, i), getF32(f, i)
		hh, gg := getU32(h, i), getU32(g, i)
		ints := []uint32{
			sudot(x, y, z, 8, true, true, false), sudot(x, y, z, 8, false, true, false),
			sudot(x, y, z, 8, true, false, true), sudot(x, y, z, 8, false, false, true),
			udot(x, y, z, 8, false), udot(x, y, z, 8, true),
			sudot(x, y, z, 4, true, true, false), sudot(x, y, z, 4, false, true, true),
			udot(x, y, z, 4, false), udot(x, y, z, 4, true),
		}
		for k, w := range ints {
			ck.eq32(fmt.Sprintf("lane %d (a=%#x b=%#x c=%#x) result %d", i, x, y, z, k), getU32(out, 20*i+k), w)
		}
		floats := []float32{
			fdot(fl, [][2]float64{{f16Value(f16(hh)), f16Value(f16(gg))}, {f16Value(f16(hh >> 16)), f16Value(f16(gg >> 16))}}),
			fl,
			fdot(fl, fp8Pairs(x, y, fp8Value, fp8Value)),
			fdot(fl, fp8Pairs(x, y, fp8Value, bf8Value)),
			fdot(fl, fp8Pairs(x, y, bf8Value, fp8Value)),
			fdot(fl, fp8Pairs(x, y, bf8Value, bf8Value)),
		}
		for k, w := range floats {
			got := getF32(out, 20*i+10+k)
			if !same32(got, w) {
				ck.errorf("lane %d (a=%#x b=%#x f=%g h=%#x g=%#x) result %d = %g (%#x), want %g (%#x)",
					i, x, y, fl, hh, gg, 10+k, got, math.Float32bits(got), w, math.Float32bits(w))
			}
		}
		pk := getU32(out, 20*i+16)
		for half := 0; half < 2; half++ {
			s := 16 * half
			want := fma16(f16(hh>>s), f16(gg>>s), f16(z>>s))
			if got := f16(pk >> s); !same16(got, want) {
				ck.errorf("lane %d: v_pk_fma_f16 half %d = %#x, want %#x", i, half, got, want)
			}
		}
		pm := getU32(out, 20*i+17)
		for half := 0; half < 2; half++ {
			s := 16 * half
			want := fma16(f16(hh>>s), f16(gg>>s), 0x8000) // x*y + -0: the product rounded once
			if got := f16(pm >> s); !same16(got, want) {
				ck.errorf("lane %d: v_pk_mul_f16 half %d = %#x, want %#x", i, half, got, want)
			}
		}
		ck.eq32(fmt.Sprintf("lane %d loads", i), getU32(out, 20*i+18), x+y+z+math.Float32bits(fl))
		// Clamp: [0, 1], a NaN becoming +0 (the emulator's reading of
		// AMD's clamp, docs in exec/sim/doc.go).
		c2 := fdot(fl, [][2]float64{{f16Value(f16(hh)), f16Value(f16(gg))}, {f16Value(f16(hh >> 16)), f16Value(f16(gg >> 16))}})
		switch {
		case c2 != c2 || c2 < 0:
			c2 = 0
		case c2 > 1:
			c2 = 1
		}
		if got := getF32(out, 20*i+19); math.Float32bits(got) != math.Float32bits(c2) && !(got == 0 && c2 == 0) {
			ck.errorf("lane %d (f=%g h=%#x g=%#x): fdot2 clamped = %g (%#x), want %g", i, fl, hh, gg, got, math.Float32bits(got), c2)
		}
	}
}

// sudot is llvm.amdgcn.sudot4 (width 8) or sudot8 (width 4): S2 as i32 plus
// the products of a's and b's elements, each signed when its flag says so.
func sudot(a, b, c uint32, width uint, sa, sb, clamp bool) uint32 {
	t := int64(int32(c))
	for i := uint(0); i < 32; i += width {
		t += elem(a>>i, width, sa) * elem(b>>i, width, sb)
	}
	if clamp {
		t = min(max(t, math.MinInt32), math.MaxInt32)
	}
	return uint32(t)
}

// udot is llvm.amdgcn.udot4 or udot8: unsigned, saturating to u32 with
// clamp.
func udot(a, b, c uint32, width uint, clamp bool) uint32 {
	t := uint64(c)
	for i := uint(0); i < 32; i += width {
		t += uint64(elem(a>>i, width, false) * elem(b>>i, width, false))
	}
	if clamp {
		t = min(t, math.MaxUint32)
	}
	return uint32(t)
}

func elem(v uint32, width uint, signed bool) int64 {
	v &= 1<<width - 1
	if signed && v>>(width-1) != 0 {
		return int64(v) - 1<<width
	}
	return int64(v)
}

// fdot adds the pairs' products to acc in order, each product exact and
// each addition rounded once (products of f16, bf16, fp8 and bf8 fit a
// float64 exactly; NaN and infinity follow IEEE).
func fdot(acc float32, pairs [][2]float64) float32 {
	t := acc
	for _, p := range pairs {
		prod := p[0] * p[1]
		if math.IsNaN(prod) || math.IsInf(prod, 0) || math.IsNaN(float64(t)) || math.IsInf(float64(t), 0) {
			t = float32(prod + float64(t))
			continue
		}
		s := exact(p[0])
		s.Mul(s, exact(p[1]))
		s.Add(s, exact(float64(t)))
		if s.Sign() == 0 {
			t = float32(prod + float64(t)) // the sign of an exact zero
			continue
		}
		t = f32Of(s)
	}
	return t
}

func fp8Pairs(a, b uint32, da, db func(byte) float64) [][2]float64 {
	var p [][2]float64
	for k := 0; k < 32; k += 8 {
		p = append(p, [2]float64{da(byte(a >> k)), db(byte(b >> k))})
	}
	return p
}

// fp8Value decodes OCP E4M3 (E4M3FN): bias 7, no infinities, S.1111.111 NaN.
func fp8Value(v byte) float64 {
	sign := 1.0
	if v&0x80 != 0 {
		sign = -1
	}
	e, m := int(v>>3&15), float64(v&7)
	switch {
	case e == 15 && m == 7:
		return math.NaN()
	case e == 0:
		return sign * math.Ldexp(m, -9)
	}
	return sign * math.Ldexp(8+m, e-10)
}

// bf8Value decodes OCP E5M2: bias 15, IEEE infinities and NaNs.
func bf8Value(v byte) float64 {
	sign := 1.0
	if v&0x80 != 0 {
		sign = -1
	}
	e, m := int(v>>2&31), float64(v&3)
	switch {
	case e == 31 && m == 0:
		return sign * math.Inf(1)
	case e == 31:
		return math.NaN()
	case e == 0:
		return sign * math.Ldexp(m, -16)
	}
	return sign * math.Ldexp(4+m, e-17)
}

// moderateFP8x4 packs four bytes with exponent fields 6..9 in both
// formats' sense, so products stay within a few binades.
func moderateFP8x4(rng *rand.Rand) uint32 {
	var x uint32
	for k := 0; k < 4; k++ {
		v := byte(rng.Intn(8)) | byte(6+rng.Intn(4))<<3 | byte(rng.Intn(2))<<7
		x |= uint32(v) << (8 * k)
	}
	return x
}

// dotInstructions are what dot.ll must compile to: the instructions a
// fast kernel will rely on are held to LLVM only if LLVM emits them here.
var dotInstructions = []string{
	"v_dot4_i32_iu8", "v_dot4_u32_u8", "v_dot8_i32_iu4", "v_dot8_u32_u4", "v_dot2_f32_f16",
	"v_dot4_f32_fp8_fp8", "v_dot4_f32_fp8_bf8", "v_dot4_f32_bf8_fp8", "v_dot4_f32_bf8_bf8", "v_pk_fma_f16", "v_pk_mul_f16",
}

// TestDotInstructions checks that llc-19 compiles dot.ll (-O0 and -O2,
// wave32) to every instruction of dotInstructions, v_dot4_i32_iu8 with all
// four neg_lo signedness choices and with clamp, and an s_wait_loadcnt
// with a count above zero (loads waited for one at a time).
func TestDotInstructions(t *testing.T) {
	vs := []variant{{opt: 0, wave: 32}, {opt: 2, wave: 32}}
	objs := compileAll(t, []string{"dot.ll"}, func(string) []variant { return vs })
	for _, v := range vs {
		j := objs[objKey("dot.ll", v)]
		if j.err != nil {
			t.Fatal(j.err)
		}
		co, err := isa.ReadCodeObject(j.obj)
		if err != nil {
			t.Fatal(err)
		}
		seen := map[string]bool{}
		for pc := 0; pc < len(co.Code); {
			in, err := isa.Decode(co.Code, pc, false)
			if err != nil {
				t.Fatalf("%v: pc 0x%x: %v", v, pc, err)
			}
			name := in.Op.String()
			seen[name] = true
			switch {
			case name == "v_dot4_i32_iu8":
				seen[fmt.Sprintf("v_dot4_i32_iu8 neg_lo %d%d", in.Neg&1, in.Neg>>1&1)] = true
				if in.Clamp {
					seen["v_dot4_i32_iu8 clamp"] = true
				}
			case name == "v_dot2_f32_f16" && in.Clamp:
				seen["v_dot2_f32_f16 clamp"] = true
			case name == "s_wait_loadcnt" && in.Imm > 0:
				seen["s_wait_loadcnt N>0"] = true
			}
			pc += int(in.Size)
		}
		want := append([]string{"v_dot4_i32_iu8 neg_lo 00", "v_dot4_i32_iu8 neg_lo 01", "v_dot4_i32_iu8 neg_lo 10", "v_dot4_i32_iu8 neg_lo 11",
			"v_dot4_i32_iu8 clamp", "v_dot2_f32_f16 clamp", "s_wait_loadcnt N>0"}, dotInstructions...)
		for _, w := range want {
			if !seen[w] {
				t.Errorf("%v: llc-19 did not emit %s", v, w)
			}
		}
	}
}
