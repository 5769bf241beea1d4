package main

import (
	"fmt"
	"strconv"
	"strings"

	"zincc/frontend/gguf"
	"zincc/tokenizer"
)

func init() {
	register(&command{
		name:    "tokenize",
		args:    "-m model.gguf [-ids] [-no-parse-special] [-no-add-special] [-v] \"text\" | -f file",
		summary: "split text into the model's tokens, as llama.cpp does (text from the argument, -f file or stdin)",
		run:     runTokenize,
	})
	register(&command{
		name:    "detokenize",
		args:    "-m model.gguf [-no-special] ID...",
		summary: "write the text of token ids (no newline is added)",
		run:     runDetokenize,
	})
}

// openTokenizer reads the tokenizer of the GGUF file at path.
func openTokenizer(path string) (*tokenizer.Tokenizer, error) {
	f, err := gguf.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close() // the tokenizer copies what it keeps
	tok, err := tokenizer.FromGGUF(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return tok, nil
}

func runTokenize(e *env, args []string) int {
	c := commands["tokenize"]
	fs := newFlags(c, e)
	model := fs.String("m", "", "the GGUF model whose tokenizer to use (required)")
	ids := fs.Bool("ids", false, "print only the ids, on one line")
	noParse := fs.Bool("no-parse-special", false, "treat special tokens written in the text (<|im_start|>, <s>) as plain text")
	noAdd := fs.Bool("no-add-special", false, "do not add BOS/EOS even where the model asks for them")
	file := fs.String("f", "", "read the text from this file (- for stdin)")
	verbose := fs.Bool("v", false, "describe the tokenizer and what llama.cpp would warn about, on stderr")
	pos, status := parseFlags(fs, args)
	if status >= 0 {
		return status
	}
	if *model == "" {
		fmt.Fprintln(e.stderr, "zincc tokenize: -m model.gguf is required")
		return exitUsage
	}
	var text []byte
	switch {
	case len(pos) > 1:
		fmt.Fprintf(e.stderr, "zincc tokenize: give the text as one argument (quote it); got %d\n", len(pos))
		return exitUsage
	case len(pos) == 1 && *file != "":
		fmt.Fprintln(e.stderr, "zincc tokenize: give the text as an argument or with -f, not both")
		return exitUsage
	case len(pos) == 1:
		text = []byte(pos[0])
	default:
		path := *file
		if path == "" {
			path = "-"
		}
		var err error
		if text, _, err = readInput(e, path); err != nil {
			fmt.Fprintf(e.stderr, "zincc tokenize: %v\n", err)
			return exitInput
		}
	}
	tok, err := openTokenizer(*model)
	if err != nil {
		fmt.Fprintf(e.stderr, "zincc tokenize: %v\n", err)
		return exitInput
	}
	if *verbose {
		describeTokenizer(e, tok)
	}
	out, err := tok.Encode(string(text), tokenizer.EncodeOptions{AddSpecial: !*noAdd, ParseSpecial: !*noParse})
	if err != nil {
		fmt.Fprintf(e.stderr, "zincc tokenize: %v\n", err)
		return exitInput
	}
	var b strings.Builder
	if *ids {
		for i, id := range out {
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(strconv.FormatUint(uint64(id), 10))
		}
		b.WriteByte('\n')
	} else {
		for _, id := range out {
			p, _ := tok.Piece(id) // Encode's ids are in the vocabulary
			fmt.Fprintf(&b, "%d %s\n", id, strconv.Quote(string(p)))
		}
	}
	fmt.Fprint(e.stdout, b.String())
	return exitOK
}

func describeTokenizer(e *env, tok *tokenizer.Tokenizer) {
	id := func(x uint32, ok bool) string {
		if !ok {
			return "none"
		}
		return strconv.FormatUint(uint64(x), 10)
	}
	fmt.Fprintf(e.stderr, "tokenizer: model %s, pre %q, %d tokens, BOS %s (added: %v), EOS %s (added: %v), EOT %s\n",
		tok.Model(), tok.Pre(), tok.VocabSize(), id(tok.BOS()), tok.AddBOS(), id(tok.EOS()), tok.AddEOS(), id(tok.EOT()))
	for _, w := range tok.Warnings() {
		fmt.Fprintf(e.stderr, "tokenizer: warning: %s\n", w)
	}
}

func runDetokenize(e *env, args []string) int {
	c := commands["detokenize"]
	fs := newFlags(c, e)
	model := fs.String("m", "", "the GGUF model whose tokenizer to use (required)")
	noSpecial := fs.Bool("no-special", false, "write control tokens (<s>, <|im_end|>) as nothing rather than as their text")
	pos, status := parseFlags(fs, args)
	if status >= 0 {
		return status
	}
	if *model == "" {
		fmt.Fprintln(e.stderr, "zincc detokenize: -m model.gguf is required")
		return exitUsage
	}
	var ids []uint32
	for _, a := range pos {
		// "1 2 3", "1,2,3" and "[1, 2, 3]" (llama-tokenize's -ids) all work.
		for _, f := range strings.FieldsFunc(a, func(r rune) bool { return r == ',' || r == ' ' || r == '[' || r == ']' }) {
			n, err := strconv.ParseUint(f, 10, 32)
			if err != nil {
				fmt.Fprintf(e.stderr, "zincc detokenize: %q is not a token id\n", f)
				return exitUsage
			}
			ids = append(ids, uint32(n))
		}
	}
	if len(ids) == 0 {
		fmt.Fprintln(e.stderr, "zincc detokenize: no token ids given")
		return exitUsage
	}
	tok, err := openTokenizer(*model)
	if err != nil {
		fmt.Fprintf(e.stderr, "zincc detokenize: %v\n", err)
		return exitInput
	}
	text, err := tok.DecodeWith(ids, tokenizer.DecodeOptions{UnparseSpecial: !*noSpecial})
	if err != nil {
		fmt.Fprintf(e.stderr, "zincc detokenize: %v\n", err)
		return exitInput
	}
	if _, err := e.stdout.Write(text); err != nil {
		fmt.Fprintf(e.stderr, "zincc detokenize: %v\n", err)
		return exitInput
	}
	return exitOK
}
