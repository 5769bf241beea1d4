package cpu

import (
	"encoding/binary"
	"fmt"
	"math"

	"zincc/internal/ggml"
	"zincc/ir"
)

// MatVec computes dst = W·x for a weight matrix W of `rows` rows and `cols`
// columns, stored row-major as GGUF stores it (row r, the weights of output
// r, is the r-th run of dt.RowBytes(cols) bytes of w), and dt one of f32,
// f16, q4_0 and q8_0 (cols a multiple of 32 for the last two). Rows are
// spread over pool; matrices under 2^16 weights run on the caller. With a
// Pool a call allocates nothing; a nil pool runs on the caller and
// allocates the widened x each call (for tests and one-off use).
//
// Numerics (docs/numerics.md, "matvec"): x is widened to float64 once per
// call; every product w·x is formed exactly in float64 and summed in
// float64 in a fixed order that does not depend on the pool; the row's sum
// is rounded once to float32. Quantised rows sum q·x per 32-element block
// and then add d·(block sum) to the row's accumulator block by block.
func MatVec(pool *Pool, dst []float32, w []byte, dt ir.DType, rows, cols int, x []float32) error {
	rb, err := matvecRowBytes(dt, cols)
	if err != nil {
		return err
	}
	if rows < 0 || len(dst) != rows || len(x) != cols || len(w) != rows*rb {
		return fmt.Errorf("cpu: matvec %v[%d, %d]: got %d weight bytes (want %d), x of %d, dst of %d",
			dt, rows, cols, len(w), rows*rb, len(x), len(dst))
	}
	if pool == nil {
		xd := make([]float64, cols) // nil pool: the convenience path may allocate
		widen(xd, x, xScale(dt))
		matvecJob{dst: dst, w: w, dt: dt, cols: cols, rowBytes: rb, x: xd, r0: 0, r1: rows}.run()
		return nil
	}
	pool.mu.Lock()
	defer pool.mu.Unlock()
	xd := pool.scratch(cols)
	widen(xd, x, xScale(dt))
	pool.parallel(matvecJob{dst: dst, w: w, dt: dt, cols: cols, rowBytes: rb, x: xd, r0: 0, r1: rows})
	return nil
}

func matvecRowBytes(dt ir.DType, cols int) (int, error) {
	switch dt {
	case ir.F32, ir.F16, ir.Q4_0, ir.Q8_0:
	default:
		return 0, fmt.Errorf("cpu: matvec weights of dtype %v are not supported (f32, f16, q4_0, q8_0)", dt)
	}
	if cols < 0 {
		return 0, fmt.Errorf("cpu: matvec with %d columns", cols)
	}
	rb, err := dt.RowBytes(cols)
	if err != nil {
		return 0, fmt.Errorf("cpu: matvec: %w", err)
	}
	return rb, nil
}

// widen sets dst = src·2^scale in float64 (exact: a float32 times a power
// of two up to 2^895 stays finite and normal in float64).
func widen(dst []float64, src []float32, scale int) {
	src = src[:len(dst)]
	m := math.Ldexp(1, scale)
	for i, v := range src {
		dst[i] = float64(v) * m
	}
}

// xScale is the power of two MatVec applies to x for weights of dtype dt.
func xScale(dt ir.DType) int {
	if dt == ir.F16 {
		return f16XScale
	}
	return 0
}

// matvecJob is the unit of work a Pool hands to a goroutine: rows r0..r1-1.
// It travels by value, so sending one allocates nothing.
type matvecJob struct {
	dst      []float32
	w        []byte
	dt       ir.DType
	cols     int
	rowBytes int
	x        []float64
	r0, r1   int
}

func (j matvecJob) run() {
	rb := j.rowBytes
	for r := j.r0; r < j.r1; r++ {
		row := j.w[r*rb : (r+1)*rb]
		var s float64
		switch j.dt {
		case ir.F32:
			s = dotF32(row, j.x)
		case ir.F16:
			s = dotF16(row, j.x)
		case ir.Q4_0:
			s = dotQ4_0(row, j.x)
		case ir.Q8_0:
			s = dotQ8_0(row, j.x)
		}
		j.dst[r] = float32(s)
	}
}

// dotF32 returns Σ w[i]·x[i] for a row of little-endian float32 weights:
// four float64 accumulators take the elements i ≡ 0, 1, 2, 3 (mod 4) of
// the leading multiple of 4, the remaining 0-3 elements go into the first
// one in order, and the result is (a0+a1)+(a2+a3). Every product is exact.
func dotF32(w []byte, x []float64) float64 {
	if f, ok := float32View(w); ok {
		return dotF32Native(f[:len(x)], x)
	}
	n := len(x)
	w = w[:4*n]
	var a0, a1, a2, a3 float64
	i := 0
	for ; i+4 <= n; i += 4 {
		ww := w[4*i : 4*i+16 : 4*i+16]
		xx := x[i : i+4 : i+4]
		a0 += float64(math.Float32frombits(binary.LittleEndian.Uint32(ww[0:]))) * xx[0]
		a1 += float64(math.Float32frombits(binary.LittleEndian.Uint32(ww[4:]))) * xx[1]
		a2 += float64(math.Float32frombits(binary.LittleEndian.Uint32(ww[8:]))) * xx[2]
		a3 += float64(math.Float32frombits(binary.LittleEndian.Uint32(ww[12:]))) * xx[3]
	}
	for ; i < n; i++ {
		a0 += float64(math.Float32frombits(binary.LittleEndian.Uint32(w[4*i:]))) * x[i]
	}
	return (a0 + a1) + (a2 + a3)
}

// dotF32Native is dotF32 over weights already viewed as float32 (same
// order, same result); the compiler then folds each load into the
// widening conversion.
func dotF32Native(f []float32, x []float64) float64 {
	var a0, a1, a2, a3 float64
	for len(x) >= 4 && len(f) >= 4 {
		a0 += float64(f[0]) * x[0]
		a1 += float64(f[1]) * x[1]
		a2 += float64(f[2]) * x[2]
		a3 += float64(f[3]) * x[3]
		f, x = f[4:], x[4:]
	}
	f = f[:len(x)]
	for i, v := range x {
		a0 += float64(f[i]) * v
	}
	return (a0 + a1) + (a2 + a3)
}

// f16Fold is the power of two folded out of binary16 weights by dotF16:
// it reads each weight's bits shifted into a float64's fields, which is
// the weight times 2^-1008, and multiplies x by 2^f16XScale beforehand and
// the row's sum by 2^(1008-f16XScale) afterwards. 895 keeps the largest
// float32 (< 2^128) finite in float64, and every product of a binary16
// and a float32 value, scaled by 2^-113, stays far from float64's
// subnormal range (>= 2^-286) and from overflow; so every rounding
// happens exactly as it would on unscaled values and the result is
// bit-identical to Σ f16(w_i)·x_i computed plainly.
const (
	f16XScale   = 895
	f16SumScale = 1008 - f16XScale
)

// dotF16 returns Σ w[i]·x[i] for a row of little-endian binary16 weights,
// with the same accumulator order as dotF32; xs is x·2^f16XScale. Rows
// holding an infinity or NaN (found by a per-lane carry test while
// reading) are recomputed by dotF16Slow.
func dotF16(w []byte, xs []float64) float64 {
	n := len(xs)
	w = w[:2*n]
	var a0, a1, a2, a3 float64
	var special uint64
	i := 0
	for ; i+4 <= n; i += 4 {
		u := binary.LittleEndian.Uint64(w[2*i:])
		// Adding 1 to each lane's 5-bit exponent carries into the lane's
		// top bit only when the exponent is 31 (infinity or NaN).
		special |= u&0x7C007C007C007C00 + 0x0400040004000400
		xx := xs[i : i+4 : i+4]
		a0 += f16Bits(u<<48) * xx[0]
		a1 += f16Bits(u<<32) * xx[1]
		a2 += f16Bits(u<<16) * xx[2]
		a3 += f16Bits(u) * xx[3]
	}
	for ; i < n; i++ {
		u := uint64(binary.LittleEndian.Uint16(w[2*i:]))
		special |= u&0x7C00 + 0x0400
		a0 += f16Bits(u<<48) * xs[i]
	}
	if special&0x8000800080008000 != 0 {
		return dotF16Slow(w, xs)
	}
	return ((a0 + a1) + (a2 + a3)) * 0x1p113
}

// f16Bits takes a binary16 value in the top 16 bits of t (lower bits are
// ignored) and returns the float64 whose sign, exponent and fraction
// fields hold its sign, exponent and fraction: the value times 2^-1008
// for every finite input, subnormals and zeros included.
func f16Bits(t uint64) float64 {
	// The arithmetic shift moves exponent and fraction to bits 56..42 and
	// copies the sign into bits 63..57; the mask keeps the sign at 63.
	return math.Float64frombits(uint64(int64(t)>>6) & 0x81FFFC0000000000)
}

// dotF16Slow is dotF16 for rows holding infinities or NaNs: the same
// order, each weight widened exactly by f16to64 and x unscaled.
func dotF16Slow(w []byte, xs []float64) float64 {
	var a [4]float64
	n := len(xs)
	for i := 0; i < n; i++ {
		k := i & 3
		if i >= n&^3 {
			k = 0
		}
		a[k] += f16to64(binary.LittleEndian.Uint16(w[2*i:])) * (xs[i] * 0x1p-895)
	}
	return (a[0] + a[1]) + (a[2] + a[3])
}

// f16to64 widens a binary16 value to float64 exactly. Infinities and NaNs
// keep their sign and fraction bits.
func f16to64(h uint16) float64 {
	u := uint64(h)
	if u&0x7C00 == 0x7C00 {
		return math.Float64frombits((u&0x8000)<<48 | 0x7FF0000000000000 | (u&0x3FF)<<42)
	}
	return f16Bits(u<<48) * 0x1p1008
}

// dotQ4_0 returns Σ_blocks fl(d_b·s_b) over a row of Q4_0 blocks, added to
// one float64 accumulator in block order, where s_b = s_lo + s_hi,
// s_lo = Σ_{k<16} (lo_k - 8)·x_k and s_hi = Σ_{k<16} (hi_k - 8)·x_{16+k},
// each summed in k order in float64 from exact products. fl(d_b·s_b) is
// rounded to float64 before it is added (no fused multiply-add).
func dotQ4_0(w []byte, x []float64) float64 {
	nb := len(x) / ggml.BlockElems
	w = w[:nb*ggml.Q4_0BlockBytes]
	var acc float64
	for b := 0; b < nb; b++ {
		blk := w[b*ggml.Q4_0BlockBytes : (b+1)*ggml.Q4_0BlockBytes : (b+1)*ggml.Q4_0BlockBytes]
		xlo := x[b*ggml.BlockElems : b*ggml.BlockElems+16 : b*ggml.BlockElems+16]
		xhi := x[b*ggml.BlockElems+16 : (b+1)*ggml.BlockElems : (b+1)*ggml.BlockElems]
		qs := blk[2:18:18]
		var slo, shi float64
		for k := range 16 {
			c := qs[k]
			slo += float64(int(c&0xF)-8) * xlo[k]
			shi += float64(int(c>>4)-8) * xhi[k]
		}
		d := f16to64(binary.LittleEndian.Uint16(blk))
		acc += float64(d * (slo + shi))
	}
	return acc
}

// dotQ8_0 is dotQ4_0 for Q8_0 blocks, with s_b = (s0+s1)+(s2+s3) where s_m
// sums q_j·x_j over j ≡ m (mod 4) in j order.
func dotQ8_0(w []byte, x []float64) float64 {
	nb := len(x) / ggml.BlockElems
	w = w[:nb*ggml.Q8_0BlockBytes]
	var acc float64
	for b := 0; b < nb; b++ {
		blk := w[b*ggml.Q8_0BlockBytes : (b+1)*ggml.Q8_0BlockBytes : (b+1)*ggml.Q8_0BlockBytes]
		xs := x[b*ggml.BlockElems : (b+1)*ggml.BlockElems : (b+1)*ggml.BlockElems]
		qs := blk[2:34:34]
		var s0, s1, s2, s3 float64
		for k := 0; k < 32; k += 4 {
			s0 += float64(int8(qs[k])) * xs[k]
			s1 += float64(int8(qs[k+1])) * xs[k+1]
			s2 += float64(int8(qs[k+2])) * xs[k+2]
			s3 += float64(int8(qs[k+3])) * xs[k+3]
		}
		d := f16to64(binary.LittleEndian.Uint16(blk))
		acc += float64(d * ((s0 + s1) + (s2 + s3)))
	}
	return acc
}
