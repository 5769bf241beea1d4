// Package tokenizer turns text into token ids and back for the tokenizers
// llama.cpp reads from GGUF metadata (tokenizer.ggml.*), reproducing
// llama.cpp's own tokenizer (src/llama-vocab.cpp and src/unicode.cpp at
// ggerganov/llama.cpp c392e50, February 2025) id for id, quirks included:
//
//   - "llama": SentencePiece-style BPE by token score (llm_tokenizer_spm):
//     spaces become U+2581 "▁", a space is prefixed to every text fragment
//     that starts the input or follows a special token when add_space_prefix
//     holds (the default), pairs merge highest score first, and a piece with
//     no token falls back to byte tokens <0xNN>.
//   - "gpt2": byte-level BPE (llm_tokenizer_bpe): the text is split by the
//     pre-tokenizer tokenizer.ggml.pre names, each piece's bytes are mapped
//     to printable code points (GPT-2's bytes_to_unicode), and adjacent
//     symbols merge lowest merge rank first.
//
// Special tokens (token types CONTROL, USER_DEFINED, UNKNOWN) written in the
// text become tokens before either algorithm runs, longest first
// (tokenizer_st_partition); without ParseSpecial only USER_DEFINED ones do.
//
// The pre-tokenizers are hand-written splitters, not regular expressions:
// llama.cpp itself runs Llama 3's and GPT-2's split patterns through
// hand-written code (unicode_regex_split_custom_llama3/_gpt2) and the others
// through std::regex over a "collapsed" text in which every non-ASCII code
// point stands for its Unicode category; each splitter here reproduces what
// that code does, including its Unicode tables (see categoryOf and isSpace).
//
// Tokenizer models other than llama and gpt2 (bert, t5, rwkv) and
// pre-tokenizers this package does not implement are refused by name.
package tokenizer
