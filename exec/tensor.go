package exec

import (
	"encoding/binary"
	"fmt"
	"math"
	"strings"

	"zincc/internal/ggml"
	"zincc/ir"
)

// Tensor is a value's contents: little-endian bytes laid out as its type
// says.
type Tensor struct {
	Name string // the IR value's name, without '%'
	Type ir.Type
	Data []byte
}

// Scalar returns the rank-0 tensor of type dt holding the 32-bit word w.
func Scalar(name string, dt ir.DType, w uint32) Tensor {
	data := binary.LittleEndian.AppendUint32(nil, w)
	return Tensor{Name: name, Type: ir.Scalar(dt), Data: data}
}

// Floats decodes an f32 or f16 tensor to float32s (nil for other types).
func (t Tensor) Floats() []float32 {
	switch t.Type.DType {
	case ir.F32:
		out := make([]float32, len(t.Data)/4)
		for i := range out {
			out[i] = math.Float32frombits(binary.LittleEndian.Uint32(t.Data[4*i:]))
		}
		return out
	case ir.F16:
		out := make([]float32, len(t.Data)/2)
		for i := range out {
			out[i] = ggml.F16ToF32(binary.LittleEndian.Uint16(t.Data[2*i:]))
		}
		return out
	}
	return nil
}

// Words decodes a u32 or i32 tensor to its 32-bit words (nil otherwise).
func (t Tensor) Words() []uint32 {
	if t.Type.DType != ir.U32 && t.Type.DType != ir.I32 {
		return nil
	}
	out := make([]uint32, len(t.Data)/4)
	for i := range out {
		out[i] = binary.LittleEndian.Uint32(t.Data[4*i:])
	}
	return out
}

// JSONValue is the tensor's contents as JSON-friendly numbers: a number for
// a scalar, an array for a tensor (flattened), raw bytes as hex for the
// quantised types.
func (t Tensor) JSONValue() any {
	var list []any
	switch t.Type.DType {
	case ir.F32, ir.F16:
		for _, f := range t.Floats() {
			list = append(list, jsonFloat(f))
		}
	case ir.U32:
		for _, w := range t.Words() {
			list = append(list, w)
		}
	case ir.I32:
		for _, w := range t.Words() {
			list = append(list, int32(w))
		}
	default:
		return fmt.Sprintf("%x", t.Data)
	}
	if t.Type.IsScalar() && len(list) == 1 {
		return list[0]
	}
	return list
}

// jsonFloat keeps NaN and infinities representable in JSON (as strings).
func jsonFloat(f float32) any {
	switch {
	case math.IsNaN(float64(f)):
		return "NaN"
	case math.IsInf(float64(f), 1):
		return "+Inf"
	case math.IsInf(float64(f), -1):
		return "-Inf"
	}
	return f
}

// Summary formats the tensor for one line of text: a scalar in full, a
// tensor as its type and first few elements.
func (t Tensor) Summary() string {
	const show = 4
	var elems []string
	switch t.Type.DType {
	case ir.F32, ir.F16:
		for _, f := range t.Floats() {
			elems = append(elems, fmt.Sprintf("%.5g", f))
		}
	case ir.U32:
		for _, w := range t.Words() {
			elems = append(elems, fmt.Sprint(w))
		}
	case ir.I32:
		for _, w := range t.Words() {
			elems = append(elems, fmt.Sprint(int32(w)))
		}
	default:
		return fmt.Sprintf("%v (%d bytes)", t.Type, len(t.Data))
	}
	if t.Type.IsScalar() && len(elems) == 1 {
		return elems[0]
	}
	more := ""
	if len(elems) > show {
		elems, more = elems[:show], " …"
	}
	return fmt.Sprintf("%v[%s%s]", t.Type, strings.Join(elems, " "), more)
}
