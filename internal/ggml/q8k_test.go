package ggml

import (
	"encoding/binary"
	"math"
	"math/rand"
	"testing"
)

// TestNearestIntIsRoundHalfEven: ggml's bit trick is round-half-even below
// 2^22, checked on random values and on every planted tie.
func TestNearestIntIsRoundHalfEven(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for i := 0; i < 1_000_000; i++ {
		v := float32(rng.NormFloat64() * math.Pow(2, float64(rng.Intn(24)-8)))
		if math.Abs(float64(v)) >= 1<<22 {
			continue
		}
		if got, want := NearestInt(v), int32(math.RoundToEven(float64(v))); got != want {
			t.Fatalf("NearestInt(%g) = %d, want %d", v, got, want)
		}
	}
	for k := -300; k <= 300; k++ {
		v := float32(k) + 0.5
		if got, want := NearestInt(v), int32(math.RoundToEven(float64(v))); got != want {
			t.Fatalf("NearestInt(%g) = %d, want %d", v, got, want)
		}
	}
}

// TestQuantizeQ8_K checks the reference sheet's quirk (a positive max makes
// d negative and that element −127), the codes against a float64
// evaluation of the formula, the bsums and an all-zero block.
func TestQuantizeQ8_K(t *testing.T) {
	x := make([]float32, 512)
	x[3] = 2
	x[4] = -1
	x[100] = 0.5
	blk := make([]byte, 2*Q8_KBlockBytes)
	if err := QuantizeQ8_K(blk, x); err != nil {
		t.Fatal(err)
	}
	d := math.Float32frombits(binary.LittleEndian.Uint32(blk))
	if int8(blk[4+3]) != -127 || int8(blk[4+4]) != 64 || int8(blk[4+100]) != -32 || !(d < 0) || math.Abs(float64(d)+2.0/127) > 1e-7 {
		t.Errorf("max +2: d = %g, q = %d, %d, %d; want d ≈ −0.015748, −127, 64, −32", d, int8(blk[7]), int8(blk[8]), int8(blk[104]))
	}
	if got := int16(binary.LittleEndian.Uint16(blk[260:])); got != -127+64 {
		t.Errorf("bsums[0] = %d, want −63", got)
	}
	for _, c := range blk[Q8_KBlockBytes:] {
		if c != 0 {
			t.Fatal("an all-zero block has nonzero bytes")
		}
	}
	rng := rand.New(rand.NewSource(2))
	for it := 0; it < 200; it++ {
		for i := range x {
			x[i] = float32(rng.NormFloat64() * math.Exp(rng.NormFloat64()*3))
		}
		if err := QuantizeQ8_K(blk, x); err != nil {
			t.Fatal(err)
		}
		for b := 0; b < 2; b++ {
			xb := x[256*b : 256*b+256]
			var max, amax float32
			for _, v := range xb {
				if a := float32(math.Abs(float64(v))); a > amax {
					amax, max = a, v
				}
			}
			iscale := float32(-127 / float64(max))
			for j, v := range xb {
				want := int8(min(127, math.RoundToEven(float64(float32(float64(iscale)*float64(v))))))
				if got := int8(blk[b*Q8_KBlockBytes+4+j]); got != want {
					t.Fatalf("block %d element %d: q = %d, want %d", b, j, got, want)
				}
			}
		}
	}
}
