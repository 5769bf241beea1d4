package gfx1201

import (
	"bytes"
	"path/filepath"
	"testing"
)

// shiftedLibrary is lib with an extra kernel of extra bytes in front of
// all others: every entry moves, as when a kernel is added to or grows in
// a library file that sorts first.
type shiftedLibrary struct {
	Library
	code  []byte
	shift uint64
}

func withExtraKernel(lib Library, extra int) shiftedLibrary {
	shift := alignUp(uint64(extra), 256)
	code := make([]byte, shift, shift+uint64(len(lib.Code())))
	for i := 0; i+4 <= extra; i += 4 {
		copy(code[i:], []byte{0x00, 0x00, 0x80, 0xbf}) // s_nop 0
	}
	return shiftedLibrary{Library: lib, code: append(code, lib.Code()...), shift: shift}
}

func (s shiftedLibrary) Code() []byte { return s.code }

func (s shiftedLibrary) Kernel(name string) (KernelCode, error) {
	k, err := s.Library.Kernel(name)
	k.Entry += s.shift
	return k, err
}

// TestListingStableUnderUnrelatedKernels lowers every testdata graph with
// the kernel library and with the library plus an extra kernel in front
// of the others: the IB listings and the code must be the same, so that
// adding or growing a kernel a graph does not use leaves its golden
// listing alone.
func TestListingStableUnderUnrelatedKernels(t *testing.T) {
	lib, err := DefaultLibrary()
	if err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob("../../testdata/*.zir")
	if len(files) == 0 {
		t.Fatal("no testdata graphs")
	}
	for _, extra := range []int{4, 3328} {
		other := withExtraKernel(lib, extra)
		for _, f := range files {
			m := parseFile(t, f)
			a, err := Lower(m, lib, Options{})
			if err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			b, err := Lower(m, other, Options{})
			if err != nil {
				t.Fatalf("%s with a %d-byte extra kernel: %v", f, extra, err)
			}
			var la, lb bytes.Buffer
			if err := a.Listing(&la); err != nil {
				t.Fatal(err)
			}
			if err := b.Listing(&lb); err != nil {
				t.Fatal(err)
			}
			if la.String() != lb.String() {
				t.Errorf("%s: a %d-byte kernel the graph does not use changes its IB listing", filepath.Base(f), extra)
			}
			if !bytes.Equal(a.Code, b.Code) {
				t.Errorf("%s: a %d-byte kernel the graph does not use changes its code", filepath.Base(f), extra)
			}
		}
	}
}
