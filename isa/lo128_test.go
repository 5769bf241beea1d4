package isa

import (
	"encoding/binary"
	"strings"
	"testing"
)

// TestLo128MatchesLLVM: the VOP1/VOP2/VOPC fields that llvm-mc 19 refuses,
// or marks invalid, above v127 are those LLVMUndecodable names
// (lo128Operands); Decode decodes them (the emulator runs true16 halves).
func TestLo128MatchesLLVM(t *testing.T) {
	llvmMC(t)
	var inputs [][]byte
	var ops []Op
	for i := range opTable {
		info := &opTable[i]
		if info.name == "" || info.shape == shNone || (info.enc != VOP1 && info.enc != VOP2 && info.enc != VOPC) {
			continue
		}
		c := uint32(info.code)
		for v := 0; v < 4; v++ {
			vdst, src0, vsrc1 := uint32(1), uint32(codeVGPR0+1), uint32(1)
			switch v {
			case 1:
				vdst = 200
			case 2:
				src0 = codeVGPR0 + 200
			case 3:
				vsrc1 = 200
			}
			var w uint32
			switch info.enc {
			case VOP1:
				w = 0x7E000000 | vdst<<17 | c<<9 | src0
			case VOP2:
				w = c<<25 | vdst<<17 | vsrc1<<9 | src0
			case VOPC:
				w = 0x7C000000 | c<<17 | vsrc1<<9 | src0
			}
			b := make([]byte, 8)
			binary.LittleEndian.PutUint32(b, w)
			binary.LittleEndian.PutUint32(b[4:], 0x3c00) // a literal for fmamk/fmaak
			inputs = append(inputs, b)
		}
		ops = append(ops, Op(i))
	}
	texts, oks := llvmDecodeBatch(t, inputs, false)
	for k, op := range ops {
		if !oks[4*k] {
			t.Errorf("%s: llvm-mc refuses the v1 form", op)
			continue
		}
		dst, s0, s1 := lo128Operands(op)
		for v, ours := range []bool{dst, s0, s1} {
			if v == 0 && opTable[op].shape == shReadfirstlane {
				continue // an SGPR destination
			}
			theirs := !oks[4*k+v+1] || strings.Contains(texts[4*k+v+1], "Invalid register")
			in, err := Decode(inputs[4*k+v+1], 0, false)
			if err != nil {
				t.Errorf("%s field %d above v127: %v", op, v, err)
				continue
			}
			if why := in.LLVMUndecodable(); ours != theirs || (why != "") != theirs {
				t.Errorf("%s field %d above v127: llvm-mc refuses %v, lo128Operands %v, LLVMUndecodable %q", op, v, theirs, ours, why)
			}
		}
	}
}
