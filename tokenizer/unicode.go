package tokenizer

import "unicode"

// class is the Unicode general category group of a code point, as llama.cpp's
// unicode_cpt_flags records it (src/unicode.h): one of the seven major
// categories, or undefined for unassigned code points (Cn).
type class uint8

const (
	classUndefined class = iota // Cn: unassigned
	classNumber                 // \p{N}: Nd, Nl, No
	classLetter                 // \p{L}: Lu, Ll, Lt, Lm, Lo
	classSeparator              // \p{Z}: Zs, Zl, Zp
	classMark                   // \p{M}: Mn, Mc, Me
	classPunct                  // \p{P}: Pc, Pd, Ps, Pe, Pi, Pf, Po
	classSymbol                 // \p{S}: Sm, Sc, Sk, So
	classControl                // \p{C} without Cn: Cc, Cf, Co, Cs
)

// asciiClass caches the class of the first 128 code points.
var asciiClass = func() (t [128]class) {
	for r := range t {
		t[r] = goClass(rune(r))
	}
	return t
}()

// categoryOf returns the class of r. It uses Go's unicode tables (Unicode
// 15.0.0) with the code points Unicode 15.1 assigned added, which makes it the
// table llama.cpp's scripts/gen-unicode-data.py generated from Unicode 15.1
// (src/unicode-data.cpp): the two were compared code point by code point over
// U+0000..U+10FFFF and differ nowhere. A Go release with newer tables would
// classify the code points Unicode assigned after 15.1 where llama.cpp does
// not (it calls them undefined); TestUnicodeVersion notices.
func categoryOf(r rune) class {
	if r >= 0 && r < 128 {
		return asciiClass[r]
	}
	return goClass(r)
}

func goClass(r rune) class {
	switch {
	case unicode.IsLetter(r):
		return classLetter
	case unicode.IsNumber(r):
		return classNumber
	case unicode.IsPunct(r):
		return classPunct
	case unicode.IsSymbol(r):
		return classSymbol
	case unicode.IsMark(r):
		return classMark
	case unicode.Is(unicode.Z, r):
		return classSeparator
	case unicode.In(r, unicode.Cc, unicode.Cf, unicode.Co, unicode.Cs):
		// Not unicode.C: Go's C table also holds the unassigned code points.
		return classControl
	}
	return unicode15_1(r)
}

// unicode15_1 classifies the 627 code points Unicode 15.1 assigned (all
// unassigned in 15.0): U+2FFC..U+2FFF and U+31EF, ideographic description
// characters (So), and U+2EBF0..U+2EE5D, CJK Unified Ideographs Extension I
// (Lo).
func unicode15_1(r rune) class {
	switch {
	case r >= 0x2EBF0 && r <= 0x2EE5D:
		return classLetter
	case r >= 0x2FFC && r <= 0x2FFF, r == 0x31EF:
		return classSymbol
	}
	return classUndefined
}

// isSpace is llama.cpp's is_whitespace flag: the White_Space property of
// PropList.txt (U+0009..U+000D, U+0020, U+0085, U+00A0, U+1680,
// U+2000..U+200A, U+2028, U+2029, U+202F, U+205F, U+3000), which is Go's
// unicode.White_Space. U+001C..U+001F, which Python's str.isspace accepts,
// are not white space here.
func isSpace(r rune) bool {
	if r < 128 {
		return r == ' ' || (r >= '\t' && r <= '\r')
	}
	return unicode.Is(unicode.White_Space, r)
}

func isLetter(r rune) bool { return categoryOf(r) == classLetter }
func isNumber(r rune) bool { return categoryOf(r) == classNumber }
