package cpu

import (
	"encoding/binary"

	"zincc/internal/ggml"
	"zincc/ir"
)

// NaN rows of the ggml formats of matvec_ggml.go, recomputed in the same
// order with the precedence of matvec_nan.go written out: within a chain
// the accumulator before the new product, a code before x (codes are never
// NaNs), s_lo before s_hi, a sum before the scale it is multiplied by,
// d before sc and (d·sc) before the sum, acc before the block's terms; a
// subtraction returns its first NaN operand, as x86's does. Σx is summed
// again in index order with the accumulator first.

// subFirst returns a−b; when a or b is a NaN, the first NaN, quieted (the
// NaN of b is returned as it is, not negated).
func subFirst(a, b float64) float64 {
	switch {
	case a != a:
		return quiet(a)
	case b != b:
		return quiet(b)
	}
	return a - b
}

// sum32NaN is Σ x[0..31] with NaN precedence written out.
func sum32NaN(x []float64) float64 {
	var s float64
	for _, v := range x[:32] {
		s = addFirst(s, v)
	}
	return s
}

// dotGGMLNaN recomputes a row of one of the formats of matvec_ggml.go
// whose sum was a NaN.
func dotGGMLNaN(dt ir.DType, w []byte, x []float64) float64 {
	switch dt {
	case ir.BF16:
		var a [4]float64
		n := len(x)
		for i := 0; i < n; i++ {
			k := i & 3
			if i >= n&^3 {
				k = 0
			}
			a[k] = addFirst(a[k], mulFirst(bf16At(w[2*i:]), x[i]))
		}
		return addFirst(addFirst(a[0], a[1]), addFirst(a[2], a[3]))
	case ir.Q4_1, ir.Q5_0, ir.Q5_1:
		return dot32NaN(dt, w, x)
	case ir.Q4_K, ir.Q5_K:
		return dotQ45KNaN(dt, w, x)
	case ir.Q6_K:
		return dotQ6_KNaN(w, x)
	}
	return 0
}

func dot32NaN(dt ir.DType, w []byte, x []float64) float64 {
	bb := dt.BlockBytes()
	var acc float64
	for b := 0; b < len(x)/32; b++ {
		blk, xb := w[b*bb:(b+1)*bb], x[32*b:32*b+32]
		code := func(e int) float64 { // the element's integer factor
			switch dt {
			case ir.Q4_1:
				return float64(blk[4+e%16] >> (4 * (e / 16)) & 0xF)
			case ir.Q5_0:
				qh := binary.LittleEndian.Uint32(blk[2:])
				return float64(int(blk[6+e%16]>>(4*(e/16))&0xF|byte(qh>>e&1)<<4) - 16)
			default: // q5_1
				qh := binary.LittleEndian.Uint32(blk[4:])
				return float64(blk[8+e%16]>>(4*(e/16))&0xF | byte(qh>>e&1)<<4)
			}
		}
		var lo, hi float64
		for k := 0; k < 16; k++ {
			lo = addFirst(lo, mulFirst(code(k), xb[k]))
			hi = addFirst(hi, mulFirst(code(16+k), xb[16+k]))
		}
		acc = addFirst(acc, mulFirst(blockScale(blk[0], blk[1]), addFirst(lo, hi)))
		if dt != ir.Q5_0 {
			acc = addFirst(acc, mulFirst(blockScale(blk[2], blk[3]), sum32NaN(xb)))
		}
	}
	return acc
}

func dotQ45KNaN(dt ir.DType, w []byte, x []float64) float64 {
	bb := dt.BlockBytes()
	var acc float64
	for b := 0; b < len(x)/256; b++ {
		blk, xb := w[b*bb:(b+1)*bb], x[256*b:256*b+256]
		d, dmin := blockScale(blk[0], blk[1]), blockScale(blk[2], blk[3])
		for j := 0; j < 8; j++ {
			c, hiNib := j/2, j%2
			var s float64
			for l := 0; l < 32; l++ {
				var q byte
				if dt == ir.Q4_K {
					q = blk[16+32*c+l] >> (4 * hiNib) & 0xF
				} else {
					q = blk[48+32*c+l]>>(4*hiNib)&0xF | blk[16+l]>>j&1<<4
				}
				s = addFirst(s, mulFirst(float64(q), xb[32*j+l]))
			}
			sc, m := ggml.ScaleMinK4(j, blk[4:16])
			acc = addFirst(acc, mulFirst(mulFirst(d, float64(sc)), s))
			acc = subFirst(acc, mulFirst(mulFirst(dmin, float64(m)), sum32NaN(xb[32*j:])))
		}
	}
	return acc
}

func dotQ6_KNaN(w []byte, x []float64) float64 {
	var acc float64
	for b := 0; b < len(x)/256; b++ {
		blk, xb := w[b*210:(b+1)*210], x[256*b:256*b+256]
		var s [16]float64
		for e := 0; e < 256; e++ {
			n, r := e/128, e%128
			i, l := r/32, r%32
			q := blk[64*n+32*(i%2)+l]>>(4*(i/2))&0xF | (blk[128+32*n+l]>>(2*i)&3)<<4
			s[e/16] = addFirst(s[e/16], mulFirst(float64(int(q)-32), xb[e]))
		}
		d := blockScale(blk[208], blk[209])
		for k := 0; k < 16; k++ {
			acc = addFirst(acc, mulFirst(mulFirst(d, float64(int8(blk[192+k]))), s[k]))
		}
	}
	return acc
}
