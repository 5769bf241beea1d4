package pm4

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
)

// Options adjusts a disassembly.
type Options struct {
	// Comments maps a dword offset in the IB to text shown with the packet
	// that contains that dword, e.g. what a dispatch computes and where in
	// the source graph it came from. Each line is prefixed with "// "
	// unless it already starts with "//"; a comment on a dword other than
	// the packet's header is marked "@0xNNNN:" with its offset. Comments
	// past the last packet are printed at the end.
	Comments map[int]string
}

// Disassemble writes one line per packet of ib to w:
//
//	0x0010  c0027600  SET_SH_REG  COMPUTE_PGM_LO=0x00001000 COMPUTE_PGM_HI=0x00000000
//
// with the dword offset, the raw header, the packet name and its fields
// (registers by name; values in hex, counts in decimal, addresses in hex;
// a register with several fields is followed by its non-zero fields in
// parentheses). When ib does not decode it writes the packets before the
// bad one and returns the *DecodeError; otherwise it returns w's error.
func Disassemble(w io.Writer, ib []uint32, opt Options) error {
	bw := bufio.NewWriter(w)
	cm := newCommentCursor(opt.Comments)
	r := NewReader(ib)
	var derr error
	for {
		p, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			derr = err
			break
		}
		for _, c := range cm.upTo(p.Offset + p.Len()) {
			writeComment(bw, p.Offset, c)
		}
		fmt.Fprintf(bw, "0x%04x  %08x  %s\n", p.Offset, uint32(p.Header), p.String())
	}
	if derr == nil {
		for _, c := range cm.upTo(int(^uint(0) >> 1)) {
			writeComment(bw, -1, c)
		}
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("pm4: writing disassembly: %w", err)
	}
	return derr
}

// Comment is a caller's note on one dword of an IB.
type Comment struct {
	Offset int    `json:"offset"`
	Text   string `json:"text"`
}

// commentCursor hands out comments in offset order.
type commentCursor struct {
	list []Comment
	next int
}

func newCommentCursor(m map[int]string) *commentCursor {
	c := &commentCursor{list: make([]Comment, 0, len(m))}
	for off, text := range m {
		c.list = append(c.list, Comment{off, text})
	}
	slices.SortFunc(c.list, func(a, b Comment) int { return a.Offset - b.Offset })
	return c
}

// upTo returns the comments with offsets below end not handed out yet.
func (c *commentCursor) upTo(end int) []Comment {
	i := c.next
	for c.next < len(c.list) && c.list[c.next].Offset < end {
		c.next++
	}
	return c.list[i:c.next]
}

// writeComment prints c before the packet whose header is at pktOff (-1:
// no packet).
func writeComment(w io.Writer, pktOff int, c Comment) {
	for _, line := range strings.Split(c.Text, "\n") {
		if !strings.HasPrefix(line, "//") {
			line = "// " + line
		}
		if c.Offset != pktOff {
			line = fmt.Sprintf("// @0x%04x: %s", c.Offset, strings.TrimLeft(strings.TrimPrefix(line, "//"), " "))
		}
		fmt.Fprintln(w, line)
	}
}

// Listing is the JSON form of a disassembly.
type Listing struct {
	Dwords   int            `json:"dwords"`             // length of the IB
	Packets  []ListedPacket `json:"packets"`            // in IB order
	Comments []Comment      `json:"comments,omitempty"` // comments past the last packet
	Error    *ListingError  `json:"error,omitempty"`    // why decoding stopped, if it did
}

// ListedPacket is one packet of a Listing.
type ListedPacket struct {
	Offset   int          `json:"offset"` // dword index of the header
	Header   uint32       `json:"header"`
	Opcode   uint8        `json:"opcode"`
	Name     string       `json:"name"`
	Body     []uint32     `json:"body"`
	Fields   []FieldValue `json:"fields"`
	Comments []Comment    `json:"comments,omitempty"`
}

// ListingError is a decoding error in a Listing.
type ListingError struct {
	Offset  int    `json:"offset"` // dword index
	Message string `json:"message"`
}

// List decodes ib into a Listing; a decoding error ends the packet list
// and is recorded in Listing.Error.
func List(ib []uint32, opt Options) Listing {
	l := Listing{Dwords: len(ib), Packets: []ListedPacket{}}
	cm := newCommentCursor(opt.Comments)
	r := NewReader(ib)
	for {
		p, err := r.Next()
		if err == io.EOF {
			l.Comments = cm.upTo(int(^uint(0) >> 1))
			return l
		}
		if err != nil {
			le := &ListingError{Offset: r.Offset(), Message: err.Error()}
			var de *DecodeError
			if errors.As(err, &de) {
				le.Offset = de.Offset
			}
			l.Error = le
			return l
		}
		fields := Describe(p)
		if fields == nil {
			fields = []FieldValue{}
		}
		l.Packets = append(l.Packets, ListedPacket{
			Offset: p.Offset, Header: uint32(p.Header), Opcode: uint8(p.Op()), Name: p.Name(),
			Body: p.Body, Fields: fields, Comments: cm.upTo(p.Offset + p.Len()),
		})
	}
}

// DisassembleJSON writes List(ib, opt) to w as indented JSON. Like
// Disassemble it returns the *DecodeError when ib does not decode (the JSON
// is written regardless and carries the error too).
func DisassembleJSON(w io.Writer, ib []uint32, opt Options) error {
	l := List(ib, opt)
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	if err := enc.Encode(l); err != nil {
		return fmt.Errorf("pm4: writing JSON disassembly: %w", err)
	}
	if l.Error != nil {
		_, err := Decode(ib)
		return err
	}
	return nil
}
