package cpu

import (
	"encoding/binary"
	"math"

	"zincc/internal/ggml"
	"zincc/ir"
)

// stateElemBytes returns the element size of a KV state dtype.
func stateElemBytes(op string, dt ir.DType) (int, error) {
	switch dt {
	case ir.F32:
		return 4, nil
	case ir.F16:
		return 2, nil
	}
	return 0, sizeError(op, "state dtype %v is not supported (f32, f16)", dt)
}

// stateRows checks a [ctx, width] state of dtype dt and returns ctx and the
// row size in bytes.
func stateRows(op string, state []byte, dt ir.DType, width int) (ctx, rowBytes int, err error) {
	eb, err := stateElemBytes(op, dt)
	if err != nil {
		return 0, 0, err
	}
	if width <= 0 {
		return 0, 0, sizeError(op, "row width %d", width)
	}
	rowBytes = width * eb
	if len(state)%rowBytes != 0 {
		return 0, 0, sizeError(op, "state of %d bytes is not a whole number of %d-byte rows", len(state), rowBytes)
	}
	return len(state) / rowBytes, rowBytes, nil
}

// KVStore writes x into row pos of a [ctx, width] state of dtype f32 (bits
// copied) or f16 (each value rounded to nearest even by ggml.F32ToF16,
// NaN -> sign|0x7E00). It is bit-exact on every tier that rounds the same
// way.
func KVStore(state []byte, dt ir.DType, width, pos int, x []float32) error {
	ctx, rb, err := stateRows("kv_store", state, dt, width)
	if err != nil {
		return err
	}
	if len(x) != width {
		return sizeError("kv_store", "x of %d values for rows of %d", len(x), width)
	}
	if pos < 0 || pos >= ctx {
		return sizeError("kv_store", "position %d out of range [0, %d)", pos, ctx)
	}
	row := state[pos*rb : (pos+1)*rb]
	if dt == ir.F16 {
		return ggml.F32ToF16Row(row, x)
	}
	for i, v := range x {
		binary.LittleEndian.PutUint32(row[4*i:], math.Float32bits(v))
	}
	return nil
}
