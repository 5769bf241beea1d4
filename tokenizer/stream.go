package tokenizer

import "unicode/utf8"

// StreamDecoder turns generated tokens into text as they come: each Add
// returns only whole UTF-8 characters, holding back the start of one that a
// later token completes (byte tokens <0xE6><0x97><0xA5>, or a byte-level
// BPE token ending mid-character). Pieces are rendered as Piece renders
// them, with no space stripped (what llama.cpp's front-ends print token by
// token).
type StreamDecoder struct {
	t       *Tokenizer
	pending []byte // an incomplete character's first bytes
}

// NewStreamDecoder starts a stream.
func (t *Tokenizer) NewStreamDecoder() *StreamDecoder { return &StreamDecoder{t: t} }

// Add appends a token and returns the complete UTF-8 text it makes
// available, possibly none. Bytes that can never be part of a valid
// character come out as U+FFFD, one per byte, so the result is always valid
// UTF-8.
func (d *StreamDecoder) Add(id uint32) ([]byte, error) {
	if err := d.t.checkID(id); err != nil {
		return nil, err
	}
	buf := append(d.pending, d.t.pieces[id]...)
	var out []byte
	i := 0
	for i < len(buf) {
		if !utf8.FullRune(buf[i:]) {
			break // may be completed by the next token
		}
		r, n := utf8.DecodeRune(buf[i:])
		if r == utf8.RuneError && n == 1 {
			out = utf8.AppendRune(out, utf8.RuneError)
		} else {
			out = append(out, buf[i:i+n]...)
		}
		i += n
	}
	d.pending = append([]byte(nil), buf[i:]...)
	return out, nil
}

// Flush returns what is held back, the start of a character that can no
// longer be completed, as one U+FFFD (Unicode's "maximal subpart" rule), and
// empties the decoder.
func (d *StreamDecoder) Flush() []byte {
	if len(d.pending) == 0 {
		return nil
	}
	d.pending = nil
	return utf8.AppendRune(nil, utf8.RuneError)
}
