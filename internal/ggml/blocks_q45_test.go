package ggml

import (
	"encoding/binary"
	"math"
	"math/big"
	"math/rand/v2"
	"testing"
)

// exact returns the float32 rounding of a op b computed exactly.
func exact(a, b float32, op byte) float32 {
	x, y := big.NewFloat(float64(a)), big.NewFloat(float64(b))
	z := new(big.Float).SetPrec(200)
	switch op {
	case '-':
		z.Sub(x, y)
	case '*':
		z.Mul(x, y)
	case '+':
		z.Add(x, y)
	}
	return float32(round32(z))
}

// cTrunc is C's (int8_t) conversion of a finite float32 in int8 range.
func cTrunc(v float32) int { return int(math.Trunc(float64(v))) }

// TestQuantizeQ45Exact checks the q4_1, q5_0 and q5_1 quantizers on random
// blocks against the ggml formulas evaluated with exact arithmetic and one
// float32 rounding per C operation.
func TestQuantizeQ45Exact(t *testing.T) {
	rng := rand.New(rand.NewPCG(51, 52))
	x := make([]float32, 32)
	for n := 0; n < 2000; n++ {
		scale := math.Ldexp(1, rng.IntN(30)-15)
		off := rng.NormFloat64() * scale * float64(rng.IntN(3))
		for i := range x {
			x[i] = float32(off + rng.NormFloat64()*scale)
		}
		lo, hi := x[0], x[0]
		var amax, max float32
		for _, v := range x {
			lo, hi = float32(math.Min(float64(lo), float64(v))), float32(math.Max(float64(hi), float64(v)))
			if a := float32(math.Abs(float64(v))); a > amax {
				amax, max = a, v
			}
		}
		// q4_1 and q5_1.
		for _, nq := range []int{15, 31} {
			d := exact(hi, lo, '-') / float32(nq)
			id := float32(1) / d
			bb := map[int]int{15: Q4_1BlockBytes, 31: Q5_1BlockBytes}[nq]
			got := make([]byte, bb)
			var err error
			if nq == 15 {
				err = QuantizeQ4_1(got, x)
			} else {
				err = QuantizeQ5_1(got, x)
			}
			if err != nil {
				t.Fatal(err)
			}
			if F16ToF32(binary.LittleEndian.Uint16(got)) != F16ToF32(F32ToF16(d)) || binary.LittleEndian.Uint16(got[2:]) != F32ToF16(lo) {
				t.Fatalf("q%d_1 header % x, want d %g m %g", nq/6, got[:4], d, lo)
			}
			for e := 0; e < 32; e++ {
				q := cTrunc(exact(exact(exact(x[e], lo, '-'), id, '*'), 0.5, '+'))
				if nq == 15 && q > 15 {
					q = 15
				}
				var c int
				if nq == 15 {
					c = int(got[4+e%16] >> (4 * (e / 16)) & 15)
				} else {
					c = int(got[8+e%16]>>(4*(e/16))&15) | int(binary.LittleEndian.Uint32(got[4:])>>e&1)<<4
				}
				if c != q&nq { // q5_1 keeps the low 5 bits (no clamp)
					t.Fatalf("q%d_1 x=%v: code %d = %d, want %d", map[int]int{15: 4, 31: 5}[nq], x, e, c, q)
				}
			}
		}
		// q5_0.
		d := max / -16
		id := float32(1) / d
		got := make([]byte, Q5_0BlockBytes)
		if err := QuantizeQ5_0(got, x); err != nil {
			t.Fatal(err)
		}
		if binary.LittleEndian.Uint16(got) != F32ToF16(d) {
			t.Fatalf("q5_0 scale %#04x, want %#04x", binary.LittleEndian.Uint16(got), F32ToF16(d))
		}
		qh := binary.LittleEndian.Uint32(got[2:])
		for e := 0; e < 32; e++ {
			q := min(31, cTrunc(exact(exact(x[e], id, '*'), 16.5, '+')))
			c := int(got[6+e%16]>>(4*(e/16))&15) | int(qh>>e&1)<<4
			if c != q {
				t.Fatalf("q5_0 x=%v: code %d = %d, want %d", x, e, c, q)
			}
		}
	}
}

// TestQuantizeQ45RoundTrip: q5_0 values are within |d| of x (the clamped
// end loses up to a step), q4_1 and q5_1 within d/2 plus the f16 rounding
// of d (times the code) and of m.
func TestQuantizeQ45RoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(53, 54))
	const n = 32 * 128
	x := make([]float32, n)
	for i := range x {
		x[i] = float32(rng.NormFloat64() + float64(i/32%5) - 2)
	}
	y := make([]float32, n)
	for _, c := range decoders[:3] {
		q := make([]byte, n/32*c.bytes)
		if err := c.quant(q, x); err != nil {
			t.Fatal(err)
		}
		if err := c.deq(y, q); err != nil {
			t.Fatal(err)
		}
		for i := range x {
			blk := q[i/32*c.bytes:]
			d := math.Abs(float64(F16ToF32(binary.LittleEndian.Uint16(blk))))
			var bound float64
			if c.name == "q5_0" {
				bound = d + 16*d*0x1p-11
			} else {
				m := math.Abs(float64(F16ToF32(binary.LittleEndian.Uint16(blk[2:]))))
				bound = d/2 + 31*d*0x1p-11 + m*0x1p-11 + 1e-6
			}
			if e := math.Abs(float64(x[i]) - float64(y[i])); e > bound {
				t.Fatalf("%s element %d: |%g - %g| = %g > %g", c.name, i, x[i], y[i], e, bound)
			}
		}
	}
}
