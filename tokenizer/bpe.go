package tokenizer

import (
	"container/heap"
	"strings"
)

// GPT-2's byte↔unicode map (bytes_to_unicode; llama.cpp
// unicode_byte_to_utf8_map): the printable bytes 0x21..0x7E, 0xA1..0xAC and
// 0xAE..0xFF stand for themselves, the other 68 in increasing order for
// U+0100, U+0101, ... (so ' ' is U+0120 'Ġ' and '\n' U+010A 'Ċ').
var (
	byteRune [256]rune
	runeByte = map[rune]byte{}
)

func init() {
	n := rune(0)
	for b := 0; b < 256; b++ {
		if (b >= 0x21 && b <= 0x7E) || (b >= 0xA1 && b <= 0xAC) || (b >= 0xAE && b <= 0xFF) {
			byteRune[b] = rune(b)
		} else {
			byteRune[b] = 256 + n
			n++
		}
		runeByte[byteRune[b]] = byte(b)
	}
}

// symbol is a stretch of a word being merged: bytes [start, start+n) of the
// word's text; n = 0 once merged into its left neighbour.
type symbol struct {
	start, n   int
	prev, next int
}

// bigram is a candidate merge of symbols left and right (llm_bigram_bpe,
// llm_bigram_spm): for BPE the lower rank goes first, for SPM the higher
// score; ties go to the leftmost. size is the merged length, which tells a
// stale candidate (one of its symbols has changed since) from a live one.
type bigram struct {
	left, right int
	rank        int32
	score       float32
	size        int
}

type bpeQueue []bigram

func (q bpeQueue) Len() int { return len(q) }
func (q bpeQueue) Less(i, j int) bool {
	if q[i].rank != q[j].rank {
		return q[i].rank < q[j].rank
	}
	return q[i].left < q[j].left
}
func (q bpeQueue) Swap(i, j int) { q[i], q[j] = q[j], q[i] }
func (q *bpeQueue) Push(x any)   { *q = append(*q, x.(bigram)) }
func (q *bpeQueue) Pop() any {
	old := *q
	x := old[len(old)-1]
	*q = old[:len(old)-1]
	return x
}

// encodeBPE appends the tokens of one raw-text fragment
// (llm_tokenizer_bpe_session::tokenize).
func (t *Tokenizer) encodeBPE(text string, out []uint32) []uint32 {
	cpts := cptsFromUTF8(text)
	var word strings.Builder
	for _, s := range t.pre.split(cpts) {
		// The piece's bytes, re-encoded from its code points as llama.cpp
		// does, each mapped to its printable stand-in.
		word.Reset()
		var raw []byte
		for _, r := range cpts[s.start:s.end] {
			raw = appendCpt(raw[:0], r)
			for _, b := range raw {
				word.WriteRune(byteRune[b])
			}
		}
		out = t.bpeWord(word.String(), out)
	}
	return out
}

// bpeWord merges one mapped piece and appends its tokens.
func (t *Tokenizer) bpeWord(w string, out []uint32) []uint32 {
	if t.ignoreMerges {
		if id, ok := t.ids[w]; ok {
			return append(out, uint32(id))
		}
	}
	var syms []symbol
	for off := 0; off < len(w); {
		n := min(utf8Len(w[off]), len(w)-off)
		syms = append(syms, symbol{start: off, n: n, prev: len(syms) - 1, next: len(syms) + 1})
		off += n
	}
	if len(syms) == 0 {
		return out
	}
	syms[len(syms)-1].next = -1
	text := func(s symbol) string { return w[s.start : s.start+s.n] }
	var q bpeQueue
	add := func(l, r int) {
		if l < 0 || r < 0 {
			return
		}
		rank, ok := t.ranks[pair{text(syms[l]), text(syms[r])}]
		if !ok {
			return
		}
		heap.Push(&q, bigram{left: l, right: r, rank: rank, size: syms[l].n + syms[r].n})
	}
	for i := 1; i < len(syms); i++ {
		add(i-1, i)
	}
	for q.Len() > 0 {
		b := heap.Pop(&q).(bigram)
		l, r := &syms[b.left], &syms[b.right]
		if l.n == 0 || r.n == 0 || l.n+r.n != b.size {
			continue // stale
		}
		l.n += r.n
		r.n = 0
		l.next = r.next
		if r.next >= 0 {
			syms[r.next].prev = b.left
		}
		add(l.prev, b.left)
		add(b.left, l.next)
	}
	for i := 0; i >= 0; i = syms[i].next {
		s := text(syms[i])
		if id, ok := t.ids[s]; ok {
			out = append(out, uint32(id))
			continue
		}
		// A merge whose result is not a token: llama.cpp looks each byte of
		// the mapped text up as a one-byte token and drops the misses.
		for j := 0; j < len(s); j++ {
			if id, ok := t.ids[s[j:j+1]]; ok {
				out = append(out, uint32(id))
			}
		}
	}
	return out
}

// utf8Len is the length of the UTF-8 sequence a lead byte announces, judged
// by its top four bits alone (llama.cpp unicode_len_utf8): 1 for ASCII and
// stray continuation bytes.
func utf8Len(b byte) int {
	switch b >> 4 {
	case 0xC, 0xD:
		return 2
	case 0xE:
		return 3
	case 0xF:
		return 4
	}
	return 1
}

// cptsFromUTF8 decodes s as llama.cpp's unicode_cpts_from_utf8 does: a
// sequence it cannot decode yields U+FFFD for its first byte and decoding
// resumes at the next byte. (It accepts surrogates and overlong forms, and
// so does this; Encode refuses text that is not valid UTF-8 before any of
// it matters, but special tokens may cut a text anywhere.)
func cptsFromUTF8(s string) []rune {
	out := make([]rune, 0, len(s))
	cont := func(i int) bool { return i < len(s) && s[i]&0xC0 == 0x80 }
	for i := 0; i < len(s); {
		b := s[i]
		switch {
		case b < 0x80:
			out = append(out, rune(b))
			i++
		case b&0x40 == 0:
			out = append(out, 0xFFFD)
			i++
		case b&0x20 == 0 && cont(i+1):
			out = append(out, rune(b&0x1F)<<6|rune(s[i+1]&0x3F))
			i += 2
		case b&0x20 == 0:
			out = append(out, 0xFFFD)
			i++
		case b&0x10 == 0 && cont(i+1) && cont(i+2):
			out = append(out, rune(b&0x0F)<<12|rune(s[i+1]&0x3F)<<6|rune(s[i+2]&0x3F))
			i += 3
		case b&0x10 == 0:
			out = append(out, 0xFFFD)
			i++
		case b&0x08 == 0 && cont(i+1) && cont(i+2) && cont(i+3):
			out = append(out, rune(b&0x07)<<18|rune(s[i+1]&0x3F)<<12|rune(s[i+2]&0x3F)<<6|rune(s[i+3]&0x3F))
			i += 4
		default:
			out = append(out, 0xFFFD)
			i++
		}
	}
	return out
}

// appendCpt appends r in UTF-8 as llama.cpp's unicode_cpt_to_utf8 writes it
// (surrogates too); a code point past U+10FFFF, where llama.cpp throws,
// becomes U+FFFD.
func appendCpt(b []byte, r rune) []byte {
	switch {
	case r >= 0 && r <= 0x7F:
		return append(b, byte(r))
	case r >= 0x80 && r <= 0x7FF:
		return append(b, 0xC0|byte(r>>6), 0x80|byte(r)&0x3F)
	case r >= 0x800 && r <= 0xFFFF:
		return append(b, 0xE0|byte(r>>12), 0x80|byte(r>>6)&0x3F, 0x80|byte(r)&0x3F)
	case r >= 0x10000 && r <= 0x10FFFF:
		return append(b, 0xF0|byte(r>>18), 0x80|byte(r>>12)&0x3F, 0x80|byte(r>>6)&0x3F, 0x80|byte(r)&0x3F)
	}
	return append(b, 0xEF, 0xBF, 0xBD)
}
