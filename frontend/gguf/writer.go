package gguf

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"strings"

	"zincc/internal/atomicfile"
)

// Writer builds a GGUF v3 file from metadata and tensors. Its layout is the one
// ggml's loader insists on (src/gguf.cpp): tensors in info-record order, the
// first at data offset 0, each padded with zeros to the alignment, including the
// last, so tensor i+1 starts at offset(i) + align(size(i)).
//
// Set and AddTensor validate their arguments; the first error is also kept and
// returned by every later write, so a sequence of calls may be checked once.
type Writer struct {
	kvs       []KV
	keys      map[string]bool
	tensors   []writerTensor
	names     map[string]bool
	alignment uint64
	err       error
}

type writerTensor struct {
	info TensorInfo
	data []byte
}

// NewWriter returns an empty Writer with the default alignment (32).
func NewWriter() *Writer {
	return &Writer{keys: map[string]bool{}, names: map[string]bool{}, alignment: DefaultAlignment}
}

func (w *Writer) fail(err error) error {
	if w.err == nil {
		w.err = err
	}
	return err
}

// Set adds the metadata entry key = v, in call order. Keys must be non-empty,
// at most MaxKeyLen bytes and unique. general.alignment must be a UINT32 power
// of two from 8 to MaxAlignment and sets the Writer's alignment. llama.cpp reads its
// hyper-parameters with an exact type check, so the keys it reads as UINT32
// (block_count, context_length, ..., see llamaKeyTypes) or FLOAT32
// (rope.freq_base, layer_norm_rms_epsilon, ...) are refused with any other type.
func (w *Writer) Set(key string, v Value) error {
	switch {
	case key == "":
		return w.fail(errors.New("gguf: empty key"))
	case len(key) > MaxKeyLen:
		return w.fail(fmt.Errorf("gguf: key of %d bytes exceeds %d", len(key), MaxKeyLen))
	case w.keys[key]:
		return w.fail(fmt.Errorf("gguf: duplicate key %q", key))
	}
	if err := checkValue(v); err != nil {
		return w.fail(fmt.Errorf("gguf: key %q: %w", key, err))
	}
	if err := checkLlamaKeyType(key, v); err != nil {
		return w.fail(err)
	}
	if key == "general.alignment" {
		a, ok := As[uint32](v)
		switch {
		case !ok:
			return w.fail(fmt.Errorf("gguf: general.alignment must be UINT32, got %s", describe(v)))
		case a < 8 || a&(a-1) != 0 || a > MaxAlignment:
			// The spec (docs/gguf.md) wants a multiple of 8; ggml accepts any
			// power of two, and so does the reader.
			return w.fail(fmt.Errorf("gguf: general.alignment %d is not a power of two from 8 to %d", a, MaxAlignment))
		}
		w.alignment = uint64(a)
	}
	w.keys[key] = true
	w.kvs = append(w.kvs, KV{Key: key, Value: v})
	return nil
}

// checkValue rejects values a reader would refuse: the zero Value, arrays of
// arrays, and oversized strings and arrays.
func checkValue(v Value) error {
	if !v.Valid() || !v.Type().Valid() {
		return errors.New("invalid value")
	}
	if s, ok := As[string](v); ok && len(s) > MaxStringLen {
		return fmt.Errorf("string of %d bytes exceeds %d", len(s), MaxStringLen)
	}
	if v.Type() == ValueArray {
		if !v.ElemType().Valid() || v.ElemType() == ValueArray {
			return fmt.Errorf("arrays of %v are not supported", v.ElemType())
		}
		if v.Len() > MaxArrayLen {
			return fmt.Errorf("array of %d elements exceeds %d", v.Len(), MaxArrayLen)
		}
		if ss, ok := AsArray[string](v); ok {
			for i, s := range ss {
				if len(s) > MaxStringLen {
					return fmt.Errorf("element %d: string of %d bytes exceeds %d", i, len(s), MaxStringLen)
				}
			}
		}
	}
	return nil
}

// llamaKeyTypes lists metadata keys (after the "<arch>." prefix) that
// llama.cpp's model loader reads through GGUFMeta::GKV, which throws "key ...
// has wrong type" unless the stored type matches exactly
// (llama.cpp src/llama-model-loader.cpp, src/llama-model.cpp load_hparams).
// perLayer keys go through get_key_or_arr and may also be arrays of UINT32 or
// INT32, one per layer.
var llamaKeyTypes = map[string]struct {
	typ      ValueType
	perLayer bool
}{
	"context_length":                    {ValueUint32, false},
	"embedding_length":                  {ValueUint32, false},
	"block_count":                       {ValueUint32, false},
	"feed_forward_length":               {ValueUint32, true},
	"attention.head_count":              {ValueUint32, true},
	"attention.head_count_kv":           {ValueUint32, true},
	"attention.key_length":              {ValueUint32, false},
	"attention.value_length":            {ValueUint32, false},
	"rope.dimension_count":              {ValueUint32, false},
	"vocab_size":                        {ValueUint32, false},
	"expert_count":                      {ValueUint32, false},
	"expert_used_count":                 {ValueUint32, false},
	"attention.layer_norm_rms_epsilon":  {ValueFloat32, false},
	"attention.layer_norm_epsilon":      {ValueFloat32, false},
	"rope.freq_base":                    {ValueFloat32, false},
	"rope.scaling.factor":               {ValueFloat32, false},
	"attention.scale":                   {ValueFloat32, false},
	"rope.scaling.original_context_len": {ValueUint32, false},
}

// checkLlamaKeyType applies llamaKeyTypes to "<arch>.<suffix>" keys (any
// single-word arch prefix except the general and tokenizer namespaces).
func checkLlamaKeyType(key string, v Value) error {
	arch, suffix, ok := strings.Cut(key, ".")
	if !ok || arch == "general" || arch == "tokenizer" {
		return nil
	}
	want, ok := llamaKeyTypes[suffix]
	if !ok || v.Type() == want.typ {
		return nil
	}
	if want.perLayer && v.Type() == ValueArray && (v.ElemType() == ValueUint32 || v.ElemType() == ValueInt32) {
		return nil
	}
	return fmt.Errorf("gguf: key %q has type %s, but llama.cpp reads it only as %v", key, describe(v), want.typ)
}

// AddTensor appends a tensor: its name (unique, at most MaxNameLen bytes), ggml
// type, GGUF dims (ne0, the contiguous dimension, first; see DimsFromShape) and
// exactly the bytes those imply. data is kept, not copied, until the file is
// written.
func (w *Writer) AddTensor(name string, typ GGMLType, dims []uint64, data []byte) error {
	switch {
	case len(name) > MaxNameLen:
		return w.fail(fmt.Errorf("gguf: tensor name %q is %d bytes, at most %d allowed", name, len(name), MaxNameLen))
	case w.names[name]:
		return w.fail(fmt.Errorf("gguf: duplicate tensor name %q", name))
	case !typ.Known():
		return w.fail(fmt.Errorf("gguf: tensor %q: unknown ggml type id %d", name, uint32(typ)))
	case len(dims) > MaxDims:
		return w.fail(fmt.Errorf("gguf: tensor %q has %d dims, at most %d allowed", name, len(dims), MaxDims))
	}
	for _, d := range dims {
		if d > math.MaxInt64 {
			return w.fail(fmt.Errorf("gguf: tensor %q dims %v: dim %d is not below 2^63", name, dims, d))
		}
	}
	elems, ok := elemCount(dims)
	if !ok {
		return w.fail(fmt.Errorf("gguf: tensor %q dims %v: element count overflows 2^63", name, dims))
	}
	size, err := tensorBytes(typ, dims, elems)
	if err != nil {
		return w.fail(fmt.Errorf("gguf: tensor %q: %w", name, err))
	}
	if uint64(len(data)) != size {
		return w.fail(fmt.Errorf("gguf: tensor %q: %v dims %v take %d bytes, got %d", name, typ, dims, size, len(data)))
	}
	w.names[name] = true
	w.tensors = append(w.tensors, writerTensor{
		info: TensorInfo{Name: name, Dims: append([]uint64(nil), dims...), Type: typ, Size: size},
		data: data,
	})
	return nil
}

// align rounds n up to a multiple of the Writer's alignment.
func (w *Writer) align(n uint64) uint64 { return n + (w.alignment-n%w.alignment)%w.alignment }

// WriteTo writes the file to out.
func (w *Writer) WriteTo(out io.Writer) (int64, error) {
	if w.err != nil {
		return 0, w.err
	}
	e := &encoder{w: bufio.NewWriterSize(out, 1<<16)}
	e.bytes([]byte("GGUF"))
	e.u32(3)
	e.u64(uint64(len(w.tensors)))
	e.u64(uint64(len(w.kvs)))
	for _, kv := range w.kvs {
		e.str(kv.Key)
		e.u32(uint32(kv.Value.Type()))
		e.value(kv.Value)
	}
	var off uint64
	for _, t := range w.tensors {
		e.str(t.info.Name)
		e.u32(uint32(len(t.info.Dims)))
		for _, d := range t.info.Dims {
			e.u64(d)
		}
		e.u32(uint32(t.info.Type))
		e.u64(off)
		off = w.align(off + t.info.Size)
	}
	e.zeros(w.align(uint64(e.n)) - uint64(e.n))
	for _, t := range w.tensors {
		e.bytes(t.data)
		e.zeros(w.align(t.info.Size) - t.info.Size)
	}
	if e.err == nil {
		e.err = e.w.Flush()
	}
	return e.n, e.err
}

// Bytes returns the file as one byte slice.
func (w *Writer) Bytes() ([]byte, error) {
	var b bytes.Buffer
	if _, err := w.WriteTo(&b); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// WriteFile writes the file to path atomically: into a temporary file in the
// same directory, synced, then renamed over path. On any error the temporary
// file is removed and path is untouched.
func (w *Writer) WriteFile(path string) error {
	if w.err != nil {
		return w.err
	}
	return atomicfile.Write(path, 0o644, func(out io.Writer) error {
		_, err := w.WriteTo(out)
		return err
	})
}

// encoder writes little-endian fields, remembering the first error and the
// byte count.
type encoder struct {
	w   *bufio.Writer
	n   int64
	err error
	buf [8]byte
}

func (e *encoder) bytes(p []byte) {
	if e.err != nil {
		return
	}
	k, err := e.w.Write(p)
	e.n += int64(k)
	e.err = err
}

func (e *encoder) zeros(n uint64) {
	var z [64]byte
	for n > 0 {
		k := min(n, uint64(len(z)))
		e.bytes(z[:k])
		n -= k
	}
}

func (e *encoder) u8(x uint8) { e.bytes([]byte{x}) }

func (e *encoder) u16(x uint16) {
	binary.LittleEndian.PutUint16(e.buf[:], x)
	e.bytes(e.buf[:2])
}

func (e *encoder) u32(x uint32) {
	binary.LittleEndian.PutUint32(e.buf[:], x)
	e.bytes(e.buf[:4])
}

func (e *encoder) u64(x uint64) {
	binary.LittleEndian.PutUint64(e.buf[:], x)
	e.bytes(e.buf[:8])
}

func (e *encoder) str(s string) {
	e.u64(uint64(len(s)))
	e.bytes([]byte(s))
}

// value writes v's payload (its type id has been written by the caller).
func (e *encoder) value(v Value) {
	if v.Type() == ValueArray {
		e.u32(uint32(v.ElemType()))
		e.u64(uint64(v.Len()))
		for i := 0; i < v.Len(); i++ {
			e.scalar(index(v.x, i))
		}
		return
	}
	e.scalar(v.x)
}

func (e *encoder) scalar(x any) {
	switch x := x.(type) {
	case uint8:
		e.u8(x)
	case int8:
		e.u8(uint8(x))
	case uint16:
		e.u16(x)
	case int16:
		e.u16(uint16(x))
	case uint32:
		e.u32(x)
	case int32:
		e.u32(uint32(x))
	case float32:
		e.u32(math.Float32bits(x))
	case bool:
		if x {
			e.u8(1)
		} else {
			e.u8(0)
		}
	case string:
		e.str(x)
	case uint64:
		e.u64(x)
	case int64:
		e.u64(uint64(x))
	case float64:
		e.u64(math.Float64bits(x))
	}
}
