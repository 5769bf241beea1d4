package cpu

import (
	"encoding/binary"
	"math"

	"zincc/ir"
)

// Attention computes one query's attention over rows 0..pos (inclusive) of
// a K and a V state, each [ctx, kvHeads·headDim] of dtype f32 or f16. Query
// head h (q and dst hold heads·headDim values) reads KV head
// h / (heads/kvHeads), as llama.cpp groups heads. scratch needs room for
// pos+1 values; with room for 4·(pos+1) the SIMD path computes four heads'
// scores at a time (the same bits).
//
// Numerics, per head: score_j = float32(scale·Σ_d q_d·k_jd) with the dot in
// float64 from exact products (four accumulators over d mod 4, then
// (a0+a1)+(a2+a3)), the product with scale in float64, one rounding to
// float32; m = max_j score_j; e_j = float32(exp(score_j - m)) (float64
// math.Exp); sum = Σ_j e_j in float64 in j order; out_d = float32(
// (Σ_j e_j·v_jd) / sum) with the weighted sum in float64 in j order. NaNs
// propagate as in Softmax.
func Attention(dst, q []float32, k, v []byte, dt ir.DType, pos, heads, kvHeads, headDim int, scale float32, scratch []float32) error {
	rb, err := checkAttention(dst, q, k, v, dt, pos, heads, kvHeads, headDim)
	if err != nil {
		return err
	}
	if len(scratch) < pos+1 {
		return sizeError("attention", "scratch of %d values, need %d", len(scratch), pos+1)
	}
	attentionHeads(dst, q, k, v, dt, rb, pos, heads, kvHeads, headDim, scale, scratch, 0, heads)
	return nil
}

// checkAttention checks Attention's arguments and returns the states' row
// bytes.
func checkAttention(dst, q []float32, k, v []byte, dt ir.DType, pos, heads, kvHeads, headDim int) (rowBytes int, err error) {
	if heads <= 0 || kvHeads <= 0 || heads%kvHeads != 0 {
		return 0, sizeError("attention", "%d query heads are not a multiple of %d KV heads", heads, kvHeads)
	}
	if headDim <= 0 || len(q) != heads*headDim || len(dst) != heads*headDim {
		return 0, sizeError("attention", "q of %d and dst of %d values for %d heads of %d", len(q), len(dst), heads, headDim)
	}
	ctx, rb, err := stateRows("attention", k, dt, kvHeads*headDim)
	if err != nil {
		return 0, err
	}
	if len(v) != len(k) {
		return 0, sizeError("attention", "K state of %d bytes and V state of %d", len(k), len(v))
	}
	if pos < 0 || pos >= ctx {
		return 0, sizeError("attention", "position %d out of range [0, %d)", pos, ctx)
	}
	return rb, nil
}

// AttentionPool is Attention with its heads spread over pool's goroutines
// and the pool's own scratch. A head is computed by one goroutine in
// Attention's order, so the result is Attention's, bit for bit. A nil
// pool runs every head on the calling goroutine.
func AttentionPool(pool *Pool, dst, q []float32, k, v []byte, dt ir.DType, pos, heads, kvHeads, headDim int, scale float32) error {
	if pool == nil {
		return Attention(dst, q, k, v, dt, pos, heads, kvHeads, headDim, scale, make([]float32, max(pos+1, 0)))
	}
	rb, err := checkAttention(dst, q, k, v, dt, pos, heads, kvHeads, headDim)
	if err != nil {
		return err
	}
	pool.mu.Lock()
	defer pool.mu.Unlock()
	a := &pool.attn
	for w := range a.scratch {
		if cap(a.scratch[w]) < 4*(pos+1) { // room for attnScores4H*'s four heads
			a.scratch[w] = make([]float32, 4*(pos+1))
		}
	}
	*a = attentionCall{dst: dst, q: q, k: k, v: v, dt: dt, rowBytes: rb, pos: pos, heads: heads, kvHeads: kvHeads,
		headDim: headDim, scale: scale, scratch: a.scratch, runFn: a.runFn}
	// A head reads (pos+1)·headDim K and V values; short contexts are not
	// worth the hand-over.
	if pool.closed || heads < 2 || (pos+1)*headDim*heads < inlineWork {
		a.run(0, 0, heads)
	} else {
		// Four heads of a group to a piece where the SIMD path scores
		// them together.
		chunk := 1
		if useAttnAVX2 && (heads/kvHeads)%4 == 0 {
			chunk = 4
		}
		pool.forEach(heads, chunk, a.runFn)
	}
	a.dst, a.q, a.k, a.v = nil, nil, nil, nil // keep no references past the call
	return nil
}

// attentionCall holds the arguments of the AttentionPool call a Pool is
// running and each goroutine's scores scratch. runFn is run, bound once
// (a method value made per call would allocate).
type attentionCall struct {
	dst, q                        []float32
	k, v                          []byte
	dt                            ir.DType
	rowBytes, pos, heads, kvHeads int
	headDim                       int
	scale                         float32
	scratch                       [][]float32 // per goroutine of the pool
	runFn                         func(worker, lo, hi int)
}

// run computes heads lo..hi-1 with worker's scratch.
func (a *attentionCall) run(worker, lo, hi int) {
	attentionHeads(a.dst, a.q, a.k, a.v, a.dt, a.rowBytes, a.pos, a.heads, a.kvHeads, a.headDim, a.scale, a.scratch[worker][:4*(a.pos+1)], lo, hi)
}

// attentionHeads computes heads h0..h1-1 of Attention, whose arguments are
// checked (rb is the states' row bytes); scratch holds at least pos+1
// values. The score dots, exponentials and weighted sums of V run in SIMD
// kernels where useAttnAVX2 (attention_simd.go), with the bits of the Go
// loops here; where scratch holds 4·(pos+1) values, four heads that share
// a KV head have their scores computed together (each K row widened once).
func attentionHeads(dst, q []float32, k, v []byte, dt ir.DType, rb, pos, heads, kvHeads, headDim int, scale float32, scratch []float32, h0, h1 int) {
	width := kvHeads * headDim
	eb := rb / width
	group := heads / kvHeads
	rows := pos + 1
	simd := useAttnAVX2
	var qw [4 * attnSIMDMaxDim]float64 // query heads widened, for the kernels
	for h := h0; h < h1; {
		off := (h / group) * headDim * eb // byte offset of the KV head in a row
		if simd && h+4 <= h1 && (h+3)/group == h/group && len(scratch) >= 4*rows &&
			scores4SIMD(scratch[:4*rows], q[h*headDim:(h+4)*headDim], k, dt, rb, off, scale, &qw) {
			for i := 0; i < 4; i++ {
				headOutput(dst[(h+i)*headDim:(h+i+1)*headDim], scratch[i*rows:(i+1)*rows], v, dt, rb, off, simd)
			}
			h += 4
			continue
		}
		scores := scratch[:rows]
		qh := q[h*headDim : (h+1)*headDim]
		if !simd || !scoresSIMD(scores, qh, k, dt, rb, off, scale, (*[attnSIMDMaxDim]float64)(qw[:attnSIMDMaxDim])) {
			for j := range scores {
				scores[j] = scoreGo(qh, k, dt, rb, off, j, scale)
			}
		}
		headOutput(dst[h*headDim:(h+1)*headDim], scores, v, dt, rb, off, simd)
		h++
	}
}

// headOutput turns one head's scores into its output out: the softmax
// weights e_j (in place), their sum and the weighted sum of V's rows (the
// KV head at byte off).
func headOutput(out, scores []float32, v []byte, dt ir.DType, rb, off int, simd bool) {
	m := float64(maxOf(scores))
	if simd {
		expScoresSIMD(scores, m)
	} else {
		for j, s := range scores {
			scores[j] = float32(math.Exp(float64(s) - m))
		}
	}
	var sum float64
	for _, e := range scores {
		sum += float64(e)
	}
	if !simd || !weightedSIMD(out, scores, v, dt, rb, off, sum) {
		weightedGo(out, scores, v, dt, rb, off, sum, 0)
	}
}

// scoreGo is row j's score float32(scale·q·k_j), the KV head at byte off
// of the row.
func scoreGo(qh []float32, k []byte, dt ir.DType, rb, off, j int, scale float32) float32 {
	var dot float64
	if dt == ir.F16 {
		dot = dotF32F16(qh, k[j*rb+off:j*rb+off+2*len(qh)])
	} else {
		dot = dotF32F32(qh, k[j*rb+off:j*rb+off+4*len(qh)])
	}
	return float32(float64(scale) * dot)
}

// weightedGo sets out[d] = float32((Σ_j e_j·v_jd)/sum) for the dims d >=
// d0 (a multiple of 4) of the KV head at byte off of V's rows, each sum in
// float64 in j order.
func weightedGo(out, e []float32, v []byte, dt ir.DType, rb, off int, sum float64, d0 int) {
	headDim := len(out)
	eb := 2
	if dt != ir.F16 {
		eb = 4
	}
	// Four output dims per pass over the rows (each still summed in
	// j order) so that a pass reads 4 adjacent values of every row.
	d := d0
	for ; d+4 <= headDim; d += 4 {
		var a0, a1, a2, a3 float64
		at := off + d*eb
		for j, e := range e {
			row := v[j*rb+at : j*rb+at+4*eb]
			ew := float64(e)
			a0 += ew * stateValue(row, dt)
			a1 += ew * stateValue(row[eb:], dt)
			a2 += ew * stateValue(row[2*eb:], dt)
			a3 += ew * stateValue(row[3*eb:], dt)
		}
		out[d], out[d+1], out[d+2], out[d+3] = float32(a0/sum), float32(a1/sum), float32(a2/sum), float32(a3/sum)
	}
	for ; d < headDim; d++ {
		var acc float64
		at := off + d*eb
		for j, e := range e {
			acc += float64(e) * stateValue(v[j*rb+at:], dt)
		}
		out[d] = float32(acc / sum)
	}
}

// stateValue reads one f32 or f16 state element, widened exactly.
func stateValue(b []byte, dt ir.DType) float64 {
	if dt == ir.F16 {
		return f16to64(binary.LittleEndian.Uint16(b))
	}
	return float64(math.Float32frombits(binary.LittleEndian.Uint32(b)))
}

// dotF32F32 is Σ q_d·k_d for float32 q and a little-endian float32 row,
// with dotF32's accumulator order.
func dotF32F32(q []float32, k []byte) float64 {
	n := len(q)
	k = k[:4*n]
	var a [4]float64
	for d, qv := range q {
		slot := d & 3
		if d >= n&^3 {
			slot = 0
		}
		a[slot] += float64(qv) * float64(math.Float32frombits(binary.LittleEndian.Uint32(k[4*d:])))
	}
	return (a[0] + a[1]) + (a[2] + a[3])
}

// dotF32F16 is dotF32F32 for a binary16 row.
func dotF32F16(q []float32, k []byte) float64 {
	n := len(q)
	k = k[:2*n]
	var a [4]float64
	for d, qv := range q {
		slot := d & 3
		if d >= n&^3 {
			slot = 0
		}
		a[slot] += float64(qv) * f16to64(binary.LittleEndian.Uint16(k[2*d:]))
	}
	return (a[0] + a[1]) + (a[2] + a[3])
}
