// Package ggml holds the GGML number formats zincc reads and writes: IEEE
// binary16 (f16) conversion and the Q4_0 and Q8_0 block formats, with
// decoders and the reference quantizers whose output is byte-identical to
// ggml's quantize_row_q4_0_ref and quantize_row_q8_0_ref (ggml-org/ggml,
// src/ggml-quants.c).
//
// Every function here works on caller-owned slices and allocates nothing.
// Length mismatches are reported as errors, never as panics, so that a
// truncated tensor read from a file cannot crash the caller.
package ggml
