package cpu

import (
	"encoding/binary"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"zincc/internal/ggml"
	"zincc/ir"
)

// halfX rounds x to dt (f16 or bf16) with internal/ggml's conversions and
// returns the bytes and their exact float32 values.
func halfX(x []float32, dt ir.DType) ([]byte, []float32) {
	b := make([]byte, 2*len(x))
	v := make([]float32, len(x))
	for i, f := range x {
		var h uint16
		if dt == ir.F16 {
			h = ggml.F32ToF16(f)
			v[i] = ggml.F16ToF32(h)
		} else {
			h = ggml.F32ToBF16(f)
			v[i] = ggml.BF16ToF32(h)
		}
		binary.LittleEndian.PutUint16(b[2*i:], h)
	}
	return b, v
}

// TestMatVecHalfXOrder: the matvec of f16 (bf16) weights and an f16 (bf16)
// x is MatVecF32Acc's order on x widened, bit for bit against
// acc32Oracle (written apart from the kernels), with and without a pool;
// and within the matvec rule of the float64 product (CheckNode).
func TestMatVecHalfXOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 2))
	pool := NewPool(3)
	defer pool.Close()
	for _, dt := range []ir.DType{ir.F16, ir.BF16} {
		for k, cols := range []int{1, 17, 64, 65, 640, 4099, 5632} {
			// Rows of one of acc32Row's modes, and the x of that mode.
			const rows = 5
			var w []byte
			var x []float32
			for r := 0; r < rows; r++ {
				row, rx := acc32Row(rng, dt, cols, k%acc32Modes)
				w = append(w, row...)
				if r == 0 {
					x = rx
				}
			}
			xh, xv := halfX(x, dt)
			for _, p := range []*Pool{nil, pool} {
				got := make([]float32, rows)
				if err := MatVecHalfX(p, got, w, dt, rows, cols, xh, dt, nil); err != nil {
					t.Fatal(err)
				}
				for r := 0; r < rows; r++ {
					want := acc32Oracle(dt, w[r*2*cols:(r+1)*2*cols], xv)
					if math.Float32bits(got[r]) != math.Float32bits(want) && !(got[r] != got[r] && want != want) {
						t.Fatalf("%v × %v, %d cols, row %d: %g, acc32Oracle %g", dt, dt, cols, r, got[r], want)
					}
				}
				n := matvecNode(dt, dt, rows, cols)
				gb := make([]byte, 4*rows)
				for i, v := range got {
					binary.LittleEndian.PutUint32(gb[4*i:], math.Float32bits(v))
				}
				if err := CheckNode(n, [][]byte{w, xh}, gb); err != nil {
					t.Fatalf("%v × %v, %d cols: %v", dt, dt, cols, err)
				}
			}
		}
	}
}

// matvecNode is a checked matvec node of a dt[rows, cols] weight and an x
// of xdt.
func matvecNode(dt, xdt ir.DType, rows, cols int) *ir.Node {
	w := &ir.Value{Name: "w", Kind: ir.Weight, Type: ir.Tensor(dt, rows, cols)}
	x := &ir.Value{Name: "x", Kind: ir.Result, Type: ir.Tensor(xdt, cols)}
	n := &ir.Node{Op: ir.OpMatVec, Args: []*ir.Value{w, x}}
	n.Result = &ir.Value{Name: "y", Kind: ir.Result, Type: ir.Tensor(ir.F32, rows), Def: n}
	return n
}

// TestMatVecHalfXCatchesWrongRows: CheckNode's oracle for an f16 x
// reports a result off by a few ulps in one row (so the check has teeth).
func TestMatVecHalfXCatchesWrongRows(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 3))
	const rows, cols = 4, 256
	w, _ := acc32Row(rng, ir.F16, rows*cols, 0)
	xh, _ := halfX(randVector(rng, cols, 16), ir.F16)
	got := make([]float32, rows)
	if err := MatVecHalfX(nil, got, w, ir.F16, rows, cols, xh, ir.F16, nil); err != nil {
		t.Fatal(err)
	}
	got[2] = got[2]*1.001 + 1
	gb := make([]byte, 4*rows)
	for i, v := range got {
		binary.LittleEndian.PutUint32(gb[4*i:], math.Float32bits(v))
	}
	if err := CheckNode(matvecNode(ir.F16, ir.F16, rows, cols), [][]byte{w, xh}, gb); err == nil {
		t.Fatal("a wrong row passed")
	}
}

// TestMatVecHalfXPairings: f16 weights take an f16 x, bf16 weights a bf16
// x; every other pairing is refused by name.
func TestMatVecHalfXPairings(t *testing.T) {
	for _, c := range [][2]ir.DType{{ir.F16, ir.BF16}, {ir.BF16, ir.F16}, {ir.F32, ir.F16}, {ir.Q8_0, ir.F16}} {
		err := MatVecHalfX(nil, make([]float32, 1), make([]byte, 64), c[0], 1, 32, make([]byte, 64), c[1], nil)
		if err == nil || !strings.Contains(err.Error(), "takes no "+c[1].String()+" x") {
			t.Errorf("%v × %v: %v", c[0], c[1], err)
		}
	}
	if err := MatVecQ8(nil, make([]float32, 1), make([]byte, 64), ir.F16, 1, 32, make([]byte, 64), ir.F16); err == nil {
		t.Error("MatVecQ8 took an f16 x")
	}
}

// TestQuantizeHalves: quantize to f16 and bf16 rounds each element to the
// nearest value of the format (ties to even), which is checked here
// against the two neighbours of the result; CheckQuantized takes any NaN
// for a NaN and reports a changed element.
func TestQuantizeHalves(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 4))
	x := randVector(rng, 512, 16)
	x = append(x, 0, float32(math.Copysign(0, -1)), 65504, 65520, 1e-8, float32(math.Inf(-1)), 1+1.0/2048, 1+3.0/2048)
	for _, dt := range []ir.DType{ir.F16, ir.BF16} {
		got := make([]byte, 2*len(x))
		if err := Quantize(got, x, dt); err != nil {
			t.Fatal(err)
		}
		widen := ggml.F16ToF32
		if dt == ir.BF16 {
			widen = ggml.BF16ToF32
		}
		for i, f := range x {
			h := binary.LittleEndian.Uint16(got[2*i:])
			d := math.Abs(float64(widen(h)) - float64(f))
			for _, nb := range []uint16{h - 1, h + 1} {
				v := float64(widen(nb))
				if math.IsNaN(v) || math.IsInf(float64(widen(h)), 0) || (nb^h)&0x8000 != 0 {
					continue
				}
				if e := math.Abs(v - float64(f)); e < d || e == d && h&1 == 1 {
					t.Fatalf("%v of %g: %#04x (%g); %#04x (%g) is nearer or the even tie", dt, f, h, widen(h), nb, v)
				}
			}
		}
		if err := CheckQuantized(got, got, dt); err != nil {
			t.Fatal(err)
		}
		nan := append([]byte(nil), got...)
		binary.LittleEndian.PutUint16(nan[0:], 0x7fc1)
		want := append([]byte(nil), got...)
		binary.LittleEndian.PutUint16(want[0:], 0xffc0)
		if err := CheckQuantized(nan, want, dt); err != nil {
			t.Errorf("%v: a NaN against a NaN: %v", dt, err)
		}
		bad := append([]byte(nil), got...)
		bad[2*7] ^= 1
		if err := CheckQuantized(bad, got, dt); err == nil || !strings.Contains(err.Error(), "element 7") {
			t.Errorf("%v: a changed element: %v", dt, err)
		}
	}
}
