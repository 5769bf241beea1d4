package cpu

import "math"

// RMSNorm sets dst[i] = x[i] / sqrt(mean(x²) + eps) · w[i] exactly as
// ggml's CPU rms_norm followed by its mul computes it: each square x[i]·x[i]
// rounded to float32 and added into a float64 sum in index order;
// mean = float32(sum / n); scale = 1 / sqrtf(mean + eps) in float32
// (a correctly rounded square root, then a float32 division);
// dst[i] = float32(x[i]·scale)·w[i]. dst may alias x, and w when there is
// one head.
//
// When w is shorter than x, x is a run of heads of len(w) values each,
// and each head is normalised on its own with the same w (qwen3's q and k
// norms, ggml's rms_norm over a [head_dim, heads] view).
func RMSNorm(dst, x, w []float32, eps float32) error {
	if err := sameLen("rms_norm", len(dst), "dst, x", len(x)); err != nil {
		return err
	}
	if len(w) == 0 || len(x)%len(w) != 0 {
		return sizeError("rms_norm", "%d values are not a whole number of heads of the %d weights", len(x), len(w))
	}
	for h := 0; h < len(x); h += len(w) {
		rmsNormHead(dst[h:h+len(w)], x[h:h+len(w)], w, eps)
	}
	return nil
}

// rmsNormHead is RMSNorm over one head; the slices have one length.
func rmsNormHead(dst, x, w []float32, eps float32) {
	var sum float64
	for _, v := range x {
		sum += float64(v * v)
	}
	mean := float32(sum / float64(len(x)))
	scale := 1 / float32(math.Sqrt(float64(mean+eps)))
	for i, v := range x {
		dst[i] = (v * scale) * w[i]
	}
}
