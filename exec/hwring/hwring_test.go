package hwring

import (
	"encoding/binary"
	"errors"
	"strings"
	"testing"
	"unsafe"

	"golang.org/x/sys/unix"

	"zincc/exec/kmd"
	_ "zincc/internal/golden"
	"zincc/ir"
	"zincc/lower/gfx1201"
	"zincc/pm4"
)

// alignedPages returns n page-rounded 8-byte-aligned buffers.
func buffersFor(e *gfx1201.Executable) (vas [NumImageBuffers]uint64, bufs [NumImageBuffers][]byte) {
	sizes := BufferSizes(e)
	for i := range bufs {
		words := make([]uint64, sizes[i]/8)
		bufs[i] = unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(words))), sizes[i])
		vas[i] = 0x7000_0000_0000 + uint64(i)<<32
	}
	return vas, bufs
}

func TestSmokeModuleVerifies(t *testing.T) {
	if errs := ir.Verify(SmokeModule()); len(errs) != 0 {
		t.Fatalf("smoke module: %v", errs)
	}
	if err := Check(SmokeExecutable()); err != nil {
		t.Fatalf("smoke executable: %v", err)
	}
}

func TestImageRebasesPatchesAndReads(t *testing.T) {
	e := SmokeExecutable()
	before := append([]uint32(nil), e.IB...)
	vas, bufs := buffersFor(e)
	im, err := NewImage(e, vas, bufs)
	if err != nil {
		t.Fatal(err)
	}
	if err := im.Load(nil); err != nil {
		t.Fatal(err)
	}
	if err := im.Patch([]uint32{0xABCD}, 7); err != nil {
		t.Fatal(err)
	}
	ib := make([]uint32, len(e.IB))
	for i := range ib {
		ib[i] = binary.LittleEndian.Uint32(bufs[BufIB][4*i:])
	}
	// Decode the IB in the buffer: the WRITE_DATA now targets the arena at
	// its new VA with the patched value, the fence the fence buffer.
	pkts, err := pm4.Decode(ib)
	if err != nil {
		t.Fatal(err)
	}
	wd, ok := pkts[0].WriteData()
	if !ok || wd.Addr != vas[gfx1201.BufArena] || len(wd.Data) != 1 || wd.Data[0] != 0xABCD {
		t.Errorf("WRITE_DATA after rebase and patch: %+v", wd)
	}
	rm, ok := pkts[1].ReleaseMem()
	if !ok || rm.Addr != vas[gfx1201.BufFence] || rm.Data != 7 {
		t.Errorf("RELEASE_MEM after rebase and patch: %+v", rm)
	}
	// The caller's executable is untouched.
	for i := range before {
		if e.IB[i] != before[i] {
			t.Fatalf("the Executable's IB changed at dword %d", i)
		}
	}
	if e.Buffers[gfx1201.BufArena].VA == vas[gfx1201.BufArena] {
		t.Errorf("the Executable's buffer VAs changed")
	}
	// Outputs and the fence read back what the GPU would have written.
	binary.LittleEndian.PutUint32(bufs[gfx1201.BufArena], 0xABCD)
	binary.LittleEndian.PutUint64(bufs[gfx1201.BufFence], 7)
	out, err := im.Outputs([]uint32{0xABCD})
	if err != nil || len(out) != 1 || out[0].Name != "y" || out[0].Words()[0] != 0xABCD || im.Fence() != 7 {
		t.Errorf("outputs %+v, %v, fence %d", out, err, im.Fence())
	}
	if err := im.Patch([]uint32{1, 2}, 8); err == nil || !strings.Contains(err.Error(), "got 2 input values; graph @smoke has 1 inputs") {
		t.Errorf("Patch with 2 inputs: %v", err)
	}
	if _, err := im.State(SmokeModule().Decls[0]); err == nil {
		t.Errorf("State of an input succeeded")
	}
}

func TestCheckRejects(t *testing.T) {
	for _, tc := range []struct {
		name string
		edit func(*gfx1201.Executable)
		want string
	}{
		{"no module", func(e *gfx1201.Executable) { e.Module = nil }, "no module"},
		{"empty IB", func(e *gfx1201.Executable) { e.IB = nil }, "IB has 0 dwords"},
		{"fence outside", func(e *gfx1201.Executable) { e.FenceDword = 1 }, "fence dword 1"},
		{"patch outside", func(e *gfx1201.Executable) { e.Patches[0].Dword = 999 }, "patch of input 0 into dword 999"},
		{"patch of a missing input", func(e *gfx1201.Executable) { e.Patches[0].Input = 3 }, "patch of input 3"},
		{"reloc buffer", func(e *gfx1201.Executable) { e.Relocs[0].Buffer = 9 }, "relocation"},
		{"reloc kind", func(e *gfx1201.Executable) { e.Relocs[0].Kind = 0 }, "relocation"},
		{"unrelocated fence", func(e *gfx1201.Executable) { e.Relocs = e.Relocs[:1] }, "no 8-byte-aligned relocated fence address"},
		{"placement outside", func(e *gfx1201.Executable) {
			for v := range e.Values {
				e.Values[v] = gfx1201.Placement{Buffer: gfx1201.BufArena, Offset: 4094, Bytes: 4}
			}
		}, "outside the buffer"},
		{"output unplaced", func(e *gfx1201.Executable) { e.Values = nil }, "%y has no placement"},
		{"code too big", func(e *gfx1201.Executable) { e.Code = make([]byte, 5000) }, "5000 bytes of code"},
		{"huge buffer", func(e *gfx1201.Executable) { e.Buffers[2].Size = 1 << 50 }, "buffer state"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := SmokeExecutable()
			tc.edit(e)
			err := Check(e)
			if !errors.Is(err, ErrBadExecutable) || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Check = %v, want ErrBadExecutable with %q", err, tc.want)
			}
		})
	}
}

func TestVAAllocator(t *testing.T) {
	a := NewVAAllocator(0x10001, 1<<30, 4096)
	va1, _ := a.Alloc(4096)
	va2, _ := a.Alloc(3 << 20)
	va3, _ := a.Alloc(4096)
	if va1 != 0x20000 || va2 != 0x200000 || va3 != 0x500000 {
		t.Errorf("VAs %#x %#x %#x; want 64 KiB alignment, 2 MiB for large buffers", va1, va2, va3)
	}
	if _, err := a.Alloc(1 << 30); err == nil {
		t.Errorf("allocation past the limit succeeded")
	}
	if _, err := NewVAAllocator(1<<30-4096, 1<<30, 4096).Alloc(8192); err == nil {
		t.Errorf("allocation straddling the limit succeeded")
	}
}

func TestProgress(t *testing.T) {
	const ring = 1024
	for _, tc := range []struct {
		rptr, start, put uint64
		want             string
	}{
		{100, 100, 128, "read none"},
		{128, 100, 128, "read every packet"},
		{112, 100, 128, "stopped 12 dwords into the step's 28"},
		{112 + 3*ring, 100, 128, "stopped 12 dwords"}, // a running count reads the same
		{8, 1020, 1036, "stopped 12 dwords into the step's 16"},
	} {
		if got := Progress(tc.rptr, tc.start, tc.put, ring); !strings.Contains(got, tc.want) {
			t.Errorf("Progress(%d, %d, %d) = %q, want %q", tc.rptr, tc.start, tc.put, got, tc.want)
		}
	}
}

func TestStepErrorNamesStepAndErrno(t *testing.T) {
	err := &StepError{Tier: "cs", Step: "create a context", Err: kmd.NewIoctlError("/dev/dri/renderD128", kmd.IoctlAMDGPUCtx, unix.EINVAL)}
	if err.Error() != "cs: create a context: ioctl AMDGPU_CTX on /dev/dri/renderD128: EINVAL (invalid argument)" {
		t.Errorf("message %q", err)
	}
	if err.Errno() != unix.EINVAL || ErrnoName(err) != "EINVAL" || !errors.Is(err, unix.EINVAL) {
		t.Errorf("errno %v", err.Errno())
	}
	if step, se := StepOf(err); step != "create a context" || se != err {
		t.Errorf("StepOf = %q, %v", step, se)
	}
	r := &StepError{Tier: "kfd", Step: "x", Err: Refusedf("no %s", "GPU")}
	if r.Errno() != 0 || ErrnoName(r) != "" || !errors.Is(r, ErrRefused) || r.Error() != "kfd: x: refused: no GPU" {
		t.Errorf("refusal %q errno %v", r, r.Errno())
	}
	var s Steps
	s.Tier = "umq"
	s.Do("a", func() error { return nil })
	s.Do("b", func() error { return unix.EBADF })
	s.Do("c", func() error { return unix.EIO })
	if err := s.Err(); !errors.Is(err, unix.EBADF) || !errors.Is(err, unix.EIO) || !strings.Contains(err.Error(), "umq: b: bad file descriptor") {
		t.Errorf("Steps.Err = %v", err)
	}
}

// FuzzImage feeds Check, NewImage, Load, Patch and Outputs executables
// with arbitrary tables: whatever Check accepts must never index out of
// range afterwards.
func FuzzImage(f *testing.F) {
	f.Add(uint16(0), uint16(4), uint8(0), uint64(0), uint16(3), uint8(3), uint64(0), uint64(0), uint64(4))
	f.Fuzz(func(t *testing.T, patchDword, fenceDword uint16, relocBuf uint8, relocOff uint64, relocDword uint16,
		placeBuf uint8, placeOff, placeBytes, size uint64) {
		e := SmokeExecutable()
		e.Patches[0].Dword = int(patchDword)
		e.FenceDword = int(fenceDword)
		e.Relocs[0].Buffer, e.Relocs[0].Offset, e.Relocs[0].Dword = relocBuf, relocOff, uint32(relocDword)
		for v := range e.Values {
			e.Values[v] = gfx1201.Placement{Buffer: int(placeBuf), Offset: placeOff, Bytes: placeBytes}
		}
		e.Buffers[gfx1201.BufArena].Size = size % (1 << 20)
		if Check(e) != nil {
			return
		}
		vas, bufs := buffersFor(e)
		im, err := NewImage(e, vas, bufs)
		if err != nil {
			t.Fatalf("NewImage after Check passed: %v", err)
		}
		if err := im.Load(nil); err != nil {
			t.Fatal(err)
		}
		if err := im.Patch([]uint32{1}, 2); err != nil {
			t.Fatal(err)
		}
		im.Fence()
		if _, err := im.Outputs([]uint32{1}); err != nil {
			t.Fatal(err)
		}
	})
}

// BenchmarkPatch is the per-step IB patch of every ring: the inputs and
// the fence value. It must not allocate.
func BenchmarkPatch(b *testing.B) {
	e := SmokeExecutable()
	vas, bufs := buffersFor(e)
	im, err := NewImage(e, vas, bufs)
	if err != nil {
		b.Fatal(err)
	}
	if err := im.Load(nil); err != nil {
		b.Fatal(err)
	}
	in := []uint32{0}
	b.ReportAllocs()
	seq := uint64(0)
	for b.Loop() {
		seq++
		in[0] = uint32(seq)
		if err := im.Patch(in, seq); err != nil {
			b.Fatal(err)
		}
	}
}
