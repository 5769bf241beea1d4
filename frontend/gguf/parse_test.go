package gguf

import (
	"bytes"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"zincc/ir"
)

// mustParse parses data or fails the test.
func mustParse(t *testing.T, data []byte) *File {
	t.Helper()
	f, err := Parse(data)
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	return f
}

// TestParseAllValueTypes reads a hand-assembled file holding one value of each
// of the twelve scalar types and an array of each, and checks every value and
// the tensor's placement.
func TestParseAllValueTypes(t *testing.T) {
	want := []KV{
		{"t.u8", Uint8(200)},
		{"t.i8", Int8(-100)},
		{"t.u16", Uint16(60000)},
		{"t.i16", Int16(-30000)},
		{"t.u32", Uint32(4000000000)},
		{"t.i32", Int32(-2000000000)},
		{"t.f32", Float32(1.5)},
		{"t.bool", Bool(true)},
		{"t.str", String("héllo")},
		{"t.u64", Uint64(1 << 63)},
		{"t.i64", Int64(-1 << 62)},
		{"t.f64", Float64(-0.25)},
		{"a.u8", Array([]uint8{1, 255})},
		{"a.i8", Array([]int8{-1, 127})},
		{"a.u16", Array([]uint16{65535})},
		{"a.i16", Array([]int16{-2})},
		{"a.u32", Array([]uint32{3, 4, 5})},
		{"a.i32", Array([]int32{-3})},
		{"a.f32", Array([]float32{0.5, -2})},
		{"a.bool", Array([]bool{false, true})},
		{"a.str", Array([]string{"", " a ", "b"})},
		{"a.u64", Array([]uint64{7})},
		{"a.i64", Array([]int64{-7})},
		{"a.f64", Array([]float64{3.25})},
		{"a.empty", Array([]int32{})},
	}
	r := new(raw).header(1, uint64(len(want)))
	r.kvHead("t.u8", ValueUint8).u8(200)
	r.kvHead("t.i8", ValueInt8).u8(0x9c) // -100
	r.kvHead("t.u16", ValueUint16).u16(60000)
	r.kvHead("t.i16", ValueInt16).u16(0x8ad0) // -30000
	r.kvHead("t.u32", ValueUint32).u32(4000000000)
	r.kvHead("t.i32", ValueInt32).u32(0x88ca6c00) // -2000000000
	r.kvHead("t.f32", ValueFloat32).u32(0x3fc00000)
	r.kvHead("t.bool", ValueBool).u8(1)
	r.kvHead("t.str", ValueString).str("héllo")
	r.kvHead("t.u64", ValueUint64).u64(1 << 63)
	r.kvHead("t.i64", ValueInt64).u64(0xc000000000000000)
	r.kvHead("t.f64", ValueFloat64).u64(0xbfd0000000000000)
	r.kvHead("a.u8", ValueArray).u32(uint32(ValueUint8)).u64(2).u8(1).u8(255)
	r.kvHead("a.i8", ValueArray).u32(uint32(ValueInt8)).u64(2).u8(0xff).u8(127)
	r.kvHead("a.u16", ValueArray).u32(uint32(ValueUint16)).u64(1).u16(65535)
	r.kvHead("a.i16", ValueArray).u32(uint32(ValueInt16)).u64(1).u16(0xfffe)
	r.kvHead("a.u32", ValueArray).u32(uint32(ValueUint32)).u64(3).u32(3).u32(4).u32(5)
	r.kvHead("a.i32", ValueArray).u32(uint32(ValueInt32)).u64(1).u32(0xfffffffd)
	r.kvHead("a.f32", ValueArray).u32(uint32(ValueFloat32)).u64(2).u32(0x3f000000).u32(0xc0000000)
	r.kvHead("a.bool", ValueArray).u32(uint32(ValueBool)).u64(2).u8(0).u8(1)
	r.kvHead("a.str", ValueArray).u32(uint32(ValueString)).u64(3).str("").str(" a ").str("b")
	r.kvHead("a.u64", ValueArray).u32(uint32(ValueUint64)).u64(1).u64(7)
	r.kvHead("a.i64", ValueArray).u32(uint32(ValueInt64)).u64(1).u64(0xfffffffffffffff9)
	r.kvHead("a.f64", ValueArray).u32(uint32(ValueFloat64)).u64(1).u64(0x400a000000000000)
	r.kvHead("a.empty", ValueArray).u32(uint32(ValueInt32)).u64(0)
	// q8_0 [32, 2]: one 34-byte block per row, two rows.
	r.info("w", []uint64{32, 2}, TypeQ8_0, 0)
	infoEnd := len(r.b)
	r.padTo(32)
	dataStart := len(r.b)
	payload := make([]byte, 68)
	for i := range payload {
		payload[i] = byte(i*7 + 1)
	}
	r.bytes(payload).padTo(32)

	f := mustParse(t, r.b)
	if !reflect.DeepEqual(f.KVs, want) {
		for i := range want {
			if i < len(f.KVs) && !reflect.DeepEqual(f.KVs[i], want[i]) {
				t.Errorf("KV %d = %v %v, want %v %v", i, f.KVs[i].Key, f.KVs[i].Value, want[i].Key, want[i].Value)
			}
		}
		t.Fatalf("got %d KVs, want %d", len(f.KVs), len(want))
	}
	if f.Version != 3 || f.Alignment != 32 {
		t.Errorf("version %d alignment %d, want 3 and 32", f.Version, f.Alignment)
	}
	if infoEnd%32 == 0 || f.DataOffset != int64(dataStart) {
		t.Errorf("DataOffset = %d, want %d (infos end at %d)", f.DataOffset, dataStart, infoEnd)
	}
	ti, ok := f.Tensor("w")
	wantInfo := TensorInfo{Name: "w", Dims: []uint64{32, 2}, Type: TypeQ8_0, Offset: 0, Size: 68}
	if !ok || !reflect.DeepEqual(ti, wantInfo) {
		t.Errorf("Tensor(w) = %+v, %v; want %+v", ti, ok, wantInfo)
	}
	data, err := f.TensorData("w")
	if err != nil || !bytes.Equal(data, payload) || cap(data) != len(payload) {
		t.Errorf("TensorData(w) = %v (cap %d), %v; want the 68 payload bytes", data, cap(data), err)
	}
	for _, kv := range want {
		v, ok := f.Lookup(kv.Key)
		if !ok || !reflect.DeepEqual(v, kv.Value) {
			t.Errorf("Lookup(%q) = %v, %v", kv.Key, v, ok)
		}
	}
}

// TestEmptyAndWhitespaceStrings: gguf-parser-go read 32 KiB for an empty string
// and trimmed whitespace. Every byte must come back as written, and the record
// after an empty string must still parse.
func TestEmptyAndWhitespaceStrings(t *testing.T) {
	vals := []string{"", " ", "\n", "  hi  ", "\t\r\n", "x"}
	r := new(raw).header(1, uint64(len(vals))+2)
	for i, s := range vals {
		r.kvHead("s"+string(rune('a'+i)), ValueString).str(s)
	}
	r.kvHead("tokens", ValueArray).u32(uint32(ValueString)).u64(4).str("").str(" ").str("").str("\n")
	r.kvHead("after", ValueUint32).u32(42)
	r.info("", []uint64{4}, TypeF32, 0) // an empty tensor name is legal too
	r.padTo(32).bytes([]byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}).padTo(32)

	f := mustParse(t, r.b)
	for i, s := range vals {
		got, err := Get[string](f, "s"+string(rune('a'+i)))
		if err != nil || got != s {
			t.Errorf("value %d = %q, %v; want %q", i, got, err, s)
		}
	}
	toks, err := GetArray[string](f, "tokens")
	if err != nil || !reflect.DeepEqual(toks, []string{"", " ", "", "\n"}) {
		t.Errorf("tokens = %q, %v", toks, err)
	}
	if n, err := Get[uint32](f, "after"); err != nil || n != 42 {
		t.Errorf("after = %d, %v; want 42", n, err)
	}
	if d, err := f.TensorData(""); err != nil || len(d) != 16 || d[0] != 1 || d[15] != 16 {
		t.Errorf("TensorData(\"\") = %v, %v", d, err)
	}
}

// TestInfosEndOnAlignmentBoundary: when the tensor infos end exactly on a
// multiple of the alignment there is no padding and the data starts right
// there (gguf-parser-go put it one alignment further).
func TestInfosEndOnAlignmentBoundary(t *testing.T) {
	for _, align := range []uint32{32, 64} {
		r := new(raw)
		if align == 32 {
			// 24 (header) + 8+8 (name "abcdefgh") + 4 + 8 (one dim) + 4 + 8 = 64.
			r.header(1, 0).info("abcdefgh", []uint64{8}, TypeF32, 0)
		} else {
			// 24 + 8+17+4+4 ("general.alignment" UINT32 64) = 57, + 8+7 ("tensor1")
			// + 4 + 8 + 4 + 8 = 96, then pad to 128: pick the name to land on 128.
			r.header(1, 1).kvHead("general.alignment", ValueUint32).u32(64)
			r.info(strings.Repeat("n", 128-57-32), []uint64{8}, TypeF32, 0)
		}
		infoEnd := len(r.b)
		if infoEnd%int(align) != 0 {
			t.Fatalf("test file built wrong: infos end at %d", infoEnd)
		}
		payload := bytes.Repeat([]byte{0xab}, 32)
		r.bytes(payload).padTo(int(align))
		f := mustParse(t, r.b)
		if f.DataOffset != int64(infoEnd) {
			t.Errorf("align %d: DataOffset = %d, want %d", align, f.DataOffset, infoEnd)
		}
		d, err := f.TensorData(f.Tensors[0].Name)
		if err != nil || !bytes.Equal(d, payload) {
			t.Errorf("align %d: TensorData = %x, %v", align, d, err)
		}
	}
}

// TestSmallAlignment: ggml accepts any power of two, below the spec's 8 too.
func TestSmallAlignment(t *testing.T) {
	r := new(raw).header(2, 1).kvHead("general.alignment", ValueUint32).u32(4)
	r.info("a", []uint64{3}, TypeF32, 0).info("b", []uint64{1}, TypeF32, 12)
	infoEnd := len(r.b)
	r.padTo(4).bytes(make([]byte, 16))
	f := mustParse(t, r.b)
	if f.Alignment != 4 || f.DataOffset != int64((infoEnd+3)/4*4) {
		t.Errorf("alignment %d, data at %d; want 4 and %d", f.Alignment, f.DataOffset, (infoEnd+3)/4*4)
	}
}

// TestVersion2 accepts v2 files (same layout as v3, which ggml still loads).
func TestVersion2(t *testing.T) {
	r := new(raw).bytes([]byte("GGUF")).u32(2).u64(0).u64(1).kvHead("k", ValueUint8).u8(9)
	f := mustParse(t, r.b)
	if f.Version != 2 || len(f.KVs) != 1 {
		t.Errorf("version %d, %d KVs", f.Version, len(f.KVs))
	}
}

// TestDTypeMapping checks the mapped types against ir's own block table
// and that every other type is named in the error.
func TestDTypeMapping(t *testing.T) {
	mapped := map[GGMLType]ir.DType{TypeF32: ir.F32, TypeF16: ir.F16, TypeBF16: ir.BF16, TypeQ4_0: ir.Q4_0,
		TypeQ4_1: ir.Q4_1, TypeQ5_0: ir.Q5_0, TypeQ5_1: ir.Q5_1, TypeQ8_0: ir.Q8_0, TypeQ4_K: ir.Q4_K,
		TypeQ5_K: ir.Q5_K, TypeQ6_K: ir.Q6_K, TypeI32: ir.I32}
	for typ, want := range mapped {
		got, err := typ.DType()
		if err != nil || got != want {
			t.Errorf("%v.DType() = %v, %v; want %v", typ, got, err, want)
		}
		if typ.BlockElems() != uint64(want.BlockElems()) || typ.BlockBytes() != uint64(want.BlockBytes()) {
			t.Errorf("%v block %d×%dB disagrees with ir %v block %d×%dB", typ, typ.BlockElems(), typ.BlockBytes(), want, want.BlockElems(), want.BlockBytes())
		}
		back, err := TypeOf(want)
		if err != nil || back != typ {
			t.Errorf("TypeOf(%v) = %v, %v; want %v", want, back, err, typ)
		}
	}
	if _, err := TypeOf(ir.U32); err == nil {
		t.Error("TypeOf(u32) succeeded; ggml has no u32 tensor type")
	}
	for id := GGMLType(0); id < 50; id++ {
		if _, ok := mapped[id]; ok || !id.Known() {
			continue
		}
		_, err := id.DType()
		if err == nil || !strings.Contains(err.Error(), id.String()) {
			t.Errorf("%d.DType() error %v does not name %q", id, err, id.String())
		}
	}
	// One list of what zincc reads, in one message.
	const want = "ggml type q2_K: zincc reads f32, f16, bf16, q4_0, q4_1, q5_0, q5_1, q8_0, q4_K, q5_K, q6_K, i32"
	if _, err := TypeQ2_K.DType(); err == nil || err.Error() != want {
		t.Errorf("q2_K error = %v, want %q", err, want)
	}
	// Every IR float dtype is stored by some ggml type.
	for _, d := range ir.AllDTypes {
		if _, err := TypeOf(d); err != nil && d != ir.U32 {
			t.Errorf("TypeOf(%v): %v", d, err)
		}
	}
}

// TestShapeConversion: GGUF dims are ne0 first, IR shapes outermost first.
func TestShapeConversion(t *testing.T) {
	ti := TensorInfo{Dims: []uint64{64, 256}} // ne0 = 64 columns, 256 rows
	if got := ti.Shape(); !reflect.DeepEqual(got, []int{256, 64}) {
		t.Errorf("Shape() = %v, want [256 64]", got)
	}
	if got := DimsFromShape([]int{2, 3, 4}); !reflect.DeepEqual(got, []uint64{4, 3, 2}) {
		t.Errorf("DimsFromShape = %v", got)
	}
	if got := ShapeFromDims(DimsFromShape([]int{5, 7, 1, 9})); !reflect.DeepEqual(got, []int{5, 7, 1, 9}) {
		t.Errorf("round trip = %v", got)
	}
	if got := ShapeFromDims(nil); len(got) != 0 {
		t.Errorf("ShapeFromDims(nil) = %v", got)
	}
}

// TestGetErrors names the key and both types when a typed read misses.
func TestGetErrors(t *testing.T) {
	r := new(raw).header(0, 2).kvHead("f", ValueFloat64).f64(1).kvHead("a", ValueArray).u32(uint32(ValueInt32)).u64(1).u32(5)
	f := mustParse(t, r.b)
	if _, err := Get[float32](f, "f"); err == nil || !strings.Contains(err.Error(), "FLOAT64") || !strings.Contains(err.Error(), "FLOAT32") {
		t.Errorf("Get[float32] error = %v", err)
	}
	if _, err := Get[uint32](f, "missing"); err == nil || !strings.Contains(err.Error(), "not found") {
		t.Errorf("missing key error = %v", err)
	}
	if _, err := GetArray[uint32](f, "a"); err == nil || !strings.Contains(err.Error(), "ARRAY of INT32") {
		t.Errorf("GetArray[uint32] error = %v", err)
	}
	if xs, err := GetArray[int32](f, "a"); err != nil || !reflect.DeepEqual(xs, []int32{5}) {
		t.Errorf("GetArray[int32] = %v, %v", xs, err)
	}
	v, _ := f.Lookup("f")
	if x, ok := v.Float(); !ok || x != 1 {
		t.Errorf("Float() = %v, %v", x, ok)
	}
	if _, err := f.TensorData("nope"); err == nil {
		t.Error("TensorData of a missing tensor succeeded")
	}
	var fe *FormatError
	if _, err := Parse([]byte("GGU")); !errors.As(err, &fe) {
		t.Errorf("Parse error %T is not a *FormatError", err)
	}
}

// TestValueInt widens every integer type and refuses the rest.
func TestValueInt(t *testing.T) {
	for _, c := range []struct {
		v    Value
		want int64
		ok   bool
	}{
		{Uint8(255), 255, true}, {Int8(-3), -3, true}, {Uint16(65535), 65535, true}, {Int16(-3), -3, true},
		{Uint32(1 << 31), 1 << 31, true}, {Int32(-3), -3, true}, {Uint64(1 << 62), 1 << 62, true},
		{Uint64(1 << 63), 0, false}, {Int64(-1 << 63), -1 << 63, true},
		{Float32(1), 0, false}, {String("1"), 0, false}, {Array([]uint32{1}), 0, false},
	} {
		got, ok := c.v.Int()
		if got != c.want || ok != c.ok {
			t.Errorf("%v.Int() = %d, %v; want %d, %v", c.v, got, ok, c.want, c.ok)
		}
	}
}

// BenchmarkParseHeader parses the header of a llama-sized file: a 150 000-token
// vocabulary with scores and types, and 300 tensor infos (tensor data is not
// read, so it is left zero-sized).
func BenchmarkParseHeader(b *testing.B) {
	w := NewWriter()
	toks := make([]string, 150000)
	scores := make([]float32, len(toks))
	types := make([]int32, len(toks))
	for i := range toks {
		toks[i] = fmt.Sprintf("tok%d", i)
	}
	w.Set("general.architecture", String("llama"))
	w.Set("tokenizer.ggml.tokens", Array(toks))
	w.Set("tokenizer.ggml.scores", Array(scores))
	w.Set("tokenizer.ggml.token_type", Array(types))
	for i := 0; i < 300; i++ {
		w.AddTensor(fmt.Sprintf("blk.%d.attn_q.weight", i), TypeQ4_0, []uint64{4096, 0}, nil)
	}
	data, err := w.Bytes()
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Parse(data); err != nil {
			b.Fatal(err)
		}
	}
}
