package tokenizer

import (
	"container/heap"
	"fmt"
	"strings"
)

type spmQueue []bigram

func (q spmQueue) Len() int { return len(q) }
func (q spmQueue) Less(i, j int) bool {
	if q[i].score != q[j].score {
		return q[i].score > q[j].score
	}
	return q[i].left < q[j].left
}
func (q spmQueue) Swap(i, j int) { q[i], q[j] = q[j], q[i] }
func (q *spmQueue) Push(x any)   { *q = append(*q, x.(bigram)) }
func (q *spmQueue) Pop() any {
	old := *q
	x := old[len(old)-1]
	*q = old[:len(old)-1]
	return x
}

// encodeSPM appends the tokens of one text fragment, already prefixed and
// with spaces escaped to ▁ (llm_tokenizer_spm_session::tokenize): split
// into characters, merge the adjacent pair that forms the highest-scoring
// token (leftmost on ties) until none does, then emit each symbol's token,
// or its bytes as byte tokens when it has none.
func (t *Tokenizer) encodeSPM(text string, out []uint32) ([]uint32, error) {
	var syms []symbol
	for off := 0; off < len(text); {
		n := min(utf8Len(text[off]), len(text)-off)
		syms = append(syms, symbol{start: off, n: n, prev: len(syms) - 1, next: len(syms) + 1})
		off += n
	}
	if len(syms) == 0 {
		return out, nil
	}
	syms[len(syms)-1].next = -1
	str := func(s symbol) string { return text[s.start : s.start+s.n] }
	var q spmQueue
	add := func(l, r int) {
		if l < 0 || r < 0 {
			return
		}
		s := text[syms[l].start : syms[l].start+syms[l].n+syms[r].n]
		id, ok := t.ids[s]
		if !ok {
			return
		}
		heap.Push(&q, bigram{left: l, right: r, score: t.scores[id], size: len(s)})
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
	// Every merged symbol is a token (only tokens are merged), so a symbol
	// without one is a single character; llama.cpp's rev_merge
	// resegmentation never applies to it.
	for i := 0; i >= 0; i = syms[i].next {
		s := str(syms[i])
		if id, ok := t.ids[s]; ok {
			out = append(out, uint32(id))
			continue
		}
		for j := 0; j < len(s); j++ {
			id, err := t.byteToken(s[j])
			if err != nil {
				return nil, err
			}
			out = append(out, id)
		}
	}
	return out, nil
}

// byteToken is the token for one byte in a SentencePiece vocabulary: <0xNN>
// (upper-case hex), else the one-byte text (llama_vocab::byte_to_token).
func (t *Tokenizer) byteToken(b byte) (uint32, error) {
	if id, ok := t.ids[fmt.Sprintf("<0x%02X>", b)]; ok {
		return uint32(id), nil
	}
	if id, ok := t.ids[string([]byte{b})]; ok {
		return uint32(id), nil
	}
	return 0, fmt.Errorf("tokenizer: the vocabulary has no token for byte 0x%02X (neither <0x%02X> nor the byte itself)", b, b)
}

// escapeSpaces replaces every ' ' by U+2581 "▁" (llama_escape_whitespace).
func escapeSpaces(s string) string { return strings.ReplaceAll(s, " ", "\u2581") }
