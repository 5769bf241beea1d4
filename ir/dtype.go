package ir

import "fmt"

// DType is the element type of a tensor.
type DType uint8

// The element types. The quantised ones are GGML block formats, spelled in
// .zir as ggml names them (ggml_type_name: "q4_0", "q4_K"): the 32-element
// formats need a tensor's innermost dimension to be a multiple of 32, the
// K-quants (256-element super-blocks) a multiple of 256. Their layouts are
// documented in internal/ggml. New dtypes are appended, so that the values
// of the existing ones do not move.
const (
	InvalidDType DType = iota
	F32
	F16
	U32
	I32
	Q4_0 // 32 elements in 18 bytes: f16 scale, 16 bytes of 4-bit codes
	Q8_0 // 32 elements in 34 bytes: f16 scale, 32 signed bytes
	BF16 // bfloat16: the top 16 bits of a float32
	Q4_1 // 32 elements in 20 bytes: f16 scale and min, 4-bit codes
	Q5_0 // 32 elements in 22 bytes: f16 scale, 32 fifth bits, 4-bit codes
	Q5_1 // 32 elements in 24 bytes: f16 scale and min, fifth bits, 4-bit codes
	Q4_K // 256 elements in 144 bytes: f16 d and dmin, 6-bit scales and mins, 4-bit codes
	Q5_K // 256 elements in 176 bytes: as q4_K plus 32 bytes of fifth bits
	Q6_K // 256 elements in 210 bytes: 4+2-bit codes, 16 int8 scales, f16 d
	Q8_K // 256 elements in 292 bytes: f32 d, 256 int8 q, 16 int16 sums of 16 (activations only)

	// NumDTypes bounds the DType values, for tables indexed by dtype.
	NumDTypes = iota
)

// dtypeInfo gives each dtype its .zir name and storage geometry; block sizes
// are ggml's (src/ggml-common.h block structs, type_traits in src/ggml.c).
var dtypeInfo = [...]struct {
	name       string
	blockElems int // elements per block (1 for plain types)
	blockBytes int // bytes per block
}{
	InvalidDType: {"invalid", 1, 0},
	F32:          {"f32", 1, 4},
	F16:          {"f16", 1, 2},
	U32:          {"u32", 1, 4},
	I32:          {"i32", 1, 4},
	Q4_0:         {"q4_0", 32, 18},
	Q8_0:         {"q8_0", 32, 34},
	BF16:         {"bf16", 1, 2},
	Q4_1:         {"q4_1", 32, 20},
	Q5_0:         {"q5_0", 32, 22},
	Q5_1:         {"q5_1", 32, 24},
	Q4_K:         {"q4_K", 256, 144},
	Q5_K:         {"q5_K", 256, 176},
	Q6_K:         {"q6_K", 256, 210},
	Q8_K:         {"q8_K", 256, 292},
}

// AllDTypes lists every valid element type: plain floats, integers, then the
// block formats by size of code.
var AllDTypes = []DType{F32, F16, BF16, U32, I32, Q4_0, Q4_1, Q5_0, Q5_1, Q8_0, Q4_K, Q5_K, Q6_K}

// ActivationDTypes are the dtypes only activations take: ggml's q8_K, the
// format the quantize op gives x for a K-quant matvec. No weight, state or
// input has them, no GGUF tensor is read as one; .zir spells them so that
// a printed graph parses.
var ActivationDTypes = []DType{Q8_K}

// ActivationOnly reports whether d is one of ActivationDTypes.
func (d DType) ActivationOnly() bool { return d == Q8_K }

// String returns the dtype as written in .zir text ("f32", "q4_0", ...).
func (d DType) String() string {
	if int(d) < len(dtypeInfo) {
		return dtypeInfo[d].name
	}
	return fmt.Sprintf("dtype(%d)", uint8(d))
}

// ParseDType returns the dtype named s, or false.
func ParseDType(s string) (DType, bool) {
	for _, d := range append(AllDTypes[:len(AllDTypes):len(AllDTypes)], ActivationDTypes...) {
		if dtypeInfo[d].name == s {
			return d, true
		}
	}
	return InvalidDType, false
}

// Valid reports whether d is one of the defined dtypes.
func (d DType) Valid() bool { return d > InvalidDType && int(d) < len(dtypeInfo) }

// BlockElems is the number of elements in one storage block: 32 or 256 for
// the quantised formats, 1 otherwise.
func (d DType) BlockElems() int { return dtypeInfo[d].blockElems }

// BlockBytes is the size in bytes of one storage block (of one element for
// plain types).
func (d DType) BlockBytes() int { return dtypeInfo[d].blockBytes }

// Quantized reports whether d is a block-quantised format.
func (d DType) Quantized() bool { return d.BlockElems() > 1 }

// IsFloat reports whether d holds real numbers (f32, f16, bf16 or a
// quantised format), as opposed to integers.
func (d DType) IsFloat() bool { return d == F32 || d == F16 || d == BF16 || d.Quantized() }

// RowBytes returns the bytes taken by n consecutive elements, which must be
// a whole number of blocks.
func (d DType) RowBytes(n int) (int, error) {
	if !d.Valid() {
		return 0, fmt.Errorf("invalid dtype %v", d)
	}
	be := d.BlockElems()
	if n < 0 || n%be != 0 {
		return 0, fmt.Errorf("%v needs a multiple of %d elements, got %d", d, be, n)
	}
	return n / be * d.BlockBytes(), nil
}
