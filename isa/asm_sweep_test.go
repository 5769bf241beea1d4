package isa

import (
	"bytes"
	"testing"
)

// TestAssembleSweepMatchesLLVM assembles every sweep line with this
// package and with llvm-mc and requires identical bytes.
func TestAssembleSweepMatchesLLVM(t *testing.T) {
	for _, wave64 := range []bool{false, true} {
		lines := sweepLines(wave64)
		enc, errs := llvmEncodeLines(t, lines, wave64)
		bad := 0
		for i, l := range lines {
			if errs[i] != "" {
				t.Errorf("wave64=%v: llvm-mc rejects sweep line %q: %s", wave64, l, errs[i])
				continue
			}
			obj, err := AssembleWith("sweep.s", []byte(l+"\n"), Options{Wave64: wave64})
			if err != nil {
				t.Errorf("wave64=%v: %q: %v (llvm: % x)", wave64, l, err, enc[i])
				bad++
			} else if !bytes.Equal(obj.Code, enc[i]) {
				t.Errorf("wave64=%v: %q:\n got % x\nwant % x", wave64, l, obj.Code, enc[i])
				bad++
			}
			if bad > 60 {
				t.Fatal("too many failures")
			}
		}
		t.Logf("wave64=%v: %d sweep lines", wave64, len(lines))
	}
}
