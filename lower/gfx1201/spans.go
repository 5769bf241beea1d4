package gfx1201

// span is a half-open byte range [lo, hi) of GPU virtual addresses.
type span struct{ lo, hi uint64 }

// rangeSet is a small set of byte ranges: the reads or writes dispatched
// since the last barrier. Dispatches between barriers are few, so a list
// is enough.
type rangeSet struct{ spans []span }

func (s *rangeSet) reset() { s.spans = s.spans[:0] }

func (s *rangeSet) add(x span) {
	if x.lo < x.hi {
		s.spans = append(s.spans, x)
	}
}

// overlapsAny reports whether any of xs shares a byte with the set.
func (s *rangeSet) overlapsAny(xs []span) bool {
	for _, x := range xs {
		for _, y := range s.spans {
			if x.lo < y.hi && y.lo < x.hi {
				return true
			}
		}
	}
	return false
}
