package pm4

import (
	"fmt"
	"strconv"
	"strings"
)

// FieldValue is one named value of a decoded packet, as the disassembler
// shows it: a register with its value, a control-word field, an address.
// Fields breaks a register or dword down further; Values holds a list (the
// data dwords of WRITE_DATA, the body of an unmodelled packet).
type FieldValue struct {
	Name   string       `json:"name"`
	Value  uint64       `json:"value"`
	Symbol string       `json:"symbol,omitempty"`
	Fields []FieldValue `json:"fields,omitempty"`
	Values []uint32     `json:"values,omitempty"`
	kind   valueKind
}

// valueKind says how the text listing prints a value.
type valueKind uint8

const (
	kindHex32 valueKind = iota // 0x%08x
	kindAddr                   // 0x%x (addresses, masks)
	kindDec                    // %d
	kindFlag                   // the bare name (value is 1)
	kindList                   // Values, as 0x%08x each
)

// hex32 formats a dword the way the listing does.
func hex32(v uint32) string { return fmt.Sprintf("0x%08x", v) }

// String renders the field as it appears in the text listing.
func (f FieldValue) String() string {
	var sb strings.Builder
	f.render(&sb)
	return sb.String()
}

func (f FieldValue) render(sb *strings.Builder) {
	sb.WriteString(f.Name)
	switch f.kind {
	case kindFlag:
		return
	case kindList:
		sb.WriteString("=[")
		shown := f.Values
		if len(shown) > maxListed {
			shown = shown[:maxListed]
		}
		for i, v := range shown {
			if i > 0 {
				sb.WriteByte(' ')
			}
			sb.WriteString(hex32(v))
		}
		if len(f.Values) > maxListed {
			fmt.Fprintf(sb, " …+%d", len(f.Values)-maxListed)
		}
		sb.WriteByte(']')
		return
	}
	sb.WriteByte('=')
	switch {
	case f.Symbol != "":
		sb.WriteString(f.Symbol)
		sb.WriteByte('(')
		sb.WriteString(strconv.FormatUint(f.Value, 10))
		sb.WriteByte(')')
	case f.kind == kindDec:
		sb.WriteString(strconv.FormatUint(f.Value, 10))
	case f.kind == kindAddr:
		sb.WriteString("0x")
		sb.WriteString(strconv.FormatUint(f.Value, 16))
	default:
		sb.WriteString(hex32(uint32(f.Value)))
	}
	if len(f.Fields) > 0 {
		sb.WriteByte('(')
		for i, sub := range f.Fields {
			if i > 0 {
				sb.WriteByte(' ')
			}
			sub.render(sb)
		}
		sb.WriteByte(')')
	}
}

// maxListed is how many dwords of a list the text listing shows.
const maxListed = 16

// breakdown lists the fields of w: always the fields named in always, and
// every other field that is not zero; then the bits no field names, as
// RESERVED.
func breakdown(w uint32, fs []Field, always ...string) []FieldValue {
	var out []FieldValue
	for _, f := range fs {
		v := f.Get(w)
		if v == 0 && !contains(always, f.Name) {
			continue
		}
		out = append(out, fieldValue(f, v))
	}
	if r := w &^ fieldsMask(fs); r != 0 {
		out = append(out, FieldValue{Name: "RESERVED", Value: uint64(r), kind: kindHex32})
	}
	return out
}

// fieldValue is one field's value, shaped by its width and enum.
func fieldValue(f Field, v uint32) FieldValue {
	fv := FieldValue{Name: f.Name, Value: uint64(v), Symbol: f.Symbol(v)}
	switch {
	case f.Width() == 1 && fv.Symbol == "" && v == 1:
		fv.kind = kindFlag
	case f.Hex:
		fv.kind = kindAddr
	default:
		fv.kind = kindDec
	}
	return fv
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// regValue describes value v of SH register r, broken into its fields
// when the register has more than one or v sets bits outside them.
func regValue(r Reg, v uint32) FieldValue {
	fv := FieldValue{Name: r.String(), Value: uint64(v), kind: kindHex32}
	if ri := LookupReg(r); ri != nil && ri.Fields != nil {
		if len(ri.Fields) > 1 || v&^fieldsMask(ri.Fields) != 0 {
			fv.Fields = breakdown(v, ri.Fields)
		}
	}
	return fv
}

// String describes the GCR cache actions by field, e.g. "GLI_INV=ALL(1) GLK_INV GLV_INV".
func (g GCRCntl) String() string {
	fs := breakdown(uint32(g), gcrFields)
	parts := make([]string, len(fs))
	for i, f := range fs {
		parts[i] = f.String()
	}
	if len(parts) == 0 {
		return "0"
	}
	return strings.Join(parts, " ")
}

// String is the packet as one listing line without offset and header:
// its name and fields.
func (p Packet) String() string {
	var sb strings.Builder
	sb.WriteString(p.Name())
	for i, f := range Describe(p) {
		if i == 0 {
			sb.WriteString("  ")
		} else {
			sb.WriteByte(' ')
		}
		f.render(&sb)
	}
	return sb.String()
}

// Describe lists the fields of a packet the way the disassembler shows
// them. Packets without a typed form show their body as BODY.
func Describe(p Packet) []FieldValue {
	var out []FieldValue
	addr := func(name string, v uint64) FieldValue { return FieldValue{Name: name, Value: v, kind: kindAddr} }
	dword := func(name string, v uint32) FieldValue {
		return FieldValue{Name: name, Value: uint64(v), kind: kindHex32}
	}
	dec := func(name string, v uint32) FieldValue { return FieldValue{Name: name, Value: uint64(v), kind: kindDec} }
	b := p.Body
	switch p.Op() {
	case OpNOP:
		if p.Header.BodyLen() == 0 {
			out = append(out, FieldValue{Name: "HEADER_ONLY", Value: 1, kind: kindFlag})
			break
		}
		out = append(out, dec("PAYLOAD", uint32(len(b))))
		for _, w := range b {
			if w != 0 {
				out = append(out, FieldValue{Name: "DATA", Values: b, kind: kindList})
				break
			}
		}
	case OpSetShReg:
		s, ok := p.SetShReg()
		if !ok {
			break
		}
		out = append(out, breakdown(b[0]&^shRegOffset.Mask(), setShRegDw1)...)
		for i, v := range s.Values {
			out = append(out, regValue(s.Reg+Reg(i), v))
		}
	case OpSetUconfigReg:
		if len(b) < 2 {
			break
		}
		off := b[0] & 0xFFFF
		for i, v := range b[1:] {
			out = append(out, dword(fmt.Sprintf("UCONFIG_%#04x", off+uint32(i)), v))
		}
	case OpDispatchDirect:
		d, ok := p.DispatchDirect()
		if !ok {
			break
		}
		out = append(out, dec("DIM_X", d.DimX), dec("DIM_Y", d.DimY), dec("DIM_Z", d.DimZ),
			regValue(COMPUTE_DISPATCH_INITIATOR, d.Initiator))
		out[len(out)-1].Name = "INITIATOR"
	case OpDispatchIndirect:
		d, ok := p.DispatchIndirect()
		if !ok {
			break
		}
		out = append(out, addr("ADDR", d.Addr), regValue(COMPUTE_DISPATCH_INITIATOR, d.Initiator))
		out[len(out)-1].Name = "INITIATOR"
	case OpReleaseMem:
		r, ok := p.ReleaseMem()
		if !ok {
			break
		}
		out = append(out, breakdown(b[0], releaseMemDw1, "EVENT_TYPE", "EVENT_INDEX")...)
		out = append(out, breakdown(b[1], releaseMemDw2, "DST_SEL", "INT_SEL", "DATA_SEL")...)
		out = append(out, addr("ADDR", r.Addr), addr("DATA", r.Data))
		if r.IntCtxID != 0 {
			out = append(out, dword("INT_CTXID", r.IntCtxID))
		}
	case OpAcquireMem:
		a, ok := p.AcquireMem()
		if !ok {
			break
		}
		out = append(out, breakdown(b[0], acquireMemDw1)...)
		out = append(out, dword("COHER_SIZE", a.CoherSize), dword("COHER_SIZE_HI", a.CoherSizeHi),
			dword("COHER_BASE", a.CoherBase), dword("COHER_BASE_HI", a.CoherBaseHi))
		out = append(out, breakdown(b[5], acquireMemDw6, "POLL_INTERVAL")...)
		out = append(out, FieldValue{Name: "GCR_CNTL", Value: uint64(b[6]), kind: kindHex32,
			Fields: breakdown(b[6], gcrFields)})
	case OpEventWrite:
		e, ok := p.EventWrite()
		if !ok {
			break
		}
		out = append(out, breakdown(b[0], eventWriteDw1, "EVENT_TYPE", "EVENT_INDEX")...)
		if e.HasAddr {
			out = append(out, addr("ADDR", e.Addr))
		}
	case OpWriteData:
		wd, ok := p.WriteData()
		if !ok {
			break
		}
		out = append(out, breakdown(b[0], writeDataDw1, "DST_SEL")...)
		out = append(out, addr("ADDR", wd.Addr), FieldValue{Name: "DATA", Values: wd.Data, kind: kindList})
	case OpCopyData:
		c, ok := p.CopyData()
		if !ok {
			break
		}
		out = append(out, breakdown(b[0], copyDataDw1, "SRC_SEL", "DST_SEL")...)
		out = append(out, addr("SRC", c.Src), addr("DST", c.Dst))
	case OpWaitRegMem:
		wr, ok := p.WaitRegMem()
		if !ok {
			break
		}
		out = append(out, breakdown(b[0], waitRegMemDw1, "FUNCTION", "MEM_SPACE")...)
		out = append(out, addr("ADDR", wr.Addr), dword("REFERENCE", wr.Reference), dword("MASK", wr.Mask))
		out = append(out, breakdown(b[5], waitRegMemDw6, "POLL_INTERVAL")...)
	case OpIndirectBuffer:
		ib, ok := p.IndirectBuffer()
		if !ok {
			break
		}
		out = append(out, addr("ADDR", ib.Addr))
		if ib.Swap != 0 {
			out = append(out, dec("SWAP", ib.Swap))
		}
		out = append(out, breakdown(b[2], ibDw3, "IB_SIZE")...)
	case OpDMAData:
		d, ok := p.DMAData()
		if !ok {
			break
		}
		out = append(out, breakdown(b[0], dmaDataDw1, "SRC_SEL", "DST_SEL")...)
		out = append(out, addr("SRC", d.Src), addr("DST", d.Dst))
		out = append(out, breakdown(b[5], dmaDataCmd, "BYTE_COUNT")...)
	}
	if out == nil && len(b) > 0 && p.Op() != OpNOP {
		out = append(out, FieldValue{Name: "BODY", Values: b, kind: kindList})
	}
	h := uint32(p.Header)
	for _, f := range []Field{hdrPredicate, hdrShaderType, hdrResetFilterCam} {
		if f.Get(h) != 0 {
			out = append(out, FieldValue{Name: f.Name, Value: 1, kind: kindFlag})
		}
	}
	if r := p.Header.ReservedBits(); r != 0 {
		out = append(out, FieldValue{Name: "HEADER_RESERVED", Value: uint64(r), kind: kindHex32})
	}
	return out
}
