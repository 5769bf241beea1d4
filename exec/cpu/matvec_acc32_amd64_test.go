package cpu

import (
	"math"
	"math/rand/v2"
	"testing"

	"golang.org/x/sys/cpu"
	"zincc/ir"
)

// TestAcc32KernelsMatchGo holds each SIMD kernel set this CPU can run
// (AVX2 and AVX-512, whichever MatVecF32Acc picks) to dotAcc32 bit for bit,
// NaN payloads included, on the adversarial rows of acc32Row: whole and
// ragged column counts, row counts that are not multiples of anything, and
// the raw kernel output (before NaN rows are recomputed) on every row that
// is not a NaN.
func TestAcc32KernelsMatchGo(t *testing.T) {
	sets := map[string]map[ir.DType]acc32Kernel{}
	if cpu.X86.HasAVX2 && cpu.X86.HasF16C {
		sets["avx2"] = acc32KernelsFor(false, true, false)
		if cpu.X86.HasAVX512F {
			sets["avx512"] = acc32KernelsFor(true, true, false)
		}
	}
	if len(sets) == 0 {
		t.Skip("no AVX2 on this CPU")
	}
	rng := rand.New(rand.NewPCG(15, 66))
	checked := 0
	for name, set := range sets {
		for dt, k := range set {
			eb := 2
			if dt == ir.F32 {
				eb = 4
			}
			for _, cols := range acc32Cols {
				rb := eb * cols
				for _, rows := range []int{1, 2, 3, 7} {
					for mode := 0; mode < acc32Modes; mode++ {
						w := make([]byte, rows*rb)
						var x []float32
						for r := 0; r < rows; r++ {
							row, xr := acc32Row(rng, dt, cols, mode)
							copy(w[r*rb:], row)
							if r == 0 {
								x = xr
							}
						}
						got := make([]float32, rows)
						matvecJob{dst: got, w: w, dt: dt, cols: cols, rowBytes: rb, xf: x, r1: rows}.runAcc32With(k)
						if chunks := cols / 64; chunks > 0 && cols%64 == 0 {
							raw := make([]float32, rows)
							k.rows(&w[0], &x[0], chunks, rows, &raw[0])
							for r, v := range raw {
								if want := dotAcc32(dt, w[r*rb:(r+1)*rb], x); v == v && math.Float32bits(v) != math.Float32bits(want) {
									t.Fatalf("%s %v [%d, %d] mode %d row %d: kernel %#08x, Go %#08x", name, dt, rows, cols, mode, r, math.Float32bits(v), math.Float32bits(want))
								}
							}
						}
						for r, v := range got {
							want := dotAcc32(dt, w[r*rb:(r+1)*rb], x)
							if math.Float32bits(v) != math.Float32bits(want) {
								t.Fatalf("%s %v [%d, %d] mode %d row %d: got %g (%#08x), Go %g (%#08x)", name, dt, rows, cols, mode, r,
									v, math.Float32bits(v), want, math.Float32bits(want))
							}
							checked++
						}
					}
				}
			}
		}
	}
	if checked < 1000 {
		t.Fatalf("only %d rows compared", checked)
	}
}
