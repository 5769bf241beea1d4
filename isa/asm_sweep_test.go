package isa

import (
	"bytes"
	"strings"
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

// TestAliasesMatchLLVM assembles each accepted old spelling in place of
// its gfx12 name and requires llvm-mc's bytes.
func TestAliasesMatchLLVM(t *testing.T) {
	first := map[string]string{}
	for _, l := range sweepLines(false) {
		m := strings.Fields(l)[0]
		if _, ok := first[m]; !ok {
			first[m] = l
		}
	}
	var lines []string
	for alias, name := range mnemonicAliases {
		base, ok := first[name]
		if !ok {
			t.Errorf("alias %s: no sweep line for %s", alias, name)
			continue
		}
		lines = append(lines, alias+strings.TrimPrefix(base, name))
	}
	enc, errs := llvmEncodeLines(t, lines, false)
	for i, l := range lines {
		if errs[i] != "" {
			t.Errorf("llvm-mc rejects %q: %s", l, errs[i])
			continue
		}
		obj, err := Assemble("alias.s", []byte(l))
		if err != nil {
			t.Errorf("%q: %v", l, err)
		} else if !bytes.Equal(obj.Code, enc[i]) {
			t.Errorf("%q: got % x, want % x", l, obj.Code, enc[i])
		}
	}
}
