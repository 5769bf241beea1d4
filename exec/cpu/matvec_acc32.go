package cpu

import (
	"encoding/binary"
	"fmt"
	"math"

	"zincc/ir"
)

// MatVecF32Acc is the matvec that `run` executes for f16, bf16 and f32
// weights and an f32 x: dst = W·x with float32 accumulation in a fixed order that SIMD
// kernels and plain Go both follow, so the bits do not depend on the CPU,
// the SIMD width or the pool (docs/numerics.md §2.1.2). Other weight dtypes
// are computed by MatVec. The float64 MatVec stays the oracle this path is
// held to, within the matvec rule.
//
// The order (acc32Lanes = 64 float32 lanes, all starting at +0): element i
// of a row goes to lane i mod 64, in increasing i, as
// lane = fl32(lane + fl32(w_i·x_i)) (a multiply and an add, each rounded:
// no fused multiply-add); then the lanes are added pairwise in halves,
// lane l += lane l+h for h = 32, 16, 8, 4, 2, 1, and lane 0 is the result.
// A row whose result is a NaN is recomputed by dotAcc32NaN, which fixes
// the NaN's bits.
func MatVecF32Acc(pool *Pool, dst []float32, w []byte, dt ir.DType, rows, cols int, x []float32) error {
	if !acc32DTypes[dt] {
		return MatVec(pool, dst, w, dt, rows, cols, x)
	}
	rb, err := matvecRowBytes(dt, cols)
	if err != nil {
		return err
	}
	if rows < 0 || len(dst) != rows || len(x) != cols || len(w) != rows*rb {
		return fmt.Errorf("cpu: matvec %v[%d, %d]: got %d weight bytes (want %d), x of %d, dst of %d",
			dt, rows, cols, len(w), rows*rb, len(x), len(dst))
	}
	if cols == 0 {
		clear(dst) // the lanes' +0 (and x, possibly nil, could not mark the job)
		return nil
	}
	job := matvecJob{dst: dst, w: w, dt: dt, cols: cols, rowBytes: rb, xf: x, r0: 0, r1: rows}
	if pool == nil {
		job.run()
		return nil
	}
	pool.mu.Lock()
	defer pool.mu.Unlock()
	pool.parallel(job)
	return nil
}

// acc32Lanes is the number of float32 accumulators of a row: fixed by the
// order, whatever SIMD width runs it (eight YMM registers with AVX2, four
// ZMM with AVX-512).
const acc32Lanes = 64

// acc32DTypes are the weight dtypes MatVecF32Acc accumulates in float32.
var acc32DTypes = map[ir.DType]bool{ir.F16: true, ir.BF16: true, ir.F32: true}

// runAcc32 is matvecJob.run for MatVecF32Acc: rows r0..r1-1 by the SIMD
// kernels where the CPU has them, else by dotAcc32.
func (j matvecJob) runAcc32() { j.runAcc32With(acc32Kernels[j.dt]) }

// runAcc32With runs the job with kernels k (zero: in Go).
func (j matvecJob) runAcc32With(k acc32Kernel) {
	rows := j.r1 - j.r0
	if rows <= 0 {
		return
	}
	rb, n := j.rowBytes, j.cols
	w := j.w[j.r0*rb : j.r1*rb]
	dst := j.dst[j.r0:j.r1]
	chunks := n / acc32Lanes
	if k.rows == nil || chunks == 0 {
		for r := range dst {
			dst[r] = dotAcc32(j.dt, w[r*rb:(r+1)*rb], j.xf)
		}
		return
	}
	_ = j.xf[chunks*acc32Lanes-1]
	if n%acc32Lanes == 0 {
		k.rows(&w[0], &j.xf[0], chunks, rows, &dst[0])
	} else {
		// Ragged rows: the kernel leaves the lanes of the whole chunks,
		// Go adds the last n mod 64 elements and reduces.
		for r := range dst {
			var acc [acc32Lanes]float32
			k.lanes(&w[r*rb], &j.xf[0], chunks, &acc)
			acc32Add(&acc, j.dt, w[r*rb:(r+1)*rb], j.xf, chunks*acc32Lanes)
			dst[r] = acc32Reduce(&acc)
		}
	}
	for r, s := range dst {
		if s != s {
			dst[r] = dotAcc32NaN(j.dt, w[r*rb:(r+1)*rb], j.xf)
		}
	}
}

// acc32Kernel is one weight dtype's SIMD kernels. rows computes `rows`
// whole rows of chunks·64 weights each, stored one after the other from w,
// into dst (NaN payloads unspecified: the caller recomputes NaN rows);
// lanes runs one row's first chunks·64 elements and stores its 64 lanes.
type acc32Kernel struct {
	rows  func(w *byte, x *float32, chunks, rows int, dst *float32)
	lanes func(w *byte, x *float32, chunks int, acc *[acc32Lanes]float32)
}

// dotAcc32 is one row of MatVecF32Acc in plain Go: the order itself.
func dotAcc32(dt ir.DType, w []byte, x []float32) float32 {
	var acc [acc32Lanes]float32
	acc32Add(&acc, dt, w, x, 0)
	s := acc32Reduce(&acc)
	if s != s {
		s = dotAcc32NaN(dt, w, x)
	}
	return s
}

// acc32Add adds the products of elements from..len(x)-1 of row w to
// their lanes. The product is converted to float32 explicitly, which
// rounds it and so keeps the compiler from fusing it with the add.
func acc32Add(acc *[acc32Lanes]float32, dt ir.DType, w []byte, x []float32, from int) {
	switch dt {
	case ir.F16:
		w = w[:2*len(x)]
		for i := from; i < len(x); i++ {
			acc[i%acc32Lanes] += float32(f16to32(binary.LittleEndian.Uint16(w[2*i:])) * x[i])
		}
	case ir.BF16:
		w = w[:2*len(x)]
		for i := from; i < len(x); i++ {
			acc[i%acc32Lanes] += float32(bf16to32(binary.LittleEndian.Uint16(w[2*i:])) * x[i])
		}
	case ir.F32:
		w = w[:4*len(x)]
		for i := from; i < len(x); i++ {
			acc[i%acc32Lanes] += float32(math.Float32frombits(binary.LittleEndian.Uint32(w[4*i:])) * x[i])
		}
	default:
		panic(fmt.Sprintf("cpu: float32-accumulated matvec of %v weights", dt))
	}
}

// acc32Reduce adds the lanes pairwise in halves (lane l += lane l+h for
// h = 32, 16, ..., 1) and returns lane 0: the tree the SIMD kernels
// follow with whole registers and then halves of one.
func acc32Reduce(acc *[acc32Lanes]float32) float32 {
	for h := acc32Lanes / 2; h >= 1; h /= 2 {
		for l := 0; l < h; l++ {
			acc[l] += acc[l+h]
		}
	}
	return acc[0]
}

// f16to32 widens a binary16 value to float32 exactly (subnormals
// included); an infinity stays one, a NaN keeps its sign and payload and
// is made quiet, as VCVTPH2PS and ggml.F16ToF32 do.
func f16to32(h uint16) float32 {
	sign := uint32(h&0x8000) << 16
	if h&0x7C00 == 0x7C00 {
		if h&0x3FF == 0 {
			return math.Float32frombits(sign | 0x7F800000)
		}
		return math.Float32frombits(sign | 0x7FC00000 | uint32(h&0x3FF)<<13)
	}
	// The fields moved into a float32's read as the value times 2^-112
	// (a binary16 subnormal becomes a float32 subnormal): the multiply
	// by 2^112 is exact.
	v := math.Float32frombits(uint32(h&0x7FFF)<<13) * 0x1p112
	return math.Float32frombits(sign | math.Float32bits(v))
}

// bf16to32 widens a bfloat16 value to float32 (exact, NaN payloads kept).
func bf16to32(h uint16) float32 { return math.Float32frombits(uint32(h) << 16) }
