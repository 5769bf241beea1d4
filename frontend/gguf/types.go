package gguf

import (
	"fmt"
	"strings"

	"zincc/ir"
)

// GGMLType is a ggml tensor element type id as stored in a tensor-info record
// (enum ggml_type in ggml's include/ggml.h).
type GGMLType uint32

// The ggml type ids. The gaps (4, 5, 31-33, 36-38) are ids ggml has retired;
// ggml refuses them in files and so does this package.
const (
	TypeF32     GGMLType = 0
	TypeF16     GGMLType = 1
	TypeQ4_0    GGMLType = 2
	TypeQ4_1    GGMLType = 3
	TypeQ5_0    GGMLType = 6
	TypeQ5_1    GGMLType = 7
	TypeQ8_0    GGMLType = 8
	TypeQ8_1    GGMLType = 9
	TypeQ2_K    GGMLType = 10
	TypeQ3_K    GGMLType = 11
	TypeQ4_K    GGMLType = 12
	TypeQ5_K    GGMLType = 13
	TypeQ6_K    GGMLType = 14
	TypeQ8_K    GGMLType = 15
	TypeIQ2_XXS GGMLType = 16
	TypeIQ2_XS  GGMLType = 17
	TypeIQ3_XXS GGMLType = 18
	TypeIQ1_S   GGMLType = 19
	TypeIQ4_NL  GGMLType = 20
	TypeIQ3_S   GGMLType = 21
	TypeIQ2_S   GGMLType = 22
	TypeIQ4_XS  GGMLType = 23
	TypeI8      GGMLType = 24
	TypeI16     GGMLType = 25
	TypeI32     GGMLType = 26
	TypeI64     GGMLType = 27
	TypeF64     GGMLType = 28
	TypeIQ1_M   GGMLType = 29
	TypeBF16    GGMLType = 30
	TypeTQ1_0   GGMLType = 34
	TypeTQ2_0   GGMLType = 35
	TypeMXFP4   GGMLType = 39
	TypeNVFP4   GGMLType = 40
	TypeQ1_0    GGMLType = 41
	TypeQ2_0    GGMLType = 42
)

// ggmlTypes gives each live type id its name, elements per block and bytes per
// block. Names and sizes are ggml's type_traits (src/ggml.c) over the block structs of
// src/ggml-common.h at ggml d99724f; an entry with block == 0 is a retired or
// unknown id.
var ggmlTypes = [...]struct {
	name  string
	block uint64
	size  uint64
}{
	TypeF32:     {"f32", 1, 4},
	TypeF16:     {"f16", 1, 2},
	TypeQ4_0:    {"q4_0", 32, 18},
	TypeQ4_1:    {"q4_1", 32, 20},
	TypeQ5_0:    {"q5_0", 32, 22},
	TypeQ5_1:    {"q5_1", 32, 24},
	TypeQ8_0:    {"q8_0", 32, 34},
	TypeQ8_1:    {"q8_1", 32, 36},
	TypeQ2_K:    {"q2_K", 256, 84},
	TypeQ3_K:    {"q3_K", 256, 110},
	TypeQ4_K:    {"q4_K", 256, 144},
	TypeQ5_K:    {"q5_K", 256, 176},
	TypeQ6_K:    {"q6_K", 256, 210},
	TypeQ8_K:    {"q8_K", 256, 292},
	TypeIQ2_XXS: {"iq2_xxs", 256, 66},
	TypeIQ2_XS:  {"iq2_xs", 256, 74},
	TypeIQ3_XXS: {"iq3_xxs", 256, 98},
	TypeIQ1_S:   {"iq1_s", 256, 50},
	TypeIQ4_NL:  {"iq4_nl", 32, 18},
	TypeIQ3_S:   {"iq3_s", 256, 110},
	TypeIQ2_S:   {"iq2_s", 256, 82},
	TypeIQ4_XS:  {"iq4_xs", 256, 136},
	TypeI8:      {"i8", 1, 1},
	TypeI16:     {"i16", 1, 2},
	TypeI32:     {"i32", 1, 4},
	TypeI64:     {"i64", 1, 8},
	TypeF64:     {"f64", 1, 8},
	TypeIQ1_M:   {"iq1_m", 256, 56},
	TypeBF16:    {"bf16", 1, 2},
	TypeTQ1_0:   {"tq1_0", 256, 54},
	TypeTQ2_0:   {"tq2_0", 256, 66},
	TypeMXFP4:   {"mxfp4", 32, 17},
	TypeNVFP4:   {"nvfp4", 64, 36},
	TypeQ1_0:    {"q1_0", 128, 18},
	TypeQ2_0:    {"q2_0", 64, 18},
}

// Known reports whether t is a live ggml type this package knows the block
// layout of.
func (t GGMLType) Known() bool { return uint64(t) < uint64(len(ggmlTypes)) && ggmlTypes[t].block != 0 }

// String returns ggml's name for t (ggml_type_name: "q4_0", "q4_K"), or
// "ggml_type(N)" for an unknown id.
func (t GGMLType) String() string {
	if t.Known() {
		return ggmlTypes[t].name
	}
	return fmt.Sprintf("ggml_type(%d)", uint32(t))
}

// BlockElems is the number of elements in one block of t (1 for plain types,
// 0 for an unknown id).
func (t GGMLType) BlockElems() uint64 {
	if !t.Known() {
		return 0
	}
	return ggmlTypes[t].block
}

// BlockBytes is the size in bytes of one block of t (0 for an unknown id).
func (t GGMLType) BlockBytes() uint64 {
	if !t.Known() {
		return 0
	}
	return ggmlTypes[t].size
}

// zinccTypes pairs each ggml type zincc reads with its dtype: the one list
// DType, TypeOf and the refusal message derive from. A dtype's ggml block
// geometry must equal its IR one (tested).
var zinccTypes = []struct {
	t GGMLType
	d ir.DType
}{
	{TypeF32, ir.F32}, {TypeF16, ir.F16}, {TypeBF16, ir.BF16},
	{TypeQ4_0, ir.Q4_0}, {TypeQ4_1, ir.Q4_1}, {TypeQ5_0, ir.Q5_0}, {TypeQ5_1, ir.Q5_1}, {TypeQ8_0, ir.Q8_0},
	{TypeQ4_K, ir.Q4_K}, {TypeQ5_K, ir.Q5_K}, {TypeQ6_K, ir.Q6_K},
	{TypeI32, ir.I32},
}

// readable is the list of ggml types zincc reads, for messages.
var readable = func() string {
	names := make([]string, len(zinccTypes))
	for i, z := range zinccTypes {
		names[i] = z.t.String()
	}
	return strings.Join(names, ", ")
}()

// DType returns the zincc element type that t maps to. Types without one
// get an error naming the type and listing those zincc reads, although
// the reader still lists such tensors.
func (t GGMLType) DType() (ir.DType, error) {
	for _, z := range zinccTypes {
		if z.t == t {
			return z.d, nil
		}
	}
	return ir.InvalidDType, fmt.Errorf("ggml type %v: zincc reads %s", t, readable)
}

// TypeOf returns the ggml type that stores zincc dtype d. u32 has none: ggml
// has no unsigned 32-bit tensor type.
func TypeOf(d ir.DType) (GGMLType, error) {
	for _, z := range zinccTypes {
		if z.d == d {
			return z.t, nil
		}
	}
	return 0, fmt.Errorf("dtype %v has no ggml tensor type", d)
}

// ShapeFromDims converts GGUF dims to an IR shape. GGUF lists dimensions
// innermost first (ne0, the contiguous one, leads), while the IR lists them
// outermost first ([rows, cols] with cols contiguous), so the IR shape is the
// GGUF dims reversed: a matrix stored with dims [in, out] is IR shape [out, in].
// Dims that do not fit an int (impossible in a File, which rejects tensors of
// 2^63 elements or more) make it return nil.
func ShapeFromDims(dims []uint64) []int {
	shape := make([]int, len(dims))
	for i, d := range dims {
		if d > uint64(maxInt) {
			return nil
		}
		shape[len(dims)-1-i] = int(d)
	}
	return shape
}

// DimsFromShape converts an IR shape (outermost first) to GGUF dims (ne0, the
// innermost, first): the reverse of ShapeFromDims. A negative size becomes a
// huge dim that the Writer rejects.
func DimsFromShape(shape []int) []uint64 {
	dims := make([]uint64, len(shape))
	for i, s := range shape {
		dims[len(shape)-1-i] = uint64(s)
	}
	return dims
}

const maxInt = int(^uint(0) >> 1)
