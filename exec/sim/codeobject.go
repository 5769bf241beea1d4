package sim

import (
	"bytes"
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/vmihailenco/msgpack/v5"

	"zincc/isa"
)

// CodeObject is an AMDHSA code object (the ELF that llc, clang or
// llvm-mc -filetype=obj produce for gfx1201, or a linked shared object)
// ready to be loaded into an emulated GPU: the ELF image and relocations
// read by package isa, and each kernel's descriptor and AMDGPU metadata
// (the NT_AMDGPU_METADATA note, MessagePack, code object v4/v5).
type CodeObject struct {
	elf *isa.CodeObject
	// Kernels lists the kernels by name.
	Kernels []*KernelInfo
	// HasMetadata reports whether the object carries an AMDGPU metadata
	// note; without one, argument layouts are unknown (see KernelInfo).
	HasMetadata bool
}

// KernelInfo is what a code object says about one kernel.
type KernelInfo struct {
	Name       string
	Descriptor isa.Descriptor
	// DescriptorOffset is the image offset of NAME.kd.
	DescriptorOffset int
	// Args are the kernel arguments, explicit and hidden, in kernarg
	// segment order (nil without metadata).
	Args []KernelArgInfo
	// KernargSize and KernargAlign describe the kernarg segment (metadata,
	// else the descriptor's kernarg_size and 16).
	KernargSize, KernargAlign uint32
	// GroupSegmentSize and PrivateSegmentSize are the fixed LDS bytes per
	// workgroup and scratch bytes per work-item.
	GroupSegmentSize, PrivateSegmentSize uint32
	// UsesDynamicStack says the private segment needs room beyond its
	// fixed size (calls through pointers, recursion).
	UsesDynamicStack bool
	// WaveSize is 32 or 64.
	WaveSize int
	// MaxFlatWorkgroupSize bounds the workgroup size (metadata; 1024
	// without).
	MaxFlatWorkgroupSize uint32
	// ReqdWorkgroupSize, when not all zero, is the workgroup size the
	// kernel was compiled for.
	ReqdWorkgroupSize [3]uint32
}

// KernelArgInfo is one kernarg segment entry (the metadata's .args).
type KernelArgInfo struct {
	Name         string `msgpack:".name"`
	TypeName     string `msgpack:".type_name"`
	Offset       uint32 `msgpack:".offset"`
	Size         uint32 `msgpack:".size"`
	ValueKind    string `msgpack:".value_kind"`
	AddressSpace string `msgpack:".address_space"`
	IsConst      bool   `msgpack:".is_const"`
}

// Hidden reports whether the runtime, not the caller, supplies the
// argument.
func (a *KernelArgInfo) Hidden() bool { return strings.HasPrefix(a.ValueKind, "hidden_") }

// String describes the argument for messages: "2 (float x, by_value, 4
// bytes at 24)".
func (a *KernelArgInfo) String() string {
	what := a.ValueKind
	if a.TypeName != "" {
		what = a.TypeName + " " + what
	}
	name := ""
	if a.Name != "" {
		name = a.Name + ": "
	}
	return fmt.Sprintf("(%s%s, %d bytes at offset %d)", name, what, a.Size, a.Offset)
}

// metadata is the part of the code object metadata the loader reads.
type metadata struct {
	Version []int        `msgpack:"amdhsa.version"`
	Kernels []kernelMeta `msgpack:"amdhsa.kernels"`
}

type kernelMeta struct {
	Name                    string          `msgpack:".name"`
	Symbol                  string          `msgpack:".symbol"`
	Args                    []KernelArgInfo `msgpack:".args"`
	KernargSegmentSize      uint32          `msgpack:".kernarg_segment_size"`
	KernargSegmentAlign     uint32          `msgpack:".kernarg_segment_align"`
	GroupSegmentFixedSize   uint32          `msgpack:".group_segment_fixed_size"`
	PrivateSegmentFixedSize uint32          `msgpack:".private_segment_fixed_size"`
	WavefrontSize           uint32          `msgpack:".wavefront_size"`
	UsesDynamicStack        bool            `msgpack:".uses_dynamic_stack"`
	MaxFlatWorkgroupSize    uint32          `msgpack:".max_flat_workgroup_size"`
	ReqdWorkgroupSize       []uint32        `msgpack:".reqd_workgroup_size"`
}

// maxMetadata bounds the metadata note: the MessagePack decoder sizes
// arrays from their headers, and every element takes at least a byte of
// the note, so this bounds what a hostile note can make it allocate.
// Real notes hold a few KiB per kernel.
const maxMetadata = 1 << 20

// ParseCodeObject reads an AMDHSA code object. Malformed or truncated
// files, metadata that does not decode or that disagrees with the
// descriptors are errors (never panics).
func ParseCodeObject(data []byte) (*CodeObject, error) {
	e, err := isa.ReadCodeObject(data)
	if err != nil {
		return nil, err
	}
	co := &CodeObject{elf: e}
	byName := map[string]*KernelInfo{}
	for _, k := range e.Kernels {
		off, ok := e.Descriptors[k.Name]
		if !ok {
			return nil, fmt.Errorf("code object: descriptor %s.kd is not in an allocated section", k.Name)
		}
		ki := &KernelInfo{Name: k.Name, Descriptor: k.Descriptor, DescriptorOffset: off,
			KernargSize: k.Descriptor.KernargSize, KernargAlign: 16,
			GroupSegmentSize: k.Descriptor.GroupSegmentFixedSize, PrivateSegmentSize: k.Descriptor.PrivateSegmentFixedSize,
			UsesDynamicStack: k.Descriptor.KernelCodeProperties&isa.KCPUsesDynamicStack != 0,
			WaveSize:         k.Descriptor.WaveSize(), MaxFlatWorkgroupSize: maxWorkgroupThreads}
		co.Kernels = append(co.Kernels, ki)
		byName[k.Name] = ki
	}
	if e.Metadata == nil {
		return co, nil
	}
	co.HasMetadata = true
	md, err := decodeMetadata(e.Metadata)
	if err != nil {
		return nil, err
	}
	for i := range md.Kernels {
		km := &md.Kernels[i]
		sym := strings.TrimSuffix(km.Symbol, ".kd")
		if sym == "" {
			sym = km.Name
		}
		ki := byName[sym]
		if ki == nil {
			return nil, fmt.Errorf("code object: metadata describes kernel %q (symbol %q) but the object has no descriptor %s.kd", km.Name, km.Symbol, sym)
		}
		if err := ki.applyMetadata(km); err != nil {
			return nil, fmt.Errorf("code object: kernel %s: %w", ki.Name, err)
		}
	}
	return co, nil
}

// decodeMetadata decodes the metadata note with the MessagePack library,
// after letting the library walk it once without decoding (Skip), which
// rejects truncated data and array or map headers that claim more
// elements than the note holds.
func decodeMetadata(raw []byte) (md *metadata, err error) {
	if len(raw) > maxMetadata {
		return nil, fmt.Errorf("code object: metadata note of %d bytes (at most %d)", len(raw), maxMetadata)
	}
	defer func() {
		if r := recover(); r != nil {
			md, err = nil, fmt.Errorf("code object: metadata does not decode (%v)", r)
		}
	}()
	if err := msgpack.NewDecoder(bytes.NewReader(raw)).Skip(); err != nil {
		return nil, fmt.Errorf("code object: metadata is not well-formed MessagePack: %w", err)
	}
	md = &metadata{}
	if err := msgpack.Unmarshal(raw, md); err != nil {
		return nil, fmt.Errorf("code object: metadata: %w", err)
	}
	return md, nil
}

func (ki *KernelInfo) applyMetadata(km *kernelMeta) error {
	ki.Args = km.Args
	ki.KernargSize = km.KernargSegmentSize
	if km.KernargSegmentAlign != 0 {
		ki.KernargAlign = km.KernargSegmentAlign
	}
	if ki.KernargAlign&(ki.KernargAlign-1) != 0 || ki.KernargAlign > 4096 {
		return fmt.Errorf("kernarg segment alignment %d is not a power of two up to 4096", ki.KernargAlign)
	}
	if km.GroupSegmentFixedSize != ki.GroupSegmentSize {
		return fmt.Errorf("metadata group segment size %d disagrees with the descriptor's %d", km.GroupSegmentFixedSize, ki.GroupSegmentSize)
	}
	if km.PrivateSegmentFixedSize != ki.PrivateSegmentSize {
		return fmt.Errorf("metadata private segment size %d disagrees with the descriptor's %d", km.PrivateSegmentFixedSize, ki.PrivateSegmentSize)
	}
	if km.WavefrontSize != 0 && int(km.WavefrontSize) != ki.WaveSize {
		return fmt.Errorf("metadata wavefront size %d disagrees with the descriptor's %d", km.WavefrontSize, ki.WaveSize)
	}
	ki.UsesDynamicStack = ki.UsesDynamicStack || km.UsesDynamicStack
	if km.MaxFlatWorkgroupSize != 0 {
		ki.MaxFlatWorkgroupSize = km.MaxFlatWorkgroupSize
	}
	if n := len(km.ReqdWorkgroupSize); n != 0 {
		if n != 3 {
			return fmt.Errorf("reqd_workgroup_size has %d entries, want 3", n)
		}
		copy(ki.ReqdWorkgroupSize[:], km.ReqdWorkgroupSize)
	}
	if ki.KernargSize > maxKernargBytes {
		return fmt.Errorf("kernarg segment of %d bytes (the emulator allows %d)", ki.KernargSize, maxKernargBytes)
	}
	for i := range ki.Args {
		a := &ki.Args[i]
		if uint64(a.Offset)+uint64(a.Size) > uint64(ki.KernargSize) {
			return fmt.Errorf("argument %d %s ends past the %d-byte kernarg segment", i, a, ki.KernargSize)
		}
	}
	return nil
}

// maxKernargBytes bounds a kernarg segment.
const maxKernargBytes = 64 << 10

// Kernel returns the kernel called name; name "" picks the only kernel.
func (co *CodeObject) Kernel(name string) (*KernelInfo, error) {
	if name == "" {
		switch len(co.Kernels) {
		case 0:
			return nil, errors.New("code object has no kernels (no NAME.kd descriptor symbols)")
		case 1:
			return co.Kernels[0], nil
		}
		return nil, fmt.Errorf("code object has %d kernels (%s): name one", len(co.Kernels), co.kernelNames())
	}
	for _, k := range co.Kernels {
		if k.Name == name {
			return k, nil
		}
	}
	return nil, fmt.Errorf("code object has no kernel %q (it has %s)", name, co.kernelNames())
}

func (co *CodeObject) kernelNames() string {
	var names []string
	for _, k := range co.Kernels {
		names = append(names, k.Name)
	}
	sort.Strings(names)
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, ", ")
}

// ImageSize is the number of bytes the object occupies when loaded.
func (co *CodeObject) ImageSize() int { return len(co.elf.Image) }

// Code returns the object's .text and the kernel entry offsets in it, for
// listings.
func (co *CodeObject) Code() ([]byte, map[string]int) { return co.elf.Code, co.elf.Symbols }
