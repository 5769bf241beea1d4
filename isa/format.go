package isa

// Format is an instruction encoding family of gfx12.
type Format uint8

// The gfx12 encodings this package knows.
const (
	FormatInvalid Format = iota
	SOP1                 // scalar, one source: 4 bytes (+literal)
	SOP2                 // scalar, two sources: 4 bytes (+literal)
	SOPK                 // scalar with a 16-bit immediate: 4 bytes
	SOPC                 // scalar compare: 4 bytes (+literal)
	SOPP                 // scalar program control: 4 bytes
	SMEM                 // scalar memory: 8 bytes
	VOP1                 // vector, one source (e32): 4 bytes (+literal or DPP word)
	VOP2                 // vector, two sources (e32): 4 bytes (+literal or DPP word)
	VOPC                 // vector compare (e32): 4 bytes (+literal or DPP word)
	VOP3                 // vector, three-operand (e64): 8 bytes (+literal or DPP word)
	VOP3SD               // VOP3 with a scalar carry/condition destination: 8 bytes (+literal)
	VOP3P                // packed / mixed-precision vector: 8 bytes (+literal or DPP word)
	DS                   // LDS: 8 bytes
	VGLOBAL              // global memory: 12 bytes
	VFLAT                // flat (generic address) memory: 12 bytes
	VSCRATCH             // private (scratch) memory: 12 bytes
	VOPD                 // two VALU operations issued together (wave32): 8 bytes (+literal)
)

var formatNames = [...]string{
	FormatInvalid: "invalid",
	SOP1:          "SOP1",
	SOP2:          "SOP2",
	SOPK:          "SOPK",
	SOPC:          "SOPC",
	SOPP:          "SOPP",
	SMEM:          "SMEM",
	VOP1:          "VOP1",
	VOP2:          "VOP2",
	VOPC:          "VOPC",
	VOP3:          "VOP3",
	VOP3SD:        "VOP3SD",
	VOP3P:         "VOP3P",
	DS:            "DS",
	VGLOBAL:       "VGLOBAL",
	VFLAT:         "VFLAT",
	VSCRATCH:      "VSCRATCH",
	VOPD:          "VOPD",
}

// String returns the format's conventional name, e.g. "VOP3".
func (f Format) String() string {
	if int(f) < len(formatNames) {
		return formatNames[f]
	}
	return "invalid"
}

// IsVMEM reports whether f is one of the 12-byte vector memory encodings
// (global, flat, scratch).
func (f Format) IsVMEM() bool { return f == VGLOBAL || f == VFLAT || f == VSCRATCH }

// IsVALU reports whether f is one of the single vector ALU encodings
// (VOPD, which pairs two of them, is not).
func (f Format) IsVALU() bool {
	switch f {
	case VOP1, VOP2, VOPC, VOP3, VOP3SD, VOP3P:
		return true
	}
	return false
}

// DPPKind says whether and how an instruction carries a DPP word.
type DPPKind uint8

// DPP variants: none, DPP16 (src0 code 250) and DPP8 (src0 code 233, or 234
// with fetch-inactive).
const (
	NoDPP DPPKind = iota
	DPP16
	DPP8
)
