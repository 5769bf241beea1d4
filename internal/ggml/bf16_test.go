package ggml

import (
	"math"
	"math/rand/v2"
	"testing"
)

// The reference sheet's BF16 examples (ggml-computed).
func TestBF16Worked(t *testing.T) {
	dec := []struct {
		lo, hi byte
		want   float32
	}{
		{0x80, 0x3F, 1}, {0x49, 0x40, 3.140625}, {0x80, 0xBF, -1}, {0x80, 0x7F, float32(math.Inf(1))},
		{0x01, 0x00, float32(math.Ldexp(1, -133))}, {0x7F, 0x7F, 3.3895314e38},
	}
	got := make([]float32, 1)
	for _, c := range dec {
		if err := BF16ToF32Row(got, []byte{c.lo, c.hi}); err != nil {
			t.Fatal(err)
		}
		if got[0] != c.want {
			t.Errorf("% x = %g, want %g", []byte{c.lo, c.hi}, got[0], c.want)
		}
	}
	if v := BF16ToF32(0x7FC1); v == v {
		t.Errorf("C1 7F = %g, want NaN", v)
	}
	if v := BF16ToF32(0x8000); v != 0 || !math.Signbit(float64(v)) {
		t.Errorf("00 80 = %g, want -0", v)
	}
	enc := []struct {
		in   uint32
		want uint16
	}{
		{0x3F808000, 0x3F80}, {0x3F818000, 0x3F82}, {0x7F7FC99E, 0x7F80}, {0x7FC00000, 0x7FC0},
		{0x7F800001, 0x7FC0}, {0xFF800001, 0xFFC0}, // signalling NaNs made quiet
		{0x00000001, 0x0000}, {0x00008000, 0x0000}, {0x00018000, 0x0002}, // subnormals rounded, not flushed
	}
	for _, c := range enc {
		if got := F32ToBF16(math.Float32frombits(c.in)); got != c.want {
			t.Errorf("F32ToBF16(%#08x) = %#04x, want %#04x", c.in, got, c.want)
		}
	}
}

// refBF16 rounds a finite f to bfloat16 by comparing distances to its two
// neighbours in float64 (ties to the even one), with 2^128 standing in for
// the neighbour past the largest finite value.
func refBF16(f float32) uint16 {
	bits := math.Float32bits(f)
	a := uint16(bits >> 16)
	b := a + 1
	va := float64(BF16ToF32(a))
	vb := float64(BF16ToF32(b))
	if b&0x7FFF == 0x7F80 {
		vb = math.Copysign(math.Ldexp(1, 128), float64(f))
	}
	da, db := math.Abs(float64(f)-va), math.Abs(float64(f)-vb)
	if da < db || da == db && a&1 == 0 {
		return a
	}
	return b
}

func TestF32ToBF16Exhaustive(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 42))
	lows := []uint32{0, 1, 0x7FFF, 0x8000, 0x8001, 0xFFFF}
	for hi := uint32(0); hi < 1<<16; hi++ {
		if hi&0x7F80 == 0x7F80 { // infinities and NaNs: below
			continue
		}
		for _, lo := range append(lows, rng.Uint32()&0xFFFF) {
			f := math.Float32frombits(hi<<16 | lo)
			if got, want := F32ToBF16(f), refBF16(f); got != want {
				t.Fatalf("F32ToBF16(%#08x) = %#04x, want %#04x", hi<<16|lo, got, want)
			}
		}
	}
	for h := uint32(0); h < 1<<16; h++ {
		f := BF16ToF32(uint16(h))
		got := F32ToBF16(f)
		want := uint16(h)
		if f != f {
			want |= 0x40
		}
		if got != want {
			t.Fatalf("round trip %#04x -> %#04x, want %#04x", h, got, want)
		}
	}
}

func TestBF16Rows(t *testing.T) {
	x := []float32{1, -2.5, 3.140625, 0}
	b := make([]byte, 8)
	if err := F32ToBF16Row(b, x); err != nil {
		t.Fatal(err)
	}
	y := make([]float32, 4)
	if err := BF16ToF32Row(y, b); err != nil {
		t.Fatal(err)
	}
	for i := range x {
		if x[i] != y[i] {
			t.Errorf("element %d: %g, want %g", i, y[i], x[i])
		}
	}
	if F32ToBF16Row(b[:7], x) == nil || BF16ToF32Row(y[:3], b) == nil {
		t.Error("length mismatch accepted")
	}
}
