package kernels_test

import (
	"fmt"
	"math"
	"math/rand"
	"testing"

	"zincc/exec/cpu"
	"zincc/internal/ggml"
	"zincc/ir"
	"zincc/isa/kernels"
)

// adversarialX returns n values in blocks of be, each block of one kind:
// random at a random scale, exact ties of the rounding (x·id or iscale·x
// at k + 1/2), tiny and denormal blocks (d underflows, 1/d overflows),
// NaNs and infinities, all zero, ties of the largest |x| of both signs,
// wild magnitudes, random bits.
func adversarialX(r *rand.Rand, n, be int) []float32 {
	x := make([]float32, n)
	for b := 0; b < n/be; b++ {
		blk := x[b*be : (b+1)*be]
		switch b % 10 {
		case 0:
			s := float32(math.Ldexp(1, r.Intn(40)-20))
			copy(blk, randF32(r, be, s))
		case 1: // amax 127 (q8_0: d = 1) or max −127 (q8_K: iscale = 1): halves are ties
			for i := range blk {
				blk[i] = float32(r.Intn(253)-126) + 0.5*float32(r.Intn(2))
			}
			blk[r.Intn(be)] = -127
		case 2:
			s := []float32{1e-45, 1e-40, 1e-38, 4e-37, 4e-36}[r.Intn(5)]
			for i := range blk {
				blk[i] = s * float32(r.Intn(2001)-1000) / 1000
			}
		case 3:
			copy(blk, randF32(r, be, 3))
			blk[r.Intn(be)] = float32(math.NaN())
			blk[r.Intn(be)] = float32(math.Inf(1 - 2*r.Intn(2)))
		case 4:
			for i := range blk {
				blk[i] = float32(math.Copysign(0, float64(r.Intn(2)-1)))
			}
		case 5:
			copy(blk, randF32(r, be, 2))
			blk[r.Intn(be)], blk[r.Intn(be)] = 3, -3
		case 6:
			copy(blk, wildF32(r, be))
		case 7:
			copy(blk, randBits(r, be))
		case 8:
			copy(blk, randF32(r, be, 1))
			blk[be-1] = float32(math.NaN())
		default:
			for i := range blk {
				blk[i] = float32(r.NormFloat64() * math.Exp(r.NormFloat64()*4))
			}
		}
	}
	return x
}

// TestQuantizeBitExact runs zincc_quantize_q8_0 and _q8_K on adversarial
// blocks: every byte must be exec/cpu's (a NaN scale may carry any NaN).
func TestQuantizeBitExact(t *testing.T) {
	h := newGPU(t)
	r := rand.New(rand.NewSource(15))
	for _, dt := range []ir.DType{ir.Q8_0, ir.Q8_K} {
		for _, blocks := range []int{1, 10, 300} {
			t.Run(fmt.Sprintf("%v/%d", dt, blocks), func(t *testing.T) {
				n := blocks * dt.BlockElems()
				x := adversarialX(r, n, dt.BlockElems())
				nb, _ := dt.RowBytes(n)
				vx, vd := h.buffer("x", f32bytes(x)), h.buffer("dst", randBytes(r, nb))
				h.run("zincc_quantize_"+dt.String(), kernels.Size{N: blocks}, ptr(vx), ptr(vd), u32(blocks))
				want := make([]byte, nb)
				if err := cpu.Quantize(want, x, dt); err != nil {
					t.Fatal(err)
				}
				if err := cpu.CheckQuantized(h.read(vd, nb), want, dt); err != nil {
					t.Fatal(err)
				}
			})
		}
	}
}

func randBytes(r *rand.Rand, n int) []byte {
	b := make([]byte, n)
	r.Read(b)
	return b
}

// TestMatVecQ8Kernels holds the matvecs of a quantised x to exec/cpu's
// integer block dots under the matvec rule, for every weight format.
func TestMatVecQ8Kernels(t *testing.T) {
	h := newGPU(t)
	r := rand.New(rand.NewSource(16))
	for _, dt := range []ir.DType{ir.Q4_0, ir.Q8_0, ir.Q4_1, ir.Q5_0, ir.Q5_1, ir.Q4_K, ir.Q5_K, ir.Q6_K} {
		xdt := ir.ActivationFormat(dt)
		for _, shape := range [][2]int{{1, 256}, {13, 512}, {40, 2816}} {
			rows, cols := shape[0], shape[1]
			t.Run(fmt.Sprintf("%v/%dx%d", dt, rows, cols), func(t *testing.T) {
				wf := randF32(r, rows*cols, 1)
				rb, _ := dt.RowBytes(cols)
				w := make([]byte, rows*rb)
				if err := quantizeAny(w, wf, dt, cols); err != nil {
					t.Fatal(err)
				}
				x := randF32(r, cols, 4)
				xb, _ := xdt.RowBytes(cols)
				xq := make([]byte, xb)
				if err := cpu.Quantize(xq, x, xdt); err != nil {
					t.Fatal(err)
				}
				vw, vx, vd := h.buffer("w", w), h.buffer("x", xq), h.zeros("dst", 4*rows)
				h.run("zincc_matvec_"+dt.String()+"_q8", kernels.Size{Rows: rows, N: cols}, ptr(vw), ptr(vx), ptr(vd), u32(rows), u32(cols))
				want := make([]float32, rows)
				if err := cpu.MatVecQ8(nil, want, w, dt, rows, cols, xq, xdt); err != nil {
					t.Fatal(err)
				}
				xd := make([]float32, cols)
				if err := cpu.Dequantize(xd, xq, xdt); err != nil {
					t.Fatal(err)
				}
				scale := make([]float64, rows)
				n, err := cpu.MatVecScale(scale, w, dt, rows, cols, xd)
				if err != nil {
					t.Fatal(err)
				}
				if err := cpu.Check("matvec", h.readF32(vd, rows), want, scale, n); err != nil {
					t.Fatal(err)
				}
			})
		}
	}
}

// quantizeAny quantises rows of cols values to dt with internal/ggml's
// writers.
func quantizeAny(dst []byte, src []float32, dt ir.DType, cols int) error {
	f := map[ir.DType]func([]byte, []float32) error{
		ir.Q4_0: ggml.QuantizeQ4_0, ir.Q8_0: ggml.QuantizeQ8_0, ir.Q4_1: ggml.QuantizeQ4_1,
		ir.Q5_0: ggml.QuantizeQ5_0, ir.Q5_1: ggml.QuantizeQ5_1, ir.Q4_K: ggml.QuantizeQ4_K,
		ir.Q5_K: ggml.QuantizeQ5_K, ir.Q6_K: ggml.QuantizeQ6_K,
	}[dt]
	return f(dst, src)
}
