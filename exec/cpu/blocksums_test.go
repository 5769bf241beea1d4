package cpu

import (
	"bytes"
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"zincc/internal/ggml"
	"zincc/ir"
)

// fillAdversarial fills buf (whole blocks of bb bytes) with pattern p:
// 0 random bytes, 1 all 0xff, 2 all 0x00, 3 all 0x80 (−128 as int8),
// 4 alternating 0x80/0x7f, 5 random bytes from {0x00, 0x0f, 0x7f, 0x80,
// 0xf0, 0xff}.
func fillAdversarial(rng *rand.Rand, buf []byte, p int) {
	vals := []byte{0x00, 0x0f, 0x7f, 0x80, 0xf0, 0xff}
	for i := range buf {
		switch p {
		case 0:
			buf[i] = byte(rng.Uint32())
		case 1:
			buf[i] = 0xff
		case 2:
			buf[i] = 0
		case 3:
			buf[i] = 0x80
		case 4:
			buf[i] = 0x80 ^ byte(i&1)*0xff
		default:
			buf[i] = vals[rng.IntN(len(vals))]
		}
	}
}

// asmPath is one selection of the block-sum kernels: AVX-512 (with AVX2
// for what has no AVX-512 kernel), AVX2 alone, or pure Go.
type asmPath struct {
	name         string
	avx2, avx512 bool
}

// asmPaths lists the assembly paths this machine can run, best first.
func asmPaths() []asmPath {
	var ps []asmPath
	if useAVX512 {
		ps = append(ps, asmPath{"avx512", true, true})
	}
	if useAVX2 {
		ps = append(ps, asmPath{"avx2", true, false})
	}
	return ps
}

// goPath is the pure-Go selection (ZINCC_CPU_PORTABLE=1's).
var goPath = asmPath{"go", false, false}

// use selects p's kernels and returns a function restoring the selection.
func (p asmPath) use() (restore func()) {
	a2, a5 := useAVX2, useAVX512
	useAVX2, useAVX512 = p.avx2, p.avx512
	return func() { useAVX2, useAVX512 = a2, a5 }
}

// prepFor returns x prepared for dt's kernels of cols columns on the
// selected path (prepX), or nil.
func prepFor(dt ir.DType, xq []byte, cols int) []uint64 {
	n := xPrepWords(dt, cols)
	if n == 0 {
		return nil
	}
	yw := make([]uint64, n)
	prepX(dt, yw, xq)
	return yw
}

// TestBlockSumsAsmMatchGo holds the AVX-512 and AVX2 block sums and lane
// sums (each path this machine has; x prepared for it as MatVecQ8 does)
// to the plain Go loops on adversarial blocks: every weight pattern
// against every activation pattern (all codes max or min, every nibble and
// high bit set or clear, −128 activations, random bytes), 8 to 72 blocks
// (the assembly bulk and the Go tail) and 1 to 9 super-blocks.
func TestBlockSumsAsmMatchGo(t *testing.T) {
	paths := asmPaths()
	if len(paths) == 0 {
		t.Skip("no AVX2 (or ZINCC_CPU_PORTABLE=1): only the Go path runs")
	}
	rng := rand.New(rand.NewPCG(15, 2))
	type legacy struct {
		dt ir.DType
		fn func(w, xq []byte, out []int32, d []float32, yw []uint64)
	}
	for _, p := range paths {
		for _, f := range []legacy{
			{ir.Q4_0, blockSumsQ4_0},
			{ir.Q4_1, blockSumsQ4_1},
			{ir.Q5_0, func(w, xq []byte, out []int32, d []float32, _ []uint64) { blockSumsQ5_0(w, xq, out, d) }},
			{ir.Q5_1, func(w, xq []byte, out []int32, d []float32, _ []uint64) { blockSumsQ5_1(w, xq, out, d) }},
			{ir.Q8_0, blockSumsQ8_0},
		} {
			bb := f.dt.BlockBytes()
			for _, nb := range []int{8, 16, 19, 72} {
				for wp := 0; wp < 6; wp++ {
					for xp := 0; xp < 6; xp++ {
						w, x := make([]byte, nb*bb), make([]byte, nb*34)
						fillAdversarial(rng, w, wp)
						fillAdversarial(rng, x, xp)
						got, want := make([]int32, nb), make([]int32, nb)
						gd, wd := make([]float32, nb), make([]float32, nb)
						restore := p.use()
						f.fn(w, x, got, gd, prepFor(f.dt, x, 32*nb))
						restore()
						restore = goPath.use()
						f.fn(w, x, want, wd, nil)
						restore()
						for b := range got {
							if got[b] != want[b] || math.Float32bits(gd[b]) != math.Float32bits(wd[b]) {
								t.Fatalf("%s %v %d blocks, patterns %d/%d: block %d asm %d, d %#x, Go %d, d %#x", p.name, f.dt, nb, wp, xp, b, got[b], math.Float32bits(gd[b]), want[b], math.Float32bits(wd[b]))
							}
						}
					}
				}
			}
		}
		for _, dt := range []ir.DType{ir.Q4_K, ir.Q5_K, ir.Q6_K} {
			bb := dt.BlockBytes()
			for _, nb := range []int{1, 3, 8, 9} {
				for wp := 0; wp < 6; wp++ {
					for xp := 0; xp < 6; xp++ {
						w, x := make([]byte, nb*bb), make([]byte, nb*ggml.Q8_KBlockBytes)
						fillAdversarial(rng, w, wp)
						fillAdversarial(rng, x, xp)
						stride := 9
						if dt == ir.Q6_K {
							stride = 8
						}
						got, want := make([]int32, stride*nb), make([]int32, stride*nb)
						run := func(out []int32, xpr []uint64) {
							if dt == ir.Q6_K {
								laneSumsQ6K(w, x, xpr, out)
							} else {
								laneSumsQ45K(w, x, xpr, dt == ir.Q5_K, out)
							}
						}
						restore := p.use()
						run(got, prepFor(dt, x, 256*nb))
						restore()
						restore = goPath.use()
						run(want, nil)
						restore()
						for i := range got {
							if got[i] != want[i] {
								t.Fatalf("%s %v %d super-blocks, patterns %d/%d: lane %d asm %d, Go %d", p.name, dt, nb, wp, xp, i, got[i], want[i])
							}
						}
					}
				}
			}
		}
	}
}

// TestBlockSumsAsmNibblePatterns holds the assembly block and lane sums
// to Go on weights whose every byte is one value v (each of the 256: every
// nibble pair and high-bit pattern at once) against activations of all
// −128, all 127 and random bytes.
func TestBlockSumsAsmNibblePatterns(t *testing.T) {
	paths := asmPaths()
	if len(paths) == 0 {
		t.Skip("no AVX2 (or ZINCC_CPU_PORTABLE=1): only the Go path runs")
	}
	rng := rand.New(rand.NewPCG(15, 7))
	for _, p := range paths {
		for _, dt := range []ir.DType{ir.Q4_0, ir.Q8_0, ir.Q4_K, ir.Q5_K, ir.Q6_K} {
			const nb = 8
			cols := 32 * nb
			if dt.BlockElems() == 256 {
				cols = 256 * 2
			}
			rb, _ := dt.RowBytes(cols)
			xdt := ir.ActivationFormat(dt)
			xb, _ := xdt.RowBytes(cols)
			for xpat := 0; xpat < 3; xpat++ {
				x := make([]byte, xb)
				for i := range x {
					x[i] = [3]byte{0x80, 0x7f, byte(rng.Uint32())}[xpat]
				}
				for v := 0; v < 256; v++ {
					w := bytes.Repeat([]byte{byte(v)}, rb)
					n := 9 * cols / 256
					if dt == ir.Q6_K {
						n = 8 * cols / 256
					} else if dt.BlockElems() == 32 {
						n = cols / 32
					}
					got, want := make([]int32, n), make([]int32, n)
					d := make([]float32, n)
					run := func(out []int32, xp []uint64) {
						switch dt {
						case ir.Q4_0:
							blockSumsQ4_0(w, x, out, d, xp)
						case ir.Q8_0:
							blockSumsQ8_0(w, x, out, d, xp)
						case ir.Q6_K:
							laneSumsQ6K(w, x, xp, out)
						default:
							laneSumsQ45K(w, x, xp, dt == ir.Q5_K, out)
						}
					}
					restore := p.use()
					run(got, prepFor(dt, x, cols))
					restore()
					restore = goPath.use()
					run(want, nil)
					restore()
					for i := range got {
						if got[i] != want[i] {
							t.Fatalf("%s %v bytes %#02x, x pattern %d: sum %d asm %d, Go %d", p.name, dt, v, xpat, i, got[i], want[i])
						}
					}
				}
			}
		}
	}
}

// TestMatVecQ8MatchesFrozen holds MatVecQ8, on each assembly path this
// machine has (AVX-512, AVX2) and on the portable one, to the first kernels' bits
// (matvec_q8_ref_test.go) on random weights with adversarial scales
// (NaN, ±Inf, subnormal, zero among them) and random activation codes;
// a NaN matches any NaN.
func TestMatVecQ8MatchesFrozen(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 3))
	pool := NewPool(2)
	defer pool.Close()
	f16s := []uint16{0x7e00, 0x7c00, 0xfc00, 0x0001, 0x8000, 0x0000, 0x3c00, 0x7bff, 0x7d01}
	for _, dt := range []ir.DType{ir.Q4_0, ir.Q4_1, ir.Q5_0, ir.Q5_1, ir.Q8_0, ir.Q4_K, ir.Q5_K, ir.Q6_K} {
		xdt := ir.ActivationFormat(dt)
		for _, cols := range []int{256, 2304, 4096} {
			rows := 9
			rb, _ := dt.RowBytes(cols)
			xb, _ := xdt.RowBytes(cols)
			w, xq := make([]byte, rows*rb), make([]byte, xb)
			fillAdversarial(rng, w, 0)
			fillAdversarial(rng, xq, 0)
			// Finite scales, and in every third row a special one now and
			// then.
			bb, xbb := dt.BlockBytes(), xdt.BlockBytes()
			for b := 0; b < len(w)/bb; b++ {
				for _, off := range scaleOffsets(dt) {
					h := uint16(0x2000 + rng.IntN(0x1000))
					if (b/(rb/bb))%3 == 0 && rng.IntN(40) == 0 {
						h = f16s[rng.IntN(len(f16s))]
					}
					w[b*bb+off], w[b*bb+off+1] = byte(h), byte(h>>8)
				}
			}
			for b := 0; b < len(xq)/xbb; b++ {
				if xdt == ir.Q8_0 {
					h := uint16(0x2000 + rng.IntN(0x1000))
					xq[b*xbb], xq[b*xbb+1] = byte(h), byte(h>>8)
				} else {
					bits := math.Float32bits(float32(rng.Float64() * 0.01))
					if b == 3 && cols == 2304 {
						bits = 0x7fc00001
					}
					xq[b*xbb], xq[b*xbb+1], xq[b*xbb+2], xq[b*xbb+3] = byte(bits), byte(bits>>8), byte(bits>>16), byte(bits>>24)
				}
			}
			var xs []float64
			if xdt == ir.Q8_0 {
				xs = make([]float64, cols/32)
				q8Sums(xs, xq)
			}
			for _, p := range append(asmPaths(), goPath) {
				restore := p.use()
				got := make([]float32, rows)
				err := MatVecQ8(pool, got, w, dt, rows, cols, xq, xdt)
				restore()
				if err != nil {
					t.Fatal(err)
				}
				for r := 0; r < rows; r++ {
					row := w[r*rb : (r+1)*rb]
					var want float32
					switch dt {
					case ir.Q4_0:
						want = refDotQ4_0Q8(row, xq)
					case ir.Q4_1:
						want = refDotQ4_1Q8(row, xq, xs)
					case ir.Q5_0:
						want = refDotQ5_0Q8(row, xq)
					case ir.Q5_1:
						want = refDotQ5_1Q8(row, xq, xs)
					case ir.Q8_0:
						want = refDotQ8_0Q8(row, xq)
					case ir.Q4_K, ir.Q5_K:
						want = refDotQ45KQ8K(row, xq, dt == ir.Q5_K)
					case ir.Q6_K:
						want = refDotQ6KQ8K(row, xq)
					}
					// NaN payloads are not pinned on this path (docs/numerics.md
					// §2.1.1): the compiler picks which NaN operand leads.
					if math.Float32bits(got[r]) != math.Float32bits(want) && !(got[r] != got[r] && want != want) {
						t.Fatalf("%v cols %d row %d (%s): %g (%#x), frozen kernel %g (%#x)", dt, cols, r, p.name, got[r], math.Float32bits(got[r]), want, math.Float32bits(want))
					}
				}
			}
		}
	}
}

// scaleOffsets lists the byte offsets of a block's f16 scales.
func scaleOffsets(dt ir.DType) []int {
	switch dt {
	case ir.Q4_1, ir.Q5_1, ir.Q4_K, ir.Q5_K:
		return []int{0, 2}
	case ir.Q6_K:
		return []int{208}
	}
	return []int{0}
}

// TestScalesAsmMatchF16ToF32 widens every f16 through the assembly
// kernels' scale paths (AVX2's, and AVX-512's q4_0 and q8_0 where the
// machine has them) and holds it to ggml.F16ToF32 bit for bit (NaNs
// included).
func TestScalesAsmMatchF16ToF32(t *testing.T) {
	paths := asmPaths()
	if len(paths) == 0 {
		t.Skip("no AVX2 (or ZINCC_CPU_PORTABLE=1): only the Go path runs")
	}
	const nb = 1 << 16
	x := make([]byte, nb*34)
	for _, p := range paths {
		for _, dt := range []ir.DType{ir.Q4_0, ir.Q8_0} {
			bb := dt.BlockBytes()
			w := make([]byte, nb*bb)
			for b := 0; b < nb; b++ {
				w[b*bb], w[b*bb+1] = byte(b), byte(b>>8)
			}
			out, d := make([]int32, nb), make([]float32, nb)
			restore := p.use()
			if dt == ir.Q4_0 {
				blockSumsQ4_0(w, x, out, d, prepFor(dt, x, 32*nb))
			} else {
				blockSumsQ8_0(w, x, out, d, prepFor(dt, x, 32*nb))
			}
			restore()
			for h := range d {
				if got, want := math.Float32bits(d[h]), math.Float32bits(ggml.F16ToF32(uint16(h))); got != want {
					t.Fatalf("%s %v f16 %#04x: %#08x, ggml.F16ToF32 %#08x", p.name, dt, h, got, want)
				}
			}
		}
	}
}

// TestDotF16AVX2MatchGo holds the AVX2 main loop of the f16 matvec to the
// Go one: the same four accumulators bit for bit on finite rows (random
// bits: subnormals, zeros, ±65504 among them; x of every magnitude), the
// same OR of the weight words on every row; and MatVec of f16 weights on
// both paths, special rows and NaN x included.
func TestDotF16AVX2MatchGo(t *testing.T) {
	if !useAVX2 {
		t.Skip("no AVX2 (or ZINCC_CPU_PORTABLE=1): only the Go path runs")
	}
	rng := rand.New(rand.NewPCG(15, 16))
	for _, n := range []int{8, 64, 1000, 4096} {
		for trial := 0; trial < 20; trial++ {
			w := make([]byte, 2*n)
			for i := 0; i < n; i++ {
				h := uint16(rng.Uint32())
				switch rng.IntN(8) {
				case 0:
					h &= 0x83ff // subnormal or zero
				case 1:
					h = 0x7bff | h&0x8000 // ±65504
				}
				if trial%4 != 3 && h&0x7c00 == 0x7c00 {
					h &^= 0x4000 // finite, except in every fourth row
				}
				w[2*i], w[2*i+1] = byte(h), byte(h>>8)
			}
			x := make([]float32, n)
			for i := range x {
				x[i] = float32(rng.NormFloat64() * math.Exp2(float64(rng.IntN(200)-100)))
			}
			xs := make([]float64, n)
			widen(xs, x, f16XScale)
			n8 := n &^ 7
			ga, gor := dotF16Octs(w[:2*n8], xs[:n8])
			useAVX2 = false
			wa, wor := dotF16Octs(w[:2*n8], xs[:n8])
			useAVX2 = true
			if gor != wor {
				t.Fatalf("n %d trial %d: or %#x, Go %#x", n, trial, gor, wor)
			}
			if f16Finite(w[:2*n8]) {
				for k := range ga {
					if math.Float64bits(ga[k]) != math.Float64bits(wa[k]) {
						t.Fatalf("n %d trial %d: a[%d] %g, Go %g", n, trial, k, ga[k], wa[k])
					}
				}
			}
		}
	}
	for _, rows := range []int{5, 64} {
		cols := 1032
		w := make([]byte, rows*cols*2)
		for i := range w {
			w[i] = byte(rng.Uint32())
		}
		for i := 1; i < len(w); i += 2 {
			if i/(2*cols)%3 != 0 {
				w[i] &^= 0x40 // rows not ≡ 0 mod 3 are finite
			}
		}
		x := make([]float32, cols)
		for i := range x {
			x[i] = float32(rng.NormFloat64())
		}
		x[7] = float32(math.NaN())
		for _, xx := range [][]float32{x, x[:0]} {
			if len(xx) == 0 {
				xx = make([]float32, cols)
				for i := range xx {
					xx[i] = float32(rng.NormFloat64())
				}
			}
			got, want := make([]float32, rows), make([]float32, rows)
			if err := MatVec(nil, got, w, ir.F16, rows, cols, xx); err != nil {
				t.Fatal(err)
			}
			useAVX2 = false
			err := MatVec(nil, want, w, ir.F16, rows, cols, xx)
			useAVX2 = true
			if err != nil {
				t.Fatal(err)
			}
			for r := range got {
				if math.Float32bits(got[r]) != math.Float32bits(want[r]) {
					t.Fatalf("f16 [%d, %d] row %d: AVX2 %g (%#x), Go %g (%#x)", rows, cols, r, got[r], math.Float32bits(got[r]), want[r], math.Float32bits(want[r]))
				}
			}
		}
	}
}

// TestSWARSumsMatchGo holds the pure-Go SWAR q4_0/q4_1 block sums to the
// plain loops on adversarial blocks (all codes 0 or 15 against −128 or 127
// activations, where the half-block sums reach their extremes, and random
// bytes).
func TestSWARSumsMatchGo(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 4))
	for _, nb := range []int{1, 7, 64} {
		for wp := 0; wp < 6; wp++ {
			for xp := 0; xp < 6; xp++ {
				x := make([]byte, nb*34)
				fillAdversarial(rng, x, xp)
				yw := make([]uint64, nb*8)
				swarY(yw, x)
				for _, bb := range []int{18, 20} {
					w := make([]byte, nb*bb)
					fillAdversarial(rng, w, wp)
					got, want := make([]int32, nb), make([]int32, nb)
					if bb == 18 {
						swarSums4(w, bb, yw, got, 8)
						sumsQ4_0Go(w, x, want)
					} else {
						swarSums4(w, bb, yw, got, 0)
						sumsQ4_1Go(w, x, want)
					}
					for b := range got {
						if got[b] != want[b] {
							t.Fatalf("block bytes %d, %d blocks, patterns %d/%d: block %d SWAR %d, Go %d", bb, nb, wp, xp, b, got[b], want[b])
						}
					}
				}
			}
		}
	}
}

// TestMatVecF32BF16AVX2MatchGo holds MatVec of f32 and bf16 weights on the
// AVX2 path (four rows at a time) to the Go path bit for bit: random
// weight bits (NaN and infinity rows among them, whose NaN the Go loop
// decides), x with and without NaNs, row counts not a multiple of 4,
// columns not a multiple of 4.
func TestMatVecF32BF16AVX2MatchGo(t *testing.T) {
	if !useAVX2 {
		t.Skip("no AVX2 (or ZINCC_CPU_PORTABLE=1): only the Go path runs")
	}
	rng := rand.New(rand.NewPCG(15, 32))
	for _, dt := range []ir.DType{ir.F32, ir.BF16} {
		for _, shape := range [][2]int{{7, 1027}, {9, 3}, {64, 256}, {13, 4096}} {
			rows, cols := shape[0], shape[1]
			rb, _ := dt.RowBytes(cols)
			w := make([]byte, rows*rb)
			for i := range w {
				w[i] = byte(rng.Uint32())
			}
			for r := 0; r < rows; r++ {
				if r%3 != 0 { // finite rows: clear an exponent bit of each element
					eb := rb / cols
					for i := 0; i < cols; i++ {
						w[r*rb+i*eb+eb-1] &^= 0x40
					}
				}
			}
			for _, nanX := range []bool{false, true} {
				x := make([]float32, cols)
				for i := range x {
					x[i] = float32(rng.NormFloat64())
				}
				if nanX {
					x[cols/2] = math.Float32frombits(0xffc01234)
				}
				got, want := make([]float32, rows), make([]float32, rows)
				if err := MatVec(nil, got, w, dt, rows, cols, x); err != nil {
					t.Fatal(err)
				}
				useAVX2 = false
				err := MatVec(nil, want, w, dt, rows, cols, x)
				useAVX2 = true
				if err != nil {
					t.Fatal(err)
				}
				for r := range got {
					if math.Float32bits(got[r]) != math.Float32bits(want[r]) {
						t.Fatalf("%v [%d, %d] nan x %v row %d: AVX2 %g (%#x), Go %g (%#x)", dt, rows, cols, nanX, r, got[r], math.Float32bits(got[r]), want[r], math.Float32bits(want[r]))
					}
				}
			}
		}
	}
}

// TestKQuantDotAVX2MatchGo holds the K-quants' AVX-512 and AVX2 loops
// (lane sums and float32 combination in assembly) to the Go path bit for bit, NaN rows
// included, and to the frozen kernels (matvec_q8_ref_test.go; a NaN
// matches any NaN there): adversarial codes and activations, scales d and
// dmin and the q8_K d drawn from NaN (quiet and signalling), ±Inf,
// subnormals, zeros, the largest finite values and ordinary ones, on 1 to
// 130 super-blocks (across the Go path's 64-super-block chunks).
func TestKQuantDotAVX2MatchGo(t *testing.T) {
	if !useAVX2 {
		t.Skip("no AVX2 (or ZINCC_CPU_PORTABLE=1): only the Go path runs")
	}
	rng := rand.New(rand.NewPCG(15, 4))
	f16s := []uint16{0x7e00, 0x7d01, 0xfe00, 0x7c00, 0xfc00, 0x0001, 0x8001, 0x03ff, 0x8000, 0x0000, 0x3c00, 0x7bff, 0xfbff}
	f32s := []uint32{0x7fc00001, 0x7f800001, 0x7f800000, 0xff800000, 0x00000001, 0x807fffff, 0x00000000, 0x80000000, 0x7f7fffff, 0x3f800000, 0x3c23d70a}
	scr := new(q8Scratch)
	special := 0
	for _, p := range asmPaths() {
		for _, dt := range []ir.DType{ir.Q4_K, ir.Q5_K, ir.Q6_K} {
			bb, xbb := dt.BlockBytes(), ggml.Q8_KBlockBytes
			offs := []int{0, 2}
			if dt == ir.Q6_K {
				offs = []int{208}
			}
			for _, nb := range []int{1, 2, 3, 8, 65, 130} {
				for wp := 0; wp < 6; wp++ {
					for xp := 0; xp < 6; xp++ {
						for mode := 0; mode < 3; mode++ {
							w, x := make([]byte, nb*bb), make([]byte, nb*xbb)
							fillAdversarial(rng, w, wp)
							fillAdversarial(rng, x, xp)
							for b := 0; b < nb; b++ {
								for _, off := range offs {
									h := uint16(0x2000 + rng.IntN(0x1000))
									if mode == 1 && rng.IntN(4) == 0 || mode == 2 {
										h = f16s[rng.IntN(len(f16s))]
									}
									w[b*bb+off], w[b*bb+off+1] = byte(h), byte(h>>8)
								}
								bits := math.Float32bits(float32(rng.Float64() * 0.01))
								if mode == 1 && rng.IntN(4) == 0 || mode == 2 && rng.IntN(2) == 0 {
									bits = f32s[rng.IntN(len(f32s))]
								}
								x[b*xbb], x[b*xbb+1], x[b*xbb+2], x[b*xbb+3] = byte(bits), byte(bits>>8), byte(bits>>16), byte(bits>>24)
							}
							var got, want, frozen float32
							dot := func() float32 {
								xp := prepFor(dt, x, 256*nb)
								if dt == ir.Q6_K {
									return dotQ6KQ8K(scr, w, x, xp)
								}
								return dotQ45KQ8K(scr, w, x, xp, dt == ir.Q5_K)
							}
							restore := p.use()
							got = dot()
							restore()
							restore = goPath.use()
							want = dot()
							restore()
							if dt == ir.Q6_K {
								frozen = refDotQ6KQ8K(w, x)
							} else {
								frozen = refDotQ45KQ8K(w, x, dt == ir.Q5_K)
							}
							if got != got || math.IsInf(float64(got), 0) {
								special++
							}
							if math.Float32bits(got) != math.Float32bits(want) {
								t.Fatalf("%s %v %d super-blocks, patterns %d/%d/%d: asm %g (%#x), Go %g (%#x)", p.name, dt, nb, wp, xp, mode, got, math.Float32bits(got), want, math.Float32bits(want))
							}
							if math.Float32bits(got) != math.Float32bits(frozen) && !(got != got && frozen != frozen) {
								t.Fatalf("%s %v %d super-blocks, patterns %d/%d/%d: asm %g (%#x), frozen kernel %g (%#x)", p.name, dt, nb, wp, xp, mode, got, math.Float32bits(got), frozen, math.Float32bits(frozen))
							}
						}
					}
				}
			}
		}
	}
	t.Logf("%d NaN or infinite results", special)
}

// TestKQuantCombAVX2MatchGo drives the AVX2 (and AVX-512) float32
// combination alone
// with finite scales of every magnitude (subnormal to near overflow, both
// signs) so that the lanes round, overflow and cancel, and holds each of
// the nine state values (sums_0..sums_7, acc), not only the final sum, to
// the Go loop's.
func TestKQuantCombAVX2MatchGo(t *testing.T) {
	if !useAVX2 {
		t.Skip("no AVX2 (or ZINCC_CPU_PORTABLE=1): only the Go path runs")
	}
	rng := rand.New(rand.NewPCG(15, 5))
	for _, dt := range []ir.DType{ir.Q4_K, ir.Q5_K, ir.Q6_K} {
		bb, xbb := dt.BlockBytes(), ggml.Q8_KBlockBytes
		for trial := 0; trial < 200; trial++ {
			nb := 1 + rng.IntN(40)
			w, x := make([]byte, nb*bb), make([]byte, nb*xbb)
			fillAdversarial(rng, w, trial%6)
			fillAdversarial(rng, x, (trial/6)%6)
			for b := 0; b < nb; b++ {
				for _, off := range []int{0, 2, 208} {
					if off == 208 && dt != ir.Q6_K || off != 208 && dt == ir.Q6_K {
						continue
					}
					h := uint16(rng.IntN(0x7c00)) | uint16(rng.IntN(2))<<15
					w[b*bb+off], w[b*bb+off+1] = byte(h), byte(h>>8)
				}
				e := uint32(rng.IntN(255))
				bits := e<<23 | uint32(rng.IntN(1<<23)) | uint32(rng.IntN(2))<<31
				x[b*xbb], x[b*xbb+1], x[b*xbb+2], x[b*xbb+3] = byte(bits), byte(bits>>8), byte(bits>>16), byte(bits>>24)
			}
			var st, st5 [9]float32
			var want [9]float32
			switch dt {
			case ir.Q4_K:
				dotQ4KAVX2(&w[0], &x[0], nb, &st)
			case ir.Q5_K:
				dotQ5KAVX2(&w[0], &x[0], nb, &st)
			default:
				dotQ6KAVX2(&w[0], &x[0], nb, &st)
			}
			if useAVX512 {
				xp := xpBytes(prepFor(dt, x, 256*nb))
				switch dt {
				case ir.Q4_K:
					dotQ4KAVX512(&w[0], &xp[0], nb, &st5)
				case ir.Q5_K:
					dotQ5KAVX512(&w[0], &xp[0], nb, &st5)
				default:
					dotQ6KAVX512(&w[0], &xp[0], nb, &st5)
				}
			}
			restore := goPath.use()
			stride := 9
			a := make([]int32, 9*nb)
			if dt == ir.Q6_K {
				stride = 8
				laneSumsQ6K(w, x, nil, a[:8*nb])
			} else {
				laneSumsQ45K(w, x, nil, dt == ir.Q5_K, a)
			}
			restore()
			for k := 0; k < nb; k++ {
				dx := f32At(x[k*xbb:])
				doff := 0
				if dt == ir.Q6_K {
					doff = 208
				}
				d := float32(h16(w, k*bb+doff) * dx)
				for l := 0; l < 8; l++ {
					want[l] += float32(d * float32(a[stride*k+l]))
				}
				if dt != ir.Q6_K {
					dmin := float32(h16(w, k*bb+2) * dx)
					want[8] -= float32(dmin * float32(a[9*k+8]))
				}
			}
			for i := range st {
				if math.Float32bits(st[i]) != math.Float32bits(want[i]) && !(st[i] != st[i] && want[i] != want[i]) {
					t.Fatalf("%v trial %d (%d super-blocks): state %d AVX2 %g (%#x), Go %g (%#x)", dt, trial, nb, i, st[i], math.Float32bits(st[i]), want[i], math.Float32bits(want[i]))
				}
				if useAVX512 && math.Float32bits(st5[i]) != math.Float32bits(want[i]) && !(st5[i] != st5[i] && want[i] != want[i]) {
					t.Fatalf("%v trial %d (%d super-blocks): state %d AVX-512 %g (%#x), Go %g (%#x)", dt, trial, nb, i, st5[i], math.Float32bits(st5[i]), want[i], math.Float32bits(want[i]))
				}
			}
		}
	}
}

// TestDot4Q8CombAVX2MatchGo holds dot4Q8 with the AVX2 float32 combination
// of q4_0, q8_0 and q5_0 (comb4*AVX2), and with the AVX-512 one-loop
// kernels of those and q4_1, q5_1 (dot4*AVX512), to the Go combination bit for bit,
// NaN rows included, and to the frozen kernels (a NaN matches any NaN
// there): adversarial codes and activations; weight and activation scales
// ordinary, of every finite magnitude (so that terms round, overflow and
// cancel), or drawn from NaN (quiet and signalling), ±Inf, subnormals,
// zeros and ±65504; 1 to 1100 blocks (the Go tail, and across the
// 512-block chunks).
func TestDot4Q8CombAVX2MatchGo(t *testing.T) {
	if !useAVX2 {
		t.Skip("no AVX2 (or ZINCC_CPU_PORTABLE=1): only the Go path runs")
	}
	rng := rand.New(rand.NewPCG(15, 6))
	f16s := []uint16{0x7e00, 0x7d01, 0xfe00, 0x7c00, 0xfc00, 0x0001, 0x8001, 0x03ff, 0x8000, 0x0000, 0x3c00, 0x7bff, 0xfbff}
	scale := func(mode int) uint16 {
		switch {
		case mode == 1:
			return uint16(rng.IntN(0x7c00)) | uint16(rng.IntN(2))<<15
		case mode == 2 && rng.IntN(8) == 0 || mode == 3:
			return f16s[rng.IntN(len(f16s))]
		}
		return uint16(0x2000 + rng.IntN(0x1000))
	}
	scr := new(q8Scratch)
	special := 0
	for _, dt := range []ir.DType{ir.Q4_0, ir.Q8_0, ir.Q5_0, ir.Q4_1, ir.Q5_1} {
		// comb4*AVX2 has no q4_1/q5_1 form: those run the Go combination.
		asm2 := dt == ir.Q4_0 || dt == ir.Q8_0 || dt == ir.Q5_0
		bb := dt.BlockBytes()
		for _, nb := range []int{1, 7, 8, 13, 64, 519, 1100} {
			for trial := 0; trial < 24; trial++ {
				mode := trial % 4
				rb := nb * bb
				w, x := make([]byte, 4*rb), make([]byte, nb*34)
				fillAdversarial(rng, w, trial%6)
				fillAdversarial(rng, x, (trial/4)%6)
				for b := 0; b < 4*nb; b++ {
					h := scale(mode)
					w[b*bb], w[b*bb+1] = byte(h), byte(h>>8)
				}
				for b := 0; b < nb; b++ {
					h := scale(mode)
					x[b*34], x[b*34+1] = byte(h), byte(h>>8)
				}
				xs := make([]float64, nb)
				q8Sums(xs, x)
				var got, want [4]float32
				dot4Q8Comb(scr, dt, w, rb, x, xs, nil, &got, asm2)
				dot4Q8Comb(scr, dt, w, rb, x, xs, nil, &want, false)
				var viaDot, viaZ [4]float32
				dot4Q8(scr, dt, w, rb, x, xs, nil, &viaDot)
				if useAVX512 {
					dot4Q8(scr, dt, w, rb, x, xs, prepFor(dt, x, 32*nb), &viaZ)
				}
				for k := range got {
					row := w[k*rb : (k+1)*rb]
					var frozen float32
					switch dt {
					case ir.Q4_0:
						frozen = refDotQ4_0Q8(row, x)
					case ir.Q8_0:
						frozen = refDotQ8_0Q8(row, x)
					case ir.Q5_0:
						frozen = refDotQ5_0Q8(row, x)
					case ir.Q4_1:
						frozen = refDotQ4_1Q8(row, x, xs)
					case ir.Q5_1:
						frozen = refDotQ5_1Q8(row, x, xs)
					}
					if got[k] != got[k] || math.IsInf(float64(got[k]), 0) {
						special++
					}
					if math.Float32bits(got[k]) != math.Float32bits(want[k]) && !(got[k] != got[k] && want[k] != want[k]) {
						t.Fatalf("%v %d blocks, trial %d, row %d: AVX2 combination %g (%#x), Go %g (%#x)", dt, nb, trial, k, got[k], math.Float32bits(got[k]), want[k], math.Float32bits(want[k]))
					}
					if useAVX512 && math.Float32bits(viaZ[k]) != math.Float32bits(want[k]) {
						t.Fatalf("%v %d blocks, trial %d, row %d: dot4Q8 AVX-512 %g (%#x), Go %g (%#x)", dt, nb, trial, k, viaZ[k], math.Float32bits(viaZ[k]), want[k], math.Float32bits(want[k]))
					}
					if math.Float32bits(viaDot[k]) != math.Float32bits(want[k]) {
						t.Fatalf("%v %d blocks, trial %d, row %d: dot4Q8 %g (%#x), Go %g (%#x)", dt, nb, trial, k, viaDot[k], math.Float32bits(viaDot[k]), want[k], math.Float32bits(want[k]))
					}
					if math.Float32bits(got[k]) != math.Float32bits(frozen) && !(got[k] != got[k] && frozen != frozen) {
						t.Fatalf("%v %d blocks, trial %d, row %d: AVX2 combination %g (%#x), frozen kernel %g (%#x)", dt, nb, trial, k, got[k], math.Float32bits(got[k]), frozen, math.Float32bits(frozen))
					}
				}
			}
		}
	}
	t.Logf("%d NaN or infinite results", special)
}

// TestZTabOffsetsMatchAsm holds the table offsets the AVX-512 assembly
// #defines to blocksums_avx512.go's z* constants, so that neither drifts
// from the other, and zTab to its length.
func TestZTabOffsetsMatchAsm(t *testing.T) {
	src, err := os.ReadFile("blocksums_avx512_amd64.s")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int{
		"T_PERM32": zPerm32, "T_Q40LO": zQ40Lo, "T_Q40HI": zQ40Hi, "T_Q40D": zQ40D,
		"T_Q80LO": zQ80Lo, "T_Q80HI": zQ80Hi, "T_Q80D": zQ80D, "T_Q80D2": zQ80D2, "T_RED": zRed,
		"T_Q4KSC": zQ4KSc, "T_Q5KBIT": zQ5KBit, "T_Q6KSC": zQ6KSc, "T_Q6KSHL": zQ6KShl, "T_Q6KSHR": zQ6KShr,
		"T_Q50LO": zQ50Lo, "T_Q50HI": zQ50Hi, "T_Q50D": zQ50D, "T_Q50D2": zQ50D2, "T_Q50QH": zQ50QH,
		"T_Q50QH2": zQ50QH2, "T_Q50BIT": zQ50Bit, "T_Q50BI2": zQ50Bi2,
		"T_Q41LO": zQ41Lo, "T_Q41HI": zQ41Hi, "T_Q41DM": zQ41DM, "T_Q41DM2": zQ41DM2,
		"T_Q51LO": zQ51Lo, "T_Q51HI": zQ51Hi, "T_Q51DM": zQ51DM, "T_Q51DM2": zQ51DM2,
		"T_Q51QH": zQ51QH, "T_Q51QH2": zQ51QH2,
	}
	seen := 0
	for _, line := range strings.Split(string(src), "\n") {
		f := strings.Fields(line)
		if len(f) != 3 || f[0] != "#define" || !strings.HasPrefix(f[1], "T_") {
			continue
		}
		v, err := strconv.Atoi(f[2])
		if err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		if w, ok := want[f[1]]; !ok || v != w {
			t.Errorf("%s is %d in the assembly, %d (known %v) in Go", f[1], v, w, ok)
		}
		seen++
	}
	if seen != len(want) {
		t.Errorf("the assembly defines %d table offsets, Go %d", seen, len(want))
	}
	if len(zTab) != zTabLen {
		t.Errorf("zTab has %d bytes, want %d", len(zTab), zTabLen)
	}
}
