package cpu

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"sort"
	"strconv"
	"sync"
	"testing"
	"time"

	"zincc/exec"
	"zincc/frontend"
	"zincc/internal/ggml"
	"zincc/ir"
	lowercpu "zincc/lower/cpu"
	"zincc/passes"
)

// The matvec benchmarks run a product for each weight dtype at two shapes
// on a pool of benchWorkers goroutines and report GB/s of weight bytes
// read: "small", 256x2048 (the size of TinyLlama's k and v projections:
// the cost of handing a call to the pool shows), "l3", 1024x1024
// (cache-resident: the kernel's compute speed), and
// "dram", 8192 columns and enough rows for at least benchDRAMBytes of
// weights (several times any L3: the memory-bound case decode is). Each
// also times the plain memory read of its own weight buffer (memRead, same
// goroutine count) before the timed loop and reports the quotient as
// "ratio": the fraction of the machine's read bandwidth the kernel reaches
// on that dtype, measured in the same run. BenchmarkMemRead reports the
// baseline on its own.
const (
	benchWorkers   = 2
	benchDRAMBytes = 96 << 20
)

var benchDTypes = []ir.DType{ir.F32, ir.F16, ir.BF16, ir.Q4_0, ir.Q4_1, ir.Q5_0, ir.Q5_1, ir.Q8_0, ir.Q4_K, ir.Q5_K, ir.Q6_K}

// benchQuant writes a row of each dtype other than f32 from float32 values.
var benchQuant = map[ir.DType]func([]byte, []float32) error{
	ir.F16: ggml.F32ToF16Row, ir.BF16: ggml.F32ToBF16Row,
	ir.Q4_0: ggml.QuantizeQ4_0, ir.Q4_1: ggml.QuantizeQ4_1, ir.Q5_0: ggml.QuantizeQ5_0,
	ir.Q5_1: ggml.QuantizeQ5_1, ir.Q8_0: ggml.QuantizeQ8_0, ir.Q4_K: ggml.QuantizeQ4_K,
	ir.Q5_K: ggml.QuantizeQ5_K, ir.Q6_K: ggml.QuantizeQ6_K,
}

type benchShape struct {
	name string
	rows func(rowBytes int) int
	cols int
}

var benchShapes = []benchShape{
	{"small", func(int) int { return 256 }, 2048},
	{"l3", func(int) int { return 1024 }, 1024},
	{"dram", func(rb int) int { return (benchDRAMBytes + rb - 1) / rb }, 8192},
}

// benchWeights returns a rows x cols matrix of random weights in dt
// (quantised with internal/ggml's quantizers; 64 distinct rows, repeated,
// which a matvec reads as any other rows) and a random x.
func benchWeights(b *testing.B, dt ir.DType, sh benchShape) (w []byte, x []float32, rows int) {
	b.Helper()
	rng := rand.New(rand.NewPCG(11, uint64(dt)))
	rb, err := dt.RowBytes(sh.cols)
	if err != nil {
		b.Fatal(err)
	}
	rows = sh.rows(rb)
	w = make([]byte, rows*rb)
	row := make([]float32, sh.cols)
	for r := 0; r < rows; r++ {
		out := w[r*rb : (r+1)*rb]
		if r >= 64 {
			copy(out, w[(r%64)*rb:])
			continue
		}
		for i := range row {
			row[i] = float32(rng.NormFloat64() * 0.02)
		}
		if dt == ir.F32 {
			for i, v := range row {
				binary.LittleEndian.PutUint32(out[4*i:], math.Float32bits(v))
			}
		} else {
			err = benchQuant[dt](out, row)
		}
		if err != nil {
			b.Fatal(err)
		}
	}
	x = make([]float32, sh.cols)
	for i := range x {
		x[i] = float32(rng.NormFloat64())
	}
	return w, x, rows
}

// memRead sums buf as uint64 words on `workers` goroutines (4 accumulators
// each): the plain-Go read bandwidth baseline.
func memRead(buf []byte, workers int) uint64 {
	var wg sync.WaitGroup
	sums := make([]uint64, workers)
	per := (len(buf)/8 + workers - 1) / workers * 8
	for i := 0; i < workers; i++ {
		lo := min(len(buf), i*per)
		hi := min(len(buf), lo+per)
		wg.Add(1)
		go func(i int, part []byte) {
			defer wg.Done()
			var s0, s1, s2, s3 uint64
			for len(part) >= 32 {
				s0 += binary.LittleEndian.Uint64(part[0:])
				s1 += binary.LittleEndian.Uint64(part[8:])
				s2 += binary.LittleEndian.Uint64(part[16:])
				s3 += binary.LittleEndian.Uint64(part[24:])
				part = part[32:]
			}
			for _, c := range part {
				s0 += uint64(c)
			}
			sums[i] = s0 + s1 + s2 + s3
		}(i, buf[lo:hi])
	}
	wg.Wait()
	var s uint64
	for _, v := range sums {
		s += v
	}
	return s
}

var memSink uint64

// memReadGBs times memRead over buf: the median of 9 passes after a
// warm-up pass (the median, like the benchmark's mean, keeps one lucky or
// unlucky pass on a shared machine from setting the ratio).
func memReadGBs(buf []byte, workers int) float64 {
	memSink += memRead(buf, workers)
	var ds []time.Duration
	for i := 0; i < 9; i++ {
		t := time.Now()
		memSink += memRead(buf, workers)
		ds = append(ds, time.Since(t))
	}
	sort.Slice(ds, func(i, j int) bool { return ds[i] < ds[j] })
	return float64(len(buf)) / ds[len(ds)/2].Seconds() / 1e9
}

// BenchmarkMatVec times the matvec of an f32 x that run executes
// (MatVecF32Acc: float32 accumulation for f16, bf16 and f32, else the
// float64 MatVec); BenchmarkMatVecF64 times the float64 MatVec, the
// oracle, for every dtype.
func BenchmarkMatVec(b *testing.B) { benchMatVecF32X(b, MatVecF32Acc) }

func BenchmarkMatVecF64(b *testing.B) { benchMatVecF32X(b, MatVec) }

func benchMatVecF32X(b *testing.B, mv func(*Pool, []float32, []byte, ir.DType, int, int, []float32) error) {
	for _, sh := range benchShapes {
		for _, dt := range benchDTypes {
			b.Run(sh.name+"/"+dt.String(), func(b *testing.B) {
				w, x, rows := benchWeights(b, dt, sh)
				dst := make([]float32, rows)
				pool := NewPool(benchWorkers)
				defer pool.Close()
				base := memReadGBs(w, benchWorkers)
				if err := mv(pool, dst, w, dt, rows, sh.cols, x); err != nil {
					b.Fatal(err)
				}
				b.SetBytes(int64(len(w)))
				b.ReportAllocs()
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					_ = mv(pool, dst, w, dt, rows, sh.cols, x)
				}
				b.StopTimer()
				gbs := float64(len(w)) * float64(b.N) / b.Elapsed().Seconds() / 1e9
				b.ReportMetric(base, "memread-GB/s")
				b.ReportMetric(gbs/base, "ratio")
			})
		}
	}
}

func BenchmarkMemRead(b *testing.B) {
	for _, sh := range benchShapes {
		b.Run(sh.name, func(b *testing.B) {
			rb, _ := ir.Q8_0.RowBytes(sh.cols)
			buf := make([]byte, sh.rows(rb)*rb)
			for i := range buf {
				buf[i] = byte(i * 7)
			}
			b.SetBytes(int64(len(buf)))
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				memSink += memRead(buf, benchWorkers)
			}
		})
	}
}

// BenchmarkMatVecQ8 is BenchmarkMatVec for the quantised formats with x
// already quantised (the matvec that run executes after quantize-
// activations): GB/s of weights and the ratio to a plain read of the same
// bytes, measured in the same run. ZINCC_CPU_PORTABLE=1 measures the
// pure-Go block sums.
func BenchmarkMatVecQ8(b *testing.B) {
	for _, sh := range benchShapes {
		for _, dt := range benchDTypes {
			xdt := ir.ActivationFormat(dt)
			if !xdt.Quantized() { // f32: no activation format; f16, bf16: MatVecHalfX
				continue
			}
			b.Run(sh.name+"/"+dt.String(), func(b *testing.B) {
				w, x, rows := benchWeights(b, dt, sh)
				xb, _ := xdt.RowBytes(sh.cols)
				xq := make([]byte, xb)
				if err := Quantize(xq, x, xdt); err != nil {
					b.Fatal(err)
				}
				dst := make([]float32, rows)
				pool := NewPool(benchWorkers)
				defer pool.Close()
				base := memReadGBs(w, benchWorkers)
				if err := MatVecQ8(pool, dst, w, dt, rows, sh.cols, xq, xdt); err != nil {
					b.Fatal(err)
				}
				b.SetBytes(int64(len(w)))
				b.ReportAllocs()
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					_ = MatVecQ8(pool, dst, w, dt, rows, sh.cols, xq, xdt)
				}
				b.StopTimer()
				gbs := float64(len(w)) * float64(b.N) / b.Elapsed().Seconds() / 1e9
				b.ReportMetric(base, "memread-GB/s")
				b.ReportMetric(gbs/base, "ratio")
			})
		}
	}
}

// BenchmarkDecodeStep times decode steps of a TinyLlama-1.1B-shaped model
// (frontend.LlamaGraph, random weights: vocabulary 32000, embedding 2048,
// 22 layers, 32 heads, 4 KV heads, FFN 5632, context 512) on the cpu ring
// with benchWorkers goroutines and zincc's default passes, for q4_0, q8_0
// and f16 weights and a Q4_K_M-like mix (q4_K, with q6_K for the output
// head and, in llama-quantize's use_more_bits layers, attn_v and
// ffn_down). It reports tok/s and allocs/op (a step should allocate
// nothing but what Step returns). Binding the random weights takes a few
// seconds per model (0.6 GB at q4_0, 2.2 GB at f16);
// ZINCC_BENCH_LAYERS=n runs n layers instead of 22.
func BenchmarkDecodeStep(b *testing.B) {
	layers := 22
	if s := os.Getenv("ZINCC_BENCH_LAYERS"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			b.Fatalf("ZINCC_BENCH_LAYERS=%q: want a positive layer count", s)
		}
		layers = n
	}
	q4KM := map[string]ir.DType{"output.weight": ir.Q6_K}
	for i := 0; i < layers; i++ {
		// llama.cpp's llama_tensor_get_type for Q4_K_M: use_more_bits(i, n).
		if i < layers/8 || i >= 7*layers/8 || (i-layers/8)%3 == 2 {
			q4KM[fmt.Sprintf("blk.%d.attn_v.weight", i)] = ir.Q6_K
			q4KM[fmt.Sprintf("blk.%d.ffn_down.weight", i)] = ir.Q6_K
		}
	}
	for _, mix := range []struct {
		name  string
		dt    ir.DType
		types map[string]ir.DType
	}{{"q4_0", ir.Q4_0, nil}, {"q8_0", ir.Q8_0, nil}, {"f16", ir.F16, nil}, {"q4_K_M", ir.Q4_K, q4KM}} {
		b.Run(mix.name, func(b *testing.B) {
			c := frontend.LlamaConfig{Name: "tinyllama_" + mix.name, Vocab: 32000, Embd: 2048, Layers: layers,
				Heads: 32, KVHeads: 4, FF: 5632, Ctx: 512, Eps: 1e-5, RopeBase: 10000, Random: true,
				DefaultWeightType: mix.dt, Types: mix.types}
			text, err := frontend.LlamaGraph(c)
			if err != nil {
				b.Fatal(err)
			}
			m, err := frontend.Parse(c.Name+".zir", []byte(text))
			if err != nil {
				b.Fatal(err)
			}
			if err := passes.Run(m, passes.Options{}); err != nil {
				b.Fatal(err)
			}
			w, err := exec.Bind(m, exec.BindOptions{})
			if err != nil {
				b.Fatal(err)
			}
			defer w.Close()
			p, err := lowercpu.Lower(m)
			if err != nil {
				b.Fatal(err)
			}
			r, err := NewRing(p, w, benchWorkers)
			if err != nil {
				b.Fatal(err)
			}
			defer r.Close()
			in := []uint32{1, 0}
			if _, err := r.Step(in); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				in[0], in[1] = uint32(i*7919%c.Vocab), uint32((i+1)%c.Ctx)
				if _, err := r.Step(in); err != nil {
					b.Fatal(err)
				}
			}
			b.StopTimer()
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "tok/s")
		})
	}
}

// BenchmarkAttention times one Attention call (one goroutine) of
// TinyLlama's shape — 32 query heads, 4 KV heads of 64 dims, f16 K and V
// states of 2048 rows — at positions 64 and 512, on the path run takes
// (the AVX2 kernels where useAttnAVX2) and on the pure-Go path in the same
// run, each b.N times: ns/op is the default path's, go-ns/op the Go
// path's and speedup their ratio.
func BenchmarkAttention(b *testing.B) {
	const heads, kvHeads, headDim, ctx = 32, 4, 64, 2048
	for _, pos := range []int{64, 512} {
		b.Run(fmt.Sprintf("pos%d", pos), func(b *testing.B) {
			rng := rand.New(rand.NewPCG(15, uint64(pos)))
			k := randState(rng, ir.F16, ctx, kvHeads*headDim)
			v := randState(rng, ir.F16, ctx, kvHeads*headDim)
			q := randVector(rng, heads*headDim, 4)
			dst := make([]float32, heads*headDim)
			scratch := make([]float32, 4*ctx) // as AttentionPool's: room for four heads
			scale := float32(1 / math.Sqrt(headDim))
			saved := useAttnAVX2
			defer func() { useAttnAVX2 = saved }()
			timed := func(simd bool) float64 {
				useAttnAVX2 = simd
				start := time.Now()
				for i := 0; i < b.N; i++ {
					if err := Attention(dst, q, k, v, ir.F16, pos, heads, kvHeads, headDim, scale, scratch); err != nil {
						b.Fatal(err)
					}
				}
				return float64(time.Since(start).Nanoseconds()) / float64(b.N)
			}
			b.ResetTimer()
			fast := timed(saved)
			b.StopTimer()
			slow := timed(false)
			b.ReportMetric(slow, "go-ns/op")
			b.ReportMetric(slow/fast, "speedup")
		})
	}
}
