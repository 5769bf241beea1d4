package kernels_test

import (
	"bytes"
	"fmt"
	"math/rand"
	"testing"

	"zincc/exec/cpu"
	"zincc/isa/kernels"
)

func TestCopyBytes(t *testing.T) {
	h := newGPU(t)
	r := rand.New(rand.NewSource(4))
	for _, n := range []int{1, 2, 3, 4, 5, 7, 1023, 1024, 1025, 1026, 1027, 4096 + 18} {
		t.Run(fmt.Sprintf("n=%d", n), func(t *testing.T) {
			src := make([]byte, n)
			r.Read(src)
			vs, vd := h.buffer("src", src), h.zeros("dst", n)
			h.run("zincc_copy", kernels.Size{N: n}, ptr(vs), ptr(vd), u32(n))
			if got := h.read(vd, n); !bytes.Equal(got, src) {
				t.Fatalf("copy of %d bytes differs", n)
			}
		})
	}
	// As the copy op of f32 values, held to the copy rule.
	x := randBits(r, 333)
	vs, vd := h.buffer("src", f32bytes(x)), h.zeros("dst", 4*len(x))
	h.run("zincc_copy", kernels.Size{N: 4 * len(x)}, ptr(vs), ptr(vd), u32(4*len(x)))
	want := make([]float32, len(x))
	if err := cpu.Copy(want, x); err != nil {
		t.Fatal(err)
	}
	if err := cpu.Check("copy", h.readF32(vd, len(x)), want, nil, 0); err != nil {
		t.Fatal(err)
	}
}
