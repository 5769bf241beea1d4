package sim

import (
	"math"
	"math/big"
	"sync"
)

// twoOverPi holds the first 1201 fraction bits of 2/π as an integer
// (b_1200 is the most significant), the table V_TRIG_PREOP_F64 reads.
var (
	twoOverPiOnce sync.Once
	twoOverPi     *big.Int
)

// arctanInv returns atan(1/x) to prec bits by its Taylor series.
func arctanInv(x int64, prec uint) *big.Float {
	one := new(big.Float).SetPrec(prec).SetInt64(1)
	xf := new(big.Float).SetPrec(prec).SetInt64(x)
	x2 := new(big.Float).SetPrec(prec).Mul(xf, xf)
	term := new(big.Float).SetPrec(prec).Quo(one, xf) // 1/x^(2k+1)
	sum := new(big.Float).SetPrec(prec).Set(term)
	eps := new(big.Float).SetPrec(prec).SetMantExp(one, -int(prec)-8)
	for k := int64(1); ; k++ {
		term.Quo(term, x2)
		t := new(big.Float).SetPrec(prec).Quo(term, new(big.Float).SetPrec(prec).SetInt64(2*k+1))
		if t.Cmp(eps) < 0 {
			break
		}
		if k%2 == 1 {
			sum.Sub(sum, t)
		} else {
			sum.Add(sum, t)
		}
	}
	return sum
}

func initTwoOverPi() {
	const prec = 1400
	// Machin: π = 16·atan(1/5) − 4·atan(1/239).
	pi := new(big.Float).SetPrec(prec).Mul(big.NewFloat(16).SetPrec(prec), arctanInv(5, prec))
	pi.Sub(pi, new(big.Float).SetPrec(prec).Mul(big.NewFloat(4).SetPrec(prec), arctanInv(239, prec)))
	v := new(big.Float).SetPrec(prec).Quo(big.NewFloat(2).SetPrec(prec), pi)
	v.SetMantExp(v, 1201) // 2/π · 2^1201
	twoOverPi, _ = v.Int(nil)
}

// trigPreop is V_TRIG_PREOP_F64: the 53-bit segment of 2/π selected by
// S1[4:0] (segment k holds bits 53k onward), shifted further for inputs
// with large exponents, scaled so the segments add up to 2/π.
func trigPreop(a, b, _ uint64) uint64 {
	twoOverPiOnce.Do(initTwoOverPi)
	shift := int(b&31) * 53
	e := int(a >> 52 & 0x7ff)
	if e > 1077 {
		shift += e - 1077
	}
	var seg big.Int
	if top := 1201 - 53 - shift; top >= 0 {
		seg.Rsh(twoOverPi, uint(top))
	} else {
		seg.Lsh(twoOverPi, uint(-top))
	}
	seg.And(&seg, big.NewInt(1<<53-1))
	scale := -53 - shift
	if e >= 1968 {
		scale += 128
	}
	return math.Float64bits(math.Ldexp(float64(seg.Uint64()), scale))
}
