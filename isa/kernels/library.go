package kernels

import (
	"embed"
	"fmt"
	"io/fs"
	"sort"
	"strings"
	"sync"

	"zincc/hwreg"
	"zincc/isa"
)

// sources holds the kernel assembly files, one per op family, and the
// .inc files they .include (macros that families share).
//
//go:embed *.s *.inc
var sources embed.FS

// EntryAlign is the alignment of every kernel entry in Library.Code (the
// COMPUTE_PGM_LO register holds the address shifted right by 8).
const EntryAlign = 256

// Kernel is one kernel of the library, placed in Library.Code.
type Kernel struct {
	Name       string
	File       string         // the .s file that defines it
	Entry      uint64         // byte offset of its first instruction in Library.Code; a multiple of EntryAlign
	Size       uint64         // bytes from Entry that are the kernel's (to the next kernel of its file or the file's end); self-contained, see isa.Object.KernelEnds
	Descriptor isa.Descriptor // as assembled (its entry offset field is left 0)
	ABI        *KernelABI     // its entry in ABIs
	// Source is the kernel's text: the target directives, then its header
	// comment, code and .amdhsa_kernel block as the .s file spells them.
	// It assembles on its own to the same code.
	Source string
}

// Wave32 reports whether the kernel runs 32-lane waves (all of them do).
func (k *Kernel) Wave32() bool { return k.Descriptor.WaveSize() == 32 }

// LDSBytes is the LDS (group segment) size one workgroup needs.
func (k *Kernel) LDSBytes() uint32 { return k.Descriptor.LDSBytes() }

// UserSGPRs is the number of user SGPRs the kernel reads (COMPUTE_USER_DATA
// registers to write), equal to its ABI's UserSGPRs.
func (k *Kernel) UserSGPRs() int { return k.Descriptor.UserSGPRCount() }

// Rsrc1 is the COMPUTE_PGM_RSRC1 value to program.
func (k *Kernel) Rsrc1() uint32 { return k.Descriptor.ComputePgmRsrc1() }

// Rsrc2 is the COMPUTE_PGM_RSRC2 value to program, LDS_SIZE included.
func (k *Kernel) Rsrc2() uint32 { return k.Descriptor.ComputePgmRsrc2() }

// Rsrc2For is Rsrc2 for a launch of size s: LDS_SIZE covers the ABI's
// extra LDS too (KernelABI.LDSBytes).
func (k *Kernel) Rsrc2For(s Size) uint32 {
	return WithLDS(k.Rsrc2(), k.ABI.LDSBytes(k.LDSBytes(), s))
}

// WithLDS returns rsrc2 with LDS_SIZE set for bytes of LDS (512-byte units).
func WithLDS(rsrc2, bytes uint32) uint32 {
	return hwreg.Rsrc2LDSSize.Put(rsrc2, (bytes+hwreg.LDSUnit-1)/hwreg.LDSUnit)
}

// Rsrc3 is the COMPUTE_PGM_RSRC3 value to program.
func (k *Kernel) Rsrc3() uint32 { return k.Descriptor.ComputePgmRsrc3() }

// Library is every kernel of the package assembled into one code blob.
type Library struct {
	// Code holds every kernel; load it anywhere 256-byte aligned (the
	// code is position independent: branches are PC-relative), or copy
	// one kernel's [Entry, Entry+Size) on its own.
	Code    []byte
	Kernels []*Kernel // in ABIs order
	byName  map[string]*Kernel
	files   []SourceFile
}

// SourceFile is one embedded .s file.
type SourceFile struct {
	Name string
	Text string
}

var (
	loadOnce sync.Once
	loaded   *Library
	loadErr  error
)

// Load assembles the embedded kernel files (once per process; later calls
// return the same Library, which callers must not modify) and checks them
// against ABIs.
func Load() (*Library, error) {
	loadOnce.Do(func() { loaded, loadErr = build(sources, true) })
	return loaded, loadErr
}

// build assembles every .s file of fsys into one Library. With complete
// set, every ABIs entry must have a kernel; otherwise the kernels present
// are checked and listed in ABIs order.
func build(fsys fs.FS, complete bool) (*Library, error) {
	names, err := fs.Glob(fsys, "*.s")
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	lib := &Library{byName: map[string]*Kernel{}}
	for _, name := range names {
		src, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, err
		}
		lib.files = append(lib.files, SourceFile{Name: name, Text: string(src)})
		obj, err := isa.AssembleWith(name, src, isa.Options{Include: isa.IncludeFS(fsys)})
		if err != nil {
			return nil, fmt.Errorf("kernels: %w", err)
		}
		ends, err := obj.KernelEnds()
		if err != nil {
			return nil, fmt.Errorf("kernels: %s: %w", name, err)
		}
		base := uint64(len(lib.Code))
		lib.Code = append(lib.Code, obj.Code...)
		for pad := (EntryAlign - len(lib.Code)%EntryAlign) % EntryAlign; pad > 0; pad-- {
			lib.Code = append(lib.Code, 0)
		}
		for i, k := range obj.Kernels {
			if _, dup := lib.byName[k.Name]; dup {
				return nil, fmt.Errorf("kernels: %s: kernel %s is defined twice", name, k.Name)
			}
			kern := &Kernel{Name: k.Name, File: name, Entry: base + uint64(k.Entry), Size: uint64(ends[i] - k.Entry), Descriptor: k.Descriptor,
				Source: kernelSource(fsys, string(src), k.Name)}
			lib.byName[k.Name] = kern
		}
	}
	if err := lib.check(complete); err != nil {
		return nil, err
	}
	for i := range ABIs {
		k, ok := lib.byName[ABIs[i].Name]
		if !ok {
			continue
		}
		k.ABI = &ABIs[i]
		lib.Kernels = append(lib.Kernels, k)
	}
	return lib, nil
}

// check holds the assembled kernels to the ABI table: the same set of
// names, user SGPR counts that match, and the launch state every kernel
// assumes (wave32, workgroup id X, a 1-D local id, f32 denormals kept,
// round to nearest even, no scratch).
func (l *Library) check(complete bool) error {
	var errs []string
	for i := range ABIs {
		a := &ABIs[i]
		k, ok := l.byName[a.Name]
		if !ok {
			if !complete {
				continue
			}
			errs = append(errs, fmt.Sprintf("ABI kernel %s has no .amdhsa_kernel in the library", a.Name))
			continue
		}
		d := &k.Descriptor
		if got, want := d.UserSGPRCount(), a.UserSGPRs(); got != want {
			errs = append(errs, fmt.Sprintf("%s (%s): descriptor has %d user SGPRs, ABI %d", a.Name, k.File, got, want))
		}
		if d.WaveSize() != 32 {
			errs = append(errs, fmt.Sprintf("%s (%s): wave%d, want wave32", a.Name, k.File, d.WaveSize()))
		}
		if !d.WorkgroupIDEnabled(0) || d.WorkitemIDs() != 0 {
			errs = append(errs, fmt.Sprintf("%s (%s): want workgroup id X and a 1-D local id", a.Name, k.File))
		}
		if r1 := d.ComputePgmRsrc1(); hwreg.Rsrc1FloatRound32.Get(r1) != 0 || hwreg.Rsrc1FloatRound1664.Get(r1) != 0 ||
			hwreg.Rsrc1FloatDenorm32.Get(r1) != 3 {
			errs = append(errs, fmt.Sprintf("%s (%s): float mode 0x%02x; want round to nearest even and f32 denormals kept", a.Name, k.File, d.FloatMode()))
		}
		if d.PrivateSegment() || d.PrivateSegmentFixedSize != 0 {
			errs = append(errs, fmt.Sprintf("%s (%s): uses scratch", a.Name, k.File))
		}
		if a.Block == 0 || a.Block > 1024 || a.Block%32 != 0 {
			errs = append(errs, fmt.Sprintf("%s: block of %d threads is not a whole number of waves up to 1024", a.Name, a.Block))
		}
		if d.LDSBytes() > 64*1024 {
			errs = append(errs, fmt.Sprintf("%s (%s): %d bytes of LDS exceed 64 KiB", a.Name, k.File, d.LDSBytes()))
		}
	}
	var extra []string
	for name, k := range l.byName {
		if LookupABI(name) == nil {
			extra = append(extra, fmt.Sprintf("kernel %s (%s) has no entry in ABIs", name, k.File))
		}
	}
	sort.Strings(extra)
	errs = append(errs, extra...)
	if len(errs) > 0 {
		return fmt.Errorf("kernels: library disagrees with ABIs:\n\t%s", strings.Join(errs, "\n\t"))
	}
	return nil
}

// Kernel returns the kernel named name.
func (l *Library) Kernel(name string) (*Kernel, bool) {
	k, ok := l.byName[name]
	return k, ok
}

// Files returns the embedded .s files, sorted by name.
func (l *Library) Files() []SourceFile { return l.files }

// sourcePrologue starts every Kernel.Source, so that the text assembles on
// its own (llvm-mc or isa.Assemble).
const sourcePrologue = ".amdgcn_target \"amdgcn-amd-amdhsa--gfx1201\"\n.amdhsa_code_object_version 5\n\n.text\n\n"

// kernelSource cuts the text of one kernel out of its file: the file's
// header comment (what the family shares: launch shape, conventions), the
// macros the file defines or includes (included files inlined), the
// comment block right above the kernel's .globl line through its .size
// line, then its .amdhsa_kernel block. It returns "" if the file does not
// follow that layout.
func kernelSource(fsys fs.FS, src, name string) string {
	lines := strings.Split(src, "\n")
	start, end := -1, -1
	for i, l := range lines {
		f := strings.Fields(l)
		if len(f) >= 2 && f[0] == ".globl" && f[1] == name {
			start = i
		}
		if start >= 0 && len(f) >= 2 && f[0] == ".size" && strings.TrimSuffix(f[1], ",") == name {
			end = i
			break
		}
	}
	if start < 0 || end < 0 {
		return ""
	}
	for start > 0 && strings.HasPrefix(strings.TrimSpace(lines[start-1]), "//") {
		start--
	}
	var b strings.Builder
	b.WriteString(fileHeader(lines))
	b.WriteString(sourcePrologue)
	b.WriteString(definitions(fsys, lines, 0))
	for _, l := range lines[start : end+1] {
		b.WriteString(l)
		b.WriteByte('\n')
	}
	in := false
	for _, l := range lines {
		f := strings.Fields(l)
		if len(f) >= 2 && f[0] == ".amdhsa_kernel" && f[1] == name {
			in = true
			b.WriteString("\n.rodata\n")
		}
		if in {
			b.WriteString(l)
			b.WriteByte('\n')
			if len(f) >= 1 && f[0] == ".end_amdhsa_kernel" {
				break
			}
		}
	}
	return b.String()
}

// definitions returns what a kernel's text needs besides its own lines:
// the file's top-level .macro ... .endm blocks, each with the comment
// right above it, and the text of the files it .includes (which hold only
// such definitions), in file order.
func definitions(fsys fs.FS, lines []string, depth int) string {
	var b strings.Builder
	macroDepth := 0
	comment := 0 // first line of the comment block just above
	for i, l := range lines {
		f := strings.Fields(l)
		word := ""
		if len(f) > 0 {
			word = f[0]
		}
		switch {
		case macroDepth == 0 && word == ".include" && len(f) == 2 && depth < 8:
			name := strings.Trim(f[1], "\"")
			text, err := fs.ReadFile(fsys, name)
			if err != nil {
				b.WriteString(l + "\n") // the assembler reports it
				continue
			}
			b.WriteString("// ----- " + name + "\n")
			b.WriteString(definitions(fsys, strings.Split(string(text), "\n"), depth+1))
			b.WriteString("// ----- end of " + name + "\n\n")
		case word == ".macro":
			if macroDepth == 0 {
				for _, c := range lines[comment:i] {
					b.WriteString(c + "\n")
				}
			}
			macroDepth++
		case word == ".endm" || word == ".endmacro":
			macroDepth--
			if macroDepth == 0 {
				b.WriteString(l + "\n\n")
			}
		case depth > 0 && macroDepth == 0 && len(f) >= 3 && f[1] == "=":
			b.WriteString(l + "\n") // a constant an included file defines
		}
		if macroDepth > 0 {
			b.WriteString(l + "\n")
		}
		if !strings.HasPrefix(strings.TrimSpace(l), "//") {
			comment = i + 1
		}
	}
	return b.String()
}

// fileHeader returns the comment block that opens a kernel file, without
// the //go:build line, followed by a blank line.
func fileHeader(lines []string) string {
	var b strings.Builder
	for _, l := range lines {
		t := strings.TrimSpace(l)
		switch {
		case strings.HasPrefix(t, "//go:build"), t == "" && b.Len() == 0:
			continue
		case strings.HasPrefix(t, "//") || t == "":
			b.WriteString(l)
			b.WriteByte('\n')
			continue
		}
		break
	}
	h := strings.TrimRight(b.String(), "\n")
	if h == "" {
		return ""
	}
	return h + "\n\n"
}
