// Package ggml holds the GGML number formats zincc reads and writes: IEEE
// binary16 (f16) and bfloat16 (bf16) conversion; the 32-element block
// formats Q4_0, Q4_1, Q5_0, Q5_1 and Q8_0 with decoders and reference
// quantizers byte-identical to ggml's quantize_row_*_ref (ggml-org/ggml,
// src/ggml-quants.c, compiled without floating-point contraction); and the
// 256-element K-quant super-block formats Q4_K, Q5_K and Q6_K with exact
// decoders (the bits of ggml's dequantize_row_*) and simple one-pass
// quantizers for tests and random weights, which write valid blocks but
// not the bytes of ggml's iterative search.
//
// Every function here works on caller-owned slices and allocates nothing.
// Length mismatches are reported as errors, never as panics, so that a
// truncated tensor read from a file cannot crash the caller.
package ggml
