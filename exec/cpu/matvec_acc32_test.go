package cpu

import (
	"encoding/binary"
	"math"
	"math/rand/v2"
	"testing"

	"zincc/internal/ggml"
	"zincc/ir"
)

// acc32TestDTypes are the dtypes the order is defined for (dotAcc32),
// whether or not run takes MatVecF32Acc's float32 path for them yet.
var acc32TestDTypes = []ir.DType{ir.F16, ir.BF16, ir.F32}

// acc32Cols are column counts: whole 64-lane chunks, and ragged ones
// (fewer than 64, one short of and past a chunk, odd).
var acc32Cols = []int{1, 3, 8, 17, 63, 64, 65, 100, 127, 128, 192, 640, 1001, 2048, 4099, 5632}

func TestF16To32(t *testing.T) {
	for h := 0; h < 1<<16; h++ {
		got, want := f16to32(uint16(h)), ggml.F16ToF32(uint16(h))
		if math.Float32bits(got) != math.Float32bits(want) {
			t.Fatalf("f16to32(%#04x) = %#08x, ggml.F16ToF32 %#08x", h, math.Float32bits(got), math.Float32bits(want))
		}
	}
}

// acc32Oracle computes the order of MatVecF32Acc independently of
// dotAcc32: every float32 operation is done in float64 and rounded to
// float32 (exact for one add or multiply of float32 values: float64 has
// more than twice the bits), the lanes are summed as nested slices, and
// the weights are widened by internal/ggml's decoders.
func acc32Oracle(dt ir.DType, w []byte, x []float32) float32 {
	lanes := make([]float32, 64)
	for i, xv := range x {
		var wv float32
		switch dt {
		case ir.F16:
			wv = ggml.F16ToF32(binary.LittleEndian.Uint16(w[2*i:]))
		case ir.BF16:
			wv = ggml.BF16ToF32(binary.LittleEndian.Uint16(w[2*i:]))
		default:
			wv = math.Float32frombits(binary.LittleEndian.Uint32(w[4*i:]))
		}
		p := float32(float64(wv) * float64(xv))
		lanes[i%64] = float32(float64(lanes[i%64]) + float64(p))
	}
	for len(lanes) > 1 {
		h := len(lanes) / 2
		next := make([]float32, h)
		for l := range next {
			next[l] = float32(float64(lanes[l]) + float64(lanes[l+h]))
		}
		lanes = next
	}
	return lanes[0]
}

// acc32Row makes one row of weights of dtype dt from a family of ordinary
// and adversarial values (mode), with x to match.
func acc32Row(rng *rand.Rand, dt ir.DType, cols, mode int) ([]byte, []float32) {
	eb := 2
	if dt == ir.F32 {
		eb = 4
	}
	w := make([]byte, eb*cols)
	x := randVector(rng, cols, 16)
	put := func(i int, v float32) {
		switch dt {
		case ir.F16:
			binary.LittleEndian.PutUint16(w[2*i:], ggml.F32ToF16(v))
		case ir.BF16:
			binary.LittleEndian.PutUint16(w[2*i:], ggml.F32ToBF16(v))
		default:
			binary.LittleEndian.PutUint32(w[4*i:], math.Float32bits(v))
		}
	}
	for i := 0; i < cols; i++ {
		switch mode {
		case 0: // ordinary weights
			put(i, float32(rng.NormFloat64()*0.02))
		case 1: // any finite bits of the format
			for {
				v := uint32(rng.Uint64())
				if eb == 2 {
					binary.LittleEndian.PutUint16(w[2*i:], uint16(v))
					if (dt == ir.F16 && v&0x7C00 != 0x7C00) || (dt == ir.BF16 && v&0x7F80 != 0x7F80) {
						break
					}
				} else {
					binary.LittleEndian.PutUint32(w[4*i:], v)
					if v&0x7F800000 != 0x7F800000 {
						break
					}
				}
			}
			x[i] = float32(math.Ldexp(rng.Float64()-0.5, -rng.IntN(60)))
		case 2: // subnormal and tiny weights with tiny x (products underflow)
			if dt == ir.F16 {
				binary.LittleEndian.PutUint16(w[2*i:], uint16(rng.Uint32())&0x83FF)
			} else {
				put(i, float32(math.Ldexp(rng.NormFloat64(), -120-rng.IntN(10))))
			}
			x[i] = float32(math.Ldexp(rng.NormFloat64(), -10-rng.IntN(20)))
		case 3: // cancellation: huge pairs of opposite sign around small terms
			v := float32(rng.NormFloat64())
			if i%3 != 2 {
				v = 60000 * float32(1-2*(i%2))
			}
			put(i, v)
			x[i] = float32(math.Ldexp(1, rng.IntN(40)))
			if i%3 == 1 && i > 0 {
				x[i] = x[i-1]
			}
		case 4: // one infinity or NaN weight among ordinary ones
			put(i, float32(rng.NormFloat64()))
		case 5: // x with infinities, NaNs, zeros; weights with signed zeros
			put(i, float32(rng.NormFloat64()))
			switch rng.IntN(8) {
			case 0:
				x[i] = float32(math.Inf(1 - 2*rng.IntN(2)))
			case 1:
				x[i] = math.Float32frombits(0x7F800001 | rng.Uint32()&0x807FFFFF)
			case 2:
				x[i] = 0
			case 3:
				put(i, float32(math.Copysign(0, -1)))
			}
		}
	}
	if mode == 4 {
		i := rng.IntN(cols)
		switch dt {
		case ir.F16:
			binary.LittleEndian.PutUint16(w[2*i:], specialF16[len(specialF16)-6+rng.IntN(6)])
		case ir.BF16:
			binary.LittleEndian.PutUint16(w[2*i:], []uint16{0x7F80, 0xFF80, 0x7FC1, 0xFF81, 0x7F81}[rng.IntN(5)])
		default:
			binary.LittleEndian.PutUint32(w[4*i:], []uint32{0x7F800000, 0xFF800000, 0x7FC00001, 0xFF812345, 0x7F800003}[rng.IntN(5)])
		}
	}
	return w, x
}

const acc32Modes = 6

// TestDotAcc32MatchesOracle holds the Go order (dotAcc32) to its
// independent restatement, bit for bit on non-NaN rows and NaN for NaN.
func TestDotAcc32MatchesOracle(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 64))
	checked := 0
	for _, dt := range acc32TestDTypes {
		for _, cols := range acc32Cols {
			for mode := 0; mode < acc32Modes; mode++ {
				for rep := 0; rep < 3; rep++ {
					w, x := acc32Row(rng, dt, cols, mode)
					got, want := dotAcc32(dt, w, x), acc32Oracle(dt, w, x)
					if got != got || want != want {
						if got == got || want == want {
							t.Fatalf("%v cols %d mode %d: got %g, oracle %g", dt, cols, mode, got, want)
						}
						continue
					}
					if math.Float32bits(got) != math.Float32bits(want) {
						t.Fatalf("%v cols %d mode %d: got %g (%#08x), oracle %g (%#08x)", dt, cols, mode,
							got, math.Float32bits(got), want, math.Float32bits(want))
					}
					checked++
				}
			}
		}
	}
	if checked < 500 {
		t.Fatalf("only %d finite rows compared", checked)
	}
}

// TestDotAcc32NaNPayload pins dotAcc32NaN's precedence on hand-made rows
// (the expected bits follow from the rules in its comment).
func TestDotAcc32NaNPayload(t *testing.T) {
	f16 := func(hs ...uint16) []byte {
		b := make([]byte, 2*len(hs))
		for i, h := range hs {
			binary.LittleEndian.PutUint16(b[2*i:], h)
		}
		return b
	}
	nan := func(bits uint32) float32 { return math.Float32frombits(bits) }
	for _, c := range []struct {
		name string
		w    []byte
		x    []float32
		want uint32
	}{
		// A signalling f16 NaN weight is widened quiet, payload kept.
		{"weight NaN", f16(0x3C00, 0x7C01), []float32{1, 2}, 0x7FC02000},
		// Weight before x.
		{"weight before x", f16(0xFE01), []float32{nan(0x7F800005)}, 0xFFC02000},
		// x's NaN made quiet.
		{"x NaN", f16(0x3C00), []float32{nan(0x7F800005)}, 0x7FC00005},
		// ∞·0 and ∞−∞ give the default NaN.
		{"inf times zero", f16(0x7C00), []float32{0}, 0xFFC00000},
		{"inf minus inf", f16(0x7C00, 0xFC00), []float32{1, 1}, 0xFFC00000},
		// Lane 0 before lane 1 in the reduction, lane 0 before lane 32.
		{"lane order", f16(0x3C00, 0x3C00), []float32{nan(0x7FC00002), nan(0x7FC00001)}, 0x7FC00002},
		{"within a lane", append(f16(make([]uint16, 64)...), f16(0x3C00)...),
			append(append([]float32{nan(0x7FC00003)}, make([]float32, 63)...), nan(0x7FC00004)), 0x7FC00003},
	} {
		got := math.Float32bits(dotAcc32(ir.F16, c.w, c.x))
		if got != c.want {
			t.Errorf("%s: got %#08x, want %#08x", c.name, got, c.want)
		}
	}
}

// TestMatVecF32AccWithinRule holds MatVecF32Acc (whatever kernels this
// CPU runs) to the float64 oracle MatVec under the matvec tolerance rule,
// as CheckNode does, on finite rows whose Σ|w·x| stays below 2^126 (no
// float32 partial sum can overflow) and on rows with infinities and NaNs;
// and to the deterministic bound of docs/numerics.md §2.1.2,
// (⌈n/64⌉ + 7)·u·Σ|w·x| + 2^-100, which is tighter than the rule for
// n ≤ 2^17.
func TestMatVecF32AccWithinRule(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 65))
	pool := NewPool(2)
	defer pool.Close()
	checked := 0
	for _, dt := range acc32TestDTypes {
		for _, cols := range acc32Cols {
			rows := 1 + rng.IntN(9)
			if cols >= 1000 {
				rows = 40 // enough work for the pool's goroutines
			}
			rb, _ := dt.RowBytes(cols)
			for mode := 0; mode < acc32Modes; mode++ {
				w := make([]byte, rows*rb)
				var x []float32
				for r := 0; r < rows; r++ {
					var row []byte
					row, xr := acc32Row(rng, dt, cols, mode)
					copy(w[r*rb:], row)
					if r == 0 {
						x = xr
					}
				}
				got, want := make([]float32, rows), make([]float32, rows)
				scale := make([]float64, rows)
				for _, p := range []*Pool{nil, pool} {
					fatalIfErr(t, matVecF32AccAll(p, got, w, dt, rows, cols, x))
					fatalIfErr(t, MatVec(nil, want, w, dt, rows, cols, x))
					n, err := MatVecScale(scale, w, dt, rows, cols, x)
					fatalIfErr(t, err)
					for r := range scale {
						if scale[r] >= 0x1p126 && !math.IsInf(scale[r], 0) {
							scale[r], got[r], want[r] = 0, 0, 0 // may overflow in float32: not this test's case
						}
					}
					if err := Check(ir.OpMatVec.Name, got, want, scale, n); err != nil {
						t.Fatalf("%v [%d, %d] mode %d: %v", dt, rows, cols, mode, err)
					}
					for r := range got {
						if got[r] != got[r] || math.IsInf(float64(got[r]), 0) {
							continue
						}
						bound := float64((cols+63)/64+7)*Unit*scale[r] + denormSlack
						if d := math.Abs(float64(got[r]) - float64(want[r])); d > bound {
							t.Fatalf("%v [%d, %d] mode %d row %d: got %g, want %g: |diff| %.3g > %.3g", dt, rows, cols, mode, r, got[r], want[r], d, bound)
						}
					}
					checked += rows
				}
			}
		}
	}
	if checked < 1000 {
		t.Fatalf("only %d rows checked", checked)
	}
}

// matVecF32AccAll is MatVecF32Acc with the float32 path for every dtype
// the order is defined for, so that the test covers dtypes run does not
// send there yet.
func matVecF32AccAll(pool *Pool, dst []float32, w []byte, dt ir.DType, rows, cols int, x []float32) error {
	if acc32DTypes[dt] {
		return MatVecF32Acc(pool, dst, w, dt, rows, cols, x)
	}
	rb, err := matvecRowBytes(dt, cols)
	if err != nil {
		return err
	}
	matvecJob{dst: dst, w: w, dt: dt, cols: cols, rowBytes: rb, xf: x, r1: rows}.run()
	return nil
}

// TestMatVecF32AccNoColumns: an empty row sums to +0, whatever dst held.
func TestMatVecF32AccNoColumns(t *testing.T) {
	for _, dt := range acc32TestDTypes {
		dst := []float32{1, float32(math.Copysign(0, -1)), float32(math.NaN())}
		fatalIfErr(t, MatVecF32Acc(nil, dst, nil, dt, 3, 0, nil))
		for r, v := range dst {
			if math.Float32bits(v) != 0 {
				t.Fatalf("%v row %d: got %g (%#08x), want +0", dt, r, v, math.Float32bits(v))
			}
		}
	}
}
