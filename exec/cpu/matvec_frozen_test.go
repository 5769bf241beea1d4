package cpu

import (
	"encoding/binary"
	"math"

	"zincc/internal/ggml"
	"zincc/ir"
)

// This file keeps the matvec kernels exactly as they were before they were
// tuned for speed (commit 3d67d1f), unexported and single-threaded, as the
// bit-for-bit reference that TestMatVecMatchesFrozen holds the tuned
// kernels to. Do not "improve" it: its only value is that it is the old
// code.

// frozenMatVec computes dst = W·x with the pre-tuning kernels, row by row
// on the calling goroutine.
func frozenMatVec(dst []float32, w []byte, dt ir.DType, rows, cols int, x []float32) {
	rb, err := dt.RowBytes(cols)
	if err != nil {
		panic(err)
	}
	xd := make([]float64, cols)
	scale := 0
	if dt == ir.F16 {
		scale = 895
	}
	m := math.Ldexp(1, scale)
	for i, v := range x {
		xd[i] = float64(v) * m
	}
	for r := 0; r < rows; r++ {
		row := w[r*rb : (r+1)*rb]
		var s float64
		switch dt {
		case ir.F32:
			s = frozenDotF32(row, xd)
		case ir.F16:
			s = frozenDotF16(row, xd)
		case ir.Q4_0:
			s = frozenDotQ4_0(row, xd)
		case ir.Q8_0:
			s = frozenDotQ8_0(row, xd)
		}
		dst[r] = float32(s)
	}
}

func frozenDotF32(w []byte, x []float64) float64 {
	if f, ok := float32View(w); ok {
		return frozenDotF32Native(f[:len(x)], x)
	}
	n := len(x)
	w = w[:4*n]
	var a0, a1, a2, a3 float64
	i := 0
	for ; i+4 <= n; i += 4 {
		ww := w[4*i : 4*i+16 : 4*i+16]
		xx := x[i : i+4 : i+4]
		a0 += float64(math.Float32frombits(binary.LittleEndian.Uint32(ww[0:]))) * xx[0]
		a1 += float64(math.Float32frombits(binary.LittleEndian.Uint32(ww[4:]))) * xx[1]
		a2 += float64(math.Float32frombits(binary.LittleEndian.Uint32(ww[8:]))) * xx[2]
		a3 += float64(math.Float32frombits(binary.LittleEndian.Uint32(ww[12:]))) * xx[3]
	}
	for ; i < n; i++ {
		a0 += float64(math.Float32frombits(binary.LittleEndian.Uint32(w[4*i:]))) * x[i]
	}
	return (a0 + a1) + (a2 + a3)
}

func frozenDotF32Native(f []float32, x []float64) float64 {
	var a0, a1, a2, a3 float64
	for len(x) >= 4 && len(f) >= 4 {
		a0 += float64(f[0]) * x[0]
		a1 += float64(f[1]) * x[1]
		a2 += float64(f[2]) * x[2]
		a3 += float64(f[3]) * x[3]
		f, x = f[4:], x[4:]
	}
	f = f[:len(x)]
	for i, v := range x {
		a0 += float64(f[i]) * v
	}
	return (a0 + a1) + (a2 + a3)
}

func frozenDotF16(w []byte, xs []float64) float64 {
	n := len(xs)
	w = w[:2*n]
	var a0, a1, a2, a3 float64
	var special uint64
	i := 0
	for ; i+4 <= n; i += 4 {
		u := binary.LittleEndian.Uint64(w[2*i:])
		special |= u&0x7C007C007C007C00 + 0x0400040004000400
		xx := xs[i : i+4 : i+4]
		a0 += frozenF16Bits(u<<48) * xx[0]
		a1 += frozenF16Bits(u<<32) * xx[1]
		a2 += frozenF16Bits(u<<16) * xx[2]
		a3 += frozenF16Bits(u) * xx[3]
	}
	for ; i < n; i++ {
		u := uint64(binary.LittleEndian.Uint16(w[2*i:]))
		special |= u&0x7C00 + 0x0400
		a0 += frozenF16Bits(u<<48) * xs[i]
	}
	if special&0x8000800080008000 != 0 {
		return frozenDotF16Slow(w, xs)
	}
	return ((a0 + a1) + (a2 + a3)) * 0x1p113
}

func frozenF16Bits(t uint64) float64 {
	return math.Float64frombits(uint64(int64(t)>>6) & 0x81FFFC0000000000)
}

func frozenDotF16Slow(w []byte, xs []float64) float64 {
	var a [4]float64
	n := len(xs)
	for i := 0; i < n; i++ {
		k := i & 3
		if i >= n&^3 {
			k = 0
		}
		a[k] += frozenF16to64(binary.LittleEndian.Uint16(w[2*i:])) * (xs[i] * 0x1p-895)
	}
	return (a[0] + a[1]) + (a[2] + a[3])
}

func frozenF16to64(h uint16) float64 {
	u := uint64(h)
	if u&0x7C00 == 0x7C00 {
		return math.Float64frombits((u&0x8000)<<48 | 0x7FF0000000000000 | (u&0x3FF)<<42)
	}
	return frozenF16Bits(u<<48) * 0x1p1008
}

func frozenDotQ4_0(w []byte, x []float64) float64 {
	nb := len(x) / ggml.BlockElems
	w = w[:nb*ggml.Q4_0BlockBytes]
	var acc float64
	for b := 0; b < nb; b++ {
		blk := w[b*ggml.Q4_0BlockBytes : (b+1)*ggml.Q4_0BlockBytes : (b+1)*ggml.Q4_0BlockBytes]
		xlo := x[b*ggml.BlockElems : b*ggml.BlockElems+16 : b*ggml.BlockElems+16]
		xhi := x[b*ggml.BlockElems+16 : (b+1)*ggml.BlockElems : (b+1)*ggml.BlockElems]
		qs := blk[2:18:18]
		var slo, shi float64
		for k := range 16 {
			c := qs[k]
			slo += float64(int(c&0xF)-8) * xlo[k]
			shi += float64(int(c>>4)-8) * xhi[k]
		}
		d := frozenF16to64(binary.LittleEndian.Uint16(blk))
		acc += float64(d * (slo + shi))
	}
	return acc
}

func frozenDotQ8_0(w []byte, x []float64) float64 {
	nb := len(x) / ggml.BlockElems
	w = w[:nb*ggml.Q8_0BlockBytes]
	var acc float64
	for b := 0; b < nb; b++ {
		blk := w[b*ggml.Q8_0BlockBytes : (b+1)*ggml.Q8_0BlockBytes : (b+1)*ggml.Q8_0BlockBytes]
		xs := x[b*ggml.BlockElems : (b+1)*ggml.BlockElems : (b+1)*ggml.BlockElems]
		qs := blk[2:34:34]
		var s0, s1, s2, s3 float64
		for k := 0; k < 32; k += 4 {
			s0 += float64(int8(qs[k])) * xs[k]
			s1 += float64(int8(qs[k+1])) * xs[k+1]
			s2 += float64(int8(qs[k+2])) * xs[k+2]
			s3 += float64(int8(qs[k+3])) * xs[k+3]
		}
		d := frozenF16to64(binary.LittleEndian.Uint16(blk))
		acc += float64(d * ((s0 + s1) + (s2 + s3)))
	}
	return acc
}
