package gguf

import (
	"bytes"
	"errors"
	"testing"
)

// FuzzParse feeds arbitrary bytes to Parse. Nothing may panic; a failure must
// be a FormatError pointing inside the input; a success must describe tensors
// that lie inside the input, and must survive a Writer round trip unchanged.
func FuzzParse(f *testing.F) {
	for _, align := range []uint32{0, 8, 64} {
		full := richFile(f, align)
		f.Add(full)
		for _, n := range []int{0, 3, 4, 8, 23, 24, 40, len(full) / 3, len(full) / 2, len(full) - 1} {
			f.Add(full[:n])
		}
	}
	small := NewWriter()
	small.Set("general.architecture", String(""))
	small.AddTensor("t", TypeF32, []uint64{8}, make([]byte, 32))
	if b, err := small.Bytes(); err == nil {
		f.Add(b)
	}
	for _, c := range hostileCases() {
		f.Add(c.data)
	}

	f.Fuzz(func(t *testing.T, data []byte) {
		file, err := Parse(data)
		if err != nil {
			var fe *FormatError
			if !errors.As(err, &fe) {
				t.Fatalf("error %v (%T) is not a FormatError", err, err)
			}
			if fe.Offset < 0 || fe.Offset > int64(len(data)) {
				t.Fatalf("error offset %d outside the %d-byte input: %v", fe.Offset, len(data), err)
			}
			return
		}
		if len(file.keys) != len(file.KVs) || len(file.names) != len(file.Tensors) {
			t.Fatalf("index sizes %d/%d for %d KVs and %d tensors", len(file.keys), len(file.names), len(file.KVs), len(file.Tensors))
		}
		for _, ti := range file.Tensors {
			d, err := file.TensorData(ti.Name)
			if err != nil || uint64(len(d)) != ti.Size {
				t.Fatalf("tensor %q: %d bytes, %v; want %d", ti.Name, len(d), err, ti.Size)
			}
			if _, err := ti.DType(); err != nil && ti.Type.BlockElems() == 0 {
				t.Fatalf("tensor %q of unknown type %d was accepted", ti.Name, ti.Type)
			}
		}

		// Rewrite in ggml's packed layout and read back: same metadata, same
		// tensor bytes. Values are compared through their encoding so NaNs
		// compare equal.
		once := rewrite(t, file)
		if once == nil {
			return
		}
		again := mustParse(t, once)
		if len(again.KVs) != len(file.KVs) || len(again.Tensors) != len(file.Tensors) {
			t.Fatalf("round trip: %d KVs, %d tensors; had %d, %d", len(again.KVs), len(again.Tensors), len(file.KVs), len(file.Tensors))
		}
		for i, ti := range file.Tensors {
			a, _ := file.TensorData(ti.Name)
			b, err := again.TensorData(ti.Name)
			if err != nil || !bytes.Equal(a, b) || again.Tensors[i].Type != ti.Type {
				t.Fatalf("round trip: tensor %q changed (%v)", ti.Name, err)
			}
		}
		if twice := rewrite(t, again); !bytes.Equal(once, twice) {
			t.Fatalf("writing the re-read file gives different bytes")
		}
	})
}

// rewrite writes file's metadata and tensors with a Writer, or returns nil
// when the file holds something the reader accepts but the Writer refuses on
// purpose: a hyper-parameter of a type llama.cpp rejects, or an alignment
// below the spec's 8.
func rewrite(t *testing.T, file *File) []byte {
	w := NewWriter()
	for _, kv := range file.KVs {
		if checkLlamaKeyType(kv.Key, kv.Value) != nil {
			return nil
		}
		if a, _ := As[uint32](kv.Value); kv.Key == "general.alignment" && a < 8 {
			return nil // ggml reads it; the spec, and so the Writer, wants >= 8
		}
		if err := w.Set(kv.Key, kv.Value); err != nil {
			t.Fatalf("Set(%q, %v) refused a value the reader accepted: %v", kv.Key, kv.Value, err)
		}
	}
	for _, ti := range file.Tensors {
		d, _ := file.TensorData(ti.Name)
		if err := w.AddTensor(ti.Name, ti.Type, ti.Dims, d); err != nil {
			t.Fatalf("AddTensor(%q) refused a tensor the reader accepted: %v", ti.Name, err)
		}
	}
	b, err := w.Bytes()
	if err != nil {
		t.Fatalf("write: %v", err)
	}
	return b
}
