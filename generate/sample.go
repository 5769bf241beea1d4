package generate

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
)

// SamplerConfig chooses how the next token is drawn from a step's logits.
// The chain is llama.cpp's default order (common/common.h
// common_params_sampling.samplers, applied as in src/llama-sampling.cpp):
// repetition penalty, top-k, top-p, min-p, temperature, then a draw from
// the softmax of what is left. So top-k, top-p and min-p see untempered
// (but penalised) logits, and temperature acts last.
type SamplerConfig struct {
	// Temp divides the logits before the draw; Temp ≤ 0 is greedy: the
	// first token of highest (penalised) logit, with no random draw.
	Temp float64
	// TopK keeps the K highest logits; ≤ 0 keeps all.
	TopK int
	// TopP keeps the shortest prefix of the candidates, by descending
	// probability, whose probabilities sum to at least TopP; ≥ 1 is off.
	TopP float64
	// MinP keeps the candidates whose probability is at least MinP times
	// the highest one (logit ≥ max + ln MinP); ≤ 0 is off.
	MinP float64
	// RepeatPenalty divides a positive logit, and multiplies a negative
	// (or zero) one, of every token among the last RepeatLastN accepted
	// tokens (prompt included, as llama-cli does); 1 is off.
	RepeatPenalty float64
	RepeatLastN   int // 0: no history, so no penalty
	// Seed seeds the draws: the same seed and the same logits give the
	// same tokens on every run.
	Seed uint64
}

// DefaultSampler is llama.cpp's default (common_params_sampling): top-k 40,
// top-p 0.95, min-p 0.05, temperature 0.8, no repetition penalty (1.0)
// over the last 64 tokens.
func DefaultSampler() SamplerConfig {
	return SamplerConfig{Temp: 0.8, TopK: 40, TopP: 0.95, MinP: 0.05, RepeatPenalty: 1, RepeatLastN: 64}
}

// Check rejects values that have no meaning.
func (c SamplerConfig) Check() error {
	switch {
	case math.IsNaN(c.Temp) || math.IsInf(c.Temp, 0):
		return fmt.Errorf("temperature %v is not a number", c.Temp)
	case math.IsNaN(c.TopP) || c.TopP <= 0:
		return fmt.Errorf("top-p %v must be in (0, 1] (1 turns it off)", c.TopP)
	case math.IsNaN(c.MinP) || c.MinP < 0 || c.MinP > 1:
		return fmt.Errorf("min-p %v must be in [0, 1] (0 turns it off)", c.MinP)
	case math.IsNaN(c.RepeatPenalty) || math.IsInf(c.RepeatPenalty, 0) || c.RepeatPenalty <= 0:
		return fmt.Errorf("repeat penalty %v must be positive (1 turns it off)", c.RepeatPenalty)
	case c.RepeatLastN < 0:
		return fmt.Errorf("repeat-last-n %d must not be negative", c.RepeatLastN)
	}
	return nil
}

// Greedy reports whether the choice is the argmax of the raw logits, which
// the step's own argmax output gives without reading the logits back.
func (c SamplerConfig) Greedy() bool {
	return c.Temp <= 0 && (c.RepeatPenalty == 1 || c.RepeatLastN == 0)
}

// Candidate is one token with its logit and, once a filter or the draw
// has computed it, its probability among the candidates.
type Candidate struct {
	ID    uint32
	Logit float64
	P     float64
}

// Sampler draws tokens; it holds the random state and the history the
// repetition penalty reads, so one Sampler serves a whole conversation.
//
// The random numbers come from math/rand/v2's PCG (PCG-DXSM, 128-bit
// state) seeded with (Seed, 0x5A494E4343) ("ZINCC"); a draw takes one
// 64-bit output u and uses r = (u >> 11)·2⁻⁵³ in [0, 1). Both are fixed
// algorithms, so a seed gives the same draws on every machine and Go
// version, and on every tier as long as no draw falls between two
// candidates whose order or probability the tiers' rounding differences
// change.
type Sampler struct {
	cfg     SamplerConfig
	rng     *rand.PCG
	history []uint32 // the last RepeatLastN accepted tokens, oldest first
	cands   []Candidate
}

// NewSampler returns a sampler with an empty history.
func NewSampler(c SamplerConfig) (*Sampler, error) {
	if err := c.Check(); err != nil {
		return nil, err
	}
	return &Sampler{cfg: c, rng: rand.NewPCG(c.Seed, 0x5A494E4343)}, nil
}

// Config returns the sampler's configuration.
func (s *Sampler) Config() SamplerConfig { return s.cfg }

// Accept records a token that entered the context (prompt or generated),
// for the repetition penalty.
func (s *Sampler) Accept(id uint32) {
	n := s.cfg.RepeatLastN
	if n <= 0 {
		return
	}
	if len(s.history) == n {
		copy(s.history, s.history[1:])
		s.history = s.history[:n-1]
	}
	s.history = append(s.history, id)
}

// uniform returns the next draw in [0, 1).
func (s *Sampler) uniform() float64 { return float64(s.rng.Uint64()>>11) * 0x1p-53 }

// Sample applies the chain to logits and returns the chosen token.
func (s *Sampler) Sample(logits []float32) (uint32, error) {
	c, err := s.Distribution(logits)
	if err != nil {
		return 0, err
	}
	if len(c) == 1 {
		return c[0].ID, nil // greedy, or one candidate left: no draw
	}
	target := s.uniform()
	sum := 0.0
	for _, x := range c {
		sum += x.P
		if sum > target {
			return x.ID, nil
		}
	}
	return c[len(c)-1].ID, nil // rounding left the sum just under target
}

// Distribution returns the candidates the chain keeps for logits, most
// likely first, with the probabilities a draw uses (after temperature).
// It draws nothing.
func (s *Sampler) Distribution(logits []float32) ([]Candidate, error) {
	if len(logits) == 0 {
		return nil, fmt.Errorf("no logits to sample from")
	}
	s.cands = s.cands[:0]
	for i, l := range logits {
		if l != l {
			return nil, fmt.Errorf("the logit of token %d is NaN", i)
		}
		s.cands = append(s.cands, Candidate{ID: uint32(i), Logit: float64(l)})
	}
	c := s.Filter(s.cands)
	if s.cfg.Temp > 0 {
		for i := range c {
			c[i].Logit /= s.cfg.Temp
		}
	}
	softmax(c)
	return c, nil
}

// Filter applies the penalty, top-k, top-p and min-p to cands (in place)
// and returns the candidates kept, sorted by descending logit (ties: lower
// id first). cands must be in id order (cands[i].ID == i), as Sample builds
// them. With Temp ≤ 0 only the first maximal one is kept.
func (s *Sampler) Filter(cands []Candidate) []Candidate {
	c := cands
	if p := s.cfg.RepeatPenalty; p != 1 {
		for i, id := range s.history {
			if int(id) >= len(c) || slices.Contains(s.history[:i], id) {
				continue // each token once, however often it occurs
			}
			if l := &c[id].Logit; *l <= 0 {
				*l *= p
			} else {
				*l /= p
			}
		}
	}
	switch k := s.cfg.TopK; {
	case s.cfg.Temp <= 0:
		c = topK(c, 1)
	case k > 0 && k < len(c):
		c = topK(c, k)
	default:
		slices.SortStableFunc(c, before)
	}
	if s.cfg.Temp <= 0 {
		return c
	}
	if p := s.cfg.TopP; p < 1 {
		softmax(c)
		sum := 0.0
		for i := range c {
			sum += c[i].P
			if sum >= p {
				c = c[:i+1]
				break
			}
		}
	}
	if p := s.cfg.MinP; p > 0 {
		floor := c[0].Logit + math.Log(p)
		n := 1
		for n < len(c) && c[n].Logit >= floor {
			n++
		}
		c = c[:n]
	}
	return c
}

// before orders candidates by descending logit, then ascending id.
func before(a, b Candidate) int {
	if r := cmp.Compare(b.Logit, a.Logit); r != 0 {
		return r
	}
	return cmp.Compare(a.ID, b.ID)
}

// topK moves the k first candidates in the order of before to the front of
// c, sorted, and returns them. It keeps a sorted window of k and inserts
// only what beats its last, so a 128k vocabulary costs one pass.
func topK(c []Candidate, k int) []Candidate {
	if k >= len(c) || k > 256 {
		slices.SortStableFunc(c, before)
		return c[:min(k, len(c))]
	}
	top := make([]Candidate, 0, k+1)
	for _, x := range c {
		if len(top) == k && before(x, top[k-1]) >= 0 {
			continue
		}
		i, _ := slices.BinarySearchFunc(top, x, before)
		top = slices.Insert(top, i, x)
		if len(top) > k {
			top = top[:k]
		}
	}
	return c[:copy(c, top)]
}

// softmax sets P of every candidate; c is sorted, so c[0] has the largest
// logit.
func softmax(c []Candidate) {
	sum := 0.0
	for i := range c {
		c[i].P = math.Exp(c[i].Logit - c[0].Logit)
		sum += c[i].P
	}
	for i := range c {
		c[i].P /= sum
	}
}
