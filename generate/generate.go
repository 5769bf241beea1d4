package generate

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"time"

	"zincc/exec"
)

// Options say how a session generates.
type Options struct {
	// MaxTokens bounds the tokens sampled per reply (the end-of-generation
	// token included); < 0 is no bound (the context still is).
	MaxTokens int
	Sampler   SamplerConfig
	// ParseSpecial makes special tokens written in a raw prompt (such as
	// "<|im_start|>") those tokens, as llama.cpp does for prompts; without
	// it they are plain text. Chat turns are always parsed, since the
	// template's markers are special tokens.
	ParseSpecial bool
	// Chat is the template of Session.Chat ("" for raw text only).
	Chat Template
}

// StopReason says why a reply ended.
type StopReason string

const (
	StopEndOfGeneration StopReason = "eog"     // the model produced an end-of-generation token
	StopLimit           StopReason = "limit"   // MaxTokens tokens were sampled
	StopContext         StopReason = "context" // the KV cache is full
)

// Describe is the reason in words, for the timing lines.
func (r StopReason) Describe(maxTokens, ctx int) string {
	switch r {
	case StopEndOfGeneration:
		return "end-of-generation token"
	case StopLimit:
		return fmt.Sprintf("token limit (-n %d)", maxTokens)
	case StopContext:
		return fmt.Sprintf("context full (%d tokens)", ctx)
	}
	return string(r)
}

// Timing is what one reply cost, measured with the host's monotonic clock.
type Timing struct {
	// PromptTokens decode steps took PromptTime: the turn's prompt tokens
	// (and a previous reply's last token, not yet in the KV cache).
	PromptTokens int
	PromptTime   time.Duration
	// GenTokens tokens were sampled (the end-of-generation token
	// included, as llama.cpp counts), in GenTime: from the end of the
	// prompt's last step to the last token's choice, so it holds GenSteps
	// decode steps (one per token after the first) and every sampling.
	GenTokens int
	GenSteps  int
	GenTime   time.Duration
	// SampleTime is the part of GenTime spent choosing tokens on the host
	// (reading the argmax, or the sampler chain).
	SampleTime time.Duration
	// Latencies holds, for every token after the first, the time from
	// the previous token's choice to its own: one decode step, the
	// sampling and the detokenization (the caller's printing excluded).
	Latencies []time.Duration
}

// PromptRate is prompt tokens per second (0 without prompt tokens).
func (t Timing) PromptRate() float64 { return rate(t.PromptTokens, t.PromptTime) }

// GenRate is generated tokens per second.
func (t Timing) GenRate() float64 { return rate(t.GenTokens, t.GenTime) }

func rate(n int, d time.Duration) float64 {
	if n == 0 || d <= 0 {
		return 0
	}
	return float64(n) / d.Seconds()
}

// Percentile is the nearest-rank p-th percentile of the per-token
// latencies (0 if there are none).
func (t Timing) Percentile(p float64) time.Duration {
	if len(t.Latencies) == 0 {
		return 0
	}
	s := slices.Clone(t.Latencies)
	slices.Sort(s)
	i := int(math.Ceil(p/100*float64(len(s)))) - 1
	return s[max(0, min(i, len(s)-1))]
}

// Result is one reply.
type Result struct {
	Text   string
	Tokens []uint32 // the sampled tokens, the end-of-generation one included
	Stop   StopReason
	Timing Timing
}

// Session is a conversation with a loaded model: the KV cache, the
// sampler's random state and repetition history, and (for chat) the
// messages so far persist from one call to the next.
type Session struct {
	md       *Model
	opts     Options
	smp      *Sampler
	started  bool     // the first prompt (with BOS) has been fed
	pending  []uint32 // chosen tokens not yet in the KV cache
	history  []Message
	kvText   string // the rendered conversation the KV cache holds (chat)
	kvKnown  bool   // kvText is exact
	endMark  string // the template's end-of-turn text
	endToken uint32 // its token, if it is one token
	hasEnd   bool
}

// NewSession starts a conversation on md. Only one session should use a
// Model, since they share its KV cache.
func NewSession(md *Model, o Options) (*Session, error) {
	smp, err := NewSampler(o.Sampler)
	if err != nil {
		return nil, err
	}
	if !o.Sampler.Greedy() && !md.HasLogits() {
		return nil, fmt.Errorf("sampling (temperature > 0 or a repetition penalty) reads the logits, but graph @%s outputs none (an f32[%d] output)", md.Module.Name, md.Vocab)
	}
	if md.nextOut < 0 && o.Sampler.Greedy() && !md.HasLogits() {
		return nil, fmt.Errorf("graph @%s outputs no next token", md.Module.Name)
	}
	s := &Session{md: md, opts: o, smp: smp, kvKnown: true}
	if o.Chat != "" {
		if _, err := o.Chat.Render(nil, true); err != nil {
			return nil, err
		}
		s.endMark = endOfTurn[o.Chat]
		if ids, err := md.Tok.Encode(s.endMark, false, true); err == nil && len(ids) == 1 {
			s.endToken, s.hasEnd = ids[0], true
		}
	}
	return s, nil
}

// endOfTurn is the text each format closes an assistant turn with.
var endOfTurn = map[Template]string{
	ChatML: "<|im_end|>", Llama3: "<|eot_id|>",
	Llama2: "</s>", Llama2Sys: "</s>", Llama2SysBOS: "</s>", Llama2SysStrip: "</s>",
	MistralV1: "</s>", MistralV3: "</s>", MistralV3Tekken: "</s>", MistralV7: "</s>",
}

// Sampler returns the session's sampler.
func (s *Session) Sampler() *Sampler { return s.smp }

// Generate continues the conversation with raw text (no template): the
// first call's text gets BOS as the model's tokenizer says.
func (s *Session) Generate(text string, emit func([]byte) error) (Result, error) {
	ids, err := s.md.Tok.Encode(text, !s.started, s.opts.ParseSpecial)
	if err != nil {
		return Result{}, err
	}
	res, err := s.run(ids, emit)
	if err == nil && res.Stop == StopEndOfGeneration {
		s.pending = s.pending[:0] // raw text does not continue after an end token
	}
	return res, err
}

// Chat adds a user message, renders the conversation with the session's
// template and generates the assistant's reply. Only what the KV cache
// does not hold yet is fed: the rendering's new end, or, when the cache's
// text is not known exactly, the part of the rendering that follows the
// previous messages (as llama.cpp's common_chat_format_single does).
func (s *Session) Chat(user string, emit func([]byte) error) (Result, error) {
	t := s.opts.Chat
	if t == "" {
		return Result{}, errors.New("chat: the session has no template")
	}
	msgs := append(slices.Clone(s.history), Message{Role: "user", Content: user})
	full, err := t.Render(msgs, true)
	if err != nil {
		return Result{}, err
	}
	var delta string
	switch past, err := t.Render(s.history, false); {
	case err != nil:
		return Result{}, err
	case s.kvKnown && len(full) >= len(s.kvText) && full[:len(s.kvText)] == s.kvText:
		delta = full[len(s.kvText):]
	case len(full) >= len(past) && full[:len(past)] == past:
		delta = full[len(past):]
	default:
		return Result{}, fmt.Errorf("chat: the %s rendering of the conversation does not extend its previous rendering", t)
	}
	ids, err := s.md.Tok.Encode(delta, !s.started, true)
	if err != nil {
		return Result{}, err
	}
	res, err := s.run(ids, emit)
	if err != nil {
		return res, err
	}
	s.history = append(msgs, Message{Role: "assistant", Content: res.Text})
	s.kvText = full + res.Text
	s.kvKnown = true
	if res.Stop == StopEndOfGeneration {
		if last := res.Tokens[len(res.Tokens)-1]; s.hasEnd && last == s.endToken {
			s.kvText += s.endMark // the end token stays pending and is fed next turn
		} else {
			s.pending = s.pending[:0]
			s.kvKnown = false
		}
	}
	return res, nil
}

// run feeds prompt (after any pending tokens) and generates a reply.
func (s *Session) run(prompt []uint32, emit func([]byte) error) (Result, error) {
	md := s.md
	feed := append(slices.Clone(s.pending), prompt...)
	var res Result
	if len(feed) == 0 {
		return res, errors.New("the prompt is empty: it encodes to no tokens")
	}
	if md.pos+len(feed) > md.Ctx {
		if md.pos == 0 {
			return res, fmt.Errorf("the prompt is %d tokens but the context holds only %d", len(feed), md.Ctx)
		}
		return res, fmt.Errorf("the turn is %d tokens but the context has only %d of its %d left", len(feed), md.Ctx-md.pos, md.Ctx)
	}
	for _, id := range feed {
		if int(id) >= md.Vocab {
			return res, fmt.Errorf("token %d is past the embedding table (%d rows)", id, md.Vocab)
		}
	}
	npending := len(s.pending)
	s.pending = s.pending[:0]
	s.started = true
	// Prompt: one decode step per token.
	t0 := time.Now()
	var last []exec.Tensor
	for i, id := range feed {
		o, err := md.step(id)
		if err != nil {
			return res, err
		}
		if i >= npending { // pending tokens were accepted when chosen
			s.smp.Accept(id)
		}
		last = o
	}
	mark := time.Now()
	res.Timing.PromptTokens, res.Timing.PromptTime = len(feed), mark.Sub(t0)

	// Generation: choose, emit, step, until a stop. Each interval runs
	// from mark (the end of the prompt, or the moment after the previous
	// token was emitted) to the choice of the next token, so the caller's
	// printing is outside every measurement.
	dec := md.Tok.NewStream()
	var text []byte
	for {
		ts := time.Now()
		id, err := s.choose(last)
		if err != nil {
			return res, err
		}
		res.Timing.SampleTime += time.Since(ts)
		res.Tokens = append(res.Tokens, id)
		s.smp.Accept(id)
		eog := md.Tok.IsEndOfGeneration(id)
		var piece []byte
		if !eog {
			if piece, err = dec.Add(id); err != nil {
				return res, err
			}
		}
		now := time.Now()
		res.Timing.GenTime += now.Sub(mark)
		if len(res.Tokens) > 1 {
			res.Timing.Latencies = append(res.Timing.Latencies, now.Sub(mark))
		}
		s.pending = append(s.pending[:0], id) // until it is stepped
		if eog {
			res.Stop = StopEndOfGeneration
			break
		}
		if err := emitText(emit, piece, &text); err != nil {
			return res, err
		}
		if s.opts.MaxTokens >= 0 && len(res.Tokens) >= s.opts.MaxTokens {
			res.Stop = StopLimit
			break
		}
		if md.pos >= md.Ctx {
			res.Stop = StopContext
			break
		}
		mark = time.Now()
		o, err := md.step(id)
		if err != nil {
			return res, err
		}
		s.pending = s.pending[:0]
		res.Timing.GenSteps++
		last = o
	}
	res.Timing.GenTokens = len(res.Tokens)
	if err := emitText(emit, dec.Flush(), &text); err != nil {
		return res, err
	}
	res.Text = string(text)
	return res, nil
}

func emitText(emit func([]byte) error, piece []byte, text *[]byte) error {
	if len(piece) == 0 {
		return nil
	}
	*text = append(*text, piece...)
	if emit == nil {
		return nil
	}
	return emit(piece)
}

// choose picks the next token from a step's outputs: the step's argmax on
// the greedy fast path, else the sampler over the logits.
func (s *Session) choose(o []exec.Tensor) (uint32, error) {
	md := s.md
	if s.smp.cfg.Greedy() && md.nextOut >= 0 {
		w := o[md.nextOut].Words()
		if len(w) != 1 {
			return 0, fmt.Errorf("the next-token output holds %d words", len(w))
		}
		return w[0], nil
	}
	return s.smp.Sample(o[md.logOut].Floats())
}

// Add accumulates another reply's timing (for a whole conversation).
func (t *Timing) Add(u Timing) {
	t.PromptTokens += u.PromptTokens
	t.PromptTime += u.PromptTime
	t.GenTokens += u.GenTokens
	t.GenSteps += u.GenSteps
	t.GenTime += u.GenTime
	t.SampleTime += u.SampleTime
	t.Latencies = append(t.Latencies, u.Latencies...)
}
