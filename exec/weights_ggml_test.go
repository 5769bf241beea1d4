package exec

import (
	"encoding/binary"
	"math"
	"testing"

	"zincc/internal/ggml"
	"zincc/ir"
)

// TestRandomDataEveryFloatDType: random(seed) binds for every float dtype,
// deterministically, with the dtype's size, and decodes to the same
// SplitMix64 values as the f32 tensor within the format's step.
func TestRandomDataEveryFloatDType(t *testing.T) {
	decode := map[ir.DType]func([]float32, []byte) error{
		ir.F16: ggml.F16ToF32Row, ir.BF16: ggml.BF16ToF32Row,
		ir.Q4_0: ggml.DequantizeQ4_0, ir.Q4_1: ggml.DequantizeQ4_1, ir.Q5_0: ggml.DequantizeQ5_0,
		ir.Q5_1: ggml.DequantizeQ5_1, ir.Q8_0: ggml.DequantizeQ8_0, ir.Q4_K: ggml.DequantizeQ4_K,
		ir.Q5_K: ggml.DequantizeQ5_K, ir.Q6_K: ggml.DequantizeQ6_K,
	}
	// Largest error for values in [-1, 1): half a step of 2/levels (one step
	// where a code clamps), with room for the K-quants' 6-bit scales.
	bound := map[ir.DType]float64{ir.F16: 1e-3, ir.BF16: 4e-3, ir.Q4_0: 0.13, ir.Q4_1: 0.07, ir.Q5_0: 0.07,
		ir.Q5_1: 0.035, ir.Q8_0: 0.008, ir.Q4_K: 0.13, ir.Q5_K: 0.07, ir.Q6_K: 0.07}
	const rows, cols = 2, 512
	ref, err := RandomData(ir.Tensor(ir.F32, rows, cols), 9, 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range ir.AllDTypes {
		if !d.IsFloat() || d == ir.F32 {
			continue
		}
		ty := ir.Tensor(d, rows, cols)
		a, err := RandomData(ty, 9, 1)
		b, _ := RandomData(ty, 9, 1)
		rb, _ := d.RowBytes(cols)
		if err != nil || len(a) != rows*rb || len(a) != ty.Bytes() || string(a) != string(b) {
			t.Fatalf("%v: %d bytes (want %d), err %v, deterministic %v", d, len(a), rows*rb, err, string(a) == string(b))
		}
		dec, ok := decode[d]
		if !ok {
			t.Fatalf("%v: no decoder in this test", d)
		}
		y := make([]float32, rows*cols)
		if err := dec(y, a); err != nil {
			t.Fatal(err)
		}
		var worst float64
		for i, v := range y {
			x := math.Float32frombits(binary.LittleEndian.Uint32(ref[4*i:]))
			worst = math.Max(worst, math.Abs(float64(v)-float64(x)))
		}
		if worst > bound[d] || worst == 0 && d != ir.F16 && d != ir.BF16 {
			t.Errorf("%v: largest error %g, want in (0, %g]", d, worst, bound[d])
		}
	}
}
