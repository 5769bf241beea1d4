//go:build !unix

package perf

import "unsafe"

// zeroPages returns n zero bytes on an 8-byte boundary.
func zeroPages(n uint64) ([]byte, func(), error) {
	words := make([]uint64, (n+7)/8)
	if len(words) == 0 {
		return nil, func() {}, nil
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(&words[0])), n), func() {}, nil
}
