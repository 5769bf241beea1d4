package ir

import (
	"fmt"
	"math"
	"strconv"
)

// AttrKind is the type of an attribute value.
type AttrKind uint8

// The attribute kinds.
const (
	FloatAttr AttrKind = iota + 1
	IntAttr
	EnumAttr
)

// String names the kind as the .zir reference does.
func (k AttrKind) String() string {
	switch k {
	case FloatAttr:
		return "float"
	case IntAttr:
		return "integer"
	case EnumAttr:
		return "name"
	}
	return "invalid"
}

// AttrValue is a typed attribute value. Only the field of its Kind is used.
type AttrValue struct {
	Kind  AttrKind
	Float float64
	Int   int64
	Enum  string
}

// FloatValue, IntValue and EnumValue build attribute values.
func FloatValue(f float64) AttrValue { return AttrValue{Kind: FloatAttr, Float: f} }

// IntValue builds an integer attribute value.
func IntValue(i int64) AttrValue { return AttrValue{Kind: IntAttr, Int: i} }

// EnumValue builds an enum attribute value.
func EnumValue(s string) AttrValue { return AttrValue{Kind: EnumAttr, Enum: s} }

// Equal reports whether two values are the same (floats compare by bits, so
// a round trip through text must reproduce them exactly).
func (v AttrValue) Equal(w AttrValue) bool {
	if v.Kind != w.Kind {
		return false
	}
	switch v.Kind {
	case FloatAttr:
		return math.Float64bits(v.Float) == math.Float64bits(w.Float)
	case IntAttr:
		return v.Int == w.Int
	default:
		return v.Enum == w.Enum
	}
}

// String formats v as written in .zir. Floats use the shortest text that
// parses back to the same float64.
func (v AttrValue) String() string {
	switch v.Kind {
	case FloatAttr:
		if math.IsNaN(v.Float) || math.IsInf(v.Float, 0) {
			return strconv.FormatFloat(v.Float, 'g', -1, 64) // NaN, +Inf, -Inf: not NaN.0
		}
		s := strconv.FormatFloat(v.Float, 'g', -1, 64)
		if !containsAny(s, ".eE") { // keep "10000" recognisable as a float
			s += ".0"
		}
		return s
	case IntAttr:
		return strconv.FormatInt(v.Int, 10)
	default:
		return v.Enum
	}
}

func containsAny(s, chars string) bool {
	for i := 0; i < len(s); i++ {
		for j := 0; j < len(chars); j++ {
			if s[i] == chars[j] {
				return true
			}
		}
	}
	return false
}

// Attr is one attribute of a node.
type Attr struct {
	Name  string
	Value AttrValue
	Pos   Pos // where it is written; unknown when it took its default
}

// AttrSpec declares one attribute of an op.
type AttrSpec struct {
	Name string
	Kind AttrKind
	Enum []string // the allowed names of an EnumAttr
	// Default gives the value of an attribute that is not written, from the
	// node's operands and earlier attributes. Nil means the attribute is
	// required.
	Default func(c *NodeCheck) AttrValue
	// Check returns why v is out of range for the node, or "".
	Check func(c *NodeCheck, v AttrValue) string
}

// coerce converts a written value to the spec's kind (an integer literal is
// a valid float), or explains why it cannot.
func (s *AttrSpec) coerce(v AttrValue) (AttrValue, error) {
	switch {
	case v.Kind == s.Kind && s.Kind == EnumAttr:
		for _, e := range s.Enum {
			if v.Enum == e {
				return v, nil
			}
		}
		return v, fmt.Errorf("attribute %s must be one of %s, got %s", s.Name, quoteList(s.Enum), v.Enum)
	case v.Kind == s.Kind:
		if v.Kind == FloatAttr && (math.IsNaN(v.Float) || math.IsInf(v.Float, 0)) {
			return v, fmt.Errorf("attribute %s must be finite, got %v", s.Name, v.Float)
		}
		return v, nil
	case v.Kind == IntAttr && s.Kind == FloatAttr:
		return FloatValue(float64(v.Int)), nil
	}
	if s.Kind == EnumAttr {
		return v, fmt.Errorf("attribute %s must be one of %s, got %s", s.Name, quoteList(s.Enum), v)
	}
	return v, fmt.Errorf("attribute %s must be a%s %v, got %s", s.Name, article(s.Kind), s.Kind, v)
}

func article(k AttrKind) string {
	if k == IntAttr {
		return "n"
	}
	return ""
}

func quoteList(names []string) string {
	s := ""
	for i, n := range names {
		if i > 0 {
			s += "|"
		}
		s += n
	}
	return s
}
