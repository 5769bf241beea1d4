package isa

import (
	"bytes"
	"debug/elf"
	"encoding/binary"
	"errors"
	"fmt"
	"sort"
	"strings"
)

// CodeObject is what ReadCodeObject extracts from an AMDGPU ELF file (as
// llvm-mc -filetype=obj, llc -filetype=obj or clang -c write it, or a
// linked shared object).
type CodeObject struct {
	Code    []byte         // the .text section
	Symbols map[string]int // symbols defined in .text
	Kernels []Kernel       // one per NAME.kd descriptor symbol, sorted by name

	// The loadable image: every allocated section (SHF_ALLOC) at its
	// offset in Image (NOBITS sections zero). A shared object keeps its
	// section addresses; a relocatable object's sections are packed in
	// order at their alignment. Relocations are not applied: Load does
	// that for a load address.
	Image       []byte
	TextOffset  int                    // where .text starts in Image
	ImageSyms   map[string]ImageSymbol // defined symbols in allocated sections
	Descriptors map[string]int         // kernel name -> Image offset of NAME.kd
	Relocs      []Reloc                // relocations of allocated sections
	// Metadata is the payload of the NT_AMDGPU_METADATA note (MessagePack),
	// nil when the object has none.
	Metadata []byte
	// Relocatable says the object is ET_REL (sections packed by this
	// reader); otherwise it is a linked shared object or executable.
	Relocatable bool
}

// ImageSymbol is a symbol's place in CodeObject.Image.
type ImageSymbol struct {
	Offset int
	Size   int
	Func   bool // STT_FUNC (code), else data
}

// Reloc is one relocation against the image.
type Reloc struct {
	Offset int    // Image offset of the field
	Type   uint32 // R_AMDGPU_*
	Symbol string // "" for relocations that need no symbol (RELATIVE64)
	Addend int64
	// Target is the symbol's Image offset; -1 when it is undefined.
	Target int
}

// AMDGPU relocation types (llvm/BinaryFormat/ELFRelocs/AMDGPU.def).
const (
	RAMDGPUNone       = 0
	RAMDGPUAbs32Lo    = 1
	RAMDGPUAbs32Hi    = 2
	RAMDGPUAbs64      = 3
	RAMDGPURel32      = 4
	RAMDGPURel64      = 5
	RAMDGPUAbs32      = 6
	RAMDGPURel32Lo    = 10
	RAMDGPURel32Hi    = 11
	RAMDGPURelative64 = 13
	RAMDGPURel16      = 14
)

// ntAMDGPUMetadata is the note type of the code object v3+ metadata.
const ntAMDGPUMetadata = 32

// maxImage bounds the image a code object may ask for (section sizes and
// addresses are the file's word): 64 MiB, far above any kernel library.
const maxImage = 64 << 20

// IsELF reports whether data starts with the ELF magic.
func IsELF(data []byte) bool { return bytes.HasPrefix(data, []byte(elf.ELFMAG)) }

// ReadCodeObject reads .text, its symbols, the kernel descriptors, the
// allocated sections as an image, their relocations and the AMDGPU
// metadata note of an AMDGPU ELF relocatable or shared object. Descriptor
// entry offsets are left as stored (0 in a relocatable object, which holds
// a relocation for them).
func ReadCodeObject(data []byte) (co *CodeObject, err error) {
	defer func() {
		// debug/elf is robust against malformed files, but a panic in it
		// must not take the caller down.
		if r := recover(); r != nil {
			co, err = nil, fmt.Errorf("read code object: malformed ELF (%v)", r)
		}
	}()
	f, err := elf.NewFile(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("read code object: %w", err)
	}
	defer f.Close()
	if f.Machine != elf.EM_AMDGPU {
		return nil, fmt.Errorf("read code object: machine %v is not AMDGPU", f.Machine)
	}
	if f.Class != elf.ELFCLASS64 || f.Data != elf.ELFDATA2LSB {
		return nil, fmt.Errorf("read code object: %v %v; AMDGPU code objects are 64-bit little-endian", f.Class, f.Data)
	}
	co = &CodeObject{Symbols: map[string]int{}, ImageSyms: map[string]ImageSymbol{}, Descriptors: map[string]int{},
		Relocatable: f.Type == elf.ET_REL}
	text := f.Section(".text")
	if text == nil {
		return nil, errors.New("read code object: no .text section")
	}
	if co.Code, err = text.Data(); err != nil {
		return nil, fmt.Errorf("read code object: .text: %w", err)
	}
	secOff, err := co.layout(f)
	if err != nil {
		return nil, err
	}
	co.TextOffset = secOff[text]
	syms, err := f.Symbols()
	if err != nil && !errors.Is(err, elf.ErrNoSymbols) {
		return nil, fmt.Errorf("read code object: %w", err)
	}
	for _, s := range syms {
		if s.Section == elf.SHN_UNDEF || int(s.Section) >= len(f.Sections) || s.Name == "" {
			continue
		}
		sec := f.Sections[s.Section]
		if off, ok := secOff[sec]; ok && elf.ST_TYPE(s.Info) != elf.STT_SECTION {
			v := s.Value
			if !co.Relocatable {
				v -= sec.Addr // shared objects: symbol values are addresses
			}
			if v <= sec.Size && s.Size <= sec.Size-v {
				co.ImageSyms[s.Name] = ImageSymbol{Offset: off + int(v), Size: int(s.Size), Func: elf.ST_TYPE(s.Info) == elf.STT_FUNC}
			}
		}
		switch {
		case sec == text:
			v := s.Value
			if !co.Relocatable {
				v -= sec.Addr
			}
			if v <= uint64(len(co.Code)) {
				co.Symbols[s.Name] = int(v)
			}
		case strings.HasSuffix(s.Name, ".kd") && s.Size == 64:
			d, err := sec.Data()
			v := s.Value
			if !co.Relocatable {
				v -= sec.Addr
			}
			if err != nil || v > uint64(len(d)) || uint64(len(d))-v < 64 {
				return nil, fmt.Errorf("read code object: descriptor %s outside %s", s.Name, sec.Name)
			}
			var raw [64]byte
			copy(raw[:], d[v:])
			desc, err := ParseDescriptor(raw)
			if err != nil {
				return nil, fmt.Errorf("read code object: %s: %w", s.Name, err)
			}
			name := strings.TrimSuffix(s.Name, ".kd")
			co.Kernels = append(co.Kernels, Kernel{Name: name, Descriptor: desc, Entry: -1})
			if off, ok := secOff[sec]; ok {
				co.Descriptors[name] = off + int(v)
			}
		}
	}
	for i := range co.Kernels {
		if off, ok := co.Symbols[co.Kernels[i].Name]; ok {
			co.Kernels[i].Entry = off
		}
	}
	sort.Slice(co.Kernels, func(i, j int) bool { return co.Kernels[i].Name < co.Kernels[j].Name })
	if err := co.readRelocs(f, secOff, syms); err != nil {
		return nil, err
	}
	if err := co.readNotes(f); err != nil {
		return nil, err
	}
	return co, nil
}

// layout places the allocated sections in the image and copies their
// contents; it returns each placed section's image offset.
func (co *CodeObject) layout(f *elf.File) (map[*elf.Section]int, error) {
	secOff := map[*elf.Section]int{}
	end := uint64(0)
	for _, s := range f.Sections {
		if s.Flags&elf.SHF_ALLOC == 0 || s.Size == 0 {
			continue
		}
		var off uint64
		if co.Relocatable {
			align := max(s.Addralign, 1)
			if align > 1<<16 || align&(align-1) != 0 {
				return nil, fmt.Errorf("read code object: section %s has alignment %d", s.Name, s.Addralign)
			}
			off = (end + align - 1) &^ (align - 1)
		} else {
			off = s.Addr
		}
		if off > maxImage || s.Size > maxImage-off {
			return nil, fmt.Errorf("read code object: section %s at 0x%x (+0x%x) is past the %d MiB image limit", s.Name, off, s.Size, maxImage>>20)
		}
		secOff[s] = int(off)
		end = max(end, off+s.Size)
	}
	co.Image = make([]byte, end)
	for s, off := range secOff {
		if s.Type == elf.SHT_NOBITS {
			continue
		}
		d, err := s.Data()
		if err != nil {
			return nil, fmt.Errorf("read code object: section %s: %w", s.Name, err)
		}
		if uint64(len(d)) != s.Size {
			return nil, fmt.Errorf("read code object: section %s is truncated (%d of %d bytes)", s.Name, len(d), s.Size)
		}
		copy(co.Image[off:], d)
	}
	return secOff, nil
}

// readRelocs collects the RELA relocations that apply to allocated
// sections (a relocatable object's .rela.text, .rela.rodata, ...; a shared
// object's .rela.dyn).
func (co *CodeObject) readRelocs(f *elf.File, secOff map[*elf.Section]int, syms []elf.Symbol) error {
	for _, rs := range f.Sections {
		if rs.Type == elf.SHT_REL {
			return fmt.Errorf("read code object: %s: REL relocations (without addends) are not used by AMDGPU", rs.Name)
		}
		if rs.Type != elf.SHT_RELA {
			continue
		}
		var target *elf.Section
		if co.Relocatable {
			if int(rs.Info) >= len(f.Sections) {
				return fmt.Errorf("read code object: %s applies to section %d, which does not exist", rs.Name, rs.Info)
			}
			target = f.Sections[rs.Info]
			if _, ok := secOff[target]; !ok {
				continue // relocations of debug or other non-loaded sections
			}
		}
		d, err := rs.Data()
		if err != nil {
			return fmt.Errorf("read code object: %s: %w", rs.Name, err)
		}
		if len(d)%24 != 0 {
			return fmt.Errorf("read code object: %s is %d bytes, not a whole number of 24-byte entries", rs.Name, len(d))
		}
		for i := 0; i < len(d); i += 24 {
			off := binary.LittleEndian.Uint64(d[i:])
			info := binary.LittleEndian.Uint64(d[i+8:])
			r := Reloc{Type: uint32(info), Addend: int64(binary.LittleEndian.Uint64(d[i+16:])), Target: -1}
			var base uint64
			if target != nil {
				base = uint64(secOff[target])
				if off > target.Size {
					return fmt.Errorf("read code object: %s entry %d: offset 0x%x outside %s", rs.Name, i/24, off, target.Name)
				}
			}
			if base+off > uint64(len(co.Image)) || uint64(len(co.Image))-(base+off) < relocSize(r.Type) {
				return fmt.Errorf("read code object: %s entry %d: offset 0x%x outside the image", rs.Name, i/24, off)
			}
			r.Offset = int(base + off)
			if sym := info >> 32; sym != 0 {
				if sym > uint64(len(syms)) {
					return fmt.Errorf("read code object: %s entry %d: symbol index %d out of range", rs.Name, i/24, sym)
				}
				s := syms[sym-1]
				r.Symbol = s.Name
				switch {
				case s.Section == elf.SHN_UNDEF:
				case int(s.Section) < len(f.Sections):
					sec := f.Sections[s.Section]
					if so, ok := secOff[sec]; ok {
						v := s.Value
						if !co.Relocatable {
							v -= sec.Addr
						}
						r.Target = so + int(v)
						if elf.ST_TYPE(s.Info) == elf.STT_SECTION {
							r.Symbol = sec.Name
						}
					}
				case s.Section == elf.SHN_ABS:
					r.Target = int(s.Value)
				}
			}
			co.Relocs = append(co.Relocs, r)
		}
	}
	return nil
}

// relocSize is the width of the field a relocation writes.
func relocSize(t uint32) uint64 {
	switch t {
	case RAMDGPUAbs64, RAMDGPURel64, RAMDGPURelative64:
		return 8
	case RAMDGPURel16:
		return 2
	case RAMDGPUNone:
		return 0
	}
	return 4
}

// readNotes finds the NT_AMDGPU_METADATA note.
func (co *CodeObject) readNotes(f *elf.File) error {
	for _, s := range f.Sections {
		if s.Type != elf.SHT_NOTE {
			continue
		}
		d, err := s.Data()
		if err != nil {
			return fmt.Errorf("read code object: %s: %w", s.Name, err)
		}
		for p := 0; p+12 <= len(d); {
			namesz := uint64(binary.LittleEndian.Uint32(d[p:]))
			descsz := uint64(binary.LittleEndian.Uint32(d[p+4:]))
			typ := binary.LittleEndian.Uint32(d[p+8:])
			name := uint64(p + 12)
			desc := name + (namesz+3)&^3
			next := desc + (descsz+3)&^3
			if desc > uint64(len(d)) || next > uint64(len(d))+3 || desc+descsz > uint64(len(d)) {
				return fmt.Errorf("read code object: %s: note at offset %d is truncated", s.Name, p)
			}
			owner := strings.TrimRight(string(d[name:name+namesz]), "\x00")
			if owner == "AMDGPU" && typ == ntAMDGPUMetadata {
				co.Metadata = d[desc : desc+descsz]
			}
			p = int(min(next, uint64(len(d))))
		}
	}
	return nil
}

// Load returns a copy of the image with every relocation applied for a
// load at GPU address base, its capacity rounded up to 4 KiB pages. References to undefined symbols (library
// calls an object was not linked with) and relocation types that need a
// GOT or a linker are errors naming the symbol.
func (co *CodeObject) Load(base uint64) ([]byte, error) {
	// Whole 4 KiB pages of capacity, so a loader can map img[:cap(img)].
	img := make([]byte, len(co.Image), (len(co.Image)+4095)&^4095)
	copy(img, co.Image)
	var undefined []string
	for _, r := range co.Relocs {
		if r.Type == RAMDGPUNone {
			continue
		}
		if r.Type != RAMDGPURelative64 && r.Target < 0 {
			if r.Symbol == "" {
				return nil, fmt.Errorf("load code object: relocation type %d at 0x%x has no symbol", r.Type, r.Offset)
			}
			undefined = append(undefined, r.Symbol)
			continue
		}
		s := base + uint64(r.Target) + uint64(r.Addend) // S + A
		p := base + uint64(r.Offset)
		le := binary.LittleEndian
		switch r.Type {
		case RAMDGPUAbs32Lo, RAMDGPUAbs32:
			le.PutUint32(img[r.Offset:], uint32(s))
		case RAMDGPUAbs32Hi:
			le.PutUint32(img[r.Offset:], uint32(s>>32))
		case RAMDGPUAbs64:
			le.PutUint64(img[r.Offset:], s)
		case RAMDGPURel32, RAMDGPURel32Lo:
			le.PutUint32(img[r.Offset:], uint32(s-p))
		case RAMDGPURel32Hi:
			le.PutUint32(img[r.Offset:], uint32((s-p)>>32))
		case RAMDGPURel64:
			le.PutUint64(img[r.Offset:], s-p)
		case RAMDGPURelative64:
			le.PutUint64(img[r.Offset:], base+uint64(r.Addend)) // B + A
		case RAMDGPURel16:
			le.PutUint16(img[r.Offset:], uint16((int64(s-p)-4)/4))
		default:
			return nil, fmt.Errorf("load code object: relocation type %d at 0x%x (%s) is not supported (GOT relocations need a linked object)", r.Type, r.Offset, r.Symbol)
		}
	}
	if len(undefined) > 0 {
		sort.Strings(undefined)
		uniq := undefined[:1]
		for _, s := range undefined[1:] {
			if s != uniq[len(uniq)-1] {
				uniq = append(uniq, s)
			}
		}
		return nil, fmt.Errorf("load code object: undefined symbols %s (library functions the object was not linked with)", strings.Join(uniq, ", "))
	}
	return img, nil
}
