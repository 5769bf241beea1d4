package gguf

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/bits"
	"sort"
)

// Limits the reader enforces beyond "fits in the remaining bytes". Each one is
// ggml's (src/gguf.cpp, include/ggml.h) unless said otherwise.
const (
	// MaxKeyLen is the GGUF spec's bound on a key's length in bytes.
	MaxKeyLen = 65535
	// MaxNameLen is the longest tensor name: ggml's GGML_MAX_NAME is 64
	// including the terminating NUL.
	MaxNameLen = 63
	// MaxStringLen bounds a string value or array element (GGUF_MAX_STRING_LENGTH).
	MaxStringLen = 1 << 30
	// MaxArrayLen bounds an array's element count (GGUF_MAX_ARRAY_ELEMENTS).
	MaxArrayLen = 1 << 30
	// MaxDims is GGML_MAX_DIMS.
	MaxDims = 4
	// MaxAlignment caps general.alignment. ggml has no cap; 1 MiB is far above
	// any alignment in use (32 by default) and keeps padding arithmetic small.
	MaxAlignment = 1 << 20
	// DefaultAlignment applies when general.alignment is absent.
	DefaultAlignment = 32
)

// Smallest possible encodings, used to reject counts that cannot fit in the
// bytes left before anything is allocated for them.
const (
	minKVBytes         = 8 + 1 + 4 + 1 // key length, a 1-byte key, value type, a 1-byte value
	minTensorInfoBytes = 8 + 4 + 4 + 8 // name length (empty name), n_dims = 0, type, offset
)

// FormatError reports a malformed or hostile GGUF file: the byte offset of the
// field at fault and what was wrong with it.
type FormatError struct {
	Offset int64
	Msg    string
}

// Error formats the error as "gguf: byte N: what was wrong".
func (e *FormatError) Error() string { return fmt.Sprintf("gguf: byte %d: %s", e.Offset, e.Msg) }

// decoder reads little-endian fields from b, checking every length against the
// bytes left.
type decoder struct {
	b   []byte
	off int
}

func (d *decoder) errorf(at int, format string, args ...any) error {
	return &FormatError{Offset: int64(at), Msg: fmt.Sprintf(format, args...)}
}

func (d *decoder) remaining() uint64 { return uint64(len(d.b) - d.off) }

// take consumes n bytes, or reports that what is truncated.
func (d *decoder) take(n uint64, what string) ([]byte, error) {
	if n > d.remaining() {
		return nil, d.errorf(d.off, "truncated %s: needs %d bytes, %d remain", what, n, d.remaining())
	}
	p := d.b[d.off : d.off+int(n)]
	d.off += int(n)
	return p, nil
}

func (d *decoder) u8(what string) (uint8, error) {
	p, err := d.take(1, what)
	if err != nil {
		return 0, err
	}
	return p[0], nil
}

func (d *decoder) u16(what string) (uint16, error) {
	p, err := d.take(2, what)
	if err != nil {
		return 0, err
	}
	return binary.LittleEndian.Uint16(p), nil
}

func (d *decoder) u32(what string) (uint32, error) {
	p, err := d.take(4, what)
	if err != nil {
		return 0, err
	}
	return binary.LittleEndian.Uint32(p), nil
}

func (d *decoder) u64(what string) (uint64, error) {
	p, err := d.take(8, what)
	if err != nil {
		return 0, err
	}
	return binary.LittleEndian.Uint64(p), nil
}

// str reads a length-prefixed string of at most limit bytes. The bytes are
// copied exactly: an empty string reads no bytes, whitespace is kept.
func (d *decoder) str(what string, limit uint64) (string, error) { return d.strElem(what, -1, limit) }

// strElem is str for element elem of an array (elem < 0: not an element). The
// element number joins the description only when there is an error, keeping
// vocabularies of 10^5 strings cheap to read.
func (d *decoder) strElem(what string, elem int, limit uint64) (string, error) {
	at := d.off
	if d.remaining() < 8 || binary.LittleEndian.Uint64(d.b[d.off:]) > limit || binary.LittleEndian.Uint64(d.b[d.off:]) > d.remaining()-8 {
		if elem >= 0 {
			what = fmt.Sprintf("%s %d", what, elem)
		}
		n, err := d.u64(what + " length")
		if err != nil {
			return "", err
		}
		if n > limit {
			return "", d.errorf(at, "%s length %d exceeds the limit of %d bytes", what, n, limit)
		}
		return "", d.errorf(at, "%s length %d exceeds the %d bytes that remain", what, n, d.remaining())
	}
	n := binary.LittleEndian.Uint64(d.b[d.off:])
	d.off += 8
	s := string(d.b[d.off : d.off+int(n)])
	d.off += int(n)
	return s, nil
}

// Parse reads a GGUF file held in memory. It validates the whole header and
// every tensor's place in data (alignment, bounds, no overlap) but reads no
// tensor bytes. The File keeps data, not a copy: data must not change while the
// File is in use.
func Parse(data []byte) (*File, error) {
	d := &decoder{b: data}
	magic, err := d.take(4, "magic")
	if err != nil {
		return nil, err
	}
	if string(magic) != "GGUF" {
		return nil, d.errorf(0, "bad magic %q, want \"GGUF\"", magic)
	}
	version, err := d.u32("version")
	if err != nil {
		return nil, err
	}
	switch {
	case version != 0 && version&0xFFFF == 0:
		return nil, d.errorf(4, "version 0x%08x looks byte-swapped: big-endian GGUF files are not supported", version)
	case version != 2 && version != 3:
		return nil, d.errorf(4, "unsupported version %d (supported: 2, 3)", version)
	}
	nTensors, err := d.u64("tensor_count")
	if err != nil {
		return nil, err
	}
	nKV, err := d.u64("kv_count")
	if err != nil {
		return nil, err
	}
	rem := d.remaining()
	if nTensors > rem/minTensorInfoBytes {
		return nil, d.errorf(8, "tensor_count %d cannot fit in the %d bytes that remain (a tensor info takes at least %d)", nTensors, rem, minTensorInfoBytes)
	}
	if nKV > rem/minKVBytes {
		return nil, d.errorf(16, "kv_count %d cannot fit in the %d bytes that remain (a key/value takes at least %d)", nKV, rem, minKVBytes)
	}
	if nTensors*minTensorInfoBytes+nKV*minKVBytes > rem {
		return nil, d.errorf(8, "tensor_count %d and kv_count %d cannot fit in the %d bytes that remain", nTensors, nKV, rem)
	}

	f := &File{
		Version:   version,
		Alignment: DefaultAlignment,
		data:      data,
		keys:      make(map[string]int, min(nKV, 1024)),
		names:     make(map[string]int, min(nTensors, 1024)),
	}
	// Counts only bound the loops; slices grow with records actually read, so
	// a large claimed count costs nothing until its bytes are really there.
	f.KVs = make([]KV, 0, min(nKV, 1024))
	kvAt := make([]int, 0, min(nKV, 1024))
	for i := uint64(0); i < nKV; i++ {
		at := d.off
		kv, err := d.kv()
		if err != nil {
			return nil, err
		}
		if j, dup := f.keys[kv.Key]; dup {
			return nil, d.errorf(at, "duplicate key %q (first at byte %d)", kv.Key, kvAt[j])
		}
		f.keys[kv.Key] = len(f.KVs)
		f.KVs = append(f.KVs, kv)
		kvAt = append(kvAt, at)
	}
	if j, ok := f.keys["general.alignment"]; ok {
		v := f.KVs[j].Value
		a, isU32 := As[uint32](v)
		switch {
		case !isU32:
			return nil, d.errorf(kvAt[j], "general.alignment has type %v, must be UINT32", v.Type())
		case a == 0 || a&(a-1) != 0:
			return nil, d.errorf(kvAt[j], "general.alignment %d is not a power of two", a)
		case a > MaxAlignment:
			return nil, d.errorf(kvAt[j], "general.alignment %d exceeds the limit %d", a, MaxAlignment)
		}
		f.Alignment = uint64(a)
	}

	f.Tensors = make([]TensorInfo, 0, min(nTensors, 1024))
	offsetAt := make([]int, 0, min(nTensors, 1024)) // where each offset field is, for diagnostics
	for i := uint64(0); i < nTensors; i++ {
		at := d.off
		t, offAt, err := d.tensorInfo(i)
		if err != nil {
			return nil, err
		}
		if j, dup := f.names[t.Name]; dup {
			return nil, d.errorf(at, "duplicate tensor name %q (tensors %d and %d)", t.Name, j, i)
		}
		f.names[t.Name] = len(f.Tensors)
		f.Tensors = append(f.Tensors, t)
		offsetAt = append(offsetAt, offAt)
	}

	// The data section starts at the next multiple of the alignment; when the
	// infos end exactly on one, there is no padding at all.
	infoEnd := d.off
	start := uint64(infoEnd) + (f.Alignment-uint64(infoEnd)%f.Alignment)%f.Alignment
	f.DataOffset = int64(start)
	if nTensors == 0 {
		return f, nil // ggml does not require the padding when there is no data
	}
	size := uint64(len(data))
	if start > size {
		return nil, d.errorf(infoEnd, "padding to the data section (at byte %d, alignment %d) runs past the end of the file (%d bytes)", start, f.Alignment, size)
	}
	for i, t := range f.Tensors {
		if t.Offset%f.Alignment != 0 {
			return nil, d.errorf(offsetAt[i], "tensor %q data offset %d is not a multiple of the alignment %d", t.Name, t.Offset, f.Alignment)
		}
		if t.Offset > size-start {
			return nil, d.errorf(offsetAt[i], "tensor %q data offset %d lies past the end of the file (data section at byte %d, file %d bytes)", t.Name, t.Offset, start, size)
		}
		if t.Size > size-start-t.Offset {
			return nil, d.errorf(offsetAt[i], "tensor %q: %d bytes of data at byte %d run past the end of the file (%d bytes)", t.Name, t.Size, start+t.Offset, size)
		}
	}
	if i, j, ok := firstOverlap(f.Tensors); ok {
		a, b := f.Tensors[i], f.Tensors[j]
		return nil, d.errorf(offsetAt[j], "tensor %q data [%d, %d) overlaps tensor %q data [%d, %d) (offsets in the data section)",
			b.Name, b.Offset, b.Offset+b.Size, a.Name, a.Offset, a.Offset+a.Size)
	}
	return f, nil
}

// firstOverlap finds two tensors whose (non-empty, in-bounds) data ranges
// intersect, and reports them in file-offset order.
func firstOverlap(ts []TensorInfo) (int, int, bool) {
	idx := make([]int, 0, len(ts))
	for i, t := range ts {
		if t.Size > 0 {
			idx = append(idx, i)
		}
	}
	sort.Slice(idx, func(a, b int) bool { return ts[idx[a]].Offset < ts[idx[b]].Offset })
	for k := 1; k < len(idx); k++ {
		prev, cur := ts[idx[k-1]], ts[idx[k]]
		if prev.Offset+prev.Size > cur.Offset {
			return idx[k-1], idx[k], true
		}
	}
	return 0, 0, false
}

// kv reads one key/value record.
func (d *decoder) kv() (KV, error) {
	at := d.off
	key, err := d.str("key", MaxKeyLen)
	if err != nil {
		return KV{}, err
	}
	if key == "" {
		return KV{}, d.errorf(at, "empty key")
	}
	what := fmt.Sprintf("value of %q", key)
	typeAt := d.off
	t, err := d.u32("value type of " + fmt.Sprintf("%q", key))
	if err != nil {
		return KV{}, err
	}
	typ := ValueType(t)
	if !typ.Valid() {
		return KV{}, d.errorf(typeAt, "key %q has unknown value type %d", key, t)
	}
	var v Value
	if typ == ValueArray {
		v, err = d.array(key)
	} else {
		v, err = d.scalar(typ, what)
	}
	if err != nil {
		return KV{}, err
	}
	return KV{Key: key, Value: v}, nil
}

// scalar reads one value of a scalar type.
func (d *decoder) scalar(t ValueType, what string) (Value, error) {
	at := d.off
	switch t {
	case ValueUint8:
		x, err := d.u8(what)
		return Uint8(x), err
	case ValueInt8:
		x, err := d.u8(what)
		return Int8(int8(x)), err
	case ValueUint16:
		x, err := d.u16(what)
		return Uint16(x), err
	case ValueInt16:
		x, err := d.u16(what)
		return Int16(int16(x)), err
	case ValueUint32:
		x, err := d.u32(what)
		return Uint32(x), err
	case ValueInt32:
		x, err := d.u32(what)
		return Int32(int32(x)), err
	case ValueFloat32:
		x, err := d.u32(what)
		return Float32(math.Float32frombits(x)), err
	case ValueBool:
		x, err := d.u8(what)
		if err != nil {
			return Value{}, err
		}
		if x > 1 {
			return Value{}, d.errorf(at, "%s: BOOL byte is %d, must be 0 or 1", what, x)
		}
		return Bool(x == 1), nil
	case ValueString:
		s, err := d.str(what, MaxStringLen)
		return String(s), err
	case ValueUint64:
		x, err := d.u64(what)
		return Uint64(x), err
	case ValueInt64:
		x, err := d.u64(what)
		return Int64(int64(x)), err
	case ValueFloat64:
		x, err := d.u64(what)
		return Float64(math.Float64frombits(x)), err
	}
	return Value{}, d.errorf(at, "%s: type %v is not a scalar type", what, t)
}

// array reads an array value (after its ARRAY type id).
func (d *decoder) array(key string) (Value, error) {
	elemAt := d.off
	et, err := d.u32(fmt.Sprintf("element type of %q", key))
	if err != nil {
		return Value{}, err
	}
	elem := ValueType(et)
	switch {
	case elem == ValueArray:
		return Value{}, d.errorf(elemAt, "key %q is an array of arrays, which ggml does not accept", key)
	case !elem.Valid():
		return Value{}, d.errorf(elemAt, "key %q is an array of unknown value type %d", key, et)
	}
	countAt := d.off
	n, err := d.u64(fmt.Sprintf("element count of %q", key))
	if err != nil {
		return Value{}, err
	}
	if n > MaxArrayLen {
		return Value{}, d.errorf(countAt, "key %q: array of %d elements exceeds the limit %d", key, n, MaxArrayLen)
	}
	if n > d.remaining()/elem.size() {
		return Value{}, d.errorf(countAt, "key %q: %d %v elements (at least %d bytes each) cannot fit in the %d bytes that remain", key, n, elem, elem.size(), d.remaining())
	}
	what := fmt.Sprintf("element of %q", key)
	switch elem {
	case ValueUint8:
		p, _ := d.take(n, what)
		return Array(append([]uint8{}, p...)), nil
	case ValueInt8:
		return Array(fixed(d, n, 1, func(p []byte) int8 { return int8(p[0]) })), nil
	case ValueUint16:
		return Array(fixed(d, n, 2, binary.LittleEndian.Uint16)), nil
	case ValueInt16:
		return Array(fixed(d, n, 2, func(p []byte) int16 { return int16(binary.LittleEndian.Uint16(p)) })), nil
	case ValueUint32:
		return Array(fixed(d, n, 4, binary.LittleEndian.Uint32)), nil
	case ValueInt32:
		return Array(fixed(d, n, 4, func(p []byte) int32 { return int32(binary.LittleEndian.Uint32(p)) })), nil
	case ValueFloat32:
		return Array(fixed(d, n, 4, func(p []byte) float32 { return math.Float32frombits(binary.LittleEndian.Uint32(p)) })), nil
	case ValueUint64:
		return Array(fixed(d, n, 8, binary.LittleEndian.Uint64)), nil
	case ValueInt64:
		return Array(fixed(d, n, 8, func(p []byte) int64 { return int64(binary.LittleEndian.Uint64(p)) })), nil
	case ValueFloat64:
		return Array(fixed(d, n, 8, func(p []byte) float64 { return math.Float64frombits(binary.LittleEndian.Uint64(p)) })), nil
	case ValueBool:
		xs := make([]bool, n)
		for i := range xs {
			at := d.off
			b, _ := d.u8(what)
			if b > 1 {
				return Value{}, d.errorf(at, "%s %d: BOOL byte is %d, must be 0 or 1", what, i, b)
			}
			xs[i] = b == 1
		}
		return Array(xs), nil
	case ValueString:
		xs := make([]string, n)
		for i := range xs {
			s, err := d.strElem(what, i, MaxStringLen)
			if err != nil {
				return Value{}, err
			}
			xs[i] = s
		}
		return Array(xs), nil
	}
	return Value{}, d.errorf(elemAt, "key %q: unhandled element type %v", key, elem)
}

// fixed decodes n fixed-size elements; the caller has checked they fit.
func fixed[T any](d *decoder, n uint64, size int, dec func([]byte) T) []T {
	xs := make([]T, n)
	p := d.b[d.off : d.off+int(n)*size]
	for i := range xs {
		xs[i] = dec(p[i*size:])
	}
	d.off += int(n) * size
	return xs
}

// tensorInfo reads tensor-info record i and returns it with the file offset of
// its offset field.
func (d *decoder) tensorInfo(i uint64) (TensorInfo, int, error) {
	at := d.off
	name, err := d.str(fmt.Sprintf("name of tensor %d", i), MaxNameLen)
	if err != nil {
		return TensorInfo{}, 0, err
	}
	ndAt := d.off
	nd, err := d.u32(fmt.Sprintf("n_dims of tensor %q", name))
	if err != nil {
		return TensorInfo{}, 0, err
	}
	if nd > MaxDims {
		return TensorInfo{}, 0, d.errorf(ndAt, "tensor %q has %d dims, at most %d allowed", name, nd, MaxDims)
	}
	dims := make([]uint64, nd)
	for j := range dims {
		dimAt := d.off
		x, err := d.u64(fmt.Sprintf("dim %d of tensor %q", j, name))
		if err != nil {
			return TensorInfo{}, 0, err
		}
		if x > math.MaxInt64 {
			return TensorInfo{}, 0, d.errorf(dimAt, "tensor %q dim %d is %d, must be below 2^63", name, j, x)
		}
		dims[j] = x
	}
	elems, ok := elemCount(dims)
	if !ok {
		return TensorInfo{}, 0, d.errorf(ndAt, "tensor %q dims %v: element count overflows 2^63", name, dims)
	}
	typeAt := d.off
	tid, err := d.u32(fmt.Sprintf("type of tensor %q", name))
	if err != nil {
		return TensorInfo{}, 0, err
	}
	typ := GGMLType(tid)
	if !typ.Known() {
		return TensorInfo{}, 0, d.errorf(typeAt, "tensor %q has unknown or retired ggml type id %d", name, tid)
	}
	size, err := tensorBytes(typ, dims, elems)
	if err != nil {
		return TensorInfo{}, 0, d.errorf(at, "tensor %q: %v", name, err)
	}
	offAt := d.off
	off, err := d.u64(fmt.Sprintf("data offset of tensor %q", name))
	if err != nil {
		return TensorInfo{}, 0, err
	}
	return TensorInfo{Name: name, Dims: dims, Type: typ, Offset: off, Size: size}, offAt, nil
}

// elemCount multiplies dims, reporting false when the product is 2^63 or more.
// A zero dim makes the count 0 whatever the others are.
func elemCount(dims []uint64) (uint64, bool) {
	for _, x := range dims {
		if x == 0 {
			return 0, true
		}
	}
	n := uint64(1)
	for _, x := range dims {
		hi, lo := bits.Mul64(n, x)
		if hi != 0 || lo > math.MaxInt64 {
			return 0, false
		}
		n = lo
	}
	return n, true
}

// tensorBytes is the storage size of a tensor of type typ with the given dims
// and element count: ne0 must be a whole number of blocks, and the size must
// stay below 2^63 and fit an int.
func tensorBytes(typ GGMLType, dims []uint64, elems uint64) (uint64, error) {
	ne0 := uint64(1) // ggml treats missing dims as 1
	if len(dims) > 0 {
		ne0 = dims[0]
	}
	blk := typ.BlockElems()
	if ne0%blk != 0 {
		return 0, fmt.Errorf("ne0 = %d is not a multiple of the %v block size %d", ne0, typ, blk)
	}
	hi, lo := bits.Mul64(elems/blk, typ.BlockBytes())
	if hi != 0 || lo > math.MaxInt64 || lo > uint64(maxInt) {
		return 0, fmt.Errorf("dims %v of %v: byte size overflows", dims, typ)
	}
	return lo, nil
}
