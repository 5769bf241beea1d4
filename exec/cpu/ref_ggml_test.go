package cpu

import (
	"encoding/binary"
	"math"
	"math/rand/v2"

	"zincc/internal/ggml"
	"zincc/ir"
)

// Float64 references for the ggml formats added beside f32, f16, q4_0 and
// q8_0, written element by element from the block layouts (ggml
// src/ggml-common.h, the reference sheet's §1) rather than from the
// kernels: for element e of a block, where its code bits are and which
// scale and min it takes.

// ggmlDTypes are the dtypes these references cover.
var ggmlDTypes = []ir.DType{ir.BF16, ir.Q4_1, ir.Q5_0, ir.Q5_1, ir.Q4_K, ir.Q5_K, ir.Q6_K}

// refTerms returns element e of a block of dtype dt as its scale term and
// min term (value = a + b, both exact in float64).
func refTerms(dt ir.DType, blk []byte, e int) (a, b float64) {
	h := func(off int) float64 { return refF16(binary.LittleEndian.Uint16(blk[off:])) }
	bit := func(off, i int) int { return int(blk[off+i/8]>>(i%8)) & 1 }
	nib := func(off, e int) int { return int(blk[off+e%16]>>(4*(e/16))) & 15 }
	switch dt {
	case ir.Q4_1:
		return float64(nib(4, e)) * h(0), h(2)
	case ir.Q5_0:
		return float64(nib(6, e)+16*bit(2, e)-16) * h(0), 0
	case ir.Q5_1:
		return float64(nib(8, e)+16*bit(4, e)) * h(0), h(2)
	case ir.Q4_K, ir.Q5_K:
		j, l := e/32, e%32
		qs := 16
		if dt == ir.Q5_K {
			qs = 48
		}
		q := int(blk[qs+32*(j/2)+l]) >> (4 * (j % 2)) & 15
		if dt == ir.Q5_K {
			q += 16 * bit(16+l, j)
		}
		var sc, m int
		if j < 4 {
			sc, m = int(blk[4+j])&63, int(blk[8+j])&63
		} else {
			sc = int(blk[8+j])&15 | int(blk[j])>>6<<4
			m = int(blk[8+j])>>4 | int(blk[4+j])>>6<<4
		}
		return h(0) * float64(sc) * float64(q), -h(2) * float64(m)
	case ir.Q6_K:
		half, r := e/128, e%128
		i, l := r/32, r%32
		q := int(blk[64*half+32*(i%2)+l]>>(4*(i/2))) & 15
		q |= (int(blk[128+32*half+l]) >> (2 * i) & 3) << 4
		return h(208) * float64(int8(blk[192+e/16])) * float64(q-32), 0
	}
	panic(dt)
}

// refDecodeAll is refDecode extended to the ggml formats; mag gets the
// magnitudes |a| + |b| of the two terms of each weight.
func refDecodeAll(row []byte, dt ir.DType, n int) (w, mag []float64) {
	w, mag = make([]float64, n), make([]float64, n)
	switch dt {
	case ir.BF16:
		for i := range w {
			w[i] = float64(math.Float32frombits(uint32(binary.LittleEndian.Uint16(row[2*i:])) << 16))
			mag[i] = math.Abs(w[i])
		}
	case ir.Q4_1, ir.Q5_0, ir.Q5_1, ir.Q4_K, ir.Q5_K, ir.Q6_K:
		be, bb := dt.BlockElems(), dt.BlockBytes()
		for i := range w {
			a, b := refTerms(dt, row[i/be*bb:(i/be+1)*bb], i%be)
			w[i], mag[i] = a+b, math.Abs(a)+math.Abs(b)
			if dt == ir.Q5_0 || dt == ir.Q6_K {
				w[i] = a // no min term: keep the sign of a zero
			}
		}
	default:
		w = refDecode(row, dt, n)
		for i := range w {
			mag[i] = math.Abs(w[i])
		}
	}
	return w, mag
}

// randMatrixAll is randMatrix extended to the ggml formats: bf16 values of
// mixed magnitudes, and for the block formats random code bytes with
// random finite f16 scales and mins.
func randMatrixAll(rng *rand.Rand, dt ir.DType, rows, cols int) []byte {
	rb, err := dt.RowBytes(cols)
	if err != nil {
		panic(err)
	}
	w := make([]byte, rows*rb)
	var f16s []int // offsets of f16 fields in a block
	switch dt {
	case ir.BF16:
		for i := 0; i < rows*cols; i++ {
			v := float32(rng.NormFloat64() * math.Ldexp(1, rng.IntN(24)-12))
			binary.LittleEndian.PutUint16(w[2*i:], ggml.F32ToBF16(v))
		}
		return w
	case ir.Q4_1, ir.Q5_1, ir.Q4_K, ir.Q5_K:
		f16s = []int{0, 2}
	case ir.Q5_0:
		f16s = []int{0}
	case ir.Q6_K:
		f16s = []int{208}
	default:
		return randMatrix(rng, dt, rows, cols)
	}
	bb := dt.BlockBytes()
	for b := 0; b < len(w)/bb; b++ {
		blk := w[b*bb : (b+1)*bb]
		for j := range blk {
			blk[j] = byte(rng.Uint32())
		}
		for _, off := range f16s {
			binary.LittleEndian.PutUint16(blk[off:], randF16Scale(rng))
		}
	}
	return w
}

// refMatVecAll returns W·x and Σ (|a|+|b|)·|x| per row in float64.
func refMatVecAll(w []byte, dt ir.DType, rows, cols int, x []float32) (y, mag []float64) {
	rb, _ := dt.RowBytes(cols)
	y, mag = make([]float64, rows), make([]float64, rows)
	for r := 0; r < rows; r++ {
		wr, m := refDecodeAll(w[r*rb:(r+1)*rb], dt, cols)
		for j, v := range wr {
			y[r] += v * float64(x[j])
			mag[r] += m[j] * math.Abs(float64(x[j]))
		}
	}
	return y, mag
}
