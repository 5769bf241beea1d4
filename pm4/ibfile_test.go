package pm4

import (
	"bytes"
	"errors"
	"slices"
	"strings"
	"testing"
)

func TestParseHexIB(t *testing.T) {
	text := "# a hand-written IB\n" +
		"c0027600 0x20c\t0X1000 // PGM_LO\n" +
		"  0\r\n" +
		"ffff1000#trailing comment\n" +
		"F//x\n"
	ib, f, err := ParseIB([]byte(text))
	if err != nil || f != FormatHex {
		t.Fatalf("ParseIB: %v, format %v", err, f)
	}
	want := []uint32{0xC0027600, 0x20C, 0x1000, 0, 0xFFFF1000, 0xF}
	if !slices.Equal(ib, want) {
		t.Fatalf("got %08x want %08x", ib, want)
	}
}

func TestParseHexIBErrorsNamePosition(t *testing.T) {
	cases := []struct{ text, want string }{
		{"c0027600 0x20c\n  12345678g", `line 2 col 3 (dword 0x2): "12345678g": 'g' is not a hex digit`},
		{"0x", `line 1 col 1 (dword 0x0): "0x": no hex digits`},
		{"1 2 123456789", `line 1 col 5 (dword 0x2): "123456789": more than 8 hex digits`},
		{"0x-1", `"0x-1": '-' is not a hex digit`},
	}
	for _, c := range cases {
		_, err := ParseHexIB([]byte(c.text))
		if !errors.Is(err, ErrIBFile) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: err = %v, want it to contain %q", c.text, err, c.want)
		}
	}
}

func TestParseBinaryIB(t *testing.T) {
	data := []byte{0x00, 0x76, 0x02, 0xC0, 0x0C, 0x02, 0, 0}
	ib, f, err := ParseIB(data)
	if err != nil || f != FormatBinary || !slices.Equal(ib, []uint32{0xC0027600, 0x20C}) {
		t.Fatalf("%08x %v %v", ib, f, err)
	}
	_, _, err = ParseIB(append(data, 0xC0, 0x10))
	if !errors.Is(err, ErrIBFile) || !strings.Contains(err.Error(), "partial dword at byte 0x8 (dword 0x2)") {
		t.Fatalf("odd length: %v", err)
	}
}

func TestIBWritersRoundTrip(t *testing.T) {
	b := NewBuilder(make([]uint32, 64))
	_ = emitDispatch(&b)
	var hexBuf, binBuf bytes.Buffer
	if err := WriteHexIB(&hexBuf, b.Words()); err != nil {
		t.Fatal(err)
	}
	if err := WriteBinaryIB(&binBuf, b.Words()); err != nil {
		t.Fatal(err)
	}
	for _, data := range [][]byte{hexBuf.Bytes(), binBuf.Bytes()} {
		ib, _, err := ParseIB(data)
		if err != nil || !slices.Equal(ib, b.Words()) {
			t.Fatalf("round trip: %v", err)
		}
	}
	if DetectIBFormat(binBuf.Bytes()) != FormatBinary || DetectIBFormat(hexBuf.Bytes()) != FormatHex {
		t.Fatal("format detection")
	}
	if FormatBinary.String() != "binary" || FormatHex.String() != "hex" {
		t.Fatal("format names")
	}
}
