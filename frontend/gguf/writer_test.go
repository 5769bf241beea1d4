package gguf

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

type testTensor struct {
	name string
	typ  GGMLType
	dims []uint64
	size int // bytes, from the block table in ggml's ggml-common.h
}

// richTensors covers plain, quantised, integer, unmapped (q2_K) and empty
// tensors, with sizes that are and are not multiples of common alignments.
var richTensors = []testTensor{
	{"token_embd.weight", TypeQ8_0, []uint64{64, 5}, 2 * 34 * 5},
	{"blk.0.attn_norm.weight", TypeF32, []uint64{5}, 20},
	{"blk.0.ffn_up.weight", TypeQ4_0, []uint64{32, 3}, 18 * 3},
	{"empty", TypeF32, []uint64{0, 4}, 0},
	{"blk.0.ffn_down.weight", TypeF16, []uint64{7, 2, 1}, 28},
	{"ids", TypeI32, []uint64{4}, 16},
	{"kq", TypeQ2_K, []uint64{256}, 84},
	{"four_dims", TypeF32, []uint64{2, 2, 2, 2}, 64},
}

// richKVs holds every value type, arrays of each, and the llama
// hyper-parameters with the types llama.cpp demands.
func richKVs() []KV {
	return []KV{
		{"general.architecture", String("llama")},
		{"general.name", String("  spaced name \n")},
		{"general.empty", String("")},
		{"llama.block_count", Uint32(2)},
		{"llama.attention.head_count", Array([]uint32{4, 4})},
		{"llama.attention.layer_norm_rms_epsilon", Float32(1e-5)},
		{"llama.rope.freq_base", Float32(10000)},
		{"tokenizer.ggml.tokens", Array([]string{"", " ", "<s>", "\t", "héllo"})},
		{"tokenizer.ggml.scores", Array([]float32{0, -1.5, 2})},
		{"tokenizer.ggml.token_type", Array([]int32{1, 2, 3})},
		{"x.u8", Uint8(1)}, {"x.i8", Int8(-1)}, {"x.u16", Uint16(2)}, {"x.i16", Int16(-2)},
		{"x.i32", Int32(-3)}, {"x.bool", Bool(false)}, {"x.u64", Uint64(1 << 40)},
		{"x.i64", Int64(-1 << 40)}, {"x.f64", Float64(2.5)},
		{"x.a.u8", Array([]uint8{})}, {"x.a.i8", Array([]int8{-8})}, {"x.a.u16", Array([]uint16{16})},
		{"x.a.i16", Array([]int16{-16})}, {"x.a.bool", Array([]bool{true, false, true})},
		{"x.a.u64", Array([]uint64{64})}, {"x.a.i64", Array([]int64{-64})}, {"x.a.f64", Array([]float64{6.4})},
	}
}

// tensorBytes returns deterministic pseudo-random contents for tensor i.
func testTensorData(i, n int) []byte {
	rng := rand.New(rand.NewPCG(uint64(i), 99))
	p := make([]byte, n)
	for j := range p {
		p[j] = byte(rng.Uint32())
	}
	return p
}

// richWriter builds a Writer holding richKVs and richTensors; align 0 keeps
// the default.
func richWriter(t testing.TB, align uint32) *Writer {
	w := NewWriter()
	if align != 0 {
		if err := w.Set("general.alignment", Uint32(align)); err != nil {
			t.Fatal(err)
		}
	}
	for _, kv := range richKVs() {
		if err := w.Set(kv.Key, kv.Value); err != nil {
			t.Fatal(err)
		}
	}
	for i, tt := range richTensors {
		if err := w.AddTensor(tt.name, tt.typ, tt.dims, testTensorData(i, tt.size)); err != nil {
			t.Fatal(err)
		}
	}
	return w
}

func richFile(t testing.TB, align uint32) []byte {
	b, err := richWriter(t, align).Bytes()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestWriterByteExact compares the Writer's output with the file assembled
// field by field from the layout table, including the padding after the last
// tensor.
func TestWriterByteExact(t *testing.T) {
	a := testTensorData(0, 12)
	b := testTensorData(1, 34)
	w := NewWriter()
	w.Set("general.architecture", String("llama"))
	w.Set("general.alignment", Uint32(64))
	w.Set("llama.block_count", Uint32(2))
	w.AddTensor("a", TypeF32, []uint64{3}, a)
	w.AddTensor("b", TypeQ8_0, []uint64{32, 1}, b)
	got, err := w.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	want := new(raw).header(2, 3).
		kvHead("general.architecture", ValueString).str("llama").
		kvHead("general.alignment", ValueUint32).u32(64).
		kvHead("llama.block_count", ValueUint32).u32(2).
		info("a", []uint64{3}, TypeF32, 0).
		info("b", []uint64{32, 1}, TypeQ8_0, 64). // 12 bytes padded to 64
		padTo(64).bytes(a).padTo(64).bytes(b).padTo(64).b
	if !bytes.Equal(got, want) {
		t.Fatalf("writer output differs from the hand-assembled file:\n got %x\nwant %x", got, want)
	}
}

// TestWriterRoundTrip writes every value type and tensor kind at several
// alignments and reads the same metadata and bytes back.
func TestWriterRoundTrip(t *testing.T) {
	for _, align := range []uint32{0, 8, 64, 4096} {
		f := mustParse(t, richFile(t, align))
		want := richKVs()
		if align != 0 {
			want = append([]KV{{"general.alignment", Uint32(align)}}, want...)
		}
		if !reflect.DeepEqual(f.KVs, want) {
			t.Errorf("align %d: metadata differs:\n got %v\nwant %v", align, f.KVs, want)
		}
		wantAlign := uint64(align)
		if align == 0 {
			wantAlign = DefaultAlignment
		}
		if f.Version != 3 || f.Alignment != wantAlign {
			t.Errorf("align %d: version %d alignment %d", align, f.Version, f.Alignment)
		}
		if len(f.Tensors) != len(richTensors) {
			t.Fatalf("align %d: %d tensors, want %d", align, len(f.Tensors), len(richTensors))
		}
		for i, tt := range richTensors {
			ti := f.Tensors[i]
			if ti.Name != tt.name || ti.Type != tt.typ || !reflect.DeepEqual(ti.Dims, tt.dims) || ti.Size != uint64(tt.size) {
				t.Errorf("align %d: tensor %d = %+v, want %+v", align, i, ti, tt)
			}
			data, err := f.TensorData(tt.name)
			if err != nil || !bytes.Equal(data, testTensorData(i, tt.size)) {
				t.Errorf("align %d: tensor %q data differs (%v)", align, tt.name, err)
			}
		}
	}
}

// kvBytes is the encoded size of a KV per the spec: key string, type id, value.
func kvBytes(kv KV) int {
	return 8 + len(kv.Key) + 4 + valueBytes(kv.Value)
}

func valueBytes(v Value) int {
	switch x := v.Interface().(type) {
	case uint8, int8, bool:
		return 1
	case uint16, int16:
		return 2
	case uint32, int32, float32:
		return 4
	case uint64, int64, float64:
		return 8
	case string:
		return 8 + len(x)
	case []string:
		n := 4 + 8
		for _, s := range x {
			n += 8 + len(s)
		}
		return n
	}
	return 4 + 8 + v.Len()*int(v.ElemType().size())
}

// TestWriterStrictLayout checks the rule ggml's loader enforces
// (src/gguf.cpp): data starts at the infos' end rounded up to the alignment,
// offset[0] = 0, offset[i+1] = offset[i] + align(nbytes[i]), and the file holds
// Σ align(nbytes) data bytes, padding after the last tensor included. Padding is
// zeros.
func TestWriterStrictLayout(t *testing.T) {
	for _, align := range []uint32{8, 32, 64, 4096} {
		file := richFile(t, align)
		f := mustParse(t, file)
		A := uint64(align)
		up := func(n uint64) uint64 { return (n + A - 1) / A * A }

		infoEnd := 24 + kvBytes(KV{"general.alignment", Uint32(align)})
		for _, kv := range richKVs() {
			infoEnd += kvBytes(kv)
		}
		for _, tt := range richTensors {
			infoEnd += 8 + len(tt.name) + 4 + 8*len(tt.dims) + 4 + 8
		}
		if f.DataOffset != int64(up(uint64(infoEnd))) {
			t.Errorf("align %d: data at %d, want align(%d) = %d", align, f.DataOffset, infoEnd, up(uint64(infoEnd)))
		}
		if !allZero(file[infoEnd:f.DataOffset]) {
			t.Errorf("align %d: header padding not zero", align)
		}
		var next uint64
		for i, ti := range f.Tensors {
			if ti.Offset != next {
				t.Errorf("align %d: tensor %d offset %d, ggml expects %d", align, i, ti.Offset, next)
			}
			end := uint64(f.DataOffset) + ti.Offset + ti.Size
			next = ti.Offset + up(ti.Size)
			if !allZero(file[end : uint64(f.DataOffset)+next]) {
				t.Errorf("align %d: padding after tensor %d not zero", align, i)
			}
		}
		if uint64(len(file)) != uint64(f.DataOffset)+next {
			t.Errorf("align %d: file is %d bytes, ggml reads %d", align, len(file), uint64(f.DataOffset)+next)
		}
	}
}

func allZero(p []byte) bool {
	for _, b := range p {
		if b != 0 {
			return false
		}
	}
	return true
}

// TestWriterRejects lists arguments the Writer refuses, and checks the first
// error sticks.
func TestWriterRejects(t *testing.T) {
	kvCases := []struct {
		key string
		v   Value
		msg string
	}{
		{"", Uint8(1), "empty key"},
		{strings.Repeat("k", MaxKeyLen+1), Uint8(1), "exceeds 65535"},
		{"dup", Uint8(1), "duplicate key"},
		{"zero", Value{}, "invalid value"},
		{"general.alignment", Uint64(32), "must be UINT32"},
		{"general.alignment", Uint32(48), "not a power of two"},
		{"general.alignment", Uint32(0), "not a power of two"},
		{"general.alignment", Uint32(1 << 21), "not a power of two from 8 to 1048576"},
		{"general.alignment", Uint32(4), "not a power of two from 8"},
		{"llama.block_count", Int32(2), "llama.cpp reads it only as UINT32"},
		{"qwen2.context_length", Uint64(2048), "only as UINT32"},
		{"llama.rope.freq_base", Float64(1e4), "only as FLOAT32"},
		{"llama.attention.layer_norm_rms_epsilon", Float64(1e-5), "only as FLOAT32"},
		{"llama.attention.head_count", Array([]float32{4}), "only as UINT32"},
	}
	for _, c := range kvCases {
		w := NewWriter()
		w.Set("dup", Uint8(0))
		err := w.Set(c.key, c.v)
		if err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("Set(%.20q, %v) = %v, want %q", c.key, c.v, err, c.msg)
		}
		if _, werr := w.Bytes(); werr != err {
			t.Errorf("Set(%.20q): later write returned %v, want the first error", c.key, werr)
		}
	}
	for _, ok := range []KV{
		{"llama.attention.head_count", Array([]int32{4, 2})},
		{"llama.attention.head_count_kv", Uint32(2)},
		{"general.block_count", Int32(1)}, // not a hyper-parameter namespace
		{"llama.custom", Float64(1)},
	} {
		if err := NewWriter().Set(ok.Key, ok.Value); err != nil {
			t.Errorf("Set(%q, %v) = %v, want success", ok.Key, ok.Value, err)
		}
	}

	tensorCases := []struct {
		name string
		typ  GGMLType
		dims []uint64
		n    int
		msg  string
	}{
		{strings.Repeat("n", 64), TypeF32, []uint64{1}, 4, "at most 63"},
		{"dup", TypeF32, []uint64{1}, 4, "duplicate tensor"},
		{"t", GGMLType(5), []uint64{1}, 4, "unknown ggml type id 5"},
		{"t", TypeF32, []uint64{1, 1, 1, 1, 1}, 4, "5 dims"},
		{"t", TypeQ4_0, []uint64{16}, 9, "not a multiple of the q4_0 block size 32"},
		{"t", TypeF32, []uint64{3}, 8, "take 12 bytes, got 8"},
		{"t", TypeF32, []uint64{1 << 32, 1 << 32}, 0, "element count overflows"},
		{"t", TypeF32, []uint64{1 << 63}, 0, "not below 2^63"},
		{"t", TypeF32, DimsFromShape([]int{-1}), 0, "not below 2^63"},
	}
	for _, c := range tensorCases {
		w := NewWriter()
		w.AddTensor("dup", TypeF32, []uint64{1}, make([]byte, 4))
		err := w.AddTensor(c.name, c.typ, c.dims, make([]byte, c.n))
		if err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("AddTensor(%.20q, %v, %v) = %v, want %q", c.name, c.typ, c.dims, err, c.msg)
		}
	}
}

// TestWriteFile checks the atomic write: the file appears whole, replaces an
// old one, and a failed write leaves neither a file nor a temporary behind.
func TestWriteFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "m.gguf")
	if err := os.WriteFile(path, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	w := richWriter(t, 0)
	if err := w.WriteFile(path); err != nil {
		t.Fatal(err)
	}
	want, _ := w.Bytes()
	if got, err := os.ReadFile(path); err != nil || !bytes.Equal(got, want) {
		t.Errorf("file content differs from Bytes() (%v)", err)
	}
	assertDir(t, dir, "m.gguf")

	// Renaming onto a directory fails after the data was written: the
	// temporary must go.
	sub := filepath.Join(dir, "sub")
	os.Mkdir(sub, 0o755)
	if err := w.WriteFile(sub); err == nil {
		t.Error("WriteFile onto a directory succeeded")
	}
	assertDir(t, dir, "m.gguf", "sub")

	bad := NewWriter()
	bad.Set("", Uint8(1))
	if err := bad.WriteFile(filepath.Join(dir, "bad.gguf")); err == nil {
		t.Error("WriteFile after a failed Set succeeded")
	}
	if err := w.WriteFile(filepath.Join(dir, "missing", "x.gguf")); err == nil {
		t.Error("WriteFile into a missing directory succeeded")
	}
	assertDir(t, dir, "m.gguf", "sub")
}

func assertDir(t *testing.T, dir string, want ...string) {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range ents {
		got = append(got, e.Name())
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("directory holds %q, want %q", got, want)
	}
}
