package gguf

import (
	"errors"
	"fmt"
	"os"

	"golang.org/x/sys/unix"

	"zincc/ir"
)

// File is a parsed GGUF file. Its exported fields describe the header and must
// be treated as read-only (the lookups index them). A File is safe for
// concurrent reads; Close must not race with them.
type File struct {
	Version    uint32       // 2 or 3
	Alignment  uint64       // general.alignment, or DefaultAlignment
	DataOffset int64        // file offset of the data section
	KVs        []KV         // metadata in file order
	Tensors    []TensorInfo // tensor infos in file order

	data   []byte // the whole file: a read-only mapping (Open) or the caller's bytes (Parse)
	mapped bool
	keys   map[string]int // key → index in KVs
	names  map[string]int // tensor name → index in Tensors
}

// TensorInfo describes one tensor as its info record states it, plus the byte
// size its type and dims imply.
type TensorInfo struct {
	Name   string
	Dims   []uint64 // GGUF order: ne0 (innermost, contiguous) first; see Shape
	Type   GGMLType
	Offset uint64 // from the start of the data section
	Size   uint64 // bytes: ne0/block × block bytes × ne1 × ne2 × ne3
}

// Elems is the tensor's element count (1 for zero dims).
func (t TensorInfo) Elems() uint64 {
	n := uint64(1)
	for _, d := range t.Dims {
		n *= d // a File has checked the product fits
	}
	return n
}

// Shape is the tensor's IR shape: its GGUF dims reversed, outermost first, so
// the last IR dimension is ne0. A weight stored with dims [in, out] has IR shape
// [out, in]. ggml's writer drops trailing (outermost) dims of size 1, so a
// [1, n] tensor usually comes back as [n].
func (t TensorInfo) Shape() []int { return ShapeFromDims(t.Dims) }

// DType is the zincc element type of the tensor, or an error naming its ggml
// type when zincc has none (q2_K, iq4_xs, ...).
func (t TensorInfo) DType() (ir.DType, error) { return t.Type.DType() }

// Open memory-maps the GGUF file at path read-only and parses its header. No
// tensor data is read or copied; TensorData returns slices of the mapping. The
// file descriptor is closed before Open returns (the mapping keeps the file
// alive); Close releases the mapping. If the file is truncated by someone else
// while mapped, reading its tensor data faults, as with any mapping.
func Open(path string) (*File, error) {
	fd, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer fd.Close() // the mapping outlives the descriptor
	st, err := fd.Stat()
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: not a regular file", path)
	}
	size := st.Size()
	if size == 0 {
		_, err := Parse(nil) // nothing to map: report what an empty file lacks
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if uint64(size) > uint64(maxInt) {
		return nil, fmt.Errorf("%s: %d bytes is too large to map", path, size)
	}
	data, err := unix.Mmap(int(fd.Fd()), 0, int(size), unix.PROT_READ, unix.MAP_SHARED)
	if err != nil {
		return nil, fmt.Errorf("%s: mmap: %w", path, err)
	}
	f, err := Parse(data)
	if err != nil {
		if uerr := unix.Munmap(data); uerr != nil {
			err = errors.Join(err, fmt.Errorf("munmap: %w", uerr))
		}
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	f.mapped = true
	return f, nil
}

// Close releases the mapping made by Open; slices returned by TensorData are
// invalid afterwards (reading them faults). For a File from Parse it only drops
// the reference to the caller's bytes. Close is idempotent.
func (f *File) Close() error {
	data, mapped := f.data, f.mapped
	f.data, f.mapped = nil, false
	if mapped && data != nil {
		return unix.Munmap(data)
	}
	return nil
}

// Lookup returns the value of key.
func (f *File) Lookup(key string) (Value, bool) {
	i, ok := f.keys[key]
	if !ok {
		return Value{}, false
	}
	return f.KVs[i].Value, true
}

// Tensor returns the info record of the tensor called name.
func (f *File) Tensor(name string) (TensorInfo, bool) {
	i, ok := f.names[name]
	if !ok {
		return TensorInfo{}, false
	}
	return f.Tensors[i], true
}

// TensorData returns the bytes of the tensor called name: a slice of the
// mapping (or of the bytes given to Parse), capacity-limited to the tensor. It
// is read-only memory for a File from Open: writing to it crashes the program.
// It stays valid until Close.
func (f *File) TensorData(name string) ([]byte, error) {
	t, ok := f.Tensor(name)
	if !ok {
		return nil, fmt.Errorf("gguf: no tensor %q", name)
	}
	if f.data == nil {
		return nil, fmt.Errorf("gguf: tensor %q: file is closed", name)
	}
	start := uint64(f.DataOffset) + t.Offset // Parse checked both bounds
	end := start + t.Size
	return f.data[start:end:end], nil
}

// Get returns the value of key as a T, which must be exactly the stored type
// (uint32 for UINT32, float32 for FLOAT32, string for STRING, ...).
func Get[T Elem](f *File, key string) (T, error) {
	var zero T
	v, ok := f.Lookup(key)
	if !ok {
		return zero, fmt.Errorf("gguf: key %q not found", key)
	}
	x, ok := As[T](v)
	if !ok {
		return zero, fmt.Errorf("gguf: key %q has type %s, want %v", key, describe(v), elemType([]T(nil)))
	}
	return x, nil
}

// GetArray returns the elements of the array at key, which must hold exactly
// T elements. The slice is shared with the File: do not modify it.
func GetArray[T Elem](f *File, key string) ([]T, error) {
	v, ok := f.Lookup(key)
	if !ok {
		return nil, fmt.Errorf("gguf: key %q not found", key)
	}
	xs, ok := AsArray[T](v)
	if !ok {
		return nil, fmt.Errorf("gguf: key %q has type %s, want ARRAY of %v", key, describe(v), elemType([]T(nil)))
	}
	return xs, nil
}

// describe names a value's type, with the element type for arrays.
func describe(v Value) string {
	if v.Type() == ValueArray {
		return fmt.Sprintf("ARRAY of %v", v.ElemType())
	}
	return v.Type().String()
}
