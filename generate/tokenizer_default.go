package generate

import (
	"zincc/frontend/gguf"
	"zincc/tokenizer"
)

func init() {
	defaultTokenizer = func(f *gguf.File) (Tokenizer, error) {
		t, err := tokenizer.FromGGUF(f)
		if err != nil {
			return nil, err
		}
		return ggufTokenizer{t}, nil
	}
}

// ggufTokenizer adapts the tokenizer package's Tokenizer to Tokenizer.
type ggufTokenizer struct{ *tokenizer.Tokenizer }

func (g ggufTokenizer) Encode(text string, addSpecial, parseSpecial bool) ([]uint32, error) {
	return g.Tokenizer.Encode(text, tokenizer.EncodeOptions{AddSpecial: addSpecial, ParseSpecial: parseSpecial})
}

func (g ggufTokenizer) NewStream() StreamDecoder { return g.NewStreamDecoder() }
