package cpu

import (
	"fmt"
	"math"
)

// Unit is u = 2^-24, the unit roundoff of float32 (half its epsilon). The
// tolerance bounds are counted in multiples of it.
const Unit = 0x1p-24

// Rule is how closely another tier must reproduce the CPU kernel of one op
// (docs/numerics.md derives each entry). For an op that is not Exact, output
// i passes when
//
//	|got_i - want_i| <= Abs + (Ulps + Lambda·sqrt(n))·Unit·scale_i
//
// where scale_i comes from the op's scale function (MatVecScale, ...) and n
// is the length of the op's reductions as that function returns it. The
// Lambda·sqrt(n) term is the probabilistic bound on the rounding error of
// an n-term float32 sum in any order (Higham and Mary, SIAM J. Sci. Comput.
// 41(5), 2019: it holds with probability at least 1 - 2·exp(-Lambda²/2),
// 1 - 2.5e-14 for Lambda = 8); the Ulps term covers the fixed number of
// roundings and hardware approximations (~1 ulp for exp, rcp, rsq, sin, cos)
// along the way, for both tiers together.
type Rule struct {
	Op     string
	Exact  bool    // bits must match (any NaN matches any NaN)
	Abs    float64 // absolute slack, for denormals flushed to zero
	Ulps   float64 // fixed part of the relative bound, in units of Unit
	Lambda float64 // probabilistic growth with the reduction length
	Scale  string  // what scale_i is
}

// denormSlack absorbs a tier that flushes float32 denormals (< 2^-126) to
// zero in a reduction of up to ~2^20 terms.
const denormSlack = 0x1p-100

// Bound returns the largest admitted |got - want| for an output with the
// given scale, in a reduction of length n.
func (r Rule) Bound(scale float64, n int) float64 {
	if r.Exact {
		return 0
	}
	return r.Abs + (r.Ulps+r.Lambda*math.Sqrt(float64(n)))*Unit*scale
}

// Mismatch is the first output that breaks an op's rule.
type Mismatch struct {
	Op        string
	Index     int
	Got, Want float32
	Bound     float64 // 0 for exact ops
	Scale     float64
	Count     int // how many outputs broke the rule in all
}

// Error says which element differs, by how much, and the bound it breaks.
func (m *Mismatch) Error() string {
	more := ""
	if m.Count > 1 {
		more = fmt.Sprintf(" (%d outputs out of bounds)", m.Count)
	}
	if m.Bound == 0 {
		return fmt.Sprintf("%s: output %d: got %g (%#08x), want %g (%#08x) bit for bit%s",
			m.Op, m.Index, m.Got, math.Float32bits(m.Got), m.Want, math.Float32bits(m.Want), more)
	}
	return fmt.Sprintf("%s: output %d: got %g, want %g: |diff| %.3g > bound %.3g (scale %.3g)%s",
		m.Op, m.Index, m.Got, m.Want, math.Abs(float64(m.Got)-float64(m.Want)), m.Bound, m.Scale, more)
}

// Check compares another tier's outputs got with the CPU oracle's want
// under op's rule. scale and n come from the op's scale function and are
// ignored for exact ops (pass nil, 0). It returns nil, a *Mismatch naming
// the first offending output, or an error for an unknown op or mismatched
// lengths.
func Check(op string, got, want []float32, scale []float64, n int) error {
	r, ok := rules[op]
	if !ok {
		return fmt.Errorf("cpu: no tolerance rule for op %q", op)
	}
	if len(got) != len(want) {
		return fmt.Errorf("%s: got %d outputs, want %d", op, len(got), len(want))
	}
	if !r.Exact && len(scale) != len(want) {
		return fmt.Errorf("%s: %d scales for %d outputs", op, len(scale), len(want))
	}
	var first *Mismatch
	for i := range want {
		g, w := got[i], want[i]
		var bound, s float64
		var pass bool
		gNaN, wNaN := g != g, w != w
		switch {
		case gNaN || wNaN:
			pass = gNaN && wNaN
		case r.Exact:
			pass = math.Float32bits(g) == math.Float32bits(w)
		case math.IsInf(float64(w), 0) || math.IsInf(float64(g), 0):
			pass = g == w
		default:
			s = scale[i]
			bound = r.Bound(s, n)
			pass = math.Abs(float64(g)-float64(w)) <= bound
		}
		if pass {
			continue
		}
		if first == nil {
			first = &Mismatch{Op: op, Index: i, Got: g, Want: w, Bound: bound, Scale: s}
		}
		first.Count++
	}
	if first != nil {
		return first
	}
	return nil
}

// CheckArgmax compares another tier's argmax index got with the oracle's
// want over the oracle's logits. A different index passes only when the two
// logits are within the logits' own tolerance of each other (a near-tie
// that the other tier's matvec may legitimately have flipped): bound[i] is
// the admitted error of logit i (Rule.Bound of the op that made them).
func CheckArgmax(got, want uint32, logits []float32, bound []float64) error {
	if got == want {
		return nil
	}
	if int(got) >= len(logits) || int(want) >= len(logits) || len(bound) != len(logits) {
		return fmt.Errorf("argmax: got index %d, want %d, over %d logits and %d bounds", got, want, len(logits), len(bound))
	}
	gap := float64(logits[want]) - float64(logits[got])
	if gap <= bound[got]+bound[want] {
		return nil
	}
	return fmt.Errorf("argmax: got index %d (logit %g), want %d (logit %g): gap %.3g exceeds the logits' tolerance %.3g",
		got, logits[got], want, logits[want], gap, bound[got]+bound[want])
}
