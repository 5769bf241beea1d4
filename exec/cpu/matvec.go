package cpu

import (
	"encoding/binary"
	"fmt"
	"math"
	"sync/atomic"

	"zincc/ir"
)

// MatVec computes dst = W·x for a weight matrix W of `rows` rows and `cols`
// columns, stored row-major as GGUF stores it (row r, the weights of output
// r, is the r-th run of dt.RowBytes(cols) bytes of w), and dt any float
// dtype (cols a multiple of the block size for the block formats). Rows are
// spread over pool; matrices under 2^16 weights run on the caller. With a
// Pool a call allocates nothing; a nil pool runs on the caller and
// allocates the widened x each call (for tests and one-off use).
//
// Numerics (docs/numerics.md, "matvec"): x is widened to float64 once per
// call; every product w·x is formed exactly in float64 and summed in
// float64 in a fixed order that does not depend on the pool; the row's sum
// is rounded once to float32. Quantised rows sum q·x per block or
// sub-block and then add d·(block sum) to the row's accumulator block by
// block; formats with a minimum also add min·Σx per 32 elements, with the
// sums of x computed once per call.
func MatVec(pool *Pool, dst []float32, w []byte, dt ir.DType, rows, cols int, x []float32) error {
	rb, err := matvecRowBytes(dt, cols)
	if err != nil {
		return err
	}
	if rows < 0 || len(dst) != rows || len(x) != cols || len(w) != rows*rb {
		return fmt.Errorf("cpu: matvec %v[%d, %d]: got %d weight bytes (want %d), x of %d, dst of %d",
			dt, rows, cols, len(w), rows*rb, len(x), len(dst))
	}
	nx := cols
	if hasMin(dt) {
		nx += cols / 32
	}
	f16x4 := dt == ir.F16 && useAVX2
	if f16x4 {
		nx += cols // x·2^-113 for the AVX2 loop (dotF16x4)
	}
	var xd []float64
	if pool == nil {
		xd = make([]float64, nx) // nil pool: the convenience path may allocate
	} else {
		pool.mu.Lock()
		defer pool.mu.Unlock()
		xd = pool.scratch(nx)
	}
	widen(xd[:cols], x, xScale(dt))
	job := matvecJob{dst: dst, w: w, dt: dt, cols: cols, rowBytes: rb, x: xd[:cols], r0: 0, r1: rows}
	if hasMin(dt) {
		job.xsum = xd[cols:]
		sumX32(job.xsum, job.x)
	}
	if f16x4 {
		job.x2 = xd[cols : 2*cols]
		widen(job.x2, x, f16XScale-1008)
	}
	if pool == nil {
		job.run()
	} else {
		pool.parallel(job)
	}
	return nil
}

// hasMin reports whether dt's blocks add a minimum times Σx.
func hasMin(dt ir.DType) bool {
	return dt == ir.Q4_1 || dt == ir.Q5_1 || dt == ir.Q4_K || dt == ir.Q5_K
}

func matvecRowBytes(dt ir.DType, cols int) (int, error) {
	if !dt.Valid() || !dt.IsFloat() {
		return 0, fmt.Errorf("cpu: matvec weights of dtype %v are not supported (only float dtypes)", dt)
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

// matvecJob is the unit of work a Pool hands to a goroutine: rows r0..r1-1,
// or, when next is set, chunks of `chunk` rows of that range claimed from
// *next. It travels by value, so sending one allocates nothing.
type matvecJob struct {
	dst      []float32
	w        []byte
	dt       ir.DType
	cols     int
	rowBytes int
	x        []float64
	xsum     []float64  // Σx per 32 elements, for the formats with a minimum
	x2       []float64  // x·2^-113, for the f16 AVX2 loop (dotF16x4)
	xq       []byte     // x quantised (MatVecQ8), or nil
	xf       []float32  // x as given (MatVecF32Acc), or nil
	q8       *q8Scratch // the running goroutine's scratch for MatVecQ8
	yw       []uint64   // x prepared for dt's kernels by prepX (swarY words or the AVX-512 layouts), or nil
	r0, r1   int
	next     *atomic.Int64 // rows claimed so far, counted from r0
	chunk    int
}

// work runs the job: all of its rows, or, for a shared job, chunks
// claimed from next until none are left.
func (j matvecJob) work() {
	if j.next == nil {
		j.run()
		return
	}
	for {
		r0 := j.r0 + int(j.next.Add(int64(j.chunk))) - j.chunk
		if r0 >= j.r1 {
			return
		}
		sub := j
		sub.r0, sub.r1 = r0, min(r0+j.chunk, j.r1)
		sub.run()
	}
}

func (j matvecJob) run() {
	if j.xq != nil {
		j.runQ8()
		return
	}
	if j.xf != nil {
		j.runAcc32()
		return
	}
	rb := j.rowBytes
	r := j.r0
	if j.dt == ir.F16 && j.x2 != nil {
		// Four rows at a time: the same values as dotF16's, row by row.
		var s4 [4]float64
		var finite [4]bool
		for ; r+4 <= j.r1; r += 4 {
			dotF16x4(j.w[r*rb:(r+4)*rb], rb, j.x, j.x2, &s4, &finite)
			for k, s := range s4 {
				if !finite[k] {
					s = dotF16Special(j.w[(r+k)*rb:(r+k+1)*rb], j.x)
				}
				j.store(r+k, s)
			}
		}
	}
	if (j.dt == ir.F32 || j.dt == ir.BF16) && useAVX2 {
		for ; r+4 <= j.r1; r += 4 {
			j.dotW4(r)
		}
	}
	for ; r < j.r1; r++ {
		row := j.w[r*rb : (r+1)*rb]
		var s float64
		switch j.dt {
		case ir.F32:
			s = dotF32(row, j.x)
		case ir.F16:
			var finite bool
			if s, finite = dotF16(row, j.x); !finite {
				s = dotF16Special(row, j.x)
			}
		case ir.Q4_0:
			s = dotQ4_0(row, j.x)
		case ir.Q8_0:
			s = dotQ8_0(row, j.x)
		case ir.BF16:
			s = dotBF16(row, j.x)
		case ir.Q4_1:
			s = dotQ4_1(row, j.x, j.xsum)
		case ir.Q5_0:
			s = dotQ5_0(row, j.x)
		case ir.Q5_1:
			s = dotQ5_1(row, j.x, j.xsum)
		case ir.Q4_K:
			s = dotQ4_K(row, j.x, j.xsum)
		case ir.Q5_K:
			s = dotQ5_K(row, j.x, j.xsum)
		case ir.Q6_K:
			s = dotQ6_K(row, j.x)
		}
		j.store(r, s)
	}
}

// dotW4 stores rows r..r+3 of an f32 or bf16 job: dotF32's or dotBF16's
// sums (the same accumulators, products and order), their main loops run
// together in AVX2.
func (j *matvecJob) dotW4(r int) {
	rb, n := j.rowBytes, len(j.x)
	eb := rb / max(n, 1) // bytes per weight: 4 or 2
	n4 := n &^ 3
	var a [4][4]float64
	if n4 > 0 {
		w := j.w[r*rb : (r+4)*rb]
		_ = w[3*rb+eb*n4-1]
		if j.dt == ir.F32 {
			dotF32x4AVX2(&w[0], rb, &j.x[0], n4, &a)
		} else {
			dotBF16x4AVX2(&w[0], rb, &j.x[0], n4, &a)
		}
	}
	for k := 0; k < 4; k++ {
		row := j.w[(r+k)*rb : (r+k+1)*rb]
		acc := &a[k]
		for i := n4; i < n; i++ {
			var wv float64
			if j.dt == ir.F32 {
				wv = float64(math.Float32frombits(binary.LittleEndian.Uint32(row[4*i:])))
			} else {
				wv = bf16At(row[2*i:])
			}
			acc[0] += wv * j.x[i]
		}
		s := (acc[0] + acc[1]) + (acc[2] + acc[3])
		if s != s {
			// Which NaN a row ends in is the Go loop's (the order in which
			// its instructions meet NaN operands; docs/numerics.md, "NaN
			// payloads"): such a row is recomputed by it.
			if j.dt == ir.F32 {
				s = dotF32(row, j.x)
			} else {
				s = dotBF16(row, j.x)
			}
		}
		j.store(r+k, s)
	}
}

// store rounds row r's sum s to dst[r].
func (j *matvecJob) store(r int, s float64) {
	if s != s {
		// Which NaN a row ends in depends on the order in which the
		// kernel's instructions meet NaN operands, which the compiler
		// chooses; dotNaN fixes it (docs/numerics.md, "NaN payloads").
		s = dotNaN(j.dt, j.w[r*j.rowBytes:(r+1)*j.rowBytes], j.x, s)
	}
	j.dst[r] = float32(s)
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
