//go:build unix

package perf

import "syscall"

// zeroPages returns n zero bytes from an anonymous mapping, whose pages
// cost nothing until touched, and the function that unmaps them.
func zeroPages(n uint64) ([]byte, func(), error) {
	if n == 0 {
		return nil, func() {}, nil
	}
	b, err := syscall.Mmap(-1, 0, int(n), syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON)
	if err != nil {
		return nil, nil, err
	}
	return b, func() { _ = syscall.Munmap(b) }, nil
}
