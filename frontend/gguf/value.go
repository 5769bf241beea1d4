package gguf

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// ValueType is a GGUF metadata value type id (enum gguf_type in ggml's
// include/gguf.h).
type ValueType uint32

// The thirteen GGUF value types, with their ids.
const (
	ValueUint8   ValueType = 0
	ValueInt8    ValueType = 1
	ValueUint16  ValueType = 2
	ValueInt16   ValueType = 3
	ValueUint32  ValueType = 4
	ValueInt32   ValueType = 5
	ValueFloat32 ValueType = 6
	ValueBool    ValueType = 7 // one byte, 0 or 1
	ValueString  ValueType = 8 // u64 length + bytes
	ValueArray   ValueType = 9 // u32 element type, u64 element count, elements
	ValueUint64  ValueType = 10
	ValueInt64   ValueType = 11
	ValueFloat64 ValueType = 12
)

var valueTypeNames = [...]string{
	"UINT8", "INT8", "UINT16", "INT16", "UINT32", "INT32", "FLOAT32",
	"BOOL", "STRING", "ARRAY", "UINT64", "INT64", "FLOAT64",
}

// Valid reports whether t is one of the thirteen value types.
func (t ValueType) Valid() bool { return uint64(t) < uint64(len(valueTypeNames)) }

// String returns the type's name as gguf.h spells it ("UINT32", "FLOAT32").
func (t ValueType) String() string {
	if t.Valid() {
		return valueTypeNames[t]
	}
	return fmt.Sprintf("gguf_type(%d)", uint32(t))
}

// size is the encoded size of one scalar of type t; for STRING it is the
// smallest encoding (the length word of an empty string), for ARRAY that of an
// empty array.
func (t ValueType) size() uint64 {
	switch t {
	case ValueUint8, ValueInt8, ValueBool:
		return 1
	case ValueUint16, ValueInt16:
		return 2
	case ValueUint32, ValueInt32, ValueFloat32:
		return 4
	case ValueUint64, ValueInt64, ValueFloat64, ValueString:
		return 8
	case ValueArray:
		return 12
	}
	return 0
}

// Elem is the set of Go types a metadata value or array element can hold, one
// per GGUF scalar type.
type Elem interface {
	uint8 | int8 | uint16 | int16 | uint32 | int32 | float32 | bool | string | uint64 | int64 | float64
}

// Value is one typed metadata value: a scalar of one of the twelve scalar types
// or an array of them. The zero Value is invalid. Values are immutable; arrays
// returned by AsArray share the Value's storage and must not be modified.
type Value struct {
	typ  ValueType
	elem ValueType // element type when typ == ValueArray
	x    any       // the Go value: uint8 ... float64, string; []T for arrays
}

// Uint8 returns a UINT8 value.
func Uint8(x uint8) Value { return Value{typ: ValueUint8, x: x} }

// Int8 returns an INT8 value.
func Int8(x int8) Value { return Value{typ: ValueInt8, x: x} }

// Uint16 returns a UINT16 value.
func Uint16(x uint16) Value { return Value{typ: ValueUint16, x: x} }

// Int16 returns an INT16 value.
func Int16(x int16) Value { return Value{typ: ValueInt16, x: x} }

// Uint32 returns a UINT32 value: the type llama.cpp requires for counts and
// integer hyper-parameters.
func Uint32(x uint32) Value { return Value{typ: ValueUint32, x: x} }

// Int32 returns an INT32 value.
func Int32(x int32) Value { return Value{typ: ValueInt32, x: x} }

// Float32 returns a FLOAT32 value: the type llama.cpp requires for float
// hyper-parameters.
func Float32(x float32) Value { return Value{typ: ValueFloat32, x: x} }

// Bool returns a BOOL value.
func Bool(x bool) Value { return Value{typ: ValueBool, x: x} }

// String returns a STRING value. The bytes are kept exactly, including empty
// strings and surrounding whitespace.
func String(x string) Value { return Value{typ: ValueString, x: x} }

// Uint64 returns a UINT64 value.
func Uint64(x uint64) Value { return Value{typ: ValueUint64, x: x} }

// Int64 returns an INT64 value.
func Int64(x int64) Value { return Value{typ: ValueInt64, x: x} }

// Float64 returns a FLOAT64 value.
func Float64(x float64) Value { return Value{typ: ValueFloat64, x: x} }

// Array returns an ARRAY value whose element type follows from T (uint32 →
// UINT32, string → STRING, ...). The slice is kept, not copied.
func Array[T Elem](xs []T) Value {
	if xs == nil {
		xs = []T{}
	}
	return Value{typ: ValueArray, elem: elemType(xs), x: xs}
}

// elemType maps a Go slice type to the GGUF element type it encodes as.
func elemType(xs any) ValueType {
	switch xs.(type) {
	case []uint8:
		return ValueUint8
	case []int8:
		return ValueInt8
	case []uint16:
		return ValueUint16
	case []int16:
		return ValueInt16
	case []uint32:
		return ValueUint32
	case []int32:
		return ValueInt32
	case []float32:
		return ValueFloat32
	case []bool:
		return ValueBool
	case []string:
		return ValueString
	case []uint64:
		return ValueUint64
	case []int64:
		return ValueInt64
	case []float64:
		return ValueFloat64
	}
	return invalidValueType // unreachable: Elem admits only the types above
}

const invalidValueType ValueType = 1<<32 - 1

// Type is the value's type; ValueArray for arrays.
func (v Value) Type() ValueType { return v.typ }

// ElemType is an array's element type (meaningless for scalars).
func (v Value) ElemType() ValueType { return v.elem }

// Valid reports whether v holds a value (the zero Value does not).
func (v Value) Valid() bool { return v.x != nil }

// Len is an array's element count (0 for scalars).
func (v Value) Len() int {
	if v.typ != ValueArray {
		return 0
	}
	switch a := v.x.(type) {
	case []uint8:
		return len(a)
	case []int8:
		return len(a)
	case []uint16:
		return len(a)
	case []int16:
		return len(a)
	case []uint32:
		return len(a)
	case []int32:
		return len(a)
	case []float32:
		return len(a)
	case []bool:
		return len(a)
	case []string:
		return len(a)
	case []uint64:
		return len(a)
	case []int64:
		return len(a)
	case []float64:
		return len(a)
	}
	return 0
}

// Interface returns the Go value: uint8 ... float64, bool, string for scalars,
// []T for arrays.
func (v Value) Interface() any { return v.x }

// As returns v's scalar as a T when v has exactly the matching type (UINT32 for
// uint32, FLOAT32 for float32, ...); no conversion happens.
func As[T Elem](v Value) (T, bool) {
	x, ok := v.x.(T)
	return x, ok && v.typ != ValueArray
}

// AsArray returns v's elements when v is an array of exactly the matching
// element type. The slice is shared: do not modify it.
func AsArray[T Elem](v Value) ([]T, bool) {
	xs, ok := v.x.([]T)
	return xs, ok && v.typ == ValueArray
}

// Int returns an integer scalar of any of the eight integer types as an int64,
// or false for other types and for UINT64 values above MaxInt64. Use it where a
// file's producer may have picked another integer width than llama.cpp's.
func (v Value) Int() (int64, bool) {
	switch x := v.x.(type) {
	case uint8:
		return int64(x), true
	case int8:
		return int64(x), true
	case uint16:
		return int64(x), true
	case int16:
		return int64(x), true
	case uint32:
		return int64(x), true
	case int32:
		return int64(x), true
	case uint64:
		if x > math.MaxInt64 {
			return 0, false
		}
		return int64(x), true
	case int64:
		return x, true
	}
	return 0, false
}

// Float returns a FLOAT32 or FLOAT64 scalar as a float64.
func (v Value) Float() (float64, bool) {
	switch x := v.x.(type) {
	case float32:
		return float64(x), true
	case float64:
		return x, true
	}
	return 0, false
}

// String formats v for people: strings quoted, arrays in brackets, arrays of
// more than 8 elements abbreviated with their length.
func (v Value) String() string {
	if !v.Valid() {
		return "<invalid>"
	}
	if v.typ != ValueArray {
		return formatScalar(v.x)
	}
	var b strings.Builder
	n := v.Len()
	fmt.Fprintf(&b, "%v[%d]{", v.elem, n)
	for i := 0; i < n && i < 8; i++ {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(formatScalar(index(v.x, i)))
	}
	if n > 8 {
		b.WriteString(", ...")
	}
	b.WriteString("}")
	return b.String()
}

func formatScalar(x any) string {
	switch x := x.(type) {
	case string:
		return strconv.Quote(x)
	case float32:
		return strconv.FormatFloat(float64(x), 'g', -1, 32)
	case float64:
		return strconv.FormatFloat(x, 'g', -1, 64)
	}
	return fmt.Sprint(x)
}

// index returns element i of an array payload.
func index(xs any, i int) any {
	switch a := xs.(type) {
	case []uint8:
		return a[i]
	case []int8:
		return a[i]
	case []uint16:
		return a[i]
	case []int16:
		return a[i]
	case []uint32:
		return a[i]
	case []int32:
		return a[i]
	case []float32:
		return a[i]
	case []bool:
		return a[i]
	case []string:
		return a[i]
	case []uint64:
		return a[i]
	case []int64:
		return a[i]
	case []float64:
		return a[i]
	}
	return nil
}

// KV is one metadata entry.
type KV struct {
	Key   string
	Value Value
}
