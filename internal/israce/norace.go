//go:build !race

// Package israce reports whether the race detector is compiled in, for
// tests whose bounds (allocation counts, timeouts) it changes.
package israce

// Enabled is true in binaries built with -race.
const Enabled = false
