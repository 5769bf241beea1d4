package cpu

import (
	"math"

	"zincc/ir"
)

// The scale functions compute, from an op's inputs, the per-output scale
// of its tolerance rule and the reduction length n to pass to Check. They
// are test helpers: they work in float64, allocate freely and are not
// tuned. Each one's formula is derived in docs/numerics.md.

// decodeRow widens one row of n values of dtype dt to float64 exactly.
func decodeRow(row []byte, dt ir.DType, n int) ([]float64, error) {
	f := make([]float32, n)
	var err error
	switch dt {
	case ir.F32:
		for i := range f {
			f[i] = math.Float32frombits(uint32(row[4*i]) | uint32(row[4*i+1])<<8 | uint32(row[4*i+2])<<16 | uint32(row[4*i+3])<<24)
		}
	default:
		if dec, ok := decoders[dt]; ok {
			err = dec(f, row)
		} else {
			err = sizeError("scale", "dtype %v", dt)
		}
	}
	out := make([]float64, n)
	for i, v := range f {
		out[i] = float64(v)
	}
	return out, err
}

// minFields gives, for the formats whose value is d·(code) + min term, the
// byte offsets in a block of the f16 scale d and of the f16 min (m or dmin).
var minFields = map[ir.DType][2]int{ir.Q4_1: {0, 2}, ir.Q5_1: {0, 2}, ir.Q4_K: {0, 2}, ir.Q5_K: {0, 2}}

// weightMagnitudes returns |w_j| per element of a row, except for the
// formats with a minimum, where it returns |scale term| + |min term|
// (|d·q| + |m|, |d·sc·q| + |dmin·m|): the two terms a kernel may round
// separately, so the sum's rounding is bounded by their magnitudes even
// when they cancel. Each term is decoded exactly by zeroing the other
// field of a copy of the row.
func weightMagnitudes(row []byte, dt ir.DType, n int) ([]float64, error) {
	f, ok := minFields[dt]
	if !ok {
		w, err := decodeRow(row, dt, n)
		for i := range w {
			w[i] = math.Abs(w[i])
		}
		return w, err
	}
	bb := dt.BlockBytes()
	terms := [2][]float64{}
	for k, off := range []int{f[1], f[0]} { // zero the min, then the scale
		c := append([]byte(nil), row...)
		for b := 0; b+bb <= len(c); b += bb {
			c[b+off], c[b+off+1] = 0, 0
		}
		v, err := decodeRow(c, dt, n)
		if err != nil {
			return nil, err
		}
		terms[k] = v
	}
	for i := range terms[0] {
		terms[0][i] = math.Abs(terms[0][i]) + math.Abs(terms[1][i])
	}
	return terms[0], nil
}

// MatVecScale sets scale[r] = Σ_j |w_rj·x_j| for matvec's rule; n = cols.
// For the formats with a minimum |w_rj| is |scale term| + |min term|
// (weightMagnitudes).
func MatVecScale(scale []float64, w []byte, dt ir.DType, rows, cols int, x []float32) (n int, err error) {
	rb, err := matvecRowBytes(dt, cols)
	if err != nil {
		return 0, err
	}
	if len(scale) != rows || len(x) != cols || len(w) != rows*rb {
		return 0, sizeError("matvec scale", "shapes disagree")
	}
	for r := 0; r < rows; r++ {
		wr, err := weightMagnitudes(w[r*rb:(r+1)*rb], dt, cols)
		if err != nil {
			return 0, err
		}
		var s float64
		for j, v := range wr {
			s += math.Abs(v * float64(x[j]))
		}
		scale[r] = s
	}
	return cols, nil
}

// RMSNormScale sets scale[i] = |x_i·w_i| / sqrt(mean(x²) + eps) with the
// mean over the head of i (len(w) values; see RMSNorm); n = len(w).
func RMSNormScale(scale []float64, x, w []float32, eps float32) (n int, err error) {
	if len(scale) != len(x) || len(w) == 0 || len(x)%len(w) != 0 {
		return 0, sizeError("rms_norm scale", "shapes disagree")
	}
	for h := 0; h < len(x); h += len(w) {
		hx := x[h : h+len(w)]
		var ss float64
		for _, v := range hx {
			ss += float64(v) * float64(v)
		}
		r := 1 / math.Sqrt(ss/float64(len(hx))+float64(eps))
		for i := range hx {
			scale[h+i] = math.Abs(float64(hx[i])*float64(w[i])) * r
		}
	}
	return len(w), nil
}

// SiLUScale sets scale[i] = |silu(x_i)|·(1 + |x_i|); n = 0.
func SiLUScale(scale []float64, x []float32) (n int, err error) {
	if len(scale) != len(x) {
		return 0, sizeError("silu scale", "shapes disagree")
	}
	for i, v := range x {
		g := float64(v)
		scale[i] = math.Abs(g/(1+math.Exp(-g))) * (1 + math.Abs(g))
	}
	return 0, nil
}

// SwiGLUScale sets scale[i] = |silu(g_i)·u_i|·(1 + |g_i|); n = 0.
func SwiGLUScale(scale []float64, gate, up []float32) (n int, err error) {
	if len(scale) != len(gate) || len(up) != len(gate) {
		return 0, sizeError("swiglu scale", "shapes disagree")
	}
	for i, v := range gate {
		g := float64(v)
		scale[i] = math.Abs(g/(1+math.Exp(-g))*float64(up[i])) * (1 + math.Abs(g))
	}
	return 0, nil
}

// SoftmaxScale sets scale[i] = p_i·(1 + |x_i - max x|); n = len(x).
func SoftmaxScale(scale []float64, x []float32) (n int, err error) {
	if len(scale) != len(x) || len(x) == 0 {
		return 0, sizeError("softmax scale", "shapes disagree")
	}
	m := math.Inf(-1)
	for _, v := range x {
		m = math.Max(m, float64(v))
	}
	var sum float64
	for _, v := range x {
		sum += math.Exp(float64(v) - m)
	}
	for i, v := range x {
		d := float64(v) - m
		p := math.Exp(d) / sum
		if p == 0 { // an element at -inf (or far below the max) has p = 0 exactly
			scale[i] = 0
			continue
		}
		scale[i] = p * (1 + math.Abs(d))
	}
	return len(x), nil
}

// RopeScale sets scale[i] = (|x_a| + |x_b|)·(10 + P·((t+1)·M + 6)) for
// the rotated pair (a, b) holding i, with t = 1 + 2·ln(theta)/dims,
// M = min(dims/2, dims/(2e·ln theta)) and P the largest angle factor,
// pos·freqScale·max(1, max_i 1/freqs[i]) (each rounding of an angle is
// relative to it; the 6 counts the division by a factor and the scaling);
// unrotated dims get |x_i| (they are copied, so any difference fails).
// n = 0.
func RopeScale(scale []float64, x []float32, pos uint32, headDim, dims int, theta float32, neox bool, freqs []float32, freqScale float32) (n int, err error) {
	if len(scale) != len(x) || headDim <= 0 || len(x)%headDim != 0 || dims%2 != 0 || dims > headDim || dims < 0 ||
		(freqs != nil && len(freqs) != dims/2) {
		return 0, sizeError("rope scale", "shapes disagree")
	}
	lt := math.Log(float64(theta))
	t := 1 + 2*math.Abs(lt)/float64(dims)
	mm := float64(dims) / 2
	if lt > 0 {
		mm = math.Min(mm, float64(dims)/(2*math.E*lt))
	}
	inv := 1.0
	for _, f := range freqs {
		inv = math.Max(inv, math.Abs(1/float64(f)))
	}
	p := float64(pos) * float64(freqScale) * inv
	f := 10 + p*((t+1)*mm+6)
	half := dims / 2
	for base := 0; base < len(x); base += headDim {
		for i := 0; i < headDim; i++ {
			scale[base+i] = math.Abs(float64(x[base+i]))
		}
		for i := 0; i < half; i++ {
			a, b := base+2*i, base+2*i+1
			if neox {
				a, b = base+i, base+i+half
			}
			s := (math.Abs(float64(x[a])) + math.Abs(float64(x[b]))) * f
			scale[a], scale[b] = s, s
		}
	}
	return 0, nil
}

// AttentionScale sets scale[h·headDim+d] = Σ_j p_j·|v_jd|·(2 + |s_j - m| +
// 2A + S + E) for query head h, with s_j = scale·q·k_j, p the softmax of s,
// A = |scale|·max_j Σ_d |q_d·k_jd|, S = max_j |s_j|, E = Σ_j p_j·|s_j - m|;
// n = max(pos+1, headDim).
func AttentionScale(scale []float64, q []float32, k, v []byte, dt ir.DType, pos, heads, kvHeads, headDim int, attnScale float32) (n int, err error) {
	if heads <= 0 || kvHeads <= 0 || heads%kvHeads != 0 || len(q) != heads*headDim || len(scale) != len(q) {
		return 0, sizeError("attention scale", "shapes disagree")
	}
	width := kvHeads * headDim
	ctx, rb, err := stateRows("attention scale", k, dt, width)
	if err != nil {
		return 0, err
	}
	if len(v) != len(k) || pos < 0 || pos >= ctx {
		return 0, sizeError("attention scale", "shapes disagree")
	}
	group := heads / kvHeads
	sc := float64(attnScale)
	for h := 0; h < heads; h++ {
		kvh := h / group
		s := make([]float64, pos+1)
		vs := make([][]float64, pos+1)
		var A, S float64
		m := math.Inf(-1)
		for j := 0; j <= pos; j++ {
			kr, err := decodeRow(k[j*rb:(j+1)*rb], dt, width)
			if err != nil {
				return 0, err
			}
			vr, err := decodeRow(v[j*rb:(j+1)*rb], dt, width)
			if err != nil {
				return 0, err
			}
			vs[j] = vr[kvh*headDim : (kvh+1)*headDim]
			var dot, mag float64
			for d := 0; d < headDim; d++ {
				p := float64(q[h*headDim+d]) * kr[kvh*headDim+d]
				dot += p
				mag += math.Abs(p)
			}
			s[j] = sc * dot
			A = math.Max(A, math.Abs(sc)*mag)
			S = math.Max(S, math.Abs(s[j]))
			m = math.Max(m, s[j])
		}
		p := make([]float64, pos+1)
		var sum float64
		for j := range s {
			p[j] = math.Exp(s[j] - m)
			sum += p[j]
		}
		var E float64
		for j := range p {
			p[j] /= sum
			E += p[j] * math.Abs(s[j]-m)
		}
		for d := 0; d < headDim; d++ {
			var t float64
			for j := range p {
				t += p[j] * math.Abs(vs[j][d]) * (2 + math.Abs(s[j]-m) + 2*A + S + E)
			}
			scale[h*headDim+d] = t
		}
	}
	return max(pos+1, headDim), nil
}
