package tokenizer

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"
)

// EncodeOptions are llama_tokenize's flags.
type EncodeOptions struct {
	// AddSpecial adds BOS and EOS as the model's add_bos_token and
	// add_eos_token say.
	AddSpecial bool
	// ParseSpecial makes control and unknown tokens written in the text
	// (<|im_start|>, <s>) tokens; user-defined tokens are tokens either way.
	// llama.cpp's tools tokenize prompts with it.
	ParseSpecial bool
}

// fragment is a stretch of text still to tokenize, or a special token.
type fragment struct {
	text string
	tok  int32 // none for text
}

// Encode tokenizes text as llama_tokenize does. It refuses text that is not
// valid UTF-8.
func (t *Tokenizer) Encode(text string, o EncodeOptions) ([]uint32, error) {
	if !utf8.ValidString(text) {
		i := 0
		for i < len(text) {
			r, n := utf8.DecodeRuneInString(text[i:])
			if r == utf8.RuneError && n == 1 {
				break
			}
			i += n
		}
		return nil, fmt.Errorf("tokenizer: the text is not valid UTF-8 (byte %d is 0x%02X)", i, text[i])
	}
	var frags []fragment
	if text != "" {
		frags = t.partition(text, o.ParseSpecial)
	}
	var out []uint32
	if o.AddSpecial && t.addBOS {
		id, ok := t.BOS()
		if !ok {
			return nil, errors.New("tokenizer: the model asks for a BOS token (add_bos_token) but has none")
		}
		out = append(out, id)
	}
	switch t.model {
	case "llama":
		prevSpecial := true // the text's start counts as after a special token
		for _, f := range frags {
			if f.tok != none {
				out = append(out, uint32(f.tok))
				prevSpecial = true
				continue
			}
			s := f.text
			if t.addSpacePrefix && prevSpecial {
				s = " " + s
			}
			var err error
			if out, err = t.encodeSPM(escapeSpaces(s), out); err != nil {
				return nil, err
			}
			prevSpecial = false
		}
	case "gpt2":
		for _, f := range frags {
			if f.tok != none {
				out = append(out, uint32(f.tok))
				continue
			}
			out = t.encodeBPE(f.text, out)
		}
	}
	if o.AddSpecial && t.addEOS {
		id, ok := t.EOS()
		if !ok {
			return nil, errors.New("tokenizer: the model asks for an EOS token (add_eos_token) but has none")
		}
		out = append(out, id)
	}
	return out, nil
}

// partition cuts the special tokens out of text (tokenizer_st_partition):
// each candidate, longest first, cuts every remaining text fragment at each
// of its occurrences, leftmost first. Tokens marked LSTRIP/RSTRIP swallow
// the ASCII white space before/after them.
func (t *Tokenizer) partition(text string, parseSpecial bool) []fragment {
	frags := []fragment{{text: text, tok: none}}
	var next []fragment
	for _, id := range t.special {
		a := t.attrs[id]
		if !parseSpecial && a&(attrControl|attrUnknown) != 0 {
			continue
		}
		tok := t.tokens[id]
		found := false
		for _, f := range frags {
			if f.tok == none && strings.Contains(f.text, tok) {
				found = true
				break
			}
		}
		if !found {
			continue
		}
		next = next[:0]
		for _, f := range frags {
			if f.tok != none {
				next = append(next, f)
				continue
			}
			rest := f.text
			for {
				i := strings.Index(rest, tok)
				if i < 0 {
					if rest != "" {
						next = append(next, fragment{text: rest, tok: none})
					}
					break
				}
				left := rest[:i]
				if a&attrLstrip != 0 {
					left = strings.TrimRight(left, cSpace)
				}
				if left != "" {
					next = append(next, fragment{text: left, tok: none})
				}
				next = append(next, fragment{tok: id})
				rest = rest[i+len(tok):]
				if a&attrRstrip != 0 {
					rest = strings.TrimLeft(rest, cSpace)
				}
			}
		}
		frags, next = next, frags
	}
	return frags
}

// cSpace is what C's isspace accepts in the "C" locale.
const cSpace = " \t\n\v\f\r"

// piece renders one token (llama_vocab::token_to_piece without lstrip):
// control and unknown tokens as their text if special, else as nothing;
// user-defined tokens as their text; SentencePiece normal tokens with ▁ as
// a space and byte tokens as their byte; byte-level BPE normal tokens
// mapped back to bytes; other types (unused, undefined, BPE byte) as
// nothing.
func (t *Tokenizer) piece(id int32, special bool) []byte {
	a, text := t.attrs[id], t.tokens[id]
	if a&(attrControl|attrUnknown) != 0 {
		if special {
			return []byte(text)
		}
		return nil
	}
	if a&attrUserDefined != 0 {
		return []byte(text)
	}
	switch t.model {
	case "llama":
		switch {
		case a&attrNormal != 0:
			return []byte(strings.ReplaceAll(text, "\u2581", " "))
		case a&attrByte != 0:
			return []byte{hexByte(text)}
		}
	case "gpt2":
		if a&attrNormal != 0 {
			return decodeBytes(text)
		}
	}
	return nil
}

// hexByte reads the byte of a byte token "<0xNN>" as llama.cpp does
// (strtol of text[3:5], base 16): leading hex digits, 0 if none.
func hexByte(text string) byte {
	var v byte
	for i := 3; i < len(text) && i < 5; i++ {
		c := text[i]
		var d byte
		switch {
		case c >= '0' && c <= '9':
			d = c - '0'
		case c >= 'a' && c <= 'f':
			d = c - 'a' + 10
		case c >= 'A' && c <= 'F':
			d = c - 'A' + 10
		default:
			return v
		}
		v = v<<4 | d
	}
	return v
}

// decodeBytes maps a byte-level BPE token's code points back to bytes
// (llama_decode_text); a code point outside the map becomes
// "[UNK_BYTE_0x<its UTF-8 in hex><the token's text>]", as in llama.cpp.
func decodeBytes(text string) []byte {
	var out, u []byte
	for _, r := range cptsFromUTF8(text) {
		if b, ok := runeByte[r]; ok {
			out = append(out, b)
			continue
		}
		u = appendCpt(u[:0], r)
		out = append(out, "[UNK_BYTE_0x"...)
		for _, c := range u {
			out = fmt.Appendf(out, "%02x", c)
		}
		out = append(out, text...)
		out = append(out, ']')
	}
	return out
}

// Piece returns the bytes token id stands for: "▁" read as a space,
// <0xNN> as its byte, a byte-level BPE token's characters mapped back to
// bytes, a control token (<s>, <|im_end|>) as its text. A piece may be a
// part of a UTF-8 character. It is llama_token_to_piece with special =
// true and no lstrip.
func (t *Tokenizer) Piece(id uint32) ([]byte, error) {
	if err := t.checkID(id); err != nil {
		return nil, err
	}
	return append([]byte(nil), t.pieces[id]...), nil
}

// DecodeOptions are llama_detokenize's flags.
type DecodeOptions struct {
	// RemoveSpecial drops a leading BOS and a trailing EOS when the model
	// adds them.
	RemoveSpecial bool
	// UnparseSpecial renders control tokens as their text rather than as
	// nothing.
	UnparseSpecial bool
}

// Decode is DecodeWith(ids, DecodeOptions{UnparseSpecial: true}), what
// llama.cpp's common_detokenize(ctx, ids, true) returns: the pieces
// concatenated, the first one losing a leading space when the model
// prefixes one (SentencePiece), then, for tokenizers that ask for it,
// spaces before punctuation and contractions cleaned up.
func (t *Tokenizer) Decode(ids []uint32) ([]byte, error) {
	return t.DecodeWith(ids, DecodeOptions{UnparseSpecial: true})
}

// DecodeWith is llama_detokenize.
func (t *Tokenizer) DecodeWith(ids []uint32, o DecodeOptions) ([]byte, error) {
	for _, id := range ids {
		if err := t.checkID(id); err != nil {
			return nil, err
		}
	}
	removeSpace := t.addSpacePrefix
	if o.RemoveSpecial && t.addBOS && len(ids) > 0 && int32(ids[0]) == t.bos {
		removeSpace = false
		ids = ids[1:]
	}
	if o.RemoveSpecial && t.addEOS && len(ids) > 0 && int32(ids[len(ids)-1]) == t.eos {
		ids = ids[:len(ids)-1]
	}
	var out []byte
	for i, id := range ids {
		p := t.pieces[id]
		if !o.UnparseSpecial && t.attrs[id]&(attrControl|attrUnknown) != 0 {
			p = nil
		}
		if i == 0 && removeSpace && len(p) > 0 && p[0] == ' ' {
			p = p[1:]
		}
		out = append(out, p...)
	}
	if t.cleanSpaces {
		out = cleanSpaces(out)
	}
	return out, nil
}

// cleanSpaces is llama_detokenize's clean-up (HF's
// clean_up_tokenization_spaces), in its three passes: a space before ? ! .
// , goes; " ' " loses both spaces; a space before 's 'm 're 've goes.
func cleanSpaces(b []byte) []byte {
	// Pass 1.
	out := make([]byte, 0, len(b))
	for i, x := range b {
		if i > 0 && b[i-1] == ' ' && (x == '?' || x == '!' || x == '.' || x == ',') {
			out = out[:len(out)-1]
		}
		out = append(out, x)
	}
	// Pass 2: " ' " → "'". The space after the apostrophe is skipped, and
	// the apostrophe after it then no longer follows a space.
	b, out = out, make([]byte, 0, len(out))
	skipped := -1
	for i := 0; i < len(b); i++ {
		x := b[i]
		if i > 0 && x == '\'' && i+1 < len(b) && b[i-1] == ' ' && i-1 != skipped && b[i+1] == ' ' {
			out = out[:len(out)-1]
			out = append(out, x)
			i++
			skipped = i
			continue
		}
		out = append(out, x)
	}
	// Pass 3.
	b, out = out, make([]byte, 0, len(out))
	for i, x := range b {
		if i > 0 && b[i-1] == ' ' && x == '\'' && i+1 < len(b) {
			switch x1 := b[i+1]; {
			case x1 == 's' || x1 == 'm':
				out = out[:len(out)-1]
			case x1 == 't' || x1 == 'd':
			case i+2 < len(b):
				if x2 := b[i+2]; (x1 == 'r' && x2 == 'e') || (x1 == 'v' && x2 == 'e') {
					out = out[:len(out)-1]
				}
			}
		}
		out = append(out, x)
	}
	return out
}
