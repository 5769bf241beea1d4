package pm4

import "zincc/hwreg"

// Field is a named bit range inside a 32-bit register or packet dword
// (hwreg.Field). The same Field values drive the builder (Put), the
// decoder (Get) and the disassembler (Name, Enum), so a bit position is
// written down exactly once: here for packet dwords and the registers only
// the command stream writes, in package hwreg for the words the kernel
// descriptor shares (COMPUTE_PGM_RSRC1/2/3).
type Field = hwreg.Field

// fieldsMask is the union of the masks of fs: the bits of a dword that have a
// name. Bits outside it are reserved and shown as such by the disassembler.
func fieldsMask(fs []Field) uint32 {
	var m uint32
	for _, f := range fs {
		m |= f.Mask()
	}
	return m
}

// Field constructors (lowest bit first, as hwreg's).
var (
	bit     = hwreg.Bit     // a one-bit Field at position n
	bits    = hwreg.Bits    // a Field spanning lo..hi
	hexBits = hwreg.HexBits // a Field spanning lo..hi shown in hex
)
