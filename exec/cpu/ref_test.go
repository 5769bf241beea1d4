package cpu

import (
	"encoding/binary"
	"math"
	"math/rand/v2"
	"testing"

	"zincc/internal/ggml"
	"zincc/ir"
)

// This file holds the independent float64 references the kernels are
// tested against, written from the format and op definitions (GGUF block
// layouts, IEEE binary16) rather than from the kernels.

// u32 is float32's unit roundoff, 2^-24.
const u32 = 0x1p-24

// refF16 decodes IEEE binary16 from its fields:
// (-1)^s·2^(e-15)·(1 + m/1024), or (-1)^s·2^-14·(m/1024) when e = 0.
func refF16(h uint16) float64 {
	s := 1.0
	if h&0x8000 != 0 {
		s = -1
	}
	e := int(h>>10) & 0x1F
	m := float64(h & 0x3FF)
	switch {
	case e == 0:
		return s * math.Ldexp(m/1024, -14)
	case e == 31 && m == 0:
		return s * math.Inf(1)
	case e == 31:
		return math.NaN()
	}
	return s * math.Ldexp(1+m/1024, e-15)
}

// refDecode decodes n values of dtype dt from a row:
// f32/f16 little-endian; Q4_0 blocks of 18 bytes (f16 d, then byte j holds
// element j in its low nibble and j+16 in its high nibble, value (q-8)·d);
// Q8_0 blocks of 34 bytes (f16 d, 32 int8 q, value q·d).
func refDecode(row []byte, dt ir.DType, n int) []float64 {
	out := make([]float64, n)
	switch dt {
	case ir.F32:
		for i := range out {
			out[i] = float64(math.Float32frombits(binary.LittleEndian.Uint32(row[4*i:])))
		}
	case ir.F16:
		for i := range out {
			out[i] = refF16(binary.LittleEndian.Uint16(row[2*i:]))
		}
	case ir.U32:
		for i := range out {
			out[i] = float64(binary.LittleEndian.Uint32(row[4*i:]))
		}
	case ir.I32:
		for i := range out {
			out[i] = float64(int32(binary.LittleEndian.Uint32(row[4*i:])))
		}
	case ir.Q4_0:
		for b := 0; b < n/32; b++ {
			blk := row[18*b:]
			d := refF16(binary.LittleEndian.Uint16(blk))
			for j := 0; j < 16; j++ {
				out[32*b+j] = float64(int(blk[2+j]&0xF)-8) * d
				out[32*b+j+16] = float64(int(blk[2+j]>>4)-8) * d
			}
		}
	case ir.Q8_0:
		for b := 0; b < n/32; b++ {
			blk := row[34*b:]
			d := refF16(binary.LittleEndian.Uint16(blk))
			for j := 0; j < 32; j++ {
				out[32*b+j] = float64(int8(blk[2+j])) * d
			}
		}
	}
	return out
}

// randF16Scale returns a random finite, non-zero binary16 scale between
// about 2^-14 and 2^-2 in magnitude, either sign.
func randF16Scale(rng *rand.Rand) uint16 {
	return uint16(rng.IntN(2))<<15 | uint16(1+rng.IntN(13))<<10 | uint16(rng.IntN(1024))
}

// randMatrix returns rows x cols random weights of dtype dt: f32 and f16
// values of mixed magnitudes (including binary16 subnormals), and for the
// block formats random scales with random code bytes, so that the data
// does not depend on any quantizer.
func randMatrix(rng *rand.Rand, dt ir.DType, rows, cols int) []byte {
	rb, err := dt.RowBytes(cols)
	if err != nil {
		panic(err)
	}
	w := make([]byte, rows*rb)
	switch dt {
	case ir.F32, ir.U32, ir.I32:
		for i := 0; i < rows*cols; i++ {
			v := float32(rng.NormFloat64() * math.Ldexp(1, rng.IntN(12)-8))
			binary.LittleEndian.PutUint32(w[4*i:], math.Float32bits(v))
		}
	case ir.F16:
		for i := 0; i < rows*cols; i++ {
			v := float32(rng.NormFloat64() * math.Ldexp(1, rng.IntN(24)-20))
			binary.LittleEndian.PutUint16(w[2*i:], ggml.F32ToF16(v))
		}
	case ir.Q4_0, ir.Q8_0:
		bb := dt.BlockBytes()
		for b := 0; b < len(w)/bb; b++ {
			blk := w[b*bb : (b+1)*bb]
			binary.LittleEndian.PutUint16(blk, randF16Scale(rng))
			for j := 2; j < bb; j++ {
				blk[j] = byte(rng.Uint32())
			}
		}
	}
	return w
}

// randVector returns n float32 values of mixed signs and magnitudes.
func randVector(rng *rand.Rand, n int, spread int) []float32 {
	x := make([]float32, n)
	for i := range x {
		x[i] = float32(rng.NormFloat64() * math.Ldexp(1, rng.IntN(spread+1)-spread/2))
	}
	return x
}

// refMatVec returns W·x and Σ|w·x| per row, in float64 (plain loops).
func refMatVec(w []byte, dt ir.DType, rows, cols int, x []float32) (y, mag []float64) {
	rb, _ := dt.RowBytes(cols)
	y = make([]float64, rows)
	mag = make([]float64, rows)
	for r := 0; r < rows; r++ {
		wr := refDecode(w[r*rb:(r+1)*rb], dt, cols)
		for j, v := range wr {
			y[r] += v * float64(x[j])
			mag[r] += math.Abs(v * float64(x[j]))
		}
	}
	return y, mag
}

// near reports whether a float32 result is within bound of a float64
// reference.
func near(got float32, want, bound float64) bool {
	if math.IsNaN(want) {
		return got != got
	}
	if math.IsInf(want, 0) {
		return float64(got) == want
	}
	return math.Abs(float64(got)-want) <= bound
}

func fatalIfErr(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
