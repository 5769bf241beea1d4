package sim

import "sort"

// interval is the byte range [lo, hi).
type interval struct{ lo, hi uint64 }

// intervalSet is a set of bytes kept as sorted, disjoint, non-touching
// intervals. Accesses of one instruction (and of consecutive instructions)
// usually extend the interval touched last, so add tries that one first
// and only searches when the access lands elsewhere.
type intervalSet struct {
	iv   []interval
	hint int // index of the interval add changed last
}

func (s *intervalSet) reset() {
	s.iv = s.iv[:0]
	s.hint = 0
}

func (s *intervalSet) empty() bool { return len(s.iv) == 0 }

// add inserts [lo, hi), merging it with the intervals it overlaps or touches.
func (s *intervalSet) add(lo, hi uint64) {
	if lo >= hi {
		return
	}
	if h := s.hint; h < len(s.iv) {
		c := &s.iv[h]
		if lo >= c.lo && lo <= c.hi {
			if hi <= c.hi {
				return
			}
			if h+1 == len(s.iv) || hi < s.iv[h+1].lo {
				c.hi = hi
				return
			}
		}
	}
	// i: first interval that ends at or after lo (so it may touch [lo, hi)).
	i := sort.Search(len(s.iv), func(k int) bool { return s.iv[k].hi >= lo })
	j := i
	for j < len(s.iv) && s.iv[j].lo <= hi {
		j++
	}
	if i == j {
		s.iv = append(s.iv, interval{})
		copy(s.iv[i+1:], s.iv[i:])
		s.iv[i] = interval{lo, hi}
		s.hint = i
		return
	}
	if s.iv[i].lo < lo {
		lo = s.iv[i].lo
	}
	if s.iv[j-1].hi > hi {
		hi = s.iv[j-1].hi
	}
	s.iv[i] = interval{lo, hi}
	s.iv = append(s.iv[:i+1], s.iv[j:]...)
	s.hint = i
}

// addSet inserts every interval of t.
func (s *intervalSet) addSet(t *intervalSet) {
	for _, v := range t.iv {
		s.add(v.lo, v.hi)
	}
}

// overlap returns the first (lowest) byte range that s and t share. When
// one set is much larger than the other (a dispatch's accesses against one
// workgroup's), each interval of the smaller is looked up by binary search
// in the larger, so the cost follows the smaller set.
func (s *intervalSet) overlap(t *intervalSet) (interval, bool) {
	var first interval
	found := false
	s.intersect(t, func(lo, hi uint64) bool {
		first, found = interval{lo, hi}, true
		return false
	})
	return first, found
}

// intersect calls f with every byte range s and t share, lowest first,
// until f returns false.
func (s *intervalSet) intersect(t *intervalSet, f func(lo, hi uint64) bool) {
	small, large := s, t
	if len(small.iv) > len(large.iv) {
		small, large = large, small
	}
	if len(small.iv) == 0 {
		return
	}
	if len(large.iv) > 8*len(small.iv) {
		for _, a := range small.iv {
			j := sort.Search(len(large.iv), func(k int) bool { return large.iv[k].hi > a.lo })
			for ; j < len(large.iv) && large.iv[j].lo < a.hi; j++ {
				b := large.iv[j]
				if !f(max(a.lo, b.lo), min(a.hi, b.hi)) {
					return
				}
			}
		}
		return
	}
	i, j := 0, 0
	for i < len(s.iv) && j < len(t.iv) {
		a, b := s.iv[i], t.iv[j]
		if lo, hi := max(a.lo, b.lo), min(a.hi, b.hi); lo < hi && !f(lo, hi) {
			return
		}
		if a.hi <= b.hi {
			i++
		} else {
			j++
		}
	}
}

// bytes is the number of bytes in the set.
func (s *intervalSet) bytes() uint64 {
	var n uint64
	for _, v := range s.iv {
		n += v.hi - v.lo
	}
	return n
}
