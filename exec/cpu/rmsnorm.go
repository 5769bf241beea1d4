package cpu

import "math"

// RMSNorm sets dst[i] = x[i] / sqrt(mean(x²) + eps) · w[i] exactly as
// ggml's CPU rms_norm followed by its mul computes it: each square x[i]·x[i]
// rounded to float32 and added into a float64 sum in index order;
// mean = float32(sum / n); scale = 1 / sqrtf(mean + eps) in float32
// (a correctly rounded square root, then a float32 division);
// dst[i] = float32(x[i]·scale)·w[i]. dst may alias x or w.
func RMSNorm(dst, x, w []float32, eps float32) error {
	if err := sameLen("rms_norm", len(dst), "dst, x, w", len(x), len(w)); err != nil {
		return err
	}
	if len(x) == 0 {
		return sizeError("rms_norm", "empty vector")
	}
	x, w = x[:len(dst)], w[:len(dst)]
	var sum float64
	for _, v := range x {
		sum += float64(v * v)
	}
	mean := float32(sum / float64(len(x)))
	scale := 1 / float32(math.Sqrt(float64(mean+eps)))
	for i, v := range x {
		dst[i] = (v * scale) * w[i]
	}
	return nil
}
