package ir

import "fmt"

// DType is the element type of a tensor.
type DType uint8

// The element types. Q4_0 and Q8_0 are GGML block formats: 32 elements per
// block, so a tensor's innermost dimension must be a multiple of 32.
const (
	InvalidDType DType = iota
	F32
	F16
	U32
	I32
	Q4_0 // 32 elements in 18 bytes: f16 scale, 16 bytes of 4-bit codes
	Q8_0 // 32 elements in 34 bytes: f16 scale, 32 signed bytes

	// NumDTypes bounds the DType values, for tables indexed by dtype.
	NumDTypes = iota
)

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
}

// AllDTypes lists every valid element type in declaration order.
var AllDTypes = []DType{F32, F16, U32, I32, Q4_0, Q8_0}

// String returns the dtype as written in .zir text ("f32", "q4_0", ...).
func (d DType) String() string {
	if int(d) < len(dtypeInfo) {
		return dtypeInfo[d].name
	}
	return fmt.Sprintf("dtype(%d)", uint8(d))
}

// ParseDType returns the dtype named s, or false.
func ParseDType(s string) (DType, bool) {
	for _, d := range AllDTypes {
		if dtypeInfo[d].name == s {
			return d, true
		}
	}
	return InvalidDType, false
}

// Valid reports whether d is one of the defined dtypes.
func (d DType) Valid() bool { return d > InvalidDType && int(d) < len(dtypeInfo) }

// BlockElems is the number of elements in one storage block: 32 for the
// quantised formats, 1 otherwise.
func (d DType) BlockElems() int { return dtypeInfo[d].blockElems }

// BlockBytes is the size in bytes of one storage block (of one element for
// plain types).
func (d DType) BlockBytes() int { return dtypeInfo[d].blockBytes }

// Quantized reports whether d is a block-quantised format.
func (d DType) Quantized() bool { return d.BlockElems() > 1 }

// IsFloat reports whether d holds real numbers (f32, f16 or a quantised
// format), as opposed to integers.
func (d DType) IsFloat() bool { return d == F32 || d == F16 || d.Quantized() }

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
