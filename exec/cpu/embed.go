package cpu

import (
	"encoding/binary"
	"math"

	"zincc/internal/ggml"
	"zincc/ir"
)

// Embed sets dst to row `row` of a table of `cols` columns stored row-major
// in dtype dt (the number of rows is len(table) / row bytes), converted to
// float32. f32 is copied, f16 and bf16 widened, the block formats decoded
// with internal/ggml's dequantisers, which give the bits of ggml's
// dequantize_row_*: exact for q4_0, q5_0, q8_0 and q6_K, the exact value
// rounded once to float32 for the formats with a minimum (q4_1, q5_1,
// q4_K, q5_K); u32 and i32 are converted with round-to-nearest-even, exact
// below 2^24.
func Embed(dst []float32, table []byte, dt ir.DType, cols, row int) error {
	if cols <= 0 || len(dst) != cols {
		return sizeError("embed", "%d columns, dst of %d", cols, len(dst))
	}
	rb, err := dt.RowBytes(cols)
	if err != nil {
		return sizeError("embed", "%v", err)
	}
	if len(table)%rb != 0 {
		return sizeError("embed", "table of %d bytes is not a whole number of %d-byte %v rows", len(table), rb, dt)
	}
	rows := len(table) / rb
	if row < 0 || row >= rows {
		return sizeError("embed", "row %d out of range [0, %d)", row, rows)
	}
	src := table[row*rb : (row+1)*rb]
	switch dt {
	case ir.F32:
		for i := range dst {
			dst[i] = math.Float32frombits(binary.LittleEndian.Uint32(src[4*i:]))
		}
	case ir.U32:
		for i := range dst {
			dst[i] = float32(binary.LittleEndian.Uint32(src[4*i:]))
		}
	case ir.I32:
		for i := range dst {
			dst[i] = float32(int32(binary.LittleEndian.Uint32(src[4*i:])))
		}
	default:
		dec, ok := decoders[dt]
		if !ok {
			return sizeError("embed", "unsupported table dtype %v", dt)
		}
		return dec(dst, src)
	}
	return nil
}

// decoders converts a row of each float dtype other than f32 to float32
// exactly as ggml's dequantize_row_* does (internal/ggml).
var decoders = map[ir.DType]func([]float32, []byte) error{
	ir.F16:  ggml.F16ToF32Row,
	ir.BF16: ggml.BF16ToF32Row,
	ir.Q4_0: ggml.DequantizeQ4_0,
	ir.Q4_1: ggml.DequantizeQ4_1,
	ir.Q5_0: ggml.DequantizeQ5_0,
	ir.Q5_1: ggml.DequantizeQ5_1,
	ir.Q8_0: ggml.DequantizeQ8_0,
	ir.Q4_K: ggml.DequantizeQ4_K,
	ir.Q5_K: ggml.DequantizeQ5_K,
	ir.Q6_K: ggml.DequantizeQ6_K,
}
