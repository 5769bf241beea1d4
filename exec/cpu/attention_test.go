package cpu

import (
	"encoding/binary"
	"math"
	"math/rand/v2"
	"testing"

	"zincc/internal/ggml"
	"zincc/ir"
)

// randState returns a [ctx, width] state of dtype dt with random rows.
func randState(rng *rand.Rand, dt ir.DType, ctx, width int) []byte {
	x := randVector(rng, ctx*width, 4)
	if dt == ir.F16 {
		b := make([]byte, 2*len(x))
		if err := ggml.F32ToF16Row(b, x); err != nil {
			panic(err)
		}
		return b
	}
	b := make([]byte, 4*len(x))
	for i, v := range x {
		binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(v))
	}
	return b
}

// refAttention computes, in float64 from the definition, each query head's
// softmax(scale·q·k_j) over j <= pos and the weighted sum of v_j, with
// query head h reading KV head h/(heads/kvHeads). It also returns, per
// output, Σ_j p_j·|v_jd| and the head's max |score|.
func refAttention(q []float32, k, v []byte, dt ir.DType, pos, heads, kvHeads, headDim int, scale float32) (out, pv, smax []float64) {
	width := kvHeads * headDim
	out = make([]float64, heads*headDim)
	pv = make([]float64, heads*headDim)
	smax = make([]float64, heads*headDim)
	eb := 4
	if dt == ir.F16 {
		eb = 2
	}
	rb := width * eb
	for h := 0; h < heads; h++ {
		kvh := h / (heads / kvHeads)
		s := make([]float64, pos+1)
		m, big := math.Inf(-1), 0.0
		for j := range s {
			kr := refDecode(k[j*rb:(j+1)*rb], dt, width)
			for d := 0; d < headDim; d++ {
				s[j] += float64(q[h*headDim+d]) * kr[kvh*headDim+d]
			}
			s[j] *= float64(scale)
			m = math.Max(m, s[j])
			big = math.Max(big, math.Abs(s[j]))
		}
		var sum float64
		for j := range s {
			s[j] = math.Exp(s[j] - m)
			sum += s[j]
		}
		for j := range s {
			vr := refDecode(v[j*rb:(j+1)*rb], dt, width)
			for d := 0; d < headDim; d++ {
				p := s[j] / sum
				out[h*headDim+d] += p * vr[kvh*headDim+d]
				pv[h*headDim+d] += p * math.Abs(vr[kvh*headDim+d])
			}
		}
		for d := 0; d < headDim; d++ {
			smax[h*headDim+d] = big
		}
	}
	return out, pv, smax
}

// TestAttentionRandom compares with the float64 reference on random shapes
// with and without grouped heads. The kernel rounds each score to float32
// (an error of u·|s| that moves every weight by up to 2u·max|s| relatively)
// and each exponential to float32 (u, twice through the normalisation):
// |got - ref| <= u·(4 + 4·max|s|)·Σ_j p_j·|v_jd| + u·|ref|.
func TestAttentionRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(61, 62))
	shapes := []struct{ heads, kvHeads, headDim, ctx int }{
		{1, 1, 1, 1}, {1, 1, 3, 4}, {4, 2, 8, 9}, {6, 3, 5, 17}, {6, 1, 4, 3}, {8, 8, 16, 40}, {4, 2, 64, 33},
	}
	for _, dt := range []ir.DType{ir.F32, ir.F16} {
		for _, sh := range shapes {
			width := sh.kvHeads * sh.headDim
			k := randState(rng, dt, sh.ctx, width)
			v := randState(rng, dt, sh.ctx, width)
			scale := float32(1 / math.Sqrt(float64(sh.headDim)))
			for _, pos := range []int{0, sh.ctx / 2, sh.ctx - 1} {
				q := randVector(rng, sh.heads*sh.headDim, 4)
				dst := make([]float32, len(q))
				scratch := make([]float32, pos+1)
				fatalIfErr(t, Attention(dst, q, k, v, dt, pos, sh.heads, sh.kvHeads, sh.headDim, scale, scratch))
				ref, pv, smax := refAttention(q, k, v, dt, pos, sh.heads, sh.kvHeads, sh.headDim, scale)
				for i := range dst {
					bound := u32*(4+4*smax[i])*pv[i] + u32*math.Abs(ref[i]) + 0x1p-140
					if !near(dst[i], ref[i], bound) {
						t.Fatalf("%v %+v pos %d: out[%d] = %g, want %g (±%g)", dt, sh, pos, i, dst[i], ref[i], bound)
					}
				}
			}
		}
	}
}

// TestAttentionHand: at position 0 the softmax has one entry, weight 1, so
// each query head's output is exactly row 0 of its KV head's V: with 4
// query heads over 2 KV heads, heads 0 and 1 read KV head 0 and heads 2
// and 3 read KV head 1.
func TestAttentionHand(t *testing.T) {
	const heads, kvHeads, headDim = 4, 2, 2
	k := make([]byte, 2*kvHeads*headDim*4) // ctx 2, f32
	v := make([]byte, len(k))
	vals := []float32{10, 11, 20, 21} // row 0: KV head 0 = (10, 11), KV head 1 = (20, 21)
	for i, x := range vals {
		binary.LittleEndian.PutUint32(v[4*i:], math.Float32bits(x))
		binary.LittleEndian.PutUint32(k[4*i:], math.Float32bits(x/10))
	}
	q := []float32{1, 2, 3, 4, 5, 6, 7, 8}
	dst := make([]float32, 8)
	fatalIfErr(t, Attention(dst, q, k, v, ir.F32, 0, heads, kvHeads, headDim, 0.5, make([]float32, 1)))
	want := []float32{10, 11, 10, 11, 20, 21, 20, 21}
	for i := range want {
		if dst[i] != want[i] {
			t.Fatalf("pos 0: %v, want %v", dst, want)
		}
	}
	// Position 1 with K row 1 = K row 0 (equal scores): the output is the
	// mean of the two V rows. V row 1 = (30, 31, 40, 41).
	copy(k[16:], k[:16])
	for i, x := range []float32{30, 31, 40, 41} {
		binary.LittleEndian.PutUint32(v[16+4*i:], math.Float32bits(x))
	}
	fatalIfErr(t, Attention(dst, q, k, v, ir.F32, 1, heads, kvHeads, headDim, 0.5, make([]float32, 2)))
	want = []float32{20, 21, 20, 21, 30, 31, 30, 31}
	for i := range want {
		if dst[i] != want[i] {
			t.Fatalf("pos 1: %v, want %v", dst, want)
		}
	}
}

func TestAttentionErrors(t *testing.T) {
	k := make([]byte, 4*8*4) // ctx 4, width 8, f32
	q := make([]float32, 8)
	ok := func(dst, q []float32, k, v []byte, dt ir.DType, pos, heads, kvHeads, headDim int, scratch []float32) error {
		return Attention(dst, q, k, v, dt, pos, heads, kvHeads, headDim, 1, scratch)
	}
	s4 := make([]float32, 4)
	if err := ok(make([]float32, 8), q, k, k, ir.F32, 3, 4, 4, 2, s4); err != nil {
		t.Fatalf("valid call: %v", err)
	}
	bad := []error{
		ok(make([]float32, 8), q, k, k, ir.F32, 4, 4, 4, 2, s4),             // pos = ctx
		ok(make([]float32, 8), q, k, k, ir.F32, -1, 4, 4, 2, s4),            // negative pos
		ok(make([]float32, 8), q, k, k, ir.F32, 3, 4, 3, 2, s4),             // heads not a multiple
		ok(make([]float32, 8), q, k, k, ir.F32, 3, 4, 0, 2, s4),             // no KV heads
		ok(make([]float32, 7), q, k, k, ir.F32, 3, 4, 4, 2, s4),             // short dst
		ok(make([]float32, 8), q, k, k[:100], ir.F32, 3, 4, 4, 2, s4),       // V shorter than K
		ok(make([]float32, 8), q, k, k, ir.F32, 3, 4, 4, 2, s4[:3]),         // short scratch
		ok(make([]float32, 8), q, k[:120], k[:120], ir.F32, 3, 4, 4, 2, s4), // ragged state
		ok(make([]float32, 8), q, k, k, ir.Q8_0, 0, 4, 4, 2, s4),            // state dtype
	}
	for i, err := range bad {
		if err == nil {
			t.Errorf("bad case %d: no error", i)
		}
	}
}
