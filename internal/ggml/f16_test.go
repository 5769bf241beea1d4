package ggml

import (
	"math"
	"math/rand/v2"
	"testing"
)

// f16Value decodes binary16 from its fields in float64, straight from the
// IEEE 754 definition: (-1)^s * 2^(e-15) * (1 + m/1024) for 1 <= e <= 30,
// (-1)^s * 2^-14 * (m/1024) for e = 0.
func f16Value(h uint16) float64 {
	s := 1.0
	if h&0x8000 != 0 {
		s = -1
	}
	e := int(h>>10) & 0x1F
	m := float64(h & 0x3FF)
	switch {
	case e == 0:
		return s * math.Ldexp(m/1024, -14)
	case e == 31 && m == 0:
		return s * math.Inf(1)
	case e == 31:
		return math.NaN()
	}
	return s * math.Ldexp(1+m/1024, e-15)
}

func TestF16ToF32AllValues(t *testing.T) {
	for i := 0; i < 1<<16; i++ {
		h := uint16(i)
		got := F16ToF32(h)
		want := f16Value(h)
		gotSign := math.Float32bits(got) >> 31
		if gotSign != uint32(h>>15) {
			t.Fatalf("F16ToF32(%#04x) = %v: sign bit %d", h, got, gotSign)
		}
		if math.IsNaN(want) {
			bits := math.Float32bits(got)
			if !math.IsNaN(float64(got)) || bits&0x400000 == 0 || (bits>>13)&0x1FF != uint32(h&0x1FF) {
				t.Fatalf("F16ToF32(%#04x) = %#08x, want a quiet NaN with payload %#x", h, bits, h&0x1FF)
			}
			continue
		}
		if float64(got) != want {
			t.Fatalf("F16ToF32(%#04x) = %v, want %v", h, got, want)
		}
	}
}

func TestF16RoundTripAllValues(t *testing.T) {
	for i := 0; i < 1<<16; i++ {
		h := uint16(i)
		got := F32ToF16(F16ToF32(h))
		want := h
		if math.IsNaN(f16Value(h)) {
			want = h&0x8000 | 0x7E00 // ggml's canonical NaN, sign kept
		}
		if got != want {
			t.Fatalf("F32ToF16(F16ToF32(%#04x)) = %#04x, want %#04x", h, got, want)
		}
	}
}

// refF32ToF16Value rounds v to binary16 in float64 arithmetic, from the
// definition: the grid spacing at |v| is 2^(max(E,-14)-10) where
// 2^E <= |v| < 2^(E+1); round to the nearest grid point, ties to the one
// whose last significand bit is 0 (an even multiple of the spacing); the
// largest finite value is 65504 and anything rounding beyond it is
// infinite (65520, the midpoint to 65536, ties to the even 65536 = inf).
func refF32ToF16Value(v float64) float64 {
	a := math.Abs(v)
	if a >= 65520 {
		return math.Copysign(math.Inf(1), v)
	}
	if a == 0 {
		return v
	}
	_, e := math.Frexp(a) // a = f * 2^e, f in [0.5, 1): E = e-1
	E := e - 1
	if E < -14 {
		E = -14
	}
	spacing := math.Ldexp(1, E-10)
	return math.Copysign(math.RoundToEven(a/spacing)*spacing, v)
}

func checkF32ToF16(t *testing.T, f float32) {
	t.Helper()
	got := F32ToF16(f)
	if math.IsNaN(float64(f)) {
		want := uint16(math.Float32bits(f)>>16)&0x8000 | 0x7E00
		if got != want {
			t.Fatalf("F32ToF16(%#08x) = %#04x, want %#04x", math.Float32bits(f), got, want)
		}
		return
	}
	want := refF32ToF16Value(float64(f))
	gv := f16Value(got)
	if gv != want || got>>15 != uint16(math.Float32bits(f)>>31) {
		t.Fatalf("F32ToF16(%g = %#08x) = %#04x (%g), want %g", f, math.Float32bits(f), got, gv, want)
	}
}

func TestF32ToF16Edges(t *testing.T) {
	edges := []uint32{
		0x00000000, 0x80000000, // zeros
		0x00000001, 0x807FFFFF, // float32 subnormals
		0x7F800000, 0xFF800000, // infinities
		0x7FC00000, 0xFFC00001, 0x7F800001, 0xFFBFFFFF, // quiet and signalling NaNs
		0x477FE000,                         // 65504, the largest binary16
		0x477FEFFF, 0x477FF000, 0x477FF001, // just below, at and above 65520
		0x38800000,             // 2^-14, the smallest normal binary16
		0x387FC000,             // largest subnormal binary16
		0x33800000, 0x33000000, // 2^-24 (smallest subnormal), 2^-25 (half of it: ties to 0)
		0x33000001, 0x32FFFFFF, // just above and below 2^-25
		0x33C00000,             // 1.5 * 2^-24: ties to even 2 * 2^-24
		0x3F801000, 0x3F803000, // 1 + 2^-11 (ties down to 1), 1 + 3*2^-11 (ties up)
		0x3F800FFF, 0x3F801001, // either side of the first tie
		0x7F7FFFFF, 0xFF7FFFFF, // largest float32: overflow
	}
	for _, b := range edges {
		checkF32ToF16(t, math.Float32frombits(b))
	}
	// The named results of a few of those, written out.
	named := []struct {
		f    float32
		want uint16
	}{
		{65504, 0x7BFF},
		{65519.99, 0x7BFF},
		{65520, 0x7C00},
		{-65520, 0xFC00},
		{1, 0x3C00},
		{-2, 0xC000},
		{0.5, 0x3800},
		{float32(math.Ldexp(1, -24)), 0x0001},
		{float32(math.Ldexp(1, -25)), 0x0000},
		{float32(math.Ldexp(3, -25)), 0x0002}, // 1.5 units: tie to even 2
		{float32(math.Ldexp(5, -25)), 0x0002}, // 2.5 units: tie to even 2
		{float32(math.Ldexp(1, -14)), 0x0400},
		{float32(math.Inf(-1)), 0xFC00},
		{float32(math.NaN()), 0x7E00},
	}
	for _, c := range named {
		if got := F32ToF16(c.f); got != c.want {
			t.Errorf("F32ToF16(%g) = %#04x, want %#04x", c.f, got, c.want)
		}
	}
}

// TestF32ToF16Structured walks every sign, float32 exponent and top-10
// fraction bits, each with the low 13 bits set to the patterns that decide
// rounding (exact, just above/below and at the half-way point, maximal) and
// to random ones: 2^19 * 12 inputs.
func TestF32ToF16Structured(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	lows := []uint32{0, 1, 0x0800, 0x0FFF, 0x1000, 0x1001, 0x1800, 0x1FFF}
	for hi := uint32(0); hi < 1<<19; hi++ {
		for _, lo := range lows {
			checkF32ToF16(t, math.Float32frombits(hi<<13|lo))
		}
		for k := 0; k < 4; k++ {
			checkF32ToF16(t, math.Float32frombits(hi<<13|rng.Uint32()&0x1FFF))
		}
	}
}

func TestF16Rows(t *testing.T) {
	src := []float32{1, -2, 0.5, 65504}
	b := make([]byte, 8)
	if err := F32ToF16Row(b, src); err != nil {
		t.Fatal(err)
	}
	want := []byte{0x00, 0x3C, 0x00, 0xC0, 0x00, 0x38, 0xFF, 0x7B}
	for i := range want {
		if b[i] != want[i] {
			t.Fatalf("F32ToF16Row bytes = % x, want % x", b, want)
		}
	}
	back := make([]float32, 4)
	if err := F16ToF32Row(back, b); err != nil {
		t.Fatal(err)
	}
	for i := range src {
		if back[i] != src[i] {
			t.Fatalf("F16ToF32Row = %v, want %v", back, src)
		}
	}
	if err := F16ToF32Row(back, b[:7]); err == nil {
		t.Fatal("F16ToF32Row accepted 7 bytes for 4 values")
	}
	if err := F32ToF16Row(b[:6], src); err == nil {
		t.Fatal("F32ToF16Row accepted 6 bytes for 4 values")
	}
}
