package llvmtest

import (
	"fmt"
	"math"
	"math/bits"
	"math/rand"

	"zincc/exec/sim"
)

// Integer kernels: wrap-around arithmetic, shifts, division, bit
// operations, saturation, 8/16/64-bit widths, AMDGPU integer intrinsics.

var specialI32 = []uint32{0, 1, 2, 3, 7, 31, 32, 0x7fffffff, 0x80000000, 0x80000001, 0xffffffff, 0xfffffffe, 0xffff, 0x10000, 0x00ffffff, 0x00800000, 0x12345678}

func genI32(rng *rand.Rand) uint32 {
	switch rng.Intn(4) {
	case 0:
		return specialI32[rng.Intn(len(specialI32))]
	case 1:
		return uint32(rng.Intn(200)) - 100
	}
	return rng.Uint32()
}

// genI32s returns n values from genI32.
func genI32s(rng *rand.Rand, n int) []uint32 {
	x := make([]uint32, n)
	for i := range x {
		x[i] = genI32(rng)
	}
	return x
}

var specialI64 = []uint64{0, 1, 63, 64, 1 << 63, 1<<63 - 1, ^uint64(0), 1 << 32, 1<<32 - 1, 0x123456789abcdef0}

func genI64(rng *rand.Rand) uint64 {
	switch rng.Intn(4) {
	case 0:
		return specialI64[rng.Intn(len(specialI64))]
	case 1:
		return uint64(rng.Intn(200)) - 100
	case 2:
		return uint64(rng.Uint32())
	}
	return rng.Uint64()
}

func intKernels() []kernelCase {
	return []kernelCase{
		{file: "int_arith.ll", kernel: "int_arith", check: checkIntArith},
		{file: "int64.ll", kernel: "int64", check: checkInt64},
		{file: "int_small.ll", kernel: "int_small", check: checkIntSmall},
		{file: "bits.ll", kernel: "bits", check: checkBits},
		{file: "mad.ll", kernel: "mad", check: checkMad},
	}
}

func checkIntArith(r *run) {
	const n = 256
	a, b, out := u32s(n), u32s(n), u32s(16*n)
	for i := 0; i < n; i++ {
		putU32(a, i, genI32(r.rng))
		putU32(b, i, genI32(r.rng))
	}
	r.dispatch(grid1(n), grid1(64), sim.PointerArg(r.buf("out", out)), sim.PointerArg(r.buf("a", a)), sim.PointerArg(r.buf("b", b)))
	c := &checker{t: r.t, what: "int_arith"}
	for i := 0; i < n; i++ {
		x, y := getU32(a, i), getU32(b, i)
		sh := y & 31
		yo := y | 1
		ysd := int32(yo)
		if y == 0xffffffff {
			ysd = 7
		}
		want := []uint32{
			x + y, x - y, x * y,
			uint32(uint64(x) * uint64(y) >> 32),
			uint32(uint64(int64(int32(x))*int64(int32(y))) >> 32),
			x << sh, x >> sh, uint32(int32(x) >> sh), x ^ y,
			x / yo, x % yo,
			uint32(int32(x) / ysd), uint32(int32(x) % ysd),
			uint32(min(int32(x), int32(y))), max(x, y), x / 7,
		}
		for k, w := range want {
			c.eq32(fmt.Sprintf("element %d (a=%#x b=%#x) result %d", i, x, y, k), getU32(out, 16*i+k), w)
		}
	}
}

func checkInt64(r *run) {
	const n = 256
	a, b, out := make([]byte, 8*n), make([]byte, 8*n), make([]byte, 64*n)
	for i := 0; i < n; i++ {
		putU64(a, i, genI64(r.rng))
		putU64(b, i, genI64(r.rng))
	}
	r.dispatch(grid1(n), grid1(64), sim.PointerArg(r.buf("out", out)), sim.PointerArg(r.buf("a", a)), sim.PointerArg(r.buf("b", b)))
	c := &checker{t: r.t, what: "int64"}
	for i := 0; i < n; i++ {
		x, y := getU64(a, i), getU64(b, i)
		sh := y & 63
		yo := y | 1
		ysd := int64(yo)
		if y == ^uint64(0) {
			ysd = 3
		}
		want := []uint64{x + y, x * y, x << sh, x >> sh, uint64(int64(x) >> sh), x / yo, uint64(int64(x) % ysd),
			uint64(bits.OnesCount64(x))<<8 | uint64(bits.LeadingZeros64(y))}
		for k, w := range want {
			c.eq64(fmt.Sprintf("element %d (a=%#x b=%#x) result %d", i, x, y, k), getU64(out, 8*i+k), w)
		}
	}
}

func checkIntSmall(r *run) {
	const n = 256
	a, b := make([]byte, 2*n), make([]byte, 2*n)
	out16, out8 := make([]byte, 16*n), make([]byte, 4*n)
	for i := 0; i < n; i++ {
		putU16(a, i, uint16(genI32(r.rng)))
		putU16(b, i, uint16(genI32(r.rng)))
	}
	r.dispatch(grid1(n), grid1(n), sim.PointerArg(r.buf("out16", out16)), sim.PointerArg(r.buf("out8", out8)),
		sim.PointerArg(r.buf("a", a)), sim.PointerArg(r.buf("b", b)))
	c := &checker{t: r.t, what: "int_small"}
	for i := 0; i < n; i++ {
		x, y := getU16(a, i), getU16(b, i)
		sh := y & 15
		w16 := []uint16{x + y, x - y, x * y, x << sh, x >> sh, uint16(int16(x) >> sh), x / (y | 1), uint16(min(int16(x), int16(y)))}
		for k, w := range w16 {
			c.eq32(fmt.Sprintf("element %d (a=%#x b=%#x) i16 result %d", i, x, y, k), uint32(getU16(out16, 8*i+k)), uint32(w))
		}
		x8, y8 := uint8(x), uint8(y)
		w8 := []uint8{x8 + y8, x8 * y8, uint8(int8(x8) >> (y8 & 7)), max(x8, y8)}
		for k, w := range w8 {
			c.eq32(fmt.Sprintf("element %d (a=%#x b=%#x) i8 result %d", i, x, y, k), uint32(out8[4*i+k]), uint32(w))
		}
	}
}

func checkBits(r *run) {
	const n = 256
	a, b, out := u32s(n), u32s(n), u32s(16*n)
	for i := 0; i < n; i++ {
		putU32(a, i, genI32(r.rng))
		putU32(b, i, genI32(r.rng))
	}
	r.dispatch(grid1(n), grid1(n), sim.PointerArg(r.buf("out", out)), sim.PointerArg(r.buf("a", a)), sim.PointerArg(r.buf("b", b)))
	c := &checker{t: r.t, what: "bits"}
	for i := 0; i < n; i++ {
		x, y := getU32(a, i), getU32(b, i)
		// funnel shifts: fshl(x, y, s) = high half of (x:y) << (s mod 32);
		// fshr(x, y, s) = low half of (x:y) >> (s mod 32).
		fshl := uint32((uint64(x)<<32 | uint64(y)) << (y % 32) >> 32)
		fshr := uint32((uint64(x)<<32 | uint64(y)) >> (x % 32))
		abs := x
		if int32(x) < 0 {
			abs = -x
		}
		sadd := int64(int32(x)) + int64(int32(y))
		ssub := int64(int32(x)) - int64(int32(y))
		sat := func(v int64) uint32 { return uint32(int32(max(min(v, math.MaxInt32), math.MinInt32))) }
		b2u := func(b bool) uint32 {
			if b {
				return 1
			}
			return 0
		}
		want := []uint32{
			uint32(bits.OnesCount32(x)), uint32(bits.LeadingZeros32(x)), uint32(bits.TrailingZeros32(x)),
			bits.Reverse32(x), bits.ReverseBytes32(x), fshl, fshr, abs,
			uint32(min(uint64(x)+uint64(y), math.MaxUint32)), uint32(max(int64(x)-int64(y), 0)), sat(sadd), sat(ssub),
			b2u(uint64(x)*uint64(y) > math.MaxUint32), b2u(sadd != int64(int32(sadd))),
			uint32(max(int32(x), int32(y))), min(x, y),
		}
		for k, w := range want {
			c.eq32(fmt.Sprintf("element %d (a=%#x b=%#x) result %d", i, x, y, k), getU32(out, 16*i+k), w)
		}
	}
}

// vPerm is v_perm_b32 as the RDNA4 ISA defines it: each result byte is
// selected from the eight bytes {S0 (high), S1 (low)} by a byte of S2;
// selectors 8..11 replicate the sign bit of bytes 1, 3, 5, 7, 12 gives
// 0x00 and larger values 0xff.
func vPerm(s0, s1, sel uint32) uint32 {
	in := uint64(s0)<<32 | uint64(s1)
	byteAt := func(i uint32) uint32 { return uint32(in>>(8*i)) & 0xff }
	var r uint32
	for k := 0; k < 4; k++ {
		s := sel >> (8 * k) & 0xff
		var v uint32
		switch {
		case s < 8:
			v = byteAt(s)
		case s < 12:
			if byteAt(2*(s-8)+1)&0x80 != 0 {
				v = 0xff
			}
		case s == 12:
			v = 0
		default:
			v = 0xff
		}
		r |= v << (8 * k)
	}
	return r
}

func checkMad(r *run) {
	const n = 256
	a, b, cc, out := u32s(n), u32s(n), u32s(n), u32s(8*n)
	for i := 0; i < n; i++ {
		putU32(a, i, genI32(r.rng))
		putU32(b, i, genI32(r.rng))
		sel := r.rng.Uint32()
		if i%2 == 0 { // mostly byte selects, some special ones
			sel &= 0x0f0f0f0f
		}
		putU32(cc, i, sel)
	}
	r.dispatch(grid1(n), grid1(n), sim.PointerArg(r.buf("out", out)), sim.PointerArg(r.buf("a", a)),
		sim.PointerArg(r.buf("b", b)), sim.PointerArg(r.buf("c", cc)))
	c := &checker{t: r.t, what: "mad"}
	sx24 := func(v uint32) int64 { return int64(int32(v<<8) >> 8) }
	for i := 0; i < n; i++ {
		x, y, z := getU32(a, i), getU32(b, i), getU32(cc, i)
		off := y & 31
		sb := uint32(int32(x<<(32-5-9)) >> (32 - 9)) // bits 13:5, sign-extended
		wide := uint64(x)*uint64(y) + uint64(z)<<16 + 1
		want := []uint32{
			uint32(uint64(x&0xffffff) * uint64(y&0xffffff)), uint32(sx24(x) * sx24(y)),
			x >> off & 0x7f, sb, vPerm(x, y, z), x + y + z, uint32(wide), uint32(wide >> 32),
		}
		for k, w := range want {
			c.eq32(fmt.Sprintf("element %d (a=%#x b=%#x c=%#x) result %d", i, x, y, z, k), getU32(out, 8*i+k), w)
		}
	}
}
