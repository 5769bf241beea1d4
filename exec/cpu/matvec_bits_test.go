package cpu

import (
	"encoding/binary"
	"math"
	"math/rand/v2"
	"runtime"
	"testing"

	"zincc/internal/ggml"
	"zincc/ir"
)

// TestMatVecMatchesFrozen holds MatVec to the pre-tuning kernels kept in
// matvec_frozen_test.go: every output must have the same float32 bits
// (NaN payloads included), for every dtype, on nil and real pools, over
// random and adversarial weights and inputs: binary16 scales and weights
// that are subnormal, zero, the largest finite, infinite or NaN; x with
// exponents spread over all of float32's range (so that any change in
// summation order changes roundings), huge values that overflow and cancel,
// float32 subnormals, infinities and NaNs; column counts that are odd
// multiples of 32 and, for f16 and f32, not multiples of 4.
//
// Which of two NaN operands an instruction returns depends on the operand
// order the compiler picked for the frozen kernels; MatVec fixes the
// order Go 1.26 picks for amd64 in an optimised build (matvec_nan.go).
// Elsewhere (another GOARCH, the race detector's build) a NaN output only
// has to be a NaN.
func TestMatVecMatchesFrozen(t *testing.T) {
	samePayloads := runtime.GOARCH == "amd64" && !raceBuild
	rng := rand.New(rand.NewPCG(31, 32))
	pools := []*Pool{nil, NewPool(1), NewPool(2), NewPool(3)}
	defer func() {
		for _, p := range pools {
			p.Close()
		}
	}()
	quantCols := []int{32, 64, 96, 160, 224, 288, 352, 1056, 2080, 4064}
	plainCols := []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 15, 16, 17, 31, 33, 63, 64, 65, 100, 257, 1001, 4099}
	rounds := 3
	if testing.Short() {
		rounds = 1
	}
	checked := 0
	for round := 0; round < rounds; round++ {
		for _, dt := range []ir.DType{ir.F32, ir.F16, ir.Q4_0, ir.Q8_0} {
			colsList := plainCols
			if dt.Quantized() {
				colsList = quantCols
			}
			for _, cols := range colsList {
				// Small row counts run inline; rows·cols >= 2^16 with
				// enough rows runs on the pool's goroutines.
				rowsList := []int{1, 3, 8}
				if big := (1<<16)/cols + 1 + rng.IntN(9); big >= 4 {
					rowsList = append(rowsList, big)
				}
				for _, rows := range rowsList {
					for xm := range xModes {
						x := xModes[xm](rng, cols)
						w, modes := advMatrix(rng, dt, rows, cols)
						want := make([]float32, rows)
						frozenMatVec(want, w, dt, rows, cols, x)
						for pi, p := range pools {
							got := make([]float32, rows)
							fatalIfErr(t, MatVec(p, got, w, dt, rows, cols, x))
							for r := range got {
								g, f := math.Float32bits(got[r]), math.Float32bits(want[r])
								if g != f && (samePayloads || got[r] == got[r] || want[r] == want[r]) {
									t.Fatalf("%v [%d, %d] x mode %d, row %d (weights %s), pool %d: got %g (%#08x), frozen kernel %g (%#08x)",
										dt, rows, cols, xm, r, modes[r], pi, got[r], math.Float32bits(got[r]), want[r], math.Float32bits(want[r]))
								}
							}
							checked += rows
						}
					}
				}
			}
		}
	}
	if checked < 10000 {
		t.Fatalf("only %d outputs compared", checked)
	}
}

// raceBuild is set by race_flag_test.go in builds with the race detector.
var raceBuild bool

// xModes make the test's input vectors.
var xModes = []func(rng *rand.Rand, n int) []float32{
	// Mixed magnitudes within 2^±8.
	func(rng *rand.Rand, n int) []float32 { return randVector(rng, n, 16) },
	// Any finite float32 (exponents over the whole range, subnormals).
	func(rng *rand.Rand, n int) []float32 {
		x := make([]float32, n)
		for i := range x {
			x[i] = randFiniteF32(rng)
		}
		return x
	},
	// Huge values of both signs that overflow float32 and cancel, with
	// ordinary and tiny ones between them.
	func(rng *rand.Rand, n int) []float32 {
		x := make([]float32, n)
		for i := range x {
			e := []int{100, 60, 0, -60, -100}[rng.IntN(5)]
			x[i] = float32(math.Ldexp(rng.Float64()+0.5, e))
			if rng.IntN(2) == 0 {
				x[i] = -x[i]
			}
		}
		return x
	},
	// Extremes only.
	func(rng *rand.Rand, n int) []float32 {
		pick := []float32{math.MaxFloat32, -math.MaxFloat32, math.SmallestNonzeroFloat32,
			-math.SmallestNonzeroFloat32, 0x1p-126, -0x1p-126, 0, float32(math.Copysign(0, -1)), 1, -1}
		x := make([]float32, n)
		for i := range x {
			x[i] = pick[rng.IntN(len(pick))]
		}
		return x
	},
	// Ordinary values with a few infinities and NaNs (random payloads).
	func(rng *rand.Rand, n int) []float32 {
		x := randVector(rng, n, 8)
		for k := 0; k < 1+n/64; k++ {
			switch rng.IntN(3) {
			case 0:
				x[rng.IntN(n)] = float32(math.Inf(1 - 2*rng.IntN(2)))
			default:
				x[rng.IntN(n)] = math.Float32frombits(0x7F800001 | rng.Uint32()&0x803FFFFF | uint32(rng.IntN(2))<<22)
			}
		}
		return x
	},
	manyNaNs,
}

// manyNaNs is an xMode: a quarter of the values are NaNs with random
// signs and payloads (quiet and signalling) and a few are infinities, so
// that NaNs meet NaNs in every chain of additions.
func manyNaNs(rng *rand.Rand, n int) []float32 {
	x := randVector(rng, n, 8)
	for i := range x {
		switch rng.IntN(16) {
		case 0, 1, 2, 3:
			x[i] = math.Float32frombits(0x7F800001 | rng.Uint32()&0x807FFFFF)
		case 4:
			x[i] = float32(math.Inf(1 - 2*rng.IntN(2)))
		}
	}
	return x
}

// randFiniteF32 returns a float32 with random bits that is not an infinity
// or NaN.
func randFiniteF32(rng *rand.Rand) float32 {
	for {
		if v := math.Float32frombits(rng.Uint32()); !math.IsInf(float64(v), 0) && v == v {
			return v
		}
	}
}

// specialF16 are binary16 values at the edges: zeros, the smallest and
// largest subnormal, the smallest normal, the largest finite, 1, the
// infinities and NaNs (quiet and signalling, both signs).
var specialF16 = []uint16{0x0000, 0x8000, 0x0001, 0x8001, 0x03FF, 0x83FF, 0x0400, 0x8400,
	0x7BFF, 0xFBFF, 0x3C00, 0xBC00, 0x7C00, 0xFC00, 0x7E00, 0xFE00, 0x7C01, 0xFDFF}

// advMatrix returns rows x cols weights of dtype dt where each row (and for
// the block formats each block) is drawn from a randomly chosen family of
// ordinary and adversarial values, and a name for each row's families.
func advMatrix(rng *rand.Rand, dt ir.DType, rows, cols int) ([]byte, []string) {
	rb, err := dt.RowBytes(cols)
	if err != nil {
		panic(err)
	}
	w := make([]byte, rows*rb)
	modes := make([]string, rows)
	for r := 0; r < rows; r++ {
		row := w[r*rb : (r+1)*rb]
		switch dt {
		case ir.F32:
			m := rng.IntN(3)
			modes[r] = []string{"normal", "finite bits", "any bits"}[m]
			for i := 0; i < cols; i++ {
				var v float32
				switch m {
				case 0:
					v = float32(rng.NormFloat64() * math.Ldexp(1, rng.IntN(12)-8))
				case 1:
					v = randFiniteF32(rng)
				default:
					v = math.Float32frombits(rng.Uint32())
				}
				binary.LittleEndian.PutUint32(row[4*i:], math.Float32bits(v))
			}
		case ir.F16:
			m := rng.IntN(6)
			modes[r] = []string{"normal", "finite bits", "any bits", "one special", "subnormal", "edges"}[m]
			for i := 0; i < cols; i++ {
				var h uint16
				switch m {
				case 0:
					h = ggml.F32ToF16(float32(rng.NormFloat64() * 0.02))
				case 1, 3:
					h = uint16(rng.Uint32())
					for h&0x7C00 == 0x7C00 {
						h = uint16(rng.Uint32())
					}
				case 2:
					h = uint16(rng.Uint32())
				case 4:
					h = uint16(rng.Uint32()) & 0x83FF
				default:
					h = specialF16[rng.IntN(len(specialF16)-6)] // finite edges
				}
				binary.LittleEndian.PutUint16(row[2*i:], h)
			}
			if m == 3 {
				// One infinity or NaN, often in the last (tail) elements.
				i := rng.IntN(cols)
				if rng.IntN(2) == 0 {
					i = cols - 1 - rng.IntN(min(cols, 4))
				}
				binary.LittleEndian.PutUint16(row[2*i:], specialF16[len(specialF16)-6+rng.IntN(6)])
			}
		case ir.Q4_0, ir.Q8_0:
			bb := dt.BlockBytes()
			sm, qm := rng.IntN(4), rng.IntN(4)
			modes[r] = []string{"scales", "any scales", "edge scales", "mixed scales"}[sm] + "/" +
				[]string{"codes", "edge codes", "constant codes", "mixed codes"}[qm]
			for b := 0; b < len(row)/bb; b++ {
				blk := row[b*bb : (b+1)*bb]
				s, q := sm, qm
				if s == 3 {
					s = rng.IntN(3)
				}
				if q == 3 {
					q = rng.IntN(3)
				}
				var d uint16
				switch s {
				case 0:
					d = randF16Scale(rng)
				case 1:
					d = uint16(rng.Uint32())
				default:
					d = specialF16[rng.IntN(len(specialF16))]
				}
				binary.LittleEndian.PutUint16(blk, d)
				edges := []byte{0x00, 0x0F, 0xF0, 0xFF, 0x80, 0x7F, 0x88, 0x08, 0x81}
				c := edges[rng.IntN(len(edges))]
				for j := 2; j < bb; j++ {
					switch q {
					case 0:
						blk[j] = byte(rng.Uint32())
					case 1:
						blk[j] = edges[rng.IntN(len(edges))]
					default:
						blk[j] = c
					}
				}
			}
		}
	}
	return w, modes
}
