// Package cpu is zincc's reference tier: a plain Go kernel for every IR op,
// over caller-owned slices, and the worker Pool that spreads matvec rows
// over goroutines. It is the correctness oracle of the project: every other
// tier is compared with it under the rules of tolerance.go, and
// docs/numerics.md states how each kernel computes (accumulation order,
// precision, transcendental functions) so that the comparison can be
// argued rather than guessed.
//
// Kernels allocate nothing and start no goroutine. They check their
// arguments and return an error, never panic, when sizes disagree or an
// index (an embedding row, a cache position) is out of range, since a
// token id or position can come from the user.
package cpu
