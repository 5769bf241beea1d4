package tokenizer

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"zincc/frontend/gguf"
)

// Token attributes, with llama.cpp's bit values (enum llama_token_attr).
type attr uint16

const (
	attrUndefined   attr = 0
	attrUnknown     attr = 1 << 0
	attrUnused      attr = 1 << 1
	attrNormal      attr = 1 << 2
	attrControl     attr = 1 << 3
	attrUserDefined attr = 1 << 4
	attrByte        attr = 1 << 5
	attrLstrip      attr = 1 << 7
	attrRstrip      attr = 1 << 8
)

// Token types as tokenizer.ggml.token_type stores them (enum llama_token_type).
const (
	typeNormal      = 1
	typeUnknown     = 2
	typeControl     = 3
	typeUserDefined = 4
	typeUnused      = 5
	typeByte        = 6
)

// Limits on what a file may declare, far above any real vocabulary (the
// largest have about 260,000 tokens).
const (
	maxTokens = 1 << 24
	maxMerges = 1 << 24
)

const none = -1 // an absent special token id

// Tokenizer is a vocabulary and the algorithm that uses it. It is immutable
// and safe for concurrent use once made.
type Tokenizer struct {
	model string // "llama" or "gpt2"
	pre   *preTokenizer

	tokens []string  // token text by id
	scores []float32 // SPM merge priority by id
	attrs  []attr
	ids    map[string]int32 // text → id
	ranks  map[pair]int32   // BPE merge rank

	pieces  [][]byte // token_to_piece(special = true) by id
	special []int32  // partition candidates: CONTROL, USER_DEFINED, UNKNOWN; longest text first

	bos, eos, eot, eom, unk, pad int32
	eog                          map[int32]bool

	addBOS, addEOS, addSpacePrefix, ignoreMerges, cleanSpaces bool

	chatTemplate    string
	hasChatTemplate bool
	warnings        []string
}

// pair is a BPE merge: the texts of two adjacent symbols.
type pair struct{ left, right string }

// FromGGUF reads the tokenizer a GGUF file's tokenizer.ggml.* metadata
// describes. Unknown tokenizer models or pre-tokenizers are refused by name;
// so is metadata of the wrong type or size. What llama.cpp only warns about
// (a missing pre-tokenizer, a special token id past the vocabulary) is
// accepted the same way and listed by Warnings.
func FromGGUF(f *gguf.File) (*Tokenizer, error) {
	return load(f.Lookup)
}

// FromKeys is FromGGUF for metadata held in a map (as testmodel builds it).
func FromKeys(keys map[string]gguf.Value) (*Tokenizer, error) {
	return load(func(k string) (gguf.Value, bool) {
		v, ok := keys[k]
		return v, ok && v.Valid()
	})
}

// Key names (llama.cpp src/llama-arch.cpp LLM_KV_NAMES).
const (
	keyModel         = "tokenizer.ggml.model"
	keyPre           = "tokenizer.ggml.pre"
	keyTokens        = "tokenizer.ggml.tokens"
	keyScores        = "tokenizer.ggml.scores"
	keyTokenType     = "tokenizer.ggml.token_type"
	keyMerges        = "tokenizer.ggml.merges"
	keyAddBOS        = "tokenizer.ggml.add_bos_token"
	keyAddEOS        = "tokenizer.ggml.add_eos_token"
	keyAddSpace      = "tokenizer.ggml.add_space_prefix"
	keyChatTemplate  = "tokenizer.chat_template"
	keyGeneralName   = "general.name"
	keyBOS           = "tokenizer.ggml.bos_token_id"
	keyEOS           = "tokenizer.ggml.eos_token_id"
	keyEOT           = "tokenizer.ggml.eot_token_id"
	keyEOM           = "tokenizer.ggml.eom_token_id"
	keyUNK           = "tokenizer.ggml.unknown_token_id"
	keyPAD           = "tokenizer.ggml.padding_token_id"
	keyFIMPad        = "tokenizer.ggml.fim_pad_token_id"
	keyFIMRep        = "tokenizer.ggml.fim_rep_token_id"
	keyFIMSep        = "tokenizer.ggml.fim_sep_token_id"
	keyFIMPre        = "tokenizer.ggml.fim_pre_token_id"
	keyFIMSuf        = "tokenizer.ggml.fim_suf_token_id"
	keyFIMMid        = "tokenizer.ggml.fim_mid_token_id"
	keyPrefixLegacy  = "tokenizer.ggml.prefix_token_id"
	keySuffixLegacy  = "tokenizer.ggml.suffix_token_id"
	keyMiddleLegacy  = "tokenizer.ggml.middle_token_id"
	keySepUnused     = "tokenizer.ggml.seperator_token_id" // sic, as llama.cpp spells it
	keyMaskUnused    = "tokenizer.ggml.mask_token_id"
	keyClsUnused     = "tokenizer.ggml.cls_token_id"
	keyRemoveExtraWS = "tokenizer.ggml.remove_extra_whitespaces"
)

// loader reads keys with the checks every one of them needs.
type loader struct {
	lookup func(string) (gguf.Value, bool)
}

func (l loader) str(key string) (string, bool, error) {
	v, ok := l.lookup(key)
	if !ok {
		return "", false, nil
	}
	s, ok := gguf.As[string](v)
	if !ok {
		return "", false, fmt.Errorf("%s has type %s, want STRING", key, typeName(v))
	}
	return s, true, nil
}

func (l loader) boolean(key string) (bool, bool, error) {
	v, ok := l.lookup(key)
	if !ok {
		return false, false, nil
	}
	b, ok := gguf.As[bool](v)
	if !ok {
		return false, false, fmt.Errorf("%s has type %s, want BOOL", key, typeName(v))
	}
	return b, true, nil
}

// id reads a token id. llama.cpp reads them as UINT32; any integer type is
// taken here, but a negative one is an error.
func (l loader) id(key string) (int64, bool, error) {
	v, ok := l.lookup(key)
	if !ok {
		return 0, false, nil
	}
	n, ok := v.Int()
	if !ok {
		return 0, false, fmt.Errorf("%s has type %s, want an integer token id", key, typeName(v))
	}
	if n < 0 {
		return 0, false, fmt.Errorf("%s is %d, a negative token id", key, n)
	}
	return n, true, nil
}

func typeName(v gguf.Value) string {
	if v.Type() == gguf.ValueArray {
		return "ARRAY of " + v.ElemType().String()
	}
	return v.Type().String()
}

func arrayOf[T gguf.Elem](l loader, key, want string) ([]T, bool, error) {
	v, ok := l.lookup(key)
	if !ok {
		return nil, false, nil
	}
	xs, ok := gguf.AsArray[T](v)
	if !ok {
		return nil, false, fmt.Errorf("%s has type %s, want ARRAY of %s", key, typeName(v), want)
	}
	return xs, true, nil
}

func load(lookup func(string) (gguf.Value, bool)) (*Tokenizer, error) {
	t, err := loadInner(loader{lookup})
	if err != nil {
		return nil, fmt.Errorf("tokenizer: %w", err)
	}
	return t, nil
}

func loadInner(l loader) (*Tokenizer, error) {
	model, ok, err := l.str(keyModel)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, errors.New("the model has no tokenizer (no tokenizer.ggml.model key)")
	}
	t := &Tokenizer{model: model, bos: none, eos: none, eot: none, eom: none, unk: none, pad: none}
	switch model {
	case "llama":
		// llama.cpp's SPM defaults: <unk> 0, <s> 1, </s> 2; BOS added; a
		// space prefixed.
		t.bos, t.eos, t.unk = 1, 2, 0
		t.addBOS, t.addSpacePrefix = true, true
	case "gpt2":
		// llama.cpp's BPE defaults: BOS = EOS = 11 whatever the
		// vocabulary, no BOS added, spaces cleaned up when decoding.
		t.bos, t.eos = 11, 11
		t.cleanSpaces = true
	case "bert", "t5", "rwkv", "no_vocab", "none":
		return nil, fmt.Errorf("tokenizer model %q is not supported (zincc implements \"llama\" and \"gpt2\")", model)
	default:
		return nil, fmt.Errorf("unknown tokenizer model %q (zincc implements \"llama\" and \"gpt2\")", model)
	}
	pre, hasPre, err := l.str(keyPre)
	if err != nil {
		return nil, err
	}
	if model == "gpt2" {
		if !hasPre || pre == "" {
			t.warnf("no %s: using the default pre-tokenizer, as llama.cpp does (it warns that generation quality will be degraded)", keyPre)
			pre = "default"
		}
		p, err := lookupPre(pre)
		if err != nil {
			return nil, err
		}
		t.pre = p
		t.ignoreMerges = p.ignoreMerges
		if p.addBOS {
			t.addBOS = true
		}
		if !p.cleanSpaces {
			t.cleanSpaces = false
		}
		if p.noBOS {
			t.bos = none
		}
	}
	// SPM files carry pre names too ("default"); llama.cpp ignores them.
	if v, ok, err := l.boolean(keyAddSpace); err != nil {
		return nil, err
	} else if ok {
		t.addSpacePrefix = v
	}
	if _, _, err := l.boolean(keyRemoveExtraWS); err != nil {
		return nil, err // read (and unused) by llama.cpp for these models
	}

	if err := t.loadVocab(l); err != nil {
		return nil, err
	}
	if model == "gpt2" {
		if err := t.loadMerges(l); err != nil {
			return nil, err
		}
	}
	if err := t.loadSpecial(l); err != nil {
		return nil, err
	}
	if err := t.setStripAttrs(l); err != nil {
		return nil, err
	}
	if s, ok, err := l.str(keyChatTemplate); err != nil {
		return nil, err
	} else if ok {
		t.chatTemplate, t.hasChatTemplate = s, true
	}
	return t, nil
}

func (t *Tokenizer) warnf(format string, args ...any) {
	t.warnings = append(t.warnings, fmt.Sprintf(format, args...))
}

func (t *Tokenizer) loadVocab(l loader) error {
	tokens, ok, err := arrayOf[string](l, keyTokens, "STRING")
	if err != nil {
		return err
	}
	if !ok {
		return fmt.Errorf("no %s: the model has no vocabulary", keyTokens)
	}
	n := len(tokens)
	if n == 0 {
		return fmt.Errorf("%s is empty", keyTokens)
	}
	if n > maxTokens {
		return fmt.Errorf("%s has %d tokens; the limit is %d", keyTokens, n, maxTokens)
	}
	scores, hasScores, err := arrayOf[float32](l, keyScores, "FLOAT32")
	if err != nil {
		return err
	}
	if hasScores && len(scores) != n {
		return fmt.Errorf("%s has %d entries for %d tokens", keyScores, len(scores), n)
	}
	types, hasTypes, err := arrayOf[int32](l, keyTokenType, "INT32")
	if err != nil {
		return err
	}
	if hasTypes && len(types) != n {
		return fmt.Errorf("%s has %d entries for %d tokens", keyTokenType, len(types), n)
	}
	t.tokens = make([]string, n)
	t.scores = make([]float32, n)
	t.attrs = make([]attr, n)
	t.ids = make(map[string]int32, n)
	for i, s := range tokens {
		if s == "" {
			// llama.cpp names empty tokens so that every text is distinct.
			t.warnf("token %d is empty; named [EMPTY_%d] as llama.cpp does", i, i)
			s = fmt.Sprintf("[EMPTY_%d]", i)
		}
		if j, dup := t.ids[s]; dup {
			// llama.cpp aborts on this (GGML_ASSERT id_to_token.size() == token_to_id.size()).
			return fmt.Errorf("%s: tokens %d and %d are both %q", keyTokens, j, i, s)
		}
		t.ids[s] = int32(i)
		t.tokens[i] = s
		if hasScores {
			t.scores[i] = scores[i]
		}
		t.attrs[i] = attrNormal
		if hasTypes {
			switch types[i] {
			case typeNormal:
				t.attrs[i] = attrNormal
			case typeUnknown:
				t.attrs[i] = attrUnknown
			case typeControl:
				t.attrs[i] = attrControl
			case typeUserDefined:
				t.attrs[i] = attrUserDefined
			case typeUnused:
				t.attrs[i] = attrUnused
			case typeByte:
				t.attrs[i] = attrByte
			default:
				t.attrs[i] = attrUndefined
			}
		}
	}
	return nil
}

func (t *Tokenizer) loadMerges(l loader) error {
	merges, ok, err := arrayOf[string](l, keyMerges, "STRING")
	if err != nil {
		return err
	}
	if !ok {
		return fmt.Errorf("no %s: a gpt2 tokenizer needs its merges", keyMerges)
	}
	if len(merges) > maxMerges {
		return fmt.Errorf("%s has %d merges; the limit is %d", keyMerges, len(merges), maxMerges)
	}
	t.ranks = make(map[pair]int32, len(merges))
	for i, m := range merges {
		// "A B", split at the first space after the first byte; a merge
		// without one becomes the pair ("", "") that nothing matches. The
		// first of two equal merges keeps its rank (unordered_map::emplace).
		var p pair
		if len(m) > 1 {
			if k := strings.IndexByte(m[1:], ' '); k >= 0 {
				p = pair{m[:k+1], m[k+2:]}
			}
		}
		if _, dup := t.ranks[p]; !dup {
			t.ranks[p] = int32(i)
		}
	}
	return nil
}

// eogTexts are the token texts llama.cpp makes end-of-generation (and
// CONTROL) whatever their type.
var eogTexts = []string{"<|eot_id|>", "<|im_end|>", "<|end|>", "<end_of_turn>", "<|endoftext|>", "<|eom_id|>", "<EOT>"}

// guesses are the texts llama.cpp takes a special token's id from when its
// key is absent; the token found becomes CONTROL. llama.cpp walks an
// unordered_map, so which of several matches it picks is unspecified; here
// it is the highest id, which is what llama.cpp picks on Phi-3's vocabulary
// (<|end|> 32007 over <|endoftext|> 32000) and the turn marker in the usual
// layouts (chat tokens are added after <|endoftext|>).
var (
	eotTexts    = []string{"<|eot_id|>", "<|im_end|>", "<|end|>", "<end_of_turn>", "<|endoftext|>", "<EOT>", "<｜end▁of▁sentence｜>"}
	eomTexts    = []string{"<|eom_id|>"}
	fimPreTexts = []string{"<|fim_prefix|>", "<fim-prefix>", "<｜fim▁begin｜>", "<PRE>"}
	fimSufTexts = []string{"<|fim_suffix|>", "<fim-suffix>", "<｜fim▁hole｜>", "<SUF>"}
	fimMidTexts = []string{"<|fim_middle|>", "<fim-middle>", "<｜fim▁end｜>", "<MID>"}
	fimPadTexts = []string{"<|fim_pad|>", "<fim-pad>", "<PAD>"}
	fimRepTexts = []string{"<|fim_repo|>", "<|repo_name|>", "<fim-repo>", "<REPO>"}
	fimSepTexts = []string{"<|file_sep|>"}
)

func (t *Tokenizer) loadSpecial(l loader) error {
	n := int64(len(t.tokens))
	fimPre, fimSuf, fimMid, fimPad, fimRep, fimSep := int32(none), int32(none), int32(none), int32(none), int32(none), int32(none)
	for _, k := range []struct {
		key string
		id  *int32
	}{
		{keyBOS, &t.bos}, {keyEOS, &t.eos}, {keyEOT, &t.eot}, {keyEOM, &t.eom},
		{keyUNK, &t.unk}, {keySepUnused, nil}, {keyPAD, &t.pad}, {keyMaskUnused, nil}, {keyClsUnused, nil},
		{keyFIMPre, &fimPre}, {keyFIMSuf, &fimSuf}, {keyFIMMid, &fimMid},
		{keyFIMPad, &fimPad}, {keyFIMRep, &fimRep}, {keyFIMSep, &fimSep},
		{keyPrefixLegacy, &fimPre}, {keySuffixLegacy, &fimSuf}, {keyMiddleLegacy, &fimMid},
	} {
		v, ok, err := l.id(k.key)
		if err != nil {
			return err
		}
		if !ok || k.id == nil {
			continue
		}
		if v >= n {
			t.warnf("%s = %d is past the vocabulary (%d tokens); keeping the default %d, as llama.cpp does", k.key, v, n, *k.id)
			continue
		}
		*k.id = int32(v)
	}
	if v, ok, err := l.boolean(keyAddBOS); err != nil {
		return err
	} else if ok {
		t.addBOS = v
	}
	if v, ok, err := l.boolean(keyAddEOS); err != nil {
		return err
	} else if ok {
		t.addEOS = v
	}

	// Guess what the keys did not say, by text.
	for _, g := range []struct {
		id    *int32
		texts []string
	}{
		{&t.eot, eotTexts}, {&t.eom, eomTexts}, {&fimPre, fimPreTexts}, {&fimSuf, fimSufTexts},
		{&fimMid, fimMidTexts}, {&fimPad, fimPadTexts}, {&fimRep, fimRepTexts}, {&fimSep, fimSepTexts},
	} {
		if *g.id != none {
			continue
		}
		best := int32(none)
		for _, s := range g.texts {
			if id, ok := t.ids[s]; ok && id > best {
				best = id
			}
		}
		if best != none {
			*g.id = best
			t.forceControl(best)
		}
	}

	// The end-of-generation set.
	t.eog = map[int32]bool{}
	for _, id := range []int32{fimPad, fimRep, fimSep} {
		if id != none {
			t.eog[id] = true
		}
	}
	for _, s := range eogTexts {
		if id, ok := t.ids[s]; ok {
			t.eog[id] = true
			t.forceControl(id)
		}
	}
	for _, id := range []int32{t.eos, t.eot, t.eom} {
		if id != none && int64(id) < n {
			t.eog[id] = true
		}
	}

	// Partition candidates, longest text first. llama.cpp's std::sort is not
	// stable; equal lengths are in id order here (they only matter when two
	// such tokens overlap in a text).
	for i, a := range t.attrs {
		if a&(attrControl|attrUserDefined|attrUnknown) != 0 {
			t.special = append(t.special, int32(i))
		}
	}
	slices.SortStableFunc(t.special, func(a, b int32) int { return len(t.tokens[b]) - len(t.tokens[a]) })

	t.pieces = make([][]byte, len(t.tokens))
	for i := range t.tokens {
		t.pieces[i] = t.piece(int32(i), true)
	}
	return nil
}

// forceControl makes id a CONTROL token unless it is one, as llama.cpp does
// to "control-looking" tokens (replacing the type, not adding to it).
func (t *Tokenizer) forceControl(id int32) {
	if t.attrs[id]&attrControl == 0 {
		t.attrs[id] = attrControl
	}
}

// setStripAttrs applies llama.cpp's per-model whitespace stripping around
// special tokens (the only models it knows: jina-v2 and Phi-3).
func (t *Tokenizer) setStripAttrs(l loader) error {
	name, _, err := l.str(keyGeneralName)
	if err != nil {
		return err
	}
	name = strings.ToLower(name)
	pre := ""
	if t.pre != nil {
		pre = t.pre.name
	}
	set := func(text string, a attr, on bool) error {
		id, ok := t.ids[text]
		if !ok {
			// llama.cpp's token_to_id.at throws: the model does not load.
			return fmt.Errorf("model %q needs a %q token, which the vocabulary lacks", name, text)
		}
		if on {
			t.attrs[id] |= a
		} else {
			t.attrs[id] &^= a
		}
		return nil
	}
	switch {
	case strings.Contains(pre, "jina-v2-de") || strings.Contains(pre, "jina-v2-es") || strings.Contains(pre, "jina-v2-code"):
		return set("<mask>", attrLstrip, true)
	case strings.Contains(name, "phi-3") || strings.Contains(name, "phi3"):
		for _, id := range t.special {
			t.attrs[id] |= attrRstrip
		}
		if err := set("</s>", attrRstrip, true); err != nil {
			return err
		}
		for _, s := range []string{"<unk>", "<s>", "<|endoftext|>"} {
			if err := set(s, attrRstrip, false); err != nil {
				return err
			}
		}
	}
	return nil
}

// VocabSize is the number of tokens.
func (t *Tokenizer) VocabSize() int { return len(t.tokens) }

// Model is tokenizer.ggml.model: "llama" or "gpt2".
func (t *Tokenizer) Model() string { return t.model }

// Pre is the pre-tokenizer's name ("" for llama).
func (t *Tokenizer) Pre() string {
	if t.pre == nil {
		return ""
	}
	return t.pre.name
}

// Warnings lists what llama.cpp would warn about when loading this
// tokenizer.
func (t *Tokenizer) Warnings() []string { return slices.Clone(t.warnings) }

func (t *Tokenizer) valid(id int32) (uint32, bool) {
	if id < 0 || int(id) >= len(t.tokens) {
		return 0, false
	}
	return uint32(id), true
}

// BOS is the beginning-of-sequence token.
func (t *Tokenizer) BOS() (uint32, bool) { return t.valid(t.bos) }

// EOS is the end-of-sequence token.
func (t *Tokenizer) EOS() (uint32, bool) { return t.valid(t.eos) }

// EOT is the end-of-turn token (<|eot_id|>, <|im_end|>, ...).
func (t *Tokenizer) EOT() (uint32, bool) { return t.valid(t.eot) }

// UNK is the unknown token (SentencePiece never emits it).
func (t *Tokenizer) UNK() (uint32, bool) { return t.valid(t.unk) }

// PAD is the padding token.
func (t *Tokenizer) PAD() (uint32, bool) { return t.valid(t.pad) }

// AddBOS and AddEOS say whether Encode with AddSpecial adds BOS and EOS.
func (t *Tokenizer) AddBOS() bool { return t.addBOS }

// AddEOS: see AddBOS.
func (t *Tokenizer) AddEOS() bool { return t.addEOS }

// IsEndOfGeneration reports whether generating id ends the text: EOS, EOT,
// EOM, the fill-in-the-middle pad/repo/separator tokens, and any token whose
// text is one llama.cpp treats so (<|eot_id|>, <|im_end|>, <|end|>,
// <end_of_turn>, <|endoftext|>, <|eom_id|>, <EOT>).
func (t *Tokenizer) IsEndOfGeneration(id uint32) bool {
	return id < uint32(len(t.tokens)) && t.eog[int32(id)]
}

// IsControl reports whether id is a control token (BOS, EOS, chat markers),
// which Piece renders as its text and DecodeWith without UnparseSpecial as
// nothing.
func (t *Tokenizer) IsControl(id uint32) bool {
	return id < uint32(len(t.tokens)) && t.attrs[id]&attrControl != 0
}

// ChatTemplate is tokenizer.chat_template.
func (t *Tokenizer) ChatTemplate() (string, bool) { return t.chatTemplate, t.hasChatTemplate }

// TokenText is the token's text as the vocabulary stores it ("▁Hello",
// "ĠHello", "<0x0A>", "<s>"); an empty text reads "[EMPTY_<id>]".
func (t *Tokenizer) TokenText(id uint32) (string, bool) {
	if id >= uint32(len(t.tokens)) {
		return "", false
	}
	return t.tokens[id], true
}

func (t *Tokenizer) checkID(id uint32) error {
	if id >= uint32(len(t.tokens)) {
		return fmt.Errorf("tokenizer: token id %d is past the vocabulary (%d tokens)", id, len(t.tokens))
	}
	return nil
}
