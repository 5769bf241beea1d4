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
