package isa

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"io"
	"sort"
	"strings"
)

// WriteListing writes a disassembly listing of code: one line per
// instruction with its byte offset, its dwords and its llvm-mc text, branch
// targets noted after the text, and labels (from symbols, offset by name)
// on lines of their own. A dword that does not start an instruction
// llvm-mc 19 decodes (where llvm-mc warns "invalid instruction encoding",
// or decodes but marks an operand invalid; see Inst.LLVMUndecodable) is
// listed as .long with the reason, and the listing goes on at the next
// dword, as llvm-mc does; the first such error is returned after the
// whole listing is written.
func WriteListing(w io.Writer, code []byte, wave64 bool, symbols map[string]int) error {
	bw := bufio.NewWriter(w)
	labels := map[int][]string{}
	for name, off := range symbols {
		labels[off] = append(labels[off], name)
	}
	for _, l := range labels {
		sort.Strings(l)
	}
	var first error
	for pc := 0; pc < len(code); {
		for _, name := range labels[pc] {
			fmt.Fprintf(bw, "%s:\n", name)
		}
		if pc+4 > len(code) {
			err := decodeErr(code, pc, 0, "trailing bytes are not a whole dword")
			if first == nil {
				first = err
			}
			fmt.Fprintf(bw, "  %06x: % x%*s  ; %v\n", pc, code[pc:], 38-3*(len(code)-pc), "", err.Msg)
			break
		}
		in, err := Decode(code, pc, wave64)
		if err == nil {
			if why := in.LLVMUndecodable(); why != "" {
				err = decodeErr(code, pc, int(in.Size), why)
			}
		}
		if err != nil {
			if first == nil {
				first = err
			}
			word := binary.LittleEndian.Uint32(code[pc:])
			fmt.Fprintf(bw, "  %06x: %-35s  .long 0x%08x  ; %s\n", pc, fmt.Sprintf("%08x", word), word, err.(*DecodeError).Msg)
			pc += 4
			continue
		}
		var words strings.Builder
		for i := 0; i < int(in.Size); i += 4 {
			if i > 0 {
				words.WriteByte(' ')
			}
			fmt.Fprintf(&words, "%08x", binary.LittleEndian.Uint32(code[pc+i:]))
		}
		text := in.String()
		if in.IsBranch() {
			target := int(in.BranchTarget(uint64(pc)))
			note := fmt.Sprintf("0x%x", target)
			if names := labels[target]; len(names) > 0 {
				note = names[0]
			}
			text += "  ; -> " + note
		}
		fmt.Fprintf(bw, "  %06x: %-35s  %s\n", pc, words.String(), text)
		pc += int(in.Size)
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	return first
}
