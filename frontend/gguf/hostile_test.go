package gguf

import (
	"errors"
	"strings"
	"testing"
)

// hostileCases are malformed files, each with the byte offset and the words the
// error must carry. Offsets follow from the layout: the header is 24 bytes, so
// the first key's length word is at 24, its bytes at 32, and so on.
func hostileCases() []struct {
	name string
	data []byte
	at   int64
	msg  string
} {
	hdr := func(nT, nKV uint64) *raw { return new(raw).header(nT, nKV) }
	// kv1 starts the first KV, a 1-byte key "k": type id at 33, value at 37.
	kv1 := func(nT uint64, t ValueType) *raw { return hdr(nT, 1).kvHead("k", t) }
	fill := func(r *raw, n int) []byte { return append(r.b, make([]byte, n)...) }
	// ti1 starts the first tensor info after a header with no KVs: name "t" at
	// 24, n_dims at 33, dims from 37.
	return []struct {
		name string
		data []byte
		at   int64
		msg  string
	}{
		{"empty", nil, 0, "truncated magic"},
		{"bad magic", new(raw).bytes([]byte("GUFF")).u32(3).u64(0).u64(0).b, 0, "bad magic \"GUFF\""},
		{"lower-case magic", new(raw).bytes([]byte("gguf")).u32(3).u64(0).u64(0).b, 0, "bad magic"},
		{"version 1", new(raw).bytes([]byte("GGUF")).u32(1).u64(0).u64(0).b, 4, "unsupported version 1"},
		{"version 0", new(raw).bytes([]byte("GGUF")).u32(0).u64(0).u64(0).b, 4, "unsupported version 0"},
		{"version 4", new(raw).bytes([]byte("GGUF")).u32(4).u64(0).u64(0).b, 4, "unsupported version 4"},
		{"big-endian", new(raw).bytes([]byte("GGUF")).u32(0x03000000).u64(0).u64(0).b, 4, "byte-swapped"},
		{"truncated version", []byte("GGUF\x03\x00"), 4, "truncated version"},
		{"truncated tensor_count", new(raw).bytes([]byte("GGUF")).u32(3).u32(0).b, 8, "truncated tensor_count"},
		{"truncated kv_count", new(raw).bytes([]byte("GGUF")).u32(3).u64(0).u32(0).b, 16, "truncated kv_count"},
		{"absurd tensor_count", hdr(1<<62, 0).b, 8, "tensor_count 4611686018427387904 cannot fit"},
		{"absurd kv_count", hdr(0, ^uint64(0)).b, 16, "kv_count 18446744073709551615 cannot fit"},
		{"counts fit alone, not together", fill(hdr(1, 1), 30), 8, "tensor_count 1 and kv_count 1 cannot fit in the 30"},
		{"key length absurd", fill(hdr(0, 1).u64(1<<62), 20), 24, "key length 4611686018427387904 exceeds the limit of 65535"},
		{"key length past end", fill(hdr(0, 1).u64(1000), 20), 24, "key length 1000 exceeds the 20 bytes that remain"},
		{"empty key", fill(hdr(0, 1).str("").u32(uint32(ValueUint8)).u8(1), 4), 24, "empty key"},
		{"value type 13", fill(kv1(0, ValueType(13)), 8), 33, "unknown value type 13"},
		{"value type huge", fill(kv1(0, ValueType(0xffffffff)), 8), 33, "unknown value type 4294967295"},
		{"truncated value", kv1(0, ValueUint64).u32(0).u8(0).b, 37, "truncated value of \"k\""},
		{"bool 2", kv1(0, ValueBool).u8(2).b, 37, "BOOL byte is 2"},
		{"string value past end", kv1(0, ValueString).u64(100).u32(0).b, 37, "value of \"k\" length 100 exceeds the 4 bytes"},
		{"string value absurd", kv1(0, ValueString).u64(1 << 40).u32(0).b, 37, "exceeds the limit of 1073741824"},
		{"nested array", kv1(0, ValueArray).u32(uint32(ValueArray)).u64(0).b, 37, "array of arrays"},
		{"array of type 77", kv1(0, ValueArray).u32(77).u64(0).b, 37, "unknown value type 77"},
		{"array count absurd", kv1(0, ValueArray).u32(uint32(ValueUint8)).u64(1 << 40).b, 41, "exceeds the limit 1073741824"},
		{"array past end", kv1(0, ValueArray).u32(uint32(ValueUint32)).u64(100).u64(0).b, 41, "100 UINT32 elements (at least 4 bytes each) cannot fit in the 8"},
		{"string array past end", kv1(0, ValueArray).u32(uint32(ValueString)).u64(2).str("ab").u64(1 << 20).b, 59, "element of \"k\" 1 length 1048576 exceeds the 0 bytes"},
		{"bool array 7", kv1(0, ValueArray).u32(uint32(ValueBool)).u64(2).u8(1).u8(7).b, 50, "element of \"k\" 1: BOOL byte is 7"},
		{"duplicate key", hdr(0, 2).kvHead("a", ValueUint8).u8(1).kvHead("a", ValueUint8).u8(2).b, 38, "duplicate key \"a\" (first at byte 24)"},
		{"alignment UINT64", hdr(0, 1).kvHead("general.alignment", ValueUint64).u64(32).b, 24, "general.alignment has type UINT64, must be UINT32"},
		{"alignment 0", hdr(0, 1).kvHead("general.alignment", ValueUint32).u32(0).b, 24, "general.alignment 0 is not a power of two"},
		{"alignment 48", hdr(0, 1).kvHead("general.alignment", ValueUint32).u32(48).b, 24, "general.alignment 48 is not a power of two"},
		{"alignment 2^21", hdr(0, 1).kvHead("general.alignment", ValueUint32).u32(1 << 21).b, 24, "exceeds the limit 1048576"},
		{"tensor name 64 bytes", fill(hdr(1, 0).str(strings.Repeat("x", 64)), 24), 24, "name of tensor 0 length 64 exceeds the limit of 63"},
		{"n_dims 5", fill(hdr(1, 0).str("t").u32(5), 48), 33, "tensor \"t\" has 5 dims, at most 4"},
		{"dim 2^63", fill(hdr(1, 0).str("t").u32(1).u64(1<<63), 16), 37, "dim 0 is 9223372036854775808, must be below 2^63"},
		{"dims product wraps to 0", fill(hdr(1, 0).str("t").u32(2).u64(1<<32).u64(1<<32), 16), 33, "element count overflows"},
		{"dims product exactly 2^63", fill(hdr(1, 0).str("t").u32(2).u64(1<<32).u64(1<<31), 16), 33, "[4294967296 2147483648]"},
		{"byte size overflows", fill(hdr(1, 0).info("t", []uint64{1 << 31, 1 << 31}, TypeF32, 0), 0), 24, "byte size overflows"},
		{"retired type 4", hdr(1, 0).info("t", []uint64{32}, GGMLType(4), 0).b, 45, "unknown or retired ggml type id 4"},
		{"type 43", hdr(1, 0).info("t", []uint64{32}, GGMLType(43), 0).b, 45, "unknown or retired ggml type id 43"},
		{"ne0 not whole blocks", hdr(1, 0).info("t", []uint64{16, 2}, TypeQ4_0, 0).b, 24, "ne0 = 16 is not a multiple of the q4_0 block size 32"},
		{"scalar q4_K", hdr(1, 0).info("t", nil, TypeQ4_K, 0).b, 24, "ne0 = 1 is not a multiple of the q4_K block size 256"},
		{"truncated offset", hdr(1, 0).str("t").u32(1).u64(8).u32(0).u32(0).b, 49, "truncated data offset of tensor \"t\""},
		{"duplicate tensor", hdr(2, 0).info("t", []uint64{8}, TypeF32, 0).info("t", []uint64{8}, TypeF32, 32).padTo(32).bytes(make([]byte, 64)).b, 57, "duplicate tensor name \"t\""},
		{"no room for padding", hdr(1, 0).info("t", []uint64{0}, TypeF32, 0).b, 57, "padding to the data section (at byte 64, alignment 32) runs past the end of the file (57 bytes)"},
		{"misaligned offset", hdr(1, 0).info("t", []uint64{8}, TypeF32, 16).padTo(32).bytes(make([]byte, 64)).b, 49, "data offset 16 is not a multiple of the alignment 32"},
		{"offset past end", hdr(1, 0).info("t", []uint64{8}, TypeF32, 1<<40).padTo(32).bytes(make([]byte, 32)).b, 49, "data offset 1099511627776 lies past the end of the file (data section at byte 64, file 96 bytes)"},
		{"offset wraps", hdr(1, 0).info("t", []uint64{8}, TypeF32, ^uint64(31)).padTo(32).bytes(make([]byte, 32)).b, 49, "lies past the end"},
		{"data past end", hdr(1, 0).info("t", []uint64{16}, TypeF32, 0).padTo(32).bytes(make([]byte, 32)).b, 49, "64 bytes of data at byte 64 run past the end of the file (96 bytes)"},
		{"overlap", hdr(2, 0).info("a", []uint64{16}, TypeF32, 0).info("b", []uint64{8}, TypeF32, 32).padTo(32).bytes(make([]byte, 64)).b, 82, "tensor \"b\" data [32, 64) overlaps tensor \"a\" data [0, 64)"},
	}
}

// TestHostileFiles checks each malformed file fails with a *FormatError at the
// right offset, saying what is wrong.
func TestHostileFiles(t *testing.T) {
	for _, c := range hostileCases() {
		f, err := Parse(c.data)
		var fe *FormatError
		if !errors.As(err, &fe) {
			t.Errorf("%s: Parse = %v, %v; want a *FormatError", c.name, f, err)
			continue
		}
		if fe.Offset != c.at || !strings.Contains(fe.Msg, c.msg) {
			t.Errorf("%s: error %q, want byte %d and %q", c.name, err, c.at, c.msg)
		}
	}
}

// TestTruncatedEverywhere cuts a rich valid file at every length: each prefix
// that loses header bytes or tensor bytes fails with a FormatError inside the
// prefix; prefixes that keep all tensor bytes (losing only trailing padding)
// still parse.
func TestTruncatedEverywhere(t *testing.T) {
	full := richFile(t, 32)
	f := mustParse(t, full)
	last := f.Tensors[len(f.Tensors)-1]
	need := f.DataOffset + int64(last.Offset+last.Size)
	for n := 0; n < len(full); n++ {
		_, err := Parse(full[:n])
		if int64(n) >= need {
			if err != nil {
				t.Errorf("prefix %d (all tensor bytes present): %v", n, err)
			}
			continue
		}
		var fe *FormatError
		if !errors.As(err, &fe) {
			t.Fatalf("prefix %d of %d: got %v, want a FormatError", n, len(full), err)
		}
		if fe.Offset < 0 || fe.Offset > int64(n) {
			t.Errorf("prefix %d: error offset %d outside the data", n, fe.Offset)
		}
	}
}
