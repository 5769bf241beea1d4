package ggml

import (
	"bytes"
	"math"
	"math/big"
	"math/rand/v2"
	"testing"
)

// Two hand-worked Q4_0 blocks. Byte 2+j holds element j (low nibble) and
// element j+16 (high nibble); value = (nibble - 8) * d.
var handQ4_0 = []byte{
	// Block 0: d = 0.5 = 2^-1: f16 exponent field 15-1 = 14, 14<<10 = 0x3800.
	0x00, 0x38,
	0x80,                                                                   // e0: lo 0 -> (0-8)*0.5 = -4;   e16: hi 8 -> 0
	0xF1,                                                                   // e1: lo 1 -> (1-8)*0.5 = -3.5; e17: hi 15 -> 7*0.5 = 3.5
	0x7F,                                                                   // e2: lo 15 -> 3.5;             e18: hi 7 -> -0.5
	0x88, 0x88, 0x88, 0x88, 0x88, 0x88, 0x88, 0x88, 0x88, 0x88, 0x88, 0x88, // e3..15, e19..31: 0
	0x9A, // e15: lo 10 -> 2*0.5 = 1;      e31: hi 9 -> 0.5
	// Block 1: d = -2^-24, the negative smallest subnormal: f16 0x8001.
	0x01, 0x80,
	0x0F, // e32: lo 15 -> 7 * -2^-24 = -7*2^-24; e48: hi 0 -> -8 * -2^-24 = 2^-21
	0x88, 0x88, 0x88, 0x88, 0x88, 0x88, 0x88, 0x88, 0x88, 0x88, 0x88, 0x88, 0x88, 0x88, 0x88,
}

func handQ4_0Want() []float32 {
	w := make([]float32, 64)
	w[0], w[16] = -4, 0
	w[1], w[17] = -3.5, 3.5
	w[2], w[18] = 3.5, -0.5
	w[15], w[31] = 1, 0.5
	w[32] = float32(math.Ldexp(-7, -24))
	w[48] = float32(math.Ldexp(1, -21))
	return w
}

// A hand-worked Q8_0 block: value = q * d.
var handQ8_0 = []byte{
	// d = 0.25 = 2^-2: exponent field 13, 13<<10 = 0x3400.
	0x00, 0x34,
	0x7F, // q = 127  -> 31.75
	0x80, // q = -128 -> -32
	0x01, // q = 1    -> 0.25
	0xFF, // q = -1   -> -0.25
	0x0A, // q = 10   -> 2.5
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0xF6, // q = -10 (element 31) -> -2.5
}

func handQ8_0Want() []float32 {
	w := make([]float32, 32)
	w[0], w[1], w[2], w[3], w[4], w[31] = 31.75, -32, 0.25, -0.25, 2.5, -2.5
	return w
}

func TestDequantizeQ4_0Hand(t *testing.T) {
	got := make([]float32, 64)
	if err := DequantizeQ4_0(got, handQ4_0); err != nil {
		t.Fatal(err)
	}
	want := handQ4_0Want()
	for i := range want {
		if math.Float32bits(got[i]) != math.Float32bits(want[i]) && !(got[i] == 0 && want[i] == 0) {
			t.Errorf("element %d = %g, want %g", i, got[i], want[i])
		}
	}
	// Zero nibble value 8 times negative d gives -0: the sign is kept.
	if math.Signbit(float64(got[33])) != true {
		t.Errorf("element 33 = %g, want -0 (0 * -2^-24)", got[33])
	}
}

func TestDequantizeQ8_0Hand(t *testing.T) {
	got := make([]float32, 32)
	if err := DequantizeQ8_0(got, handQ8_0); err != nil {
		t.Fatal(err)
	}
	want := handQ8_0Want()
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("element %d = %g, want %g", i, got[i], want[i])
		}
	}
}

func TestBlockLengthErrors(t *testing.T) {
	f := make([]float32, 64)
	if DequantizeQ4_0(f, handQ4_0[:35]) == nil {
		t.Error("DequantizeQ4_0 accepted 35 bytes for 64 elements")
	}
	if DequantizeQ4_0(f[:40], handQ4_0) == nil {
		t.Error("DequantizeQ4_0 accepted 40 elements")
	}
	if DequantizeQ8_0(f[:32], handQ8_0[:33]) == nil {
		t.Error("DequantizeQ8_0 accepted 33 bytes")
	}
	if QuantizeQ8_0(make([]byte, 34), f[:31]) == nil {
		t.Error("QuantizeQ8_0 accepted 31 elements")
	}
	if QuantizeQ4_0(make([]byte, 17), f[:32]) == nil {
		t.Error("QuantizeQ4_0 accepted 17 bytes")
	}
}

func TestQuantizeQ8_0Hand(t *testing.T) {
	// Block A: amax = 127 (element 0), so d = 127/127 = 1, id = 1, q = roundf(x),
	// half away from zero; stored d = f16(1) = 0x3C00.
	// Block B: amax = 254 (element 1), d = 2, id = 0.5, q = roundf(x/2);
	// stored d = f16(2) = 0x4000.
	// Block C: all zero: d = 0, id = 0, every q = 0.
	x := make([]float32, 96)
	copy(x[0:], []float32{127, 2.5, -2.5, 0.5, -0.5, 1.4999999, -126.5, 3})
	copy(x[32:], []float32{5, -254, -3, 254, 1, -1, 0.9})
	want := make([]byte, 3*34)
	copy(want[0:], []byte{0x00, 0x3C,
		127,  // 127
		3,    // 2.5 -> 3 (away from zero)
		0xFD, // -2.5 -> -3
		1,    // 0.5 -> 1
		0xFF, // -0.5 -> -1
		1,    // 1.4999999 -> 1
		0x81, // -126.5 -> -127
		3})
	copy(want[34:], []byte{0x00, 0x40,
		3,    // 5/2 = 2.5 -> 3
		0x81, // -254/2 = -127
		0xFE, // -3/2 = -1.5 -> -2
		127,  // 254/2
		1,    // 1/2 = 0.5 -> 1
		0xFF, // -0.5 -> -1
		0})   // 0.45 -> 0
	got := make([]byte, 3*34)
	if err := QuantizeQ8_0(got, x); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("QuantizeQ8_0 =\n% x\nwant\n% x", got, want)
	}
}

func TestQuantizeQ4_0Hand(t *testing.T) {
	// Block A: the largest |x| is -8 (element 0; the +8 at element 5 ties
	// and loses: the comparison is strict), d = -8/-8 = 1, id = 1,
	// q = min(15, trunc(x + 8.5)); stored d = f16(1) = 0x3C00.
	// Block B: the largest |x| is +8, d = 8/-8 = -1, id = -1,
	// q = min(15, trunc(-x + 8.5)); stored d = f16(-1) = 0xBC00.
	x := make([]float32, 64)
	for i := range x[:32] {
		x[i] = -0.5 // -0.5 + 8.5 = 8 -> code 8 (value 0)
	}
	copy(x[0:], []float32{-8, 7, 7.4, -0.6, 0.49, 8})
	x[16], x[17], x[18] = 0.5, 3, -7.9
	for i := range x[32:] {
		x[32+i] = 0.5 // -0.5 + 8.5 = 8 -> code 8
	}
	copy(x[32:], []float32{8, -8, 1, -1})
	x[48] = 7.9 // -7.9 + 8.5 = 0.6 -> 0
	want := make([]byte, 36)
	copy(want[0:], []byte{0x00, 0x3C,
		0x90, // e0: -8+8.5 = 0.5 -> 0;  e16: 0.5+8.5 = 9 -> 9
		0xBF, // e1: 7+8.5 = 15.5 -> 15; e17: 3+8.5 = 11.5 -> 11
		0x0F, // e2: 7.4+8.5 = 15.9 -> 15; e18: -7.9+8.5 = 0.6 -> 0
		0x87, // e3: -0.6+8.5 = 7.9 -> 7; e19: 8
		0x88, // e4: 0.49+8.5 = 8.99 -> 8
		0x8F, // e5: 8+8.5 = 16.5 -> 16 -> min 15
		0x88, 0x88, 0x88, 0x88, 0x88, 0x88, 0x88, 0x88, 0x88, 0x88})
	copy(want[18:], []byte{0x00, 0xBC,
		0x00, // e32: -8+8.5 = 0.5 -> 0; e48: -7.9+8.5 = 0.6 -> 0
		0x8F, // e33: 8+8.5 = 16.5 -> 15
		0x87, // e34: -1+8.5 = 7.5 -> 7
		0x89, // e35: 1+8.5 = 9.5 -> 9
		0x88, 0x88, 0x88, 0x88, 0x88, 0x88, 0x88, 0x88, 0x88, 0x88, 0x88, 0x88})
	for _, fused := range []bool{false, true} {
		got := make([]byte, 36)
		if err := quantizeQ4_0(got, x, fused); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("quantizeQ4_0(fused=%v) =\n% x\nwant\n% x", fused, got, want)
		}
	}
}

// round32 rounds an exact big.Float to float32 precision (RNE). The test
// values stay within float32's normal range, so the unbounded exponent of
// big.Float does not matter.
func round32(v *big.Float) float64 {
	f, _ := new(big.Float).SetPrec(24).SetMode(big.ToNearestEven).Set(v).Float64()
	return f
}

// refQ4Code computes one code of ggml's quantizer with exact arithmetic:
// unfused rounds x*id to float32 and then x*id + 8.5 to float32; fused
// rounds only the exact x*id + 8.5.
func refQ4Code(x, id float32, fused bool) byte {
	p := new(big.Float).SetPrec(200).Mul(big.NewFloat(float64(x)), big.NewFloat(float64(id)))
	if !fused {
		p = big.NewFloat(round32(p))
	}
	s := new(big.Float).SetPrec(200).Add(p, big.NewFloat(8.5))
	q := math.Trunc(round32(s))
	if q > 15 {
		q = 15
	}
	return byte(q)
}

// TestQuantizeQ4_0Exact compares both quantizer variants with the exact
// arithmetic of refQ4Code on random blocks and on blocks built so that
// x*id sits just below a point where the two roundings part (else the
// fused variant would be tested on nothing that tells it apart).
func TestQuantizeQ4_0Exact(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	differ := 0
	x := make([]float32, 32)
	got := make([]byte, 18)
	for n := 0; n < 1500; n++ {
		scale := float32(math.Ldexp(1, rng.IntN(40)-20))
		for i := range x {
			x[i] = float32(rng.NormFloat64()) * scale
		}
		if n%2 == 1 {
			differ += plantFusedCases(x, rng)
		}
		var amax, max float32
		for _, v := range x {
			if a := float32(math.Abs(float64(v))); amax < a {
				amax, max = a, v
			}
		}
		d := max / -8
		id := 1 / d
		for _, fused := range []bool{false, true} {
			if err := quantizeQ4_0(got, x, fused); err != nil {
				t.Fatal(err)
			}
			if h := F32ToF16(d); uint16(got[0])|uint16(got[1])<<8 != h {
				t.Fatalf("scale %#04x, want %#04x", uint16(got[0])|uint16(got[1])<<8, h)
			}
			for j := 0; j < 16; j++ {
				want := refQ4Code(x[j], id, fused) | refQ4Code(x[j+16], id, fused)<<4
				if got[2+j] != want {
					t.Fatalf("fused=%v x=%v: byte %d = %#02x, want %#02x", fused, x, j, got[2+j], want)
				}
			}
		}
	}
	if differ == 0 {
		t.Fatal("fused and unfused codes never differed: the test data exercises nothing")
	}
	t.Logf("planted %d elements whose fused and unfused codes differ", differ)
}

// plantFusedCases overwrites elements 1..31 of x (element 0 fixes the
// scale: it is made the largest) with values found by scanning float32
// neighbours of (k + 0.5)/id for which refQ4Code differs between the
// variants, and returns how many it planted.
func plantFusedCases(x []float32, rng *rand.Rand) int {
	x[0] = float32(math.Copysign(float64(1+rng.Float32()), float64(rng.NormFloat64())))
	d := x[0] / -8
	id := 1 / d
	planted := 0
	for i := 1; i < 32 && planted < 8; i++ {
		k := float64(rng.IntN(14) - 7)
		v := float32((k + 0.5) / float64(id))
		for s := 0; s < 32; s++ {
			v = math.Nextafter32(v, float32(math.Inf(-1)))
		}
		for s := 0; s < 64; s++ {
			if math.Abs(float64(v)) < math.Abs(float64(x[0])) &&
				refQ4Code(v, id, false) != refQ4Code(v, id, true) {
				x[i] = v
				planted++
				break
			}
			v = math.Nextafter32(v, float32(math.Inf(1)))
		}
	}
	return planted
}

// TestQuantizeQ8_0Exact checks random blocks against exact arithmetic:
// q = round-half-away(round32(x*id)).
func TestQuantizeQ8_0Exact(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	x := make([]float32, 32)
	got := make([]byte, 34)
	for n := 0; n < 4000; n++ {
		scale := float32(math.Ldexp(1, rng.IntN(40)-20))
		for i := range x {
			x[i] = float32(rng.NormFloat64()) * scale
		}
		var amax float32
		for _, v := range x {
			amax = float32(math.Max(float64(amax), math.Abs(float64(v))))
		}
		id := 1 / (amax / 127)
		if err := QuantizeQ8_0(got, x); err != nil {
			t.Fatal(err)
		}
		for j := range x {
			p := new(big.Float).SetPrec(200).Mul(big.NewFloat(float64(x[j])), big.NewFloat(float64(id)))
			q := int8(math.Round(round32(p)))
			if int8(got[2+j]) != q {
				t.Fatalf("x=%v: q[%d] = %d, want %d", x, j, int8(got[2+j]), q)
			}
		}
	}
}

// TestQuantizeDequantizeError checks the round-trip error bounds the formats
// promise: |x - deq(q(x))| <= |d|/2 per element for Q8_0 (away from
// clamping) plus the f16 rounding of d; for Q4_0 within |d| (the clamped
// side of the range loses up to one step).
func TestQuantizeDequantizeError(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	const n = 32 * 64
	x := make([]float32, n)
	for i := range x {
		x[i] = float32(rng.NormFloat64())
	}
	q8 := make([]byte, n/32*34)
	q4 := make([]byte, n/32*18)
	y := make([]float32, n)
	if err := QuantizeQ8_0(q8, x); err != nil {
		t.Fatal(err)
	}
	if err := DequantizeQ8_0(y, q8); err != nil {
		t.Fatal(err)
	}
	for b := 0; b < n/32; b++ {
		d := float64(F16ToF32(uint16(q8[b*34]) | uint16(q8[b*34+1])<<8))
		for j := 0; j < 32; j++ {
			i := b*32 + j
			// d is stored rounded to f16 (relative error <= 2^-11) and q <= 127.
			if e := math.Abs(float64(x[i]) - float64(y[i])); e > d/2+127*d*math.Ldexp(1, -11)+1e-12 {
				t.Fatalf("q8_0 element %d: |%g - %g| = %g > d/2 (d = %g)", i, x[i], y[i], e, d)
			}
		}
	}
	if err := QuantizeQ4_0(q4, x); err != nil {
		t.Fatal(err)
	}
	if err := DequantizeQ4_0(y, q4); err != nil {
		t.Fatal(err)
	}
	for b := 0; b < n/32; b++ {
		d := math.Abs(float64(F16ToF32(uint16(q4[b*18]) | uint16(q4[b*18+1])<<8)))
		for j := 0; j < 32; j++ {
			i := b*32 + j
			if e := math.Abs(float64(x[i]) - float64(y[i])); e > d+8*d*math.Ldexp(1, -11)+1e-12 {
				t.Fatalf("q4_0 element %d: |%g - %g| = %g > d (d = %g)", i, x[i], y[i], e, d)
			}
		}
	}
}

// TestQuantizeNonFinite pins the x86-64 behaviour of the C conversions for
// non-finite inputs: codes whose float is NaN or infinite become 0.
func TestQuantizeNonFinite(t *testing.T) {
	x := make([]float32, 32)
	x[0] = float32(math.Inf(1))
	x[1] = 1
	got := make([]byte, 34)
	if err := QuantizeQ8_0(got, x); err != nil {
		t.Fatal(err)
	}
	// amax = +inf, d = inf (f16 0x7C00), id = 1/inf = 0: q = roundf(x*0) = 0
	// except inf*0 = NaN, which converts to 0 as well.
	want := make([]byte, 34)
	want[0], want[1] = 0x00, 0x7C
	if !bytes.Equal(got, want) {
		t.Fatalf("QuantizeQ8_0 with +inf = % x, want % x", got, want)
	}
	// A NaN first: MAX(0, NaN) = NaN, then MAX(NaN, 1) = 1 drops it; the
	// NaN's own code is (int8)NaN = 0.
	x[0] = float32(math.NaN())
	if err := QuantizeQ8_0(got, x); err != nil {
		t.Fatal(err)
	}
	// amax = 1, d = 1/127, stored f16(1/127) = 0x2008; q[1] = round(1*127) = 127.
	want[0], want[1], want[3] = 0x08, 0x20, 127
	if !bytes.Equal(got, want) {
		t.Fatalf("QuantizeQ8_0 with NaN = % x, want % x", got, want)
	}
}

// FuzzBlocks feeds arbitrary bytes to the decoders: whole blocks decode,
// anything else is an error, nothing panics, and re-quantizing a decoded
// Q8_0 block whose largest |q| is 127 gives back its codes.
func FuzzBlocks(f *testing.F) {
	f.Add(handQ4_0)
	f.Add(handQ8_0)
	f.Add([]byte{1, 2, 3})
	f.Fuzz(func(t *testing.T, b []byte) {
		n4 := len(b) / Q4_0BlockBytes * BlockElems
		err := DequantizeQ4_0(make([]float32, n4), b)
		if (err == nil) != (len(b)%Q4_0BlockBytes == 0) {
			t.Fatalf("DequantizeQ4_0 on %d bytes: err = %v", len(b), err)
		}
		n8 := len(b) / Q8_0BlockBytes * BlockElems
		y := make([]float32, n8)
		err = DequantizeQ8_0(y, b)
		if (err == nil) != (len(b)%Q8_0BlockBytes == 0) {
			t.Fatalf("DequantizeQ8_0 on %d bytes: err = %v", len(b), err)
		}
		if err != nil || n8 == 0 {
			return
		}
		blk := b[:Q8_0BlockBytes]
		d := F16ToF32(uint16(blk[0]) | uint16(blk[1])<<8)
		var top int
		for _, q := range blk[2:] {
			if a := int(int8(q)); a == 127 || a == -127 {
				top++
			} else if a == -128 {
				return // -128 has no +128 twin: amax would be 128*d
			}
		}
		// Only a positive normal d whose quants reach 127 round-trips
		// exactly (d' = 127d/127 = d; q*d*(1/d) rounds back to q).
		if top == 0 || !(d > 1e-3 && d < 1e3) {
			return
		}
		again := make([]byte, Q8_0BlockBytes)
		if err := QuantizeQ8_0(again, y[:BlockElems]); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(again, blk) {
			t.Fatalf("re-quantized % x, want % x", again, blk)
		}
	})
}
