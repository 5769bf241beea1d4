package isa

import (
	"bytes"
	"debug/elf"
	"errors"
	"fmt"
	"sort"
	"strings"
)

// CodeObject is what ReadCodeObject extracts from an AMDGPU ELF file (as
// llvm-mc -filetype=obj writes it).
type CodeObject struct {
	Code    []byte         // the .text section
	Symbols map[string]int // symbols defined in .text
	Kernels []Kernel       // one per NAME.kd descriptor symbol, sorted by name
}

// IsELF reports whether data starts with the ELF magic.
func IsELF(data []byte) bool { return bytes.HasPrefix(data, []byte(elf.ELFMAG)) }

// ReadCodeObject reads .text, its symbols and the kernel descriptors of an
// AMDGPU ELF relocatable or shared object. Descriptor entry offsets are
// left as stored (0 in a relocatable object, which holds a relocation).
func ReadCodeObject(data []byte) (*CodeObject, error) {
	f, err := elf.NewFile(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("read code object: %w", err)
	}
	defer f.Close()
	if f.Machine != elf.EM_AMDGPU {
		return nil, fmt.Errorf("read code object: machine %v is not AMDGPU", f.Machine)
	}
	co := &CodeObject{Symbols: map[string]int{}}
	text := f.Section(".text")
	if text == nil {
		return nil, errors.New("read code object: no .text section")
	}
	if co.Code, err = text.Data(); err != nil {
		return nil, fmt.Errorf("read code object: .text: %w", err)
	}
	syms, err := f.Symbols()
	if err != nil && !errors.Is(err, elf.ErrNoSymbols) {
		return nil, fmt.Errorf("read code object: %w", err)
	}
	for _, s := range syms {
		if s.Section == elf.SHN_UNDEF || int(s.Section) >= len(f.Sections) || s.Name == "" {
			continue
		}
		sec := f.Sections[s.Section]
		switch {
		case sec == text:
			if s.Value <= uint64(len(co.Code)) {
				co.Symbols[s.Name] = int(s.Value)
			}
		case strings.HasSuffix(s.Name, ".kd") && s.Size == 64:
			d, err := sec.Data()
			if err != nil || s.Value+64 > uint64(len(d)) {
				return nil, fmt.Errorf("read code object: descriptor %s outside %s", s.Name, sec.Name)
			}
			var raw [64]byte
			copy(raw[:], d[s.Value:])
			desc, err := ParseDescriptor(raw)
			if err != nil {
				return nil, fmt.Errorf("read code object: %s: %w", s.Name, err)
			}
			co.Kernels = append(co.Kernels, Kernel{Name: strings.TrimSuffix(s.Name, ".kd"), Descriptor: desc, Entry: -1})
		}
	}
	for i := range co.Kernels {
		if off, ok := co.Symbols[co.Kernels[i].Name]; ok {
			co.Kernels[i].Entry = off
		}
	}
	sort.Slice(co.Kernels, func(i, j int) bool { return co.Kernels[i].Name < co.Kernels[j].Name })
	return co, nil
}
