package sim

import (
	"encoding/binary"
	"fmt"
	"math"
	"strings"

	"zincc/isa"
)

// Launching code-object kernels the way the HSA ABI and the ROCm runtime
// (CLR) do, without a runtime: the user SGPRs the descriptor enables, a
// kernarg segment laid out from the metadata with the hidden arguments
// filled in, an hsa_kernel_dispatch_packet_t and an hsa_queue_t in
// memory, LDS and private memory sized from the descriptor.
//
// User SGPRs, in the order AMDGPUUsage defines (../shared/ref/pm4-gfx12.md
// §5.2): dispatch ptr (2), queue ptr (2), kernarg segment ptr (2),
// dispatch id (2), private segment size (1), each present when the
// descriptor's kernel_code_properties enables it. The private segment
// buffer and flat scratch init SGPRs do not exist on gfx12 (architected
// flat scratch) and kernarg preloading is not defined for it: a
// descriptor asking for them is refused.
//
// Memory (all mapped read-only except the image): the dispatch packet,
// the queue and the kernarg segment each get a 4 KiB-rounded mapping
// after the loaded image (and a 64 KiB gap), mapped for the dispatch and
// unmapped after it.

// DefaultDynamicStackBytes is the private memory added per work-item for
// a kernel whose stack size is dynamic (recursion, indirect calls) when
// KernelDispatch.DynamicStackBytes is 0. HIP's default stack limit is
// 1 KiB; 16 KiB leaves room for deeper recursion.
const DefaultDynamicStackBytes = 16 << 10

// Values of the emulated dispatch packet and queue.
const (
	// hsaDispatchHeader is the packet header CLR writes: type
	// KERNEL_DISPATCH (2), barrier, system-scope acquire and release
	// fences.
	hsaDispatchHeader = 2 | 1<<8 | 2<<9 | 2<<11
	hsaQueueSize      = 1 // packets in the emulated queue
)

// Arg is one explicit kernel argument value.
type Arg struct {
	kind  argKind
	bits  uint64
	bytes []byte
}

type argKind uint8

const (
	argPointer argKind = iota + 1
	argU32
	argI32
	argF32
	argBytes
)

// PointerArg is a global buffer argument: a GPU virtual address.
func PointerArg(va uint64) Arg { return Arg{kind: argPointer, bits: va} }

// U32Arg, I32Arg and F32Arg are 32-bit by-value arguments.
func U32Arg(v uint32) Arg { return Arg{kind: argU32, bits: uint64(v)} }

// I32Arg is a signed 32-bit by-value argument.
func I32Arg(v int32) Arg { return Arg{kind: argI32, bits: uint64(uint32(v))} }

// F32Arg is a float by-value argument.
func F32Arg(v float32) Arg { return Arg{kind: argF32, bits: uint64(math.Float32bits(v))} }

// BytesArg is a by-value argument given as its bytes (structs, vectors,
// 64-bit scalars); its length must be the argument's size.
func BytesArg(b []byte) Arg { return Arg{kind: argBytes, bytes: b} }

// String describes the argument: its kind and value.
func (a Arg) String() string {
	switch a.kind {
	case argPointer:
		return fmt.Sprintf("pointer 0x%x", a.bits)
	case argU32:
		return fmt.Sprintf("u32:%d", uint32(a.bits))
	case argI32:
		return fmt.Sprintf("i32:%d", int32(a.bits))
	case argF32:
		return fmt.Sprintf("f32:%g", math.Float32frombits(uint32(a.bits)))
	case argBytes:
		return fmt.Sprintf("%d bytes", len(a.bytes))
	}
	return "no value"
}

// KernelDispatch is one HSA kernel dispatch.
type KernelDispatch struct {
	// Kernel names the kernel ("" for the only one).
	Kernel string
	// GridSize is the number of work-items along each axis (the packet's
	// grid_size; not workgroups). A size that WorkgroupSize does not
	// divide leaves a partial last workgroup.
	GridSize [3]uint32
	// WorkgroupSize is the workgroup size along each axis.
	WorkgroupSize [3]uint32
	// Args are the explicit arguments in order.
	Args []Arg
	// DispatchID is the value of the dispatch id SGPRs.
	DispatchID uint64
	// DynamicStackBytes is added to the private segment of kernels with a
	// dynamic stack (0: DefaultDynamicStackBytes).
	DynamicStackBytes uint32
	// MinPrivateBytes raises every work-item's private segment to at least
	// this size, as a runtime's stack-size setting does (HIP's
	// hipLimitStackSize). LLVM 19 does not flag recursion as a dynamic
	// stack: a recursive kernel needs room its descriptor does not state.
	MinPrivateBytes uint32
}

// LoadedCodeObject is a code object relocated for, and mapped at, an
// address of a GPU.
type LoadedCodeObject struct {
	g     *GPU
	co    *CodeObject
	va    uint64
	image []byte
}

// LoadCodeObject relocates co for address va and maps its image there,
// readable, writable and executable (code, descriptors and the object's
// global variables share one mapping). An object that references symbols
// it does not define (library calls) fails to load, naming them.
func (g *GPU) LoadCodeObject(co *CodeObject, va uint64) (*LoadedCodeObject, error) {
	img, err := co.elf.Load(va)
	if err != nil {
		return nil, err
	}
	if len(img) == 0 {
		return nil, fmt.Errorf("code object: the image is empty")
	}
	// Map whole pages, as a loader would.
	mapped := img[:cap(img)]
	if err := g.MapBacking(va, mapped, PermRWX, "code object"); err != nil {
		return nil, err
	}
	lc := &LoadedCodeObject{g: g, co: co, va: va, image: mapped}
	for _, k := range co.Kernels {
		if entry, err := lc.entry(k); err == nil {
			g.Label(entry, k.Name)
		}
	}
	return lc, nil
}

// VA is the address the object is loaded at.
func (lc *LoadedCodeObject) VA() uint64 { return lc.va }

// CodeObject returns what was loaded.
func (lc *LoadedCodeObject) CodeObject() *CodeObject { return lc.co }

// entry is the kernel's first instruction: the descriptor's address plus
// its (relocated) kernel_code_entry_byte_offset.
func (lc *LoadedCodeObject) entry(k *KernelInfo) (uint64, error) {
	off := int64(binary.LittleEndian.Uint64(lc.image[k.DescriptorOffset+16:]))
	e := int64(k.DescriptorOffset) + off
	if e < 0 || e >= int64(len(lc.image)) || e%4 != 0 {
		return 0, fmt.Errorf("kernel %s: kernel_code_entry_byte_offset %d puts the entry outside the loaded image", k.Name, off)
	}
	return lc.va + uint64(e), nil
}

// Dispatch runs one kernel dispatch. The kernarg segment, dispatch packet
// and queue are mapped for its duration.
func (lc *LoadedCodeObject) Dispatch(kd KernelDispatch) (Stats, error) {
	k, err := lc.co.Kernel(kd.Kernel)
	if err != nil {
		return Stats{}, err
	}
	l, blk, err := lc.prepare(k, &kd)
	if err != nil {
		return Stats{}, fmt.Errorf("kernel %s: %w", k.Name, err)
	}
	defer blk.unmap(lc.g)
	return lc.g.Dispatch(*l)
}

// dispatchBlock is the memory a dispatch maps next to the image.
type dispatchBlock struct {
	packet, queue, kernarg uint64
	maps                   []uint64
}

func (b *dispatchBlock) unmap(g *GPU) {
	for _, va := range b.maps {
		_ = g.Unmap(va) // mapped by prepare; cannot fail
	}
}

// prepare checks the dispatch against the kernel and builds its launch
// and memory.
func (lc *LoadedCodeObject) prepare(k *KernelInfo, kd *KernelDispatch) (*Launch, *dispatchBlock, error) {
	d := &k.Descriptor
	threads := uint64(1)
	var groups, last [3]uint32
	for i := 0; i < 3; i++ {
		g, b := kd.GridSize[i], kd.WorkgroupSize[i]
		if g == 0 || b == 0 {
			return nil, nil, fmt.Errorf("grid size %v and workgroup size %v must be positive along every axis", kd.GridSize, kd.WorkgroupSize)
		}
		threads *= uint64(b)
		groups[i] = uint32((uint64(g) + uint64(b) - 1) / uint64(b))
		if r := g % b; r != 0 {
			last[i] = r
		}
	}
	if threads > uint64(k.MaxFlatWorkgroupSize) {
		return nil, nil, fmt.Errorf("workgroup of %d work-items exceeds the kernel's max_flat_workgroup_size %d", threads, k.MaxFlatWorkgroupSize)
	}
	if r := k.ReqdWorkgroupSize; r != [3]uint32{} && r != kd.WorkgroupSize {
		return nil, nil, fmt.Errorf("the kernel requires workgroup size %v, not %v", r, kd.WorkgroupSize)
	}
	if k.GroupSegmentSize > maxLDSBytes {
		return nil, nil, fmt.Errorf("group segment of %d bytes; gfx1201 gives a workgroup at most %d", k.GroupSegmentSize, maxLDSBytes)
	}
	priv := uint64(k.PrivateSegmentSize)
	if k.UsesDynamicStack {
		stack := kd.DynamicStackBytes
		if stack == 0 {
			stack = DefaultDynamicStackBytes
		}
		priv += uint64(stack)
	}
	priv = max(priv, uint64(kd.MinPrivateBytes))
	if priv > maxPrivateBytes {
		return nil, nil, fmt.Errorf("private segment of %d bytes per work-item (the emulator allows %d)", priv, maxPrivateBytes)
	}
	kcp := d.KernelCodeProperties
	switch {
	case kcp&isa.KCPPrivateSegmentBuffer != 0:
		return nil, nil, fmt.Errorf("the descriptor enables the private segment buffer SGPRs, which gfx12 (architected flat scratch) does not have")
	case kcp&isa.KCPFlatScratchInit != 0:
		return nil, nil, fmt.Errorf("the descriptor enables the flat scratch init SGPRs, which gfx12 (architected flat scratch) does not have")
	case d.KernargPreload != 0:
		return nil, nil, fmt.Errorf("the descriptor asks for preloaded kernel arguments (0x%x), which gfx12 does not define", d.KernargPreload)
	}
	entry, err := lc.entry(k)
	if err != nil {
		return nil, nil, err
	}
	dims := uint16(1)
	switch {
	case kd.GridSize[2] > 1:
		dims = 3
	case kd.GridSize[1] > 1:
		dims = 2
	}

	// Memory: packet, queue, kernarg segment.
	blk := &dispatchBlock{}
	base := lc.va + uint64(len(lc.image)) + 64<<10
	blk.packet, blk.queue, blk.kernarg = base, base+4096, base+2*4096
	kaBytes, err := lc.kernarg(k, kd, groups, last, dims, blk.queue)
	if err != nil {
		return nil, nil, err
	}
	packet := make([]byte, 4096)
	le := binary.LittleEndian
	le.PutUint16(packet[0:], hsaDispatchHeader)
	le.PutUint16(packet[2:], dims)
	for i := 0; i < 3; i++ {
		le.PutUint16(packet[4+2*i:], uint16(kd.WorkgroupSize[i]))
		le.PutUint32(packet[12+4*i:], kd.GridSize[i])
	}
	le.PutUint32(packet[24:], uint32(priv))
	le.PutUint32(packet[28:], k.GroupSegmentSize)
	le.PutUint64(packet[32:], lc.va+uint64(k.DescriptorOffset))
	le.PutUint64(packet[40:], blk.kernarg)
	queue := make([]byte, 4096)
	le.PutUint32(queue[0:], 0) // HSA_QUEUE_TYPE_MULTI
	le.PutUint32(queue[4:], 1) // HSA_QUEUE_FEATURE_KERNEL_DISPATCH
	le.PutUint64(queue[8:], blk.packet)
	le.PutUint32(queue[24:], hsaQueueSize)
	for _, m := range []struct {
		va   uint64
		data []byte
		name string
	}{{blk.packet, packet, "dispatch packet"}, {blk.queue, queue, "queue"}, {blk.kernarg, kaBytes, "kernarg segment"}} {
		if err := lc.g.MapBacking(m.va, m.data, PermRead, m.name); err != nil {
			blk.unmap(lc.g)
			return nil, nil, err
		}
		blk.maps = append(blk.maps, m.va)
	}

	// User SGPRs in their defined order.
	var sgprs []uint32
	pair := func(v uint64) { sgprs = append(sgprs, uint32(v), uint32(v>>32)) }
	if kcp&isa.KCPDispatchPtr != 0 {
		pair(blk.packet)
	}
	if kcp&isa.KCPQueuePtr != 0 {
		pair(blk.queue)
	}
	if kcp&isa.KCPKernargSegmentPtr != 0 {
		pair(blk.kernarg)
	}
	if kcp&isa.KCPDispatchID != 0 {
		pair(kd.DispatchID)
	}
	if kcp&isa.KCPPrivateSegmentSize != 0 {
		sgprs = append(sgprs, uint32(priv))
	}
	if n := d.UserSGPRCount(); n < len(sgprs) {
		blk.unmap(lc.g)
		return nil, nil, fmt.Errorf("the descriptor enables %d user SGPRs of values but RSRC2.USER_SGPR is %d", len(sgprs), n)
	} else {
		for len(sgprs) < n {
			sgprs = append(sgprs, 0) // padding the count asks for
		}
	}
	l := &Launch{Entry: entry, Rsrc1: d.ComputePgmRsrc1(), Rsrc2: d.ComputePgmRsrc2(), Rsrc3: d.ComputePgmRsrc3(),
		UserSGPRs: sgprs, Groups: groups, Block: kd.WorkgroupSize, LastBlock: last, Wave32: k.WaveSize == 32,
		PrivateBytes: uint32(priv)}
	return l, blk, nil
}

// kernarg lays out the kernarg segment: the explicit arguments from the
// dispatch, checked against the metadata, and the hidden arguments as
// ROCm's runtime fills them for a dispatch without global offsets.
func (lc *LoadedCodeObject) kernarg(k *KernelInfo, kd *KernelDispatch, groups, last [3]uint32, dims uint16, queue uint64) ([]byte, error) {
	if !lc.co.HasMetadata {
		return packArgs(k, kd.Args)
	}
	var explicit []*KernelArgInfo
	for i := range k.Args {
		if !k.Args[i].Hidden() {
			explicit = append(explicit, &k.Args[i])
		}
	}
	if len(kd.Args) != len(explicit) {
		var want []string
		for i, a := range explicit {
			want = append(want, fmt.Sprintf("%d %s", i, a))
		}
		return nil, fmt.Errorf("%d explicit arguments given, the kernel takes %d: %s", len(kd.Args), len(explicit), strings.Join(want, "; "))
	}
	ka := make([]byte, (max(k.KernargSize, 1)+4095)&^4095)
	le := binary.LittleEndian
	for i, a := range explicit {
		v := kd.Args[i]
		field := ka[a.Offset : a.Offset+a.Size]
		bad := func(why string) error {
			return fmt.Errorf("argument %d %s: %s given: %s", i, a, v, why)
		}
		switch a.ValueKind {
		case "global_buffer":
			if v.kind != argPointer {
				return nil, bad("a global buffer takes a pointer")
			}
			if a.Size != 8 {
				return nil, bad("a pointer argument must be 8 bytes")
			}
			le.PutUint64(field, v.bits)
		case "by_value":
			switch v.kind {
			case argBytes:
				if len(v.bytes) != int(a.Size) {
					return nil, bad(fmt.Sprintf("%d bytes for a %d-byte argument", len(v.bytes), a.Size))
				}
				copy(field, v.bytes)
			case argU32, argI32, argF32:
				if a.Size != 4 {
					return nil, bad(fmt.Sprintf("a 32-bit value for a %d-byte argument", a.Size))
				}
				if isFloat, known := floatTypeName(a.TypeName); known && isFloat != (v.kind == argF32) {
					return nil, bad("the argument's type is " + a.TypeName)
				}
				le.PutUint32(field, uint32(v.bits))
			default:
				return nil, bad("a by-value argument takes a value, not a pointer")
			}
		default:
			return nil, bad("arguments of kind " + a.ValueKind + " are not supported by the emulator")
		}
	}
	for i := range k.Args {
		a := &k.Args[i]
		if !a.Hidden() {
			continue
		}
		field := ka[a.Offset : a.Offset+a.Size]
		put := func(v uint64) {
			for j := range field {
				field[j] = byte(v >> (8 * j))
			}
		}
		axis := func(prefix string) (int, bool) {
			if !strings.HasPrefix(a.ValueKind, prefix) {
				return 0, false
			}
			switch a.ValueKind[len(prefix):] {
			case "x":
				return 0, true
			case "y":
				return 1, true
			case "z":
				return 2, true
			}
			return 0, false
		}
		if d, ok := axis("hidden_block_count_"); ok {
			put(uint64(groups[d]))
		} else if d, ok := axis("hidden_group_size_"); ok {
			put(uint64(kd.WorkgroupSize[d]))
		} else if d, ok := axis("hidden_remainder_"); ok {
			put(uint64(last[d]))
		} else {
			switch a.ValueKind {
			case "hidden_grid_dims":
				put(uint64(dims))
			case "hidden_queue_ptr":
				put(queue)
			case "hidden_private_base":
				put(privateBaseHi)
			case "hidden_shared_base":
				put(sharedBaseHi)
			default:
				// Global offsets, printf/hostcall/heap buffers, default
				// queue, completion action, dynamic LDS size, multigrid
				// sync: zero (none of them set up).
			}
		}
	}
	return ka, nil
}

// packArgs lays out the explicit arguments of a kernel without metadata:
// each at its natural alignment (pointers 8 bytes, 32-bit values 4,
// byte arguments 8), as the C ABI would.
func packArgs(k *KernelInfo, args []Arg) ([]byte, error) {
	var ka []byte
	for _, a := range args {
		var b []byte
		align := 8
		switch a.kind {
		case argPointer:
			b = binary.LittleEndian.AppendUint64(nil, a.bits)
		case argU32, argI32, argF32:
			b, align = binary.LittleEndian.AppendUint32(nil, uint32(a.bits)), 4
		case argBytes:
			b = a.bytes
		default:
			return nil, fmt.Errorf("argument has no value")
		}
		for len(ka)%align != 0 {
			ka = append(ka, 0)
		}
		ka = append(ka, b...)
	}
	if len(ka) > maxKernargBytes || k.KernargSize > maxKernargBytes {
		return nil, fmt.Errorf("kernarg segment of %d bytes (the emulator allows %d)", max(len(ka), int(k.KernargSize)), maxKernargBytes)
	}
	n := max(len(ka), int(k.KernargSize), 1)
	out := make([]byte, (n+4095)&^4095)
	copy(out, ka)
	return out, nil
}

// floatTypeName says whether an OpenCL/HIP argument type name is a
// floating-point scalar; known is false for names it does not classify.
func floatTypeName(t string) (isFloat, known bool) {
	switch strings.TrimSpace(strings.TrimPrefix(t, "const ")) {
	case "float", "half", "double", "_Float16", "__fp16", "bfloat16":
		return true, true
	case "int", "uint", "unsigned int", "int32_t", "uint32_t", "char", "uchar", "short", "ushort",
		"long", "ulong", "size_t", "bool", "unsigned", "signed", "i32", "u32":
		return false, true
	}
	return false, false
}
