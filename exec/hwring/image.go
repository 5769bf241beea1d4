package hwring

import (
	"encoding/binary"
	"fmt"
	"sync/atomic"
	"unsafe"

	"zincc/exec"
	"zincc/ir"
	"zincc/lower/gfx1201"
	"zincc/pm4"
)

// PageSize is the GPU page size and the granule every buffer is rounded to.
const PageSize = 4096

// MaxIBDwords is the largest IB an INDIRECT_BUFFER packet can name
// (IB_SIZE is 20 bits) and the largest the rings accept.
const MaxIBDwords = pm4.MaxIBDwords

// maxBufferBytes bounds one buffer (1 TiB) so that a corrupt Executable
// cannot make a ring ask for absurd allocations.
const maxBufferBytes = 1 << 40

// NumImageBuffers is the number of buffers an Image occupies: the
// Executable's buffers plus the IB.
const NumImageBuffers = gfx1201.NumBuffers + 1

// BufIB is the index of the IB buffer among an Image's buffers, after the
// Executable's own.
const BufIB = gfx1201.NumBuffers

// BufferName names image buffer i ("code", ..., "fence", "ib").
func BufferName(i int) string {
	if i == BufIB {
		return "ib"
	}
	return gfx1201.BufferName(i)
}

// RoundPage rounds n up to a multiple of PageSize (at least one page).
func RoundPage(n uint64) uint64 {
	if n == 0 {
		return PageSize
	}
	return (n + PageSize - 1) &^ (PageSize - 1)
}

// Code padding as LLVM emits it after a code object's text
// (AMDGPUTargetAsmStreamer::EmitCodeEnd): align to the instruction cache
// line (128 bytes on gfx11 and later) with s_code_end, then three more
// cache lines of s_code_end, "extra padding amount in bytes to support
// prefetch mode 3" — the SQ prefetches instructions past the last one a
// wave runs, and the padding keeps that prefetch inside mapped code.
const (
	SCodeEnd        = 0xBF9F0000 // s_code_end (SOPP opcode 31)
	codeLine        = 128
	CodePrefetchPad = 3 * codeLine
)

// CodeEnd returns where the s_code_end padding after n bytes of code ends.
func CodeEnd(n uint64) uint64 {
	return (n+codeLine-1)/codeLine*codeLine + CodePrefetchPad
}

// BufferSizes returns the bytes to allocate for each image buffer: the
// Executable's sizes rounded up to whole pages (a buffer of size 0 still
// gets a page, so every relocation has an address) and the IB's. The code
// buffer also holds the s_code_end padding (CodeEnd).
func BufferSizes(e *gfx1201.Executable) [NumImageBuffers]uint64 {
	var s [NumImageBuffers]uint64
	for i := range e.Buffers {
		s[i] = RoundPage(e.Buffers[i].Size)
	}
	s[gfx1201.BufCode] = RoundPage(max(e.Buffers[gfx1201.BufCode].Size, CodeEnd(uint64(len(e.Code)))))
	s[BufIB] = RoundPage(uint64(len(e.IB)) * 4)
	return s
}

// ReadOnly reports whether the GPU only reads image buffer i (code,
// weights and the IB by default; whatever the Executable says otherwise).
func ReadOnly(e *gfx1201.Executable, i int) bool {
	if i == BufIB {
		return true
	}
	return e.Buffers[i].ReadOnly
}

// Check validates the tables of e against each other, so that a ring never
// indexes out of range: every patch, relocation and placement must land
// inside the IB or its buffer, the fence dwords must exist and carry a
// relocated address, and every output, weight and state must be placed.
func Check(e *gfx1201.Executable) error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: %s", ErrBadExecutable, fmt.Sprintf(format, args...))
	}
	if e == nil || e.Module == nil {
		return bad("no module")
	}
	if len(e.IB) == 0 || len(e.IB) > MaxIBDwords {
		return bad("IB has %d dwords (1..%d)", len(e.IB), MaxIBDwords)
	}
	for i, b := range e.Buffers {
		if b.Size > maxBufferBytes || b.Used > b.Size {
			return bad("buffer %s: size %d, used %d", gfx1201.BufferName(i), b.Size, b.Used)
		}
	}
	if uint64(len(e.Code)) > e.Buffers[gfx1201.BufCode].Size {
		return bad("%d bytes of code in a code buffer of %d", len(e.Code), e.Buffers[gfx1201.BufCode].Size)
	}
	if e.FenceDword < 2 || e.FenceDword+1 >= len(e.IB) {
		return bad("fence dword %d outside the IB of %d dwords", e.FenceDword, len(e.IB))
	}
	inputs := len(e.Module.DeclsOf(ir.Input))
	for _, p := range e.Patches {
		if p.Input < 0 || p.Input >= inputs || p.Dword < 0 || p.Dword >= len(e.IB) {
			return bad("patch of input %d into dword %d (graph has %d inputs, IB %d dwords)", p.Input, p.Dword, inputs, len(e.IB))
		}
	}
	for _, r := range e.Relocs {
		if int(r.Dword)+1 >= len(e.IB) || r.Buffer >= gfx1201.NumBuffers ||
			(r.Kind != gfx1201.RelocAddr64 && r.Kind != gfx1201.RelocPgm) || r.Offset > e.Buffers[r.Buffer].Size {
			return bad("relocation %+v", r)
		}
	}
	if _, _, err := fenceLocation(e); err != nil {
		return err
	}
	for id, p := range e.Values {
		v := e.Module.ValueByID(id)
		if v == nil {
			return bad("placement %d for a value graph @%s does not have (is the module numbered?)", id, e.Module.Name)
		}
		if p.Buffer == gfx1201.NoBuffer {
			continue
		}
		if p.Buffer < 0 || p.Buffer >= gfx1201.NumBuffers || p.Offset > e.Buffers[p.Buffer].Size ||
			p.Bytes > e.Buffers[p.Buffer].Size-p.Offset {
			return bad("%s placed at %s+%d (%d bytes) outside the buffer", v.Ref(), gfx1201.BufferName(p.Buffer), p.Offset, p.Bytes)
		}
	}
	need := append(e.Module.DeclsOf(ir.Weight), e.Module.DeclsOf(ir.State)...)
	for _, o := range e.Module.Outputs {
		if o.Value.Kind != ir.Input {
			need = append(need, o.Value)
		}
	}
	for _, v := range need {
		p, ok := e.Placement(v)
		if !ok {
			return bad("%s has no placement", v.Ref())
		}
		if p.Bytes != uint64(v.Type.Bytes()) {
			return bad("%s is %v (%d bytes) but its placement holds %d", v.Ref(), v.Type, v.Type.Bytes(), p.Bytes)
		}
	}
	return nil
}

// fenceLocation finds the buffer and offset the IB's RELEASE_MEM fence
// writes: the relocation of the address dword two before the data dword.
func fenceLocation(e *gfx1201.Executable) (buf int, off uint64, err error) {
	for _, r := range e.Relocs {
		if int(r.Dword) == e.FenceDword-2 && r.Kind == gfx1201.RelocAddr64 {
			if r.Offset%8 != 0 || r.Offset+8 > RoundPage(e.Buffers[r.Buffer].Size) {
				break
			}
			return int(r.Buffer), r.Offset, nil
		}
	}
	return 0, 0, fmt.Errorf("%w: no 8-byte-aligned relocated fence address at IB dword %d", ErrBadExecutable, e.FenceDword-2)
}

// Image is an Executable placed in GPU buffers that the CPU also maps: a
// ring allocates the buffers its own way, hands their GPU addresses and CPU
// views to NewImage, and uses the image to upload, patch and read back.
type Image struct {
	exe      gfx1201.Executable // a copy, rebased to the VAs in use
	vas      [NumImageBuffers]uint64
	bufs     [NumImageBuffers][]byte
	ib       []uint32 // dword view of bufs[BufIB]
	fenceBuf int
	fenceOff uint64
	inputs   int
	staged   bool          // the CPU does not map the weights buffer (UploadStaged)
	w        *exec.Weights // what Load bound
}

// NewImage places e in buffers at GPU addresses vas whose CPU views are
// bufs (each at least BufferSizes(e)[i] bytes, 8-byte aligned). A nil
// weights view means the CPU does not map the weights buffer: Load leaves
// it alone and Stepper.UploadStaged fills it. NewImage does not touch the
// buffers; Load fills them.
func NewImage(e *gfx1201.Executable, vas [NumImageBuffers]uint64, bufs [NumImageBuffers][]byte) (*Image, error) {
	if err := Check(e); err != nil {
		return nil, err
	}
	sizes := BufferSizes(e)
	for i, b := range bufs {
		if i == gfx1201.BufWeights && b == nil {
			continue
		}
		if uint64(len(b)) < sizes[i] {
			return nil, fmt.Errorf("hwring: %s buffer has %d bytes, needs %d", BufferName(i), len(b), sizes[i])
		}
		if uintptr(unsafe.Pointer(unsafe.SliceData(b)))%8 != 0 {
			return nil, fmt.Errorf("hwring: %s buffer is not 8-byte aligned", BufferName(i))
		}
	}
	im := &Image{exe: *e, vas: vas, bufs: bufs, inputs: len(e.Module.DeclsOf(ir.Input)), staged: bufs[gfx1201.BufWeights] == nil}
	im.ib = unsafe.Slice((*uint32)(unsafe.Pointer(unsafe.SliceData(bufs[BufIB]))), len(e.IB))
	im.fenceBuf, im.fenceOff, _ = fenceLocation(e)
	return im, nil
}

// Executable returns the placed copy of the Executable (its Buffers hold
// the VAs in use).
func (im *Image) Executable() *gfx1201.Executable { return &im.exe }

// VA returns the GPU address of image buffer i.
func (im *Image) VA(i int) uint64 { return im.vas[i] }

// IBDwords is the length of the IB in dwords.
func (im *Image) IBDwords() int { return len(im.ib) }

// Staged reports whether the CPU does not map the weights buffer, so
// that the weights go in through Stepper.UploadStaged.
func (im *Image) Staged() bool { return im.staged }

// Load fills the buffers: zeros everywhere, the code, every weight at its
// placement (w may be nil for a graph without weights), and the IB with
// its addresses rewritten for the VAs in use. With a staged weights
// buffer it only checks that every weight is bound with the right size;
// Stepper.UploadStaged copies them.
func (im *Image) Load(w *exec.Weights) error {
	im.w = w
	for i := range im.bufs {
		clear(im.bufs[i])
	}
	copy(im.bufs[gfx1201.BufCode], im.exe.Code)
	if len(im.exe.Code) > 0 {
		pad := im.bufs[gfx1201.BufCode][len(im.exe.Code)&^3 : CodeEnd(uint64(len(im.exe.Code)))]
		for i := (4 - len(im.exe.Code)%4) % 4; i+4 <= len(pad); i += 4 {
			binary.LittleEndian.PutUint32(pad[i:], SCodeEnd)
		}
	}
	for _, v := range im.exe.Module.DeclsOf(ir.Weight) {
		p, _ := im.exe.Placement(v) // checked by NewImage
		var data []byte
		if w != nil {
			data = w.Data(v)
		}
		if uint64(len(data)) != p.Bytes {
			return fmt.Errorf("weight %s: %d bytes bound, %v takes %d", v.Ref(), len(data), v.Type, p.Bytes)
		}
		if im.bufs[p.Buffer] == nil {
			continue // staged
		}
		copy(im.bufs[p.Buffer][p.Offset:], data)
	}
	copy(im.ib, im.exe.IB)
	var vas [gfx1201.NumBuffers]uint64
	copy(vas[:], im.vas[:gfx1201.NumBuffers])
	im.exe.Rebase(im.ib, vas)
	return nil
}

// Patch writes one step's inputs and the fence sequence number into the
// IB. It checks the number of inputs and does not allocate.
func (im *Image) Patch(inputs []uint32, seq uint64) error {
	if len(inputs) != im.inputs {
		return fmt.Errorf("got %d input values; graph @%s has %d inputs", len(inputs), im.exe.Module.Name, im.inputs)
	}
	im.exe.PatchInputs(im.ib, inputs, seq)
	return nil
}

// Fence returns the 64-bit value at the fence address, read atomically
// (the GPU writes it while the CPU polls).
func (im *Image) Fence() uint64 {
	return atomic.LoadUint64((*uint64)(unsafe.Pointer(&im.bufs[im.fenceBuf][im.fenceOff])))
}

// ClearFence sets the fence value to 0 before a submission.
func (im *Image) ClearFence() {
	atomic.StoreUint64((*uint64)(unsafe.Pointer(&im.bufs[im.fenceBuf][im.fenceOff])), 0)
}

// Outputs copies the module's outputs out of the buffers (an output that
// is an input returns that input's word from inputs).
func (im *Image) Outputs(inputs []uint32) ([]exec.Tensor, error) {
	m := im.exe.Module
	out := make([]exec.Tensor, len(m.Outputs))
	decls := m.DeclsOf(ir.Input)
	for i, o := range m.Outputs {
		v := o.Value
		if v.Kind == ir.Input {
			for j, d := range decls {
				if d == v {
					out[i] = exec.Tensor{Name: v.Name, Type: v.Type, Data: binary.LittleEndian.AppendUint32(nil, inputs[j])}
				}
			}
			continue
		}
		p, _ := im.exe.Placement(v) // checked by NewImage
		src := im.bufs[p.Buffer]
		if src == nil {
			// A weight output of a staged image: weights never change, so
			// the bound bytes are what the invisible buffer holds.
			out[i] = exec.Tensor{Name: v.Name, Type: v.Type, Data: append([]byte(nil), im.w.Data(v)...)}
			continue
		}
		out[i] = exec.Tensor{Name: v.Name, Type: v.Type, Data: append([]byte(nil), src[p.Offset:p.Offset+p.Bytes]...)}
	}
	return out, nil
}

// State copies the current contents of state v.
func (im *Image) State(v *ir.Value) (exec.Tensor, error) {
	p, ok := im.exe.Placement(v)
	if v == nil || v.Kind != ir.State || !ok {
		name := "<nil>"
		if v != nil {
			name = v.Ref()
		}
		return exec.Tensor{}, fmt.Errorf("%s is not a state of graph @%s", name, im.exe.Module.Name)
	}
	return exec.Tensor{Name: v.Name, Type: v.Type, Data: append([]byte(nil), im.bufs[p.Buffer][p.Offset:p.Offset+p.Bytes]...)}, nil
}
