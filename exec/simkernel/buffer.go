// Package simkernel runs one gfx1201 kernel on the emulated GPU (exec/sim)
// over typed buffers: the harness behind `zincc sim-kernel`, for library
// users and tests as well. A kernel is assembly (.s), raw code bytes or an
// AMDHSA code object. Assembly and raw code get the buffers' addresses in
// s0.. (two SGPRs each), then scalar values (Launch); a code object gets
// them as its explicit arguments, the way the HSA ABI passes them
// (LaunchCodeObject). Code is mapped at CodeVA and each buffer on its own
// 64 KiB-aligned slot from BufferVA with an unmapped gap after it, so that
// running off the end of a buffer is a page fault rather than a write into
// the next.
package simkernel

import (
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"math/rand"
	"os"
	"strconv"
	"strings"

	"zincc/exec/sim"
	"zincc/internal/ggml"
)

// Addresses the harness maps things at.
const (
	CodeVA   = 0x1_0000_0000 // the code
	BufferVA = 0x2_0000_0000 // the first buffer
	// bufferSlot is the alignment of each buffer and the size of the
	// unmapped guard after it.
	bufferSlot = 0x10000
)

// MaxLDS is the LDS a gfx1201 workgroup may have, in bytes.
const MaxLDS = 64 * 1024

// MaxCount is the most elements a buffer holds.
const MaxCount = 1 << 26

// Buffer is a typed array placed in simulated GPU memory.
type Buffer struct {
	Name  string
	Type  string // f32, f16, u32, i32 or bytes
	Count int
	VA    uint64 // where it is mapped (set by Launch, LaunchCodeObject or the caller)
	Data  []byte // Count elements, little-endian; the GPU writes here
}

// ElemSize is the size of one element of type typ, or 0 for an unknown
// type.
func ElemSize(typ string) int {
	switch typ {
	case "f32", "u32", "i32":
		return 4
	case "f16":
		return 2
	case "bytes":
		return 1
	}
	return 0
}

// NewBuffer returns a zeroed buffer of count elements of type typ.
func NewBuffer(name, typ string, count int) (*Buffer, error) {
	if ElemSize(typ) == 0 {
		return nil, fmt.Errorf("%s: type must be f32, f16, u32, i32 or bytes, not %q", name, typ)
	}
	if count <= 0 || count > MaxCount {
		return nil, fmt.Errorf("%s: element count %d is not a positive number up to 2^26", name, count)
	}
	return &Buffer{Name: name, Type: typ, Count: count, Data: make([]byte, count*ElemSize(typ))}, nil
}

// ReadFunc reads at most limit bytes of a file (file(PATH) contents); it
// may fail when the file holds more.
type ReadFunc func(path string, limit int64) ([]byte, error)

// readFile is the default ReadFunc: it reads one byte more than limit at
// most, so that file(/dev/zero) does not read forever.
func readFile(path string, limit int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(io.LimitReader(f, limit+1))
}

// ParseBuffer reads a buffer spec NAME=TYPE:N[=CONTENTS]: TYPE is f32,
// f16, u32, i32 or bytes; CONTENTS is zeros (the default), random(SEED),
// file(PATH) (read with read, or the file system when read is nil) or a
// comma-separated list of N values. Errors start with the name (or the
// spec when it has none).
func ParseBuffer(spec string, read ReadFunc) (*Buffer, error) {
	name, rest, ok := strings.Cut(spec, "=")
	if !ok || name == "" {
		return nil, fmt.Errorf("%q: want NAME=TYPE:N[=CONTENTS]", spec)
	}
	typeCount, contents, _ := strings.Cut(rest, "=")
	typ, n, ok := strings.Cut(typeCount, ":")
	if !ok || ElemSize(typ) == 0 {
		return nil, fmt.Errorf("%s: type must be f32, f16, u32, i32 or bytes followed by :COUNT, not %q", name, typeCount)
	}
	count, err := strconv.Atoi(n)
	if err != nil || count <= 0 || count > MaxCount {
		return nil, fmt.Errorf("%s: element count %q is not a positive number up to 2^26", name, n)
	}
	b, err := NewBuffer(name, typ, count)
	if err != nil {
		return nil, err
	}
	switch {
	case contents == "" || contents == "zeros":
	case strings.HasPrefix(contents, "random(") && strings.HasSuffix(contents, ")"):
		seed, err := strconv.ParseInt(contents[7:len(contents)-1], 0, 64)
		if err != nil {
			return nil, fmt.Errorf("%s: bad seed in %q", name, contents)
		}
		b.FillRandom(seed)
	case strings.HasPrefix(contents, "file(") && strings.HasSuffix(contents, ")"):
		if read == nil {
			read = readFile
		}
		data, err := read(contents[5:len(contents)-1], int64(len(b.Data)))
		if err != nil {
			return nil, fmt.Errorf("%s: %v (the buffer holds %d bytes)", name, err, len(b.Data))
		}
		copy(b.Data, data)
	default:
		vals := strings.Split(contents, ",")
		if len(vals) != count {
			return nil, fmt.Errorf("%s: %d values given for %d elements", name, len(vals), count)
		}
		for i, v := range vals {
			if err := b.Set(i, strings.TrimSpace(v)); err != nil {
				return nil, fmt.Errorf("%s: element %d: %v", name, i, err)
			}
		}
	}
	return b, nil
}

// ParseBuffers parses every spec with parse, refusing two of one name.
func ParseBuffers(specs []string, parse func(string) (*Buffer, error)) ([]*Buffer, error) {
	var buffers []*Buffer
	for _, spec := range specs {
		b, err := parse(spec)
		if err != nil {
			return nil, err
		}
		if Find(buffers, b.Name) != nil {
			return nil, fmt.Errorf("two buffers are called %q", b.Name)
		}
		buffers = append(buffers, b)
	}
	return buffers, nil
}

// Find returns the buffer called name, or nil.
func Find(buffers []*Buffer, name string) *Buffer {
	for _, b := range buffers {
		if b.Name == name {
			return b
		}
	}
	return nil
}

// FillRandom fills b with values from seed: floats uniform in [-1, 1),
// integers and bytes uniform over their range.
func (b *Buffer) FillRandom(seed int64) {
	rng := rand.New(rand.NewSource(seed))
	for i := 0; i < b.Count; i++ {
		switch b.Type {
		case "f32":
			binary.LittleEndian.PutUint32(b.Data[4*i:], math.Float32bits(float32(rng.Float64()*2-1)))
		case "f16":
			binary.LittleEndian.PutUint16(b.Data[2*i:], ggml.F32ToF16(float32(rng.Float64()*2-1)))
		case "u32", "i32":
			binary.LittleEndian.PutUint32(b.Data[4*i:], rng.Uint32())
		case "bytes":
			b.Data[i] = byte(rng.Intn(256))
		}
	}
}

// Set stores element i from its text: a float for f32 and f16, an integer
// (decimal or 0x hex) otherwise.
func (b *Buffer) Set(i int, v string) error {
	switch b.Type {
	case "f32", "f16":
		f, err := strconv.ParseFloat(v, 32)
		if err != nil {
			return err
		}
		if b.Type == "f32" {
			binary.LittleEndian.PutUint32(b.Data[4*i:], math.Float32bits(float32(f)))
		} else {
			binary.LittleEndian.PutUint16(b.Data[2*i:], ggml.F32ToF16(float32(f)))
		}
	case "u32":
		x, err := strconv.ParseUint(v, 0, 32)
		if err != nil {
			return err
		}
		binary.LittleEndian.PutUint32(b.Data[4*i:], uint32(x))
	case "i32":
		x, err := strconv.ParseInt(v, 0, 32)
		if err != nil {
			return err
		}
		binary.LittleEndian.PutUint32(b.Data[4*i:], uint32(x))
	case "bytes":
		x, err := strconv.ParseUint(v, 0, 8)
		if err != nil {
			return err
		}
		b.Data[i] = byte(x)
	}
	return nil
}

// Value returns element i: a float64, an int64, or a string for a
// non-finite float ("NaN", "+Inf", "-Inf"; JSON has no NaN).
func (b *Buffer) Value(i int) any {
	var f float64
	switch b.Type {
	case "f32":
		f = float64(math.Float32frombits(binary.LittleEndian.Uint32(b.Data[4*i:])))
	case "f16":
		f = float64(ggml.F16ToF32(binary.LittleEndian.Uint16(b.Data[2*i:])))
	case "u32":
		return int64(binary.LittleEndian.Uint32(b.Data[4*i:]))
	case "i32":
		return int64(int32(binary.LittleEndian.Uint32(b.Data[4*i:])))
	case "bytes":
		return int64(b.Data[i])
	}
	switch {
	case math.IsNaN(f):
		return "NaN"
	case math.IsInf(f, 1):
		return "+Inf"
	case math.IsInf(f, -1):
		return "-Inf"
	}
	return f
}

// Text is element i as printed: the shortest float that reads back, a
// decimal integer, or two hex digits for bytes.
func (b *Buffer) Text(i int) string {
	switch v := b.Value(i).(type) {
	case float64:
		if b.Type == "f32" {
			return strconv.FormatFloat(v, 'g', -1, 32)
		}
		return strconv.FormatFloat(v, 'g', -1, 64)
	case int64:
		if b.Type == "bytes" {
			return fmt.Sprintf("%02x", v)
		}
		return strconv.FormatInt(v, 10)
	case string:
		return v
	}
	return "?"
}

// ParseScalar reads a scalar argument: an integer (decimal, 0x hex or
// negative), or u32:V, i32:V, f32:V.
func ParseScalar(s string) (uint32, error) {
	typ, v, ok := strings.Cut(s, ":")
	if !ok {
		typ, v = "", s
	}
	switch typ {
	case "f32":
		f, err := strconv.ParseFloat(v, 32)
		return math.Float32bits(float32(f)), err
	case "u32":
		x, err := strconv.ParseUint(v, 0, 32)
		return uint32(x), err
	case "i32":
		x, err := strconv.ParseInt(v, 0, 32)
		return uint32(x), err
	case "":
		if x, err := strconv.ParseInt(v, 0, 64); err == nil && x >= math.MinInt32 && x <= math.MaxUint32 {
			return uint32(x), nil
		}
		return 0, fmt.Errorf("%q is not a 32-bit integer", v)
	}
	return 0, fmt.Errorf("type %q: want u32, i32 or f32", typ)
}

// ParseArg reads a code object's by-value argument u32:V, i32:V or f32:V.
func ParseArg(s string) (sim.Arg, error) {
	typ, v, ok := strings.Cut(s, ":")
	if !ok {
		return sim.Arg{}, fmt.Errorf("%q: want u32:V, i32:V or f32:V", s)
	}
	switch typ {
	case "u32":
		x, err := strconv.ParseUint(v, 0, 32)
		if err != nil {
			return sim.Arg{}, fmt.Errorf("%q: %v", s, err)
		}
		return sim.U32Arg(uint32(x)), nil
	case "i32":
		x, err := strconv.ParseInt(v, 0, 32)
		if err != nil {
			return sim.Arg{}, fmt.Errorf("%q: %v", s, err)
		}
		return sim.I32Arg(int32(x)), nil
	case "f32":
		x, err := strconv.ParseFloat(v, 32)
		if err != nil && !math.IsInf(x, 0) {
			return sim.Arg{}, fmt.Errorf("%q: %v", s, err)
		}
		return sim.F32Arg(float32(x)), nil
	}
	return sim.Arg{}, fmt.Errorf("%q: type %q; want u32, i32 or f32", s, typ)
}

// ParseDims reads up to three positive sizes x[,y[,z]]; the missing ones
// are 1.
func ParseDims(s string) ([3]uint32, error) {
	d := [3]uint32{1, 1, 1}
	parts := strings.Split(s, ",")
	if len(parts) > 3 {
		return d, fmt.Errorf("%q: at most three dimensions", s)
	}
	for i, p := range parts {
		x, err := strconv.ParseUint(strings.TrimSpace(p), 0, 32)
		if err != nil || x == 0 {
			return d, fmt.Errorf("%q: dimension %d is not a positive integer", s, i)
		}
		d[i] = uint32(x)
	}
	return d, nil
}
