package cpu

import (
	"encoding/binary"
	"math"

	"zincc/internal/ggml"
	"zincc/ir"
)

// Embed sets dst to row `row` of a table of `cols` columns stored row-major
// in dtype dt (the number of rows is len(table) / row bytes), converted to
// float32. Every conversion is exact: f32 is copied, f16 widened, q4_0 and
// q8_0 decoded as (q-8)·d and q·d (exact products in float32); u32 and i32
// are converted with round-to-nearest-even, exact below 2^24.
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
	case ir.F16:
		return ggml.F16ToF32Row(dst, src)
	case ir.U32:
		for i := range dst {
			dst[i] = float32(binary.LittleEndian.Uint32(src[4*i:]))
		}
	case ir.I32:
		for i := range dst {
			dst[i] = float32(int32(binary.LittleEndian.Uint32(src[4*i:])))
		}
	case ir.Q4_0:
		return ggml.DequantizeQ4_0(dst, src)
	case ir.Q8_0:
		return ggml.DequantizeQ8_0(dst, src)
	default:
		return sizeError("embed", "unsupported table dtype %v", dt)
	}
	return nil
}
