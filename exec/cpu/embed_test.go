package cpu

import (
	"encoding/binary"
	"math"
	"math/rand/v2"
	"testing"

	"zincc/internal/ggml"
	"zincc/ir"
)

// TestEmbedRandom checks every row of random tables of every dtype against
// the reference decoder: embedding is exact, so the bits must match.
func TestEmbedRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	for _, dt := range ir.AllDTypes {
		colsList := []int{1, 3, 17, 100}
		if dt.Quantized() {
			colsList = []int{dt.BlockElems(), 3 * dt.BlockElems()}
		}
		for _, cols := range colsList {
			rows := 1 + rng.IntN(9)
			table := randMatrixAll(rng, dt, rows, cols)
			if dt == ir.U32 || dt == ir.I32 {
				for i := range table {
					table[i] = byte(rng.Uint32())
				}
			}
			rb, _ := dt.RowBytes(cols)
			dst := make([]float32, cols)
			for r := 0; r < rows; r++ {
				fatalIfErr(t, Embed(dst, table, dt, cols, r))
				want, _ := refDecodeAll(table[r*rb:(r+1)*rb], dt, cols)
				for i := range dst {
					// u32/i32 round to nearest even; every other dtype is exact.
					w := float32(want[i])
					if math.Float32bits(dst[i]) != math.Float32bits(w) && !(dst[i] != dst[i] && w != w) {
						t.Fatalf("%v [%d, %d] row %d col %d = %g, want %g", dt, rows, cols, r, i, dst[i], w)
					}
				}
			}
		}
	}
}

// TestEmbedHand reads row 1 of hand-written Q4_0 and Q8_0 tables.
func TestEmbedHand(t *testing.T) {
	// Q8_0, 2 rows of 32: row 1 has d = 4 (f16 0x4400: exponent 17 -> 2^2),
	// q0 = -3 (0xFD) -> -12, q31 = 100 -> 400.
	q8 := make([]byte, 68)
	q8[34], q8[35], q8[36], q8[67] = 0x00, 0x44, 0xFD, 100
	dst := make([]float32, 32)
	fatalIfErr(t, Embed(dst, q8, ir.Q8_0, 32, 1))
	if dst[0] != -12 || dst[31] != 400 || dst[1] != 0 {
		t.Errorf("Q8_0 row 1 = %v", dst)
	}
	// Q4_0, 2 rows of 32: row 1 has d = 0.125 (0x3000: exponent 12 -> 2^-3),
	// byte 2+3 = 0x2C: element 3 low nibble 12 -> 4·0.125 = 0.5, element 19
	// high nibble 2 -> -6·0.125 = -0.75; every other code 8 -> 0.
	q4 := make([]byte, 36)
	for i := range q4 {
		q4[i] = 0x88
	}
	q4[18], q4[19], q4[23] = 0x00, 0x30, 0x2C
	fatalIfErr(t, Embed(dst, q4, ir.Q4_0, 32, 1))
	for i, v := range dst {
		want := float32(0)
		switch i {
		case 3:
			want = 0.5
		case 19:
			want = -0.75
		}
		if v != want {
			t.Errorf("Q4_0 row 1 col %d = %g, want %g", i, v, want)
		}
	}
}

func TestEmbedErrors(t *testing.T) {
	table := make([]byte, 3*8*4)
	dst := make([]float32, 8)
	for _, row := range []int{-1, 3, 1 << 40} {
		if Embed(dst, table, ir.F32, 8, row) == nil {
			t.Errorf("row %d of 3: no error", row)
		}
	}
	if Embed(dst, table[:95], ir.F32, 8, 0) == nil {
		t.Error("ragged table: no error")
	}
	if Embed(dst[:7], table, ir.F32, 8, 0) == nil {
		t.Error("short dst: no error")
	}
	if Embed(dst, table, ir.Q4_0, 8, 0) == nil {
		t.Error("q4_0 with 8 columns: no error")
	}
	if Embed(dst[:0], table, ir.F32, 0, 0) == nil {
		t.Error("0 columns: no error")
	}
	if Embed(dst, table, ir.InvalidDType, 8, 0) == nil {
		t.Error("invalid dtype: no error")
	}
}

// TestKVStore writes rows into f32 and f16 states and checks the bits, that
// the other rows are untouched, and the errors.
func TestKVStore(t *testing.T) {
	rng := rand.New(rand.NewPCG(33, 34))
	const ctx, width = 5, 7
	x := randVector(rng, width, 30)
	x[0] = float32(math.NaN())
	x[1] = float32(math.Inf(-1))
	x[2] = 1e-8 // a binary16 subnormal
	for _, dt := range []ir.DType{ir.F32, ir.F16} {
		eb := 4
		if dt == ir.F16 {
			eb = 2
		}
		state := make([]byte, ctx*width*eb)
		for i := range state {
			state[i] = 0xA5
		}
		fatalIfErr(t, KVStore(state, dt, width, 3, x))
		for i, b := range state {
			if (i < 3*width*eb || i >= 4*width*eb) && b != 0xA5 {
				t.Fatalf("%v: byte %d outside row 3 changed", dt, i)
			}
		}
		for i, v := range x {
			if dt == ir.F32 {
				if got := binary.LittleEndian.Uint32(state[(3*width+i)*4:]); got != math.Float32bits(v) {
					t.Fatalf("f32 element %d = %#08x, want %#08x", i, got, math.Float32bits(v))
				}
				continue
			}
			got := binary.LittleEndian.Uint16(state[(3*width+i)*2:])
			if want := ggml.F32ToF16(v); got != want {
				t.Fatalf("f16 element %d = %#04x, want %#04x", i, got, want)
			}
		}
		for _, pos := range []int{-1, ctx} {
			if KVStore(state, dt, width, pos, x) == nil {
				t.Errorf("%v: position %d of %d: no error", dt, pos, ctx)
			}
		}
		if KVStore(state, dt, width, 0, x[:6]) == nil {
			t.Errorf("%v: short x: no error", dt)
		}
		if KVStore(state[:len(state)-1], dt, width, 0, x) == nil {
			t.Errorf("%v: ragged state: no error", dt)
		}
	}
	if KVStore(make([]byte, 64), ir.Q8_0, 32, 0, make([]float32, 32)) == nil {
		t.Error("q8_0 state: no error")
	}
}
