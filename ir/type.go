package ir

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"
)

// MaxRank is the largest tensor rank the IR admits.
const MaxRank = 4

// MaxElems bounds the element count of one tensor (2^36), so that an
// impossible shape is rejected by the verifier rather than by an allocation.
const MaxElems = 1 << 36

// Type is a tensor type: an element type and a shape listed outermost
// dimension first, so the last dimension is contiguous in memory. A rank-0
// shape is a scalar.
type Type struct {
	DType DType
	Shape []int
}

// Scalar returns the rank-0 type of d.
func Scalar(d DType) Type { return Type{DType: d} }

// Tensor returns the type of a d tensor with the given shape.
func Tensor(d DType, shape ...int) Type { return Type{DType: d, Shape: shape} }

// Rank is the number of dimensions.
func (t Type) Rank() int { return len(t.Shape) }

// IsScalar reports whether t has rank 0.
func (t Type) IsScalar() bool { return len(t.Shape) == 0 }

// Valid reports whether t has a valid dtype (results of ops that failed to
// type-check have an invalid one).
func (t Type) Valid() bool { return t.DType.Valid() }

// Elems is the number of elements (1 for a scalar). It assumes t passed
// CheckShape.
func (t Type) Elems() int {
	n := 1
	for _, d := range t.Shape {
		n *= d
	}
	return n
}

// Inner is the size of the innermost dimension (1 for a scalar).
func (t Type) Inner() int {
	if len(t.Shape) == 0 {
		return 1
	}
	return t.Shape[len(t.Shape)-1]
}

// Bytes is the storage size in bytes. It assumes t passed CheckShape.
func (t Type) Bytes() int {
	n, _ := t.DType.RowBytes(t.Elems())
	return n
}

// Equal reports whether two types have the same dtype and shape.
func (t Type) Equal(u Type) bool {
	if t.DType != u.DType || len(t.Shape) != len(u.Shape) {
		return false
	}
	for i := range t.Shape {
		if t.Shape[i] != u.Shape[i] {
			return false
		}
	}
	return true
}

// SameShape reports whether two types have the same shape.
func (t Type) SameShape(u Type) bool {
	return Type{Shape: t.Shape}.Equal(Type{Shape: u.Shape})
}

// String formats t as written in .zir: "u32", "f32[64]", "q8_0[256, 64]".
func (t Type) String() string {
	if len(t.Shape) == 0 {
		return t.DType.String()
	}
	var b strings.Builder
	b.WriteString(t.DType.String())
	b.WriteByte('[')
	for i, d := range t.Shape {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.Itoa(d))
	}
	b.WriteByte(']')
	return b.String()
}

// CheckShape reports why t cannot describe a tensor: bad dtype, rank above
// MaxRank, a dimension below 1, too many elements, or an inner dimension
// that is not a whole number of quantisation blocks.
func (t Type) CheckShape() error {
	if !t.DType.Valid() {
		return fmt.Errorf("invalid element type")
	}
	if len(t.Shape) > MaxRank {
		return fmt.Errorf("rank %d exceeds the maximum of %d", len(t.Shape), MaxRank)
	}
	n := uint64(1)
	for i, d := range t.Shape {
		if d < 1 {
			return fmt.Errorf("dimension %d is %d; dimensions must be at least 1", i, d)
		}
		hi, lo := bits.Mul64(n, uint64(d))
		if hi != 0 || lo > MaxElems {
			return fmt.Errorf("%v has more than 2^36 elements", t)
		}
		n = lo
	}
	if t.DType.Quantized() {
		if len(t.Shape) == 0 {
			return fmt.Errorf("%v cannot be a scalar: it is stored in blocks of %d", t.DType, t.DType.BlockElems())
		}
		if t.Inner()%t.DType.BlockElems() != 0 {
			return fmt.Errorf("%v: the inner dimension %d is not a multiple of the block size %d",
				t, t.Inner(), t.DType.BlockElems())
		}
	}
	return nil
}
