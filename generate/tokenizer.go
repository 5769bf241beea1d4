package generate

import (
	"errors"

	"zincc/frontend/gguf"
)

// Tokenizer is what generation needs of a tokenizer. The tokenizer
// package's Tokenizer provides it (see defaultTokenizer); tests may give
// their own.
type Tokenizer interface {
	// Encode turns text into token ids: with addSpecial, BOS (and EOS) as
	// the model's add_bos/add_eos keys say; with parseSpecial, special
	// tokens written in the text become those tokens.
	Encode(text string, addSpecial, parseSpecial bool) ([]uint32, error)
	// NewStream returns a streaming detokenizer.
	NewStream() StreamDecoder
	// VocabSize is the number of tokens.
	VocabSize() int
	// IsEndOfGeneration reports whether id ends a generation (EOS, EOT,
	// <|im_end|>, …).
	IsEndOfGeneration(id uint32) bool
	// ChatTemplate is tokenizer.chat_template, if the model has one.
	ChatTemplate() (string, bool)
}

// StreamDecoder turns tokens into text as they come, returning only whole
// UTF-8 characters: a character split across tokens is returned once, when
// its last byte arrives.
type StreamDecoder interface {
	Add(id uint32) ([]byte, error)
	Flush() []byte
}

// defaultTokenizer builds the tokenizer package's tokenizer.
var defaultTokenizer = func(*gguf.File) (Tokenizer, error) {
	return nil, errors.New("zincc was built without the tokenizer package")
}
