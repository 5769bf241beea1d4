package hwreg

import (
	"testing"

	_ "zincc/internal/golden" // defines -update for `go test ./... -update`
)

// The fields of each word are disjoint and named once.
func TestWordsDisjoint(t *testing.T) {
	for word, fs := range map[string][]Field{"RSRC1": Rsrc1Fields, "RSRC2": Rsrc2Fields, "RSRC3": Rsrc3Fields} {
		var seen uint32
		names := map[string]bool{}
		for _, f := range fs {
			if f.Lo > f.Hi || f.Hi > 31 {
				t.Errorf("%s.%s: bits %d..%d", word, f.Name, f.Lo, f.Hi)
			}
			if seen&f.Mask() != 0 {
				t.Errorf("%s.%s overlaps an earlier field", word, f.Name)
			}
			if names[f.Name] {
				t.Errorf("%s.%s is named twice", word, f.Name)
			}
			seen |= f.Mask()
			names[f.Name] = true
		}
	}
}

// The parts of FLOAT_MODE and EXCP_EN tile their field.
func TestSubFieldsTile(t *testing.T) {
	for _, c := range []struct {
		whole Field
		parts []Field
	}{
		{Rsrc1FloatMode, []Field{Rsrc1FloatRound32, Rsrc1FloatRound1664, Rsrc1FloatDenorm32, Rsrc1FloatDenorm1664}},
		{Rsrc2ExcpEn, []Field{Rsrc2ExcpInvalid, Rsrc2ExcpDenormSrc, Rsrc2ExcpDivZero, Rsrc2ExcpOverflow,
			Rsrc2ExcpUnderflow, Rsrc2ExcpInexact, Rsrc2ExcpIntDiv0}},
	} {
		var m uint32
		for _, p := range c.parts {
			if m&p.Mask() != 0 {
				t.Errorf("%s overlaps another part of %s", p.Name, c.whole.Name)
			}
			m |= p.Mask()
		}
		if m != c.whole.Mask() {
			t.Errorf("the parts of %s cover %#x, not %#x", c.whole.Name, m, c.whole.Mask())
		}
	}
}

func TestField(t *testing.T) {
	f := MaskField("X", 0x3<<11)
	if f.Lo != 11 || f.Hi != 12 || f.Max() != 3 || f.Put(0xffffffff, 1) != 0xffffefff || f.Get(0x1000) != 2 {
		t.Errorf("MaskField(0x1800) = %+v", f)
	}
	if Bits("A", 0, 31).Max() != 0xffffffff || !Bit("B", 3).Fits(1) || Bit("B", 3).Fits(2) {
		t.Error("Max/Fits")
	}
	if g := Rsrc2LDSSize.Put(0, 0x1ff); g != 0x1ff<<15 {
		t.Errorf("LDS_SIZE all ones = %#x", g)
	}
}
