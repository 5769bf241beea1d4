package cpu

import "math"

// Softmax sets dst[i] = exp(x[i] - m) / Σ_j exp(x[j] - m) with m = max x:
// the differences and exponentials in float64 (math.Exp), the sum in
// float64 in index order, each quotient rounded once to float32. The
// exponentials are evaluated twice (for the sum, then for each output) so
// that no intermediate is rounded to float32. dst may alias x.
//
// Non-finite inputs follow from the arithmetic: a NaN anywhere makes every
// output NaN; +inf makes every output NaN (inf - inf); -inf entries get 0
// unless every entry is -inf (then NaN).
func Softmax(dst, x []float32) error {
	if err := sameLen("softmax", len(dst), "dst, x", len(x)); err != nil {
		return err
	}
	if len(x) == 0 {
		return sizeError("softmax", "empty vector")
	}
	x = x[:len(dst)]
	m := float64(maxOf(x))
	var sum float64
	for _, v := range x {
		sum += math.Exp(float64(v) - m)
	}
	for i, v := range x {
		dst[i] = float32(math.Exp(float64(v)-m) / sum)
	}
	return nil
}

// maxOf returns the largest element of x (x[0] if x[0] is NaN; NaNs after
// the first element are passed over, and reach the result through the
// arithmetic instead).
func maxOf(x []float32) float32 {
	m := x[0]
	for _, v := range x[1:] {
		if v > m {
			m = v
		}
	}
	return m
}

// Argmax returns the index of the largest element of x, the lowest index
// among equal ones (+0 and -0 are equal). NaNs are passed over: they never
// win, and an all-NaN or empty x gives 0. Comparisons are plain float32
// comparisons, so any tier that compares values the same way gets the same
// index from the same input.
func Argmax(x []float32) uint32 {
	best := -1
	for i, v := range x {
		if v != v {
			continue
		}
		if best < 0 || v > x[best] {
			best = i
		}
	}
	if best < 0 {
		return 0
	}
	return uint32(best)
}
