package cpu

import "math"

// Rope rotates, in each head of headDim values in x, the first `dims`
// dimensions by position-dependent angles and copies the rest; the result
// goes to dst (which may alias x). Normal mode rotates the pairs
// (2i, 2i+1), NeoX mode the pairs (i, i+dims/2), for i < dims/2.
//
// The angles follow ggml's CPU rope (src/ggml-cpu/ops.cpp,
// ggml_rope_cache_init) step for step, all in float32:
// thetaScale = powf(theta, -2/dims) with -2/dims a float32 division;
// θ_0 = float32(pos), θ_{i+1} = θ_i·thetaScale (repeated float32
// multiplication, not pos·theta^(-2i/dims)); c = cosf(θ_i), s = sinf(θ_i);
// x0' = x0·c - x1·s and x1' = x0·s + x1·c with every product rounded to
// float32 (no fused multiply-add). powf, cosf and sinf are evaluated in
// float64 (math.Pow, math.Cos, math.Sin) and rounded to float32, which is
// the correctly rounded result except in rare near-halfway cases.
//
// freqs, if not nil, holds one factor per pair: the angle of pair i is
// θ_i/freqs[i] (ggml's freq_factors, llama.cpp's rope_freqs.weight), and
// every angle is then multiplied by freqScale (linear scaling), each step a
// float32 operation as in ggml's rope_yarn with ext_factor 0 and
// attn_factor 1.
func Rope(dst, x []float32, pos uint32, headDim, dims int, theta float32, neox bool, freqs []float32, freqScale float32) error {
	if err := sameLen("rope", len(dst), "dst, x", len(x)); err != nil {
		return err
	}
	if headDim <= 0 || len(x)%headDim != 0 {
		return sizeError("rope", "%d values are not a whole number of heads of %d", len(x), headDim)
	}
	if dims < 0 || dims%2 != 0 || dims > headDim {
		return sizeError("rope", "rotated dims %d must be even and at most the head size %d", dims, headDim)
	}
	if !(theta > 0) {
		return sizeError("rope", "theta %g must be positive", theta)
	}
	if freqs != nil && len(freqs) != dims/2 {
		return sizeError("rope", "%d frequency factors for %d rotated pairs", len(freqs), dims/2)
	}
	if !(freqScale > 0) {
		return sizeError("rope", "freq_scale %g must be positive", freqScale)
	}
	x = x[:len(dst)]
	half := dims / 2
	thetaScale := float32(math.Pow(float64(theta), float64(float32(-2)/float32(dims))))
	for base := 0; base < len(x); base += headDim {
		hx := x[base : base+headDim]
		hd := dst[base : base+headDim]
		copy(hd[dims:], hx[dims:])
		t := float32(pos)
		for i := 0; i < half; i++ {
			angle := t
			if freqs != nil {
				angle /= freqs[i]
			}
			angle *= freqScale
			c := float32(math.Cos(float64(angle)))
			s := float32(math.Sin(float64(angle)))
			a, b := 2*i, 2*i+1
			if neox {
				a, b = i, i+half
			}
			x0, x1 := hx[a], hx[b]
			hd[a] = float32(x0*c) - float32(x1*s)
			hd[b] = float32(x0*s) + float32(x1*c)
			t *= thetaScale
		}
	}
	return nil
}
