// Package hwreg declares, once, the bit layouts of gfx12 hardware words
// that more than one package reads or writes: the Field type, and the
// COMPUTE_PGM_RSRC1/2/3 words, which the kernel descriptor holds (package
// isa assembles and reads them), the command stream programs (package pm4
// packs, decodes and lists them) and the lowering and the emulator
// harness fill in. It imports nothing.
package hwreg

import "math/bits"

// Field is a named bit range inside a 32-bit register or packet dword. The
// same Field values drive the builder (Put), the decoder (Get) and the
// disassembler (Name, Enum), so a bit position is written down exactly once.
type Field struct {
	Name string
	Lo   uint8 // lowest bit, inclusive
	Hi   uint8 // highest bit, inclusive
	// Enum optionally names values: Enum[v] is the symbol for value v
	// ("" where the value has no name).
	Enum []string
	// Hex asks the disassembler to show the value in hex (masks, address
	// bits); otherwise it is a count and shown in decimal.
	Hex bool
}

// Width is the number of bits in the field.
func (f Field) Width() int { return int(f.Hi) - int(f.Lo) + 1 }

// Max is the largest value the field holds.
func (f Field) Max() uint32 { return ^uint32(0) >> (31 - (f.Hi-f.Lo)&31) }

// Mask is the field's bits in place within the dword.
func (f Field) Mask() uint32 { return f.Max() << f.Lo }

// Get extracts the field from w.
func (f Field) Get(w uint32) uint32 { return (w >> f.Lo) & f.Max() }

// Fits reports whether v can be stored in the field without losing bits.
func (f Field) Fits(v uint32) bool { return v <= f.Max() }

// Put returns w with the field replaced by v (bits of v above the field's
// width are dropped; check Fits first where that matters).
func (f Field) Put(w, v uint32) uint32 { return w&^f.Mask() | (v&f.Max())<<f.Lo }

// Flag returns the field's bits when b is true and 0 otherwise; for
// one-bit fields.
func (f Field) Flag(b bool) uint32 {
	if b {
		return 1 << f.Lo
	}
	return 0
}

// Symbol returns the name of value v, or "" when the field has none for it.
func (f Field) Symbol(v uint32) string {
	if uint64(v) < uint64(len(f.Enum)) {
		return f.Enum[v]
	}
	return ""
}

// Bit is a one-bit Field at position n.
func Bit(name string, n uint8) Field { return Field{Name: name, Lo: n, Hi: n} }

// Bits is a Field spanning lo..hi (lowest bit first).
func Bits(name string, lo, hi uint8) Field { return Field{Name: name, Lo: lo, Hi: hi} }

// HexBits is a Field spanning lo..hi that is shown in hex.
func HexBits(name string, lo, hi uint8) Field { return Field{Name: name, Lo: lo, Hi: hi, Hex: true} }

// MaskField is the Field covering the bits of mask, from its lowest set bit
// to its highest: for deriving a field from named bit constants.
func MaskField(name string, mask uint32) Field {
	if mask == 0 {
		panic("hwreg: MaskField of an empty mask")
	}
	return Field{Name: name, Lo: uint8(bits.TrailingZeros32(mask)), Hi: uint8(31 - bits.LeadingZeros32(mask))}
}

// Sub is the field of f's bits lo..hi counted from f.Lo: a part of a
// wider field (FLOAT_MODE's round and denorm modes, EXCP_EN's exceptions).
func (f Field) Sub(name string, lo, hi uint8) Field {
	if f.Lo+hi > f.Hi || lo > hi {
		panic("hwreg: " + name + " does not lie inside " + f.Name)
	}
	return Field{Name: name, Lo: f.Lo + lo, Hi: f.Lo + hi}
}
