package tokenizer

import (
	"fmt"
	"strings"
)

// A preTokenizer splits text into the pieces BPE merges within: a sequence
// of splitters, each applied to every piece the previous one made (llama.cpp
// unicode_regex_split with llm_tokenizer_bpe's regex_exprs).
type preTokenizer struct {
	name  string
	steps []splitter
	// Flags llama.cpp sets with the pre-tokenizer (llama_vocab::impl::load).
	ignoreMerges bool // a piece that is a whole token is taken as is
	addBOS       bool // BOS added unless add_bos_token says otherwise
	cleanSpaces  bool // Decode removes spaces before punctuation
	noBOS        bool // no BOS token unless bos_token_id names one
}

// A splitter appends the pieces of cpts[ini:end] to out, as spans.
type splitter func(cpts []rune, ini, end int, out []span) []span

type span struct{ start, end int }

// The split patterns of llama.cpp's llm_tokenizer_bpe, by family. The
// comment on each is the pattern llama.cpp runs; the function is what that
// run does.
var (
	// gpt2Steps: 's|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)
	gpt2Steps = []splitter{splitGPT2}
	// llama3Steps: (?:'[sS]|'[tT]|'[rR][eE]|'[vV][eE]|'[mM]|'[lL][lL]|'[dD])|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+
	llama3Steps = []splitter{splitLlama3(3)}
	// qwen2Steps: as llama3 with \p{N} for \p{N}{1,3}
	qwen2Steps = []splitter{splitLlama3(1)}
	// starcoderSteps: \p{N}, then the gpt2 pattern
	starcoderSteps = []splitter{splitEach(isNumber), splitGPT2}
	// defaultSteps: [\p{P}\$\+<=>\^~\|]+, the gpt2 pattern, \p{N}+, [0-9][0-9][0-9]
	defaultSteps = []splitter{splitRuns(isDefaultPunct), splitGPT2, splitRuns(isNumber), splitDigits3}
	// falconSteps: [\p{P}\$\+<=>\^~\|`]+, the gpt2 pattern, [0-9][0-9][0-9]
	falconSteps = []splitter{splitRuns(isFalconPunct), splitGPT2, splitDigits3}
)

// preTokenizers maps tokenizer.ggml.pre to what llama.cpp makes of it.
var preTokenizers = map[string]preTokenizer{
	"default": {steps: defaultSteps, cleanSpaces: true},

	"llama3":    {steps: llama3Steps, ignoreMerges: true, addBOS: true, cleanSpaces: true},
	"llama-v3":  {steps: llama3Steps, ignoreMerges: true, addBOS: true, cleanSpaces: true},
	"llama-bpe": {steps: llama3Steps, ignoreMerges: true, addBOS: true, cleanSpaces: true},
	"falcon3":   {steps: llama3Steps, ignoreMerges: true, addBOS: true, cleanSpaces: true},
	"dbrx":      {steps: llama3Steps, cleanSpaces: true},
	"smaug-bpe": {steps: llama3Steps, cleanSpaces: true},
	// chatglm-bpe: llama.cpp sets special_bos_id to null.
	"chatglm-bpe": {steps: llama3Steps, cleanSpaces: true, noBOS: true},

	"qwen2":            {steps: qwen2Steps},
	"deepseek-r1-qwen": {steps: qwen2Steps},
	"stablelm2":        {steps: qwen2Steps, cleanSpaces: true},
	"megrez":           {steps: qwen2Steps, cleanSpaces: true},

	"gpt-2":        {steps: gpt2Steps, cleanSpaces: true},
	"phi-2":        {steps: gpt2Steps, cleanSpaces: true},
	"jina-es":      {steps: gpt2Steps, cleanSpaces: true},
	"jina-de":      {steps: gpt2Steps, cleanSpaces: true},
	"gigachat":     {steps: gpt2Steps, cleanSpaces: true},
	"jina-v1-en":   {steps: gpt2Steps, cleanSpaces: true},
	"jina-v2-es":   {steps: gpt2Steps, cleanSpaces: true},
	"jina-v2-de":   {steps: gpt2Steps, cleanSpaces: true},
	"jina-v2-code": {steps: gpt2Steps, cleanSpaces: true},
	"roberta-bpe":  {steps: gpt2Steps, cleanSpaces: true},
	"mpt":          {steps: gpt2Steps, cleanSpaces: true},
	"olmo":         {steps: gpt2Steps, cleanSpaces: true},
	"jais":         {steps: gpt2Steps, cleanSpaces: true},

	"starcoder":  {steps: starcoderSteps, cleanSpaces: true},
	"refact":     {steps: starcoderSteps, cleanSpaces: true},
	"command-r":  {steps: starcoderSteps},
	"smollm":     {steps: starcoderSteps},
	"codeshell":  {steps: starcoderSteps, cleanSpaces: true},
	"exaone":     {steps: starcoderSteps, cleanSpaces: true},
	"minerva-7b": {steps: starcoderSteps, cleanSpaces: true},

	"falcon": {steps: falconSteps, cleanSpaces: true},
}

// unimplementedPre are pre-tokenizers llama.cpp knows and zincc does not.
var unimplementedPre = []string{
	"deepseek-llm", "deepseek-coder", "deepseek-v3", "poro-chat", "viking", "tekken",
	"bloom", "gpt3-finnish", "chameleon",
}

func lookupPre(name string) (*preTokenizer, error) {
	p, ok := preTokenizers[name]
	if !ok {
		for _, u := range unimplementedPre {
			if u == name {
				return nil, fmt.Errorf("pre-tokenizer %q (tokenizer.ggml.pre) is not implemented by zincc", name)
			}
		}
		return nil, fmt.Errorf("unknown pre-tokenizer %q (tokenizer.ggml.pre)", name)
	}
	p.name = name
	return &p, nil
}

// split runs the pre-tokenizer over cpts and returns the pieces in order.
func (p *preTokenizer) split(cpts []rune) []span {
	pieces := []span{{0, len(cpts)}}
	if len(cpts) == 0 {
		return nil
	}
	for _, step := range p.steps {
		next := make([]span, 0, len(pieces))
		for _, s := range pieces {
			next = step(cpts, s.start, s.end, next)
		}
		pieces = next
	}
	return pieces
}

// cursor reads the code points of one piece; outside it, a read gives -1
// and no class (llama.cpp's OUT_OF_RANGE and empty flags).
type cursor struct {
	c        []rune
	ini, end int
	prev     int // end of the last piece emitted
	out      []span
}

func (c *cursor) at(p int) rune {
	if p >= c.ini && p < c.end {
		return c.c[p]
	}
	return -1
}

func (c *cursor) letter(p int) bool { r := c.at(p); return r >= 0 && isLetter(r) }
func (c *cursor) number(p int) bool { r := c.at(p); return r >= 0 && isNumber(r) }
func (c *cursor) space(p int) bool  { r := c.at(p); return r >= 0 && isSpace(r) }

// other: in the piece, and none of \s, \p{L}, \p{N}.
func (c *cursor) other(p int) bool {
	r := c.at(p)
	return r >= 0 && !isSpace(r) && !isLetter(r) && !isNumber(r)
}

// emit ends a piece at end (nothing if it would be empty) and returns its
// length.
func (c *cursor) emit(end int) int {
	n := end - c.prev
	if n > 0 {
		c.out = append(c.out, span{c.prev, end})
	}
	c.prev = end
	return n
}

// asciiLower lowers A-Z only. llama.cpp's Llama 3 splitter lowers with
// Unicode's simple lowercase mapping, under which no code point but A-Z
// lowers into a-z (TestContractionLowering checks this with Go's tables);
// Qwen 2's pattern spells the cases out ('[sS]).
func asciiLower(r rune) rune {
	if r >= 'A' && r <= 'Z' {
		return r + 'a' - 'A'
	}
	return r
}

// contraction returns the length of 's 't 're 've 'm 'll 'd at pos (after
// lowering with lower), or 0.
func (c *cursor) contraction(pos int, lower func(rune) rune) int {
	if c.at(pos) != '\'' || pos+1 >= c.end {
		return 0
	}
	switch lower(c.at(pos + 1)) {
	case 's', 't', 'm', 'd':
		return 2
	}
	if pos+2 < c.end {
		a, b := lower(c.at(pos+1)), lower(c.at(pos+2))
		if (a == 'r' && b == 'e') || (a == 'v' && b == 'e') || (a == 'l' && b == 'l') {
			return 3
		}
	}
	return 0
}

func identity(r rune) rune { return r }

// splitGPT2 is GPT-2's pattern
// 's|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)
// as llama.cpp's unicode_regex_split_custom_gpt2 runs it: contractions are
// case-sensitive; a white-space run followed by more text leaves its last
// character to the next piece; a lone white space before text is a piece.
func splitGPT2(cpts []rune, ini, end int, out []span) []span {
	c := &cursor{c: cpts, ini: ini, end: end, prev: ini, out: out}
	for pos := ini; pos < end; {
		if n := c.contraction(pos, identity); n > 0 {
			pos += c.emit(pos + n)
			continue
		}
		p2 := pos // the class decision looks past one leading space
		if cpts[pos] == ' ' {
			p2 = pos + 1
		}
		if c.letter(p2) {
			for pos = p2; c.letter(pos); pos++ {
			}
			c.emit(pos)
			continue
		}
		if c.number(p2) {
			for pos = p2; c.number(pos); pos++ {
			}
			c.emit(pos)
			continue
		}
		if c.other(p2) {
			for pos = p2; c.other(pos); pos++ {
			}
			c.emit(pos)
			continue
		}
		pos = c.whitespace(pos, false)
	}
	return c.out
}

// whitespace handles a white-space run at pos: \s*[\r\n]+ (when crlf),
// \s+(?!\S), \s+, or, for no white space at all, one code point.
func (c *cursor) whitespace(pos int, crlf bool) int {
	n, lastNL := 0, -1
	for c.space(pos + n) {
		if r := c.at(pos + n); r == '\r' || r == '\n' {
			lastNL = pos + n + 1
		}
		n++
	}
	switch {
	case crlf && lastNL >= 0:
		pos = lastNL // \s*[\r\n]+: up to the last line break of the run
	case n > 1 && c.at(pos+n) >= 0:
		pos += n - 1 // \s+(?!\S): the last white space goes with what follows
	case n > 0:
		pos += n // \s+
	default:
		pos++ // nothing matches: one code point
	}
	c.emit(pos)
	return pos
}

// splitLlama3 is Llama 3's pattern (digits = 3)
// (?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+
// as llama.cpp's unicode_regex_split_custom_llama3 runs it, or Qwen 2's
// (digits = 1: \p{N} for \p{N}{1,3}), which llama.cpp runs with std::regex
// (ECMAScript: ordered alternation, backtracking) over its collapsed text,
// where the same alternatives in the same order match the same spans.
func splitLlama3(digits int) splitter {
	return func(cpts []rune, ini, end int, out []span) []span {
		c := &cursor{c: cpts, ini: ini, end: end, prev: ini, out: out}
		for pos := ini; pos < end; {
			r := cpts[pos]
			if n := c.contraction(pos, asciiLower); n > 0 {
				pos += c.emit(pos + n)
				continue
			}
			// [^\r\n\p{L}\p{N}]?\p{L}+
			if r != '\r' && r != '\n' && !c.number(pos) && (c.letter(pos) || c.letter(pos+1)) {
				for pos++; c.letter(pos); pos++ {
				}
				c.emit(pos)
				continue
			}
			// \p{N}{1,digits}
			if c.number(pos) {
				for start := pos; c.number(pos); {
					if pos++; pos-start >= digits {
						c.emit(pos)
						start = pos
					}
				}
				c.emit(pos)
				continue
			}
			// ' ?[^\s\p{L}\p{N}]+[\r\n]*'. A space that ends the piece is
			// taken here alone (llama.cpp's test reads the empty flags past
			// the end as "none of \s, \p{L}, \p{N}"); \s+ would take it too.
			p2 := pos
			if r == ' ' {
				p2 = pos + 1
			}
			if c.other(p2) || (r == ' ' && p2 == end) {
				for pos = p2; c.other(pos); pos++ {
				}
				for c.at(pos) == '\r' || c.at(pos) == '\n' {
					pos++
				}
				c.emit(pos)
				continue
			}
			pos = c.whitespace(pos, true)
		}
		return c.out
	}
}

// splitRuns splits into maximal runs of code points in and not in a class:
// the pattern [class]+, whose matches and the stretches between them are the
// pieces.
func splitRuns(in func(rune) bool) splitter {
	return func(cpts []rune, ini, end int, out []span) []span {
		start := ini
		for p := ini + 1; p <= end; p++ {
			if p == end || in(cpts[p]) != in(cpts[p-1]) {
				out = append(out, span{start, p})
				start = p
			}
		}
		return out
	}
}

// splitEach makes every code point of the class a piece of its own (the
// pattern \p{N}); the stretches between them are pieces too.
func splitEach(in func(rune) bool) splitter {
	return func(cpts []rune, ini, end int, out []span) []span {
		start := ini
		for p := ini; p < end; p++ {
			if in(cpts[p]) {
				if p > start {
					out = append(out, span{start, p})
				}
				out = append(out, span{p, p + 1})
				start = p + 1
			}
		}
		if start < end {
			out = append(out, span{start, end})
		}
		return out
	}
}

// splitDigits3 is [0-9][0-9][0-9]: leftmost runs of three ASCII digits are
// pieces, and so are the stretches between them.
func splitDigits3(cpts []rune, ini, end int, out []span) []span {
	digit := func(r rune) bool { return r >= '0' && r <= '9' }
	start := ini
	for p := ini; p < end; {
		if p+3 <= end && digit(cpts[p]) && digit(cpts[p+1]) && digit(cpts[p+2]) {
			if p > start {
				out = append(out, span{start, p})
			}
			out = append(out, span{p, p + 3})
			p += 3
			start = p
			continue
		}
		p++
	}
	if start < end {
		out = append(out, span{start, end})
	}
	return out
}

// isDefaultPunct is the class [\p{P}\$\+<=>\^~\|] as llama.cpp runs it: over
// ASCII, its own list for \p{P} (which leaves out the backtick, Sk) plus the
// symbols named; above ASCII, punctuation that is not white space.
func isDefaultPunct(r rune) bool {
	if r < 128 {
		return r >= 0 && strings.ContainsRune("!\"#%&'()*,-./:;?@[\\]_{}$+<=>^~|", r)
	}
	return !isSpace(r) && categoryOf(r) == classPunct
}

// isFalconPunct is [\p{P}\$\+<=>\^~\|`].
func isFalconPunct(r rune) bool { return r == '`' || isDefaultPunct(r) }
