package cpu

import (
	"encoding/binary"
	"unsafe"
)

// littleEndian reports whether the host stores numbers little-endian, as
// GGUF does; only then may weight bytes be read in place as float32.
var littleEndian = binary.NativeEndian.Uint16([]byte{1, 0}) == 1

// float32View returns w read in place as float32 values when the host is
// little-endian and w is 4-byte aligned (GGUF tensors are 32-byte aligned,
// rows of f32 weights keep 4-byte alignment), else false. Reading in place
// spares the byte-to-float moves the portable path needs; the values are
// the same.
func float32View(w []byte) ([]float32, bool) {
	if !littleEndian || len(w) < 4 || uintptr(unsafe.Pointer(unsafe.SliceData(w)))%4 != 0 {
		return nil, false
	}
	return unsafe.Slice((*float32)(unsafe.Pointer(unsafe.SliceData(w))), len(w)/4), true
}

// groups views the leading whole groups of s as a slice of G, which must
// be an array type of s's element type (a block of weight bytes, a run of
// x values). Indexing weights and x group by group with one loop counter
// spares the matvec kernels the bounds checks and pointer arithmetic that
// slicing both at every step costs. G then has the alignment of s's
// elements, so the view is valid wherever s is.
func groups[G, E any](s []E) []G {
	var g G
	var e E
	n := len(s) * int(unsafe.Sizeof(e)) / int(unsafe.Sizeof(g))
	if n == 0 {
		return nil
	}
	return unsafe.Slice((*G)(unsafe.Pointer(unsafe.SliceData(s))), n)
}
