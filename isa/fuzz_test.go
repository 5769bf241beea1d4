package isa

import (
	"bytes"
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
)

// fuzzLib is the file FuzzAssemble's inputs can .include: macros to call.
const fuzzLib = `.macro twice r, n=1
  v_add_f32 \r, \n, \r
  v_add_f32 \r, \n, \r
.endm
.macro op x
  s_mov_b32 s\x, \@
.endm
`

// lossyText reports instructions whose llvm-style text deliberately drops
// encoding bits (llvm prints them that way too), so text round trips
// cannot restore the bytes.
func lossyText(in *Inst) bool {
	info := &opTable[in.Op]
	for i, o := range in.Src {
		// A literal holding an inlinable value is valid code, but text
		// cannot say "use a literal anyway".
		if o.Kind == OpndLiteral && info.src[i] != tNone {
			c, err := constOperand(pOperand{kind: pkInt, ival: int64(o.Value)}, info.src[i])
			if err == nil && c.Kind == OpndConst {
				return true
			}
		}
		// A 16-bit source reads a literal's low half (the printed
		// value); the high half cannot be written in text.
		if o.Kind == OpndLiteral && o.Value > 0xffff && (info.src[i] == tF16 || info.src[i] == tB16) {
			return true
		}
		// src_vccz, src_execz and src_lds_direct decode (as llvm-mc
		// decodes them) but gfx1201 assemblers refuse to write them.
		if o.Kind == OpndSpecial && (o.Reg == codeVCCZ || o.Reg == codeEXECZ || o.Reg == codeLDSDirect) {
			return true
		}
		// A 16-bit integer operand's inline float prints as its f16 bits,
		// which assemble to a literal (llvm-mc does the same).
		if o.Kind == OpndConst && o.Reg >= codeHalf && info.src[i] == tB16 {
			return true
		}
	}
	for i, o := range in.Y.Src {
		if in.Enc == VOPD && o.Kind == OpndLiteral && i < 3 && opTable[in.Y.Op].src[i] != tNone {
			if c, err := constOperand(pOperand{kind: pkInt, ival: int64(o.Value)}, opTable[in.Y.Op].src[i]); err == nil && c.Kind == OpndConst {
				return true
			}
		}
	}
	switch info.shape {
	case shNone:
		return in.Enc == VOP3 // v_nop_e64 prints as v_nop
	case shSendmsg:
		return uint16(in.Imm)>>8 != 0 && sendmsgNames[uint16(in.Imm)&0xff] != ""
	case shGAtomic:
		return in.TH >= 4 // llvm names th 4/5 and 6/7 alike
	case shGLoad, shSLoad, shSBufLoad, shGCache:
		return in.TH == 7 // printed as th:0x7
	case shDSSwizzle:
		// Several and/or/xor masks print as the same BITMASK_PERM string.
		return strings.Contains(swizzleText(uint16(in.Offset)), "BITMASK_PERM")
	case shDelay:
		v := uint16(in.Imm)
		return v>>11 != 0 || v&0xf > 11 || v>>4&7 > 5 || v>>7&0xf > 11
	case shWaitcnt:
		return in.Imm&8 != 0 || waitcntText(uint16(in.Imm)) == waitcntText(0xfff7) && uint16(in.Imm) != 0xfff7
	}
	return false
}

// FuzzDecode feeds arbitrary bytes to the decoder: it must not panic; what
// it accepts must re-encode to canonical bytes (the same bytes, but for
// fields llvm-mc ignores too: see canonicalBytes) that decode to the same
// instruction, and its text must assemble back to them.
func FuzzDecode(f *testing.F) {
	if src, err := os.ReadFile(filepath.Join("testdata", "corpus.s")); err == nil {
		if obj, err := Assemble("corpus.s", src); err == nil {
			for _, l := range obj.Lines {
				f.Add(obj.Code[l.Offset:l.Offset+int(l.Inst.Size)], false)
			}
		}
	}
	for _, w := range []uint32{0xbf800000, 0x7e000301, 0xd5030000, 0xcc0f4000, 0xd8d80000, 0xee050000, 0xf4000100, 0xffffffff} {
		var b [16]byte
		binary.LittleEndian.PutUint32(b[:], w)
		f.Add(b[:], true)
	}
	f.Fuzz(func(t *testing.T, data []byte, wave64 bool) {
		in, err := Decode(data, 0, wave64)
		if err != nil {
			var de *DecodeError
			if !errors.As(err, &de) {
				t.Fatalf("error %T is not a *DecodeError", err)
			}
			return
		}
		if int(in.Size) > len(data) {
			t.Fatalf("size %d beyond %d bytes", in.Size, len(data))
		}
		re, err := in.Encode(nil)
		if err != nil {
			t.Fatalf("% x decodes to %s which does not encode: %v", data[:in.Size], in.String(), err)
		}
		if !bytes.Equal(re, data[:in.Size]) {
			again, err := Decode(re, 0, wave64)
			if err != nil || again != in {
				t.Fatalf("% x decodes to %s which encodes to % x, which decodes to %s (%v)", data[:in.Size], in.String(), re, again.String(), err)
			}
		}
		text := in.String()
		if lossyText(&in) {
			return
		}
		obj, err := AssembleWith("roundtrip.s", []byte(text), Options{Wave64: wave64})
		if err != nil {
			if strings.Contains(err.Error(), "constant bus") || strings.Contains(err.Error(), "invalid VOPD") {
				return // encodable, but the assembler enforces the read limit or VOPD's register banks
			}
			t.Fatalf("% x prints %q which does not assemble: %v", data[:in.Size], text, err)
		}
		if !bytes.Equal(obj.Code, re) {
			t.Fatalf("% x prints %q which assembles to % x, not % x", data[:in.Size], text, obj.Code, re)
		}
	})
}

// FuzzAssemble feeds arbitrary source to the assembler: it must not panic,
// errors must be positioned, and every instruction it emits must decode
// back to itself.
func FuzzAssemble(f *testing.F) {
	for _, name := range []string{"corpus.s", "corpus_wave64.s", "macros.s"} {
		if src, err := os.ReadFile(filepath.Join("testdata", name)); err == nil {
			f.Add(src, isWave64File(name))
		}
	}
	for _, c := range errorCases {
		f.Add([]byte(c.src), false)
	}
	for _, c := range macroErrorCases {
		f.Add([]byte(c.src), false)
	}
	f.Add([]byte(".include \"lib.inc\"\n  twice v1\n.irp r, 1 2\n  op \\r\n.endr\n"), false)
	for i, l := range sweepLines(false) {
		if i%97 == 0 {
			f.Add([]byte(l), false)
		}
	}
	f.Fuzz(func(t *testing.T, src []byte, wave64 bool) {
		// .include reads only this file system, which includes itself too.
		fsys := fstest.MapFS{"fuzz.s": {Data: src}, "lib.inc": {Data: []byte(fuzzLib)}}
		obj, err := AssembleWith("fuzz.s", src, Options{Wave64: wave64, Include: IncludeFS(fsys)})
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.Line < 1 {
				t.Fatalf("unpositioned error %v", err)
			}
			return
		}
		for _, l := range obj.Lines {
			in, err := Decode(obj.Code, l.Offset, wave64)
			if err != nil {
				t.Fatalf("line %d: emitted bytes do not decode: %v", l.Line, err)
			}
			if in.Op != l.Inst.Op || in.Size != l.Inst.Size {
				t.Fatalf("line %d: assembled %s, decoded %s", l.Line, l.Inst.String(), in.String())
			}
		}
	})
}
