package cpu

import (
	"encoding/binary"
	"fmt"
	"sort"

	"zincc/ir"
	lower "zincc/lower/cpu"
)

// opKernel is everything the CPU tier holds for one op, in one place: the
// kernel a step runs, the oracle that holds another tier's result to it,
// and the tolerance rule that oracle applies (docs/numerics.md derives
// each). The lowering rule that resolves a node's parameters is the op's
// line in lower/cpu; adding an op adds one entry here and one there.
type opKernel struct {
	rule Rule
	// run computes the node's result (or effect) in the ring's buffers.
	run func(r *Ring, c *lower.Call) error
	// oracle recomputes the node from the operand bytes another tier used
	// and compares that tier's result got under rule.
	oracle func(c *lower.Call, a operands, got []byte) error
}

// operands are the bytes of a node's operands as another tier used them.
type operands [][]byte

func (a operands) f32(i int) []float32 { return floats(a[i]) }
func (a operands) word(i int) uint32   { return binary.LittleEndian.Uint32(a[i]) }

// ops holds every op's CPU parts. A test requires an entry for every op of
// the IR, with all three parts.
var ops = map[*ir.Op]*opKernel{
	ir.OpEmbed: {
		rule: Rule{Exact: true, Scale: "exact: every dequantisation is exact in float32"},
		run: func(r *Ring, c *lower.Call) error {
			row := int(r.word(c.In[1]))
			if row < 0 || row >= c.Rows {
				return fmt.Errorf("token %d is outside the %d rows of the table", row, c.Rows)
			}
			return Embed(r.out(c), r.bufs[c.In[0]], c.DType, c.Cols, row)
		},
		oracle: exactOracle(func(c *lower.Call, a operands, want []float32) error {
			return Embed(want, a[0], c.DType, c.Cols, int(a.word(1)))
		}),
	},
	ir.OpRMSNorm: {
		rule: Rule{Abs: denormSlack, Ulps: 12, Lambda: 4,
			Scale: "|x_i·w_i| / sqrt(mean(x²) + eps), the mean over i's head; n = head length"},
		run: func(r *Ring, c *lower.Call) error { return RMSNorm(r.out(c), r.in(c, 0), r.in(c, 1), c.Eps) },
		oracle: scaledOracle(func(c *lower.Call, a operands, want []float32, scale []float64) (int, error) {
			if err := RMSNorm(want, a.f32(0), a.f32(1), c.Eps); err != nil {
				return 0, err
			}
			return RMSNormScale(scale, a.f32(0), a.f32(1), c.Eps)
		}),
	},
	ir.OpAdd: {
		rule:   Rule{Exact: true, Scale: "exact: one correctly rounded float32 add"},
		run:    func(r *Ring, c *lower.Call) error { return Add(r.out(c), r.in(c, 0), r.in(c, 1)) },
		oracle: exactOracle(func(c *lower.Call, a operands, want []float32) error { return Add(want, a.f32(0), a.f32(1)) }),
	},
	ir.OpMul: {
		rule:   Rule{Exact: true, Scale: "exact: one correctly rounded float32 multiply"},
		run:    func(r *Ring, c *lower.Call) error { return Mul(r.out(c), r.in(c, 0), r.in(c, 1)) },
		oracle: exactOracle(func(c *lower.Call, a operands, want []float32) error { return Mul(want, a.f32(0), a.f32(1)) }),
	},
	ir.OpMatVec: {
		rule: Rule{Abs: denormSlack, Ulps: 4, Lambda: 8, Scale: "Σ_j |w_ij·x_j| (w and a quantised x dequantised); n = cols"},
		run: func(r *Ring, c *lower.Call) error {
			if c.XDType == ir.F16 || c.XDType == ir.BF16 {
				return MatVecHalfX(r.pool, r.out(c), r.bufs[c.In[0]], c.DType, c.Rows, c.Cols, r.bufs[c.In[1]], c.XDType, r.temp(c.Cols))
			}
			if c.XDType != ir.F32 {
				return MatVecQ8(r.pool, r.out(c), r.bufs[c.In[0]], c.DType, c.Rows, c.Cols, r.bufs[c.In[1]], c.XDType)
			}
			return MatVecF32Acc(r.pool, r.out(c), r.bufs[c.In[0]], c.DType, c.Rows, c.Cols, r.in(c, 1))
		},
		oracle: scaledOracle(func(c *lower.Call, a operands, want []float32, scale []float64) (int, error) {
			if c.XDType == ir.F16 || c.XDType == ir.BF16 {
				// The float64 product of the weights and x widened.
				x := make([]float32, c.Cols)
				if err := WidenHalf(x, a[1], c.XDType); err != nil {
					return 0, err
				}
				if err := MatVec(nil, want, a[0], c.DType, c.Rows, c.Cols, x); err != nil {
					return 0, err
				}
				return MatVecScale(scale, a[0], c.DType, c.Rows, c.Cols, x)
			}
			if c.XDType != ir.F32 {
				if err := MatVecQ8(nil, want, a[0], c.DType, c.Rows, c.Cols, a[1], c.XDType); err != nil {
					return 0, err
				}
				x := make([]float32, c.Cols)
				if err := Dequantize(x, a[1], c.XDType); err != nil {
					return 0, err
				}
				return MatVecScale(scale, a[0], c.DType, c.Rows, c.Cols, x)
			}
			if err := MatVec(nil, want, a[0], c.DType, c.Rows, c.Cols, a.f32(1)); err != nil {
				return 0, err
			}
			return MatVecScale(scale, a[0], c.DType, c.Rows, c.Cols, a.f32(1))
		}),
	},
	ir.OpMatVecAdd: {
		rule: Rule{Abs: denormSlack, Ulps: 5, Lambda: 8, Scale: "Σ_j |w_ij·x_j| + |r_i| (w and the quantised x dequantised): matvec's rule with the add's rounding; n = cols"},
		run: func(r *Ring, c *lower.Call) error {
			s := r.temp(c.Rows)
			return MatVecAdd(r.pool, r.out(c), r.bufs[c.In[0]], c.DType, c.Rows, c.Cols, r.bufs[c.In[1]], c.XDType, r.in(c, 2), s)
		},
		oracle: scaledOracle(func(c *lower.Call, a operands, want []float32, scale []float64) (int, error) {
			return MatVecAddScale(want, scale, a[0], c.DType, c.Rows, c.Cols, a[1], c.XDType, a.f32(2))
		}),
	},
	ir.OpQuantize: {
		rule: Rule{Exact: true, Scale: "exact: ggml's reference quantiser, byte for byte (a NaN scale matches any NaN)"},
		run: func(r *Ring, c *lower.Call) error {
			return Quantize(r.bufs[c.Out], r.in(c, 0), c.DType)
		},
		oracle: func(c *lower.Call, a operands, got []byte) error {
			want := make([]byte, len(got))
			if err := Quantize(want, a.f32(0), c.DType); err != nil {
				return err
			}
			return CheckQuantized(got, want, c.DType)
		},
	},
	ir.OpRMSNormQuantize: {
		rule: Rule{Abs: denormSlack, Ulps: 12, Lambda: 4,
			Scale: "rms_norm's bound on y = rms_norm(x, w), then the q8_0 or q8_K blocks of some y' within it (CheckNormQuantized, CheckNormQuantizedK); n = len(x)"},
		run: func(r *Ring, c *lower.Call) error {
			y := r.temp(c.Cols)
			return RMSNormQuantize(r.bufs[c.Out], r.in(c, 0), r.in(c, 1), c.Eps, c.DType, y)
		},
		oracle: func(c *lower.Call, a operands, got []byte) error {
			if c.DType == ir.Q8_K {
				return CheckRMSNormQuantizeK(got, a.f32(0), a.f32(1), c.Eps)
			}
			return CheckRMSNormQuantize(got, a.f32(0), a.f32(1), c.Eps)
		},
	},
	ir.OpRope: {
		rule: Rule{Abs: denormSlack, Ulps: 2,
			Scale: "(|x_a| + |x_b|)·(10 + P·((t+1)·M + 6)) for the pair (a, b) holding i; t = 1 + 2·ln(theta)/dims, M = min(dims/2, dims/(2e·ln theta)), P = pos·freq_scale·max(1, max 1/freqs)"},
		run: func(r *Ring, c *lower.Call) error {
			var freqs []float32
			if len(c.In) > 2 {
				freqs = r.in(c, 2)
			}
			return Rope(r.out(c), r.in(c, 0), r.word(c.In[1]), c.HeadDim, c.RopeDims, c.Theta, c.NeoX, freqs, c.FreqScale)
		},
		oracle: scaledOracle(func(c *lower.Call, a operands, want []float32, scale []float64) (int, error) {
			var freqs []float32
			if len(a) > 2 {
				freqs = a.f32(2)
			}
			if err := Rope(want, a.f32(0), a.word(1), c.HeadDim, c.RopeDims, c.Theta, c.NeoX, freqs, c.FreqScale); err != nil {
				return 0, err
			}
			return RopeScale(scale, a.f32(0), a.word(1), c.HeadDim, c.RopeDims, c.Theta, c.NeoX, freqs, c.FreqScale)
		}),
	},
	ir.OpRopeKV: {
		rule: Rule{Abs: denormSlack, Ulps: 2,
			Scale: "rope's, on the result (rope of q) and row pos of k_cache (rope of k; for an f16 cache, after the f16 rounding: CheckRopeKV); row pos of v_cache exact as kv_store"},
		run: func(r *Ring, c *lower.Call) error {
			var freqs []float32
			if len(c.In) > 6 {
				freqs = r.in(c, 6)
			}
			pos := r.word(c.In[5])
			if int(pos) >= c.Rows {
				return fmt.Errorf("position %d is outside the %d rows of the cache", pos, c.Rows)
			}
			k := r.in(c, 1)
			s := r.temp(len(k))
			return RopeKV(r.out(c), r.in(c, 0), k, r.in(c, 2), r.bufs[c.In[3]], r.bufs[c.In[4]], c.DType, pos,
				c.HeadDim, c.RopeDims, c.Theta, c.NeoX, freqs, c.FreqScale, s)
		},
		// The caches are the operands after the store (as kv_store's got).
		oracle: func(c *lower.Call, a operands, got []byte) error {
			var freqs []float32
			if len(a) > 6 {
				freqs = a.f32(6)
			}
			return CheckRopeKV(got, a.f32(0), a.f32(1), a.f32(2), a[3], a[4], c.DType, a.word(5),
				c.HeadDim, c.RopeDims, c.Theta, c.NeoX, freqs, c.FreqScale)
		},
	},
	ir.OpKVStore: {
		rule: Rule{Exact: true, Scale: "exact: bits copied or one f16 round-to-nearest-even"},
		run: func(r *Ring, c *lower.Call) error {
			pos := int(r.word(c.In[2]))
			if pos >= c.Rows {
				return fmt.Errorf("position %d is outside the %d rows of the cache", pos, c.Rows)
			}
			return KVStore(r.bufs[c.In[0]], c.DType, c.Cols, pos, r.in(c, 1))
		},
		// got is the cache after the store; only row pos is compared.
		oracle: func(c *lower.Call, a operands, got []byte) error {
			row := append([]byte(nil), got...)
			pos := int(a.word(2))
			if err := KVStore(row, c.DType, c.Cols, pos, a.f32(1)); err != nil {
				return err
			}
			rb, _ := c.DType.RowBytes(c.Cols)
			if string(row[pos*rb:(pos+1)*rb]) != string(got[pos*rb:(pos+1)*rb]) {
				return fmt.Errorf("kv_store: row %d of %s differs from the stored %s", pos, c.Node.Args[0].Ref(), c.Node.Args[1].Ref())
			}
			return nil
		},
	},
	ir.OpAttention: {
		rule: Rule{Abs: denormSlack, Ulps: 16, Lambda: 8,
			Scale: "Σ_j p_j·|v_jd|·(2 + |s_j - m| + 2A + S + E); A = |scale|·max_j Σ_d |q_d·k_jd|, S = max_j |s_j|, E = Σ_j p_j·|s_j - m|; n = max(pos+1, headDim)"},
		run: func(r *Ring, c *lower.Call) error {
			pos := int(r.word(c.In[3]))
			if pos >= c.Rows {
				return fmt.Errorf("position %d is outside the %d rows of the cache", pos, c.Rows)
			}
			return AttentionPool(r.pool, r.out(c), r.in(c, 0), r.bufs[c.In[1]], r.bufs[c.In[2]], c.DType, pos, c.Heads, c.KVHeads, c.HeadDim, c.Scale)
		},
		oracle: scaledOracle(func(c *lower.Call, a operands, want []float32, scale []float64) (int, error) {
			pos := int(a.word(3))
			if pos >= c.Rows {
				return 0, fmt.Errorf("attention: position %d past the %d cache rows", pos, c.Rows)
			}
			if err := Attention(want, a.f32(0), a[1], a[2], c.DType, pos, c.Heads, c.KVHeads, c.HeadDim, c.Scale, make([]float32, pos+1)); err != nil {
				return 0, err
			}
			return AttentionScale(scale, a.f32(0), a[1], a[2], c.DType, pos, c.Heads, c.KVHeads, c.HeadDim, c.Scale)
		}),
	},
	ir.OpAttentionQuantize: {
		rule: Rule{Abs: denormSlack, Ulps: 16, Lambda: 8,
			Scale: "attention's bound on y = attention(q, k, v, pos), then the q8_0 or q8_K blocks of some y' within it (CheckNormQuantized, CheckNormQuantizedK)"},
		run: func(r *Ring, c *lower.Call) error {
			pos := int(r.word(c.In[3]))
			if pos >= c.Rows {
				return fmt.Errorf("position %d is outside the %d rows of the cache", pos, c.Rows)
			}
			q := r.in(c, 0)
			y := r.temp(len(q))
			return AttentionQuantize(r.pool, r.bufs[c.Out], q, r.bufs[c.In[1]], r.bufs[c.In[2]], c.DType, pos, c.Heads, c.KVHeads, c.HeadDim, c.Scale, c.Node.Result.Type.DType, y)
		},
		oracle: func(c *lower.Call, a operands, got []byte) error {
			pos := int(a.word(3))
			if pos >= c.Rows {
				return fmt.Errorf("attention_quantize: position %d past the %d cache rows", pos, c.Rows)
			}
			return CheckAttentionQuantize(got, a.f32(0), a[1], a[2], c.DType, pos, c.Heads, c.KVHeads, c.HeadDim, c.Scale, c.Node.Result.Type.DType)
		},
	},
	ir.OpSiLU: {
		rule: Rule{Abs: denormSlack, Ulps: 8, Scale: "|silu(x_i)|·(1 + |x_i|)"},
		run:  func(r *Ring, c *lower.Call) error { return SiLU(r.out(c), r.in(c, 0)) },
		oracle: scaledOracle(func(c *lower.Call, a operands, want []float32, scale []float64) (int, error) {
			if err := SiLU(want, a.f32(0)); err != nil {
				return 0, err
			}
			return SiLUScale(scale, a.f32(0))
		}),
	},
	ir.OpSwiGLU: {
		rule: Rule{Abs: denormSlack, Ulps: 8, Scale: "|silu(g_i)·u_i|·(1 + |g_i|)"},
		run:  func(r *Ring, c *lower.Call) error { return SwiGLU(r.out(c), r.in(c, 0), r.in(c, 1)) },
		oracle: scaledOracle(func(c *lower.Call, a operands, want []float32, scale []float64) (int, error) {
			if err := SwiGLU(want, a.f32(0), a.f32(1)); err != nil {
				return 0, err
			}
			return SwiGLUScale(scale, a.f32(0), a.f32(1))
		}),
	},
	ir.OpSwiGLUQuantize: {
		rule: Rule{Abs: denormSlack, Ulps: 8,
			Scale: "swiglu's bound on y = swiglu(gate, up), then the q8_0 or q8_K blocks of some y' within it (CheckNormQuantized, CheckNormQuantizedK)"},
		run: func(r *Ring, c *lower.Call) error {
			y := r.temp(c.Cols)
			return SwiGLUQuantize(r.bufs[c.Out], r.in(c, 0), r.in(c, 1), c.DType, y)
		},
		oracle: func(c *lower.Call, a operands, got []byte) error {
			return CheckSwiGLUQuantize(got, a.f32(0), a.f32(1), c.DType)
		},
	},
	ir.OpSoftmax: {
		rule: Rule{Abs: denormSlack, Ulps: 8, Lambda: 8, Scale: "p_i·(1 + |x_i - max x|); n = len(x)"},
		run:  func(r *Ring, c *lower.Call) error { return Softmax(r.out(c), r.in(c, 0)) },
		oracle: scaledOracle(func(c *lower.Call, a operands, want []float32, scale []float64) (int, error) {
			if err := Softmax(want, a.f32(0)); err != nil {
				return 0, err
			}
			return SoftmaxScale(scale, a.f32(0))
		}),
	},
	ir.OpArgmax: {
		rule: Rule{Exact: true, Scale: "exact index; CheckArgmax admits near-ties of the reference logits"},
		run: func(r *Ring, c *lower.Call) error {
			binary.LittleEndian.PutUint32(r.bufs[c.Out], Argmax(r.in(c, 0)))
			return nil
		},
		oracle: func(c *lower.Call, a operands, got []byte) error {
			w := Argmax(a.f32(0))
			if g := binary.LittleEndian.Uint32(got); g != w {
				return fmt.Errorf("argmax: got index %d, want %d over the same input", g, w)
			}
			return nil
		},
	},
	ir.OpCopy: {
		rule: Rule{Exact: true, Scale: "exact: bits copied"},
		run: func(r *Ring, c *lower.Call) error {
			copy(r.bufs[c.Out], r.bufs[c.In[0]])
			return nil
		},
		oracle: func(c *lower.Call, a operands, got []byte) error {
			if string(got) != string(a[0]) {
				return fmt.Errorf("copy: the bytes differ")
			}
			return nil
		},
	},
}

// exactOracle builds the oracle of an exact op from the computation of its
// expected result.
func exactOracle(compute func(c *lower.Call, a operands, want []float32) error) func(*lower.Call, operands, []byte) error {
	return func(c *lower.Call, a operands, got []byte) error {
		want := make([]float32, c.Node.Result.Type.Elems())
		if err := compute(c, a, want); err != nil {
			return err
		}
		return Check(c.Node.Op.Name, floats(got), want, nil, 0)
	}
}

// scaledOracle builds the oracle of a bounded op from the computation of
// its expected result and the scale of each output (returning the
// reduction length n of the op's rule).
func scaledOracle(compute func(c *lower.Call, a operands, want []float32, scale []float64) (int, error)) func(*lower.Call, operands, []byte) error {
	return func(c *lower.Call, a operands, got []byte) error {
		n := c.Node.Result.Type.Elems()
		want, scale := make([]float32, n), make([]float64, n)
		terms, err := compute(c, a, want, scale)
		if err != nil {
			return err
		}
		return Check(c.Node.Op.Name, floats(got), want, scale, terms)
	}
}

// opsByIndex is ops indexed by ir.Op.Index, for the ring's inner loop.
var opsByIndex []*opKernel

// rules is each op's rule by op name, for Check and Tolerance.
var rules = map[string]Rule{}

func init() {
	for op, k := range ops {
		k.rule.Op = op.Name
		rules[op.Name] = k.rule
		for len(opsByIndex) <= op.Index {
			opsByIndex = append(opsByIndex, nil)
		}
		opsByIndex[op.Index] = k
	}
}

// kernelFor returns the CPU parts of op, or nil.
func kernelFor(op *ir.Op) *opKernel {
	if op.Index < len(opsByIndex) {
		return opsByIndex[op.Index]
	}
	return nil
}

// MissingParts lists what the CPU tier lacks for op (a kernel, an oracle,
// a tolerance rule), empty when it has them all.
func MissingParts(op *ir.Op) []string {
	k := kernelFor(op)
	if k == nil {
		return []string{"cpu kernel", "oracle", "tolerance rule"}
	}
	var missing []string
	if k.run == nil {
		missing = append(missing, "cpu kernel")
	}
	if k.oracle == nil {
		missing = append(missing, "oracle")
	}
	if !k.rule.Exact && k.rule.Ulps == 0 && k.rule.Lambda == 0 && k.rule.Abs == 0 {
		missing = append(missing, "tolerance rule")
	}
	return missing
}

// Tolerance returns the rule for op (an IR op name such as "matvec").
func Tolerance(op string) (Rule, bool) {
	r, ok := rules[op]
	return r, ok
}

// Rules returns every rule, sorted by op name.
func Rules() []Rule {
	out := make([]Rule, 0, len(rules))
	for _, r := range rules {
		out = append(out, r)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Op < out[j].Op })
	return out
}
