package kernels_test

import (
	"encoding/binary"
	"math"
	"math/rand"
	"testing"

	"zincc/exec/sim"
	"zincc/internal/ggml"
	_ "zincc/internal/golden" // defines -update for `go test ./... -update`
	"zincc/isa/kernels"
)

// Addresses of the emulated GPU's mappings: the code blob, then one
// buffer per 16 MiB slot, so that an access past a buffer's end lands in
// unmapped memory and faults.
const (
	codeVA   = 0x1_0000_0000
	bufferVA = 0x2_0000_0000
	slot     = 16 << 20
)

// gpu is an emulated gfx1201 with the kernel library loaded.
type gpu struct {
	t    testing.TB
	g    *sim.GPU
	lib  *kernels.Library
	next uint64
}

func newGPU(t testing.TB) *gpu {
	t.Helper()
	lib, err := kernels.Load()
	if err != nil {
		t.Fatal(err)
	}
	g := sim.New(sim.Config{Hazards: sim.HazardStop})
	code := append([]byte(nil), lib.Code...)
	if err := g.MapBacking(codeVA, code, sim.PermRX, "kernels"); err != nil {
		t.Fatal(err)
	}
	return &gpu{t: t, g: g, lib: lib, next: bufferVA}
}

// buffer maps exactly len(data) bytes (at least 1) holding data and
// returns its address.
func (h *gpu) buffer(name string, data []byte) uint64 {
	h.t.Helper()
	va := h.next
	h.next += slot
	if len(data) == 0 {
		data = []byte{0}
	}
	if err := h.g.MapBacking(va, append([]byte(nil), data...), sim.PermRW, name); err != nil {
		h.t.Fatal(err)
	}
	return va
}

// zeros maps n zero bytes.
func (h *gpu) zeros(name string, n int) uint64 { return h.buffer(name, make([]byte, n)) }

// read returns n bytes at va.
func (h *gpu) read(va uint64, n int) []byte {
	h.t.Helper()
	b := make([]byte, n)
	if err := h.g.Read(va, b); err != nil {
		h.t.Fatal(err)
	}
	return b
}

func (h *gpu) readF32(va uint64, n int) []float32 { return f32s(h.read(va, 4*n)) }

// arg is one kernel argument: a pointer or a 32-bit word.
type arg struct {
	ptr   uint64
	word  uint32
	isPtr bool
}

func ptr(va uint64) arg { return arg{ptr: va, isPtr: true} }
func u32(v int) arg     { return arg{word: uint32(v)} }
func f32(v float32) arg { return arg{word: math.Float32bits(v)} }

// run launches kernel name as the lowering would (ABI block and groups for
// size) and returns the dispatch's statistics.
func (h *gpu) run(name string, size kernels.Size, args ...arg) sim.DispatchStats {
	h.t.Helper()
	st, err := h.launch(name, size, args...)
	if err != nil {
		h.t.Fatalf("%s: %v", name, err)
	}
	return st
}

func (h *gpu) launch(name string, size kernels.Size, args ...arg) (sim.DispatchStats, error) {
	h.t.Helper()
	k, ok := h.lib.Kernel(name)
	if !ok {
		h.t.Fatalf("no kernel %s", name)
	}
	abi := k.ABI
	if len(args) != len(abi.Args) {
		h.t.Fatalf("%s: %d arguments, ABI has %d", name, len(args), len(abi.Args))
	}
	var user []uint32
	for i, a := range args {
		if a.isPtr != (abi.Args[i].Kind == kernels.ArgPtr) {
			h.t.Fatalf("%s: argument %d (%s) has the wrong kind", name, i, abi.Args[i].Name)
		}
		if a.isPtr {
			user = append(user, uint32(a.ptr), uint32(a.ptr>>32))
		} else {
			user = append(user, a.word)
		}
	}
	groups := abi.Groups(size)
	if groups == 0 {
		h.t.Fatalf("%s: zero workgroups for %+v", name, size)
	}
	st, err := h.g.Dispatch(sim.Launch{
		Entry: codeVA + k.Entry, Rsrc1: k.Rsrc1(), Rsrc2: k.Rsrc2For(size), Rsrc3: k.Rsrc3(),
		UserSGPRs: user, Groups: [3]uint32{groups, 1, 1}, Block: [3]uint32{abi.Block, 1, 1}, Wave32: true,
	})
	if err != nil {
		return sim.DispatchStats{}, err
	}
	return st.PerDispatch[0], nil
}

// Byte helpers.

func f32bytes(v []float32) []byte {
	b := make([]byte, 4*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(x))
	}
	return b
}

func f32s(b []byte) []float32 {
	v := make([]float32, len(b)/4)
	for i := range v {
		v[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
	}
	return v
}

func f16bytes(v []float32) []byte {
	b := make([]byte, 2*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint16(b[2*i:], ggml.F32ToF16(x))
	}
	return b
}

// Random inputs.

// randF32 returns n values uniform in [-scale, scale).
func randF32(r *rand.Rand, n int, scale float32) []float32 {
	v := make([]float32, n)
	for i := range v {
		v[i] = (2*r.Float32() - 1) * scale
	}
	return v
}

// wildF32 returns n values of every magnitude: mostly moderate, with
// large, tiny, denormal and signed-zero values mixed in.
func wildF32(r *rand.Rand, n int) []float32 {
	v := make([]float32, n)
	for i := range v {
		switch r.Intn(10) {
		case 0:
			v[i] = float32(r.NormFloat64() * 1e30)
		case 1:
			v[i] = float32(r.NormFloat64() * 1e-30)
		case 2:
			v[i] = math.Float32frombits(r.Uint32() & 0x807fffff) // denormal or ±0
		case 3:
			v[i] = float32(math.Copysign(0, r.NormFloat64()))
		default:
			v[i] = float32(r.NormFloat64() * 100)
		}
	}
	return v
}

// randBits returns n float32 values with uniformly random bits (NaNs and
// infinities included).
func randBits(r *rand.Rand, n int) []float32 {
	v := make([]float32, n)
	for i := range v {
		v[i] = math.Float32frombits(r.Uint32())
	}
	return v
}

// randF16Bytes returns n random binary16 values (every finite value
// possible, no NaN or infinity).
func randF16Bytes(r *rand.Rand, n int) []byte {
	b := make([]byte, 2*n)
	for i := 0; i < n; i++ {
		h := uint16(r.Uint32())
		for h&0x7c00 == 0x7c00 {
			h = uint16(r.Uint32())
		}
		binary.LittleEndian.PutUint16(b[2*i:], h)
	}
	return b
}

// randQuant returns rows×cols random values quantised to Q4_0 or Q8_0 by
// the reference quantisers.
func randQuant(t testing.TB, r *rand.Rand, q4 bool, rows, cols int, scale float32) []byte {
	t.Helper()
	src := randF32(r, rows*cols, scale)
	bs := 34
	if q4 {
		bs = 18
	}
	dst := make([]byte, rows*cols/32*bs)
	var err error
	if q4 {
		err = ggml.QuantizeQ4_0(dst, src)
	} else {
		err = ggml.QuantizeQ8_0(dst, src)
	}
	if err != nil {
		t.Fatal(err)
	}
	return dst
}
