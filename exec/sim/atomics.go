package sim

import (
	"math"
	"strings"
)

// Read-modify-write operations shared by LDS (ds_*) and global memory
// (global_atomic_*) atomics. Each gets the old memory value and the data
// operands (data2 is the second data register of ds_cmpstore/ds_mskor,
// or the compare value of global_atomic_cmpswap) and returns the new
// memory value; the instruction returns the old one. Semantics follow
// the RDNA4 pcode.

type rmw func(old, data, data2 uint64) uint64

// atomicFn returns the operation called name ("add", "cmpswap",
// "min_num", ...) at width bits, and whether name is known.
func atomicFn(name string, width int) (rmw, bool) {
	mask := uint64(math.MaxUint32)
	if width == 64 {
		mask = math.MaxUint64
	}
	sx := func(v uint64) int64 {
		if width == 64 {
			return int64(v)
		}
		return int64(int32(v))
	}
	var f rmw
	switch name {
	case "add":
		f = func(o, d, _ uint64) uint64 { return o + d }
	case "sub":
		f = func(o, d, _ uint64) uint64 { return o - d }
	case "rsub":
		f = func(o, d, _ uint64) uint64 { return d - o }
	case "inc":
		f = func(o, d, _ uint64) uint64 {
			if o >= d {
				return 0
			}
			return o + 1
		}
	case "dec":
		f = func(o, d, _ uint64) uint64 {
			if o == 0 || o > d {
				return d
			}
			return o - 1
		}
	case "min_i":
		f = func(o, d, _ uint64) uint64 { return pick(sx(d) < sx(o), d, o) }
	case "max_i":
		f = func(o, d, _ uint64) uint64 { return pick(sx(d) > sx(o), d, o) }
	case "min_u":
		f = func(o, d, _ uint64) uint64 { return min(o, d) }
	case "max_u":
		f = func(o, d, _ uint64) uint64 { return max(o, d) }
	case "and":
		f = func(o, d, _ uint64) uint64 { return o & d }
	case "or":
		f = func(o, d, _ uint64) uint64 { return o | d }
	case "xor":
		f = func(o, d, _ uint64) uint64 { return o ^ d }
	case "mskor":
		f = func(o, d, d2 uint64) uint64 { return o&^d | d2 }
	case "swap", "storexchg":
		f = func(_, d, _ uint64) uint64 { return d }
	case "cmpstore", "cmpswap":
		f = func(o, d, d2 uint64) uint64 { return pick(o == d2, d, o) }
	case "cond_sub":
		f = func(o, d, _ uint64) uint64 { return pick(o >= d, o-d, o) }
	case "sub_clamp":
		f = func(o, d, _ uint64) uint64 { return pick(o < d, 0, o-d) }
	case "add_f32":
		f = func(o, d, _ uint64) uint64 { return uint64(add32(uint32(o), uint32(d))) }
	case "min_num_f32":
		f = func(o, d, _ uint64) uint64 { return fmt32.minNum(d, o) }
	case "max_num_f32":
		f = func(o, d, _ uint64) uint64 { return fmt32.maxNum(d, o) }
	case "min_num_f64":
		f = func(o, d, _ uint64) uint64 { return fmt64.minNum(d, o) }
	case "max_num_f64":
		f = func(o, d, _ uint64) uint64 { return fmt64.maxNum(d, o) }
	case "pk_add_f16":
		f = func(o, d, _ uint64) uint64 {
			return uint64(add16(uint32(d)&0xffff, uint32(o)&0xffff) | add16(uint32(d>>16)&0xffff, uint32(o>>16)&0xffff)<<16)
		}
	case "pk_add_bf16":
		f = func(o, d, _ uint64) uint64 {
			return uint64(addBF16(uint32(d)&0xffff, uint32(o)&0xffff) | addBF16(uint32(d>>16)&0xffff, uint32(o>>16)&0xffff)<<16)
		}
	default:
		return nil, false
	}
	return func(o, d, d2 uint64) uint64 { return f(o&mask, d&mask, d2&mask) & mask }, true
}

// addBF16 adds two bfloat16 values with one rounding (ties to even): the
// exact sum (float64 holds it) is rounded to 8 significant bits.
func addBF16(a, b uint32) uint32 {
	x, y := a<<16, b<<16
	s := float64(f32(x)) + float64(f32(y))
	if math.IsNaN(s) {
		return nan32(qnan32, x, y, 0) >> 16
	}
	if s == 0 || math.IsInf(s, 0) {
		return u32f(float32(s)) >> 16
	}
	m, e := math.Frexp(s)
	r := math.Ldexp(math.RoundToEven(m*256), e-8)
	return u32f(float32(r)) >> 16
}

// splitAtomic turns a mnemonic suffix such as "min_i32" or "add_f32"
// into the operation name atomicFn knows and its width.
func splitAtomic(sfx string) (string, int) {
	width := 32
	switch {
	case strings.HasSuffix(sfx, "64"):
		width = 64
	}
	for _, f := range []string{"add_f32", "min_num_f32", "max_num_f32", "min_num_f64", "max_num_f64", "pk_add_f16", "pk_add_bf16"} {
		if sfx == f {
			return f, width
		}
	}
	i := strings.LastIndexByte(sfx, '_')
	if i < 0 {
		return sfx, width
	}
	name, typ := sfx[:i], sfx[i+1:]
	switch name {
	case "min", "max":
		name += "_" + typ[:1]
	}
	return name, width
}
