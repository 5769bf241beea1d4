// Package ir is zincc's in-memory intermediate representation of a decode
// step: typed tensor values (per-step inputs, weights, persistent state and
// SSA results), the ops that compute them with their signatures, the
// verifier and the canonical printer.
//
// The package knows nothing of text syntax, files or GPUs.
package ir
