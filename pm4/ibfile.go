package pm4

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
)

// IBFormat is how an IB is stored in a file.
type IBFormat int

// IB file formats.
const (
	// FormatBinary is little-endian dwords, as the GPU reads them.
	FormatBinary IBFormat = iota
	// FormatHex is text: one dword per whitespace-separated token, written
	// in hex with an optional 0x prefix; "#" and "//" start comments that
	// run to the end of the line.
	FormatHex
)

// String names the format.
func (f IBFormat) String() string {
	if f == FormatHex {
		return "hex"
	}
	return "binary"
}

// ErrIBFile is wrapped by every error about the contents of an IB file.
var ErrIBFile = errors.New("bad IB file")

// DetectIBFormat tells a hex dump from a binary IB: data is hex text when
// every byte is printable ASCII or white space. A binary IB of type-3
// packets never is, because every header's top byte is 0xC0 or above.
func DetectIBFormat(data []byte) IBFormat {
	for _, c := range data {
		if (c < 0x20 || c > 0x7e) && c != '\t' && c != '\n' && c != '\r' && c != '\v' && c != '\f' {
			return FormatBinary
		}
	}
	return FormatHex
}

// ParseIB reads an IB file in either format (see DetectIBFormat).
func ParseIB(data []byte) ([]uint32, IBFormat, error) {
	if f := DetectIBFormat(data); f == FormatHex {
		ib, err := ParseHexIB(data)
		return ib, f, err
	}
	ib, err := ParseBinaryIB(data)
	return ib, FormatBinary, err
}

// ParseBinaryIB reads little-endian dwords; the length must be a multiple
// of 4.
func ParseBinaryIB(data []byte) ([]uint32, error) {
	if r := len(data) % 4; r != 0 {
		return nil, fmt.Errorf("%w: binary IB of %d bytes ends with a partial dword at byte %#x (dword %#x)",
			ErrIBFile, len(data), len(data)-r, len(data)/4)
	}
	ib := make([]uint32, len(data)/4)
	for i := range ib {
		ib[i] = binary.LittleEndian.Uint32(data[4*i:])
	}
	return ib, nil
}

// ParseHexIB reads a hex dump: one dword per whitespace-separated token,
// 1 to 8 hex digits with an optional 0x or 0X prefix; "#" or "//" comments
// run to the end of the line. Errors give the line, column and dword index.
func ParseHexIB(text []byte) ([]uint32, error) {
	var ib []uint32
	line, col := 1, 1
	for i := 0; i < len(text); {
		c := text[i]
		switch {
		case c == '\n':
			line, col = line+1, 1
			i++
			continue
		case c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f':
			i, col = i+1, col+1
			continue
		case c == '#' || (c == '/' && i+1 < len(text) && text[i+1] == '/'):
			for i < len(text) && text[i] != '\n' {
				i++
			}
			continue
		}
		start := i
		for i < len(text) && !isHexSpace(text[i]) && text[i] != '#' &&
			!(text[i] == '/' && i+1 < len(text) && text[i+1] == '/') {
			i++
		}
		tok := text[start:i]
		v, err := parseHexDword(tok)
		if err != nil {
			return nil, fmt.Errorf("%w: line %d col %d (dword %#x): %q: %v", ErrIBFile, line, col, len(ib), tok, err)
		}
		ib = append(ib, v)
		col += i - start
	}
	return ib, nil
}

func isHexSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}

// parseHexDword parses one hex token.
func parseHexDword(tok []byte) (uint32, error) {
	if len(tok) >= 2 && tok[0] == '0' && (tok[1] == 'x' || tok[1] == 'X') {
		tok = tok[2:]
	}
	if len(tok) == 0 {
		return 0, errors.New("no hex digits")
	}
	var v uint32
	for _, c := range tok {
		var d byte
		switch {
		case c >= '0' && c <= '9':
			d = c - '0'
		case c >= 'a' && c <= 'f':
			d = c - 'a' + 10
		case c >= 'A' && c <= 'F':
			d = c - 'A' + 10
		default:
			return 0, fmt.Errorf("%q is not a hex digit", c)
		}
		v = v<<4 | uint32(d)
	}
	if len(tok) > 8 {
		return 0, errors.New("more than 8 hex digits: does not fit in a dword")
	}
	return v, nil
}

// WriteHexIB writes ib as a hex dump ParseHexIB reads back: one 0x%08x
// dword per line.
func WriteHexIB(w io.Writer, ib []uint32) error {
	bw := bufio.NewWriter(w)
	for _, v := range ib {
		fmt.Fprintf(bw, "0x%08x\n", v)
	}
	return bw.Flush()
}

// WriteBinaryIB writes ib as little-endian dwords.
func WriteBinaryIB(w io.Writer, ib []uint32) error {
	buf := make([]byte, 4*len(ib))
	for i, v := range ib {
		binary.LittleEndian.PutUint32(buf[4*i:], v)
	}
	_, err := w.Write(buf)
	return err
}
