// Package gguf reads and writes GGUF model files (version 2 and 3, little-endian),
// the container llama.cpp and ggml use for weights and metadata.
//
// The reader is written for files nobody vouches for: every count, length,
// dimension, type id, alignment and offset is checked against the bytes that are
// actually there before anything is allocated or sliced, and a bad file yields a
// *FormatError naming the byte offset and what was wrong, never a panic, a hang or
// an allocation out of proportion to the file. Open memory-maps the file read-only
// and parses only the header; TensorData returns slices of the mapping, so no
// tensor byte is copied or even touched until someone reads it.
//
// The writer lays a file out the way ggml's own writer does and its loader
// demands: tensors in info-record order, offset 0 for the first, each one padded
// to the alignment, padding after the last one too.
//
// Layout (GGUF v3, all little-endian), from ggml's docs/gguf.md and src/gguf.cpp:
//
//	magic "GGUF" | version u32 | tensor_count u64 | kv_count u64
//	kv_count × (key string, value_type u32, value)
//	tensor_count × (name string, n_dims u32, ne[n_dims] u64 (ne0 first), ggml_type u32, offset u64)
//	zero padding to the alignment | tensor data (each at data_start + offset)
//
// where a string is a u64 byte length followed by that many bytes.
package gguf
