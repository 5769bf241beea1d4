package cpu

import (
	"math"
	"math/rand/v2"
	"testing"

	"zincc/internal/ggml"
	"zincc/ir"
)

// kBlock is the reference sheet's K-quant worked block of dtype dt
// (models-and-tokenizers.md §1: byte i = (29i+7) mod 256, then d and dmin).
func kBlock(dt ir.DType) []byte {
	b := make([]byte, dt.BlockBytes())
	for i := range b {
		b[i] = byte(29*i + 7)
	}
	if dt == ir.Q6_K {
		b[208], b[209] = 0x00, 0x20
	} else {
		copy(b, []byte{0x00, 0x20, 0x00, 0x24})
	}
	return b
}

// TestMatVecQ8MatchesGGML holds the K-quant dots to the values ggml's
// generic vec_dot_q{4,5,6}_K_q8_K computed for the sheet's blocks and the
// Q8_K of x[e] = ((e mod 17) − 8)/8 (models-and-tokenizers.md §2, "Numeric
// check", generic column), bit for bit.
func TestMatVecQ8MatchesGGML(t *testing.T) {
	x := make([]float32, 256)
	for e := range x {
		x[e] = float32(e%17-8) / 8
	}
	xq := make([]byte, ggml.Q8_KBlockBytes)
	if err := Quantize(xq, x, ir.Q8_K); err != nil {
		t.Fatal(err)
	}
	if got := math.Float32bits(f32At(xq)); got != 0x3C010204 {
		t.Errorf("q8_K d bits %#x, want 0x3C010204", got)
	}
	for _, c := range []struct {
		dt   ir.DType
		want uint32
	}{{ir.Q4_K, 0x41921B76}, {ir.Q5_K, 0xC1161BB9}, {ir.Q6_K, 0xC3177645}} {
		out := make([]float32, 1)
		if err := MatVecQ8(nil, out, kBlock(c.dt), c.dt, 1, 256, xq, ir.Q8_K); err != nil {
			t.Fatal(err)
		}
		if got := math.Float32bits(out[0]); got != c.want {
			t.Errorf("%v · q8_K = %.9g (%#x), ggml's generic kernel gives %#x", c.dt, out[0], got, c.want)
		}
	}
}

// TestMatVecQ8Bound checks every dtype's quantised-x matvec against the
// float64 dot of the dequantised weights and dequantised x, within the
// float32 error of ggml's order ((blocks + 10)·u·Σ|w·x|), on a pool and
// without one (same bits), on random shapes.
func TestMatVecQ8Bound(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	pool := NewPool(3)
	defer pool.Close()
	for _, dt := range []ir.DType{ir.Q4_0, ir.Q4_1, ir.Q5_0, ir.Q5_1, ir.Q8_0, ir.Q4_K, ir.Q5_K, ir.Q6_K} {
		xdt := ir.ActivationFormat(dt)
		for _, shape := range [][2]int{{1, 256}, {7, 512}, {300, 1024}, {64, 4096}} {
			rows, cols := shape[0], shape[1]
			rb, _ := dt.RowBytes(cols)
			w := randMatrixAll(rng, dt, rows, cols)
			x := make([]float32, cols)
			for i := range x {
				x[i] = float32(rng.NormFloat64() * math.Exp(rng.NormFloat64()))
			}
			xb, _ := xdt.RowBytes(cols)
			xq := make([]byte, xb)
			if err := Quantize(xq, x, xdt); err != nil {
				t.Fatal(err)
			}
			xd := make([]float32, cols)
			if err := Dequantize(xd, xq, xdt); err != nil {
				t.Fatal(err)
			}
			got, again := make([]float32, rows), make([]float32, rows)
			if err := MatVecQ8(pool, got, w, dt, rows, cols, xq, xdt); err != nil {
				t.Fatal(err)
			}
			if err := MatVecQ8(nil, again, w, dt, rows, cols, xq, xdt); err != nil {
				t.Fatal(err)
			}
			for r := 0; r < rows; r++ {
				if math.Float32bits(got[r]) != math.Float32bits(again[r]) {
					t.Fatalf("%v row %d: pool %g, no pool %g", dt, r, got[r], again[r])
				}
				deq := dequantF32(t, w[r*rb:(r+1)*rb], dt, cols)
				var s, abs float64
				for i := range deq {
					p := float64(deq[i]) * float64(xd[i])
					s += p
					abs += math.Abs(p)
				}
				if xdt == ir.Q8_0 && (dt == ir.Q4_1 || dt == ir.Q5_1) {
					abs *= 2 // the min term is summed apart and may cancel
				}
				bound := float64(cols/32+10) * 0x1p-24 * abs * 2
				if d := math.Abs(float64(got[r]) - s); d > bound {
					t.Fatalf("%v[%d, %d] row %d: %g, float64 %g: |diff| %g > %g", dt, rows, cols, r, got[r], s, d, bound)
				}
			}
		}
	}
}
